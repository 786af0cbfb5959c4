//! The data layout upgrade LLVM 19's bitcode reader applies to a module's
//! `target datalayout` string before parsing it (`UpgradeDataLayoutString`),
//! so that bitcode written by older tools reads with today's layouts.
//!
//! Owns only the string rewrite, keyed by the target triple's architecture
//! (and, for 32-bit x86, its OS and environment). The `.ll` parser does not
//! upgrade (LLVM 19's does not either): only bitcode reading does, so
//! `llvm-as-19 F | llvm-dis-19` may print another layout than `F` holds.
//!
//! The rules, measured against `llvm-as-19 | llvm-dis-19`:
//! * x86 (`i386`..`i986`, `x86_64`, `amd64`, `x86_64h`): the first
//!   `e-m:X[-p:32:32]-{i,f}64:...` gets `-p270:32:32-p271:32:32-p272:64:64`
//!   after its `e-m:X[-p:32:32]` (what precedes the match is dropped, as
//!   LLVM's unanchored regex replacement does); then, unless the OS is
//!   `elfiamcu` or the string holds `-i128:128`, a string of the form
//!   `e[-m/p/i specs][-other specs]` gets `-i128:128` after the m/p/i run;
//!   then 32-bit MSVC-environment Windows turns `-f80:32-` into `-f80:128-`.
//! * AArch64 (`aarch64`, `aarch64_be`, `aarch64_32`, `arm64`, `arm64e`,
//!   `arm64ec`, `arm64_32`): a non-empty string without `-Fn32` gets it.
//! * 64-bit RISC-V: the first `-n64-` becomes `-n32:64-`.
//! * AMDGPU (`r600`, `amdgcn`): `G1` unless a `G` spec is there; on `amdgcn`
//!   also `-ni:7:8:9` (or the missing `:8:9`/`:9` after a trailing `ni:7` or
//!   `ni:7:8`) and the `p7`, `p8` and `p9` buffer pointer sizes.
//!
//! Cost: O(string length), one allocation.

use crate::ir::triple::{ArchFamily, OsFamily, Triple};

/// The string LLVM 19's bitcode reader gives a module whose `DATALAYOUT`
/// record holds `dl` (empty when there is none) and whose triple is `triple`.
pub(crate) fn upgrade_data_layout(dl: &str, triple: &str) -> String {
    let t = Triple::parse(triple);
    match t.arch_family() {
        ArchFamily::R600 => upgrade_amdgpu(dl, false),
        ArchFamily::AmdGcn => upgrade_amdgpu(dl, true),
        ArchFamily::RiscV64 => match dl.find("-n64-") {
            Some(i) => format!("{}-n32:64-{}", &dl[..i], &dl[i + 5..]),
            None => dl.to_string(),
        },
        ArchFamily::AArch64 => {
            if !dl.is_empty() && !dl.contains("-Fn32") {
                format!("{dl}-Fn32")
            } else {
                dl.to_string()
            }
        }
        ArchFamily::X86 => upgrade_x86(dl, &t, false),
        ArchFamily::X86_64 => upgrade_x86(dl, &t, true),
        _ => dl.to_string(),
    }
}

fn upgrade_amdgpu(dl: &str, gcn: bool) -> String {
    let mut res = dl.to_string();
    if !dl.contains("-G") && !dl.starts_with('G') {
        res.push_str(if res.is_empty() { "G1" } else { "-G1" });
    }
    if gcn {
        if !dl.contains("-ni") && !dl.starts_with("ni") {
            res.push_str("-ni:7:8:9");
        }
        if dl.ends_with("ni:7") {
            res.push_str(":8:9");
        }
        if dl.ends_with("ni:7:8") {
            res.push_str(":9");
        }
        for (p, spec) in [
            ("p7", "-p7:160:256:256:32"),
            ("p8", "-p8:128:128"),
            ("p9", "-p9:192:256:256:32"),
        ] {
            if !dl.contains(&format!("-{p}")) && !dl.starts_with(p) {
                res.push_str(spec);
            }
        }
    }
    res
}

fn upgrade_x86(dl: &str, t: &Triple, bits64: bool) -> String {
    const ADDR_SPACES: &str = "-p270:32:32-p271:32:32-p272:64:64";
    let mut res = dl.to_string();
    if !dl.contains(ADDR_SPACES) {
        if let Some((start, cut)) = find_mangled_prefix(&res) {
            res = format!("{}{ADDR_SPACES}{}", &res[start..cut], &res[cut..]);
        }
    }
    if t.os_family() != OsFamily::ElfIamcu && !res.contains("-i128:128") {
        if let Some(cut) = end_of_mpi_run(&res) {
            res = format!("{}-i128:128{}", &res[..cut], &res[cut..]);
        }
    }
    // 32-bit Windows in the MSVC environment (or none named) aligns x86_fp80
    // to 16 bytes.
    let windows = t.os_family() == OsFamily::Windows;
    let env = t.environment;
    let msvc = env.is_empty() || env.starts_with("msvc") || !t.has_known_environment();
    if !bits64 && windows && msvc {
        if let Some(i) = res.find("-f80:32-") {
            res = format!("{}-f80:128-{}", &res[..i], &res[i + 8..]);
        }
    }
    res
}

/// The first match of `e-m:[a-z](-p:32:32)?-[if]64:` in `s`: where it
/// starts and where the address spaces go (after the mangling and the
/// optional 32-bit pointer spec).
fn find_mangled_prefix(s: &str) -> Option<(usize, usize)> {
    let b = s.as_bytes();
    let mut from = 0;
    while let Some(off) = s[from..].find("e-m:") {
        let start = from + off;
        let m = start + 4;
        if b.get(m).is_some_and(u8::is_ascii_lowercase) {
            let mut cut = m + 1;
            let rest = |at: usize| {
                let r = &b[at.min(b.len())..];
                r.len() >= 5 && r[0] == b'-' && (r[1] == b'i' || r[1] == b'f') && &r[2..5] == b"64:"
            };
            if b[cut..].starts_with(b"-p:32:32") && rest(cut + 8) {
                cut += 8;
                return Some((start, cut));
            }
            if rest(cut) {
                return Some((start, cut));
            }
        }
        from = start + 1;
    }
    None
}

/// For a string of the form `e(-[mpi][^-]*)*(-[^mpi][^-]*)*` (the whole
/// string), the end of the `m`/`p`/`i` run; `None` when it has another form.
fn end_of_mpi_run(s: &str) -> Option<usize> {
    if s == "e" {
        return Some(1);
    }
    let rest = s.strip_prefix("e-")?;
    let comps: Vec<&str> = rest.split('-').collect();
    let mpi = |c: &str| matches!(c.as_bytes().first(), Some(b'm' | b'p' | b'i'));
    let k = comps.iter().take_while(|c| mpi(c)).count();
    // The rest: each piece starts with a character other than m, p or i; an
    // empty piece is a '-' that the next piece's text follows.
    let mut j = k;
    while j < comps.len() {
        if comps[j].is_empty() {
            if j + 1 == comps.len() {
                return None;
            }
            j += 2;
        } else if mpi(comps[j]) {
            return None;
        } else {
            j += 1;
        }
    }
    Some(1 + comps[..k].iter().map(|c| c.len() + 1).sum::<usize>())
}

#[cfg(test)]
mod tests {
    use super::upgrade_data_layout as up;

    // Each expectation is what llvm-as-19 | llvm-dis-19 prints.
    #[test]
    fn x86_address_spaces_and_i128() {
        assert_eq!(
            up(
                "e-m:e-i64:64-f80:128-n8:16:32:64-S128",
                "x86_64-unknown-linux-gnu"
            ),
            "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
        );
        assert_eq!(
            up("e-m:e-p:32:32-f64:32:64-f80:32-n8:16:32-S128", "i386-pc-linux-gnu"),
            "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128"
        );
        assert_eq!(
            up(
                "e-p:64:64:64-i1:8:8-i64:64:64-f80:128:128-n8:16:32:64",
                "x86_64"
            ),
            "e-p:64:64:64-i1:8:8-i64:64:64-i128:128-f80:128:128-n8:16:32:64"
        );
        assert_eq!(up("e-m:e", "i386"), "e-m:e-i128:128");
        assert_eq!(up("e", "i386"), "e-i128:128");
        assert_eq!(up("E-m:e", "i386"), "E-m:e");
        assert_eq!(
            up("e-m:e-p:32:32-i64:64-m:e-f80:32", "i686"),
            "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i64:64-m:e-i128:128-f80:32"
        );
        assert_eq!(
            up(
                "e-m:e-i64:64-f80:128-n8:16:32:64-S128-i128:128",
                "x86_64-linux"
            ),
            "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128-i128:128"
        );
        assert_eq!(
            up(
                "e-m:e-p:32:32-f64:32:64-f80:32-n8:16:32-S128",
                "i386-pc-elfiamcu"
            ),
            "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-f64:32:64-f80:32-n8:16:32-S128"
        );
        // Not x86 to LLVM: "x86", an upper-case arch, no triple.
        for t in ["x86", "X86_64-linux", ""] {
            assert_eq!(up("e-m:e-i64:64", t), "e-m:e-i64:64");
        }
    }

    #[test]
    fn x86_msvc_f80() {
        let dl = "e-m:e-p:32:32-f64:32:64-f80:32-n8:16:32-S128";
        let up128 = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:128-n8:16:32-S128";
        let up32 = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128";
        for t in [
            "i686-pc-windows-msvc",
            "i686-pc-win32",
            "i686-pc-windows",
            "i686-pc-windows-msvc19.0",
        ] {
            assert_eq!(up(dl, t), up128, "{t}");
        }
        for t in [
            "i686-pc-windows-gnu",
            "i686-pc-windows-itanium",
            "i686-windows-msvc",
        ] {
            assert_eq!(up(dl, t), up32, "{t}");
        }
    }

    #[test]
    fn other_targets() {
        assert_eq!(up("e", "aarch64_be-none-elf"), "e-Fn32");
        assert_eq!(up("", "aarch64"), "");
        assert_eq!(up("e-m:e-p:32:32-Fn32", "aarch64"), "e-m:e-p:32:32-Fn32");
        assert_eq!(up("e-m:e-i64:64", "arm64_32-apple"), "e-m:e-i64:64-Fn32");
        assert_eq!(up("e-m:e-n64-S128", "riscv64"), "e-m:e-n32:64-S128");
        assert_eq!(up("e-m:e-n64", "riscv64"), "e-m:e-n64");
        assert_eq!(up("e-m:e-n64-S128", "riscv32"), "e-m:e-n64-S128");
        assert_eq!(
            up("", "amdgcn-amd-amdhsa"),
            "G1-ni:7:8:9-p7:160:256:256:32-p8:128:128-p9:192:256:256:32"
        );
        assert_eq!(
            up("e-p:64:64-ni:7", "amdgcn-amd-amdhsa"),
            "e-p:64:64-ni:7-G1:8:9-p7:160:256:256:32-p8:128:128-p9:192:256:256:32"
        );
        assert_eq!(up("e-p:32:32-ni:7", "r600"), "e-p:32:32-ni:7-G1");
        assert_eq!(up("e-p:32:32-G1", "r600"), "e-p:32:32-G1");
        for t in [
            "powerpc64-unknown-linux-gnu",
            "wasm32",
            "sparcv9",
            "nvptx64",
            "s390x",
        ] {
            assert_eq!(up("E-m:e-i64:64-n32:64", t), "E-m:e-i64:64-n32:64");
        }
    }
}
