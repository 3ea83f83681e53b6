#!/bin/sh
# One whole-answer golden per API verb (include/gpusizer/api.h): each
# tests/api/golden/VERB.request.json is the body handed to
# gs_api_json(VERB, NULL, body), the flat call the Python package and the web
# server take, and VERB.out the exact answer: "status N", then the body.
# Any difference fails with a diff. Models come from the built-in library, so
# no network is asked (the hub is a closed port, offline, with an empty cache).
#
# After an intended change of an answer (a field's help, an estimate's
# figures, a schema member), regenerate every golden with one command, from
# any build with GS_TESTS=ON (make check leaves one in build/ and build-check/):
#   sh tests/api/golden.sh --update build     (then read the diff in git)
#
# usage: tests/api/golden.sh [--update] BUILD_DIR   (BUILD_DIR holds api_golden)
UPDATE=
[ "${1:-}" = "--update" ] && { UPDATE=1; shift; }
BUILD=${1:?usage: golden.sh [--update] BUILD_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
G="$HERE/golden"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir "$T/out" "$T/cache"
export HF_ENDPOINT=http://127.0.0.1:9 HF_HUB_OFFLINE=1 XDG_CACHE_HOME="$T/cache" GPUSIZER_HUB_RETRY_MS=0
unset HF_TOKEN
"$BUILD/api_golden" "$G" "$T/out" || { echo "api golden: $BUILD/api_golden failed"; exit 1; }
if [ -n "$UPDATE" ]; then
	cp "$T"/out/*.out "$G/"
	echo "updated $(ls "$T"/out/*.out | wc -l) answers in $G"
	exit 0
fi
pass=0; fail=0
for want in "$G"/*.out; do
	verb=$(basename "$want" .out)
	if cmp -s "$want" "$T/out/$verb.out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: api $verb (tests/api/golden/$verb.out; sh tests/api/golden.sh --update BUILD_DIR after an intended change)"
		diff -u "$want" "$T/out/$verb.out" | head -40
	fi
done
# a verb answered but without a golden is a golden missing
for got in "$T"/out/*.out; do
	[ -f "$G/$(basename "$got")" ] || { fail=$((fail + 1)); echo "FAIL: no golden $G/$(basename "$got")"; }
done
echo "api golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
