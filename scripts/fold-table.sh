#!/usr/bin/env bash
# Writes tests/data/fold/builder-llvm19.txt: the builder-folding cases of
# scripts/fold-cases.py with LLVM 19's IRBuilder answers (scripts/fold-oracle).
# tests/fold.rs checks lair's builder against every line. Run from the crate
# root:  bash scripts/fold-table.sh   (needs llvm-19-dev: LLVM 19's headers
# and libLLVM; .ci/run runs it with --check, which compares instead of writing).
set -euo pipefail
B=/usr/lib/llvm-19/bin
ORACLE=${ORACLE:-/tmp/fold-oracle}
CXX=${CXX:-$B/clang++}
[[ -x $CXX ]] || CXX=g++
if [[ ! -x $ORACLE || scripts/fold-oracle.cpp -nt $ORACLE ]]; then
  "$CXX" -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/fold-oracle.cpp \
    -o "$ORACLE" $($B/llvm-config --ldflags --libs core asmparser) \
    -Wl,-rpath,"$($B/llvm-config --libdir)"
fi
OUT=tests/data/fold/builder-llvm19.txt
# What LLVM 19's parser makes of tests/data/ll/constexpr-fold.ll (its
# constant expressions fold while parsing), without the ModuleID line.
PARSED=tests/data/fold/constexpr-fold-llvm19.txt
parsed() {
  $B/llvm-as tests/data/ll/constexpr-fold.ll -o - | $B/llvm-dis -o - | grep -v '^; ModuleID'
}
mkdir -p "$(dirname "$OUT")"
if [[ ${1:-} == --check ]]; then
  python3 scripts/fold-cases.py | "$ORACLE" | diff -u "$OUT" - >/dev/null ||
    { echo "fold-table: $OUT differs from LLVM 19's answers (run scripts/fold-table.sh)" >&2; exit 1; }
  parsed | diff -u "$PARSED" - >/dev/null ||
    { echo "fold-table: $PARSED differs from llvm-dis-19 (run scripts/fold-table.sh)" >&2; exit 1; }
  echo "fold-table: $(grep -c ' => ' "$OUT") cases agree with LLVM 19's IRBuilder; $PARSED with llvm-dis-19"
else
  python3 scripts/fold-cases.py | "$ORACLE" > "$OUT"
  parsed > "$PARSED"
  echo "fold-table: $(grep -c ' => ' "$OUT") cases written to $OUT; $PARSED written"
fi
