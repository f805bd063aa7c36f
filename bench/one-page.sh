#!/usr/bin/env bash
# The figures of BENCHMARKS.md's "Preview and one-page builds": tally and Hugo on the same
# 1,000-bundle corpus in one run. One-page, cold and no-change builds (hyperfine), then
# save-to-reload in headless Chromium (browser/measure.mjs, browser/measure-hugo.mjs).
# Needs hyperfine, Hugo (HUGO, default `hugo`; 0.111's layout lookup is set up here, as
# measure-hugo.mjs does), node with the browser tests' packages, and Chromium.
#
#   bash bench/one-page.sh OUT_DIR [BUNDLES]
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
out=$(realpath -m "$1")
bundles=${2:-1000}
hugo=${HUGO:-hugo}
rm -rf "$out" && mkdir -p "$out"
cargo build --release --quiet --example corpus
cargo build --release --quiet
tally=$repo/target/release/tally
t=$out/tally p=$out/plain
target/release/examples/corpus --out "$t" --bundles "$bundles" --seed 7 --no-images >/dev/null
target/release/examples/corpus --out "$p" --bundles "$bundles" --seed 7 --no-images --plain >/dev/null
{ echo 'ignoreErrors = ["error-disable-taxonomy"]'; cat bench/hugo/hugo.toml; } >"$p/hugo.toml"
mkdir -p "$p/layouts/_default" "$p/i18n"
cp bench/hugo/layouts/* "$p/layouts/"
cp bench/hugo/layouts/* "$p/layouts/_default/"
cp bench/hugo/layouts/home.html "$p/layouts/index.html"
cp bench/hugo/i18n/* "$p/i18n/"
sed -i 's/\.Language\.Label/.Language.LanguageName/g' "$p"/layouts/*.html "$p"/layouts/_default/*.html
# A site's files are not all a second old, as a fresh copy's are: tally keeps nothing made
# from a file younger than that.
find "$t" "$p" -type f -exec touch -d '1 day ago' {} +
export HUGO_CACHEDIR=$p/.hugo-cache
toggle() {
  local page
  page=$(find "$1/content/measurements" -name index.md | sort | head -1)
  echo "sed -i -e 's/generated for benchmarks/generated for a benchmark/;t' -e 's/generated for a benchmark/generated for benchmarks/' $page"
}
(cd "$t" && "$tally" build >/dev/null 2>&1)
uptime >"$out/load.txt"
run() { local name=$1; shift; hyperfine -N "$@" --export-json "$out/$name.json" >"$out/$name.txt" 2>&1; }
run tally-one -w 1 -r 10 --prepare "$(toggle "$t")" "$tally --root $t build"
run tally-cold -w 1 -r 5 --prepare "rm -rf $t/site $t/.tally-cache" "$tally --root $t build"
"$tally" --root "$t" build >/dev/null 2>&1
run tally-none -w 1 -r 10 "$tally --root $t build"
run hugo-one -w 1 -r 10 --prepare "$(toggle "$p")" "$hugo --source $p --quiet"
run hugo-cold -w 1 -r 5 --prepare "rm -rf $p/public $p/resources $p/.hugo-cache" "$hugo --source $p --quiet"
uptime >>"$out/load.txt"
node browser/measure.mjs --corpus "$t" >"$out/measure-tally.txt" 2>&1
HUGO=$hugo node browser/measure-hugo.mjs "$p" >"$out/measure-hugo.txt" 2>&1
uptime >>"$out/load.txt"
python3 - "$out" <<'PY'
import json, statistics, sys
out = sys.argv[1]
for name in ["tally-one", "tally-cold", "tally-none", "hugo-one", "hugo-cold"]:
    times = json.load(open(f"{out}/{name}.json"))["results"][0]["times"]
    print(f"{name}: median {statistics.median(times) * 1e3:.0f} ms ({min(times) * 1e3:.0f}-{max(times) * 1e3:.0f}), {len(times)} runs")
PY
tail -n 2 "$out/measure-tally.txt" "$out/measure-hugo.txt"
