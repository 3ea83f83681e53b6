/*
 * keyed_hash.h — the hash of names read from outside (tensor names, GGUF
 * keys): SipHash-2-4 (libsodium's crypto_shorthash) under a key drawn at
 * random once per process, so a file cannot choose names that collide in
 * the tables' buckets and make every lookup scan them all (issue 39: an
 * unkeyed FNV-1a let 65,535 chosen GGUF keys take 16 s).
 */
#ifndef GS_KEYED_HASH_H
#define GS_KEYED_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The keyed hash of n bytes at p. Thread-safe; the key is drawn on the
 * first call (libsodium's randombytes, from the kernel). */
uint64_t gsi_keyed_hash(const void *p, size_t n);

#endif
