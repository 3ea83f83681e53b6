#!/bin/sh
# checksrc.sh — the style rules a compiler does not check, in the manner of
# curl's checksrc (run by `make check`). For src/**/*.c, src/**/*.h,
# include/**/*.h and tests/unit/*.c it reports, as FILE:LINE: RULE: what,
#   long line      over 110 columns (a tab counts to the next multiple of 8,
#                  a UTF-8 character as one column)
#   banned call    atoi, atol, sprintf, vsprintf, strcpy, strcat, gets
#                  (outside comments and strings): unchecked conversions and
#                  unbounded copies; use strtol/strtoull with an end check,
#                  snprintf or gsi_fmt (src/lib/core/fmt.h), memcpy with a size
#   trailing space a space or tab at the end of a line
#   unchecked      a function of a public header (include/gpusizer) returning
#                  gs_status without GS_WARN_UNUSED; gs_error_set and
#                  gs_error_field are meant to be ignorable (gpusizer/status.h)
# and exits 1 when any is found. The style itself: docs/style.md, .clang-format.
# usage: scripts/checksrc.sh [--pending-summary] [FILE...]
#   (default: every file above, from git; --pending-summary counts the
#   warnings of each pending file instead of listing them, as make check does)
set -eu
cd "$(dirname "$0")/.."
summary=0
[ "${1:-}" = "--pending-summary" ] && { summary=1; shift; }

# issue 44: being rewritten; emptied at merge. Files other work is rewriting
# as this lands: their long lines are reported as warnings, not failures,
# until the integrator rewraps them and empties the list.
PENDING="
"
# issue 44: being rewritten; emptied at merge. FILE:CALL pairs of banned calls
# in files of PENDING, reported as warnings until the rewrite removes them.
PENDING_CALLS="
"

if [ $# -eq 0 ]; then
	# the files git tracks; outside a git checkout, the same globs on disk
	files=$(git ls-files 'src/*.c' 'src/*.h' 'include/*.h' 'tests/unit/*.c' 2>/dev/null) ||
		files=$(find src include -name '*.[ch]'; ls tests/unit/*.c)
	set -- $files
fi
# the globs of PENDING, expanded here (src/cli/*.c)
pending=$(for p in $PENDING; do echo $p; done)

LC_ALL=C awk -v pending="$pending" -v pending_calls="$PENDING_CALLS" -v summary="$summary" '
BEGIN {
	n = split(pending, p, /[ \t\n]+/)
	for (i = 1; i <= n; i++) if (p[i] != "") is_pending[p[i]] = 1
	n = split(pending_calls, p, /[ \t\n]+/)
	for (i = 1; i <= n; i++) if (p[i] != "") call_pending[p[i]] = 1
	banned = "(atoi|atol|sprintf|vsprintf|strcpy|strcat|gets)"
	limit = 110
}
function report(at, rule, what, soft) {
	if (soft) {
		if (!summary)
			printf "%s:%d: warning: %s: %s (pending, issue 44)\n", FILENAME, at, rule, what
		else if (!((FILENAME, rule) in per_file))
			order[++n_order] = FILENAME SUBSEP rule
		per_file[FILENAME, rule]++
		warnings++
	} else {
		printf "%s:%d: %s: %s\n", FILENAME, at, rule, what
		problems++
	}
}
# the line without comments, string and character literals (in_comment
# carries a /* comment over lines)
function code_of(s,    out, n, i, c, q) {
	out = ""; n = length(s); i = 1
	while (i <= n) {
		if (in_comment) {
			if ((q = index(substr(s, i), "*/")) == 0) return out
			i += q + 1; in_comment = 0; out = out " "
			continue
		}
		c = substr(s, i, 1)
		if (c == "/" && substr(s, i + 1, 1) == "*") { in_comment = 1; i += 2; continue }
		if (c == "/" && substr(s, i + 1, 1) == "/") return out
		if (c == "\"" || c == "\047") {
			for (i++; i <= n && substr(s, i, 1) != c; i++)
				if (substr(s, i, 1) == "\\") i++
			i++; out = out c c
			continue
		}
		out = out c; i++
	}
	return out
}
FNR == 1 { in_comment = 0; decl = ""; public_header = FILENAME ~ /^include\//; files++ }
{
	line = $0
	# columns: a tab to the next multiple of 8, a UTF-8 character one
	# column (its continuation bytes, 0x80 to 0xBF, count nothing)
	col = 0; len = length(line)
	for (i = 1; i <= len; i++) {
		c = substr(line, i, 1)
		if (c == "\t")
			col = col - col % 8 + 8
		else if (c < "\200" || c > "\277")
			col++
	}
	if (col > limit)
		report(FNR, "long line", col " columns (limit " limit ")", FILENAME in is_pending)
	if (line ~ /[ \t]$/)
		report(FNR, "trailing space", "space or tab at the end of the line", 0)
	code = code_of(line)
	rest = code
	while (match(rest, "(^|[^A-Za-z0-9_])" banned "[ \t]*[(]")) {
		call = substr(rest, RSTART, RLENGTH)
		sub(/^[^A-Za-z_]/, "", call); sub(/[ \t]*[(]$/, "", call)
		report(FNR, "banned call", call "()", (FILENAME ":" call) in call_pending)
		rest = substr(rest, RSTART + RLENGTH)
	}
	# a public function returning gs_status: its declaration up to the ";"
	if (public_header) {
		if (decl == "" && code ~ /^(extern[ \t]+)?gs_status[ \t]+[a-z_0-9]+[ \t]*[(]/) {
			decl = code; decl_line = FNR
			name = code; sub(/^(extern[ \t]+)?gs_status[ \t]+/, "", name); sub(/[ \t]*[(].*/, "", name)
		} else if (decl != "")
			decl = decl " " code
		if (decl != "" && decl ~ /[;{]/) {
			if (decl !~ /GS_WARN_UNUSED/ && name != "gs_error_set" && name != "gs_error_field")
				report(decl_line, "unchecked", name "() returns gs_status without GS_WARN_UNUSED", 0)
			decl = ""
		}
	}
}
END {
	for (i = 1; i <= n_order; i++) {
		split(order[i], fr, SUBSEP)
		printf "%s: warning: %d x %s (pending, issue 44)\n", fr[1], per_file[order[i]], fr[2]
	}
	printf "checksrc: %d files, %d problems", files, problems
	if (warnings) printf ", %d warnings in pending files (issue 44)", warnings
	printf "\n"
	exit problems ? 1 : 0
}
' "$@"
