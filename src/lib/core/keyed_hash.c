/*
 * keyed_hash.c — SipHash-2-4 under a per-process random key (keyed_hash.h).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "core/keyed_hash.h"

static unsigned char key[crypto_shorthash_KEYBYTES];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void draw_key(void)
{
	/* sodium_init fails only when the kernel gives no randomness; a hash
	 * without a secret key would bring the flooding back, so stop */
	if (sodium_init() < 0)
		abort();
	crypto_shorthash_keygen(key);
}

uint64_t gsi_keyed_hash(const void *p, size_t n)
{
	pthread_once(&once, draw_key);
	unsigned char out[crypto_shorthash_BYTES];
	crypto_shorthash(out, p, n, key);
	uint64_t h;
	memcpy(&h, out, sizeof h);
	return h;
}
