#!/usr/bin/env python3
"""Writes the LLVM 19 expectations quoted by tests/datalayout.rs.

Runs scripts/datalayout-oracle.cpp (built against libLLVM 19, see the build
line at its top) over fixed lists of layout strings, types and GEPs, and
writes the sections `[dump]`, `[eq]`, `[types]` and `[gep]` of
tests/data/datalayout-llvm19.txt, which the test file reads. Regenerate with:

    python3 scripts/datalayout-table.py /tmp/datalayout-oracle > tests/data/datalayout-llvm19.txt
"""
import random
import subprocess
import sys

ORACLE = sys.argv[1] if len(sys.argv) > 1 else "/tmp/datalayout-oracle"

X86_64 = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
I386 = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128"
AARCH64 = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
BIG = "E-m:e-p:32:32-i64:64-n32-S128"
AMDGPU = ("e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32"
          "-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256"
          "-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9")

DEFS = [
    "%struct.foo = type { %struct.anon }",
    "%struct.anon = type { i64, %struct.anon.0, i64 }",
    "%struct.anon.0 = type { i64, i64, %union.anon, i64, i64 }",
    "%union.anon = type { i64, [24 x i8] }",
    "%S = type { i8, i32, [4 x i16] }",
    "%T = type { i64, [3 x i32] }",
    "%struct.RT = type { i8, [10 x [20 x i32]], i8 }",
    "%struct.ST = type { i32, double, %struct.RT }",
    "%packed = type <{ i8, i32, i16 }>",
    "%opaque = type opaque",
    "%with.opaque = type { i32, %opaque }",
]

TYPES = [
    "i1", "i7", "i8", "i9", "i16", "i24", "i32", "i48", "i64", "i65", "i128", "i256", "i1000",
    "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128",
    "ptr", "ptr addrspace(1)", "ptr addrspace(3)", "ptr addrspace(5)", "ptr addrspace(7)",
    "ptr addrspace(8)", "ptr addrspace(9)", "ptr addrspace(270)", "ptr addrspace(272)",
    "<1 x i64>", "<2 x i32>", "<3 x i32>", "<4 x i32>", "<2 x i24>", "<3 x i8>", "<4 x double>",
    "<8 x float>", "<8 x i1>", "<2 x i1>", "<5 x i1>", "<16 x i8>", "<32 x i8>", "<64 x i32>",
    "<3 x half>", "<2 x x86_fp80>", "<2 x ptr>", "<4 x ptr addrspace(7)>", "<3 x float>",
    "<vscale x 4 x i32>", "<vscale x 16 x i1>", "<vscale x 2 x double>",
    "[3 x i24]", "[0 x i8]", "[2 x x86_fp80]", "[2 x <3 x i32>]", "[2 x [3 x i128]]",
    "[10 x i32]", "[2 x half]", "[3 x ptr addrspace(7)]",
    "{}", "{i8, i32}", "<{i8, i32}>", "{i32, i8}", "{i8, i64}", "{i8, i16, i8, i64, i1}",
    "{i32, [0 x i8]}", "{i8, {i8, i32}, i8}", "{i8, <{i8, i32}>, i8}", "{i8, x86_fp80}",
    "{i8, ptr}", "{i1, i1, i1}", "{i8, <3 x i32>}", "{i8}", "{i8, i32, i64}",
    "{i32, [0 x i32], i32}", "{ptr addrspace(7), i8}", "{i8, i128}", "{double, i8}",
    "<{}>", "<{i8, double}>", "{<{i8, double}>}", "{[3 x i8], i16}",
    "{<vscale x 4 x i32>, <vscale x 4 x i32>}",
    "%struct.foo", "%struct.anon", "%struct.anon.0", "%union.anon", "%S", "%T",
    "%struct.RT", "%struct.ST", "%packed", "[2 x %S]", "{%S, i8}",
    "%opaque", "%with.opaque", "[4 x %opaque]",
    'target("spirv.Image")', 'target("spirv.Event")', 'target("aarch64.svcount")',
    'target("dx.RawBuffer", i8, 0, 0)', 'target("foo.bar")', '{target("spirv.Event"), i8}',
]

LAYOUTS = ["", X86_64, I386, AARCH64, BIG, AMDGPU,
           "i64:64", "i128:128", "f80:32", "f80:128", "a:32", "a:0:16", "p:32:32",
           "v64:64", "e-p:64:64-i64:64", "e-p:64:64:64:32", "p1:64:64:64:32",
           "i32:16-i32:64", "f64:32:64", "v128:32:64-v96:64", "f16:32-f32:64:128",
           "i8:8:32-i16:32:64-i24:64", "a:16:32", "p:16:16-p1:128:128:128:64"]

# Every data layout string the behaviours file names (DL2-DL34), the five
# target layouts, and a few more: each is parsed by LLVM 19 and either its
# error message or a dump of its properties is recorded.
DUMPS = [
    "", "e", "m:e", "m:e-e", "-", "e-", "-m:e", "m:e--e", ":32", "i32:16-i32:64",
    "p:64:64:64", "Fi8", "Fi16", "Fi32", "Fi64", "Fn8", "Fn16", "Fn32", "Fn64", "Fi0", "Fn0",
    "E1", "e1", "e -p:32:32", "s", "s:64:64", "i32:32:32:32", "a:32:32:32", "p:32:32:32:32:32",
    "i0:8", "f0:8", "v0:8", "i:8", " e", "^", "x",
    "m:v", "m:q", "m", "m.", "m:ee", "m:l", "m:m", "m:o", "m:x", "m:w", "m:a", "m:e:x",
    "n0", "n", "n:32", "nx", "n32:", "n8:16:32:64", "n64:32", "n256:8", "n264", "n32:32",
    "A16777216", "G16777216", "P16777216", "p16777216:32:32:32:32", "A16777215", "G16777215",
    "P16777215", "p16777215:32:32", "A", "G", "P", "Ax", "A5", "P1-A2", "G2", "G200",
    "Fi24", "Fn24", "S24", "S12", "S0", "S8", "S128", "S", "F", "Fx8", "Fi", "Fn",
    "i8:16", "i8:16:8", "i8:16:32", "i8:8:16", "i", "i1", "a", "a0", "p", "p0", "p:32", "p0:32",
    "i0x8:8", "ix:8:8", "i1:x", "i8:8x:8", "i8:8:0x8", "a:x", "a0:0x0", "p:32:x",
    "p0:32:0x20:32", "ni", "ni42", "nix", "ni:x", "ni:42:0x1",
    "i8:", "i1:8:", "a:", "a0:", "p:32:", "p:32:32:", "p:32:32:32:", "ni:", "ni:42:",
    "i16::16", "i32::64", "a::32", "p::32", "p0:32::32", "p42:32:32::32", "ni::42",
    "i16777216:64:64", "i16777215:8:0",
    "i8:0", "i16:0:16", "i32:0:64", "i1:1", "i8:4", "i16:6:16", "a:1", "a:9:16", "i8:8:17",
    "p:32:4", "i32:24:64", "a0:24:32", "i16:32:40", "a0:32:40", "i16:524288", "a:1048576",
    "i16:131072", "i16:16:1048576", "p:32:1048576",
    "i1:16:8", "i16:16:0", "i64:32:16", "f16:16:8", "v16:16:8", "a:16:8", "a:16:0", "a0:32:16",
    "p:64:64:32", "p0:16:32:16:16", "p42:32:65536:32:32", "a0:8:0",
    "a1:8", "a:0:16", "p:0:32", "p:32:0", "p0:32:0:32", "p42:32:24:32", "p:32:32:0",
    "p0:32:32:24", "p:32:32:32:0", "p:16:16:16:17", "p0:32:64:64:64", "p42:16:64:64:32",
    "p42:32:32:32:16777216", "p:12:8", "p:7:8", "p:64:64:64:7", "p:16777216:8",
    "ni:1", "ni:16777215", "ni:1:16777215", "ni:0", "ni:42:0", "ni:16777216", "ni:2:16777215",
    "ni:3:3", "p:16:32", "p1:16:32", "p1:31:32-p2:15:16:16:14", "p1:17:32", "p1:31:64-p2:23:8:16:9",
    "p1:16:32:32:10", "p1:19:32:64:5", "p1:33:16:32:15-p2:23:8:16:9", "p1:33:8:16:31-p2:23:8:32:17",
    "p:64:64:64:32", "e-p:32:32", "i99999999999:8", "i8:8:8:x", "p:32:32:32:32:",
    "i4294967296:8", "S18446744073709551616", "S18446744073709551608", "e:foo", "E-e",
    "e-E", "é", "p1:64:64-p1:32:32", "i65536:8", "v24:8:16-v24:32",
    X86_64, I386, AARCH64, BIG, AMDGPU,
]

EQUALS = [
    ("e", ""), ("", "p:64:64:64"), ("Fi8", "Fi16"), ("Fi8", "Fn8"), ("", "Fi8"), ("ni:1", ""),
    ("n32:64", "n64:32"), ("n32", "n32:32"), ("p1:64:64", ""), ("i32:32", ""), ("i32:32:64", ""),
    ("i64:32:64", ""), ("a:0:64", ""), ("S0", ""), ("Fi0", ""), ("Fn0", ""), ("m:e", ""),
    ("E", "e"), ("i:8", ""), ("s", ""), ("e-i64:64", "i64:64:64"), ("p:64:64:64:64", ""),
    ("n256", "n512"), ("n256", "n8"),
]

GEPS = [
    # (layout, source type, indices "ity v|ity v")
    (X86_64, "%struct.foo", "i64 0|i32 0|i32 1|i32 2|i32 1|i64 9"),
    (X86_64, "%struct.foo", "i64 0|i32 0|i32 1|i32 2|i32 1|i64 0"),
    (X86_64, "%struct.foo", "i64 0|i32 0|i32 1|i32 2|i32 1|i64 23"),
    (X86_64, "%struct.foo", "i64 1"),
    (X86_64, "%struct.foo", "i64 -1|i32 0|i32 2"),
    (X86_64, "[3 x i64]", "i64 0|i64 2"),
    (X86_64, "[3 x [3 x i64]]", "i64 0|i64 1|i64 2"),
    (X86_64, "%struct.ST", "i64 1|i32 2|i32 1|i64 5|i64 13"),
    (X86_64, "%struct.ST", "i64 0|i32 2|i32 2"),
    ("", "i32", "i8 -1"),
    ("", "i32", "i64 -1"),
    ("", "i8", "i128 18446744073709551617"),
    ("", "i32", "i64 4294967297"),
    ("e-p:64:64:64:32", "i32", "i64 4294967297"),
    ("e-p:64:64:64:32", "i8", "i64 -1"),
    ("e-p:64:64:64:32", "i64", "i64 1073741824"),
    ("p:16:16", "i32", "i64 20000"),
    ("e-p:64:64-i64:64", "i32", "i64 3"),
    ("e-p:64:64-i64:64", "%S", "i64 0|i32 1"),
    ("e-p:64:64-i64:64", "%S", "i64 1|i32 2|i64 3"),
    ("e-p:64:64-i64:64", "[10 x i32]", "i64 1|i64 2"),
    ("e-p:64:64-i64:64", "<4 x i32>", "i64 0|i64 2"),
    ("e-p:64:64-i64:64", "<8 x i1>", "i64 1"),
    ("e-p:64:64-i64:64", "x86_fp80", "i64 1"),
    ("e-p:64:64-i64:64", "i24", "i64 1"),
    ("e-p:64:64-i64:64", "%S", "i64 1|i32 2|i64 1"),
    ("", "<vscale x 4 x i32>", "i64 0"),
    ("", "<vscale x 4 x i32>", "i64 1"),
    ("", "<vscale x 4 x i32>", "i64 0|i64 3"),
    ("", "{<vscale x 4 x i32>, <vscale x 4 x i32>}", "i64 0|i32 1"),
    ("", "{<vscale x 4 x i32>, <vscale x 4 x i32>}", "i64 0|i32 0|i64 2"),
    ("", "[4 x i32]", "i64 0|i64 7"),
    ("", "[4 x i32]", "i64 0|i64 -9"),
    ("", "{}", "i64 5"),
    ("", "<3 x i32>", "i64 1|i64 2"),
    ("", "[2 x <3 x i32>]", "i64 0|i64 1|i64 2"),
    ("", "<2 x x86_fp80>", "i64 0|i64 1"),
    (I386, "{i8, double}", "i32 1|i32 1"),
    (I386, "x86_fp80", "i32 3"),
    (AMDGPU, "{i8, i64}", "i64 3|i32 1"),
    (BIG, "[5 x i64]", "i32 -2|i32 3"),
    (AARCH64, "{i8, i16, i64}", "i64 2|i32 2"),
    ("p:128:128:128:128", "i64", "i128 -3"),
    ("p:32:32:32:8", "i32", "i64 100"),
    ("p:32:32:32:8", "[300 x i8]", "i64 0|i64 200"),
]


# ---- seeded random extras (the same generators found 0 mismatches in
# 22,000 local comparisons; a sample is pinned here) ----

FUZZ_ATOMS = ["e", "E", "m", "S", "P", "A", "G", "F", "p", "i", "f", "v", "a", "n", "ni", "s",
              "x", "^", " "]
FUZZ_NUMS = ["0", "1", "7", "8", "16", "24", "32", "64", "128", "256", "0x8", "", "4294967296",
             "16777215", "16777216", "65536", "131072", "524288", "x", "-1", "+8"]


def fuzz_spec(rng):
    s = rng.choice(FUZZ_ATOMS)
    if s == "F" and rng.random() < .8:
        s += rng.choice(["i", "n", "x", ""])
    if s == "m":
        if rng.random() < .9:
            return s + ":" + rng.choice(["e", "l", "m", "o", "x", "w", "a", "q", "ee", ""])
        return s + rng.choice([".", "", ":e:x"])
    s += rng.choice(FUZZ_NUMS) if rng.random() < .7 else ""
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4, 5])):
        s += ":" + rng.choice(FUZZ_NUMS)
    return s


def fuzz_layout_strings(rng, n):
    out = []
    for _ in range(n):
        s = "-".join(fuzz_spec(rng) for _ in range(rng.choice([1, 1, 2, 3, 4])))
        if rng.random() < .05:
            s = "-" + s
        if rng.random() < .05:
            s = s + "-"
        out.append(s)
    return out


PIECES = ["e", "E", "p:32:32", "p:64:64:64:32", "p1:16:16", "p3:32:64:128:16", "i64:64",
          "i64:32:64", "i128:128", "i16:32", "i1:16", "i24:32", "f80:32", "f80:128", "f64:32:64",
          "f16:32", "v64:64", "v128:64", "v96:128", "v32:32:64", "v256:128", "a:32", "a:0:64",
          "a:16:32", "n8:16:32", "S128", "p:16:16:16:8", "i32:16:64", "i8:8:64"]
SCALARS = ["i1", "i7", "i8", "i9", "i16", "i24", "i32", "i33", "i48", "i64", "i65", "i100", "i128",
           "i256", "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128", "ptr",
           "ptr addrspace(1)", "ptr addrspace(3)"]
VELEMS = {"i1": 1, "i2": 2, "i8": 8, "i16": 16, "i24": 24, "i32": 32, "i64": 64, "i128": 128,
          "half": 16, "float": 32, "double": 64, "ptr": 0, "x86_fp80": 80}


def fuzz_type(rng, d=3):
    r = rng.random()
    if d == 0 or r < 0.35:
        return ("s", rng.choice(SCALARS))
    if r < 0.5:
        e, n = rng.choice(sorted(VELEMS)), rng.randint(1, 9)
        if rng.random() < 0.1 and d == 3:
            return ("sv", e, n)
        return ("v", e, n)
    if r < 0.7:
        return ("a", rng.randint(0, 5), fuzz_type(rng, d - 1))
    return ("st", rng.random() < 0.2, [fuzz_type(rng, d - 1) for _ in range(rng.randint(0, 4))])


def type_text(t):
    k = t[0]
    if k == "s":
        return t[1]
    if k == "v":
        return f"<{t[2]} x {t[1]}>"
    if k == "sv":
        return f"<vscale x {t[2]} x {t[1]}>"
    if k == "a":
        return f"[{t[1]} x {type_text(t[2])}]"
    inner = ", ".join(type_text(x) for x in t[2])
    return ("<{" + inner + "}>") if t[1] else ("{" + inner + "}")


def fuzz_gep(rng, t):
    idx = [("i64", rng.randint(-3, 3))]
    cur = t
    while rng.random() < 0.8:
        k = cur[0]
        if k == "a":
            idx.append(("i64", rng.randint(-2, 6)))
            cur = cur[2]
        elif k == "v":
            if VELEMS[cur[1]] % 8 or cur[1] == "ptr":
                break
            idx.append(("i64", rng.randint(0, cur[2] - 1)))
            cur = ("s", cur[1])
        elif k == "st" and cur[2]:
            i = rng.randrange(len(cur[2]))
            idx.append(("i32", i))
            cur = cur[2][i]
        else:
            break
    return "|".join(f"{a} {b}" for a, b in idx)


RNG = random.Random(19)
DUMPS += fuzz_layout_strings(RNG, 200)
FUZZ_LAYOUTS = ["-".join(RNG.sample(PIECES, RNG.randint(0, 5))) for _ in range(30)]
FUZZ_TYPES = {dl: [fuzz_type(RNG) for _ in range(8)] for dl in FUZZ_LAYOUTS}
for dl, tys in FUZZ_TYPES.items():
    for t in tys:
        GEPS.append((dl, type_text(t), fuzz_gep(RNG, t)))


def run(lines):
    out = subprocess.run([ORACLE], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True).stdout
    return out.splitlines()


def main():
    print("# Generated by scripts/datalayout-table.py from libLLVM 19.1.7 (scripts/datalayout-oracle.cpp).")
    print("# Do not edit by hand: regenerate.")
    print("[dump]")
    out = run(["dl " + d for d in DUMPS])
    for d, r in zip(DUMPS, out):
        print(f"|{d}| => {r}")
    print("[eq]")
    out = run([f"eq {a}|{b}" for a, b in EQUALS])
    for (a, b), r in zip(EQUALS, out):
        print(f"|{a}|{b}| => {r}")
    print("[types]")
    for d in DEFS:
        print("def " + d)
    for dl in LAYOUTS:
        lines = ["dl " + dl] + ["def " + d for d in DEFS] + ["ty " + t for t in TYPES]
        out = run(lines)
        assert out[0].startswith("ok"), out[0]
        print("layout " + dl)
        for t, r in zip(TYPES, out[1:]):
            print(f"{t} => {r}")
    for dl, tys in FUZZ_TYPES.items():
        texts = [type_text(t) for t in tys]
        out = run(["dl " + dl] + ["ty " + t for t in texts])
        print("layout " + dl)
        for t, r in zip(texts, out[1:]):
            if not r.startswith("parse-error"):
                print(f"{t} => {r}")
    print("[gep]")
    for dl, ty, idx in GEPS:
        out = run(["dl " + dl] + ["def " + d for d in DEFS] + [f"gep {ty}|{idx}"])
        if out[1].startswith("gep ") and out[1] != "gep invalid":
            print(f"{dl} ;; {ty} ;; {idx} => {out[1]}")


if __name__ == "__main__":
    main()
