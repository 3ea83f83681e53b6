#!/bin/sh
# bench/gpu-check.sh — the device check of issue #6, for a machine with one
# NVIDIA GPU: measure a real Transformers model built from a config with
# random weights (nothing downloaded) through load, prefill, decode and one
# LoRA training step, and compare each phase with `gpusizer estimate`.
# Needs: python3 with torch (CUDA), transformers and peft; a built gpusizer.
# Writes bench/measured/<date>-<config>/{run.jsonl,estimate*.json,compare*.txt}.
# usage: sh bench/gpu-check.sh [CONFIG.json] [LENGTH]
set -eu
CFG=${1:-data/models/meta-llama__Llama-3.1-8B.json}
LEN=${2:-4096}
B=build/gpusizer
OUT=bench/measured/$(date -u +%Y%m%d)-$(basename "$CFG" .json)
mkdir -p "$OUT"
"$B" probe --json > "$OUT/probe.json"
"$B" estimate "$CFG" --context "$LEN" --attention sdpa --json > "$OUT/estimate-inference.json"
"$B" estimate "$CFG" --task lora --lora-rank 16 --lora-targets q_proj,k_proj,v_proj,o_proj --context "$LEN" \
	--checkpointing full --json > "$OUT/estimate-lora.json"
cat > "$OUT/workload.py" <<PY
import sys, torch
sys.path.insert(0, "python")
from gpusizer_torch import phase
from transformers import AutoConfig, AutoModelForCausalLM
cfg = AutoConfig.from_pretrained("$CFG")
with phase("load"):
    model = AutoModelForCausalLM.from_config(cfg, torch_dtype=torch.bfloat16, attn_implementation="sdpa").cuda()
ids = torch.randint(0, cfg.vocab_size, (1, $LEN), device="cuda")
with torch.no_grad():
    with phase("prefill", tokens=$LEN, sequences=1):
        out = model(ids, use_cache=True, logits_to_keep=1)
    with phase("decode", tokens=$LEN, sequences=1):
        model(ids[:, -1:], past_key_values=out.past_key_values, use_cache=True)
del out
from peft import LoraConfig, get_peft_model
model = get_peft_model(model, LoraConfig(r=16, target_modules=["q_proj", "k_proj", "v_proj", "o_proj"]))
model.gradient_checkpointing_enable()
model.enable_input_require_grads()
opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-4)
with phase("forward", tokens=$LEN, sequences=1, microbatch=1):
    loss = model(ids, labels=ids).loss
with phase("backward", tokens=$LEN, sequences=1, microbatch=1):
    loss.backward()
with phase("first_update", tokens=$LEN, sequences=1, microbatch=1):
    opt.step()
PY
"$B" measure --out "$OUT/run.jsonl" -- python3 "$OUT/workload.py" | tee "$OUT/summary.txt"
"$B" compare "$OUT/estimate-inference.json" "$OUT/run.jsonl" | tee "$OUT/compare-inference.txt"
"$B" compare "$OUT/estimate-lora.json" "$OUT/run.jsonl" | tee "$OUT/compare-lora.txt"
