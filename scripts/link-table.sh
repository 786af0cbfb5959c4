#!/usr/bin/env bash
# Writes tests/data/link/<case>/expected.txt (llvm-link-19 -S of the case's
# .ll files in sort order, without the ModuleID line) and expected.stderr
# (its warnings and errors) for every case folder; tests/link.rs checks
# lair's linker against them. Run from the crate root:
#   bash scripts/link-table.sh      (.ci/run runs it with --check, which
# compares instead of writing).
set -euo pipefail
B=/usr/lib/llvm-19/bin
export LC_ALL=C
check=${1:-}
bad=0 n=0
for d in tests/data/link/*/; do
  n=$((n + 1))
  mapfile -t files < <(cd "$d" && ls *.ll | sort)
  out=$(cd "$d" && $B/llvm-link -S "${files[@]}" -o - 2>/tmp/link-table.err | grep -av '^; ModuleID' || true)
  err=$(cat /tmp/link-table.err)
  if [[ $check == --check ]]; then
    if [[ -n $out ]]; then
      diff -q <(printf '%s\n' "$out") "$d/expected.txt" >/dev/null || { echo "link-table: $d/expected.txt differs from llvm-link-19" >&2; bad=1; }
    else
      [[ ! -e $d/expected.txt ]] || { echo "link-table: llvm-link-19 now refuses $d" >&2; bad=1; }
    fi
    diff -q <(printf '%s\n' "$err") "$d/expected.stderr" >/dev/null || { echo "link-table: $d/expected.stderr differs from llvm-link-19" >&2; bad=1; }
  else
    rm -f "$d/expected.txt"
    [[ -z $out ]] || printf '%s\n' "$out" > "$d/expected.txt"
    printf '%s\n' "$err" > "$d/expected.stderr"
  fi
done
rm -f /tmp/link-table.err
if [[ $check == --check ]]; then
  [[ $bad == 0 ]] || exit 1
  echo "link-table: $n cases agree with llvm-link-19"
else
  echo "link-table: $n cases written"
fi
