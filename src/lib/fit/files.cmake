# src/lib/fit: searches over the estimate: the largest length, concurrency or microbatch, single changes, the matrix.
# The wing's sources (tests/layers.txt says whom they may call).
list(APPEND GS_LIB_SOURCES
  src/lib/fit/fit.c
  src/lib/fit/matrix.c
)
