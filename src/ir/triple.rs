//! Target triples, split and classified as LLVM 19's `Triple` does for
//! what lair needs: the architecture family (the data layout upgrade, the
//! Darwin wrapper's CPU type, NVPTX's names), the OS family (Darwin,
//! Windows, Linux, `elfiamcu`), the environment and the Mach-O object
//! format. The one place lair reads a triple string; it lives in `ir/`
//! beside the module's `triple` field so that every layer above can use it
//! (`layout::Target`, the bitcode reader and writer, global naming).
//!
//! Like LLVM's constructor, [`Triple::parse`] splits at the first three
//! `-`: the fourth component (environment and object format) keeps any
//! further `-`. Classification is by LLVM 19's names and prefixes; a
//! component nothing matches is `Other`. No allocation; O(triple length).

/// A target triple split into LLVM's four components (each empty when the
/// triple has fewer).
///
/// ```
/// use lair::ir::triple::{ArchFamily, OsFamily, Triple};
/// let t = Triple::parse("x86_64-apple-macosx14.0.0");
/// assert_eq!(t.arch_family(), ArchFamily::X86_64);
/// assert_eq!(t.os_family(), OsFamily::Darwin);
/// assert!(t.is_darwin_or_macho());
/// let t = Triple::parse("i686-pc-windows-msvc-elf");
/// assert_eq!(t.environment, "msvc-elf");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Triple<'a> {
    /// The architecture (with sub-architecture): `x86_64`, `armv7`, ...
    pub arch: &'a str,
    /// The vendor: `unknown`, `apple`, `pc`, ...
    pub vendor: &'a str,
    /// The operating system, with any version: `linux`, `macosx14.0.0`, ...
    pub os: &'a str,
    /// The environment and object format, with anything after it: `gnu`,
    /// `msvc`, `macho`, ...
    pub environment: &'a str,
}

/// The architecture families whose triples LLVM 19 treats specially where
/// lair follows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ArchFamily {
    /// 32-bit x86: `i386` through `i986`.
    X86,
    /// `x86_64`, `amd64`, `x86_64h`.
    X86_64,
    /// Little-endian 32-bit ARM and Thumb (`arm*`, `thumb*` but not their
    /// `eb` big-endian forms nor `arm64*`; `xscale`, `iwmmxt`).
    Arm,
    /// `aarch64`, `aarch64_be`, `aarch64_32`, `arm64`, `arm64e`, `arm64ec`,
    /// `arm64_32`.
    AArch64,
    /// 32-bit PowerPC: `powerpc`, `ppc`, `ppc32`.
    PowerPC,
    /// Big-endian 64-bit PowerPC: `powerpc64`, `ppu`, `ppc64`.
    PowerPC64,
    /// `riscv64`.
    RiscV64,
    /// `r600`.
    R600,
    /// `amdgcn`.
    AmdGcn,
    /// `nvptx`, `nvptx64`.
    Nvptx,
    /// Anything else.
    Other,
}

/// The operating-system families lair tells apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OsFamily {
    /// `darwin`, `macos`, `ios`, `tvos`, `watchos`, `driverkit`, `xros`,
    /// `visionos` (LLVM's `isOSDarwin`).
    Darwin,
    /// `windows`, `win32`.
    Windows,
    /// `linux`.
    Linux,
    /// `elfiamcu`.
    ElfIamcu,
    /// Anything else.
    Other,
}

impl OsFamily {
    /// The family of an OS component (a prefix match, as LLVM's
    /// `parseOS`, so versions may follow).
    pub fn of(os: &str) -> OsFamily {
        const DARWIN: [&str; 8] = [
            "darwin",
            "macos",
            "ios",
            "tvos",
            "watchos",
            "driverkit",
            "xros",
            "visionos",
        ];
        if DARWIN.iter().any(|p| os.starts_with(p)) {
            OsFamily::Darwin
        } else if os.starts_with("windows") || os.starts_with("win32") {
            OsFamily::Windows
        } else if os.starts_with("linux") {
            OsFamily::Linux
        } else if os.starts_with("elfiamcu") {
            OsFamily::ElfIamcu
        } else {
            OsFamily::Other
        }
    }
}

impl<'a> Triple<'a> {
    /// Splits `triple` at its first three `-`, as LLVM's `Triple` does.
    pub fn parse(triple: &'a str) -> Triple<'a> {
        let mut parts = triple.splitn(4, '-');
        let mut next = || parts.next().unwrap_or("");
        Triple {
            arch: next(),
            vendor: next(),
            os: next(),
            environment: next(),
        }
    }

    /// The architecture's family.
    pub fn arch_family(&self) -> ArchFamily {
        let arch = self.arch;
        let b = arch.as_bytes();
        match arch {
            "x86_64" | "amd64" | "x86_64h" => return ArchFamily::X86_64,
            "aarch64" | "aarch64_be" | "aarch64_32" | "arm64" | "arm64e" | "arm64ec"
            | "arm64_32" => return ArchFamily::AArch64,
            "powerpc" | "ppc" | "ppc32" => return ArchFamily::PowerPC,
            "powerpc64" | "ppu" | "ppc64" => return ArchFamily::PowerPC64,
            "riscv64" => return ArchFamily::RiscV64,
            "r600" => return ArchFamily::R600,
            "amdgcn" => return ArchFamily::AmdGcn,
            "nvptx" | "nvptx64" => return ArchFamily::Nvptx,
            "xscale" | "iwmmxt" => return ArchFamily::Arm,
            _ => {}
        }
        if b.len() == 4 && b[0] == b'i' && (b'3'..=b'9').contains(&b[1]) && &b[2..] == b"86" {
            ArchFamily::X86
        } else if (arch.starts_with("arm")
            && !arch.starts_with("armeb")
            && !arch.starts_with("arm64"))
            || (arch.starts_with("thumb") && !arch.starts_with("thumbeb"))
        {
            ArchFamily::Arm
        } else {
            ArchFamily::Other
        }
    }

    /// The OS component's family.
    pub fn os_family(&self) -> OsFamily {
        OsFamily::of(self.os)
    }

    /// The OS family as LLVM's `Triple::normalize` finds it: the first
    /// family the vendor, OS or environment components (split at every
    /// `-`) name, checked in the order Darwin, Windows, Linux, so that
    /// `aarch64-linux-gnu` is Linux.
    pub fn normalized_os_family(&self) -> OsFamily {
        let rest = || {
            [self.vendor, self.os]
                .into_iter()
                .chain(self.environment.split('-'))
        };
        for family in [OsFamily::Darwin, OsFamily::Windows, OsFamily::Linux] {
            if rest().any(|c| OsFamily::of(c) == family) {
                return family;
            }
        }
        OsFamily::Other
    }

    /// Whether the object format is Mach-O: on a Darwin OS, or with an
    /// environment ending in `macho` (LLVM's `isOSBinFormatMachO` with
    /// `isOSDarwin`, as the bitcode writer asks them).
    pub fn is_darwin_or_macho(&self) -> bool {
        self.os_family() == OsFamily::Darwin || self.environment.ends_with("macho")
    }

    /// Whether LLVM 19's `Triple::parseEnvironment` names the environment
    /// (a prefix match); an empty or unknown one is `UnknownEnvironment`.
    pub fn has_known_environment(&self) -> bool {
        const ENVS: [&str; 37] = [
            "eabihf",
            "eabi",
            "gnuabin32",
            "gnuabi64",
            "gnueabihft64",
            "gnueabihf",
            "gnueabit64",
            "gnueabi",
            "gnuf32",
            "gnuf64",
            "gnusf",
            "gnux32",
            "gnu_ilp32",
            "code16",
            "gnut64",
            "gnu",
            "android",
            "musleabihf",
            "musleabi",
            "muslx32",
            "musl",
            "msvc",
            "itanium",
            "cygnus",
            "coreclr",
            "simulator",
            "macabi",
            "pixel",
            "vertex",
            "geometry",
            "hull",
            "domain",
            "compute",
            "library",
            "raygeneration",
            "intersection",
            "ohos",
        ];
        ENVS.iter().any(|e| self.environment.starts_with(e))
    }
}

#[cfg(test)]
mod tests {
    use super::{ArchFamily as A, OsFamily as O, Triple};

    #[test]
    fn splits_as_llvm() {
        let t = Triple::parse("x86_64-pc-linux-gnu-extra");
        assert_eq!(
            (t.arch, t.vendor, t.os, t.environment),
            ("x86_64", "pc", "linux", "gnu-extra")
        );
        let t = Triple::parse("nvptx64");
        assert_eq!(
            (t.arch, t.vendor, t.os, t.environment),
            ("nvptx64", "", "", "")
        );
        assert_eq!(Triple::parse("").arch_family(), A::Other);
    }

    #[test]
    fn families() {
        for (arch, fam) in [
            ("i386", A::X86),
            ("i986", A::X86),
            ("i286", A::Other),
            ("x86", A::Other),
            ("X86_64", A::Other),
            ("amd64", A::X86_64),
            ("armv7", A::Arm),
            ("thumbv7s", A::Arm),
            ("armeb", A::Other),
            ("thumbeb", A::Other),
            ("arm64e", A::AArch64),
            ("arm64x", A::Other),
            ("aarch64_be", A::AArch64),
            ("ppu", A::PowerPC64),
            ("ppc32", A::PowerPC),
            ("riscv32", A::Other),
            ("nvptx", A::Nvptx),
            ("nvptx64", A::Nvptx),
            ("amdgcn", A::AmdGcn),
        ] {
            assert_eq!(Triple::parse(arch).arch_family(), fam, "{arch}");
        }
        let os = |t| Triple::parse(t).os_family();
        assert_eq!(os("arm64-apple-xros1"), O::Darwin);
        assert_eq!(os("i686-pc-win32"), O::Windows);
        assert_eq!(os("i386-pc-elfiamcu"), O::ElfIamcu);
        assert_eq!(os("aarch64-linux-gnu"), O::Other);
        let norm = |t| Triple::parse(t).normalized_os_family();
        assert_eq!(norm("aarch64-linux-gnu"), O::Linux);
        assert_eq!(norm("x86_64-apple-macosx11.0.0"), O::Darwin);
        assert_eq!(norm("x86_64-unknown-freebsd"), O::Other);
        assert!(Triple::parse("x86_64-pc-linux-gnu-macho").is_darwin_or_macho());
        assert!(!Triple::parse("x86_64-pc-linux-macho-gnu").is_darwin_or_macho());
        assert!(Triple::parse("i686-pc-windows-msvc19.0").has_known_environment());
        assert!(!Triple::parse("i686-pc-windows").has_known_environment());
    }
}
