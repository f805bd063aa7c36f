// Reading tests of the bundled site in headless Chromium, as a reader sees it on a phone, on
// a desktop and on paper: no stated figure breaks across lines at 320, 390 or 1280 px in
// either language or colour scheme; a long table keeps its first column in view while it
// scrolls, and one that scrolls shows a drawn edge with JavaScript off; Japanese breaks
// between phrases; axe finds nothing in either scheme; screenshots keep their colours; and
// the XGS 136 page prints (page.pdf(), read back with pdftotext and drawn with pdftoppm)
// without navigation or discussion, with its links' addresses and its corrections, its
// evidence as an appendix (or not at all), and no page mostly blank in either language.
//
// Run with `bash browser/run.sh`, or `node --test browser/` once tally is built.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { artifacts, axeViolations, editFile, openSite, repo } from "./harness.mjs";
import { readLines, sitePages } from "./lines.mjs";

const MEASUREMENT = "/measurements/2026-10-29-xgs136-http/";
const BUNDLE = "content/measurements/2026-10-29-xgs136-http";
const SITE_ADDRESS = "https://xgs-bench.example.org";
const WIDTHS = [320, 390, 1280];
const SCHEMES = ["light", "dark"];
const LANGUAGES = { en: "English", ja: "Japanese" };

let served, pages;

before(async () => {
  served = await openSite({
    logName: "serve-reading.log",
    // One withdrawn figure, so that the XGS 136 page has a list of corrections to print.
    prepare: (site) => {
      editFile(site, `${BUNDLE}/runs.yaml`, "    responses: {complete: 9000, failed: 2}",
        "    responses:\n      complete: {value: 9000, withdrawn: [{value: 9481, on: 2026-10-30, why: \"it was the trial run's count\"}]}\n      failed: 2");
      // Struck in both languages: a value withdrawn in one only is a translation error.
      for (const page of ["index.md", "index.ja.md"]) {
        editFile(site, `${BUNDLE}/${page}`, "[9,000]{=runs.close_coproc.responses.complete}",
          "[~~9,481~~ 9,000]{=runs.close_coproc.responses.complete}");
      }
    },
  });
  pages = await sitePages(served.base);
});

after(async () => {
  await served?.close();
});

async function open(url, { width = 1280, scheme = "light", media = "screen" } = {}) {
  const page = await served.context.newPage();
  await page.setViewportSize({ width, height: 800 });
  await page.emulateMedia({ colorScheme: scheme, media });
  const response = await page.goto(served.base + url);
  assert.equal(response.status(), 200, url);
  return page;
}

const inLanguage = (lang) => pages.filter((url) => url.startsWith("/ja/") === (lang === "ja"));

test("the sitemap names every page of both languages", () => {
  assert.ok(inLanguage("en").length >= 7 && inLanguage("ja").length >= 6, pages.join("\n"));
  assert.ok(pages.includes(MEASUREMENT), pages.join("\n"));
});

for (const width of WIDTHS) {
  for (const [lang, language] of Object.entries(LANGUAGES)) {
    for (const scheme of SCHEMES) {
      test(`no stated figure takes more than one line at ${width} px in ${language}, ${scheme} scheme, nor a family table's percentage or a one-word table heading`, async () => {
        const page = await open(inLanguage(lang)[0], { width, scheme });
        let figures = 0;
        const broken = [], cells = [], headers = [];
        for (const url of inLanguage(lang)) {
          await page.goto(served.base + url);
          const found = await page.evaluate(readLines);
          figures += found.figureCount;
          broken.push(...found.figures.map((f) => `${url} ${f}`));
          if (url.includes("/families/")) cells.push(...found.cellNumbers.map((f) => `${url} ${f}`));
          headers.push(...found.headers.map((f) => `${url} ${f}`));
        }
        await page.close();
        assert.ok(figures >= (lang === "en" ? 76 : 10), `only ${figures} figures found`);
        assert.deepEqual(broken, [], `${broken.length} of ${figures} figures break across lines`);
        assert.deepEqual(cells, []);
        assert.deepEqual(headers, []);
      });
    }
  }
}

for (const [url, width] of [[MEASUREMENT, 390], [MEASUREMENT, 320], [`/ja${MEASUREMENT}`, 390], ["/ja/families/xgs-136/", 320]]) {
  test(`a wide table on ${url} at ${width} px scrolls sideways, says so, and keeps the columns that name a row in view`, async () => {
    const page = await open(url, { width });
    const result = await page.locator(".table-scroll").first().evaluate((scroller) => {
      const before = scroller.scrollWidth - scroller.clientWidth;
      scroller.scrollLeft = before;
      const box = scroller.getBoundingClientRect();
      const kept = scroller.classList.contains("names-2") ? 2 : 1;
      const rows = [...scroller.querySelectorAll("tr")].map((row) => ({
        kept: [...row.cells].slice(0, kept).map((c) => c.getBoundingClientRect()),
        last: row.cells[row.cells.length - 1].getBoundingClientRect(),
      }));
      const cue = scroller.previousElementSibling;
      return {
        overflow: before,
        scrolled: scroller.scrollLeft,
        kept,
        cue: Boolean(cue && cue.matches(".scroll-cue") && !cue.hidden && cue.getClientRects().length),
        box: { left: box.left, right: box.right },
        rows: rows.map(({ kept, last }) => ({ lefts: kept.map((r) => r.left), rights: kept.map((r) => r.right), lastRight: last.right })),
      };
    });
    await page.close();
    assert.ok(result.overflow > 0, "the table is not wider than the screen: nothing to test");
    assert.ok(result.scrolled > 0);
    assert.ok(result.cue, "a table that scrolls says so");
    // The XGS 136 table's rows are named by two columns (connections, forwarding), which both stay.
    if (url.includes("measurements")) assert.equal(result.kept, 2);
    for (const row of result.rows) {
      assert.ok(Math.abs(row.lefts[0] - result.box.left) <= 1, `first column moved to ${row.lefts[0]}`);
      for (let i = 1; i < row.lefts.length; i++) assert.ok(Math.abs(row.lefts[i] - row.rights[i - 1]) <= 1, `column ${i + 1} left its place`);
      const keptWidth = row.rights[row.rights.length - 1] - row.lefts[0];
      assert.ok(keptWidth <= (row.lefts.length > 1 ? 0.67 : 0.45) * width, `the kept columns take ${keptWidth} px`);
      assert.ok(row.lastRight <= result.box.right + 1, "the last column is out of reach");
    }
  });
}

/** The drawn right edge of each table's box (its colour and shadow), as the stylesheet
 * alone shows it: scrolled to the start, then to the end (scripts may be off in the page,
 * so Playwright scrolls and waits). */
async function tableEdges(page) {
  const edges = () => [...document.querySelectorAll(".table-scroll")].map((box) => {
    const style = getComputedStyle(box);
    return { scrolls: box.scrollWidth - box.clientWidth > 1, edge: style.borderRightColor !== "rgba(0, 0, 0, 0)" && style.boxShadow !== "none" };
  });
  const scroll = (to) => document.querySelectorAll(".table-scroll").forEach((box) => { box.scrollLeft = to === "start" ? 0 : box.scrollWidth; });
  await page.evaluate(scroll, "start");
  await page.waitForTimeout(200);
  const atStart = await page.evaluate(edges);
  await page.evaluate(scroll, "end");
  await page.waitForTimeout(200);
  const atEnd = await page.evaluate(edges);
  return atStart.map((t, i) => ({ scrolls: t.scrolls, atStart: t.edge, atEnd: atEnd[i].edge }));
}

for (const url of [MEASUREMENT, `/ja${MEASUREMENT}`]) {
  test(`with JavaScript off, a table of ${url} that scrolls at 390 px shows a drawn right edge until scrolled to its end, and one that fits shows none`, async () => {
    const page = await served.context.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
    let edges = {};
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(served.base + url);
      assert.equal(await page.locator(".scroll-cue").count(), 0, "scripts are off: js/tables.js said nothing");
      if (width === 390) {
        await page.locator(".table-scroll").first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(artifacts, `table-edge-${url.startsWith("/ja/") ? "ja" : "en"}-390.png`) });
      }
      edges[width] = await tableEdges(page);
    }
    await page.close();
    assert.ok(edges[390].some((t) => t.scrolls), "no table scrolls at 390 px: nothing to test");
    for (const [width, tables] of Object.entries(edges)) {
      for (const t of tables) {
        assert.deepEqual(t, { scrolls: t.scrolls, atStart: t.scrolls, atEnd: false }, `${url} at ${width} px`);
      }
    }
  });
}

for (const url of [MEASUREMENT, `/ja${MEASUREMENT}`, "/families/xgs-136/"]) {
  test(`at 1280 px the tables of ${url} use the width the screen has: none is cut, and one that still scrolls says so`, async () => {
    const page = await open(url, { width: 1280 });
    const tables = await page.locator(".table-scroll").evaluateAll((boxes) => boxes.map((box) => {
      const column = document.querySelector(".content").getBoundingClientRect();
      const r = box.getBoundingClientRect();
      const cue = box.previousElementSibling;
      return {
        width: r.width, column: column.width, left: r.left, right: r.right,
        cut: box.scrollWidth - box.clientWidth > 1,
        cue: Boolean(cue && cue.matches(".scroll-cue") && !cue.hidden),
      };
    }));
    await page.screenshot({ path: path.join(artifacts, `table-${url.startsWith("/ja/") ? "ja" : "en"}-${url.includes("families") ? "family" : "measurement"}-1280.png`), fullPage: true });
    await page.close();
    assert.ok(tables.length > 0, url);
    for (const t of tables) {
      assert.ok(t.left >= 0 && t.right <= 1280, `${url}: a table outside the screen ${t.left}–${t.right}`);
      assert.equal(t.cut, t.cue, `${url}: a table that scrolls says so, one that does not says nothing`);
    }
    if (url === MEASUREMENT) assert.ok(tables[0].width > tables[0].column + 100, `the wide table breaks out of the column: ${tables[0].width} px in a ${tables[0].column} px column`);
  });
}

/** Each shown plot's text as displayed: the size of its font in CSS px (its font size in
 * viewBox units times the picture's scale), a tick label's box (getBoundingClientRect), and
 * any two texts whose boxes overlap; and how far the page itself scrolls sideways. */
async function plotText(page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll("svg.plot-svg")];
    const shown = all.filter((svg) => svg.getClientRects().length > 0);
    const plots = shown.map((svg) => {
      const box = svg.getBoundingClientRect();
      const scale = box.width / svg.viewBox.baseVal.width;
      const texts = [...svg.querySelectorAll("text")].map((t) => ({ text: t.textContent, r: t.getBoundingClientRect(), size: parseFloat(getComputedStyle(t).fontSize) * scale }));
      const tick = texts.find((t) => /^-?[\d,.]+$/.test(t.text));
      const overlaps = [];
      for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          const [a, b] = [texts[i].r, texts[j].r];
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (x > 1 && y > 1) overlaps.push(`${texts[i].text} / ${texts[j].text}`);
        }
      }
      return { cls: svg.getAttribute("class"), left: box.left, right: box.right, size: Math.min(...texts.map((t) => t.size)), tick: tick && { text: tick.text, height: tick.r.height, size: tick.size }, overlaps };
    });
    return { all: all.length, plots, pageScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth, viewport: innerWidth };
  });
}

for (const lang of Object.keys(LANGUAGES)) {
  test(`the plots' text on the ${LANGUAGES[lang]} XGS 136 page is at least 12 px on a 390 px phone and no larger than on a desktop before, its labels apart`, async () => {
    const url = (lang === "ja" ? "/ja" : "") + MEASUREMENT;
    const measured = {};
    for (const width of [390, 1280]) {
      const page = await open(url, { width });
      await page.locator("figure.plot").first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifacts, `plot-${lang}-${width}.png`) });
      measured[width] = await plotText(page);
      await page.close();
    }
    console.log(`plot text (${lang}): ${JSON.stringify(Object.fromEntries(Object.entries(measured).map(([w, m]) => [w, m.plots.map((p) => ({ drawing: p.cls, smallest: p.size.toFixed(1), tick: p.tick && `${p.tick.text} ${p.tick.size.toFixed(1)} px, box ${p.tick.height.toFixed(1)} px high` }))])))}`);
    for (const [width, m] of Object.entries(measured)) {
      assert.equal(m.plots.length * 2, m.all, `${width} px: one drawing of each plot is shown`);
      assert.equal(m.pageScroll, 0, `${width} px: the page scrolls sideways`);
      for (const p of m.plots) {
        assert.equal(p.cls, width === "390" ? "plot-svg plot-narrow" : "plot-svg plot-wide", `${width} px`);
        assert.ok(p.left >= 0 && p.right <= m.viewport, `${width} px: a plot outside the screen ${p.left}–${p.right}`);
        assert.ok(p.tick, `${width} px: a tick label`);
        assert.ok(p.size >= 12, `${width} px: plot text ${p.size} px`);
        assert.ok(p.tick.size <= 19, `${width} px: plot text ${p.tick.size} px, larger than the 18.5 px of before`);
        assert.ok(p.tick.height >= 12, `${width} px: a tick label's box is ${p.tick.height} px high`);
        assert.deepEqual(p.overlaps, [], `${width} px: labels on top of each other`);
      }
    }
  });
}

test("with JavaScript off, a raw block whose lines are wider than a 390 px phone shows the tables' drawn right edge until scrolled to its end", async () => {
  const line = (i) => `[  5]   ${i}.00-${i + 1}.00   sec   112 MBytes   941 Mbits/sec    0    1.52 MBytes       receiver`;
  const site = await openSite({
    logName: "serve-raw-block.log",
    prepare: (dir) => {
      fs.mkdirSync(path.join(dir, BUNDLE, "raw"), { recursive: true });
      fs.writeFileSync(path.join(dir, BUNDLE, "raw/long.txt"), [0, 1, 2].map(line).join("\n") + "\n");
      fs.appendFileSync(path.join(dir, BUNDLE, "index.md"), "\n```raw raw/long.txt\n```\n");
    },
  });
  try {
    const page = await site.context.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
    const edges = {};
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(site.base + MEASUREMENT);
      const pre = page.locator(".raw-block pre");
      assert.equal(await pre.count(), 1);
      const edge = () => pre.evaluate((box) => {
        const style = getComputedStyle(box);
        return { scrolls: box.scrollWidth - box.clientWidth > 1, edge: style.borderRightColor !== "rgba(0, 0, 0, 0)" && style.boxShadow !== "none" };
      });
      await pre.evaluate((box) => { box.scrollLeft = 0; });
      await page.waitForTimeout(200);
      if (width === 390) {
        await pre.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(artifacts, "raw-block-edge-390.png") });
      }
      const atStart = await edge();
      await pre.evaluate((box) => { box.scrollLeft = box.scrollWidth; });
      await page.waitForTimeout(200);
      const atEnd = await edge();
      edges[width] = { scrolls: atStart.scrolls, atStart: atStart.edge, atEnd: atEnd.edge };
    }
    await page.close();
    assert.deepEqual(edges[390], { scrolls: true, atStart: true, atEnd: false }, "at 390 px");
    assert.equal(edges[1280].atEnd, false, "at 1280 px");
    assert.equal(edges[1280].atStart, edges[1280].scrolls, "at 1280 px an edge only when it scrolls");
  } finally {
    await site.close();
  }
});

test("Japanese lines break between phrases, headings included, far less often inside a word than with word-break: normal", async () => {
  let ours = 0, normal = 0;
  for (const width of [320, 390]) {
    for (const url of inLanguage("ja")) {
      const page = await open(url, { width });
      const styles = await page.evaluate(() =>
        [...document.querySelectorAll("main :is(h1, h2, p, td)")].map((e) => getComputedStyle(e).wordBreak));
      assert.ok(styles.length > 0 && styles.every((s) => s === "auto-phrase"), `${url}: ${[...new Set(styles)]}`);
      ours += (await page.evaluate(readLines)).japaneseMidWord.length;
      await page.addStyleTag({ content: '[lang="ja"] { word-break: normal !important; }' });
      normal += (await page.evaluate(readLines)).japaneseMidWord.length;
      await page.close();
    }
  }
  console.log(`# Japanese breaks inside a word at 320 and 390 px: ${ours} (with word-break: normal: ${normal})`);
  assert.ok(normal > 100, `word-break: normal broke inside a word only ${normal} times: the measure finds nothing`);
  assert.ok(ours * 5 <= normal, `${ours} breaks inside a word, against ${normal} with word-break: normal`);
});

for (const scheme of SCHEMES) {
  test(`every page has no axe violation in the ${scheme} scheme, contrast included`, async () => {
    const found = [];
    for (const url of pages) {
      const page = await open(url, { width: 390, scheme });
      const expected = scheme === "dark" ? "rgb(22, 24, 26)" : "rgb(255, 255, 255)";
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), expected, url);
      found.push(...(await axeViolations(page, { decided: ["color-contrast"] })).map((v) => `${url} ${v}`));
      await page.close();
    }
    assert.deepEqual(found, []);
  });
}

test("the stamped screenshots keep their own colours in the dark scheme", async () => {
  const shots = {};
  for (const scheme of SCHEMES) {
    const page = await open(MEASUREMENT, { width: 390, scheme });
    const images = page.locator("main img");
    const count = await images.count();
    assert.ok(count >= 4, `${count} images`);
    shots[scheme] = [];
    for (let i = 0; i < count; i++) {
      await images.nth(i).evaluate((img) => img.decode());
      shots[scheme].push(await images.nth(i).screenshot());
    }
    await page.close();
  }
  // The edges of an image at a fractional position blend with the page's background: only
  // the pixels two or more inside its edges are compared.
  const page = await served.context.newPage();
  const differing = await page.evaluate(async (pairs) => {
    const pixels = async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext("2d");
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, image.width, image.height);
    };
    const counts = [];
    for (const [light, dark] of pairs) {
      const [a, b] = [await pixels(light), await pixels(dark)];
      if (a.width !== b.width || a.height !== b.height) {
        counts.push(`${a.width}×${a.height} against ${b.width}×${b.height}`);
        continue;
      }
      let count = 0;
      for (let y = 2; y < a.height - 2; y++) {
        for (let x = 2; x < a.width - 2; x++) {
          const i = (y * a.width + x) * 4;
          if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) count++;
        }
      }
      counts.push(count);
    }
    return counts;
  }, shots.light.map((light, i) => [light.toString("base64"), shots.dark[i].toString("base64")]));
  await page.close();
  assert.deepEqual(differing, differing.map(() => 0), "pixels of a screenshot differ between the light and the dark scheme");
});

test("printed, the XGS 136 pages leave out navigation, switcher and discussion and keep the rest, figures plain, link addresses after the links, tables whole", async () => {
  for (const url of [MEASUREMENT, "/families/xgs-136/"]) {
    // 680 px: an A4 page's width inside its margins.
    const page = await open(url, { width: 680, scheme: "dark", media: "print" });
    const printed = await page.evaluate(() => {
      const shown = (e) => e.getClientRects().length > 0;
      const after = (e) => getComputedStyle(e, "::after").content;
      return {
        chrome: [...document.querySelectorAll(".site-header nav, nav.languages, .discussion, .skip")].filter(shown).map((e) => e.outerHTML.slice(0, 60)),
        // The corrections, the figures and all else of the article but its discussion.
        hiddenInArticle: [...document.querySelectorAll("article *")]
          // A plot's drawing for a phone (issue 45): paper prints its wide drawing.
          .filter((e) => !e.closest(".discussion") && !e.matches(".heading-anchor, .scroll-cue, .plot-narrow") && getComputedStyle(e).display === "none")
          .map((e) => e.outerHTML.slice(0, 60)),
        switcher: document.querySelectorAll("nav.languages").length,
        colours: [getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor],
        figures: [...document.querySelectorAll("main data")].map((e) => ({
          text: e.textContent, lines: e.getClientRects().length,
          underline: getComputedStyle(e).borderBottomStyle, colour: getComputedStyle(e).color,
        })),
        links: [...document.querySelectorAll("main a[href]")].map((a) => ({ href: a.getAttribute("href"), after: after(a), evidence: Boolean(a.closest(".evidence")) })),
        // A table breaks between rows only, never leaving one row alone on either side.
        tables: [...document.querySelectorAll(".table-scroll")].map((e) => ({
          overflow: getComputedStyle(e).overflowX, fits: e.scrollWidth <= e.clientWidth + 1,
          rows: [...e.querySelectorAll("tr")].every((r) => getComputedStyle(r).breakInside === "avoid"),
          alone: [...e.querySelectorAll("tbody")].every((b) => b.rows.length < 2 ||
            (getComputedStyle(b.rows[0]).breakAfter === "avoid" && getComputedStyle(b.rows[b.rows.length - 2]).breakAfter === "avoid")),
        })),
        corrections: document.querySelector(".corrections") && shown(document.querySelector(".corrections")),
        plots: [...document.querySelectorAll("figure.plot")].map((f) => [...f.querySelectorAll("svg")].filter(shown).map((svg) => svg.getAttribute("class"))),
        // Printed open, script or not: every evidence entry's details, every plot's values.
        folded: [...document.querySelectorAll(".evidence details > :not(summary), .plot-values table")]
          .filter((e) => !shown(e)).map((e) => e.outerHTML.slice(0, 60)),
        // The evidence is an appendix: from a new page, after everything else printed.
        appendix: [...document.querySelectorAll("section.evidence")].map((e) => ({
          breakBefore: getComputedStyle(e).breakBefore,
          last: [...document.querySelectorAll("article > *")].filter(shown).at(-1) === e,
        })),
      };
    });
    await page.close();
    assert.deepEqual(printed.chrome, [], url);
    assert.deepEqual(printed.folded, [], `${url}: a folded entry or table of values does not print`);
    if (url === MEASUREMENT) assert.deepEqual(printed.appendix, [{ breakBefore: "page", last: true }], url);
    assert.deepEqual(printed.hiddenInArticle, [], url);
    assert.ok(printed.plots.every((shown) => shown.length === 1 && shown[0] === "plot-svg plot-wide"), `${url}: ${JSON.stringify(printed.plots)}`);
    assert.deepEqual(printed.colours, ["rgb(0, 0, 0)", "rgb(255, 255, 255)"], url);
    for (const figure of printed.figures) {
      assert.equal(figure.lines, 1, `${url}: ${figure.text} takes ${figure.lines} lines`);
      assert.equal(figure.underline, "none", `${url}: ${figure.text}`);
      assert.equal(figure.colour, "rgb(0, 0, 0)", `${url}: ${figure.text}`);
    }
    // The body's links print their addresses; the evidence's, a line a link, do not.
    for (const { href, after, evidence } of printed.links) {
      if (href.startsWith("#") || evidence) assert.equal(after, "none", href);
      else assert.equal(after, `" <${href.startsWith("/") ? SITE_ADDRESS : ""}${href}>"`, href);
    }
    assert.ok(printed.links.some((l) => !l.href.startsWith("#") && !l.evidence), url);
    assert.ok(printed.tables.length > 0, url);
    for (const table of printed.tables) assert.deepEqual(table, { overflow: "visible", fits: true, rows: true, alone: true }, url);
    // Both pages are translated now: each has a switcher, which the print leaves out.
    assert.equal(printed.switcher, 1, "no switcher to leave out: the test would prove nothing");
    if (url === MEASUREMENT) assert.equal(printed.corrections, true, "the list of corrections is not printed");
  }
});

test("the XGS 136 page printed to PDF carries its links' addresses and corrections, and no navigation or discussion", async () => {
  const page = await open(MEASUREMENT, { width: 1280, scheme: "dark" });
  const pdf = path.join(artifacts, "xgs136-print.pdf");
  await page.emulateMedia({ media: null }); // print as Chromium prints, not as the screen shows
  await page.pdf({ path: pdf, format: "A4" });
  const onScreen = await page.evaluate(() => ({
    nav: [...document.querySelectorAll(".site-header nav a")].map((a) => a.textContent.trim()),
    discussion: document.querySelector("#discussion-heading").textContent.trim(),
    links: [...document.querySelectorAll("main a[href^='/'], main a[href^='http']")].map((a) => a.getAttribute("href")),
    figures: [...document.querySelectorAll("main data")].map((e) => e.textContent),
  }));
  await page.close();
  let text;
  try {
    text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" });
  } catch (error) {
    assert.fail(`pdftotext (Debian's poppler-utils, installed by browser/run.sh) could not read the PDF: ${error.message}`);
  }
  const joined = text.replace(/\s+/g, "");
  assert.ok(text.includes("HTTP through the XGS"), text.slice(0, 400));
  for (const word of [...onScreen.nav, onScreen.discussion, "Show the discussion"]) {
    assert.ok(!text.includes(word), `the PDF has "${word}"`);
  }
  assert.ok(onScreen.links.length >= 2);
  // pdftotext joins a word broken after a hyphen at a line's end without its hyphen
  // (`…-xgs136-` / `http/…` reads `xgs136http`), so addresses are compared without hyphens.
  const unhyphenated = joined.replace(/-/g, "");
  for (const href of onScreen.links) {
    const address = `<${href.startsWith("/") ? SITE_ADDRESS : ""}${href}>`;
    assert.ok(unhyphenated.includes(address.replace(/-/g, "")), `the PDF lacks ${address}`);
  }
  assert.ok(joined.includes(`${SITE_ADDRESS}${MEASUREMENT}`), "the PDF does not say the page's own address");
  assert.ok(text.includes("Corrections") && joined.includes("9,481→9,000"), "the PDF lacks the list of corrections");
  assert.ok(onScreen.figures.length >= 76);
  for (const figure of onScreen.figures) assert.ok(joined.includes(figure.replace(/\s+/g, "")), `the PDF lacks ${figure}`);
  // The evidence is the appendix: its heading opens a page, and its links (lines of
  // runs.yaml and the raw files) print without their addresses.
  const printedPages = text.split("\f");
  const appendix = printedPages.findIndex((p) => p.trim().startsWith("Where the figures come from"));
  assert.ok(appendix > 0, "no page of the PDF opens with the evidence");
  assert.ok(printedPages[appendix].includes("Every figure this page states"), printedPages[appendix].slice(0, 200));
  assert.ok(!/\.html#L\d/.test(joined), "an evidence link printed its address");
});

/**
 * How far down each printed page of `pdf` its ink reaches, as a share of the page's height
 * (pdftoppm draws each page at 20 dpi in grey; a row with a pixel darker than 200 is ink).
 */
function pageFills(pdf) {
  const dir = fs.mkdtempSync(path.join(artifacts, "pages-"));
  try {
    execFileSync("pdftoppm", ["-r", "20", "-gray", pdf, path.join(dir, "p")]);
    return fs.readdirSync(dir).filter((f) => f.endsWith(".pgm")).sort().map((f) => {
      const data = fs.readFileSync(path.join(dir, f));
      const header = data.toString("latin1", 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+\d+\s/);
      const [width, height] = [Number(header[1]), Number(header[2])];
      const pixels = data.subarray(header[0].length);
      let last = 0;
      for (let y = 0; y < height; y++) {
        if (pixels.subarray(y * width, (y + 1) * width).some((p) => p < 200)) last = y + 1;
      }
      return last / height;
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The page `url` printed to PDF as Chromium prints it (A4), kept as an artefact. */
async function printed(url, name, before = () => {}) {
  const page = await open(url, { width: 1280 });
  await page.emulateMedia({ media: null });
  await page.evaluate(before);
  const pdf = path.join(artifacts, name);
  await page.pdf({ path: pdf, format: "A4" });
  await page.close();
  return pdf;
}

for (const [lang, url] of [["en", MEASUREMENT], ["ja", `/ja${MEASUREMENT}`]]) {
  test(`the ${lang} XGS 136 page prints no page mostly blank but the last of its content and of its appendix`, async () => {
    const pdf = await printed(url, `xgs136-${lang}-print.pdf`);
    const fills = pageFills(pdf);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" }).split("\f");
    const heading = lang === "ja" ? "数値の出どころ" : "Where the figures come from";
    const appendix = text.findIndex((p) => p.trim().startsWith(heading));
    console.log(`# ${lang}: ${fills.length} printed pages, the appendix from page ${appendix + 1}; ink to ${fills.map((f) => `${Math.round(f * 100)} %`).join(", ")}`);
    assert.ok(appendix > 0, `no page opens with "${heading}"`);
    const blank = fills.map((fill, i) => ({ page: i + 1, fill }))
      .filter(({ page, fill }) => fill < 0.6 && page !== appendix && page !== fills.length);
    assert.deepEqual(blank, [], "a printed page is mostly blank");
  });
}

test("with print_evidence: none (the section's no-print class) the XGS 136 page prints without its evidence", async () => {
  const pdf = await printed(MEASUREMENT, "xgs136-print-no-evidence.pdf",
    () => document.querySelector("section.evidence").classList.add("no-print"));
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" });
  assert.ok(text.includes("HTTP through the XGS"), text.slice(0, 400));
  // Nor its line in the page's contents.
  assert.ok(!text.includes("Where the figures come from"), "the evidence printed");
  assert.ok(!text.includes("Every figure this page states"), "the evidence printed");
  const fills = pageFills(pdf);
  console.log(`# without its evidence: ${fills.length} printed pages; ink to ${fills.map((f) => `${Math.round(f * 100)} %`).join(", ")}`);
  assert.deepEqual(fills.slice(0, -1).filter((f) => f < 0.6), [], "a printed page is mostly blank");
});

test("a Japanese page shows no English UI text outside code and quotations, and a missing /ja/ address gets the Japanese 404", async () => {
  // The English UI strings of several words: a Japanese page shows none of them.
  const ftl = (name) => Object.fromEntries(fs.readFileSync(path.join(repo, "i18n", name), "utf8").split("\n")
    .filter((l) => / = /.test(l) && !l.startsWith("#")).map((l) => l.split(/ = (.*)/s).slice(0, 2)));
  const en = ftl("en.ftl"), ja = ftl("ja.ftl");
  const texts = Object.entries(en).flatMap(([key, value]) => value.replace(/\{" "\}/g, " ").split(/\{[^}]*\}/)
    .map((t) => t.trim().replace(/^[:;,.()]+|[:;,.()]+$/g, "").trim())
    .filter((t) => t.includes(" ") && /[A-Za-z]{3}/.test(t) && !(ja[key] ?? "").includes(t))
    .map((t) => `${key}: ${t}`));
  assert.ok(texts.length > 40, `${texts.length} English texts`);
  for (const url of ["/ja/", `/ja${MEASUREMENT}`, `/ja${MEASUREMENT}runs.yaml.html`]) {
    const page = await open(url);
    // Opened, so that the evidence's details are read too.
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => { d.open = true; }));
    const shown = await page.evaluate(() => {
      const clone = document.body.cloneNode(true);
      clone.querySelectorAll("code, pre, q, blockquote, script, .source-lines, [lang]:not([lang='ja'])").forEach((e) => e.remove());
      return clone.innerText;
    });
    const found = texts.filter((t) => shown.includes(t.slice(t.indexOf(": ") + 2)));
    assert.deepEqual(found, [], url);
    assert.ok(await page.locator("nav.languages").count() === 1, `${url} has the language switcher`);
    await page.close();
  }
  const page = await served.context.newPage();
  const response = await page.goto(`${served.base}/ja/nowhere/`);
  assert.equal(response.status(), 404);
  assert.equal(await page.locator("html").getAttribute("lang"), "ja");
  assert.ok(await page.getByText("ページが見つかりません").first().isVisible());
  assert.equal(await page.getByText("Page not found").count(), 0, "tally serve gives ja/404.html");
  assert.equal(await page.locator("nav.languages").count(), 1);
  await page.close();
});

test("a long page has its contents in both languages, each heading a link to copy, and the header marks where the page is", async () => {
  for (const [url, method] of [[MEASUREMENT, "/method/"], [`/ja${MEASUREMENT}`, "/ja/method/"]]) {
    const page = await open(url, { width: 390 });
    const contents = page.locator("nav.contents li a");
    assert.ok(await contents.count() >= 5, `${url}: ${await contents.count()} entries`);
    // Every entry leads to a heading of the page; none is a figure's link.
    const targets = await contents.evaluateAll((links) => links.map((a) => {
      const target = document.getElementById(a.hash.slice(1));
      return target && /^H2$/.test(target.tagName) && !a.hash.startsWith("#figure-");
    }));
    assert.ok(targets.every(Boolean), `${url}: ${targets}`);
    const anchor = page.locator("h2 > a.heading-anchor").first();
    assert.match(await anchor.getAttribute("href"), /^#[^#]+$/);
    await contents.nth(2).click();
    await page.waitForURL(/#.+$/);
    assert.equal(await page.locator("nav[aria-label] a[aria-current]").getAttribute("href"), url.startsWith("/ja/") ? "/ja/measurements/" : "/measurements/");
    assert.equal(await page.locator(`header nav a[href='${method}']`).count(), 1, `${url} links the methodology`);
    await page.screenshot({ path: path.join(artifacts, `contents-${url.startsWith("/ja/") ? "ja" : "en"}-390.png`) });
    await page.close();
  }
});

test("completion is drawn as a meter beside its text on the home page, the appliance index and a family page", async () => {
  for (const url of ["/", "/appliances/", "/ja/", "/families/xgs-136/"]) {
    for (const width of [390, 1280]) {
      const page = await open(url, { width });
      const meters = page.getByRole("meter");
      const count = await meters.count();
      assert.ok(count >= 1, `${url} at ${width} px: no meter`);
      for (let i = 0; i < count; i++) {
        const meter = meters.nth(i);
        assert.ok(await meter.isVisible(), url);
        const [value, label] = [await meter.getAttribute("value"), await meter.getAttribute("aria-label")];
        assert.match(label, new RegExp(`^${value} % `), `${url}: the bar says what its text says`);
        const box = await meter.boundingBox();
        assert.ok(box.width >= 40 && box.height >= 6, `${url}: a bar one can see, ${box.width}×${box.height}`);
      }
      if (width === 1280 && url === "/") await page.screenshot({ path: path.join(artifacts, "completion-en-1280.png") });
      await page.close();
    }
  }
});

// Issue 46: on a phone, each screenshot's owner and licence strip is legible where it is
// shown (its text at least 11 CSS px), and each image opens its full-size stamped file.
// The strip is found in the copy the browser chose (currentSrc), decoded at its own size:
// rows from the bottom up in the strip's colour; its lines are the runs of rows holding
// text; the strip is 0.8 em of padding and 1.45 em a line (src/stamp/strip.rs).
// At 2× the phone takes the desktop column's 704 px copy, whose strip is drawn for it.
test("on a 390 px phone every screenshot's strip is legible and the image opens at full size", async () => {
  for (const [scale, url] of [1, 2].flatMap((scale) => [MEASUREMENT, `/ja${MEASUREMENT}`].map((url) => [scale, url]))) {
    const page = await open(url, { width: 390 });
    if (scale !== 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setDeviceMetricsOverride", { width: 390, height: 800, deviceScaleFactor: scale, mobile: false });
      await page.reload();
    }
    const images = page.locator("main figure img");
    const count = await images.count();
    assert.ok(count >= 4, `${url}: ${count} images`);
    for (let i = 0; i < count; i++) {
      const image = images.nth(i);
      await image.scrollIntoViewIfNeeded();
      await image.evaluate((img) => img.decode());
      const found = await image.evaluate(async (img) => {
        const bitmap = await createImageBitmap(await (await fetch(img.currentSrc)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext("2d");
        context.drawImage(bitmap, 0, 0);
        const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
        const at = (x, y) => data.slice((y * width + x) * 4, (y * width + x) * 4 + 3);
        const isStrip = ([r, g, b]) => Math.abs(r - 0x20) <= 2 && Math.abs(g - 0x20) <= 2 && Math.abs(b - 0x20) <= 2;
        let top = height;
        while (top > 0 && isStrip(at(0, top - 1)) && isStrip(at(width - 1, top - 1))) top--;
        let lines = 0;
        let inLine = false;
        for (let y = top; y < height; y++) {
          let text = false;
          for (let x = 0; x < width && !text; x++) text = at(x, y)[0] > 0x80;
          if (text && !inLine) lines++;
          inLine = text;
        }
        const shown = img.getBoundingClientRect().width / width;
        const link = img.closest("a");
        return { src: img.currentSrc, strip: height - top, lines, shown, href: link?.href ?? null };
      });
      const em = (found.strip * found.shown) / (0.8 + 1.45 * Math.max(found.lines, 1));
      assert.ok(found.lines >= 1, `${url}: no strip text in ${found.src}`);
      const copy = scale === 1 ? /\.phone\.358w\.webp$/ : /\.704w\.webp$/;
      assert.ok(copy.test(found.src), `${url} at ${scale}×: image ${i} is ${found.src}`);
      assert.ok(em >= 11, `${url}: ${found.src}: the strip's text is ${em.toFixed(1)} CSS px (${found.lines} lines in ${found.strip} px shown at ${found.shown.toFixed(3)}×)`);
      assert.ok(found.href && /\.png$/.test(found.href), `${url}: image ${i} links to ${found.href}`);
      const response = await page.request.get(found.href);
      assert.equal(response.status(), 200, found.href);
      assert.equal(response.headers()["content-type"], "image/png", found.href);
    }
    await page.close();
  }
});
