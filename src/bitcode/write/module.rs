//! The module block's own records: the BLOCKINFO abbreviations, the type
//! table, attribute groups and lists, comdats, the module description
//! (triple, data layout, inline asm, sections, GC names, source file
//! name), global variable, function, alias and ifunc records, the
//! placeholder of the symbol-table offset, operand bundle tags and sync
//! scope names.

use super::enumerate::{gv_attr_list, list_sets, log2_ceil};
use super::Wr;
use crate::bitcode::codes;
use crate::bitstream::{names as n, AbbrevOp};
use crate::ir::attributes::Attribute;
use crate::ir::global::{GlobalData, Linkage, Visibility};
use crate::types::TypeData;
use hashbrown::HashMap;

/// BLOCKINFO abbreviation ids LLVM 19 defines, by block.
pub(crate) mod abbrevs {
    /// `VST_ENTRY_8`.
    pub const VST_ENTRY_8: u32 = 4;
    /// `VST_ENTRY_7`.
    pub const VST_ENTRY_7: u32 = 5;
    /// `VST_ENTRY_6`.
    pub const VST_ENTRY_6: u32 = 6;
    /// `VST_BBENTRY_6`.
    pub const VST_BBENTRY_6: u32 = 7;
    /// `CONSTANTS_SETTYPE`.
    pub const CST_SETTYPE: u32 = 4;
    /// `CONSTANTS_INTEGER`.
    pub const CST_INTEGER: u32 = 5;
    /// `CONSTANTS_CE_CAST`.
    pub const CST_CE_CAST: u32 = 6;
    /// `FUNCTION_INST_LOAD`.
    pub const FN_LOAD: u32 = 4;
    /// `FUNCTION_INST_UNOP`.
    pub const FN_UNOP: u32 = 5;
    /// `FUNCTION_INST_UNOP_FLAGS`.
    pub const FN_UNOP_FLAGS: u32 = 6;
    /// `FUNCTION_INST_BINOP`.
    pub const FN_BINOP: u32 = 7;
    /// `FUNCTION_INST_BINOP_FLAGS`.
    pub const FN_BINOP_FLAGS: u32 = 8;
    /// `FUNCTION_INST_CAST`.
    pub const FN_CAST: u32 = 9;
    /// `FUNCTION_INST_CAST_FLAGS`.
    pub const FN_CAST_FLAGS: u32 = 10;
    /// `FUNCTION_INST_RET_VOID`.
    pub const FN_RET_VOID: u32 = 11;
    /// `FUNCTION_INST_RET_VAL`.
    pub const FN_RET_VAL: u32 = 12;
    /// `FUNCTION_INST_UNREACHABLE`.
    pub const FN_UNREACHABLE: u32 = 13;
    /// `FUNCTION_INST_GEP`.
    pub const FN_GEP: u32 = 14;
    /// `FUNCTION_DEBUG_RECORD_VALUE`.
    pub const FN_DEBUG_RECORD_VALUE: u32 = 15;
}

/// Whether a global value is `dso_local` in LLVM's sense: as written, or
/// implied by local linkage or non-default visibility (`maybeSetDsoLocal`).
pub(crate) fn is_dso_local(d: &GlobalData) -> bool {
    d.dso_local
        || d.linkage.is_local()
        || (d.visibility != Visibility::Default && d.linkage != Linkage::ExternWeak)
}

/// LLVM's `getEncodedAlign`: log2 + 1, 0 for none.
pub(crate) fn encode_align(a: Option<u64>) -> u64 {
    match a {
        Some(x) if x > 0 => u64::from(x.trailing_zeros()) + 1,
        _ => 0,
    }
}

impl Wr<'_> {
    pub(super) fn write_block_info(&mut self) {
        use AbbrevOp::*;
        self.type_bits = self.ve.type_bits();
        let tb = self.type_bits as u8;
        self.w.enter_block_info(2).expect("blockinfo");
        let lit = |c: u32| Literal(u64::from(c));
        let defs: &[(u32, Vec<AbbrevOp>)] = &[
            (
                n::VALUE_SYMTAB_BLOCK_ID,
                vec![Fixed(3), Vbr(8), Array, Fixed(8)],
            ),
            (
                n::VALUE_SYMTAB_BLOCK_ID,
                vec![lit(n::VST_CODE_ENTRY), Vbr(8), Array, Fixed(7)],
            ),
            (
                n::VALUE_SYMTAB_BLOCK_ID,
                vec![lit(n::VST_CODE_ENTRY), Vbr(8), Array, Char6],
            ),
            (
                n::VALUE_SYMTAB_BLOCK_ID,
                vec![lit(n::VST_CODE_BBENTRY), Vbr(8), Array, Char6],
            ),
            (
                n::CONSTANTS_BLOCK_ID,
                vec![lit(n::CST_CODE_SETTYPE), Fixed(tb)],
            ),
            (
                n::CONSTANTS_BLOCK_ID,
                vec![lit(n::CST_CODE_INTEGER), Vbr(8)],
            ),
            (
                n::CONSTANTS_BLOCK_ID,
                vec![lit(n::CST_CODE_CE_CAST), Fixed(4), Fixed(tb), Vbr(8)],
            ),
            (n::CONSTANTS_BLOCK_ID, vec![lit(n::CST_CODE_NULL)]),
            (
                n::FUNCTION_BLOCK_ID,
                vec![
                    lit(n::FUNC_CODE_INST_LOAD),
                    Vbr(6),
                    Fixed(tb),
                    Vbr(4),
                    Fixed(1),
                ],
            ),
            (
                n::FUNCTION_BLOCK_ID,
                vec![lit(n::FUNC_CODE_INST_UNOP), Vbr(6), Fixed(4)],
            ),
            (
                n::FUNCTION_BLOCK_ID,
                vec![lit(n::FUNC_CODE_INST_UNOP), Vbr(6), Fixed(4), Fixed(8)],
            ),
            (
                n::FUNCTION_BLOCK_ID,
                vec![lit(n::FUNC_CODE_INST_BINOP), Vbr(6), Vbr(6), Fixed(4)],
            ),
            (
                n::FUNCTION_BLOCK_ID,
                vec![
                    lit(n::FUNC_CODE_INST_BINOP),
                    Vbr(6),
                    Vbr(6),
                    Fixed(4),
                    Fixed(8),
                ],
            ),
            (
                n::FUNCTION_BLOCK_ID,
                vec![lit(n::FUNC_CODE_INST_CAST), Vbr(6), Fixed(tb), Fixed(4)],
            ),
            (
                n::FUNCTION_BLOCK_ID,
                vec![
                    lit(n::FUNC_CODE_INST_CAST),
                    Vbr(6),
                    Fixed(tb),
                    Fixed(4),
                    Fixed(8),
                ],
            ),
            (n::FUNCTION_BLOCK_ID, vec![lit(n::FUNC_CODE_INST_RET)]),
            (
                n::FUNCTION_BLOCK_ID,
                vec![lit(n::FUNC_CODE_INST_RET), Vbr(6)],
            ),
            (
                n::FUNCTION_BLOCK_ID,
                vec![lit(n::FUNC_CODE_INST_UNREACHABLE)],
            ),
            (
                n::FUNCTION_BLOCK_ID,
                vec![
                    lit(n::FUNC_CODE_INST_GEP),
                    Fixed(3),
                    Fixed(tb),
                    Array,
                    Vbr(6),
                ],
            ),
            (
                n::FUNCTION_BLOCK_ID,
                vec![
                    lit(n::FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE),
                    Vbr(7),
                    Vbr(7),
                    Vbr(7),
                    Vbr(6),
                ],
            ),
        ];
        for (block, ops) in defs {
            self.w
                .define_blockinfo_abbrev(*block, ops)
                .expect("blockinfo abbreviation");
        }
        self.exit();
    }

    pub(super) fn write_type_table(&mut self) {
        use AbbrevOp::*;
        let ctx = self.ctx;
        self.enter(n::TYPE_BLOCK_ID_NEW, 4);
        let tb = self.ve.type_bits() as u8;
        let lit = |c: u32| Literal(u64::from(c));
        let ptr_a = self.abbrev(&[lit(n::TYPE_CODE_OPAQUE_POINTER), Literal(0)]);
        let fn_a = self.abbrev(&[lit(n::TYPE_CODE_FUNCTION), Fixed(1), Array, Fixed(tb)]);
        let anon_a = self.abbrev(&[lit(n::TYPE_CODE_STRUCT_ANON), Fixed(1), Array, Fixed(tb)]);
        let name_a = self.abbrev(&[lit(n::TYPE_CODE_STRUCT_NAME), Array, Char6]);
        let named_a = self.abbrev(&[lit(n::TYPE_CODE_STRUCT_NAMED), Fixed(1), Array, Fixed(tb)]);
        let arr_a = self.abbrev(&[lit(n::TYPE_CODE_ARRAY), Vbr(8), Fixed(tb)]);
        let count = self.ve.types.len() as u64;
        self.record(n::TYPE_CODE_NUMENTRY, &[count], 0);
        let mut vals: Vec<u64> = Vec::new();
        for k in 0..self.ve.types.len() {
            let t = self.ve.types[k];
            vals.clear();
            let mut abbrev = 0;
            let code = match ctx.type_data(t) {
                TypeData::Void => n::TYPE_CODE_VOID,
                TypeData::Half => n::TYPE_CODE_HALF,
                TypeData::BFloat => n::TYPE_CODE_BFLOAT,
                TypeData::Float => n::TYPE_CODE_FLOAT,
                TypeData::Double => n::TYPE_CODE_DOUBLE,
                TypeData::X86Fp80 => n::TYPE_CODE_X86_FP80,
                TypeData::Fp128 => n::TYPE_CODE_FP128,
                TypeData::PpcFp128 => n::TYPE_CODE_PPC_FP128,
                TypeData::Label => n::TYPE_CODE_LABEL,
                TypeData::Metadata => n::TYPE_CODE_METADATA,
                TypeData::X86Amx => n::TYPE_CODE_X86_AMX,
                TypeData::X86Mmx => n::TYPE_CODE_X86_MMX,
                TypeData::Token => n::TYPE_CODE_TOKEN,
                TypeData::Int(w) => {
                    vals.push(u64::from(*w));
                    n::TYPE_CODE_INTEGER
                }
                TypeData::Ptr(a) => {
                    vals.push(u64::from(*a));
                    if *a == 0 {
                        abbrev = ptr_a;
                    }
                    n::TYPE_CODE_OPAQUE_POINTER
                }
                TypeData::Function { .. } => {
                    let (ret, params, va) = ctx.function_parts(t).expect("a function type");
                    vals.push(u64::from(va));
                    vals.push(u64::from(self.ve.type_id(ret)));
                    for &p in params {
                        vals.push(u64::from(self.ve.type_id(p)));
                    }
                    abbrev = fn_a;
                    n::TYPE_CODE_FUNCTION
                }
                TypeData::LiteralStruct { elems, packed } => {
                    vals.push(u64::from(*packed));
                    for &e in elems.iter() {
                        vals.push(u64::from(self.ve.type_id(e)));
                    }
                    abbrev = anon_a;
                    n::TYPE_CODE_STRUCT_ANON
                }
                TypeData::IdentifiedStruct(_) => {
                    vals.push(u64::from(ctx.is_packed_struct(t)));
                    let body = ctx.struct_elements(t);
                    if let Some(es) = body {
                        for &e in es {
                            vals.push(u64::from(self.ve.type_id(e)));
                        }
                    }
                    if let Some(name) = ctx.struct_name_bytes(t).filter(|s| !s.is_empty()) {
                        let v = std::mem::take(&mut vals);
                        self.string_record(n::TYPE_CODE_STRUCT_NAME, name, name_a);
                        vals = v;
                    }
                    if body.is_some() {
                        abbrev = named_a;
                        n::TYPE_CODE_STRUCT_NAMED
                    } else {
                        n::TYPE_CODE_OPAQUE
                    }
                }
                TypeData::Array { elem, len } => {
                    vals.push(*len);
                    vals.push(u64::from(self.ve.type_id(*elem)));
                    abbrev = arr_a;
                    n::TYPE_CODE_ARRAY
                }
                TypeData::Vector {
                    elem,
                    len,
                    scalable,
                } => {
                    vals.push(u64::from(*len));
                    vals.push(u64::from(self.ve.type_id(*elem)));
                    if *scalable {
                        vals.push(1);
                    }
                    n::TYPE_CODE_VECTOR
                }
                TypeData::TargetExt { .. } => {
                    let (name, tys, ints) = ctx.target_ext_parts(t).expect("a target type");
                    self.string_record(n::TYPE_CODE_STRUCT_NAME, name.as_bytes(), name_a);
                    vals.push(tys.len() as u64);
                    for &p in tys {
                        vals.push(u64::from(self.ve.type_id(p)));
                    }
                    vals.extend(ints.iter().map(|&i| u64::from(i)));
                    n::TYPE_CODE_TARGET_TYPE
                }
            };
            self.record(code, &vals, abbrev);
        }
        self.exit();
    }

    pub(super) fn write_attribute_groups(&mut self) {
        if self.ve.attr_groups.is_empty() {
            return;
        }
        self.enter(n::PARAMATTR_GROUP_BLOCK_ID, 3);
        let mut rec: Vec<u64> = Vec::new();
        for k in 0..self.ve.attr_groups.len() {
            let (index, set) = self.ve.attr_groups[k].clone();
            rec.clear();
            rec.push(k as u64 + 1);
            rec.push(u64::from(index));
            for a in set.iter() {
                self.push_attr(&mut rec, a);
            }
            self.record(n::PARAMATTR_GRP_CODE_ENTRY, &rec, 0);
        }
        self.exit();
    }

    fn push_attr(&self, rec: &mut Vec<u64>, a: &Attribute) {
        match a {
            Attribute::Enum(k) => {
                rec.push(0);
                rec.push(codes::attr_code(*k));
            }
            Attribute::Int(k, v) => {
                rec.push(1);
                rec.push(codes::attr_code(*k));
                rec.push(*v);
            }
            Attribute::Type(k, t) => {
                rec.push(6);
                rec.push(codes::attr_code(*k));
                rec.push(u64::from(self.ve.type_id(*t)));
            }
            Attribute::String(s) => {
                rec.push(if s.value().is_empty() { 3 } else { 4 });
                rec.extend(s.key().iter().map(|&c| u64::from(c)));
                rec.push(0);
                if !s.value().is_empty() {
                    rec.extend(s.value().iter().map(|&c| u64::from(c)));
                    rec.push(0);
                }
            }
            Attribute::Range(r) => {
                rec.push(7);
                rec.push(codes::attr_code(crate::ir::attributes::AttrKind::Range));
                push_range(rec, r, true);
            }
            Attribute::Initializes(l) => {
                rec.push(8);
                rec.push(codes::attr_code(
                    crate::ir::attributes::AttrKind::Initializes,
                ));
                rec.push(l.ranges().len() as u64);
                rec.push(64);
                for &(lo, hi) in l.ranges() {
                    rec.push(signed(lo));
                    rec.push(signed(hi));
                }
            }
        }
    }

    pub(super) fn write_attribute_lists(&mut self) {
        if self.ve.attr_lists.is_empty() {
            return;
        }
        self.enter(n::PARAMATTR_BLOCK_ID, 3);
        let mut rec: Vec<u64> = Vec::new();
        for k in 0..self.ve.attr_lists.len() {
            let l = self.ve.attr_lists[k].clone();
            rec.clear();
            for (index, set) in list_sets(&l) {
                rec.push(u64::from(self.ve.attr_group_id(index, set)));
            }
            self.record(n::PARAMATTR_CODE_ENTRY, &rec, 0);
        }
        self.exit();
    }

    pub(super) fn write_comdats(&mut self) {
        let ctx = self.ctx;
        for k in 0..self.ve.comdats.len() {
            let name = self.ve.comdats[k];
            let kind = ctx
                .module(self.m)
                .comdats
                .get(name)
                .copied()
                .unwrap_or(crate::ir::module::ComdatKind::Any);
            let off = self.strtab.add(name);
            self.record(
                n::MODULE_CODE_COMDAT,
                &[off, name.len() as u64, codes::comdat_code(kind)],
                0,
            );
        }
    }

    pub(super) fn write_module_info(&mut self) {
        use AbbrevOp::*;
        let ctx = self.ctx;
        let md = ctx.module(self.m);
        if !md.triple.is_empty() {
            self.string_record(n::MODULE_CODE_TRIPLE, &md.triple, 0);
        }
        if !md.datalayout.is_empty() {
            self.string_record(n::MODULE_CODE_DATALAYOUT, md.datalayout.as_bytes(), 0);
        }
        if !md.module_asm.is_empty() {
            let mut s = Vec::new();
            for l in &md.module_asm {
                s.extend_from_slice(l);
                s.push(b'\n');
            }
            self.string_record(n::MODULE_CODE_ASM, &s, 0);
        }
        let globals = self.ve.globals.clone();
        let funcs = self.ve.funcs.clone();
        let mut sections: HashMap<&[u8], u64> = HashMap::new();
        let mut gcs: HashMap<&[u8], u64> = HashMap::new();
        let mut max_align = 0u64;
        let mut max_type = 0u32;
        for &g in &globals {
            let d = ctx.global_data(g);
            max_align = max_align.max(encode_align(d.align));
            if let Some(t) = d.value_type {
                max_type = max_type.max(self.ve.type_id(t));
            }
            if let Some(s) = d.section.as_deref() {
                if !sections.contains_key(s) {
                    self.string_record(n::MODULE_CODE_SECTIONNAME, s, 0);
                    let id = sections.len() as u64 + 1;
                    sections.insert(s, id);
                }
            }
        }
        for &f in &funcs {
            let fd = ctx.function_data(f);
            // A function's alignment widens the globals' field too.
            max_align = max_align.max(encode_align(fd.global.align));
            if let Some(s) = fd.global.section.as_deref() {
                if !sections.contains_key(s) {
                    self.string_record(n::MODULE_CODE_SECTIONNAME, s, 0);
                    let id = sections.len() as u64 + 1;
                    sections.insert(s, id);
                }
            }
            if let Some(g) = fd.gc.as_deref() {
                if !gcs.contains_key(g) {
                    self.string_record(n::MODULE_CODE_GCNAME, g, 0);
                    let id = gcs.len() as u64 + 1;
                    gcs.insert(g, id);
                }
            }
        }
        let mut gvar_a = 0;
        if !globals.is_empty() {
            let align_op = if max_align == 0 {
                Literal(0)
            } else {
                Fixed(log2_ceil(max_align + 1) as u8)
            };
            let sect_op = if sections.is_empty() {
                Literal(0)
            } else {
                Fixed(log2_ceil(sections.len() as u64 + 1) as u8)
            };
            gvar_a = self.abbrev(&[
                Literal(u64::from(n::MODULE_CODE_GLOBALVAR)),
                Vbr(8),
                Vbr(8),
                Fixed(log2_ceil(u64::from(max_type) + 1) as u8),
                Vbr(6),
                Vbr(6),
                Fixed(5),
                align_op,
                sect_op,
            ]);
        }
        // Source file name.
        {
            let sf = &md.source_filename[..];
            let op = if sf.iter().any(|&c| c & 0x80 != 0) {
                Fixed(8)
            } else if sf.iter().all(|&c| super::is_char6(c)) {
                Char6
            } else {
                Fixed(7)
            };
            let a = self.abbrev(&[
                Literal(u64::from(n::MODULE_CODE_SOURCE_FILENAME)),
                Array,
                op,
            ]);
            let vals: Vec<u64> = sf.iter().map(|&c| u64::from(c)).collect();
            self.record(n::MODULE_CODE_SOURCE_FILENAME, &vals, a);
        }
        let mut vals: Vec<u64> = Vec::new();
        for &g in &globals {
            let d = ctx.global_data(g);
            let name = ctx.name_bytes(g.0).unwrap_or(b"");
            vals.clear();
            vals.push(self.strtab.add(name));
            vals.push(name.len() as u64);
            let vt = d.value_type.expect("a global variable has a value type");
            vals.push(u64::from(self.ve.type_id(vt)));
            let aspace = ctx.ptr_addrspace(ctx.type_of(g.0)).unwrap_or(0);
            vals.push(u64::from(aspace) << 2 | 2 | u64::from(d.is_constant));
            vals.push(match ctx.initializer(g) {
                Some(i) => u64::from(self.ve.vid(i.idx)) + 1,
                None => 0,
            });
            vals.push(codes::linkage_code(d.linkage));
            vals.push(encode_align(d.align));
            vals.push(
                d.section
                    .as_deref()
                    .map_or(0, |s| sections.get(s).copied().unwrap_or(0)),
            );
            let dso = is_dso_local(d);
            let long = d.thread_local != Default::default()
                || visibility(d) != Visibility::Default
                || d.unnamed_addr != Default::default()
                || d.externally_initialized
                || d.dll_storage != Default::default()
                || d.comdat.is_some()
                || !d.attrs.is_empty()
                || dso
                || d.partition.is_some()
                || !d.sanitizer.is_empty()
                || d.code_model.is_some();
            let mut abbrev = gvar_a;
            if long {
                abbrev = 0;
                vals.push(codes::visibility_code(visibility(d)));
                vals.push(codes::thread_local_code(d.thread_local));
                vals.push(codes::unnamed_addr_code(d.unnamed_addr));
                vals.push(u64::from(d.externally_initialized));
                vals.push(codes::dll_code(d.dll_storage));
                vals.push(
                    d.comdat
                        .as_deref()
                        .map_or(0, |c| u64::from(self.ve.comdat_id(c))),
                );
                let l = gv_attr_list(&d.attrs);
                vals.push(u64::from(self.ve.attr_list_id(&l)));
                vals.push(u64::from(dso));
                let p = d.partition.as_deref().unwrap_or(b"");
                vals.push(self.strtab.add(p));
                vals.push(p.len() as u64);
                let mut san = 0;
                for s in &d.sanitizer {
                    san |= match &**s {
                        "no_sanitize_address" => 1,
                        "no_sanitize_hwaddress" => 2,
                        "sanitize_memtag" => 4,
                        "sanitize_address_dyninit" => 8,
                        _ => 0,
                    };
                }
                vals.push(san);
                vals.push(match d.code_model.as_deref() {
                    None => 0,
                    Some("tiny") => 1,
                    Some("small") => 2,
                    Some("kernel") => 3,
                    Some("medium") => 4,
                    Some("large") => 5,
                    Some(_) => 0,
                });
            }
            self.record(n::MODULE_CODE_GLOBALVAR, &vals, abbrev);
        }
        for &f in &funcs {
            let fd = ctx.function_data(f);
            let d = &fd.global;
            let name = ctx.name_bytes(f.0).unwrap_or(b"");
            vals.clear();
            vals.push(self.strtab.add(name));
            vals.push(name.len() as u64);
            vals.push(u64::from(self.ve.type_id(ctx.signature(f))));
            vals.push(u64::from(fd.call_conv));
            vals.push(u64::from(ctx.is_declaration(f)));
            vals.push(codes::linkage_code(d.linkage));
            vals.push(u64::from(self.ve.attr_list_id(&fd.attrs)));
            vals.push(encode_align(d.align));
            vals.push(
                d.section
                    .as_deref()
                    .map_or(0, |s| sections.get(s).copied().unwrap_or(0)),
            );
            vals.push(codes::visibility_code(visibility(d)));
            vals.push(
                fd.gc
                    .as_deref()
                    .map_or(0, |g| gcs.get(g).copied().unwrap_or(0)),
            );
            vals.push(codes::unnamed_addr_code(d.unnamed_addr));
            let op_id = |slot: u32| -> u64 {
                ctx.function_operand(f, slot)
                    .map_or(0, |v| u64::from(self.ve.vid(v.idx)) + 1)
            };
            vals.push(op_id(crate::ir::function::PROLOGUE));
            vals.push(codes::dll_code(d.dll_storage));
            vals.push(
                d.comdat
                    .as_deref()
                    .map_or(0, |c| u64::from(self.ve.comdat_id(c))),
            );
            vals.push(op_id(crate::ir::function::PREFIX));
            vals.push(op_id(crate::ir::function::PERSONALITY));
            vals.push(u64::from(is_dso_local(d)));
            vals.push(u64::from(fd.addrspace));
            let p = d.partition.as_deref().unwrap_or(b"");
            vals.push(self.strtab.add(p));
            vals.push(p.len() as u64);
            self.record(n::MODULE_CODE_FUNCTION, &vals, 0);
        }
        let aliases = self.ve.aliases.clone();
        for &a in &aliases {
            let d = ctx.global_data(a);
            let name = ctx.name_bytes(a.0).unwrap_or(b"");
            vals.clear();
            vals.push(self.strtab.add(name));
            vals.push(name.len() as u64);
            let vt = d.value_type.expect("an alias has a value type");
            vals.push(u64::from(self.ve.type_id(vt)));
            vals.push(u64::from(ctx.ptr_addrspace(ctx.type_of(a.0)).unwrap_or(0)));
            let target = ctx.indirect_target(a).expect("an alias has an aliasee");
            vals.push(u64::from(self.ve.vid(target.idx)));
            vals.push(codes::linkage_code(d.linkage));
            vals.push(codes::visibility_code(visibility(d)));
            vals.push(codes::dll_code(d.dll_storage));
            vals.push(codes::thread_local_code(d.thread_local));
            vals.push(codes::unnamed_addr_code(d.unnamed_addr));
            vals.push(u64::from(is_dso_local(d)));
            let p = d.partition.as_deref().unwrap_or(b"");
            vals.push(self.strtab.add(p));
            vals.push(p.len() as u64);
            self.record(n::MODULE_CODE_ALIAS, &vals, 0);
        }
        let ifuncs = self.ve.ifuncs.clone();
        for &i in &ifuncs {
            let d = ctx.global_data(i);
            let name = ctx.name_bytes(i.0).unwrap_or(b"");
            vals.clear();
            vals.push(self.strtab.add(name));
            vals.push(name.len() as u64);
            let vt = d.value_type.expect("an ifunc has a value type");
            vals.push(u64::from(self.ve.type_id(vt)));
            vals.push(u64::from(ctx.ptr_addrspace(ctx.type_of(i.0)).unwrap_or(0)));
            let target = ctx.indirect_target(i).expect("an ifunc has a resolver");
            vals.push(u64::from(self.ve.vid(target.idx)));
            vals.push(codes::linkage_code(d.linkage));
            vals.push(codes::visibility_code(visibility(d)));
            vals.push(u64::from(is_dso_local(d)));
            let p = d.partition.as_deref().unwrap_or(b"");
            vals.push(self.strtab.add(p));
            vals.push(p.len() as u64);
            self.record(n::MODULE_CODE_IFUNC, &vals, 0);
        }
        // The module-level symbol table's offset, patched when it is written.
        let a = self.abbrev(&[Literal(u64::from(n::MODULE_CODE_VSTOFFSET)), Fixed(32)]);
        self.record(n::MODULE_CODE_VSTOFFSET, &[0], a);
        self.vst_offset_at = self.w.bit_pos() - 32;
    }

    pub(super) fn write_bundle_tags(&mut self) {
        let tags = std::mem::take(&mut self.bundle_tags);
        self.enter(n::OPERAND_BUNDLE_TAGS_BLOCK_ID, 3);
        for &t in &tags {
            // `Record.append(Tag.begin(), Tag.end())` sign-extends a `char`
            // to 64 bits, as llvm-as 19 writes it.
            let vals: Vec<u64> = t.iter().map(|&c| c as i8 as u64).collect();
            self.record(n::OPERAND_BUNDLE_TAG, &vals, 0);
        }
        self.bundle_tags = tags;
        self.exit();
    }

    pub(super) fn write_sync_scopes(&mut self) {
        let names = std::mem::take(&mut self.sync_scopes);
        self.enter(n::SYNC_SCOPE_NAMES_BLOCK_ID, 2);
        for &s in &names {
            // `Record.append(SSN.begin(), SSN.end())` sign-extends a
            // `char` to 64 bits, as llvm-as 19 writes it.
            let vals: Vec<u64> = s.iter().map(|&c| c as i8 as u64).collect();
            self.record(n::SYNC_SCOPE_NAME, &vals, 0);
        }
        self.sync_scopes = names;
        self.exit();
    }
}

/// LLVM 19's operand bundle tags registered in every context, in id order.
pub(crate) const FIXED_BUNDLE_TAGS: [&[u8]; 10] = [
    b"deopt",
    b"funclet",
    b"gc-transition",
    b"cfguardtarget",
    b"preallocated",
    b"gc-live",
    b"clang.arc.attachedcall",
    b"ptrauth",
    b"kcfi",
    b"convergencectrl",
];

/// The visibility LLVM keeps: default for local linkage.
fn visibility(d: &GlobalData) -> Visibility {
    if d.linkage.is_local() {
        Visibility::Default
    } else {
        d.visibility
    }
}

/// LLVM's `emitSignedInt64`.
pub(crate) fn signed(x: i64) -> u64 {
    if x >= 0 {
        (x as u64) << 1
    } else {
        (x.wrapping_neg() as u64) << 1 | 1
    }
}

/// LLVM's `emitConstantRange`.
pub(crate) fn push_range(
    rec: &mut Vec<u64>,
    r: &crate::ir::attributes::ConstantRange,
    width: bool,
) {
    let w = r.bit_width();
    if width {
        rec.push(u64::from(w));
    }
    if w > 64 {
        let lo = active_words(r.lower_words());
        let hi = active_words(r.upper_words());
        rec.push(lo.len() as u64 | (hi.len() as u64) << 32);
        rec.extend(lo.iter().map(|&x| signed(x as i64)));
        rec.extend(hi.iter().map(|&x| signed(x as i64)));
    } else {
        let sext = |x: u64| -> i64 {
            if w == 64 {
                x as i64
            } else {
                ((x << (64 - w)) as i64) >> (64 - w)
            }
        };
        let lo = r.lower_words().first().copied().unwrap_or(0);
        let hi = r.upper_words().first().copied().unwrap_or(0);
        rec.push(signed(sext(lo)));
        rec.push(signed(sext(hi)));
    }
}

/// The words of an integer up to its last non-zero one (at least one).
pub(crate) fn active_words(w: &[u64]) -> &[u64] {
    let n = w.iter().rposition(|&x| x != 0).map_or(1, |i| i + 1);
    &w[..n.min(w.len())]
}
