#!/usr/bin/env bash
# Everything the tests need, set up on a fresh machine, then every check CI runs: the
# website's workflow linted, formatting, lints, unit and integration tests, a build
# of the bundled site and the Nu HTML Checker over every page it wrote, random edits of a
# generated corpus built incrementally, and the browser tests of `tally serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
# A clean clone gains nothing from incremental compilation, and its caches were half of
# target/'s 20 GB: a CI run on a nearly full disk failed linking a test binary (stop 53).
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

missing=()
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
command -v exiftool >/dev/null 2>&1 || missing+=(libimage-exiftool-perl)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
# The importers' tests record these tools' real output on 127.0.0.1.
command -v iperf3 >/dev/null 2>&1 || missing+=(iperf3)
command -v iperf >/dev/null 2>&1 || missing+=(iperf)
command -v ping >/dev/null 2>&1 || missing+=(iputils-ping)
# ping -M do over a loopback set to MTU 1500 inside `unshare -n` (util-linux).
command -v ip >/dev/null 2>&1 || missing+=(iproute2)
# /proc/net/dev and ethtool -S of a veth pair inside `unshare -n`, before and after traffic.
command -v ethtool >/dev/null 2>&1 || missing+=(ethtool)
command -v sha256sum >/dev/null 2>&1 || missing+=(coreutils)
python3 -c 'import ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
# browser/run.sh's, here so that one apt-get run installs everything.
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
fc-list :lang=ja 2>/dev/null | grep -q . || missing+=(fonts-ipafont-gothic)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
if ((${#missing[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
# --ignore-scripts: vnu-jar's install step downloads a Java runtime; the machine's is used.
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error

# The website's workflow: actionlint (from PyPI, pinned by hash, in a virtual environment
# under target/) checks it, and the shell it runs with shellcheck.
python3 -m venv target/lint
target/lint/bin/pip install --quiet --disable-pip-version-check --require-hashes \
  -r scripts/lint-requirements.txt
target/lint/bin/actionlint .github/workflows/site.yml
# Flent, in a virtual environment of its own under target/: the importers' tests record a
# `.flent.gz` with it (src/figures/import/flent_tests.rs finds it there).
python3 -m venv target/flent
target/flent/bin/pip install --quiet --disable-pip-version-check --require-hashes \
  -r scripts/flent-requirements.txt
shellcheck scripts/publish-check.sh scripts/corpus-edits.sh scripts/killed-builds.sh \
  scripts/concurrent-builds.sh
version=$(target/lint/bin/actionlint --version)
echo "${version%%$'\n'*} found no problem in .github/workflows/site.yml"

cargo fmt --check
cargo clippy --all-targets -- -D warnings
cargo test
# What follows runs the binaries `cargo test` built (the test profile, with overflow checks):
# a release build compiled the whole tree a third time, a third of CI's time.
target=$(cd "${CARGO_TARGET_DIR:-target}" && pwd)
export TALLY_BIN=$target/debug/tally CORPUS_BIN=$target/debug/examples/corpus
"$TALLY_BIN" build
# The manual (docs/) is a site of its own: built, its links and pages checked like any site's.
"$TALLY_BIN" build --root docs
# tally build after random edits of a generated corpus makes what a cold build makes.
bash scripts/corpus-edits.sh 40 12 7
# Builds of a generated corpus killed at random moments (SIGTERM or SIGKILL): nothing
# unmarked is left behind, and the next build makes what a cold build makes.
bash scripts/killed-builds.sh 150 10 11
# Three builds of a generated corpus at once, 12 rounds with an edit before each: every build
# ends 0 (or, with --no-wait, is refused saying so) and site/ is what a cold build makes
# (about 15 s with the test build on 2 cores).
bash scripts/concurrent-builds.sh 3 12 40 13
java -jar node_modules/vnu-jar/build/dist/vnu.jar --errors-only --skip-non-html site/ docs/site/
echo "the Nu HTML Checker found no error in $(find site -name '*.html' | wc -l) pages"
# tally serve in headless Chromium: rendering, privacy, language links, axe, live reload.
bash browser/run.sh
