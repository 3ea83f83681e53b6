/*
 * ollama_tag.h — Ollama model tags read as a library model and a file type
 * (ollama_tag.c; docs/method.md §14b "Ollama tags"). Static tables, no
 * allocation, no file or network access.
 */
#ifndef GS_OLLAMA_TAG_H
#define GS_OLLAMA_TAG_H

#include <stdbool.h>
#include <stddef.h>

typedef struct gsi_ollama_tag {
	char tag[96];        /* the tag as given: "qwen2.5:14b-instruct-q5_K_M"    */
	const char *model;   /* the built-in library's id: "Qwen/Qwen2.5-7B-Instruct" */
	char quant[16];      /* llama.cpp file type the tag names ("Q5_K_M"), or "" */
} gsi_ollama_tag;

/* 1: `text` is a tag of a mapped name and size (out filled); 0: not an
 * Ollama tag of a name gpusizer maps (any other model text); -1: a tag of a
 * mapped name whose size is not (why says which sizes are). */
int gsi_ollama_tag_parse(const char *text, gsi_ollama_tag *out, char *why, size_t cap);

/* Row i of the table as "name:size" in tag, returning its library id; NULL
 * past the last row (for the test that every id is in the library). */
const char *gsi_ollama_tag_row(size_t i, char *tag, size_t cap);

#endif
