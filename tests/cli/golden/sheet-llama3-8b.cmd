sheet data/sheets/llama3-8b-chat.yaml
0
