// What the browser tests and measurements share: a copy of the bundled site in a temporary
// folder served by `tally serve --port 0`, and Debian's headless Chromium (playwright-core)
// that may reach 127.0.0.1 only; every request for another host is aborted and recorded.
//
// TALLY_BIN picks the binary (default target/release/tally); CHROMIUM the browser.

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const artifacts = path.join(repo, "target/browser-artifacts");
export const binary = process.env.TALLY_BIN ?? path.join(repo, "target/release/tally");

/** Chromium as every test starts it: headless, no sandbox, nothing fetched on its own. */
export const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/**
 * Copies the bundled site (or the site in the folder `from`) into a temporary folder, lets
 * `prepare(site)` change the copy,
 * serves it and opens a browser on it. `serverLog()` is what the server has written to
 * stderr so far; `close()` stops both, keeps that log as target/browser-artifacts/LOGNAME
 * and removes the folder.
 */
export async function openSite({ logName = "serve.log", prepare = () => {}, from = repo } = {}) {
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-browser-"));
  const site = path.join(workdir, "site");
  for (const part of ["content", "templates", "static", "i18n", "site.yaml"]) {
    const source = path.join(from, part);
    if (fs.existsSync(source)) fs.cpSync(source, path.join(site, part), { recursive: true });
  }
  fs.mkdirSync(artifacts, { recursive: true });
  const server = { process: null, log: "" };
  const outside = [];
  let context;
  const close = async () => {
    await context?.close();
    server.process?.kill();
    fs.writeFileSync(path.join(artifacts, logName), server.log);
    fs.rmSync(workdir, { recursive: true, force: true });
  };
  try {
    prepare(site);
    const base = await startServer(site, server);
    context = await chromium.launchPersistentContext(path.join(workdir, "profile"), {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      headless: true,
      args: CHROMIUM_ARGS,
    });
    await context.route("**/*", (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === "127.0.0.1") return route.continue();
      outside.push(url.href);
      return route.abort();
    });
    return { workdir, site, base, context, outside, serverLog: () => server.log, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Replaces `from` by `to` in a file of the copy; a file that lacks `from` is an error. */
export function editFile(site, relative, from, to) {
  const file = path.join(site, relative);
  const text = fs.readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${relative} lacks ${from}`);
  fs.writeFileSync(file, text.replace(from, to));
}

/**
 * Starts `tally serve --port 0` the way the README runs it, in the site's folder with the
 * default root (never an absolute `--root`, which once hid that saves were ignored), and
 * gives the printed address.
 */
function startServer(site, server) {
  return new Promise((resolve, reject) => {
    server.process = spawn(binary, ["serve", "--port", "0"], { cwd: site, env: { ...process.env, NO_COLOR: "1" } });
    server.process.stderr.on("data", (chunk) => { server.log += chunk; });
    server.process.on("exit", (code) => reject(new Error(`tally serve exited (${code}):\n${server.log}`)));
    let out = "";
    server.process.stdout.on("data", (chunk) => {
      out += chunk;
      const found = out.match(/^serving (http:\/\/127\.0\.0\.1:\d+)\/ \(and \/ja\/\)$/m);
      if (found) resolve(found[1]);
    });
  });
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's violations on the page as it is now, one line each. Each rule named in
 * `decided` must also have been checked and decided for every node it applies to: axe's
 * "incomplete" (it could not tell, say a contrast over an image) counts as a violation.
 */
export async function axeViolations(page, { decided = [] } = {}) {
  await page.addScriptTag({ content: axeSource });
  // axe cannot tell the contrast of text inside an SVG (it takes the SVG for a picture): the
  // plots' text is left out of `decided` here, and its colours are checked by
  // evidence.test.mjs (the page's text colour on the page's background).
  const results = await page.evaluate(async () => {
    const found = await window.axe.run();
    const inPlot = (node) => document.querySelector(node.target[0])?.closest("svg.plot-svg");
    for (const rule of found.incomplete) rule.nodes = rule.nodes.filter((node) => !inPlot(node));
    found.incomplete = found.incomplete.filter((rule) => rule.nodes.length > 0);
    return found;
  });
  const line = (rule, what) => `${rule.id}: ${what} (${rule.nodes.map((n) => n.target).join(", ")})`;
  return [
    ...results.violations.map((rule) => line(rule, rule.help)),
    ...results.incomplete.filter((rule) => decided.includes(rule.id)).map((rule) => line(rule, "could not be decided")),
    ...decided.filter((id) => ![...results.passes, ...results.violations].some((rule) => rule.id === id))
      .map((id) => `${id}: not checked at all`),
  ];
}
