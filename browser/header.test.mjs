// The page's chrome in headless Chromium (issue 45): the header on a 390 × 844 phone is
// compact (the H1, or a translation's banner above it, starts within 100 px) and still holds the site's name, the sections
// (the current one marked, the methodology among them), the language switch and the search
// box behind a button, in both languages; the search box is on show at 1280 px. The
// headings keep model names whole ("XGS 136" on one line), Japanese keeps a numeral with its
// counter (「2 台目」) and has no space by a full-width bracket or inside 「274 万パケット」.
// When giscus cannot be loaded (here every other host is unreachable), the discussion says
// so in the page's language and links the repository's discussions.
//
// Run with `bash browser/run.sh`, or `node --test browser/` once tally is built.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { artifacts, axeViolations, openSite } from "./harness.mjs";

const MEASUREMENT = "/measurements/2026-10-29-xgs136-http/";

let served;

before(async () => {
  served = await openSite({ logName: "serve-header.log" });
});

after(async () => {
  await served?.close();
});

async function open(url, { width = 390, height = 844, scheme = "light" } = {}) {
  const page = await served.context.newPage();
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: scheme });
  const response = await page.goto(served.base + url);
  assert.equal(response.status(), 200, url);
  await page.locator(".site-search-toggle").waitFor({ state: "attached" });
  return page;
}

/** Whether `selector` names an element a reader sees (laid out, inside the viewport's width). */
const seen = (page, selector) => page.locator(selector).first().evaluate((e) => {
  const box = e.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.right <= window.innerWidth && getComputedStyle(e).visibility === "visible";
});

for (const [url, section, method] of [
  ["/", null, "/method/"],
  [MEASUREMENT, "/measurements/", "/method/"],
  [`/ja${MEASUREMENT}`, "/ja/measurements/", "/ja/method/"],
  ["/ja/method/", "/ja/method/", "/ja/method/"],
]) {
  test(`on a 390 × 844 phone ${url} starts its page (the H1, or a translation's banner above it) within 100 px, with name, sections, languages and search at hand`, async () => {
    const page = await open(url);
    // A translation opens with a banner naming its original, then its H1.
    const [top, h1] = await page.locator("main").evaluate((main) => {
      const at = (e) => e.getBoundingClientRect().top + window.scrollY;
      const banner = main.querySelector(".translation-banner");
      const h1 = at(main.querySelector("h1"));
      return [banner ? Math.min(at(banner), h1) : h1, h1];
    });
    const header = await page.locator(".site-header").evaluate((e) => e.getBoundingClientRect().height);
    console.log(`# ${url} at 390 px: header ${Math.round(header)} px, page from ${Math.round(top)} px, H1 at ${Math.round(h1)} px`);
    assert.ok(top <= 100, `${url}: the page starts at ${top} px`);
    for (const selector of [".site-title", `.site-header nav a[href='${method}']`, "nav.languages", ".site-search-toggle"]) {
      assert.ok(await seen(page, selector), `${url}: ${selector} is not on show`);
    }
    if (section) {
      assert.equal(await page.locator(".site-header nav a[aria-current]").getAttribute("href"), section);
    }
    // The box is behind its button: pressed, the box opens with the focus in it; Escape
    // closes it and gives the focus back to the button.
    const toggle = page.locator(".site-search-toggle");
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(await page.locator("#site-search input").isVisible(), false);
    await toggle.focus();
    await page.keyboard.press("Enter");
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    assert.ok(await page.evaluate(() => document.activeElement?.matches("#site-search input")), "the focus is in the box");
    assert.ok(await seen(page, "#site-search input"));
    const slug = url.replaceAll("/", "-").replace(/^-+|-+$/g, "") || "home";
    await page.screenshot({ path: path.join(artifacts, `header-390-${slug}-open.png`) });
    assert.deepEqual(await axeViolations(page), []);
    await page.keyboard.press("Escape");
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.ok(await page.evaluate(() => document.activeElement?.matches(".site-search-toggle")), "the focus is back on the button");
    await page.screenshot({ path: path.join(artifacts, `header-390-${slug}.png`) });
    await page.close();
  });
}

test("at 1280 px the search box is on show under the header's line and its button is not", async () => {
  for (const url of ["/", "/ja/"]) {
    const page = await open(url, { width: 1280, height: 800 });
    assert.ok(await seen(page, "#site-search input"), url);
    assert.equal(await page.locator(".site-search-toggle").isVisible(), false, url);
    await page.close();
  }
});

test("the dark scheme's header, search open, has no axe violation at 390 px", async () => {
  const page = await open(`/ja${MEASUREMENT}`, { scheme: "dark" });
  await page.locator(".site-search-toggle").click();
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
});

/** How many line boxes the first occurrence of `words` in `selector`'s text takes. */
const lineBoxes = (page, selector, words) => page.locator(selector).first().evaluate((root, words) => {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(words);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + words.length);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  }
  return -1;
}, words);

for (const width of [320, 390]) {
  test(`at ${width} px the H1 keeps "XGS 136" on one line in both languages, and a Japanese numeral its counter`, async () => {
    for (const url of [MEASUREMENT, `/ja${MEASUREMENT}`, "/families/xgs-136/", "/ja/families/xgs-136/"]) {
      const page = await open(url, { width });
      assert.equal(await lineBoxes(page, "main h1", "XGS\u00a0136"), 1, `${url} at ${width} px: ${await page.locator("main h1").textContent()}`);
      await page.close();
    }
    const page = await open("/ja/method/", { width });
    const cells = await page.locator("main td").allTextContents();
    const second = cells.filter((text) => text.includes("台目"));
    assert.ok(second.length > 0 && second.every((text) => /\d\u00a0台目/.test(text)), second.join(" | "));
    for (const text of second) assert.equal(await lineBoxes(page, `main td:has-text("${text.slice(0, 8)}")`, text.match(/\d\u00a0台目/)[0]), 1, text);
    await page.close();
  });
}

test("Japanese text has no space by a full-width bracket nor between 万 and its counter", async () => {
  const page = await open(`/ja${MEASUREMENT}`, { width: 1280 });
  const text = await page.locator("main").evaluate((main) => main.textContent);
  assert.ok(text.includes("（ベンダーの数値）の応答"), "the vendor's label sits in the sentence");
  assert.doesNotMatch(text, / （|） /, "a space by a full-width bracket");
  await page.close();
  const method = await open("/ja/method/", { width: 1280 });
  const methodText = await method.locator("main").evaluate((main) => main.textContent);
  assert.ok(methodText.includes("274 万パケット"), "「274 万パケット」");
  assert.doesNotMatch(methodText, /万 パケット/);
  await method.close();
});

for (const [url, says, label] of [
  [MEASUREMENT, /could not be loaded/, "Show the discussion"],
  [`/ja${MEASUREMENT}`, /読み込めませんでした/, "ディスカッションを表示"],
]) {
  test(`when giscus cannot load, ${url} says so in its language and links the discussions on GitHub`, async () => {
    const page = await open(url, { width: 1280, height: 800 });
    const button = page.getByRole("button", { name: label });
    await button.focus();
    await page.keyboard.press("Enter");
    const failed = page.locator(".discussion-failed");
    await failed.waitFor({ timeout: 20000 });
    assert.match(await failed.textContent(), says);
    const link = failed.locator("a");
    assert.equal(await link.getAttribute("href"), "https://github.com/xgs-bench/xgs-bench/discussions");
    assert.ok(await page.evaluate(() => document.activeElement?.closest(".discussion-failed") !== null), "the focus is on the link");
    assert.equal(await page.locator(".giscus").count(), 0);
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });
}

test("no request left 127.0.0.1 but giscus's, which was refused", () => {
  assert.ok(served.outside.every((url) => new URL(url).hostname === "giscus.app"), served.outside.join("\n"));
});
