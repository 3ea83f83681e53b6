estimate data/models/meta-llama__Meta-Llama-3-8B.json --runtime vllm --gpu "RTX 4090" --context 8192
0
