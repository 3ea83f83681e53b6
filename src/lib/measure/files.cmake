# src/lib/measure: measurement: the GPU probe, run files, compare, diagnose, measured figures in the estimate.
# The wing's sources (tests/layers.txt says whom they may call).
list(APPEND GS_LIB_SOURCES
  src/lib/measure/compare.c
  src/lib/measure/diagnose.c
  src/lib/measure/measured.c
  src/lib/measure/probe.c
  src/lib/measure/remedies.c
  src/lib/measure/run.c
)
