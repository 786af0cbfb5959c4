#!/bin/bash
# thinlto-data.sh [--check]: (re)makes the ThinLTO bitcode of tests/data/thinlto
# from the C and C++ sources beside it, with LLVM 19's clang, llvm-modextract,
# llvm-lto and llvm-lto2: per-module summaries (-flto=thin, with -g, with
# whole-program devirtualization type metadata, split and index-only, with
# CFI; the split LTO units extracted module by module), a full-LTO summary (-flto), a
# combined index (llvm-lto --thinlto) and distributed indexes with type id
# resolutions (llvm-lto2 -thinlto-distributed-indexes). --check remakes them
# in a temporary folder and fails if any differs from the committed file.
set -euo pipefail
L=/usr/lib/llvm-19/bin
export LC_ALL=C
dir=$(cd "$(dirname "$0")/../tests/data/thinlto" && pwd)
out=$dir
if [[ ${1:-} == --check ]]; then out=$(mktemp -d); trap 'rm -rf "$out"' EXIT; fi
cd "$out"
[[ $out == "$dir" ]] || cp "$dir"/*.c "$dir"/*.cpp .
cc() { "$L/clang" -target x86_64-pc-linux-gnu "$@"; }
cc -O2 -flto=thin -c a.c -o a.bc
cc -O2 -flto=thin -c b.c -o b.bc
cc -O1 -g -fdebug-compilation-dir=. -flto=thin -c dbg.c -o dbg.bc
cc -O2 -flto -c dbg.c -o full-lto.bc
cc -O2 -flto=thin -fwhole-program-vtables -fvisibility=hidden -c cpp.cpp -o wpd.split
cc -O2 -flto=thin -fwhole-program-vtables -fvisibility=hidden -c main.cpp -o wpd-main.bc
cc -O2 -flto=thin -fwhole-program-vtables -fno-split-lto-unit -fvisibility=hidden -c cpp.cpp \
  -o wpd-index-only.bc
cc -O2 -flto=thin -fsanitize=cfi -fvisibility=hidden -c cfi.c -o cfi.split
cc -O2 -flto=thin -fsanitize=cfi -fvisibility=hidden -c cpp.cpp -o cfi-cpp.split
for s in wpd cfi cfi-cpp; do
  for n in 0 1; do "$L/llvm-modextract" -b -n $n $s.split -o $s-$n.bc; done
done
"$L/llvm-lto" --thinlto -o combined a.bc b.bc dbg.bc wpd-0.bc
# A thin link of the split C++ module with a main: distributed indexes carry
# the type id resolutions of whole-program devirtualization.
args=()
for f in wpd.split wpd-main.bc; do
  while read -r fl name; do
    [[ $fl =~ ^[A-Z-]{8}$ ]] || continue
    if [[ $fl == ?U* ]]; then args+=(-r "$f,$name,"); else args+=(-r "$f,$name,px"); fi
  done < <("$L/llvm-lto2" dump-symtab "$f")
done
"$L/llvm-lto2" run wpd.split wpd-main.bc -o lto2 -thinlto-distributed-indexes \
  -whole-program-visibility "${args[@]}"
mv wpd.split.thinlto.bc wpd-dist.thinlto.bc
rm -f ./*.split lto2*
if [[ $out != "$dir" ]]; then
  for f in "$dir"/*.bc; do
    cmp -s "$f" "$(basename "$f")" || { echo "differs from LLVM 19's: $f"; exit 1; }
  done
  echo "tests/data/thinlto: $(ls "$dir"/*.bc | wc -l) files as LLVM 19 makes them"
fi
