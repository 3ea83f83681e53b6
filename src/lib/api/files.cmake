# src/lib/api: one request in, one JSON answer out, per verb.
# The wing's sources (tests/layers.txt says whom they may call).
list(APPEND GS_LIB_SOURCES
  src/lib/api/api.c
)
