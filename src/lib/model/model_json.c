/*
 * model_json.c — a Hugging Face config.json into a gs_model
 * (gpusizer/model.h): the file's limits and JSON syntax, then its reader.
 * A vision-language config goes to model_vision.c, which reads its nested
 * text decoder with the text readers; every other type goes to those
 * readers directly (model_config.c's table, one file per family).
 *
 * Limits: the whole file is read into memory, capped at MAX_CONFIG_BYTES.
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <jansson.h>
#include "gpusizer/file.h"
#include "model/model_internal.h"
#include "model/model_reader.h"

#define MAX_CONFIG_BYTES (8u << 20)

gs_status gs_model_from_config_json(const char *buf, size_t len, const char *name, gs_model *m,
                                    gs_error *err)
{
	assert((buf || !len) && name && m);
	json_error_t je;
	memset(m, 0, sizeof *m);
	if (len > MAX_CONFIG_BYTES)
		return gs_error_set(err, GS_EINPUT, name, "%zu bytes is larger than a config.json "
		                    "can be (limit %u bytes)", len, MAX_CONFIG_BYTES);
	/* a UTF-8 byte-order mark, as some Windows editors write: JSON allows a
	 * parser to ignore it (RFC 8259 §8.1); jansson does not, so skip it */
	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		buf += 3, len -= 3;
	json_t *root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		char where[300];
		snprintf(where, sizeof where, "%s:%d:%d", name, je.line, je.column);
		return gs_error_set(err, GS_EPARSE, where, "malformed JSON: %s", je.text);
	}
	gsi_reader r = {root, name, err};
	gs_status s = GS_OK;
	json_t *jtype = json_object_get(root, "model_type");
	const char *type = json_string_value(jtype);
	if (!json_is_object(root))
		s = gsi_cfg_field_error(&r, "(top level)", "must be a JSON object");
	else if (!type)
		s = gsi_cfg_field_error(&r, "model_type",
		                        jtype && !json_is_null(jtype)
		                                ? "must be a string such as \"llama\""
		                                : "is missing (a string such as \"llama\" is required)");
	/* Vision-language configs nest the decoder in text_config and add a
	 * vision tower (model_vision.c); the outer config describes the model */
	else if (gsi_is_multimodal_type(type) && !(s = gsi_read_multimodal(root, type, name, m, err)))
		gsi_config_describe(root, type, name, m);
	else if (!gsi_is_multimodal_type(type))
		s = gsi_read_text_config(root, type, name, m, err);
	json_decref(root);
	return s;
}

/* ModelOpt 0.29 and before describe their quantization in
 * hf_quant_config.json beside config.json, which then has no
 * quantization_config; vLLM reads that file in its place
 * (transformers_utils/config.py @7cfb97e3379), and so does gpusizer: the
 * model's quant_method becomes "modelopt". A missing file is no error. */
static gs_status hf_quant_config(const char *config_file, gs_model *m, gs_error *err)
{
	char path[700];
	const char *slash = strrchr(config_file, '/');
	snprintf(path, sizeof path, "%.*shf_quant_config.json", slash ? (int)(slash - config_file + 1) : 0,
	         config_file);
	struct stat st;
	if (stat(path, &st) != 0)
		return GS_OK;
	char *buf;
	size_t n;
	gs_status s = gs_file_read(path, MAX_CONFIG_BYTES, "an hf_quant_config.json", &buf, &n, err);
	if (s)
		return s;
	json_error_t je;
	json_t *q = json_loadb(buf, n, JSON_REJECT_DUPLICATES, &je);
	free(buf);
	if (!json_is_object(q)) {
		json_decref(q);
		char where[800];
		snprintf(where, sizeof where, "%s:%d:%d", path, je.line, je.column);
		return gs_error_set(err, GS_EPARSE, where, "malformed JSON: %s",
		                    q ? "not an object" : je.text);
	}
	snprintf(m->quant_method, sizeof m->quant_method, "modelopt");
	gsi_read_quantization_config(q, m);
	json_decref(q);
	return GS_OK;
}

gs_status gs_model_from_config_file(const char *path, gs_model *m, gs_error *err)
{
	char file[600];
	struct stat st;
	if (stat(path, &st) != 0)
		return gs_error_set(err, GS_EIO, path, "%s", strerror(errno));
	if (S_ISDIR(st.st_mode))
		snprintf(file, sizeof file, "%s/config.json", path);
	else
		snprintf(file, sizeof file, "%s", path);
	char *buf;
	size_t n;
	gs_status s = gs_file_read(file, MAX_CONFIG_BYTES, "a config.json", &buf, &n, err);
	if (s)
		return s;
	s = gs_model_from_config_json(buf, n, file, m, err);
	free(buf);
	if (!s && !m->quant_method[0])
		s = hf_quant_config(file, m, err);
	return s;
}
