#!/usr/bin/env bash
# Writes tests/data/cfold/cases-llvm19.txt (and cases-be-llvm19.txt, its
# byte-order-dependent cases under a big-endian layout): scripts/cfold-cases.py's module
# with LLVM 19's ConstantFoldInstruction answer for each case
# (scripts/cfold-oracle.cpp, no target library info). tests/cfold.rs checks
# lair's constant_fold_instruction against every line. Run from the crate
# root:  bash scripts/cfold-table.sh   (needs llvm-19-dev; .ci/run runs it
# with --check, which compares instead of writing).
set -euo pipefail
B=/usr/lib/llvm-19/bin
ORACLE=${ORACLE:-/tmp/lair-cfold-oracle}
CXX=${CXX:-$B/clang++}
[[ -x $CXX ]] || CXX=g++
if [[ ! -x $ORACLE || scripts/cfold-oracle.cpp -nt $ORACLE ]]; then
  "$CXX" -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/cfold-oracle.cpp \
    -o "$ORACLE" $($B/llvm-config --ldflags --libs core asmparser analysis) \
    -Wl,-rpath,"$($B/llvm-config --libdir)"
fi
mkdir -p tests/data/cfold
# The little-endian table, and the byte-order-dependent cases big-endian.
for variant in "cases-llvm19.txt:" "cases-be-llvm19.txt:--big-endian"; do
  OUT=tests/data/cfold/${variant%%:*}
  FLAG=${variant#*:}
  if [[ ${1:-} == --check ]]; then
    python3 scripts/cfold-cases.py $FLAG | "$ORACLE" | diff -u "$OUT" - >/dev/null ||
      { echo "cfold-table: $OUT differs from LLVM 19's answers (run scripts/cfold-table.sh)" >&2; exit 1; }
    echo "cfold-table: $(grep -c ' => ' "$OUT") cases of $OUT agree with LLVM 19's ConstantFoldInstruction"
  else
    python3 scripts/cfold-cases.py $FLAG | "$ORACLE" > "$OUT"
    echo "cfold-table: $(grep -c ' => ' "$OUT") cases written to $OUT"
  fi
done
