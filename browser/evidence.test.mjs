// Where a figure comes from, in Chromium with JavaScript off: from any figure of the XGS 136
// page, in either language, one key press (Enter on the focused figure) opens the folded
// evidence at its entry, and one more the runs.yaml line it was read from. Folded, the
// evidence is at most a screen at 390×844 and 1280×800 and one keyboard stop. axe finds nothing in the
// evidence section, the plots (their tables open) or a source page, at 400 % zoom (a 1280 px
// window is 320 CSS px wide) in both colour schemes, and nothing there widens the page.
//
// Run with `bash browser/run.sh`, or `node --test browser/` once tally is built.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, artifacts, axeViolations, openSite } from "./harness.mjs";

const PAGES = { en: "/measurements/2026-10-29-xgs136-http/", ja: "/ja/measurements/2026-10-29-xgs136-http/" };

let served, browser, context;

before(async () => {
  served = await openSite({ logName: "serve-evidence.log" });
  // A browser of its own, with scripts off: the evidence must work without them.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tally-noscript-"));
  browser = { profile };
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    javaScriptEnabled: false,
  });
  await context.route("**/*", (route) =>
    new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort());
});

after(async () => {
  await context?.close();
  if (browser) fs.rmSync(browser.profile, { recursive: true, force: true });
  await served?.close();
});

/** Opens `url` with scripts off, or, for axe (which is a script), `scripts: true`. */
async function open(url, { width = 1280, scheme = "light", scripts = false } = {}) {
  const page = await (scripts ? served.context : context).newPage();
  await page.setViewportSize({ width, height: 800 });
  await page.emulateMedia({ colorScheme: scheme });
  const response = await page.goto(served.base + url);
  assert.equal(response.status(), 200, url);
  return page;
}

for (const [lang, url] of Object.entries(PAGES)) {
  test(`with JavaScript off, every figure of the ${lang} XGS 136 page is a link, and Enter on one reaches its entry and then its runs.yaml line`, async () => {
    const page = await open(url);
    const figures = await page.locator("main data").count();
    const linked = await page.locator("a[href^='#figure-'] > data").count();
    assert.ok(figures > 70, `${figures} figures`);
    assert.equal(linked, figures, "every figure sits in a link to its evidence");
    // Every link goes to an entry that exists.
    const missing = await page.evaluate(() =>
      [...document.querySelectorAll("a:has(> data)")]
        .map((a) => decodeURIComponent(a.hash.slice(1)))
        .filter((id) => !document.getElementById(id)));
    assert.deepEqual(missing, []);
    // The list is folded to one line; following a figure link opens it, scripts off.
    const list = page.locator("section.evidence details.evidence-all");
    assert.equal(await list.evaluate((d) => d.open), false, "the evidence is folded until opened");
    // By keyboard: focus the figure "74 %" and press Enter.
    const figure = page.locator("a", { has: page.locator("data", { hasText: "74" }) }).first();
    await figure.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/#figure-host_share_close$/);
    const entry = page.locator("[id='figure-host_share_close']");
    assert.equal(await list.evaluate((d) => d.open), true, "a figure link opens the folded list");
    assert.ok(await entry.isVisible());
    assert.ok(await entry.evaluate((e) => e.matches(":target")));
    const inView = await entry.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return [r.top, innerHeight];
    });
    assert.ok(inView[0] > -2 && inView[0] < inView[1], `the entry is scrolled into view: ${inView}`);
    // Folded: the entry is one line that says the value as stated and where it was read;
    // Enter on that line opens it, and its first runs.yaml link leads to a numbered line
    // that says what the entry says.
    assert.equal(await entry.evaluate((e) => e.tagName), "DETAILS");
    assert.equal(await entry.evaluate((e) => e.open), false, "closed without JavaScript");
    const summary = entry.locator("summary");
    const box = await summary.boundingBox();
    assert.ok(box.height < 40, `the entry's line is one line: ${box.height} px`);
    await summary.focus();
    await page.keyboard.press("Enter");
    assert.equal(await entry.evaluate((e) => e.open), true);
    const line = entry.locator("a[href*='runs.yaml.html#L']").first();
    await line.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/runs\.yaml\.html#L\d+$/);
    const target = page.locator("li:target");
    assert.equal(await target.count(), 1);
    assert.match(await target.textContent(), /host_share_close/);
    assert.equal(await page.locator("html").getAttribute("lang"), lang);
    await page.close();
  });

  test(`with JavaScript off, an address of the ${lang} XGS 136 page ending in #figure-NAME opens the folded evidence at that entry`, async () => {
    const page = await open(`${url}#figure-bodies_keep_coproc`);
    const state = await page.evaluate(() => {
      const entry = document.getElementById("figure-bodies_keep_coproc");
      const r = entry.getBoundingClientRect();
      return { list: entry.closest("details.evidence-all").open, shown: r.height > 0, top: r.top, height: innerHeight };
    });
    assert.deepEqual([state.list, state.shown], [true, true], JSON.stringify(state));
    assert.ok(state.top > -2 && state.top < state.height, `the entry is scrolled into view: ${JSON.stringify(state)}`);
    await page.close();
  });
}

for (const [lang, url] of Object.entries(PAGES)) {
  test(`the ${lang} XGS 136 page's evidence is one screen at most until opened, one keyboard stop, then a line a figure, and with JavaScript a figure link opens its entry`, async () => {
    // Folded, at 390×844 and 1280×800: the heading, the introduction and one line, which
    // says how many figures and files; the page as a whole is saved for a reviewer.
    for (const [width, height] of [[390, 844], [1280, 800]]) {
      const page = await open(url, { width, scripts: true });
      await page.setViewportSize({ width, height });
      const folded = await page.locator("section.evidence").evaluate((section) => ({
        height: section.getBoundingClientRect().height,
        stops: [...section.querySelectorAll("a[href], summary, button, [tabindex]")].filter((e) => e.checkVisibility()).length,
        line: section.querySelector("details.evidence-all > summary").textContent,
      }));
      console.log(`# ${lang}: evidence folded ${Math.round(folded.height)} px at ${width}×${height}, ${folded.stops} keyboard stop(s): ${folded.line}`);
      assert.ok(folded.height <= height, `${Math.round(folded.height)} px is more than a screen of ${height} px`);
      assert.equal(folded.stops, 1, "the folded evidence is one keyboard stop");
      assert.match(folded.line, /\d+\D+\d+/, "the line says how many figures and files");
      await page.screenshot({ path: path.join(artifacts, `xgs136-${lang}-${width}.png`), fullPage: true });
      await page.close();
    }
    const page = await open(url, { scripts: true });
    const entries = page.locator("section.evidence details[id^='figure-']");
    const count = await entries.count();
    assert.ok(count > 50, `${count} entries`);
    assert.equal(await page.locator("section.evidence details[open]").count(), 0, "every entry folded");
    const line = await page.locator("details.evidence-all > summary").textContent();
    assert.ok(line.includes(String(count)), `"${line}" names the ${count} figures`);
    // Opened, each entry is a line or two.
    await page.locator("details.evidence-all > summary").click();
    const heights = await entries.evaluateAll((all) => all.map((d) => d.getBoundingClientRect().height));
    assert.ok(Math.min(...heights) > 10, `every entry shows once the list is opened: ${Math.min(...heights)} px`);
    assert.ok(Math.max(...heights) < 60, `an entry is a line or two: ${Math.max(...heights)} px`);
    await page.locator("details.evidence-all > summary").click();
    // The page's own content comes before it.
    assert.ok(await page.evaluate(() => {
      const content = document.querySelector(".content");
      const evidence = document.querySelector("section.evidence");
      return Boolean(content.compareDocumentPosition(evidence) & Node.DOCUMENT_POSITION_FOLLOWING);
    }));
    await page.locator("a[href='#figure-host_share_close']").first().click();
    await page.waitForFunction(() => document.getElementById("figure-host_share_close").open);
    assert.equal(await page.locator("details.evidence-all").evaluate((d) => d.open), true);
    // Another entry's link inside it opens that one too.
    await page.evaluate(() => { location.hash = "#figure-bodies_keep_coproc"; });
    await page.waitForFunction(() => document.getElementById("figure-bodies_keep_coproc").open);
    await page.screenshot({ path: path.join(artifacts, `evidence-${lang}-1280.png`), fullPage: false });
    await page.close();
  });
}

for (const scheme of ["light", "dark"]) {
  test(`at 400 % zoom in the ${scheme} scheme, the evidence, the plots with their tables open and a source page have no axe violation and widen nothing`, async () => {
    const found = [];
    for (const url of [...Object.values(PAGES), `${PAGES.en}runs.yaml.html`, `${PAGES.ja}runs.yaml.html`]) {
      const page = await open(url, { width: 320, scheme, scripts: true });
      await page.evaluate(() => document.querySelectorAll("details").forEach((d) => { d.open = true; }));
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      if (wide > 0) found.push(`${url} is ${wide} px wider than the window`);
      found.push(...(await axeViolations(page, { decided: ["color-contrast"] })).map((v) => `${url} ${v}`));
      if (!url.endsWith(".html")) {
        // Two plots, each drawn twice (a phone's and a wide column's, issue 45), each drawing
        // titled; one of each shown.
        assert.equal(await page.locator("figure.plot svg[role='img'] > title").count(), 4, url);
        assert.equal(await page.locator("figure.plot svg[role='img']:visible").count(), 2, url);
        assert.ok(await page.locator("section.evidence").isVisible(), url);
        // The plots' text, whose contrast axe cannot tell, is the page's text colour on the
        // page's background, whose contrast it has checked on every paragraph.
        const colours = await page.evaluate(() => {
          const body = getComputedStyle(document.body);
          const odd = [...document.querySelectorAll("svg.plot-svg text")]
            .map((t) => getComputedStyle(t).fill)
            .filter((fill) => fill !== body.color);
          const backgrounds = [...document.querySelectorAll("figure.plot")]
            .map((f) => getComputedStyle(f).backgroundColor)
            .filter((bg) => bg !== "rgba(0, 0, 0, 0)" && bg !== body.backgroundColor);
          return { odd, backgrounds, texts: document.querySelectorAll("svg.plot-svg text").length };
        });
        assert.ok(colours.texts > 20, `${colours.texts} texts in the plots`);
        assert.deepEqual(colours.odd, [], "plot text in another colour than the page's text");
        assert.deepEqual(colours.backgrounds, []);
      }
      await page.close();
    }
    assert.deepEqual(found, []);
  });
}
