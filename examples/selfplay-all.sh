#!/usr/bin/env bash
# Computer-vs-computer games over every variant, then every record replayed.
# Usage: examples/selfplay-all.sh [GAMES_PER_VARIANT] (default 125: 1000 games in all).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-125}
cargo build --release -q
bin=target/release/chessgraph
records=$(mktemp -d)
for v in chess zubrin chess-for-3 dreierschach mined-chess strategichess strategichess-team \
  examples/first-variant; do
  echo "== $v"
  mkdir -p "$records/$(basename "$v")"
  "$bin" selfplay "$v" --games "$games" --depth 1 --max-plies 300 --seed 7 \
    --records "$records/$(basename "$v")"
done
total=0
for f in "$records"/*/*; do
  "$bin" replay "$f" --final >/dev/null
  total=$((total + 1))
done
echo "$total records replayed without error ($records)"
