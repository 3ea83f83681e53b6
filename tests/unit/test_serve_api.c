/* test_serve_api.c — the web server's access policy and answers, without a
 * socket (src/cli/serve_api.c). */
#include <stdlib.h>
#include "helpers.h"
#include "serve_api.h"

static serve_config config(unsigned port, const char *bind, bool remote)
{
	serve_config c;
	memset(&c, 0, sizeof c);
	c.port = port;
	snprintf(c.bind, sizeof c.bind, "%s", bind);
	c.remote = remote;
	return c;
}

static void hosts(void **st)
{
	(void)st;
	serve_config c = config(8080, "127.0.0.1", false);
	assert_true(serve_host_ok(&c, "127.0.0.1:8080"));
	assert_true(serve_host_ok(&c, "localhost:8080"));
	assert_true(serve_host_ok(&c, "LOCALHOST:8080"));
	assert_false(serve_host_ok(&c, "localhost"));        /* no port = 80 */
	assert_false(serve_host_ok(&c, "127.0.0.1:80"));
	assert_false(serve_host_ok(&c, "rebind.example:8080"));
	assert_false(serve_host_ok(&c, "localhost:8080x"));
	assert_false(serve_host_ok(&c, ":8080"));
	assert_false(serve_host_ok(&c, NULL));
	c = config(80, "127.0.0.1", false);
	assert_true(serve_host_ok(&c, "localhost"));          /* RFC 9110: port 80 implied */
	assert_true(serve_host_ok(&c, "127.0.0.1"));
	assert_true(serve_host_ok(&c, "127.0.0.1:80"));
	c = config(8080, "0.0.0.0", true);
	assert_true(serve_host_ok(&c, "192.168.1.5:8080"));   /* an IP literal cannot be rebound */
	assert_false(serve_host_ok(&c, "evil.example:8080"));
	snprintf(c.hosts[c.n_hosts++], sizeof c.hosts[0], "gpu-box.lan");
	assert_true(serve_host_ok(&c, "gpu-box.lan:8080"));
	c = config(8080, "127.0.0.1", false);
	assert_false(serve_host_ok(&c, "192.168.1.5:8080"));  /* only when bound to every interface */
}

static void origins_and_types(void **st)
{
	(void)st;
	assert_true(serve_origin_ok(NULL, "127.0.0.1:8080"));
	assert_true(serve_origin_ok("http://127.0.0.1:8080", "127.0.0.1:8080"));
	assert_false(serve_origin_ok("http://localhost:8080", "127.0.0.1:8080"));
	assert_false(serve_origin_ok("null", "127.0.0.1:8080"));
	assert_false(serve_origin_ok("https://127.0.0.1:8080", "127.0.0.1:8080"));
	assert_true(serve_is_json_type("application/json"));
	assert_true(serve_is_json_type("Application/JSON; charset=utf-8"));
	assert_false(serve_is_json_type("application/jsonx"));
	assert_false(serve_is_json_type("text/plain"));
	assert_false(serve_is_json_type(NULL));
}

static unsigned status_of(const serve_config *c, const char *method, const char *url, const char *ctype,
                          const char *body, char *text, size_t cap)
{
	serve_request rq = {.method = method, .url = url, .host = "127.0.0.1:8080", .content_type = ctype,
	                    .body = body, .len = body ? strlen(body) : 0};
	serve_response out;
	serve_handle(c, &rq, &out);
	snprintf(text, cap, "%s", out.body ? out.body : "");
	unsigned code = out.code;
	serve_response_free(&out);
	return code;
}

static void answers(void **st)
{
	(void)st;
	serve_config c = config(8080, "127.0.0.1", false);
	char t[4096];
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "application/json", "{\"params\":\"7e9\",\"bits\":16}", t,
	                           sizeof t), 200);
	assert_non_null(strstr(t, "\"bytes\": 14000000000"));
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "text/plain", "{\"params\":\"7e9\"}", t, sizeof t), 415);
	assert_int_equal(status_of(&c, "OPTIONS", "/api/fit", NULL, NULL, t, sizeof t), 204);
	assert_int_equal(status_of(&c, "DELETE", "/api/fit", NULL, NULL, t, sizeof t), 405);
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "application/json",
	                           "{\"model\":\"data/models/meta-llama__Meta-Llama-3-8B.json\"}", t, sizeof t), 400);
	assert_non_null(strstr(t, "reads no local paths"));
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "application/json", "[1]", t, sizeof t), 400);
	assert_non_null(strstr(t, "not a list"));
	/* a LoRA adapter is a size over the web, never a file the server opens */
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "application/json",
	                           "{\"params\":\"7e9\",\"lora_adapter\":\"/etc/passwd\"}", t, sizeof t), 400);
	assert_non_null(strstr(t, "adapter files are read by the command line only"));
	/* nor run files */
	assert_int_equal(status_of(&c, "POST", "/api/sheet", "application/json",
	                           "{\"params\":\"7e9\",\"runs\":\"/etc/passwd\"}", t, sizeof t), 400);
	assert_non_null(strstr(t, "run files are read by the command line only"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hosts),
		cmocka_unit_test(origins_and_types),
		cmocka_unit_test(answers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
