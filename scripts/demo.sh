#!/bin/sh
# `make demo`: the main job on embedded defaults — the 7B worked example,
# its format table, and a Llama-3-8B inference estimate and fit.
set -eu
B=${1:-build/gpusizer}
L3=data/models/meta-llama__Meta-Llama-3-8B.json
run() {
	printf '\n$ gpusizer %s\n' "$*"
	"$B" "$@"
}
run estimate --params 7e9 --bits 16 --reserve 6GiB
run estimate --params 7e9 --bits 16,8,4 --reserve 6GiB
run estimate data/sheets/llama3-8b-chat.yaml
run estimate "$L3" --context 8192 --concurrency 4 --runtime vllm --gpu "RTX 4090"
run fit "$L3" --gpu "RTX 4090" --context 8192
