// Counts, on every page of the bundled site (served by `tally serve`, read in headless
// Chromium), what breaks where it should not, at 320, 390 and 1280 px wide, in each
// language and colour scheme:
//   node browser/measure-lines.mjs [--list]
// Columns: stated figures (`data`) on more than one line, of all figures; numbers
// with a unit in table cells outside a figure on more than one line; one-word table
// headings broken inside the word; Japanese line breaks inside a word. --list names each.
// Not a test: it asserts nothing (reading.test.mjs does).

import { openSite } from "./harness.mjs";
import { readLines, sitePages } from "./lines.mjs";

const list = process.argv.includes("--list");
const served = await openSite({ logName: "serve-measure-lines.log" });
try {
  const pages = await sitePages(served.base);
  console.log("width  lang scheme  figures broken   cell numbers  headers  ja mid-word");
  for (const width of [320, 390, 1280]) {
    for (const lang of ["en", "ja"]) {
      for (const scheme of ["light", "dark"]) {
        const page = await served.context.newPage();
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme: scheme });
        const total = { figureCount: 0, figures: [], cellNumbers: [], headers: [], japaneseMidWord: [] };
        for (const url of pages.filter((p) => p.startsWith("/ja/") === (lang === "ja"))) {
          await page.goto(served.base + url);
          const found = await page.evaluate(readLines);
          total.figureCount += found.figureCount;
          for (const key of ["figures", "cellNumbers", "headers", "japaneseMidWord"]) {
            total[key].push(...found[key].map((item) => `${url} ${item}`));
          }
        }
        await page.close();
        console.log(`${String(width).padStart(5)}  ${lang}   ${scheme.padEnd(6)}  ${String(total.figures.length).padStart(3)} of ${String(total.figureCount).padEnd(5)}  `
          + `${String(total.cellNumbers.length).padStart(12)}  ${String(total.headers.length).padStart(7)}  ${String(total.japaneseMidWord.length).padStart(11)}`);
        if (list) {
          for (const key of ["figures", "cellNumbers", "headers", "japaneseMidWord"]) {
            for (const item of total[key]) console.log(`      ${key}: ${item}`);
          }
        }
      }
    }
  }
} finally {
  await served.close();
}
