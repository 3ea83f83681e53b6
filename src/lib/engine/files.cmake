# src/lib/engine: the estimate: shared items, one file per runtime, the release rows, the interval and the verdict.
# The wing's sources (tests/layers.txt says whom they may call).
list(APPEND GS_LIB_SOURCES
  src/lib/engine/calibration_bands.c
  src/lib/engine/engine_out.c
  src/lib/engine/engine_release.c
  src/lib/engine/estimate.c
  src/lib/engine/estimate_items.c
  src/lib/engine/estimate_llamacpp.c
  src/lib/engine/estimate_ollama.c
  src/lib/engine/estimate_sglang.c
  src/lib/engine/estimate_train.c
  src/lib/engine/estimate_transformers.c
  src/lib/engine/estimate_vllm.c
  src/lib/engine/gguf_plan.c
  src/lib/engine/interval.c
  src/lib/engine/serving.c
  src/lib/engine/verdict.c
)
