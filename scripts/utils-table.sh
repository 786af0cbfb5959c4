#!/usr/bin/env bash
# Writes tests/data/utils/*.expected: what LLVM 19 prints for each
# tests/data/utils/*.ll after the operations of its `; OPS:` line
# (scripts/utils-oracle.cpp: MergeBlockIntoPredecessor, SplitEdge,
# CloneFunction). tests/utils.rs applies the same
# operations through lair and compares. Run from the crate root:
#   bash scripts/utils-table.sh   (needs llvm-19-dev; .ci/run passes --check,
#   which compares instead of writing).
set -euo pipefail
B=/usr/lib/llvm-19/bin
ORACLE=${ORACLE:-/tmp/utils-oracle}
CXX=${CXX:-$B/clang++}
[[ -x $CXX ]] || CXX=g++
if [[ ! -x $ORACLE || scripts/utils-oracle.cpp -nt $ORACLE ]]; then
  "$CXX" -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/utils-oracle.cpp \
    -o "$ORACLE" $($B/llvm-config --ldflags --libs core irreader transformutils) \
    -Wl,-rpath,"$($B/llvm-config --libdir)"
fi
n=0
for f in tests/data/utils/*.ll; do
  want="${f%.ll}.expected"
  if [[ ${1:-} == --check ]]; then
    "$ORACLE" "$f" | diff -u "$want" - >/dev/null ||
      { echo "utils-table: $want differs from LLVM 19 (run scripts/utils-table.sh)" >&2; exit 1; }
  else
    "$ORACLE" "$f" > "$want"
  fi
  n=$((n + 1))
done
echo "utils-table: $n modules agree with LLVM 19 (${1:---written})"
