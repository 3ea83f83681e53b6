#!/bin/sh
# `make demo`: the main job on embedded defaults — the 7B worked example,
# its format table, a Llama-3-8B inference estimate and fit, and what fits
# on one GPU from the built-in model library.
set -eu
B=${1:-build/gpusizer}
L3=data/models/meta-llama__Meta-Llama-3-8B.json
# exit 1 (does not fit) and 4 (to confirm) are answers, not failures
run() {
	printf '\n$ gpusizer %s\n' "$*"
	rc=0
	"$B" "$@" || rc=$?
	case $rc in 0 | 1 | 4) ;; *) exit "$rc" ;; esac
}
run estimate --params 7e9 --bits 16 --reserve 6GiB
run estimate --params 7e9 --bits 16,8,4 --reserve 6GiB
run estimate data/sheets/llama3-8b-chat.yaml
run estimate "$L3" --context 8192 --concurrency 4 --runtime vllm --gpu "RTX 4090"
run fit "$L3" --gpu "RTX 4090" --context 8192
# the built-in model library: hub ids sized offline, and what fits on one GPU
run models qwen3
run matrix --library --gpu "RTX 4090" --formats bf16,fp8,nf4
