#!/bin/sh
# The house is one-way (issue 35): every object of src/lib calls only
# objects on lower levels of tests/layers.txt. Reads the symbols with nm:
# a defined global (T, D, B, R) names its object; an undefined one (U)
# defined by another object is a call (or a reference) to it.
# Usage: tests/layers.sh OBJECT_DIR [LAYERS_FILE]
set -eu
dir=${1:?usage: layers.sh OBJECT_DIR [LAYERS_FILE]}
layers=${2:-$(dirname "$0")/layers.txt}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for o in "$dir"/*.c.o; do
	name=$(basename "$o" .c.o)
	nm "$o" | awk -v f="$name" 'NF == 3 && $2 ~ /^[TDBR]$/ { print "D", f, $3 } NF == 2 && $1 == "U" { print "U", f, $2 }'
done > "$tmp"
awk -v layers="$layers" '
BEGIN {
	while ((getline line < layers) > 0) {
		if (line ~ /^#/ || line ~ /^[ \t]*$/) continue
		split(line, p, " "); level[p[2]] = p[1] + 0
	}
}
$1 == "D" { owner[$3] = $2; files[$2] = 1; next }
$1 == "U" { n++; uf[n] = $2; us[n] = $3 }
END {
	bad = 0
	for (f in files)
		if (!(f in level)) { printf "layers: src/lib/%s.c has no level in %s: add it\n", f, layers; bad = 1 }
	for (i = 1; i <= n; i++) {
		to = owner[us[i]]
		if (to == "" || to == uf[i] || !(uf[i] in level) || !(to in level)) continue
		if (level[to] >= level[uf[i]] && !seen[uf[i] " " to]++) {
			printf "layers: %s.c (level %d) calls %s in %s.c (level %d): calls go down only\n", uf[i], level[uf[i]], us[i], to, level[to]
			bad = 1
		}
	}
	if (!bad) print "layers: every call in src/lib goes down"
	exit bad
}' "$tmp"
