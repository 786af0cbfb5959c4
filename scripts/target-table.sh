#!/usr/bin/env bash
# Writes tests/data/targets/clang19.txt: for each triple of
# tests/data/targets/triples.txt, the triple and data layout that
# `clang-19 -target <triple> -S -emit-llvm` writes. tests/targets.rs checks
# lair::layout::Target::for_triple against it. Run from the crate root:
#   bash scripts/target-table.sh   (.ci/run runs it with --check, which
# compares instead of writing).
set -euo pipefail
CLANG=${CLANG:-/usr/lib/llvm-19/bin/clang}
IN=tests/data/targets/triples.txt
OUT=tests/data/targets/clang19.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo 'int main(void) { return 0; }' >"$tmp/t.c"
while read -r t; do
  [[ -z $t || $t == \#* ]] && continue
  ll=$("$CLANG" -target "$t" -S -emit-llvm -o - "$tmp/t.c")
  dl=$(sed -n 's/^target datalayout = "\(.*\)"$/\1/p' <<<"$ll")
  tr=$(sed -n 's/^target triple = "\(.*\)"$/\1/p' <<<"$ll")
  printf '%s\t%s\t%s\n' "$t" "$tr" "$dl"
done <"$IN" >"$tmp/out.txt"
if [[ ${1:-} == --check ]]; then
  diff -u "$OUT" "$tmp/out.txt" >/dev/null ||
    { echo "target-table: $OUT differs from clang-19's answers (run scripts/target-table.sh)" >&2; exit 1; }
  echo "target-table: $(wc -l <"$OUT") triples agree with clang-19"
else
  cp "$tmp/out.txt" "$OUT"
  echo "target-table: $(wc -l <"$OUT") triples written to $OUT"
fi
