#!/usr/bin/env bash
# unseen-sweep.sh DIR [LAIR]: judge lair on .ll files it has never seen (LLVM's
# own test files, fetched by hand into DIR; they are not in the repository and
# this script is not part of CI).
#
# For each DIR/*.ll (a file using split-file is split at its ';--- NAME' lines
# into one module per part, named FILE@NAME; the text before the first marker
# is dropped, as split-file does):
#   parse    llvm-as-19 --disable-verify accepts?  lair fmt accepts?
#   text     lair fmt F, judged by the oracle-ll rule: llvm-dis-19(llvm-as-19 F) ==
#            llvm-dis-19(llvm-as-19 (lair fmt F)), ModuleID and '; preds =' aside
#   as       llvm-dis-19(lair as F) == llvm-dis-19(llvm-as-19 F)
#   dis      lair dis (llvm-as-19 F) == llvm-dis-19 (llvm-as-19 F)
#   verify   lair verify F accepts exactly when opt-19 -passes=verify does
#   msg      where both parsers refuse F: the same LINE:COL: error: message
#   ('lair as' may refuse what the verifier refuses, as llvm-as-19 does)
# Writes one tab-separated line per file to DIR.results/results.tsv
# (file, verdicts, first line of the first failure) and the outputs that differ
# to DIR.results/, then prints the counts.
set -uo pipefail
L=/usr/lib/llvm-19/bin
export LC_ALL=C
dir=${1:?usage: unseen-sweep.sh DIR [LAIR]}
LAIR=${2:-target/release/lair}
out="${dir%/}.results"
rm -rf "$out"; mkdir -p "$out"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/in"
for f in "$dir"/*.ll; do
  b=$(basename "$f" .ll)
  if grep -q '^;--- ' "$f"; then
    awk -v d="$tmp/in" -v b="$b" '/^;--- /{o=d "/" b "@" $2; sub(/\.ll$/, "", o); o=o ".ll"; next} o{print > o}' "$f"
  else cp "$f" "$tmp/in/"; fi
done
strip() { sed -e '1{/^; ModuleID/d}' -e 's/[[:space:]]*; preds = .*$//'; }
first() { head -1 "$1" | cut -c1-200 | tr '\t' ' '; }
where() { sed -n 's/.*\.ll:\([0-9]*:[0-9]*: error: .*\)/\1/p' "$1" | head -1; }
res="$out/results.tsv"
printf 'file\tllvm\tlair\ttext\tas\tdis\tverify\tmsg\tnote\n' >"$res"
while IFS= read -r f; do
  b=$(basename "$f" .ll)
  llvm=refuse lair=refuse text=- as=- dis=- verify=- msg=- note=
  timeout 60 $L/llvm-as --disable-verify "$f" -o "$tmp/ref.bc" 2>"$tmp/ref.err" && llvm=accept
  timeout 60 "$LAIR" fmt "$f" >"$tmp/o.ll" 2>"$tmp/o.err"; rc=$?
  if [[ $rc == 0 ]]; then lair=accept
  elif [[ $rc != 1 ]]; then lair="crash$rc"; fi
  if [[ $llvm == accept && $lair != accept ]]; then note="lair: $(first "$tmp/o.err")"; fi
  if [[ $llvm != accept && $lair == accept ]]; then note="llvm: $(first "$tmp/ref.err")"; fi
  if [[ $llvm != accept && $lair == refuse ]]; then
    want=$(where "$tmp/ref.err") got=$(where "$tmp/o.err")
    if [[ "$want" == "$got" ]]; then msg=same; else msg=differ; note="llvm: $want / lair: $got"; fi
  fi
  if [[ $llvm == accept ]]; then
    $L/llvm-dis "$tmp/ref.bc" -o - 2>/dev/null | strip >"$tmp/ref.dis"
    if $L/opt -passes=verify -disable-output "$tmp/ref.bc" 2>"$tmp/v.err"; then v=accept; else v=refuse; fi
    if grep -q 'ignoring invalid debug info' "$tmp/v.err"; then v=dropdbg; fi
    if [[ $lair == accept ]]; then
      if $L/llvm-as --disable-verify "$tmp/o.ll" -o "$tmp/o.bc" 2>"$tmp/as.err"; then
        $L/llvm-dis "$tmp/o.bc" -o - 2>/dev/null | strip >"$tmp/o.dis"
        if cmp -s "$tmp/ref.dis" "$tmp/o.dis"; then text=same; else
          text=differ; diff "$tmp/ref.dis" "$tmp/o.dis" >"$out/$b.text.diff"
          [[ -n $note ]] || note="text: $(sed -n '2p' "$out/$b.text.diff" | cut -c1-200)"
        fi
      else
        text=unreadable; [[ -n $note ]] || note="llvm-as on lair fmt: $(first "$tmp/as.err")"
      fi
      # lair as F, read by llvm-dis-19.
      if timeout 60 "$LAIR" as "$f" -o "$tmp/l.bc" 2>"$tmp/l.err"; then
        if $L/llvm-dis "$tmp/l.bc" -o - 2>"$tmp/ld.err" | strip >"$tmp/l.dis" && ! grep -q error "$tmp/ld.err"; then
          if cmp -s "$tmp/ref.dis" "$tmp/l.dis"; then as=same; else
            as=differ; diff "$tmp/ref.dis" "$tmp/l.dis" >"$out/$b.as.diff"
            [[ -n $note ]] || note="as: $(sed -n '2p' "$out/$b.as.diff" | cut -c1-200)"
          fi
        else as=unreadable; [[ -n $note ]] || note="llvm-dis on lair as: $(first "$tmp/ld.err")"; fi
      elif [[ $v == refuse ]]; then as=same
      else as=refuse; [[ -n $note ]] || note="lair as: $(first "$tmp/l.err")"; fi
    fi
    # llvm-as-19 F, read by lair dis.
    if timeout 60 "$LAIR" dis "$tmp/ref.bc" -o "$tmp/d.ll" 2>"$tmp/d.err"; then
      if cmp -s "$tmp/ref.dis" <(strip <"$tmp/d.ll"); then dis=same; else
        dis=differ; diff "$tmp/ref.dis" <(strip <"$tmp/d.ll") >"$out/$b.dis.diff"
        [[ -n $note ]] || note="dis: $(sed -n '2p' "$out/$b.dis.diff" | cut -c1-200)"
      fi
    else dis=refuse; [[ -n $note ]] || note="lair dis: $(first "$tmp/d.err")"; fi
    # The verifier: the same verdict as opt-19.
    timeout 60 "$LAIR" verify "$f" >/dev/null 2>"$tmp/lv.err"; lv=$?
    if [[ $v == refuse ]]; then [[ $lv == 1 ]] && verify=same || verify=differ
    else [[ $lv == 0 ]] && verify=same || verify=differ; fi
    if [[ $verify == differ && -z $note ]]; then
      note="verify: llvm $v: $(first "$tmp/v.err") / lair rc=$lv: $(first "$tmp/lv.err")"
    fi
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$b" "$llvm" "$lair" "$text" "$as" "$dis" "$verify" "$msg" "$note" >>"$res"
done < <(find "$tmp/in" -maxdepth 1 -name '*.ll' -type f | sort)
awk -F'\t' 'NR>1 {
  n++
  if ($2=="accept") acc++; else ref++
  if ($2=="accept" && $3!="accept") lref++
  if ($2!="accept" && $3=="accept") lacc++
  if ($3 ~ /^crash/) crash++
  if ($4=="same") ts++; else if ($4!="-") td++
  if ($5=="same") as_++; else if ($5!="-") ad++
  if ($6=="same") ds++; else if ($6!="-") dd++
  if ($7=="same") vs++; else if ($7!="-") vd++
  if ($8=="same") ms++; else if ($8!="-") md++
} END {
  printf "modules %d; LLVM 19 parses %d, refuses %d\n", n, acc, ref
  printf "lair refuses what LLVM parses: %d; lair accepts what LLVM refuses: %d; lair crashes: %d\n", lref, lacc, crash
  printf "text (lair fmt): %d same, %d differ\n", ts, td
  printf "bitcode written by lair (lair as | llvm-dis-19): %d same, %d differ\n", as_, ad
  printf "bitcode read by lair (llvm-as-19 | lair dis): %d same, %d differ\n", ds, dd
  printf "verifier verdict: %d same, %d differ\n", vs, vd
  printf "refusal message (line:col: error: text): %d same, %d differ\n", ms, md
}' "$res"
