#!/usr/bin/env bash
# Writes tests/data/semantics/facts-llvm19.txt: LLVM 19's answers to the
# instruction and call-site queries (mayReadFromMemory ... willReturn,
# isSafeToSpeculativelyExecute, wouldInstructionBeTriviallyDead, the
# CallBase attribute and memory-effect queries) for every instruction of
# tests/data/semantics/*.ll (scripts/semantics-oracle.cpp). tests/semantics.rs
# checks lair against every line. Run from the crate root:
#   bash scripts/semantics-table.sh      (needs llvm-19-dev)
# .ci/run runs it with --check, which compares instead of writing.
set -euo pipefail
B=/usr/lib/llvm-19/bin
ORACLE=${ORACLE:-/tmp/lair-semantics-oracle}
CXX=${CXX:-$B/clang++}
[[ -x $CXX ]] || CXX=g++
if [[ ! -x $ORACLE || scripts/semantics-oracle.cpp -nt $ORACLE ]]; then
  "$CXX" -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/semantics-oracle.cpp \
    -o "$ORACLE" $($B/llvm-config --ldflags --libs core asmparser analysis transformutils) \
    -Wl,-rpath,"$($B/llvm-config --libdir)"
fi
OUT=tests/data/semantics/facts-llvm19.txt
for f in tests/data/semantics/*.ll; do
  $B/llvm-as "$f" -o /dev/null || { echo "semantics-table: llvm-as-19 rejects $f" >&2; exit 1; }
done
if [[ ${1:-} == --check ]]; then
  "$ORACLE" tests/data/semantics/*.ll | diff -u "$OUT" - >/dev/null ||
    { echo "semantics-table: $OUT differs from LLVM 19's answers (run scripts/semantics-table.sh)" >&2; exit 1; }
  echo "semantics-table: $(grep -c '^[0-9]' "$OUT") instructions agree with LLVM 19"
else
  "$ORACLE" tests/data/semantics/*.ll > "$OUT"
  echo "semantics-table: $(grep -c '^[0-9]' "$OUT") instructions written to $OUT"
fi
