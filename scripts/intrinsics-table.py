#!/usr/bin/env python3
"""Writes lair's intrinsic table from scripts/intrinsics-dump's output.

Usage: intrinsics-table.py DUMP TABLE_RS ATTRS_TXT
  DUMP       what scripts/intrinsics-dump printed (LLVM 19's table)
  TABLE_RS   the Rust table to write (src/ir/intrinsics/table.rs)
  ATTRS_TXT  the attribute sets as llvm-dis 19 prints them, for the test
             (tests/data/intrinsics/attrs-llvm19.txt)

The descriptor byte code is documented in src/ir/intrinsics/descriptor.rs;
KINDS below must agree with it.
"""
import sys

KINDS = {
    "void": 0, "...": 1, "mmx": 2, "amx": 3, "token": 4, "md": 5,
    "f16": 6, "bf16": 7, "f32": 8, "f64": 9, "f128": 10, "ppcf128": 11,
    "svcount": 12,
}
INT, VEC, SVEC, PTR, STRUCT = 13, 14, 15, 16, 17
ARG_KINDS = {"arg": 18, "ext": 19, "trunc": 20, "halfvec": 21,
             "samewidth": 22, "elt": 23, "sub2": 24, "sub4": 25,
             "bc2int": 26}
PTRS2ELT = 27


def encode(tok):
    if tok in KINDS:
        return [KINDS[tok]]
    head, _, rest = tok.partition(".")
    if head in ARG_KINDS:
        n, k = (int(x) for x in rest.split("."))
        assert n < 32 and k < 8, tok
        return [ARG_KINDS[head], n << 3 | k]
    if head == "ptrs2elt":
        o, r = (int(x) for x in rest.split("."))
        assert o < 256 and r < 256, tok
        return [PTRS2ELT, o, r]
    for prefix, code in (("nxv", SVEC), ("v", VEC)):
        if tok.startswith(prefix) and tok[len(prefix):].isdigit():
            n = int(tok[len(prefix):])
            assert n < 65536, tok
            return [code, n & 255, n >> 8]
    for prefix, code in (("i", INT), ("p", PTR), ("s", STRUCT)):
        if tok.startswith(prefix) and tok[1:].isdigit():
            n = int(tok[1:])
            assert n < 256, tok
            return [code, n]
    raise SystemExit(f"intrinsics-table: unknown descriptor {tok!r}")


def rust_u8s(bs):
    return "".join(f"\\x{b:02x}" for b in bs)


def bytes_static(name, bs):
    """A byte-string static (one literal: quick to compile, unlike an
    array of integer literals)."""
    out = [f"pub(super) static {name}: &[u8; {len(bs)}] = b\"\\"]
    for i in range(0, len(bs), 24):
        out.append(rust_u8s(bs[i:i + 24]) + "\\")
    out.append("\";")
    return out


def wrap(items, per_line=16, indent="    "):
    out = []
    for i in range(0, len(items), per_line):
        out.append(indent + ", ".join(items[i:i + per_line]) + ",")
    return "\n".join(out)


def main():
    dump, table_rs, attrs_txt = sys.argv[1:4]
    targets, ints, lists, sets, texts, raw_lists = [], [], {}, {}, {}, {}
    for line in open(dump):
        w = line.split()
        if not w:
            continue
        if w[0] == "target":
            targets.append(("" if w[1] == "-" else w[1], int(w[2]), int(w[3])))
        elif w[0] == "int":
            ints.append((int(w[1]), w[2], w[3] == "1", int(w[4]), w[5:]))
        elif w[0] == "list":
            raw_lists[int(w[1])] = w[2:]
            entries = []
            for e in w[2:]:
                where, s = e.split("=")
                idx = {"fn": "u32::MAX", "ret": "0"}.get(where)
                if idx is None:
                    idx = str(int(where[1:]) + 1)
                entries.append(f"({idx}, {s})")
            lists[int(w[1])] = entries
        elif w[0] == "set":
            attrs = []
            for a in w[2:]:
                k, _, v = a.partition("=")
                attrs.append(f"({k}, {v or 0})")
            sets[int(w[1])] = attrs
        elif w[0] == "settext":
            texts[int(w[1])] = line.split(" ", 2)[2].rstrip("\n")
    for n, (i, *_rest) in enumerate(ints):
        assert i == n + 1, "intrinsic ids are dense from 1"

    names, name_end = [], []
    pos = 0
    for _, name, *_ in ints:
        assert name.startswith("llvm.") and name.isascii() and '"' not in name
        names.append(name)
        pos += len(name)
        name_end.append(str(pos))
    sig_index, sig_of, sig_bytes, sig_start = {}, [], [], []
    for *_, descs in ints:
        b = bytes(x for d in descs for x in encode(d))
        if b not in sig_index:
            sig_index[b] = len(sig_start)
            sig_start.append(str(len(sig_bytes)))
            sig_bytes.extend(b)
        sig_of.append(str(sig_index[b]))
    sig_start.append(str(len(sig_bytes)))
    overloaded = bytearray((len(ints) + 8) // 8)
    for i, _, ov, *_ in ints:
        if ov:
            overloaded[i // 8] |= 1 << (i % 8)
    assert len(sig_start) < 65536 and len(lists) < 65536

    out = []
    out.append("//! LLVM 19's intrinsics as data: written by `scripts/intrinsics-table.py`")
    out.append("//! from `scripts/intrinsics-dump.cpp`'s dump of libLLVM 19. Do not edit;")
    out.append("//! `bash scripts/intrinsics-table.sh` rewrites it and `.ci/run` checks it.")
    out.append("")
    out.append(f"/// Number of intrinsics (ids are `1..=COUNT`).")
    out.append(f"pub(super) const COUNT: usize = {len(ints)};")
    out.append("")
    out.append("/// Target sub-tables, sorted by name: (target, first id, count). The")
    out.append("/// generic table has the empty name and comes first.")
    out.append("pub(super) static TARGETS: &[(&str, u16, u16)] = &[")
    for name, first, count in targets:
        out.append(f'    ("{name}", {first}, {count}),')
    out.append("];")
    out.append("")
    out.append("/// Every intrinsic's name, in id order, concatenated.")
    out.append("pub(super) static NAMES: &str = \"\\")
    line = ""
    for name in names:
        if len(line) + len(name) > 96:
            out.append(line + "\\")
            line = ""
        line += name
    out.append(line + "\";")
    out.append("")
    out.append("/// End of intrinsic `id`'s name in `NAMES`: little-endian `u32` `id - 1`.")
    out += bytes_static("NAME_END", b"".join(int(x).to_bytes(4, "little") for x in name_end))
    out.append("")
    out.append("/// Bit `id % 8` of byte `id / 8`: intrinsic `id` is overloaded.")
    out += bytes_static("OVERLOADED", bytes(overloaded))
    out.append("")
    out.append("/// Intrinsic `id`'s signature number: little-endian `u16` `id - 1`.")
    out += bytes_static("SIGNATURE", b"".join(int(x).to_bytes(2, "little") for x in sig_of))
    out.append("")
    out.append("/// Signature `s` is `SIG_BYTES[start(s)..start(s + 1)]`, `start(s)` the")
    out.append("/// little-endian `u32` `s` here.")
    out += bytes_static("SIG_START", b"".join(int(x).to_bytes(4, "little") for x in sig_start))
    out.append("")
    out.append("/// The descriptors of every signature, in the code of `descriptor.rs`.")
    out += bytes_static("SIG_BYTES", bytes(sig_bytes))
    out.append("")
    out.append("/// Intrinsic `id`'s attribute list number: little-endian `u16` `id - 1`.")
    out += bytes_static("ATTR_LIST", b"".join(i[3].to_bytes(2, "little") for i in ints))
    out.append("")
    out.append("/// Attribute lists: (LLVM attribute index, attribute set number); index")
    out.append("/// `u32::MAX` is the function, 0 the return value, `k + 1` parameter `k`.")
    out.append("pub(super) static ATTR_LISTS: &[&[(u32, u16)]] = &[")
    for n in range(len(lists)):
        out.append("    &[" + ", ".join(lists[n]) + "],")
    out.append("];")
    out.append("")
    out.append("/// Attribute sets: (LLVM's enum value of the kind, integer value).")
    out.append("pub(super) static ATTR_SETS: &[&[(u8, u64)]] = &[")
    for n in range(len(sets)):
        out.append("    &[" + ", ".join(sets[n]) + "],")
    out.append("];")
    out.append("")
    out.append("/// # Generic intrinsics by name")
    out.append("///")
    out.append("/// One constant per target-independent intrinsic, named as LLVM's")
    out.append("/// `Intrinsic::` enumerator in upper case (`llvm.memcpy.inline` is")
    out.append("/// `MEMCPY_INLINE`); target intrinsics are found by name")
    out.append("/// ([`IntrinsicId::lookup`](super::IntrinsicId::lookup)).")
    out.append("impl super::IntrinsicId {")
    seen = set()
    generic_count = targets[0][2]
    for i, name, *_ in ints[:generic_count]:
        const = name[len("llvm."):].replace(".", "_").upper()
        assert const.isidentifier() and const not in seen, name
        seen.add(const)
        out.append(f"    /// `{name}`")
        out.append(f"    pub const {const}: Self = Self::from_table({i});")
    out.append("}")
    with open(table_rs, "w") as f:
        f.write("\n".join(out) + "\n")
    # Each attribute list as llvm-dis 19 prints it, with the first intrinsic
    # that has it: the function set as in `attributes #N = { ... }`, the
    # return and parameter sets as written inline.
    first_with = {}
    for _, name, _, lst, _ in ints:
        first_with.setdefault(lst, name)
    with open(attrs_txt, "w") as f:
        f.write("# Intrinsic attribute lists as llvm-dis 19 prints them: an intrinsic\n")
        f.write("# with the list, then fn (group syntax), ret and pN (inline syntax).\n")
        f.write("# Written by scripts/intrinsics-table.py; tests/intrinsics.rs checks it.\n")
        for n in range(len(lists)):
            parts = [first_with[n]]
            for e in raw_lists[n]:
                where, s = e.split("=")
                inline, group = texts[int(s)].split(" | ")
                parts.append(f"{where}: {group if where == 'fn' else inline}")
            f.write(" | ".join(parts) + "\n")


main()
