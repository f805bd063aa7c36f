#!/usr/bin/env bash
# A quick look at the figures of an edit while working on them: cold, no-change and one-page
# builds of tally and Hugo, and save to page in headless Chromium (tally serve, hugo server),
# on one corpus, on tmpfs. It is bench/compare.sh with that corpus alone, so the figures are
# measured as BENCHMARKS.md's are; its report goes to OUT_DIR/BENCHMARKS.md, never to the
# repository's (only a full run of bench/compare.sh writes that).
#
#   bash bench/one-page.sh OUT_DIR [BUNDLES]     (OUT_DIR on tmpfs, e.g. /dev/shm/one-page)
#
# FS="tmpfs disk" adds the disk (its folder: /tmp/$(basename OUT_DIR)); RUNS as compare.sh.
set -euo pipefail
out=$(realpath -m "${1:?usage: bash bench/one-page.sh OUT_DIR [BUNDLES]}")
bundles=${2:-1000}
mkdir -p "$out"
SIZES=$bundles BIG='' IMAGE_SIZES='' SERVE=$bundles FS=${FS:-tmpfs} WORK=$out OUT=$out/BENCHMARKS.md \
  exec bash "$(dirname "$0")/compare.sh"
