#!/usr/bin/env bash
# Several `tally build` runs of one site at once (a CI job, an author's terminal, a watcher
# script), after an edit each round, on a generated corpus: every build ends 0 (one that
# found another running says it waits, then builds), except one run with --no-wait per
# round, which may instead be refused (exit 2, saying so); and site/ is then exactly what a
# cold build of the same sources makes, with no staging folder left beside it.
#
#   bash scripts/concurrent-builds.sh [BUILDS] [ROUNDS] [BUNDLES] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
builds=${1:-3}
rounds=${2:-12}
bundles=${3:-40}
RANDOM=${4:-13}

# TALLY_BIN and CORPUS_BIN pick the binaries (scripts/test.sh passes the test build's, so
# that CI compiles the tree once more rather than twice); by default, release builds.
if [ -z "${TALLY_BIN:-}" ] || [ -z "${CORPUS_BIN:-}" ]; then
  cargo build --release --quiet --bin tally --example corpus
fi
tally=$(realpath "${TALLY_BIN:-target/release/tally}")
corpus=$(realpath "${CORPUS_BIN:-target/release/examples/corpus}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$corpus" --out "$work/site" --bundles "$bundles" --seed 9 --no-images
cd "$work/site"
find . -type f -exec touch -d '1 day ago' {} +
"$tally" build >/dev/null 2>&1

started=$(date +%s)
waited=0
refused=0
for round in $(seq 1 "$rounds"); do
  mapfile -t all < <(ls content/measurements)
  bundle=content/measurements/${all[$((RANDOM % ${#all[@]}))]}
  case $((RANDOM % 3)) in
    0) what="edited the text of $bundle/index.md"
       echo "Edited in round $round." >>"$bundle/index.md" ;;
    1) what="edited the title of $bundle/index.md"
       sed -i "0,/^title: \"/s//title: \"Round $round: /" "$bundle/index.md" ;;
    *) what="edited every page's template"
       echo "<!-- round $round -->" >>templates/base.html ;;
  esac
  # As a file stands between two saves: settled, and apart from every other edit's time.
  find content templates -newermt '-1 hour' -type f -exec touch -d "-$((rounds - round + 1)) minutes" {} +
  pids=()
  for n in $(seq 1 "$builds"); do
    if [ "$n" = "$builds" ]; then
      "$tally" build --no-wait >"$work/build-$n.out" 2>&1 &
    else
      "$tally" build >"$work/build-$n.out" 2>&1 &
    fi
    pids+=($!)
  done
  for n in $(seq 1 "$builds"); do
    set +e
    wait "${pids[$((n - 1))]}"
    code=$?
    set -e
    out="$work/build-$n.out"
    if [ "$code" = 2 ] && [ "$n" = "$builds" ] && grep -q 'refused (--no-wait)' "$out"; then
      refused=$((refused + 1))
    elif [ "$code" != 0 ]; then
      echo "round $round ($what): build $n of $builds exited $code" >&2
      cat "$out" >&2
      exit 1
    elif grep -q '^waiting for another tally build' "$out"; then
      waited=$((waited + 1))
    fi
  done
  left=$(ls -d .site.new-* .site.old-* site/.tally-incomplete 2>/dev/null || true)
  if [ -n "$left" ]; then
    echo "round $round ($what): the builds left $left" >&2
    exit 1
  fi
  rm -rf "$work/cold" && mkdir "$work/cold"
  cp -r content i18n static templates site.yaml "$work/cold/"
  (cd "$work/cold" && "$tally" build >/dev/null 2>&1)
  if ! diff -r site "$work/cold/site" >"$work/diff" 2>&1; then
    echo "round $round ($what): site/ differs from a cold build's" >&2
    head -20 "$work/diff" >&2
    exit 1
  fi
  echo "round $round: $what; $builds builds at once: same as a cold build"
done
echo "$rounds rounds of $builds builds at once of a $bundles-bundle corpus, edited between rounds:" \
  "all ended 0 ($waited waited for another, $refused refused with --no-wait), each round's site" \
  "what a cold build makes ($(($(date +%s) - started)) s)"
