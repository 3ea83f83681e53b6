# src/lib/render: text, JSON, Markdown and HTML renderings of every answer.
# The wing's sources (tests/layers.txt says whom they may call).
list(APPEND GS_LIB_SOURCES
  src/lib/render/render_json.c
  src/lib/render/render_sheet.c
  src/lib/render/render_text.c
)
