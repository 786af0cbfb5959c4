//! Target triples and the data layout clang 19 gives each: what a frontend
//! writes at the top of a module so that `clang-19 out.ll` compiles it for
//! the machine it runs on.
//!
//! The table covers x86_64 and AArch64 on Linux, macOS and Windows, and
//! 64-bit RISC-V on Linux; `scripts/target-table.sh --check` (run by
//! `.ci/run`) asks `clang-19 -target <triple> -S -emit-llvm` for each row
//! and fails when a string differs.

use crate::ir::triple::{OsFamily, Triple};
use crate::ir::Module;
use crate::Context;

/// A target triple and its data layout string, as clang 19 writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// `target triple = "..."`.
    pub triple: String,
    /// `target datalayout = "..."`.
    pub datalayout: String,
}

/// The object-file family of a triple, which decides the mangling (`m:`).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Os {
    Elf,
    MachO,
    Windows,
}

/// The data layout clang 19 gives `arch` on `os`, if the table has it.
fn layout_of(arch: &str, os: Os) -> Option<&'static str> {
    Some(match (arch, os) {
        ("x86_64", Os::Elf) => {
            "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
        }
        ("x86_64", Os::MachO) => {
            "e-m:o-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
        }
        ("x86_64", Os::Windows) => {
            "e-m:w-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
        }
        ("aarch64", Os::Elf) => "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32",
        ("aarch64" | "arm64", Os::MachO) => "e-m:o-i64:64-i128:128-n32:64-S128-Fn32",
        ("aarch64", Os::Windows) => "e-m:w-p:64:64-i32:32-i64:64-i128:128-n32:64-S128-Fn32",
        ("riscv64", Os::Elf) => "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128",
        _ => return None,
    })
}

impl Target {
    /// The target for `triple` as clang 19 spells it
    /// (`x86_64-unknown-linux-gnu`, `arm64-apple-macosx14.0.0`,
    /// `x86_64-pc-windows-msvc`, ...), with the data layout clang 19 gives
    /// it; `None` for an architecture or system outside the table.
    ///
    /// ```
    /// use lair::layout::Target;
    /// let t = Target::for_triple("aarch64-unknown-linux-gnu").unwrap();
    /// assert_eq!(t.datalayout, "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32");
    /// assert!(Target::for_triple("sparc-sun-solaris").is_none());
    /// ```
    pub fn for_triple(triple: &str) -> Option<Target> {
        let t = Triple::parse(triple);
        let os = match t.normalized_os_family() {
            OsFamily::Darwin => Os::MachO,
            OsFamily::Windows => Os::Windows,
            OsFamily::Linux => Os::Elf,
            _ => return None,
        };
        Some(Target {
            triple: triple.to_string(),
            datalayout: layout_of(t.arch, os)?.to_string(),
        })
    }

    /// The target of the machine this program runs on, as clang 19 picks
    /// it with no `-target`: `x86_64-unknown-linux-gnu`,
    /// `aarch64-unknown-linux-gnu`, `riscv64-unknown-linux-gnu`,
    /// `x86_64-pc-windows-msvc`, `aarch64-pc-windows-msvc`, and on macOS
    /// `arm64-apple-macosx11.0.0` / `x86_64-apple-macosx11.0.0`. clang
    /// writes the running macOS version into the triple; lair, which makes
    /// no system calls for it, names 11.0, the first release on Apple
    /// silicon, which every clang accepts as a deployment target.
    /// Distributions that configure clang with another vendor (Debian's
    /// `x86_64-pc-linux-gnu`) produce the same code with either.
    ///
    /// `None` on a machine outside the table.
    pub fn host() -> Option<Target> {
        let arch = std::env::consts::ARCH;
        let triple = match (arch, std::env::consts::OS) {
            ("x86_64" | "aarch64" | "riscv64", "linux") => format!("{arch}-unknown-linux-gnu"),
            ("x86_64" | "aarch64", "windows") => format!("{arch}-pc-windows-msvc"),
            ("aarch64", "macos") => "arm64-apple-macosx11.0.0".to_string(),
            ("x86_64", "macos") => "x86_64-apple-macosx11.0.0".to_string(),
            _ => return None,
        };
        Target::for_triple(&triple)
    }
}

/// # Targets
///
/// The triple and data layout a frontend gives a module so that clang can
/// compile it for the machine it runs on.
impl Context {
    /// The target of the machine lair runs on ([`Target::host`]).
    ///
    /// ```
    /// use lair::Context;
    /// let mut ctx = Context::new();
    /// let m = ctx.create_module("m");
    /// if let Some(t) = Context::host_target() {
    ///     ctx.set_target(m, &t);
    ///     assert!(ctx.module_layout(m).is_ok());
    ///     # #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    ///     assert!(ctx.print_module(m).contains("target triple = \"x86_64-unknown-linux-gnu\""));
    /// }
    /// ```
    pub fn host_target() -> Option<Target> {
        Target::host()
    }

    /// Sets module `m`'s `target triple` and `target datalayout`.
    pub fn set_target(&mut self, m: Module, t: &Target) {
        let d = self.module_mut(m);
        d.triple = t.triple.clone().into_bytes();
        d.datalayout = t.datalayout.clone();
    }
}
