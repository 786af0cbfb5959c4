#!/bin/bash
# dot-cfg-oracle.sh LAIR F.ll...: judge `LAIR opt -passes=dot-cfg` against
# `opt-19 -passes=dot-cfg -disable-output` on each module F (with `optnone`
# removed from its attribute groups, as oracle-opt.sh does). Each tool runs in
# its own empty directory; the "Writing '...'..." lines on stderr must be the
# same, the same .dot files must be written, and each .dot file must be equal
# once node names are normalised (every distinct `Node0x<hex>` becomes `N<k>`,
# k its first-appearance index: LLVM prints block addresses there).
# Prints each differing function, a line per module "M: E of N functions
# equal", then 'N passed, N failed' (functions) last; exits 1 on any failure.
L=/usr/lib/llvm-19/bin
export LC_ALL=C
lair=$(realpath "$1"); shift
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
norm() { perl -pe 's/Node(0x[0-9a-f]+)/"N".($m{$1} \/\/= $n++)/ge' "$1"; }
pass=0 fail=0
for f in "$@"; do
  rm -rf "$tmp/ref" "$tmp/out"; mkdir -p "$tmp/ref" "$tmp/out"
  sed -E '/^attributes #[0-9]+ = /s/ optnone//' "$f" >"$tmp/in.ll"
  (cd "$tmp/ref" && timeout 600 $L/opt -passes=dot-cfg -disable-output "$tmp/in.ll" 2>"$tmp/ref.err")
  if ! (cd "$tmp/out" && timeout 600 "$lair" opt -passes=dot-cfg -disable-output "$tmp/in.ll" 2>"$tmp/out.err"); then
    echo "FAIL(lair opt -passes=dot-cfg): $f: $(tail -c 300 "$tmp/out.err")"
    fail=$((fail + $(ls -A "$tmp/ref" | wc -l))); continue
  fi
  if ! cmp -s "$tmp/ref.err" "$tmp/out.err"; then
    echo "FAIL(stderr differs): $f"; diff "$tmp/ref.err" "$tmp/out.err" | head -4
    fail=$((fail + 1))
  fi
  e=0 n=0
  while IFS= read -r d; do
    n=$((n + 1))
    if [[ -f "$tmp/out/$d" ]] && cmp -s <(norm "$tmp/ref/$d") <(norm "$tmp/out/$d"); then
      e=$((e + 1))
    else
      echo "FAIL(.dot differs): $f: $d"
      [[ -f "$tmp/out/$d" ]] && diff <(norm "$tmp/ref/$d") <(norm "$tmp/out/$d") | head -4 | cut -c1-300
    fi
  done < <(ls -A "$tmp/ref")
  extra=$(comm -13 <(ls -A "$tmp/ref") <(ls -A "$tmp/out") | wc -l)
  if [[ $extra != 0 ]]; then echo "FAIL($extra .dot files opt-19 does not write): $f"; fail=$((fail + extra)); fi
  echo "$(basename "$f"): $e of $n functions equal"
  pass=$((pass + e)); fail=$((fail + n - e))
done
echo "$pass passed, $fail failed"
[[ $fail == 0 && $pass -gt 0 ]]
