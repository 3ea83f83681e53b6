fit data/models/meta-llama__Meta-Llama-3-8B.json --gpu "RTX 4090" --context 8192
0
