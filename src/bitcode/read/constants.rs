//! Constants blocks and the materialization of constants.
//!
//! Simple constants (integers, floats, null, undef, poison, data arrays,
//! strings, inline asm) are made when their record is read. Aggregates,
//! constant expressions, `blockaddress`, `dso_local_equivalent` and
//! `no_cfi` are kept as [`Pending`] records holding operand ids (LLVM's
//! `BitcodeConstant`), and made on first use by [`Rd::materialize_value`]:
//! a depth-first walk that makes operands first, left to right, exactly as
//! LLVM's `materializeValue`, so their uses are created in LLVM's order.
//! Expressions are made through the folding constructors (`fold/`), as
//! LLVM's `ConstantExpr::get*` fold.

use super::attrs::sign_rotated;
use super::{Rd, Res, Slot};
use crate::bitcode::codes;
use crate::bitstream::names as n;
use crate::bitstream::Record;
use crate::constants::{ConstKind, ConstPayload};
use crate::inst::{bits, GepFlags, Opcode, WrapFlags};
use crate::ir::special::{AsmDialect, InlineAsmData};
use crate::ir::{Block, Function};
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueKind};

/// What a pending constant will be.
#[derive(Clone, Debug)]
pub(crate) enum PendingKind {
    Aggregate,
    /// A binary or cast expression; `flags` already in lair's encoding.
    Expr {
        op: Opcode,
        flags: u16,
    },
    Gep {
        src: Type,
        flags: GepFlags,
        inrange: Option<(i64, i64)>,
    },
    ExtractElement,
    InsertElement,
    /// Operands: two vectors and the mask constant.
    Shuffle,
    /// Operands: the function; the block number.
    BlockAddress(u64),
    DsoLocal,
    NoCfi,
}

/// A constant record whose operands may not exist yet.
#[derive(Clone, Debug)]
pub(crate) struct Pending {
    pub(crate) ty: Type,
    pub(crate) kind: PendingKind,
    pub(crate) ops: Box<[u32]>,
}

/// Whether a cast is valid (LLVM's `CastInst::castIsValid`).
pub(crate) fn cast_ok(ctx: &crate::Context, op: Opcode, from: Type, to: Type) -> bool {
    let (fv, tv) = (ctx.vector_len(from), ctx.vector_len(to));
    if fv != tv && op != Opcode::BitCast {
        return false;
    }
    let (fs, ts) = (ctx.scalar_type(from), ctx.scalar_type(to));
    let bits = |t: Type| -> Option<u32> {
        ctx.int_width(t).or_else(|| {
            crate::constants::apfloat::FloatKind::of_type(ctx.type_data(t)).map(|k| k.bit_width())
        })
    };
    match op {
        Opcode::Trunc => ctx.is_integer(fs) && ctx.is_integer(ts) && bits(fs) > bits(ts),
        Opcode::ZExt | Opcode::SExt => {
            ctx.is_integer(fs) && ctx.is_integer(ts) && bits(fs) < bits(ts)
        }
        Opcode::FPTrunc => ctx.is_fp(fs) && ctx.is_fp(ts) && bits(fs) > bits(ts),
        Opcode::FPExt => ctx.is_fp(fs) && ctx.is_fp(ts) && bits(fs) < bits(ts),
        Opcode::UIToFP | Opcode::SIToFP => ctx.is_integer(fs) && ctx.is_fp(ts),
        Opcode::FPToUI | Opcode::FPToSI => ctx.is_fp(fs) && ctx.is_integer(ts),
        Opcode::PtrToInt => ctx.is_ptr(fs) && ctx.is_integer(ts),
        Opcode::IntToPtr => ctx.is_integer(fs) && ctx.is_ptr(ts),
        Opcode::AddrSpaceCast => {
            ctx.is_ptr(fs) && ctx.is_ptr(ts) && ctx.ptr_addrspace(fs) != ctx.ptr_addrspace(ts)
        }
        Opcode::BitCast => {
            if ctx.is_ptr(fs) || ctx.is_ptr(ts) {
                return ctx.is_ptr(fs)
                    && ctx.is_ptr(ts)
                    && ctx.ptr_addrspace(fs) == ctx.ptr_addrspace(ts)
                    && fv == tv;
            }
            if fv.is_some_and(|x| x.1) != tv.is_some_and(|x| x.1) {
                return false;
            }
            let total = |t: Type, s: Type| -> Option<u64> {
                let n = ctx.vector_len(t).map_or(1, |x| x.0 as u64);
                bits(s).map(|b| b as u64 * n)
            };
            // `x86_mmx` is 64 bits wide to a bitcast.
            let mmx = ctx.x86_mmx_type();
            let size = |t: Type, s: Type| if t == mmx { Some(64) } else { total(t, s) };
            size(from, fs).is_some() && size(from, fs) == size(to, ts)
        }
        _ => false,
    }
}

/// GEP flags from bitcode's `GEP_*` bits (`inbounds` includes `nusw`).
pub(crate) fn gep_flags(b: u64) -> GepFlags {
    let mut f = GepFlags::NONE;
    if b & codes::GEP_INBOUNDS != 0 {
        f |= GepFlags::INBOUNDS;
    }
    if b & codes::GEP_NUSW != 0 {
        f |= GepFlags::NUSW;
    }
    if b & codes::GEP_NUW != 0 {
        f |= GepFlags::NUW;
    }
    f
}

impl<'a> Rd<'a, '_> {
    /// A constants block (module level or in a function body).
    pub(crate) fn read_constants(&mut self) -> Res<()> {
        let i32t = self.ctx.i32_type();
        let mut cur = i32t;
        self.each_record(n::CONSTANTS_BLOCK_ID, |rd, rec| {
            rd.constant_record(rec, &mut cur)
        })
    }

    fn push_val(&mut self, v: Value) {
        self.vals.push(Slot::Val(v));
    }

    fn push_pending(&mut self, p: Pending) {
        let i = self.pending.len() as u32;
        self.pending.push(p);
        self.vals.push(Slot::Pending(i));
    }

    fn op_ids(&self, v: &[u64]) -> Res<Box<[u32]>> {
        v.iter()
            .map(|&x| u32::try_from(x).or_else(|_| self.err(format!("invalid value id {x}"))))
            .collect()
    }

    fn constant_record(&mut self, rec: &Record<'a>, cur: &mut Type) -> Res<()> {
        let v = rec.operands();
        let ty = *cur;
        let need = |k: usize| -> Res<()> {
            if v.len() < k {
                return self.err(format!(
                    "constant record with {} fields, needs {k}",
                    v.len()
                ));
            }
            Ok(())
        };
        match rec.code() {
            n::CST_CODE_SETTYPE => {
                need(1)?;
                let t = self.type_at(v[0])?;
                if self.ctx.is_void(t) || self.ctx.is_label(t) || self.ctx.is_function(t) {
                    return self.err("invalid constant type");
                }
                *cur = t;
            }
            n::CST_CODE_NULL => {
                let c = if self.ctx.is_token(ty) {
                    self.ctx.const_token_none()
                } else if self.ctx.is_metadata(ty) || self.ctx.is_label(ty) {
                    return self.err("invalid type for a null constant");
                } else {
                    self.ctx.const_null(ty)
                };
                self.push_val(c);
            }
            n::CST_CODE_UNDEF => {
                let c = self.ctx.const_undef(ty);
                self.push_val(c);
            }
            n::CST_CODE_POISON => {
                let c = self.ctx.const_poison(ty);
                self.push_val(c);
            }
            n::CST_CODE_INTEGER => {
                need(1)?;
                let Some(w) = self.ctx.int_width(ty) else {
                    return self.err("integer constant of a non-integer type");
                };
                let x = sign_rotated(v[0]);
                let c = if w <= 64 {
                    self.ctx.const_int(ty, x as u64)
                } else {
                    let ap = crate::constants::apint::APInt::from_i64(w, x);
                    self.ctx.const_int_ap(ty, &ap)
                };
                self.push_val(c);
            }
            n::CST_CODE_WIDE_INTEGER => {
                need(1)?;
                let Some(w) = self.ctx.int_width(ty) else {
                    return self.err("integer constant of a non-integer type");
                };
                let words: Vec<u64> = v.iter().map(|&x| sign_rotated(x) as u64).collect();
                let ap = crate::constants::apint::APInt::from_words(w, &words);
                let c = self.ctx.const_int_ap(ty, &ap);
                self.push_val(c);
            }
            n::CST_CODE_FLOAT => {
                need(1)?;
                let bits: u128 = match self.ctx.type_data(ty) {
                    TypeData::Half | TypeData::BFloat => (v[0] & 0xffff) as u128,
                    TypeData::Float => (v[0] & 0xffff_ffff) as u128,
                    TypeData::Double => v[0] as u128,
                    TypeData::X86Fp80 => {
                        need(2)?;
                        let lo = (v[1] & 0xffff) | (v[0] << 16);
                        let hi = v[0] >> 48;
                        lo as u128 | (hi as u128) << 64
                    }
                    TypeData::Fp128 | TypeData::PpcFp128 => {
                        need(2)?;
                        v[0] as u128 | (v[1] as u128) << 64
                    }
                    _ => return self.err("floating-point constant of a non-float type"),
                };
                let c = self.ctx.const_float_bits(ty, bits);
                self.push_val(c);
            }
            n::CST_CODE_AGGREGATE => {
                let len = match self.ctx.type_data(ty) {
                    TypeData::Array { len, .. } => *len,
                    TypeData::Vector { len, .. } => *len as u64,
                    TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                        match self.ctx.struct_elements(ty) {
                            Some(e) => e.len() as u64,
                            None => return self.err("aggregate constant of an opaque struct"),
                        }
                    }
                    _ => return self.err("aggregate constant of a non-aggregate type"),
                };
                if v.len() as u64 != len {
                    return self.err("aggregate constant with the wrong number of elements");
                }
                let ops = self.op_ids(v)?;
                self.push_pending(Pending {
                    ty,
                    kind: PendingKind::Aggregate,
                    ops,
                });
            }
            n::CST_CODE_STRING | n::CST_CODE_CSTRING => {
                let bytes: Vec<u8> = v.iter().map(|&x| x as u8).collect();
                let c = self
                    .ctx
                    .const_string(&bytes, rec.code() == n::CST_CODE_CSTRING);
                if self.ctx.type_of(c) != ty {
                    return self.err("string constant of the wrong type");
                }
                self.push_val(c);
            }
            n::CST_CODE_DATA => {
                let (elem, len, is_vec) = match *self.ctx.type_data(ty) {
                    TypeData::Array { elem, len } => (elem, len, false),
                    TypeData::Vector { elem, len, .. } => (elem, len as u64, true),
                    _ => return self.err("data constant of a non-sequential type"),
                };
                if v.len() as u64 != len {
                    return self.err("data constant with the wrong number of elements");
                }
                let simple = matches!(
                    self.ctx.type_data(elem),
                    TypeData::Int(8 | 16 | 32 | 64)
                        | TypeData::Half
                        | TypeData::BFloat
                        | TypeData::Float
                        | TypeData::Double
                );
                if !simple {
                    return self.err("data constant of an invalid element type");
                }
                let c = if !is_vec && self.ctx.is_integer(elem) {
                    self.ctx.const_data_array(elem, v)
                } else {
                    let is_fp = self.ctx.is_fp(elem);
                    let elems: Vec<Value> = v
                        .iter()
                        .map(|&x| {
                            if is_fp {
                                self.ctx.const_float_bits(elem, x as u128)
                            } else {
                                self.ctx.const_int(elem, x)
                            }
                        })
                        .collect();
                    self.ctx.const_aggregate(ty, &elems)
                };
                self.push_val(c);
            }
            n::CST_CODE_CE_BINOP => {
                need(3)?;
                let fp = self.ctx.is_fp_or_fp_vector(ty);
                let Some(op) = codes::binop_opcode(v[0], fp) else {
                    return self.err(format!("invalid binary opcode {}", v[0]));
                };
                let raw = v.get(3).copied().unwrap_or(0);
                let flags = if op.has_wrap_flags() {
                    codes::wrap_from_bits(raw)
                } else if op.has_exact_flag() || op == Opcode::Or {
                    (raw & codes::EXACT_BIT) as u16
                } else {
                    0
                };
                let ops = self.op_ids(&v[1..3])?;
                self.push_pending(Pending {
                    ty,
                    kind: PendingKind::Expr { op, flags },
                    ops,
                });
            }
            n::CST_CODE_CE_CAST => {
                need(3)?;
                let Some(op) = codes::cast_opcode(v[0]) else {
                    return self.err(format!("invalid cast opcode {}", v[0]));
                };
                self.type_at(v[1])?;
                let ops = self.op_ids(&v[2..3])?;
                self.push_pending(Pending {
                    ty,
                    kind: PendingKind::Expr { op, flags: 0 },
                    ops,
                });
            }
            n::CST_CODE_CE_GEP | n::CST_CODE_CE_GEP_WITH_INRANGE => {
                need(2)?;
                let src = self.type_at(v[0])?;
                let flags = gep_flags(v[1]);
                let mut i = 2;
                let mut inrange = None;
                if rec.code() == n::CST_CODE_CE_GEP_WITH_INRANGE {
                    need(3)?;
                    let width = v[2];
                    i = 3;
                    let r = self.read_range(v, &mut i, width)?;
                    let lo = r.lower_words().first().copied().unwrap_or(0);
                    let hi = r.upper_words().first().copied().unwrap_or(0);
                    let sext = |x: u64| -> i64 {
                        if width >= 64 {
                            x as i64
                        } else {
                            ((x << (64 - width)) as i64) >> (64 - width)
                        }
                    };
                    inrange = Some((sext(lo), sext(hi)));
                }
                let rest = &v[i..];
                if !rest.len().is_multiple_of(2) || rest.is_empty() {
                    return self.err("malformed getelementptr constant record");
                }
                let mut ops = Vec::with_capacity(rest.len() / 2);
                for pair in rest.chunks(2) {
                    self.type_at(pair[0])?;
                    ops.push(pair[1]);
                }
                let ops = self.op_ids(&ops)?;
                self.push_pending(Pending {
                    ty,
                    kind: PendingKind::Gep {
                        src,
                        flags,
                        inrange,
                    },
                    ops,
                });
            }
            n::CST_CODE_CE_EXTRACTELT => {
                need(4)?;
                self.type_at(v[0])?;
                self.type_at(v[2])?;
                let ops = self.op_ids(&[v[1], v[3]])?;
                self.push_pending(Pending {
                    ty,
                    kind: PendingKind::ExtractElement,
                    ops,
                });
            }
            n::CST_CODE_CE_INSERTELT => {
                need(4)?;
                self.type_at(v[2])?;
                let ops = self.op_ids(&[v[0], v[1], v[3]])?;
                self.push_pending(Pending {
                    ty,
                    kind: PendingKind::InsertElement,
                    ops,
                });
            }
            n::CST_CODE_CE_SHUFFLEVEC | n::CST_CODE_CE_SHUFVEC_EX => {
                let at = usize::from(rec.code() == n::CST_CODE_CE_SHUFVEC_EX);
                need(3 + at)?;
                if at == 1 {
                    self.type_at(v[0])?;
                }
                let ops = self.op_ids(&v[at..at + 3])?;
                self.push_pending(Pending {
                    ty,
                    kind: PendingKind::Shuffle,
                    ops,
                });
            }
            n::CST_CODE_BLOCKADDRESS => {
                need(3)?;
                self.type_at(v[0])?;
                let ops = self.op_ids(&v[1..2])?;
                self.push_pending(Pending {
                    ty,
                    kind: PendingKind::BlockAddress(v[2]),
                    ops,
                });
            }
            n::CST_CODE_DSO_LOCAL_EQUIVALENT | n::CST_CODE_NO_CFI_VALUE => {
                need(2)?;
                self.type_at(v[0])?;
                let ops = self.op_ids(&v[1..2])?;
                let kind = if rec.code() == n::CST_CODE_NO_CFI_VALUE {
                    PendingKind::NoCfi
                } else {
                    PendingKind::DsoLocal
                };
                self.push_pending(Pending { ty, kind, ops });
            }
            n::CST_CODE_INLINEASM => {
                need(3)?;
                let fty = self.type_at(v[0])?;
                if !self.ctx.is_function(fty) {
                    return self.err("inline asm of a non-function type");
                }
                let flags = v[1];
                let alen = v[2] as usize;
                if 3 + alen >= v.len() {
                    return self.err("malformed inline asm record");
                }
                let asm = self.name_chars(&v[3..3 + alen]);
                let clen = v[3 + alen] as usize;
                let start = 4 + alen;
                if start + clen > v.len() {
                    return self.err("malformed inline asm record");
                }
                let cons = self.name_chars(&v[start..start + clen]);
                let c = self.ctx.inline_asm(InlineAsmData {
                    fn_ty: fty,
                    asm: asm.into(),
                    constraints: cons.into(),
                    side_effect: flags & 1 != 0,
                    align_stack: flags & 2 != 0,
                    dialect: if (flags >> 2) & 1 != 0 {
                        AsmDialect::Intel
                    } else {
                        AsmDialect::Att
                    },
                    can_throw: (flags >> 3) & 1 != 0,
                });
                self.push_val(c);
            }
            n::CST_CODE_PTRAUTH => return self.err("ptrauth constants are not supported"),
            n::CST_CODE_CE_SELECT => {
                return self.err("select constant expressions are not supported")
            }
            n::CST_CODE_CE_CMP => {
                return self.err("compare constant expressions are not supported")
            }
            n::CST_CODE_CE_UNOP => return self.err("unary constant expressions are not supported"),
            c => {
                return self.err(format!(
                    "unsupported constant record {}",
                    n::record_name(n::CONSTANTS_BLOCK_ID, c).unwrap_or("(unknown)")
                ))
            }
        }
        Ok(())
    }

    /// The value with id `id`, made now if it is a pending constant
    /// (operands first, depth first, as LLVM's `materializeValue`).
    pub(crate) fn materialize_value(&mut self, id: u32) -> Res<Value> {
        match self.vals.get(id as usize) {
            Some(Slot::Val(v)) => return Ok(*v),
            Some(Slot::Pending(_)) => {}
            _ => return self.err(format!("invalid value id {id}")),
        }
        let mut work: Vec<u32> = vec![id];
        // Constants whose operands are being made: meeting one again
        // below itself is a cycle.
        let mut open: hashbrown::HashSet<u32> = hashbrown::HashSet::new();
        while let Some(&cur) = work.last() {
            let p = match self.vals.get(cur as usize) {
                Some(Slot::Val(_)) => {
                    work.pop();
                    continue;
                }
                Some(Slot::Pending(p)) => *p,
                _ => return self.err(format!("invalid value id {cur}")),
            };
            let ops = self.pending[p as usize].ops.clone();
            let mut ready = Vec::with_capacity(ops.len());
            let mut missing = false;
            for &o in ops.iter().rev() {
                match self.vals.get(o as usize) {
                    Some(Slot::Val(v)) => ready.push(*v),
                    Some(Slot::Pending(_)) => {
                        if open.contains(&o) || o == cur {
                            return self.err("a constant that contains itself");
                        }
                        work.push(o);
                        missing = true;
                    }
                    _ => return self.err(format!("invalid value id {o} in a constant")),
                }
            }
            if missing {
                open.insert(cur);
                continue;
            }
            ready.reverse();
            let c = self.make_constant(p, &ready)?;
            self.vals[cur as usize] = Slot::Val(c);
            open.remove(&cur);
            work.pop();
        }
        match self.vals[id as usize] {
            Slot::Val(v) => Ok(v),
            _ => self.err(format!("invalid value id {id}")),
        }
    }

    fn make_constant(&mut self, p: u32, ops: &[Value]) -> Res<Value> {
        let Pending { ty, kind, .. } = self.pending[p as usize].clone();
        for &o in ops {
            if !self.ctx.value_kind(o).is_constant() {
                return self.err("a constant operand that is not a constant");
            }
        }
        let tys: Vec<Type> = ops.iter().map(|&o| self.ctx.type_of(o)).collect();
        let c = match kind {
            PendingKind::Aggregate => {
                let ok = match self.ctx.type_data(ty) {
                    TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                        tys.iter().all(|t| t == elem)
                    }
                    _ => self.ctx.struct_elements(ty) == Some(&tys[..]),
                };
                if !ok {
                    return self.err("aggregate constant element of the wrong type");
                }
                self.ctx.const_aggregate(ty, ops)
            }
            PendingKind::Expr { op, flags } if op.is_cast() => {
                if !crate::fold::is_desirable_cast(op) {
                    return self.err(format!(
                        "{} constant expressions are not supported",
                        op.mnemonic()
                    ));
                }
                if !cast_ok(self.ctx, op, tys[0], ty) {
                    return self.err("invalid cast constant expression");
                }
                let _ = flags;
                self.ctx.const_cast(op, ops[0], ty)
            }
            PendingKind::Expr { op, flags } => {
                if !crate::fold::is_desirable_binop(op) {
                    return self.err(format!(
                        "{} constant expressions are not supported",
                        op.mnemonic()
                    ));
                }
                if tys[0] != tys[1] || tys[0] != ty || !self.ctx.is_int_or_int_vector(ty) {
                    return self.err("binary constant expression operands of the wrong type");
                }
                let wrap = if op.has_wrap_flags() {
                    bits::wrap_of(flags)
                } else {
                    WrapFlags::NONE
                };
                self.ctx.const_binop(op, ops[0], ops[1], wrap)
            }
            PendingKind::Gep {
                src,
                flags,
                inrange,
            } => {
                if ops.is_empty() || !self.ctx.is_ptr_or_ptr_vector(tys[0]) {
                    return self.err("getelementptr constant without a pointer base");
                }
                if tys[1..].iter().any(|&t| !self.ctx.is_int_or_int_vector(t)) {
                    return self.err("getelementptr constant index that is not an integer");
                }
                if ops.len() > 1 && !self.ctx.is_sized(src) {
                    return self.err("getelementptr constant of an unsized type");
                }
                if self.ctx.gep_indexed_type(src, &ops[1..]).is_none() {
                    return self.err("invalid getelementptr constant indices");
                }
                self.ctx.const_gep(src, ops[0], &ops[1..], flags, inrange)
            }
            PendingKind::ExtractElement => {
                if self.ctx.vector_len(tys[0]).is_none() || !self.ctx.is_integer(tys[1]) {
                    return self.err("invalid extractelement constant");
                }
                self.ctx.const_extract_element(ops[0], ops[1])
            }
            PendingKind::InsertElement => {
                if self.ctx.vector_len(tys[0]).is_none()
                    || self.ctx.scalar_type(tys[0]) != tys[1]
                    || !self.ctx.is_integer(tys[2])
                {
                    return self.err("invalid insertelement constant");
                }
                self.ctx.const_insert_element(ops[0], ops[1], ops[2])
            }
            PendingKind::Shuffle => {
                if tys[0] != tys[1] || self.ctx.vector_len(tys[0]).is_none() {
                    return self.err("invalid shufflevector constant");
                }
                let Some(mask) = self.mask_of(ops[2]) else {
                    return self.err("invalid shufflevector constant mask");
                };
                self.ctx.const_shuffle_vector(ops[0], ops[1], &mask)
            }
            PendingKind::BlockAddress(bb) => {
                let Some(f) = self.ctx.as_function(ops[0]) else {
                    return self.err("blockaddress operand must be a function");
                };
                self.block_address(f, bb)?
            }
            PendingKind::DsoLocal | PendingKind::NoCfi => {
                if !self.ctx.value_kind(ops[0]).is_global() {
                    return self.err("dso_local_equivalent or no_cfi of a non-global");
                }
                let no_cfi = matches!(kind, PendingKind::NoCfi);
                self.ctx.const_global_marker(ops[0], no_cfi)
            }
        };
        Ok(c)
    }

    /// `blockaddress(f, block bb)`: the block now if `f`'s body is read,
    /// else a block made for it and inserted when the body is read.
    fn block_address(&mut self, f: Function, bb: u64) -> Res<Value> {
        if bb == 0 {
            return self.err("blockaddress of the entry block");
        }
        if !self.ctx.is_declaration(f) {
            let Some(b) = self.ctx.blocks(f).nth(bb as usize) else {
                return self.err(format!("invalid block number {bb} in a blockaddress"));
            };
            return Ok(self.ctx.block_address(f, b));
        }
        // Blocks by number, in a map: the number is checked against the
        // function's block count only when its body is read.
        let b = match self.fwd_blocks.get(&f).and_then(|m| m.get(&bb)) {
            Some(&b) => b,
            None => {
                let b: Block = self.ctx.create_block("");
                self.fwd_blocks.entry(f).or_default().insert(bb, b);
                b
            }
        };
        Ok(self.ctx.block_address_raw(f.0, b.0))
    }

    /// The lanes of a shufflevector mask constant (-1: undef or poison).
    pub(crate) fn mask_of(&self, m: Value) -> Option<Vec<i32>> {
        let mt = self.ctx.type_of(m);
        let (n, _) = self.ctx.vector_len(mt)?;
        if self.ctx.int_width(self.ctx.scalar_type(mt)) != Some(32)
            || self.ctx.value_kind(m) != ValueKind::Constant
        {
            return None;
        }
        let lane = |c: Value| -> Option<i32> {
            match self.ctx.const_kind(c) {
                ConstKind::Undef | ConstKind::Poison => Some(-1),
                ConstKind::Int => self.ctx.const_int_value(c).map(|x| x.to_u64() as i32),
                _ => None,
            }
        };
        match self.ctx.const_kind(m) {
            ConstKind::Zero => Some(vec![0; n as usize]),
            ConstKind::Undef | ConstKind::Poison => Some(vec![-1; n as usize]),
            ConstKind::DataVector => match self.ctx.const_payload(m) {
                Some(ConstPayload::Data(d)) => Some(d.iter().map(|&x| x as u32 as i32).collect()),
                _ => None,
            },
            ConstKind::Vector => self.ctx.operands(m).map(|o| o.and_then(lane)).collect(),
            _ => None,
        }
    }
}
