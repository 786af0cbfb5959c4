#!/usr/bin/env bash
# Writes tests/data/cast/castisvalid-llvm19.txt: every (cast opcode, from,
# to) over tests/data/cast/types.txt that LLVM 19's CastInst::castIsValid
# accepts (scripts/cast-oracle). tests/cast_table.rs checks
# Context::cast_is_valid against it on every pair. Run from the crate root:
#   bash scripts/cast-table.sh   (needs llvm-19-dev; .ci/run runs it with
# --check, which compares instead of writing).
set -euo pipefail
B=/usr/lib/llvm-19/bin
ORACLE=${ORACLE:-/tmp/cast-oracle}
CXX=${CXX:-$B/clang++}
[[ -x $CXX ]] || CXX=g++
if [[ ! -x $ORACLE || scripts/cast-oracle.cpp -nt $ORACLE ]]; then
  "$CXX" -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/cast-oracle.cpp \
    -o "$ORACLE" $($B/llvm-config --ldflags --libs core asmparser) \
    -Wl,-rpath,"$($B/llvm-config --libdir)"
fi
TYPES=tests/data/cast/types.txt
OUT=tests/data/cast/castisvalid-llvm19.txt
if [[ ${1:-} == --check ]]; then
  "$ORACLE" < "$TYPES" | diff -u "$OUT" - >/dev/null ||
    { echo "cast-table: $OUT differs from LLVM 19's answers (run scripts/cast-table.sh)" >&2; exit 1; }
  echo "cast-table: $(wc -l < "$OUT") valid casts of $(wc -l < "$TYPES") types agree with LLVM 19's castIsValid"
else
  "$ORACLE" < "$TYPES" > "$OUT"
  echo "cast-table: $(wc -l < "$OUT") valid casts written to $OUT"
fi
