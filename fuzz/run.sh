#!/usr/bin/env bash
# Runs one fuzz target with cargo-fuzz (libFuzzer):
#   fuzz/run.sh TARGET [SECONDS] [LIBFUZZER-OPTION...]     (default 60 s)
#   fuzz/run.sh --available     exit 0 when cargo-fuzz and a toolchain that builds it are here
# Targets: rules board position moves record http. New inputs go to fuzz/corpus/TARGET (not
# committed); fuzz/seeds/TARGET is the committed seed corpus; crashes land in
# fuzz/artifacts/TARGET. Uses the nightly toolchain when rustup has one, else stable
# with RUSTC_BOOTSTRAP=1 (cargo-fuzz passes -Z flags). No sanitizer: the crates are safe
# Rust; add `-s address` by hand to fuzz the C-derived YAML scanner under ASan.
set -euo pipefail
cd "$(dirname "$0")"
toolchain=()
if rustup run nightly rustc --version >/dev/null 2>&1; then
    toolchain=(+nightly)
else
    export RUSTC_BOOTSTRAP=1
fi
if ! cargo "${toolchain[@]}" fuzz --version >/dev/null 2>&1; then
    echo "fuzz/run.sh: cargo-fuzz is not installed (cargo install cargo-fuzz)" >&2
    exit 3
fi
if [[ "${1:-}" == --available ]]; then
    exit 0
fi
target=${1:?TARGET: rules board position moves record http}
seconds=${2:-60}
shift $(( $# < 2 ? $# : 2 ))
# Comparison tracing (libFuzzer's guide to magic values) costs 4-13x in speed; the
# seeds hold every keyword and the game targets' bytes are move indexes, so it is off
# unless FUZZ_TRACE_COMPARES=1.
trace=(--no-trace-compares)
if [[ "${FUZZ_TRACE_COMPARES:-0}" == 1 ]]; then
    trace=()
fi
case $target in
    rules | board) max_len=8192 ;;
    record | http) max_len=4096 ;;
    position) max_len=1024 ;;
    moves) max_len=256 ;;
    *) echo "fuzz/run.sh: unknown target $target" >&2; exit 2 ;;
esac
mkdir -p "corpus/$target"
exec nice cargo "${toolchain[@]}" fuzz run -s none "${trace[@]}" "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=30 -print_final_stats=1 "$@"
