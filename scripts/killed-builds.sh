#!/usr/bin/env bash
# Builds killed at random moments (SIGTERM, then SIGKILL) on a generated corpus large enough
# that writing and committing site/ takes a while, each after an edit so that there is
# something to commit. After each kill: no staging folder without its mark is left beside
# site/, and the next `tally build` makes site/ exactly what a cold build of the same sources
# makes.
#
#   bash scripts/killed-builds.sh [BUNDLES] [ROUNDS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
bundles=${1:-150}
rounds=${2:-10}
RANDOM=${3:-11}

# TALLY_BIN and CORPUS_BIN pick the binaries (scripts/test.sh passes the test build's, so
# that CI compiles the tree once more rather than twice); by default, release builds.
if [ -z "${TALLY_BIN:-}" ] || [ -z "${CORPUS_BIN:-}" ]; then
  cargo build --release --quiet --bin tally --example corpus
fi
tally=$(realpath "${TALLY_BIN:-target/release/tally}")
corpus=$(realpath "${CORPUS_BIN:-target/release/examples/corpus}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$corpus" --out "$work/site" --bundles "$bundles" --seed 5 --no-images
cd "$work/site"
"$tally" build >/dev/null 2>&1
# Kills land anywhere in a whole rebuild: its length is measured (a rebuild after the first
# edit below), so that a slower binary (a test build) is killed as often while committing.
echo "<!-- round 0 -->" >>templates/base.html
find . -path ./site -prune -o -type f -newermt '-1 hour' -exec touch -d '-2 minutes' {} +
started=$(date +%s%N)
"$tally" build >/dev/null 2>&1
rebuild_ms=$((($(date +%s%N) - started) / 1000000))
echo "a rebuild of every page takes ${rebuild_ms} ms"

unmarked() {
  for folder in .site.new-* .site.old-*; do
    [ -e "$folder" ] || continue
    [ -e "$folder/.tally-output" ] || echo "$folder"
  done
}

for round in $(seq 1 "$rounds"); do
  # Every page changes (each is made with the base template), so the commit has every file
  # to write.
  echo "<!-- round $round -->" >>templates/base.html
  find . -path ./site -prune -o -type f -newermt '-1 hour' -exec touch -d '-2 minutes' {} +
  signal=$([ $((RANDOM % 2)) = 0 ] && echo TERM || echo KILL)
  # Between 5 % and 95 % of a rebuild's length.
  delay_ms=$((rebuild_ms * (5 + RANDOM % 91) / 100))
  delay=$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))
  set +e
  timeout -s "$signal" "$delay" "$tally" build >/dev/null 2>&1
  set -e
  left=$(unmarked)
  if [ -n "$left" ]; then
    echo "round $round (SIG$signal after ${delay} s): a staging folder without its mark is left: $left" >&2
    exit 1
  fi
  "$tally" build >"$work/after.out" 2>&1 || { cat "$work/after.out" >&2; exit 1; }
  rm -rf "$work/cold" && mkdir "$work/cold"
  cp -r content i18n static templates site.yaml "$work/cold/"
  (cd "$work/cold" && "$tally" build >/dev/null 2>&1)
  if ! diff -r site "$work/cold/site" >"$work/diff" 2>&1; then
    echo "round $round (SIG$signal after ${delay} s): site/ differs from a cold build's" >&2
    head -20 "$work/diff" >&2
    exit 1
  fi
  left=$(ls -d .site.new-* .site.old-* 2>/dev/null || true)
  if [ -n "$left" ]; then
    echo "round $round (SIG$signal after ${delay} s): the next build left $left" >&2
    exit 1
  fi
  echo "round $round: SIG$signal after ${delay} s, then a build: same as a cold build"
done
echo "$rounds builds of a $bundles-bundle corpus killed at random moments: each next build made what a cold build makes"
