/*
 * ollama_tag.h — Ollama model tags read as a library model and a file type
 * (ollama_tag.c; docs/method.md §14b "Ollama tags"). Static tables, no
 * allocation, no file or network access.
 */
#ifndef GS_OLLAMA_TAG_H
#define GS_OLLAMA_TAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct gsi_ollama_tag {
	char tag[96];        /* the tag as given: "qwen2.5:14b-instruct-q5_K_M"    */
	const char *model;   /* the built-in library's id: "Qwen/Qwen2.5-7B-Instruct" */
	char quant[16];      /* llama.cpp file type the tag names ("Q5_K_M"), or the
	                        one of the upload recorded under it, or ""       */
	bool defaulted;      /* quant is the recorded upload's, not the tag's    */
	char upload[400];    /* for a defaulted quant: the upload (file type,
	                        `ollama list` ID, pull dates, what it was before) */
	char ask[512];       /* no quant at all: the refusal, should the sheet not
	                        give a format either                              */
} gsi_ollama_tag;

/* 1: `text` is a tag of a mapped name and size (out filled); 0: not an
 * Ollama tag of a name gpusizer maps (any other model text); -1: a tag of a
 * mapped name that cannot be read: a size not mapped, two quantizations, a
 * digest (why says which). */
int gsi_ollama_tag_parse(const char *text, gsi_ollama_tag *out, char *why, size_t cap);

/* Row i of the table as the tag its upload was seen under ("llama3.1:8b",
 * "codellama:13b-instruct"; name:size when none was), returning its library
 * id, in *quant and *bytes (when not NULL) that upload's file type (or
 * NULL) and model file size (or 0); NULL
 * past the last row (for the tests: every id is in the library, a tag
 * equals its explicit form). */
const char *gsi_ollama_tag_row(size_t i, char *tag, size_t cap, const char **quant, uint64_t *bytes);

/* For text shaped name:tag whose name gpusizer does not map: up to four
 * mapped tags whose names are within a few edits of it, as "name:size,
 * ..." in out; how many (0: nothing close). */
size_t gsi_ollama_tag_nearest(const char *text, char *out, size_t cap);

#endif
