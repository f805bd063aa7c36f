// How a page's text breaks into lines, read from the layout Chromium made: which stated
// figures take more than one line box, which numbers with a unit in tables do, which
// one-word table headings break inside the word, and where Japanese lines break inside a
// word. Shared by reading.test.mjs (which asserts on it) and measure-lines.mjs (which
// prints it for every page, width, language and colour scheme).

/** Every page of the site, from its sitemap: paths such as `/` and `/ja/method/`. */
export async function sitePages(base) {
  const sitemap = await (await fetch(base + "/sitemap.xml")).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/**
 * Runs in the page. Gives, each as a list of short descriptions:
 * - figures: `data` elements with more than one line box (getClientRects);
 * - cellNumbers: numbers with a unit in table cells, outside `data`, on two lines;
 * - headers: one-word table headings broken inside the word;
 * - japaneseMidWord: line breaks between two Japanese characters of one word
 *   (Intl.Segmenter's words), in text whose language is ja;
 * plus the number of figures looked at.
 */
export function readLines() {
  // Where an element stands: the id of the nearest heading before it.
  const place = (element) => {
    for (let e = element; e && e !== document.body; e = e.parentElement) {
      for (let before = e.previousElementSibling; before; before = before.previousElementSibling) {
        if (/^H[1-6]$/.test(before.tagName)) return `#${before.id || before.textContent.trim()}`;
      }
    }
    return "top";
  };
  const describe = (element) => `${place(element)}: ${JSON.stringify(element.textContent.trim())}`;
  const figureElements = [...document.querySelectorAll("data")];
  const figures = figureElements.filter((e) => e.getClientRects().length > 1).map(describe);

  const textNodes = (root, accept = () => true) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (accept(node) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    const nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    return nodes;
  };
  const lineBoxes = (node, start, end) => {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    return [...range.getClientRects()].filter((r) => r.width > 0).length;
  };

  const numberWithUnit = /\d[\d,.]*[ \u00a0]?(?:%|[kMG]?bit\/s|[kM]?pps|[kMG]i?B|µs|ms|s|秒)(?![\p{L}\d])/gu;
  const cellNumbers = [];
  for (const cell of document.querySelectorAll("td, th")) {
    for (const node of textNodes(cell, (n) => !n.parentElement.closest("data"))) {
      for (const found of node.data.matchAll(numberWithUnit)) {
        if (lineBoxes(node, found.index, found.index + found[0].length) > 1) {
          cellNumbers.push(`${place(cell)}: ${JSON.stringify(found[0])}`);
        }
      }
    }
  }

  // One word: no space, and in Japanese (written without spaces) one word to
  // Intl.Segmenter; a longer Japanese heading is a phrase, and may break between its words.
  const words = new Intl.Segmenter("ja", { granularity: "word" });
  const oneWord = (text) => !/\s/.test(text) &&
    (!/[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u.test(text) ||
      [...words.segment(text)].filter((s) => s.isWordLike).length <= 1);
  const headers = [...document.querySelectorAll("th")]
    // A closed <details> (a plot's table of values) is not shown, whatever its layout says.
    .filter((th) => oneWord(th.textContent.trim()) && th.getClientRects().length > 0 && !th.closest("details:not([open])"))
    .filter((th) => textNodes(th).some((node) => lineBoxes(node, 0, node.data.length) > 1))
    .map(describe);

  const japanese = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}ー]/u;
  const japaneseMidWord = [];
  const segmenter = new Intl.Segmenter("ja", { granularity: "word" });
  const blocks = document.querySelectorAll("main :is(p, li, h1, h2, h3, td, th, dd, dt)");
  for (const block of blocks) {
    if (block.closest("[lang]")?.lang !== "ja" || block.querySelector("p, li, ul, ol")) continue;
    // Each character of the block, with the top of its line box.
    const chars = [];
    for (const node of textNodes(block)) {
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = [...range.getClientRects()].find((r) => r.width > 0);
        chars.push({ char: node.data[i], top: rect ? rect.top : null });
      }
    }
    const text = chars.map((c) => c.char).join("");
    const boundaries = new Set([...segmenter.segment(text)].map((s) => s.index));
    let previous = null;
    for (let i = 0; i < chars.length; i++) {
      if (chars[i].top === null) continue;
      if (previous !== null && chars[i].top > chars[previous].top + 4 && previous === i - 1
        && japanese.test(chars[previous].char) && japanese.test(chars[i].char) && !boundaries.has(i)) {
        japaneseMidWord.push(`${place(block)}: ${JSON.stringify(`${text.slice(Math.max(0, i - 6), i)}|${text.slice(i, i + 6)}`)}`);
      }
      previous = i;
    }
  }
  return { figureCount: figureElements.length, figures, cellNumbers, headers, japaneseMidWord };
}
