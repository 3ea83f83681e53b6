#!/bin/sh
# `make bench`: speed (in-process and CLI wall time) and accuracy against
# bench/calibration.jsonl. Figures go to stdout; bench/README.md keeps the
# last recorded run.
set -eu
B=build
L3=data/configs/meta-llama__Meta-Llama-3-8B.json
echo "== in-process speed"
"$B/bench_estimate" "$L3" 20000
echo
echo "== CLI wall time (200 runs each, this machine: $(nproc) cores)"
ms() { # ms COMMAND...: average milliseconds over 200 runs
	t0=$(date +%s%N)
	i=0
	while [ $i -lt 200 ]; do "$@" >/dev/null; i=$((i + 1)); done
	t1=$(date +%s%N)
	awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.3f ms per run\n", ns / 200 / 1e6 }'
}
echo "/bin/true:                              $(ms /bin/true)"
echo "gpusizer estimate --params 7e9 --bits 16: $(ms "$B/gpusizer" estimate --params 7e9 --bits 16)"
echo "gpusizer estimate Llama-3-8B --json:      $(ms "$B/gpusizer" estimate "$L3" --context 8192 --json)"
echo "gpusizer fit Llama-3-8B on RTX 4090:      $(ms "$B/gpusizer" fit "$L3" --gpu "RTX 4090" --concurrency 8)"
echo
echo "== accuracy against published measurements"
"$B/gen_fixtures" "$B/fixtures" data/configs > /dev/null
"$B/bench_accuracy" bench/calibration.jsonl data/configs tests/data/configs "$B/fixtures"
