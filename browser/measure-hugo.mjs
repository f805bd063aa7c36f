// Measures `hugo server` (in memory) the way measure.mjs measures `tally serve`, for
// BENCHMARKS.md: from a saved edit of one page to the open page (headless Chromium)
// showing it after Hugo's live reload. On a copy of DIR, a `--plain` corpus with
// bench/hugo's settings and layouts added (as bench/compare.sh does):
//   node browser/measure-hugo.mjs DIR
// HUGO picks the binary (default `hugo` on the PATH); HUGO_FLAGS adds flags
// (`--renderToMemory` for Hugo 0.123 and later). Not a test: it asserts nothing.

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, repo } from "./harness.mjs";

const ROUNDS = 10;
const from = path.resolve(process.argv[2]);
const workdir = fs.mkdtempSync(path.join(os.tmpdir(), "hugo-measure-"));
const site = path.join(workdir, "site");
fs.cpSync(from, site, { recursive: true });
// Hugo before 0.112 reads `disableKinds = ["taxonomy"]` as it is meant but logs it as an error.
const settings = fs.readFileSync(path.join(repo, "bench/hugo/hugo.toml"), "utf8");
fs.writeFileSync(path.join(site, "hugo.toml"), `ignoreErrors = ["error-disable-taxonomy"]\n${settings}`);
for (const part of ["layouts", "i18n"]) {
  fs.cpSync(path.join(repo, "bench/hugo", part), path.join(site, part), { recursive: true });
}
// Hugo before 0.146 looks for layouts in layouts/_default/, and for the home page's as index.html.
fs.cpSync(path.join(repo, "bench/hugo/layouts"), path.join(site, "layouts/_default"), { recursive: true });
fs.copyFileSync(path.join(repo, "bench/hugo/layouts/home.html"), path.join(site, "layouts/index.html"));
// ...and names a language's label .LanguageName.
for (const folder of ["layouts", "layouts/_default"]) {
  for (const name of fs.readdirSync(path.join(site, folder)).filter((n) => n.endsWith(".html"))) {
    const layout = path.join(site, folder, name);
    fs.writeFileSync(layout, fs.readFileSync(layout, "utf8").replaceAll(".Language.Label", ".Language.LanguageName"));
  }
}
const bundles = fs.readdirSync(path.join(site, "content/measurements")).filter((n) => !n.includes(".")).sort();
const bundle = bundles[Math.min(499, bundles.length - 1)];
const file = path.join(site, `content/measurements/${bundle}/index.md`);

let log = "";
process.on("exit", () => { try { hugo.kill(); } catch {} });
const hugo = spawn(process.env.HUGO ?? "hugo",
  // Hugo before 0.123 serves from memory by default and has no --renderToMemory.
  ["server", ...(process.env.HUGO_FLAGS ?? "").split(" ").filter(Boolean), "--bind", "127.0.0.1", "--port", "1317"],
  { cwd: site });
hugo.stdout.on("data", (c) => { log += c; });
hugo.stderr.on("data", (c) => { log += c; });
const base = await new Promise((resolve, reject) => {
  hugo.on("exit", (code) => reject(new Error(`hugo exited (${code}):\n${log}`)));
  const timer = setInterval(() => {
    const found = log.match(/Web Server is available at (http:\/\/[^ /]+)/);
    if (found) { clearInterval(timer); resolve(found[1]); }
  }, 20);
});

const context = await chromium.launchPersistentContext(path.join(workdir, "profile"), {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS,
});
const page = await context.newPage();
const opened = await page.goto(`${base}/measurements/${bundle}/`);
const toPage = [];
for (let round = 0; round < ROUNDS; round++) {
  const mark = `Edited, mark ${"abcdefghijklmnopqrstuvwxyz"[round]}${Math.random().toString(36).replace(/[^a-z]/g, "")}.`;
  const written = performance.now();
  fs.appendFileSync(file, `\n${mark}\n`);
  await page.locator("main p", { hasText: mark }).waitFor({ timeout: 30000 });
  toPage.push(performance.now() - written);
  await new Promise((r) => setTimeout(r, 500));
}
await context.close();
hugo.kill();
fs.rmSync(workdir, { recursive: true, force: true });
const sorted = [...toPage].sort((a, b) => a - b);
console.log(`hugo server on ${from}, ${ROUNDS} edits of content/measurements/${bundle}/index.md`);
console.log(`  write → reloaded page shows: median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms, slowest ${Math.round(sorted.at(-1))} ms`);
