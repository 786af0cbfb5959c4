#!/usr/bin/env bash
# opt-golden.sh [--check]: opt-19's output for each hand-written module in
# tests/data/opt and each transform pipeline below, written to
# tests/data/opt-expected/<module>.<pipeline>.ll (through llvm-as-19 |
# llvm-dis-19, ModuleID line and '; preds =' comments dropped, as
# oracle-opt.sh compares). tests/transforms.rs checks lair against these
# files; with --check this script re-derives them and fails on a difference.
set -euo pipefail
cd "$(dirname "$0")/.."
L=/usr/lib/llvm-19/bin
PIPELINES="mem2reg dce adce break-crit-edges loop-simplify lcssa reg2mem mem2reg,dce"
out=tests/data/opt-expected
check=${1:-}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/e"
for f in tests/data/opt/*.ll; do
  base=$(basename "$f" .ll)
  for p in $PIPELINES; do
    "$L/opt" -passes="$p" -S "$f" -o "$tmp/o.ll"
    "$L/llvm-as" "$tmp/o.ll" -o "$tmp/o.bc"
    "$L/llvm-dis" "$tmp/o.bc" -o - | sed -e 1d -e 's/[[:space:]]*; preds = .*$//' \
      >"$tmp/e/$base.${p//,/+}.ll"
  done
done
if [ "$check" = "--check" ]; then
  diff -r "$tmp/e" "$out"
  echo "opt-golden: $(ls "$out" | wc -l) files agree with opt-19"
else
  rm -rf "$out"; mkdir -p "$out"; cp "$tmp/e"/* "$out/"
  echo "opt-golden: wrote $(ls "$out" | wc -l) files"
fi
