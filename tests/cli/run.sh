#!/bin/sh
# Golden CLI cases: (arguments, expected exit code, text that must appear in
# stdout+stderr). Usage: tests/cli/run.sh path/to/gpusizer
# Run from the repository root. Prints "N passed, N failed".
B=${1:?usage: run.sh path/to/gpusizer}
pass=0
fail=0
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
L3=data/models/meta-llama__Meta-Llama-3-8B.json
# never reach outside this machine: a closed loopback port, a private cache;
# and retry it at once (each unreachable id waited 3.5 s of back-off)
export HF_ENDPOINT=http://127.0.0.1:9 XDG_CACHE_HOME="$(mktemp -d)" GPUSIZER_HUB_RETRY_MS=0
unset HF_TOKEN HF_HUB_OFFLINE

# case EXPECTED_RC "EXPECTED TEXT" ARGS...
case_() {
	want_rc=$1; want=$2; shift 2
	"$B" "$@" >"$OUT" 2>&1
	rc=$?
	if [ "$rc" -eq "$want_rc" ] && grep -qF -- "$want" "$OUT"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: gpusizer $* -> rc $rc (want $want_rc), want text: $want"
		sed 's/^/    | /' "$OUT" | head -20
	fi
}

# the quick calculator (issue #2 "Must show")
case_ 0 "weights only:        13.04 GiB" estimate --params 7e9 --bits 16 --reserve 6GiB
case_ 0 "indicative envelope: 19.04 GiB" estimate --params 7e9 --bits 16 --reserve 6GiB
case_ 0 '"bytes": 14000000000' estimate --params 7e9 --bits 16 --reserve 6GiB --json
case_ 0 '"bytes": 20442450944' estimate --params 7e9 --bits 16 --reserve 6GiB --json
case_ 0 "bits:4                        3.26               3.50                       9.26" estimate --params 7e9 --bits 16,8,4 --reserve 6GiB
case_ 0 "[bits:4] quant_metadata: bits:4 carries no scales" estimate --params 7e9 --bits 16,8,4 --reserve 6GiB
# issue 35 defect 5: the list form gives each row the verdict and exit status of the single form, and
# says what the envelope leaves out (the KV cache is in the peak, not in the envelope)
case_ 1 "bits:16        DOES NOT FIT (rule peak): peak prefill 31.13 GiB, short by 7.61 GiB" estimate meta-llama/Llama-3.1-8B-Instruct --bits 16,4 --gpu "RTX 4090" --context 8192 --concurrency 8
case_ 1 "DOES NOT FIT: peak prefill 31.13 GiB, short by 7.61 GiB" estimate meta-llama/Llama-3.1-8B-Instruct --bits 16 --gpu "RTX 4090" --context 8192 --concurrency 8
case_ 1 "bits:4         fits as far as known (rule peak): peak prefill 19.91 GiB, margin 3.61 GiB" estimate meta-llama/Llama-3.1-8B-Instruct --bits 16,4 --gpu "RTX 4090" --context 8192 --concurrency 8
case_ 4 "fits as far as known: peak prefill 19.91 GiB of 23.52 GiB (25.25 GB; 25254407700 B), useful margin 3.61 GiB" estimate meta-llama/Llama-3.1-8B-Instruct --bits 4 --gpu "RTX 4090" --context 8192 --concurrency 8
case_ 1 "16.06  kv_cache, activations, logits, runtime_context, allocator_slack" estimate meta-llama/Llama-3.1-8B-Instruct --bits 16,4 --gpu "RTX 4090" --context 8192 --concurrency 8
case_ 1 '"all_fit": false' estimate meta-llama/Llama-3.1-8B-Instruct --bits 16,4 --gpu "RTX 4090" --context 8192 --concurrency 8 --json
case_ 4 '"all_fit": true' estimate meta-llama/Llama-3.1-8B-Instruct --bits 8,4 --gpu "H100 SXM" --context 8192 --json
case_ 1 "bits:16        DOES NOT FIT (rule vllm-pool): peak serve 21.64 GiB, short by 2.73 GiB of pool" estimate meta-llama/Llama-3.1-8B-Instruct --bits 16,4 --runtime vllm --gpu "RTX 4090" --context 8192 --concurrency 8 --runtime-version 0.21.0
# issue 39: sizes beyond any GPU and percentages beyond physics are refused, naming the field
case_ 2 "--capacity: 109950063265972224 B is more than one GPU holds" estimate --params 7e9 --capacity 99999TiB
case_ 2 "--allocator-slack: got 1000%, expected at most 100%" estimate --params 7e9 --allocator-slack 1000%
case_ 2 "--reserve: 5497558138880000 B is more than one GPU holds" estimate --params 7e9 --reserve 5000TiB
# issue 35 defect 8: the smaller ones, each pinned
case_ 0 "context-labs/meta-llama-Llama-3.2-3B-Instruct-FP16     3212749824" matrix context-labs/meta-llama-Llama-3.2-3B-Instruct-FP16 meta-llama/Llama-3.1-8B-Instruct --gpu "RTX 4090"
case_ 0 "deepseek-ai/DeepSeek-R1-Distill-Llama-70B             70553706496  x 131.91 GiB in decode at 1" matrix deepseek-ai/DeepSeek-R1-Distill-Llama-70B context-labs/meta-llama-Llama-3.2-3B-Instruct-FP16 --gpu "RTX 4090"
# the header names the capacity its cells are judged against: Transformers' is the CUDA total (as fit's)
case_ 0 "what fits on 79.18 GiB (device-reported: nvidia-smi total, driver 550 = 81559 MiB for H100 SXM" matrix microsoft/phi-4 --gpu "H100 SXM" --context 8192
case_ 0 "what fits on 79.65 GiB (device-reported" matrix microsoft/phi-4 --gpu "H100 SXM" --context 8192 --runtime vllm
case_ 2 "--tp: tp 2 x pp 1 needs 2 GPUs (or a multiple): add --gpus 2" estimate meta-llama/Llama-3.1-8B-Instruct --tp 2
case_ 2 '--concurrency: got "7x", expected a whole number, e.g. 1, 8, 64' estimate meta-llama/Llama-3.1-8B-Instruct --concurrency 7x
case_ 2 '--context: got "8q", expected a whole number of tokens, e.g. 8192, 8k, 128K' estimate meta-llama/Llama-3.1-8B-Instruct --context 8q
case_ 2 '--params: got "7x", expected a non-negative whole count, e.g. 7e9, 7B' estimate --params 7x
case_ 2 'unknown option "--contxt"; did you mean --context?' estimate meta-llama/Llama-3.1-8B-Instruct --contxt 8k
case_ 2 'unknown option "--jsn"; did you mean --json?' fit meta-llama/Llama-3.1-8B-Instruct --jsn x
case_ 3 "did you mean meta-llama/Llama-3.1-8B-Instruct?" estimate meta-llama/Llama-3.1-8B-Instrct
case_ 0 "meta-llama/Llama-2-13b-hf                          Llama 2          llama          13015864320       4096" models
case_ 0 "meta-llama/Llama-2-70b-hf                          Llama 2          llama          68976648192       4096" models
case_ 0 '<ul id="formulas">' sheet meta-llama/Llama-3.1-8B-Instruct --context 8192 --gpu "RTX 4090" --html
case_ 0 '<tr class="phase-peak"><th>phase peak [GB]</th>' sheet meta-llama/Llama-3.1-8B-Instruct --context 8192 --gpu "RTX 4090" --html
case_ 0 '<p id="verdict">Capacity check (rule peak): <b>fits</b>' sheet meta-llama/Llama-3.1-8B-Instruct --context 8192 --gpu "RTX 4090" --html
case_ 0 '"schema": "gpusizer/formats/v1"' formats --json
case_ 1 "largest concurrency at its length: 1 sequence" fit meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 40000 --concurrency 2 --runtime-version 0.21.0
case_ 0 "19.04 GiB" estimate data/sheets/seed-7b.yaml
case_ 0 '"parameters": 8030261248' estimate --model $L3 --json
case_ 0 '"parameters": 7241732096' estimate --model data/models/mistralai__Mistral-7B-v0.1.json --json
case_ 0 '"parameters": 6738415616' estimate --model data/models/meta-llama__Llama-2-7b-hf.json --json
case_ 0 '"bytes": 1073741824' estimate --model $L3 --context 8192 --concurrency 1 --json
case_ 0 "kv_cache               estimated                -            1.00            1.00" estimate $L3 --context 8192
case_ 0 "| kv_cache | estimated |" estimate $L3 --context 8192 --markdown
case_ 0 "phase peak [GB]" estimate $L3 --context 8192 --units GB
case_ 0 '"from": "flag"' estimate data/sheets/llama3-8b-chat.yaml --context 4096 --json
case_ 0 '"where": "data/sheets/llama3-8b-chat.yaml:8:14"' estimate data/sheets/llama3-8b-chat.yaml --json
case_ 0 "model:       data/sheets/../models/meta-llama__Meta-Llama-3-8B.json" estimate data/sheets/llama3-8b-chat.yaml
case_ 0 "quality:     answers match" estimate data/sheets/llama3-8b-chat.yaml
case_ 0 "vLLM max concurrency for 8192 tokens per request" estimate $L3 --runtime vllm --gpu "RTX 4090" --context 8192 --runtime-version 0.21.0
case_ 0 "other_format_modules   estimated             1.96" estimate $L3 --format nf4
case_ 0 "weights as config.json's quantization_config stores them: fp8, one scale per 128x128 block" estimate data/models/deepseek-ai__DeepSeek-V3.json --context 4096
case_ 0 '"format_from": "quantization_config"' estimate data/models/deepseek-ai__DeepSeek-V3.json --context 4096 --json
case_ 0 "--format bf16 disagrees with config.json's quantization_config" estimate data/models/deepseek-ai__DeepSeek-V3.json --format bf16 --context 4096
case_ 0 "point estimate:      fits: peak prefill 17.41 GiB of 23.52 GiB" estimate $L3 --context 8192 --gpu "RTX 4090"
case_ 1 "point estimate:      DOES NOT FIT: peak prefill 46.81 GiB, short by 23.29 GiB" estimate $L3 --context 8192 --concurrency 16 --gpu "RTX 4090"
case_ 1 "point estimate:      DOES NOT FIT" estimate $L3 --context 8192 --concurrency 16 --gpu "RTX 4090"
case_ 1 "DOES NOT FIT: vLLM's KV pool holds 2700 blocks (43200 tokens), the sheet needs 8192 blocks (131072 tokens): short by 5492 blocks = 10.73 GiB of pool" estimate $L3 --runtime vllm --context 8192 --concurrency 16 --gpu "RTX 4090" --runtime-version 0.21.0
# issue 35 defect 2: the shortfall is the pool's, not the headroom outside vLLM's budget (2.35 GiB), and the
# device margin is stated apart; one block short is 2 MiB, not the headroom
case_ 1 "short by 1396 blocks = 2.73 GiB of pool" estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8192 --concurrency 8 --runtime-version 0.21.0
case_ 1 "device:              peak serve 21.64 GiB of 23.99 GiB (25.76 GB; 25757220864 B); 2.35 GiB" estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8192 --concurrency 8 --runtime-version 0.21.0
case_ 4 "652 blocks to spare (10432 tokens, 1.27 GiB of pool)" estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8192 --concurrency 4 --runtime-version 0.21.0
case_ 4 "short by 1 block = 2.00 MiB of pool" estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu L4 --context 30113 --runtime-version 0.21.0
case_ 1 "short by 90494 tokens = 11.05 GiB of pool" estimate meta-llama/Llama-3.1-8B-Instruct --runtime sglang --gpu L4 --context 30113 --concurrency 4 --runtime-version 0.4.9
case_ 1 '"short_bytes": 2927624192' estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8192 --concurrency 8 --json --runtime-version 0.21.0
case_ 1 '"rule": "vllm-pool"' estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8192 --concurrency 8 --json --runtime-version 0.21.0
# defect 3: shortlist and sheet judge each offer by the same verdict as estimate --gpu on that GPU
C7=tests/data/sheets/vllm-llama31-8b-c7.yaml
case_ 1 "short by 884 blocks = 1.73 GiB of pool" estimate $C7 --gpu "RTX 4090"
case_ 1 "memory [exclude]: vLLM on this GPU: vLLM's KV pool holds 2700 blocks (43200 tokens), the sheet needs 3584 blocks (57344 tokens): short by 884 blocks" shortlist $C7 --catalog data/catalogs/seed-offers.yaml
case_ 0 "margin short by 1.73 GiB of KV pool" sheet $C7 --catalog data/catalogs/seed-offers.yaml
# defect 4: a tensor-parallel degree the engine refuses to start with is refused with its reason (exit 2)
case_ 2 "tp 3: vLLM would not start: \"Total number of attention heads (32) must be divisible by tensor parallel size (3).\"" estimate meta-llama/Llama-3.1-8B --runtime vllm --gpus 3 --tp 3 --gpu "RTX 4090" --runtime-version 0.21.0
case_ 2 "degrees it accepts for this model: 1, 2, 4, 8, 16, 32" estimate meta-llama/Llama-3.1-8B --runtime sglang --gpus 3 --tp 3 --gpu "RTX 4090" --runtime-version 0.4.9
case_ 2 "5 KV heads neither split over nor replicate evenly on 3 GPUs" estimate HuggingFaceTB/SmolLM2-360M-Instruct --runtime vllm --gpus 3 --tp 3 --gpu L4 --runtime-version 0.21.0
case_ 0 "vLLM's KV pool holds" estimate meta-llama/Llama-3.1-8B --runtime vllm --gpus 16 --tp 16 --gpu "RTX 4090" --runtime-version 0.21.0
# defect 7: eval_microbatch follows the microbatch through fit's search (validation is the largest phase)
case_ 0 "largest microbatch: 5 sequences" fit bigscience/bloomz-560m --task lora --checkpointing full --loss chunked --context 2048 --gpu L4
case_ 1 "point estimate:      DOES NOT FIT: peak validation 24.07 GiB" estimate bigscience/bloomz-560m --task lora --checkpointing full --loss chunked --context 2048 --gpu L4 --microbatch 6
# defect 6: fit and matrix search with the device kept, so a release's rules by GPU (0.8.4's H100/H200
# by name; 0.9.0 on: not an A100) hold in the search as in estimate
case_ 0 "largest context: 17632 tokens" fit deepseek-ai/DeepSeek-R1-Distill-Qwen-32B --runtime vllm --runtime-version 0.8.4 --gpu "H100 SXM"
case_ 1 "vLLM's KV pool holds 1102 blocks (17632 tokens), the sheet needs 2175 blocks" estimate deepseek-ai/DeepSeek-R1-Distill-Qwen-32B --runtime vllm --runtime-version 0.8.4 --gpu "H100 SXM" --context 34800
case_ 0 "largest context: 42624 tokens" fit deepseek-ai/DeepSeek-R1-Distill-Qwen-32B --runtime vllm --gpu "A100 80GB" --runtime-version 0.21.0
case_ 0 "meta-llama/Llama-3.1-70B-Instruct    70553706496  93232..104032" matrix meta-llama/Llama-3.1-70B-Instruct --gpu "A100 80GB" --runtime vllm --formats nf4 --runtime-version 0.21.0
case_ 0 '"margin_bytes"' estimate $L3 --context 8192 --capacity 24GB --json
case_ 0 "nf4-dq" formats
case_ 0 "24564 MiB" formats

# serving engines by release (issue #9): versions, the CUDA total, SGLang
Q=tests/data/configs/quant/llama-3.1-8b
L31=data/models/meta-llama__Llama-3.1-8B.json
case_ 0 "1978 blocks of 16 tokens = 31648 tokens" estimate $L31 --runtime vllm --runtime-version 0.6.4 --gpu "RTX 3090" --context 20000
case_ 0 "vLLM profile run:    20000 tokens, 256 dummy requests (V0, max_model_len 20000: chunked prefill off" estimate $L31 --runtime vllm --runtime-version 0.6.4 --gpu "RTX 3090" --context 20000
case_ 1 "vLLM profile run:    512 tokens" estimate $L31 --runtime vllm --runtime-version 0.6.4 --gpu "RTX 3090" --context 65536
case_ 1 "vLLM profile run:    2048 tokens" estimate $L31 --runtime vllm --runtime-version 0.7.3 --gpu "RTX 3090" --context 65536
case_ 0 "vLLM profile run:    8192 tokens, 1024 dummy requests (V1, vllm serve, H100/H200 by name)" estimate $L31 --runtime vllm --runtime-version 0.8.4 --gpu "H100 SXM" --context 8192
# 0.8.5 gave the larger batches to any GPU of 70 GiB (PR #17073); 0.9.0 took the A100 back out (PR #17885)
case_ 0 "vLLM profile run:    8192 tokens, 1024 dummy requests (V1, vllm serve, CUDA total >= 70 GiB)" estimate $L31 --runtime vllm --runtime-version 0.8.5 --gpu "A100 80GB" --context 8192
case_ 0 "vLLM profile run:    2048 tokens, 256 dummy requests (V1, vllm serve, below 70 GiB or an A100)" estimate $L31 --runtime vllm --runtime-version 0.9.0 --gpu "A100 80GB" --context 8192
case_ 0 "vLLM profile run:    2048 tokens, 256 dummy requests (V1, vllm serve, below 70 GiB or an A100)" estimate $L31 --runtime vllm --gpu "A100 80GB" --context 8192 --runtime-version 0.21.0
case_ 0 "vLLM profile run:    16384 tokens, 1024 dummy requests (V1, LLM class, CUDA total >= 70 GiB" estimate $L31 --runtime vllm --gpu "H200" --entrypoint llm --context 8192 --runtime-version 0.21.0
case_ 0 "0.9.2 is not in the release table: the defaults of 0.9.0" estimate $L31 --runtime vllm --runtime-version 0.9.2 --gpu "RTX 4090" --context 8192
case_ 2 "0.8.2 is not in the release table, and the estimate changed between 0.7.3 and 0.8.4: 0.8.0 made the V1 engine the default" estimate $L31 --runtime vllm --runtime-version 0.8.2 --gpu "RTX 4090" --context 8192
case_ 0 '"runtime_version": "0.28.0"' estimate $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --json
case_ 0 "0.19.1 estimates as 0.19.0 does" estimate $L31 --runtime vllm --runtime-version 0.19.1 --gpu "RTX 4090" --context 8192
case_ 0 "0.15.1 estimates as 0.15.0 does" estimate $L31 --runtime vllm --runtime-version 0.15.1 --gpu "RTX 4090" --context 8192
# vLLM's four-part patch releases are release numbers
case_ 0 "0.10.1.1 estimates as 0.10.1 does" estimate $L31 --runtime vllm --runtime-version 0.10.1.1 --gpu "RTX 4090" --context 8192
case_ 0 "0.17.1 is not in the release table: the defaults of 0.17.0" estimate $L31 --runtime vllm --runtime-version 0.17.1 --gpu "RTX 4090" --context 8192
case_ 0 "0.10.2 is not in the release table: the defaults of 0.10.1" estimate $L31 --runtime vllm --runtime-version 0.10.2 --gpu "RTX 4090" --context 8192
case_ 0 '"cuda_total_bytes": 25254407700' estimate $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --json --runtime-version 0.21.0
case_ 0 "CUDA total:  23.28 GiB (24.99 GB; 24993857536 B) — derived: device total - 728 MiB" estimate $L31 --runtime vllm --capacity 24564MiB --context 8192 --runtime-version 0.21.0
case_ 0 "CUDA total:  23.00 GiB (24.70 GB; 24696061952 B) — given: 23GiB" estimate $L31 --runtime vllm --capacity 24564MiB --cuda-total 23GiB --context 8192 --runtime-version 0.21.0
case_ 2 "cuda_total 30GiB is more than the device total" estimate $L31 --runtime vllm --capacity 24564MiB --cuda-total 30GiB --runtime-version 0.21.0
case_ 2 "older than the oldest release gpusizer knows; known releases: 0.6.4, 0.7.3, 0.8.4, 0.8.5, 0.9.0 (for 0.9.0 to 0.9.0.1), 0.10.1 (for 0.10.1 to 0.10.1.1), 0.11.0, 0.11.1 (for 0.11.1 to 0.11.2), 0.12.0, 0.13.0, 0.14.0 (for 0.14.0 to 0.14.1), 0.15.0 (for 0.15.0 to 0.15.1), 0.16.0, 0.17.0, 0.18.0 (for 0.18.0 to 0.18.1), 0.19.0 (for 0.19.0 to 0.19.1), 0.20.0, 0.20.1 (for 0.20.1 to 0.20.2), 0.21.0" estimate $L31 --runtime vllm --runtime-version 0.5.4
# a release newer than every row: the newest row's rules, the answer to confirm (issue 46)
case_ 4 "vLLM 0.99.0 is newer than the rules read" estimate $L31 --runtime vllm --runtime-version 0.99.0 --gpu "RTX 4090" --context 8192
case_ 0 "0.99.0 is newer than the rules read" estimate $L31 --runtime vllm --runtime-version 0.99.0 --context 8192
case_ 4 '"verdict": "to_confirm"' estimate $L31 --runtime vllm --runtime-version 0.99.0 --gpu "RTX 4090" --context 8192 --json
case_ 4 "SGLang 0.9.0 is newer than the rules read" estimate $L31 --runtime sglang --runtime-version 0.9.0 --gpu "H100 SXM" --context 8192
case_ 2 "is not a release number" estimate $L31 --runtime vllm --runtime-version latest
case_ 2 "--runtime-version: read by runtimes vllm, sglang, llamacpp and ollama, not by transformers (runtime: default)" estimate $L31 --runtime-version 0.6.4
case_ 0 "lora_slots" estimate $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --max-loras 4 --max-lora-rank 64 --runtime-version 0.21.0
case_ 0 "fused-experts workspace larger" estimate data/models/mistralai__Mixtral-8x7B-v0.1.json --runtime vllm --gpu H200 --context 8192 --runtime-version 0.21.0
case_ 0 "SGLang KV pool:      53.89 GiB (57.86 GB; 57861210112 B) = 441446 tokens (max_total_num_tokens), max_running_requests 4096" estimate $L31 --runtime sglang --gpu "H100 SXM" --context 8192 --concurrency 16 --runtime-version 0.4.9
case_ 0 "SGLang mem_fraction_static: 880/1000 (by tensor-parallel size: 0.880 for tp 1); chunked_prefill_size 2048" estimate $L31 --runtime sglang --runtime-version 0.4.6 --gpu "RTX 4090" --context 8192
case_ 0 '"max_running_requests": 4096' estimate $L31 --runtime sglang --gpu "H100 SXM" --context 8192 --json --runtime-version 0.4.9
case_ 0 "load_window: 236453888 B rounded away by the caching allocator" estimate data/models/Qwen__QwQ-32B.json --runtime sglang --gpu L4 --gpus 4 --tp 4 --context 8192 --runtime-version 0.4.9
case_ 0 "rounding of fp8-e4m3 weight tensors is not computed" estimate $L31 --runtime sglang --format fp8-e4m3 --gpu L4 --context 4096 --runtime-version 0.4.9
case_ 1 "SGLang: the sheet needs 262144 tokens for 2 sequences of 131072: DOES NOT FIT" estimate $L31 --runtime sglang --gpu "RTX 4090" --context 128k --concurrency 2 --runtime-version 0.4.9
case_ 2 "max_loras sizes vLLM's LoRA slots" estimate $L31 --runtime sglang --gpu "RTX 4090" --max-loras 2 --runtime-version 0.4.9
case_ 0 "largest concurrency: 5 sequences" fit $L31 --runtime sglang --gpu "RTX 4090" --context 8192 --runtime-version 0.4.9
# GPU names as nvidia-smi prints them
case_ 4 "= 40960 MiB for A100 40GB" estimate $L31 --gpu "NVIDIA A100-SXM4-40GB"
case_ 4 "= 16384 MiB for V100 16GB" estimate $L31 --gpu "Tesla V100-SXM2-16GB"
case_ 4 "= 81920 MiB for A800 80GB" estimate $L31 --gpu "NVIDIA A800-SXM4-80GB"
case_ 1 "= 12282 MiB for RTX 4070" estimate $L31 --gpu "NVIDIA GeForce RTX 4070"
case_ 4 "= 81559 MiB for H100 SXM" estimate $L31 --gpu "NVIDIA H100 80GB HBM3"
case_ 2 'GPU "A100" is ambiguous: A100 40GB, A100 80GB' estimate $L31 --gpu A100
case_ 2 'GPU "NVIDIA GeForce RTX 4060 Ti" is ambiguous: RTX 4060 Ti 8GB, RTX 4060 Ti 16GB' estimate $L31 --gpu "NVIDIA GeForce RTX 4060 Ti"
case_ 2 'unknown GPU "RTX 4090X": not in the device table; did you mean RTX 4090, RTX 4090 D?' estimate $L31 --gpu "RTX 4090X"
case_ 1 "nominal 32 GB for RTX 5000 Ada: no device-reported total is on record" estimate $L31 --gpu "RTX 5000 Ada" --context 131072 --concurrency 4
case_ 4 "the capacity is the nominal size: read the device's total (nvidia-smi --query-gpu=memory.total)" estimate meta-llama/Llama-3.2-3B-Instruct --gpu "RTX 5000 Ada" --context 2048
case_ 0 "capacity:    23.99 GiB (25.76 GB; 25757220864 B) — device-reported: nvidia-smi total, drivers 550 and 580 = 24564 MiB for RTX 3090 Ti" estimate meta-llama/Llama-3.2-3B-Instruct --gpu "RTX 3090 Ti" --context 2048
case_ 0 "= 16376 MiB for RTX 4080 SUPER" estimate meta-llama/Llama-3.2-3B-Instruct --gpu "RTX 4080 SUPER" --context 2048
# quantization_config sets the default format
case_ 0 '"format": "gptq-g128-act"' estimate $Q-gptq-4bit-g128-act.json --json
case_ 0 '"format": "awq-g128"' estimate $Q-awq-4bit-g128.json --json
case_ 0 '"format": "nf4-dq"' estimate $Q-bnb-nf4-dq.json --json
case_ 0 '"format": "fp8-channel"' estimate $Q-fbgemm-fp8.json --json
case_ 0 '"format": "fp8-channel"' estimate $Q-ct-fp8-channel.json --json
case_ 0 '"format": "w4a16-g128"' estimate $Q-ct-w4a16.json --json
case_ 0 "weights                estimated             3.25" estimate $Q-awq-4bit-g128.json
case_ 0 '"format": "bf16"' estimate $Q-awq-4bit-g128.json --format bf16 --json
case_ 2 'quant_method "hqq" is not one gpusizer reads' estimate $Q-unreadable-hqq.json
# NVFP4 (compressed-tensors and ModelOpt, config.json or hf_quant_config.json beside it), W8A8
# int8 (issue 48 item 3); Transformers refuses NVFP4 rather than guess how it holds it
case_ 0 '"format": "nvfp4"' estimate $Q-ct-nvfp4.json --runtime vllm --json
case_ 0 'weights nvfp4, KV cache fp8-e4m3' estimate tests/data/configs/quant/qwen3-32b-nvfp4 --runtime vllm --gpu B200 --context 8192
case_ 0 "through Marlin's weight-only GEMM, with the checkpoint's bytes" estimate tests/data/configs/quant/qwen3-32b-nvfp4 --runtime vllm --gpu "H100 SXM" --context 8192
case_ 2 'SGLang 0.5.10 loads ModelOpt nvfp4 from compute capability 10.0 on' estimate tests/data/configs/quant/qwen3-32b-nvfp4 --runtime sglang --runtime-version 0.5.10 --gpu "H100 SXM" --context 8192
case_ 2 'Transformers has no ModelOpt quantizer' estimate tests/data/configs/quant/qwen3-32b-nvfp4
case_ 0 'weights nvfp4-experts' estimate tests/data/configs/quant/qwen3-30b-a3b-nvfp4-experts --runtime vllm --gpu B200 --context 8192
case_ 0 'weights int8-channel' estimate $Q-ct-w8a8-int8.json --runtime vllm --gpu "H100 SXM" --context 8192
# model ids as people write them (issue 48 item 5): a re-upload named after a library model is read
# offline by its name, what was assumed said; an unread suffix is refused with the nearest reading
case_ 0 "unsloth/Qwen3-14B, read offline by its name (the hub did not answer): Qwen/Qwen3-14B's config.json" estimate unsloth/Qwen3-14B
case_ 0 "weights as the model's name implies: implied by the name's -unsloth-bnb-4bit" estimate unsloth/Llama-3.1-8B-Instruct-unsloth-bnb-4bit --runtime vllm --gpu "H100 SXM" --context 8192
case_ 0 "weights fp8-block128" estimate unsloth/Qwen3-14B-FP8 --runtime vllm --gpu "H100 SXM" --context 8192
case_ 0 "weights awq-g128" estimate someone/Qwen3-14B-AWQ --runtime vllm --gpu "H100 SXM" --context 8192
case_ 0 "weights nvfp4, KV cache fp8-e4m3" estimate nvidia/Qwen3-32B-NVFP4 --runtime vllm --gpu B200 --context 8192
case_ 0 "moonshotai/Kimi-K2.5's config.json from the library with the name's -NVFP4" estimate nvidia/Kimi-K2.5-NVFP4 --runtime vllm --gpus 8 --tp 8 --gpu B200 --context 8192
case_ 3 "by its name a GGUF repository of Qwen/Qwen3-14B" estimate unsloth/Qwen3-14B-GGUF --runtime llamacpp
case_ 0 "weights gguf:Q4_K_M" estimate unsloth/Qwen3-14B-GGUF --runtime llamacpp --format Q4_K_M --context 8192
# the file type Ollama's and llama-server's hf.co/org/name:QUANT names is the format, as --format is
case_ 0 "weights gguf:Q4_K_M" estimate hf.co/unsloth/Qwen3-14B-GGUF:Q4_K_M --context 8192
case_ 0 "Qwen3-14B-GGUF, read offline by its name" estimate hf.co/unsloth/Qwen3-14B-GGUF:Q4_K_M --context 8192
case_ 3 '"-EXL2" is not a quantization gpusizer reads from a name' estimate unsloth/Qwen3-14B-EXL2
case_ 3 "(the nearest: -awq)" estimate unsloth/Qwen3-14B-AWQ4
case_ 0 '(attention, embeddings, lm_head, norms, biases/routers)' estimate $Q-ct-nvfp4-attn16.json --runtime vllm --gpu B200 --context 8192 --verbose
case_ 0 '"format": "bf16"' estimate $Q-unreadable-hqq.json --format bf16 --json

# fit and diagnose speak in KV-pool terms for serving engines (issue #15)
case_ 1 "vLLM's KV pool holds 38432 tokens (2402 blocks of 16); one request needs 32768 tokens, the sheet 131072" fit $L31 --runtime vllm --runtime-version 0.16.0 --gpu "RTX 4090" --context 32768 --concurrency 4
case_ 1 "the largest pool for the need first" fit $L31 --runtime vllm --runtime-version 0.16.0 --gpu "RTX 4090" --context 32768 --concurrency 4
case_ 1 "kv_format fp8: pool 76880 tokens (4805 blocks)" fit $L31 --runtime vllm --runtime-version 0.16.0 --gpu "RTX 4090" --context 32768 --concurrency 4
case_ 1 "cuda_graphs 0GiB with gpu_memory_utilization 0.99: pool 55776 tokens" fit $L31 --runtime vllm --runtime-version 0.16.0 --gpu "RTX 4090" --context 32768 --concurrency 4
case_ 1 '"kv_tokens_after": 199408' fit $L31 --runtime vllm --runtime-version 0.16.0 --gpu "RTX 4090" --context 32768 --concurrency 4 --json
case_ 1 "SGLang would not start: the fixed items leave no KV pool" fit $L31 --runtime sglang --capacity 16GiB --context 8192 --runtime-version 0.4.9
case_ 0 "max_model_len 262144 tokens; the KV cache holds 34736" diagnose tests/data/logs/vllm-v1-pp.log --runtime-version 0.21.0
case_ 0 "phase: profile" diagnose tests/data/logs/vllm-no-cache.log --runtime-version 0.21.0
case_ 0 "SGLang: no memory left for the token-to-KV pool" diagnose tests/data/logs/sglang-negative.log
case_ 0 "1. tp 2 with gpus 2: pool 199408 tokens" diagnose tests/data/logs/vllm-v0-qwen15.log $L31 --runtime vllm --runtime-version 0.16.0 --gpu "RTX 4090" --context 32768 --concurrency 4
case_ 0 "SGLang would not start" diagnose tests/data/logs/sglang-not-enough.log $L31 --runtime sglang --capacity 16GiB --context 8192 --runtime-version 0.4.9

# llama.cpp file types from a config.json (issue #10)
case_ 0 "Q4_K: 193 tensors, 3655139328 B; F32: 65 tensors, 1064960 B; Q6_K: 33 tensors, 1256693760 B" estimate $L31 --runtime llamacpp --format Q4_K_M --context 2048 --concurrency 4
case_ 0 "weights                estimated             4.30" estimate $L31 --runtime llamacpp --format q4_k_m --context 2048
case_ 0 "gguf:Q5_K_M            5.73                5.00" estimate $L31 --runtime llamacpp --format q4_k_m,q5_k_m,q8_0 --context 8192
case_ 2 "not a llama.cpp file type" estimate $L31 --runtime llamacpp --format nf4
case_ 2 'quantization rules are implemented for llama, mistral' estimate data/models/tiiuae__falcon-7b.json --runtime llamacpp --format Q4_K_M
case_ 0 'Q6_K: 130 tensors, 2275660800 B; F32: 258 tensors, 4280320 B' estimate data/models/EleutherAI__pythia-2.8b.json --runtime llamacpp --format Q6_K --context 2048
case_ 0 'Q2_K: 65 tensors, 523944960 B; F32: 258 tensors, 4280320 B; Q3_K: 64 tensors' estimate data/models/EleutherAI__pythia-2.8b.json --runtime llamacpp --format Q2_K --quantizer b4020 --context 2048
case_ 0 '--quantizer b4020 plans that file' estimate data/models/EleutherAI__pythia-2.8b.json --runtime llamacpp --format Q2_K --context 2048
case_ 2 '--quantizer: read by runtimes llamacpp and ollama, not by vllm (runtime: --runtime)' estimate $L31 --runtime vllm --quantizer b4020 --runtime-version 0.21.0
case_ 0 'native top-k/top-p sampler at its sort' estimate $L31 --runtime vllm --runtime-version 0.16.0 --gpu L40S --context 8192 --sampler native
case_ 0 'native path from 0.17.0: fp32 copy 4, top-k/top-p in place (Triton)' estimate $L31 --runtime vllm --runtime-version 0.17.0 --gpu L40S --context 8192 --sampler native
case_ 2 '--sampler: read by runtime vllm, not by sglang' estimate $L31 --runtime sglang --gpu L40S --context 8192 --sampler native --runtime-version 0.4.9
case_ 2 'got "torch", expected one of native, flashinfer' estimate $L31 --runtime vllm --gpu L40S --sampler torch --runtime-version 0.21.0
case_ 2 'got "b9999", expected one of 007dbbf3, b4020' estimate data/models/EleutherAI__pythia-2.8b.json --runtime llamacpp --format Q2_K --quantizer b9999
# --imatrix: Q4_0's first n_layer/8 ffn_down in Q4_1 (a published imatrix Q4_0 of Qwen3-8B is this plus its metadata)
case_ 0 'Q4_1: 4 tensors, 125829120 B' estimate data/models/Qwen__Qwen3-8B.json --runtime llamacpp --format Q4_0 --imatrix --context 512
case_ 0 'Q4_1: 4 tensors, 125829120 B' estimate data/models/Qwen__Qwen3-8B.json --runtime llamacpp --format Q4_0 --imatrix yes --context 512
case_ 0 'the file holds 12582912 B more (the first n_layer/8 ffn_down in Q4_1): --imatrix plans that file' estimate data/models/Qwen__Qwen3-8B.json --runtime llamacpp --format Q4_0 --context 512
case_ 2 '--imatrix: read by runtimes llamacpp and ollama, not by vllm' estimate $L31 --runtime vllm --imatrix --runtime-version 0.21.0
case_ 2 'got "maybe", expected one of no, yes' estimate data/models/Qwen__Qwen3-8B.json --runtime llamacpp --format Q4_0 --imatrix=maybe
case_ 2 'unknown format "Q4_K_X"' estimate $L31 --runtime llamacpp --format Q4_K_X

case_ 0 '"device": "CUDA1"' estimate $L31 --runtime llamacpp --format q4_k_m --context 8192 --gpus 2 --gpu-layers 20 --json
case_ 0 "blocks not offloaded with their KV and graph" estimate $L31 --runtime llamacpp --format q4_k_m --context 8192 --gpu-layers 20
# partial offload: the head stays on the host and its matmul runs on CUDA0 with a copy of its weights
# (ggml-ci build 4020, pythia-2.8b Q4_0 -ngl 10 logs 203.99 MiB = 105638400 + 512 x (50304 + 2560) x 4 B)
PY28=data/models/EleutherAI__pythia-2.8b.json
case_ 0 '"bytes": 213903872' estimate $PY28 --runtime llamacpp --runtime-version b4020 --format Q4_0 --quantizer b4020 --context 2048 --gpu-layers 10 --json
case_ 0 '"bytes": 170917888' estimate $PY28 --runtime llamacpp --runtime-version b4020 --format Q4_0 --quantizer b4020 --context 2048 --gpu-layers 10 --op-offload no --json
case_ 0 '"bytes": 170917888' estimate $PY28 --runtime llamacpp --runtime-version b4020 --format Q4_0 --quantizer b4020 --context 2048 --gpu-layers 10 --no-op-offload --json
case_ 0 '"bytes": 10348544' estimate $PY28 --runtime llamacpp --runtime-version b4020 --format Q4_0 --quantizer b4020 --context 2048 --gpu-layers 10 --n-ubatch 31 --json
case_ 0 "ops offloaded from the host (batch >= 32): head on the host" estimate $PY28 --runtime llamacpp --runtime-version b4020 --format Q4_0 --context 2048 --gpu-layers 10
# Gemma 2/3 under llama.cpp: sliding-window layers in their own cache of min(n_ctx, window x n_seq + n_ubatch)
# cells padded to 256 (llama-kv-cache-iswa.cpp). Gemma-3-1B, 8192 tokens: 4 full layers x 8192 + 22 sliding
# layers x 1024 cells, 512 elements x 2 B per cell; --swa-full: all 26 at 8192
G31=data/models/google__gemma-3-1b-it.json
case_ 0 '"bytes": 56623104' estimate $G31 --runtime llamacpp --format Q4_K_M --context 8192 --concurrency 1 --json
case_ 0 '"bytes": 218103808' estimate $G31 --runtime llamacpp --format Q4_K_M --context 8192 --swa-full yes --json
case_ 0 "22 of them sliding-window layers with 1024 cells (window 512)" estimate $G31 --runtime llamacpp --format Q4_K_M --context 8192 --concurrency 1
# llama-server's automatic 4 slots share one cache (b6925 on): 4 x 512 + 512 = 2560 SWA cells;
# 4 x 8192 + 22 x 2560 = 89088 cells x 1024 B
case_ 0 "22 of them sliding-window layers with 2560 cells (window 512)" estimate $G31 --runtime llamacpp --format Q4_K_M --context 8192
case_ 0 '"bytes": 91226112' estimate $G31 --runtime llamacpp --format Q4_K_M --context 8192 --json
# Gemma-2-9B: window 4096, -np 4 in one context of 32768: 4 streams of 8192 cells, each SWA stream
# pad256(min(8192, 4096 + 512)) = 4608 (18432 cells); with -kvu one cache of min(32768, 4 x 4096 + 512) = 16896
case_ 0 "21 of them sliding-window layers with 18432 cells (window 4096)" estimate data/models/google__gemma-2-9b.json --runtime llamacpp --format Q4_K_M --context 8192 --concurrency 4
case_ 0 "21 of them sliding-window layers with 16896 cells (window 4096)" estimate data/models/google__gemma-2-9b.json --runtime llamacpp --format Q4_K_M --context 8192 --concurrency 4 -kvu
# b5554 (the SWA cache + n_ubatch, padded as the cache: 32 without flash attention, the default before b6325)
case_ 0 "22 of them sliding-window layers with 1024 cells (window 512) [" estimate $G31 --runtime llamacpp --runtime-version b5554 --format Q4_K_M --context 8192 --gpu-layers 99
case_ 2 "--swa-full: read by runtime llamacpp, not by ollama" estimate data/models/google__gemma-2-2b-it.json --runtime ollama --format Q4_K_M --swa-full yes
case_ 0 '"bytes": 218103808' estimate $G31 --runtime llamacpp --format Q4_K_M --swa-full --context 8192 --json
case_ 0 '"bytes": 56623104' estimate $G31 --runtime llamacpp --format Q4_K_M --context 8192 --concurrency 1 --no-swa-full --json
# llama.cpp by build (issue 47): the row a build takes, its defaults, -ot / --n-cpu-moe, --fit
case_ 0 "b7342 estimates as b6975 does" estimate $L31 --runtime llamacpp --format Q4_K_M --runtime-version b7342 --gpu "RTX 4090"
case_ 0 "length:      4096 tokens (b6975's default: 4096 (common_params.n_ctx))" estimate $L31 --runtime llamacpp --format Q4_K_M --runtime-version b7342 --gpu "RTX 4090"
case_ 0 "length:      131072 tokens (b9460's default: -c 0, the model's trained context)" estimate $L31 --runtime llamacpp --format Q4_K_M --gpu "H100 SXM"
case_ 0 "flash attention off (off: b5913's default (auto from b6325))" estimate $L31 --runtime llamacpp --format Q4_K_M --runtime-version b6000 -c 8192
case_ 0 "offloads nothing to a CUDA GPU without -ngl" estimate $L31 --runtime llamacpp --format Q4_K_M --runtime-version b6000 -c 8192
case_ 0 "flash attention on (-fa auto (the default from b6325)" estimate $L31 --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "flash attention off (-fa off, as given)" estimate $L31 --runtime llamacpp --format Q4_K_M -c 8192 -fa off
case_ 0 "concurrency: 4 sequences, n_ctx 8192 (llama-server's automatic -np: 4 slots" estimate $L31 --runtime llamacpp --format Q4_K_M -c 8192
case_ 2 'is not a llama.cpp build (bNNNN, the release tag); known builds: b4020 (for b4020 to b5027)' estimate $L31 --runtime llamacpp --format Q4_K_M --runtime-version 7342
case_ 2 '"b7342" is not a release number' estimate $L31 --runtime vllm --runtime-version b7342
case_ 0 "the experts of 20 blocks stay in host memory" estimate Qwen/Qwen3-30B-A3B --runtime llamacpp --format Q4_K_M --gpu "RTX 4090" --n-cpu-moe 20 -c 32768
case_ 0 "the experts of 48 blocks stay in host memory" estimate Qwen/Qwen3-30B-A3B --runtime llamacpp --format Q4_K_M --gpu "RTX 4090" --cpu-moe -c 32768
case_ 0 '"device": "CUDA1"' estimate Qwen/Qwen3-30B-A3B --runtime llamacpp --format Q4_K_M --gpus 2 --gpu "RTX 4090" -ot "blk\.(1[0-9]|2[0-9])\.ffn_.*_exps=CPU" -c 32768 --json
case_ 2 'override_tensor "attn_q" matches some of block 0' estimate Qwen/Qwen3-30B-A3B --runtime llamacpp --format Q4_K_M -ot attn_q=CPU
case_ 2 'only =CPU (host memory) is sized' estimate Qwen/Qwen3-30B-A3B --runtime llamacpp --format Q4_K_M -ot exps=CUDA1
case_ 2 'override_tensor "nomatch" matches no tensor of this model' estimate Qwen/Qwen3-30B-A3B --runtime llamacpp --format Q4_K_M -ot nomatch=CPU
case_ 2 'n_cpu_moe: model_type "llama" has no routed experts' estimate $L31 --runtime llamacpp --format Q4_K_M --n-cpu-moe 3
case_ 2 'override_tensor: llama.cpp b5000 has no such option (from b5028)' estimate $L31 --runtime llamacpp --format Q4_K_M --runtime-version b5000 -ot exps=CPU
case_ 1 "llama.cpp b9460 runs it only in part on the GPU: --fit: 44 of 65 layers on the GPU" estimate Qwen/QwQ-32B --runtime llamacpp --format Q8_0 --gpu "RTX 4090" --context 4096
case_ 1 "--fit: the experts of the first 14 of 48 blocks in host memory (as --n-cpu-moe 14)" estimate Qwen/Qwen3-30B-A3B --runtime llamacpp --format Q8_0 --gpu "RTX 4090" -c 8192
case_ 0 "fits: peak" estimate Qwen/QwQ-32B --runtime llamacpp --format Q8_0 --gpu "RTX 4090" --context 4096 --fit off --gpu-layers 30
# without -c, --fit lowers the trained context by interpolation (b7550's rule), to a multiple of 256
case_ 0 "length:      123904 tokens (--fit reduced -c 0 (the trained 131072) to 123904" estimate $L31 --runtime llamacpp --format Q8_0 --gpu "RTX 4090"
# GGUF planning for this year's families (issue 47 item 2): gpt-oss as the converter writes its MXFP4
# experts (the rest BF16: 13.78 GB, Ollama's gpt-oss:20b blob is 13,780,173,724 B with its metadata),
# llama-quantize's MXFP4_MOE (the rest Q8_0); DeepSeek's MLA latent by build; Qwen3-Next's state cache
case_ 0 "BF16: 98 tensors, 3590553600 B; F32: 289 tensors, 36731136 B; MXFP4: 72 tensors, 10152345600 B" estimate openai/gpt-oss-20b --runtime llamacpp --format MXFP4 -c 8192
case_ 0 "Q8_0: 98 tensors, 1907481600 B; F32: 289 tensors, 36731136 B; MXFP4: 72 tensors, 10152345600 B" estimate openai/gpt-oss-20b --runtime llamacpp --format MXFP4_MOE -c 8192
case_ 0 "12 of them sliding-window layers with 1024 cells (window 128)" estimate openai/gpt-oss-20b --runtime llamacpp --format MXFP4 -c 8192
case_ 2 'llama.cpp b6000 has no architecture "gpt-oss" (added in b6096, PR #15091)' estimate openai/gpt-oss-20b --runtime llamacpp --runtime-version b6000 --format MXFP4 -c 8192
case_ 0 "(K 576 elements in fp16 + V 0 elements in fp16) (the MLA latent)" estimate deepseek-ai/DeepSeek-V2-Lite --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "(K 576 elements in fp16 + V 512 elements in fp16) (the MLA latent)" estimate deepseek-ai/DeepSeek-V2-Lite --runtime llamacpp --runtime-version b6000 --format Q4_K_M -c 8192 --gpu-layers 99
case_ 0 "36 state layers x 4 cells (one a sequence) x 2195456 B in f32" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime llamacpp --format Q4_K_M -c 8192
# GLM: MTP layers out of what the engines load, the release that added each model, the DSA indexer keys
case_ 1 "the checkpoint also stores 2375059584 in 1 MTP layer, loaded only to draft tokens for speculative decoding: not sized" estimate zai-org/GLM-4.5-Air --runtime vllm --gpu "H200" --context 8192
case_ 2 "vllm 0.9.0 does not serve model_type \"glm4_moe\"" estimate zai-org/GLM-4.5-Air --runtime vllm --runtime-version 0.9.0 --gpu "H200"
case_ 2 "sglang 0.5.7 does not serve model_type \"glm4_moe_lite\"" estimate zai-org/GLM-4.7-Flash --runtime sglang --runtime-version 0.5.7 --gpu "H200"
case_ 0 "the planned file holds 1 MTP block(s) (blk.46" estimate zai-org/GLM-4.5-Air --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "its DSA indexer keys, 132 B" estimate zai-org/GLM-5.1 --runtime vllm --gpu "H200" --gpus 8 --tp 8 --format fp8 --context 8192
case_ 2 "not for model_type \"glm_moe_dsa\"" estimate zai-org/GLM-5.1 --runtime llamacpp --format Q4_K_M -c 8192
# DeepSeek-V3.2: MLA + the DSA indexer's keys (576 x 2 + 132 B a token and layer), its MTP layer out,
# FP8 ue8m0 read as 128x128 blocks, the releases that serve it, GGUF planning refused by name
case_ 0 "= 39681 blocks x 16 tokens" estimate deepseek-ai/DeepSeek-V3.2 --runtime vllm --gpu "H200" --gpus 8 --tp 8 --context 8192
case_ 0 "its DSA indexer keys, 132 B a token" estimate deepseek-ai/DeepSeek-V3.2 --runtime vllm --gpu "H200" --gpus 8 --tp 8 --context 8192
case_ 0 "(scale_fmt ue8m0, stored fp32)" estimate deepseek-ai/DeepSeek-V3.2 --runtime sglang --gpu "H200" --gpus 8 --tp 8 --context 8192
case_ 0 "stores 13477385728 in 1 MTP layer" estimate deepseek-ai/DeepSeek-V3.2 --runtime sglang --gpu "H200" --gpus 8 --tp 8 --context 8192
case_ 2 "vllm 0.10.2 does not serve model_type \"deepseek_v32\"" estimate deepseek-ai/DeepSeek-V3.2 --runtime vllm --runtime-version 0.10.2 --gpu "H200" --gpus 8 --tp 8
case_ 2 "sglang 0.5.2 does not serve model_type \"deepseek_v32\"" estimate deepseek-ai/DeepSeek-V3.2 --runtime sglang --runtime-version 0.5.2 --gpu "H200" --gpus 8 --tp 8
case_ 2 "not for model_type \"deepseek_v32\"" estimate deepseek-ai/DeepSeek-V3.2 --runtime llamacpp --format Q4_K_M -c 8192
case_ 2 "not for model_type \"deepseek_v32\"" estimate deepseek-ai/DeepSeek-V3.2 --runtime ollama --format Q4_K_M
# this year's library additions beside DeepSeek-V3.2: Mistral Small 3.2 (FLUX.2's text encoder config),
# Qwen3-Next Thinking (its mtp.* layer apart), Qwen3-Reranker-8B (151,669 tokens, untied)
case_ 0 "14326026240 B) = 23572403200 params x 4.86 bits" estimate mistralai/Mistral-Small-3.2-24B-Instruct-2506 --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "parameters:  24011361280" estimate mistralai/Mistral-Small-3.2-24B-Instruct-2506 --runtime vllm --gpu "H100 SXM" --context 8192
case_ 0 "stores 1650471424 in 1 MTP layer" estimate Qwen/Qwen3-Next-80B-A3B-Thinking --runtime vllm --gpu H200 --gpus 2 --tp 2 --context 8192
case_ 0 "= 8188548096 params x 16 bits / 8" estimate Qwen/Qwen3-Reranker-8B --runtime vllm --gpu "H100 SXM" --context 8192
# Llama 4: chunked layers as a window, the largest image vLLM profiles, the release that added it
case_ 0 "the profile encodes 3 images of 2448 tokens" estimate meta-llama/Llama-4-Scout-17B-16E-Instruct --runtime vllm --gpu "H200" --gpus 4 --tp 4 --context 8192
case_ 2 "vllm 0.7.3 does not serve model_type \"llama4\"" estimate meta-llama/Llama-4-Scout-17B-16E-Instruct --runtime vllm --runtime-version 0.7.3 --gpu "H200"
case_ 2 "Llama 4: 144 a 336 x 336 tile" estimate meta-llama/Llama-4-Scout-17B-16E-Instruct --images 1 --context 8192
case_ 0 "sliding-window layers: fewer" estimate meta-llama/Llama-4-Scout-17B-16E-Instruct --runtime llamacpp --format Q4_K_M -c 32768
# MiniMax-M2: its FP8 checkpoint as stored, the release that added it, the planned GGUF
case_ 0 "weights fp8-block128" estimate MiniMaxAI/MiniMax-M2.7 --runtime vllm --gpu "H200" --gpus 2 --tp 2 --context 8192
case_ 2 "sglang 0.5.3 does not serve model_type \"minimax_m2\"" estimate MiniMaxAI/MiniMax-M2.7 --runtime sglang --runtime-version 0.5.3 --gpu "H200"
case_ 2 "llama.cpp b6868 has no architecture \"minimax-m2\"" estimate MiniMaxAI/MiniMax-M2.7 --runtime llamacpp --runtime-version b6868 --format Q4_K_M -c 8192
# Olmo 3 and EXAONE 4.0: the releases that added them, their GGUFs (olmo2 and exaone4: no norm before
# attention or the MLP, two after), the 48 sliding layers' cells (window 4096 + the ubatch)
O3=allenai/Olmo-3.1-32B-Instruct
X4=LGAI-EXAONE/EXAONE-4.0-32B
case_ 2 'vllm 0.10.2 does not serve model_type "olmo3"' estimate $O3 --runtime vllm --runtime-version 0.10.2 --gpu "H100 SXM"
case_ 2 'sglang 0.5.3 does not serve model_type "olmo3"' estimate $O3 --runtime sglang --runtime-version 0.5.3 --gpu "H100 SXM"
case_ 2 'vllm 0.9.2 does not serve model_type "exaone4"' estimate $X4 --runtime vllm --runtime-version 0.9.2 --gpu "H100 SXM"
case_ 2 'sglang 0.5.8.post1 does not serve model_type "exaone4"' estimate $X4 --runtime sglang --runtime-version 0.5.8.post1 --gpu "H100 SXM"
case_ 0 "707 tensors, planned from config.json as llama.cpp's converter and quantizer would make a Q4_K_M file: Q4_K: 385 tensors, 15199551360 B; Q6_K: 65 tensors, 4274684400 B; F32: 257 tensors, 4214784 B" estimate $O3 --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "707 tensors, planned from config.json as llama.cpp's converter and quantizer would make a Q4_K_M file: Q4_K: 385 tensors, 15087697920 B; Q6_K: 65 tensors, 4249190400 B; F32: 257 tensors, 2707456 B" estimate $X4 --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "48 of them sliding-window layers with 4608 cells (window 4096)" estimate $O3 --runtime llamacpp --format Q4_K_M -c 32768 --concurrency 1
case_ 0 "48 of them sliding-window layers with 4608 cells (window 4096)" estimate $X4 --runtime llamacpp --format Q4_K_M -c 32768 --concurrency 1
case_ 2 "llama.cpp b6325 converts and runs no Olmo 3 (arch olmo2 with its sliding window from b6492, PR #16015)" estimate $O3 --runtime llamacpp --runtime-version b6325 --format Q4_K_M -c 8192
case_ 2 'llama.cpp b5702 has no architecture "exaone4" (added in b5931, PR #14630)' estimate $X4 --runtime llamacpp --runtime-version b5702 --format Q4_K_M -c 8192
case_ 2 "Ollama 0.13.2 neither converts nor runs Olmo 3" estimate $O3 --runtime ollama --runtime-version 0.13.2 --format Q4_K_M
case_ 0 "its own engine's figures" estimate $O3 --runtime ollama --runtime-version 0.13.4 --format Q4_K_M
# Granite 4.0-H: a hybrid of Mamba-2 and attention layers with experts on every layer
case_ 0 "1 attention and 9 state groups of 4 layers" estimate tests/data/configs/granite-4.0-h-small-fields.json --runtime vllm --gpu "H100 SXM" --context 8192
case_ 2 "sglang 0.5.8 does not serve model_type \"granitemoehybrid\"" estimate tests/data/configs/granite-4.0-h-small-fields.json --runtime sglang --runtime-version 0.5.8 --gpu "H100 SXM"
# ... and its GGUF as llama.cpp's converter writes granitehybrid: 666 tensors (Ollama #12982's file),
# the Mamba blocks' state per sequence, no RoPE so a trained context of 2^20
GH=tests/data/configs/granite-4.0-h-small-fields.json
case_ 0 "666 tensors, planned from config.json as llama.cpp's converter and quantizer would make a Q4_K_M file: Q6_K: 43 tensors, 4163174400 B; F32: 337 tensors, 55830528 B; Q4_K: 286 tensors, 15254028288 B" estimate $GH --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "36 state layers x 4 cells (one a sequence) x 4295680 B in f32" estimate $GH --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "4 blocks x n_ctx 8192 as 8192 cells" estimate $GH --runtime llamacpp --format Q4_K_M -c 8192
case_ 2 'llama.cpp b5702 has no architecture "granitehybrid" (added in b5868, PR #13550)' estimate $GH --runtime llamacpp --runtime-version b5702 --format Q4_K_M -c 8192
case_ 0 "largest context: 245248 tokens" fit $GH --runtime llamacpp --format Q4_K_M --gpu "RTX 4090"
# -np 4 without -kvu: a hybrid's attention cache was one stream to b6078, n_ctx in each stream from
# b6079 (PR #15050) to b8024, n_ctx over the streams from b8025 (PR #19559)
case_ 0 "4 blocks x n_ctx 32768 as 32768 cells (b5913, pad 32)" estimate $GH --runtime llamacpp --runtime-version b5913 --format Q4_K_M -c 8192 --concurrency 4 --gpu-layers 99
case_ 0 "as 131072 cells in 4 streams of 32768 (a hybrid's cache: n_ctx in each stream to b8024) (b7832" estimate $GH --runtime llamacpp --runtime-version b7832 --format Q4_K_M -c 8192 --concurrency 4
case_ 0 "as 32768 cells in 4 streams of 8192 (b8025" estimate $GH --runtime llamacpp --runtime-version b8025 --format Q4_K_M -c 8192 --concurrency 4
case_ 0 "state_cache" estimate $GH --runtime ollama --format Q4_K_M --gpu "RTX 4090"
# --cpu-moe from b6051 (PR #14992), --n-cpu-moe N from b6089 (PR #15077)
case_ 0 "weights" estimate Qwen/Qwen3-30B-A3B --runtime llamacpp --runtime-version b6051 --format Q4_K_M -c 4096 --gpu-layers 99 --cpu-moe
case_ 2 "n_cpu_moe: llama.cpp b6050 has no such option (from b6051)" estimate Qwen/Qwen3-30B-A3B --runtime llamacpp --runtime-version b6050 --format Q4_K_M -c 4096 --gpu-layers 99 --cpu-moe
case_ 2 "n_cpu_moe: llama.cpp b6088 has no such option (from b6089)" estimate Qwen/Qwen3-30B-A3B --runtime llamacpp --runtime-version b6088 --format Q4_K_M -c 4096 --gpu-layers 99 --n-cpu-moe 10
# Ollama 0.30 on passes num_gpu to llama-server as -ngl (llm/llama_server.go)
case_ 0 "-ngl 20 (num_gpu)" estimate meta-llama/Llama-3.1-8B-Instruct --runtime ollama --format Q4_K_M --gpu "RTX 4090" --gpu-layers 20
case_ 0 "model buffer: 19 of 32 blocks + output head on GPU 0 (-ngl 20)" estimate meta-llama/Llama-3.1-8B-Instruct --runtime ollama --format Q4_K_M --gpu "RTX 4090" --gpu-layers 20
# n_batch cut to n_ctx for a causal model, at least 64 before b7350 (the KQ mask's padding)
case_ 0 "n_ubatch 256, n_batch 256" estimate meta-llama/Llama-3.1-8B-Instruct --runtime llamacpp --format Q4_K_M -c 256 --concurrency 1
case_ 0 "n_ubatch 64, n_batch 64" estimate meta-llama/Llama-3.1-8B-Instruct --runtime llamacpp --runtime-version b4020 --format Q4_K_M -c 32 --gpu-layers 99
# Mamba (Mamba-1) planned as MambaModel converts it; before b5702 its states are the KV cache's cells
case_ 0 "242 tensors, planned from config.json as llama.cpp's converter and quantizer would make a F16 file: F16: 97 tensors, 256536576 B; F32: 145 tensors, 3468288 B" estimate state-spaces/mamba-130m-hf --runtime llamacpp --format F16 -c 2048
case_ 0 "24 state layers x 4 cells (one a sequence) x 116736 B in f32" estimate state-spaces/mamba-130m-hf --runtime llamacpp --format F16 -c 2048
case_ 0 "before b5702 these are the KV cache's cells: the log counts them in its KV buffer" estimate state-spaces/mamba-130m-hf --runtime llamacpp --runtime-version b4020 --format Q8_0 -c 2048 --gpu-layers 99
# without experts the shared MLP is the block's FFN; the vocabulary padded to 8 rows; no Mamba
# block: arch granitemoe, which every build reads
case_ 0 "50 tensors, planned from config.json" estimate tests/data/configs/granite-hybrid-dense-tiny.json --runtime llamacpp --format Q8_0 -c 4096
case_ 0 "(the converter pads the vocabulary to a multiple of 8 rows)" estimate tests/data/configs/granite-hybrid-dense-tiny.json --runtime llamacpp --format Q8_0 -c 4096 --json
case_ 0 "Q8_0: 41 tensors, 3614608 B; F32: 13 tensors, 25600 B" estimate tests/data/configs/granite-attention-moe-tiny.json --runtime llamacpp --runtime-version b5702 --format Q8_0 -c 4096
# Gemma 3n: the text decoder counted, the towers named; the shared-KV
# layers keep no cache in llama.cpp from b6263, a cell each in SGLang's pool
G3N=tests/data/configs/gemma-3n-e4b-it-fields.json
case_ 0 "parameters:  6866696688 (the text decoder, 2348810240 of them its per-layer embeddings" estimate $G3N --context 8192
case_ 0 "15 more blocks reuse an earlier block's K/V and keep none (b6263 on)" estimate $G3N --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "every one of the 35 layers has its cell, the 15 that reuse an earlier layer's K/V too" estimate $G3N --runtime sglang --gpu "H100 SXM" --context 8192
case_ 2 "vllm 0.9.0 does not serve model_type \"gemma3n\"" estimate $G3N --runtime vllm --runtime-version 0.9.0 --gpu "H100 SXM"
case_ 2 "are not sized from config.json, so neither is what images cost" estimate $G3N --images 1 --context 8192
# Gemma 4: 31B's 50 sliding layers keep 2 x 16 x 256 K/V elements a token
# (at most 1024 tokens), its 10 full layers 2 x 4 x 512 (k_eq_v, head 512):
# 450560 a token, 901120 B in bf16; at tp 8 the 4 full KV heads replicate
# (1 a rank), the 16 sliding ones split (2 a rank): 61440 a token
G4=google/gemma-4-31B-it
case_ 0 "parameters:  31273088876" estimate $G4 --context 8192
case_ 0 "2 x (50 sliding layers x 16 kv heads x 256 head dim x min(tokens, 1024) + 10 full-attention layers x 4 kv heads x 512 head dim x tokens), 8192 tokens x 1 seqs x bf16 (754974720 elements)" estimate $G4 --context 8192
case_ 0 "/ 14417920 B per block) = 951 blocks" estimate $G4 --runtime vllm --gpu "H100 SXM" --context 8192
case_ 0 "/ 1966080 B per block)" estimate $G4 --runtime vllm --gpu H200 --gpus 8 --tp 8 --context 8192
case_ 1 "/ 901120 B per token)" estimate $G4 --runtime sglang --gpu "H100 SXM" --context 8192
case_ 1 "its sliding layers get a pool of their own (SWAKVPool" estimate $G4 --runtime sglang --gpu "H100 SXM" --context 8192
case_ 0 "/ 122880 B per token)" estimate $G4 --runtime sglang --gpu H200 --gpus 8 --tp 8 --context 8192
case_ 2 "tp 8: Transformers would not start" estimate $G4 --runtime transformers --gpu H200 --gpus 8 --tp 8 --context 8192
case_ 2 'vllm 0.18.1 does not serve model_type "gemma4": models/gemma4.py and gemma4_mm.py (PR #38826) arrived in 0.19.0' estimate $G4 --runtime vllm --runtime-version 0.18.1 --gpu "H100 SXM" --context 8192
case_ 2 'sglang 0.5.10 does not serve model_type "gemma4": models/gemma4_causal.py and gemma4_mm.py arrived in 0.5.11' estimate $G4 --runtime sglang --runtime-version 0.5.10 --gpu "H100 SXM" --context 8192
case_ 2 'not for model_type "gemma4": read the model'"'"'s .gguf' estimate $G4 --runtime llamacpp --format Q4_K_M -c 8192
case_ 2 'not for model_type "gemma4": read the model'"'"'s .gguf' estimate $G4 --runtime ollama --format Q4_K_M
# 26B-A4B: 128 experts beside the dense MLP; 25 x 2 x 8 x 256 + 5 x 2 x 2 x 512
case_ 0 "parameters:  25805936206" estimate google/gemma-4-26B-A4B-it --runtime vllm --gpu H200 --context 8192
case_ 0 "(188743680 elements)" estimate google/gemma-4-26B-A4B-it --context 8192
case_ 0 "/ 225280 B per token)" estimate google/gemma-4-26B-A4B-it --runtime sglang --gpu H200 --context 8192
# LFM2-VL: short-convolution state only, a SigLIP2 tower, the planned lfm2 GGUF
case_ 0 "short-convolution layers' state, 1 seqs x 2048 channels x 3 taps" estimate LiquidAI/LFM2.5-VL-1.6B --context 8192
case_ 0 "10 state layers x 4 cells (one a sequence) x 16384 B in f32" estimate LiquidAI/LFM2.5-VL-1.6B --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "the profile encodes 8 images of 256 tokens" estimate LiquidAI/LFM2.5-VL-1.6B --runtime vllm --gpu "RTX 4090" --context 8192
case_ 2 "vllm 0.13.0 does not serve model_type \"lfm2_vl\"" estimate LiquidAI/LFM2.5-VL-1.6B --runtime vllm --runtime-version 0.13.0 --gpu "RTX 4090"
case_ 0 "12 blocks x n_ctx 8192 as 8192 cells" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime llamacpp --format Q4_K_M -c 8192
case_ 2 'llama.cpp b7000 has no architecture "qwen3next" (added in b7186' estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime llamacpp --runtime-version b7000 --format Q4_K_M -c 8192
# Ministral 3 (Devstral 2): served from the release that has its model; llama.cpp's mistral3 arch
case_ 2 'vllm 0.19.0 does not serve model_type "ministral3": Ministral3ForCausalLM in models/registry.py' estimate mistralai/Devstral-2-123B-Instruct-2512 --runtime vllm --runtime-version 0.19.0 --gpu H200 -c 8192
case_ 2 'sglang 0.5.6 does not serve model_type "ministral3": models/ministral3.py arrived in 0.5.6.post1' estimate mistralai/Devstral-Small-2-24B-Instruct-2512 --runtime sglang --runtime-version 0.5.6 --gpu H200 -c 8192
case_ 2 'llama.cpp b7000 has no architecture "mistral3" (added in b7216, PR #17644)' estimate mistralai/Devstral-2-123B-Instruct-2512 --runtime llamacpp --runtime-version b7000 --format Q4_K_M -c 8192
case_ 0 "(K 576 elements in fp16 + V 0 elements in fp16) (the MLA latent)" estimate moonshotai/Kimi-K2-Instruct --runtime llamacpp --format Q4_K_M -c 8192
# Qwen3-VL: the text GGUF as Qwen3's tensors under qwen3vl, the tower in the mmproj; engines by release
case_ 0 "the text model alone is sized (llama.cpp's qwen3vl GGUF)" estimate Qwen/Qwen3-VL-8B-Instruct --runtime llamacpp --format Q4_K_M -c 8192
case_ 0 "mmproj on GPU 0: 538631408 vision parameters x 2 B (F16)" estimate Qwen/Qwen3-VL-30B-A3B-Instruct --runtime llamacpp --format Q4_K_M -c 8192 --images 1 --image-tokens 256
case_ 2 'llama.cpp b6500 has no architecture "qwen3vlmoe" (added in b6887, PR #16780)' estimate Qwen/Qwen3-VL-30B-A3B-Instruct --runtime llamacpp --runtime-version b6500 --format Q4_K_M -c 8192
case_ 2 'sglang 0.5.2 does not serve model_type "qwen3_vl_moe": models/qwen3_vl_moe.py arrived in 0.5.3' estimate Qwen/Qwen3-VL-235B-A22B-Instruct --runtime sglang --runtime-version 0.5.2 --gpu H200 -c 8192
case_ 2 "give image_tokens (Qwen3-VL, Qwen3.5: (H/32) x (W/32), 256 for 512 x 512)" estimate Qwen/Qwen3-VL-8B-Instruct --images 1 -c 8192
# Qwen3.5 / 3.6: Gated DeltaNet hybrids with a tower; the MTP layer stored beside; engines by release
case_ 0 "parameters:  27356728560 (the checkpoint also stores 424699392 in 1 MTP layer" estimate Qwen/Qwen3.6-27B --runtime vllm --gpu H200 -c 8192
case_ 0 "the recurrent part in float32), 3207168 B a sequence on one GPU" estimate Qwen/Qwen3.6-27B --runtime vllm --gpu H200 -c 8192
case_ 0 "the recurrent part in the model's dtype), 1634304 B a sequence on one GPU" estimate Qwen/Qwen3.5-27B --runtime vllm --gpu H200 -c 8192
case_ 2 'sglang 0.5.8 does not serve model_type "qwen3_5_moe": models/qwen3_5.py arrived in 0.5.9' estimate Qwen/Qwen3.5-35B-A3B --runtime sglang --runtime-version 0.5.8 --gpu H200 -c 8192
case_ 0 "24 state layers x 4 cells (one a sequence) x 2195456 B in f32" estimate Qwen/Qwen3.5-9B --runtime llamacpp --format Q4_K_M -c 8192
case_ 2 'llama.cpp b7900 has no architecture "qwen35moe" (added in b7990, PR #19468)' estimate Qwen/Qwen3.5-35B-A3B --runtime llamacpp --runtime-version b7900 --format Q4_K_M -c 8192
case_ 2 "Ollama 0.15.5's llama.cpp (b7407) does not know architecture qwen35, which llama.cpp added in b7990" estimate Qwen/Qwen3.5-4B --runtime ollama --runtime-version 0.15.5 --format Q4_K_M
# Gemma 3 vision-language: llama.cpp runs the text GGUF; the mmproj (F16) only with images
G34=data/models/google__gemma-3-4b-it.json
case_ 0 "give images to count the projector" estimate $G34 --runtime llamacpp --format Q4_K_M --context 8192
case_ 0 "= 3880263168 params x 5.12 bits / 8 (the planned file's" estimate $G34 --runtime llamacpp --format Q4_K_M --context 8192
case_ 0 "mmproj on GPU 0: 419816304 vision parameters x 2 B (F16)" estimate $G34 --runtime llamacpp --format Q4_K_M --context 8192 --images 1
case_ 0 "largest concurrency" fit $G34 --runtime llamacpp --format Q4_K_M --context 8192 --gpu "RTX 4090"
case_ 0 "google__gemma-3-4b-it.json" matrix $G34 --runtime llamacpp --gpu L4
# Ollama tags: the library's model of that name and size, the tag's file type, runtime ollama by default
case_ 0 "model:       Qwen/Qwen2.5-7B-Instruct (Ollama tag qwen2.5:7b-instruct-q5_K_M)" estimate qwen2.5:7b-instruct-q5_K_M --context 8192
case_ 0 "format:      weights gguf:Q5_K_M" estimate qwen2.5:7b-instruct-q5_K_M --context 8192
case_ 0 "runtime ollama 0.30.1" estimate qwen2.5:7b-instruct-q5_K_M --context 8192
case_ 0 "runtime llamacpp" estimate llama3.1:8b-instruct-q4_K_M --runtime llamacpp
case_ 0 "largest context" fit llama3.1:8b-instruct-q4_K_M --gpu "RTX 4090"
# a tag without a quantization: the upload recorded under it (docs/method.md §14b), or asked for
case_ 0 "Ollama tag llama3.1:8b: the upload recorded under it, Q4_K_M, \`ollama list\` ID 46e0c10c039e" estimate llama3.1:8b
case_ 0 "format:      weights gguf:MXFP4" estimate gpt-oss:20b --gpu "RTX 4090"
case_ 0 "Q4_0 in 2024 (ID 61e88e884507" estimate mistral:7b
case_ 0 "format:      weights gguf:Q4_0" estimate mistral:7b --format Q4_0
case_ 2 'which file type the registry serves for qwen3:30b is not recorded here' estimate qwen3:30b
case_ 2 'the upload recorded is llama3.1:8b (Q4_K_M' estimate llama3.1:8b-instruct
case_ 2 'names two quantizations, Q4_K_M and Q8_0' estimate llama3.1:8b-q4_K_M-q8_0
case_ 2 'a digest or revision after @ pins an upload' estimate llama3.1:8b@sha256:46e0c10c039e
case_ 2 'not an Ollama tag gpusizer maps; the nearest: llama3.1:8b, llama3.2:3b' estimate lama3.1:8b
case_ 0 "format:      weights gguf:IQ2_XXS" estimate llama3.1:8b-instruct-iq2_xxs
case_ 0 "largest context" fit qwen2.5-coder:7b --gpu "RTX 4070"
case_ 0 "format:      weights gguf:Q4_K_M" estimate llama3.1:8b --format Q4_K_M
case_ 2 'format Q8_0 differs from Q4_K_M, which the Ollama tag "llama3.1:8b-instruct-q4_K_M" names' estimate llama3.1:8b-instruct-q4_K_M --format Q8_0
case_ 2 'size "13b" of llama3.1 is not in the built-in library; known sizes: 8b, 70b, 405b' estimate llama3.1:13b-q4_K_M
case_ 2 'the Ollama tag is gemma3:latest' estimate gemma3
case_ 2 'names a GGUF file; give its file type as format' estimate llama3.1:8b-instruct-q4_K_M --bits 4
# tied embeddings: the offloaded head is a second copy of token_embd (TENSOR_DUPLICATED), so the GPU holds every
# tensor of the file's 633495552 B (token_embd stays on the host as well)
case_ 0 '"bytes": 633495552' estimate data/models/Qwen__Qwen3-0.6B.json --runtime llamacpp --format Q8_0 --context 512 --json
case_ 0 "output head (tied: a second copy of token_embd)" estimate data/models/Qwen__Qwen3-0.6B.json --runtime llamacpp --format Q8_0 --context 512
case_ 2 "--op-offload: read by runtime llamacpp, not by ollama" estimate $L31 --runtime ollama --format q4_k_m --op-offload no
case_ 2 'op-offload: got "maybe", expected one of no, yes' estimate $PY28 --runtime llamacpp --format Q4_0 --op-offload maybe
case_ 0 '"bytes": 2093219840' estimate $L31 --runtime llamacpp --format q4_k_m --context 8192 --gpus 2 --split-mode row --json
case_ 0 "lora_adapter           estimated             0.16" estimate $L31 --runtime llamacpp --format q4_k_m --context 2048 --lora-adapter 160MiB
case_ 2 "expected a .safetensors or .gguf file" estimate $L31 --runtime llamacpp --format q4_k_m --lora-adapter /etc/passwd
case_ 2 'split-mode: got "rows", expected one of layer, row' estimate $L31 --runtime llamacpp --format q4_k_m --split-mode rows
# Ollama 0.12.11 to 0.24 (issue 47 item 3): createLayout, its own engine for gpt-oss; 0.30 on: llama-server
case_ 0 'model weights device=CUDA0 size="19.6 GiB"  kv cache device=CUDA0 size="1.3 GiB"' estimate meta-llama/Llama-3.1-70B-Instruct --runtime ollama --runtime-version 0.20.7 --format Q4_K_M --gpu "RTX 4090" --gpus 2 -c 8192
case_ 1 "Ollama offloads 41 of 81 layers and runs the rest" estimate meta-llama/Llama-3.1-70B-Instruct --runtime ollama --runtime-version 0.20.7 --format Q4_K_M --gpu "RTX 4090" -c 8192
case_ 0 "its own engine's figures" estimate openai/gpt-oss-20b --runtime ollama --runtime-version 0.20.7 --format MXFP4 --gpu "RTX 4090"
case_ 0 "num_ctx 32768 tokens (Ollama 0.15.5's vram-based default" estimate $L31 --runtime ollama --runtime-version 0.15.5 --format Q4_K_M --gpu "RTX 4090"
case_ 0 "llama-server -c 32768 -np 1 -b 1024 -ub 1024 --flash-attn auto (on)" estimate $L31 --runtime ollama --format Q4_K_M --gpu "RTX 4090"
case_ 1 "Ollama 0.30.1's llama-server runs it only in part on the GPU: --fit: 43 of 81 layers" estimate meta-llama/Llama-3.1-70B-Instruct --runtime ollama --format Q4_K_M --gpu "RTX 4090" -c 8192
case_ 2 "0.11.5 to 0.12.10 size a model by two rules at once" estimate $L31 --runtime ollama --runtime-version 0.12.5 --format Q4_K_M
case_ 0 "forced to 1 for qwen3next" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime ollama --runtime-version 0.20.7 --format Q4_K_M --gpu H200
# Ollama: its own estimate recomputed as its log prints it (0.5.4 on an RTX 4090, bench/calibration.jsonl)
case_ 0 'memory.required.full="6.5 GiB" memory.required.partial="6.5 GiB" memory.required.kv="1.0 GiB"' estimate $L31 --runtime ollama --runtime-version 0.5.4 --format Q4_K_M --gpu "RTX 4090" --gpu-free 24975835136B
case_ 0 'memory.graph.full="560.0 MiB" memory.graph.partial="677.5 MiB"' estimate $L31 --runtime ollama --runtime-version 0.5.4 --format Q4_K_M --gpu "RTX 4090" --gpu-free 24975835136B
case_ 0 '"parallel": 4' estimate $L31 --runtime ollama --runtime-version 0.5.4 --format Q4_K_M --gpu "RTX 4090" --json
case_ 0 "num_batch 512 tokens (llama.cpp n_ubatch 512 tokens)" estimate $L31 --runtime ollama --runtime-version 0.5.4 --format Q4_K_M --gpu "RTX 4090"
# Ollama 0.5.1/0.5.2 (0.5.4's arithmetic) loading llama3.2:3b whole on an 80 GB GPU (ollama/ollama#8098;
# bench record ollama-8098-80g-llama32-3b-q4km-estimate): every figure of its log line
case_ 0 'memory.weights.total="2.4 GiB" memory.weights.repeating="2.1 GiB" memory.weights.nonrepeating="308.2 MiB" memory.graph.full="424.0 MiB" memory.graph.partial="570.7 MiB"' estimate data/models/meta-llama__Llama-3.2-3B-Instruct.json --runtime ollama --runtime-version 0.5.4 --format Q4_K_M --gpu-free 84396224102B
# Ollama 0.5.4 loading qwen2.5:14b whole with 10.0 GiB free: parallel 4 does not fit, 1 does (ollama/ollama#8588;
# bench record ollama-8588-win-qwen25-14b-q4km-estimate)
case_ 0 'memory.weights.total="7.7 GiB" memory.weights.repeating="7.1 GiB" memory.weights.nonrepeating="609.1 MiB" memory.graph.full="307.0 MiB" memory.graph.partial="916.1 MiB"' estimate tests/data/configs/qwen2.5-14b-fields.json --runtime ollama --runtime-version 0.5.4 --format Q4_K_M --gpu-free 10737418240B
case_ 0 'OLLAMA_NUM_PARALLEL 0 (automatic): 1 (the larger value does not fit entirely)' estimate tests/data/configs/qwen2.5-14b-fields.json --runtime ollama --runtime-version 0.5.4 --format Q4_K_M --gpu-free 10737418240B
# Ollama 0.5.4 offloading Phi-4 in part on an RTX 4060 Laptop (7099 MiB free): its log line, and the
# buffers llama.cpp then printed: CUDA0 model 5731.89 MiB (6010327040 B), CUDA0 KV 290.00 MiB (bench record
# ollama-4060laptop-phi-4-q4km-estimate; the file's tensor types are the b4020 quantizer's)
P4="estimate tests/data/configs/phi-4-fields.json --runtime ollama --runtime-version 0.5.4 --format Q4_K_M --quantizer b4020 --gpu-free 7443841024B"
case_ 0 'layers.model=41 layers.offload=29' $P4
case_ 0 'memory.required.full="9.6 GiB" memory.required.partial="6.8 GiB" memory.required.kv="400.0 MiB"' $P4
case_ 0 '"bytes": 6010327040' $P4 --json
case_ 0 '"bytes": 304087040' $P4 --json
case_ 1 "DOES NOT FIT on the GPU: Ollama offloads 29 of 41 layers" $P4 --capacity 8GiB
# Ollama (main of 2025-02-15, 0.5.4's estimate) splitting a Llama-3 70B Q8_0 over four L4s with 22.0 GiB free
# each, num_ctx 64000, flash attention: 44 of 81 layers, 11 a GPU (ollama/ollama#9181; bench record
# ollama-9181-4xl4-llama3-70b-q8_0-estimate)
O70="estimate data/models/meta-llama__Llama-3.3-70B-Instruct.json --runtime ollama --runtime-version 0.5.4 --format Q8_0 --gpus 4 --gpu-free 23622320128B --context 64000 --attention flash"
case_ 0 'layers.model=81 layers.offload=44 layers.split="11,11,11,11"' $O70
case_ 0 'memory.required.full="127.4 GiB" memory.required.partial="87.1 GiB" memory.required.kv="19.5 GiB" memory.required.allocations="[21.8 GiB 21.8 GiB 21.8 GiB 21.8 GiB]"' $O70
case_ 0 'memory.weights.total="87.3 GiB" memory.weights.repeating="86.2 GiB" memory.weights.nonrepeating="1.0 GiB" memory.graph.full="8.2 GiB" memory.graph.partial="8.2 GiB"' $O70
case_ 0 'llamacpp peaks: ' $O70
case_ 1 "DOES NOT FIT on the GPU: Ollama offloads" estimate $L31 --runtime ollama --runtime-version 0.5.4 --format Q8_0 --capacity 8GiB
case_ 1 "Ollama offloads" fit $L31 --runtime ollama --runtime-version 0.5.4 --format Q8_0 --capacity 8GiB --context 8192
case_ 0 "Ollama layers x parallel" estimate $L31 --runtime ollama --format q4_k_m,q8_0 --gpu "RTX 4090"
case_ 2 "0.9.6 is not in the release table, and the estimate changed between 0.6.8 and 0.11.4" estimate $L31 --runtime ollama --runtime-version 0.9.6 --format Q4_K_M --gpu "RTX 4090"
case_ 0 "ollama 0.5.4 release; 0.5.7 estimates as 0.5.4 does" estimate $L31 --runtime ollama --runtime-version 0.5.7 --format Q4_K_M --gpu "RTX 4090"
case_ 0 "ollama 0.11.4 release; v0.10.1 estimates as 0.11.4 does" estimate $L31 --runtime ollama --runtime-version v0.10.1 --format Q4_K_M --gpu "RTX 4090"
case_ 4 "Ollama 0.40.0 is newer than the rules read (0.30.1): measure phase decode" estimate $L31 --runtime ollama --runtime-version 0.40.0 --format Q4_K_M --gpu "RTX 4090"
case_ 2 "0.1.0 is older than the oldest release gpusizer knows; known releases: 0.5.4 (for 0.5.2 to 0.5.11)" estimate $L31 --runtime ollama --runtime-version 0.1.0 --format Q4_K_M
case_ 2 "does not know architecture qwen3" estimate data/models/Qwen__Qwen3-8B.json --runtime ollama --runtime-version 0.5.4 --format Q4_K_M
case_ 2 "runs gemma3 on its own engine" estimate data/models/google__gemma-3-1b-it.json --runtime ollama --runtime-version 0.6.8 --format Q4_K_M
case_ 2 'kv_format: Ollama has no "fp8" KV cache; it takes fp16 q8_0 q4_0' estimate $L31 --runtime ollama --format Q4_K_M --kv-format fp8
# issue 50 item 7: each engine's KV-cache formats, from its source
case_ 2 'kv_format: vLLM has no "q4_0" KV cache; it takes fp32 bf16 fp16 fp8 fp8-e4m3 fp8-e5m2' estimate $L31 --runtime vllm --kv-format q4_0 --gpu "RTX 4090" --context 4096
case_ 2 'kv_format: SGLang has no "q8_0" KV cache' estimate $L31 --runtime sglang --kv-format q8_0 --gpu "RTX 4090" --context 4096
case_ 2 'kv_format: llama.cpp has no "fp8" KV cache' estimate $L31 --runtime llamacpp --format Q4_K_M --kv-format fp8
case_ 0 "OLLAMA_KV_CACHE_TYPE=q8_0 is ignored without flash attention" estimate $L31 --runtime ollama --format Q4_K_M --kv-format q8_0 --runtime-version 0.11.4
case_ 2 "--tensor-split: read by runtime llamacpp, not by ollama" estimate $L31 --runtime ollama --format Q4_K_M --gpus 2 --tensor-split 1,1
case_ 2 'tensor_split "1,1,1": expected 2 non-negative proportions' estimate $L31 --runtime llamacpp --format q4_k_m --gpus 2 --tensor-split 1,1,1
case_ 2 "--num-batch: read by runtime ollama, not by llamacpp" estimate $L31 --runtime llamacpp --format Q4_K_M --num-batch 1024

# fit
case_ 0 "largest concurrency: 4 sequences" fit $L3 --gpu "RTX 4090" --context 8192
case_ 0 "device-reported: nvidia-smi total = 24564 MiB for RTX 4090" fit $L3 --gpu "RTX 4090"
case_ 0 "limit: the model's max_position_embeddings (8192)" fit $L3 --gpu H200
# issue 50 item 1: the data's longest below the sheet's length is sized at the data, and is to confirm
case_ 4 "to confirm: it was sized at the data's longest sequence, 1 token (lengths), not at the sheet's length 100000" estimate meta-llama/Llama-3.1-8B --task lora --length 100000 --lengths 1,1,1 --gpu "RTX 4090"
case_ 4 "To confirm: lora at 100000 tokens (sized at the data's longest, 1), microbatch 1" fit meta-llama/Llama-3.1-8B --task lora --length 100000 --lengths 1,1,1 --gpu "RTX 4090"
# fit in the three classes (issue 45): what fits for certain, what is to confirm above it, and the condition
case_ 0 "fits for certain up to 28481 tokens; from 28482 to 33754 to confirm" fit meta-llama/Llama-3.1-8B --gpu "RTX 4090"
case_ 0 "to confirm at 33754: measure phase prefill" fit meta-llama/Llama-3.1-8B --gpu "RTX 4090"
case_ 0 '"best_certain": 28481' fit meta-llama/Llama-3.1-8B --gpu "RTX 4090" --json
case_ 4 "fits for certain up to 6672 tokens; from 6673 to 10800 to confirm" fit meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8k --concurrency 4 --runtime-version 0.21.0
case_ 4 '"verdict": "to_confirm"' fit meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8k --concurrency 4 --json --runtime-version 0.21.0
case_ 4 "To confirm: lora at 4096 tokens, microbatch 1 fits in 23.52 GiB by the estimate" fit $L3 --task lora --context 4096 --gpu "RTX 4090" --checkpointing full
case_ 0 '"best_certain": 93232' matrix meta-llama/Llama-3.1-70B-Instruct --gpu "A100 80GB" --runtime vllm --formats nf4 --json --runtime-version 0.21.0
case_ 0 '"schema": "gpusizer/fit/v1"' fit $L3 --capacity 24GB --concurrency 8 --json
case_ 1 "does not fit: even 1 token" fit $L3 --capacity 16GB
# the sheet's own length decides the exit code, for every task; what fits is said too
case_ 1 "the sheet's workload (4096 tokens, microbatch 1): DOES NOT FIT: peak backward" fit $L3 --task lora --context 4096 --gpu "RTX 4090"
case_ 1 "largest context: 1015 tokens" fit $L3 --task lora --context 4096 --gpu "RTX 4090"
# the point estimate fits, the interval's high end does not: to confirm, exit 4 (issue 45)
case_ 4 "the sheet's workload (4096 tokens, microbatch 1): TO CONFIRM: peak backward 22.82 GiB of 23.52 GiB" fit $L3 --task lora --context 4096 --gpu "RTX 4090" --checkpointing full
case_ 1 "the sheet's workload (8192 tokens x 16 sequences): DOES NOT FIT" fit $L3 --context 8192 --concurrency 16 --gpu "RTX 4090"
case_ 0 "single changes to the sheet's workload (8192 tokens x 1 sequence), largest saving first" fit $L3 --context 8192 --gpu "RTX 4090"
case_ 1 '"fits": false' fit $L3 --task lora --context 4096 --gpu "RTX 4090" --json
case_ 2 "fit needs a capacity or a gpu" fit $L3
case_ 2 "unknown GPU" fit $L3 --gpu "RTX 9999"
case_ 2 "fit needs an architecture" fit --params 7e9 --capacity 24GB

# adaptation (issue #4)
case_ 0 "model states:        104.31 GiB (112.00 GB; 112000000000 B) per GPU (weights + gradients + master + optimizer) = 16.00 B per parameter" estimate --params 7e9 --task full
case_ 0 "trainable:   13631488 parameters (LoRA r=16" estimate $L3 --task lora --lora-rank 16 --lora-targets q_proj,k_proj,v_proj,o_proj
case_ 0 "kept aside:  embed_tokens, lm_head, norms" estimate $L3 --task qlora --context 2048
case_ 0 "effective batch 64 sequences per update" estimate $L3 --task full --context 2048 --microbatch 2 --grad-accum 4 --gpus 8 --zero 3
case_ 0 "gathered_params" estimate $L3 --task full --context 2048 --gpus 8 --zero 3
case_ 0 '"trainable_parameters": 13631488' estimate $L3 --task lora --lora-rank 16 --lora-targets q_proj,k_proj,v_proj,o_proj --json
case_ 0 "host memory:" estimate $L3 --task full --context 2048 --offload optimizer
case_ 0 "per GPU (peak):      GPU 0: " estimate $L3 --task full --context 2048 --gpus 4 --pp 4
case_ 0 "largest microbatch:" fit $L3 --task qlora --context 2048 --checkpointing full --gpu "RTX 4090"
case_ 0 "2. checkpointing full: saves 25.02 GiB" fit $L3 --task full --context 4096 --gpu "H100 SXM" --gpus 8 --zero 2
case_ 0 '"changes"' fit $L3 --task qlora --context 2048 --gpu "RTX 4090" --json
case_ 2 "lora_targets: none of \"qkv\" is a linear module of this model (PEFT refuses a target list that matches nothing)" estimate $L3 --task lora --lora-targets qkv
# PEFT passes over names the model lacks when another matches: counted as PEFT does, the rest named
case_ 0 "not in this model, so PEFT adapts nothing for: qkv" estimate $L3 --task lora --lora-targets q_proj,qkv
case_ 2 "cannot stay in nf4" estimate $L3 --task full --format nf4
case_ 2 "not a multiple of tp x pp" estimate $L3 --gpus 3 --tp 2
case_ 2 "--optimizer: got \"adam9\", expected one of adamw" estimate $L3 --task full --optimizer adam9
case_ 2 "got \"tokens\", expected \"context\", \"concurrency\" or \"microbatch\"" fit $L3 --gpu "H100 SXM" --for tokens

# offers and the sizing sheet (issue #5)
case_ 1 "cost 47.14 USD (1 x 47.14 USD per 3d)" shortlist data/sheets/seed-7b.yaml --catalog data/catalogs/seed-offers.yaml
case_ 1 "availability [to confirm]: the GPUs stay available for the whole campaign (72 h)" shortlist data/sheets/seed-7b.yaml --catalog data/catalogs/seed-offers.yaml
case_ 0 "retained: every mandatory" shortlist data/sheets/seed-7b.yaml --catalog data/catalogs/seed-offers.yaml --evidence data/evidence/rtx4090-confirmed.yaml
case_ 0 "software [exclude]: an established failure" shortlist data/sheets/seed-7b.yaml --catalog data/catalogs/seed-offers.yaml --evidence data/evidence/rtx4090-confirmed.yaml --evidence data/evidence/rtx6000ada-failed.yaml
case_ 1 "cost unknown (no price with a source)" shortlist data/sheets/seed-7b.yaml
case_ 0 '"schema": "gpusizer/shortlist/v1"' shortlist data/sheets/seed-7b.yaml --evidence data/evidence/rtx4090-confirmed.yaml --json
case_ 0 "## What would invalidate this" sheet data/sheets/seed-7b.yaml --catalog data/catalogs/seed-offers.yaml
case_ 0 '"schema": "gpusizer/sheet/v1"' sheet data/sheets/llama3-8b-chat.yaml --catalog data/catalogs/seed-offers.yaml --json
case_ 0 "<svg" sheet data/sheets/llama3-8b-chat.yaml --html
case_ 2 "tests/data/bad/catalog.yaml:5:5: unknown field \"prize\"" shortlist data/sheets/seed-7b.yaml --catalog tests/data/bad/catalog.yaml
# issue 50 item 2: an offer's fields that contradict its gpu are refused where the catalog is read
case_ 2 "offer rtx4090-80g: reported 74.51 GiB is more than a 24 GB RTX 4090 can hold (24 GiB at most)" shortlist data/sheets/seed-7b.yaml --catalog tests/data/bad/catalog-reported.yaml
case_ 2 "offer rtx4090-80: nominal_gb 80 contradicts gpu \"RTX 4090\", a 24 GB card" shortlist data/sheets/seed-7b.yaml --catalog tests/data/bad/catalog-nominal.yaml
# a phase name cut inside a character (issue 50 item 15): the JSON answer is written, mended
case_ 0 '"phase": "a€€€€??"' diagnose tests/data/logs/torch-backward.log --run tests/data/bad/run-utf8-phase.jsonl --json
# Transformers dequantizes a GGUF (issue 50 item 5); a .gguf runs under llama.cpp unless told
case_ 2 "format gguf:Q4_K_M: Transformers dequantizes a GGUF when it loads it" estimate $L31 --format Q4_K_M --gpu "RTX 4090"
case_ 2 "Transformers dequantizes a GGUF when it loads it" estimate llama3.1:8b --runtime transformers
# Transformers' own tensor-parallel rule (issue 50 item 6): whole query and KV heads on every rank
case_ 2 "tp 3: Transformers would not start: its tp_plan shards q_proj, k_proj and v_proj as torch.chunk does" estimate $L31 --tp 3 --gpus 3 --gpu "RTX 4090"
case_ 2 "tensor-parallel degrees it accepts for this model: 1, 2, 4, 8" estimate $L31 --tp 64 --gpus 64 --gpu "RTX 4090"
# llama.cpp review mends: -np 1 becomes 4 slots in b6925 to b7432 (honoured from b7433); Ollama's engine
# loads a vision model's tower beside the head (gemma3:4b at 0.20.7: 3.1 GiB on CUDA0, 0.78 GiB of tower)
case_ 0 "-np 1 becomes llama-server's 4 automatic slots sharing one cache in builds b6925 to b7432 (b7000)" estimate data/models/google__gemma-2-9b.json --runtime llamacpp --format Q4_K_M --context 8192 --runtime-version b7000 --concurrency 1
case_ 0 "concurrency: 1 sequence" estimate data/models/google__gemma-2-9b.json --runtime llamacpp --format Q4_K_M --context 8192 --runtime-version b7433 --concurrency 1
case_ 0 'model weights device=CUDA0 size="3.1 GiB"' estimate gemma3:4b --runtime-version 0.20.7 --gpu "RTX 4090"
case_ 0 "output head and the vision tower (Ollama's engine loads it from the model's file beside the head)" estimate gemma3:4b --runtime-version 0.20.7 --gpu "RTX 4090"
# a run naming neither model nor sheet, measuring 1 MB at 64 x 8k (issue 50 item 3): it validates nothing
case_ 1 "no run validates the sheet (run-untied.jsonl: phase load on GPU 0 measured 0.00 GiB (device used), less than half the 14.96 GiB of weights" estimate data/models/meta-llama__Meta-Llama-3-8B.json --context 8192 --concurrency 64 --gpu "RTX 4090" --run tests/data/bad/run-untied.jsonl
case_ 1 "less than half the 14.96 GiB of weights" estimate data/models/meta-llama__Meta-Llama-3-8B.json --context 8192 --concurrency 64 --gpu "RTX 4090" --run tests/data/bad/run-untied.jsonl --force-run
case_ 2 "tests/data/bad/evidence.yaml:3:14: outcome: expected confirms or fails" shortlist data/sheets/seed-7b.yaml --evidence tests/data/bad/evidence.yaml

# the first out-of-memory (issue #6's diagnose)
case_ 0 "phase: backward" diagnose tests/data/logs/torch-backward.log
case_ 0 "3. " diagnose tests/data/logs/torch-backward.log $L3 --task qlora --context 4096 --microbatch 4
# what fits on this GPU: models x formats
case_ 0 "meta-llama__Llama-3.1-8B.json                                8030261248  28481..33754                  28481..33754                  55657..60930                 55636..60908                 67546..72819" matrix --models-dir data/models --gpu "RTX 4090"
case_ 0 "Qwen__Qwen3-30B-A3B.json                                    30532122624  x llama.cpp --fit: 36/49 layers  x llama.cpp --fit: 48/49 layers  28928 " matrix --models-dir data/models --gpu "RTX 4090" --runtime llamacpp
case_ 0 'not for model_type "gpt2"' matrix --models-dir data/models --gpu "RTX 4090" --runtime llamacpp
case_ 0 '"schema": "gpusizer/matrix/v1"' matrix data/models/meta-llama__Llama-3.1-8B.json --gpu "RTX 4090" --runtime ollama --json
case_ 0 "| meta-llama__Llama-3.1-8B.json | 8030261248 | 4 | 10..11 |" matrix data/models/meta-llama__Llama-3.1-8B.json --gpu "RTX 4090" --runtime vllm --runtime-version 0.16.0 --context 8192 --formats bf16,fp8 --markdown
case_ 2 "matrix: no model" matrix --gpu "RTX 4090"
case_ 2 "matrix: give a capacity" matrix data/models/meta-llama__Llama-3.1-8B.json
case_ 2 "the formats are the columns" matrix data/models/meta-llama__Llama-3.1-8B.json --gpu "RTX 4090" --format bf16
# issue 44: the refusal is the library's (gs_matrix_begin), the API's too, naming the value's place
case_ 2 "error: --format: the formats are the columns: list them in formats (--formats bf16,nf4), not in format or bits" matrix data/models/meta-llama__Llama-3.1-8B.json --gpu "RTX 4090" --format nf4
case_ 2 "error: --bits: the formats are the columns" matrix data/models/meta-llama__Llama-3.1-8B.json --gpu "RTX 4090" --bits 4
case_ 2 "llama3-8b-chat.yaml:6:9: format: the formats are the columns" matrix data/sheets/llama3-8b-chat.yaml --gpu "RTX 4090"
case_ 2 'error: fit needs a capacity or a gpu: --gpu "RTX 4090" or --capacity 24GB' fit $L3 --context 8192
case_ 2 "nonexist.json: No such file" matrix data/models/nonexist.json data/models/meta-llama__Llama-3.1-8B.json --gpu "RTX 4090"
# PEFT's default LoRA targets per model type (v0.20.0 constants.py): print_trainable_parameters' counts
case_ 0 "trainable:   294912 parameters (LoRA r=8: c_attn 12x(768->2304))" estimate data/models/openai-community__gpt2.json --task lora --context 512
case_ 0 "trainable:   2621440 parameters (LoRA r=8: query_key_value 32x(2560->7680))" estimate data/models/EleutherAI__pythia-2.8b.json --task lora --context 512
case_ 0 "trainable:   786432 parameters (LoRA r=8: query 24x(1024->1024), value 24x(1024->1024))" estimate tests/data/configs/bert-large-uncased-seqcls.json --task lora --context 512
# BERT's head follows its class: BertForMaskedLM (the hub's class) has no pooler and an MLM head
case_ 0 "parameters:  335174458" estimate google-bert/bert-large-uncased
case_ 0 "parameters:  109482240" estimate tests/data/configs/bert-base-uncased-bertmodel.json
# an encoder: one forward pass, no KV cache; the engines refuse it
case_ 0 "kv_cache: none: an encoder attends over the whole input in one pass" estimate google-bert/bert-base-uncased --context 512
case_ 2 'model_type "bert" is an encoder (no generation, no KV cache)' estimate google-bert/bert-base-uncased --context 512 --runtime sglang --gpu L4 --runtime-version 0.4.9
case_ 2 'PEFT v0.20.0 has no default LoRA target modules for model_type "phi3"' estimate data/models/microsoft__Phi-3-mini-4k-instruct.json --task lora --context 512
case_ 0 "LoRA r=8: qkv_proj" estimate data/models/microsoft__Phi-3-mini-4k-instruct.json --task lora --context 512 --lora-targets qkv_proj
# a model_type gpusizer does not model: from its tensor table only, marked; a bare config exits 2
GEN=$(mktemp -d)
printf '{"architectures": ["BertForRanking"], "model_type": "bert", "hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4, "num_hidden_layers": 2, "vocab_size": 100, "max_position_embeddings": 64}' > "$GEN/bert-ranking.json"
case_ 2 'field "architectures" names a BERT class whose head gpusizer does not know' estimate "$GEN/bert-ranking.json"
# PhiMoE's attention derives head_dim from hidden_size: a config that says otherwise is refused
printf '{"model_type": "phimoe", "hidden_size": 64, "head_dim": 32, "intermediate_size": 32, "num_attention_heads": 4, "num_key_value_heads": 2, "num_hidden_layers": 2, "vocab_size": 100, "num_local_experts": 4, "num_experts_per_tok": 2}' > "$GEN/phimoe-head-dim.json"
case_ 2 'field "head_dim" must be hidden_size / num_attention_heads: PhimoeAttention derives it so' estimate "$GEN/phimoe-head-dim.json"
# a model_type with no reader names the nearest one that has one
printf '{"architectures":["OlmoeForCausalLM"],"model_type":"olmoe","hidden_size":64,"intermediate_size":128,"num_attention_heads":4,"num_hidden_layers":2,"vocab_size":100}' > "$GEN/olmoe.json"
case_ 2 'model_type "olmoe" is not modelled (the nearest gpusizer reads is "olmo2"' estimate "$GEN/olmoe.json"
# llama.cpp's Mamba takes an inner width of 2 x hidden and no projection biases
printf '{"architectures":["MambaForCausalLM"],"model_type":"mamba","hidden_size":64,"intermediate_size":128,"num_hidden_layers":2,"state_size":16,"conv_kernel":4,"vocab_size":100,"use_bias":true}' > "$GEN/mamba-bias.json"
case_ 2 "llama.cpp's converter takes Mamba with an inner width of 2 x hidden_size and no projection biases (use_bias false): this config has 128 and 64, use_bias true" estimate "$GEN/mamba-bias.json" --runtime llamacpp --format F16 -c 512
# llama.cpp's Granite hybrid asserts mamba_expand 2
sed 's/"mamba_expand": 2/"mamba_expand": 4/; s/"mamba_d_head": 64/"mamba_d_head": 128/' tests/data/configs/granite-hybrid-dense-tiny.json > "$GEN/granite-expand4.json"
case_ 2 "llama.cpp loads Granite hybrids with mamba_expand 2 only (the mixer's inner width 1024 is not 2 x hidden_size 256" estimate "$GEN/granite-expand4.json" --runtime llamacpp --format Q8_0 -c 4096
case_ 2 'PEFT v0.20.0 has no default LoRA target modules for model_type "phimoe"' estimate microsoft/Phi-mini-MoE-instruct --task lora
# a file type planned from config.json says its bits per weight are the planned file's
case_ 0 "x 4.90 bits / 8 (the planned file's effective bits per weight" estimate Qwen/Qwen3-8B --runtime llamacpp --format Q4_K_M
# V1 0.8.5 counts other processes' memory as its own non-torch memory
case_ 0 "each GiB they hold comes off the KV pool" estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --runtime-version 0.8.5 --length 8192
# all-linear on a mixture of experts: the router's adapter is named, not counted (it depends on the release)
case_ 0 'r x (4096 + 8) x 32 layers = 1050624 parameters more, not counted' estimate mistralai/Mixtral-8x7B-v0.1 --task qlora --lora-targets all-linear --length 2048
case_ 0 'all-linear adapts none of them: 113246208 parameters of the count above are the experts' estimate mistralai/Mixtral-8x7B-v0.1 --task lora --lora-targets all-linear --length 2048
case_ 0 'leaves them in 16 bits: 62.33 GiB more than counted here' estimate mistralai/Mixtral-8x7B-v0.1 --task qlora --lora-targets all-linear --length 2048
case_ 0 'trainable:   3981312 parameters' estimate openai/gpt-oss-20b --task lora --lora-targets all-linear --length 2048
python3 tests/cli/generic_model.py "$GEN/newarch"
case_ 0 "parameters:  95040" estimate "$GEN/newarch" --context 128
case_ 0 'model_type "newarch" is not modelled: the parameters are the tensor table' estimate "$GEN/newarch" --context 128
case_ 2 'model_type "newarch" is not modelled: gpusizer can count its parameters only from its tensor table' estimate "$GEN/newarch/config.json"
case_ 2 'LoRA on model_type "newarch", which gpusizer does not model' estimate "$GEN/newarch" --context 128 --task lora
printf '{"model_type":"newarch","hidden_size":64}' > "$GEN/bare.json"
case_ 2 "lacks the standard keys hidden_size, num_hidden_layers and num_attention_heads" estimate "$GEN/bare.json"
printf '{"model_type":"newarch","hidden_size":64,"num_hidden_layers":2,"num_attention_heads":4}' > "$GEN/partial.json"
case_ 2 'field "intermediate_size" is missing' estimate "$GEN/partial.json"
rm -rf "$GEN"
# BLOOM: ALiBi, an extra LayerNorm after the embeddings, tied head; eager attention in Transformers
case_ 0 "parameters:  559214592" estimate data/models/bigscience__bloom-560m.json --context 2048
case_ 0 "attention: Transformers has no SDPA or flash path for bloom" estimate data/models/bigscience__bloom-560m.json --context 2048
case_ 0 "trainable:   786432 parameters (LoRA r=8: query_key_value 24x(1024->3072))" estimate data/models/bigscience__bloom-560m.json --task lora --context 512
# Falcon's three layouts
case_ 0 "parameters:  1311625216" estimate data/models/tiiuae__falcon-rw-1b.json --context 2048
case_ 0 "parameters:  41303293952" estimate data/models/tiiuae__falcon-40b.json --context 2048
case_ 0 "LoRA r=8: query_key_value 32x(4544->4672)" estimate data/models/tiiuae__falcon-7b.json --task lora --context 512
# gpt-oss: experts with biases, attention sinks, alternating 128-token windows
case_ 0 "parameters:  20914757184" estimate data/models/openai__gpt-oss-20b.json --context 8192
case_ 0 "kv_cache               estimated                -            0.19            0.19" estimate data/models/openai__gpt-oss-20b.json --context 8192
# llama.cpp runs the GGUF converted from a checkpoint: its quantization_config is not the file type
case_ 0 "llama.cpp runs the GGUF converted from it, sized here at the default file type bf16" estimate tests/data/configs/quant/llama-3.1-8b-fbgemm-fp8.json --runtime llamacpp --gpu "RTX 4090" --context 4096
# config.json's _attn_implementation eager is what Transformers loads unless told otherwise
case_ 0 "config.json sets _attn_implementation eager" estimate google/gemma-2-27b --context 8192
case_ 0 "attention sdpa" estimate google/gemma-2-27b --context 8192 --attention sdpa
# Qwen3-Next: gated attention on every 4th layer, Gated DeltaNet state on the others
case_ 0 "parameters:  79674391296" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --context 8192
case_ 0 "+ the 36 Gated DeltaNet layers' state" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --context 8192
case_ 0 "falls back to torch_chunk_gated_delta_rule" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --context 8192
# issue 46 item 4: hybrids under SGLang, its state pool before the token pool
case_ 0 "the state pool first: 695 states of 19316736 B" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime sglang --gpu "H100 SXM" --tp 4 --gpus 4 --context 32768 --concurrency 16 --runtime-version 0.5.10
case_ 2 "SGLang 0.5.1 has no state pool for hybrid models" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime sglang --gpu "H100 SXM" --tp 4 --gpus 4 --context 4096 --runtime-version 0.5.1
# issue 46 item 4: hybrids under vLLM, from 0.21.0's rules on
case_ 2 "cache for hybrid and state-space models was not read" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime vllm --context 4096 --runtime-version 0.20.0 --gpu H200
case_ 0 "block ids of 13369344 B (attention blocks of 544 tokens and state pages, 1 attention and 3 state groups of 12 layers; prefix caching align)" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime vllm --context 8192 --gpu H200 --format fp8
case_ 0 "largest concurrency: " fit Qwen/Qwen3-Next-80B-A3B-Instruct --runtime vllm --gpu "H100 SXM" --tp 4 --gpus 4 --context 32768
case_ 0 "vLLM state pool:" estimate mistralai/Mamba-Codestral-7B-v0.1 --runtime vllm --gpu "RTX 4090" --context 8192 --concurrency 8
# issue 46, bad input: the recurrent state's dtype, by release (vLLM bfloat16 from 0.22, SGLang float16 from 0.5.9)
case_ 0 "hybrid: a state layer's state (the recurrent part in float32), 1073152 B a sequence on one GPU, raises the attention block to 1056 tokens" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime vllm --gpu H200 --gpus 2 --tp 2 --context 32768 --state-dtype float32
case_ 0 "the state pool first: 1297 states of 19759104 B (conv bf16, temporal bfloat16)" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime sglang --gpu H200 --gpus 2 --tp 2 --context 32768 --mamba-ssm-dtype bfloat16
case_ 2 "state_dtype bfloat16: vllm 0.21.0 (the 0.21.0 row) takes one of: auto (the engine's rule) float32 float16" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime vllm --runtime-version 0.21.0 --gpu H200 --gpus 2 --tp 2 --state-dtype bfloat16
case_ 2 "state_dtype float16: sglang 0.5.8 (the 0.5.4.post1 row) takes one of: auto (the engine's rule) float32 bfloat16" estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime sglang --runtime-version 0.5.8 --gpu H200 --gpus 2 --tp 2 --mamba-ssm-dtype float16
case_ 2 'state_dtype float32: model_type "qwen3" keeps no recurrent state' estimate Qwen/Qwen3-8B --runtime vllm --gpu H200 --state-dtype float32
case_ 2 'expected one of auto, float32, float16, bfloat16' estimate Qwen/Qwen3-Next-80B-A3B-Instruct --runtime vllm --gpu H200 --mamba-ssm-cache-dtype float8
case_ 2 "prefix_caching yes: vLLM has no prefix caching for a state-space model without attention" estimate mistralai/Mamba-Codestral-7B-v0.1 --runtime vllm --gpu "RTX 4090" --context 8192 --prefix-caching yes
case_ 2 "SGLang 0.5.18 serves no Mamba-1 hybrid (Jamba) or attention-free state-space model" estimate ai21labs/Jamba-v0.1 --runtime sglang --gpu H200 --context 8192
# vLLM releases and DeepSeek: 0.6.4 has no MLA (every head's K and V at 256) and no V3
case_ 0 "vLLM 0.6.4 has no MLA: each layer caches K and V of 16 heads / tp at head size 256" estimate deepseek-ai/DeepSeek-V2-Lite --runtime vllm --runtime-version 0.6.4 --gpu "A100 80GB" --context 8192
case_ 2 "vLLM 0.6.4 has no DeepseekV3ForCausalLM" estimate deepseek-ai/DeepSeek-V3 --runtime vllm --runtime-version 0.6.4 --context 8192
case_ 0 "each layer's MLA latent entry of 1152 B padded to 1280 B" estimate deepseek-ai/DeepSeek-V3 --runtime vllm --runtime-version 0.7.3 --tp 8 --gpus 8 --gpu H200 --context 32768
# OPT, MarianMT and Ling (bailing_moe): hub configs with recorded revisions
case_ 0 "parameters:  125239296" estimate facebook/opt-125m --context 2048
case_ 0 "trainable:   294912 parameters (LoRA r=8: q_proj 12x(768->768), v_proj 12x(768->768))" estimate facebook/opt-125m --task lora --lora-rank 8 --context 512
case_ 0 "parameters:  331196416" estimate tests/data/configs/opt-350m-fields.json --context 2048
case_ 0 "project_in 1x(512->1024), project_out 1x(1024->512)); frozen base 331196416" estimate tests/data/configs/opt-350m-fields.json --task lora --lora-targets all-linear --lora-rank 8 --context 512
case_ 0 "parameters:  75133952" estimate Helsinki-NLP/opus-mt-en-fr --context 512
case_ 2 'PEFT v0.20.0 has no default LoRA target modules for model_type "marian"' estimate Helsinki-NLP/opus-mt-en-fr --task lora
case_ 0 "parameters:  102889705216" estimate inclusionAI/Ling-flash-2.0 --context 4096
case_ 0 "revision:    649f8b943c1a6db288552fd894576b66ca098c27" estimate inclusionAI/Ling-flash-2.0 --context 4096
case_ 0 "parameters:  494032768" estimate Gensyn/Qwen2.5-0.5B-Instruct --context 4096
# ERNIE 4.5 MoE: a dense first layer, shared experts, fp32 routers
case_ 0 "parameters:  21825437888" estimate baidu/ERNIE-4.5-21B-A3B-Thinking --context 4096
case_ 2 'field "use_bias" must be false: true adds an lm_head bias' estimate tests/data/configs/ernie-use-bias.json
# Mistral 3 (Magistral Small): Mistral text + Pixtral tower + patch-merging projector
case_ 0 "parameters:  24011361280" estimate mistralai/Magistral-Small-2509 --context 8192
case_ 2 "up to 55 x 56 = 3,080 at 1540 x 1540" estimate mistralai/Magistral-Small-2509 --context 4096 --images 1
case_ 0 "length:      10256 tokens (4096 text + 2 images x 3080 image tokens)" estimate mistralai/Magistral-Small-2509 --context 4096 --images 2 --image-tokens 3080
# issue 46 item 3: vision-language models under vLLM and SGLang
case_ 0 "the profile encodes 2 images of 3025 tokens" estimate mistralai/Magistral-Small-2509 --runtime vllm --context 4096 --runtime-version 0.21.0 --gpu "H100 SXM"
case_ 0 "the profile encodes 1 video of 114688 tokens" estimate Qwen/Qwen2.5-VL-7B-Instruct --runtime vllm --gpu "H100 SXM" --context 131072
case_ 0 "the profile encodes 1 image of 16384 tokens" estimate Qwen/Qwen2.5-VL-7B-Instruct --runtime vllm --gpu "H100 SXM" --context 131072 --limit-videos 0
case_ 0 "Model Runner V2 does not profile the vision encoder" estimate google/gemma-3-4b-it --runtime vllm --gpu "RTX 4090" --context 8192 --runtime-version 0.25.0
case_ 2 'limit_images: model_type "llama" takes no images or videos' estimate meta-llama/Llama-3.1-8B --runtime vllm --gpu L4 --context 4096 --limit-images 1
case_ 2 'limit_videos 2: model_type "gemma3" takes images only (allowed: 0)' estimate google/gemma-3-4b-it --runtime vllm --gpu L4 --context 4096 --limit-videos 2
case_ 2 "images 4: vLLM's limit_images is 2 a prompt" estimate google/gemma-3-4b-it --runtime vllm --gpu L4 --context 4096 --images 4 --limit-images 2
case_ 0 "x 0.95 x 0.9576 for the vision tower (27 layers of 1152)" estimate google/gemma-3-4b-it --runtime sglang --gpu "RTX 4090" --context 8192 --images 2
# MXFP4 (gpt-oss): the experts' matrices alone, everything else in 16 bits; LoRA dequantizes
case_ 0 "weights                estimated             8.90            8.90            8.90" estimate tests/data/configs/quant/gpt-oss-20b-mxfp4.json
case_ 0 "1804459584 params (everything but the experts' matrices" estimate openai/gpt-oss-20b --context 8192
case_ 0 "otherwise it dequantizes the experts to bf16: 26.14 GiB more" estimate openai/gpt-oss-20b --context 8192
case_ 0 "LoRA loads this checkpoint dequantized to bf16" estimate openai/gpt-oss-20b --task lora --lora-targets all-linear --context 512
case_ 2 'format mxfp4-experts quantizes the experts of a mixture of experts and nothing else; model_type "llama" has no experts' estimate $L3 --format mxfp4-experts
case_ 2 'PEFT v0.20.0 has no default LoRA target modules for model_type "gpt_oss"' estimate data/models/openai__gpt-oss-20b.json --task lora --context 512
# adaptation like a practitioner: recipe defaults, a change for every overflowing phase, one answer first
L31=data/models/meta-llama__Llama-3.1-8B.json
case_ 1 "one change makes it fit: export cpu -> peak 13.29 GiB" fit $L31 --task qlora --context 4096 --capacity 16GiB
case_ 1 "under the peft recipe's defaults (PEFT v0.20.0 with Transformers' Trainer (plain library defaults): optimizer adamw, checkpointing full, export gpu)" fit $L31 --task qlora --context 4096 --capacity 16GiB
case_ 1 "phase export overflows (18.84 GiB > 16.00 GiB)" fit $L31 --task qlora --context 4096 --capacity 16GiB
case_ 1 "1. export cpu: export 18.84 GiB -> 5.84 GiB (this phase fits)" fit $L31 --task qlora --context 4096 --capacity 16GiB
case_ 1 '"answer": "Not as set: qlora at 4096 tokens' fit $L31 --task qlora --context 4096 --capacity 16GiB --json
case_ 0 "Yes: qlora at 4096 tokens, microbatch 1 fits in 16.00 GiB in every phase" fit $L31 --task qlora --context 4096 --capacity 16GiB --recipe llama-factory
case_ 1 "one change makes it fit: checkpointing full -> peak 22.82 GiB" fit $L3 --task lora --context 4096 --gpu "RTX 4090"
case_ 0 "recipe:      trl-sft: TRL v1.9.0 SFTTrainer / SFTConfig; its defaults here: length 1024, lora_rank 16, optimizer adamw, checkpointing full, loss chunked, export adapters" estimate $L31 --task qlora --recipe trl-sft
case_ 0 "recipe:      unsloth: Unsloth v0.1.801-beta FastLanguageModel; its defaults here: length 2048, lora_rank 16, lora_targets q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj, checkpointing offloaded, loss chunked, export layerwise" estimate $L31 --task qlora --recipe unsloth
case_ 0 "trainable:   41943040 parameters (LoRA r=16" estimate $L31 --task qlora --recipe unsloth
case_ 2 "Axolotl v0.18.0 has no default lora_r" estimate $L31 --task qlora --recipe axolotl
# vLLM 0.8.0-0.10.1 fall back to V0 below compute capability 8.0: sized with those releases' V0 rules
L32=data/models/meta-llama__Llama-3.2-1B-Instruct.json
case_ 0 "its V0 engine (compute capability below 8.0: V1 falls back to V0)" estimate $L32 --runtime vllm --runtime-version 0.8.4 --gpu T4 --context 4096 --format fp16
case_ 0 "vLLM profile run:    4096 tokens, 256 dummy requests (V0, max_model_len 4096" estimate $L32 --runtime vllm --runtime-version 0.8.4 --gpu T4 --context 4096 --format fp16
case_ 1 "its V0 engine (compute capability below 8.0" estimate $L31 --runtime vllm --runtime-version 0.10.1.1 --gpu "V100 16GB" --context 4096
# VLLM_USE_V1=0 (vllm_engine v0) on 0.8.4-0.10.1; chunked prefill above 32768 tokens, but never for MLA (0.8.0 on)
case_ 0 "its V0 engine (vllm_engine v0, VLLM_USE_V1=0)" estimate $L31 --runtime vllm --runtime-version 0.9.0 --vllm-engine v0 --gpu "A100 80GB" --context 40000
case_ 0 "2048 tokens, 256 dummy requests (V0, max_model_len 40000: above 32768, chunked prefill on" estimate $L31 --runtime vllm --runtime-version 0.9.0 --vllm-engine v0 --gpu "A100 80GB" --context 40000
case_ 0 "40000 tokens, 256 dummy requests (V0, max_model_len 40000: chunked prefill off" estimate deepseek-ai/DeepSeek-V2-Lite --runtime vllm --runtime-version 0.9.0 --vllm-engine v0 --gpu "H100 SXM" --context 40000
case_ 2 "vllm_engine v0: vLLM 0.11.0's V0 engine was not read" estimate $L31 --runtime vllm --runtime-version 0.11.0 --vllm-engine v0
case_ 2 "vllm_engine v1: vLLM 0.7.3's V1 engine" estimate $L31 --runtime vllm --runtime-version 0.7.3 --vllm-engine v1
case_ 2 "vllm_engine v1: vLLM 0.8.5 runs V1 only on compute capability 8.0 and up, and T4 has 7.5" estimate $L31 --runtime vllm --runtime-version 0.8.5 --gpu T4 --vllm-engine v1
case_ 1 "vllm 0.10.1 release" estimate $L31 --runtime vllm --runtime-version 0.10.2 --gpu T4 --context 4096
case_ 1 "falls back to its V0 engine" estimate $L31 --runtime vllm --runtime-version 0.9.0 --capacity 15GiB --context 4096
# Unsloth's RoPE cache: one shared (v0.1.801-beta), one per attention layer before 2025.1
case_ 0 "rope_cache: 1 x cos and sin of 32768 positions x 128 head dim x 2 B (one, shared by every layer)" estimate $L31 --task qlora --recipe unsloth
case_ 0 "rope_cache: 32 x cos and sin of 32768 positions x 128 head dim x 2 B (one per attention layer: Unsloth before 2025.1)" estimate $L31 --task qlora --recipe unsloth --recipe-release 2024.8
case_ 2 "--recipe-release: read with recipe unsloth only: only recipe unsloth has releases that differ in memory" estimate $L31 --task qlora --recipe-release 2024.8
# issue 49: Unsloth by release; gpt-oss in 4 bits; QAT's untied head; LitGPT; a framework's own config file
case_ 4 "to confirm: Unsloth's release is not stated, so it was sized with the newest row read (2026.7.1)" estimate $L31 --task qlora --recipe unsloth --gpu "A100 80GB"
case_ 0 "trainable:   3981312 parameters" estimate openai/gpt-oss-20b --task qlora --recipe unsloth --recipe-release 2025.8.5 --lora-rank 8 --context 1024
case_ 0 "weights as loaded:   11.66 GiB" estimate openai/gpt-oss-20b --task qlora --recipe unsloth --recipe-release 2025.8.5 --lora-rank 8 --context 1024
case_ 2 "Unsloth 2025.7 loads no gpt_oss" estimate openai/gpt-oss-20b --task qlora --recipe unsloth --recipe-release 2025.7 --context 1024
case_ 2 "older than Unsloth's first release, 2023.11" estimate $L31 --task qlora --recipe unsloth --recipe-release 2023.6
case_ 0 "trainable:   751632384 parameters" estimate Qwen/Qwen3-0.6B --task full --recipe unsloth --qat-scheme phone-deployment --recipe-release 2025.12.9 --context 1024
case_ 2 "Unsloth 2025.10.8 has no qat_scheme phone-deployment: it arrives with 2025.12.6" estimate Qwen/Qwen3-0.6B --task full --recipe unsloth --qat-scheme phone-deployment --recipe-release 2025.10.8 --context 1024
case_ 0 "litgpt: LitGPT v0.5.13 litgpt finetune lora / finetune_full (CLI defaults); its defaults here: format fp32" estimate $L3 --task lora --recipe litgpt --context 512
case_ 0 "trainable:   83886080 parameters (LoRA r=32" estimate --recipe-config tests/data/recipe_configs/axolotl-qlora.yml
case_ 0 "recipe:      llama-factory" estimate --recipe-config tests/data/recipe_configs/llamafactory-qlora.yaml
case_ 2 "axolotl-unknown.yml:7:1 relora_steps: not a key gpusizer reads from Axolotl configs" estimate --recipe-config tests/data/recipe_configs/axolotl-unknown.yml
case_ 2 "--recipe-release: read by tasks full, lora and qlora, not by inference" estimate $L31 --recipe-release 2024.8
# a ROCm GPU has no CUDA compute capability: no V0 fallback to name
case_ 0 "vllm 0.8.4 release" estimate $L31 --runtime vllm --runtime-version 0.8.4 --gpu MI300X --context 4096
case_ 2 "expected Unsloth's release as its banner prints it" estimate $L31 --task qlora --recipe unsloth --recipe-release latest
# the dataset's lengths: the peak at its longest batch; refused past length, out of order, or for serving
case_ 0 "executed:    1900 tokens, the dataset's longest (p50 380, p95 1200)" estimate $L31 --task qlora --recipe unsloth --lengths 380,1200,1900
case_ 2 "lengths: the dataset's longest sequence, 3900 tokens, is beyond length 2048 (recipe unsloth)" estimate $L31 --task qlora --recipe unsloth --lengths 380,1200,3900
case_ 2 "lengths: 3,2,1: expected p50 <= p95 <= max" estimate $L31 --task qlora --lengths 3,2,1 --context 100
case_ 2 "expected three figures, p50,p95,max" estimate $L31 --task qlora --lengths 3,2 --context 100
case_ 2 "--lengths: read by tasks full, lora and qlora, not by inference (task: default)" estimate $L31 --lengths 1,2,3
# vision-language adaptation: QLoRA on Mistral 3 and Gemma 3 answered; the tower frozen (LLaMA-Factory) or
# trained through the adapters PEFT's name matching puts in it (Unsloth's seven names)
case_ 0 "vision q_proj 24x(1024->1024)" estimate mistralai/Magistral-Small-2509 --task qlora --recipe unsloth --context 2048 --images 1 --image-tokens 256
case_ 0 "frozen vision tower first in forward (nothing saved for backward)" estimate google/gemma-3-4b-it --task qlora --recipe llama-factory --context 2048 --images 1
case_ 0 "vision tower with adapters on 27 layers" estimate google/gemma-3-4b-it --task qlora --recipe unsloth --context 2048 --images 1
case_ 1 "DOES NOT FIT" estimate google/gemma-3-4b-it --task qlora --recipe unsloth --context 2048 --images 1 --capacity 4GiB
case_ 2 "the cross-attention layers' saved tensors" estimate meta-llama/Llama-3.2-11B-Vision-Instruct --task qlora --context 2048
case_ 2 "a trained vision tower's activations are not modelled" estimate google/gemma-3-4b-it --task full --context 2048
case_ 2 "Axolotl v0.18.0 has no default targets" estimate $L31 --task qlora --recipe axolotl --lora-rank 32
case_ 0 "trainable:   83886080 parameters" estimate $L31 --task qlora --recipe axolotl --lora-rank 32 --lora-targets all-linear
case_ 0 "its defaults here: microbatch 2, optimizer paged-adamw-8bit, precision bf16, checkpointing full, loss chunked" estimate $L31 --task full --recipe torchtune --context 2048
case_ 0 "length:      4096 tokens" estimate $L31 --task qlora --recipe trl-sft --context 4096
case_ 2 "--recipe: read by tasks full, lora and qlora, not by inference" estimate $L31 --recipe peft
case_ 2 'recipe: got "hf", expected one of peft, trl-sft, unsloth, axolotl, llama-factory, deepspeed, torchtune' estimate $L31 --task lora --recipe hf
case_ 0 "phase: export" diagnose tests/data/logs/torch-merge.log $L31 --task qlora --context 4096
case_ 0 "1. export cpu: saves 5.55 GiB -> peak 13.29 GiB, fits; acts on export" diagnose tests/data/logs/torch-merge.log $L31 --task qlora --context 4096
case_ 1 "5. offload params: saves 7.48 GiB -> peak 73.44 GiB" fit $L31 --task full --context 2048 --gpus 2 --zero 3 --gpu "RTX 4090"
case_ 1 "gpus 4: first_update" fit $L31 --task full --context 2048 --gpus 2 --zero 2 --gpu "RTX 4090"
case_ 0 "1. loss chunked: saves 14.68 GiB" diagnose tests/data/logs/torch-backward.log $L3 --task qlora --context 4096 --microbatch 4
case_ 0 "phase: context" diagnose tests/data/logs/llamacpp-context.log
case_ 0 "capacity unknown, so no verdict on fitting" diagnose tests/data/logs/llamacpp-context.log $L3 --context 8192
case_ 0 "\"fits_after\": null" diagnose tests/data/logs/llamacpp-context.log $L3 --context 8192 --json
case_ 0 "max_model_len 32768 tokens; the KV cache holds 20960" diagnose tests/data/logs/vllm-kv.log --runtime-version 0.21.0
case_ 0 '"phase": "load"' diagnose tests/data/logs/torch-load-old.log --json
case_ 2 "no out-of-memory message found" diagnose data/sheets/seed-7b.yaml
case_ 2 "No such file" diagnose /nonexistent.log

# bad input: exit 2, naming the field or the line and column
case_ 2 "--reserve: got \"-6GiB\", expected a non-negative size" estimate --params 7e9 --reserve -6GiB
case_ 2 "--reserve: got \"abc\"" estimate --params 7e9 --reserve abc
case_ 2 "--reserve: got \"6\", expected a non-negative size with a unit" estimate --params 7e9 --reserve 6
case_ 2 "--params: got \"-7\"" estimate --params -7
case_ 2 "--params: got \"seven\"" estimate --params seven
case_ 2 "\"int3\" says 3 bits per weight, which several formats store" estimate --params 7e9 --format int3
case_ 2 "unknown format \"int9\"" estimate --params 7e9 --format int9
case_ 2 "--context: got \"many\"" estimate --params 7e9 --context many
case_ 2 "malformed.json:5:14: malformed JSON: '}' expected" estimate tests/data/bad/malformed.json
case_ 2 "field \"hidden_size\" is missing" estimate tests/data/bad/missing_hidden.json
case_ 2 "model_type \"rwkv\" is not supported, and its config lacks the standard keys" estimate tests/data/bad/unknown_type.json
case_ 2 "list_value.yaml:2:10: reserve: expected a single value, not a list" estimate tests/data/bad/list_value.yaml
case_ 2 "unknown_key.yaml:2:1: unknown field \"context_length\"" estimate tests/data/bad/unknown_key.yaml
case_ 2 "malformed.yaml:2:7: malformed YAML" estimate tests/data/bad/malformed.yaml
case_ 3 "cannot reach http://127.0.0.1:9" estimate meta-llama/Llama-4-Scout-17B-16E
# the model library: its ids are read offline (the hub above is unreachable), any case; a revision it
# does not hold goes to the hub
case_ 0 "revision:    not recorded where the copy was taken (gpusizer's model library, copy: verbatim" estimate meta-llama/Llama-3.1-8B
case_ 0 "parameters:  8030261248" estimate META-LLAMA/llama-3.1-8b
case_ 0 '"library_copy": "preset"' estimate Qwen/Qwen3-1.7B --json
case_ 0 '"library_copy": "verbatim"' estimate Qwen/Qwen3-0.6B --json
case_ 0 "revision: not recorded where the copy was taken (gpusizer's model library, copy: fields)" sheet --model Qwen/Qwen3-8B
case_ 3 "(the built-in library holds this id, but not at that revision)" estimate meta-llama/Llama-3.1-8B@main
case_ 3 "cannot reach http://127.0.0.1:9" estimate meta-llama/Llama-3.1-8B --revision 0e9e39f
case_ 3 "(not in gpusizer's built-in model library either: gpusizer models)" estimate meta-llama/Llama-4-Scout-17B-16E
# offline by choice: an id in neither the library nor the cache is the input's problem
HF_HUB_OFFLINE=1 case_ 2 "HF_HUB_OFFLINE is set and this revision is not in gpusizer's hub cache (\$XDG_CACHE_HOME/gpusizer/hub, else ~/.cache/gpusizer/hub)" estimate meta-llama/Llama-4-Scout-17B-16E
case_ 0 "meta-llama/Llama-3.2-1B-Instruct                       1235814400  131072 (model max)" matrix --library --gpu "H100 SXM"
case_ 0 "Qwen/Qwen2-0.5B-Instruct                                494032768  188..197" matrix --library --gpu "RTX 4090" --runtime vllm --runtime-version 0.16.0 --context 8192 --formats bf16
case_ 0 "mistralai/Mistral-Nemo-Base-2407                   Mistral NeMo     mistral        12247782400     128000  preset" models
case_ 0 "source:   mlc-ai/mlc-llm@79d603f085f5 python/mlc_llm/model/model_preset.py, MODEL_PRESETS[\"llama3_1_70b\"]" models Llama-3.1-70B-Instruct
case_ 0 '"schema": "gpusizer/models/v1"' models gemma --json
case_ 0 "| google/gemma-2-27b | Gemma 2 | gemma2 | 27227128320 | 8192 | preset |" models gemma-2 --markdown
case_ 2 'no model of the library (163 models) matches "no-such-model"' models no-such-model
case_ 2 'gpusizer models: unknown option "--gpu" (see gpusizer models --help)' models --gpu H100
case_ 2 'gpusizer models: unknown option "--jsn"; did you mean --json?' models --jsn
case_ 2 'gpusizer models: unexpected argument "llama" (see gpusizer models --help)' models qwen llama
case_ 2 'gpusizer compare: unexpected argument "c"' compare a b c
case_ 2 'gpusizer formats: unexpected argument "bf16"' formats bf16
case_ 2 'gpusizer probe: unknown option "--evidance"; did you mean --evidence?' probe --evidance x
# Llama 3.2 Vision: one <|image|> token per image in the text, the cross-attention layers' K/V over its tiles
case_ 0 "parameters:  10670220835" estimate meta-llama/Llama-3.2-11B-Vision-Instruct
case_ 0 "+ 2 x 8 cross-attention layers x the same x 2 images x 6404 tile tokens, x bf16 (478412800 elements)" estimate meta-llama/Llama-3.2-11B-Vision-Instruct --context 4096 --images 2
case_ 0 "length:      4098 tokens (4096 text + 2 images x 1 image tokens)" estimate meta-llama/Llama-3.2-11B-Vision-Instruct --context 4096 --images 2
case_ 2 'model_type "mllama": vLLM 0.21.0 no longer serves Llama 3.2 Vision' estimate meta-llama/Llama-3.2-11B-Vision-Instruct --runtime vllm --runtime-version 0.21.0
# Mamba-2: a recurrent state instead of a KV cache; the kernels' transient, the fallback named with its size
case_ 0 "64 layers x ((8192 inner + 2 x 8 groups x 128 state) x 4 conv taps + 128 heads x 64 head dim x 128 state) x bf16" estimate mistralai/Mamba-Codestral-7B-v0.1 --context 8192
case_ 0 "falls back to a PyTorch scan that holds b x s x chunk x heads x max(state, head dim) elements, 64.00 GiB at this length" estimate mistralai/Mamba-Codestral-7B-v0.1 --context 8192
# Mamba-2 in training: mamba_split_conv1d_scan_combined's saved zxbcdt (2 x 8192 + 2 x 8 x 128 +
# 128) and out_x (8192) and the fp32 rstd (8 groups) a token; PEFT has no default targets for it
case_ 2 'PEFT v0.20.0 has no default LoRA target modules for model_type "mamba2"' estimate mistralai/Mamba-Codestral-7B-v0.1 --task lora
case_ 0 "the 64 Mamba-2 (mamba_split_conv1d_scan_combined) mixers' 26752 16-bit + 8 fp32 values" estimate mistralai/Mamba-Codestral-7B-v0.1 --task lora --lora-targets in_proj --context 2048
case_ 0 "so PEFT's adapters there get no gradient and no optimizer state" estimate mistralai/Mamba-Codestral-7B-v0.1 --task lora --lora-targets in_proj,out_proj --context 2048
# Nemotron-H: Mamba-2, attention and MLP layers; the SSM state in fp32 (a constructed fixture)
case_ 0 "+ the 3 Mamba-2 layers' state, 1 seqs x ((256 inner + 2 x 2 groups x 16 state) x 4 taps x bf16 + 8 heads x 32 head dim x 16 state x fp32) per layer, 56832 B in all" estimate tests/data/configs/nemotron-h-tiny.json --context 1000
case_ 0 "2 x 1 layers x 2 kv heads x 64 head dim x 1000 tokens" estimate tests/data/configs/nemotron-h-tiny.json --context 1000
case_ 0 "parameters:  1715296" estimate tests/data/configs/nemotron-h-moe-tiny.json --context 1000
# Falcon-H1: attention and Mamba-2 side by side in every layer (a constructed fixture)
case_ 0 "2 x 2 layers x 2 kv heads x 64 head dim x 1000 tokens x 1 seqs x bf16 (512000 elements) in the attention layers; + the 2 Mamba-2 layers' state" estimate tests/data/configs/falcon-h1-tiny.json --context 1000
case_ 2 'cache for hybrid and state-space models was not read' estimate tests/data/configs/falcon-h1-tiny.json --runtime vllm --runtime-version 0.19.0 --gpu L4
case_ 2 "no such file or folder, and not a hub id" estimate ./nothing/here.json
case_ 2 "header length 35184372088832 exceeds the 100 MiB limit" estimate tests/data/bad/corrupt.safetensors
case_ 2 "truncated header" estimate tests/data/bad/truncated.gguf --runtime llamacpp
case_ 0 "would make a BF16 file" estimate $L3 --runtime llamacpp
case_ 2 "unknown option \"--contex\"" estimate --params 7e9 --contex 8192
case_ 2 "needs a value" estimate --params
case_ 2 "no model" estimate --context 8192
case_ 2 "not both" estimate --params 7e9 --model $L3
case_ 2 "task lora needs the model's module shapes" estimate --params 7e9 --task lora
case_ 2 "--units: got" estimate --params 7e9 --units GBs
case_ 2 "--kv-format-v: read by runtime llamacpp, not by transformers" estimate --params 7e9 --kv-format-v fp8
case_ 2 "unknown command" frobnicate
# issue 44: did-you-mean from the command table, and each command's own options from its table
case_ 2 'gpusizer: unknown command "estimat"; did you mean estimate?' estimat
case_ 2 'unknown command "shortlst"; did you mean shortlist?' shortlst --params 7e9
case_ 2 'unknown option "--librar"; did you mean --library?' matrix $L3 --gpu "RTX 4090" --librar
case_ 2 'gpusizer estimate: unknown option "--library" (see gpusizer estimate --help)' estimate $L3 --library
case_ 2 'gpusizer fit: unknown option "--catalog"' fit $L3 --gpu "RTX 4090" --catalog data/catalogs/seed-offers.yaml
case_ 2 "gpusizer estimate: option --json takes no value" estimate $L3 --json=1
case_ 2 "gpusizer sheet: at most 8 --evidence files" sheet $L3 -v --evidence a --evidence a --evidence a --evidence a --evidence a --evidence a --evidence a --evidence a --evidence a
case_ 0 "--catalog FILE      the offers to judge" shortlist --help
case_ 0 "--run FILE          a run of gpusizer measure: whether it validates the sheet" ladder --help
# shortlist --units as the API's "units": the requirements' texts in it
case_ 1 "memory [admissible]: peak 18.69 GB per GPU (prefill)" shortlist data/sheets/llama3-8b-8k.yaml --units GB
case_ 2 "usage: gpusizer COMMAND"
case_ 0 "usage: gpusizer estimate" estimate --help
case_ 0 "--context, --length" fit --help
case_ 0 "gpusizer 0." --version
case_ 0 "usage: gpusizer serve [--port 8080] [--bind 127.0.0.1] [--models-dir DIR]..." serve --help
case_ 2 "--port: got \"99999\", expected 0 to 65535" serve --port 99999
case_ 2 "--bind: got \"localhost\", expected an IPv4 address" serve --bind localhost
case_ 2 "unknown argument \"--prot\"" serve --prot 8080

# token counts: 8k is 8192 tokens, echoed as the number; parameter counts stay decimal
case_ 0 "length:      8192 tokens" estimate $L3 --context 8k
case_ 0 '"bytes": 1073741824' estimate $L3 --context 8K --json
case_ 0 "parameters:  70000" estimate --params 70k
"$B" estimate $L3 --runtime vllm --context 8k --gpu "RTX 4090" > "$OUT" 2>&1
if grep -q "^format:.*attention" "$OUT"; then fail=$((fail + 1)); echo "FAIL: vllm shows an attention label"; else pass=$((pass + 1)); fi

# hardening: nonsense refused, never sized as 0 or printed saturated
case_ 2 "--tp: 4294967296 is more than this tool sizes (at most 65536)" estimate $L3 --tp 4294967296
case_ 2 "--gpus: 100000 is more than this tool sizes" estimate $L3 --gpus 100000
case_ 2 "--bits: got 4294967297, expected more than 0 and at most 64" estimate --params 7e9 --bits 4294967297
case_ 2 "--params: 10000000000000000000 is more than this tool sizes" estimate --params 1e19
case_ 2 "--params: 10000000000000000000 is more than this tool sizes" estimate --params 1e19 --json
case_ 2 "the figures are too large to represent" estimate $L3 --context 1073741824 --concurrency 1048576
case_ 2 "the figures are too large to represent" estimate $L3 --context 1073741824 --concurrency 1048576 --json
case_ 2 "--tensor-split: got \"1,-1,nan\", expected proportions" estimate --params 7e9 --tensor-split "1,-1,nan"
case_ 2 "--tensor-split: got \"inf,1\"" estimate --params 7e9 --tensor-split "inf,1"
case_ 2 "the proportions must not all be zero" estimate --params 7e9 --tensor-split "0,0.0"
case_ 2 "--campaign: got \"99999999999w\": out of range (at most 100 years" estimate --params 7e9 --campaign 99999999999w
T=$(mktemp -d)
mkfifo "$T/pipe.json" "$T/pipe.yaml"
case_ 2 "not a regular file (a FIFO)" estimate "$T/pipe.json"
case_ 2 "not a regular file (a FIFO)" estimate "$T/pipe.yaml"
case_ 2 "not a regular file (a FIFO)" shortlist --params 7e9 --catalog "$T/pipe.json"
case_ 2 "not a regular file (a character device)" estimate /dev/zero
: > "$T/empty.safetensors"; printf 'ab' > "$T/two.gguf"; : > "$T/empty.gguf"
case_ 2 "empty.safetensors: the file has 0 bytes: empty, or not a model file" estimate "$T/empty.safetensors"
case_ 2 "empty.gguf: the file has 0 bytes: empty, or not a model file" estimate "$T/empty.gguf"
case_ 2 "two.gguf: GGUF: truncated header: it ends after 2 bytes" estimate "$T/two.gguf"
echo '{"model_type": 5}' > "$T/mt.json"
case_ 2 "field \"model_type\" must be a string such as \"llama\"" estimate "$T/mt.json"
printf '\357\273\277' > "$T/bom.json"; cat data/models/mistralai__Mistral-7B-v0.1.json >> "$T/bom.json"
case_ 0 "parameters:  7241732096" estimate "$T/bom.json"
sed 's/"num_key_value_heads": 8/"num_key_value_heads": 7/' data/models/mistralai__Mistral-7B-v0.1.json > "$T/kv7.json"
case_ 2 "num_key_value_heads\" must divide num_attention_heads" estimate "$T/kv7.json"
sed 's/"num_key_value_heads": 8/"num_key_value_heads": 64/' data/models/mistralai__Mistral-7B-v0.1.json > "$T/kv64.json"
case_ 2 "num_key_value_heads\" must divide num_attention_heads" estimate "$T/kv64.json"
printf 'params: 7e9\n---\nparams: 8e9\n' > "$T/two.yaml"
case_ 2 "two.yaml:2:1: a second YAML document" estimate "$T/two.yaml"
python3 -c "open('$T/deep.yaml','w').write('model: ' + '['*200000)"
case_ 2 "deep.yaml:1:23: nested more than 16 levels deep" estimate "$T/deep.yaml"
printf 'offers:\n  - {id: a, gpu: [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]}\n' > "$T/deep-cat.yaml"
case_ 2 "nested more than 16 levels deep" shortlist --params 7e9 --catalog "$T/deep-cat.yaml"
printf 'params: 7e9\nquality: "a\377b"\n' > "$T/utf8.yaml"
case_ 2 "utf8.yaml:2:12: malformed YAML: invalid leading UTF-8 octet" estimate "$T/utf8.yaml"
case_ 2 "--bind 0.0.0.0: other machines could reach this server; add --allow-remote" serve --bind 0.0.0.0 --port 0
case_ 2 "--models-dir: /nonexistent: not an existing folder" serve --port 0 --models-dir /nonexistent
case_ 2 "--request-timeout: got \"0\", expected whole seconds" serve --request-timeout 0
rm -rf "$T"

# a failed write is not a success
"$B" estimate --params 7e9 --bits 16 >/dev/full 2>/dev/null
rc=$?
if [ "$rc" -eq 3 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: write to /dev/full -> rc $rc (want 3)"; fi

# calibration intervals and --conservative (issue #14, method.md §17a): BERT-large
# fp16 batch 4 as published (13939 MiB used) fits 13 GiB at the point estimate,
# not at the high end of the training interval
BERT=tests/data/configs/bert-large-uncased-seqcls.json
BA="--task full --context 512 --microbatch 4 --attention eager --precision amp --optimizer adamw-forloop --runtime-context 1343MiB"
case_ 4 "fits: peak backward 12.05 GiB" estimate $BERT $BA --capacity 13GiB
case_ 0 "interval (90 % target): 11.81 GiB to 13.93 GiB; training peaks: 6 records" estimate $BERT $BA
case_ 1 "DOES NOT FIT: peak backward 13.93 GiB" estimate $BERT $BA --capacity 13GiB --conservative
case_ 0 "calibration_margin" estimate $BERT $BA --conservative yes
case_ 0 '"peak_is_high_end": true' estimate $BERT $BA --conservative --json
case_ 0 '"high_bytes": 14954011373' estimate $BERT $BA --json
case_ 2 'expected one of no, yes' estimate $BERT $BA --conservative=maybe
case_ 1 "one change makes it fit: checkpointing full" fit $BERT $BA --capacity 13GiB --conservative
case_ 0 '"kv_tokens_interval"' estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --json --runtime-version 0.21.0
case_ 0 "KV tokens interval:  36579 to 47811 tokens; vllm-v1 KV capacity: 28 records, errors -17.6 % to +3.1 %, widened by 2.0 points" estimate --model $L31 --runtime vllm --runtime-version 0.16.0 --gpu "RTX 4090" --context 8192
case_ 0 "KV tokens interval:  41345 to 54041 tokens; vllm-v1 KV capacity: 28 records" estimate --model $L31 --runtime vllm --runtime-version 0.19.0 --gpu "RTX 4090" --context 8192
case_ 0 "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1" estimate --model $L31 --runtime vllm --runtime-version 0.19.0 --gpu "RTX 4090" --context 8192
# vLLM 0.20.0 to 0.21.0 (the default): gpu_memory_utilization 0.92, the CUDA graph
# estimate off the pool; a default cuda_graphs widens the low end to the
# largest logged estimate, the sheet's own figure takes that away
case_ 0 "vLLM budget:         21.64 GiB (23.23 GB; 23234055084 B) = gpu_memory_utilization 0.92 x CUDA total" estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --runtime-version 0.21.0
case_ 0 "vLLM KV cache:       5.27 GiB (5.66 GB; 5662310400 B), 2700 blocks of 16 tokens = 43200 tokens" estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --runtime-version 0.21.0
case_ 0 "KV tokens interval:  26695 to 53742 tokens; vllm-v1 KV capacity: 28 records, errors -17.6 % to +3.1 %, widened by 2.0 points; cuda_graphs is a default: the low end also holds 2.35 GiB of CUDA graphs" estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --runtime-version 0.21.0
case_ 0 'give --cuda-graphs from the log' estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --runtime-version 0.21.0
case_ 0 "another framework or release than vllm 0.21.0: its defaults change between releases" sheet data/sheets/llama3-8b-chat.yaml --runtime vllm --gpu L40S --runtime-version 0.21.0
# the RTX PRO 6000 Blackwell by any of its printed names, with the CUDA total vLLM printed
case_ 0 "CUDA total:  94.97 GiB (101.97 GB; 101973261025 B) — published: vLLM's device total 94.97 GiB on a Server Edition" estimate $L31 --runtime vllm --gpu "NVIDIA RTX PRO 6000 Blackwell Server Edition" --context 8192 --runtime-version 0.21.0
case_ 4 "= 97887 MiB for RTX PRO 6000" estimate $L31 --gpu "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition"
# GB10 (DGX Spark): unified memory, no device total; CUDA's total, said to be shared with the CPU,
# and what fits is to confirm against the GPU's share (issue 48 item 4)
case_ 4 "GB10 is unified memory: 128 GB of LPDDR5x shared with the CPU" estimate $L31 --gpu "DGX Spark"
case_ 4 "to confirm: unified memory: the GPU has what the CPU side leaves" estimate $L31 --gpu "NVIDIA GB10" --context 4096
case_ 4 "starts only when the OS's available memory is at least gpu_memory_utilization" estimate $L31 --gpu GB10 --runtime vllm --context 8192
case_ 4 "it fits if its peak stays at or below 121.63 GiB; unified memory" estimate $L31 --gpu GB10
case_ 2 "ambiguous: RTX 5060 Ti 8GB, RTX 5060 Ti 16GB" estimate $L31 --gpu "NVIDIA GeForce RTX 5060 Ti"
case_ 4 "= 275040 MiB for B300" estimate $L31 --gpu "NVIDIA B300 SXM6 AC"
case_ 0 "vLLM KV cache:       62.33 GiB (66.92 GB; 66923790336 B), 28366 blocks of 16 tokens = 453856 tokens" estimate data/models/Qwen__Qwen3-8B.json --runtime vllm --runtime-version 0.20.1 --gpu "RTX PRO 6000" --entrypoint llm --gpu-memory-utilization 0.85 --context 1024
# from 0.20.1 the log prints max concurrency x max_model_len as the token capacity
case_ 0 "vLLM 0.21.0 log prints:  GPU KV cache size 43167 tokens (max concurrency x 20001 tokens)" estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 20001 --runtime-version 0.21.0
case_ 0 "vLLM max concurrency for 20001 tokens per request: 2.16x" estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 20001 --runtime-version 0.21.0
case_ 0 "vLLM max concurrency for 1536 tokens per request: 28.12x" estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 1536 --runtime-version 0.21.0
case_ 0 '"kv_tokens_printed": 43167' estimate --model $L31 --runtime vllm --runtime-version 0.20.1 --gpu "RTX 4090" --context 20001 --json
case_ 0 '"kv_tokens_printed": 43200' estimate --model $L31 --runtime vllm --runtime-version 0.20.0 --gpu "RTX 4090" --context 20001 --json
# 0.21.0 warms the native sampler in the profile after FlashInfer's: --sampler flashinfer lowers nothing
case_ 0 "vLLM KV cache:       24.59 GiB (26.41 GB; 26407337984 B), 12592 blocks of 16 tokens = 201472 tokens" estimate $L31 --runtime vllm --gpu L40S --context 32768 --sampler flashinfer --runtime-version 0.21.0
case_ 0 "which the profile warms after the default one from 0.21.0" estimate $L31 --runtime vllm --gpu L40S --context 32768 --sampler flashinfer --runtime-version 0.21.0
case_ 0 "max(0, stage - forward) [docs/method.md §7" estimate data/models/mistralai__Mixtral-8x7B-v0.1.json --runtime vllm --gpu H200 --context 8192 --runtime-version 0.21.0
case_ 0 '"cuda_graphs_in_budget": true' estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --json --runtime-version 0.21.0
case_ 0 '"cuda_graphs_in_budget": false' estimate --model $L31 --runtime vllm --runtime-version 0.19.0 --gpu "RTX 4090" --context 8192 --json
case_ 0 "vLLM KV cache:       5.77 GiB (6.20 GB; 6199181312 B), 2956 blocks of 16 tokens = 47296 tokens" estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --cuda-graphs 0GiB --runtime-version 0.21.0
case_ 0 "KV tokens interval:  45016 to 58838 tokens" estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --cuda-graphs 0GiB --runtime-version 0.21.0
case_ 0 '"why": "vllm-v1 KV capacity: 28 records, errors -17.6 % to +3.1 %, widened by 2.0 points"' estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --cuda-graphs 0GiB --json --runtime-version 0.21.0
case_ 0 "vLLM budget:         21.17 GiB (22.73 GB; 22728966930 B) = gpu_memory_utilization 0.9 x CUDA total" estimate --model $L31 --runtime vllm --gpu "RTX 4090" --context 8192 --gpu-memory-utilization 0.9 --runtime-version 0.21.0
case_ 1 "cuda_graphs 0GiB: pool 47296 tokens (2956 blocks), 0.36x the 131072 tokens the sheet needs; peak 21.64 GiB, still does not fit; cost: enforce_eager: no CUDA graphs, slower decoding at small batches; vLLM 0.21.0 takes their estimate off the pool" fit $L31 --runtime vllm --gpu "RTX 4090" --context 32768 --concurrency 4 --runtime-version 0.21.0
case_ 0 "(conservative: the peak is its high end)" estimate tests/data/sheets/llama31-8b-conservative.yaml
case_ 2 'tests/data/bad/conservative.yaml:2:15: conservative: got "maybe", expected one of no, yes' estimate tests/data/bad/conservative.yaml
case_ 1 "against the peak per GPU, 18.39 GiB (prefill)" shortlist data/sheets/llama3-8b-8k.yaml --conservative
case_ 1 "against the peak per GPU, 17.41 GiB (prefill)" shortlist data/sheets/llama3-8b-8k.yaml
# issue 44: a yes/no field alone means yes (next word missing or an option), --no-FIELD no
case_ 4 "fits: peak backward 12.05 GiB" estimate $BERT $BA --capacity 13GiB --conservative --no-conservative
case_ 1 "DOES NOT FIT: peak backward 13.93 GiB" estimate $BERT --conservative $BA --capacity 13GiB
case_ 0 '"peak_is_high_end": false' estimate tests/data/sheets/llama31-8b-conservative.yaml --no-conservative --json
case_ 2 '--conservative: got "maybe", expected one of no, yes' estimate $BERT $BA --conservative maybe
case_ 2 'unknown option "--no-context"; did you mean --context?' estimate $BERT --no-context 512
# a config mixing two architectures is refused, naming the foreign field (issue #13)
case_ 2 'field "num_local_experts" belongs to mixtures of experts, not to model_type "llama"' estimate tests/data/bad/mixed_architectures.json
# more decoders (issue #13): counted, and LoRA asks for targets where PEFT has no default
case_ 0 '"parameters": 7721324544' estimate data/models/Qwen__Qwen-7B.json --json
case_ 2 'PEFT v0.20.0 has no default LoRA target modules for model_type "qwen"' estimate data/models/Qwen__Qwen-7B.json --task lora --context 512
case_ 0 "trainable:" estimate data/models/Qwen__Qwen-7B.json --task lora --lora-targets c_attn --context 512
# the kept modules' own dtype (a bitsandbytes load without torch_dtype keeps them in float32)
case_ 0 "other_format_modules: 355047424 params (embeddings, lm_head, norms, biases/routers) x 32 bits / 8" estimate data/models/bigcode__octocoder.json --format fp4 --keep-format fp32 --context 90
case_ 2 "keep_format: format bf16 keeps no module aside" estimate data/models/bigcode__octocoder.json --keep-format fp32
# vision-language (issue #13): the tower counted, images add their tokens to the length
case_ 0 '"parameters": 4300079472' estimate data/models/google__gemma-3-4b-it.json --json
case_ 0 "length:      1536 tokens (1024 text + 2 images x 256 image tokens)" estimate data/models/google__gemma-3-4b-it.json --context 1024 --images 2
case_ 0 '"parameters": 7063427072' estimate data/models/llava-hf__llava-1.5-7b-hf.json --json
case_ 2 'model_type "llama" takes no images' estimate --model $L31 --images 1
case_ 0 '"parameters": 8291375616' estimate data/models/Qwen__Qwen2-VL-7B-Instruct.json --json
case_ 0 "length:      3028 tokens (100 text + 1 images x 2928 image tokens)" estimate data/models/llava-hf__llava-v1.6-mistral-7b-hf.json --context 100 --images 1 --image-tokens 2928
case_ 2 "qwen2_vl's tokens per image depend on the image's size: give image_tokens (Qwen2-VL: (H/28) x (W/28)" estimate data/models/Qwen__Qwen2-VL-7B-Instruct.json --context 512 --images 1
case_ 0 "length:      1024 tokens (512 text + 2 images x 256 image tokens)" estimate data/models/Qwen__Qwen2-VL-7B-Instruct.json --context 512 --images 2 --image-tokens 256
case_ 2 "profile of a vision-language model was not read" estimate data/models/google__gemma-3-4b-it.json --runtime vllm --context 1024 --runtime-version 0.20.0 --gpu L4
case_ 0 "vision tower: no images given, so its pass is not counted" estimate data/models/llava-hf__llava-1.5-7b-hf.json --task lora --lora-targets q_proj,v_proj --context 512
# a state-space model (issue #13): a recurrent state per sequence, not a KV cache
case_ 0 "no KV cache: recurrent state 1 seqs x 24 layers x 1536 inner x (4 conv taps + 16 state)" estimate data/models/state-spaces__mamba-130m-hf.json --context 2048
case_ 0 "24 state layers x 1 cells (one a sequence) x 116736 B in f32" estimate data/models/state-spaces__mamba-130m-hf.json --runtime ollama --format Q8_0 --context 2048
case_ 2 "not for model_type \"mamba2\": read the model's .gguf" estimate data/models/mistralai__Mamba-Codestral-7B-v0.1.json --runtime llamacpp --format Q8_0 --context 2048
# Mamba-1 in training (mamba_inner_fn): one norm and the mixer's 3 x 1536 + 48 + 4 x 16 values a
# token, 24 x (2048 x 15,584 + 196,608) = 770,703,360 B (test_train.c test_hybrid_activations)
case_ 0 "the 24 Mamba (mamba_inner_fn) mixers' 4720 16-bit + 0 fp32 values + the scan's fp32 intermediates" estimate data/models/state-spaces__mamba-130m-hf.json --task full --context 2048
case_ 0 '"forward": 770703360' estimate data/models/state-spaces__mamba-130m-hf.json --task full --context 2048 --json
# Jamba's mixer runs the kernels one by one: what they save is not read, so training stays refused
case_ 2 "the training activations of a state-space model are not modelled: Jamba's Mamba mixer" estimate ai21labs/Jamba-v0.1 --task lora --lora-targets all-linear --context 1024
# Gated DeltaNet (Qwen3.5): fla's saved tensors, the conv input and the torch gated norm a token;
# PEFT has no default targets for qwen3_5; without fla the torch fallback's per-chunk states
case_ 2 'PEFT v0.20.0 has no default LoRA target modules for model_type "qwen3_5"' estimate Qwen/Qwen3.5-9B --task lora --context 2048
case_ 0 "the 24 Gated DeltaNet (fla chunk_gated_delta_rule, causal-conv1d) mixers' 34848 16-bit + 12448 fp32 values" estimate Qwen/Qwen3.5-9B --task lora --lora-targets all-linear --context 2048
case_ 0 '"forward": 8607760384' estimate Qwen/Qwen3.5-9B --task lora --lora-targets all-linear --context 1024 --json
case_ 0 "at least 0.06 GiB a Gated DeltaNet layer (b x ceil(s / 64) x 32 heads x 128 x 128 x 4 B)" estimate Qwen/Qwen3.5-9B --task lora --lora-targets all-linear --context 2048
# Nemotron-H: PEFT v0.20.0's default targets are its attention's four projections
case_ 0 "LoRA r=8: q_proj 1x(256->256), k_proj 1x(256->128), v_proj 1x(256->128), o_proj 1x(256->256)" estimate tests/data/configs/nemotron-h-tiny.json --task lora --context 1000
case_ 0 "NemotronHMamba2Mixer takes the fused kernel only when no token is padding" estimate tests/data/configs/nemotron-h-tiny.json --task lora --context 1000
# LFM2's short convolution: 6 x conv_dim values a token, with or without causal-conv1d
case_ 0 "the 10 short-convolution (LFM2 ShortConv) mixers' 12288 16-bit + 0 fp32 values" estimate LiquidAI/LFM2.5-VL-1.6B --task lora --lora-targets all-linear --context 1000
# encoder-decoders (issue #13)
# fit's length search on a model without a trained length (T5's relative
# positions) ends where the figures stop fitting, not in "too large to represent"
case_ 0 "largest microbatch 15 sequences, largest length 5065 tokens" fit data/models/google-t5__t5-small.json --task lora --context 1024 --gpu L4
# offloaded checkpointing sends the encoder's block inputs to the host too: 12 x 512 x 512 x 2 B
case_ 0 "host memory:         0.01 GiB (0.01 GB; 6291456 B) for the offloaded layer inputs" estimate data/models/google-t5__t5-small.json --task full --context 512 --checkpointing offloaded
case_ 0 '"parameters": 60506624' estimate data/models/google-t5__t5-small.json --json
case_ 2 "is an encoder-decoder: gpusizer sizes it with runtime transformers only" estimate data/models/google-t5__t5-small.json --runtime vllm --context 512 --runtime-version 0.21.0
case_ 0 "trainable:   294912 parameters (LoRA r=8: q 18x(512->512), v 18x(512->512))" estimate data/models/google-t5__t5-small.json --task lora --context 512
case_ 0 "autocast_cache" estimate $BERT $BA
case_ 0 "two fp32 temporaries of the largest tensor, 2 x 31254528 x 4 B" estimate $BERT $BA

# the library's verbatim copies are still the hub's bytes: each row that
# records a SHA-256 must hash to it (a hand edit of such a file fails here)
# issue 44: a field the runtime or task does not read is refused, naming who reads it
case_ 2 "--max-num-seqs: read by runtime vllm, not by transformers (runtime: default)" estimate $L3 --context 4096 --max-num-seqs 4
case_ 2 "--gpu-memory-utilization: read by runtime vllm, not by transformers" estimate $L3 --context 4096 --gpu-memory-utilization 0.8
case_ 2 "--n-ubatch: read by runtime llamacpp, not by vllm (runtime: --runtime)" estimate $L3 --runtime vllm --n-ubatch 256 --runtime-version 0.21.0
case_ 2 "--cuda-graphs: read by runtimes vllm and sglang, not by transformers" estimate $L3 --cuda-graphs 1GiB
case_ 2 "--concurrency: read by task inference, not by lora (task: --task)" estimate $L3 --task lora --context 2048 --concurrency 4
case_ 2 "--microbatch: read by tasks full, lora and qlora, not by inference" estimate $L3 --context 2048 --microbatch 2
case_ 2 "--tp: read by runtimes transformers, vllm and sglang, not by llamacpp" estimate $L3 --runtime llamacpp --format Q4_K_M --tp 2 --gpus 2
case_ 2 "vllm serves models; adaptation runs with runtime transformers" estimate $L3 --task lora --runtime vllm --microbatch 2 --runtime-version 0.21.0
case_ 2 "--mem-fraction-static: got 1.5, expected a fraction in (0, 1]" estimate $L3 --runtime sglang --mem-fraction-static 1.5 --runtime-version 0.4.9
case_ 2 "--optimizer: got \"adam\", expected one of adamw, adamw-fused, adamw-8bit, paged-adamw-8bit, sgd, sgd-momentum, adafactor, lion, adamw-forloop" estimate $L3 --task full --optimizer adam
case_ 0 "runtime vllm 0.21.0" estimate $L3 --runtime VLLM --gpu "RTX 4090" --context 4096 --runtime-version 0.21.0
# issue 45: the seed's three classes, first: the interval decides (exit 0 fits, 1 does not fit, 4 to confirm)
case_ 4 "verdict:     TO CONFIRM: vLLM's KV pool holds 2700 blocks (43200 tokens), the sheet needs 2048 blocks" estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8k --concurrency 4 --runtime-version 0.21.0
case_ 4 'to confirm: start the engine and read its log'"'"'s "GPU KV cache size": it fits if that is at least 32768 tokens (the estimate'"'"'s interval is 26688 to 53728 tokens)' estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8k --concurrency 4 --runtime-version 0.21.0
case_ 1 "verdict:     DOES NOT FIT" estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8k --concurrency 4 --conservative --runtime-version 0.21.0
case_ 0 "verdict:     fits: peak prefill 17.41 GiB of 23.52 GiB" estimate $L3 --context 8192 --gpu "RTX 4090"
case_ 1 "verdict:     DOES NOT FIT: peak prefill 46.81 GiB exceeds 23.52 GiB" estimate $L3 --context 8192 --concurrency 16 --gpu "RTX 4090"
case_ 4 '"verdict": "to_confirm"' estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8k --concurrency 4 --json --runtime-version 0.21.0
case_ 1 "no catalog given: these rows rank devices, not offers" shortlist $L3 --context 8192
case_ 1 "excluded: a mandatory requirement fails (each line says whether by the estimate or by a measured failure)" shortlist $L3 --context 8192
case_ 1 "by the estimate: even its interval's low end" shortlist $L3 --context 8192
case_ 1 "vLLM max concurrency at the pool's low end (conservative): 3.25x" estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8k --concurrency 4 --conservative --runtime-version 0.21.0
case_ 0 "limit: vLLM's KV pool (26695 tokens) at 4 sequences" fit meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8k --conservative --runtime-version 0.21.0
case_ 4 "to confirm: start the engine and read its log" estimate meta-llama/Llama-3.1-8B-Instruct --runtime vllm --gpu "RTX 4090" --context 8k --concurrency 4 --brief --runtime-version 0.21.0
case_ 0 "(vLLM v0.21.0 (ad7125a4" estimate $L3 --runtime vllm --gpu "RTX 4090" --context 8192 --verbose --runtime-version 0.21.0
case_ 0 "openai/gpt-oss-20b    20914757184  11..16  x vLLM: no KV pool" matrix openai/gpt-oss-20b --gpu "RTX 4090" --runtime vllm --context 8192 --runtime-version 0.21.0
case_ 1 "weights as loaded:   38.10 GiB (40.91 GB; 40913812608 B)" estimate openai/gpt-oss-20b --format nf4 --gpu "RTX 4090"
case_ 1 "28.36 GiB more than the calculator's: 37.77 GiB of modules kept in another format" estimate openai/gpt-oss-20b --format nf4 --gpu "RTX 4090"
case_ 4 "weights as loaded:   12.82 GiB" estimate openai/gpt-oss-20b --gpu "RTX 4090"
case_ 0 "\"weights_loaded\"" estimate openai/gpt-oss-20b --json
case_ 0 "judged against the CUDA total torch allocates from, not the device's 23.99 GiB" estimate $L3 --context 8192 --gpu "RTX 4090"
# issue 45: the forms people type
case_ 0 "length:      8192 tokens" estimate $L3 --max-model-len 8192 --runtime vllm --gpu L4 --runtime-version 0.21.0
case_ 0 "length:      4096 tokens" estimate $L3 --runtime llamacpp --format Q4_K_M -c 4096 -ngl 10
case_ 0 "cuda_graphs: 0GiB (--enforce-eager)" estimate $L3 --runtime vllm --gpu L4 --context 4096 --enforce-eager --runtime-version 0.21.0
case_ 0 "KV cache fp8-e4m3" estimate $L3 --runtime vllm --gpu L4 --context 4096 --kv-cache-dtype fp8 --runtime-version 0.21.0
case_ 0 "tp 2" estimate $L3 --runtime vllm --gpu L4 --context 4096 --tensor-parallel-size 2 --gpus 2 --runtime-version 0.21.0
case_ 4 "22.35 GiB (24.00 GB; 24000000000 B) — given: 24gb" estimate --params 7e9 --capacity 24gb
case_ 4 "22.35 GiB (24.00 GB; 24000000000 B) — given: 24G" estimate --params 7e9 --capacity 24G
case_ 0 "8000000000 params" estimate --params 8b
case_ 2 "\"int4\" says 4 bits per weight, which several formats store" estimate --params 7e9 --format int4
case_ 0 "model:       meta-llama/Meta-Llama-3-8B (llama" estimate https://huggingface.co/meta-llama/Meta-Llama-3-8B
case_ 0 "format:      weights gguf:Q4_K_M" estimate hf.co/meta-llama/Meta-Llama-3-8B:Q4_K_M --context 4096
case_ 2 "is a hub address without org/name" estimate hf.co/x

TAB=$(printf '\t')
while IFS="$TAB" read -r id file family copy rev source; do
	[ "$copy" = verbatim ] || continue
	want=$(printf '%s\n' "$source" | sed -n 's/.*SHA-256 \([0-9a-f]\{64\}\).*/\1/p')
	[ -n "$want" ] || continue
	got=$(sha256sum "data/models/$file" | cut -c1-64)
	if [ "$got" = "$want" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: data/models/$file ($id) hashes to $got, index.tsv records $want"
	fi
done < data/models/index.tsv

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
