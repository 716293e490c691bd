/* drive.js JOB.json - tests/web.t's hands in headless Chromium (Debian's,
 * through playwright-core from the npm registry): the browser page checks
 * each file of the job as a user would (format and profile chosen in the
 * menus, the file given to the file input), and what the page shows is
 * read back from its DOM; HTML pages (reports) are opened and their
 * elements listed; screenshots are taken.  Prints one JSON object. */
"use strict";
const fs = require("fs");
const { chromium } = require(process.env.TG_PLAYWRIGHT);

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const args = ["--no-sandbox", "--disable-gpu", "--disable-quic",
              "--no-first-run", "--disable-background-networking",
              "--disable-component-update", "--disable-sync"];

(async () => {
  const browser = await chromium.launch({ executablePath: job.chromium, args });
  const out = { files: [], pages: [], errors: [] };
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (e) => out.errors.push(e.message));
  await page.goto(job.url);
  await page.waitForSelector('body[data-state="ready"]', { timeout: 60000 });
  let run = 0;
  for (const f of job.files) {
    await page.selectOption("#format", f.format || "");
    await page.selectOption("#profile", f.profile || "");
    await page.setInputFiles("#file", f.path);
    run++;
    await page.waitForSelector(
      `body[data-state="done"][data-run="${run}"]`, { timeout: 600000 });
    out.files.push(await page.evaluate(() => ({
      verdict: document.getElementById("verdict").textContent,
      facts: document.getElementById("facts").textContent,
      findings: [...document.querySelectorAll("#findings tbody tr")].map(
        (r) => Object.fromEntries([...r.cells].map((c) => [c.className,
                                                           c.textContent]))),
      open: document.querySelectorAll("#structure details[open]").length,
      parts: document.querySelectorAll("#structure details, #structure .leaf")
        .length,
      slices: Number(document.body.dataset.slices),
      largest: Number(document.body.dataset.largest),
      heap: Number(document.body.dataset.heap),
    })));
    if (f.screenshot)
      await page.screenshot({ path: f.screenshot, fullPage: true });
  }
  for (const p of job.pages || []) {
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await other.goto(p.url);
    out.pages.push(await other.evaluate(() => ({
      tags: [...new Set([...document.querySelectorAll("*")].map(
        (e) => e.tagName.toLowerCase()))].sort(),
      attributes: [...new Set([...document.querySelectorAll("*")].flatMap(
        (e) => [...e.attributes].map((a) => a.name)))].sort(),
      scripts: document.scripts.length,
      text: document.body.innerText.length,
    })));
    if (p.screenshot)
      await other.screenshot({ path: p.screenshot, fullPage: !!p.full });
    await other.close();
  }
  await browser.close();
  process.stdout.write(JSON.stringify(out));
})().catch((e) => {
  process.stderr.write(String(e.stack || e) + "\n");
  process.exit(1);
});
