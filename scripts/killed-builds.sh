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

cargo build --release --quiet --example corpus
tally="$PWD/target/release/tally"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target/release/examples/corpus --out "$work/site" --bundles "$bundles" --seed 5 --no-images
cd "$work/site"
"$tally" build >/dev/null 2>&1

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
  delay=$(printf '0.%02d' $((5 + RANDOM % 90)))
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
