#!/usr/bin/env bash
# The browser tests of `tally serve` on a fresh machine: Debian's Chromium (and a Japanese
# font, so that screenshots of Japanese pages are readable), playwright-core and axe-core
# from npm, a release build of tally, then `node --test browser/`. Screenshots and the
# server's log are kept in target/browser-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
fc-list :lang=ja 2>/dev/null | grep -q . || missing+=(fonts-ipafont-gothic)
if ((${#missing[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
# --ignore-scripts: no package may download a browser or a runtime of its own.
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
cargo build --release
node --test browser/
