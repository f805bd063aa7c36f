// Browser tests of `tally serve` in headless Chromium (Debian's /usr/bin/chromium, driven
// by playwright-core), on a copy of the bundled site in a temporary folder: pages render,
// no request leaves 127.0.0.1 before the reader asks for the discussion, language links go
// where they should, axe-core finds no violation, a save reloads an open page, and a broken
// figure shows the error page until it is fixed.
//
// Run with `bash browser/run.sh`, or `node --test browser/` once tally is built
// (TALLY_BIN and CHROMIUM as in harness.mjs).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { artifacts, axeViolations, editFile, openSite } from "./harness.mjs";

const MEASUREMENT = "/measurements/2026-10-29-xgs136-http/";
const MEASUREMENT_SOURCE = "content/measurements/2026-10-29-xgs136-http/index.md";

let served, site, base, context;
/** Every request for a host other than 127.0.0.1, in order: aborted, only recorded. */
let outside;

before(async () => {
  // Every page of the bundled site is translated now: one English-only page, linked from the
  // two Japanese pages the （英語） test reads, gives it links to follow.
  served = await openSite({
    prepare: (copy) => {
      fs.writeFileSync(path.join(copy, "content/notes.md"), "---\ntitle: Notes\n---\n\nNotes in English only.\n");
      for (const page of ["content/index.ja.md", "content/method/index.ja.md"]) {
        const depth = page.split("/").length - 2;
        fs.appendFileSync(path.join(copy, page), `\n[メモ](${"../".repeat(depth)}notes.md)\n`);
      }
    },
  });
  ({ site, base, context, outside } = served);
});

after(async () => {
  await served?.close();
});

const edit = (relative, from, to) => editFile(site, relative, from, to);

async function open(url) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  const response = await page.goto(base + url);
  return { page, response, errors };
}

for (const [name, url, heading] of [
  ["home", "/", null],
  ["measurement", MEASUREMENT, "HTTP through the XGS 136"],
  ["method-ja", "/ja/method/", null],
]) {
  test(`the ${name} page renders, reads as its language and has no axe violation`, async () => {
    const { page, response, errors } = await open(url);
    assert.equal(response.status(), 200);
    assert.equal(await page.locator("html").getAttribute("lang"), url.startsWith("/ja/") ? "ja" : "en");
    const h1 = await page.locator("main h1").first().textContent();
    // A model name and its number are joined by a no-break space (typography.rs).
    if (heading) assert.ok(h1.replaceAll("\u00a0", " ").includes(heading), h1);
    assert.ok(h1.trim().length > 0);
    const stylesheet = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    assert.ok(stylesheet.length > 0);
    await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("no request leaves 127.0.0.1 until the discussion is asked for, and then giscus is", async () => {
  outside.length = 0;
  const { page } = await open(MEASUREMENT);
  await page.waitForLoadState("networkidle");
  assert.deepEqual(outside, [], "a page contacted another host before the button was pressed");
  const button = page.getByRole("button", { name: "Show the discussion" });
  const asked = page.waitForRequest((request) => new URL(request.url()).hostname === "giscus.app");
  await button.click();
  await asked;
  assert.ok(outside.some((url) => new URL(url).hostname === "giscus.app"), outside.join("\n"));
  assert.ok(outside.every((url) => new URL(url).hostname === "giscus.app"), outside.join("\n"));
  await page.close();
});

test("the language switcher goes to the other language's page and back", async () => {
  const { page } = await open("/method/");
  await page.locator("nav.languages a[hreflang=ja]").click();
  await page.waitForURL(base + "/ja/method/");
  assert.equal(await page.locator("html").getAttribute("lang"), "ja");
  await page.locator("nav.languages a[hreflang=en]").click();
  await page.waitForURL(base + "/method/");
  assert.equal(await page.locator("html").getAttribute("lang"), "en");
  await page.close();
});

test("each （英語） link on a Japanese page goes to the English page it names", async () => {
  for (const url of ["/ja/", "/ja/method/"]) {
    const { page } = await open(url);
    const links = await page.locator(".untranslated").evaluateAll((marks) =>
      marks.map((mark) => {
        const link = mark.closest("a") ?? mark.previousElementSibling;
        return { text: mark.textContent, href: link?.tagName === "A" ? link.getAttribute("href") : null };
      }));
    assert.ok(links.length > 0, `${url} has no （英語） link`);
    for (const { text, href } of links) {
      assert.equal(text, "（英語）");
      assert.ok(href && href.startsWith("/") && !href.startsWith("/ja/"), `${url}: ${href}`);
      const target = await context.newPage();
      const response = await target.goto(base + href);
      assert.equal(response.status(), 200, href);
      assert.equal(await target.locator("html").getAttribute("lang"), "en", href);
      await target.close();
    }
    await page.close();
  }
});

test("a saved edit shows in an open page within two seconds", async () => {
  const { page } = await open("/method/");
  const title = await page.locator("main h1").first().textContent();
  const builtBefore = await page.evaluate(() => document.querySelector('script[src^="/__tally/reload.js"]').dataset.build);
  // Words only: a number in the original that its translation lacks is an error.
  const word = Math.random().toString(36).replace(/[^a-z]/g, "");
  const marker = `Edited, mark ${word}.`;
  const saved = Date.now();
  fs.appendFileSync(path.join(site, "content/method/index.md"), `\n${marker}\n`);
  await page.locator("main p", { hasText: marker }).waitFor({ timeout: 2000 });
  const elapsed = Date.now() - saved;
  // Only the page changed, so its new body was put in place (no reload): it is the newer build's.
  assert.notEqual(await page.evaluate(() => document.querySelector('script[src^="/__tally/reload.js"]').dataset.build), builtBefore);
  assert.equal(await page.locator("#tally-error-overlay").count(), 0);
  assert.equal(await page.locator("main h1").first().textContent(), title);
  console.log(`# saved edit → reloaded page showing it: ${elapsed} ms`);
  await page.close();
});

test("a broken figure shows the error page, and fixing it brings the page back", async () => {
  const { page } = await open(MEASUREMENT);
  const title = await page.locator("main h1").first().textContent();
  edit(MEASUREMENT_SOURCE, "[962,826]{=runs.close_coproc.host_frames.received}", "[962,827]{=runs.close_coproc.host_frames.received}");
  const overlay = page.locator("#tally-error-overlay");
  await overlay.waitFor({ timeout: 10000 });
  const text = await overlay.textContent();
  assert.match(text, /content\/measurements\/2026-10-29-xgs136-http\/index\.md:\d+:\d+/);
  assert.ok(text.includes("962,827"), text);
  await page.screenshot({ path: path.join(artifacts, "error-overlay.png"), fullPage: true });
  assert.deepEqual(await axeViolations(page), []);
  edit(MEASUREMENT_SOURCE, "[962,827]{=runs.close_coproc.host_frames.received}", "[962,826]{=runs.close_coproc.host_frames.received}");
  await page.locator("main h1", { hasText: title }).waitFor({ timeout: 10000 });
  assert.equal(await overlay.count(), 0);
  await page.close();
});

test("after a reload the page keeps its scroll position on the page that was edited, error page or not", async () => {
  const { page } = await open(MEASUREMENT);
  await page.setViewportSize({ width: 1000, height: 600 });
  const scrolledTo = async () => {
    await page.waitForLoadState("load");
    await page.waitForTimeout(200);
    return page.evaluate(() => window.scrollY);
  };
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
  const builtBefore = await page.evaluate(() => document.querySelector('script[src^="/__tally/reload.js"]').dataset.build);
  const word = Math.random().toString(36).replace(/[^a-z]/g, "");
  const marker = `Scrolled, mark ${word}.`;
  fs.appendFileSync(path.join(site, MEASUREMENT_SOURCE), `\n${marker}\n`);
  await page.locator("main p", { hasText: marker }).waitFor({ state: "attached", timeout: 10000 });
  assert.notEqual(await page.evaluate(() => document.querySelector('script[src^="/__tally/reload.js"]').dataset.build), builtBefore, "the page is still the old build's");
  let y = await scrolledTo();
  assert.ok(Math.abs(y - 1500) < 2, `scrolled to ${y} after the reload, not 1500`);
  // A save that breaks the page shows the error page; the save that fixes it brings the
  // page back where it was read, not at its top.
  const good = "[962,826]{=runs.close_coproc.host_frames.received}";
  const bad = "[962,827]{=runs.close_coproc.host_frames.received}";
  edit(MEASUREMENT_SOURCE, good, bad);
  await page.locator("#tally-error-overlay").waitFor({ timeout: 10000 });
  edit(MEASUREMENT_SOURCE, bad, good);
  await page.locator("main p", { hasText: marker }).waitFor({ state: "attached", timeout: 10000 });
  y = await scrolledTo();
  assert.ok(Math.abs(y - 1500) < 2, `scrolled to ${y} after the error page, not 1500`);
  await page.close();
});
