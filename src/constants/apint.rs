//! Arbitrary-precision two's-complement integers.
//!
//! Owns [`APInt`], the fixed-width bit pattern under every `ConstantInt`, its
//! wrapping arithmetic, overflow tests, casts, comparisons and decimal/radix
//! text, and [`IntLiteral`], an integer literal as the `.ll` lexer sees it
//! before it meets a type. It does not own constants, types or uniquing (the
//! rest of `constants/`), nor how `i1` prints (`true`/`false` is the printer's
//! business).
//!
//! Representation: a width in bits (`1..=`[`MAX_WIDTH`]) and the value. Widths
//! up to 64 keep the value inline in one `u64` and never allocate; wider
//! values own exactly `ceil(width / 64)` little-endian words on the heap.
//!
//! Invariant (maintained by the private constructors `small` and `from_vec`,
//! which every operation goes through): bits above the width are zero, and a
//! value is inline exactly when its width is at most 64. So the derived `Eq`
//! and `Hash` are value equality, which is what `ConstantInt` uniquing needs.
//!
//! Signedness lives in the operation, not in the value (as in LLVM): `udiv`
//! and `sdiv`, `ult` and `slt`, `zext` and `sext`.
//!
//! `APInt` is 24 bytes (LLVM's is 16; a thin pointer would need `unsafe`).
//! Arithmetic wraps; `checked_*` give `None` for division by zero or
//! over-wide shifts; `*_ov` report overflow. Costs for n words: linear ops
//! O(n), multiplication O(n²), division O(n·m) (Knuth's algorithm D),
//! decimal text O(n²). Decimal literals are read in O(n^1.585) (divide and
//! conquer over base-10^19 limbs with Karatsuba products, `decimal_to_words`);
//! a literal wider than [`MAX_WIDTH`] bits keeps its low [`MAX_WIDTH`]
//! bits, as it can only meet a type by truncation (LLVM keeps it whole).
//! [`IntLiteral`] reads integer tokens as LLVM 19 does (`i16 s0x7f` is -1).

use std::cmp::Ordering;
use std::fmt;

/// The largest width an [`APInt`] may have: 2^23 bits, LLVM's
/// `IntegerType::MAX_INT_BITS`.
pub const MAX_WIDTH: u32 = 1 << 23;

/// A fixed-width two's-complement integer of any width from 1 to
/// [`MAX_WIDTH`] bits.
///
/// All arithmetic wraps modulo 2^width, as LLVM's `APInt` does. Binary
/// operations need both operands to have the same width and panic otherwise
/// (API misuse, documented under `# Panics` on each method).
///
/// `Display` prints the signed decimal value, which is how LLVM prints integer
/// constants (apart from `i1`, which the printer spells `true`/`false`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct APInt {
    width: u32,
    repr: Repr,
}

/// The storage of an [`APInt`]; see the module docs for the invariant.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// Width at most 64: the value, bits above the width zero.
    Inline(u64),
    /// Width above 64: exactly `word_count(width)` little-endian words, bits
    /// above the width in the last word zero.
    Heap(Box<[u64]>),
}

/// Why a piece of text is not an integer; the message is lowercase, without
/// a trailing period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseIntError {
    message: &'static str,
}

impl ParseIntError {
    fn new(message: &'static str) -> ParseIntError {
        ParseIntError { message }
    }

    /// The message, e.g. `"invalid digit in integer literal"`.
    pub fn message(&self) -> &str {
        self.message
    }
}

impl fmt::Display for ParseIntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message)
    }
}

impl std::error::Error for ParseIntError {}

// ---------------------------------------------------------------------------
// Word helpers. Slices are little-endian; none of these know about widths
// except where a word count is passed in.

/// Number of 64-bit words that hold `width` bits.
#[inline]
fn word_count(width: u32) -> usize {
    width.div_ceil(64) as usize
}

/// A mask of the low `bits` bits (`bits` may be 64 or more: all ones).
#[inline]
fn low_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The mask of the valid bits in the last word of a `width`-bit value.
#[inline]
fn top_word_mask(width: u32) -> u64 {
    low_mask(width - (word_count(width) as u32 - 1) * 64)
}

#[inline]
#[track_caller]
fn check_width(width: u32) {
    assert!(
        (1..=MAX_WIDTH).contains(&width),
        "apint width {width} is outside 1..=8388608"
    );
}

/// `a + b` over equal-length slices, returning the sum and the carry out.
fn add_words(a: &[u64], b: &[u64]) -> (Vec<u64>, bool) {
    let mut out = Vec::with_capacity(a.len());
    let mut carry = false;
    for (&x, &y) in a.iter().zip(b) {
        let (s1, c1) = x.overflowing_add(y);
        let (s2, c2) = s1.overflowing_add(carry as u64);
        out.push(s2);
        carry = c1 | c2;
    }
    (out, carry)
}

/// `a - b` over equal-length slices, returning the difference and the borrow
/// out (set when `a < b`).
fn sub_words(a: &[u64], b: &[u64]) -> (Vec<u64>, bool) {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = false;
    for (&x, &y) in a.iter().zip(b) {
        let (d1, b1) = x.overflowing_sub(y);
        let (d2, b2) = d1.overflowing_sub(borrow as u64);
        out.push(d2);
        borrow = b1 | b2;
    }
    (out, borrow)
}

/// The low `n` words of `a * b` (schoolbook, skipping partial products that
/// land at or above word `n`).
fn mul_words(a: &[u64], b: &[u64], n: usize) -> Vec<u64> {
    let mut out = vec![0u64; n];
    for (i, &x) in a.iter().enumerate().take(n) {
        if x == 0 {
            continue;
        }
        let mut carry = 0u64;
        for (j, &y) in b.iter().enumerate().take(n - i) {
            let t = x as u128 * y as u128 + out[i + j] as u128 + carry as u128;
            out[i + j] = t as u64;
            carry = (t >> 64) as u64;
        }
        if i + b.len() < n {
            out[i + b.len()] = carry;
        }
    }
    out
}

/// `a * m + add` in place over a growable word vector (for text parsing).
fn mul_add_small(a: &mut Vec<u64>, m: u64, add: u64) {
    let mut carry = add as u128;
    for w in a.iter_mut() {
        let t = *w as u128 * m as u128 + carry;
        *w = t as u64;
        carry = t >> 64;
    }
    if carry != 0 {
        a.push(carry as u64);
    }
}

/// Below this many words in the shorter factor, [`mul_full`] multiplies
/// schoolbook; at and above it, Karatsuba.
const KARATSUBA_MIN: usize = 40;

/// The full product `a * b` (`a.len() + b.len()` words): schoolbook for
/// short factors, Karatsuba (O(n^1.585)) for long ones, and an unbalanced
/// pair cut into pieces the length of the shorter factor.
fn mul_full(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let n = a.len() + b.len();
    let mut out = vec![0u64; n];
    if b.len() < KARATSUBA_MIN {
        for (i, &x) in a.iter().enumerate() {
            let mut carry = 0u64;
            for (o, &y) in out[i..i + b.len()].iter_mut().zip(b) {
                let t = x as u128 * y as u128 + *o as u128 + carry as u128;
                *o = t as u64;
                carry = (t >> 64) as u64;
            }
            out[i + b.len()] = carry;
        }
        return out;
    }
    if a.len() >= 2 * b.len() {
        for (i, piece) in a.chunks(b.len()).enumerate() {
            add_at(&mut out, &mul_full(piece, b), i * b.len());
        }
        return out;
    }
    // a.len() < 2 * b.len(), so both halves below are non-empty.
    let h = a.len() / 2;
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    let z0 = mul_full(a0, b0);
    let z2 = mul_full(a1, b1);
    let mut z1 = mul_full(&add_words_grow(a0, a1), &add_words_grow(b0, b1));
    sub_at(&mut z1, &z0);
    sub_at(&mut z1, &z2);
    add_at(&mut out, &z0, 0);
    add_at(&mut out, &z1, h);
    add_at(&mut out, &z2, 2 * h);
    out
}

/// `a + b` with one more word than the longer operand.
fn add_words_grow(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = Vec::with_capacity(a.len() + 1);
    out.extend_from_slice(a);
    out.push(0);
    add_at(&mut out, b, 0);
    out
}

/// `out += p << (64 * at)`. The sum must fit in `out` (words of `p` past
/// its end must be zero and no carry may leave it).
fn add_at(out: &mut [u64], p: &[u64], at: usize) {
    let p = &p[..significant_len(p)];
    debug_assert!(at + p.len() <= out.len(), "add_at: sum does not fit");
    let mut carry = false;
    let mut i = at;
    for &w in p {
        let (s, c1) = out[i].overflowing_add(w);
        let (s, c2) = s.overflowing_add(carry as u64);
        out[i] = s;
        carry = c1 || c2;
        i += 1;
    }
    while carry {
        let (s, c) = out[i].overflowing_add(1);
        out[i] = s;
        carry = c;
        i += 1;
    }
}

/// `out -= p`; `out` must be at least `p`.
fn sub_at(out: &mut [u64], p: &[u64]) {
    let p = &p[..significant_len(p)];
    let mut borrow = false;
    let mut i = 0;
    for &w in p {
        let (s, b1) = out[i].overflowing_sub(w);
        let (s, b2) = s.overflowing_sub(borrow as u64);
        out[i] = s;
        borrow = b1 || b2;
        i += 1;
    }
    while borrow {
        let (s, b) = out[i].overflowing_sub(1);
        out[i] = s;
        borrow = b;
        i += 1;
    }
}

/// 10^19, the largest power of ten in a `u64`.
const TEN_19: u64 = 10_000_000_000_000_000_000;

/// The value of the decimal digits `digits` (ASCII `0`-`9`, checked by the
/// caller) as little-endian words, without high zero words.
///
/// Divide and conquer: the digits become base-10^19 limbs; a run of limbs
/// is `high * 10^(19 * 2^k) + low` with `low` the lowest `2^k` limbs, and
/// the powers `10^(19 * 2^k)` are squared once up front. With Karatsuba
/// products the whole conversion is O(n^1.585) in the number of digits
/// (2.5 million digits: about 0.1 s), where digit-by-digit
/// multiply-and-add is O(n^2).
fn decimal_to_words(digits: &[u8]) -> Vec<u64> {
    let mut limbs = Vec::with_capacity(digits.len() / 19 + 1);
    let mut end = digits.len();
    while end > 0 {
        let start = end.saturating_sub(19);
        let v = digits[start..end]
            .iter()
            .fold(0u64, |v, &b| v * 10 + (b - b'0') as u64);
        limbs.push(v);
        end = start;
    }
    let mut pows = vec![vec![TEN_19]];
    while (1usize << pows.len()) < limbs.len() {
        let last = pows.last().expect("one power at least");
        let mut sq = mul_full(last, last);
        sq.truncate(significant_len(&sq));
        pows.push(sq);
    }
    let mut out = limbs_to_words(&limbs, &pows);
    out.truncate(significant_len(&out));
    out
}

/// The value of little-endian base-10^19 `limbs`; `pows[k]` is
/// `10^(19 * 2^k)` for every `2^k` below `limbs.len()`.
fn limbs_to_words(limbs: &[u64], pows: &[Vec<u64>]) -> Vec<u64> {
    if limbs.len() <= 2 * KARATSUBA_MIN {
        let mut acc = Vec::with_capacity(limbs.len());
        for &l in limbs.iter().rev() {
            mul_add_small(&mut acc, TEN_19, l);
        }
        return acc;
    }
    let k = (usize::BITS - 1 - (limbs.len() - 1).leading_zeros()) as usize;
    let (low, high) = limbs.split_at(1 << k);
    let low = limbs_to_words(low, pows);
    let high = limbs_to_words(high, pows);
    let mut out = mul_full(&high, &pows[k]);
    out.push(0);
    add_at(&mut out, &low, 0);
    out
}

/// Below this many words a value is written in decimal by repeated
/// division by 10^19 (quadratic, but cheap at this size), and a divisor's
/// reciprocal is taken by long division.
const DECIMAL_SMALL: usize = 2 * KARATSUBA_MIN;

/// The decimal digits (ASCII) of the little-endian words `x`, without
/// leading zeros (`0` for zero).
///
/// Divide and conquer, the inverse of [`decimal_to_words`]: a value below
/// `10^(c * 2^(k+1))` is `high * 10^(c * 2^k) + low`, `low` written with
/// exactly `c * 2^k` digits, `c` chosen so the top split falls near the
/// middle of the digits. Each division is a Barrett reduction by a
/// reciprocal of the power taken by Newton's iteration, so every step costs
/// a few Karatsuba products: O(n^1.585 log n) in the number of words, where
/// repeated division by 10^19 is O(n^2) (2^23 bits: well under a second,
/// against minutes).
fn words_to_decimal(x: &[u64]) -> Vec<u8> {
    let x = &x[..significant_len(x)];
    let mut out = Vec::with_capacity(x.len() * 20 + 1);
    if x.len() <= DECIMAL_SMALL {
        small_to_decimal(x, 0, &mut out);
        return out;
    }
    // x < 10^digits. With c digits per leaf, pows[j] = 10^(c * 2^j) and
    // pows[k]^2 = 10^(c * 2^(k+1)) >= 10^digits: the top split is near
    // the middle of the digits, and leaves stay below 2 * c digits.
    let bits = x.len() as u64 * 64 - x[x.len() - 1].leading_zeros() as u64;
    let digits = bits * 30_103 / 100_000 + 2;
    let mut k = 0usize;
    while digits.div_ceil(2u64 << k) > LEAF_DIGITS {
        k += 1;
    }
    let c = digits.div_ceil(2u64 << k) as usize;
    let mut ten = vec![b'0'; c + 1];
    ten[0] = b'1';
    let mut pows = vec![decimal_to_words(&ten)];
    for _ in 0..k {
        let last = pows.last().expect("one power at least");
        let mut sq = mul_full(last, last);
        sq.truncate(significant_len(&sq));
        pows.push(sq);
    }
    let mut recips = vec![None; pows.len()];
    decimal_rec(x, k, c, None, &pows, &mut recips, &mut out);
    out
}

/// The most digits of one half of a leaf of [`words_to_decimal`]: a leaf
/// (below `10^(2 * LEAF_DIGITS)`) fits in [`DECIMAL_SMALL`] words.
const LEAF_DIGITS: u64 = 19 * KARATSUBA_MIN as u64;

/// Appends `x` (below `pows[k]^2`, `pows[j]` being `10^(c * 2^j)`) in
/// decimal: exactly `pad` digits when `pad` is given, else without leading
/// zeros.
fn decimal_rec(
    x: &[u64],
    k: usize,
    c: usize,
    pad: Option<usize>,
    pows: &[Vec<u64>],
    recips: &mut [Option<Vec<u64>>],
    out: &mut Vec<u8>,
) {
    let x = &x[..significant_len(x)];
    if x.len() <= DECIMAL_SMALL {
        small_to_decimal(x, pad.unwrap_or(0), out);
        return;
    }
    let p = &pows[k];
    let (q, r) = if p.len() <= DECIMAL_SMALL {
        divmod_words(x, p)
    } else {
        let inv = recips[k].get_or_insert_with(|| reciprocal(p));
        barrett_divmod(x, p, inv)
    };
    let low_digits = c << k;
    let q_pad = pad.map(|n| n - low_digits);
    if k == 0 {
        // (x is below 10^(2 * LEAF_DIGITS) at k = 0, so the small case
        // above takes it; this keeps the recursion total.)
        small_to_decimal(&q, q_pad.unwrap_or(0), out);
        small_to_decimal(&r, low_digits, out);
        return;
    }
    decimal_rec(&q, k - 1, c, q_pad, pows, recips, out);
    decimal_rec(&r, k - 1, c, Some(low_digits), pows, recips, out);
}

/// Appends `x` in decimal by repeated division by 10^19, left-padded with
/// zeros to `pad` digits (`0` for zero when `pad` is 0).
fn small_to_decimal(x: &[u64], pad: usize, out: &mut Vec<u8>) {
    let mut words = x.to_vec();
    let mut limbs = Vec::new();
    let mut len = significant_len(&words);
    while len > 0 {
        limbs.push(div_small_in_place(&mut words[..len], TEN_19));
        len = significant_len(&words[..len]);
    }
    let start = out.len();
    for (i, &l) in limbs.iter().rev().enumerate() {
        let mut buf = [b'0'; 19];
        let mut v = l;
        for b in buf.iter_mut().rev() {
            *b = b'0' + (v % 10) as u8;
            v /= 10;
        }
        let skip = if i == 0 {
            buf.iter().take_while(|&&b| b == b'0').count()
        } else {
            0
        };
        out.extend_from_slice(&buf[skip..]);
    }
    let written = out.len() - start;
    if written < pad.max(1) {
        let zeros = pad.max(1) - written;
        out.splice(start..start, std::iter::repeat_n(b'0', zeros));
    }
}

/// `floor(B^(2n) / d)` with `B = 2^64` and `n` the length of `d` (no high
/// zero words, more than one word): Newton's iteration from the
/// reciprocal of the top half of `d`, then corrected to the exact floor.
fn reciprocal(d: &[u64]) -> Vec<u64> {
    let n = d.len();
    let mut pow = vec![0u64; 2 * n + 1];
    pow[2 * n] = 1;
    if n <= DECIMAL_SMALL {
        let (mut q, _) = divmod_words(&pow, d);
        q.truncate(significant_len(&q));
        return q;
    }
    // d_hi = the top h words; its reciprocal scaled by B^l starts within a
    // relative 2 * B^(1-h) of the answer, and one Newton step squares that,
    // so with h a few words past n/2 the step lands within a few units.
    let h = n.div_ceil(2) + 3;
    let l = n - h;
    let yh = reciprocal(&d[l..]);
    let mut y0 = vec![0u64; l];
    y0.extend_from_slice(&yh);
    // e = B^(2n) - d * y0 (signed); y1 = y0 + y0 * e / B^(2n).
    let dy = mul_full(d, &y0);
    let (e_neg, e) = signed_diff(&pow, &dy);
    let ye = mul_full(&y0, &e);
    let step = if ye.len() > 2 * n {
        &ye[2 * n..]
    } else {
        &[][..]
    };
    let mut y = y0;
    y.push(0);
    if e_neg {
        if cmp_var(&y, step) == Ordering::Greater {
            sub_at(&mut y, step);
        } else {
            y = vec![0];
        }
    } else {
        y.push(0);
        add_at(&mut y, step, 0);
    }
    // Correct: r = B^(2n) - d * y must land in [0, d).
    let dy = mul_full(d, &y);
    let (mut r_neg, mut r) = signed_diff(&pow, &dy);
    while r_neg {
        sub_at(&mut y, &[1]);
        // r += d
        let (neg, v) = if cmp_var(&r, d) == Ordering::Greater {
            let mut v = r.clone();
            sub_at(&mut v, d);
            (true, v)
        } else {
            let mut v = d.to_vec();
            sub_at(&mut v, &r);
            (false, v)
        };
        r_neg = neg && significant_len(&v) > 0;
        r = v;
    }
    while cmp_var(&r, d) != Ordering::Less {
        sub_at(&mut r, d);
        y.push(0);
        add_at(&mut y, &[1], 0);
    }
    y.truncate(significant_len(&y));
    y
}

/// `(a < b, |a - b|)`.
fn signed_diff(a: &[u64], b: &[u64]) -> (bool, Vec<u64>) {
    let (big, small, neg) = if cmp_var(a, b) == Ordering::Less {
        (b, a, true)
    } else {
        (a, b, false)
    };
    let mut v = big.to_vec();
    sub_at(&mut v, small);
    v.truncate(significant_len(&v));
    (neg, v)
}

/// Unsigned comparison of slices of any lengths.
fn cmp_var(a: &[u64], b: &[u64]) -> Ordering {
    let (a, b) = (&a[..significant_len(a)], &b[..significant_len(b)]);
    a.len().cmp(&b.len()).then_with(|| cmp_words(a, b))
}

/// `(x / p, x % p)` for `x < B^(2n)` with `n` the length of `p` and `inv`
/// its [`reciprocal`]: the quotient estimate from the top `n + 1` words of
/// `x` is at most 2 short, and the correction adds it back.
fn barrett_divmod(x: &[u64], p: &[u64], inv: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let n = p.len();
    let top = if x.len() > n - 1 {
        &x[n - 1..]
    } else {
        &[][..]
    };
    let prod = mul_full(top, inv);
    let mut q = if prod.len() > n + 1 {
        prod[n + 1..].to_vec()
    } else {
        vec![0]
    };
    q.truncate(significant_len(&q).max(1));
    let qp = mul_full(&q, p);
    let mut r = x.to_vec();
    // q never overshoots, so x - q * p is not negative.
    sub_at(&mut r, &qp);
    while cmp_var(&r, p) != Ordering::Less {
        sub_at(&mut r, p);
        q.push(0);
        add_at(&mut q, &[1], 0);
    }
    r.truncate(significant_len(&r));
    (q, r)
}

/// Divides `a` in place by `d`, returning the remainder.
fn div_small_in_place(a: &mut [u64], d: u64) -> u64 {
    let mut rem = 0u128;
    for w in a.iter_mut().rev() {
        let cur = (rem << 64) | *w as u128;
        *w = (cur / d as u128) as u64;
        rem = cur % d as u128;
    }
    rem as u64
}

/// Length of `a` without its high zero words.
fn significant_len(a: &[u64]) -> usize {
    a.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1)
}

/// Unsigned comparison of equal-length slices.
fn cmp_words(a: &[u64], b: &[u64]) -> Ordering {
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        match x.cmp(y) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    Ordering::Equal
}

/// `a << amt` into `n` words (bits shifted past word `n` are dropped).
fn shl_words(a: &[u64], amt: u64, n: usize) -> Vec<u64> {
    let mut out = vec![0u64; n];
    let ws = (amt / 64) as usize;
    let bs = (amt % 64) as u32;
    if ws >= n {
        return out;
    }
    for i in (ws..n).rev() {
        let src = i - ws;
        let lo = a.get(src).copied().unwrap_or(0);
        let mut v = lo << bs;
        if bs != 0 && src > 0 {
            v |= a.get(src - 1).copied().unwrap_or(0) >> (64 - bs);
        }
        out[i] = v;
    }
    out
}

/// `a >> amt` (logical) into `a.len()` words, with `fill` shifted in from the
/// top (`0` or `u64::MAX`; the caller masks the top word).
fn shr_words(a: &[u64], amt: u64, fill: u64) -> Vec<u64> {
    let n = a.len();
    let ws = (amt / 64) as usize;
    let bs = (amt % 64) as u32;
    let get = |i: usize| a.get(i).copied().unwrap_or(fill);
    (0..n)
        .map(|i| {
            let src = i + ws;
            let lo = get(src);
            if bs == 0 {
                lo
            } else {
                (lo >> bs) | (get(src + 1) << (64 - bs))
            }
        })
        .collect()
}

/// Unsigned quotient and remainder of `u / v` (`v` nonzero), each with at
/// least one word. Knuth's algorithm D (TAOCP 4.3.1) on 64-bit digits.
fn divmod_words(u: &[u64], v: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let n = significant_len(v);
    assert!(n > 0, "apint division by zero");
    let ul = significant_len(u);
    if ul < n || (ul == n && cmp_words(&u[..n], &v[..n]) == Ordering::Less) {
        let mut r = u.to_vec();
        if r.is_empty() {
            r.push(0);
        }
        return (vec![0], r);
    }
    if n == 1 {
        let mut q = u[..ul].to_vec();
        let r = div_small_in_place(&mut q, v[0]);
        return (q, vec![r]);
    }
    // Normalise so the divisor's top word has its high bit set.
    let s = v[n - 1].leading_zeros() as u64;
    let vn = shl_words(&v[..n], s, n);
    let mut un = shl_words(&u[..ul], s, ul + 1);
    let m = ul - n;
    let mut q = vec![0u64; m + 1];
    let b = 1u128 << 64;
    let vtop = vn[n - 1] as u128;
    let vnext = vn[n - 2] as u128;
    for j in (0..=m).rev() {
        let num = ((un[j + n] as u128) << 64) | un[j + n - 1] as u128;
        let mut qhat = num / vtop;
        let mut rhat = num % vtop;
        while qhat >= b || qhat * vnext > ((rhat << 64) | un[j + n - 2] as u128) {
            qhat -= 1;
            rhat += vtop;
            if rhat >= b {
                break;
            }
        }
        // Multiply and subtract qhat * vn from un[j..=j+n].
        let mut carry = 0u64;
        let mut borrow = false;
        for i in 0..n {
            let p = qhat * vn[i] as u128 + carry as u128;
            carry = (p >> 64) as u64;
            let (d1, b1) = un[i + j].overflowing_sub(p as u64);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            un[i + j] = d2;
            borrow = b1 | b2;
        }
        let (d1, b1) = un[j + n].overflowing_sub(carry);
        let (d2, b2) = d1.overflowing_sub(borrow as u64);
        un[j + n] = d2;
        if b1 | b2 {
            // qhat was one too large: add the divisor back.
            qhat -= 1;
            let mut c = false;
            for i in 0..n {
                let (s1, c1) = un[i + j].overflowing_add(vn[i]);
                let (s2, c2) = s1.overflowing_add(c as u64);
                un[i + j] = s2;
                c = c1 | c2;
            }
            un[j + n] = un[j + n].wrapping_add(c as u64);
        }
        q[j] = qhat as u64;
    }
    let r = shr_words(&un[..n], s, 0);
    (q, r)
}

// ---------------------------------------------------------------------------

impl APInt {
    /// An inline value of width `width <= 64`, masked to the width.
    #[inline]
    fn small(width: u32, value: u64) -> APInt {
        debug_assert!(width <= 64);
        APInt {
            width,
            repr: Repr::Inline(value & low_mask(width)),
        }
    }

    /// A value of `width` bits from little-endian words: missing words are
    /// zero, extra words and bits above the width are dropped. The one place
    /// (with `small`) that establishes the representation invariant.
    fn from_vec(width: u32, mut words: Vec<u64>) -> APInt {
        if width <= 64 {
            return APInt::small(width, words.first().copied().unwrap_or(0));
        }
        let n = word_count(width);
        words.resize(n, 0);
        words[n - 1] &= top_word_mask(width);
        APInt {
            width,
            repr: Repr::Heap(words.into_boxed_slice()),
        }
    }

    /// The value `value` truncated to `width` bits (LLVM 19 semantics: excess
    /// high bits are dropped silently).
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[inline]
    #[track_caller]
    pub fn new(width: u32, value: u64) -> APInt {
        check_width(width);
        if width <= 64 {
            APInt::small(width, value)
        } else {
            APInt::from_vec(width, vec![value])
        }
    }

    /// `value` sign-extended or truncated to `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[inline]
    #[track_caller]
    pub fn from_i64(width: u32, value: i64) -> APInt {
        check_width(width);
        if width <= 64 {
            return APInt::small(width, value as u64);
        }
        let fill = if value < 0 { u64::MAX } else { 0 };
        let mut words = vec![fill; word_count(width)];
        words[0] = value as u64;
        APInt::from_vec(width, words)
    }

    /// The `i1` value of `b`: 1 for `true`, 0 for `false`.
    #[inline]
    pub fn from_bool(b: bool) -> APInt {
        APInt::small(1, b as u64)
    }

    /// Zero of `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[inline]
    #[track_caller]
    pub fn zero(width: u32) -> APInt {
        APInt::new(width, 0)
    }

    /// One of `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[inline]
    #[track_caller]
    pub fn one(width: u32) -> APInt {
        APInt::new(width, 1)
    }

    /// All `width` bits set (-1 when read as signed).
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[track_caller]
    pub fn all_ones(width: u32) -> APInt {
        APInt::from_i64(width, -1)
    }

    /// The most negative signed value of `width` bits (only the sign bit
    /// set).
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[track_caller]
    pub fn signed_min(width: u32) -> APInt {
        APInt::one(width).shl(width - 1)
    }

    /// The largest signed value of `width` bits (all bits but the sign bit
    /// set).
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[track_caller]
    pub fn signed_max(width: u32) -> APInt {
        APInt::signed_min(width).not()
    }

    /// A value of `width` bits from little-endian 64-bit words. Missing high
    /// words are zero; words and bits beyond the width are dropped.
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[track_caller]
    pub fn from_words(width: u32, words: &[u64]) -> APInt {
        check_width(width);
        let n = word_count(width).min(words.len());
        APInt::from_vec(width, words[..n].to_vec())
    }

    // -- queries ------------------------------------------------------------

    /// The width in bits.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The value as little-endian 64-bit words: exactly `ceil(width / 64)` of
    /// them, bits above the width zero.
    #[inline]
    pub fn words(&self) -> &[u64] {
        match &self.repr {
            Repr::Inline(v) => std::slice::from_ref(v),
            Repr::Heap(w) => w,
        }
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        match &self.repr {
            Repr::Inline(v) => *v == 0,
            Repr::Heap(w) => w.iter().all(|&x| x == 0),
        }
    }

    /// Whether the value is one.
    #[inline]
    pub fn is_one(&self) -> bool {
        match &self.repr {
            Repr::Inline(v) => *v == 1,
            Repr::Heap(w) => w[0] == 1 && w[1..].iter().all(|&x| x == 0),
        }
    }

    /// Whether every bit is set (-1 as signed).
    #[inline]
    pub fn is_all_ones(&self) -> bool {
        match &self.repr {
            Repr::Inline(v) => *v == low_mask(self.width),
            Repr::Heap(w) => {
                let (last, rest) = w.split_last().expect("heap apint has words");
                *last == top_word_mask(self.width) && rest.iter().all(|&x| x == u64::MAX)
            }
        }
    }

    /// Whether the sign (top) bit is set.
    #[inline]
    pub fn is_negative(&self) -> bool {
        self.bit(self.width - 1)
    }

    /// Whether this is the most negative signed value (only the sign bit set).
    pub fn is_signed_min(&self) -> bool {
        self.is_negative() && self.count_ones() == 1
    }

    /// Whether this is the largest signed value (all bits but the sign bit
    /// set).
    pub fn is_signed_max(&self) -> bool {
        !self.is_negative() && self.count_ones() == self.width - 1
    }

    /// Whether the value, read as unsigned, is a power of two.
    pub fn is_power_of_two(&self) -> bool {
        self.count_ones() == 1
    }

    /// The low 64 bits (the whole value when the width is at most 64).
    #[inline]
    pub fn to_u64(&self) -> u64 {
        self.words()[0]
    }

    /// The value read as unsigned, if it fits in a `u64`.
    pub fn try_to_u64(&self) -> Option<u64> {
        (self.active_bits() <= 64).then(|| self.to_u64())
    }

    /// The value read as signed, if it fits in an `i64`.
    pub fn try_to_i64(&self) -> Option<i64> {
        if self.width <= 64 {
            Some(self.sext_value())
        } else {
            (self.min_signed_bits() <= 64).then(|| self.to_u64() as i64)
        }
    }

    /// The value sign-extended to `i64` (LLVM's `getSExtValue`).
    ///
    /// # Panics
    ///
    /// If the width is above 64; use [`APInt::try_to_i64`] for wider values.
    #[inline]
    #[track_caller]
    pub fn sext_value(&self) -> i64 {
        assert!(
            self.width <= 64,
            "sext_value of an i{} apint; use try_to_i64",
            self.width
        );
        let sh = 64 - self.width;
        ((self.to_u64() << sh) as i64) >> sh
    }

    /// Bit `i` (0 is the least significant).
    ///
    /// # Panics
    ///
    /// If `i >= width`.
    #[inline]
    #[track_caller]
    pub fn bit(&self, i: u32) -> bool {
        assert!(
            i < self.width,
            "bit {i} of an i{} apint is out of range",
            self.width
        );
        (self.words()[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }

    /// Number of zero bits above the highest set bit (the width if zero).
    pub fn count_leading_zeros(&self) -> u32 {
        match &self.repr {
            Repr::Inline(v) => v.leading_zeros() - (64 - self.width),
            Repr::Heap(w) => {
                let unused = w.len() as u32 * 64 - self.width;
                match w.iter().rposition(|&x| x != 0) {
                    None => self.width,
                    Some(i) => (w.len() - 1 - i) as u32 * 64 + w[i].leading_zeros() - unused,
                }
            }
        }
    }

    /// Number of one bits above the highest clear bit (the width if all
    /// ones).
    pub fn count_leading_ones(&self) -> u32 {
        let n = self.words().len();
        let unused = n as u32 * 64 - self.width;
        let words = self.words();
        for i in (0..n).rev() {
            // Pretend the unused bits of the top word are ones.
            let w = if i == n - 1 {
                words[i] | !top_word_mask(self.width)
            } else {
                words[i]
            };
            if w != u64::MAX {
                return (n - 1 - i) as u32 * 64 + w.leading_ones() - unused;
            }
        }
        self.width
    }

    /// Number of zero bits below the lowest set bit (the width if zero).
    pub fn count_trailing_zeros(&self) -> u32 {
        let words = self.words();
        match words.iter().position(|&x| x != 0) {
            None => self.width,
            Some(i) => (i as u32 * 64 + words[i].trailing_zeros()).min(self.width),
        }
    }

    /// Number of one bits below the lowest clear bit (the width if all ones).
    pub fn count_trailing_ones(&self) -> u32 {
        let words = self.words();
        match words.iter().position(|&x| x != u64::MAX) {
            None => self.width,
            Some(i) => (i as u32 * 64 + words[i].trailing_ones()).min(self.width),
        }
    }

    /// Number of set bits.
    pub fn count_ones(&self) -> u32 {
        self.words().iter().map(|w| w.count_ones()).sum()
    }

    /// Bits needed to hold the value read as unsigned: `width - leading
    /// zeros` (0 for zero).
    pub fn active_bits(&self) -> u32 {
        self.width - self.count_leading_zeros()
    }

    /// Number of copies of the sign bit at the top (at least 1).
    pub fn num_sign_bits(&self) -> u32 {
        if self.is_negative() {
            self.count_leading_ones()
        } else {
            self.count_leading_zeros()
        }
    }

    /// Bits needed to hold the value read as signed (LLVM's
    /// `getSignificantBits`): at least 1.
    pub fn min_signed_bits(&self) -> u32 {
        self.width - self.num_sign_bits() + 1
    }

    // -- arithmetic ---------------------------------------------------------

    #[inline]
    #[track_caller]
    fn assert_same_width(&self, rhs: &APInt, op: &str) {
        assert!(
            self.width == rhs.width,
            "apint {op} of mismatched widths i{} and i{}",
            self.width,
            rhs.width
        );
    }

    /// `self + rhs`, wrapping.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn add(&self, rhs: &APInt) -> APInt {
        self.assert_same_width(rhs, "add");
        match (&self.repr, &rhs.repr) {
            (Repr::Inline(a), Repr::Inline(b)) => APInt::small(self.width, a.wrapping_add(*b)),
            _ => APInt::from_vec(self.width, add_words(self.words(), rhs.words()).0),
        }
    }

    /// `self - rhs`, wrapping.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn sub(&self, rhs: &APInt) -> APInt {
        self.assert_same_width(rhs, "sub");
        match (&self.repr, &rhs.repr) {
            (Repr::Inline(a), Repr::Inline(b)) => APInt::small(self.width, a.wrapping_sub(*b)),
            _ => APInt::from_vec(self.width, sub_words(self.words(), rhs.words()).0),
        }
    }

    /// `self * rhs`, wrapping.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn mul(&self, rhs: &APInt) -> APInt {
        self.assert_same_width(rhs, "mul");
        match (&self.repr, &rhs.repr) {
            (Repr::Inline(a), Repr::Inline(b)) => APInt::small(self.width, a.wrapping_mul(*b)),
            _ => {
                let n = word_count(self.width);
                APInt::from_vec(self.width, mul_words(self.words(), rhs.words(), n))
            }
        }
    }

    /// `-self`, wrapping (the negation of the signed minimum is itself).
    #[inline]
    pub fn neg(&self) -> APInt {
        match &self.repr {
            Repr::Inline(a) => APInt::small(self.width, a.wrapping_neg()),
            Repr::Heap(_) => APInt::zero(self.width).sub(self),
        }
    }

    /// Bitwise complement.
    #[inline]
    pub fn not(&self) -> APInt {
        match &self.repr {
            Repr::Inline(a) => APInt::small(self.width, !a),
            Repr::Heap(w) => APInt::from_vec(self.width, w.iter().map(|x| !x).collect()),
        }
    }

    #[inline]
    fn bitwise(&self, rhs: &APInt, op: &str, f: impl Fn(u64, u64) -> u64) -> APInt {
        self.assert_same_width(rhs, op);
        match (&self.repr, &rhs.repr) {
            (Repr::Inline(a), Repr::Inline(b)) => APInt::small(self.width, f(*a, *b)),
            _ => APInt::from_vec(
                self.width,
                self.words()
                    .iter()
                    .zip(rhs.words())
                    .map(|(&a, &b)| f(a, b))
                    .collect(),
            ),
        }
    }

    /// Bitwise and.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn and(&self, rhs: &APInt) -> APInt {
        self.bitwise(rhs, "and", |a, b| a & b)
    }

    /// Bitwise or.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn or(&self, rhs: &APInt) -> APInt {
        self.bitwise(rhs, "or", |a, b| a | b)
    }

    /// Bitwise exclusive or.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn xor(&self, rhs: &APInt) -> APInt {
        self.bitwise(rhs, "xor", |a, b| a ^ b)
    }

    /// Unsigned quotient and remainder, or `None` if `rhs` is zero.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[track_caller]
    pub fn checked_udivrem(&self, rhs: &APInt) -> Option<(APInt, APInt)> {
        self.assert_same_width(rhs, "udiv");
        if rhs.is_zero() {
            return None;
        }
        Some(match (&self.repr, &rhs.repr) {
            (Repr::Inline(a), Repr::Inline(b)) => (
                APInt::small(self.width, a / b),
                APInt::small(self.width, a % b),
            ),
            _ => {
                let (q, r) = divmod_words(self.words(), rhs.words());
                (
                    APInt::from_vec(self.width, q),
                    APInt::from_vec(self.width, r),
                )
            }
        })
    }

    /// Unsigned division, or `None` if `rhs` is zero.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn checked_udiv(&self, rhs: &APInt) -> Option<APInt> {
        self.assert_same_width(rhs, "udiv");
        match (&self.repr, &rhs.repr) {
            (Repr::Inline(a), Repr::Inline(b)) => {
                a.checked_div(*b).map(|q| APInt::small(self.width, q))
            }
            _ => self.checked_udivrem(rhs).map(|(q, _)| q),
        }
    }

    /// Unsigned remainder, or `None` if `rhs` is zero.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn checked_urem(&self, rhs: &APInt) -> Option<APInt> {
        self.assert_same_width(rhs, "urem");
        match (&self.repr, &rhs.repr) {
            (Repr::Inline(a), Repr::Inline(b)) => {
                a.checked_rem(*b).map(|r| APInt::small(self.width, r))
            }
            _ => self.checked_udivrem(rhs).map(|(_, r)| r),
        }
    }

    /// Signed quotient (rounded toward zero) and remainder (with the sign of
    /// `self`), or `None` if `rhs` is zero. The signed minimum divided by -1
    /// wraps to the signed minimum with remainder 0.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[track_caller]
    pub fn checked_sdivrem(&self, rhs: &APInt) -> Option<(APInt, APInt)> {
        self.assert_same_width(rhs, "sdiv");
        if rhs.is_zero() {
            return None;
        }
        if self.width <= 64 {
            let (a, b) = (self.sext_value() as i128, rhs.sext_value() as i128);
            return Some((
                APInt::small(self.width, (a / b) as u64),
                APInt::small(self.width, (a % b) as u64),
            ));
        }
        let (ln, rn) = (self.is_negative(), rhs.is_negative());
        let a = if ln { self.neg() } else { self.clone() };
        let b = if rn { rhs.neg() } else { rhs.clone() };
        let (q, r) = a.checked_udivrem(&b)?;
        let q = if ln != rn { q.neg() } else { q };
        let r = if ln { r.neg() } else { r };
        Some((q, r))
    }

    /// Signed division rounded toward zero, or `None` if `rhs` is zero. The
    /// signed minimum divided by -1 wraps to the signed minimum (LLVM folds
    /// that case to poison; test it with [`APInt::is_signed_min`] first).
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[track_caller]
    pub fn checked_sdiv(&self, rhs: &APInt) -> Option<APInt> {
        self.checked_sdivrem(rhs).map(|(q, _)| q)
    }

    /// Signed remainder (its sign follows `self`), or `None` if `rhs` is zero.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[track_caller]
    pub fn checked_srem(&self, rhs: &APInt) -> Option<APInt> {
        self.checked_sdivrem(rhs).map(|(_, r)| r)
    }

    /// Unsigned division.
    ///
    /// # Panics
    ///
    /// If the widths differ or `rhs` is zero; see [`APInt::checked_udiv`].
    #[track_caller]
    pub fn udiv(&self, rhs: &APInt) -> APInt {
        self.checked_udiv(rhs).expect("apint udiv by zero")
    }

    /// Signed division rounded toward zero, wrapping for minimum / -1.
    ///
    /// # Panics
    ///
    /// If the widths differ or `rhs` is zero; see [`APInt::checked_sdiv`].
    #[track_caller]
    pub fn sdiv(&self, rhs: &APInt) -> APInt {
        self.checked_sdiv(rhs).expect("apint sdiv by zero")
    }

    /// Unsigned remainder.
    ///
    /// # Panics
    ///
    /// If the widths differ or `rhs` is zero; see [`APInt::checked_urem`].
    #[track_caller]
    pub fn urem(&self, rhs: &APInt) -> APInt {
        self.checked_urem(rhs).expect("apint urem by zero")
    }

    /// Signed remainder (its sign follows `self`).
    ///
    /// # Panics
    ///
    /// If the widths differ or `rhs` is zero; see [`APInt::checked_srem`].
    #[track_caller]
    pub fn srem(&self, rhs: &APInt) -> APInt {
        self.checked_srem(rhs).expect("apint srem by zero")
    }

    /// Shift left by `amt` bits; an amount of at least the width gives zero.
    pub fn shl(&self, amt: u32) -> APInt {
        if amt >= self.width {
            return APInt::zero(self.width);
        }
        match &self.repr {
            Repr::Inline(a) => APInt::small(self.width, a << amt),
            Repr::Heap(w) => APInt::from_vec(self.width, shl_words(w, amt as u64, w.len())),
        }
    }

    /// Logical shift right by `amt` bits; an amount of at least the width
    /// gives zero.
    pub fn lshr(&self, amt: u32) -> APInt {
        if amt >= self.width {
            return APInt::zero(self.width);
        }
        match &self.repr {
            Repr::Inline(a) => APInt::small(self.width, a >> amt),
            Repr::Heap(w) => APInt::from_vec(self.width, shr_words(w, amt as u64, 0)),
        }
    }

    /// Arithmetic shift right by `amt` bits; an amount of at least the width
    /// gives all copies of the sign bit.
    pub fn ashr(&self, amt: u32) -> APInt {
        let neg = self.is_negative();
        if amt >= self.width {
            return if neg {
                APInt::all_ones(self.width)
            } else {
                APInt::zero(self.width)
            };
        }
        match &self.repr {
            Repr::Inline(_) => APInt::small(self.width, (self.sext_value() >> amt) as u64),
            Repr::Heap(w) => {
                if !neg {
                    return self.lshr(amt);
                }
                // Make the unused top bits ones so they shift in as sign bits.
                let mut ext = w.to_vec();
                let last = ext.len() - 1;
                ext[last] |= !top_word_mask(self.width);
                APInt::from_vec(self.width, shr_words(&ext, amt as u64, u64::MAX))
            }
        }
    }

    /// Shift left, or `None` (poison) if `amt >= width`.
    pub fn checked_shl(&self, amt: u64) -> Option<APInt> {
        (amt < self.width as u64).then(|| self.shl(amt as u32))
    }

    /// Logical shift right, or `None` (poison) if `amt >= width`.
    pub fn checked_lshr(&self, amt: u64) -> Option<APInt> {
        (amt < self.width as u64).then(|| self.lshr(amt as u32))
    }

    /// Arithmetic shift right, or `None` (poison) if `amt >= width`.
    pub fn checked_ashr(&self, amt: u64) -> Option<APInt> {
        (amt < self.width as u64).then(|| self.ashr(amt as u32))
    }

    // -- overflow-detecting arithmetic (for nsw / nuw) ------------------------

    /// Wrapping `self + rhs` and whether the unsigned sum overflowed (`nuw`
    /// would make it poison).
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[track_caller]
    pub fn uadd_ov(&self, rhs: &APInt) -> (APInt, bool) {
        let r = self.add(rhs);
        let ov = r.ult(rhs);
        (r, ov)
    }

    /// Wrapping `self + rhs` and whether the signed sum overflowed (`nsw`
    /// would make it poison).
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[track_caller]
    pub fn sadd_ov(&self, rhs: &APInt) -> (APInt, bool) {
        let r = self.add(rhs);
        let (a, b, c) = (self.is_negative(), rhs.is_negative(), r.is_negative());
        (r, a == b && c != a)
    }

    /// Wrapping `self - rhs` and whether the unsigned difference overflowed
    /// (`self < rhs`).
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[track_caller]
    pub fn usub_ov(&self, rhs: &APInt) -> (APInt, bool) {
        let r = self.sub(rhs);
        (r, self.ult(rhs))
    }

    /// Wrapping `self - rhs` and whether the signed difference overflowed.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[track_caller]
    pub fn ssub_ov(&self, rhs: &APInt) -> (APInt, bool) {
        let r = self.sub(rhs);
        let (a, b, c) = (self.is_negative(), rhs.is_negative(), r.is_negative());
        (r, a != b && c != a)
    }

    /// Wrapping `self * rhs` and whether the unsigned product overflowed.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[track_caller]
    pub fn umul_ov(&self, rhs: &APInt) -> (APInt, bool) {
        self.assert_same_width(rhs, "mul");
        if self.width <= 64 {
            let p = self.to_u64() as u128 * rhs.to_u64() as u128;
            return (APInt::small(self.width, p as u64), p >> self.width != 0);
        }
        let full = mul_words(self.words(), rhs.words(), 2 * word_count(self.width));
        let wide = APInt::from_vec(2 * self.width, full);
        let ov = wide.active_bits() > self.width;
        (wide.trunc(self.width), ov)
    }

    /// Wrapping `self * rhs` and whether the signed product overflowed.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[track_caller]
    pub fn smul_ov(&self, rhs: &APInt) -> (APInt, bool) {
        self.assert_same_width(rhs, "mul");
        if self.width <= 64 {
            let p = self.sext_value() as i128 * rhs.sext_value() as i128;
            let r = APInt::small(self.width, p as u64);
            let ov = r.sext_value() as i128 != p;
            return (r, ov);
        }
        let (ln, rn) = (self.is_negative(), rhs.is_negative());
        let a = if ln { self.neg() } else { self.clone() };
        let b = if rn { rhs.neg() } else { rhs.clone() };
        // |a| and |b| are at most 2^(w-1), so the product needs at most
        // 2w - 1 bits: it is exact at width 2w.
        let full = mul_words(a.words(), b.words(), 2 * word_count(self.width));
        let mag = APInt::from_vec(2 * self.width, full);
        let limit = APInt::signed_min(self.width).zext(2 * self.width);
        let ov = if ln != rn && !mag.is_zero() {
            mag.ugt(&limit)
        } else {
            mag.uge(&limit)
        };
        (self.mul(rhs), ov)
    }

    /// `self << amt` and whether any set bit was shifted out (`shl nuw`
    /// would be poison); an amount of at least the width overflows.
    pub fn ushl_ov(&self, amt: u32) -> (APInt, bool) {
        if amt >= self.width {
            return (APInt::zero(self.width), true);
        }
        (self.shl(amt), amt > self.count_leading_zeros())
    }

    /// `self << amt` and whether the result no longer reads back as the same
    /// signed value (`shl nsw` would be poison); an amount of at least the
    /// width overflows.
    pub fn sshl_ov(&self, amt: u32) -> (APInt, bool) {
        if amt >= self.width {
            return (APInt::zero(self.width), true);
        }
        (self.shl(amt), amt >= self.num_sign_bits())
    }

    // -- casts --------------------------------------------------------------

    /// The low `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above the current width.
    #[track_caller]
    pub fn trunc(&self, width: u32) -> APInt {
        assert!(
            width >= 1 && width <= self.width,
            "apint trunc from i{} to i{}",
            self.width,
            width
        );
        if width <= 64 {
            return APInt::small(width, self.to_u64());
        }
        APInt::from_vec(width, self.words()[..word_count(width)].to_vec())
    }

    /// Zero-extended to `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is below the current width or above [`MAX_WIDTH`].
    #[track_caller]
    pub fn zext(&self, width: u32) -> APInt {
        assert!(
            width >= self.width && width <= MAX_WIDTH,
            "apint zext from i{} to i{}",
            self.width,
            width
        );
        if width <= 64 {
            return APInt::small(width, self.to_u64());
        }
        APInt::from_vec(width, self.words().to_vec())
    }

    /// Sign-extended to `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is below the current width or above [`MAX_WIDTH`].
    #[track_caller]
    pub fn sext(&self, width: u32) -> APInt {
        assert!(
            width >= self.width && width <= MAX_WIDTH,
            "apint sext from i{} to i{}",
            self.width,
            width
        );
        if !self.is_negative() {
            return self.zext(width);
        }
        if width <= 64 {
            return APInt::small(width, self.sext_value() as u64);
        }
        let mut words = self.words().to_vec();
        let last = words.len() - 1;
        words[last] |= !top_word_mask(self.width);
        words.resize(word_count(width), u64::MAX);
        APInt::from_vec(width, words)
    }

    /// Zero-extended or truncated to `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[track_caller]
    pub fn zext_or_trunc(&self, width: u32) -> APInt {
        check_width(width);
        if width < self.width {
            self.trunc(width)
        } else {
            self.zext(width)
        }
    }

    /// Sign-extended or truncated to `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[track_caller]
    pub fn sext_or_trunc(&self, width: u32) -> APInt {
        check_width(width);
        if width < self.width {
            self.trunc(width)
        } else {
            self.sext(width)
        }
    }

    // -- comparisons --------------------------------------------------------

    /// Unsigned comparison.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn ucmp(&self, rhs: &APInt) -> Ordering {
        self.assert_same_width(rhs, "compare");
        match (&self.repr, &rhs.repr) {
            (Repr::Inline(a), Repr::Inline(b)) => a.cmp(b),
            _ => cmp_words(self.words(), rhs.words()),
        }
    }

    /// Signed comparison.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn scmp(&self, rhs: &APInt) -> Ordering {
        self.assert_same_width(rhs, "compare");
        match (self.is_negative(), rhs.is_negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self.ucmp(rhs),
        }
    }

    /// Unsigned `self < rhs`.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn ult(&self, rhs: &APInt) -> bool {
        self.ucmp(rhs) == Ordering::Less
    }

    /// Unsigned `self <= rhs`.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn ule(&self, rhs: &APInt) -> bool {
        self.ucmp(rhs) != Ordering::Greater
    }

    /// Unsigned `self > rhs`.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn ugt(&self, rhs: &APInt) -> bool {
        self.ucmp(rhs) == Ordering::Greater
    }

    /// Unsigned `self >= rhs`.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn uge(&self, rhs: &APInt) -> bool {
        self.ucmp(rhs) != Ordering::Less
    }

    /// Signed `self < rhs`.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn slt(&self, rhs: &APInt) -> bool {
        self.scmp(rhs) == Ordering::Less
    }

    /// Signed `self <= rhs`.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn sle(&self, rhs: &APInt) -> bool {
        self.scmp(rhs) != Ordering::Greater
    }

    /// Signed `self > rhs`.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn sgt(&self, rhs: &APInt) -> bool {
        self.scmp(rhs) == Ordering::Greater
    }

    /// Signed `self >= rhs`.
    ///
    /// # Panics
    ///
    /// If the widths differ.
    #[inline]
    #[track_caller]
    pub fn sge(&self, rhs: &APInt) -> bool {
        self.scmp(rhs) != Ordering::Less
    }

    // -- text ---------------------------------------------------------------

    /// The value in decimal, read as signed (how LLVM prints integer
    /// constants).
    pub fn to_string_signed(&self) -> String {
        self.to_string_radix(10, true)
    }

    /// The value in decimal, read as unsigned.
    pub fn to_string_unsigned(&self) -> String {
        self.to_string_radix(10, false)
    }

    /// The value in `radix` (2 to 36, lowercase letters), read as signed
    /// (a leading `-` for negative values) or unsigned. No prefix.
    ///
    /// # Panics
    ///
    /// If `radix` is outside `2..=36`.
    #[track_caller]
    pub fn to_string_radix(&self, radix: u32, signed: bool) -> String {
        let mut s = String::new();
        self.write_radix(&mut s, radix, signed)
            .expect("writing to a String cannot fail");
        s
    }

    /// Writes the value in `radix` (2 to 36, lowercase letters), read as
    /// signed or unsigned, without allocating for widths up to 64 and
    /// radixes 2, 8, 10 and 16.
    ///
    /// # Panics
    ///
    /// If `radix` is outside `2..=36`.
    #[track_caller]
    pub fn write_radix(&self, out: &mut impl fmt::Write, radix: u32, signed: bool) -> fmt::Result {
        assert!(
            (2..=36).contains(&radix),
            "apint radix {radix} is outside 2..=36"
        );
        let negative = signed && self.is_negative();
        if negative {
            out.write_char('-')?;
        }
        if let Repr::Inline(v) = self.repr {
            let mag = if negative {
                v.wrapping_neg() & low_mask(self.width)
            } else {
                v
            };
            return match radix {
                10 => write!(out, "{mag}"),
                16 => write!(out, "{mag:x}"),
                8 => write!(out, "{mag:o}"),
                2 => write!(out, "{mag:b}"),
                _ => write_u64_radix(out, mag, radix, 0),
            };
        }
        let mag = if negative { self.neg() } else { self.clone() };
        if radix == 10 {
            let digits = words_to_decimal(mag.words());
            return out.write_str(std::str::from_utf8(&digits).expect("ascii digits"));
        }
        if radix.is_power_of_two() {
            // Bit groups straight from the words: linear.
            let bits = radix.trailing_zeros() as u64;
            let words = mag.words();
            let total = words.len() as u64 * 64;
            let groups = total.div_ceil(bits);
            let mut s = String::with_capacity(groups as usize);
            for g in (0..groups).rev() {
                let mut d = 0u32;
                for b in (0..bits).rev() {
                    let i = g * bits + b;
                    if i < total && words[(i / 64) as usize] >> (i % 64) & 1 == 1 {
                        d |= 1 << b;
                    }
                }
                if d != 0 || !s.is_empty() {
                    s.push(char::from_digit(d, radix).expect("digit below radix"));
                }
            }
            if s.is_empty() {
                s.push('0');
            }
            return out.write_str(&s);
        }
        let mut words = mag.words().to_vec();
        // The largest power of the radix that fits in a u64 and how many
        // digits it stands for.
        let (mut chunk, mut digits) = (radix as u64, 1usize);
        while let Some(next) = chunk.checked_mul(radix as u64) {
            chunk = next;
            digits += 1;
        }
        let mut parts = Vec::new();
        let mut len = significant_len(&words);
        while len > 0 {
            parts.push(div_small_in_place(&mut words[..len], chunk));
            len = significant_len(&words[..len]);
        }
        match parts.split_last() {
            None => out.write_char('0'),
            Some((top, rest)) => {
                write_u64_radix(out, *top, radix, 0)?;
                for p in rest.iter().rev() {
                    write_u64_radix(out, *p, radix, digits)?;
                }
                Ok(())
            }
        }
    }

    /// Parses `[-]digits` in `radix` (2 to 36, either letter case) into a
    /// `width`-bit value; the value wraps modulo 2^width, and a leading `-`
    /// negates it.
    ///
    /// # Errors
    ///
    /// If the text is empty, has no digits, or has a character that is not
    /// a digit of `radix`.
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`], or `radix` is outside
    /// `2..=36`.
    #[track_caller]
    pub fn from_str_radix(width: u32, text: &str, radix: u32) -> Result<APInt, ParseIntError> {
        check_width(width);
        assert!(
            (2..=36).contains(&radix),
            "apint radix {radix} is outside 2..=36"
        );
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        if digits.is_empty() {
            return Err(ParseIntError::new("expected digits in integer literal"));
        }
        let n = word_count(width);
        let mut acc: Vec<u64> = Vec::with_capacity(n);
        let mut chunk_val = 0u64;
        let mut chunk_mul = 1u64;
        for c in digits.chars() {
            let d = c
                .to_digit(radix)
                .ok_or_else(|| ParseIntError::new("invalid digit in integer literal"))?;
            chunk_val = chunk_val * radix as u64 + d as u64;
            chunk_mul *= radix as u64;
            if chunk_mul.checked_mul(radix as u64).is_none() {
                mul_add_small(&mut acc, chunk_mul, chunk_val);
                acc.truncate(n);
                chunk_val = 0;
                chunk_mul = 1;
            }
        }
        if chunk_mul > 1 {
            mul_add_small(&mut acc, chunk_mul, chunk_val);
            acc.truncate(n);
        }
        let v = APInt::from_vec(width, acc);
        Ok(if negative { v.neg() } else { v })
    }
}

/// Writes `v` in `radix`, left-padded with zeros to `min_digits`.
fn write_u64_radix(
    out: &mut impl fmt::Write,
    mut v: u64,
    radix: u32,
    min_digits: usize,
) -> fmt::Result {
    let mut buf = [0u8; 64];
    let mut i = buf.len();
    while v != 0 || buf.len() - i < min_digits.max(1) {
        i -= 1;
        let d = (v % radix as u64) as u32;
        buf[i] = char::from_digit(d, radix).expect("digit below radix") as u8;
        v /= radix as u64;
    }
    out.write_str(std::str::from_utf8(&buf[i..]).expect("ascii digits"))
}

impl fmt::Display for APInt {
    /// The signed decimal value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.width <= 64 {
            write!(f, "{}", self.sext_value())
        } else {
            self.write_radix(f, 10, true)
        }
    }
}

impl fmt::Debug for APInt {
    /// `i<width> <signed decimal>`, e.g. `i8 -1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "i{} {}", self.width, self)
    }
}

// ---------------------------------------------------------------------------

/// The widest type, in words, at which [`IntLiteral::decimal_at_width`]
/// keeps only the type's words while reading (4,096 bits: at most 64 word
/// operations per 19 digits); wider types read the whole value.
pub const DECIMAL_MOD_WORDS: usize = 64;

/// An integer literal as the `.ll` lexer reads it, before it meets a type:
/// the smallest value that holds it and whether it extends as signed.
///
/// As in LLVM 19: a decimal literal with a leading `-` is signed and has the
/// minimal signed width; one without is unsigned and has the minimal
/// unsigned width (at least 1); `u0x…` is unsigned and `s0x…` signed, with
/// width the active bits of the hex digits (4 per digit if zero). Meeting a
/// type of width `w` ([`IntLiteral::to_width`]) sign- or zero-extends to `w`,
/// or truncates silently: `i8 200` is -56 and `i8 -200` is 56.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntLiteral {
    value: APInt,
    signed: bool,
}

/// The sign and the digits of a decimal literal `-?[0-9]+`.
fn split_decimal(text: &str) -> Result<(bool, &str), ParseIntError> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if digits.is_empty() {
        return Err(ParseIntError::new("expected digits in integer literal"));
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseIntError::new("invalid digit in integer literal"));
    }
    Ok((negative, digits))
}

impl IntLiteral {
    /// Parses a decimal literal `-?[0-9]+`.
    ///
    /// # Errors
    ///
    /// If the text is not `-?[0-9]+`. A value of more than [`MAX_WIDTH`]
    /// bits keeps its low [`MAX_WIDTH`] bits: it can meet a type only by
    /// truncation.
    pub fn parse_decimal(text: &str) -> Result<IntLiteral, ParseIntError> {
        let (negative, digits) = split_decimal(text)?;
        let digits = digits.trim_start_matches('0');
        let mag = decimal_to_words(digits.as_bytes());
        let bits = match mag.last() {
            None => 0,
            Some(top) => mag.len() as u64 * 64 - top.leading_zeros() as u64,
        };
        // A value wider than any type only ever meets a type by truncation,
        // so its low MAX_WIDTH bits are all that matter (LLVM keeps them
        // all and truncates at the type).
        let max = MAX_WIDTH as u64;
        if !negative {
            let width = bits.clamp(1, max) as u32;
            return Ok(IntLiteral {
                value: APInt::from_vec(width, mag),
                signed: false,
            });
        }
        // -mag needs bitlen(mag - 1) + 1 bits (1 bit for -0 and -1).
        let width = if bits == 0 {
            1
        } else if bits >= max {
            max
        } else {
            let m1 = APInt::from_vec(bits as u32, mag.clone()).sub(&APInt::one(bits as u32));
            m1.active_bits() as u64 + 1
        };
        let value = APInt::from_vec(width.min(max) as u32, mag).neg();
        Ok(IntLiteral {
            value,
            signed: true,
        })
    }

    /// A decimal literal `-?[0-9]+` met at a type of `width` bits: the
    /// value of `IntLiteral::parse_decimal(text)?.to_width(width)`, the
    /// magnitude modulo 2^`width` (negated for a `-`).
    ///
    /// Up to [`DECIMAL_MOD_WORDS`] words of width, only those words of each
    /// multiply-and-add step are kept, so the time is linear in the digits
    /// (the digits of an `i64` constant cost one word operation per 19);
    /// wider types take [`IntLiteral::parse_decimal`]'s whole value.
    ///
    /// # Errors
    ///
    /// As [`IntLiteral::parse_decimal`].
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[track_caller]
    pub fn decimal_at_width(text: &str, width: u32) -> Result<APInt, ParseIntError> {
        check_width(width);
        let words = word_count(width);
        if words > DECIMAL_MOD_WORDS {
            return Ok(IntLiteral::parse_decimal(text)?.to_width(width));
        }
        let (negative, digits) = split_decimal(text)?;
        let digits = digits.as_bytes();
        let mut acc: Vec<u64> = Vec::with_capacity(words + 1);
        // The first chunk takes the digits past a multiple of 19, so every
        // later chunk is 19 digits (10^19 fits a u64).
        let mut start = 0;
        let mut end = match digits.len() % 19 {
            0 => 19,
            r => r,
        };
        while start < digits.len() {
            let chunk = &digits[start..end];
            let v = chunk.iter().fold(0u64, |v, &b| v * 10 + (b - b'0') as u64);
            mul_add_small(&mut acc, 10u64.pow(chunk.len() as u32), v);
            acc.truncate(words);
            start = end;
            end += 19;
        }
        let v = APInt::from_vec(width, acc);
        Ok(if negative { v.neg() } else { v })
    }

    /// Parses the hex digits of a `u0x…` (`signed == false`) or `s0x…`
    /// (`signed == true`) literal, without the prefix.
    ///
    /// # Errors
    ///
    /// If `digits` is empty or not all hex digits. More than [`MAX_WIDTH`]
    /// bits' worth keep their low [`MAX_WIDTH`] bits.
    pub fn parse_hex(digits: &str, signed: bool) -> Result<IntLiteral, ParseIntError> {
        if digits.is_empty() {
            return Err(ParseIntError::new("expected digits in integer literal"));
        }
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ParseIntError::new("invalid digit in integer literal"));
        }
        let max_digits = (MAX_WIDTH / 4) as usize;
        let digits = if digits.len() <= max_digits {
            digits
        } else {
            // Wider than any type: only the low MAX_WIDTH bits can matter.
            let d = digits.trim_start_matches('0');
            let d = if d.is_empty() { "0" } else { d };
            &d[d.len().saturating_sub(max_digits)..]
        };
        let bits = digits.len() as u32 * 4;
        let mut words = vec![0u64; word_count(bits)];
        for (i, b) in digits.bytes().rev().enumerate() {
            let d = (b as char).to_digit(16).expect("checked hex digit") as u64;
            words[i / 16] |= d << ((i % 16) * 4);
        }
        let full = APInt::from_vec(bits, words);
        let active = full.active_bits();
        let value = if active > 0 && active < bits {
            full.trunc(active)
        } else {
            full
        };
        Ok(IntLiteral { value, signed })
    }

    /// Parses a whole integer token as the `.ll` lexer hands it over:
    /// `-?[0-9]+`, `u0x[0-9A-Fa-f]+` or `s0x[0-9A-Fa-f]+`.
    ///
    /// # Errors
    ///
    /// As [`IntLiteral::parse_decimal`] and [`IntLiteral::parse_hex`].
    pub fn parse(text: &str) -> Result<IntLiteral, ParseIntError> {
        if let Some(d) = text.strip_prefix("u0x") {
            IntLiteral::parse_hex(d, false)
        } else if let Some(d) = text.strip_prefix("s0x") {
            IntLiteral::parse_hex(d, true)
        } else {
            IntLiteral::parse_decimal(text)
        }
    }

    /// The smallest value that holds the literal.
    pub fn value(&self) -> &APInt {
        &self.value
    }

    /// Whether the literal extends as signed.
    pub fn is_signed(&self) -> bool {
        self.signed
    }

    /// The literal at `width` bits: sign- or zero-extended by its
    /// signedness, or truncated.
    ///
    /// # Panics
    ///
    /// If `width` is 0 or above [`MAX_WIDTH`].
    #[track_caller]
    pub fn to_width(&self, width: u32) -> APInt {
        if self.signed {
            self.value.sext_or_trunc(width)
        } else {
            self.value.zext_or_trunc(width)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(std::mem::size_of::<APInt>(), 24);
    }

    #[test]
    fn word_helpers() {
        assert_eq!(top_word_mask(64), u64::MAX);
        assert_eq!(top_word_mask(65), 1);
        assert_eq!(top_word_mask(128), u64::MAX);
        assert_eq!(shl_words(&[1, 0], 64, 2), vec![0, 1]);
        assert_eq!(shr_words(&[0, 1], 1, 0), vec![1 << 63, 0]);
        let (q, r) = divmod_words(&[5, 7, 9], &[3, 2]);
        // Check q * v + r == u.
        let back = mul_words(&q, &[3, 2], 3);
        let (sum, _) = add_words(&back, &[r[0], r[1], 0]);
        assert_eq!(sum, vec![5, 7, 9]);
    }

    /// A deterministic word stream (xorshift) for the product tests.
    fn words(seed: &mut u64, n: usize) -> Vec<u64> {
        (0..n)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                *seed
            })
            .collect()
    }

    #[test]
    fn karatsuba_equals_schoolbook() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for (la, lb) in [(40, 40), (41, 97), (200, 40), (313, 250), (97, 1000)] {
            let a = words(&mut seed, la);
            let mut b = words(&mut seed, lb);
            assert_eq!(mul_full(&a, &b), mul_words(&a, &b, la + lb), "{la}x{lb}");
            // All-ones factors carry through every word.
            b.iter_mut().for_each(|w| *w = u64::MAX);
            let a1 = vec![u64::MAX; la];
            assert_eq!(
                mul_full(&a1, &b),
                mul_words(&a1, &b, la + lb),
                "ones {la}x{lb}"
            );
        }
    }

    /// Decimal by repeated division by 10^19: the reference.
    fn slow_decimal(x: &[u64]) -> Vec<u8> {
        let mut out = Vec::new();
        small_to_decimal(x, 0, &mut out);
        out
    }

    #[test]
    fn decimal_printing_equals_repeated_division() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        for n in [0, 1, 2, 80, 81, 82, 161, 163, 400, 1000, 2500] {
            let mut x = words(&mut seed, n);
            assert_eq!(words_to_decimal(&x), slow_decimal(&x), "{n} words");
            // All ones, and a lone top bit over zeros.
            x.iter_mut().for_each(|w| *w = u64::MAX);
            assert_eq!(words_to_decimal(&x), slow_decimal(&x), "ones {n}");
            if n > 0 {
                x.iter_mut().for_each(|w| *w = 0);
                x[n - 1] = 1;
                assert_eq!(words_to_decimal(&x), slow_decimal(&x), "top {n}");
            }
        }
        // Powers of ten and one below them, where the padding of the low
        // halves and the quotient correction both matter.
        for digits in [1520, 1539, 1540, 3040, 3041, 6080, 12160, 20000] {
            let mut ten = vec![b'0'; digits + 1];
            ten[0] = b'1';
            let p = decimal_to_words(&ten);
            assert_eq!(words_to_decimal(&p), ten, "10^{digits}");
            let nines = vec![b'9'; digits];
            let m = decimal_to_words(&nines);
            assert_eq!(words_to_decimal(&m), nines, "10^{digits} - 1");
        }
    }

    #[test]
    fn reciprocal_is_the_floor() {
        let mut seed = 77u64;
        for n in [81, 90, 170, 341, 700] {
            let mut d = words(&mut seed, n);
            for top in [1u64, 0x8000_0000_0000_0000, u64::MAX, d[n - 1] | 1] {
                d[n - 1] = top;
                let mut pow = vec![0u64; 2 * n + 1];
                pow[2 * n] = 1;
                let (mut q, _) = divmod_words(&pow, &d);
                q.truncate(significant_len(&q));
                assert_eq!(reciprocal(&d), q, "{n} words, top {top:#x}");
            }
        }
    }

    #[test]
    fn power_of_two_radixes_equal_repeated_division() {
        let mut seed = 99u64;
        for n in [2, 3, 7] {
            let w = words(&mut seed, n);
            let v = APInt::from_vec(n as u32 * 64 - 5, w);
            for radix in [2, 4, 8, 16, 32] {
                let mut words = v.words().to_vec();
                let mut digits = Vec::new();
                while significant_len(&words) > 0 {
                    let d = div_small_in_place(&mut words, radix as u64);
                    digits.push(char::from_digit(d as u32, radix).unwrap());
                }
                let want: String = digits.iter().rev().collect();
                assert_eq!(v.to_string_radix(radix, false), want, "radix {radix}");
            }
        }
        assert_eq!(APInt::zero(200).to_string_radix(16, false), "0");
    }

    #[test]
    fn decimal_divide_and_conquer_equals_horner() {
        let mut seed = 12345u64;
        for n in [1, 19, 20, 1519, 1520, 1521, 4000, 9001] {
            let digits: Vec<u8> = words(&mut seed, n)
                .iter()
                .map(|w| b'0' + (w % 10) as u8)
                .collect();
            let mut horner = Vec::new();
            for &d in &digits {
                mul_add_small(&mut horner, 10, (d - b'0') as u64);
            }
            horner.truncate(significant_len(&horner));
            assert_eq!(decimal_to_words(&digits), horner, "{n} digits");
        }
        let nines = vec![b'9'; 6000];
        let mut horner = Vec::new();
        for _ in 0..6000 {
            mul_add_small(&mut horner, 10, 9);
        }
        assert_eq!(decimal_to_words(&nines), horner);
    }
}
