estimate data/models/meta-llama__Meta-Llama-3-8B.json --context 8192 --concurrency 4
0
