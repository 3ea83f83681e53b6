/*
 * gpusizer/hub.h — models named by Hugging Face hub id, read from their
 * headers only, with libcurl.
 *
 * Contract (docs/method.md §13):
 *   id        org/name[@revision][:file.gguf]   (revision: a branch, tag or commit)
 *   endpoint  $HF_ENDPOINT, default https://huggingface.co
 *   token     $HF_TOKEN for gated or private models; sent only to the endpoint
 *             as "Authorization: Bearer", never printed, logged or put in an error
 *   offline   $HF_HUB_OFFLINE=1: the cache only
 *   cache     $XDG_CACHE_HOME/gpusizer (default ~/.cache/gpusizer)/hub/org/name/
 *             refs/REVISION (the commit) and snapshots/COMMIT/ (a model folder)
 *
 * Requests: GET {endpoint}/api/models/{org}/{name}/revision/{rev} resolves
 * the commit and lists the files; config.json and model.safetensors.index.json
 * are fetched whole (capped at 8 MiB); safetensors and GGUF files only by
 * "Range: bytes=..." for their headers, every shard at once (curl multi), a
 * second range when a header is longer than the first. 429, 5xx and a
 * failed connection are retried with exponential backoff (0.5, 1 and 2 s;
 * honouring Retry-After up to 10 s; at most 4 tries).
 * $GPUSIZER_HUB_RETRY_MS, for tests only, sets the first back-off in ms
 * (0 to 10000; 0 retries at once, so a test against a closed port does not
 * wait 3.5 s); read once, at the first retry.
 * A server that ignores Range (200 with the whole file) or sends more than
 * asked is stopped, never downloaded.
 *
 * Bounds: every model has a deadline (GPUSIZER_HUB_TIMEOUT, default 120 s)
 * that all its requests share; one request may take at most 60 s and is
 * stopped when slower than 1024 B/s for 15 s; the error names the file and
 * how many bytes arrived. The headers held at once for one model are capped
 * at 32 MiB, and each is written to the cache and freed when complete. A
 * server's Content-Range total is only a claim: the cache file is sized from
 * the header itself, and a total smaller than the header describes is an
 * error. A redirect loop or a redirect to another scheme (file://) is refused
 * by name.
 *
 * The snapshot folder holds config.json, the index, and each weight file as a
 * sparse file of its real size with the real header at its start, written to
 * a temporary name and renamed (atomic): the local readers
 * (gpusizer/inventory.h) work on it unchanged, online or offline.
 */
#ifndef GPUSIZER_HUB_H
#define GPUSIZER_HUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpusizer/status.h"

typedef struct gs_hub_result {
	char snapshot[1024];  /* local folder (or .gguf file) laid out like a model  */
	char commit[64];      /* the resolved commit                                */
	char repo[200];       /* org/name                                            */
	uint64_t bytes;       /* bytes received from the network                      */
	uint64_t requests;    /* HTTP requests made                                   */
	uint64_t retries;     /* of which retries                                      */
	bool from_cache;      /* answered from the cache without the network          */
} gs_hub_result;

/* True when `text` has the shape of a hub id (org/name, optional @rev and
 * :file), whatever the local file system holds. */
bool gs_hub_id_shape(const char *text);

/* True when `text` has the shape of a hub id (org/name, optional @rev and
 * :file) and no local file or folder has that name. */
bool gs_hub_is_id(const char *text);

/* Resolve `id` (revision `rev_override` when the id has none and it is not
 * NULL) and make its snapshot available. Errors: GS_EINPUT (malformed id;
 * or $HF_HUB_OFFLINE set and no cached copy: offline by choice, the name
 * cannot be resolved), GS_ENET (network, HTTP status, truncated or
 * oversized answer: the message says which and, for 401/403, how to get
 * access), GS_EIO (cache not writable). */
gs_status gs_hub_fetch(const char *id, const char *rev_override, gs_hub_result *out /* OUT */,
                       gs_error *err) GS_WARN_UNUSED;

/* The time one model may take, all its requests together (default: the
 * environment's GPUSIZER_HUB_TIMEOUT in seconds, else 120 s). 0 restores the
 * default. Set once, before any fetch (not thread-safe against fetches). */
void gs_hub_set_timeout(unsigned seconds);

/* Make every transfer in progress, in any thread, stop at once with
 * GS_ENET "cancelled"; for a program that is stopping. Async-signal-safe. */
void gs_hub_cancel(void);

#endif
