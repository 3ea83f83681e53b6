# src/lib/core: the base every wing stands on: checked formatting, status and errors, units, the capped file reader, names, hashing, the YAML guard, the device table, the weight formats.
# The wing's sources (tests/layers.txt says whom they may call).
list(APPEND GS_LIB_SOURCES
  src/lib/core/devices.c
  src/lib/core/dtype.c
  src/lib/core/file.c
  src/lib/core/fmt.c
  src/lib/core/json_guard.c
  src/lib/core/keyed_hash.c
  src/lib/core/nearest.c
  src/lib/core/status.c
  src/lib/core/units.c
  src/lib/core/yaml_guard.c
)
