#!/usr/bin/env bash
# link-sweep.sh [LAIR] DIR: run the llvm-link RUN lines of lit tests in DIR (e.g. a copy
# of LLVM's llvm/test/Linker, never committed here) through llvm-link-19 and LAIR link
# (default target/release/lair), compared as ../shared/tools/oracle-link.sh compares.
# Understood RUN lines: `[not] llvm-link [-S] [-o X] FILES...`, and the `llvm-as`
# steps feeding it (`llvm-as < F > T`, `llvm-as F -o T`, `echo "TEXT" | llvm-as > T`);
# %s %S %p %t %% are substituted as lit does. Links with other flags are counted
# as skipped; llvm-link-19 itself is the filter for files newer than LLVM 19.
# Prints one line a link (OK / DIFF / LAIR-REFUSES / BAD-OUTPUT / REFUSE-AGREE /
# NOT-REFUSED / SKIP) and a summary; not part of CI (LLVM's tests are not kept here).
set -uo pipefail
L=/usr/lib/llvm-19/bin
export LC_ALL=C
if [[ $# -ge 2 ]]; then lair=$1; shift; else lair=$(cd "$(dirname "$0")/.." && pwd)/target/release/lair; fi
dir=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
norm() { $L/llvm-as "$1" -o "$tmp/n.bc" 2>"$tmp/n.err" && $L/llvm-dis "$tmp/n.bc" -o - | sed -e 1d -e 's/[[:space:]]*; preds = .*$//'; }
# First line of a diagnostic without what frames it: the tool's name, lair's
# `FILE: ` prefix naming the input, the `error: ` tag, the scratch paths.
msg() {
  head -1 "$1" | sed -E -e 's#^[^ ]*llvm-link: ##' -e 's#^lair link: ##' \
    -e 's#^[^ ]+\.(ll|bc): ([^0-9])#\2#' -e 's/^(error|warning): //' -e "s#$tmp/##g" -e "s#$dir/##g"
}
mkdir -p "$tmp/f"
# The RUN lines, as shell-free job lines: AS <out> <src-file>, ASTEXT <out> <text>, LINK <not> <args...>.
python3 - "$dir" "$tmp" >"$tmp/jobs" <<'PY'
import os, re, shlex, sys
d, tmp = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(d)):
    f = os.path.join(d, name)
    if not name.endswith('.ll') or not os.path.isfile(f):
        continue
    runs, cur = [], ''
    for line in open(f, errors='replace'):
        m = re.search(r'RUN:(.*)$', line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith('\\'):
            cur += part[:-1] + ' '
            continue
        runs.append(cur + part); cur = ''
    t = os.path.join(tmp, 'f', re.sub(r'\W', '_', name))
    def sub(s):
        s = s.replace('%%', '\0')
        s = s.replace('%s', f).replace('%S', d).replace('%p', d).replace('%t', t)
        return s.replace('\0', '%')
    n = 0
    for r in runs:
        for cmd in sub(r).split('&&'):
            try:
                toks = shlex.split(cmd)
            except ValueError:
                continue
            if not toks:
                continue
            if toks[0] == 'split-file' and len(toks) == 3:
                # lit's split-file: each `;--- NAME` line starts a file NAME.
                os.makedirs(toks[2], exist_ok=True)
                out = None
                for line in open(toks[1], errors='replace'):
                    m = re.match(r'^;--- (\S+)\s*$', line)
                    if m:
                        out = open(os.path.join(toks[2], m.group(1)), 'w')
                    elif out:
                        out.write(line)
                continue
            if toks[0] == 'echo' and '|' in toks and 'llvm-as' in toks:
                text = ' '.join(toks[1:toks.index('|')])
                rest = toks[toks.index('|') + 1:]
                if rest[0] == 'llvm-as' and '>' in rest and len(rest) == 3:
                    print('ASTEXT\t%s:%d\t%s\t%s' % (name, n, rest[rest.index('>') + 1], text))
                continue
            if toks[0] == 'llvm-as':
                src = out = None; i = 1; ok = True
                while i < len(toks):
                    x = toks[i]
                    if x == '<': src = toks[i + 1]; i += 2
                    elif x in ('>', '-o'): out = toks[i + 1]; i += 2
                    elif x.startswith('-'): ok = False; i += 1
                    else: src = x; i += 1
                if ok and src and out:
                    print('AS\t%s:%d\t%s\t%s' % (name, n, out, src))
                continue
            neg = toks[0] == 'not'
            if neg:
                toks = toks[1:]
            if not toks or toks[0] != 'llvm-link':
                continue
            n += 1
            files, flags, i = [], [], 1
            while i < len(toks):
                x = toks[i]
                if x.startswith(('|', '>', '<', '2>', '&')):
                    break
                if '|' in x:
                    x = x[:x.index('|')]
                    if x == '-':
                        break
                if x == '-o':
                    if i + 1 < len(toks) and '|' in toks[i + 1]:
                        break
                    i += 2; continue
                if x == '-S': i += 1; continue
                if x.startswith('-'): flags.append(x); i += 1; continue
                files.append(x); i += 1
            if flags:
                print('SKIP\t%s:%d\tflags %s' % (name, n, ' '.join(flags)))
            else:
                print('LINK\t%s:%d\t%s' % (name, n, '\t'.join(files)))
PY
declare -A seen
links=0 accepts=0 equal=0 refusals=0 agree=0 msgagree=0 skip=0
while IFS=$'\t' read -r kind id a b; do
  case $kind in
    AS) $L/llvm-as <"$b" -o "$a" 2>/dev/null || rm -f "$a"; continue ;;
    ASTEXT) printf '%s\n' "$b" | $L/llvm-as -o "$a" 2>/dev/null || rm -f "$a"; continue ;;
    SKIP) skip=$((skip + 1)); echo "SKIP	$id	$a"; continue ;;
  esac
  IFS=$'\t' read -r -a files <<<"$a${b:+	$b}"
  missing=
  for x in "${files[@]}"; do [[ -f $x ]] || missing=$x; done
  if [[ -n $missing ]]; then skip=$((skip + 1)); echo "SKIP	$id	input missing or not assembled by llvm-as-19: ${missing#"$dir"/}"; continue; fi
  key=$(for x in "${files[@]}"; do cksum <"$x"; done | tr '\n' ' ')
  if [[ -n ${seen[$key]:-} ]]; then continue; fi
  seen[$key]=1
  links=$((links + 1))
  timeout 300 $L/llvm-link -S "${files[@]}" -o "$tmp/ref.ll" 2>"$tmp/ref.err"; lrc=$?
  timeout 300 "$lair" link "${files[@]}" -S -o "$tmp/o.ll" 2>"$tmp/o.err"; rc=$?
  if [[ $lrc -gt 1 ]]; then echo "SKIP	$id	llvm-link-19 crashed (rc=$lrc)"; links=$((links - 1)); skip=$((skip + 1)); continue; fi
  if [[ $lrc == 1 ]]; then
    refusals=$((refusals + 1))
    if [[ $rc == 1 && -s $tmp/o.err ]]; then
      agree=$((agree + 1))
      if [[ "$(msg "$tmp/ref.err")" == "$(msg "$tmp/o.err")" ]]; then msgagree=$((msgagree + 1)); echo "REFUSE-AGREE	$id	same message: $(msg "$tmp/ref.err")"
      else echo "REFUSE-AGREE	$id	other message: llvm: $(msg "$tmp/ref.err") | lair: $(msg "$tmp/o.err")"; fi
    else
      echo "NOT-REFUSED	$id	rc=$rc; llvm: $(msg "$tmp/ref.err")"
    fi
    continue
  fi
  accepts=$((accepts + 1))
  if [[ $rc != 0 ]]; then echo "LAIR-REFUSES	$id	rc=$rc: $(msg "$tmp/o.err")"; continue; fi
  norm "$tmp/ref.ll" >"$tmp/ref.dis"
  if ! norm "$tmp/o.ll" >"$tmp/o.dis"; then echo "BAD-OUTPUT	$id	$(head -1 "$tmp/n.err" | sed "s#$tmp/##g")"; continue; fi
  if cmp -s "$tmp/ref.dis" "$tmp/o.dis"; then equal=$((equal + 1)); echo "OK	$id"
  else echo "DIFF	$id	$(diff "$tmp/ref.dis" "$tmp/o.dis" | grep -m2 '^[<>]' | tr '\n' ' ' | head -c 300)"; fi
done <"$tmp/jobs"
echo "links run: $links (skipped: $skip)"
echo "llvm-link-19 accepts: $accepts; lair equal: $equal"
echo "llvm-link-19 refuses: $refusals; lair refuses too: $agree; same message: $msgagree"
