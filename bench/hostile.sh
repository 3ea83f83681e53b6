#!/bin/sh
# Hostile inputs (issues 15, 39 and 50): files built to make a reader slow or
# wrong (bench/hostile.py), each read or refused by the release CLI, with its
# CPU time and peak memory against a budget: 1 s of CPU and 512 MiB. A
# benchmark, not a test: run by `make bench`; exit 1 when a budget is passed.
# Usage: bench/hostile.sh [build dir]
set -eu
B=$(cd "${1:-build}" && pwd)/gpusizer
H=$(mktemp -d)
trap 'rm -rf "$H"' EXIT
python3 "$(dirname "$0")/hostile.py" "$H"
mkdir "$H/index" && mv "$H/model.safetensors.index.json" "$H/index/"
over=0
row() { # row LABEL ARGS...: CPU seconds, peak KiB, exit status, the answer's first words
	label=$1; shift
	/usr/bin/time -f "%U %S %M" -o "$H/t" "$B" "$@" > "$H/out" 2>&1 && rc=0 || rc=$?
	set -- $(cat "$H/t" | tail -n 1)
	cpu=$(awk -v u="$1" -v s="$2" 'BEGIN { printf "%.2f", u + s }')
	printf "%-52s %5s s %7s KiB  exit %d: %.70s\n" "$label" "$cpu" "$3" "$rc" "$(tail -n 1 "$H/out")"
	if [ "$rc" -gt 2 ] || awk -v c="$cpu" -v m="$3" 'BEGIN { exit !(c > 1.0 || m > 524288) }'; then over=1; fi
}
cd "$H"
row "GGUF: 65,535 keys colliding in FNV-1a's low 17 bits" estimate keys-colliding.gguf
row "GGUF: 1,000 tensors of 16 MiB on the same bytes" estimate overlap.gguf
row "GGUF: 16 tensors of 2^60 B (a sum that wraps)" estimate wrap.gguf
row "safetensors: 65,000 colliding tensor names (5 MB)" estimate colliding
row "index: 200,000 distinct shard names (cap 256)" estimate index
row "catalog: 1 MiB of YAML anchors" shortlist --params 7e9 --catalog anchors.yaml
row "sheet: YAML nested 200,000 deep" estimate deep.yaml
row "safetensors: 7 million __metadata__ keys (100 MiB)" estimate metadata.safetensors
row "safetensors: a shape of 48 million entries" estimate shape.safetensors
row "index: 3 million weight_map entries, one shard" estimate onemap
row "GGUF: one u8 array of 256 MiB" estimate u8array.gguf
row "GGUF: 30 million empty strings (240 MB)" estimate strings.gguf
row "diagnose: 64 MiB of short lines" diagnose short.log
row "diagnose: 64 MiB of lines with trigger words" diagnose words.log
row "diagnose: 64 MiB of lines with every trigger word" diagnose all-words.log
row "run: 64 MiB of samples" measure --summary samples.jsonl
[ "$over" -eq 0 ] || { echo "hostile.sh: an input passed its budget (1 s of CPU, 512 MiB)"; exit 1; }
