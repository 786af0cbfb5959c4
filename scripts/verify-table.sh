#!/usr/bin/env bash
# Writes tests/data/verify/expected.tsv: what llvm-as-19 (which parses, then
# verifies) says about every module of tests/data/verify, one line each:
#   name <TAB> valid | invalid | debug-info <TAB> LLVM's first message
# "invalid": rejected by the verifier (the line after "does not verify as
# correct!", or the first line before "LLVM ERROR: Broken module found");
# "debug-info": accepted after dropping broken debug info (the first line
# printed before "warning: ignoring invalid debug info"). tests/verify.rs
# checks lair against every line. The modules come from
# scripts/verify-cases.py. Run from the crate root:
#   bash scripts/verify-table.sh          (writes the table)
#   bash scripts/verify-table.sh --check  (regenerates modules and table in a
#                                          temporary directory and compares)
set -euo pipefail
L=/usr/lib/llvm-19/bin
DIR=tests/data/verify
OUT=$DIR/expected.tsv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
strip() { sed 's/[[:space:]]*$//'; }
table() {
  local dir=$1 f name
  for f in $(find "$dir" -name '*.ll' | LC_ALL=C sort); do
    name=$(basename "$f" .ll)
    if ! "$L/llvm-as" --disable-verify "$f" -o /dev/null 2>/dev/null; then
      printf '%s\tparse-error\t\n' "$name"
    elif "$L/llvm-as" "$f" -o /dev/null 2>"$tmp/err"; then
      if grep -q '^warning: ignoring invalid debug info' "$tmp/err"; then
        printf '%s\tdebug-info\t%s\n' "$name" "$(head -1 "$tmp/err" | strip)"
      else
        printf '%s\tvalid\t\n' "$name"
      fi
    elif grep -q 'does not verify as correct!$' "$tmp/err"; then
      printf '%s\tinvalid\t%s\n' "$name" \
        "$(sed -n '/does not verify as correct!$/{n;p;q}' "$tmp/err" | strip)"
    elif grep -q '^LLVM ERROR: Broken module found' "$tmp/err"; then
      printf '%s\tinvalid\t%s\n' "$name" "$(head -1 "$tmp/err" | strip)"
    else
      printf '%s\tother\t\n' "$name"
    fi
  done
}
if [[ ${1:-} == --check ]]; then
  mkdir "$tmp/cases"
  VERIFY_CASES_OUT="$tmp/cases" python3 scripts/verify-cases.py 2>/dev/null
  diff -r -x expected.tsv "$tmp/cases" "$DIR" >/dev/null ||
    { echo "verify-table: $DIR differs from scripts/verify-cases.py (run it)" >&2; exit 1; }
  table "$DIR" | diff -u "$OUT" - ||
    { echo "verify-table: $OUT differs from llvm-as-19's verdicts (run scripts/verify-table.sh)" >&2; exit 1; }
  echo "verify-table: $(grep -c . "$OUT") modules, verdicts agree with llvm-as-19"
else
  table "$DIR" > "$OUT"
  echo "verify-table: $(grep -c . "$OUT") verdicts written to $OUT"
fi
