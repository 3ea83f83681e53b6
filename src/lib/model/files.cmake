# src/lib/model: model facts: config.json readers per family, the built-in model library, Ollama's tag table.
# The wing's sources (tests/layers.txt says whom they may call).
list(APPEND GS_LIB_SOURCES
  src/lib/model/library.c
  src/lib/model/model.c
  src/lib/model/model_config.c
  src/lib/model/model_decoders.c
  src/lib/model/model_encoders.c
  src/lib/model/model_gemma3n.c
  src/lib/model/model_gemma4.c
  src/lib/model/model_json.c
  src/lib/model/model_moe.c
  src/lib/model/model_quant.c
  src/lib/model/model_reader.c
  src/lib/model/model_ssm.c
  src/lib/model/model_vision.c
  src/lib/model/ollama_tag.c
)
