// Search tests of the bundled site in headless Chromium: no page loads Pagefind before its
// box is used, and what is typed at once is kept; the box on `/` finds the XGS 136
// page for "coprocessor", the box on `/ja/` finds the Japanese one for コプロセッサ and 試験台;
// a result is reached and opened with the keyboard alone; axe finds nothing with the results
// open, in either language, at 320 px as at 1280; nothing is fetched from another host.
//
// Run with `bash browser/run.sh`, or `node --test browser/` once tally is built.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { axeViolations, openSite } from "./harness.mjs";

let served;

before(async () => {
  served = await openSite({ logName: "serve-search.log" });
  // tally serve makes the index after it serves the pages: wait until both languages'
  // indexes are served, as a reader arriving a moment after the preview started would.
  for (const lang of ["en", "ja"]) {
    const entry = `${served.base}/pagefind/${lang}/pagefind-entry.json`;
    const deadline = Date.now() + 120000;
    while ((await fetch(entry).then((r) => r.status, () => 0)) !== 200) {
      assert.ok(Date.now() < deadline, `${entry} was never served`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

after(async () => {
  await served?.close();
});

async function open(url, { width = 1280 } = {}) {
  const page = await served.context.newPage();
  await page.setViewportSize({ width, height: 800 });
  const response = await page.goto(served.base + url);
  assert.equal(response.status(), 200, url);
  return page;
}

/** Types `query` into the page's search box and waits for its results' addresses. */
async function search(page, query) {
  // The site's own box until it is used: its first focus loads Pagefind's.
  const own = page.locator("#site-search input");
  await own.first().waitFor({ state: "visible", timeout: 20000 });
  await own.first().focus();
  const input = page.locator("#site-search input.pagefind-ui__search-input");
  await input.waitFor({ state: "visible", timeout: 20000 });
  await input.fill(query);
  await page.locator(".pagefind-ui__result-link").first().waitFor({ timeout: 20000 });
  return page.$$eval(".pagefind-ui__result-link", (links) => links.map((a) => new URL(a.href).pathname));
}

const XGS136 = /^\/(ja\/)?(measurements\/2026-10-29-xgs136-http|families\/xgs-136)\/$/;

// 試験台 (the test bench) is a compound the method page states; the XGS 136 pages do not.
for (const [url, query, lang, expected, name] of [
  ["/", "coprocessor", "en", XGS136, "the XGS 136 page"],
  ["/ja/", "コプロセッサ", "ja", XGS136, "the XGS 136 page"],
  ["/ja/", "試験台", "ja", /^\/ja\/method\/$/, "the method page"],
  ["/", "989 Mbit/s", "en", XGS136, "the XGS 136 page"],
]) {
  test(`"${query}" typed on ${url} lists pages of that language, ${name} among them`, async () => {
    const page = await open(url);
    const found = await search(page, query);
    await page.close();
    assert.ok(found.some((address) => expected.test(address)), `${query}: ${found.join(", ")}`);
    const own = (address) => address.startsWith("/ja/") === (lang === "ja");
    assert.deepEqual(found.filter((address) => !own(address)), [], `${query} listed another language's pages`);
  });
}

test("a measurement result shows its date and appliance, named in the page's language", async () => {
  const page = await open("/ja/");
  await search(page, "コプロセッサ");
  const tags = await page.$$eval(".pagefind-ui__result-tag", (items) => items.map((li) => li.textContent.trim()));
  await page.close();
  assert.ok(tags.some((tag) => /^測定日: 2026-10-29$/.test(tag)), tags.join(" | "));
  assert.ok(tags.some((tag) => tag.startsWith("機器: ") && tag.includes("XGS 136")), tags.join(" | "));
});

test("the keyboard alone reaches a result and opens it", async () => {
  const page = await open("/");
  await page.locator("#site-search input").first().waitFor({ state: "visible", timeout: 20000 });
  let focused = "";
  for (let presses = 0; presses < 10 && focused !== "INPUT"; presses++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.tagName ?? "");
  }
  assert.equal(focused, "INPUT", "Tab reaches the search box");
  await page.keyboard.type("coprocessor");
  await page.locator(".pagefind-ui__result-link").first().waitFor({ timeout: 20000 });
  let target = null;
  for (let presses = 0; presses < 10 && !target; presses++) {
    await page.keyboard.press("Tab");
    target = await page.evaluate(() => document.activeElement?.matches(".pagefind-ui__result-link")
      ? new URL(document.activeElement.href).pathname : null);
  }
  assert.ok(target, "Tab reaches a result");
  await Promise.all([page.waitForURL((address) => address.pathname === target), page.keyboard.press("Enter")]);
  await page.close();
});

for (const width of [320, 1280]) {
  test(`with the results open at ${width} px axe finds nothing and the page does not scroll sideways`, async () => {
    const found = [];
    for (const [url, query] of [["/", "coprocessor"], ["/ja/", "コプロセッサ"]]) {
      const page = await open(url, { width });
      await search(page, query);
      found.push(...(await axeViolations(page, { decided: ["color-contrast"] })).map((v) => `${url} ${v}`));
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= width, `${url} is ${wide} px wide at ${width} px`);
      await page.close();
    }
    assert.deepEqual(found, []);
  });
}

test("a page loads no search script before its box is used, and what is typed at once is kept with the focus", async () => {
  const page = await served.context.newPage();
  const fetched = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(`${served.base}/method/`);
  await page.waitForLoadState("networkidle");
  assert.deepEqual(fetched.filter((p) => p.startsWith("/pagefind/")), [], "Pagefind loaded before anyone searched");
  const own = page.locator("#site-search input");
  assert.equal(await own.count(), 1);
  assert.equal(await own.getAttribute("aria-label"), "Search this site");
  // Typed straight away, before Pagefind has loaded: nothing is lost, focus stays in the box.
  await own.focus();
  await page.keyboard.type("coprocessor");
  await page.locator(".pagefind-ui__result-link").first().waitFor({ timeout: 20000 });
  assert.ok(fetched.some((p) => p.endsWith("/pagefind-ui.js")));
  assert.equal(await page.evaluate(() => document.activeElement?.value), "coprocessor");
  assert.ok(await page.evaluate(() => document.activeElement?.matches(".pagefind-ui__search-input")));
  await page.close();
});

test("no request left 127.0.0.1", () => {
  assert.deepEqual(served.outside, []);
});
