#!/bin/sh
# measure, ladder and compare against a fake workload and the fake NVML.
# usage: run.sh GPUSIZER FAKE_NVML_SO FAKE_WORKLOAD
B=${1:?gpusizer}; LIB=${2:?fake nvml}; W=${3:?fake workload}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL: $1"; sed 's/^/    | /' "$T/out" | head -12; }
has() { grep -qF -- "$1" "$T/out"; }
export GPUSIZER_NVML="$LIB" FAKE_NVML_USED_FILE="$T/used"

# 1. the per-phase, per-GPU, per-counter peaks are the ones the workload set
"$B" measure --out "$T/run.jsonl" --interval 20 -- "$W" > "$T/out" 2>&1; rc=$?
[ $rc -eq 0 ] && ok || no "measure exit status $rc"
has "load           0    0t/1s      2.00 GiB (2147483648 B)        2.02 GiB (2168455168 B)        2.49 GiB (2671771648 B)        2.00 GiB (2147483648 B)" && ok || no "load row"
has "prefill        0    4096t/1s   5.50 GiB (5905580032 B)        6.00 GiB (6442450944 B)        6.49 GiB (6966738944 B)        6.00 GiB (6442450944 B)" && ok || no "prefill row"
has "decode         0    4096t/1s   5.00 GiB (5368709120 B)        5.50 GiB (5905580032 B)        5.49 GiB (5892997120 B)        5.00 GiB (5368709120 B)" && ok || no "decode row"
"$B" measure --summary "$T/run.jsonl" --json > "$T/out" 2>&1 && has '"schema": "gpusizer/run-summary/v1"' && ok || no "summary json"

# 2. SIGKILL in the middle of prefill: the exit is passed through, the file is readable to the last sample
"$B" measure --out "$T/killed.jsonl" --interval 20 -- "$W" --die > "$T/out" 2>&1; rc=$?
[ $rc -eq 137 ] && ok || no "killed child: exit $rc, want 137"
has "exit: killed by signal 9" && has "4096t/1s cut" && ok || no "killed run summary"
"$B" measure --summary "$T/killed.jsonl" > "$T/out" 2>&1 && ! has "a cut last line was skipped" && has "samples" && ok || no "killed run file readable"

# 3. no NVML: the command still runs, markers are kept, and it says so
GPUSIZER_NVML=/nonexistent.so "$B" measure --out "$T/nonvml.jsonl" -- "$W" > "$T/out" 2>&1
[ $? -eq 0 ] && has "device counters unavailable" && has "5.50 GiB (5905580032 B)" && ok || no "without NVML"

# 4. the Python helper under Debian's CPU PyTorch: dimensions, and "nothing measured"
if /usr/bin/python3 -c "import torch" 2>/dev/null; then
	"$B" measure --out "$T/py.jsonl" -- /usr/bin/python3 tests/measure/helper_demo.py python > "$T/out" 2>&1
	[ $? -eq 0 ] && has "nothing measured" && has "prefill        0    128t/2s" && ok || no "python helper"
else
	fail=$((fail + 1)); echo "FAIL: /usr/bin/python3 with torch is missing (scripts/deps.sh installs python3-torch)"
fi

# 5. ladder: the run executed 4096 tokens; a sheet requiring 8192 is not validated
"$B" ladder data/sheets/llama3-8b-8k.yaml --run "$T/run.jsonl" > "$T/out" 2>&1
[ $? -eq 1 ] && has "does NOT validate the sheet: executed 4096 tokens, the sheet requires 8192" && ok || no "ladder verdict"
"$B" ladder data/sheets/llama3-8b-8k.yaml --context 4096 --run "$T/run.jsonl" > "$T/out" 2>&1
[ $? -eq 0 ] && has "validates the sheet's dimensions" && ok || no "ladder validates"

# 6. compare: a deliberately small estimate gets a margin justified by the run
"$B" estimate --params 1e9 --bits 16 --runtime-context 0GiB --json > "$T/est.json"
"$B" compare "$T/est.json" "$T/run.jsonl" > "$T/out" 2>&1
[ $? -eq 0 ] && has "proposed margin: 4.75 GiB: the measured peak of prefill exceeded" && ok || no "compare margin"
"$B" compare "$T/est.json" "$T/run.jsonl" --json > "$T/out" 2>&1 && has '"basis": "measured"' && ok || no "compare json"
# a run with no samples proves nothing: no "stayed under" headline, exit 1
printf '{"type":"header","nvml":false}\n' > "$T/empty.jsonl"
"$B" compare "$T/est.json" "$T/empty.jsonl" > "$T/out" 2>&1
[ $? -eq 1 ] && has "nothing was measured" && ! has "stayed at or under" && ok || no "compare without samples"
"$B" compare "$T/run.jsonl" "$T/est.json" > "$T/out" 2>&1
[ $? -eq 2 ] && has "expected the JSON of gpusizer estimate" && ok || no "compare wrong files"

# 7. diagnose places a failure in the phase the measured run had open
"$B" diagnose tests/data/logs/torch-load-old.log --run "$T/killed.jsonl" > "$T/out" 2>&1
[ $? -eq 0 ] && has "phase: prefill (from: \"the run" && ok || no "diagnose --run"

# 8. runs back into the estimate, the sheet and the shortlist (issue: close the loop)
E="--params 1e9 --bits 16 --context 4096"
"$B" estimate $E --run "$T/run.jsonl" > "$T/out" 2>&1
[ $? -eq 0 ] && has "measured:            phase prefill 6.49 GiB (6.97 GB; 6966738944 B) (device used, run run.jsonl)" \
	&& has "need per GPU:        6.49 GiB (6.97 GB; 6966738944 B), basis measured" && ok || no "estimate --run"
"$B" estimate $E --run "$T/run.jsonl" --json > "$T/out" 2>&1
has '"basis": "measured"' && has '"measured_counter": "device used"' && has '"bytes_per_gpu": 6966738944' && ok || no "estimate --run json"
# with a capacity, the measured need is the verdict
"$B" estimate $E --run "$T/run.jsonl" --capacity 6GiB > "$T/out" 2>&1
[ $? -eq 1 ] && has "need check:          DOES NOT FIT: need 6.49 GiB (6.97 GB; 6966738944 B) (basis measured)" && ok || no "estimate --run --capacity"
# a run at a shorter length validates nothing; its peak is still a floor
"$B" estimate --params 1e9 --bits 16 --context 8192 --run "$T/run.jsonl" --json > "$T/out" 2>&1
has '"basis": "estimate"' && has '"floor_bytes": 6966738944' && ! has '"basis": "measured"' && ok || no "shorter run"
# the sheet: Measurements with the file's SHA-256, the counters, the verdict and the margin's reasons
SHA=$(sha256sum "$T/run.jsonl" | cut -d' ' -f1)
"$B" sheet $E --run "$T/run.jsonl" --run "$T/killed.jsonl" > "$T/out" 2>&1
[ $? -eq 0 ] && has "SHA-256 \`$SHA\`" && has "validates the sheet: executed 4096 tokens >= 4096" \
	&& has "does NOT validate the sheet: ended early: killed by signal 9" && has "| prefill (cut) | 0 |" \
	&& has "### Need per GPU for the shortlist: 6.49 GiB (basis: measured)" \
	&& has "+ 0.00 GiB: the counter is the device's used memory" && ! has "None given" && ok || no "sheet --run"
"$B" sheet $E --run "$T/run.jsonl" --json > "$T/out" 2>&1
has "\"sha256\": \"$SHA\"" && has '"counter": "process_used"' && has '"validates": true' && ok || no "sheet --run json"
# the shortlist: an offer below the measured peak is excluded, naming the run
printf 'offers:\n  - id: small\n    gpu: RTX 4060\n    reported: 6GiB\n    count: 1\n  - id: big\n    gpu: RTX 4090\n    count: 1\n' > "$T/cat.yaml"
"$B" shortlist $E --catalog "$T/cat.yaml" --run "$T/run.jsonl" > "$T/out" 2>&1
has "below a measured peak of 6.49 GiB (run run.jsonl measured 6.49 GiB (device used) in phase prefill on GPU 0)" \
	&& has "against the need per GPU, 6.49 GiB (basis measured" && ok || no "shortlist --run"
"$B" shortlist $E --catalog "$T/cat.yaml" --run "$T/run.jsonl" --json > "$T/out" 2>&1
has '"need_basis": "measured"' && ok || no "shortlist --run json"
# a failed run bounds the need from below; logs without one, or without bytes, are refused
"$B" shortlist $E --catalog "$T/cat.yaml" --oom tests/data/logs/torch-backward.log --json > "$T/out" 2>&1
has '"need_basis": "oom"' && ok || no "shortlist --oom"
"$B" sheet $E --oom tests/data/logs/vllm-kv.log > "$T/out" 2>&1
[ $? -eq 2 ] && has "states no bytes in use or requested" && ok || no "--oom without bytes"
"$B" sheet $E --oom "$T/run.jsonl" > "$T/out" 2>&1
[ $? -eq 2 ] && has "no out-of-memory message" && ok || no "--oom without an oom"
# runs of another sheet or model are not mixed in without --force-run
"$B" measure --out "$T/other.jsonl" --sheet data/sheets/llama3-8b-8k.yaml -- "$W" > /dev/null 2>&1
"$B" estimate $E --sheet data/sheets/seed-7b.yaml --run "$T/other.jsonl" > "$T/out" 2>&1
[ $? -eq 2 ] && has "was measured for sheet" && ok || no "run of another sheet"
"$B" estimate $E --sheet data/sheets/seed-7b.yaml --run "$T/other.jsonl" --force-run > "$T/out" 2>&1
[ $? -ne 2 ] && ! has "was measured for sheet" && has "measured:            phase prefill" && ok || no "--force-run"
printf '{"type":"header","nvml":false}\n{"type":"marker","event":"phase_begin","phase":"load","model":"Qwen/Qwen2.5-7B"}\n' > "$T/qwen.jsonl"
"$B" estimate data/models/meta-llama__Meta-Llama-3-8B.json --context 4096 --run "$T/qwen.jsonl" > "$T/out" 2>&1
[ $? -eq 2 ] && has "markers name model Qwen/Qwen2.5-7B" && ok || no "run of another model"
"$B" sheet $E --run "$T/empty.jsonl" > "$T/out" 2>&1
[ $? -eq 0 ] && has "no phase markers: nothing ties its samples to a phase" && ok || no "run without markers"
"$B" sheet $E --run tests/data/logs/torch-backward.log > "$T/out" 2>&1
[ $? -eq 2 ] && has "not a gpusizer run file" && ok || no "not a run file"
# the HTML sheet in Chromium shows the need and its basis
CHROME=$(command -v chromium || command -v chromium-browser)
if [ -n "$CHROME" ]; then
	"$B" sheet $E --run "$T/run.jsonl" --html > "$T/sheet.html"
	timeout 60 "$CHROME" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --user-data-dir="$T/profile" --dump-dom "file://$T/sheet.html" \
		> "$T/out" 2> /dev/null
	has '<b id="need">6.49 GiB</b>' && has '<span id="need-basis">measured</span>' && has "$SHA" && ok || no "sheet html in chromium"
else
	fail=$((fail + 1)); echo "FAIL: chromium is missing (scripts/deps.sh installs it)"
fi

# issue 39: a flood of output stops at the run file's limit (64 MiB) and the exit status says so
"$B" measure --out "$T/big.jsonl" -- sh -c 'head -c 60000000 /dev/zero | tr "\0" "x" | fold -w 200 >&$GPUSIZER_MARKER_FD' \
	> "$T/out" 2>&1; rc=$?
[ $rc -eq 3 ] && [ "$(wc -c < "$T/big.jsonl")" -le 67108864 ] && has "the run file reached 64 MiB" &&
	tail -n 1 "$T/big.jsonl" | grep -q '"type":"exit"' && ok || no "a run file at its limit: exit $rc"
rm -f "$T/big.jsonl"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
