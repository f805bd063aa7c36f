// Search tests of the bundled site in headless Chromium: no page loads Pagefind before its
// box is used, and what is typed at once is kept; the box on `/` finds the XGS 136
// page for "coprocessor", the box on `/ja/` finds the Japanese one for コプロセッサ and 試験台;
// a result is reached and opened with the keyboard alone, and Tab never lands on anything
// unseen nor loses the focus; the results are in the page's own fonts and sizes and each
// excerpt begins and ends on a word's boundary (Japanese included); the placeholder is
// readable (4.5:1) in both schemes; axe finds nothing with the results open, in either
// language, at 320 px as at 1280; nothing is fetched from another host.
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
  // On a narrow screen the box is behind a button in the header.
  const toggle = page.locator(".site-search-toggle");
  await toggle.waitFor({ state: "attached", timeout: 20000 });
  if (await toggle.isVisible()) await toggle.click();
  const own = page.locator("#site-search input");
  await own.waitFor({ state: "visible", timeout: 20000 });
  await own.fill(query);
  await page.locator(".site-search-link").first().waitFor({ timeout: 20000 });
  return page.$$eval(".site-search-link", (links) => links.map((a) => new URL(a.href).pathname));
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
  const tags = await page.$$eval(".site-search-tags li", (items) => items.map((li) => li.textContent.trim()));
  await page.close();
  assert.ok(tags.some((tag) => /^測定日：2026-10-29$/.test(tag)), tags.join(" | "));
  assert.ok(tags.some((tag) => tag.startsWith("機器：") && tag.includes("XGS 136")), tags.join(" | "));
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
  await page.locator(".site-search-link").first().waitFor({ timeout: 20000 });
  let target = null;
  for (let presses = 0; presses < 10 && !target; presses++) {
    await page.keyboard.press("Tab");
    target = await page.evaluate(() => document.activeElement?.matches(".site-search-link")
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
  await page.locator(".site-search-link").first().waitFor({ timeout: 20000 });
  assert.ok(fetched.some((p) => p.endsWith("/pagefind.js")));
  assert.ok(!fetched.some((p) => p.includes("pagefind-ui")), "Pagefind's own UI was loaded");
  assert.equal(await page.evaluate(() => document.activeElement?.value), "coprocessor");
  assert.ok(await page.evaluate(() => document.activeElement?.matches("#site-search input")));
  await page.close();
});

/** The contrast of two CSS colours (rgb() or rgba() over white), as WCAG computes it. */
function contrast(a, b) {
  const luminance = (color) => {
    const [r, g, bl] = color.match(/[\d.]+/g).slice(0, 3).map(Number).map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const scheme of ["light", "dark"]) {
  test(`the placeholder reads at 4.5:1 or more against the box in the ${scheme} scheme`, async () => {
    const page = await open("/");
    await page.emulateMedia({ colorScheme: scheme });
    const input = page.locator("#site-search input");
    await input.waitFor({ state: "visible", timeout: 20000 });
    const [placeholder, background] = await input.evaluate((e) =>
      [getComputedStyle(e, "::placeholder").color, getComputedStyle(e).backgroundColor]);
    await page.close();
    const ratio = contrast(placeholder, background);
    console.log(`# placeholder ${placeholder} on ${background}: ${ratio.toFixed(2)}:1 (${scheme})`);
    assert.ok(ratio >= 4.5, `${placeholder} on ${background} is ${ratio.toFixed(2)}:1`);
  });
}

test("the results use the page's own fonts and sizes", async () => {
  for (const [url, query] of [["/", "coprocessor"], ["/ja/", "コプロセッサ"]]) {
    const page = await open(url);
    await search(page, query);
    const sizes = await page.evaluate(() => {
      const style = (selector) => getComputedStyle(document.querySelector(selector));
      const body = style("body");
      return {
        body: [body.fontFamily, parseFloat(body.fontSize)],
        link: [style(".site-search-link").fontFamily, parseFloat(style(".site-search-link").fontSize)],
        excerpt: [style(".site-search-excerpt").fontFamily, parseFloat(style(".site-search-excerpt").fontSize)],
        box: [style("#site-search input").fontFamily, parseFloat(style("#site-search input").fontSize)],
      };
    });
    await page.close();
    for (const [what, [family, size]] of Object.entries(sizes)) {
      assert.equal(family, sizes.body[0], `${url}: ${what}'s font`);
      assert.equal(size, sizes.body[1], `${url}: ${what} is ${size} px, the page's text ${sizes.body[1]} px`);
    }
  }
});

// A Japanese phrase does not begin with hiragana (a particle or an ending: 「にしてコプロセッサ」)
// and does not end inside a run of it (「記録しま」 of 「記録します」); an English excerpt begins
// and ends on a word's boundary (Intl.Segmenter's).
test("each excerpt begins and ends on a word's or a Japanese phrase's boundary of its page's text", async () => {
  let excerpts = 0;
  let pagefindCut = 0;
  for (const [url, lang, queries] of [
    ["/", "en", ["coprocessor", "counters", "connections", "window"]],
    ["/ja/", "ja", ["コプロセッサ", "試験台", "記録", "接続", "カウンター"]],
  ]) {
    for (const query of queries) {
      const page = await open(url);
      await search(page, query);
      const found = await page.evaluate(async ([lang, query]) => {
        const pf = await import(`/pagefind/${lang}/pagefind.js`);
        const search = await pf.search(query);
        const datas = await Promise.all(search.results.slice(0, 5).map((r) => r.data()));
        const flat = (text) => text.replace(/\s+/g, " ");
        const segmenter = new Intl.Segmenter(lang, { granularity: "word" });
        const hiragana = /[\u3041-\u309f]/;
        // Whether `text`, found at `at` in `content`, begins and ends where a reader would cut.
        const whole = (content, text, at) => {
          if (at < 0) return false;
          const end = at + text.length;
          if (lang === "ja") {
            const starts = at === 0 || !hiragana.test(text[0]) || !hiragana.test(content[at - 1]);
            const ends = end === content.length || !hiragana.test(content[end]) || !hiragana.test(text.at(-1));
            return starts && ends;
          }
          const bounds = new Set([0, content.length]);
          for (const s of segmenter.segment(content)) { bounds.add(s.index); bounds.add(s.index + s.segment.length); }
          return bounds.has(at) && bounds.has(end);
        };
        const shown = [...document.querySelectorAll(".site-search-excerpt")].map((p) => p.textContent);
        return shown.map((excerpt, i) => {
          const content = flat(datas[i].content);
          const text = excerpt.replace(/^\u2026|\u2026$/g, "");
          const raw = flat(new DOMParser().parseFromString(datas[i].excerpt, "text/html").body.textContent).trim();
          return {
            excerpt, found: content.includes(text), whole: whole(content, text, content.indexOf(text)),
            rawWhole: whole(content, raw, content.indexOf(raw)),
          };
        });
      }, [lang, query]);
      await page.close();
      for (const { excerpt, found: inText, whole, rawWhole } of found) {
        excerpts += 1;
        if (!rawWhole) pagefindCut += 1;
        assert.ok(inText, `${query}: "${excerpt}" is not the page's text`);
        assert.ok(whole, `${query}: "${excerpt}" begins or ends inside a word or phrase`);
        // A heading's `#` link and the contents are not searched (「試験台 #」 was).
        assert.doesNotMatch(excerpt, / #(?= |\u2026|$)|On this page|このページの内容/, `${query}: "${excerpt}"`);
      }
    }
  }
  console.log(`# ${excerpts} excerpts, all cut on boundaries; Pagefind's own excerpts of them cut ${pagefindCut} inside a word or phrase`);
  assert.ok(excerpts >= 20, `${excerpts} excerpts`);
});

test("Tab from the box through the results and back never lands on anything unseen and never loses the focus", async () => {
  for (const width of [390, 1280]) {
    const page = await open("/", { width });
    await search(page, "the");
    const more = page.locator(".site-search-more");
    const stops = [];
    for (let presses = 0; presses < 14; presses++) {
      await page.keyboard.press("Tab");
      stops.push(await page.evaluate(() => {
        const e = document.activeElement;
        if (!e || e === document.body) return { lost: true };
        const box = e.getBoundingClientRect();
        const style = getComputedStyle(e);
        return { what: e.className || e.tagName, seen: box.width > 0 && box.height > 0 && style.visibility === "visible" && style.opacity !== "0" };
      }));
    }
    assert.deepEqual(stops.filter((s) => s.lost || !s.seen), [], `${width} px: ${JSON.stringify(stops)}`);
    // "More results" gives the focus to the first new result, never to the page.
    if (await more.isVisible()) {
      const before = await page.locator(".site-search-link").count();
      await more.focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction((n) => document.querySelectorAll(".site-search-link").length > n, before);
      assert.ok(await page.evaluate((n) => document.activeElement === document.querySelectorAll(".site-search-link")[n], before), "the focus is on the first new result");
    }
    // Emptied, the box keeps the focus and the results go.
    await page.locator("#site-search input").focus();
    await page.locator("#site-search input").fill("");
    assert.equal(await page.locator(".site-search-link").count(), 0);
    assert.ok(await page.evaluate(() => document.activeElement?.matches("#site-search input")));
    await page.close();
  }
});

test("no request left 127.0.0.1", () => {
  assert.deepEqual(served.outside, []);
});
