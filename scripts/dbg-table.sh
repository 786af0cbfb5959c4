#!/usr/bin/env bash
# Writes tests/data/dbg/*.expected: what LLVM 19 prints for each
# tests/data/dbg/*.ll after the operations of its `; OPS:` line
# (scripts/dbg-oracle.cpp: RAUW, erase, move, split and insertion around
# debug records and value-as-metadata). tests/dbg_tracking.rs applies the same
# operations through lair and compares. Run from the crate root:
#   bash scripts/dbg-table.sh   (needs llvm-19-dev; .ci/run passes --check,
#   which compares instead of writing).
set -euo pipefail
B=/usr/lib/llvm-19/bin
ORACLE=${ORACLE:-/tmp/dbg-oracle}
CXX=${CXX:-$B/clang++}
[[ -x $CXX ]] || CXX=g++
if [[ ! -x $ORACLE || scripts/dbg-oracle.cpp -nt $ORACLE ]]; then
  "$CXX" -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/dbg-oracle.cpp \
    -o "$ORACLE" $($B/llvm-config --ldflags --libs core irreader) \
    -Wl,-rpath,"$($B/llvm-config --libdir)"
fi
n=0
for f in tests/data/dbg/*.ll; do
  want="${f%.ll}.expected"
  if [[ ${1:-} == --check ]]; then
    "$ORACLE" "$f" | diff -u "$want" - >/dev/null ||
      { echo "dbg-table: $want differs from LLVM 19 (run scripts/dbg-table.sh)" >&2; exit 1; }
  else
    "$ORACLE" "$f" > "$want"
  fi
  n=$((n + 1))
done
echo "dbg-table: $n modules agree with LLVM 19 (${1:---written})"
