#!/usr/bin/env bash
# Renders the stand-ins for the XGS 136 HTTP page's four photographed windows. The real
# photographs are not in this repository; each stand-in shows the figures of its run as
# runs.yaml records them, and says on its face that it is a stand-in.
set -euo pipefail
cd "$(dirname "$0")/.."
shots=content/measurements/2026-10-29-xgs136-http/shots
mkdir -p "$shots"
# Each is rendered twice: labelled in English for the page, in Japanese for its translation.
standin() {
  local out=$1
  shift
  cargo run -q --release --example standin -- "$out" "$@"
  cargo run -q --release --example standin -- --ja "${out%.png}.ja.png" "$@"
}
standin "$shots/keep-coproc.png" \
  "run keep_coproc: connections kept open, the coprocessor forwarding" \
  "curl, 1024 connections, 40 s:   complete 9090   failed 0" \
  "flow table at second 20:        1024 of 1024" \
  "host frames (driver), s 20-30:  received 520   sent 10" \
  "CPU busy:                       1.0 %" \
  "PC port, 10 s:                  989 Mbit/s"
standin "$shots/keep-host.png" \
  "run keep_host: connections kept open, the host forwarding" \
  "curl, 1024 connections, 40 s:   complete 9010   failed 0" \
  "host frames (driver), s 20-30:  received 1287603   sent 1287606" \
  "CPU busy:                       27.0 %" \
  "PC port, 10 s:                  988 Mbit/s"
standin "$shots/close-coproc.png" \
  "run close_coproc: a new connection for each response, the coprocessor forwarding" \
  "curl, 1024 connections, 40 s:   complete 9000   failed 2" \
  "flow table at second 20:        2334" \
  "host frames (driver), s 20-30:  received 962826   sent 962430" \
  "CPU busy:                       26.7 %" \
  "PC port, 10 s:                  987 Mbit/s"
standin "$shots/close-host.png" \
  "run close_host: a new connection for each response, the host forwarding" \
  "curl, 1024 connections, 40 s:   complete 8935   failed 1" \
  "host frames (driver), s 20-30:  received 1308305   sent 1308190" \
  "CPU busy:                       28.7 %" \
  "PC port, 10 s:                  987 Mbit/s"
