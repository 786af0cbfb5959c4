#!/usr/bin/env bash
# Writes tests/data/cfold/cases-llvm19.txt: scripts/cfold-cases.py's module
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
OUT=tests/data/cfold/cases-llvm19.txt
mkdir -p "$(dirname "$OUT")"
if [[ ${1:-} == --check ]]; then
  python3 scripts/cfold-cases.py | "$ORACLE" | diff -u "$OUT" - >/dev/null ||
    { echo "cfold-table: $OUT differs from LLVM 19's answers (run scripts/cfold-table.sh)" >&2; exit 1; }
  echo "cfold-table: $(grep -c ' => ' "$OUT") cases agree with LLVM 19's ConstantFoldInstruction"
else
  python3 scripts/cfold-cases.py | "$ORACLE" > "$OUT"
  echo "cfold-table: $(grep -c ' => ' "$OUT") cases written to $OUT"
fi
