#!/bin/bash
# Builds lair (release) and runs the bitstream judge over the shared corpus:
# `lair bcdump F` must equal llvm-bcanalyzer-19 --dump F before its summary,
# and `lair bccopy F OUT` must give back F byte for byte.
#   scripts/oracle-bc.sh [DIR...]   (default: ../shared/corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin lair
target="${CARGO_TARGET_DIR:-target}"
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(../shared/corpus)
exec ../shared/tools/oracle-bc.sh "$target/release/lair" "${dirs[@]}"
