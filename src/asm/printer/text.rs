//! Low-level spelling shared by the whole printer: numbers, quoted names,
//! escaped strings, calling conventions and the other keyword tables.
//!
//! Owns the byte-level rules LLVM 19's AsmWriter applies to text
//! (`printLLVMNameWithoutPrefix`, `printEscapedString`,
//! `printMetadataIdentifier`, `PrintCallingConv`). It does not know about
//! values, types or slots: everything here appends to a `String`.

use crate::inst::{FastMathFlags, Ordering};
use crate::ir::global::{Linkage, UnnamedAddr};

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `v` in decimal (up to three digits inline at the call site:
/// slot numbers are mostly below 1000).
#[inline(always)]
pub(super) fn push_u64(out: &mut String, v: u64) {
    if v < 10 {
        out.push((b'0' + v as u8) as char);
        return;
    }
    if v < 100 {
        let p = v as usize * 2;
        out.push(DIGIT_PAIRS[p] as char);
        out.push(DIGIT_PAIRS[p + 1] as char);
        return;
    }
    if v < 1000 {
        let k = v as usize * 3;
        out.push_str(&DIGIT_TRIPLES[k..k + 3]);
        return;
    }
    push_u64_long(out, v);
}

/// `"00" "01" … "99"`: two digits per division, as fast integer printers do.
const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// `v` of 1000 and up: the leading group, then three digits at a time,
/// each one copy of a fixed length.
fn push_u64_long(out: &mut String, v: u64) {
    let (hi, lo) = (v / 1000, (v % 1000) as usize * 3);
    push_u64(out, hi);
    out.push_str(&DIGIT_TRIPLES[lo..lo + 3]);
}

/// `"000" "001" … "999"` as one string.
const DIGIT_TRIPLES: &str = {
    const BYTES: [u8; 3000] = {
        let mut t = [0u8; 3000];
        let mut i = 0;
        while i < 1000 {
            t[3 * i] = b'0' + (i / 100) as u8;
            t[3 * i + 1] = b'0' + (i / 10 % 10) as u8;
            t[3 * i + 2] = b'0' + (i % 10) as u8;
            i += 1;
        }
        t
    };
    match core::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("digits are ASCII"),
    }
};

/// Appends `n` spaces.
pub(super) fn push_spaces(out: &mut String, n: usize) {
    const SPACES: &str = "                                                                ";
    let mut n = n;
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

/// Appends `v` in decimal with a leading `-` when negative.
#[inline]
pub(super) fn push_i64(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_u64(out, v.unsigned_abs());
}

/// Appends `bytes` as LLVM's `printEscapedString` does: `\` as `\\`,
/// printable ASCII other than `"` as is, every other byte as `\XX` with
/// upper-case hex digits. No quotes.
pub(super) fn push_escaped(out: &mut String, bytes: &[u8]) {
    let mut start = 0;
    for (k, &c) in bytes.iter().enumerate() {
        if (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\' {
            continue;
        }
        // Everything between escapes is printable ASCII, hence UTF-8.
        out.push_str(core::str::from_utf8(&bytes[start..k]).unwrap_or_default());
        if c == b'\\' {
            out.push_str("\\\\");
        } else {
            out.push('\\');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
        }
        start = k + 1;
    }
    out.push_str(core::str::from_utf8(&bytes[start..]).unwrap_or_default());
}

/// Appends `"` + escaped `bytes` + `"`.
pub(super) fn push_quoted(out: &mut String, bytes: &[u8]) {
    out.push('"');
    push_escaped(out, bytes);
    out.push('"');
}

/// Appends `prefix` then `name`, quoted when LLVM 19's
/// `printLLVMNameWithoutPrefix` quotes it: the name is empty, starts with
/// a digit, or has a byte outside `[-a-zA-Z._0-9]`.
pub(super) fn push_name(out: &mut String, prefix: char, name: &[u8]) {
    out.push(prefix);
    push_bare_name(out, name);
}

/// The bytes a name may hold unquoted: `[-a-zA-Z._0-9]`.
static PLAIN_NAME_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_';
        c += 1;
    }
    t
};

/// [`push_name`] without a prefix (block labels).
pub(super) fn push_bare_name(out: &mut String, name: &[u8]) {
    // Classify, then one copy: plain bytes are ASCII, so the copy's UTF-8
    // check (a word at a time) cannot fail.
    let plain = name.first().is_some_and(|c| !c.is_ascii_digit())
        && name.iter().all(|&c| PLAIN_NAME_BYTE[c as usize]);
    match plain.then(|| core::str::from_utf8(name).ok()).flatten() {
        Some(s) => out.push_str(s),
        None => push_quoted(out, name),
    }
}

/// Appends a metadata name (`!dbg`, `!llvm.module.flags` without the `!`)
/// as LLVM's `printMetadataIdentifier` does: letters and `-$._` as is
/// (digits too after the first byte), every other byte as `\XX`.
pub(crate) fn push_md_identifier(out: &mut String, name: &[u8]) {
    if name.is_empty() {
        out.push_str("<empty name> ");
        return;
    }
    for (i, &c) in name.iter().enumerate() {
        let ok = c.is_ascii_alphabetic()
            || matches!(c, b'-' | b'$' | b'.' | b'_')
            || (i > 0 && c.is_ascii_digit());
        if ok {
            out.push(c as char);
        } else {
            out.push('\\');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
        }
    }
}

/// LLVM's spelling of calling convention `cc` (`fastcc`, `cc11`, ...), as
/// `PrintCallingConv` prints it. `ccc` (0) is never printed by callers.
pub(super) fn push_calling_conv(out: &mut String, cc: u32) {
    let name = match cc {
        8 => "fastcc",
        9 => "coldcc",
        10 => "ghccc",
        13 => "anyregcc",
        14 => "preserve_mostcc",
        15 => "preserve_allcc",
        16 => "swiftcc",
        17 => "cxx_fast_tlscc",
        18 => "tailcc",
        19 => "cfguard_checkcc",
        20 => "swifttailcc",
        21 => "preserve_nonecc",
        64 => "x86_stdcallcc",
        65 => "x86_fastcallcc",
        66 => "arm_apcscc",
        67 => "arm_aapcscc",
        68 => "arm_aapcs_vfpcc",
        69 => "msp430_intrcc",
        70 => "x86_thiscallcc",
        71 => "ptx_kernel",
        72 => "ptx_device",
        75 => "spir_func",
        76 => "spir_kernel",
        77 => "intel_ocl_bicc",
        78 => "x86_64_sysvcc",
        79 => "win64cc",
        80 => "x86_vectorcallcc",
        81 => "hhvmcc",
        82 => "hhvm_ccc",
        83 => "x86_intrcc",
        // LLVM 19 prints these two with a trailing space.
        84 => "avr_intrcc ",
        85 => "avr_signalcc ",
        87 => "amdgpu_vs",
        88 => "amdgpu_gs",
        89 => "amdgpu_ps",
        90 => "amdgpu_cs",
        91 => "amdgpu_kernel",
        92 => "x86_regcallcc",
        93 => "amdgpu_hs",
        95 => "amdgpu_ls",
        96 => "amdgpu_es",
        97 => "aarch64_vector_pcs",
        98 => "aarch64_sve_vector_pcs",
        100 => "amdgpu_gfx",
        102 => "aarch64_sme_preservemost_from_x0",
        103 => "aarch64_sme_preservemost_from_x2",
        104 => "amdgpu_cs_chain",
        105 => "amdgpu_cs_chain_preserve",
        106 => "m68k_rtdcc",
        107 => "graalcc",
        110 => "riscv_vector_cc",
        111 => "aarch64_sme_preservemost_from_x1",
        _ => {
            out.push_str("cc");
            push_u64(out, cc as u64);
            return;
        }
    };
    out.push_str(name);
}

/// `getLinkageNameWithSpace`: `internal `, `weak_odr `, ..., nothing for
/// external.
pub(super) fn push_linkage(out: &mut String, l: Linkage) {
    if l != Linkage::External {
        out.push_str(l.name());
        out.push(' ');
    }
}

/// `unnamed_addr` / `local_unnamed_addr` (nothing for none).
pub(super) fn unnamed_addr_name(u: UnnamedAddr) -> &'static str {
    u.name()
}

/// The fast-math flags `f`, each preceded by a space; ` fast` when all
/// seven are set (LLVM's `FastMathFlags::print`).
pub(super) fn push_fmf(out: &mut String, f: FastMathFlags) {
    if f.is_fast() {
        out.push_str(" fast");
        return;
    }
    for &(flag, name) in FastMathFlags::NAMES {
        if f.contains(flag) {
            out.push(' ');
            out.push_str(name);
        }
    }
}

/// ` <ordering>` (nothing for not-atomic).
pub(super) fn push_ordering(out: &mut String, o: Ordering) {
    if o != Ordering::NotAtomic {
        out.push(' ');
        out.push_str(o.name());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        let mut s = String::new();
        push_u64(&mut s, 0);
        s.push(' ');
        push_u64(&mut s, u64::MAX);
        s.push(' ');
        push_i64(&mut s, i64::MIN);
        s.push(' ');
        push_i64(&mut s, -7);
        assert_eq!(s, "0 18446744073709551615 -9223372036854775808 -7");
        // Every length and every digit pair, against the standard library.
        let mut v = 1u64;
        for _ in 0..20 {
            for x in [
                v - 1,
                v,
                v + 1,
                v.wrapping_mul(7) + 3,
                v.wrapping_mul(99) / 10,
            ] {
                let mut s = String::new();
                push_u64(&mut s, x);
                assert_eq!(s, x.to_string());
            }
            v = v.saturating_mul(10);
        }
        for x in 0..10_000u64 {
            let mut s = String::new();
            push_u64(&mut s, x);
            assert_eq!(s, x.to_string());
        }
    }

    #[test]
    fn names_and_strings() {
        let mut s = String::new();
        push_name(&mut s, '@', b"a.b_-1");
        push_name(&mut s, '@', b"a$b");
        push_name(&mut s, '%', b"1x");
        push_name(&mut s, '%', b"a b\\\"");
        push_name(&mut s, '%', b"");
        assert_eq!(s, "@a.b_-1@\"a$b\"%\"1x\"%\"a b\\\\\\22\"%\"\"");
        let mut s = String::new();
        push_md_identifier(&mut s, b"llvm.module.flags");
        s.push(' ');
        push_md_identifier(&mut s, b"1a b");
        assert_eq!(s, "llvm.module.flags \\31a\\20b");
    }
}
