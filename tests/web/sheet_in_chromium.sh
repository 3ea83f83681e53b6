#!/bin/sh
# The HTML sizing sheet rendered by headless Chromium (Debian's package):
# the DOM Chromium builds must show the seed's figures, the offers' costs and
# the chart. usage: sheet_in_chromium.sh GPUSIZER
B=${1:?gpusizer}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
CHROME=$(command -v chromium || command -v chromium-browser)
if [ -z "$CHROME" ]; then
	echo "chromium is not installed (scripts/deps.sh installs it)"; echo "0 passed, 1 failed"; exit 1
fi
"$B" sheet data/sheets/seed-7b.yaml --catalog data/catalogs/seed-offers.yaml --html > "$T/sheet.html" || exit 1
timeout 60 "$CHROME" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync --user-data-dir="$T/profile" \
	--dump-dom "file://$T/sheet.html" > "$T/dom.html" 2> "$T/chrome.err"
pass=0; fail=0
for want in '<b id="weights-only">13.04 GiB</b>' '<b id="envelope">19.04 GiB</b>' '47.14 USD' '55.71 USD' \
            'to confirm' '<svg' 'What would invalidate this' 'Measurements'; do
	if grep -qF -- "$want" "$T/dom.html"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: the page lacks: $want"; fi
done
[ -s "$T/dom.html" ] || { echo "chromium produced no DOM:"; head -5 "$T/chrome.err"; }
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
