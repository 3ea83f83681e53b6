// API tests against a server started on a free loopback port (node --test).
// usage: GPUSIZER=path/to/gpusizer node --test tests/web/api.test.mjs
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import net from "node:net";
import http from "node:http";

const bin = process.env.GPUSIZER;
// no test request may leave the machine: hub ids go to a closed local port
process.env.HF_ENDPOINT = "http://127.0.0.1:9";
let server, base, port;

before(async () => {
  server = spawn(bin, ["serve", "--port", "0", "--models-dir", "data", "--request-timeout", "3"],
    { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise((resolve, reject) => {
    server.stdout.once("data", (d) => resolve(String(d)));
    server.once("exit", (c) => reject(new Error("serve exited " + c)));
  });
  port = Number(/127\.0\.0\.1:(\d+)/.exec(line)[1]);
  base = `http://127.0.0.1:${port}`;
});
after(() => server.kill("SIGTERM"));

const post = (path, body) => fetch(base + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });

test("health", async () => {
  const r = await fetch(base + "/api/health");
  assert.equal(r.status, 200);
  assert.equal((await r.json()).status, "ok");
});

test("the model library: listed, searchable in the page, and a matrix of every model", async () => {
  const lib = await (await fetch(base + "/api/models")).json();
  assert.equal(lib.schema, "gpusizer/models/v1");
  const cli = JSON.parse(execFileSync(bin, ["models", "--json"]));
  assert.deepEqual(lib, cli);
  assert.ok(lib.models.some((m) => m.id === "meta-llama/Llama-3.1-8B" && m.parameters === 8030261248));
  // a library id is sized offline (the hub is a closed port here)
  const e = await (await post("/api/estimate", { model: "Qwen/Qwen3-8B", length: 4096 })).json();
  assert.equal(e.model.parameters, 8190735360);
  assert.equal(e.model.library_copy, "fields");
  const r = await post("/api/matrix", { library: true, gpu: "RTX 4090", runtime: "vllm", length: 8192, formats: ["bf16"] });
  assert.equal(r.status, 200);
  const j = await r.json();
  assert.equal(j.rows.length, lib.models.length);
  const cliRows = JSON.parse(execFileSync(bin, ["matrix", "--library", "--gpu", "RTX 4090", "--runtime", "vllm",
    "--context", "8192", "--formats", "bf16", "--json"])).rows;
  // the same cells; a refusal names where the runtime came from (the body, or the flag)
  const plain = (rows) => JSON.parse(JSON.stringify(rows).replace(/(request body|--runtime): /g, ""));
  assert.deepEqual(plain(j.rows), plain(cliRows));
  const bad = await post("/api/matrix", { library: "yes", gpu: "RTX 4090" });
  assert.equal(bad.status, 400);
  assert.match((await bad.json()).error, /library: expected true or false/);
  const both = await post("/api/matrix", { library: true, model: "Qwen/Qwen3-8B", gpu: "RTX 4090" });
  assert.equal(both.status, 400);
  assert.match((await both.json()).error, /give no model, config or params/);
});

test("what fits on this GPU: the same cells as gpusizer matrix", async () => {
  const r = await post("/api/matrix", { model: "models/meta-llama__Meta-Llama-3-8B.json", length: 8192, gpu: "RTX 4090" });
  assert.equal(r.status, 200);
  const j = await r.json();
  assert.equal(j.schema, "gpusizer/matrix/v1");
  assert.equal(j.searched, "concurrency");
  const cli = JSON.parse(execFileSync(bin, ["matrix", "data/models/meta-llama__Meta-Llama-3-8B.json", "--context", "8192",
    "--gpu", "RTX 4090", "--json"]));
  assert.deepEqual(j.rows[0].cells.map((c) => [c.format, c.best]), cli.rows[0].cells.map((c) => [c.format, c.best]));
  assert.equal((await post("/api/matrix", { model: "models/meta-llama__Meta-Llama-3-8B.json", gpu: "RTX 4090",
    formats: ["bf16", 3] })).status, 400);
  assert.equal((await post("/api/matrix", { model: "models/meta-llama__Meta-Llama-3-8B.json" })).status, 400);
});

// the rules of a verb are the library's: the CLI and the API refuse alike
const cliError = (args) => {
  try {
    execFileSync(bin, args, { stdio: "pipe" });
  } catch (e) {
    return { status: e.status, text: String(e.stderr) };
  }
  assert.fail("gpusizer " + args.join(" ") + " did not fail");
};

test("matrix: the formats are the columns, for the CLI and the API alike", async () => {
  const r = await post("/api/matrix", { model: "models/meta-llama__Meta-Llama-3-8B.json", gpu: "RTX 4090", format: "nf4" });
  assert.equal(r.status, 400);
  const j = await r.json();
  assert.equal(j.field, "format");
  const rule = /the formats are the columns: list them in formats \(--formats bf16,nf4\), not in format or bits/;
  assert.match(j.error, rule);
  const cli = cliError(["matrix", "data/models/meta-llama__Meta-Llama-3-8B.json", "--gpu", "RTX 4090", "--format", "nf4"]);
  assert.equal(cli.status, 2);
  assert.match(cli.text, rule);
  const bits = await post("/api/matrix", { model: "models/meta-llama__Meta-Llama-3-8B.json", gpu: "RTX 4090", bits: 4 });
  assert.equal(bits.status, 400);
  assert.equal((await bits.json()).field, "bits");
});

test("fit without a capacity: one message, from the CLI and the API", async () => {
  const r = await post("/api/fit", { model: "models/meta-llama__Meta-Llama-3-8B.json", length: 8192 });
  assert.equal(r.status, 400);
  const j = await r.json();
  assert.equal(j.field, "capacity");
  const cli = cliError(["fit", "data/models/meta-llama__Meta-Llama-3-8B.json", "--context", "8192"]);
  assert.equal(cli.status, 2);
  assert.equal(cli.text, "gpusizer: error: " + j.error + "\n");
});

test("the seed example: the CLI's exact bytes", async () => {
  const j = await (await post("/api/estimate", { params: "7e9", bits: 16, reserve: "6GiB" })).json();
  assert.equal(j.schema, "gpusizer/estimate/v1");
  assert.equal(j.weights_only.bytes, 14000000000);
  assert.equal(j.envelope.bytes, 20442450944);
  const cli = JSON.parse(execFileSync(bin, ["estimate", "--params", "7e9", "--bits", "16", "--reserve", "6GiB", "--json"]));
  assert.deepEqual(j.items.map((i) => [i.id, i.bytes]), cli.items.map((i) => [i.id, i.bytes]));
});

test("a model, an uploaded config.json, fit, shortlist, sheet", async () => {
  const e = await (await post("/api/estimate", { model: "models/meta-llama__Meta-Llama-3-8B.json", length: 8192 })).json();
  assert.equal(e.items.find((i) => i.id === "kv_cache").bytes, 1073741824);
  const cfg = JSON.parse(execFileSync("cat", ["data/models/mistralai__Mistral-7B-v0.1.json"]));
  const u = await (await post("/api/estimate", { config: cfg, format: "bf16" })).json();
  assert.equal(u.model.parameters, 7241732096);
  const f = await (await post("/api/fit", { model: "models/meta-llama__Meta-Llama-3-8B.json", length: 8192, gpu: "RTX 4090" })).json();
  assert.equal(f.schema, "gpusizer/fit/v1");
  assert.equal(f.best, 4);
  /* a serving engine: the pool in its own terms and the changes ranked by what they give it */
  const v = await (await post("/api/fit", { model: "models/meta-llama__Llama-3.1-8B.json", runtime: "vllm",
    runtime_version: "0.16.0", length: 32768, concurrency: 4, gpu: "RTX 4090" })).json();
  assert.equal(v.sheet.fits, false);
  assert.equal(v.sheet.pool.kv_tokens, 38432);
  assert.equal(v.sheet.pool.request_tokens, 32768);
  assert.equal(v.changes.ranked[0].field, "tp");
  assert.equal(v.changes.ranked.find((c) => c.field === "kv_format").pool.kv_tokens_after, 76880);
  const s = await (await post("/api/shortlist", { params: "7e9", bits: 16, reserve: "6GiB" })).json();
  assert.equal(s.schema, "gpusizer/shortlist/v1");
  assert.equal(s.offers.find((o) => o.id === "rtx4090-3d").cost.total, "47.14");
  const h = await post("/api/sheet?format=html", { params: "7e9", bits: 16, reserve: "6GiB" });
  assert.match(h.headers.get("content-type"), /text\/html/);
  assert.match(await h.text(), /19\.04 GiB/);
  assert.equal((await (await fetch(base + "/api/catalog")).json()).schema, "gpusizer/catalog/v1");
  assert.ok((await (await fetch(base + "/api/formats")).json()).formats.length > 10);
});

test("errors are JSON with a clear message", async () => {
  let r = await post("/api/estimate", "{not json");
  assert.equal(r.status, 400);
  assert.match((await r.json()).error, /JSON object/);
  r = await post("/api/estimate", { params: "7e9", reserve: "-1GiB" });
  assert.equal(r.status, 400);
  assert.match((await r.json()).error, /reserve/);
  r = await post("/api/estimate", { params: "7e9", nonsense: 1 });
  const unknown = await r.json();
  assert.match(unknown.error, /unknown field "nonsense"/);
  assert.equal(unknown.field, "nonsense");
  r = await post("/api/fit", { params: "7e9", gpu: "RTX 4090", for: "everything" });
  assert.equal(r.status, 400);
  assert.match((await r.json()).error, /for: got "everything", expected "context", "concurrency" or "microbatch"/);
  r = await post("/api/shortlist", { params: "7e9", catalog: { offers: [] } });
  assert.match((await r.json()).error, /catalog and evidence: expected YAML text/);
  r = await post("/api/estimate", { params: "7e9", revision: "a".repeat(5000) });
  assert.match((await r.json()).error, /revision: value longer than/);
  r = await post("/api/shortlist", { params: "7e9", units: "GB", gpu: "RTX 4090" });
  assert.match(JSON.stringify(await r.json()), /peak \d+\.\d\d GB per GPU/);
  r = await post("/api/shortlist", { params: "7e9", units: "parsecs" });
  assert.match((await r.json()).error, /units: expected "GiB", "GB"/);
  r = await post("/api/estimate", { params: 7e9, bits: 4.5 });
  assert.equal((await r.json()).weights_only.bytes, 3937500000);
  r = await fetch(base + "/api/estimate");
  assert.equal(r.status, 405);
  assert.equal(r.headers.get("allow"), "POST, OPTIONS");
  r = await post("/api/health", {});
  assert.equal(r.headers.get("allow"), "GET, OPTIONS");
  r = await fetch(base + "/../../etc/passwd");
  assert.equal(r.status, 404);
  r = await post("/api/estimate", "x".repeat(1100000));
  assert.equal(r.status, 413);
  // fetch() may not override Host (a forbidden header), so use node:http.
  const status = await new Promise((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, agent: false, path: "/api/health", headers: { Host: `rebind.example:${port}` } },
      (res) => { res.resume(); resolve(res.statusCode); }).on("error", reject);
  });
  assert.equal(status, 403);
});

test("1,000 malformed requests, then still serving", async () => {
  const garbage = ["GARBAGE\r\n\r\n", "GET /api/health HTTP/9.9\r\n\r\n", "POST /api/estimate HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\n\r\n",
    "\x00\x01\x02\x03", "GET /" + "a".repeat(9000) + " HTTP/1.1\r\n\r\n", "POST /api/fit HTTP/1.1\r\nContent-Length: 5\r\n\r\n{{{{{"];
  const raw = (payload) => new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1", () => s.end(payload));
    s.setTimeout(2000, () => s.destroy());
    s.on("data", () => {}); s.on("close", resolve); s.on("error", resolve);
  });
  const bodies = ["{", "[1,2]", "null", '{"params": {"a": 1}}', '{"length": "many", "params": "7e9"}', '{"model": "../../../etc/passwd"}',
    '{"params":"7e9","format":"int3"}', '{"params":"7e9","gpus":"0"}', '{"config": {"model_type": "t5"}}', '"\\ud800"'];
  let sent = 0;
  for (let i = 0; i < 1000; i += 10) {
    await Promise.all(Array.from({ length: 10 }, (_, k) => {
      const n = i + k;
      sent++;
      if (n % 2) return raw(garbage[n % garbage.length]);
      return post(["/api/estimate", "/api/fit", "/api/shortlist", "/api/sheet"][n % 4], bodies[n % bodies.length])
        .then((r) => r.text()).catch(() => {});
    }));
  }
  assert.equal(sent, 1000);
  const r = await fetch(base + "/api/health");
  assert.equal(r.status, 200);
});

// raw HTTP, for headers fetch() may not set (Host, Origin) and for timing.
// A fresh connection each time (agent: false): Node's default agent keeps
// sockets alive, and a POST sent on one the server is closing for idleness
// fails with "socket hang up", a race of the test, not a refusal.
const rawRequest = (opts, body) => new Promise((resolve, reject) => {
  const rq = http.request({ host: "127.0.0.1", port, agent: false, ...opts }, (res) => {
    let text = "";
    res.on("data", (d) => { text += d; });
    res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
  });
  rq.on("error", reject);
  if (body) rq.write(body);
  rq.end();
});

test("no local file outside --models-dir, and none of its content in errors", async () => {
  for (const model of ["/etc/shadow", "/etc/passwd", "../../../etc/passwd", "models/../../README.md", "/dev/zero"]) {
    const r = await post("/api/estimate", { model });
    assert.equal(r.status, 400, model);
    const e = (await r.json()).error;
    assert.match(e, /not a model below the server's --models-dir folders/, model);
    assert.doesNotMatch(e, /root|near|No such file/, model);
  }
});

test("a FIFO below --models-dir is refused at once, and the server keeps serving", async () => {
  const dir = "data/.fifo-test";
  execFileSync("sh", ["-c", `rm -rf ${dir} && mkdir -p ${dir} && mkfifo ${dir}/a.json ${dir}/b.json ${dir}/c.json ${dir}/d.json ${dir}/e.json`]);
  try {
    const t0 = Date.now();
    const rs = await Promise.all(["a", "b", "c", "d", "e"].map((n) => post("/api/estimate", { model: `.fifo-test/${n}.json` })));
    for (const r of rs) {
      assert.equal(r.status, 400);
      assert.match((await r.json()).error, /not a regular file/);
    }
    assert.ok(Date.now() - t0 < 2000, "answered without waiting on the FIFOs");
    assert.equal((await fetch(base + "/api/health")).status, 200);
  } finally {
    execFileSync("rm", ["-rf", dir]);
  }
});

test("cross-site requests: text/plain, a foreign Origin, Sec-Fetch-Site are refused; OPTIONS opens no CORS", async () => {
  const body = JSON.stringify({ model: "org/name" });
  let r = await fetch(base + "/api/estimate", { method: "POST", headers: { "Content-Type": "text/plain" }, body });
  assert.equal(r.status, 415);
  r = await rawRequest({ method: "POST", path: "/api/estimate", headers: { "Content-Type": "application/json", Origin: "http://evil.example" } }, body);
  assert.equal(r.status, 403);
  assert.match(r.text, /cross-origin/);
  r = await rawRequest({ method: "POST", path: "/api/estimate", headers: { "Content-Type": "application/json", Origin: "null" } }, body);
  assert.equal(r.status, 403);
  r = await rawRequest({ method: "POST", path: "/api/estimate", headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" } }, body);
  assert.equal(r.status, 403);
  r = await rawRequest({ method: "POST", path: "/api/estimate", headers: { "Content-Type": "application/json", Origin: `http://127.0.0.1:${port}` } },
    JSON.stringify({ params: "7e9" }));
  assert.equal(r.status, 200);
  r = await rawRequest({ method: "OPTIONS", path: "/api/estimate", headers: { Origin: "http://evil.example", "Access-Control-Request-Method": "POST" } });
  assert.equal(r.status, 403);
  r = await rawRequest({ method: "OPTIONS", path: "/api/estimate" });
  assert.equal(r.status, 204);
  assert.equal(r.headers.allow, "POST, OPTIONS");
  assert.equal(r.headers["access-control-allow-origin"], undefined);
  r = await rawRequest({ method: "GET", path: "/api/health", headers: { Host: "localhost" } });
  assert.equal(r.status, 403, "a Host without a port means port 80");
});

test("the body [1] and other non-objects get a message without -1 positions", async () => {
  const r = await post("/api/estimate", "[1]");
  const e = (await r.json()).error;
  assert.match(e, /not a list/);
  assert.doesNotMatch(e, /-1/);
});

test("slow clients: 40 connections sending a byte a second hold no worker and are cut at the deadline", async () => {
  const socks = [];
  let closed = 0;
  for (let i = 0; i < 40; i++) {
    const s = net.connect(port, "127.0.0.1");
    s.on("error", () => {});
    s.on("close", () => { closed++; });
    socks.push(s);
  }
  const header = `POST /api/estimate HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
  let k = 0;
  const drip = setInterval(() => { for (const s of socks) if (!s.destroyed) s.write(header[k % header.length]); k++; }, 1000);
  try {
    await new Promise((r) => setTimeout(r, 1200));
    const t0 = Date.now();
    const h = await fetch(base + "/api/health");
    assert.equal(h.status, 200);
    assert.ok(Date.now() - t0 < 1000, "a normal request is answered while the slow ones drip");
    // --request-timeout 3: every slow connection is closed by 3 s (+ the watchdog's 0.1 s)
    await new Promise((r) => setTimeout(r, 3500));
    assert.equal(closed, 40, `closed ${closed} of 40 slow connections`);
  } finally {
    clearInterval(drip);
    for (const s of socks) s.destroy();
  }
});

test("SIGTERM stops the server within a second, even with a request in flight", async () => {
  const s2 = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise((resolve) => s2.stdout.once("data", (d) => resolve(String(d))));
  const p2 = Number(/127\.0\.0\.1:(\d+)/.exec(line)[1]);
  const c = net.connect(p2, "127.0.0.1", () => c.write(`POST /api/estimate HTTP/1.1\r\nHost: 127.0.0.1:${p2}\r\nContent-Length: 50\r\n\r\n{`));
  c.on("error", () => {});
  await new Promise((r) => setTimeout(r, 300));
  const t0 = Date.now();
  const exited = new Promise((resolve) => s2.once("exit", resolve));
  s2.kill("SIGTERM");
  await exited;
  c.destroy();
  assert.ok(Date.now() - t0 < 1000, `stopped in ${Date.now() - t0} ms`);
});

test("binding beyond loopback needs --allow-remote, which reads no local path", async () => {
  let r;
  try {
    execFileSync(bin, ["serve", "--port", "0", "--bind", "0.0.0.0"], { stdio: "pipe" });
    assert.fail("serve --bind 0.0.0.0 started without --allow-remote");
  } catch (e) {
    assert.equal(e.status, 2);
    assert.match(String(e.stderr), /--allow-remote/);
  }
  const s3 = spawn(bin, ["serve", "--port", "0", "--bind", "0.0.0.0", "--allow-remote", "--models-dir", "data"],
    { stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  s3.stderr.on("data", (d) => { err += d; });
  const line = await new Promise((resolve) => s3.stdout.once("data", (d) => resolve(String(d))));
  const p3 = Number(/:(\d+)\//.exec(line)[1]);
  try {
    r = await fetch(`http://127.0.0.1:${p3}/api/estimate`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ model: "./models/meta-llama__Meta-Llama-3-8B.json" }) });
    assert.equal(r.status, 400);
    assert.match((await r.json()).error, /reads no local paths/);
    assert.match(err, /warning: serving 0\.0\.0\.0 to other machines/);
  } finally {
    s3.kill("SIGTERM");
  }
});

// issue 39: 200 silent connections from the operator's own address are
// closed after 3 s without a request, so /api/health answers again
test("silent connections do not lock out health", async () => {
  const socks = [];
  for (let i = 0; i < 200; i++) {
    const s = net.connect(port, "127.0.0.1");
    s.on("error", () => {});
    socks.push(s);
  }
  try {
    await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    let ok = false;
    while (!ok && Date.now() - t0 < 8000) {
      try {
        const r = await fetch(base + "/api/health", { signal: AbortSignal.timeout(1000) });
        ok = r.status === 200;
      } catch (e) { await new Promise((r) => setTimeout(r, 100)); }
    }
    assert.ok(ok, "health answered within 8 s");
    assert.ok(Date.now() - t0 < 5000, `health took ${Date.now() - t0} ms`);
  } finally {
    socks.forEach((s) => s.destroy());
  }
});
