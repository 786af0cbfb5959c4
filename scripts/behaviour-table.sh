#!/usr/bin/env bash
# Builds scripts/behaviour-oracle.cpp against libLLVM 19 and writes what
# LLVM 19 does in tests/behaviour.rs's cases to tests/data/behaviour/llvm.txt;
# --check compares instead of writing. ORACLE names the binary to build.
set -euo pipefail
cd "$(dirname "$0")/.."
L=/usr/lib/llvm-19/bin
ORACLE=${ORACLE:-$(mktemp -d)/behaviour-oracle}
"${CXX:-$L/clang++}" -std=c++17 -O1 $("$L/llvm-config" --cxxflags) scripts/behaviour-oracle.cpp \
  -o "$ORACLE" $("$L/llvm-config" --ldflags --libs core asmparser)
out=tests/data/behaviour/llvm.txt
if [[ ${1:-} == --check ]]; then
  "$ORACLE" | cmp - "$out" && echo "behaviour table: identical to libLLVM 19's"
else
  "$ORACLE" >"$out"
  echo "wrote $out ($(wc -l <"$out") lines)"
fi
