fit data/models/meta-llama__Meta-Llama-3-8B.json --task lora --context 4096 --gpu "RTX 4090"
1
