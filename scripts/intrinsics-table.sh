#!/usr/bin/env bash
# Writes lair's intrinsic table from LLVM 19 itself:
#   src/ir/intrinsics/table.rs              names, signatures, attributes
#   tests/data/intrinsics/attrs-llvm19.txt  each attribute list as llvm-dis prints it
#   tests/data/intrinsics/cases-llvm19.txt  lookups, manglings, signature matches
# scripts/intrinsics-dump.cpp dumps libLLVM 19's table, scripts/intrinsics-table.py
# writes the Rust table, scripts/intrinsics-oracle.cpp answers the cases;
# tests/intrinsics.rs checks lair against the data. Run from the crate root:
#   bash scripts/intrinsics-table.sh           (needs llvm-19-dev)
# .ci/run runs it with --check, which compares instead of writing.
set -euo pipefail
B=/usr/lib/llvm-19/bin
DIR=${ORACLE_DIR:-/tmp/lair-intrinsics}
CXX=${CXX:-$B/clang++}
[[ -x $CXX ]] || CXX=g++
mkdir -p "$DIR"
build() {
  if [[ ! -x $DIR/$1 || scripts/$1.cpp -nt $DIR/$1 ]]; then
    "$CXX" -O1 -std=c++17 $($B/llvm-config --cxxflags) "scripts/$1.cpp" \
      -o "$DIR/$1" $($B/llvm-config --ldflags --libs core asmparser) \
      -Wl,-rpath,"$($B/llvm-config --libdir)"
  fi
}
build intrinsics-dump
build intrinsics-oracle
TABLE=src/ir/intrinsics/table.rs
ATTRS=tests/data/intrinsics/attrs-llvm19.txt
CASES=tests/data/intrinsics/cases-llvm19.txt
"$DIR/intrinsics-dump" >"$DIR/dump.txt"
python3 scripts/intrinsics-table.py "$DIR/dump.txt" "$DIR/table.rs" "$DIR/attrs.txt"
"$DIR/intrinsics-oracle" >"$DIR/cases.txt" 2>"$DIR/oracle.log"
if [[ ${1:-} == --check ]]; then
  for pair in "$TABLE:table.rs" "$ATTRS:attrs.txt" "$CASES:cases.txt"; do
    diff -q "${pair%%:*}" "$DIR/${pair#*:}" >/dev/null ||
      { echo "intrinsics-table: ${pair%%:*} differs from LLVM 19 (run scripts/intrinsics-table.sh)" >&2; exit 1; }
  done
  echo "intrinsics-table: $(grep -c '^int ' "$DIR/dump.txt") intrinsics and $(grep -c ' => ' "$CASES") cases agree with LLVM 19"
else
  mkdir -p "$(dirname "$ATTRS")"
  cp "$DIR/table.rs" "$TABLE"
  cp "$DIR/attrs.txt" "$ATTRS"
  cp "$DIR/cases.txt" "$CASES"
  echo "intrinsics-table: $(grep -c '^int ' "$DIR/dump.txt") intrinsics, $(grep -c ' => ' "$CASES") cases written; $(cat "$DIR/oracle.log")"
fi
