// The page in Debian's headless Chromium, driven by playwright-core: the
// seed's example, a Llama-3-8B config with its KV cache row, the shortlist,
// and a screenshot. Prints "N passed, N failed".
// usage: GPUSIZER=path/to/gpusizer OUT=dir node tests/web/e2e.mjs
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";

const bin = process.env.GPUSIZER, out = process.env.OUT || ".";
const server = spawn(bin, ["serve", "--port", "0", "--models-dir", "data"], { stdio: ["ignore", "pipe", "inherit"] });
const line = await new Promise((r) => server.stdout.once("data", (d) => r(String(d))));
const url = "http://127.0.0.1:" + /127\.0\.0\.1:(\d+)/.exec(line)[1] + "/";
let pass = 0, fail = 0;
const check = (what, ok) => { if (ok) pass++; else { fail++; console.log("FAIL: " + what); } };
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
  await page.goto(url);
  await page.fill("#params", "7e9");
  await page.selectOption("#format", "bits:16");
  await page.fill("#reserve", "6GiB");
  await page.waitForFunction(() => document.getElementById("envelope").textContent === "19.04 GiB", null, { timeout: 10000 });
  check("weights only 13.04 GiB", (await page.textContent("#weights-only")) === "13.04 GiB");
  check("envelope 19.04 GiB", (await page.textContent("#envelope")) === "19.04 GiB");
  await page.selectOption("#units", "GB");
  check("GB toggle: 14.00 GB", (await page.textContent("#weights-only")) === "14.00 GB");
  await page.selectOption("#units", "GiB");
  await page.fill("#model", "models/meta-llama__Meta-Llama-3-8B.json");
  await page.selectOption("#format", "bf16");
  await page.fill("#length", "8192");
  await page.waitForSelector('tr[data-item="kv_cache"]', { timeout: 10000 });
  await page.waitForFunction(() => document.querySelector('tr[data-item="kv_cache"]').textContent.includes("1.00 GiB"), null, { timeout: 10000 });
  check("the page says what it sizes", (await page.textContent("#source")).includes("8030261248 parameters (llama)"));
  check("KV cache row 1.00 GiB", (await page.textContent('tr[data-item="kv_cache"]')).includes("1.00 GiB"));
  check("chart drawn", (await page.locator("#chart svg rect").count()) > 3);
  const pp = await page.textContent("#peak-phase");
  check("the peak carries its calibration interval: " + pp, /interval \d+\.\d\d GiB to \d+\.\d\d GiB \(90 % target, \d+ published runs of kind transformers\)/.test(pp));
  await page.selectOption("#gpu", "RTX 4090");
  await page.click("#shortlist-btn");
  await page.waitForFunction(() => document.querySelector("#offers").textContent.includes("rtx4090-3d"), null, { timeout: 10000 });
  check("shortlist table", (await page.textContent("#offers")).includes("47.14 USD"));
  await page.selectOption("#units", "GB");
  // the conditions' texts come again from the server, in GB
  await page.waitForFunction(() => !document.querySelector("#offers").textContent.includes("GiB"), null, { timeout: 10000 });
  const offersGB = await page.textContent("#offers"), itemsGB = await page.textContent("#items");
  check("GB toggle reaches the offers and the items, no GiB left",
    offersGB.includes(" GB") && !offersGB.includes("GiB") && !itemsGB.includes("GiB"));
  await page.selectOption("#units", "GiB");
  // The seed's 6 GiB reserve is still set: the CLI says 1 sequence then.
  await page.click("#fit-btn");
  await page.waitForFunction(() => document.getElementById("fit-answer").textContent.includes("largest concurrency: 1"), null, { timeout: 10000 });
  check("fit with 6 GiB reserve: 1 sequence", (await page.textContent("#fit-answer")).includes("largest concurrency: 1 sequence ("));
  await page.fill("#reserve", "");
  check("a changed workload clears the earlier offers and says so",
    (await page.textContent("#offers")) === "" && (await page.textContent("#stale")).includes("workload changed"));
  await page.click("#fit-btn");
  await page.waitForFunction(() => !document.getElementById("fit-answer").textContent.includes("largest concurrency: 1"), null, { timeout: 10000 });
  await page.waitForFunction(() => document.getElementById("fit-answer").textContent.length > 0, null, { timeout: 10000 });
  const fitText = await page.textContent("#fit-answer");
  check("fit answer: " + fitText.slice(0, 300), fitText.includes("largest concurrency: 4"));
  // what fits on this GPU, format by format: with the length 8192, the largest concurrency per format
  await page.click("#matrix-btn");
  await page.waitForSelector('#matrix td[data-format="nf4"]', { timeout: 10000 });
  const bf16 = page.locator('#matrix td[data-format="bf16"]');
  // fit's largest concurrency (4) as the cell's top: "A..B" when the interval straddles it (issue 45)
  check("matrix: bf16 cell " + (await bf16.textContent()), /^(\d+\.\.)?4$/.test(await bf16.textContent()));
  check("matrix: coloured as fitting the sheet", (await bf16.getAttribute("class")) === "m-fit");
  check("matrix: nf4 holds more", Number(await page.textContent('#matrix td[data-format="nf4"]')) > 4);
  check("matrix legend", (await page.textContent("#matrix-legend")).includes("not even 1"));
  // the model picker offers the library; its matrix has a row for every model, coloured
  check("picker: library ids offered",
    await page.evaluate(() => [...document.querySelectorAll("#library option")].some((o) => o.value === "Qwen/Qwen3-8B")));
  await page.click("#matrix-lib-btn");
  await page.waitForFunction(() => document.querySelectorAll("#matrix tr").length > 40, null, { timeout: 90000 });
  const rows = await page.evaluate(() => [...document.querySelectorAll("#matrix tr")].map((r) => r.textContent));
  check("library matrix: Llama-3.2-1B row", rows.some((t) => t.startsWith("meta-llama/Llama-3.2-1B-Instruct (")));
  check("library matrix: DeepSeek-V3 does not fit a 4090",
    await page.evaluate(() => [...document.querySelectorAll("#matrix tr")].some((r) =>
      r.textContent.startsWith("deepseek-ai/DeepSeek-V3 (") && r.querySelector("td.m-no"))));
  await page.click("#matrix-btn");
  await page.waitForFunction(() => document.querySelectorAll("#matrix tr").length === 2, null, { timeout: 10000 });
  await page.click("#shortlist-btn");
  await page.waitForFunction(() => document.querySelector("#offers").textContent.includes("rtx4090-3d"), null, { timeout: 10000 });
  await page.keyboard.press("Tab");
  check("keyboard focus", await page.evaluate(() => document.activeElement !== document.body));
  await page.screenshot({ path: out + "/page.png", fullPage: true });
  // a phone: nothing but the wide tables (which scroll in their own box) may
  // push the page sideways
  await page.setViewportSize({ width: 390, height: 844 });
  check("phone width: no sideways scrolling",
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  await page.screenshot({ path: out + "/page-phone.png" });

  // --- issue 37: the page as capable as the CLI ---------------------------------------------
  const p2 = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
  const sent = [];
  p2.on("request", (r) => { if (r.url().endsWith("/api/estimate")) sent.push(JSON.parse(r.postData())); });
  let answered = 0;
  p2.on("requestfinished", (r) => { if (r.url().endsWith("/api/estimate")) answered++; });
  await p2.goto(url);
  check("favicon", await p2.evaluate(() => !!document.querySelector('link[rel="icon"]')));
  await p2.waitForFunction(() => document.getElementById("envelope").textContent === "19.04 GiB", null, { timeout: 10000 });
  // a model: the calculator's 16 bits and 6 GiB reserve do not leak into it
  await p2.fill("#model", "meta-llama/Llama-3.1-8B");
  await p2.fill("#length", "8192");
  await p2.waitForFunction(() => document.querySelector('tr[data-item="kv_cache"]') &&
    document.getElementById("source").textContent.includes("8030261248"), null, { timeout: 10000 });
  const lastSent = () => sent[sent.length - 1];
  // the estimate is asked 150 ms after the last keystroke: wait for the request that matches, up to 10 s
  const waitSent = async (pred) => {
    for (let t = 0; t < 100 && !(sent.length && pred(lastSent())); t++) await new Promise((z) => setTimeout(z, 100));
    // and for its answer (and the page's rendering of it) to be in
    for (let t = 0; t < 100 && answered < sent.length; t++) await new Promise((z) => setTimeout(z, 100));
    await p2.waitForTimeout(100);
    return lastSent();
  };
  check("model estimate: no bits, no reserve sent: " + JSON.stringify(lastSent()),
    !("bits" in lastSent()) && !("reserve" in lastSent()) && !("params" in lastSent()));
  check("the page says which fields apply", (await p2.textContent("#applies")).includes("reserve not added"));
  // runtime settings appear for their runtime only
  // rendered, not just flagged: a CSS display rule can override the hidden attribute
  const visible = (id) => p2.evaluate((i) => document.getElementById(i).getClientRects().length > 0, id);
  check("transformers: no vLLM settings", !(await visible("gpu_memory_utilization")) && !(await visible("runtime_version")));
  await p2.selectOption("#runtime", "vllm");
  check("vllm: its settings shown, llama.cpp's hidden", (await visible("gpu_memory_utilization")) && !(await visible("gpu_layers")));
  const rels = await p2.evaluate(() => [...document.querySelectorAll("#runtime_version option")].map((o) => o.value));
  const num = (v) => v.split(".").map(Number).reduce((a, x) => a * 1000 + x, 0);
  const newestFirst = rels.slice(1).every((v, i, a) => i === 0 || num(a[i - 1]) > num(v));
  check("vllm releases offered, newest first: " + rels.slice(0, 3), rels[0] === "" && newestFirst && rels.includes("0.28.0") && rels.includes("0.6.4"));
  await p2.selectOption("#runtime_version", "0.20.0");
  // the verdict card, on the estimate itself (no button): the seed's classes
  await p2.selectOption("#gpu", "RTX 4090");
  await p2.waitForFunction(() => !document.getElementById("verdict").hidden, null, { timeout: 10000 }).catch(() => {});
  const card = await p2.evaluate(() => ({ text: document.getElementById("verdict").textContent,
    cls: document.getElementById("verdict").className }));
  check("verdict card on the estimate: " + card.text, /^(Fits|To confirm|Does not fit): /.test(card.text) &&
    /verdict (fits|to_confirm|does_not_fit)/.test(card.cls));
  await p2.selectOption("#gpu", "RTX 4090");
  await p2.fill("#gpus", "2");
  await p2.fill("#tp", "2");
  await p2.fill("#gpu_memory_utilization", "0.85");
  await p2.waitForFunction(() => document.getElementById("peak-phase").textContent.length > 0 &&
    !document.getElementById("error").textContent, null, { timeout: 10000 });
  const s2 = await waitSent((b) => b.gpu_memory_utilization === "0.85" && b.tp === "2");
  await p2.waitForFunction(() => document.getElementById("peak").textContent !== "…" &&
    !document.getElementById("error").textContent, null, { timeout: 10000 });
  check("multi-GPU vLLM request: " + JSON.stringify(s2), s2.runtime === "vllm" && s2.runtime_version === "0.20.0" &&
    s2.tp === "2" && s2.gpus === "2" && s2.gpu_memory_utilization === "0.85" && !("gpu_layers" in s2));
  const peak2 = await p2.textContent("#peak");
  // the shared link restores the view
  const link = p2.url();
  check("state in the URL: " + link, link.includes("runtime=vllm") && link.includes("tp=2") && link.includes("runtime_version=0.20.0"));
  const p3 = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
  await p3.goto(link);
  await p3.waitForFunction((pk) => document.getElementById("peak").textContent === pk, peak2, { timeout: 10000 }).catch(() => {});
  check("shared link: same fields", (await p3.inputValue("#model")) === "meta-llama/Llama-3.1-8B" &&
    (await p3.inputValue("#runtime_version")) === "0.20.0" && (await p3.inputValue("#tp")) === "2" &&
    (await p3.inputValue("#gpu")) === "RTX 4090");
  check("shared link: same peak " + peak2, (await p3.textContent("#peak")) === peak2);
  await p3.close();
  // stable colours, a legend that does not overlap
  const kvFill = await p2.getAttribute('#chart rect[data-item="kv_cache"]', "fill");
  const swatch = await p2.evaluate(() => getComputedStyle(document.querySelector('#legend li[data-item="kv_cache"] i')).backgroundColor);
  check("legend swatch is the bar's colour", kvFill === "#f28e2b" && swatch === "rgb(242, 142, 43)");
  check("legend entries do not overlap", await p2.evaluate(() => {
    const r = [...document.querySelectorAll("#legend li")].map((li) => li.getBoundingClientRect());
    for (let i = 0; i < r.length; i++) for (let k = i + 1; k < r.length; k++)
      if (r[i].left < r[k].right && r[k].left < r[i].right && r[i].top < r[k].bottom && r[k].top < r[i].bottom) return false;
    return r.length > 2;
  }));
  await p2.fill("#length", "4096");
  await p2.waitForFunction(() => !document.querySelector('#chart rect[data-item="kv_cache"]') ||
    document.querySelector('#chart rect[data-item="kv_cache"]').getAttribute("fill") === "#f28e2b", null, { timeout: 10000 });
  check("kv_cache keeps its colour after a change", (await p2.getAttribute('#chart rect[data-item="kv_cache"]', "fill")) === "#f28e2b");
  // an error clears the figures it invalidates
  await p2.fill("#length", "abc");
  await p2.waitForFunction(() => document.getElementById("error").textContent.includes("length"), null, { timeout: 10000 });
  check("error clears the figures", (await p2.textContent("#peak")) === "…" && (await p2.textContent("#items tbody")).trim() === "" &&
    (await p2.locator("#chart svg").count()) === 0);
  await p2.fill("#length", "8192");
  await p2.waitForFunction(() => document.getElementById("peak").textContent !== "…", null, { timeout: 10000 });
  // a slow answer shows the busy indicator
  await p2.route("**/api/estimate", async (r) => { await new Promise((z) => setTimeout(z, 900)); await r.continue(); });
  await p2.fill("#concurrency", "2");
  await p2.waitForFunction(() => !document.getElementById("busy").hidden, null, { timeout: 5000 }).catch(() => {});
  check("busy indicator on a slow request", !(await p2.evaluate(() => document.getElementById("busy").hidden)));
  await p2.waitForFunction(() => document.getElementById("busy").hidden, null, { timeout: 10000 });
  await p2.unroute("**/api/estimate");
  // adaptation fields for adaptation only, under the runtime that trains
  // (the field rows: vLLM reads none of them)
  await p2.selectOption("#task", "lora");
  check("lora under vllm: the adaptation fields hidden (vLLM reads none)", !(await visible("recipe")));
  await p2.selectOption("#runtime", "transformers");
  const opts = await p2.evaluate(() => [...document.querySelectorAll("#optimizer option")].map((o) => o.value));
  const optRow = await p2.evaluate(async () => (await (await fetch("/api/fields")).json()).fields.find((f) => f.key === "optimizer").values);
  check("the optimizer menu is the field row's values: " + opts.join(" "),
    optRow.length === 9 && optRow.every((v) => opts.includes(v)) && opts.includes("sgd-momentum") && opts.includes("adamw-forloop"));
  check("lora: recipe and rank shown, concurrency hidden", (await visible("recipe")) && (await visible("lora_rank")) && !(await visible("concurrency")));
  check("the Unsloth release only with recipe unsloth", !(await visible("recipe_release")));
  await p2.selectOption("#recipe", "unsloth");
  await p2.fill("#lengths", "380,1200,1900");
  const s3 = await waitSent((b) => b.lengths === "380,1200,1900");
  check("unsloth: its release field shown; lengths sent: " + JSON.stringify(s3),
    (await visible("recipe_release")) && s3.lengths === "380,1200,1900" && s3.recipe === "unsloth");
  await p2.fill("#lengths", "");
  await p2.selectOption("#recipe", "");
  await p2.selectOption("#task", "inference");
  check("inference: no adaptation fields", !(await visible("recipe")));
  await p2.selectOption("#runtime", "vllm");
  // its estimate answered before the offers: a late answer would clear their error
  await waitSent((b) => b.runtime === "vllm");
  // the user's own catalog, multi-GPU offers judged with the sheet's placement
  const cat = "offers:\n  - id: duo\n    gpu: RTX 4090\n    count: 2\n  - id: solo\n    gpu: RTX 4090\n    count: 1\n";
  await p2.setInputFiles("#catalog-file", { name: "mine.yaml", mimeType: "text/yaml", buffer: Buffer.from(cat) });
  await p2.click("#shortlist-btn");
  await p2.waitForFunction(() => document.querySelector("#offers").textContent.includes("duo"), null, { timeout: 10000 });
  const offers = await p2.evaluate(() => [...document.querySelectorAll("#offers tr")].map((r) => r.textContent));
  check("own catalog: only its offers", offers.length === 3 && !offers.some((t) => t.includes("rtx4090-3d")));
  check("the placement's 2 GPUs exclude the single-GPU offer: " + offers.find((t) => t.startsWith("solo")),
    offers.some((t) => t.startsWith("solo") && t.includes("exclude") && t.includes("needs 2 GPU")) &&
    offers.some((t) => t.startsWith("duo") && !t.includes("exclude")));
  await p2.setInputFiles("#catalog-file", { name: "bad.yaml", mimeType: "text/yaml", buffer: Buffer.from("offers:\n  - id: [\n") });
  await p2.click("#shortlist-btn");
  await p2.waitForFunction(() => /catalog:\d+:\d+/.test(document.getElementById("error").textContent), null, { timeout: 30000 }).catch(() => {});
  check("malformed catalog: the parser's line and column: " + (await p2.textContent("#error")),
    /catalog:\d+:\d+/.test(await p2.textContent("#error")) && (await p2.textContent("#offers")) === "");
  await p2.setInputFiles("#catalog-file", { name: "big.yaml", mimeType: "text/yaml", buffer: Buffer.alloc(300 * 1024, 32) });
  check("oversized catalog refused on the page", (await p2.textContent("#error")).includes("256 KiB"));
  await p2.screenshot({ path: out + "/page-multi-gpu.png", fullPage: true });
  await p2.close();
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
