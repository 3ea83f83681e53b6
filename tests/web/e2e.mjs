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
  await page.waitForFunction(() => document.getElementById("fit").textContent.includes("largest concurrency: 1"), null, { timeout: 10000 });
  check("fit with 6 GiB reserve: 1 sequence", (await page.textContent("#fit")).includes("largest concurrency: 1 sequence ("));
  await page.fill("#reserve", "");
  check("a changed workload clears the earlier offers and says so",
    (await page.textContent("#offers")) === "" && (await page.textContent("#stale")).includes("workload changed"));
  await page.click("#fit-btn");
  await page.waitForFunction(() => !document.getElementById("fit").textContent.includes("largest concurrency: 1"), null, { timeout: 10000 });
  await page.waitForFunction(() => document.getElementById("fit").textContent.length > 0, null, { timeout: 10000 });
  const fitText = await page.textContent("#fit");
  check("fit answer: " + fitText.slice(0, 300), fitText.includes("largest concurrency: 4"));
  // what fits on this GPU, format by format: with the length 8192, the largest concurrency per format
  await page.click("#matrix-btn");
  await page.waitForSelector('#matrix td[data-format="nf4"]', { timeout: 10000 });
  const bf16 = page.locator('#matrix td[data-format="bf16"]');
  check("matrix: bf16 cell " + (await bf16.textContent()), (await bf16.textContent()) === "4");
  check("matrix: coloured as fitting the sheet", (await bf16.getAttribute("class")) === "m-fit");
  check("matrix: nf4 holds more", Number(await page.textContent('#matrix td[data-format="nf4"]')) > 4);
  check("matrix legend", (await page.textContent("#matrix-legend")).includes("not even 1"));
  // the model picker offers the library; its matrix has a row for every model, coloured
  check("picker: library ids offered",
    await page.evaluate(() => [...document.querySelectorAll("#library option")].some((o) => o.value === "Qwen/Qwen3-8B")));
  await page.click("#matrix-lib-btn");
  await page.waitForFunction(() => document.querySelectorAll("#matrix tr").length > 40, null, { timeout: 20000 });
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
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
