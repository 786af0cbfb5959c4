#!/usr/bin/env bash
# opt-pipelines.sh LAIR FILE...: `LAIR opt -passes=P -disable-output F` prints
# on stderr what `opt-19` prints, for pipelines beyond oracle-opt.sh's fixed
# one: analyses printed after others queried them (slow-query counts, DFS
# numbers made valid by the 33rd slow query), cached across function
# adaptors, invalidated and rebuilt, required. Inputs get `optnone` removed,
# as oracle-opt.sh does. Prints each failure, then 'N passed, N failed'.
set -uo pipefail
L=/usr/lib/llvm-19/bin
lair=$1; shift
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
PIPELINES=(
  'print<loops>,print<domtree>,print<postdomtree>'
  'function(print<loops>),function(print<domtree>)'
  'print<domtree>,print<loops>,invalidate<domtree>,print<domtree>,print<loops>'
  'require<loops>,print<postdomtree>,print<domtree>,invalidate<all>,print<domtree>'
  'module(function(print<postdomtree>),no-op-module,print<loops>)'
  'loop-simplify,print<loops>,lcssa,print<loops>'
)
pass=0 fail=0
for f in "$@"; do
  sed -E '/^attributes #[0-9]+ = /s/ optnone//' "$f" >"$tmp/in.ll"
  if ! $L/llvm-as "$tmp/in.ll" -o /dev/null 2>/dev/null; then continue; fi
  for p in "${PIPELINES[@]}"; do
    $L/opt -passes="$p" -disable-output "$tmp/in.ll" 2>"$tmp/ref" >/dev/null
    if ! "$lair" opt -passes="$p" -disable-output "$tmp/in.ll" 2>"$tmp/out" >/dev/null; then
      fail=$((fail+1)); echo "FAIL(lair opt -passes=$p): $f: $(tail -c 300 "$tmp/out")"
    elif ! cmp -s "$tmp/ref" "$tmp/out"; then
      fail=$((fail+1)); echo "FAIL(-passes=$p differs): $f"; diff "$tmp/ref" "$tmp/out" | head -6
    else
      pass=$((pass+1))
    fi
  done
done
echo "$pass passed, $fail failed"
[[ $fail == 0 && $pass -gt 0 ]]
