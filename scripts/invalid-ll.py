#!/usr/bin/env python3
"""Checks tests/data/ll/invalid/cases.txt against llvm-as-19.

Each case (blocks separated by `;---`) carries `; ERROR: COL: message`
after its offending line: the message lair gives, which `cargo test`
checks (tests/parse.rs). This script checks that LLVM 19's parser
(`llvm-as --disable-verify`) refuses the same case at the same line and
column with the same message, so the invalid set is LLVM's, not ours.
A case whose ERROR line reads `; ERROR(lair): ...` is one LLVM 19 does
not diagnose cleanly (it aborts or crashes): the script only checks that
llvm-as fails on it.

Usage: scripts/invalid-ll.py [CASES]; exits 1 on any disagreement.
"""
import codecs
import os
import re
import subprocess
import sys
import tempfile

LLVM_AS = "/usr/lib/llvm-19/bin/llvm-as"

# LLVM writes a name's raw bytes into its message; lair's messages are text
# and show each byte outside a UTF-8 sequence as `\XX` (`ir::shown`), so
# LLVM's stderr is read the same way.
codecs.register_error(
    "llvm_hex",
    lambda e: ("".join("\\%02X" % b for b in e.object[e.start:e.end]), e.end))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, "..", "tests", "data", "ll", "invalid", "cases.txt")
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    cases = text.split(";---\n")[1:]
    ok = bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        f = os.path.join(tmp, "case.ll")
        for case in cases:
            lines = case.split("\n")
            k = next(i for i, l in enumerate(lines)
                     if l.startswith("; ERROR: ") or l.startswith("; ERROR(lair): "))
            lair_only = lines[k].startswith("; ERROR(lair): ")
            spec = lines[k].split(": ", 1)[1]
            col, msg = spec.split(": ", 1)
            with open(f, "w", encoding="utf-8", errors="surrogateescape") as out:
                out.write(case)
            r = subprocess.run([LLVM_AS, "--disable-verify", f, "-o", os.devnull],
                               capture_output=True, text=True, errors="llvm_hex")
            if r.returncode == 0:
                bad += 1
                print(f"ACCEPTED by llvm-as-19:\n{case}")
                continue
            if lair_only:
                ok += 1
                continue
            m = re.search(r"case\.ll:(\d+):(\d+): error: (.*)", r.stderr)
            got = (int(m.group(1)), int(m.group(2)), m.group(3)) if m else None
            want = (k, int(col), msg)
            if got != want:
                bad += 1
                print(f"llvm-as-19 says {got}, the case says {want}:\n{case}")
            else:
                ok += 1
    print(f"{ok} cases agree with llvm-as-19, {bad} disagree")
    sys.exit(1 if bad or not ok else 0)


if __name__ == "__main__":
    main()
