#!/bin/sh
# The house is one-way, in wings (issues 35 and 44): every object of
# src/lib/WING/ calls only objects of lower-ranked wings, or of its own wing
# on a lower level of tests/layers.txt. Reads the symbols with nm: a defined
# global (T, D, B, R) names its object; an undefined one (U) defined by
# another object is a call (or a reference) to it. Also checked: every file
# sits in the wing layers.txt gives it, and basenames are unique.
# Usage: tests/layers.sh OBJECT_DIR [LAYERS_FILE]   (OBJECT_DIR: the objects of src/lib)
set -eu
dir=${1:?usage: layers.sh OBJECT_DIR [LAYERS_FILE]}
layers=${2:-$(dirname "$0")/layers.txt}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# objects directly in src/lib (no wing) are refused below, as "(none)"
find "$dir" -name '*.c.o' | sort | while read -r o; do
	name=$(basename "$o" .c.o)
	parent=$(dirname "$o")
	wing=$(basename "$parent")
	[ "$parent" = "$dir" ] && wing="(none)"
	echo "F $name $wing"
	nm "$o" | awk -v f="$name" 'NF == 3 && $2 ~ /^[TDBR]$/ { print "D", f, $3 } NF == 2 && $1 == "U" { print "U", f, $2 }'
done > "$tmp"
awk -v layers="$layers" '
BEGIN {
	while ((getline line < layers) > 0) {
		if (line ~ /^#/ || line ~ /^[ \t]*$/) continue
		n = split(line, p, " ")
		if (p[1] == "wing") { rank[p[3]] = p[2] + 0; continue }
		wing_of[p[3]] = p[1]; level[p[3]] = p[2] + 0
	}
}
$1 == "F" {
	if ($2 in folder) { printf "layers: two files named %s.c (src/lib/%s and src/lib/%s): basenames stay unique\n", $2, folder[$2], $3; bad = 1 }
	folder[$2] = $3; next
}
$1 == "D" { owner[$3] = $2; next }
$1 == "U" { n++; uf[n] = $2; us[n] = $3 }
END {
	for (f in folder) {
		if (!(f in level)) { printf "layers: src/lib/%s/%s.c has no line in %s: add it\n", folder[f], f, layers; bad = 1; continue }
		if (!(wing_of[f] in rank)) { printf "layers: wing %s of %s has no rank in %s\n", wing_of[f], f, layers; bad = 1; continue }
		if (folder[f] != wing_of[f]) { printf "layers: %s.c sits in src/lib/%s but %s puts it in wing %s\n", f, folder[f], layers, wing_of[f]; bad = 1 }
	}
	for (i = 1; i <= n; i++) {
		from = uf[i]; to = owner[us[i]]
		if (to == "" || to == from || !(from in level) || !(to in level)) continue
		wf = wing_of[from]; wt = wing_of[to]
		if (wf == wt && level[to] >= level[from] && !seen[from " " to]++) {
			printf "layers: %s/%s.c (level %d) calls %s in %s/%s.c (level %d): inside a wing, calls go down only\n", wf, from, level[from], us[i], wt, to, level[to]
			bad = 1
		}
		if (wf != wt && rank[wt] > rank[wf] && !seen[from " " to]++) {
			printf "layers: %s/%s.c calls %s in %s/%s.c: wing %s (rank %d) may not call wing %s (rank %d)\n", wf, from, us[i], wt, to, wf, rank[wf], wt, rank[wt]
			bad = 1
		}
	}
	if (!bad) print "layers: every call in src/lib goes down, between wings and within them"
	exit bad
}' "$tmp"
