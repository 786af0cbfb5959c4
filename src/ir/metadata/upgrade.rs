//! LLVM 19's `UpgradeModuleFlags`, which both of its readers run on every
//! module (`llvm-as`, `llvm-dis`, `llvm-link` inputs): flags whose behaviour
//! or spelling changed since they were first written are rewritten to
//! today's form, so that linking old and new modules merges them.
//!
//! * `PIC Level` with Error (1) or Max (7) becomes Min (8); `PIE Level`
//!   with Error becomes Max; `branch-target-enforcement` and
//!   `sign-return-address*` with Error become Min;
//! * `Objective-C Image Info Section` loses its spaces;
//! * `Objective-C Garbage Collection` with a wider-than-`i8` value becomes
//!   Error with the low byte, the higher bytes becoming the `Swift ABI
//!   Version` (i32), `Swift Major Version` and `Swift Minor Version` (i8)
//!   flags appended at the end;
//! * `amdgpu_code_object_version` is renamed `amdhsa_code_object_version`;
//! * a module with `Objective-C Image Info Version` and no `Objective-C
//!   Class Properties` gets that flag (Override, `i32 0`) at the end.
//!
//! Flags that are not three operands with a string id are left alone, as
//! LLVM leaves them (the verifier reports them). O(number of flags).

use super::{MdData, Metadata};
use crate::ir::Module;
use crate::Context;

const ERROR: u64 = 1;
const OVERRIDE: u64 = 4;
const MAX: u64 = 7;
const MIN: u64 = 8;

/// # Module-flag upgrade
///
/// `UpgradeModuleFlags`, run by the `.ll` parser and the bitcode reader.
impl Context {
    /// Rewrites `m`'s `!llvm.module.flags` as LLVM 19's `UpgradeModuleFlags`
    /// does (see the module documentation); true if anything changed.
    pub fn upgrade_module_flags(&mut self, m: Module) -> bool {
        let Some(flags) = self
            .module(m)
            .named_md
            .get(&b"llvm.module.flags"[..])
            .cloned()
        else {
            return false;
        };
        let mut new_flags = flags.clone();
        let (mut objc, mut class_props) = (false, false);
        let mut swift: Option<(u64, u64, u64)> = None;
        for (i, &flag) in flags.iter().enumerate() {
            let ops = match self.md_data(self.md_resolved(flag)) {
                MdData::Tuple { ops, .. } if ops.len() == 3 => ops.to_vec(),
                _ => continue,
            };
            let Some(id_md) = ops[1] else { continue };
            let id = match self.md_data(id_md) {
                MdData::String(s) => s.to_vec(),
                _ => continue,
            };
            let behaviour = self.md_int(ops[0]);
            let id = id.as_slice();
            if id == b"Objective-C Image Info Version" {
                objc = true;
            }
            if id == b"Objective-C Class Properties" {
                class_props = true;
            }
            let set_behaviour = |ctx: &mut Context, b: u64| {
                let i32t = ctx.i32_type();
                let b = ctx.const_int(i32t, b);
                let b = ctx.md_value(b);
                let id = ctx.md_string_bytes(id);
                ctx.md_tuple(&[Some(b), Some(id), ops[2]])
            };
            let new = match (id, behaviour) {
                (b"PIC Level", Some(ERROR | MAX)) => Some(set_behaviour(self, MIN)),
                (b"PIE Level", Some(ERROR)) => Some(set_behaviour(self, MAX)),
                (b"branch-target-enforcement", Some(ERROR)) => Some(set_behaviour(self, MIN)),
                (s, Some(ERROR)) if s.starts_with(b"sign-return-address") => {
                    Some(set_behaviour(self, MIN))
                }
                (b"Objective-C Image Info Section", _) => match ops[2].map(|v| self.md_data(v)) {
                    Some(MdData::String(s)) if s.contains(&b' ') => {
                        let joined: Vec<u8> = s.iter().copied().filter(|&c| c != b' ').collect();
                        let v = self.md_string_bytes(&joined);
                        Some(self.md_tuple(&[ops[0], ops[1], Some(v)]))
                    }
                    _ => None,
                },
                (b"Objective-C Garbage Collection", _) => self.upgrade_objc_gc(&ops, &mut swift),
                (b"amdgpu_code_object_version", _) => {
                    let id = self.md_string("amdhsa_code_object_version");
                    Some(self.md_tuple(&[ops[0], Some(id), ops[2]]))
                }
                _ => None,
            };
            if let Some(n) = new {
                new_flags[i] = n;
            }
        }
        let mut add = |ctx: &mut Context, b: u64, key: &str, bits: u32, v: u64| {
            let i32t = ctx.i32_type();
            let b = ctx.const_int(i32t, b);
            let b = ctx.md_value(b);
            let key = ctx.md_string(key);
            let t = ctx.int_type(bits);
            let v = ctx.const_int(t, v);
            let v = ctx.md_value(v);
            new_flags.push(ctx.md_tuple(&[Some(b), Some(key), Some(v)]));
        };
        if objc && !class_props {
            add(self, OVERRIDE, "Objective-C Class Properties", 32, 0);
        }
        if let Some((abi, major, minor)) = swift {
            add(self, ERROR, "Swift ABI Version", 32, abi);
            add(self, ERROR, "Swift Major Version", 8, major);
            add(self, ERROR, "Swift Minor Version", 8, minor);
        }
        if new_flags == flags {
            return false;
        }
        self.module_mut(m).named_md[&b"llvm.module.flags"[..]] = new_flags;
        true
    }

    /// The value of an integer constant as metadata.
    fn md_int(&self, md: Option<Metadata>) -> Option<u64> {
        match self.md_data(md?) {
            MdData::Value(v) => self.const_int_value(*v).map(|a| a.to_u64()),
            _ => None,
        }
    }

    /// `Objective-C Garbage Collection`: an integer wider than `i8` becomes
    /// Error with its low byte; bits 8..32 are the Swift versions.
    fn upgrade_objc_gc(
        &mut self,
        ops: &[Option<Metadata>],
        swift: &mut Option<(u64, u64, u64)>,
    ) -> Option<Metadata> {
        let v = match self.md_data(ops[2]?) {
            MdData::Value(v) => *v,
            _ => return None,
        };
        if self.type_of(v) == self.i8_type() {
            return None;
        }
        let val = self.const_int_value(v)?.to_u64();
        if val & 0xff != val {
            *swift = Some((
                (val & 0xff00) >> 8,
                (val & 0xff00_0000) >> 24,
                (val & 0xff_0000) >> 16,
            ));
        }
        let i32t = self.i32_type();
        let b = self.const_int(i32t, ERROR);
        let b = self.md_value(b);
        let i8t = self.i8_type();
        let low = self.const_int(i8t, val & 0xff);
        let low = self.md_value(low);
        Some(self.md_tuple(&[Some(b), ops[1], Some(low)]))
    }
}
