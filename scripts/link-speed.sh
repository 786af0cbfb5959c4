#!/bin/bash
# link-speed.sh LAIR DIR [RUNS]: whole-process wall time of `LAIR link DIR/* -S`
# against `llvm-link-19 -S DIR/*`, alternating runs, best of RUNS (default 10)
# each; prints both minima and the ratio lair/llvm-link.
set -euo pipefail
lair=$1 dir=$2 runs=${3:-10}
L=/usr/lib/llvm-19/bin
mapfile -t files < <(find "$dir" -maxdepth 1 -type f \( -name '*.bc' -o -name '*.ll' \) | LC_ALL=C sort)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
now() { date +%s%N; }
best_l=999999999999 best_r=999999999999
for ((i = 0; i < runs; i++)); do
  t0=$(now); "$L/llvm-link" -S "${files[@]}" -o "$tmp/r.ll"; t1=$(now)
  "$lair" link "${files[@]}" -S -o "$tmp/o.ll"; t2=$(now)
  (( t1 - t0 < best_r )) && best_r=$((t1 - t0))
  (( t2 - t1 < best_l )) && best_l=$((t2 - t1))
done
awk -v l="$best_l" -v r="$best_r" -v d="$dir" 'BEGIN { printf "%s: lair %.1f ms, llvm-link-19 %.1f ms, ratio %.2f\n", d, l/1e6, r/1e6, l/r }'
