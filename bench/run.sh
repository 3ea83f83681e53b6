#!/bin/sh
# `make bench`: speed (in-process and CLI wall time) and accuracy against
# bench/calibration.jsonl. Figures go to stdout; bench/README.md keeps the
# last recorded run.
set -eu
B=build
L3=data/models/meta-llama__Meta-Llama-3-8B.json
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
echo "== gpusizer matrix: every model of the built-in library (data/models) x 6 formats (5 runs each)"
n=$("$B/gpusizer" models --json | grep -c '"id":')
ms5() { t0=$(date +%s%N); i=0; while [ $i -lt 5 ]; do "$@" >/dev/null; i=$((i + 1)); done; t1=$(date +%s%N)
	awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.1f ms per run\n", ns / 5 / 1e6 }'; }
echo "$n models x 6 llama.cpp file types on RTX 4090:   $(ms5 "$B/gpusizer" matrix --library --gpu "RTX 4090" --runtime llamacpp)"
echo "$n models x 6 formats, vLLM at 8192 tokens:        $(ms5 "$B/gpusizer" matrix --library --gpu "RTX 4090" --runtime vllm --context 8192 --formats bf16,fp8,int8,nf4,awq,gptq)"
echo
echo "== gpusizer serve: start to first answer, and one estimate request (20 starts)"
serve_start() { # milliseconds from exec to the first /api/health answer, 20 starts
	total=0
	i=0
	while [ $i -lt 20 ]; do
		fifo=$(mktemp -u)
		mkfifo "$fifo"
		t0=$(date +%s%N)
		"$B/gpusizer" serve --port 0 >"$fifo" &
		pid=$!
		read -r line <"$fifo"
		url=$(echo "$line" | sed 's/.*listening on //')
		curl -fsS "${url}api/health" >/dev/null
		t1=$(date +%s%N)
		curl -fsS -H 'Content-Type: application/json' -d '{"params":"7e9","bits":16,"reserve":"6GiB"}' \
		    "${url}api/estimate" >/dev/null
		t2=$(date +%s%N)
		kill "$pid"; wait "$pid" 2>/dev/null || true
		rm -f "$fifo"
		total=$((total + t1 - t0)); req=$((${req:-0} + t2 - t1))
		i=$((i + 1))
	done
	awk -v s=$total -v r=$req 'BEGIN { printf "start to first answer %.3f ms, estimate request (curl included) %.3f ms (averages)\n", s / 20 / 1e6, r / 20 / 1e6 }'
}
serve_start
echo
echo "== gpusizer serve under load: /api/health while 8 matrices run and 128 connections drip (budget 1 s)"
python3 bench/serve_load.py "$B/gpusizer" 2>/dev/null || true
echo
echo "== hostile inputs: CPU time and peak memory to refuse or read (bench/hostile.sh; budget 1 s, 512 MiB)"
sh bench/hostile.sh "$B" || true
echo
echo "== accuracy against published measurements"
"$B/gen_fixtures" "$B/fixtures" data/models > /dev/null
"$B/bench_accuracy" bench/calibration.jsonl data/models tests/data/configs "$B/fixtures"
