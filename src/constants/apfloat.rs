//! Bit-exact floating-point values and their LLVM 19 text.
//!
//! Owns [`FloatKind`] (the seven LLVM floating-point types), [`APFloat`] (a
//! value of one kind, stored as its bit pattern), conversions between kinds
//! with round-to-nearest-even, the folding arithmetic, the spelling LLVM 19's
//! AsmWriter gives a floating-point constant ([`APFloat::to_llvm_string`]),
//! and [`FloatLiteral`], a floating-point token as the `.ll` lexer reads it
//! before it meets a type. It does not own `ConstantFP` or its uniquing.
//!
//! Representation: the kind and the bit pattern (up to 128 bits, in two
//! words so the value is 24 bytes, not the 32 a `u128` field would cost).
//! Equality and hashing are by bit pattern, as `ConstantFP` uniquing wants:
//! `+0.0 != -0.0`, and NaNs with different payloads are different.
//!
//! Invariant (kept by [`APFloat::from_bits`], the one constructor everything
//! goes through): bits above the kind's width are zero, and an `x86_fp80`
//! pattern is in the canonical form LLVM's `APFloat` gives it (an
//! "unnormal" becomes a NaN with exponent `0x7FFF`, a pseudo-denormal gets
//! exponent 1), so the stored bits are what LLVM would print and write.
//!
//! Arithmetic is on `half`, `bfloat`, `float` and `double`, with LLVM's NaN
//! rules (`half` and `bfloat` computed in `f32` and rounded again, which is
//! exact); there is none on `x86_fp80`, `fp128` or `ppc_fp128`. Text is
//! LLVM's `WriteAPFloatInternal`: `float` and `double` as `toString(6, 0,
//! false)` (`1.000000e+00`, its truncating digit algorithm included) when
//! that reads back exactly, else hex; the other kinds always hex.
//! [`FloatLiteral`] reads tokens with LLVM's quirks and messages.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

use super::apint::APInt;

/// The LLVM floating-point types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatKind {
    /// `half`: IEEE binary16.
    Half,
    /// `bfloat`: brain float, 8 exponent bits and 7 fraction bits.
    BFloat,
    /// `float`: IEEE binary32.
    Float,
    /// `double`: IEEE binary64.
    Double,
    /// `x86_fp80`: x87 extended precision, explicit integer bit.
    X86Fp80,
    /// `fp128`: IEEE binary128.
    Fp128,
    /// `ppc_fp128`: PowerPC double-double (two `double`s, high part in the
    /// low 64 bits).
    PpcFp128,
}

impl FloatKind {
    /// The kind of a floating-point type, `None` for other types.
    pub fn of_type(d: &crate::types::TypeData) -> Option<FloatKind> {
        use crate::types::TypeData;
        Some(match d {
            TypeData::Half => FloatKind::Half,
            TypeData::BFloat => FloatKind::BFloat,
            TypeData::Float => FloatKind::Float,
            TypeData::Double => FloatKind::Double,
            TypeData::X86Fp80 => FloatKind::X86Fp80,
            TypeData::Fp128 => FloatKind::Fp128,
            TypeData::PpcFp128 => FloatKind::PpcFp128,
            _ => return None,
        })
    }

    /// Size of a value in bits: 16, 16, 32, 64, 80, 128, 128.
    pub const fn bit_width(self) -> u32 {
        match self {
            FloatKind::Half | FloatKind::BFloat => 16,
            FloatKind::Float => 32,
            FloatKind::Double => 64,
            FloatKind::X86Fp80 => 80,
            FloatKind::Fp128 | FloatKind::PpcFp128 => 128,
        }
    }

    /// The LLVM type name, e.g. `"x86_fp80"`.
    pub const fn name(self) -> &'static str {
        match self {
            FloatKind::Half => "half",
            FloatKind::BFloat => "bfloat",
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::X86Fp80 => "x86_fp80",
            FloatKind::Fp128 => "fp128",
            FloatKind::PpcFp128 => "ppc_fp128",
        }
    }

    /// The binary layout of the IEEE-like kinds (all but `ppc_fp128`).
    const fn layout(self) -> Option<Layout> {
        let (exp_bits, frac_bits, explicit_int) = match self {
            FloatKind::Half => (5, 10, false),
            FloatKind::BFloat => (8, 7, false),
            FloatKind::Float => (8, 23, false),
            FloatKind::Double => (11, 52, false),
            FloatKind::X86Fp80 => (15, 63, true),
            FloatKind::Fp128 => (15, 112, false),
            FloatKind::PpcFp128 => return None,
        };
        Some(Layout {
            exp_bits,
            frac_bits,
            explicit_int,
        })
    }

    /// Whether the folding arithmetic here supports the kind.
    const fn has_arith(self) -> bool {
        matches!(
            self,
            FloatKind::Half | FloatKind::BFloat | FloatKind::Float | FloatKind::Double
        )
    }
}

impl fmt::Display for FloatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Field widths of an IEEE-like format. The significand has
/// `frac_bits + 1` bits of precision; `explicit_int` (x87) stores the
/// integer bit at the top of a `frac_bits + 1`-bit mantissa field.
#[derive(Clone, Copy)]
struct Layout {
    exp_bits: u32,
    frac_bits: u32,
    explicit_int: bool,
}

impl Layout {
    fn precision(self) -> u32 {
        self.frac_bits + 1
    }

    /// Width of the stored significand field.
    fn field_bits(self) -> u32 {
        self.frac_bits + self.explicit_int as u32
    }

    fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }

    fn max_biased(self) -> u128 {
        (1 << self.exp_bits) - 1
    }

    fn sign_shift(self) -> u32 {
        self.field_bits() + self.exp_bits
    }

    /// Bit of the quiet flag in the NaN "significand" (see `Class::NaN`).
    fn quiet_bit(self) -> u32 {
        self.frac_bits - 1
    }
}

const DOUBLE_LAYOUT: Layout = match FloatKind::Double.layout() {
    Some(l) => l,
    None => panic!("double is IEEE"),
};

/// A value taken apart. Finite non-zero values are `mant * 2^exp`.
#[derive(Clone, Copy, Debug)]
enum Class {
    Zero,
    Inf,
    /// The NaN significand as LLVM's `APFloat` holds it: the fraction field
    /// for IEEE formats, the whole 64-bit mantissa for x87.
    NaN(u128),
    Finite {
        mant: u128,
        exp: i32,
    },
}

#[derive(Clone, Copy, Debug)]
struct Unpacked {
    neg: bool,
    class: Class,
}

#[inline]
fn mask128(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

fn bit_len(v: u128) -> u32 {
    128 - v.leading_zeros()
}

/// `m >> s` rounded to nearest, ties to even; also whether bits were lost.
fn shr_round(m: u128, s: u32) -> (u128, bool) {
    if s == 0 {
        return (m, false);
    }
    if s > 128 {
        return (0, m != 0);
    }
    let (q, rem) = if s == 128 {
        (0, m)
    } else {
        (m >> s, m & mask128(s))
    };
    let half = 1u128 << (s - 1);
    let up = rem > half || (rem == half && q & 1 == 1);
    (q + up as u128, rem != 0)
}

fn unpack(layout: Layout, bits: u128) -> Unpacked {
    let field = bits & mask128(layout.field_bits());
    let e = (bits >> layout.field_bits()) & layout.max_biased();
    let neg = (bits >> layout.sign_shift()) & 1 == 1;
    let emin = 1 - layout.bias();
    let class = if e == layout.max_biased() {
        let inf_field = if layout.explicit_int {
            1u128 << layout.frac_bits
        } else {
            0
        };
        if field == inf_field {
            Class::Inf
        } else {
            Class::NaN(field)
        }
    } else if e == 0 {
        if field == 0 {
            Class::Zero
        } else {
            Class::Finite {
                mant: field,
                exp: emin - layout.frac_bits as i32,
            }
        }
    } else {
        let int_bit = 1u128 << layout.frac_bits;
        Class::Finite {
            mant: field | int_bit,
            exp: e as i32 - layout.bias() - layout.frac_bits as i32,
        }
    };
    Unpacked { neg, class }
}

/// Packs `u` into `layout`, rounding finite values to nearest-even.
/// Returns the bits and whether the value changed (LLVM's `losesInfo`).
/// NaNs keep their significand aligned to the top (shifted by the
/// precision difference, as LLVM's `convert` does); a signaling NaN is
/// quieted unless `keep_snan`, in which case one that would lose all its
/// payload gets the bit below the quiet bit (as `getSNaN` does).
fn pack(layout: Layout, u: Unpacked, from_precision: u32, keep_snan: bool) -> (u128, bool) {
    let sign = (u.neg as u128) << layout.sign_shift();
    let exp_field = |e: u128| e << layout.field_bits();
    let int_bit = if layout.explicit_int {
        1u128 << layout.frac_bits
    } else {
        0
    };
    match u.class {
        Class::Zero => (sign, false),
        Class::Inf => (sign | exp_field(layout.max_biased()) | int_bit, false),
        Class::NaN(sig) => {
            let to_p = layout.precision();
            let (mut s, lost) = if to_p >= from_precision {
                (sig << (to_p - from_precision), false)
            } else {
                let sh = from_precision - to_p;
                (sig >> sh, sig & mask128(sh) != 0)
            };
            let quiet = 1u128 << layout.quiet_bit();
            let was_signaling = s & quiet == 0;
            s &= mask128(layout.frac_bits);
            if was_signaling && !keep_snan {
                s |= quiet;
            } else if was_signaling && s == 0 {
                s = quiet >> 1;
            }
            (sign | exp_field(layout.max_biased()) | int_bit | s, lost)
        }
        Class::Finite { mant, exp } => {
            let p = layout.precision();
            let emin = 1 - layout.bias();
            let emax = layout.bias();
            let top = exp + bit_len(mant) as i32 - 1;
            // Exponent of the last significand bit we can keep.
            let q = if top < emin {
                emin - (p as i32 - 1)
            } else {
                top - (p as i32 - 1)
            };
            let (mut m, mut q, inexact) = if q > exp {
                let (m, lost) = shr_round(mant, (q - exp) as u32);
                (m, q, lost)
            } else {
                // Needs at most p bits after the shift, so it fits.
                (mant << (exp - q) as u32, q, false)
            };
            if m >> p != 0 {
                m >>= 1;
                q += 1;
            }
            if m == 0 {
                return (sign, true);
            }
            let top = q + bit_len(m) as i32 - 1;
            if top > emax {
                return (sign | exp_field(layout.max_biased()) | int_bit, true);
            }
            if m >> (p - 1) == 0 {
                // Denormal.
                return (sign | m, inexact);
            }
            let biased = (top + layout.bias()) as u128;
            let field = if layout.explicit_int {
                m
            } else {
                m & mask128(layout.frac_bits)
            };
            (sign | exp_field(biased) | field, inexact)
        }
    }
}

/// Why a piece of text is not a floating-point constant of the wanted type;
/// the message is lowercase, without a trailing period, and for type
/// mismatches is LLVM 19's own (`floating point constant invalid for type`,
/// `floating point constant does not have type 'x86_fp80'`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFloatError {
    message: Cow<'static, str>,
}

impl ParseFloatError {
    fn new(message: impl Into<Cow<'static, str>>) -> ParseFloatError {
        ParseFloatError {
            message: message.into(),
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ParseFloatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseFloatError {}

/// A floating-point value of one [`FloatKind`], stored as its bit pattern.
///
/// `Eq` and `Hash` compare bit patterns (so `+0.0 != -0.0` and NaN equals
/// itself): that is `ConstantFP` uniquing, not IEEE comparison (use
/// [`APFloat::compare`] for that). `Display` is the LLVM 19 spelling.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct APFloat {
    kind: FloatKind,
    /// Little-endian words of the bit pattern; see the module invariant.
    bits: [u64; 2],
}

/// The binary operations of [`APFloat::binary`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl APFloat {
    /// The value of `kind` with bit pattern `bits`; bits above the kind's
    /// width are dropped, and an `x86_fp80` pattern is put in the canonical
    /// form LLVM's `APFloat` gives it (unnormals become NaNs, pseudo-denormals
    /// get exponent 1). All other patterns are kept exactly, NaN payloads
    /// included.
    pub fn from_bits(kind: FloatKind, bits: u128) -> APFloat {
        let mut bits = bits & mask128(kind.bit_width());
        if kind == FloatKind::X86Fp80 {
            let e = (bits >> 64) & 0x7fff;
            let int_bit = (bits >> 63) & 1;
            if e != 0 && e != 0x7fff && int_bit == 0 {
                bits |= 0x7fff << 64;
            } else if e == 0 && int_bit == 1 {
                bits |= 1 << 64;
            }
        }
        APFloat {
            kind,
            bits: [bits as u64, (bits >> 64) as u64],
        }
    }

    /// `v` converted to `kind` with round-to-nearest-even, as LLVM's
    /// `APFloat(double).convert(kind)` does: exact for `double` (bit for
    /// bit, NaN payloads too) and for the wider kinds (`ppc_fp128` gets
    /// `(v, +0.0)`); a NaN keeps its payload's top bits and, converted to
    /// another kind, comes out quiet.
    pub fn from_f64(kind: FloatKind, v: f64) -> APFloat {
        let d = APFloat::from_bits(FloatKind::Double, v.to_bits() as u128);
        match kind {
            FloatKind::Double => d,
            FloatKind::Float if !v.is_nan() => APFloat::from_f32(v as f32),
            _ => d.convert(kind).0,
        }
    }

    /// The `float` with the same bits as `v`.
    pub fn from_f32(v: f32) -> APFloat {
        APFloat::from_bits(FloatKind::Float, v.to_bits() as u128)
    }

    /// Zero of `kind`, `-0.0` if `negative`.
    pub fn zero(kind: FloatKind, negative: bool) -> APFloat {
        APFloat::zero_or_inf(kind, negative, false)
    }

    /// Infinity of `kind`, negative if `negative`.
    pub fn infinity(kind: FloatKind, negative: bool) -> APFloat {
        APFloat::zero_or_inf(kind, negative, true)
    }

    fn zero_or_inf(kind: FloatKind, negative: bool, inf: bool) -> APFloat {
        let u = Unpacked {
            neg: negative,
            class: if inf { Class::Inf } else { Class::Zero },
        };
        match kind.layout() {
            Some(l) => APFloat::from_bits(kind, pack(l, u, 0, false).0),
            // ppc_fp128: (value, +0.0).
            None => {
                let hi = APFloat::zero_or_inf(FloatKind::Double, negative, inf);
                APFloat::from_bits(kind, hi.bits())
            }
        }
    }

    /// The default quiet NaN of `kind` (LLVM's `getNaN`): positive, quiet
    /// bit set, payload zero; e.g. `0x7FF8000000000000` for `double`.
    pub fn nan(kind: FloatKind) -> APFloat {
        match kind.layout() {
            Some(l) => {
                let u = Unpacked {
                    neg: false,
                    class: Class::NaN(1 << l.quiet_bit()),
                };
                APFloat::from_bits(kind, pack(l, u, l.precision(), false).0)
            }
            None => APFloat::from_bits(kind, APFloat::nan(FloatKind::Double).bits()),
        }
    }

    // -- queries ------------------------------------------------------------

    /// The kind.
    #[inline]
    pub fn kind(&self) -> FloatKind {
        self.kind
    }

    /// The bit pattern (in the low `kind().bit_width()` bits). For
    /// `ppc_fp128` the high-order `double` is in the low 64 bits.
    #[inline]
    pub fn bits(&self) -> u128 {
        self.bits[0] as u128 | (self.bits[1] as u128) << 64
    }

    /// The `double` holding the high-order part of a `ppc_fp128`.
    fn ppc_hi(&self) -> APFloat {
        APFloat::from_bits(FloatKind::Double, self.bits[0] as u128)
    }

    /// The category-level view of the value: for `ppc_fp128` that is its
    /// high part, as for LLVM (whose `DoubleAPFloat` takes its category, and
    /// its conversions to other kinds, from the high `double` alone).
    fn unpacked(&self) -> Unpacked {
        match self.kind.layout() {
            Some(l) => unpack(l, self.bits()),
            None => unpack(DOUBLE_LAYOUT, self.bits[0] as u128),
        }
    }

    /// The exact value taken apart, when it fits (always but for a
    /// `ppc_fp128` whose parts are far apart).
    fn exact_unpacked(&self) -> (Unpacked, bool) {
        match self.kind.layout() {
            Some(l) => (unpack(l, self.bits()), true),
            None => self.unpack_ppc(),
        }
    }

    /// A `ppc_fp128` taken apart as the exact sum of its two doubles, and
    /// whether that was exact (it is not when the parts are so far apart
    /// that the sum needs more than 128 significand bits; the high part is
    /// returned then).
    fn unpack_ppc(&self) -> (Unpacked, bool) {
        let hi = unpack(DOUBLE_LAYOUT, self.bits[0] as u128);
        let lo = unpack(DOUBLE_LAYOUT, self.bits[1] as u128);
        match (hi.class, lo.class) {
            (Class::Finite { mant: hm, exp: he }, Class::Finite { mant: lm, exp: le }) => {
                let e = he.min(le);
                let (hs, ls) = ((he - e) as u32, (le - e) as u32);
                if bit_len(hm) + hs >= 127 || bit_len(lm) + ls >= 127 {
                    return (hi, false);
                }
                let (a, b) = (hm << hs, lm << ls);
                let (neg, mant) = match (hi.neg, lo.neg) {
                    (x, y) if x == y => (x, a + b),
                    (x, _) if a >= b => (x, a - b),
                    (_, y) => (y, b - a),
                };
                let class = if mant == 0 {
                    Class::Zero
                } else {
                    Class::Finite { mant, exp: e }
                };
                (Unpacked { neg, class }, true)
            }
            (Class::Zero, Class::Finite { .. }) => (lo, true),
            _ => (hi, true),
        }
    }

    /// Whether the value is `+0.0` or `-0.0`.
    pub fn is_zero(&self) -> bool {
        matches!(self.unpacked().class, Class::Zero)
    }

    /// Whether the sign bit is set (of the high part, for `ppc_fp128`).
    pub fn is_negative(&self) -> bool {
        match self.kind.layout() {
            Some(l) => (self.bits() >> l.sign_shift()) & 1 == 1,
            None => self.ppc_hi().is_negative(),
        }
    }

    /// Whether the value is a NaN.
    pub fn is_nan(&self) -> bool {
        matches!(self.unpacked().class, Class::NaN(_))
    }

    /// Whether the value is a signaling NaN (quiet bit clear).
    pub fn is_signaling(&self) -> bool {
        match self.kind.layout() {
            Some(l) => match unpack(l, self.bits()).class {
                Class::NaN(s) => s & (1 << l.quiet_bit()) == 0,
                _ => false,
            },
            None => self.ppc_hi().is_signaling(),
        }
    }

    /// Whether the value is an infinity.
    pub fn is_infinite(&self) -> bool {
        matches!(self.unpacked().class, Class::Inf)
    }

    /// The value as an `f64`, when it is exactly one: always for `half`,
    /// `bfloat`, `float` and `double` (NaN payloads are widened bit for bit,
    /// signaling NaNs stay signaling); for the wider kinds only when no
    /// information is lost.
    pub fn to_f64(&self) -> Option<f64> {
        if self.kind == FloatKind::PpcFp128 {
            let (u, fits) = self.unpack_ppc();
            let (bits, lost) = pack(DOUBLE_LAYOUT, u, 53, true);
            return (fits && !lost).then(|| f64::from_bits(bits as u64));
        }
        let (d, exact) = self.convert_inner(FloatKind::Double, true);
        exact.then(|| f64::from_bits(d.bits() as u64))
    }

    /// IEEE comparison: `None` if either side is a NaN, and `-0.0 == +0.0`.
    ///
    /// # Panics
    ///
    /// If the kinds differ.
    #[track_caller]
    pub fn compare(&self, rhs: &APFloat) -> Option<Ordering> {
        self.assert_same_kind(rhs, "compare");
        let (a, b) = (self.exact_unpacked().0, rhs.exact_unpacked().0);
        // Magnitude rank: zero < finite < infinity.
        let rank = |c: &Class| match c {
            Class::Zero => 0,
            Class::Finite { .. } => 1,
            Class::Inf => 2,
            Class::NaN(_) => 3,
        };
        let (ra, rb) = (rank(&a.class), rank(&b.class));
        if ra == 3 || rb == 3 {
            return None;
        }
        if ra == 0 && rb == 0 {
            return Some(Ordering::Equal);
        }
        let signed = |neg: bool, o: Ordering| if neg { o.reverse() } else { o };
        let an = a.neg && ra != 0;
        let bn = b.neg && rb != 0;
        if an != bn {
            return Some(if an {
                Ordering::Less
            } else {
                Ordering::Greater
            });
        }
        // Same sign (zero counts as either): compare magnitudes.
        let neg = if ra != 0 { an } else { bn };
        let mag = match (a.class, b.class) {
            (Class::Finite { mant: am, exp: ae }, Class::Finite { mant: bm, exp: be }) => {
                let (ta, tb) = (ae + bit_len(am) as i32, be + bit_len(bm) as i32);
                if ta != tb {
                    ta.cmp(&tb)
                } else if ae <= be {
                    am.cmp(&(bm << (be - ae) as u32))
                } else {
                    (am << (ae - be) as u32).cmp(&bm)
                }
            }
            _ => ra.cmp(&rb),
        };
        Some(signed(neg, mag))
    }

    // -- conversion ---------------------------------------------------------

    /// The value converted to `to` with round-to-nearest-even, and whether
    /// it was exact (LLVM's `convert` and `!losesInfo`). NaNs keep the top of
    /// their payload and come out quiet. As in LLVM, converting a
    /// `ppc_fp128` converts its high `double` alone (the low part is
    /// ignored, also for the exactness flag); converting to `ppc_fp128`
    /// gives the value rounded to `double` and the rest rounded to `double`
    /// (LLVM goes through a 106-bit format whose smallest normal exponent is
    /// -969; values that need that range may differ in the low part).
    pub fn convert(&self, to: FloatKind) -> (APFloat, bool) {
        self.convert_inner(to, false)
    }

    fn convert_inner(&self, to: FloatKind, keep_snan: bool) -> (APFloat, bool) {
        if to == self.kind {
            return (*self, true);
        }
        let u = self.unpacked();
        let from_precision = match self.kind.layout() {
            Some(l) => l.precision(),
            None => DOUBLE_LAYOUT.precision(),
        };
        let mut exact = true;
        // x87 NaNs with a clear integer or quiet bit have no counterpart.
        if let (FloatKind::X86Fp80, Class::NaN(s)) = (self.kind, u.class) {
            if s >> 62 != 0b11 {
                exact = false;
            }
        }
        match to.layout() {
            Some(l) => {
                let (bits, lost) = pack(l, u, from_precision, keep_snan);
                (APFloat::from_bits(to, bits), exact && !lost)
            }
            None => {
                // ppc_fp128: high part the value rounded to double, low part
                // the rest rounded to double.
                let dl = DOUBLE_LAYOUT;
                let (hi_bits, lost) = pack(dl, u, from_precision, keep_snan);
                let hi = unpack(dl, hi_bits);
                let mut lo_bits = 0u128;
                let mut lo_exact = !lost;
                if let (Class::Finite { mant: vm, exp: ve }, Class::Finite { mant: hm, exp: he }) =
                    (u.class, hi.class)
                {
                    if lost {
                        let e = ve.min(he);
                        let (vs, hs) = ((ve - e) as u32, (he - e) as u32);
                        if bit_len(vm) + vs < 127 && bit_len(hm) + hs < 127 {
                            let (a, b) = (vm << vs, hm << hs);
                            // hi has the sign of the value.
                            let (neg, mant) = if a >= b {
                                (u.neg, a - b)
                            } else {
                                (!u.neg, b - a)
                            };
                            let rest = Unpacked {
                                neg,
                                class: Class::Finite { mant, exp: e },
                            };
                            let (b2, lost2) = pack(dl, rest, 53, false);
                            lo_bits = b2;
                            lo_exact = !lost2;
                        }
                    }
                }
                let bits = hi_bits | lo_bits << 64;
                (APFloat::from_bits(to, bits), exact && lo_exact)
            }
        }
    }

    // -- integer conversions ------------------------------------------------

    /// The value truncated toward zero to a `width`-bit integer, signed or
    /// unsigned (LLVM's `convertToInteger` with `rmTowardZero`). `None`
    /// when LLVM reports an invalid operation: a NaN, an infinity, or a
    /// value out of the integer's range (`-0.5` is `0` even unsigned,
    /// `-1.0` unsigned is invalid). A `ppc_fp128` converts its exact value
    /// when its parts are close enough to add up, else its high part.
    pub fn to_int(&self, width: u32, signed: bool) -> Option<APInt> {
        let u = self.exact_unpacked().0;
        let (mant, exp) = match u.class {
            Class::NaN(_) | Class::Inf => return None,
            Class::Zero => return Some(APInt::zero(width)),
            Class::Finite { mant, exp } => (mant, exp),
        };
        // The magnitude truncated: `mant * 2^exp` without its fraction.
        let bits = bit_len(mant) as i64 + exp as i64;
        if bits <= 0 {
            return Some(APInt::zero(width));
        }
        // Magnitudes needing more than `width` bits never fit.
        if bits > width as i64 {
            return None;
        }
        let mag = if exp >= 0 {
            let m = APInt::from_words(width, &[mant as u64, (mant >> 64) as u64]);
            m.shl(exp as u32)
        } else {
            let t = mant >> (-exp) as u32;
            APInt::from_words(width, &[t as u64, (t >> 64) as u64])
        };
        let omsb = width - mag.count_leading_zeros();
        if u.neg {
            if !signed {
                return (omsb == 0).then_some(mag);
            }
            // -2^(width-1) is the one magnitude of `width` bits that fits.
            if omsb == width && !mag.is_signed_min() {
                return None;
            }
            Some(mag.neg())
        } else if omsb >= width + !signed as u32 {
            None
        } else {
            Some(mag)
        }
    }

    /// The integer `x` (signed or unsigned) as a value of `kind`, rounded
    /// to nearest-even (LLVM's `convertFromAPInt`); too large a magnitude
    /// gives an infinity. `None` for `ppc_fp128`, which is not converted
    /// here.
    pub fn from_int(kind: FloatKind, x: &APInt, signed: bool) -> Option<APFloat> {
        let layout = kind.layout()?;
        let neg = signed && x.is_negative();
        let mag = if neg { x.neg() } else { x.clone() };
        let len = mag.width() - mag.count_leading_zeros();
        if len == 0 {
            return Some(APFloat::zero(kind, false));
        }
        // At most 126 significant bits, the rest folded into a sticky bit
        // below every precision here (113 bits at most).
        let shift = len.saturating_sub(126);
        let top = mag.lshr(shift);
        let w = top.words();
        let mut mant = w[0] as u128 | (w.get(1).copied().unwrap_or(0) as u128) << 64;
        if shift > 0 && mag.count_trailing_zeros() < shift {
            mant |= 1;
        }
        let u = Unpacked {
            neg,
            class: Class::Finite {
                mant,
                exp: shift as i32,
            },
        };
        Some(APFloat::from_bits(kind, pack(layout, u, 0, false).0))
    }

    // -- arithmetic ---------------------------------------------------------

    #[track_caller]
    fn assert_same_kind(&self, rhs: &APFloat, op: &str) {
        assert!(
            self.kind == rhs.kind,
            "apfloat {op} of mismatched kinds {} and {}",
            self.kind,
            rhs.kind
        );
    }

    /// This NaN with its quiet bit set.
    fn quieted(&self) -> APFloat {
        match self.kind.layout() {
            Some(l) => {
                let q = 1u128 << (l.quiet_bit());
                APFloat::from_bits(self.kind, self.bits() | q)
            }
            None => APFloat::from_bits(self.kind, self.bits() | 1 << 51),
        }
    }

    /// The value of a `half`, `bfloat` or `float` as an exact `f32`.
    fn to_f32_exact(self) -> f32 {
        match self.kind {
            FloatKind::Float => f32::from_bits(self.bits() as u32),
            _ => self.convert_inner(FloatKind::Float, true).0.to_f32_exact(),
        }
    }

    fn binary(&self, rhs: &APFloat, op: BinOp, name: &str) -> Option<APFloat> {
        self.assert_same_kind(rhs, name);
        if !self.kind.has_arith() {
            return None;
        }
        // NaN operands propagate (left first), quieted, as in LLVM.
        if self.is_nan() {
            return Some(self.quieted());
        }
        if rhs.is_nan() {
            return Some(rhs.quieted());
        }
        let r = if self.kind == FloatKind::Double {
            let (a, b) = (self.to_f64_lossy(), rhs.to_f64_lossy());
            let r = match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Div => a / b,
                BinOp::Rem => a % b,
            };
            if r.is_nan() {
                return Some(APFloat::nan(self.kind));
            }
            APFloat::from_bits(FloatKind::Double, r.to_bits() as u128)
        } else {
            // half and bfloat round twice (to f32, then to the kind); f32
            // has more than 2p + 2 bits for both, so that is exact rounding
            // for +, -, *, / and exact for the remainder.
            let (a, b) = (self.to_f32_exact(), rhs.to_f32_exact());
            let r = match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Div => a / b,
                BinOp::Rem => a % b,
            };
            if r.is_nan() {
                return Some(APFloat::nan(self.kind));
            }
            APFloat::from_f32(r).convert(self.kind).0
        };
        Some(r)
    }

    fn to_f64_lossy(self) -> f64 {
        f64::from_bits(self.bits() as u64)
    }

    /// `self + rhs` rounded to nearest-even, for constant folding (`fadd`).
    /// `None` for `x86_fp80`, `fp128` and `ppc_fp128`, which are not folded
    /// here. A NaN operand propagates quieted (the left one first); an
    /// invalid operation (`inf - inf`) gives [`APFloat::nan`].
    ///
    /// # Panics
    ///
    /// If the kinds differ.
    #[track_caller]
    pub fn add(&self, rhs: &APFloat) -> Option<APFloat> {
        self.binary(rhs, BinOp::Add, "add")
    }

    /// `self - rhs`; see [`APFloat::add`].
    ///
    /// # Panics
    ///
    /// If the kinds differ.
    #[track_caller]
    pub fn sub(&self, rhs: &APFloat) -> Option<APFloat> {
        self.binary(rhs, BinOp::Sub, "sub")
    }

    /// `self * rhs`; see [`APFloat::add`].
    ///
    /// # Panics
    ///
    /// If the kinds differ.
    #[track_caller]
    pub fn mul(&self, rhs: &APFloat) -> Option<APFloat> {
        self.binary(rhs, BinOp::Mul, "mul")
    }

    /// `self / rhs`; see [`APFloat::add`].
    ///
    /// # Panics
    ///
    /// If the kinds differ.
    #[track_caller]
    pub fn div(&self, rhs: &APFloat) -> Option<APFloat> {
        self.binary(rhs, BinOp::Div, "div")
    }

    /// `frem`: the remainder of truncating division (C `fmod`, sign of
    /// `self`); see [`APFloat::add`].
    ///
    /// # Panics
    ///
    /// If the kinds differ.
    #[track_caller]
    pub fn rem(&self, rhs: &APFloat) -> Option<APFloat> {
        self.binary(rhs, BinOp::Rem, "rem")
    }

    /// `fneg`: the sign flipped (both parts of a `ppc_fp128`), NaNs
    /// included. Defined for every kind.
    pub fn neg(&self) -> APFloat {
        match self.kind.layout() {
            Some(l) => APFloat::from_bits(self.kind, self.bits() ^ 1 << l.sign_shift()),
            None => APFloat::from_bits(self.kind, self.bits() ^ (1 << 63 | 1 << 127)),
        }
    }

    // -- text ---------------------------------------------------------------

    /// The LLVM 19 spelling of the value as a constant operand.
    ///
    /// `float` and `double`: the form `d.dddddde±XX` (six significant
    /// digits, as LLVM's `APFloat::toString(6, 0, false)` makes it) when that
    /// text reads back as the same `double`; otherwise `0x` and the
    /// uppercase hex bits of the value widened to `double` (no leading
    /// zeros). Infinities and NaNs are always hex. The other kinds are always
    /// hex: `0xH` + 4 digits (`half`), `0xR` + 4 (`bfloat`), `0xK` + 4 + 16
    /// (`x86_fp80`: sign and exponent, then mantissa), `0xL` + 16 + 16
    /// (`fp128`: low 64 bits, then high), `0xM` + 16 + 16 (`ppc_fp128`:
    /// low 64 bits, the high-order double, then high).
    pub fn to_llvm_string(&self) -> String {
        let mut s = String::new();
        self.write_llvm(&mut s)
            .expect("writing to a String cannot fail");
        s
    }

    /// Writes [`APFloat::to_llvm_string`] to `out`.
    pub fn write_llvm(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let bits = self.bits();
        match self.kind {
            FloatKind::Float | FloatKind::Double => {
                let d = self.convert_inner(FloatKind::Double, true).0.bits() as u64;
                let v = f64::from_bits(d);
                if v.is_finite() {
                    let mut buf = [0u8; 32];
                    let text = decimal_6(v, &mut buf);
                    if text.parse::<f64>().ok() == Some(v) {
                        return out.write_str(text);
                    }
                }
                write!(out, "0x{d:X}")
            }
            FloatKind::Half => write!(out, "0xH{:04X}", bits),
            FloatKind::BFloat => write!(out, "0xR{:04X}", bits),
            FloatKind::X86Fp80 => write!(out, "0xK{:04X}{:016X}", bits >> 64, bits as u64),
            FloatKind::Fp128 => write!(out, "0xL{:016X}{:016X}", bits as u64, bits >> 64),
            FloatKind::PpcFp128 => write!(out, "0xM{:016X}{:016X}", bits as u64, bits >> 64),
        }
    }

    /// Parses a floating-point token for a constant of type `kind`, as
    /// LLVM 19's lexer and parser do: [`FloatLiteral::parse`] then
    /// [`FloatLiteral::to_kind`].
    ///
    /// # Errors
    ///
    /// If the text is not a floating-point token, or its value does not fit
    /// `kind` exactly (see [`FloatLiteral::to_kind`]).
    pub fn parse_llvm(kind: FloatKind, text: &str) -> Result<APFloat, ParseFloatError> {
        FloatLiteral::parse(text)?.to_kind(kind)
    }
}

impl fmt::Display for APFloat {
    /// The LLVM 19 spelling; see [`APFloat::to_llvm_string`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_llvm(f)
    }
}

impl fmt::Debug for APFloat {
    /// The kind and the LLVM spelling, e.g. `double 1.000000e+00`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.kind)?;
        self.write_llvm(f)
    }
}

// ---------------------------------------------------------------------------
// The decimal spelling: LLVM's `IEEEFloat::toString(Str, 6, 0, false)`,
// reproduced step for step, because its digits are not always the correctly
// rounded ones (a first truncating division drops some digits before the
// round-half-up on the next digit).

/// Significant decimal digits kept (`FormatPrecision`) in constants.
const PRECISION: u32 = 6;

/// `v` (finite) as `[-]d.dddddde±XX` into `buf`.
fn decimal_6(v: f64, buf: &mut [u8; 32]) -> &str {
    let mut len = 0;
    let mut push = |buf: &mut [u8; 32], b: u8| {
        buf[len] = b;
        len += 1;
    };
    if v.is_sign_negative() {
        push(buf, b'-');
    }
    let mut digits = [0u8; 24]; // least significant first
    let (mut nd, mut exp10) = if v == 0.0 {
        digits[0] = b'0';
        (1usize, 0i32)
    } else {
        let bits = v.to_bits();
        let e = ((bits >> 52) & 0x7ff) as i32;
        let f = bits & ((1 << 52) - 1);
        let (mant, exp2) = if e == 0 {
            (f, -1074)
        } else {
            (f | 1 << 52, e - 1075)
        };
        let (sig, exp10) = truncated_significand(mant, exp2, PRECISION);
        extract_digits(sig, exp10, &mut digits)
    };
    round_digits(&mut digits, &mut nd, &mut exp10, PRECISION);
    // Scientific form: first digit, '.', the rest, zero fill to PRECISION.
    exp10 += nd as i32 - 1;
    push(buf, digits[nd - 1]);
    push(buf, b'.');
    for i in (0..nd - 1).rev() {
        push(buf, digits[i]);
    }
    for _ in 0..(PRECISION as usize + 1).saturating_sub(nd) {
        push(buf, b'0');
    }
    push(buf, b'e');
    push(buf, if exp10 >= 0 { b'+' } else { b'-' });
    let a = exp10.unsigned_abs();
    if a >= 100 {
        push(buf, b'0' + (a / 100) as u8);
    }
    push(buf, b'0' + (a / 10 % 10) as u8);
    push(buf, b'0' + (a % 10) as u8);
    std::str::from_utf8(&buf[..len]).expect("ascii")
}

/// The text LLVM's `IEEEFloat::toString(Str, precision, 0, true)` gives
/// the positive value `mant * 2^exp2` (`mant` nonzero, `precision` from 1
/// to 9): scientific form with up to `precision` significant digits,
/// trailing zeros dropped (one kept after the point), an upper-case `E` and
/// an unpadded exponent (`1.0E+20`, `8.6736E-19`). `ScaledNumber` prints
/// its values beyond `2^64` and below `2^-120` this way (as an `x86_fp80`,
/// whose 64-bit significand `mant` is).
pub fn scientific_text(mant: u64, exp2: i32, precision: u32) -> String {
    assert!(
        mant != 0 && (1..=9).contains(&precision),
        "scientific_text: mantissa {mant} with precision {precision}"
    );
    let mut digits = [0u8; 24]; // least significant first
    let (sig, exp10) = truncated_significand(mant, exp2, precision);
    let (mut nd, mut exp10) = extract_digits(sig, exp10, &mut digits);
    round_digits(&mut digits, &mut nd, &mut exp10, precision);
    exp10 += nd as i32 - 1;
    let mut s = String::with_capacity(nd + 8);
    s.push(digits[nd - 1] as char);
    s.push('.');
    if nd == 1 {
        s.push('0');
    }
    for i in (0..nd - 1).rev() {
        s.push(digits[i] as char);
    }
    s.push('E');
    s.push(if exp10 >= 0 { '+' } else { '-' });
    s.push_str(&exp10.unsigned_abs().to_string());
    s
}

/// The value `mant * 2^exp2` (mant nonzero) as an integer significand and a
/// power of ten, after LLVM's first `AdjustToPrecision`: the exact integer
/// `mant * 2^exp2` (or `mant * 5^-exp2`, the exponent moved to base ten)
/// divided, truncating, by as many tens (`k`) as its bit length
/// conservatively allows.
///
/// LLVM multiplies out the whole number (about 2,500 bits for the smallest
/// doubles) and divides by `10^k`. The quotient is the same with the common
/// factors cancelled first, which keeps the arithmetic within `u128` for
/// most values and near 700 bits for the extremes:
/// `mant * 2^e / 10^k == (mant << (e - k)) / 5^k` and
/// `mant * 5^t / 10^k == (mant * 5^(t - k)) >> k`.
fn truncated_significand(mant: u64, exp2: i32, precision: u32) -> (u64, i32) {
    let tz = mant.trailing_zeros();
    let mant = mant >> tz;
    let exp2 = exp2 + tz as i32;
    // bitsRequired: a slight overestimate of the bits of `precision` digits.
    let bits_required = (precision * 196).div_ceil(59);
    let removable = |bits: u32| (bits.saturating_sub(bits_required)) * 59 / 196;
    if exp2 >= 0 {
        let e = exp2 as u32;
        let bits = bit_len(mant as u128) + e;
        let k = removable(bits);
        if bits <= 127 {
            return ((((mant as u128) << e) / 10u128.pow(k)) as u64, k as i32);
        }
        // Here e > k (k is under a third of bits, which is at most 53 + e).
        let shift = e - k;
        let q = if bit_len(mant as u128) + shift <= 127 && k <= 55 {
            (((mant as u128) << shift) / 5u128.pow(k)) as u64
        } else {
            let w = bit_len(mant as u128) + shift + 64;
            APInt::new(w, mant)
                .shl(shift)
                .udiv(&pow_apint(w, 5, k))
                .to_u64()
        };
        return (q, k as i32);
    }
    let t = exp2.unsigned_abs();
    let bits = bit_len_mul_pow5(mant, t);
    let k = removable(bits);
    if k > t {
        // Only for small t (below 33), where mant * 5^t fits in u128.
        return match (mant as u128).checked_mul(5u128.pow(t.min(55))) {
            Some(v) if t <= 55 && k <= 38 => ((v / 10u128.pow(k)) as u64, k as i32 - t as i32),
            _ => truncated_significand_direct(mant, exp2, precision),
        };
    }
    let r = t - k;
    let small = (r <= 55)
        .then(|| (mant as u128).checked_mul(5u128.pow(r)))
        .flatten();
    let q = match small {
        Some(v) if k < 128 => (v >> k) as u64,
        Some(_) => 0,
        None => {
            let w = 64 + (137 * r + 136) / 59;
            APInt::new(w, mant)
                .mul(&pow_apint(w, 5, r))
                .lshr(k)
                .to_u64()
        }
    };
    (q, k as i32 - t as i32)
}

/// [`truncated_significand`] the way LLVM computes it, multiplying out the
/// whole number (a fallback that the fast paths above never need).
fn truncated_significand_direct(mant: u64, exp2: i32, precision: u32) -> (u64, i32) {
    let bits_required = (precision * 196).div_ceil(59);
    let (sig, exp10) = if exp2 >= 0 {
        let w = 64 + exp2 as u32;
        (APInt::new(w, mant).shl(exp2 as u32), 0)
    } else {
        let t = exp2.unsigned_abs();
        let w = 64 + (137 * t + 136) / 59;
        (APInt::new(w, mant).mul(&pow_apint(w, 5, t)), exp2)
    };
    let bits = sig.active_bits();
    if bits <= bits_required {
        return (sig.to_u64(), exp10);
    }
    let tens = (bits - bits_required) * 59 / 196;
    let q = sig.udiv(&pow_apint(sig.width(), 10, tens));
    (q.to_u64(), exp10 + tens as i32)
}

/// The bit length of `mant * 5^t`, exactly: from `u128` when the product
/// fits, from logarithms when they are far enough from an integer to be
/// unambiguous, and by multiplying out otherwise.
fn bit_len_mul_pow5(mant: u64, t: u32) -> u32 {
    if t <= 55 {
        if let Some(v) = (mant as u128).checked_mul(5u128.pow(t)) {
            return bit_len(v);
        }
    }
    let l = (mant as f64).log2() + t as f64 * std::f64::consts::LOG2_10 - t as f64;
    let fl = l.floor();
    let frac = l - fl;
    if frac > 1e-9 && frac < 1.0 - 1e-9 {
        return fl as u32 + 1;
    }
    let w = 64 + (137 * t + 136) / 59;
    APInt::new(w, mant).mul(&pow_apint(w, 5, t)).active_bits()
}

/// `base^e` at width `w` by repeated squaring.
fn pow_apint(w: u32, base: u64, mut e: u32) -> APInt {
    let mut result = APInt::one(w);
    let mut b = APInt::new(w, base);
    while e != 0 {
        if e & 1 == 1 {
            result = result.mul(&b);
        }
        e >>= 1;
        if e != 0 {
            b = b.mul(&b);
        }
    }
    result
}

/// Decimal digits of `sig` (nonzero), least significant first, dropping
/// trailing zeros into the exponent.
fn extract_digits(mut sig: u64, mut exp10: i32, digits: &mut [u8; 24]) -> (usize, i32) {
    let mut n = 0;
    while sig != 0 {
        let d = (sig % 10) as u8;
        sig /= 10;
        if n == 0 && d == 0 {
            exp10 += 1;
        } else {
            digits[n] = b'0' + d;
            n += 1;
        }
    }
    (n, exp10)
}

/// LLVM's second `AdjustToPrecision`: keep `precision` digits, rounding
/// half up on the first dropped digit, and drop trailing zeros.
fn round_digits(digits: &mut [u8; 24], nd: &mut usize, exp10: &mut i32, precision: u32) {
    let n = *nd;
    let p = precision as usize;
    if n <= p {
        return;
    }
    let mut first = n - p;
    if digits[first - 1] < b'5' {
        while first < n && digits[first] == b'0' {
            first += 1;
        }
    } else {
        while first < n && digits[first] == b'9' {
            first += 1;
        }
        if first == n {
            *exp10 += n as i32;
            digits[0] = b'1';
            *nd = 1;
            return;
        }
        digits[first] += 1;
    }
    *exp10 += first as i32;
    digits.copy_within(first..n, 0);
    *nd = n - first;
}

// ---------------------------------------------------------------------------

/// A floating-point token as LLVM 19's lexer reads it, before it meets a
/// type: decimal and plain `0x` tokens are `double`s, `0xH` `half`, `0xR`
/// `bfloat`, `0xK` `x86_fp80`, `0xL` `fp128`, `0xM` `ppc_fp128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatLiteral {
    value: APFloat,
}

/// Value of the hex digits of `text` the way LLVM's `HexIntToVal` computes
/// it: wrapping, but 0 when an overflow is caught by its `Result < OldRes`
/// test (LLVM records an error there that the parser never reports).
fn hex_int_to_val(text: &[u8]) -> u64 {
    let mut r = 0u64;
    for &c in text {
        let old = r;
        r = r.wrapping_mul(16).wrapping_add(hex_digit(c));
        if r < old {
            return 0;
        }
    }
    r
}

fn hex_digit(c: u8) -> u64 {
    (c as char).to_digit(16).expect("checked hex digit") as u64
}

/// Up to `n` hex digits from the front of `text` as a number, and the rest.
fn take_hex(text: &[u8], n: usize) -> (u64, &[u8]) {
    let k = n.min(text.len());
    let v = text[..k]
        .iter()
        .fold(0u64, |acc, &c| acc.wrapping_mul(16) | hex_digit(c));
    (v, &text[k..])
}

impl FloatLiteral {
    /// Parses a whole floating-point token: `[-+]?[0-9]+[.][0-9]*([eE][-+]?[0-9]+)?`
    /// (read as the nearest `double`; out of range gives an infinity or
    /// zero), `0x` + hex digits (a `double` bit pattern), or `0xH`, `0xR`,
    /// `0xK`, `0xL`, `0xM` + hex digits. Hex digits are taken as LLVM 19
    /// takes them, quirks included: `0xH`/`0xR` keep the low 16 bits, `0xK`
    /// reads 4 digits of sign and exponent then up to 16 of mantissa, `0xL`
    /// and `0xM` read 16 digits of low word then up to 16 of high word (with
    /// fewer than 16 digits everything lands in the high word), and digits
    /// past the end are ignored.
    ///
    /// # Errors
    ///
    /// If the text is not such a token.
    pub fn parse(text: &str) -> Result<FloatLiteral, ParseFloatError> {
        let b = text.as_bytes();
        if let Some(rest) = text.strip_prefix("0x") {
            let rb = rest.as_bytes();
            let (letter, digits) = match rb.first() {
                Some(&c @ (b'H' | b'R' | b'K' | b'L' | b'M')) => (Some(c), &rb[1..]),
                _ => (None, rb),
            };
            if digits.is_empty() {
                return Err(ParseFloatError::new(
                    "expected hex digits in floating point constant",
                ));
            }
            if !digits.iter().all(u8::is_ascii_hexdigit) {
                return Err(ParseFloatError::new(
                    "invalid hex digit in floating point constant",
                ));
            }
            let (kind, bits) = match letter {
                None => (FloatKind::Double, hex_int_to_val(digits) as u128),
                Some(b'H') => (FloatKind::Half, hex_int_to_val(digits) as u128),
                Some(b'R') => (FloatKind::BFloat, hex_int_to_val(digits) as u128),
                Some(b'K') => {
                    let (hi, rest) = take_hex(digits, 4);
                    let (lo, _) = take_hex(rest, 16);
                    (FloatKind::X86Fp80, (hi as u128) << 64 | lo as u128)
                }
                Some(c) => {
                    let kind = if c == b'L' {
                        FloatKind::Fp128
                    } else {
                        FloatKind::PpcFp128
                    };
                    let (lo, rest) = if digits.len() >= 16 {
                        take_hex(digits, 16)
                    } else {
                        (0, digits)
                    };
                    let (hi, _) = take_hex(rest, 16);
                    (kind, (hi as u128) << 64 | lo as u128)
                }
            };
            return Ok(FloatLiteral {
                value: APFloat::from_bits(kind, bits),
            });
        }
        // Decimal: [-+]?[0-9]+[.][0-9]*([eE][-+]?[0-9]+)?
        let mut i = 0;
        if matches!(b.first(), Some(b'-' | b'+')) {
            i += 1;
        }
        let int_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == int_start || b.get(i) != Some(&b'.') {
            return Err(ParseFloatError::new("expected floating point constant"));
        }
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(b.get(i), Some(b'-' | b'+')) {
                i += 1;
            }
            let exp_start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == exp_start {
                return Err(ParseFloatError::new(
                    "expected exponent digits in floating point constant",
                ));
            }
        }
        if i != b.len() {
            return Err(ParseFloatError::new(
                "unexpected character in floating point constant",
            ));
        }
        let v: f64 = text
            .parse()
            .map_err(|_| ParseFloatError::new("invalid floating point constant"))?;
        Ok(FloatLiteral {
            value: APFloat::from_bits(FloatKind::Double, v.to_bits() as u128),
        })
    }

    /// The value in the kind the token spells (`double` for decimal and
    /// plain `0x` tokens).
    pub fn value(&self) -> APFloat {
        self.value
    }

    /// The literal as a constant of type `kind`, as LLVM 19's parser decides
    /// it:
    ///
    /// * It must be valid for the type (`ConstantFP::isValueValidForType`):
    ///   a `double` token meeting `half`, `bfloat` or `float` must convert
    ///   without loss (NaN payload bits included), and is converted, keeping
    ///   a signaling NaN signaling; other kinds must match a fixed list.
    ///   Otherwise: `floating point constant invalid for type`.
    /// * The result must then have the type itself, so e.g. `x86_fp80 1.0`
    ///   or `float 0xH3C00` fail with `floating point constant does not
    ///   have type 'x86_fp80'`.
    ///
    /// # Errors
    ///
    /// The two messages above.
    pub fn to_kind(&self, kind: FloatKind) -> Result<APFloat, ParseFloatError> {
        use FloatKind::*;
        let v = self.value;
        let from = v.kind();
        let lossless = |to: FloatKind| v.convert(to).1;
        let valid = match kind {
            Half | BFloat | Float => from == kind || lossless(kind),
            Double => matches!(from, Half | BFloat | Float | Double) || lossless(Double),
            X86Fp80 => matches!(from, Half | BFloat | Float | Double | X86Fp80),
            Fp128 => matches!(from, Half | BFloat | Float | Double | Fp128),
            PpcFp128 => matches!(from, Half | BFloat | Float | Double | PpcFp128),
        };
        if !valid {
            return Err(ParseFloatError::new(
                "floating point constant invalid for type",
            ));
        }
        if from == kind {
            return Ok(v);
        }
        if from == Double && matches!(kind, Half | BFloat | Float) {
            return Ok(v.convert_inner(kind, true).0);
        }
        Err(ParseFloatError::new(format!(
            "floating point constant does not have type '{kind}'"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: f64) -> String {
        APFloat::from_f64(FloatKind::Double, v).to_llvm_string()
    }

    #[test]
    fn sizes() {
        assert_eq!(std::mem::size_of::<APFloat>(), 24);
    }

    #[test]
    fn decimal_spelling() {
        assert_eq!(d(1.0), "1.000000e+00");
        assert_eq!(d(-0.25), "-2.500000e-01");
        assert_eq!(d(0.0), "0.000000e+00");
        assert_eq!(d(-0.0), "-0.000000e+00");
        assert_eq!(d(0.1), "1.000000e-01");
        assert_eq!(d(3.15), "3.150000e+00");
        assert_eq!(d(1.23456), "1.234560e+00");
        assert_eq!(d(1e300), "1.000000e+300");
        assert_eq!(d(f64::from_bits(1)), "4.940660e-324");
        assert_eq!(d(f64::from_bits(3)), "1.482200e-323");
        assert_eq!(d(1.0 / 3.0), "0x3FD5555555555555");
        assert_eq!(d(123456789.0), "0x419D6F3454000000");
        assert_eq!(d(f64::INFINITY), "0x7FF0000000000000");
        assert_eq!(d(f64::from_bits(0x000F_FFFF_FFFF_FFFF)), "0xFFFFFFFFFFFFF");
    }

    /// The cancelled-factor fast paths agree with LLVM's direct formula.
    #[test]
    fn truncation_paths_agree() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mant = (x >> 11) | 1 << 52;
            let mant = if i % 3 == 0 { mant >> (x % 50) } else { mant };
            let exp2 = (i % 2200) as i32 - 1126;
            assert_eq!(
                truncated_significand(mant.max(1), exp2, PRECISION),
                truncated_significand_direct(
                    (mant.max(1)) >> mant.max(1).trailing_zeros(),
                    exp2 + mant.max(1).trailing_zeros() as i32,
                    PRECISION
                ),
                "mant {mant:#x} exp2 {exp2}"
            );
        }
    }

    #[test]
    fn float_widens_for_hex() {
        let f = APFloat::from_f64(FloatKind::Float, 0.1);
        assert_eq!(f.to_llvm_string(), "0x3FB99999A0000000");
        let snan = APFloat::from_bits(FloatKind::Float, 0x7FA0_0000);
        assert!(snan.is_signaling());
        assert_eq!(snan.to_llvm_string(), "0x7FF4000000000000");
    }

    /// Folding results checked against `opt -passes=instsimplify` (LLVM 19).
    #[test]
    fn folding_matches_llvm() {
        use FloatKind::*;
        let v = |k: FloatKind, t: &str| APFloat::parse_llvm(k, t).unwrap();
        let s = |r: Option<APFloat>| r.unwrap().to_llvm_string();
        let (inf, ninf) = (
            v(Double, "0x7FF0000000000000"),
            v(Double, "0xFFF0000000000000"),
        );
        let one = v(Double, "1.0");
        assert_eq!(s(inf.sub(&inf)), "0x7FF8000000000000");
        assert_eq!(s(v(Double, "0.0").mul(&inf)), "0x7FF8000000000000");
        assert_eq!(
            s(one.add(&v(Double, "0xFFF4000000000001"))),
            "0xFFFC000000000001"
        );
        assert_eq!(
            s(one.sub(&v(Double, "0xFFF8000000000002"))),
            "0xFFF8000000000002"
        );
        let snan = v(Double, "0x7FF4000000000003");
        assert_eq!(
            s(snan.mul(&v(Double, "0xFFF8000000000002"))),
            "0x7FFC000000000003"
        );
        assert_eq!(s(v(Double, "-5.5").rem(&v(Double, "2.0"))), "-1.500000e+00");
        assert_eq!(s(v(Double, "-4.0").rem(&v(Double, "2.0"))), "-0.000000e+00");
        assert_eq!(s(v(Half, "0xH3C00").add(&v(Half, "0xH1400"))), "0xH3C01");
        let zero = v(Double, "0.0");
        assert_eq!(s(zero.div(&zero)), "0x7FF8000000000000");
        assert_eq!(s(one.rem(&zero)), "0x7FF8000000000000");
        let finf = v(Float, "0xFFF0000000000000");
        assert_eq!(s(finf.mul(&v(Float, "0.0"))), "0x7FF8000000000000");
        assert_eq!(
            s(v(BFloat, "0xR3F80").add(&v(BFloat, "0xR3B80"))),
            "0xR3F80"
        );
        assert_eq!(s(one.div(&zero)), "0x7FF0000000000000");
        assert_eq!(s(zero.sub(&zero)), "0.000000e+00");
        let nz = v(Double, "-0.0");
        assert_eq!(s(nz.add(&nz)), "-0.000000e+00");
        assert_eq!(
            v(Double, "0x7FF8000000000000").neg().to_llvm_string(),
            "0xFFF8000000000000"
        );
        let q = v(Double, "0x7FF8000000000005");
        assert_eq!(
            s(q.div(&v(Double, "0x7FF4000000000001"))),
            "0x7FF8000000000005"
        );
        assert_eq!(ninf.compare(&inf), Some(Ordering::Less));
        assert_eq!(nz.compare(&zero), Some(Ordering::Equal));
        assert_eq!(q.compare(&q), None);
        // Wide kinds are not folded here.
        let x = v(X86Fp80, "0xK3FFF8000000000000000");
        assert_eq!(x.add(&x), None);
    }

    #[test]
    fn half_and_bfloat_rounding() {
        let h = |v: f64| APFloat::from_f64(FloatKind::Half, v).bits();
        assert_eq!(h(1.0), 0x3C00);
        assert_eq!(h(65504.0), 0x7BFF);
        assert_eq!(h(65520.0), 0x7C00); // rounds up to infinity
        assert_eq!(h(65519.99), 0x7BFF);
        assert_eq!(h(5.960464477539063e-8), 0x0001); // smallest denormal
        assert_eq!(h(2.980232238769531e-8), 0x0000); // half of it: ties to even
        assert_eq!(h(2.9802322387695313e-8 * 1.5), 0x0001);
        assert_eq!(h(-0.0), 0x8000);
        assert_eq!(h(1.0 + 1.0 / 2048.0), 0x3C00); // tie, to even
        assert_eq!(h(1.0 + 3.0 / 2048.0), 0x3C02); // tie, to even (up)
        assert_eq!(h(f64::NAN), 0x7E00);
        let b = |v: f64| APFloat::from_f64(FloatKind::BFloat, v).bits();
        assert_eq!(b(1.0), 0x3F80);
        assert_eq!(b(1.5), 0x3FC0);
        assert_eq!(b(1.0 + 1.0 / 256.0), 0x3F80);
        assert_eq!(b(1.0 + 3.0 / 256.0), 0x3F82);
        assert_eq!(b(3.4e38), 0x7F80);
    }
}
