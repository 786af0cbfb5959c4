//! LLVM's `ScaledNumber<uint64_t>`: a 64-bit mantissa with a 16-bit
//! binary exponent, with LLVM's rounding in products, quotients and
//! comparisons, and its decimal printing (`ScaledNumberBase::toString`).
//! Block frequencies are computed in it, so its bits decide the integer
//! frequencies the CFG printer colours by.

const MAX_SCALE: i32 = 16383;
const MIN_SCALE: i32 = -16382;

/// `digits * 2^scale`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scaled64 {
    digits: u64,
    scale: i16,
}

fn rounded(digits: u64, scale: i16, round: bool) -> (u64, i16) {
    if round {
        let d = digits.wrapping_add(1);
        if d == 0 {
            return (1 << 63, scale + 1);
        }
        return (d, scale);
    }
    (digits, scale)
}

fn multiply64(l: u64, r: u64) -> (u64, i16) {
    let (ul, ll, ur, lr) = (l >> 32, l & 0xffff_ffff, r >> 32, r & 0xffff_ffff);
    let (p1, p2, p3, p4) = (ul * ur, ul * lr, ll * ur, ll * lr);
    let (mut upper, mut lower) = (p1, p4);
    let mut add = |n: u64| {
        let nl = lower.wrapping_add((n & 0xffff_ffff) << 32);
        upper = upper.wrapping_add((n >> 32) + (nl < lower) as u64);
        lower = nl;
    };
    add(p2);
    add(p3);
    if upper == 0 {
        return (lower, 0);
    }
    let lz = upper.leading_zeros();
    let shift = 64 - lz;
    if lz != 0 {
        upper = upper << lz | lower >> shift;
    }
    rounded(
        upper,
        shift as i16,
        shift != 0 && lower & (1u64 << (shift - 1)) != 0,
    )
}

fn half(n: u64) -> u64 {
    (n >> 1) + (n & 1)
}

fn divide64(mut dividend: u64, mut divisor: u64) -> (u64, i16) {
    let mut shift: i32 = 0;
    let tz = divisor.trailing_zeros() as i32;
    if tz != 0 {
        shift -= tz;
        divisor >>= tz;
    }
    if divisor == 1 {
        return (dividend, shift as i16);
    }
    let lz = dividend.leading_zeros() as i32;
    if lz != 0 {
        shift -= lz;
        dividend <<= lz;
    }
    let mut q = dividend / divisor;
    dividend %= divisor;
    while q >> 63 == 0 && dividend != 0 {
        let overflow = dividend >> 63 != 0;
        dividend <<= 1;
        shift -= 1;
        q <<= 1;
        if overflow || divisor <= dividend {
            q |= 1;
            dividend = dividend.wrapping_sub(divisor);
        }
    }
    rounded(q, shift as i16, dividend >= half(divisor))
}

fn lg_impl(digits: u64, scale: i16) -> (i32, i32) {
    if digits == 0 {
        return (i32::MIN, 0);
    }
    let local_floor = 63 - digits.leading_zeros() as i32;
    let floor = scale as i32 + local_floor;
    if digits == 1u64 << local_floor {
        return (floor, 0);
    }
    let round = digits & (1u64 << (local_floor - 1)) != 0;
    (floor + round as i32, if round { 1 } else { -1 })
}

fn lg_floor(digits: u64, scale: i16) -> i32 {
    let (f, s) = lg_impl(digits, scale);
    f - (s > 0) as i32
}

fn compare_impl(l: u64, r: u64, diff: i32) -> i32 {
    let la = l >> diff;
    if la < r {
        return -1;
    }
    if la > r {
        return 1;
    }
    if l > la << diff {
        1
    } else {
        0
    }
}

fn compare(ld: u64, ls: i16, rd: u64, rs: i16) -> i32 {
    if ld == 0 {
        return if rd != 0 { -1 } else { 0 };
    }
    if rd == 0 {
        return 1;
    }
    let (gl, gr) = (lg_floor(ld, ls), lg_floor(rd, rs));
    if gl != gr {
        return if gl < gr { -1 } else { 1 };
    }
    if ls < rs {
        compare_impl(ld, rd, rs as i32 - ls as i32)
    } else {
        -compare_impl(rd, ld, ls as i32 - rs as i32)
    }
}

impl Scaled64 {
    /// `digits * 2^scale`.
    pub const fn new(digits: u64, scale: i16) -> Self {
        Scaled64 { digits, scale }
    }

    /// Zero.
    pub fn zero() -> Self {
        Self::new(0, 0)
    }

    /// The largest value.
    pub fn largest() -> Self {
        Self::new(u64::MAX, MAX_SCALE as i16)
    }

    /// Whether the value is zero.
    pub fn is_zero(self) -> bool {
        self.digits == 0
    }

    fn cmp3(self, o: Self) -> i32 {
        compare(self.digits, self.scale, o.digits, o.scale)
    }

    fn shift_left(&mut self, mut shift: i32) {
        if shift == 0 || self.is_zero() {
            return;
        }
        if shift < 0 {
            self.shift_right(-shift);
            return;
        }
        let ss = shift.min(MAX_SCALE - self.scale as i32);
        self.scale = (self.scale as i32 + ss) as i16;
        if ss == shift {
            return;
        }
        if self.digits == u64::MAX && self.scale as i32 == MAX_SCALE {
            return;
        }
        shift -= ss;
        if shift > self.digits.leading_zeros() as i32 {
            *self = Self::largest();
            return;
        }
        self.digits <<= shift;
    }

    fn shift_right(&mut self, mut shift: i32) {
        if shift == 0 || self.is_zero() {
            return;
        }
        if shift < 0 {
            self.shift_left(-shift);
            return;
        }
        let ss = shift.min(self.scale as i32 - MIN_SCALE);
        self.scale = (self.scale as i32 - ss) as i16;
        if ss == shift {
            return;
        }
        shift -= ss;
        if shift >= 64 {
            *self = Self::zero();
            return;
        }
        self.digits >>= shift;
    }

    /// The product, rounded as LLVM rounds it.
    pub fn product(self, x: Self) -> Self {
        if self.is_zero() {
            return self;
        }
        if x.is_zero() {
            return x;
        }
        let scales = self.scale as i32 + x.scale as i32;
        let (d, s) = if self.digits <= u32::MAX as u64 && x.digits <= u32::MAX as u64 {
            (self.digits * x.digits, 0)
        } else {
            multiply64(self.digits, x.digits)
        };
        let mut r = Self::new(d, s);
        r.shift_left(scales as i16 as i32);
        r
    }

    /// The quotient, rounded as LLVM rounds it.
    pub fn quotient(self, x: Self) -> Self {
        if self.is_zero() {
            return self;
        }
        if x.is_zero() {
            return Self::largest();
        }
        let scales = self.scale as i32 - x.scale as i32;
        let (d, s) = divide64(self.digits, x.digits);
        let mut r = Self::new(d, s);
        r.shift_left(scales as i16 as i32);
        r
    }

    /// `1 / self`.
    pub fn inverse(self) -> Self {
        Self::new(1, 0).quotient(self)
    }

    /// The value truncated to an integer, saturating (LLVM's `toInt`).
    pub fn to_u64(self) -> u64 {
        if compare(self.digits, self.scale, 1, 0) < 0 {
            return 0;
        }
        if compare(self.digits, self.scale, u64::MAX, 0) >= 0 {
            return u64::MAX;
        }
        if self.scale > 0 {
            self.digits << self.scale
        } else if self.scale < 0 {
            self.digits >> -self.scale
        } else {
            self.digits
        }
    }

    /// The larger of two values.
    pub fn max(self, o: Self) -> Self {
        if self.cmp3(o) < 0 {
            o
        } else {
            self
        }
    }

    /// The decimal text LLVM's `ScaledNumber::print(OS, precision)`
    /// writes (`precision` from 1 to 9). The magnitudes LLVM hands to
    /// `APFloat` (at or above `2^64` with no integer digits left, or below
    /// `2^-120`) print in its scientific form, `1.0018E+48`.
    pub fn to_decimal(self, precision: usize) -> String {
        let (mut d, mut e) = (self.digits, self.scale);
        if d == 0 {
            return "0.0".into();
        }
        let (mut above, mut below, mut extra, mut extra_shift) = (0u64, 0u64, 0u64, 0i32);
        if e == 0 {
            above = d;
        } else if e > 0 {
            let shift = (d.leading_zeros() as i16).min(e);
            if shift != 0 {
                d <<= shift;
                e -= shift;
                if e == 0 {
                    above = d;
                }
            }
        } else if e > -64 {
            above = d >> -e;
            below = d << (64 + e);
        } else if e == -64 {
            below = d;
        } else if e > -120 {
            below = d >> (-e - 64);
            extra = d << (128 + e);
            extra_shift = -64 - e as i32;
        }
        if above == 0 && below == 0 {
            return apfloat_text(d, e, precision as u32);
        }
        let mut s: Vec<u8> = Vec::new();
        let mut digits_out = 0usize;
        if above != 0 {
            s = above.to_string().into_bytes();
            digits_out = s.len();
        } else {
            s.push(b'0');
        }
        if below == 0 {
            return String::from_utf8(s).expect("ascii") + ".0";
        }
        s.push(b'.');
        let mut error: u64 = 1; // 1 << (64 - 64)
        extra = (below & 0xf) << 56 | (extra >> 8);
        below >>= 4;
        let mut since_dot = 0usize;
        let after_dot = s.len();
        loop {
            if extra_shift != 0 {
                extra_shift -= 1;
                error = error.wrapping_mul(5);
            } else {
                error = error.wrapping_mul(10);
            }
            below = below.wrapping_mul(10);
            extra = extra.wrapping_mul(10);
            below = below.wrapping_add(extra >> 60);
            extra &= u64::MAX >> 4;
            s.push(b'0' + (below >> 60) as u8);
            below &= u64::MAX >> 4;
            if digits_out != 0 || *s.last().expect("a digit") != b'0' {
                digits_out += 1;
            }
            since_dot += 1;
            let go = error != 0
                && (below << 4 | extra >> 60) >= error / 2
                && (precision == 0 || digits_out <= precision || since_dot < 2);
            if !go {
                break;
            }
        }
        let strip = |v: &[u8]| -> String {
            let nz = v.iter().rposition(|&c| c != b'0').expect("a dot");
            let end = if v[nz] == b'.' { nz + 2 } else { nz + 1 };
            String::from_utf8(v[..end.min(v.len())].to_vec()).expect("ascii")
        };
        if precision == 0 || digits_out <= precision {
            return strip(&s);
        }
        let truncate = (s.len() - (digits_out - precision)).max(after_dot + 1);
        if truncate >= s.len() {
            return strip(&s);
        }
        if !matches!(s[truncate], b'5'..=b'9') {
            return strip(&s[..truncate]);
        }
        let mut t = s[..truncate].to_vec();
        let mut carry = true;
        for c in t.iter_mut().rev() {
            if *c == b'.' {
                continue;
            }
            if *c == b'9' {
                *c = b'0';
                continue;
            }
            *c += 1;
            carry = false;
            break;
        }
        if carry {
            t.insert(0, b'1');
        }
        strip(&t)
    }
}

/// LLVM's `toStringAPFloat`: `d * 2^e` normalised into an `x86_fp80` (the
/// exponent capped at the largest scale, where an unnormalised significand
/// becomes the format's denormal, as LLVM builds it) and printed by
/// `APFloat::toString(precision, 0)`.
fn apfloat_text(d: u64, e: i16, precision: u32) -> String {
    let e = i32::from(e);
    let new_e = MAX_SCALE.min(e + 63 - d.leading_zeros() as i32);
    // In 0..=63: `new_e` is at least `e` and at most `e + 63`.
    let shift = 63 - (new_e - e);
    let d = d << shift;
    // An `x86_fp80` denormal has `x86_fp80`'s minimum exponent, -16382.
    let exp2 = if d >> 63 == 0 {
        -16382 - 63
    } else {
        new_e - 63
    };
    crate::constants::apfloat::scientific_text(d, exp2, precision)
}

impl PartialEq for Scaled64 {
    fn eq(&self, o: &Self) -> bool {
        self.cmp3(*o) == 0
    }
}

impl PartialOrd for Scaled64 {
    fn partial_cmp(&self, o: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp3(*o).cmp(&0))
    }
}

#[cfg(test)]
mod tests {
    use super::Scaled64;

    /// Values LLVM hands to `APFloat` print in its scientific form: five
    /// digits, half up, trailing zeros dropped.
    #[test]
    fn apfloat_range() {
        let t = |d: u64, e: i16| Scaled64::new(d, e).to_decimal(5);
        assert_eq!(t(1, 80), "1.2089E+24"); // 1208925819614629174706176
        assert_eq!(t(1, 100), "1.2677E+30"); // 1.2676506002282294e30
        assert_eq!(t(95_367_431_640_625, 20), "1.0E+20"); // 5^20 * 2^20
        assert_eq!(t(1, -130), "7.3468E-40"); // 7.346839692639297e-40
        assert_eq!(t(u64::MAX, -190), "1.1755E-38"); // just under 2^-126
                                                     // In range: ScaledNumber's own digits.
        assert_eq!(t(3, -1), "1.5");
        assert_eq!(t(1, 63), "9223372036854775808.0");
    }
}
