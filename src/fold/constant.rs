//! Constant folding as LLVM 19 does it: `ConstantFold.cpp`
//! (`ConstantFold*Instruction`), the folding constructors of
//! `ConstantExpr` (`get`, `getCast`, `getExtractElement`, ...), and the
//! IRBuilder's default `ConstantFolder` on top of them.
//!
//! Owns the folding rules and the constructors that fold before they make
//! an expression. Three levels, as in LLVM:
//!
//! * `cf_*` (private) are `ConstantFold*Instruction`: a folded constant or
//!   `None`, never a new expression of the operation itself (they may make
//!   expressions of the parts, e.g. a vector's elements).
//! * `const_binop`, `const_cast`, `const_extract_element`, ... are
//!   `ConstantExpr::get*`: fold, else the uniqued expression. Only the
//!   expressions LLVM 19 has exist (C19): add, sub, mul, xor; trunc,
//!   ptrtoint, inttoptr, bitcast, addrspacecast; extractelement,
//!   insertelement, shufflevector; getelementptr.
//! * `fold_*` are the `ConstantFolder` methods the builder calls: for
//!   operations with an expression they go through `const_*` (so the
//!   builder returns a new expression where LLVM's does), for the others
//!   they are `cf_*`.
//!
//! Checked against LLVM 19's IRBuilder on 7,875 cases
//! (`tests/data/fold/builder-llvm19.txt`, `tests/fold.rs`).
//!
//! Not done (the builder then makes an instruction, which is correct IR but
//! not what LLVM returns): arithmetic on `x86_fp80`, `fp128`, `ppc_fp128`
//! (LLVM folds it) and int ↔ `ppc_fp128` conversions; the `and` of a
//! global's address with a mask its alignment clears (C20, which needs the
//! module's data layout: see `gep.rs`); module-level semantic
//! interposition (only interposable linkage counts here).

use crate::constants::apfloat::{APFloat, FloatKind};
use crate::constants::apint::APInt;
use crate::constants::{ConstKind, ConstPayload};
use crate::inst::{bits, GepFlags, Opcode, Predicate, WrapFlags};
use crate::ir::global::{Linkage, UnnamedAddr};
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueKind};
use crate::Context;
use core::cmp::Ordering;

/// The result of folding two integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Folded {
    /// A plain integer.
    Int(APInt),
    /// `poison` (shift out of range, division by zero, `INT_MIN / -1`).
    Poison,
}

/// Folds an integer binary operator as LLVM 19's
/// `ConstantFoldBinaryInstruction` does for two `ConstantInt`s. Wrap and
/// exact flags do not change the result (LLVM's folder ignores them).
/// `None` when `op` is not an integer binary operator.
pub fn fold_int_binop(op: Opcode, x: &APInt, y: &APInt) -> Option<Folded> {
    use Folded::{Int, Poison};
    if x.width() == 1 {
        // i1 (LLVM C4): what the identities and absorbers that
        // `ConstantFoldBinaryInstruction` tries first make of it: add/sub
        // are xor, mul is and, division by true (1 = -1) is the identity,
        // remainders are false, shifts by true are poison.
        return Some(match op {
            Opcode::Add | Opcode::Sub | Opcode::Xor => Int(x.xor(y)),
            Opcode::Mul | Opcode::And => Int(x.and(y)),
            Opcode::Or => Int(x.or(y)),
            Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem if y.is_zero() => Poison,
            Opcode::UDiv | Opcode::SDiv => Int(x.clone()),
            Opcode::URem | Opcode::SRem => Int(APInt::zero(1)),
            Opcode::Shl | Opcode::LShr | Opcode::AShr if y.is_zero() => Int(x.clone()),
            Opcode::Shl | Opcode::LShr | Opcode::AShr => Poison,
            _ => return None,
        });
    }
    let shift = |f: &dyn Fn(u64) -> Option<APInt>| match y.try_to_u64().and_then(f) {
        Some(r) => Int(r),
        None => Poison,
    };
    Some(match op {
        Opcode::Add => Int(x.add(y)),
        Opcode::Sub => Int(x.sub(y)),
        Opcode::Mul => Int(x.mul(y)),
        Opcode::And => Int(x.and(y)),
        Opcode::Or => Int(x.or(y)),
        Opcode::Xor => Int(x.xor(y)),
        Opcode::UDiv => x.checked_udiv(y).map_or(Poison, Int),
        Opcode::URem => x.checked_urem(y).map_or(Poison, Int),
        Opcode::SDiv | Opcode::SRem if y.is_all_ones() && x.is_signed_min() => Poison,
        Opcode::SDiv => x.checked_sdiv(y).map_or(Poison, Int),
        Opcode::SRem => x.checked_srem(y).map_or(Poison, Int),
        Opcode::Shl => shift(&|a| x.checked_shl(a)),
        Opcode::LShr => shift(&|a| x.checked_lshr(a)),
        Opcode::AShr => shift(&|a| x.checked_ashr(a)),
        _ => return None,
    })
}

/// `icmp` of two integers (LLVM's `ICmpInst::compare`).
pub fn icmp_ints(pred: Predicate, x: &APInt, y: &APInt) -> bool {
    match pred {
        Predicate::IEq => x == y,
        Predicate::INe => x != y,
        Predicate::IUgt => x.ugt(y),
        Predicate::IUge => x.uge(y),
        Predicate::IUlt => x.ult(y),
        Predicate::IUle => x.ule(y),
        Predicate::ISgt => x.sgt(y),
        Predicate::ISge => x.sge(y),
        Predicate::ISlt => x.slt(y),
        Predicate::ISle => x.sle(y),
        _ => panic!("icmp_ints needs an integer predicate"),
    }
}

/// `fcmp` of two floats (LLVM's `FCmpInst::compare`): `None` from
/// [`APFloat::compare`] is "unordered".
pub fn fcmp_floats(pred: Predicate, x: &APFloat, y: &APFloat) -> bool {
    let r = x.compare(y);
    let (lt, eq, gt, un) = (
        r == Some(Ordering::Less),
        r == Some(Ordering::Equal),
        r == Some(Ordering::Greater),
        r.is_none(),
    );
    match pred {
        Predicate::FFalse => false,
        Predicate::FTrue => true,
        Predicate::FUno => un,
        Predicate::FOrd => !un,
        Predicate::FUeq => un || eq,
        Predicate::FOeq => eq,
        Predicate::FUne => !eq,
        Predicate::FOne => lt || gt,
        Predicate::FUlt => un || lt,
        Predicate::FOlt => lt,
        Predicate::FUgt => un || gt,
        Predicate::FOgt => gt,
        Predicate::FUle => !gt,
        Predicate::FOle => lt || eq,
        Predicate::FUge => !lt,
        Predicate::FOge => gt || eq,
        _ => panic!("fcmp_floats needs a floating-point predicate"),
    }
}

/// The predicate with its operands swapped (`ult` ↔ `ugt`, ...).
pub fn swapped_predicate(p: Predicate) -> Predicate {
    use Predicate::*;
    match p {
        IUgt => IUlt,
        IUlt => IUgt,
        IUge => IUle,
        IUle => IUge,
        ISgt => ISlt,
        ISlt => ISgt,
        ISge => ISle,
        ISle => ISge,
        FOgt => FOlt,
        FOlt => FOgt,
        FOge => FOle,
        FOle => FOge,
        FUgt => FUlt,
        FUlt => FUgt,
        FUge => FUle,
        FUle => FUge,
        p => p,
    }
}

/// Whether `p` holds of equal operands (LLVM's `isTrueWhenEqual`).
fn true_when_equal(p: Predicate) -> bool {
    use Predicate::*;
    matches!(
        p,
        IEq | IUge | IUle | ISge | ISle | FTrue | FUeq | FUge | FUle
    )
}

/// Whether `p` is an unordered fcmp predicate (true when a side is NaN).
fn is_unordered(p: Predicate) -> bool {
    use Predicate::*;
    matches!(p, FUeq | FUne | FUgt | FUlt | FUge | FUle | FUno)
}

/// Whether LLVM 19 keeps a constant expression for a binary operator
/// (`ConstantExpr::isDesirableBinOp`, which are also the supported ones).
pub fn is_desirable_binop(op: Opcode) -> bool {
    matches!(op, Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Xor)
}

/// Whether LLVM 19 keeps a constant expression for a cast
/// (`ConstantExpr::isDesirableCastOp`, which are also the supported ones).
pub fn is_desirable_cast(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::Trunc
            | Opcode::PtrToInt
            | Opcode::IntToPtr
            | Opcode::BitCast
            | Opcode::AddrSpaceCast
    )
}

/// What `evaluateICmpRelation` can tell of two constants.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Relation {
    Unknown,
    Eq,
    Ne,
    /// An ordering, as the icmp predicate that holds (`ugt`, `ult`, ...).
    Is(Predicate),
}

/// The cast that `first` then `second` (from `src` through `mid` to
/// `dst`) amount to, when there is one (LLVM's
/// `CastInst::isEliminableCastPair` as `foldConstantCastPair` calls it:
/// no pointer widths known but an assumed 64-bit middle).
fn eliminable_cast_pair(
    ctx: &Context,
    first: Opcode,
    second: Opcode,
    src: Type,
    mid: Type,
    dst: Type,
) -> Option<Opcode> {
    use Opcode::*;
    const ORDER: [Opcode; 13] = [
        Trunc,
        ZExt,
        SExt,
        FPToUI,
        FPToSI,
        UIToFP,
        SIToFP,
        FPTrunc,
        FPExt,
        PtrToInt,
        IntToPtr,
        BitCast,
        AddrSpaceCast,
    ];
    // Rows: the first cast; columns: the second, in the order above.
    const TABLE: [[u8; 13]; 13] = [
        [1, 0, 0, 99, 99, 0, 0, 99, 99, 99, 0, 3, 0],
        [8, 1, 9, 99, 99, 2, 17, 99, 99, 99, 2, 3, 0],
        [8, 0, 1, 99, 99, 0, 2, 99, 99, 99, 0, 3, 0],
        [0, 0, 0, 99, 99, 0, 0, 99, 99, 99, 0, 3, 0],
        [0, 0, 0, 99, 99, 0, 0, 99, 99, 99, 0, 3, 0],
        [99, 99, 99, 0, 0, 99, 99, 0, 0, 99, 99, 4, 0],
        [99, 99, 99, 0, 0, 99, 99, 0, 0, 99, 99, 4, 0],
        [99, 99, 99, 0, 0, 99, 99, 0, 0, 99, 99, 4, 0],
        [99, 99, 99, 2, 2, 99, 99, 8, 2, 99, 99, 4, 0],
        [1, 0, 0, 99, 99, 0, 0, 99, 99, 99, 7, 3, 0],
        [99, 99, 99, 99, 99, 99, 99, 99, 99, 11, 99, 15, 0],
        [5, 5, 5, 6, 6, 5, 5, 6, 6, 16, 5, 1, 14],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 13, 12],
    ];
    let row = ORDER.iter().position(|&o| o == first)?;
    let col = ORDER.iter().position(|&o| o == second)?;
    let is_vec = |t: Type| ctx.is_vector(t);
    let (b1, b2) = (first == BitCast, second == BitCast);
    if ((b1 && is_vec(src) != is_vec(mid)) || (b2 && is_vec(mid) != is_vec(dst))) && !(b1 && b2) {
        return None;
    }
    let bits = |t: Type| {
        let s = ctx.scalar_type(t);
        match ctx.type_data(s) {
            TypeData::Int(w) => *w as u64,
            d => FloatKind::of_type(d).map_or(0, |k| k.bit_width() as u64),
        }
    };
    let addr_space = |t: Type| ctx.ptr_addrspace(ctx.scalar_type(t));
    match TABLE[row][col] {
        1 => Some(first),
        2 => Some(second),
        3 => (!is_vec(src) && ctx.is_integer(dst)).then_some(first),
        4 => ctx.is_fp(dst).then_some(first),
        5 => ctx.is_integer(src).then_some(second),
        6 => ctx.is_fp(src).then_some(second),
        7 => {
            if addr_space(src) != addr_space(dst) {
                return None;
            }
            // The middle integer is as wide as the widest pointer (64).
            (bits(mid) == 64).then_some(BitCast)
        }
        8 => Some(match bits(src).cmp(&bits(dst)) {
            Ordering::Equal => BitCast,
            Ordering::Less => first,
            Ordering::Greater => second,
        }),
        9 => Some(ZExt),
        11 => (bits(src) <= 64 && bits(src) == bits(dst)).then_some(BitCast),
        12 => Some(if addr_space(src) != addr_space(dst) {
            AddrSpaceCast
        } else {
            BitCast
        }),
        13 | 15 => Some(first),
        14 => Some(AddrSpaceCast),
        16 => Some(second),
        17 => Some(UIToFP),
        _ => None,
    }
}

/// # Constant folding
///
/// LLVM 19's `ConstantFold.cpp`, the folding `ConstantExpr::get*`
/// constructors and the IRBuilder's `ConstantFolder` (`fold_*`).
impl Context {
    // ---- what a constant is -------------------------------------------------

    /// The kind of `v` when it is a uniqued constant (not a global).
    pub(super) fn ckind(&self, v: Value) -> Option<ConstKind> {
        (self.value_kind(v) == ValueKind::Constant).then(|| self.const_kind(v))
    }

    /// LLVM's `isa<UndefValue>`: `undef` or `poison`.
    pub(super) fn is_undef_like(&self, v: Value) -> bool {
        matches!(self.ckind(v), Some(ConstKind::Undef | ConstKind::Poison))
    }

    pub(super) fn is_poison(&self, v: Value) -> bool {
        self.ckind(v) == Some(ConstKind::Poison)
    }

    pub(super) fn is_cexpr(&self, v: Value) -> bool {
        self.ckind(v) == Some(ConstKind::Expr)
    }

    pub(super) fn is_cint(&self, v: Value) -> bool {
        self.ckind(v) == Some(ConstKind::Int)
    }

    pub(super) fn is_cfp(&self, v: Value) -> bool {
        self.ckind(v) == Some(ConstKind::Float)
    }

    /// The value of a floating-point constant.
    pub(super) fn fp_of(&self, v: Value) -> Option<APFloat> {
        let bits = self.const_float_value(v)?;
        let k = FloatKind::of_type(self.type_data(self.type_of(v)))?;
        Some(APFloat::from_bits(k, bits))
    }

    /// A floating-point constant of the scalar type `ty`.
    pub(super) fn const_fp(&mut self, ty: Type, f: &APFloat) -> Value {
        self.const_float_bits(ty, f.bits())
    }

    /// LLVM's `Constant::isAllOnesValue`: an all-ones integer, a float
    /// whose bits are all ones, or a vector splat of one.
    pub fn is_all_ones_value(&mut self, v: Value) -> bool {
        match self.ckind(v) {
            Some(ConstKind::Int) => self.const_int_value(v).is_some_and(|x| x.is_all_ones()),
            Some(ConstKind::Float) => {
                let k = FloatKind::of_type(self.type_data(self.type_of(v)));
                let bits = self.const_float_value(v);
                match (k, bits) {
                    (Some(k), Some(b)) => {
                        let w = k.bit_width();
                        b == u128::MAX >> (128 - w)
                    }
                    _ => false,
                }
            }
            _ if self.is_vector(self.type_of(v)) => match self.splat_element(v) {
                Some(s) => crate::stack::deep(|| self.is_all_ones_value(s)),
                None => false,
            },
            _ => false,
        }
    }

    /// `make` of the scalar type of `ty`, splatted when `ty` is a vector
    /// (the vector forms of LLVM's `ConstantInt::get`, `getAllOnesValue`,
    /// `ConstantFP::get` and `getNaN`).
    pub(super) fn scalar_or_splat(
        &mut self,
        ty: Type,
        make: impl FnOnce(&mut Context, Type) -> Value,
    ) -> Value {
        match self.vector_len(ty) {
            Some((n, scalable)) => {
                let et = self.scalar_type(ty);
                let e = make(self, et);
                self.const_splat(n, scalable, e)
            }
            None => make(self, ty),
        }
    }

    /// LLVM's `Constant::getAllOnesValue(ty)`: all-ones integers, floats
    /// with all bits set, and vectors splatting either.
    pub fn const_all_ones(&mut self, ty: Type) -> Value {
        self.scalar_or_splat(ty, |ctx, t| match ctx.type_data(t).clone() {
            TypeData::Int(w) => ctx.const_int_ap(t, &APInt::all_ones(w)),
            d => {
                let k =
                    FloatKind::of_type(&d).expect("const_all_ones needs an integer or float type");
                let bits = u128::MAX >> (128 - k.bit_width());
                ctx.const_float_bits(t, bits)
            }
        })
    }

    /// `ConstantInt::get(ty, x)` for an integer or integer-vector type
    /// (a splat for vectors).
    pub(super) fn const_int_splat(&mut self, ty: Type, x: u64) -> Value {
        self.scalar_or_splat(ty, |ctx, t| ctx.const_int(t, x))
    }

    /// `ConstantFP::get(ty, x)` for a floating-point or vector type.
    fn const_fp_splat(&mut self, ty: Type, x: f64) -> Value {
        self.scalar_or_splat(ty, |ctx, t| {
            let k = FloatKind::of_type(ctx.type_data(t)).expect("a floating-point type");
            let f = APFloat::from_f64(k, x);
            ctx.const_fp(t, &f)
        })
    }

    /// `ConstantFP::getNaN(ty)`: the default quiet NaN (splatted for
    /// vectors).
    fn const_nan(&mut self, ty: Type) -> Value {
        self.scalar_or_splat(ty, |ctx, t| {
            let k = FloatKind::of_type(ctx.type_data(t)).expect("a floating-point type");
            ctx.const_fp(t, &APFloat::nan(k))
        })
    }

    /// LLVM's `Constant::getSplatValue()`: the element every lane of a
    /// vector constant holds, for `zeroinitializer`, data vectors and
    /// vectors of one repeated constant, and the scalable splat
    /// expression; `None` for `undef`/`poison` vectors and everything else.
    pub fn splat_element(&mut self, v: Value) -> Option<Value> {
        let ty = self.type_of(v);
        self.vector_len(ty)?;
        match self.ckind(v)? {
            ConstKind::Zero => {
                let et = self.scalar_type(ty);
                Some(self.const_null(et))
            }
            ConstKind::Vector | ConstKind::DataVector => {
                let (n, _) = self.vector_len(ty)?;
                let first = self.const_element(v, 0)?;
                for k in 1..n as usize {
                    if self.const_element(v, k)? != first {
                        return None;
                    }
                }
                Some(first)
            }
            ConstKind::Expr => {
                // shufflevector (insertelement (undef-ish, x, 0), undef-ish, zeroinitializer)
                let (op, _) = self.const_expr_opcode(v)?;
                if op != Opcode::ShuffleVector || !self.is_undef_like(self.operand(v, 1)?) {
                    return None;
                }
                match self.const_payload(v) {
                    Some(ConstPayload::Mask(m)) if m.iter().all(|&i| i == 0) => {}
                    _ => return None,
                }
                let ins = self.operand(v, 0)?;
                let (iop, _) = self.const_expr_opcode(ins)?;
                if iop != Opcode::InsertElement || !self.is_undef_like(self.operand(ins, 0)?) {
                    return None;
                }
                let idx = self.operand(ins, 2)?;
                if !self.const_int_value(idx).is_some_and(|i| i.is_zero()) {
                    return None;
                }
                self.operand(ins, 1)
            }
            _ => None,
        }
    }

    /// LLVM's `Constant::getAggregateElement(k)`: element `k` of an
    /// aggregate, vector, `zeroinitializer`, `undef` or `poison` (not of a
    /// scalable vector but for `zeroinitializer`), or `None`.
    pub fn aggregate_element(&mut self, c: Value, k: u64) -> Option<Value> {
        let ty = self.type_of(c);
        let kind = self.ckind(c)?;
        let scalable = self.vector_len(ty).is_some_and(|(_, s)| s);
        let len = match self.type_data(ty) {
            TypeData::Array { len, .. } => *len,
            TypeData::Vector { len, .. } => *len as u64,
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                self.struct_elements(ty)?.len() as u64
            }
            _ => return None,
        };
        if k >= len || (scalable && kind != ConstKind::Zero) {
            return None;
        }
        self.const_element(c, k as usize)
    }

    /// `ConstantVector::get(elems)` for a fixed vector of the elements'
    /// type.
    fn const_vector(&mut self, elems: &[Value]) -> Value {
        let et = self.type_of(elems[0]);
        let ty = self.vector_type(et, elems.len() as u32);
        self.const_aggregate(ty, elems)
    }

    /// Whether `ty` is a scalable vector type.
    fn is_scalable_vec(&self, ty: Type) -> bool {
        self.vector_len(ty).is_some_and(|(_, s)| s)
    }

    /// The number of lanes of a fixed vector type.
    fn fixed_lanes(&self, ty: Type) -> Option<u32> {
        match self.vector_len(ty) {
            Some((n, false)) => Some(n),
            _ => None,
        }
    }

    /// A fixed vector of `n` lanes, lane `i` being `f` of lane `i` of each
    /// of `ops` (taken with `getExtractElement`); `None` if a lane does
    /// not fold.
    fn by_lanes(
        &mut self,
        n: u32,
        ops: &[Value],
        mut f: impl FnMut(&mut Context, &[Value]) -> Option<Value>,
    ) -> Option<Value> {
        let mut out = Vec::with_capacity(n as usize);
        let mut lane: smallvec::SmallVec<[Value; 2]> = smallvec::SmallVec::new();
        for i in 0..n as u64 {
            let k = self.i32_const(i);
            lane.clear();
            for &o in ops {
                lane.push(self.const_extract_element(o, k));
            }
            out.push(f(self, &lane)?);
        }
        Some(self.const_vector(&out))
    }

    fn i32_const(&mut self, k: u64) -> Value {
        let t = self.i32_type();
        self.const_int(t, k)
    }

    // ---- ConstantExpr::get* ------------------------------------------------

    /// `ConstantExpr::get(op, a, b, flags)`: the folded constant, else the
    /// uniqued expression (LLVM 19 has add, sub, mul and xor, C19).
    ///
    /// # Panics
    /// If `op` has no constant expression in LLVM 19, or an operand is not a
    /// constant.
    pub fn const_binop(&mut self, op: Opcode, a: Value, b: Value, flags: WrapFlags) -> Value {
        assert!(
            is_desirable_binop(op),
            "LLVM 19 has no `{}` constant expression",
            op.mnemonic()
        );
        assert!(
            self.value_kind(a).is_constant() && self.value_kind(b).is_constant(),
            "constant expression operands must be constants"
        );
        if let Some(v) = self.cf_binary(op, a, b) {
            return v;
        }
        let ty = self.type_of(a);
        let flags = if op.has_wrap_flags() {
            bits::wrap(flags) as u8
        } else {
            0
        };
        self.const_expr_raw(op, ty, &[a, b], flags, None)
    }

    /// `ConstantExpr::getNot(c)`: `xor c, -1`.
    fn const_not(&mut self, c: Value) -> Value {
        let ty = self.type_of(c);
        let ones = self.const_all_ones(ty);
        self.const_binop(Opcode::Xor, c, ones, WrapFlags::NONE)
    }

    /// `ConstantExpr::getCast(op, v, ty)` for the casts LLVM 19 keeps as
    /// expressions (trunc, ptrtoint, inttoptr, bitcast, addrspacecast; C19):
    /// folded when possible (C15, C16), else the uniqued expression.
    ///
    /// # Panics
    /// If the cast has no constant expression in LLVM 19 and does not fold.
    pub fn const_cast(&mut self, op: Opcode, v: Value, ty: Type) -> Value {
        if let Some(f) = self.cf_cast(op, v, ty) {
            return f;
        }
        assert!(
            is_desirable_cast(op),
            "LLVM 19 has no `{}` constant expression",
            op.mnemonic()
        );
        self.const_expr_raw(op, ty, &[v], 0, None)
    }

    /// `getCast` for the casts with an expression, `ConstantFoldCast`
    /// otherwise (LLVM's `foldMaybeUndesirableCast`).
    pub(super) fn maybe_undesirable_cast(
        &mut self,
        op: Opcode,
        v: Value,
        ty: Type,
    ) -> Option<Value> {
        if is_desirable_cast(op) {
            Some(self.const_cast(op, v, ty))
        } else {
            self.cf_cast(op, v, ty)
        }
    }

    /// `ConstantExpr::get` for the binary operators with an expression,
    /// `ConstantFoldBinaryInstruction` otherwise.
    pub(super) fn maybe_undesirable_binop(
        &mut self,
        op: Opcode,
        a: Value,
        b: Value,
    ) -> Option<Value> {
        if is_desirable_binop(op) {
            Some(self.const_binop(op, a, b, WrapFlags::NONE))
        } else {
            self.cf_binary(op, a, b)
        }
    }

    /// `ConstantExpr::getExtractElement(vec, idx)`: folded, else the
    /// expression.
    pub fn const_extract_element(&mut self, vec: Value, idx: Value) -> Value {
        if let Some(f) = self.cf_extract_element(vec, idx) {
            return f;
        }
        let et = self.scalar_type(self.type_of(vec));
        self.const_expr_raw(Opcode::ExtractElement, et, &[vec, idx], 0, None)
    }

    /// `ConstantExpr::getInsertElement(vec, elt, idx)`: folded, else the
    /// expression.
    pub fn const_insert_element(&mut self, vec: Value, elt: Value, idx: Value) -> Value {
        if let Some(f) = self.cf_insert_element(vec, elt, idx) {
            return f;
        }
        let vt = self.type_of(vec);
        self.const_expr_raw(Opcode::InsertElement, vt, &[vec, elt, idx], 0, None)
    }

    /// `ConstantExpr::getShuffleVector(a, b, mask)` (-1 = a poison lane):
    /// folded, else the expression.
    pub fn const_shuffle_vector(&mut self, a: Value, b: Value, mask: &[i32]) -> Value {
        if let Some(f) = self.cf_shuffle_vector(a, b, mask) {
            return f;
        }
        let at = self.type_of(a);
        let et = self.scalar_type(at);
        let rt = if self.is_scalable_vec(at) {
            self.scalable_vector_type(et, mask.len() as u32)
        } else {
            self.vector_type(et, mask.len() as u32)
        };
        self.const_expr_raw(
            Opcode::ShuffleVector,
            rt,
            &[a, b],
            0,
            Some(ConstPayload::Mask(mask.into())),
        )
    }

    // ---- the builder's ConstantFolder -------------------------------------

    /// LLVM's `ConstantFolder::FoldBinOp` (and its `NoWrap`, `Exact` and
    /// `FMF` variants): with two constant operands, `ConstantExpr::get`
    /// for add, sub, mul and xor (which may make an expression, with
    /// `flags`), `ConstantFoldBinaryInstruction` for the rest; `None` when
    /// an operand is not a constant or nothing folds.
    pub fn fold_binop(
        &mut self,
        op: Opcode,
        a: Value,
        b: Value,
        flags: WrapFlags,
    ) -> Option<Value> {
        if !self.value_kind(a).is_constant() || !self.value_kind(b).is_constant() {
            return None;
        }
        if is_desirable_binop(op) {
            return Some(self.const_binop(op, a, b, flags));
        }
        self.cf_binary(op, a, b)
    }

    /// `ConstantFolder::FoldUnOpFMF`: `fneg` of a constant.
    pub fn fold_unop(&mut self, op: Opcode, a: Value) -> Option<Value> {
        if !self.value_kind(a).is_constant() {
            return None;
        }
        self.cf_unary(op, a)
    }

    /// `ConstantFolder::FoldCmp`: `icmp`/`fcmp` of two constants.
    pub fn fold_cmp(&mut self, pred: Predicate, a: Value, b: Value) -> Option<Value> {
        if !self.value_kind(a).is_constant() || !self.value_kind(b).is_constant() {
            return None;
        }
        self.cf_compare(pred, a, b)
    }

    /// `ConstantFolder::FoldCast`: `getCast` for the casts with an
    /// expression (so a cast of a global is an expression), else
    /// `ConstantFoldCastInstruction`. A bitcast to the same type is the
    /// operand (IRBuilder's `CreateCast`), constant or not.
    pub fn fold_cast(&mut self, op: Opcode, v: Value, ty: Type) -> Option<Value> {
        if self.type_of(v) == ty {
            return Some(v);
        }
        if !self.value_kind(v).is_constant() {
            return None;
        }
        self.maybe_undesirable_cast(op, v, ty)
    }

    /// `ConstantFolder::FoldSelect`.
    pub fn fold_select(&mut self, c: Value, t: Value, f: Value) -> Option<Value> {
        if [c, t, f].iter().any(|&x| !self.value_kind(x).is_constant()) {
            return None;
        }
        self.cf_select(c, t, f)
    }

    /// `ConstantFolder::FoldExtractValue`.
    pub fn fold_extract_value(&mut self, agg: Value, idx: &[u32]) -> Option<Value> {
        if !self.value_kind(agg).is_constant() {
            return None;
        }
        let mut c = agg;
        for &i in idx {
            c = self.aggregate_element(c, i as u64)?;
        }
        Some(c)
    }

    /// `ConstantFolder::FoldInsertValue`.
    pub fn fold_insert_value(&mut self, agg: Value, v: Value, idx: &[u32]) -> Option<Value> {
        if !self.value_kind(agg).is_constant() || !self.value_kind(v).is_constant() {
            return None;
        }
        self.cf_insert_value(agg, v, idx)
    }

    /// `ConstantFolder::FoldExtractElement`: `getExtractElement`.
    pub fn fold_extract_element(&mut self, vec: Value, idx: Value) -> Option<Value> {
        if !self.value_kind(vec).is_constant() || !self.value_kind(idx).is_constant() {
            return None;
        }
        Some(self.const_extract_element(vec, idx))
    }

    /// `ConstantFolder::FoldInsertElement`: `getInsertElement`.
    pub fn fold_insert_element(&mut self, vec: Value, elt: Value, idx: Value) -> Option<Value> {
        if [vec, elt, idx]
            .iter()
            .any(|&x| !self.value_kind(x).is_constant())
        {
            return None;
        }
        Some(self.const_insert_element(vec, elt, idx))
    }

    /// `ConstantFolder::FoldShuffleVector`: `getShuffleVector`.
    pub fn fold_shuffle_vector(&mut self, a: Value, b: Value, mask: &[i32]) -> Option<Value> {
        if !self.value_kind(a).is_constant() || !self.value_kind(b).is_constant() {
            return None;
        }
        Some(self.const_shuffle_vector(a, b, mask))
    }

    // ---- ConstantFoldCastInstruction ---------------------------------------

    pub(super) fn cf_cast(&mut self, op: Opcode, v: Value, dty: Type) -> Option<Value> {
        if self.is_poison(v) {
            return Some(self.const_poison(dty));
        }
        if self.is_undef_like(v) {
            // zext/sext/[us]itofp of undef: bounded results, so zero.
            return Some(
                if matches!(
                    op,
                    Opcode::ZExt | Opcode::SExt | Opcode::UIToFP | Opcode::SIToFP
                ) {
                    self.const_null(dty)
                } else {
                    self.const_undef(dty)
                },
            );
        }
        if self.is_null_value(v)
            && !matches!(self.type_data(dty), TypeData::X86Amx | TypeData::X86Mmx)
            && op != Opcode::AddrSpaceCast
        {
            return Some(self.const_null(dty));
        }
        // A cast of a cast expression folds when the pair is eliminable.
        if let Some((first, _)) = self.const_expr_opcode(v) {
            if first.is_cast() {
                let inner = self.operand(v, 0)?;
                let (src, mid) = (self.type_of(inner), self.type_of(v));
                if let Some(op2) = eliminable_cast_pair(self, first, op, src, mid, dty) {
                    return self.maybe_undesirable_cast(op2, inner, dty);
                }
            }
        }
        // Fixed vectors of the same lane count cast lane by lane. A
        // scalable splat is an expression, which LLVM 19 does not fold.
        let vty = self.type_of(v);
        if let (Some((dn, ds)), Some((sn, ss))) = (self.vector_len(dty), self.vector_len(vty)) {
            if dn == sn && ds == ss {
                if ds {
                    return None;
                }
                let det = self.scalar_type(dty);
                if let Some(s) = self.splat_element(v) {
                    let r = self.maybe_undesirable_cast(op, s, det)?;
                    return Some(self.const_splat(dn, ds, r));
                }
                return self.by_lanes(dn, &[v], |ctx, l| ctx.maybe_undesirable_cast(op, l[0], det));
            }
        }
        let dscalar = self.scalar_type(dty);
        match op {
            Opcode::FPTrunc | Opcode::FPExt => {
                let f = self.fp_of(v)?;
                let k = FloatKind::of_type(self.type_data(dscalar))?;
                let r = f.convert(k).0;
                Some(self.const_fp(dty, &r))
            }
            Opcode::FPToUI | Opcode::FPToSI => {
                let f = self.fp_of(v)?;
                let w = self.int_width(dscalar)?;
                Some(match f.to_int(w, op == Opcode::FPToSI) {
                    Some(x) => self.const_int_ap(dty, &x),
                    None => self.const_poison(dty),
                })
            }
            Opcode::UIToFP | Opcode::SIToFP => {
                let x = self.const_int_value(v)?;
                let k = FloatKind::of_type(self.type_data(dscalar))?;
                let f = APFloat::from_int(k, &x, op == Opcode::SIToFP)?;
                Some(self.const_fp(dty, &f))
            }
            Opcode::ZExt | Opcode::SExt | Opcode::Trunc => {
                let x = self.const_int_value(v)?;
                let w = self.int_width(dscalar)?;
                let r = match op {
                    Opcode::ZExt => x.zext(w),
                    Opcode::SExt => x.sext(w),
                    _ => x.trunc(w),
                };
                Some(self.const_int_ap(dty, &r))
            }
            Opcode::BitCast => self.fold_bitcast(v, dty),
            _ => None,
        }
    }

    /// LLVM 19's `FoldBitCast`: to a vector, an all-ones value stays all
    /// ones and a scalar goes through a one-lane vector; an integer becomes
    /// the float of its bits and a float the integer of its bits (not
    /// `ppc_fp128`, whose layout depends on endianness); nothing else.
    fn fold_bitcast(&mut self, v: Value, dty: Type) -> Option<Value> {
        let sty = self.type_of(v);
        if sty == dty {
            return Some(v);
        }
        if self.is_vector(dty) {
            if self.is_all_ones_value(v) {
                return Some(self.const_all_ones(dty));
            }
            if self.is_cint(v) || self.is_cfp(v) {
                let one = self.const_vector(&[v]);
                return Some(self.const_cast(Opcode::BitCast, one, dty));
            }
            return None;
        }
        if self.is_cint(v) {
            let k = FloatKind::of_type(self.type_data(dty))?;
            if k == FloatKind::PpcFp128 {
                return None;
            }
            let x = self.const_int_value(v)?;
            let w = x.words();
            let bits = w[0] as u128 | (w.get(1).copied().unwrap_or(0) as u128) << 64;
            return Some(self.const_float_bits(dty, bits));
        }
        if self.is_cfp(v) {
            if matches!(self.type_data(sty), TypeData::PpcFp128) {
                return None;
            }
            let w = self.int_width(dty)?;
            let bits = self.const_float_value(v)?;
            let x = APInt::from_words(w, &[bits as u64, (bits >> 64) as u64]);
            return Some(self.const_int_ap(dty, &x));
        }
        None
    }

    // ---- ConstantFoldUnaryInstruction --------------------------------------

    pub(super) fn cf_unary(&mut self, op: Opcode, c: Value) -> Option<Value> {
        debug_assert_eq!(op, Opcode::FNeg);
        let ty = self.type_of(c);
        let scalar_or_scalable = !self.is_vector(ty) || self.is_scalable_vec(ty);
        if scalar_or_scalable && self.is_undef_like(c) {
            return Some(c);
        }
        if let Some(f) = self.fp_of(c) {
            return Some(self.const_fp(ty, &f.neg()));
        }
        if let Some((n, scalable)) = self.vector_len(ty) {
            if let Some(s) = self.splat_element(c) {
                if let Some(e) = crate::stack::deep(|| self.cf_unary(op, s)) {
                    return Some(self.const_splat(n, scalable, e));
                }
            }
            if scalable {
                return None;
            }
            return self.by_lanes(n, &[c], |ctx, l| ctx.cf_unary(op, l[0]));
        }
        None
    }

    // ---- ConstantFoldBinaryInstruction -------------------------------------

    /// `ConstantExpr::getBinOpIdentity(op, ty, allow_rhs)`.
    fn binop_identity(&mut self, op: Opcode, ty: Type, allow_rhs: bool) -> Option<Value> {
        Some(match op {
            Opcode::Add | Opcode::Or | Opcode::Xor => self.const_null(ty),
            Opcode::Mul => self.const_int_splat(ty, 1),
            Opcode::And => self.const_all_ones(ty),
            Opcode::FAdd => self.const_fp_splat(ty, -0.0),
            Opcode::FMul => self.const_fp_splat(ty, 1.0),
            _ if !allow_rhs => return None,
            Opcode::Sub | Opcode::Shl | Opcode::LShr | Opcode::AShr | Opcode::FSub => {
                self.const_null(ty)
            }
            Opcode::SDiv | Opcode::UDiv => self.const_int_splat(ty, 1),
            Opcode::FDiv => self.const_fp_splat(ty, 1.0),
            _ => return None,
        })
    }

    /// `ConstantExpr::getBinOpAbsorber(op, ty)`.
    fn binop_absorber(&mut self, op: Opcode, ty: Type) -> Option<Value> {
        match op {
            Opcode::Or => Some(self.const_all_ones(ty)),
            Opcode::And | Opcode::Mul => Some(self.const_null(ty)),
            _ => None,
        }
    }

    /// The absorbing left operand of `op`: the absorber, and also zero for
    /// shifts, divisions and remainders.
    fn lhs_absorber(&mut self, op: Opcode, ty: Type) -> Option<Value> {
        match op {
            Opcode::Shl
            | Opcode::LShr
            | Opcode::AShr
            | Opcode::SDiv
            | Opcode::UDiv
            | Opcode::URem
            | Opcode::SRem => Some(self.const_null(ty)),
            _ => self.binop_absorber(op, ty),
        }
    }

    pub(super) fn cf_binary(&mut self, op: Opcode, c1: Value, c2: Value) -> Option<Value> {
        let ty = self.type_of(c1);
        // Identities first: they return the other operand, undef and
        // poison included.
        if op.is_commutative() {
            let id = self.binop_identity(op, ty, false)?;
            if c1 == id {
                return Some(c2);
            }
            if c2 == id {
                return Some(c1);
            }
        } else if let Some(id) = self.binop_identity(op, ty, true) {
            if c2 == id {
                return Some(c1);
            }
        }
        if self.is_poison(c1) || self.is_poison(c2) {
            return Some(self.const_poison(ty));
        }
        let scalar_or_scalable = !self.is_vector(ty) || self.is_scalable_vec(ty);
        let (u1, u2) = (self.is_undef_like(c1), self.is_undef_like(c2));
        if scalar_or_scalable && (u1 || u2) {
            return Some(self.fold_undef_binop(op, c1, c2, u1, u2));
        }
        if self.is_cint(c2) {
            if Some(c2) == self.binop_absorber(op, ty) {
                return Some(c2);
            }
            let y = self.const_int_value(c2)?;
            match op {
                Opcode::UDiv | Opcode::SDiv if y.is_zero() => return Some(self.const_poison(ty)),
                Opcode::URem | Opcode::SRem if y.is_one() => return Some(self.const_null(ty)),
                Opcode::URem | Opcode::SRem if y.is_zero() => return Some(self.const_poison(ty)),
                Opcode::And => {
                    // The address of a global and a mask of bits its
                    // alignment keeps clear.
                    if let Some((Opcode::PtrToInt, _)) = self.const_expr_opcode(c1) {
                        let g = self.operand(c1, 0)?;
                        if self.value_kind(g).is_global() {
                            let align = self.global_fold_align(g);
                            if align > 1 {
                                let low = APInt::all_ones(y.width())
                                    .lshr(y.width() - y.width().min(align.trailing_zeros()));
                                if y.and(&low) == y {
                                    return Some(self.const_null(ty));
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        } else if self.is_cint(c1) && op.is_commutative() {
            // A ConstantInt goes on the right.
            return self.maybe_undesirable_binop(op, c2, c1);
        }
        if self.is_cint(c1) {
            if self.is_cint(c2) {
                let (x, y) = (self.const_int_value(c1)?, self.const_int_value(c2)?);
                return Some(match fold_int_binop(op, &x, &y)? {
                    Folded::Int(r) => self.const_int_ap(ty, &r),
                    Folded::Poison => self.const_poison(ty),
                });
            }
            // 0 << X, 0 / X, 0 % X, 0 & X, 0 * X, -1 | X.
            if Some(c1) == self.lhs_absorber(op, ty) {
                return Some(c1);
            }
        }
        if self.is_cfp(c1) && self.is_cfp(c2) {
            let (x, y) = (self.fp_of(c1)?, self.fp_of(c2)?);
            let r = match op {
                Opcode::FAdd => x.add(&y),
                Opcode::FSub => x.sub(&y),
                Opcode::FMul => x.mul(&y),
                Opcode::FDiv => x.div(&y),
                Opcode::FRem => x.rem(&y),
                _ => None,
            }?;
            return Some(self.const_fp(ty, &r));
        }
        if let Some((n, scalable)) = self.vector_len(ty) {
            let int_div_rem = matches!(
                op,
                Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem
            );
            if let Some(s2) = self.splat_element(c2) {
                if int_div_rem && self.is_null_value(s2) {
                    return Some(self.const_poison(ty));
                }
                if let Some(s1) = self.splat_element(c1) {
                    let r = self.maybe_undesirable_binop(op, s1, s2)?;
                    return Some(self.const_splat(n, scalable, r));
                }
            }
            if !scalable {
                let mut out = Vec::with_capacity(n as usize);
                for i in 0..n as u64 {
                    let k = self.i32_const(i);
                    let l = self.const_extract_element(c1, k);
                    let r = self.const_extract_element(c2, k);
                    // A zero lane in a divisor makes the whole vector poison.
                    if int_div_rem && self.is_null_value(r) {
                        return Some(self.const_poison(ty));
                    }
                    out.push(self.maybe_undesirable_binop(op, l, r)?);
                }
                return Some(self.const_vector(&out));
            }
        }
        if let Some((op1, _)) = self.const_expr_opcode(c1) {
            // ((a op b) op c) → (a op (b op c)) when (b op c) folds: the
            // associative operators that have expressions (LLVM 19 has no
            // and/or expressions to re-associate).
            if matches!(op, Opcode::Add | Opcode::Mul | Opcode::Xor) && op1 == op {
                let (a, b) = (self.operand(c1, 0)?, self.operand(c1, 1)?);
                let t = self.const_binop(op, b, c2, WrapFlags::NONE);
                if self.const_expr_opcode(t).is_none_or(|(o, _)| o != op) {
                    return Some(self.const_binop(op, a, t, WrapFlags::NONE));
                }
            }
        } else if self.is_cexpr(c2) && op.is_commutative() {
            return crate::stack::deep(|| self.cf_binary(op, c2, c1));
        }
        if self.int_width(ty) == Some(1) {
            return Some(match op {
                Opcode::Add | Opcode::Sub => self.const_binop(Opcode::Xor, c1, c2, WrapFlags::NONE),
                // The shift must be by 0, the divisor 1: anything else is
                // poison.
                Opcode::Shl | Opcode::LShr | Opcode::AShr | Opcode::SDiv | Opcode::UDiv => c1,
                Opcode::URem | Opcode::SRem => self.const_bool(false),
                _ => return None,
            });
        }
        None
    }

    /// The undef rules of `ConstantFoldBinaryInstruction` (a scalar or
    /// scalable-vector operand is `undef`; `u1`/`u2` say which).
    fn fold_undef_binop(&mut self, op: Opcode, c1: Value, c2: Value, u1: bool, u2: bool) -> Value {
        let ty = self.type_of(c1);
        let both = u1 && u2;
        match op {
            Opcode::Xor if both => self.const_null(ty),
            Opcode::Xor | Opcode::Add | Opcode::Sub => self.const_undef(ty),
            Opcode::And | Opcode::Mul | Opcode::Or if both => c1,
            Opcode::And => self.const_null(ty),
            Opcode::Mul => {
                // X * undef is undef when X is odd, else 0.
                let odd = [c1, c2]
                    .iter()
                    .filter_map(|&c| self.int_or_splat_value(c))
                    .next()
                    .is_some_and(|x| x.bit(0));
                if odd {
                    self.const_undef(ty)
                } else {
                    self.const_null(ty)
                }
            }
            Opcode::SDiv | Opcode::UDiv | Opcode::URem | Opcode::SRem => {
                if u2 || self.is_null_value(c2) {
                    self.const_poison(ty)
                } else {
                    self.const_null(ty)
                }
            }
            Opcode::Or => self.const_all_ones(ty),
            Opcode::LShr | Opcode::AShr | Opcode::Shl => {
                if u2 {
                    self.const_poison(ty)
                } else {
                    self.const_null(ty)
                }
            }
            _ => {
                // Floating point: -0.0 - undef is undef (as fneg undef);
                // two undefs give undef; one gives NaN.
                if op == Opcode::FSub && u2 && self.is_neg_zero(c1) {
                    return c2;
                }
                if both {
                    return c1;
                }
                self.const_nan(ty)
            }
        }
    }

    /// The integer of a `ConstantInt` or of a splat of one (LLVM's
    /// `m_APInt`).
    fn int_or_splat_value(&mut self, c: Value) -> Option<APInt> {
        if let Some(x) = self.const_int_value(c) {
            return Some(x);
        }
        if self.is_vector(self.type_of(c)) {
            let s = self.splat_element(c)?;
            return self.const_int_value(s);
        }
        None
    }

    /// Whether `c` is `-0.0` or a splat of it (LLVM's `m_NegZeroFP`).
    fn is_neg_zero(&mut self, c: Value) -> bool {
        let s = if self.is_vector(self.type_of(c)) {
            match self.splat_element(c) {
                Some(s) => s,
                None => return false,
            }
        } else {
            c
        };
        self.fp_of(s)
            .is_some_and(|f| f.is_zero() && f.is_negative())
    }

    // ---- ConstantFoldCompareInstruction ------------------------------------

    pub(super) fn cf_compare(&mut self, pred: Predicate, c1: Value, c2: Value) -> Option<Value> {
        let ty = self.type_of(c1);
        let i1 = self.i1_type();
        let rty = match self.vector_len(ty) {
            Some((n, false)) => self.vector_type(i1, n),
            Some((n, true)) => self.scalable_vector_type(i1, n),
            None => i1,
        };
        let bool_of = |ctx: &mut Context, b: bool| ctx.const_int_splat(rty, b as u64);
        match pred {
            Predicate::FFalse => return Some(self.const_null(rty)),
            Predicate::FTrue => return Some(self.const_all_ones(rty)),
            _ => {}
        }
        if self.is_poison(c1) || self.is_poison(c2) {
            return Some(self.const_poison(rty));
        }
        if self.is_undef_like(c1) || self.is_undef_like(c2) {
            let int_pred = pred.is_int();
            if matches!(pred, Predicate::IEq | Predicate::INe) || (int_pred && c1 == c2) {
                return Some(self.const_undef(rty));
            }
            if int_pred {
                return Some(bool_of(self, true_when_equal(pred)));
            }
            return Some(bool_of(self, is_unordered(pred)));
        }
        if self.is_null_value(c2) {
            match pred {
                Predicate::IUge => return Some(self.const_all_ones(rty)),
                Predicate::IUlt => return Some(self.const_null(rty)),
                _ => {}
            }
        }
        if self.int_width(self.scalar_type(ty)) == Some(1) {
            match pred {
                Predicate::IEq => {
                    return Some(if self.is_cint(c2) {
                        let n2 = self.const_not(c2);
                        self.const_binop(Opcode::Xor, c1, n2, WrapFlags::NONE)
                    } else {
                        let n1 = self.const_not(c1);
                        self.const_binop(Opcode::Xor, n1, c2, WrapFlags::NONE)
                    });
                }
                Predicate::INe => {
                    return Some(self.const_binop(Opcode::Xor, c1, c2, WrapFlags::NONE))
                }
                _ => {}
            }
        }
        if self.is_cint(c1) && self.is_cint(c2) {
            let (x, y) = (self.const_int_value(c1)?, self.const_int_value(c2)?);
            return Some(bool_of(self, icmp_ints(pred, &x, &y)));
        }
        if self.is_cfp(c1) && self.is_cfp(c2) {
            let (x, y) = (self.fp_of(c1)?, self.fp_of(c2)?);
            return Some(bool_of(self, fcmp_floats(pred, &x, &y)));
        }
        if let Some((n, scalable)) = self.vector_len(ty) {
            if let (Some(s1), Some(s2)) = (self.splat_element(c1), self.splat_element(c2)) {
                if let Some(e) = crate::stack::deep(|| self.cf_compare(pred, s1, s2)) {
                    return Some(self.const_splat(n, scalable, e));
                }
            }
            if scalable {
                return None;
            }
            return self.by_lanes(n, &[c1, c2], |ctx, l| ctx.cf_compare(pred, l[0], l[1]));
        }
        if self.is_fp_or_fp_vector(ty) {
            if c1 == c2 {
                match pred {
                    Predicate::FOne => return Some(bool_of(self, false)),
                    Predicate::FUeq => return Some(bool_of(self, true)),
                    _ => {}
                }
            }
            return None;
        }
        let known = match self.icmp_relation(c1, c2) {
            Relation::Unknown => None,
            Relation::Eq => Some(true_when_equal(pred)),
            Relation::Ne => match pred {
                Predicate::IEq => Some(false),
                Predicate::INe => Some(true),
                _ => None,
            },
            Relation::Is(rel) => relation_decides(rel, pred),
        };
        if let Some(b) = known {
            return Some(bool_of(self, b));
        }
        if (!self.is_cexpr(c1) && self.is_cexpr(c2))
            || (self.is_null_value(c1) && !self.is_null_value(c2))
        {
            return crate::stack::deep(|| self.cf_compare(swapped_predicate(pred), c2, c1));
        }
        None
    }

    /// LLVM's `evaluateICmpRelation`: what is known of two pointer
    /// constants (or of two equal constants).
    fn icmp_relation(&self, v1: Value, v2: Value) -> Relation {
        if v1 == v2 {
            return Relation::Eq;
        }
        if !self.is_ptr(self.type_of(v1)) {
            return Relation::Unknown;
        }
        let complexity = |ctx: &Context, v: Value| {
            if ctx.is_cexpr(v) {
                3
            } else if ctx.value_kind(v).is_global() {
                2
            } else if ctx.ckind(v) == Some(ConstKind::BlockAddress) {
                1
            } else {
                0
            }
        };
        let (k1, k2) = (complexity(self, v1), complexity(self, v2));
        if k1 < k2 {
            return match crate::stack::deep(|| self.icmp_relation(v2, v1)) {
                Relation::Is(p) => Relation::Is(swapped_predicate(p)),
                r => r,
            };
        }
        let is_null = |ctx: &Context, v: Value| ctx.ckind(v) == Some(ConstKind::Null);
        match k1 {
            1 => {
                if self.ckind(v2) == Some(ConstKind::BlockAddress) {
                    let (f1, f2) = (self.operand(v1, 0), self.operand(v2, 0));
                    if f1 != f2 {
                        return Relation::Ne;
                    }
                } else if is_null(self, v2) {
                    return Relation::Ne;
                }
            }
            2 => {
                if self.value_kind(v2).is_global() {
                    return self.globals_relation(v1, v2);
                }
                if self.ckind(v2) == Some(ConstKind::BlockAddress) {
                    return Relation::Ne;
                }
                if is_null(self, v2)
                    && !self.is_extern_weak(v1)
                    && self.value_kind(v1) != ValueKind::Alias
                    && self.ptr_addrspace(self.type_of(v1)) == Some(0)
                {
                    return Relation::Is(Predicate::IUgt);
                }
            }
            3 => {
                let Some((Opcode::GetElementPtr, flags)) = self.const_expr_opcode(v1) else {
                    return Relation::Unknown;
                };
                let Some(base) = self.operand(v1, 0) else {
                    return Relation::Unknown;
                };
                let inbounds = bits::gep_of(flags as u16).is_inbounds();
                if is_null(self, v2) {
                    if self.value_kind(base).is_global() && !self.is_extern_weak(base) && inbounds {
                        return Relation::Is(Predicate::IUgt);
                    }
                } else if self.value_kind(v2).is_global() {
                    // A GEP of another global: unequal only at offset zero.
                    if self.value_kind(base).is_global()
                        && base != v2
                        && self.gep_all_zero_indices(v1)
                    {
                        return self.globals_relation(base, v2);
                    }
                } else if let Some((Opcode::GetElementPtr, _)) = self.const_expr_opcode(v2) {
                    let base2 = self.operand(v2, 0).unwrap_or(base);
                    if self.value_kind(base).is_global()
                        && self.value_kind(base2).is_global()
                        && base != base2
                        && self.gep_all_zero_indices(v1)
                        && self.gep_all_zero_indices(v2)
                    {
                        return self.globals_relation(base, base2);
                    }
                }
            }
            _ => {}
        }
        Relation::Unknown
    }

    /// Whether a GEP expression's indices are all `ConstantInt` zeros.
    fn gep_all_zero_indices(&self, gep: Value) -> bool {
        let n = self.num_operands(gep);
        (1..n).all(|i| {
            self.operand(gep, i)
                .and_then(|x| self.const_int_value(x))
                .is_some_and(|x| x.is_zero())
        })
    }

    fn is_extern_weak(&self, g: Value) -> bool {
        self.value_kind(g).is_global() && self.global_data(g).linkage == Linkage::ExternWeak
    }

    /// LLVM's `areGlobalsPotentiallyEqual`: `Ne` for two distinct globals
    /// neither of which can be interposed, be `unnamed_addr`, be an alias,
    /// or have a zero-sized or opaque type; else unknown.
    fn globals_relation(&self, g1: Value, g2: Value) -> Relation {
        let unsafe_for_equality = |g: Value| {
            let d = self.global_data(g);
            let interposable = matches!(
                d.linkage,
                Linkage::WeakAny | Linkage::LinkOnceAny | Linkage::Common | Linkage::ExternWeak
            );
            if interposable || d.unnamed_addr == UnnamedAddr::Global {
                return true;
            }
            if self.value_kind(g) == ValueKind::GlobalVariable {
                if let Some(t) = d.value_type {
                    if !self.is_sized(t) || self.is_empty_type(t) {
                        return true;
                    }
                }
            }
            false
        };
        let alias = |g: Value| self.value_kind(g) == ValueKind::Alias;
        if !alias(g1) && !alias(g2) && !unsafe_for_equality(g1) && !unsafe_for_equality(g2) {
            Relation::Ne
        } else {
            Relation::Unknown
        }
    }

    /// The alignment `ConstantFoldBinaryInstruction` assumes for a global's
    /// address when it masks it (LLVM's `getPointerAlignment` with the
    /// module's data layout): a function's is the layout's function
    /// pointer alignment (`Fi<n>` independent, `Fn<n>` at least the
    /// function's own), 4 when the layout gives none; a variable's is its
    /// `align`. A variable without `align` would take its type's preferred
    /// alignment from the full data layout, which this layer does not
    /// have: 1 here, so such masks are not folded (clang always writes
    /// `align` on globals).
    fn global_fold_align(&self, g: Value) -> u64 {
        let d = self.global_data(g);
        match self.value_kind(g) {
            ValueKind::Function => {
                let m = self.global_parent(g);
                let dl = &self.module(m).datalayout;
                let spec = dl.split('-').find_map(|c| {
                    let rest = c.strip_prefix('F')?;
                    let (kind, bits) = rest.split_at(1.min(rest.len()));
                    let bits: u64 = bits.split(':').next()?.parse().ok()?;
                    Some((kind == "n", bits / 8))
                });
                match spec {
                    None => 4,
                    Some((false, a)) => a.max(1),
                    Some((true, a)) => a.max(d.align.unwrap_or(1)).max(1),
                }
            }
            ValueKind::GlobalVariable => d.align.unwrap_or(1),
            _ => 1,
        }
    }

    /// LLVM's `Type::isEmptyTy`: a struct or array with no non-empty
    /// element.
    fn is_empty_type(&self, t: Type) -> bool {
        match self.type_data(t) {
            TypeData::Array { len, elem } => {
                *len == 0 || crate::stack::deep(|| self.is_empty_type(*elem))
            }
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                self.struct_elements(t).is_some_and(|f| {
                    f.iter()
                        .all(|&e| crate::stack::deep(|| self.is_empty_type(e)))
                })
            }
            _ => false,
        }
    }

    // ---- select, vectors, aggregates ---------------------------------------

    pub(super) fn cf_select(&mut self, cond: Value, v1: Value, v2: Value) -> Option<Value> {
        if self.is_null_value(cond) {
            return Some(v2);
        }
        if self.is_all_ones_value(cond) {
            return Some(v1);
        }
        if self.ckind(cond) == Some(ConstKind::Vector) {
            let n = self.fixed_lanes(self.type_of(cond))?;
            let mut out = Vec::with_capacity(n as usize);
            for i in 0..n {
                let k = self.i32_const(i as u64);
                let e1 = self.const_extract_element(v1, k);
                let e2 = self.const_extract_element(v2, k);
                let c = self.operand(cond, i)?;
                let v = if self.is_poison(c) {
                    let et = self.type_of(e1);
                    self.const_poison(et)
                } else if e1 == e2 {
                    e1
                } else if self.is_undef_like(c) {
                    if self.is_undef_like(e1) {
                        e1
                    } else {
                        e2
                    }
                } else if self.is_cint(c) {
                    if self.is_null_value(c) {
                        e2
                    } else {
                        e1
                    }
                } else {
                    break;
                };
                out.push(v);
            }
            if out.len() == n as usize {
                return Some(self.const_vector(&out));
            }
        }
        if self.is_poison(cond) {
            let t = self.type_of(v1);
            return Some(self.const_poison(t));
        }
        if self.is_undef_like(cond) {
            return Some(if self.is_undef_like(v1) { v1 } else { v2 });
        }
        if v1 == v2 {
            return Some(v1);
        }
        if self.is_poison(v1) {
            return Some(v2);
        }
        if self.is_poison(v2) {
            return Some(v1);
        }
        if self.is_undef_like(v1) && self.not_poison(v2) {
            return Some(v2);
        }
        if self.is_undef_like(v2) && self.not_poison(v1) {
            return Some(v1);
        }
        None
    }

    /// The `NotPoison` test of `ConstantFoldSelectInstruction`.
    fn not_poison(&mut self, c: Value) -> bool {
        match self.value_kind(c) {
            ValueKind::GlobalVariable | ValueKind::Function => return true,
            ValueKind::Constant => {}
            _ => return false,
        }
        match self.const_kind(c) {
            ConstKind::Poison | ConstKind::Expr => false,
            ConstKind::Int | ConstKind::Float | ConstKind::Null => true,
            _ if self.is_vector(self.type_of(c)) => {
                !self.contains_poison_element(c) && !self.contains_const_expr(c)
            }
            _ => false,
        }
    }

    /// LLVM's `containsPoisonElement` for a vector constant.
    fn contains_poison_element(&mut self, c: Value) -> bool {
        match self.ckind(c) {
            Some(ConstKind::Poison) => true,
            Some(ConstKind::Vector) => {
                let n = self.num_operands(c);
                (0..n).any(|i| self.operand(c, i).is_some_and(|e| self.is_poison(e)))
            }
            _ => false,
        }
    }

    /// LLVM's `containsConstantExpression` for a vector constant.
    fn contains_const_expr(&mut self, c: Value) -> bool {
        match self.ckind(c) {
            Some(ConstKind::Vector) => {
                let n = self.num_operands(c);
                (0..n).any(|i| self.operand(c, i).is_some_and(|e| self.is_cexpr(e)))
            }
            _ => false,
        }
    }

    fn cf_extract_element(&mut self, vec: Value, idx: Value) -> Option<Value> {
        let vt = self.type_of(vec);
        let et = self.scalar_type(vt);
        if self.is_poison(vec) || self.is_undef_like(idx) {
            return Some(self.const_poison(et));
        }
        if self.is_undef_like(vec) {
            return Some(self.const_undef(et));
        }
        let i = self.const_int_value(idx)?;
        let small = (i.active_bits() <= 64).then(|| i.to_u64());
        if let Some(n) = self.fixed_lanes(vt) {
            if small.is_none_or(|k| k >= n as u64) {
                return Some(self.const_poison(et));
            }
        }
        if let Some((op, _)) = self.const_expr_opcode(vec) {
            match op {
                Opcode::GetElementPtr => {
                    let n = self.num_operands(vec);
                    let mut ops = Vec::with_capacity(n as usize);
                    for k in 0..n {
                        let o = self.operand(vec, k)?;
                        ops.push(if self.is_vector(self.type_of(o)) {
                            self.const_extract_element(o, idx)
                        } else {
                            o
                        });
                    }
                    let (src, inrange) = match self.const_payload(vec) {
                        Some(ConstPayload::Gep { src, inrange }) => (*src, *inrange),
                        _ => return None,
                    };
                    let flags = bits::gep_of(self.const_expr_opcode(vec)?.1 as u16);
                    return Some(self.const_gep(src, ops[0], &ops[1..], flags, inrange));
                }
                Opcode::InsertElement => {
                    let at = self.operand(vec, 2)?;
                    if let Some(j) = self.const_int_value(at) {
                        let w = i.width().max(j.width());
                        let same = i.zext(w) == j.zext(w);
                        return Some(if same {
                            self.operand(vec, 1)?
                        } else {
                            let inner = self.operand(vec, 0)?;
                            self.const_extract_element(inner, idx)
                        });
                    }
                }
                _ => {}
            }
        }
        if let Some(k) = small {
            if let Some(e) = self.aggregate_element(vec, k) {
                return Some(e);
            }
        }
        let (n, _) = self.vector_len(vt)?;
        if small.is_some_and(|k| k < n as u64) {
            if let Some(s) = self.splat_element(vec) {
                return Some(s);
            }
        }
        None
    }

    fn cf_insert_element(&mut self, vec: Value, elt: Value, idx: Value) -> Option<Value> {
        let vt = self.type_of(vec);
        if self.is_undef_like(idx) {
            return Some(self.const_poison(vt));
        }
        if self.ckind(vec) == Some(ConstKind::Zero) && self.is_null_value(elt) {
            return Some(vec);
        }
        let i = self.const_int_value(idx)?;
        let n = self.fixed_lanes(vt)?;
        if i.active_bits() > 32 || i.to_u64() >= n as u64 {
            return Some(self.const_poison(vt));
        }
        let k = i.to_u64();
        let mut out = Vec::with_capacity(n as usize);
        for j in 0..n as u64 {
            if j == k {
                out.push(elt);
            } else {
                let jc = self.i32_const(j);
                out.push(self.const_extract_element(vec, jc));
            }
        }
        Some(self.const_vector(&out))
    }

    fn cf_shuffle_vector(&mut self, v1: Value, v2: Value, mask: &[i32]) -> Option<Value> {
        let vt = self.type_of(v1);
        let et = self.scalar_type(vt);
        let scalable = self.is_scalable_vec(vt);
        let rt = if scalable {
            self.scalable_vector_type(et, mask.len() as u32)
        } else {
            self.vector_type(et, mask.len() as u32)
        };
        if mask.iter().all(|&m| m == -1) {
            return Some(self.const_poison(rt));
        }
        if mask.iter().all(|&m| m == 0) {
            let z = self.i32_const(0);
            let e = self.const_extract_element(v1, z);
            if self.is_null_value(e) {
                return Some(self.const_null(rt));
            }
            if !scalable {
                return Some(self.const_splat(mask.len() as u32, false, e));
            }
        }
        if scalable {
            return None;
        }
        let n = self.fixed_lanes(vt)? as i64;
        let mut out = Vec::with_capacity(mask.len());
        for &m in mask {
            let m = m as i64;
            let e = if m == -1 || m >= 2 * n {
                self.const_undef(et)
            } else if m >= n {
                let k = self.i32_const((m - n) as u64);
                self.const_extract_element(v2, k)
            } else {
                let k = self.i32_const(m as u64);
                self.const_extract_element(v1, k)
            };
            out.push(e);
        }
        Some(self.const_vector(&out))
    }

    pub(super) fn cf_insert_value(&mut self, agg: Value, v: Value, idx: &[u32]) -> Option<Value> {
        let Some((&first, rest)) = idx.split_first() else {
            return Some(v);
        };
        let ty = self.type_of(agg);
        let n = match self.type_data(ty) {
            TypeData::Array { len, .. } => *len,
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                self.struct_elements(ty)?.len() as u64
            }
            _ => return None,
        };
        let mut out = Vec::with_capacity(n as usize);
        for i in 0..n {
            let mut c = self.aggregate_element(agg, i)?;
            if i == first as u64 {
                c = crate::stack::deep(|| self.cf_insert_value(c, v, rest))?;
            }
            out.push(c);
        }
        Some(self.const_aggregate(ty, &out))
    }

    // ---- getelementptr -----------------------------------------------------

    /// `ConstantExpr::getGetElementPtr` of LLVM 19: folded as its
    /// `ConstantFoldGetElementPtr` folds (checked against `llvm-as-19`,
    /// `tests/gep_fold.rs`), else the uniqued expression with its indices
    /// in canonical form.
    ///
    /// Folds: no indices → `base`; a `poison` / `undef` base → `poison` /
    /// `undef` of the result type; without `inrange`, indices that are all
    /// null or `undef`/`poison` → `base` (splatted when the result is a
    /// vector and the base is not). Canonical indices: in a vector GEP a
    /// scalar index over an array, vector or the source type becomes a
    /// splat vector, and a vector struct index becomes its scalar splat
    /// value. No layout-dependent folding here (that is
    /// `LayoutCache::fold_gep`-style work of LLVM's `ConstantFolding.cpp`).
    pub fn const_gep(
        &mut self,
        src: Type,
        base: Value,
        indices: &[Value],
        flags: GepFlags,
        inrange: Option<(i64, i64)>,
    ) -> Value {
        if indices.is_empty() {
            return base;
        }
        let bt = self.type_of(base);
        let mut vec_len = self.vector_len(bt);
        for &i in indices {
            if let Some(n) = self.vector_len(self.type_of(i)) {
                vec_len = Some(n);
            }
        }
        let p = self.scalar_type(bt);
        let ty = match vec_len {
            Some((n, false)) => self.vector_type(p, n),
            Some((n, true)) => self.scalable_vector_type(p, n),
            None => p,
        };
        if self.value_kind(base) == ValueKind::Constant {
            match self.const_kind(base) {
                ConstKind::Poison => return self.const_poison(ty),
                ConstKind::Undef => return self.const_undef(ty),
                _ => {}
            }
        }
        let noop = |ctx: &Context, i: Value| {
            ctx.is_null_value(i)
                || (ctx.value_kind(i) == ValueKind::Constant
                    && matches!(ctx.const_kind(i), ConstKind::Undef | ConstKind::Poison))
        };
        if inrange.is_none() && indices.iter().all(|&i| noop(self, i)) {
            return match (vec_len, self.vector_len(bt)) {
                (Some((n, scalable)), None) => self.const_splat(n, scalable, base),
                _ => base,
            };
        }
        let mut ops = Vec::with_capacity(indices.len() + 1);
        ops.push(base);
        // Canonical index forms, walking the indexed types as
        // `gep_type_iterator` does: the first index steps over `src`.
        let mut cur: Option<Type> = None;
        for &i in indices {
            let is_struct = cur.is_some_and(|t| {
                matches!(
                    self.type_data(t),
                    TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_)
                )
            });
            let it = self.type_of(i);
            let idx = if is_struct && self.vector_len(it).is_some() {
                self.splat_element(i).unwrap_or(i)
            } else if !is_struct && self.vector_len(it).is_none() {
                match vec_len {
                    Some((n, scalable)) => self.const_splat(n, scalable, i),
                    None => i,
                }
            } else {
                i
            };
            ops.push(idx);
            cur = Some(match cur {
                None => src,
                Some(t) if is_struct => {
                    let k = self
                        .const_int_value(idx)
                        .and_then(|k| k.try_to_u64())
                        .unwrap_or(0) as usize;
                    self.struct_elements(t)
                        .and_then(|f| f.get(k).copied())
                        .unwrap_or(t)
                }
                Some(t) => self.element_type(t).unwrap_or(t),
            });
        }
        self.const_expr_raw(
            Opcode::GetElementPtr,
            ty,
            &ops,
            bits::gep(flags) as u8,
            Some(ConstPayload::Gep { src, inrange }),
        )
    }

    /// Element `k` of a constant aggregate or vector, when it is known.
    pub fn const_element(&mut self, c: Value, k: usize) -> Option<Value> {
        if self.value_kind(c) != ValueKind::Constant {
            return None;
        }
        let ty = self.type_of(c);
        let et = match self.type_data(ty) {
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                self.struct_elements(ty)?.get(k).copied()?
            }
            _ => self.element_type(ty)?,
        };
        match self.const_kind(c) {
            ConstKind::Zero => Some(self.const_null(et)),
            ConstKind::Undef => Some(self.const_undef(et)),
            ConstKind::Poison => Some(self.const_poison(et)),
            ConstKind::Array | ConstKind::Struct | ConstKind::Vector => self.operand(c, k as u32),
            ConstKind::DataArray | ConstKind::DataVector => {
                let x = *self.const_data(c)?.get(k)?;
                Some(if self.is_fp(et) {
                    self.const_float_bits(et, x as u128)
                } else {
                    self.const_int(et, x)
                })
            }
            _ => None,
        }
    }
}

/// Whether knowing `rel` (an ordering that holds between two constants)
/// decides `pred`, and which way (the table of
/// `ConstantFoldCompareInstruction`): a strict order (`ult`) decides
/// itself, `ne` and its `or equal` form true, their swaps and `eq` false;
/// a non-strict one (`ule`) decides itself and its strict form true and
/// the opposite strict order false.
fn relation_decides(rel: Predicate, pred: Predicate) -> Option<bool> {
    use Predicate::*;
    // (strict, or-equal) pairs of each ordering.
    const PAIRS: [(Predicate, Predicate); 4] =
        [(IUlt, IUle), (ISlt, ISle), (IUgt, IUge), (ISgt, ISge)];
    let (strict, or_equal) = *PAIRS.iter().find(|&&(a, b)| rel == a || rel == b)?;
    let opposite = swapped_predicate(strict);
    if rel == strict {
        let opposite_or_equal = swapped_predicate(or_equal);
        if pred == rel || pred == INe || pred == or_equal {
            Some(true)
        } else if pred == opposite || pred == IEq || pred == opposite_or_equal {
            Some(false)
        } else {
            None
        }
    } else if pred == strict || pred == or_equal {
        Some(true)
    } else if pred == opposite {
        Some(false)
    } else {
        None
    }
}
