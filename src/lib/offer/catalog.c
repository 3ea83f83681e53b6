/*
 * catalog.c — catalog and evidence files (gpusizer/catalog.h): a YAML
 * mapping whose one key holds a list of flat records, read with libyaml's
 * document loader so every value keeps its line and column.
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "gpusizer/catalog.h"
#include "gpusizer/devices.h"
#include "gpusizer/file.h"
#include "core/yaml_guard.h"

#define MAX_FILE (1u << 20)

typedef struct records {
	const char *name;
	const char *top;        /* "offers" or "evidence"                      */
	size_t max;
	const char *const *keys; /* the fields a record may have, NULL-ended    */
	gs_status (*field)(void *ctx, size_t i, const char *key, const char *val, size_t len,
	                   const char *where, gs_error *err);
	gs_status (*end)(void *ctx, size_t i, const char *where, gs_error *err);
	void *ctx;
} records;

static void mark(char *buf, size_t cap, const char *name, yaml_mark_t m)
{
	snprintf(buf, cap, "%s:%zu:%zu", name, m.line + 1, m.column + 1);
}

/* One record: a mapping of known fields, each given once, each a scalar. */
static gs_status read_record(yaml_document_t *doc, yaml_node_t *rec, size_t i, const records *r,
                             gs_error *err)
{
	char where[200], rec_where[200];
	mark(rec_where, sizeof rec_where, r->name, rec->start_mark);
	if (rec->type != YAML_MAPPING_NODE)
		return gs_error_set(err, GS_EINPUT, rec_where, "a record must be a mapping of fields");
	unsigned seen = 0;
	for (yaml_node_pair_t *f = rec->data.mapping.pairs.start; f < rec->data.mapping.pairs.top; f++) {
		yaml_node_t *fk = yaml_document_get_node(doc, f->key),
			    *fv = yaml_document_get_node(doc, f->value);
		mark(where, sizeof where, r->name, fk->start_mark);
		const char *key = fk->type == YAML_SCALAR_NODE ? (const char *)fk->data.scalar.value : "";
		int idx = -1;
		for (int q = 0; r->keys[q]; q++)
			if (!strcmp(key, r->keys[q]))
				idx = q;
		if (idx < 0) {
			char list[400] = "";
			for (int q = 0; r->keys[q]; q++)
				snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
				         q ? ", " : "", r->keys[q]);
			return gs_error_set(err, GS_EINPUT, where, "unknown field \"%.40s\"; expected %s",
			                    key, list);
		}
		if (seen & (1u << idx))
			return gs_error_set(err, GS_EINPUT, where, "field \"%s\" appears twice", key);
		seen |= 1u << idx;
		mark(where, sizeof where, r->name, fv->start_mark);
		if (fv->type != YAML_SCALAR_NODE)
			return gs_error_set(err, GS_EINPUT, where, "%s: expected a single value", key);
		gs_status s = r->field(r->ctx, i, key, (const char *)fv->data.scalar.value,
		                       fv->data.scalar.length, where, err);
		if (s) {
			/* the parsers name "where: field" in the message; the location
			 * is the value */
			if (err)
				snprintf(err->where, sizeof err->where, "%s", where);
			return s;
		}
	}
	return r->end(r->ctx, i, rec_where, err);
}

/* The document: a mapping whose one key (r->top) holds the list of records. */
static gs_status read_document(yaml_document_t *doc, const records *r, gs_error *err)
{
	char where[200];
	yaml_node_t *root = yaml_document_get_root_node(doc);
	size_t count = 0;
	if (!root || root->type != YAML_MAPPING_NODE)
		return gs_error_set(err, GS_EINPUT, r->name,
		                    "expected a mapping with the key \"%s\" holding a list", r->top);
	for (yaml_node_pair_t *kv = root->data.mapping.pairs.start; kv < root->data.mapping.pairs.top; kv++) {
		yaml_node_t *k = yaml_document_get_node(doc, kv->key),
			    *v = yaml_document_get_node(doc, kv->value);
		mark(where, sizeof where, r->name, k->start_mark);
		if (k->type != YAML_SCALAR_NODE || strcmp((const char *)k->data.scalar.value, r->top) != 0)
			return gs_error_set(err, GS_EINPUT, where, "unknown key; expected \"%s\"", r->top);
		if (v->type != YAML_SEQUENCE_NODE) {
			mark(where, sizeof where, r->name, v->start_mark);
			return gs_error_set(err, GS_EINPUT, where, "%s: expected a list of records", r->top);
		}
		for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top;
		     it++) {
			yaml_node_t *rec = yaml_document_get_node(doc, *it);
			if (count == r->max) {
				mark(where, sizeof where, r->name, rec->start_mark);
				return gs_error_set(err, GS_EINPUT, where, "more than %zu records", r->max);
			}
			gs_status s = read_record(doc, rec, count, r, err);
			if (s)
				return s;
			count++;
		}
	}
	return GS_OK;
}

static gs_status read_records(const char *buf, size_t len, const records *r, gs_error *err)
{
	if (len > MAX_FILE)
		return gs_error_set(err, GS_EINPUT, r->name, "larger than 1 MiB");
	gs_status s = gsi_yaml_check(buf, len, r->name, GS_YAML_MAX_DEPTH, err);
	if (s)
		return s;
	yaml_parser_t p;
	yaml_document_t doc;
	if (!yaml_parser_initialize(&p))
		return gs_error_set(err, GS_ENOMEM, r->name, "out of memory");
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	if (!yaml_parser_load(&p, &doc)) {
		char where[200];
		gsi_yaml_problem_where(&p, buf, len, r->name, where, sizeof where);
		s = gs_error_set(err, GS_EPARSE, where, "malformed YAML: %s",
		                 p.problem ? p.problem : "syntax error");
		yaml_parser_delete(&p);
		return s;
	}
	s = read_document(&doc, r, err);
	yaml_document_delete(&doc);
	yaml_parser_delete(&p);
	return s;
}

static gs_status read_file(const char *path, char **buf, size_t *len, gs_error *err)
{
	return gs_file_read(path, MAX_FILE, "a catalog or evidence file", buf, len, err);
}

/* Copy a value that must fit, refusing rather than truncating. */
static gs_status text(char *dst, size_t cap, const char *key, const char *v, size_t len, const char *where,
                      gs_error *err)
{
	if (len >= cap || memchr(v, 0, len))
		return gs_error_set(err, GS_EINPUT, where, "%s: longer than %zu characters", key, cap - 1);
	memcpy(dst, v, len);
	dst[len] = 0;
	return GS_OK;
}

/* --- catalog ------------------------------------------------------------------ */

static const char *const offer_keys[] = {"id", "gpu", "count", "nominal_gb", "reported", "host_ram",
                                         "interconnect", "price", "currency", "period", "subscription",
                                         "availability", "software", "notes", NULL};

static gs_status offer_field(void *ctx, size_t i, const char *k, const char *v, size_t n, const char *where,
                             gs_error *err)
{
	gs_catalog *c = ctx;
	gs_offer *o = &c->offers[i];
	char field[240];
	snprintf(field, sizeof field, "%s: %s", where, k);
	if (!strcmp(k, "id"))
		return text(o->id, sizeof o->id, k, v, n, where, err);
	if (!strcmp(k, "gpu")) {
		gs_status s = text(o->gpu, sizeof o->gpu, k, v, n, where, err);
		/* resolved once, here: an unknown or ambiguous name is refused with
		 * the nearest known ones */
		return s ? s : gs_device_lookup(o->gpu, field, &o->device, err);
	}
	if (!strcmp(k, "count")) {
		gs_status s = gs_parse_count(v, n, field, &o->count, err);
		return !s && o->count == 0 ? gs_error_set(err, GS_EINPUT, field, "must be at least 1") : s;
	}
	if (!strcmp(k, "nominal_gb")) {
		gs_status s = gs_parse_count(v, n, field, &o->nominal_gb, err);
		if (s)
			return s;
		bool huge = o->nominal_gb > UINT64_MAX / 1000000000u;
		return gs_device_bytes_check(huge ? UINT64_MAX : o->nominal_gb * 1000000000u, field, err);
	}
	if (!strcmp(k, "reported")) {
		gs_status s = gs_parse_bytes(v, n, field, &o->reported, err);
		return s ? s : gs_device_bytes_check(o->reported, field, err);
	}
	if (!strcmp(k, "host_ram"))
		return gs_parse_bytes(v, n, field, &o->host_ram, err);
	if (!strcmp(k, "interconnect"))
		return text(o->interconnect, sizeof o->interconnect, k, v, n, where, err);
	if (!strcmp(k, "price")) {
		gs_status s = gs_parse_ratio(v, n, field, 0, &o->price, err);
		if (!s)
			s = text(o->price_text, sizeof o->price_text, k, v, n, where, err);
		o->has_price = !s;
		return s;
	}
	if (!strcmp(k, "currency"))
		return text(o->currency, sizeof o->currency, k, v, n, where, err);
	if (!strcmp(k, "period")) {
		gs_status s = gs_parse_hours(v, n, field, &o->period_hours, err);
		return s ? s : text(o->period_text, sizeof o->period_text, k, v, n, where, err);
	}
	if (!strcmp(k, "subscription"))
		return text(o->subscription, sizeof o->subscription, k, v, n, where, err);
	if (!strcmp(k, "availability"))
		return text(o->availability, sizeof o->availability, k, v, n, where, err);
	if (!strcmp(k, "software"))
		return text(o->software, sizeof o->software, k, v, n, where, err);
	return text(o->notes, sizeof o->notes, k, v, n, where, err);
}

static gs_status offer_end(void *ctx, size_t i, const char *where, gs_error *err)
{
	gs_catalog *c = ctx;
	gs_offer *o = &c->offers[i];
	if (!o->id[0] || !o->gpu[0])
		return gs_error_set(err, GS_EINPUT, where, "an offer needs an id and a gpu");
	for (size_t k = 0; k < i; k++)
		if (!strcmp(c->offers[k].id, o->id))
			return gs_error_set(err, GS_EINPUT, where, "offer id \"%s\" is used twice", o->id);
	if (o->has_price && (!o->currency[0] || !o->period_hours))
		return gs_error_set(err, GS_EINPUT, where, "offer %s: a price needs its currency and period",
		                    o->id);
	if (!o->count)
		o->count = 1;
	/* contradictions between the offer's own fields and its gpu are
	 * refused here, where the offer is finished (issue 50 item 2): a card
	 * is one size, and reports at most its nominal size read as GiB (a
	 * "24 GB" RTX 4090 has 24 GiB of memory, nvidia-smi shows 24564 MiB) */
	if (o->nominal_gb && o->device->nominal_gb && o->nominal_gb != o->device->nominal_gb)
		return gs_error_set(err, GS_EINPUT, where,
		                    "offer %s: nominal_gb %llu contradicts gpu \"%s\", a %llu GB card; "
		                    "give the gpu the offer has, or leave nominal_gb out", o->id,
		                    (unsigned long long)o->nominal_gb, o->device->name,
		                    (unsigned long long)o->device->nominal_gb);
	if (!o->nominal_gb)
		o->nominal_gb = o->device->nominal_gb;
	if (o->reported && o->nominal_gb && o->reported > o->nominal_gb * ((uint64_t)1 << 30)) {
		char r[48];
		gs_format_bytes(o->reported, GS_UNIT_GiB, r, sizeof r);
		return gs_error_set(err, GS_EINPUT, where,
		                    "offer %s: reported %s is more than a %llu GB %s can hold (%llu GiB at "
		                    "most): give the total the device reports (nvidia-smi "
		                    "--query-gpu=memory.total), or the gpu the offer has", o->id, r,
		                    (unsigned long long)o->nominal_gb, o->device->name,
		                    (unsigned long long)o->nominal_gb);
	}
	snprintf(o->where, sizeof o->where, "%s", where);
	snprintf(o->source, sizeof o->source, "%s", "catalog file");
	c->n = i + 1;
	return GS_OK;
}

gs_status gs_catalog_load_buffer(const char *buf, size_t len, const char *name, gs_catalog *c, gs_error *err)
{
	assert((buf || !len) && name && c);
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%s", name);
	records r = {name, "offers", GS_MAX_OFFERS, offer_keys, offer_field, offer_end, c};
	gs_status s = read_records(buf, len, &r, err);
	if (!s && !c->n)
		s = gs_error_set(err, GS_EINPUT, name, "no offers");
	return s;
}

gs_status gs_catalog_load_file(const char *path, gs_catalog *c, gs_error *err)
{
	char *buf;
	size_t len;
	gs_status s = read_file(path, &buf, &len, err);
	if (s)
		return s;
	s = gs_catalog_load_buffer(buf, len, path, c, err);
	free(buf);
	return s;
}

void gs_catalog_default(gs_catalog *c)
{
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "built-in catalog");
	c->builtin = true;
	/* two example offers: stated prices for one card for 3 days */
	static const struct {
		const char *id, *gpu, *price;
	} example[] = {{"rtx4090-3d", "RTX 4090", "47.14"}, {"rtx6000ada-3d", "RTX 6000 Ada", "55.71"}};
	for (size_t i = 0; i < 2; i++) {
		gs_offer *o = &c->offers[c->n++];
		snprintf(o->id, sizeof o->id, "%s", example[i].id);
		snprintf(o->gpu, sizeof o->gpu, "%s", example[i].gpu);
		o->device = gs_device_find(example[i].gpu);
		o->count = 1;
		o->nominal_gb = o->device->nominal_gb;
		o->has_price = gs_parse_ratio(example[i].price, strlen(example[i].price), "price", 0,
		                              &o->price, NULL) == GS_OK;
		snprintf(o->price_text, sizeof o->price_text, "%s", example[i].price);
		snprintf(o->currency, sizeof o->currency, "USD");
		o->period_hours = 72;
		snprintf(o->period_text, sizeof o->period_text, "3d");
		snprintf(o->subscription, sizeof o->subscription, "batch of one card for 3 days");
		snprintf(o->source, sizeof o->source, "built-in example offer (stated price)");
		snprintf(o->where, sizeof o->where, "built-in catalog");
	}
	const gs_device *t;
	size_t n = gs_device_table(&t);
	for (size_t i = 0; i < n && c->n < GS_MAX_OFFERS; i++) {
		gs_offer *o = &c->offers[c->n++];
		snprintf(o->id, sizeof o->id, "%s", t[i].name);
		for (char *p = o->id; *p; p++)
			*p = *p == ' ' ? '-' : (char)((*p >= 'A' && *p <= 'Z') ? *p - 'A' + 'a' : *p);
		snprintf(o->gpu, sizeof o->gpu, "%s", t[i].name);
		o->device = &t[i];
		o->count = 1;
		o->nominal_gb = t[i].nominal_gb;
		snprintf(o->source, sizeof o->source, "built-in: device table (price unknown: no source)");
		snprintf(o->where, sizeof o->where, "built-in catalog");
	}
}

/* --- evidence ------------------------------------------------------------------ */

static const char *const req_names[GS_REQ__COUNT] = {"memory", "gpus", "interconnect", "host_ram",
                                                     "compute_capability", "software", "availability",
                                                     "quality", "user"};
static const char *const evidence_keys[] = {"requirement", "offer", "kind", "version", "scope", "date",
                                            "outcome", "bytes", "note", "condition", NULL};

const char *gs_req_name(gs_req r) { return r < GS_REQ__COUNT ? req_names[r] : "?"; }

const char *gs_verdict_name(gs_verdict v)
{
	return v == GS_ADMISSIBLE ? "admissible" : v == GS_TO_CONFIRM ? "to confirm" : "exclude";
}

typedef struct ev_ctx {
	gs_evidence_set *set;
	size_t base;
	unsigned have;
} ev_ctx;

static gs_status evidence_field(void *ctx, size_t i, const char *k, const char *v, size_t n,
                                const char *where, gs_error *err)
{
	ev_ctx *c = ctx;
	gs_evidence *e = &c->set->e[c->base + i];
	if (!strcmp(k, "requirement")) {
		for (int q = 0; q < GS_REQ__COUNT; q++)
			if (strlen(req_names[q]) == n && !memcmp(v, req_names[q], n)) {
				e->requirement = (gs_req)q;
				c->have |= 1;
				return GS_OK;
			}
		return gs_error_set(err, GS_EINPUT, where,
		                    "requirement \"%.*s\": expected memory, gpus, interconnect, host_ram, "
		                    "compute_capability, software, availability, quality or user",
		                    (int)(n > 40 ? 40 : n), v);
	}
	if (!strcmp(k, "outcome")) {
		if ((n == 8 && !memcmp(v, "confirms", 8)) || (n == 5 && !memcmp(v, "fails", 5))) {
			e->confirms = n == 8;
			c->have |= 2;
			return GS_OK;
		}
		return gs_error_set(err, GS_EINPUT, where, "outcome: expected confirms or fails");
	}
	if (!strcmp(k, "kind")) {
		static const char *const kinds[] = {"commercial", "probe", "measurement", "documentation",
		                                    "quality"};
		for (size_t q = 0; q < 5; q++)
			if (strlen(kinds[q]) == n && !memcmp(v, kinds[q], n)) {
				c->have |= 4;
				return text(e->kind, sizeof e->kind, k, v, n, where, err);
			}
		return gs_error_set(err, GS_EINPUT, where,
		                    "kind: expected commercial, probe, measurement, documentation or "
		                    "quality");
	}
	if (!strcmp(k, "bytes")) {
		char field[240];
		snprintf(field, sizeof field, "%s: bytes", where);
		return gs_parse_bytes(v, n, field, &e->bytes, err);
	}
	if (!strcmp(k, "offer")) {
		c->have |= 8;
		return text(e->offer, sizeof e->offer, k, v, n, where, err);
	}
	if (!strcmp(k, "version")) {
		c->have |= 16;
		return text(e->version, sizeof e->version, k, v, n, where, err);
	}
	if (!strcmp(k, "scope")) {
		c->have |= 32;
		return text(e->scope, sizeof e->scope, k, v, n, where, err);
	}
	if (!strcmp(k, "date"))
		return text(e->date, sizeof e->date, k, v, n, where, err);
	if (!strcmp(k, "condition"))
		return text(e->condition, sizeof e->condition, k, v, n, where, err);
	return text(e->note, sizeof e->note, k, v, n, where, err);
}

static gs_status evidence_end(void *ctx, size_t i, const char *where, gs_error *err)
{
	ev_ctx *c = ctx;
	/* evidence counts only with its version and scope */
	if ((c->have & 63) != 63)
		return gs_error_set(err, GS_EINPUT, where,
		                    "an evidence record needs requirement, offer, kind, version, scope and "
		                    "outcome");
	if (c->set->e[c->base + i].requirement == GS_REQ_USER && !c->set->e[c->base + i].condition[0])
		return gs_error_set(err, GS_EINPUT, where,
		                    "a user requirement's evidence needs its condition");
	snprintf(c->set->e[c->base + i].where, sizeof c->set->e[0].where, "%s", where);
	c->set->n = c->base + i + 1;
	c->have = 0;
	return GS_OK;
}

gs_status gs_evidence_load_buffer(const char *buf, size_t len, const char *name, gs_evidence_set *set,
                                  gs_error *err)
{
	ev_ctx c = {set, set->n, 0};
	memset(&set->e[set->n], 0, (GS_MAX_EVIDENCE - set->n) * sizeof set->e[0]);
	records r = {name, "evidence", GS_MAX_EVIDENCE - set->n, evidence_keys, evidence_field, evidence_end,
	             &c};
	return read_records(buf, len, &r, err);
}

gs_status gs_evidence_load_file(const char *path, gs_evidence_set *set, gs_error *err)
{
	char *buf;
	size_t len;
	gs_status s = read_file(path, &buf, &len, err);
	if (s)
		return s;
	s = gs_evidence_load_buffer(buf, len, path, set, err);
	free(buf);
	return s;
}
