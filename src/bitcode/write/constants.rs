//! Constants blocks: the module's constants after the global values, and a
//! function's constants before its instructions (LLVM's `writeConstants`).

use super::enumerate::{SynthKind, VIRT};
use super::module::{abbrevs, active_words, push_range, signed};
use super::Wr;
use crate::bitcode::codes;
use crate::bitstream::{names as n, AbbrevOp};
use crate::constants::{ConstKind, ConstPayload};
use crate::inst::{bits, GepFlags, Opcode};
use crate::ir::attributes::ConstantRange;
use crate::types::{Type, TypeData};
use crate::value::ValueKind;

/// Module-level abbreviations of a constants block.
#[derive(Default, Clone, Copy)]
struct CstAbbrevs {
    aggregate: u32,
    aggregate_width: u32,
    string8: u32,
    cstring7: u32,
    cstring6: u32,
}

impl Wr<'_> {
    pub(super) fn write_module_constants(&mut self) {
        let (s, e) = (self.ve.first_constant, self.ve.values().len() as u32);
        self.write_constants(s, e, true);
    }

    /// Writes values `first..last` of the enumeration as a constants block.
    pub(super) fn write_constants(&mut self, first: u32, last: u32, global: bool) {
        use AbbrevOp::*;
        if first == last {
            return;
        }
        self.enter(n::CONSTANTS_BLOCK_ID, 4);
        let mut ab = CstAbbrevs::default();
        if global {
            let w = super::enumerate::log2_ceil(u64::from(last) + 1) as u8;
            ab.aggregate_width = u32::from(w);
            ab.aggregate =
                self.abbrev(&[Literal(u64::from(n::CST_CODE_AGGREGATE)), Array, Fixed(w)]);
            ab.string8 = self.abbrev(&[Literal(u64::from(n::CST_CODE_STRING)), Array, Fixed(8)]);
            ab.cstring7 = self.abbrev(&[Literal(u64::from(n::CST_CODE_CSTRING)), Array, Fixed(7)]);
            ab.cstring6 = self.abbrev(&[Literal(u64::from(n::CST_CODE_CSTRING)), Array, Char6]);
        }
        let mut last_ty: Option<Type> = None;
        let mut rec: Vec<u64> = Vec::new();
        for k in first..last {
            let v = self.ve.values()[k as usize];
            let ty = self.ve.vtype(v);
            if last_ty != Some(ty) {
                last_ty = Some(ty);
                let id = u64::from(self.ve.type_id(ty));
                self.w.begin_abbrev_record(abbrevs::CST_SETTYPE);
                self.w.field_fixed(id, self.type_bits);
            }
            rec.clear();
            let (code, abbrev) = self.constant_record(v, &mut rec, ab);
            self.abbreviated_constant(code, &rec, abbrev, ab);
        }
        self.exit();
    }

    /// Writes a constant's record; through its abbreviation field by
    /// field (the bits `record` writes, without walking the abbreviation).
    fn abbreviated_constant(&mut self, code: u32, rec: &[u64], abbrev: u32, ab: CstAbbrevs) {
        let w = &mut self.w;
        if abbrev == 0 {
            return self.record(code, rec, 0);
        }
        w.begin_abbrev_record(abbrev);
        match (abbrev, rec) {
            (abbrevs::CST_INTEGER, &[x]) => w.field_vbr(x, 8),
            (abbrevs::CST_CE_CAST, &[opc, ty, op]) => {
                w.field_fixed(opc, 4);
                w.field_fixed(ty, self.type_bits);
                w.field_vbr(op, 8);
            }
            _ if abbrev == ab.cstring6 => {
                w.field_vbr(rec.len() as u64, 6);
                for &c in rec {
                    w.field_char6(c);
                }
            }
            _ => {
                let width = if abbrev == ab.aggregate {
                    ab.aggregate_width
                } else if abbrev == ab.string8 {
                    8
                } else if abbrev == ab.cstring7 {
                    7
                } else {
                    panic!(
                        "bitcode writer: constant record {code} with unknown abbreviation {abbrev}"
                    )
                };
                w.field_vbr(rec.len() as u64, 6);
                for &x in rec {
                    w.field_fixed(x, width);
                }
            }
        }
    }

    fn constant_record(&mut self, v: u32, rec: &mut Vec<u64>, ab: CstAbbrevs) -> (u32, u32) {
        if v & VIRT != 0 {
            return self.synth_record(v, rec, ab);
        }
        let ctx = self.ctx;
        let val = ctx.graph.handle(v);
        let d = &ctx.graph.values[v as usize];
        if d.is(ValueKind::InlineAsm) {
            let ia = ctx.inline_asm_data(val).expect("inline asm data");
            rec.push(u64::from(self.ve.type_id(ia.fn_ty)));
            let dialect = u64::from(matches!(ia.dialect, crate::ir::special::AsmDialect::Intel));
            rec.push(
                u64::from(ia.side_effect)
                    | u64::from(ia.align_stack) << 1
                    | dialect << 2
                    | u64::from(ia.can_throw) << 3,
            );
            // `Record.append(AsmStr.begin(), AsmStr.end())` sign-extends
            // a `char` to 64 bits, as llvm-as 19 writes it.
            rec.push(ia.asm.len() as u64);
            rec.extend(ia.asm.iter().map(|&c| c as i8 as u64));
            rec.push(ia.constraints.len() as u64);
            rec.extend(ia.constraints.iter().map(|&c| c as i8 as u64));
            return (n::CST_CODE_INLINEASM, 0);
        }
        if ctx.is_null_value(val) {
            return (n::CST_CODE_NULL, 0);
        }
        let ty = d.ty;
        match ctx.const_kind(val) {
            ConstKind::Poison => (n::CST_CODE_POISON, 0),
            ConstKind::Undef => (n::CST_CODE_UNDEF, 0),
            ConstKind::Int => {
                let x = ctx.const_int_value(val).expect("an integer");
                if x.width() <= 64 {
                    rec.push(signed(x.sext_value()));
                    (n::CST_CODE_INTEGER, abbrevs::CST_INTEGER)
                } else {
                    let words = x.words();
                    for &w in active_words(words) {
                        rec.push(signed(w as i64));
                    }
                    (n::CST_CODE_WIDE_INTEGER, 0)
                }
            }
            ConstKind::Float => {
                let bits = ctx.const_float_value(val).expect("a float");
                match ctx.type_data(ctx.scalar_type(ty)) {
                    TypeData::X86Fp80 => {
                        let p0 = bits as u64;
                        let p1 = (bits >> 64) as u64;
                        rec.push((p1 << 48) | (p0 >> 16));
                        rec.push(p0 & 0xffff);
                    }
                    TypeData::Fp128 | TypeData::PpcFp128 => {
                        rec.push(bits as u64);
                        rec.push((bits >> 64) as u64);
                    }
                    _ => rec.push(bits as u64),
                }
                (n::CST_CODE_FLOAT, 0)
            }
            ConstKind::DataArray | ConstKind::DataVector => {
                let data = ctx.const_data(val).expect("data");
                let elem = ctx.element_type(ty).expect("a sequential type");
                let is_string =
                    ctx.const_kind(val) == ConstKind::DataArray && ctx.int_width(elem) == Some(8);
                if is_string {
                    let cstr = data.last() == Some(&0) && !data[..data.len() - 1].contains(&0);
                    let body = if cstr { &data[..data.len() - 1] } else { data };
                    rec.extend_from_slice(body);
                    if cstr {
                        let c6 = body.iter().all(|&c| super::is_char6(c as u8));
                        let c7 = body.iter().all(|&c| c < 128);
                        let a = if c6 {
                            ab.cstring6
                        } else if c7 {
                            ab.cstring7
                        } else {
                            0
                        };
                        (n::CST_CODE_CSTRING, a)
                    } else {
                        (n::CST_CODE_STRING, ab.string8)
                    }
                } else {
                    rec.extend_from_slice(data);
                    (n::CST_CODE_DATA, 0)
                }
            }
            ConstKind::Array | ConstKind::Struct | ConstKind::Vector => {
                for o in self.ve.const_operands(v) {
                    rec.push(u64::from(self.ve.vid(o)));
                }
                (n::CST_CODE_AGGREGATE, ab.aggregate)
            }
            ConstKind::Expr => self.expr_record(v, rec),
            ConstKind::BlockAddress => {
                let ops = self.ve.const_operands(v);
                let f = ops[0];
                rec.push(u64::from(self.ve.type_id(self.ve.vtype(f))));
                rec.push(u64::from(self.ve.vid(f)));
                rec.push(self.block_index(f, ops[1]));
                (n::CST_CODE_BLOCKADDRESS, 0)
            }
            ConstKind::DsoLocalEquivalent | ConstKind::NoCfi => {
                let g = self.ve.const_operands(v)[0];
                rec.push(u64::from(self.ve.type_id(self.ve.vtype(g))));
                rec.push(u64::from(self.ve.vid(g)));
                let code = if ctx.const_kind(val) == ConstKind::NoCfi {
                    n::CST_CODE_NO_CFI_VALUE
                } else {
                    n::CST_CODE_DSO_LOCAL_EQUIVALENT
                };
                (code, 0)
            }
            ConstKind::Null | ConstKind::Zero | ConstKind::TokenNone => (n::CST_CODE_NULL, 0),
        }
    }

    /// The number of block `b` in function `f` (LLVM's
    /// `getGlobalBasicBlockID`).
    fn block_index(&self, f: u32, b: u32) -> u64 {
        let f = crate::ir::Function(self.ctx.graph.handle(f));
        self.ctx
            .blocks(f)
            .position(|x| x.0.idx == b)
            .expect("a blockaddress block belongs to its function") as u64
    }

    fn expr_record(&mut self, v: u32, rec: &mut Vec<u64>) -> (u32, u32) {
        let ctx = self.ctx;
        let val = ctx.graph.handle(v);
        let (op, flags) = ctx.const_expr_opcode(val).expect("an expression");
        let ops = self.ve.const_operands(v);
        let id = |wr: &Self, x: u32| u64::from(wr.ve.vid(x));
        let tid = |wr: &Self, x: u32| u64::from(wr.ve.type_id(wr.ve.vtype(x)));
        match op {
            _ if op.is_cast() => {
                rec.push(codes::cast_code(op));
                rec.push(tid(self, ops[0]));
                rec.push(id(self, ops[0]));
                (n::CST_CODE_CE_CAST, abbrevs::CST_CE_CAST)
            }
            _ if op.is_binary() => {
                rec.push(codes::binop_code(op));
                rec.push(id(self, ops[0]));
                rec.push(id(self, ops[1]));
                let f = u64::from(flags);
                if f != 0 {
                    rec.push(f);
                }
                (n::CST_CODE_CE_BINOP, 0)
            }
            Opcode::GetElementPtr => {
                let (src, inrange) = match ctx.const_expr_payload(val) {
                    Some(ConstPayload::Gep { src, inrange }) => (*src, *inrange),
                    _ => panic!("bitcode writer: a GEP expression without its source type"),
                };
                rec.push(u64::from(self.ve.type_id(src)));
                rec.push(gep_bits(u16::from(flags)));
                let mut code = n::CST_CODE_CE_GEP;
                if let Some((lo, hi)) = inrange {
                    code = n::CST_CODE_CE_GEP_WITH_INRANGE;
                    let w = self.index_width(ops[0]);
                    let mask = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
                    let r = ConstantRange::from_words(w, &[lo as u64 & mask], &[hi as u64 & mask])
                        .expect("an inrange range");
                    push_range(rec, &r, true);
                }
                for &o in &ops {
                    rec.push(tid(self, o));
                    rec.push(id(self, o));
                }
                (code, 0)
            }
            Opcode::ExtractElement => {
                rec.push(tid(self, ops[0]));
                rec.push(id(self, ops[0]));
                rec.push(tid(self, ops[1]));
                rec.push(id(self, ops[1]));
                (n::CST_CODE_CE_EXTRACTELT, 0)
            }
            Opcode::InsertElement => {
                rec.push(id(self, ops[0]));
                rec.push(id(self, ops[1]));
                rec.push(tid(self, ops[2]));
                rec.push(id(self, ops[2]));
                (n::CST_CODE_CE_INSERTELT, 0)
            }
            Opcode::ShuffleVector => {
                let mask: Vec<i32> = match ctx.const_expr_payload(val) {
                    Some(ConstPayload::Mask(m)) => m.to_vec(),
                    _ => panic!("bitcode writer: a shufflevector expression without its mask"),
                };
                let scalable = ctx.is_scalable(ctx.type_of(val));
                let mc = self.ve.mask_constant(&mask, scalable);
                let code = if ctx.type_of(val) == self.ve.vtype(ops[0]) {
                    n::CST_CODE_CE_SHUFFLEVEC
                } else {
                    rec.push(tid(self, ops[0]));
                    n::CST_CODE_CE_SHUFVEC_EX
                };
                rec.push(id(self, ops[0]));
                rec.push(id(self, ops[1]));
                rec.push(id(self, mc));
                (code, 0)
            }
            other => panic!(
                "bitcode writer: {} constant expressions have no LLVM 19 encoding",
                other.mnemonic()
            ),
        }
    }

    /// The index width in bits of the pointer type of `base`.
    fn index_width(&self, base: u32) -> u32 {
        let ctx = self.ctx;
        let t = ctx.scalar_type(self.ve.vtype(base));
        let aspace = ctx.ptr_addrspace(t).unwrap_or(0);
        self.layout.index_size_in_bits(aspace)
    }

    fn synth_record(&mut self, v: u32, rec: &mut Vec<u64>, ab: CstAbbrevs) -> (u32, u32) {
        let s = self.ve.synth[(v & !VIRT) as usize].clone();
        match s.kind {
            SynthKind::Int(x) => {
                let w = self.ctx.int_width(s.ty).unwrap_or(64);
                let sx = if w >= 64 {
                    x as i64
                } else {
                    ((x << (64 - w)) as i64) >> (64 - w)
                };
                if sx == 0 {
                    return (n::CST_CODE_NULL, 0);
                }
                rec.push(signed(sx));
                (n::CST_CODE_INTEGER, abbrevs::CST_INTEGER)
            }
            SynthKind::Poison => (n::CST_CODE_POISON, 0),
            SynthKind::Null => (n::CST_CODE_NULL, 0),
            SynthKind::Vector(elems) => {
                for &e in elems.iter() {
                    rec.push(u64::from(self.ve.vid(e)));
                }
                (n::CST_CODE_AGGREGATE, ab.aggregate)
            }
            SynthKind::Data(d) => {
                rec.extend_from_slice(&d);
                (n::CST_CODE_DATA, 0)
            }
        }
    }
}

/// The `GEP_*` bits of lair GEP flags (`inbounds` implies `nusw`).
pub(crate) fn gep_bits(f: u16) -> u64 {
    let f = bits::gep_of(f);
    let mut b = 0;
    if f.is_inbounds() {
        b |= codes::GEP_INBOUNDS | codes::GEP_NUSW;
    }
    if f.contains(GepFlags::NUSW) {
        b |= codes::GEP_NUSW;
    }
    if f.contains(GepFlags::NUW) {
        b |= codes::GEP_NUW;
    }
    b
}
