#!/bin/sh
# Whole-output tests, in the manner of jq's tests/jq.test: each case is
# tests/cli/golden/NAME.cmd (the arguments, as shell words, on one line; the
# expected exit status on the second) and NAME.out (the exact stdout). Any
# difference fails with a diff. After an intended change of output:
#   tests/cli/golden.sh build/gpusizer --update   (then read the diff in git)
# Run from the repository root.
B=${1:?usage: golden.sh path/to/gpusizer [--update]}
UPDATE=${2:-}
pass=0; fail=0
T=$(mktemp)
trap 'rm -f "$T"' EXIT
export HF_ENDPOINT=http://127.0.0.1:9 HF_HUB_OFFLINE=1
for cmd in tests/cli/golden/*.cmd; do
	name=${cmd%.cmd}
	args=$(sed -n 1p "$cmd")
	want_rc=$(sed -n 2p "$cmd")
	eval "set -- $args"
	"$B" "$@" > "$T" 2>/dev/null
	rc=$?
	if [ "$UPDATE" = "--update" ]; then
		cp "$T" "$name.out"
		sed -i "2s/.*/$rc/" "$cmd"
		continue
	fi
	if [ "$rc" = "$want_rc" ] && cmp -s "$T" "$name.out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: gpusizer $args (rc $rc, want $want_rc)"
		diff -u "$name.out" "$T" | head -30
	fi
done
[ "$UPDATE" = "--update" ] && { echo "updated $(ls tests/cli/golden/*.cmd | wc -l) cases"; exit 0; }
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
