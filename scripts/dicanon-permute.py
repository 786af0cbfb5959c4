#!/usr/bin/env python3
"""dicanon-permute.py LAIR FILE...: lair prints specialised debug-info nodes
as LLVM 19 does, whatever order and defaults the text used.

For every .ll FILE (directories are searched for *.ll), each top-level
`!N = [distinct] !DIxxx(...)` node gets its fields shuffled (fixed seed)
and its fields whose value is a parser default (`0`, `false`, `null`,
`""`) dropped, except where dropping changes the meaning (required
fields, `spFlags`, fields defaulting otherwise). Every mutated module that
llvm-as-19 accepts must print the same by `LAIR fmt` as by
`llvm-as-19 | llvm-dis-19` (the ModuleID line and `; preds =` comments
aside). `ptrAuth*` fields are dropped: LLVM 19's text parser stores
them in `align` (a bug lair does not copy). Prints failures, then 'N passed, N failed'; exits 1 on any failure.
"""
import os
import random
import re
import subprocess
import sys
import tempfile

LLVM = "/usr/lib/llvm-19/bin"
NODE = re.compile(r"^(![0-9]+ = (?:distinct )?!)(DI[A-Za-z]+|GenericDINode)\((.*)\)$")
# Fields whose absence does not mean the value written: required by
# LLParser, defaulting to something else, or printed when present.
KEEP = {
    "spFlags", "isDefinition", "splitDebugInlining", "count", "lowerBound",
    "upperBound", "stride", "dwarfAddressSpace", "source", "checksum",
    "checksumkind", "tag", "value", "types", "baseType", "var", "expr",
    "ptrAuthKey", "ptrAuthIsAddressDiscriminated", "ptrAuthExtraDiscriminator",
    "ptrAuthIsaPointer", "ptrAuthAuthenticatesNullValues", "virtualIndex",
}
REQUIRED = {
    "DILocation": {"scope"}, "DIEnumerator": {"name"},
    "DIFile": {"filename", "directory"}, "DICompileUnit": {"language", "file"},
    "DILexicalBlock": {"scope"}, "DILexicalBlockFile": {"scope", "discriminator"},
    "DICommonBlock": {"scope"}, "DINamespace": {"scope"}, "DIMacro": {"type", "name"},
    "DIMacroFile": {"file"}, "DIModule": {"scope", "name"},
    "DITemplateTypeParameter": {"type"}, "DILocalVariable": {"scope"},
    "DILabel": {"scope", "name", "file", "line"}, "DIImportedEntity": {"scope"},
}
ROUNDS = 3
DEFAULTS = {"0", "false", "null", '""'}


def split_fields(body):
    """Top-level comma-separated fields of a node body."""
    out, depth, cur, i, instr = [], 0, "", 0, False
    while i < len(body):
        c = body[i]
        if instr:
            if c == "\\":
                cur += body[i:i + 3]
                i += 3
                continue
            if c == '"':
                instr = False
        elif c == '"':
            instr = True
        elif c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
        elif c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            i += 1
            continue
        cur += c
        i += 1
    if cur.strip():
        out.append(cur.strip())
    return out


def mutate(text, rng):
    lines = []
    for line in text.split("\n"):
        m = NODE.match(line)
        if m and m.group(2) not in ("DIExpression", "DIArgList"):
            kind = m.group(2)
            fields = split_fields(m.group(3))
            kept = []
            for f in fields:
                name, _, val = f.partition(":")
                name, val = name.strip(), val.strip()
                if name.startswith("ptrAuth"):
                    continue
                if (val in DEFAULTS and name not in KEEP
                        and name not in REQUIRED.get(kind, ())):
                    continue
                kept.append(f)
            rng.shuffle(kept)
            line = m.group(1) + kind + "(" + ", ".join(kept) + ")"
        lines.append(line)
    return "\n".join(lines)


def norm(text):
    out = []
    for line in text.split("\n"):
        if line.startswith("; ModuleID"):
            continue
        out.append(re.sub(r"\s*; preds = .*$", "", line))
    return "\n".join(out)


def main():
    lair, args = sys.argv[1], sys.argv[2:]
    files = []
    for a in args:
        if os.path.isdir(a):
            files += sorted(os.path.join(a, f) for f in os.listdir(a) if f.endswith(".ll"))
        else:
            files.append(a)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            with open(path, encoding="utf-8", errors="surrogateescape") as fh:
                text = fh.read()
            if not NODE.search(text) and "!DI" not in text:
                continue
            for seed in range(ROUNDS):
                ok, msg = check(lair, tmp, mutate(text, random.Random(f"{path}/{seed}")))
                if ok is None:
                    continue
                if ok:
                    passed += 1
                else:
                    failed += 1
                    print(f"FAIL: {path} (round {seed})\n{msg}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def check(lair, tmp, mutated):
    """(None, _) when LLVM rejects the module, else (agrees, first diff)."""
    src = os.path.join(tmp, "m.ll")
    with open(src, "w", encoding="utf-8", errors="surrogateescape") as fh:
        fh.write(mutated)
    bc = os.path.join(tmp, "m.bc")
    if subprocess.run([f"{LLVM}/llvm-as", src, "-o", bc],
                      capture_output=True).returncode != 0:
        return None, ""
    want = subprocess.run([f"{LLVM}/llvm-dis", bc, "-o", "-"],
                          capture_output=True).stdout
    got = subprocess.run([lair, "fmt", src], capture_output=True)
    a = norm(want.decode("utf-8", "surrogateescape"))
    b = norm(got.stdout.decode("utf-8", "surrogateescape"))
    if got.returncode == 0 and a == b:
        return True, ""
    for x, y in zip(a.split("\n"), b.split("\n")):
        if x != y:
            return False, f"  llvm: {x[:200]}\n  lair: {y[:200]}"
    return False, got.stderr.decode("utf-8", "replace")[:400]


if __name__ == "__main__":
    sys.exit(main())
