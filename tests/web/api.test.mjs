// API tests against a server started on a free loopback port (node --test).
// usage: GPUSIZER=path/to/gpusizer node --test tests/web/api.test.mjs
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import net from "node:net";
import http from "node:http";

const bin = process.env.GPUSIZER;
let server, base, port;

before(async () => {
  server = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
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

test("the seed example: the CLI's exact bytes", async () => {
  const j = await (await post("/api/estimate", { params: "7e9", bits: 16, reserve: "6GiB" })).json();
  assert.equal(j.schema, "gpusizer/estimate/v1");
  assert.equal(j.weights_only.bytes, 14000000000);
  assert.equal(j.envelope.bytes, 20442450944);
  const cli = JSON.parse(execFileSync(bin, ["estimate", "--params", "7e9", "--bits", "16", "--reserve", "6GiB", "--json"]));
  assert.deepEqual(j.items.map((i) => [i.id, i.bytes]), cli.items.map((i) => [i.id, i.bytes]));
});

test("a model, an uploaded config.json, fit, shortlist, sheet", async () => {
  const e = await (await post("/api/estimate", { model: "data/configs/meta-llama__Meta-Llama-3-8B.json", length: 8192 })).json();
  assert.equal(e.items.find((i) => i.id === "kv_cache").bytes, 1073741824);
  const cfg = JSON.parse(execFileSync("cat", ["data/configs/mistralai__Mistral-7B-v0.1.json"]));
  const u = await (await post("/api/estimate", { config: cfg, format: "bf16" })).json();
  assert.equal(u.model.parameters, 7241732096);
  const f = await (await post("/api/fit", { model: "data/configs/meta-llama__Meta-Llama-3-8B.json", length: 8192, gpu: "RTX 4090" })).json();
  assert.equal(f.schema, "gpusizer/fit/v1");
  assert.equal(f.best, 4);
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
  assert.match((await r.json()).error, /unknown field "nonsense"/);
  r = await post("/api/fit", { params: "7e9", gpu: "RTX 4090", for: "everything" });
  assert.equal(r.status, 400);
  assert.match((await r.json()).error, /for: expected "context", "concurrency" or "microbatch"/);
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
  assert.equal(r.headers.get("allow"), "POST");
  r = await post("/api/health", {});
  assert.equal(r.headers.get("allow"), "GET");
  r = await fetch(base + "/../../etc/passwd");
  assert.equal(r.status, 404);
  r = await post("/api/estimate", "x".repeat(1100000));
  assert.equal(r.status, 413);
  // fetch() may not override Host (a forbidden header), so use node:http.
  const status = await new Promise((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path: "/api/health", headers: { Host: `rebind.example:${port}` } },
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
