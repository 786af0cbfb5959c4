//! Metadata blocks: the module's (strings, records, the offset index,
//! named metadata, global attachments) and a function's, the kind block
//! and a function's attachment block.

use super::enumerate::MdRef;
use super::{Wr, WriteError};
use crate::bitstream::{names as n, AbbrevOp, Writer};
use crate::ir::metadata::{MdAttachments, MdData, Metadata};

/// LLVM's `bitcode-mdindex-threshold`: more records than this get an index.
const INDEX_THRESHOLD: usize = 25;

/// Abbreviations of a metadata block (0: not made yet).
#[derive(Default, Clone, Copy)]
pub(super) struct MdAbbrevs {
    location: u32,
    generic: u32,
}

impl<'c> Wr<'c> {
    pub(super) fn write_md_kinds(&mut self) {
        let names = self.ctx.md.kinds.names();
        if names.is_empty() {
            return;
        }
        self.enter(n::METADATA_KIND_BLOCK_ID, 3);
        let mut rec: Vec<u64> = Vec::new();
        for (i, name) in names.iter().enumerate() {
            rec.clear();
            rec.push(i as u64);
            // `Record.append(KName.begin(), KName.end())` sign-extends a
            // `char` to 64 bits, as llvm-as 19 writes it: 0xFF is 2^64 - 1.
            rec.extend(name.iter().map(|&c| c as i8 as u64));
            self.record(n::METADATA_KIND, &rec, 0);
        }
        self.exit();
    }

    fn location_abbrev(&mut self) -> u32 {
        use AbbrevOp::*;
        self.abbrev(&[
            Literal(u64::from(n::METADATA_LOCATION)),
            Fixed(1),
            Vbr(6),
            Vbr(8),
            Vbr(6),
            Vbr(6),
            Fixed(1),
        ])
    }

    fn generic_abbrev(&mut self) -> u32 {
        use AbbrevOp::*;
        self.abbrev(&[
            Literal(u64::from(n::METADATA_GENERIC_DEBUG)),
            Fixed(1),
            Vbr(6),
            Fixed(1),
            Vbr(6),
            Array,
            Vbr(6),
        ])
    }

    pub(super) fn write_module_metadata(&mut self) -> Result<(), WriteError> {
        use AbbrevOp::*;
        let ctx = self.ctx;
        let named_empty = ctx.module(self.m).named_md.is_empty();
        if !self.ve.has_mds() && named_empty {
            return Ok(());
        }
        self.enter(n::METADATA_BLOCK_ID, 4);
        let mut ab = MdAbbrevs {
            location: self.location_abbrev(),
            generic: self.generic_abbrev(),
        };
        let offset_a = self.abbrev(&[
            Literal(u64::from(n::METADATA_INDEX_OFFSET)),
            Fixed(32),
            Fixed(32),
        ]);
        let index_a = self.abbrev(&[Literal(u64::from(n::METADATA_INDEX)), Array, Vbr(6)]);
        let strings: Vec<MdRef<'c>> = self.ve.md_strings().to_vec();
        self.write_md_strings(&strings);
        let records: Vec<MdRef<'c>> = self.ve.md_non_strings().to_vec();
        let indexed = records.len() > INDEX_THRESHOLD;
        if indexed {
            self.record(n::METADATA_INDEX_OFFSET, &[0, 0], offset_a);
        }
        let index_start = self.w.bit_pos();
        let mut positions: Vec<u64> = Vec::with_capacity(records.len());
        for &r in &records {
            positions.push(self.w.bit_pos());
            self.write_md_record(r, &mut ab)?;
        }
        if indexed {
            let here = self.w.bit_pos();
            self.w
                .backpatch_word64(index_start - 64, here - index_start);
            let mut prev = index_start;
            for p in positions.iter_mut() {
                let d = *p - prev;
                prev = *p;
                *p = d;
            }
            self.record(n::METADATA_INDEX, &positions, index_a);
        }
        // Named metadata.
        if !named_empty {
            let name_a = self.abbrev(&[Literal(u64::from(n::METADATA_NAME)), Array, Fixed(8)]);
            let named: Vec<(&'c [u8], &'c [Metadata])> = ctx
                .module(self.m)
                .named_md
                .iter()
                .map(|(k, v)| (&**k, &v[..]))
                .collect();
            for (name, ops) in named {
                // `bytes_begin()`: unsigned, 0xFF is 255.
                let vals: Vec<u64> = name.iter().map(|&c| u64::from(c)).collect();
                self.record(n::METADATA_NAME, &vals, name_a);
                let ids: Vec<u64> = ops
                    .iter()
                    .map(|&m| u64::from(self.ve.md_id(self.ve.md_ref(m))))
                    .collect();
                self.record(n::METADATA_NAMED_NODE, &ids, 0);
            }
        }
        // Attachments of declarations, ifuncs and global variables.
        let funcs = self.ve.funcs.clone();
        for f in funcs {
            if ctx.is_declaration(f) && !ctx.function_data(f).global.md.is_empty() {
                self.global_decl_attachment(f.0.idx, &ctx.function_data(f).global.md);
            }
        }
        let ifuncs = self.ve.ifuncs.clone();
        for i in ifuncs {
            let md = &ctx.global_data(i).md;
            if !md.is_empty() {
                self.global_decl_attachment(i.0.idx, md);
            }
        }
        let globals = self.ve.globals.clone();
        for g in globals {
            let md = &ctx.global_data(g).md;
            if !md.is_empty() {
                self.global_decl_attachment(g.0.idx, md);
            }
        }
        self.exit();
        Ok(())
    }

    fn global_decl_attachment(&mut self, v: u32, md: &crate::ir::metadata::MdAttachments) {
        let mut rec = vec![u64::from(self.ve.vid(v))];
        for (k, m) in md.iter() {
            rec.push(u64::from(k.number()));
            rec.push(u64::from(self.ve.md_id(self.ve.md_ref(m))));
        }
        self.record(n::METADATA_GLOBAL_DECL_ATTACHMENT, &rec, 0);
    }

    /// The strings record: counts, a blob of vbr6 lengths, then the bytes.
    fn write_md_strings(&mut self, strings: &[MdRef<'c>]) {
        use AbbrevOp::*;
        if strings.is_empty() {
            return;
        }
        let a = self.abbrev(&[
            Literal(u64::from(n::METADATA_STRINGS)),
            Vbr(6),
            Vbr(6),
            Blob,
        ]);
        let mut lens = Writer::new();
        let mut total = 0usize;
        for s in strings {
            let MdRef::Str(b) = s else { continue };
            lens.emit_vbr(b.len() as u64, 6).expect("a vbr6");
            total += b.len();
        }
        let mut blob = lens.finish();
        let offset = blob.len() as u64;
        blob.reserve(total);
        for s in strings {
            if let MdRef::Str(b) = s {
                blob.extend_from_slice(b);
            }
        }
        self.blob_record(
            a,
            n::METADATA_STRINGS,
            &[strings.len() as u64, offset],
            &blob,
        );
    }

    fn write_md_record(&mut self, r: MdRef<'c>, ab: &mut MdAbbrevs) -> Result<(), WriteError> {
        let ctx = self.ctx;
        let mut rec: Vec<u64> = Vec::new();
        match r {
            MdRef::Str(_) => unreachable!("strings are written in bulk"),
            MdRef::ConstI64(x) => {
                let v = self.ve.const_i64_value(x);
                rec.push(u64::from(self.ve.type_id(self.ve.vtype(v))));
                rec.push(u64::from(self.ve.vid(v)));
                self.record(n::METADATA_VALUE, &rec, 0);
            }
            MdRef::ConstsExpr(x) => {
                rec.extend([3 << 1, 0x11, x as u64]);
                self.record(n::METADATA_EXPRESSION, &rec, 0);
            }
            MdRef::Node(m) => match ctx.md.data(m) {
                MdData::Value(v) => {
                    let idx = v.idx;
                    rec.push(u64::from(self.ve.type_id(self.ve.vtype(idx))));
                    rec.push(u64::from(self.ve.vid(idx)));
                    self.record(n::METADATA_VALUE, &rec, 0);
                }
                MdData::Tuple { distinct, .. } => {
                    let distinct = *distinct;
                    let ops = self.ve.md_operands(r);
                    for op in ops.iter() {
                        rec.push(u64::from(self.ve.md_id_or_null(*op)));
                    }
                    let code = if distinct {
                        n::METADATA_DISTINCT_NODE
                    } else {
                        n::METADATA_NODE
                    };
                    self.record(code, &rec, 0);
                }
                MdData::Specialized {
                    kind,
                    distinct,
                    fields,
                } => {
                    let code = self.di_record(r, *kind, *distinct, fields, &mut rec);
                    let abbrev = match code {
                        n::METADATA_LOCATION => {
                            if ab.location == 0 {
                                ab.location = self.location_abbrev();
                            }
                            ab.location
                        }
                        n::METADATA_GENERIC_DEBUG => {
                            if ab.generic == 0 {
                                ab.generic = self.generic_abbrev();
                            }
                            ab.generic
                        }
                        _ => 0,
                    };
                    self.record(code, &rec, abbrev);
                }
                MdData::String(_) => unreachable!("strings are references by content"),
                MdData::Temporary => {
                    return Err(WriteError {
                        message: "an unresolved metadata forward reference".into(),
                    })
                }
            },
        }
        Ok(())
    }

    /// A function's metadata block (its strings and records).
    pub(super) fn write_function_metadata(&mut self) -> Result<(), WriteError> {
        if !self.ve.has_mds() {
            return Ok(());
        }
        self.enter(n::METADATA_BLOCK_ID, 3);
        let strings: Vec<MdRef<'c>> = self.ve.md_strings().to_vec();
        self.write_md_strings(&strings);
        let records: Vec<MdRef<'c>> = self.ve.md_non_strings().to_vec();
        let mut ab = MdAbbrevs::default();
        for r in records {
            self.write_md_record(r, &mut ab)?;
        }
        self.exit();
        Ok(())
    }

    /// A function's attachment block: the function's attachments `fmd`,
    /// then `attached`, the instructions with attachments as the body's
    /// walk met them (each with its number among the body's instructions,
    /// void ones included), so that no body is walked again here.
    pub(super) fn write_md_attachments(
        &mut self,
        fmd: &MdAttachments,
        attached: &[(u32, &MdAttachments)],
    ) {
        self.enter(n::METADATA_ATTACHMENT_ID, 3);
        let mut rec: Vec<u64> = Vec::new();
        if !fmd.is_empty() {
            for (k, m) in fmd.iter() {
                rec.push(u64::from(k.number()));
                rec.push(u64::from(self.ve.md_id(self.ve.md_ref(m))));
            }
            self.record(n::METADATA_ATTACHMENT, &rec, 0);
        }
        for &(inst_no, md) in attached {
            rec.clear();
            rec.push(u64::from(inst_no));
            for (k, m) in md.iter() {
                rec.push(u64::from(k.number()));
                rec.push(u64::from(self.ve.md_id(self.ve.md_ref(m))));
            }
            self.record(n::METADATA_ATTACHMENT, &rec, 0);
        }
        self.exit();
    }
}
