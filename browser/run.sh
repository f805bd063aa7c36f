#!/usr/bin/env bash
# The browser tests of `tally serve` on a fresh machine: Debian's Chromium (and a Japanese
# font, so that screenshots of Japanese pages are readable), pdftotext from poppler-utils
# (to read back a printed page), playwright-core and axe-core from npm, a build of
# tally, then `node --test browser/`. Screenshots, the printed PDF and the servers' logs
# are kept in target/browser-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
fc-list :lang=ja 2>/dev/null | grep -q . || missing+=(fonts-ipafont-gothic)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
if ((${#missing[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
# --ignore-scripts: no package may download a browser or a runtime of its own.
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
# TALLY_BIN picks the binary (scripts/test.sh passes the test build's); by default, a release
# build.
[[ -n "${TALLY_BIN:-}" ]] || cargo build --release
# A test that waits forever (a page that never loads, a site that never builds) fails
# after five minutes instead of holding CI until its own limit.
node --test --test-timeout=300000 browser/
