#!/usr/bin/env python3
"""Cases for ConstantFoldInstruction: a module whose functions @cN each hold
one instruction %r with constant operands (scripts/cfold-oracle.cpp folds
each with LLVM 19, tests/cfold.rs with lair). Prints the module on stdout.
With --big-endian: a big-endian data layout and only the cases whose
answer depends on byte order (loads, bitcasts, masked loads).
"""

import itertools
import sys

BIG = "--big-endian" in sys.argv

HEADER = r'''target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128-ni:7"
%pair = type { i32, i64 }
%packed = type <{ i8, i32 }>
%nest = type { [2 x i16], %pair, <2 x float> }
@g = global i32 7, align 8
@h = global [4 x i32] zeroinitializer, align 16
@ci = constant i32 305419896
@cl = constant i64 -81985529216486896
@cs = constant [6 x i8] c"hello\00"
@ca = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@cp = constant %pair { i32 10, i64 20 }
@cpk = constant %packed <{ i8 1, i32 2 }>
@cn = constant %nest { [2 x i16] [i16 1, i16 2], %pair { i32 3, i64 4 }, <2 x float> <float 1.0, float 2.0> }
@cf = constant float 1.5
@cd = constant double -2.25
@ch = constant half 0xH3C00
@cv = constant <4 x i8> <i8 1, i8 2, i8 3, i8 4>
@cz = constant [8 x i32] zeroinitializer
@cu = constant [4 x i16] undef
@cones = constant [2 x i32] [i32 -1, i32 -1]
@cptr = constant ptr @g
@cpnull = constant ptr null
@cint2ptr = constant ptr inttoptr (i64 4096 to ptr)
@cbig = constant i128 18446744073709551617
@codd = constant i24 1193046
@cx80 = constant x86_fp80 0xK3FFF8000000000000000
@cvec3 = constant <3 x i16> <i16 1, i16 2, i16 3>
@cvb = constant <8 x i1> <i1 1, i1 0, i1 1, i1 1, i1 0, i1 0, i1 0, i1 1>
@cni = constant ptr addrspace(7) null
@nc = global i32 5
@ext = external constant i32
@weakc = weak constant i32 3
@cstruct_ptr = constant { ptr, i64 } { ptr @g, i64 9 }
@cemptyfirst = constant { [0 x i32], i32 } { [0 x i32] zeroinitializer, i32 77 }
@cstr2 = constant [2 x [3 x i8]] [[3 x i8] c"abc", [3 x i8] c"def"]
'''

cases = []


def case(body, pre="", attrs=""):
    """body: the instruction after `%r = `; pre: lines before it."""
    cases.append((body, pre, attrs))


raw_cases = []


def raw(body):
    """A whole function body (blocks and all) defining %r."""
    raw_cases.append(body)


I = ["i1", "i8", "i16", "i32", "i64", "i128"]
VALS = {
    "i1": ["0", "1"],
    "i8": ["0", "1", "-1", "127", "-128", "5"],
    "i16": ["0", "3", "-7", "32767"],
    "i32": ["0", "1", "-1", "7", "-2147483648", "2147483647", "100"],
    "i64": ["0", "-1", "9223372036854775807", "-9223372036854775808", "12"],
    "i128": ["1", "-1", "170141183460469231731687303715884105727"],
}

# --- integer binary operators (the folder of fold/ does these; the driver
# must hand them over) and symbolic ones on constant expressions.
for op in ["add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor"]:
    for t in ["i8", "i32", "i64"]:
        vs = VALS[t]
        for a, b in list(itertools.product(vs, vs))[:: 3]:
            case(f"{op} {t} {a}, {b}")
    case(f"{op} i32 undef, 5")
    case(f"{op} i32 poison, 5")
    case(f"{op} <2 x i32> <i32 7, i32 -8>, <i32 3, i32 0>")
    case(f"{op} <2 x i32> <i32 7, i32 -8>, <i32 3, i32 2>")
for e in ["ptrtoint (ptr @g to i64)", "ptrtoint (ptr @h to i64)", "ptrtoint (ptr @cs to i64)",
          "ptrtoint (ptr getelementptr (i8, ptr @h, i64 4) to i64)", "ptrtoint (ptr @ext to i64)",
          "ptrtoint (ptr @g to i32)", "ptrtoint (ptr null to i64)"]:
    w = "i32" if e.endswith("i32)") else "i64"
    for m in ["7", "15", "3", "-8", "0", "-1", "4"]:
        case(f"and {w} {e}, {m}")
        case(f"and {w} {m}, {e}")
    case(f"or {w} {e}, 1")
    case(f"add {w} {e}, 1")
    case(f"sub {w} {e}, {e}")
    case(f"xor {w} {e}, 0")
for a, b in [("getelementptr (i8, ptr @h, i64 12)", "getelementptr (i8, ptr @h, i64 4)"),
             ("getelementptr ([4 x i32], ptr @h, i64 0, i64 3)", "ptr @h"),
             ("getelementptr (i8, ptr @h, i64 4)", "getelementptr (i8, ptr @g, i64 4)"),
             ("getelementptr inbounds (%pair, ptr @cp, i64 0, i32 1)", "ptr @cp")]:
    pa = a if a.startswith("ptr") else "ptr " + a
    pb = b if b.startswith("ptr") else "ptr " + b
    case(f"sub i64 ptrtoint ({pa} to i64), ptrtoint ({pb} to i64)")
    case(f"sub i32 ptrtoint ({pa} to i32), ptrtoint ({pb} to i32)")

# --- floating point, with the denormal modes of the function.
FV = ["0.0", "-0.0", "1.0", "0x7FF8000000000000", "0x7FF0000000000000", "0xFFF0000000000000", "0x0000000000000001", "0x8000000000000001", "3.5"]
for op in ["fadd", "fsub", "fmul", "fdiv", "frem"]:
    for a, b in list(itertools.product(FV, FV))[:: 4]:
        case(f"{op} double {a}, {b}")
    case(f"{op} float 0x3800000000000000, 0x3800000000000000")
    for mode in ["preserve-sign,preserve-sign", "positive-zero,positive-zero", "ieee,preserve-sign", "dynamic,dynamic", "preserve-sign,ieee"]:
        case(f"{op} double 0x0008000000000000, 1.0", attrs=f'"denormal-fp-math"="{mode}"')
        case(f"{op} double 0x8008000000000000, 0x0008000000000000", attrs=f'"denormal-fp-math"="{mode}"')
        case(f"{op} float 0x3800000000000000, 0x3800000000000000", attrs=f'"denormal-fp-math-f32"="{mode}"')
    case(f"{op} nsz double 1.0, 2.0")
    case(f"{op} <2 x float> <float 1.0, float 2.0>, <float 3.0, float 0x7FF8000000000000>")
case("fneg double 1.0")
case("fneg double 0x0008000000000000", attrs='"denormal-fp-math"="preserve-sign,preserve-sign"')
case("fneg <2 x half> <half 0xH3C00, half 0xH0001>")

# --- casts.
for src in ["i8 -1", "i32 305419896", "i64 -2", "i1 1"]:
    t = src.split()[0]
    for dst in ["i1", "i8", "i16", "i32", "i64"]:
        sw, dw = int(t[1:]), int(dst[1:])
        if dw < sw:
            case(f"trunc {src} to {dst}")
        elif dw > sw:
            case(f"zext {src} to {dst}")
            case(f"sext {src} to {dst}")
for v in ["1.5", "-2.75", "0x7FF8000000000000", "1.0e20", "-1.0e20", "0x0000000000000001"]:
    for dst in ["i8", "i32", "i64"]:
        case(f"fptoui double {v} to {dst}")
        case(f"fptosi double {v} to {dst}")
    case(f"fptrunc double {v} to float")
    case(f"fptrunc double {v} to half")
    case(f"fpext double {v} to fp128")
for v in ["i32 -1", "i64 9007199254740993", "i8 -128", "i128 -1"]:
    case(f"uitofp {v} to float")
    case(f"sitofp {v} to double")
for e in ["inttoptr (i64 64 to ptr)", "inttoptr (i32 64 to ptr)", "inttoptr (i128 -1 to ptr)",
          "getelementptr (i8, ptr null, i64 40)", "getelementptr ([4 x i32], ptr null, i64 1, i64 2)",
          "getelementptr (i8, ptr getelementptr (i8, ptr null, i64 8), i64 16)", "null", "@g",
          "getelementptr (i8, ptr @g, i64 sub (i64 0, i64 ptrtoint (ptr @h to i64)))",
          "getelementptr (i8, ptr @g, i64 4)"]:
    for dst in ["i64", "i32", "i128"]:
        case(f"ptrtoint ptr {e} to {dst}")
for e in ["ptrtoint (ptr @g to i64)", "ptrtoint (ptr @g to i32)", "ptrtoint (ptr @g to i128)", "ptrtoint (ptr addrspace(1) null to i64)", "123", "0"]:
    w = "i32" if "to i32" in e else ("i128" if "to i128" in e else "i64")
    case(f"inttoptr {w} {e} to ptr")
    case(f"inttoptr {w} {e} to ptr addrspace(1)")
for src, dst in [("<2 x i32> <i32 1, i32 2>", "i64"), ("<2 x i32> <i32 1, i32 2>", "<4 x i16>"),
                 ("<4 x i16> <i16 1, i16 2, i16 3, i16 4>", "<2 x i32>"), ("i64 1311768467463790320", "<2 x i32>"),
                 ("i64 1311768467463790320", "<8 x i8>"), ("<2 x float> <float 1.0, float 2.0>", "i64"),
                 ("<2 x float> <float 1.0, float 2.0>", "<4 x i16>"), ("<4 x i16> <i16 1, i16 undef, i16 3, i16 4>", "<2 x i32>"),
                 ("<2 x i32> <i32 1, i32 undef>", "<4 x i16>"), ("i32 1065353216", "float"), ("float 2.0", "i32"),
                 ("<2 x i16> <i16 1, i16 2>", "float"), ("double 1.0", "<2 x float>"), ("<2 x i32> zeroinitializer", "<8 x i8>"),
                 ("<8 x i8> <i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1>", "<2 x float>"), ("<2 x i32> <i32 1, i32 ptrtoint (ptr @g to i32)>", "i64"),
                 ("<4 x i8> <i8 1, i8 2, i8 3, i8 4>", "<2 x half>"), ("i32 undef", "<2 x i16>"), ("<2 x i8> poison", "i16")]:
    case(f"bitcast {src} to {dst}")
case("addrspacecast ptr @g to ptr addrspace(1)")
case("addrspacecast ptr null to ptr addrspace(1)")

# --- compares.
for pred in ["eq", "ne", "ult", "ugt", "ule", "slt", "sgt"]:
    for a, b in [("getelementptr (i8, ptr @h, i64 4)", "getelementptr (i8, ptr @h, i64 8)"),
                 ("getelementptr inbounds (i8, ptr @h, i64 4)", "getelementptr inbounds (i8, ptr @h, i64 8)"),
                 ("getelementptr inbounds (i8, ptr @h, i64 8)", "ptr @h"),
                 ("inttoptr (i64 0 to ptr)", "null"), ("inttoptr (i32 16 to ptr)", "null"),
                 ("inttoptr (i64 8 to ptr)", "inttoptr (i32 8 to ptr)"), ("ptr @g", "null"),
                 ("ptr @g", "ptr @h"), ("ptr @ext", "null"), ("getelementptr inbounds (i8, ptr @g, i64 4)", "ptr @g")]:
        pa = a if a.startswith("ptr") or a == "null" else "ptr " + a
        if pa == "null":
            pa = "ptr null"
        pb = b if b.startswith("ptr") or b == "null" else "ptr " + b
        if pb == "null":
            pb = "ptr null"
        case(f"icmp {pred} {pa}, {pb[4:]}")
    for a, b in [("ptrtoint (ptr @g to i64)", "0"), ("0", "ptrtoint (ptr @g to i64)"),
                 ("ptrtoint (ptr @g to i64)", "ptrtoint (ptr @h to i64)"), ("ptrtoint (ptr @g to i32)", "0"),
                 ("i64 5", "7")]:
        t = "i64" if "i32" not in a else "i32"
        a2 = a[4:] if a.startswith("i64 ") else a
        case(f"icmp {pred} {t} {a2}, {b}")
for pred in ["oeq", "olt", "une", "uno", "ord", "oge"]:
    case(f"fcmp {pred} double 1.0, 2.0")
    case(f"fcmp {pred} double 0x7FF8000000000000, 2.0")
    case(f"fcmp {pred} double 0x0008000000000000, 0.0", attrs='"denormal-fp-math"="preserve-sign,preserve-sign"')
    case(f"fcmp {pred} double 0x0008000000000000, 0.0", attrs='"denormal-fp-math"="dynamic,dynamic"')
    case(f"fcmp {pred} <2 x float> <float 1.0, float 2.0>, <float 2.0, float 2.0>")

# --- GEPs with constant operands.
for g in ["getelementptr i8, ptr @h, i64 4", "getelementptr inbounds [4 x i32], ptr @h, i64 0, i64 2",
          "getelementptr i32, ptr @g, i64 1", "getelementptr i32, ptr @g, i64 2", "getelementptr i8, ptr null, i64 16",
          "getelementptr %pair, ptr @cp, i64 0, i32 1", "getelementptr i8, ptr getelementptr (i8, ptr @h, i64 4), i64 4",
          "getelementptr i32, ptr @h, i32 -1", "getelementptr <4 x i32>, ptr @h, i64 1", "getelementptr i8, ptr inttoptr (i64 100 to ptr), i64 4",
          "getelementptr [4 x i32], ptr @h, <2 x i64> <i64 0, i64 0>, <2 x i64> <i64 1, i64 2>",
          "getelementptr i8, ptr addrspace(7) null, i64 4", "getelementptr i16, ptr @g, i8 3", "getelementptr inbounds i8, ptr @ext, i64 4",
          "getelementptr i8, ptr @h, i64 16", "getelementptr i8, ptr @h, i64 17", "getelementptr {}, ptr @h, i64 5"]:
    case(g)

# --- select, vectors, aggregates, freeze.
case("select i1 true, i32 1, i32 2")
case("select i1 undef, i32 1, i32 1")
case("select <2 x i1> <i1 true, i1 false>, <2 x i32> <i32 1, i32 2>, <2 x i32> <i32 3, i32 4>")
case("extractelement <4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 2")
case("extractelement <4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 7")
case("insertelement <2 x i32> <i32 1, i32 2>, i32 9, i32 0")
case("shufflevector <2 x i32> <i32 1, i32 2>, <2 x i32> <i32 3, i32 4>, <3 x i32> <i32 3, i32 0, i32 poison>")
case("extractvalue { i32, [2 x i8] } { i32 1, [2 x i8] c\"ab\" }, 1, 0")
case("insertvalue { i32, i64 } zeroinitializer, i64 5, 1")
for v in ["i32 5", "i32 undef", "i32 poison", "<2 x i32> <i32 1, i32 undef>", "<2 x i32> <i32 1, i32 2>",
          "ptr @g", "ptr null", "i64 ptrtoint (ptr @g to i64)", "float 1.0", "{ i32, i32 } { i32 1, i32 2 }",
          "{ i32, i32 } { i32 1, i32 undef }", "<2 x i32> zeroinitializer"]:
    case(f"freeze {v}")

# --- loads from constants.
LOADS = ["i8", "i16", "i32", "i64", "i128", "i24", "i1", "float", "double", "half", "ptr", "<2 x i16>", "<4 x i8>",
         "{ i32, i32 }", "[2 x i16]", "<2 x float>", "ptr addrspace(7)", "x86_fp80", "fp128", "bfloat", "<vscale x 2 x i32>"]
for gname in ["@ci", "@cl", "@cs", "@ca", "@cp", "@cpk", "@cn", "@cf", "@cd", "@ch", "@cv", "@cz", "@cu", "@cones",
              "@cptr", "@cpnull", "@cint2ptr", "@cbig", "@codd", "@cx80", "@cvec3", "@cvb", "@cni", "@nc", "@ext",
              "@weakc", "@cstruct_ptr", "@cemptyfirst", "@cstr2"]:
    for k, t in enumerate(LOADS):
        for off in [0, 1, 2, 4, 6, 8, 12, 16, -2, 40]:
            if (k + off + len(gname)) % 5 != 0 and off not in (0,):
                continue
            ptr = gname if off == 0 else f"getelementptr (i8, ptr {gname}, i64 {off})"
            case(f"load {t}, ptr {ptr}")
case("load volatile i32, ptr @ci")
case("load atomic i32, ptr @ci seq_cst, align 4")
case("load i32, ptr getelementptr ([4 x i32], ptr @ca, i64 0, i64 2)")
case("load i32, ptr getelementptr ([4 x i32], ptr @ca, i64 1, i64 -3)")
case("load i64, ptr getelementptr inbounds (%pair, ptr @cp, i64 0, i32 1)")
case("load i8, ptr getelementptr ([2 x [3 x i8]], ptr @cstr2, i64 0, i64 1, i64 2)")
case("load i32, ptr addrspace(1) addrspacecast (ptr @ci to ptr addrspace(1))")

# --- intrinsic calls.
INTR = [
    ("i32 @llvm.ctpop.i32(i32)", ["i32 255", "i32 -1", "i32 undef", "i32 poison"]),
    ("i8 @llvm.ctlz.i8(i8, i1)", ["i8 1, i1 false", "i8 0, i1 false", "i8 0, i1 true", "i8 16, i1 true", "i8 undef, i1 true"]),
    ("i16 @llvm.cttz.i16(i16, i1)", ["i16 8, i1 false", "i16 0, i1 false", "i16 0, i1 true"]),
    ("i32 @llvm.bswap.i32(i32)", ["i32 305419896", "i32 undef"]),
    ("i16 @llvm.bitreverse.i16(i16)", ["i16 1", "i16 -2"]),
    ("<2 x i32> @llvm.bswap.v2i32(<2 x i32>)", ["<2 x i32> <i32 1, i32 2>"]),
    ("i8 @llvm.fshl.i8(i8, i8, i8)", ["i8 -127, i8 3, i8 3", "i8 1, i8 2, i8 8", "i8 1, i8 2, i8 undef"]),
    ("i8 @llvm.fshr.i8(i8, i8, i8)", ["i8 -127, i8 3, i8 3", "i8 1, i8 2, i8 9"]),
    ("i32 @llvm.abs.i32(i32, i1)", ["i32 -5, i1 false", "i32 -2147483648, i1 false", "i32 -2147483648, i1 true", "i32 undef, i1 false"]),
    ("i8 @llvm.smax.i8(i8, i8)", ["i8 -3, i8 2", "i8 undef, i8 2", "i8 poison, i8 2"]),
    ("i8 @llvm.smin.i8(i8, i8)", ["i8 -3, i8 2", "i8 undef, i8 undef"]),
    ("i8 @llvm.umax.i8(i8, i8)", ["i8 -3, i8 2", "i8 undef, i8 7"]),
    ("i8 @llvm.umin.i8(i8, i8)", ["i8 -3, i8 2", "i8 undef, i8 7"]),
    ("i8 @llvm.scmp.i8.i32(i32, i32)", ["i32 -1, i32 2", "i32 5, i32 5", "i32 9, i32 -9"]),
    ("i8 @llvm.ucmp.i8.i32(i32, i32)", ["i32 -1, i32 2", "i32 5, i32 5"]),
    ("{ i8, i1 } @llvm.sadd.with.overflow.i8(i8, i8)", ["i8 100, i8 100", "i8 1, i8 2", "i8 undef, i8 1"]),
    ("{ i8, i1 } @llvm.uadd.with.overflow.i8(i8, i8)", ["i8 200, i8 100", "i8 1, i8 2"]),
    ("{ i8, i1 } @llvm.ssub.with.overflow.i8(i8, i8)", ["i8 -100, i8 100"]),
    ("{ i8, i1 } @llvm.usub.with.overflow.i8(i8, i8)", ["i8 1, i8 2"]),
    ("{ i8, i1 } @llvm.smul.with.overflow.i8(i8, i8)", ["i8 16, i8 16", "i8 3, i8 -3"]),
    ("{ i8, i1 } @llvm.umul.with.overflow.i8(i8, i8)", ["i8 16, i8 16", "i8 undef, i8 0"]),
    ("i8 @llvm.sadd.sat.i8(i8, i8)", ["i8 100, i8 100", "i8 -100, i8 -100", "i8 undef, i8 3"]),
    ("i8 @llvm.uadd.sat.i8(i8, i8)", ["i8 200, i8 100"]),
    ("i8 @llvm.ssub.sat.i8(i8, i8)", ["i8 -100, i8 100"]),
    ("i8 @llvm.usub.sat.i8(i8, i8)", ["i8 1, i8 2", "i8 undef, i8 2"]),
    ("<2 x i8> @llvm.uadd.sat.v2i8(<2 x i8>, <2 x i8>)", ["<2 x i8> <i8 200, i8 1>, <2 x i8> <i8 100, i8 1>"]),
    ("double @llvm.fabs.f64(double)", ["double -1.5", "double 0x7FF8000000000000"]),
    ("double @llvm.copysign.f64(double, double)", ["double 1.5, double -0.0"]),
    ("double @llvm.floor.f64(double)", ["double -1.5", "double 2.5"]),
    ("double @llvm.ceil.f64(double)", ["double -1.5", "double 2.5"]),
    ("double @llvm.trunc.f64(double)", ["double -1.5"]),
    ("double @llvm.round.f64(double)", ["double 2.5", "double -2.5"]),
    ("double @llvm.roundeven.f64(double)", ["double 2.5", "double 3.5"]),
    ("double @llvm.rint.f64(double)", ["double 2.5"]),
    ("double @llvm.nearbyint.f64(double)", ["double -0.5"]),
    ("float @llvm.sqrt.f32(float)", ["float 2.0", "float -1.0", "float 0.0"]),
    ("double @llvm.sqrt.f64(double)", ["double 2.0"]),
    ("double @llvm.sin.f64(double)", ["double 1.0", "double 0.0", "double 0x7FF0000000000000"]),
    ("double @llvm.cos.f64(double)", ["double 1.0", "double undef"]),
    ("float @llvm.exp.f32(float)", ["float 1.0", "float 1000.0"]),
    ("double @llvm.exp2.f64(double)", ["double 10.0"]),
    ("double @llvm.log.f64(double)", ["double 10.0", "double 0.0", "double -1.0"]),
    ("double @llvm.log2.f64(double)", ["double 1024.0"]),
    ("double @llvm.log10.f64(double)", ["double 1000.0"]),
    ("double @llvm.pow.f64(double, double)", ["double 2.0, double 10.0", "double -8.0, double 0.5"]),
    ("double @llvm.powi.f64.i32(double, i32)", ["double 2.0, i32 10", "double 2.0, i32 -2"]),
    ("double @llvm.minnum.f64(double, double)", ["double 1.0, double 0x7FF8000000000000", "double -0.0, double 0.0"]),
    ("double @llvm.maxnum.f64(double, double)", ["double 1.0, double 2.0"]),
    ("double @llvm.minimum.f64(double, double)", ["double 1.0, double 0x7FF8000000000000", "double -0.0, double 0.0"]),
    ("double @llvm.maximum.f64(double, double)", ["double -0.0, double 0.0"]),
    ("double @llvm.fma.f64(double, double, double)", ["double 2.0, double 3.0, double 1.0", "double 0x3FF0000000000001, double 0x3FF0000000000001, double -1.0"]),
    ("float @llvm.fmuladd.f32(float, float, float)", ["float 2.0, float 3.0, float 1.0"]),
    ("i32 @llvm.fptosi.sat.i32.f64(double)", ["double 1.0e20", "double -1.5", "double 0x7FF8000000000000"]),
    ("i8 @llvm.fptoui.sat.i8.f32(float)", ["float 300.0", "float -3.0"]),
    ("i1 @llvm.is.fpclass.f64(double, i32)", ["double 1.0, i32 256", "double 0x7FF8000000000000, i32 3"]),
    ("double @llvm.canonicalize.f64(double)", ["double 1.0", "double 0x0008000000000000"]),
    ("i16 @llvm.convert.to.fp16.f32(float)", ["float 1.5"]),
    ("float @llvm.convert.from.fp16.f32(i16)", ["i16 15360"]),
    ("i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)", ["<4 x i32> <i32 1, i32 2, i32 3, i32 4>", "<4 x i32> zeroinitializer"]),
    ("i32 @llvm.vector.reduce.smax.v4i32(<4 x i32>)", ["<4 x i32> <i32 1, i32 -2, i32 3, i32 4>"]),
    ("i1 @llvm.is.constant.i32(i32)", ["i32 5", "i32 ptrtoint (ptr @g to i32)"]),
    ("ptr @llvm.launder.invariant.group.p0(ptr)", ["ptr null", "ptr @g"]),
    ("double @llvm.ldexp.f64.i32(double, i32)", ["double 1.5, i32 3"]),
    ("{ double, i32 } @llvm.frexp.f64.i32(double)", ["double 12.0"]),
    ("i32 @llvm.smul.fix.i32(i32, i32, i32)", ["i32 6, i32 5, i32 1"]),
    ("float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)",
     ['float 1.0, float 2.0, metadata !"round.tonearest", metadata !"fpexcept.strict"']),
]
for sig, arglists in INTR:
    ret, rest = sig.split(" @", 1)
    name = rest[:rest.index("(")]
    for args in arglists:
        case(f"call {ret} @{name}({args})")
INTR2 = [
    ("float @llvm.exp.f32(float)", ["float -1000.0", "float 0.5"]),
    ("double @llvm.exp.f64(double)", ["double 1000.0", "double -1000.0", "double -740.0"]),
    ("double @llvm.log.f64(double)", ["double 1.0"]),
    ("double @llvm.sin.f64(double)", ["double 0x0000000000000010", "double -0.0", "double 1.0e300"]),
    ("double @llvm.pow.f64(double, double)", ["double 0.0, double 2.0", "double 2.0, double -1074.0", "double 2.0, double -1080.0", "double 1.0, double 0x7FF8000000000000"]),
    ("float @llvm.pow.f32(float, float)", ["float 3.0, float 0.5"]),
    ("half @llvm.sqrt.f16(half)", ["half 0xH4000"]),
    ("half @llvm.floor.f16(half)", ["half 0xH3E00", "half 0xH7E01"]),
    ("half @llvm.fabs.f16(half)", ["half 0xHBC00"]),
    ("bfloat @llvm.fabs.bf16(bfloat)", ["bfloat 0xRBF80"]),
    ("bfloat @llvm.floor.bf16(bfloat)", ["bfloat 0xR3FC0"]),
    ("x86_fp80 @llvm.floor.f80(x86_fp80)", ["x86_fp80 0xK3FFF8000000000000000"]),
    ("x86_fp80 @llvm.fabs.f80(x86_fp80)", ["x86_fp80 0xKBFFF8000000000000000"]),
    ("fp128 @llvm.sqrt.f128(fp128)", ["fp128 0xL00000000000000004000000000000000"]),
    ("float @llvm.powi.f32.i32(float, i32)", ["float 1.5, i32 3", "float 3.0, i32 -3"]),
    ("half @llvm.powi.f16.i32(half, i32)", ["half 0xH4000, i32 5"]),
    ("float @llvm.minnum.f32(float, float)", ["float 0.0, float -0.0", "float undef, float 2.0", "float 0x7FF4000000000000, float 1.0"]),
    ("float @llvm.maxnum.f32(float, float)", ["float 0.0, float -0.0", "float 0x7FF8000000000000, float 0x7FF8000000000000"]),
    ("float @llvm.maximum.f32(float, float)", ["float 0x7FF4000000000000, float 1.0", "float 3.0, float undef"]),
    ("float @llvm.fma.f32(float, float, float)", ["float 0x3FF0000020000000, float 0x3FF0000020000000, float -1.0"]),
    ("half @llvm.fma.f16(half, half, half)", ["half 0xH3C01, half 0xH3C01, half 0xHBC00"]),
    ("float @llvm.ldexp.f32.i32(float, i32)", ["float 1.0, i32 -149", "float 1.0, i32 -150", "float 1.0, i32 128", "float 3.0, i32 -149"]),
    ("double @llvm.ldexp.f64.i32(double, i32)", ["double 1.0, i32 -1075", "double 3.0, i32 -1075", "double 1.0, i32 2000"]),
    ("{ float, i32 } @llvm.frexp.f32.i32(float)", ["float 0x36A0000000000000", "float 0x7FF0000000000000", "float -0.0", "float 0x7FF4000000000000", "float poison"]),
    ("{ <2 x float>, <2 x i32> } @llvm.frexp.v2f32.v2i32(<2 x float>)", ["<2 x float> <float 1.0, float 3.0>"]),
    ("<2 x i8> @llvm.ctlz.v2i8(<2 x i8>, i1)", ["<2 x i8> <i8 1, i8 0>, i1 false", "<2 x i8> <i8 1, i8 0>, i1 true"]),
    ("<2 x i32> @llvm.abs.v2i32(<2 x i32>, i1)", ["<2 x i32> <i32 -3, i32 undef>, i1 false"]),
    ("<2 x double> @llvm.floor.v2f64(<2 x double>)", ["<2 x double> <double 1.5, double -1.5>", "<2 x double> undef"]),
    ("<2 x i1> @llvm.is.fpclass.v2f64(<2 x double>, i32)", ["<2 x double> <double 0.0, double -0.0>, i32 64"]),
    ("<4 x i32> @llvm.masked.load.v4i32.p0(ptr, i32, <4 x i1>, <4 x i32>)",
     ["ptr @ca, i32 4, <4 x i1> <i1 true, i1 false, i1 true, i1 true>, <4 x i32> <i32 9, i32 9, i32 9, i32 9>",
      "ptr @ca, i32 4, <4 x i1> <i1 true, i1 undef, i1 true, i1 true>, <4 x i32> zeroinitializer",
      "ptr @g, i32 4, <4 x i1> zeroinitializer, <4 x i32> <i32 1, i32 2, i32 3, i32 4>",
      "ptr @g, i32 4, <4 x i1> <i1 true, i1 false, i1 false, i1 false>, <4 x i32> zeroinitializer"]),
    ("<4 x i1> @llvm.get.active.lane.mask.v4i1.i64(i64, i64)", ["i64 2, i64 4", "i64 5, i64 4"]),
    ("i32 @llvm.vector.reduce.mul.v4i32(<4 x i32>)", ["<4 x i32> <i32 1, i32 2, i32 poison, i32 4>", "<4 x i32> <i32 2, i32 2, i32 3, i32 4>"]),
    ("i32 @llvm.vector.reduce.umin.v4i32(<4 x i32>)", ["<4 x i32> <i32 -1, i32 2, i32 3, i32 4>", "<4 x i32> undef"]),
    ("i1 @llvm.is.constant.i32(i32)", ["i32 undef", "i32 add (i32 ptrtoint (ptr @g to i32), i32 1)"]),
    ("i1 @llvm.is.constant.v2i32(<2 x i32>)", ["<2 x i32> <i32 1, i32 2>"]),
    ("i1 @llvm.is.constant.p0(ptr)", ["ptr @g", "ptr null"]),
    ("ptr @llvm.strip.invariant.group.p0(ptr)", ["ptr undef"]),
    ("ptr addrspace(1) @llvm.launder.invariant.group.p1(ptr addrspace(1))", ["ptr addrspace(1) null"]),
    ("i32 @llvm.smul.fix.sat.i32(i32, i32, i32)", ["i32 2147483647, i32 2147483647, i32 2", "i32 undef, i32 3, i32 1", "i32 poison, i32 3, i32 1"]),
    ("i8 @llvm.fshl.i8(i8, i8, i8)", ["i8 undef, i8 undef, i8 3", "i8 undef, i8 -1, i8 3", "i8 -1, i8 undef, i8 3"]),
    ("i8 @llvm.ctpop.i8(i8)", ["i8 ptrtoint (ptr @g to i8)"]),
    ("double @llvm.canonicalize.f64(double)", ["double poison", "double undef", "double -0.0", "double 0x7FF4000000000000"]),
    ("float @llvm.canonicalize.f32(float)", ["float 0x3800000000000000"]),
]
for mode in ["preserve-sign,preserve-sign", "positive-zero,ieee", "ieee,dynamic", "dynamic,ieee", "preserve-sign,positive-zero"]:
    case("call double @llvm.canonicalize.f64(double 0x8008000000000000)", attrs=f'"denormal-fp-math"="{mode}"')
    case("call float @llvm.canonicalize.f32(float 0x3800000000000000)", attrs=f'"denormal-fp-math-f32"="{mode}"')
for sig, arglists in INTR2:
    ret, rest = sig.split(" @", 1)
    name = rest[:rest.index("(")]
    for args in arglists:
        case(f"call {ret} @{name}({args})")
case("call i32 @llvm.ctpop.i32(i32 5) nobuiltin")
case("call i32 @llvm.ctpop.i32(i32 5) strictfp")
case("call double @llvm.sin.f64(double 1.0) strictfp")
case("call double @sin(double 1.0)")
case("call i32 @not_intrinsic(i32 1)")

raw("""entry:
  br i1 true, label %a, label %b
a:
  br label %b
b:
  %r = phi i32 [ 5, %entry ], [ 5, %a ]
  ret void""")
raw("""entry:
  br i1 true, label %a, label %b
a:
  br label %b
b:
  %r = phi i32 [ 5, %entry ], [ 6, %a ]
  ret void""")
raw("""entry:
  br i1 true, label %a, label %b
a:
  br label %b
b:
  %r = phi i32 [ undef, %entry ], [ poison, %a ]
  ret void""")
raw("""entry:
  br i1 true, label %a, label %b
a:
  br label %b
b:
  %r = phi i64 [ undef, %entry ], [ ptrtoint (ptr getelementptr (i8, ptr null, i64 8) to i64), %a ]
  ret void""")
raw("""entry:
  br i1 true, label %a, label %b
a:
  br label %b
b:
  %r = phi i64 [ 8, %entry ], [ ptrtoint (ptr getelementptr (i8, ptr null, i64 8) to i64), %a ]
  ret void""")
raw("""entry:
  %x = add i32 1, 2
  br i1 true, label %a, label %b
a:
  br label %b
b:
  %r = phi i32 [ %x, %entry ], [ 3, %a ]
  ret void""")
raw("""entry:
  %x = add i32 1, 2
  %r = add i32 %x, 1
  ret void""")
raw("""entry:
  %r = alloca i32
  ret void""")
raw("""entry:
  br label %b
b:
  %r = phi <2 x i32> [ <i32 1, i32 ptrtoint (ptr getelementptr (i8, ptr null, i64 4) to i32)>, %entry ]
  ret void""")

decls = {}
for sig, _ in INTR + INTR2:
    ret, rest = sig.split(" @", 1)
    decls[rest[:rest.index("(")]] = f"declare {ret} @{rest}"
decls["sin"] = "declare double @sin(double)"
decls["not_intrinsic"] = "declare i32 @not_intrinsic(i32)"

if BIG:
    HEADER = HEADER.replace('target datalayout = "e-', 'target datalayout = "E-', 1)
    cases = [c for c in cases if c[0].startswith(("load", "bitcast", "call <4 x i32> @llvm.masked.load"))]
    raw_cases = []
print(HEADER)
for d in decls.values():
    print(d)
for n, (body, pre, attrs) in enumerate(cases):
    a = f" #{n + 1}" if attrs else ""
    print(f"define void @c{n}(){a} {{\nentry:\n{pre}  %r = {body}\n  ret void\n}}")
for k, body in enumerate(raw_cases):
    print(f"define void @p{k}() {{\n{body}\n}}")
for n, (body, pre, attrs) in enumerate(cases):
    if attrs:
        print(f"attributes #{n + 1} = {{ {attrs} }}")
