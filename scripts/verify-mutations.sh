#!/usr/bin/env bash
# Checks the messages of tests/verify_property.rs against llvm-as-19: runs
# the property test with LAIR_VERIFY_SAMPLES set, so that it writes the
# first mutated modules of each kind that .ll text can express (NAME.ll, and
# expected.tsv: name <TAB> the message the test asserted lair gives), then
# checks that llvm-as-19 rejects each one with that message first (the line
# after "does not verify as correct!"). Run from the crate root:
#   bash scripts/verify-mutations.sh
set -euo pipefail
L=/usr/lib/llvm-19/bin
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
LAIR_VERIFY_SAMPLES="$tmp" cargo test --release --quiet --test verify_property >/dev/null
[ -s "$tmp/expected.tsv" ] || { echo "verify-mutations: the test wrote no sample" >&2; exit 1; }
pass=0 fail=0
while IFS=$'\t' read -r name want; do
  if "$L/llvm-as" "$tmp/$name.ll" -o /dev/null 2>"$tmp/err"; then
    fail=$((fail+1)); echo "FAIL $name: llvm-as-19 accepts it (want '$want')"; continue
  fi
  got=$(sed -n '/does not verify as correct!$/{n;p;q}' "$tmp/err" | sed 's/[[:space:]]*$//')
  if [[ "$got" == "$want" ]]; then pass=$((pass+1))
  else fail=$((fail+1)); echo "FAIL $name: llvm-as-19 says '$got', the test wants '$want'"; fi
done < "$tmp/expected.tsv"
kinds=$(cut -f2 "$tmp/expected.tsv" | sort -u | wc -l)
echo "mutation samples: $pass agree with llvm-as-19 ($kinds messages), $fail differ"
[[ $fail == 0 ]]
