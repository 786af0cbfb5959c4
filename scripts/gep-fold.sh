#!/usr/bin/env bash
# Writes tests/data/gep/fold-llvm19.txt: the `@aN = ...` lines LLVM 19 prints
# for tests/data/gep/fold.ll after its parser built each constant through
# ConstantExpr::getGetElementPtr (llvm-as-19 | llvm-dis-19). Run from the
# crate root:  bash scripts/gep-fold.sh
set -euo pipefail
B=/usr/lib/llvm-19/bin
$B/llvm-as tests/data/gep/fold.ll -o - | $B/llvm-dis -o - | grep '^@a' > tests/data/gep/fold-llvm19.txt
cat tests/data/gep/fold-llvm19.txt
# The layout-aware folds (LLVM's ConstantFolding.cpp) of fold-dl.ll's GEP
# instructions, one `ret` line per function.
$B/opt -S -passes=instsimplify tests/data/gep/fold-dl.ll | grep '^  ret' | sed 's/^  ret //' > tests/data/gep/fold-dl-llvm19.txt
cat tests/data/gep/fold-dl-llvm19.txt
