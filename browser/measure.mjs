// Measures `tally serve` from a saved edit to the reloaded page, in headless Chromium:
//   node browser/measure.mjs [PAGES]
//   node browser/measure.mjs --corpus DIR   (a site written by examples/corpus.rs)
// On a copy of the bundled site, plus PAGES generated bilingual pages (default 0), or on a
// copy of DIR, editing its 500th measurement page. Ten
// edits of one page, each: the time from the file's write to the server's `build` event
// (server-sent events, read by this script), and to the open page showing the edit after
// it: swapped into the open page in place, or the page reloaded. Prints the median
// and the slowest of each, and the server's own build times.
// Not a test: it asserts nothing. TALLY_BIN and CHROMIUM as in harness.mjs.

import { execFileSync } from "node:child_process";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { binary, openSite } from "./harness.mjs";

const corpus = process.argv[2] === "--corpus" ? path.resolve(process.argv[3]) : null;
const pages = corpus ? 0 : Number(process.argv[2] ?? 0);
const ROUNDS = 10;

const words = "the bench measures each appliance with the same cables and the same host".split(" ");
/** Adds PAGES bilingual notes to the copy of the site. */
function addNotes(site) {
  for (let i = 0; i < pages; i++) {
    const name = `page-${String(i).padStart(4, "0")}`;
    const original = path.join(site, "content/notes", `${name}.md`);
    const body = Array.from({ length: 6 }, (_, p) => words.slice(p).join(" ") + ".").join("\n\n");
    fs.mkdirSync(path.dirname(original), { recursive: true });
    fs.writeFileSync(original, `---\ntitle: Note ${name}\n---\n\n## Notes\n\n${body}\n\nSee the [method](../method/index.md).\n`);
    const hash = execFileSync(binary, ["--root", site, "hash", `content/notes/${name}.md`]).toString().trim();
    fs.writeFileSync(path.join(site, "content/notes", `${name}.ja.md`),
      `---\ntitle: 覚え書き ${name}\ntranslates: ${hash}\n---\n\n## 覚え書き {#notes}\n\n試験台は、同じケーブルと同じホストで各機器を測ります。\n\n[測り方](../method/index.md)を参照。\n`);
  }
}
function corpusTarget() {
  const bundles = fs.readdirSync(path.join(corpus, "content/measurements")).filter((n) => !n.includes(".")).sort();
  const bundle = bundles[Math.min(499, bundles.length - 1)];
  return { url: `/measurements/${bundle}/`, file: `content/measurements/${bundle}/index.md` };
}
const target = corpus ? corpusTarget()
  : pages > 0 ? { url: "/notes/page-0500/", file: "content/notes/page-0500.md" }
  : { url: "/method/", file: "content/method/index.md" };

/** Sets every file of the copy a day back, as a site's files are when one starts serving
 * it: copying made them all new, and tally keeps nothing made from a file younger than a
 * second, which would make the first edit's rebuild a whole build. */
function age(dir) {
  const dayAgo = new Date(Date.now() - 86400e3);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) age(full);
    else fs.utimesSync(full, dayAgo, dayAgo);
  }
}
const prepare = (site) => { addNotes(site); age(site); };
const served = await openSite({ logName: "serve-measure.log", prepare, ...(corpus ? { from: corpus } : {}) });
const { site, base, context } = served;

const builds = new Map();
http.get(base + "/__tally/events", (response) => {
  let pending = "";
  response.on("data", (chunk) => {
    pending += chunk;
    for (const found of pending.matchAll(/event: build\ndata: (\d+)[^\n]*\n/g)) builds.set(Number(found[1]), performance.now());
    pending = pending.slice(pending.lastIndexOf("\n\n") + 1);
  });
});
async function eventFor(build) {
  while (!builds.has(build)) await new Promise((r) => setTimeout(r, 2));
  return builds.get(build);
}

const page = await context.newPage();
await page.goto(base + target.url);

const toEvent = [], toPage = [];
for (let round = 0; round < ROUNDS; round++) {
  const mark = `Edited, mark ${"abcdefghijklmnopqrstuvwxyz"[round]}${Math.random().toString(36).replace(/[^a-z]/g, "")}.`;
  // The page counts as showing the edit when its body holds it: either swapped in place
  // (only pages changed: a mutation observer in the page) or after a full reload (the
  // DOMContentLoaded of the reloaded document). A locator's waitFor polls with a backoff of
  // up to 100 ms between tries, which measured Playwright's polling more than the reload.
  const swapped = page.evaluate((mark) => new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (document.body && document.body.textContent.includes(mark)) { observer.disconnect(); resolve(); }
    }).observe(document.documentElement, { childList: true, subtree: true });
  }), mark).then(() => performance.now(), () => new Promise(() => {}));
  const reloaded = (async () => {
    for (;;) {
      await page.waitForEvent("domcontentloaded", { timeout: 60000 });
      const at = performance.now();
      if (await page.locator("main p", { hasText: mark }).count() > 0) return at;
    }
  })();
  reloaded.catch(() => {}); // never settled when the page swapped in place
  const written = performance.now();
  fs.appendFileSync(path.join(site, target.file), `\n${mark}\n`);
  const evented = await eventFor(round + 2);
  const shown = await Promise.race([swapped, reloaded]);
  toEvent.push(evented - written);
  toPage.push(shown - written);
  await new Promise((r) => setTimeout(r, 500));
}
const log = served.serverLog();
await served.close();

const rebuilt = [...log.matchAll(/^rebuilt (\d+) files in (\d+) ms$/gm)];
const files = rebuilt.at(-1)?.[1];
const ms = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms, slowest ${Math.round(sorted.at(-1))} ms`;
};
const name = corpus ? `corpus ${corpus}` : `bundled${pages ? ` + ${pages} bilingual pages` : ""}`;
console.log(`site: ${name} (${files} files built), ${ROUNDS} edits of ${target.file}`);
const first = log.match(/^built \d+ files in (\d+) ms$/m)?.[1];
console.log(`  first build:                 ${first} ms`);
console.log(`  server's rebuild:            ${ms(rebuilt.map((m) => Number(m[2])))}`);
console.log(`  write → build event:         ${ms(toEvent)}`);
console.log(`  write → reloaded page shows: ${ms(toPage)}`);
