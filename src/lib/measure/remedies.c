/*
 * remedies.c — diagnose's two steps after the log is read
 * (gpusizer/diagnose.h): the phase a measured run left open, and the single
 * changes of the workload that act on the failing phase. Shared by
 * `gpusizer diagnose` and the API's diagnose verb.
 */
#include <stdio.h>
#include <string.h>
#include "gpusizer/diagnose.h"

void gs_oom_phase_from_run(gs_oom *o, const gs_run *r, const char *run_name)
{
	for (size_t k = r->nphases; k > 0; k--)
		if (!r->phases[k - 1].ended) {
			snprintf(o->phase, sizeof o->phase, "%.15s", r->phases[k - 1].name);
			snprintf(o->phase_why, sizeof o->phase_why, "the run %.120s: phase %.31s began and did not end",
			         run_name, r->phases[k - 1].name);
			return;
		}
}

/* Which sheet fields can change the memory of a phase. */
static bool acts_on(const char *phase, const char *field)
{
	static const struct {
		const char *phase, *fields;
	} map[] = {
		{"load", ",format,offload,zero,keep,gpu_layers,gpus,"},
		{"forward", ",checkpointing,microbatch,loss,length,zero,offload,optimizer,lora_rank,attention,gpus,"},
		{"backward", ",checkpointing,microbatch,loss,length,zero,offload,optimizer,lora_rank,attention,gpus,"},
		{"first_update", ",optimizer,zero,offload,lora_rank,gpus,"},
		{"export", ",export,"},
		{"prefill", ",kv_format,concurrency,length,format,attention,kv_format_v,gpu_layers,"},
		{"decode", ",kv_format,concurrency,length,format,kv_format_v,gpu_layers,"},
		{"serve", ",kv_format,concurrency,length,format,kv_format_v,gpu_layers,gpu_memory_utilization,tp,"
		          "cuda_graphs,max_num_seqs,max_num_batched_tokens,mem_fraction_static,"},
		{"profile", ",format,tp,gpu_memory_utilization,cuda_graphs,max_num_seqs,max_num_batched_tokens,"},
		{"pool", ",format,tp,mem_fraction_static,cuda_graphs,kv_format,length,concurrency,"},
		{"context", ",kv_format,concurrency,length,kv_format_v,gpu_layers,attention,"},
		{"validation", ",length,attention,microbatch,eval_microbatch,"},
	};
	char key[48];
	snprintf(key, sizeof key, ",%.40s,", field);
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(map[i].phase, phase))
			return strstr(map[i].fields, key) != NULL;
	return true; /* unknown phase: every change may help */
}

gs_status gs_remedies_find(gs_workload *w, const gs_model *m, const gs_oom *o, gs_remedies *r, gs_error *err)
{
	memset(r, 0, sizeof *r);
	/* the failed run's own capacity, as its log states it, judges the
	 * changes; else the sheet's device */
	if (o->has_capacity) {
		char t[32];
		int n = snprintf(t, sizeof t, "%llu B", (unsigned long long)o->capacity);
		gs_workload_unset(w, GS_F_GPU);
		gs_status st = gs_workload_set(w, GS_F_CAPACITY, t, (size_t)n, GS_FROM_FLAG, "the log's capacity", err);
		if (st)
			return st;
	}
	bool found = false;
	char how[320];
	gs_status st = gs_workload_capacity(w, &r->cap, &found, how, sizeof how, err);
	if (st)
		return st;
	if (!found)
		r->cap = 0;
	if ((st = gs_estimate_run(w, m, &r->e, err)) || (st = gs_fit_changes(w, m, r->ch, &r->nch, &r->peak_now, err)))
		return st;
	size_t k = 0; /* keep the changes that act on the failing phase */
	for (size_t i = 0; i < r->nch; i++)
		if (acts_on(o->phase, r->ch[i].field))
			r->ch[k++] = r->ch[i];
	r->nch = k;
	return GS_OK;
}
