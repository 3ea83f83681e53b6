# src/lib/checkpoint: checkpoints read exactly: tensor tables, safetensors, GGUF, the hub client, and the model a workload names.
# The wing's sources (tests/layers.txt says whom they may call).
list(APPEND GS_LIB_SOURCES
  src/lib/checkpoint/gguf.c
  src/lib/checkpoint/hub.c
  src/lib/checkpoint/inventory.c
  src/lib/checkpoint/model_tensors.c
  src/lib/checkpoint/resolve.c
  src/lib/checkpoint/safetensors.c
  src/lib/checkpoint/tensor_table.c
)
