# src/lib/workload: the workload sheet: its fields, the recipes' defaults, the YAML reader and the API request.
# The wing's sources (tests/layers.txt says whom they may call).
list(APPEND GS_LIB_SOURCES
  src/lib/workload/recipe.c
  src/lib/workload/recipe_config.c
  src/lib/workload/request.c
  src/lib/workload/sheet.c
  src/lib/workload/workload.c
)
