#!/usr/bin/env bash
# The check the website gets before it is published (.github/workflows/site.yml runs it on
# every pull request and before every deployment): every check of `tally check`, and
# `--against` the figures.json the live site serves now, so that no published figure
# changes without its old value struck, or disappears from its page.
#
# Run it from the site's folder (the one with site.yaml) with tally on the PATH
# (`cargo install --locked --path .`); its arguments go to `tally check`, e.g.
# `--format github`. The live site's address is base_url in site.yaml. When it answers 404
# for figures.json nothing is published yet: the site is checked without --against, and
# this says so. Any other failure to fetch it fails (exit 2): an unreachable site never
# passes for a first publication.
set -euo pipefail

base_url=$(sed -n -E "s/^base_url:[[:space:]]*[\"']?([^\"'[:space:]#]+).*/\1/p" site.yaml)
if [[ -z $base_url ]]; then
  echo "error: site.yaml names no base_url, so the live site's address is not known" >&2
  exit 2
fi
url="${base_url%/}/figures.json"
published=$(mktemp -d)
trap 'rm -rf "$published"' EXIT

if ! status=$(curl --silent --show-error --location --retry 3 --max-time 60 \
  --output "$published/figures.json" --write-out '%{http_code}' "$url"); then
  echo "error: cannot fetch the published figures from $url (curl says why above)" >&2
  exit 2
fi
case $status in
  200)
    echo "comparing with the figures published at $url" >&2
    tally check --against "$published" "$@"
    ;;
  404)
    message="nothing published yet at $url (HTTP 404): a first publication, checked without --against"
    echo "$message" >&2
    if [[ ${GITHUB_ACTIONS:-} == true ]]; then
      echo "::notice title=publish-check::$message"
    fi
    tally check "$@"
    ;;
  *)
    echo "error: $url answered HTTP $status, so what is published cannot be known" >&2
    exit 2
    ;;
esac
