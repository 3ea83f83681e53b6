# src/lib/offer: offers: the catalog and evidence, the shortlist.
# The wing's sources (tests/layers.txt says whom they may call).
list(APPEND GS_LIB_SOURCES
  src/lib/offer/catalog.c
  src/lib/offer/shortlist.c
)
