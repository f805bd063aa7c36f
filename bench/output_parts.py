#!/usr/bin/env python3
"""What a tally output folder's bytes are made of, as `key=bytes` lines (bench/compare.sh
writes them to its results; bench/report.py reads them):

    python3 bench/output_parts.py SITE_DIR

- source_pages: the pages that show a published data file with numbered lines
  (`runs.yaml.html` beside `runs.yaml`, in each language);
- raw_copies: those data files themselves, published as they are;
- figures_json: `figures.json`;
- evidence: each page's section listing where its figures come from (`<section
  class="evidence">` to its end);
- figure_tags: the markup around each stated figure in the text (the link to its entry and
  the `<data>` element with its value and title), not the stated text itself;
- rest: everything else (the pages as a reader reads them, listings, feeds, styles, search);
- total: the sum, the files' bytes (`du -sb` counts the folders' too).
"""

import os
import re
import sys

FIGURE_TAG = re.compile(rb'<a\b[^>]*\bhref="#figure-[^"]*"[^>]*>\s*<data\b[^>]*>(.*?)</data>\s*</a>', re.S)
EVIDENCE_START = b'<section class="evidence"'
SECTION_END = b"</section>"


def is_source_page(path):
    """`X.EXT.html`: a page made to show the data file X.EXT (the raw file lives in the
    original language's folder, so the Japanese page's stem need not exist beside it)."""
    name = os.path.basename(path)
    return name.endswith(".html") and "." in name[: -len(".html")]


def parts(site):
    sizes = dict(source_pages=0, raw_copies=0, figures_json=0, evidence=0, figure_tags=0, rest=0)
    total = 0
    for folder, _, files in os.walk(site):
        for name in files:
            path = os.path.join(folder, name)
            size = os.path.getsize(path)
            total += size
            if is_source_page(path):
                sizes["source_pages"] += size
            elif os.path.exists(path + ".html"):
                sizes["raw_copies"] += size
            elif os.path.relpath(path, site) == "figures.json":
                sizes["figures_json"] += size
            elif name.endswith(".html"):
                html = open(path, "rb").read()
                start = html.find(EVIDENCE_START)
                if start >= 0:
                    end = html.find(SECTION_END, start)
                    end = len(html) if end < 0 else end + len(SECTION_END)
                    sizes["evidence"] += end - start
                    html = html[:start] + html[end:]
                tags = sum(len(m.group(0)) - len(m.group(1)) for m in FIGURE_TAG.finditer(html))
                sizes["figure_tags"] += tags
                sizes["rest"] += len(html) - tags
            else:
                sizes["rest"] += size
    sizes["total"] = total
    return sizes


if __name__ == "__main__":
    for key, value in parts(sys.argv[1]).items():
        print(f"{key}={value}")
