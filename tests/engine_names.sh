#!/bin/sh
# No runtime is decided outside its wing (issue 44): code that branches on
# which engine runs (GS_RT_VLLM, GS_RT(SGLANG), e->has_vllm, e->ollama.x,
# ...) lives in src/lib/engine/, where each engine is its file and one row of
# the runtime table. Elsewhere only the tables that name the runtimes may:
# workload.h's runtime values and field rows (which runtimes read a field)
# and estimate.h, the engine wing's public header (each engine's figures).
# Output text and data (log patterns, the Ollama tag table) are not code
# that decides, and are not matched. Usage: tests/engine_names.sh [ROOT]
set -eu
root=${1:-$(dirname "$0")/..}
cd "$root"
pat='GS_RT_(TRANSFORMERS|VLLM|SGLANG|LLAMACPP|OLLAMA)|GS_RT\((TRANSFORMERS|VLLM|SGLANG|LLAMACPP|OLLAMA)\)|has_(vllm|sglang|ollama)\b|->(vllm|sglang|ollama)\.|\.(vllm|sglang|ollama)\.'
found=$(grep -rnE "$pat" src include --include='*.c' --include='*.h' |
	grep -vE '^src/lib/engine/|^include/gpusizer/(workload|estimate)\.h:' || true)
if [ -n "$found" ]; then
	echo "$found"
	echo "engine_names: the lines above decide by runtime outside the engine wing: ask the runtime's row" \
	     "(src/lib/engine/engine.h) or a field's row instead"
	exit 1
fi
echo "engine_names: no runtime is named in code outside the engine wing and its tables"
