#!/usr/bin/env bash
# Writes the LLVM 19 answers tests/analysis.rs checks lair's analyses
# against: tests/data/analysis/queries-llvm19.txt (every dominance, post-
# dominance, nearest-common-dominator and IDF query over the modules of
# tests/data/analysis) and tests/data/analysis/updates-llvm19.txt (the trees
# after each batch of scripts/dom-cases.py's CFG updates). Run from the crate
# root:  bash scripts/dom-table.sh   (needs llvm-19-dev; .ci/run runs it with
# --check, which compares instead of writing).
set -euo pipefail
B=/usr/lib/llvm-19/bin
ORACLE=${ORACLE:-/tmp/dom-oracle}
CXX=${CXX:-$B/clang++}
[[ -x $CXX ]] || CXX=g++
if [[ ! -x $ORACLE || scripts/dom-oracle.cpp -nt $ORACLE ]]; then
  "$CXX" -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/dom-oracle.cpp \
    -o "$ORACLE" $($B/llvm-config --ldflags --libs core asmparser analysis) \
    -Wl,-rpath,"$($B/llvm-config --libdir)"
fi
D=tests/data/analysis
queries() {
  for f in $D/*.ll; do
    echo "file $(basename "$f")"
    "$ORACLE" queries "$f"
  done
}
updates() { python3 scripts/dom-cases.py | "$ORACLE" updates; }
if [[ ${1:-} == --check ]]; then
  queries | diff -u $D/queries-llvm19.txt - >/dev/null ||
    { echo "dom-table: $D/queries-llvm19.txt differs from LLVM 19's answers (run scripts/dom-table.sh)" >&2; exit 1; }
  updates | diff -u $D/updates-llvm19.txt - >/dev/null ||
    { echo "dom-table: $D/updates-llvm19.txt differs from LLVM 19's answers (run scripts/dom-table.sh)" >&2; exit 1; }
  echo "dom-table: $(grep -vc '^\(fn\|file\)' $D/queries-llvm19.txt) queries and $(grep -c '^apply' $D/updates-llvm19.txt) update batches agree with LLVM 19"
else
  queries > $D/queries-llvm19.txt
  updates > $D/updates-llvm19.txt
  echo "dom-table: $(grep -vc '^\(fn\|file\)' $D/queries-llvm19.txt) queries, $(grep -c '^apply' $D/updates-llvm19.txt) update batches written"
fi
