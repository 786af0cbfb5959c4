#!/usr/bin/env bash
# Writes tests/data/gep/corpus-llvm19.txt, the LLVM 19 answers for every GEP
# (instruction or constant expression) of ../shared/corpus/*.ll and of
# tests/data/gep/edge.ll, deduplicated on (layout, type, indices, kind):
# accumulateConstantOffset and collectOffset per GEP. tests/gep_corpus.rs
# reads it. Run from the crate root:  bash scripts/gep-table.sh
set -euo pipefail
B=/usr/lib/llvm-19/bin
ORACLE=${ORACLE:-/tmp/gep-oracle}
if [[ ! -x $ORACLE || scripts/gep-oracle.cpp -nt $ORACLE ]]; then
  $B/clang++ -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/gep-oracle.cpp \
    -o "$ORACLE" $($B/llvm-config --ldflags --libs core asmparser)
fi
CORPUS=${CORPUS:-../shared/corpus}
"$ORACLE" tests/data/gep/edge.ll "$CORPUS"/*.ll > tests/data/gep/corpus-llvm19.txt
wc -l tests/data/gep/corpus-llvm19.txt
# Per-GEP answers in traversal order for tests/gep_parsed.rs (lair's own
# parser reads the same files).
"$ORACLE" --all tests/data/gep/edge.ll "$CORPUS"/bzip2-O0.ll "$CORPUS"/bzip2-O2.ll \
  "$CORPUS"/zlib-O2.ll > tests/data/gep/parsed-llvm19.txt
wc -l tests/data/gep/parsed-llvm19.txt
