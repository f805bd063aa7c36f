#!/usr/bin/env bash
# A generated corpus (examples/corpus.rs), edited at random and built with `tally build`
# after each edit, as the README runs it: each build takes what the edit did not reach from
# the last one (its memo on disk and site/), and site/ must then hold, byte for byte, what
# a cold build of the same sources makes. Edits: a page's text, a page's title, a value in
# runs.yaml, a bundle removed, a bundle added, a file touched and left as it was.
#
#   bash scripts/corpus-edits.sh [BUNDLES] [EDITS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
bundles=${1:-40}
edits=${2:-12}
RANDOM=${3:-7}

# TALLY_BIN and CORPUS_BIN pick the binaries (scripts/test.sh passes the test build's, so
# that CI compiles the tree once more rather than twice); by default, release builds.
if [ -z "${TALLY_BIN:-}" ] || [ -z "${CORPUS_BIN:-}" ]; then
  cargo build --release --quiet --bin tally --example corpus
fi
tally=$(realpath "${TALLY_BIN:-target/release/tally}")
corpus=$(realpath "${CORPUS_BIN:-target/release/examples/corpus}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$corpus" --out "$work/site" --bundles "$bundles" --seed 3 --no-images
cd "$work/site"
# Files a second old or younger are never kept between builds; these are a day old.
find . -type f -exec touch -d '1 day ago' {} +
"$tally" build >/dev/null 2>&1

reused_in_all=0
for step in $(seq 1 "$edits"); do
  mapfile -t all < <(ls content/measurements)
  bundle=content/measurements/${all[$((RANDOM % ${#all[@]}))]}
  case $((RANDOM % 6)) in
    0) what="edited the text of $bundle/index.md"
       echo "Edited at step $step." >>"$bundle/index.md" ;;
    1) what="edited the title of $bundle/index.md"
       sed -i "0,/^title: \"/s//title: \"Step $step: /" "$bundle/index.md" ;;
    2) what="edited a value in $bundle/runs.yaml"
       sed -i "0,/: \([0-9][0-9]*\)$/s//: \1$step/" "$bundle/runs.yaml" ;;
    3) what="removed $bundle"
       rm -r "$bundle" ;;
    4) what="added a copy of $bundle"
       cp -r "$bundle" "$bundle-copy-$step" ;;
    *) what="touched $bundle/runs.yaml"
       touch "$bundle/runs.yaml" ;;
  esac
  # As a file stands between two saves: settled, and apart from every other edit's time.
  find content -newermt '-1 hour' -type f -exec touch -d "-$((edits - step + 1)) minutes" {} +
  set +e
  "$tally" build --timings >"$work/incremental.out" 2>&1
  incremental=$?
  rm -rf "$work/cold" && mkdir "$work/cold"
  cp -r content i18n static templates site.yaml "$work/cold/"
  (cd "$work/cold" && "$tally" build >"$work/cold.out" 2>&1)
  cold=$?
  set -e
  if [ "$incremental" != "$cold" ]; then
    echo "step $step ($what): tally build exited $incremental, a cold build $cold" >&2
    cat "$work/incremental.out" "$work/cold.out" >&2
    exit 1
  fi
  if [ "$incremental" = 0 ]; then
    if ! diff -r site "$work/cold/site" >"$work/diff" 2>&1; then
      echo "step $step ($what): site/ differs from a cold build's" >&2
      head -20 "$work/diff" >&2
      exit 1
    fi
    reused=$(sed -n 's/.*pages ([0-9]* made, \([0-9]*\) reused).*/\1/p' "$work/incremental.out")
    reused_in_all=$((reused_in_all + reused))
  fi
  echo "step $step: $what: same as a cold build (exit $incremental)"
done
if [ "$reused_in_all" -eq 0 ]; then
  echo "no build took a page from the last one: the memo was not used" >&2
  exit 1
fi
echo "$edits random edits of a $bundles-bundle corpus: tally build made what a cold build makes each time ($reused_in_all pages taken from the last build)"
