//! Tests of the number layer: `APInt` against `u128`/`i128` as an oracle for
//! widths up to 128, the i1 folding table (behaviours C2, C4), huge widths
//! against values computed with Python, and `IntLiteral` as LLVM 19's lexer
//! and parser read integer literals. Float tests live in `apfloat.rs`'s unit
//! tests and in the oracle tables at the bottom of this file.

use lair::constants::apint::{APInt, IntLiteral, MAX_WIDTH};
use std::cmp::Ordering;

/// A small deterministic generator (xorshift64*), so failures replay.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A value biased towards edge cases: 0, 1, -1, min, max and random.
    fn value(&mut self, width: u32) -> u128 {
        let mask = mask(width);
        let r = match self.next() % 8 {
            0 => 0,
            1 => 1,
            2 => u128::MAX,
            3 => 1u128 << (width - 1),
            4 => (1u128 << (width - 1)).wrapping_sub(1),
            5 => self.next() as u128 & 0xff,
            _ => ((self.next() as u128) << 64) | self.next() as u128,
        };
        r & mask
    }
}

fn mask(width: u32) -> u128 {
    if width == 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

fn sext(width: u32, v: u128) -> i128 {
    let sh = 128 - width;
    ((v << sh) as i128) >> sh
}

fn ap(width: u32, v: u128) -> APInt {
    APInt::from_words(width, &[v as u64, (v >> 64) as u64])
}

fn val(a: &APInt) -> u128 {
    let w = a.words();
    w[0] as u128 | (w.get(1).copied().unwrap_or(0) as u128) << 64
}

const WIDTHS: &[u32] = &[1, 2, 3, 7, 8, 16, 31, 32, 33, 63, 64, 65, 96, 127, 128];

#[test]
fn arithmetic_matches_u128_oracle() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for &w in WIDTHS {
        let m = mask(w);
        for _ in 0..600 {
            let (x, y) = (rng.value(w), rng.value(w));
            let (a, b) = (ap(w, x), ap(w, y));
            let (sx, sy) = (sext(w, x), sext(w, y));
            let ctx = format!("i{w} x={x:#x} y={y:#x}");
            assert_eq!(val(&a.add(&b)), x.wrapping_add(y) & m, "add {ctx}");
            assert_eq!(val(&a.sub(&b)), x.wrapping_sub(y) & m, "sub {ctx}");
            assert_eq!(val(&a.mul(&b)), x.wrapping_mul(y) & m, "mul {ctx}");
            assert_eq!(val(&a.neg()), x.wrapping_neg() & m, "neg {ctx}");
            assert_eq!(val(&a.not()), !x & m, "not {ctx}");
            assert_eq!(val(&a.and(&b)), x & y, "and {ctx}");
            assert_eq!(val(&a.or(&b)), x | y, "or {ctx}");
            assert_eq!(val(&a.xor(&b)), x ^ y, "xor {ctx}");
            if let Some(qx) = x.checked_div(y) {
                assert_eq!(val(&a.udiv(&b)), qx, "udiv {ctx}");
                assert_eq!(val(&a.urem(&b)), x % y, "urem {ctx}");
                let q = sx.wrapping_div(sy) as u128 & m;
                let r = sx.wrapping_rem(sy) as u128 & m;
                assert_eq!(val(&a.sdiv(&b)), q, "sdiv {ctx}");
                assert_eq!(val(&a.srem(&b)), r, "srem {ctx}");
            } else {
                assert!(a.checked_udiv(&b).is_none());
                assert!(a.checked_sdiv(&b).is_none());
                assert!(a.checked_urem(&b).is_none());
                assert!(a.checked_srem(&b).is_none());
            }
            // Comparisons.
            assert_eq!(a.ucmp(&b), x.cmp(&y), "ucmp {ctx}");
            assert_eq!(a.scmp(&b), sx.cmp(&sy), "scmp {ctx}");
            assert_eq!(a.ult(&b), x < y);
            assert_eq!(a.ule(&b), x <= y);
            assert_eq!(a.ugt(&b), x > y);
            assert_eq!(a.uge(&b), x >= y);
            assert_eq!(a.slt(&b), sx < sy);
            assert_eq!(a.sle(&b), sx <= sy);
            assert_eq!(a.sgt(&b), sx > sy);
            assert_eq!(a.sge(&b), sx >= sy);
            // Overflow flags.
            let (r, o) = a.uadd_ov(&b);
            assert_eq!(
                (val(&r), o),
                (
                    x.wrapping_add(y) & m,
                    x.checked_add(y).is_none_or(|s| s > m)
                ),
                "uadd_ov {ctx}"
            );
            let (_, o) = a.sadd_ov(&b);
            let exact = sx.checked_add(sy);
            assert_eq!(
                o,
                exact.is_none_or(|s| sext(w, s as u128 & m) != s),
                "sadd_ov {ctx}"
            );
            let (_, o) = a.usub_ov(&b);
            assert_eq!(o, x < y, "usub_ov {ctx}");
            let (_, o) = a.ssub_ov(&b);
            let exact = sx.checked_sub(sy);
            assert_eq!(
                o,
                exact.is_none_or(|s| sext(w, s as u128 & m) != s),
                "ssub_ov {ctx}"
            );
            let (r, o) = a.umul_ov(&b);
            assert_eq!(val(&r), x.wrapping_mul(y) & m);
            assert_eq!(o, x.checked_mul(y).is_none_or(|p| p > m), "umul_ov {ctx}");
            let (r, o) = a.smul_ov(&b);
            assert_eq!(val(&r), x.wrapping_mul(y) & m);
            let exact = sx.checked_mul(sy);
            assert_eq!(
                o,
                exact.is_none_or(|p| sext(w, p as u128 & m) != p),
                "smul_ov {ctx}"
            );
            // Shifts by an amount in range.
            let s = (y % w as u128) as u32;
            assert_eq!(val(&a.shl(s)), (x << s) & m, "shl {ctx}");
            assert_eq!(val(&a.lshr(s)), x >> s, "lshr {ctx}");
            assert_eq!(val(&a.ashr(s)), (sx >> s) as u128 & m, "ashr {ctx}");
            let (r, o) = a.ushl_ov(s);
            assert_eq!(val(&r), (x << s) & m);
            assert_eq!(o, ((x << s) & m) >> s != x, "ushl_ov {ctx} s={s}");
            let (_, o) = a.sshl_ov(s);
            let back = sext(w, (x << s) & m) >> s;
            assert_eq!(o, back != sx, "sshl_ov {ctx} s={s}");
            // Bit counting.
            let lz = if x == 0 {
                w
            } else {
                x.leading_zeros() - (128 - w)
            };
            assert_eq!(a.count_leading_zeros(), lz, "clz {ctx}");
            let lo = (!x & m).leading_zeros().saturating_sub(128 - w).min(w);
            let lo = if x == m { w } else { lo };
            assert_eq!(a.count_leading_ones(), lo, "clo {ctx}");
            assert_eq!(
                a.count_trailing_zeros(),
                x.trailing_zeros().min(w),
                "ctz {ctx}"
            );
            assert_eq!(
                a.count_trailing_ones(),
                x.trailing_ones().min(w),
                "cto {ctx}"
            );
            assert_eq!(a.count_ones(), x.count_ones(), "popcount {ctx}");
            assert_eq!(a.active_bits(), w - lz);
            assert_eq!(a.is_negative(), sx < 0);
            let min_signed = if sx < 0 {
                129 - (!sx).leading_zeros()
            } else {
                129 - sx.leading_zeros()
            };
            assert_eq!(
                a.min_signed_bits(),
                min_signed.min(w),
                "min_signed_bits {ctx}"
            );
            assert_eq!(a.try_to_u64(), u64::try_from(x).ok());
            assert_eq!(a.try_to_i64(), i64::try_from(sx).ok());
            // Text.
            assert_eq!(a.to_string_unsigned(), x.to_string(), "utoa {ctx}");
            assert_eq!(a.to_string_signed(), sx.to_string(), "stoa {ctx}");
            assert_eq!(a.to_string(), sx.to_string());
            assert_eq!(a.to_string_radix(16, false), format!("{x:x}"));
            assert_eq!(a.to_string_radix(2, false), format!("{x:b}"));
            assert_eq!(APInt::from_str_radix(w, &x.to_string(), 10).unwrap(), a);
            assert_eq!(APInt::from_str_radix(w, &sx.to_string(), 10).unwrap(), a);
            assert_eq!(APInt::from_str_radix(w, &format!("{x:X}"), 16).unwrap(), a);
            // Casts.
            for &w2 in WIDTHS {
                if w2 <= w {
                    assert_eq!(val(&a.trunc(w2)), x & mask(w2));
                } else {
                    assert_eq!(val(&a.zext(w2)), x);
                    assert_eq!(
                        val(&a.sext(w2)),
                        sx as u128 & mask(w2),
                        "sext {ctx} to i{w2}"
                    );
                }
                assert_eq!(val(&a.zext_or_trunc(w2)), x & mask(w2));
                assert_eq!(val(&a.sext_or_trunc(w2)), sx as u128 & mask(w2));
            }
        }
    }
}

#[test]
fn shifts_out_of_range() {
    for &w in WIDTHS {
        let a = APInt::all_ones(w);
        assert!(a.checked_shl(w as u64).is_none());
        assert!(a.checked_lshr(w as u64).is_none());
        assert!(a.checked_ashr(u64::MAX).is_none());
        assert!(a.shl(w).is_zero());
        assert!(a.lshr(w + 5).is_zero());
        assert!(a.ashr(w).is_all_ones());
        assert_eq!(APInt::one(w).ashr(w).is_zero(), w > 1);
        assert_eq!(a.checked_shl(0), Some(a.clone()));
        assert_eq!(a.ushl_ov(w), (APInt::zero(w), true));
        assert_eq!(a.sshl_ov(w), (APInt::zero(w), true));
    }
}

/// Behaviour C4: i1 folding, with 1 and -1 the same bit.
#[test]
fn i1_folding_table_c4() {
    let t = APInt::from_bool(true);
    let one = APInt::new(1, 1);
    let neg_one = APInt::from_i64(1, -1);
    assert_eq!(one, neg_one);
    assert_eq!(one, t);
    let f = APInt::from_bool(false);
    // add(1,1), add(-1,1), add(-1,-1) -> false
    assert_eq!(one.add(&one), f);
    assert_eq!(neg_one.add(&one), f);
    assert_eq!(neg_one.add(&neg_one), f);
    // sub(-1,1), sub(1,-1), sub(1,1) -> false
    assert_eq!(neg_one.sub(&one), f);
    assert_eq!(one.sub(&neg_one), f);
    assert_eq!(one.sub(&one), f);
    // shl(1,1) -> poison; shl(1,0) -> true
    assert_eq!(one.checked_shl(one.to_u64()), None);
    assert_eq!(one.checked_shl(0), Some(t.clone()));
    // mul(-1,1) -> true
    assert_eq!(neg_one.mul(&one), t);
    // sdiv(-1,1), sdiv(1,-1), udiv(-1,1), udiv(1,-1) -> true
    assert_eq!(neg_one.sdiv(&one), t);
    assert_eq!(one.sdiv(&neg_one), t);
    assert_eq!(neg_one.udiv(&one), t);
    assert_eq!(one.udiv(&neg_one), t);
    // srem(-1,1), srem(1,-1) -> false
    assert_eq!(neg_one.srem(&one), f);
    assert_eq!(one.srem(&neg_one), f);
    // i1 values print signed as -1 and 0.
    assert_eq!(t.to_string(), "-1");
    assert_eq!(t.to_string_unsigned(), "1");
    assert_eq!(f.to_string(), "0");
}

/// Behaviours C2 and C3: signedness and silent truncation.
#[test]
fn signedness_c2_c3() {
    assert_eq!(APInt::new(8, 206).sext_value(), -50);
    assert_eq!(APInt::from_i64(8, -50).to_u64(), 206);
    assert_eq!(APInt::new(8, 100), APInt::from_i64(8, 100));
    assert_eq!(APInt::new(1, u64::MAX), APInt::from_i64(1, -1));
    assert_eq!(APInt::new(8, 0x13b).to_u64(), 0x3b);
    assert_eq!(APInt::from_i64(128, -1), APInt::all_ones(128));
    assert_eq!(APInt::from_i64(200, -2).to_string(), "-2");
}

#[test]
fn division_edge_cases() {
    for &w in &[8u32, 64, 65, 128, 1000] {
        let min = APInt::signed_min(w);
        let m1 = APInt::all_ones(w);
        assert!(min.is_signed_min());
        assert!(APInt::signed_max(w).is_signed_max());
        // INT_MIN / -1 wraps; INT_MIN % -1 is 0.
        assert_eq!(min.sdiv(&m1), min, "i{w}");
        assert!(min.srem(&m1).is_zero(), "i{w}");
        // Rounding toward zero, remainder with the dividend's sign.
        let a = APInt::from_i64(w, -7);
        let b = APInt::from_i64(w, 2);
        assert_eq!(a.sdiv(&b), APInt::from_i64(w, -3));
        assert_eq!(a.srem(&b), APInt::from_i64(w, -1));
        assert_eq!(
            APInt::from_i64(w, 7).srem(&APInt::from_i64(w, -2)),
            APInt::one(w)
        );
        assert_eq!(a.udiv(&m1), APInt::zero(w));
        assert_eq!(m1.udiv(&m1), APInt::one(w));
        assert!(a.checked_sdivrem(&APInt::zero(w)).is_none());
        let (ov_q, ov) = min.smul_ov(&m1);
        assert_eq!(ov_q, min);
        assert!(ov);
    }
}

#[test]
#[should_panic(expected = "apint udiv by zero")]
fn udiv_by_zero_panics() {
    APInt::new(32, 1).udiv(&APInt::zero(32));
}

#[test]
#[should_panic(expected = "mismatched widths i32 and i64")]
fn width_mismatch_panics() {
    APInt::new(32, 1).add(&APInt::new(64, 1));
}

#[test]
#[should_panic(expected = "outside 1..=8388608")]
fn width_zero_panics() {
    APInt::zero(0);
}

const P2_1000_M1: &str = "10715086071862673209484250490600018105614048117055336074437503883703510511249361224931983788156958581275946729175531468251871452856923140435984577574698574803934567774824230985421074605062371141877954182153046474983581941267398767559165543946077062914571196477686542167660429831652624386837205668069375";
const M_P2_999: &str = "-5357543035931336604742125245300009052807024058527668037218751941851755255624680612465991894078479290637973364587765734125935726428461570217992288787349287401967283887412115492710537302531185570938977091076523237491790970633699383779582771973038531457285598238843271083830214915826312193418602834034688";
const P3_600: &str = "18739277038847939886754019920358123424308469030992781557966909983211910963157763678726120154469030856807730587971859910379069087693119051085139566217370635083384943613868029545256897117998608156843699465093293765833141309526696357142600866935689483770877815014461194837692223879905132001";
const P3_600_HEX: &str = "7e04ee38e4d1df8becbb6628ac423f8123e12adc5dd59b13137398541cbcf6bde33c486b91dcf2dcf9bf53817a14d473cfddc7eae21056c3c931c84384ae3cb01d4b9ba674f6617b033c01e8765d59f445076e79443d36824ad61edcee8fd983f902f6b2e210802427fdd4f9cbbe234b484e2bdefdbde1";
const P3_600_DIV_P7_200: &str = "1791203086593843657850440943377690956901408711435785999082798440659190708158548586675623983082870960078606356179517209";
const P3_600_REM_P7_200: &str = "4436769536543034142401167481595310676139526692374977733092611520354603802533886093862885494823161758803585393717657295688028941567151946921595021198304346948001356534792";
const NEG_P3_600_MOD_P2_1000: &str = "10715086071862654470207211642660131351594127758931911765968472890921952544339378013021020630393279855155792260144674660521283480997012761366896884455647489664368350404189147600477460737032825884980836183544889631284116847973632934417856017249719920313704260788202771289845415370457786694613325762937375";

fn pow(w: u32, base: u64, e: u32) -> APInt {
    let b = APInt::new(w, base);
    (0..e).fold(APInt::one(w), |acc, _| acc.mul(&b))
}

#[test]
fn huge_widths_against_python() {
    let w = 1000;
    assert_eq!(APInt::all_ones(w).to_string_unsigned(), P2_1000_M1);
    assert_eq!(APInt::all_ones(w).to_string(), "-1");
    assert_eq!(APInt::signed_min(w).to_string(), M_P2_999);
    assert_eq!(APInt::signed_min(w).to_string_unsigned(), &M_P2_999[1..]);
    let p3 = pow(w, 3, 600);
    assert_eq!(p3.to_string_unsigned(), P3_600);
    assert_eq!(p3.to_string_radix(16, false), P3_600_HEX);
    let p7 = pow(w, 7, 200);
    let (q, r) = p3.checked_udivrem(&p7).unwrap();
    assert_eq!(q.to_string(), P3_600_DIV_P7_200);
    assert_eq!(r.to_string(), P3_600_REM_P7_200);
    assert_eq!(q.mul(&p7).add(&r), p3);
    assert_eq!(p3.neg().to_string_unsigned(), NEG_P3_600_MOD_P2_1000);
    assert_eq!(p3.neg().to_string(), format!("-{P3_600}"));
    assert_eq!(APInt::from_str_radix(w, P3_600, 10).unwrap(), p3);
    assert_eq!(
        APInt::from_str_radix(w, &format!("-{P3_600}"), 10).unwrap(),
        p3.neg()
    );
    assert_eq!(APInt::from_str_radix(w, P3_600_HEX, 16).unwrap(), p3);
    assert_eq!(p3.active_bits(), 951);
    assert_eq!(p3.trunc(64).to_u64(), pow(64, 3, 600).to_u64());
    // Signed division with big negative operands.
    assert_eq!(p3.neg().sdiv(&p7), q.neg());
    assert_eq!(p3.neg().srem(&p7), r.neg());
    assert_eq!(p3.sdiv(&p7.neg()), q.neg());
    assert_eq!(p3.srem(&p7.neg()), r);
    // Shifts agree with multiplication by powers of two.
    for s in [0u32, 1, 63, 64, 65, 128, 500, 999] {
        assert_eq!(p3.shl(s), p3.mul(&APInt::one(w).shl(s)), "shl {s}");
        assert_eq!(
            p3.lshr(s).shl(s),
            p3.and(&APInt::all_ones(w).shl(s)),
            "lshr {s}"
        );
        assert_eq!(
            p3.neg().ashr(s),
            p3.neg().sdiv(&APInt::one(w).shl(s)).sub(&if p3
                .neg()
                .and(&APInt::one(w).shl(s).sub(&APInt::one(w)))
                .is_zero()
            {
                APInt::zero(w)
            } else {
                APInt::one(w)
            }),
            "ashr {s}"
        );
    }
    // Overflow at huge widths.
    let max = APInt::signed_max(w);
    assert!(max.sadd_ov(&APInt::one(w)).1);
    assert!(!max.uadd_ov(&APInt::one(w)).1);
    assert!(APInt::all_ones(w).uadd_ov(&APInt::one(w)).1);
    assert!(p3.umul_ov(&p3).1);
    assert!(!p7.umul_ov(&APInt::new(w, 2)).1);
    assert!(!p7.smul_ov(&APInt::from_i64(w, -3)).1);
    assert!(APInt::signed_min(w)
        .smul_ov(&APInt::one(w))
        .0
        .is_signed_min());
    assert!(!APInt::signed_min(w).smul_ov(&APInt::one(w)).1);
    assert!(APInt::signed_min(w).smul_ov(&APInt::all_ones(w)).1);
    let half = APInt::one(w).shl(499);
    assert!(!half.neg().smul_ov(&half).1, "-2^499 * 2^499 = -2^998 fits");
    assert!(half.smul_ov(&half.shl(1)).1, "2^999 does not fit signed");
    assert!(!half.neg().smul_ov(&half.shl(1)).1, "-2^999 fits");
}

#[test]
fn max_width_values() {
    let a = APInt::all_ones(MAX_WIDTH);
    assert_eq!(a.count_ones(), MAX_WIDTH);
    assert_eq!(a.words().len(), (MAX_WIDTH / 64) as usize);
    assert!(a.add(&APInt::one(MAX_WIDTH)).is_zero());
    assert_eq!(a.sext_or_trunc(3), APInt::all_ones(3));
    assert_eq!(APInt::new(7, 5).sext(MAX_WIDTH).trunc(64).to_u64(), 5);
    assert_eq!(a.try_to_i64(), Some(-1));
    assert_eq!(a.try_to_u64(), None);
}

#[test]
fn int_literals_like_llvm_19() {
    let lit = |t: &str| IntLiteral::parse(t).unwrap();
    // Minimal widths.
    assert_eq!(lit("0").value(), &APInt::zero(1));
    assert_eq!(lit("1").value(), &APInt::one(1));
    assert_eq!(lit("255").value().width(), 8);
    assert_eq!(lit("-1").value(), &APInt::all_ones(1));
    assert_eq!(lit("-0").value(), &APInt::zero(1));
    assert_eq!(lit("-128").value().width(), 8);
    assert_eq!(lit("-129").value().width(), 9);
    assert_eq!(lit("-2").value().width(), 2);
    assert!(lit("-5").is_signed());
    assert!(!lit("5").is_signed());
    // Meeting a type.
    assert_eq!(lit("200").to_width(8).to_string(), "-56");
    assert_eq!(lit("-200").to_width(8).to_string(), "56");
    assert_eq!(lit("255").to_width(32).to_string(), "255");
    assert_eq!(lit("-1").to_width(64).to_string(), "-1");
    assert_eq!(lit("18446744073709551615").to_width(64).to_string(), "-1");
    assert_eq!(lit("18446744073709551616").to_width(64).to_string(), "0");
    assert_eq!(lit("1").to_width(1).to_string(), "-1");
    assert_eq!(lit(P3_600).to_width(1000).to_string(), P3_600);
    assert_eq!(
        lit(&format!("-{P3_600}")).to_width(1000).to_string(),
        format!("-{P3_600}")
    );
    assert_eq!(lit("000042").value().width(), 6);
    // u0x / s0x.
    assert_eq!(lit("s0xFF").to_width(32).to_string(), "-1");
    assert_eq!(lit("u0xFF").to_width(32).to_string(), "255");
    assert_eq!(lit("s0x0").value().width(), 4);
    // LLVM 19 quirk: s0x7f has 7 active bits, so it is a negative i7.
    assert_eq!(lit("s0x7f").to_width(16).to_string(), "-1");
    assert_eq!(lit("s0x07f").to_width(16).to_string(), "-1");
    assert_eq!(lit("u0xFFFFF").to_width(16).to_string(), "-1");
    assert_eq!(lit("u0x10000000000000000").value().width(), 65);
    // Errors are values, never panics.
    for bad in ["", "-", "12a", "1.5", "u0x", "s0xg", "--1", " 1", "+1", "١"] {
        let e = IntLiteral::parse(bad).unwrap_err();
        assert!(
            e.to_string().chars().next().unwrap().is_lowercase(),
            "{bad:?}: {e}"
        );
    }
    assert!(APInt::from_str_radix(8, "", 10).is_err());
    assert!(APInt::from_str_radix(8, "-", 10).is_err());
    assert!(APInt::from_str_radix(8, "19", 8).is_err());
    assert_eq!(
        APInt::from_str_radix(8, "-1", 10).unwrap(),
        APInt::all_ones(8)
    );
    assert_eq!(APInt::from_str_radix(8, "257", 10).unwrap(), APInt::one(8));
}

#[test]
fn debug_and_display() {
    assert_eq!(format!("{:?}", APInt::from_i64(8, -1)), "i8 -1");
    assert_eq!(format!("{}", APInt::new(64, u64::MAX)), "-1");
    assert_eq!(
        format!("{}", APInt::new(65, u64::MAX)),
        "18446744073709551615"
    );
    assert_eq!(APInt::from_i64(70, -255).to_string_radix(16, true), "-ff");
    assert_eq!(APInt::from_i64(8, -1).to_string_radix(36, false), "73");
    assert_eq!(APInt::zero(300).to_string_radix(7, true), "0");
}

#[test]
fn equality_and_hash_are_value_equality() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let h = |a: &APInt| {
        let mut s = DefaultHasher::new();
        a.hash(&mut s);
        s.finish()
    };
    let a = APInt::new(100, 5)
        .add(&APInt::all_ones(100))
        .add(&APInt::one(100));
    let b = APInt::new(100, 5);
    assert_eq!(a, b);
    assert_eq!(h(&a), h(&b));
    assert_ne!(APInt::new(8, 5), APInt::new(9, 5));
    assert_eq!(
        APInt::from_words(70, &[1, u64::MAX, 7]),
        APInt::from_words(70, &[1, 0x3f])
    );
    assert_eq!(APInt::new(8, 1).ucmp(&APInt::new(8, 2)), Ordering::Less);
}

#[test]
fn big_division_identities() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for round in 0..400 {
        let w = [129u32, 192, 200, 256, 500, 1000, 1024][round % 7];
        let n = w.div_ceil(64) as usize;
        // Random lengths so both short and Knuth division run, with runs of
        // ones and zeros that provoke the add-back step.
        let word = |rng: &mut Rng| match rng.next() % 4 {
            0 => 0,
            1 => u64::MAX,
            2 => 1 << 63,
            _ => rng.next(),
        };
        let ul = 1 + (rng.next() as usize % n);
        let vl = 1 + (rng.next() as usize % n);
        let u: Vec<u64> = (0..ul).map(|_| word(&mut rng)).collect();
        let v: Vec<u64> = (0..vl).map(|_| word(&mut rng)).collect();
        let (a, b) = (APInt::from_words(w, &u), APInt::from_words(w, &v));
        match a.checked_udivrem(&b) {
            None => assert!(b.is_zero()),
            Some((q, r)) => {
                assert!(r.ult(&b), "remainder below divisor, i{w}");
                let (qb, ov) = q.umul_ov(&b);
                assert!(!ov);
                assert_eq!(qb.add(&r), a, "q*v+r == u, i{w}");
                let (s, r2) = a.checked_sdivrem(&b).unwrap();
                assert_eq!(s.mul(&b).add(&r2), a, "signed identity, i{w}");
                assert!(r2.is_zero() || r2.is_negative() == a.is_negative());
            }
        }
        // Multiplication undone by division when it does not overflow.
        let (p, ov) = a.umul_ov(&b);
        if !ov && !b.is_zero() {
            assert_eq!(p.udiv(&b), a);
        }
        // Text round trips.
        assert_eq!(APInt::from_str_radix(w, &a.to_string(), 10).unwrap(), a);
        assert_eq!(
            APInt::from_str_radix(w, &a.to_string_radix(7, true), 7).unwrap(),
            a
        );
        assert_eq!(
            APInt::from_str_radix(w, &a.to_string_radix(36, false), 36).unwrap(),
            a
        );
        assert_eq!(IntLiteral::parse(&a.to_string()).unwrap().to_width(w), a);
    }
}
