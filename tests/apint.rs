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

/// A decimal literal read straight at a type's width (modulo 2^width,
/// linear in the digits) equals the whole value met at the type, for
/// widths across the word boundaries and past `DECIMAL_MOD_WORDS`.
#[test]
fn decimal_at_width_equals_the_literal_at_the_width() {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut digits = |n: usize| -> String {
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (b'0' + (x % 10) as u8) as char
            })
            .collect()
    };
    let mut texts: Vec<String> = [
        "0",
        "-0",
        "1",
        "-1",
        "000",
        "-000042",
        "18446744073709551616",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for n in [1, 18, 19, 20, 38, 39, 40, 100, 1000, 5000] {
        let d = digits(n);
        texts.push(format!("-{d}"));
        texts.push(d);
    }
    texts.push(format!("{}{}", "0".repeat(50), digits(30)));
    for t in &texts {
        let lit = IntLiteral::parse(t).unwrap();
        for w in [
            1, 7, 8, 32, 63, 64, 65, 127, 128, 129, 1000, 4096, 4097, 9000,
        ] {
            assert_eq!(
                IntLiteral::decimal_at_width(t, w).unwrap(),
                lit.to_width(w),
                "{t} at i{w}"
            );
        }
    }
    for bad in ["", "-", "12a", "--1", "+1"] {
        assert_eq!(
            IntLiteral::decimal_at_width(bad, 64)
                .unwrap_err()
                .to_string(),
            IntLiteral::parse(bad).unwrap_err().to_string(),
            "{bad:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// Floating-point text: LLVM 19's llvm-as | llvm-dis as the oracle.

mod float_text {
    use super::Rng;
    use lair::constants::apfloat::{APFloat, FloatKind, FloatLiteral};
    use std::io::Write;
    use std::path::Path;
    use std::process::{Command, Stdio};

    const LLVM_AS: &str = "/usr/lib/llvm-19/bin/llvm-as";
    const LLVM_DIS: &str = "/usr/lib/llvm-19/bin/llvm-dis";

    const KINDS: [FloatKind; 7] = [
        FloatKind::Half,
        FloatKind::BFloat,
        FloatKind::Float,
        FloatKind::Double,
        FloatKind::X86Fp80,
        FloatKind::Fp128,
        FloatKind::PpcFp128,
    ];

    fn kind_named(name: &str) -> FloatKind {
        *KINDS
            .iter()
            .find(|k| k.name() == name)
            .unwrap_or_else(|| panic!("unknown kind {name}"))
    }

    /// `kind literal` → what LLVM 19 prints for it, or `ERR message`.
    fn check_table(table: &str) {
        let mut failures = Vec::new();
        let mut count = 0;
        for line in table.lines().filter(|l| !l.trim().is_empty()) {
            let (case, expected) = line.split_once(" => ").expect("table line");
            let (kind, lit) = case.split_once(' ').expect("kind and literal");
            let ours = match APFloat::parse_llvm(kind_named(kind), lit) {
                Ok(v) => v.to_llvm_string(),
                Err(e) => format!("ERR {e}"),
            };
            count += 1;
            if ours != expected {
                failures.push(format!("{case}: llvm {expected}, ours {ours}"));
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {count} differ:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    /// Every floating-point constant spelling in `shared/corpus/*.ll`
    /// (LLVM 19 output, so each prints as itself).
    #[test]
    fn corpus_constants_print_as_themselves() {
        let table: String = CORPUS
            .lines()
            .filter(|l| !l.is_empty())
            .map(|l| format!("{l} => {}\n", l.split_once(' ').unwrap().1))
            .collect();
        check_table(&table);
    }

    /// Cases of every kind and lexical form, with LLVM 19's answers.
    #[test]
    fn oracle_table() {
        check_table(ORACLE);
    }

    /// Printing then parsing gives back the same bits, for every kind.
    #[test]
    fn print_parse_round_trip() {
        let mut rng = Rng(0x0f1e_2d3c_4b5a_6978);
        for _ in 0..20_000 {
            let kind = KINDS[(rng.next() % 7) as usize];
            let bits = structured_bits(&mut rng, kind);
            let v = APFloat::from_bits(kind, bits);
            let text = v.to_llvm_string();
            let back = APFloat::parse_llvm(kind, &text)
                .unwrap_or_else(|e| panic!("{kind} {text} ({bits:#x}): {e}"));
            assert_eq!(back, v, "{kind} {text}");
            assert_eq!(
                FloatLiteral::parse(&text).unwrap().to_kind(kind).unwrap(),
                v
            );
        }
    }

    /// Random bits with a bias towards the interesting exponents (all ones:
    /// infinities and NaNs; zero: zeros and denormals) and sparse
    /// significands.
    fn structured_bits(rng: &mut Rng, kind: FloatKind) -> u128 {
        let w = kind.bit_width();
        let all = u128::MAX >> (128 - w);
        let exp_mask: u128 = match kind {
            FloatKind::Half => 0x7C00,
            FloatKind::BFloat => 0x7F80,
            FloatKind::Float => 0x7F80_0000,
            FloatKind::Double | FloatKind::PpcFp128 => 0x7FF0_0000_0000_0000,
            FloatKind::X86Fp80 => 0x7FFF << 64,
            FloatKind::Fp128 => 0x7FFF << 112,
        };
        let r = ((rng.next() as u128) << 64 | rng.next() as u128) & all;
        let sparse = r & !((1u128 << (rng.next() % w as u64)) - 1);
        match rng.next() % 5 {
            0 => r,
            1 => sparse,
            2 => sparse | exp_mask,
            3 => sparse & !exp_mask,
            _ => r & !exp_mask,
        }
    }

    /// A literal the lexer could hand over for `kind`, in a form LLVM is
    /// likely to accept for it.
    fn random_literal(rng: &mut Rng, kind: FloatKind) -> String {
        let bits = structured_bits(rng, kind);
        match (kind, rng.next() % 3) {
            (FloatKind::Double | FloatKind::Float, 0) => {
                // A short decimal: the decimal printing path.
                let digits = 1 + rng.next() % 7;
                let m = (rng.next() % 10u64.pow(digits as u32)).max(1);
                let e = (rng.next() % 80) as i64 - 40;
                let e = if kind == FloatKind::Double { e * 8 } else { e };
                let v: f64 = format!("{m}.0e{e}").parse().unwrap();
                let v = if kind == FloatKind::Float {
                    v as f32 as f64
                } else {
                    v
                };
                if v.is_finite() {
                    format!("0x{:016X}", v.to_bits())
                } else {
                    "1.0".to_string()
                }
            }
            (FloatKind::Float, _) => {
                let f = bits as u32;
                let d = if f32::from_bits(f).is_nan() {
                    (f as u64 >> 31) << 63 | 0x7ff << 52 | (f as u64 & 0x7f_ffff) << 29
                } else {
                    (f32::from_bits(f) as f64).to_bits()
                };
                format!("0x{d:016X}")
            }
            (FloatKind::Double, _) => format!("0x{:016X}", bits),
            (FloatKind::Half, _) => format!("0xH{:04X}", bits),
            (FloatKind::BFloat, _) => format!("0xR{:04X}", bits),
            (FloatKind::X86Fp80, _) => format!("0xK{:04X}{:016X}", bits >> 64, bits as u64),
            (FloatKind::Fp128, _) => format!("0xL{:016X}{:016X}", bits as u64, bits >> 64),
            (FloatKind::PpcFp128, _) => format!("0xM{:016X}{:016X}", bits as u64, bits >> 64),
        }
    }

    /// Thousands of random constants through the real llvm-as | llvm-dis,
    /// compared with our parse and print. Skipped when LLVM 19 is absent.
    #[test]
    fn live_llvm_19_oracle() {
        if !Path::new(LLVM_AS).exists() || !Path::new(LLVM_DIS).exists() {
            eprintln!("llvm 19 not found; skipping the live oracle");
            return;
        }
        let mut rng = Rng(0x5eed_f107_a7e5_0001);
        let mut module = String::new();
        let mut ours = Vec::new();
        for i in 0..6000 {
            let kind = KINDS[(rng.next() % 7) as usize];
            let lit = random_literal(&mut rng, kind);
            // Only cases we accept go in the module, so llvm-as must accept
            // all of them too.
            if let Ok(v) = APFloat::parse_llvm(kind, &lit) {
                module.push_str(&format!("@g{i} = global {kind} {lit}\n"));
                ours.push((format!("@g{i} = global {kind} {}", v.to_llvm_string()), lit));
            }
        }
        let run = |cmd: &str, input: &[u8]| {
            let mut child = Command::new(cmd)
                .args(["-", "-o", "-"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn llvm tool");
            child.stdin.take().unwrap().write_all(input).unwrap();
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{cmd}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            out.stdout
        };
        let bc = run(LLVM_AS, module.as_bytes());
        let text = String::from_utf8(run(LLVM_DIS, &bc)).unwrap();
        let theirs: Vec<&str> = text.lines().filter(|l| l.starts_with("@g")).collect();
        assert_eq!(theirs.len(), ours.len());
        let mut bad = Vec::new();
        for (t, (o, lit)) in theirs.iter().zip(&ours) {
            if t != o {
                bad.push(format!("{lit}: llvm `{t}`, ours `{o}`"));
            }
        }
        assert!(
            bad.is_empty(),
            "{} of {} differ:\n{}",
            bad.len(),
            ours.len(),
            bad.join("\n")
        );
    }

    /// Every distinct floating-point constant in `shared/corpus/*.ll`:
    /// `grep -ohE '\b(half|bfloat|float|double|x86_fp80|fp128|ppc_fp128)
    /// (0x[KLMHR]?[0-9A-F]+|[-+]?[0-9]+\.[0-9]*(e[-+]?[0-9]+)?)' | sort -u`.
    const CORPUS: &str = "
double -1.000000e+00
double -5.000000e-01
double 0.000000e+00
double 0x14659F046C63EC82
double 0x171FF23EB01DC0BC
double 0x189FD3BE719D623C
double 0x1993D5B2B4912630
double 0x199F14BEF29D233C
double 0x1AE5C584B2E35302
double 0x1F3158D0952F444E
double 0x1F45C1E4A7433F62
double 0x229B48BA1199ED38
double 0x2A3D62DC5E3B8C5A
double 0x2A87E7A60785FA24
double 0x2E7BAC9ACD790118
double 0x2F5730769455CAF4
double 0x36ABB0CACDA9FD48
double 0x3AC747E6B7C5FA64
double 0x3C3BEA5A3B399ED8
double 0x3EB0C6F7A0B5ED8D
double 0x3FEFF7CED916872B
double 0x41DFFFFFFFC00000
double 0x42E7F8060FE5FA84
double 0x42E7F907CA644000
double 0x43E0000000000000
double 0x5BED708C47EB520A
double 0x5C2181C0AA1F453E
double 0x5C3BDE298C10660
double 0x6245C4E46A43C262
double 0x645BBA7AB359BEF8
double 0x669D973C8A9BB0BA
double 0x68713210FE6F3D8E
double 0x6B69CB08AD678286
double 0x6CEFCC0E0DEDA28C
double 0x6FCBD1EAD6C9EE68
double 0x722D56CCFE2BD84A
double 0x7FF0000000000000
double 0x8453B072FF51E0F0
double 0x8A4D16EC664BE86A
double 0x8A73DE9255715F10
double 0x8F279446FC2536C4
double 0x9087CDA66D85E024
double 0x96DD177C5ADBD0FA
double 0x99A9C9487BA720C6
double 0x9F8BB1AA66892E28
double 0xA4B7DDD679B5E854
double 0xA99365B24491B630
double 0xB4F73E1629F5E894
double 0xBA8D972C368B08AA
double 0xBA9DEB3CDE9B04BA
double 0xBBAF8ACE3CAD414C
double 0xC413A0329F1130B0
double 0xC6B77FD69BB58A54
double 0xCBC1F96029BFCCDE
double 0xD635E4D436333A52
double 0xD7A367C21AA16040
double 0xDB2F0A4E1C2D80CC
double 0xDE4D6AECBA4B3C6A
double 0xDED73FF603D59A74
double 0xE02B3A4A372946C8
double 0xE7799B18D177FA96
double 0xEB81C920A97FFC9E
double 0xED56574FED34AF2
double 0xF2B294AE629B5C8
double 0xFFFFFFFFFFFFFFFF
double 1.000000e+00
double 1.000000e+01
double 1.000000e+02
double 1.000000e+03
double 1.000000e+04
double 1.000000e+06
double 1.000000e+50
double 1.000000e-03
double 1.200000e+00
double 2.000000e+00
double 2.000000e+01
double 2.000000e+04
double 2.250000e+06
double 2.500000e+01
double 2.500000e+04
double 2.500000e-01
double 3.000000e+01
double 3.000000e+06
double 3.060010e+01
double 3.705000e+02
double 3.750000e+04
double 5.000000e+00
double 5.000000e+04
double 5.000000e+05
double 5.000000e+06
double 5.000000e+98
double 5.000000e-01
double 5.040000e+02
double 5.999900e+01
double 6.000000e+00
double 7.500000e+05
double 7.500000e-01
double 8.640000e+07
float 0.000000e+00
float 0x3858E1FCC0000000
float 0x3860281400000000
float 0x386337D700000000
float 0x3878262C00000000
float 0x399CA6F080000000
float 0x3A96E9BAC0000000
float 0x3AE62A1A00000000
float 0x3BDDFFC1C0000000
float 0x3CC76A8B40000000
float 0x3E3D363100000000
float 0x3F88E52CC0000000
float 0x3F8E20C200000000
float 0x3FC5A45980000000
float 0x408A6E0E40000000
float 0x40D1A46580000000
float 0x40E135D500000000
float 0x40E6301A00000000
float 0x41547F8B40000000
float 0x422D262100000000
float 0x423E073600000000
float 0x429C267B20000000
float 0x42FA640480000000
float 0x4332E556C0000000
float 0x4468E20CC0000000
float 0x4547B45B80000000
float 0x4582EBA6C0000000
float 0xB864F108C0000000
float 0xB8CAE8EEC0000000
float 0xBAC1790540000000
float 0xBBF6F31AC0000000
float 0xBD67632B40000000
float 0xC106AADA80000000
float 0xC16A359E00000000
float 0xC243AC5780000000
float 0xC2D0B12480000000
float 0xC2D66F5A40000000
float 0xC33C25F000000000
float 0xC4256F6940000000
float 0xC4B4A00880000000
float 0xC69B3C0F00000000
float 0xC7CDA66180000000
float 0xFFFFFFFFE0000000
float 1.000000e+00
float 1.471300e+04
float 1.765460e+05
float 2.592000e+06
float 3.153600e+07
float 3.600000e+03
float 6.000000e+01
float 8.640000e+04";

    /// Random literals of every kind and lexical form (including type
    /// mismatches), with what LLVM 19.1.7's llvm-as | llvm-dis made of them.
    const ORACLE: &str = "
float 0.3333333432674408 => 0x3FD5555560000000
half 0xH3F14 => 0xH3F14
bfloat 0xR8150 => 0xR8150
fp128 0xLCFAD2A70310EBBCDEDFDD0D4F8000000 => 0xLCFAD2A70310EBBCDEDFDD0D4F8000000
ppc_fp128 0xM5E640BFF21997F91994425062541E8A0 => 0xM5E640BFF21997F91994425062541E8A0
float 0x37F0000000000000 => 0x37F0000000000000
double 0x9B44DA385C156800 => 0x9B44DA385C156800
half 0xH9600 => 0xH9600
float 0xC446000000000000 => 0xC446000000000000
float -1.365101819457E264 => ERR floating point constant invalid for type
bfloat +12345.7276769 => ERR floating point constant invalid for type
half 3.366486976990959e+212 => ERR floating point constant invalid for type
double 3.7831739739638807e-19 => 0x3C1BEA36ADCB9407
x86_fp80 0xK82B5D7C3800000000000 => 0xK82B5D7C3800000000000
ppc_fp128 0xM0E1036CF36D982EE306B0DBA675586CC => 0xM0E1036CF36D982EE306B0DBA675586CC
half 0xH69FA => 0xH69FA
half 0xHC300 => 0xHC300
half 0xHEA2D => 0xHEA2D
float 0xC10C000000000000 => -2.293760e+05
float -589927.3249397333997272669e+163 => ERR floating point constant invalid for type
x86_fp80 0xKBFB4E49A4EC600000000 => 0xKBFB4E49A4EC600000000
double 0xEA83C0BEA2A60C48 => 0xEA83C0BEA2A60C48
half 0xHB740 => 0xHB740
double 2.24467428574293127936986e28 => 0x45D221E0AC23FEA4
double 0x78A45C6907C40000 => 0x78A45C6907C40000
half 0xH0D4F => 0xH0D4F
ppc_fp128 0xMAF7DD5F99BC2ED9F0A34C12217FBAC9F => 0xMAF7DD5F99BC2ED9F0A34C12217FBAC9F
half 0xH2000 => 0xH2000
ppc_fp128 0xM3550FC8FBA9000000000000000000000 => 0xM3550FC8FBA9000000000000000000000
float 0.10000000149011612 => 0x3FB99999A0000000
bfloat 0xRBDA0 => 0xRBDA0
fp128 0xL65C28000000000000000000000000000 => 0xL65C28000000000000000000000000000
ppc_fp128 0xM16544B30403400000000000000000000 => 0xM16544B30403400000000000000000000
float 0xB80C000000000000 => 0xB80C000000000000
x86_fp80 0xK3B89DC6B3256B93AF785 => 0xK3B89DC6B3256B93AF785
bfloat 0.3333333333333333 => ERR floating point constant invalid for type
half 0xH9407 => 0xH9407
bfloat 0xR0000 => 0xR0000
x86_fp80 0xKF7D79950000000000000 => 0xKF7D79950000000000000
fp128 0xL2FD00AD2702A6B62AD9BBB9628800000 => 0xL2FD00AD2702A6B62AD9BBB9628800000
float -0.448628371318015923068 => ERR floating point constant invalid for type
bfloat 0xR3600 => 0xR3600
half 0xHC000 => 0xHC000
float +2.997687125579055245752e-67 => ERR floating point constant invalid for type
bfloat 0xRA000 => 0xRA000
float -2.27252892124421474920E212 => ERR floating point constant invalid for type
bfloat 0xR8000 => 0xR8000
half 0xH4000 => 0xH4000
ppc_fp128 0xMADD404A35ABC862D9B525C0000000000 => 0xMADD404A35ABC862D9B525C0000000000
half 0xH0000 => 0xH0000
fp128 0xL290F2DAC9409FCB0B13C6C14AD500000 => 0xL290F2DAC9409FCB0B13C6C14AD500000
double +1.21432 => 1.214320e+00
x86_fp80 0xK20000000000000000000 => 0xK7FFF0000000000000000
float 343253.625 => 0x4114F35680000000
half 0xH3800 => 0xH3800
bfloat 0xR3760 => 0xR3760
ppc_fp128 0xM08347B54ACF91BBFE7F8AA112331E6A3 => 0xM08347B54ACF91BBFE7F8AA112331E6A3
fp128 0xL27DE33CBF5ACA37E9055220000000000 => 0xL27DE33CBF5ACA37E9055220000000000
fp128 0xLA9F0A71BC8DCFD001111060DC3BCDBAE => 0xLA9F0A71BC8DCFD001111060DC3BCDBAE
fp128 0xLD0FFC1CECD63E805936FB45581D1B945 => 0xLD0FFC1CECD63E805936FB45581D1B945
fp128 0xL29A8A662A24A87A841F70EFCE36E6C5F => 0xL29A8A662A24A87A841F70EFCE36E6C5F
half 0xH8770 => 0xH8770
half 0xHE000 => 0xHE000
fp128 0xL7A18D8D101B6D7E5B2736AC582800000 => 0xL7A18D8D101B6D7E5B2736AC582800000
x86_fp80 0xK35F8CC75D6310F000000 => 0xK35F8CC75D6310F000000
float 3.316398246433738184 => ERR floating point constant invalid for type
float 0xB80E08E300000000 => 0xB80E08E300000000
ppc_fp128 0xMAC88887D200000000000000000000000 => 0xMAC88887D200000000000000000000000
half 0xH4C47 => 0xH4C47
fp128 0xL8BB80000000000000000000000000000 => 0xL8BB80000000000000000000000000000
half 0xHAC00 => 0xHAC00
bfloat 0xRD538 => 0xRD538
fp128 0xL136C104F5C4A40000000000000000000 => 0xL136C104F5C4A40000000000000000000
bfloat 0xR29F4 => 0xR29F4
ppc_fp128 0xMA92D7A919C1D51533D34853BAC848000 => 0xMA92D7A919C1D51533D34853BAC848000
float 1.0 => 1.000000e+00
x86_fp80 -10.68580228E-214 => ERR floating point constant does not have type 'x86_fp80'
bfloat 0xR7120 => 0xR7120
float 0xB804000000000000 => 0xB804000000000000
half 0.5 => 0xH3800
ppc_fp128 0xM24B738FEEE99DCCFA5F9D8FC24000000 => 0xM24B738FEEE99DCCFA5F9D8FC24000000
ppc_fp128 0xM0D8B59F18F15199D5430BE0AD414F633 => 0xM0D8B59F18F15199D5430BE0AD414F633
double +0.59921E140 => 5.992100e+139
double -1.692732033724941960109e+264 => 0xF6CAE0D915E50675
x86_fp80 0xK5EB094940A6C707705F8 => 0xK5EB094940A6C707705F8
double 985474384131603572.2404 => 0x43AB5A377652D279
ppc_fp128 +10.928e+297 => ERR floating point constant does not have type 'ppc_fp128'
x86_fp80 0xKE0000000000000000000 => 0xKFFFF0000000000000000
ppc_fp128 0xM0F2F400C000000000000000000000000 => 0xM0F2F400C000000000000000000000000
ppc_fp128 0xMFB12A0BE5A6480000000000000000000 => 0xMFB12A0BE5A6480000000000000000000
half 0.1 => ERR floating point constant invalid for type
x86_fp80 0xK40393300000000000000 => 0xK7FFF3300000000000000
float +3.002677083040233465 => ERR floating point constant invalid for type
fp128 0xLB08B4B1FADC500000000000000000000 => 0xLB08B4B1FADC500000000000000000000
x86_fp80 0xK4C2F23D34B9C61E0B75C => 0xK7FFF23D34B9C61E0B75C
float +705465575368259113.2468454778899e-280 => ERR floating point constant invalid for type
half 0xH1E08 => 0xH1E08
double 0.3333333333333333 => 0x3FD5555555555555
x86_fp80 0xK925F9000000000000000 => 0xK925F9000000000000000
ppc_fp128 0xMD5420C4AC1F8D51DDC7C35AF5707BFC1 => 0xMD5420C4AC1F8D51DDC7C35AF5707BFC1
x86_fp80 0xKC73F27B7B82A21EAC8C2 => 0xKFFFF27B7B82A21EAC8C2
ppc_fp128 0xM54600000000000000000000000000000 => 0xM54600000000000000000000000000000
ppc_fp128 0xM6CE27E22717523FBAFD4E21D64A40000 => 0xM6CE27E22717523FBAFD4E21D64A40000
float 0x3804000000000000 => 0x3804000000000000
half 0xH9400 => 0xH9400
double 1.3217935470265501655 => 0x3FF52610FD88AF9A
x86_fp80 0xK0EF4EBA1664A58200000 => 0xK0EF4EBA1664A58200000
bfloat 0xRED00 => 0xRED00
bfloat 0xRA288 => 0xRA288
double -10.328090879091942312755 => 0xC024A7FB8717A1AE
fp128 0xLA3DF4409F80000000000000000000000 => 0xLA3DF4409F80000000000000000000000
bfloat 0xRD3EC => 0xRD3EC
x86_fp80 0xK3DB917355538E4536680 => 0xK7FFF17355538E4536680
float -12345.79653373170130603E+22 => ERR floating point constant invalid for type
ppc_fp128 0xM71A80000000000000000000000000000 => 0xM71A80000000000000000000000000000
half 0xH2D93 => 0xH2D93
double +3.7287560467958e-137 => 0x239BC0A34F57B94C
double 0x9D60CBC600000000 => 0x9D60CBC600000000
ppc_fp128 0xMBFE29F5A4683D02E36C25724AE5524FB => 0xMBFE29F5A4683D02E36C25724AE5524FB
bfloat 0xR4800 => 0xR4800
float 0xFFF0000000000000 => 0xFFF0000000000000
double 0x36FB3CD441534BA0 => 0x36FB3CD441534BA0
half 0xHD4F4 => 0xHD4F4
bfloat 0xR3800 => 0xR3800
bfloat 0xRC000 => 0xRC000
double 195588.87110474147 => 0x4107E026F805C340
ppc_fp128 0.3333333333333333 => ERR floating point constant does not have type 'ppc_fp128'
ppc_fp128 0xMFEACAA9BED7F50000000000000000000 => 0xMFEACAA9BED7F50000000000000000000
float 0xC4E4000000000000 => 0xC4E4000000000000
x86_fp80 0xKCA8B9119409B84000000 => 0xKCA8B9119409B84000000
bfloat 0xR76C0 => 0xR76C0
ppc_fp128 0xMD0E00000000000000000000000000000 => 0xMD0E00000000000000000000000000000
bfloat 0xRE300 => 0xRE300
bfloat -718494.8872516073 => ERR floating point constant invalid for type
ppc_fp128 0xM4BE59B8FC78723F5B42EC00000000000 => 0xM4BE59B8FC78723F5B42EC00000000000
float -12345.3144779977625e162 => ERR floating point constant invalid for type
fp128 +0.34481683831113507294951 => ERR floating point constant does not have type 'fp128'
fp128 0xLF36E55AE89800B0EBA789E147FA94B42 => 0xLF36E55AE89800B0EBA789E147FA94B42
x86_fp80 0xK87F9E8466DE85B188D43 => 0xK87F9E8466DE85B188D43
double 154019.9208144938473777 => 0x4102CD1F5DD3FD46
double -556432.4980712107 => 0xC120FB20FF033092
fp128 0xL10592237622EA14EF68B0855BB488E04 => 0xL10592237622EA14EF68B0855BB488E04
ppc_fp128 0xM7351DCF76E389DD05439065967CC4E44 => 0xM7351DCF76E389DD05439065967CC4E44
ppc_fp128 0xM20FADF7FAD8474F676B6EE633D081481 => 0xM20FADF7FAD8474F676B6EE633D081481
ppc_fp128 0xM25F841219B475CB61EC98244FC7561A8 => 0xM25F841219B475CB61EC98244FC7561A8
ppc_fp128 0xMC14B72984FA14F47590690CC3C5D21D6 => 0xMC14B72984FA14F47590690CC3C5D21D6
x86_fp80 0xK9A616B9DCC3D294F8000 => 0xKFFFF6B9DCC3D294F8000
ppc_fp128 0xMC4A263C90C77D36023B2080000000000 => 0xMC4A263C90C77D36023B2080000000000
float 0xC784000000000000 => 0xC784000000000000
x86_fp80 +10.778066589735558705192E310 => ERR floating point constant does not have type 'x86_fp80'
fp128 0xL59AB6788000000000000000000000000 => 0xL59AB6788000000000000000000000000
x86_fp80 0xKD00B20F8F7D520024EE7 => 0xKFFFF20F8F7D520024EE7
x86_fp80 0xKF6B7C69BA90000000000 => 0xKF6B7C69BA90000000000
bfloat 0xRD000 => 0xRD000
float -57077938986282148.E+169 => ERR floating point constant invalid for type
double 0x7E71A5CFFD470000 => 0x7E71A5CFFD470000
float +0.166452403893366738477382e+40 => ERR floating point constant invalid for type
double +1.6219472865381E-240 => 0xE25A15DB067FDDC
bfloat +3.797958315e129 => ERR floating point constant invalid for type
bfloat 0xR1B94 => 0xR1B94
x86_fp80 0xK776A44F5CC6D80000000 => 0xK7FFF44F5CC6D80000000
double 3.5146271703450850 => 0x400C1DF4D9921F0D
double 0x21E9572BF6C00000 => 0x21E9572BF6C00000
bfloat 0xRB300 => 0xRB300
half 12345.20 => ERR floating point constant invalid for type
float 0.0 => 0.000000e+00
ppc_fp128 0xM4AB31978CE2785F1EC593AF5655C9480 => 0xM4AB31978CE2785F1EC593AF5655C9480
double 0x69C0000000000000 => 0x69C0000000000000
fp128 100.851070940137493303886 => ERR floating point constant does not have type 'fp128'
x86_fp80 0xK9B436A44074800000000 => 0xKFFFF6A44074800000000
bfloat 0xRC400 => 0xRC400
ppc_fp128 -891854429021180846.73239997573129 => ERR floating point constant does not have type 'ppc_fp128'
fp128 0xLE885EF18D5CE28A69F9942295B5B4EDC => 0xLE885EF18D5CE28A69F9942295B5B4EDC
x86_fp80 0xKBF800000000000000000 => 0xKFFFF0000000000000000
x86_fp80 0xK326A8601A0A734000000 => 0xK326A8601A0A734000000
ppc_fp128 0xM7E6DA1C1808000000000000000000000 => 0xM7E6DA1C1808000000000000000000000
bfloat 0xR4000 => 0xR4000
fp128 0xL027C14A7A60000000000000000000000 => 0xL027C14A7A60000000000000000000000
fp128 0xL6AB9753C3963040498F470F800000000 => 0xL6AB9753C3963040498F470F800000000
x86_fp80 0xK023064C6E53140000000 => 0xK7FFF64C6E53140000000
double 0xA396C7C4E92A5EF0 => 0xA396C7C4E92A5EF0
ppc_fp128 0xME9BD26067B3BDE86A2DEC00000000000 => 0xME9BD26067B3BDE86A2DEC00000000000
bfloat 0xRB6B8 => 0xRB6B8
bfloat 0xR2000 => 0xR2000
bfloat 0x93A4875D343AD855 => ERR floating point constant invalid for type
ppc_fp128 0xM0D7516B6745D3AEBDD91AC4EF0A2E933 => 0xM0D7516B6745D3AEBDD91AC4EF0A2E933
double 4.4025017944817734e+163 => 0x61E876D8FCA97D44
float -524152.E-114 => ERR floating point constant invalid for type
double 12345.1645265954672539791836 => 0x40C81C950F351D6D
bfloat 0xR3000 => 0xR3000
ppc_fp128 0xM5FAFD2563DBB89CFF99C4EBB27F2E1C7 => 0xM5FAFD2563DBB89CFF99C4EBB27F2E1C7
ppc_fp128 0xM12B60C8BF0DB05595A5C70E61B994358 => 0xM12B60C8BF0DB05595A5C70E61B994358
half 0xHDC00 => 0xHDC00
fp128 0xLECE8F365CEE78EB386B73E87B3000000 => 0xLECE8F365CEE78EB386B73E87B3000000
double 0x3440030110E6C000 => 0x3440030110E6C000
half 0x7B1D592000000000 => ERR floating point constant invalid for type
float 870486877717500621.7222 => ERR floating point constant invalid for type
fp128 0.47154655339912216e-106 => ERR floating point constant does not have type 'fp128'
double -10.979086669817487e23 => 0xC4ED0FB7F0684F52
bfloat 0xR1800 => 0xR1800
ppc_fp128 0xME62C1766BC0B5EFD2B00000000000000 => 0xME62C1766BC0B5EFD2B00000000000000
double 0x1C6DBD1900000000 => 0x1C6DBD1900000000
x86_fp80 -0.220 => ERR floating point constant does not have type 'x86_fp80'
half 0xH7D60 => 0xH7D60
fp128 0xL231701D88C2A7FCAE37AB6BC71B70D78 => 0xL231701D88C2A7FCAE37AB6BC71B70D78
fp128 0xLAB08AA0019306ECA68F0000000000000 => 0xLAB08AA0019306ECA68F0000000000000
bfloat 0xR4980 => 0xR4980
float 0x3842853D20000000 => 0x3842853D20000000
fp128 0xL7CE3BDB3D70864E2DB48360000000000 => 0xL7CE3BDB3D70864E2DB48360000000000
x86_fp80 0xKA0444288D62003828135 => 0xKFFFF4288D62003828135
float 0.5 => 5.000000e-01
x86_fp80 0xK2EE1D2144C0000000000 => 0xK2EE1D2144C0000000000
x86_fp80 0xKB99F31538C4F5ACBE741 => 0xKFFFF31538C4F5ACBE741
float 0x4414000000000000 => 0x4414000000000000
x86_fp80 2.51597563144485513213 => ERR floating point constant does not have type 'x86_fp80'
bfloat 0xR4D5C => 0xR4D5C
ppc_fp128 0xM71AAEEA938C1B7E036A32A5D1C98DEF6 => 0xM71AAEEA938C1B7E036A32A5D1C98DEF6
x86_fp80 0xKF9BE7FF0880000000000 => 0xKFFFF7FF0880000000000
double 12345.63812915437828 => 0x40C81CD1AE375457
double +3.709 => 3.709000e+00
fp128 0xLB85FF8E15D0FE8F0C3F0D9864563EF35 => 0xLB85FF8E15D0FE8F0C3F0D9864563EF35
fp128 0xL23B98ED6E9C2EBD6F9109756E60D8391 => 0xL23B98ED6E9C2EBD6F9109756E60D8391
bfloat 0.1 => ERR floating point constant invalid for type
x86_fp80 0xK0B3EA9824AF000000000 => 0xK0B3EA9824AF000000000
fp128 0xL0E25F7B08255C39A6200000000000000 => 0xL0E25F7B08255C39A6200000000000000
half 0xH1DF8 => 0xH1DF8
half 1.0 => 0xH3C00
fp128 0xLD4B9386CF33D9F39990207A70B7E8F47 => 0xLD4B9386CF33D9F39990207A70B7E8F47
x86_fp80 0xK92CDF3C1035A08B894DC => 0xK92CDF3C1035A08B894DC
float 0xC118B5F060000000 => 0xC118B5F060000000
double 0x7D529530F75BE27F => 0x7D529530F75BE27F
double 0.167135 => 1.671350e-01
bfloat 0xR56D0 => 0xR56D0
fp128 -0.07819522656411681e+166 => ERR floating point constant does not have type 'fp128'
double 9.393961951502128e+120 => 0x590D1A6A530B3086
double 0x36265F4E93E01180 => 0x36265F4E93E01180
fp128 0xLC85784FCBC08074161C9C0B8DF29E800 => 0xLC85784FCBC08074161C9C0B8DF29E800
fp128 -2.36054 => ERR floating point constant does not have type 'fp128'
x86_fp80 0xK13AEE741D84000000000 => 0xK13AEE741D84000000000
fp128 0xL314FA79C53A585DC88F7F94AA1B8BDBB => 0xL314FA79C53A585DC88F7F94AA1B8BDBB
double 0x66F469AF60000000 => 0x66F469AF60000000
fp128 0xLFC504EF39F7E03B7BF945EC1DD97F446 => 0xLFC504EF39F7E03B7BF945EC1DD97F446
float +100.19458711601E296 => ERR floating point constant invalid for type
bfloat 0xRF0B6 => 0xRF0B6
double 6.169748386726627e-46 => 0x368C2DAD8A8BD0B5
double 3.467962337998601726692305e248 => 0x7388CCBEC585410B
x86_fp80 0xK69FC0000000000000000 => 0xK7FFF0000000000000000
fp128 0xLC7EEEFCD8C95C0000000000000000000 => 0xLC7EEEFCD8C95C0000000000000000000
x86_fp80 0xKF73A82276B0000000000 => 0xKF73A82276B0000000000
ppc_fp128 0xMBFD6BE827FC30C319806AC9212826991 => 0xMBFD6BE827FC30C319806AC9212826991
bfloat 0xRF64B => 0xRF64B
double +0.764016346816178527190e-208 => 0x14B91E20B13C81E1
double 0xB210A83F62080000 => 0xB210A83F62080000
double 0xA0DC7E3F1AFBA4D4 => 0xA0DC7E3F1AFBA4D4
float 0x3AFE000000000000 => 0x3AFE000000000000
ppc_fp128 0xM6639CE42CA2B1BF45D3E68675565480D => 0xM6639CE42CA2B1BF45D3E68675565480D
bfloat 0xR425C => 0xR425C
x86_fp80 0xKADB61CB9810400000000 => 0xKFFFF1CB9810400000000
double 1.6417097619672E-45 => 0x36A2BEB917338B22
fp128 0xL5022BA739C6F98B74437CE32BF689C00 => 0xL5022BA739C6F98B74437CE32BF689C00
bfloat 0xRDD48 => 0xRDD48
bfloat 0xRF8C5 => 0xRF8C5
half 0xH9280 => 0xH9280
fp128 0xL5794F8FF0E7A1928F8FEFFE4DADE5B29 => 0xL5794F8FF0E7A1928F8FEFFE4DADE5B29
double 100. => 1.000000e+02
bfloat 3.73578 => ERR floating point constant invalid for type
double 0.1 => 1.000000e-01
bfloat 0xR2304 => 0xR2304
fp128 0xL44DC95784F17BC724054C00000000000 => 0xL44DC95784F17BC724054C00000000000
ppc_fp128 0xM588BFF4BFCFCF76BD5E0CF2B7F7D0000 => 0xM588BFF4BFCFCF76BD5E0CF2B7F7D0000
fp128 0xLD9F6DE94351C20D6B23DF50C40000000 => 0xLD9F6DE94351C20D6B23DF50C40000000
float 0x37F8000000000000 => 0x37F8000000000000
float 0xFFF0AD1640000000 => 0xFFF0AD1640000000
ppc_fp128 0xM9C8F6CDDC0B9EB4FCEFC655FDAE74000 => 0xM9C8F6CDDC0B9EB4FCEFC655FDAE74000
ppc_fp128 0xMB835B198C7F3C18DE9C404063009FA89 => 0xMB835B198C7F3C18DE9C404063009FA89
half 0xH3200 => 0xH3200
fp128 0xLCCE804B93C204A435E00000000000000 => 0xLCCE804B93C204A435E00000000000000
x86_fp80 0xK8036A60AE467B48EA23F => 0xK8036A60AE467B48EA23F
ppc_fp128 0xM382497C0000000000000000000000000 => 0xM382497C0000000000000000000000000
ppc_fp128 0xM59800000000000000000000000000000 => 0xM59800000000000000000000000000000
half 0.83513048307490E128 => ERR floating point constant invalid for type
ppc_fp128 0xM6F7BD24E4F1BCDBC04E564847E900000 => 0xM6F7BD24E4F1BCDBC04E564847E900000
double 2.9335838313078e196 => 0x68B91DDB417541AF
float 0x3800000000000000 => 0x3800000000000000
fp128 0xL895B9751F5AF5EEEB568B400C8E36B4C => 0xL895B9751F5AF5EEEB568B400C8E36B4C
bfloat 0xR620D => 0xR620D
bfloat 0xRF800 => 0xRF800
half 0xH7040 => 0xH7040
x86_fp80 0xK05940000000000000000 => 0xK7FFF0000000000000000
fp128 0xL0F800000000000000000000000000000 => 0xL0F800000000000000000000000000000
half 0xHE58D => 0xHE58D
fp128 0xLA81177F4A42ED9D0E11ACAE58E600000 => 0xLA81177F4A42ED9D0E11ACAE58E600000
bfloat 0xR6200 => 0xR6200
x86_fp80 0xK40000000000000000000 => 0xK7FFF0000000000000000
half 0xH5730 => 0xH5730
bfloat 0xR4D00 => 0xR4D00
half 0xHF34A => 0xHF34A
x86_fp80 0.5 => ERR floating point constant does not have type 'x86_fp80'
float +1.49977637133397892615023e81 => ERR floating point constant invalid for type
ppc_fp128 0xMA8922D57900000000000000000000000 => 0xMA8922D57900000000000000000000000
float 65504.0 => 6.550400e+04
x86_fp80 0xKBFFF8000000000000001 => 0xKBFFF8000000000000001
half 0xH7871 => 0xH7871
half 0xH8000 => 0xH8000
fp128 0xL00000000000000003FFF000000000000 => 0xL00000000000000003FFF000000000000
bfloat 0xFFF4000000000000 => 0xRFFA0
fp128 0xLC679CCA3F871CC9F6AB7E623B3D3FC9A => 0xLC679CCA3F871CC9F6AB7E623B3D3FC9A
ppc_fp128 0xM3FF00000000000003800000000000000 => 0xM3FF00000000000003800000000000000
ppc_fp128 0xM3FF00000000000003C90000000000000 => 0xM3FF00000000000003C90000000000000
double 0x7FF8000000000001 => 0x7FF8000000000001
bfloat 0x3E70000000000000 => 0xR3380
double 1.0e-45 => 0x3696D601AD376AB9
bfloat 0x7FF0000000000000 => 0xR7F80
bfloat 0.5 => 0xR3F00
bfloat 0xR7F81 => 0xR7F81
half 0xH7E00 => 0xH7E00
x86_fp80 0xK3C018000000000000000 => 0xK3C018000000000000000
float 0x40EFFE1000000000 => 6.552050e+04
fp128 0xL6DE8E224F3B8FD46F1D2957B269AE5FC => 0xL6DE8E224F3B8FD46F1D2957B269AE5FC
double 1.00390625 => 0x3FF0100000000000
bfloat 0xR7FC0 => 0xR7FC0
half 0xH7C00 => 0xH7C00
half 0xBFF0000000000000 => 0xHBC00
ppc_fp128 0xM7FF00000000000000000000000000000 => 0xM7FF00000000000000000000000000000
double 1.0 => 1.000000e+00
double 0x3FF0000000000000 => 1.000000e+00
bfloat 0xR3F80 => 0xR3F80
fp128 0xL1000000000000000BFFF000000000000 => 0xL1000000000000000BFFF000000000000
double 65520.0 => 6.552000e+04
float 0xC0EFFE1000000000 => -6.552050e+04
float 0x7FF8000000000000 => 0x7FF8000000000000
ppc_fp128 0xM3FF00000000000000000000000000000 => 0xM3FF00000000000000000000000000000
x86_fp80 0xK3FFF8000000000000001 => 0xK3FFF8000000000000001
double 0.5 => 5.000000e-01
fp128 0xL0000000000000000FFFF010000000000 => 0xL0000000000000000FFFF010000000000
bfloat 0x7FF4000000000000 => 0xR7FA0
half 1.0078125 => 0xH3C08
double 0xFFF0000000000000 => 0xFFF0000000000000
bfloat 0xR06A2 => 0xR06A2
float 0x3E70000000000000 => 0x3E70000000000000
bfloat 0x7FF8000000000000 => 0xR7FC0
x86_fp80 0xK7FFFC000000000000800 => 0xK7FFFC000000000000800
ppc_fp128 0xM00000000000000003FF0000000000000 => 0xM00000000000000003FF0000000000000
double 0x464491822D72FE44 => 0x464491822D72FE44
double 0xC0EFFF0000000000 => -6.552800e+04
double 0xB690000000000000 => 0xB690000000000000
double 0x47EFFFFFE0000000 => 0x47EFFFFFE0000000
half 0xH3555 => 0xH3555
x86_fp80 0xK3F808000000000000000 => 0xK3F808000000000000000
half 0x7FF4000000000000 => 0xH7D00
double 0xFFF4000000000000 => 0xFFF4000000000000
double 3.0e38 => 3.000000e+38
half 0xH7C01 => 0xH7C01
bfloat 0xBFF0000000000000 => 0xRBF80
half -0.0 => 0xH8000
fp128 0xL00000000000000003FFF000000100000 => 0xL00000000000000003FFF000000100000
double 0x7FF4000000000000 => 0x7FF4000000000000
bfloat -0.0 => 0xR8000
half 0xH0DA8 => 0xH0DA8
fp128 0xL0000000000000000BFFF000000001000 => 0xL0000000000000000BFFF000000001000
float 65520.0 => 6.552000e+04
double 0xBE70000000000000 => 0xBE70000000000000
bfloat 0xR0001 => 0xR0001
ppc_fp128 0xM3FF0000000000000BC90000000000000 => 0xM3FF0000000000000BC90000000000000
double 0xBFF0000000000001 => 0xBFF0000000000001
x86_fp80 0xK7FFFA000000000000000 => 0xK7FFFA000000000000000
float 0x3E60000000000000 => 0x3E60000000000000
ppc_fp128 0xM7FF40000000000000000000000000000 => 0xM7FF40000000000000000000000000000
double 0x3690000000000000 => 0x3690000000000000
ppc_fp128 0xM00000000000000000000000000000000 => 0xM00000000000000000000000000000000
x86_fp80 0xK7FFFC000000000000400 => 0xK7FFFC000000000000400
fp128 0xL00000000000000003FFF000000001000 => 0xL00000000000000003FFF000000001000
x86_fp80 0xK3C008000000000000000 => 0xK3C008000000000000000
double -0.0 => -0.000000e+00
double 1.5e-45 => 1.500000e-45
ppc_fp128 0xM538DBD8E5BDD7083DBB282C4530F844E => 0xM538DBD8E5BDD7083DBB282C4530F844E
fp128 0xL00000000000000007FFF800000000000 => 0xL00000000000000007FFF800000000000
double 1.0078125 => 0x3FF0200000000000
half 65504.0 => 0xH7BFF
fp128 0xL7C1785B0956376F2D89029B31596D305 => 0xL7C1785B0956376F2D89029B31596D305
x86_fp80 0xKFFFF8000000000000000 => 0xKFFFF8000000000000000
float 0x36A0000000000000 => 0x36A0000000000000
half 0xFFF4000000000000 => 0xHFD00
float 0x3E68000000000000 => 0x3E68000000000000
bfloat 0x3E60000000000000 => 0xR3300
x86_fp80 0xKBC008000000000000000 => 0xKBC008000000000000000
x86_fp80 0xK80000000000000000001 => 0xK80000000000000000001
bfloat 0xR7FA0 => 0xR7FA0
ppc_fp128 0xM3FF00000000000003CA0000000000000 => 0xM3FF00000000000003CA0000000000000
half 0xH3906 => 0xH3906
half 1.00390625 => 0xH3C04
float 1.0078125 => 0x3FF0200000000000
ppc_fp128 0xM7FF80000000000000000000000000000 => 0xM7FF80000000000000000000000000000
half 0xH0001 => 0xH0001
x86_fp80 0xKBFFF8000010000000000 => 0xKBFFF8000010000000000
half 0xH21DD => 0xH21DD
double 0xB6A0000000000000 => 0xB6A0000000000000
double 0x3FF8000000000000 => 1.500000e+00
float 0x3FF8000000000000 => 1.500000e+00
fp128 0xL0000000000000000BB00000000000000 => 0xL0000000000000000BB00000000000000
float 0xFFF0000020000000 => 0xFFF0000020000000
half 0x3FF0000000000000 => 0xH3C00
x86_fp80 0xKBC018000000000000000 => 0xKBC018000000000000000
float 0xBE70000000000000 => 0xBE70000000000000
half 0xH0115 => 0xH0115
float 1.00390625 => 0x3FF0100000000000
double 0xC0EFFE1000000000 => -6.552050e+04
float 0x40EFFE0000000000 => 6.552000e+04
float 0xC7EFFFFFE0000000 => 0xC7EFFFFFE0000000
fp128 0xL0000000000000000FFFF000000000000 => 0xL0000000000000000FFFF000000000000
double 0x7FF8000000000000 => 0x7FF8000000000000
bfloat 0x3FF0000000000000 => 0xR3F80
double 0xC7EFFFFFE0000000 => 0xC7EFFFFFE0000000
x86_fp80 0xK00000000000000000001 => 0xK00000000000000000001
half 0xH7D00 => 0xH7D00
bfloat 0x3E68000000000000 => 0xR3340
x86_fp80 0xK3FFF8000000000000000 => 0xK3FFF8000000000000000
bfloat 1.0078125 => 0xR3F81
fp128 0xL10000000000000003FFF000000000000 => 0xL10000000000000003FFF000000000000
bfloat 0x3FF8000000000000 => 0xR3FC0
x86_fp80 0xK3FFF8000010000000000 => 0xK3FFF8000010000000000
fp128 0xL00000000000000007FFF000000000000 => 0xL00000000000000007FFF000000000000
x86_fp80 0xK7FFF8000000000000000 => 0xK7FFF8000000000000000
x86_fp80 0xK7FFFC000000000000000 => 0xK7FFFC000000000000000
float 0xC0EFFF0000000000 => -6.552800e+04
bfloat 1.0 => 0xR3F80
double 0x40EFFF0000000000 => 6.552800e+04
fp128 0xL0000000000000000BFFF000000100000 => 0xL0000000000000000BFFF000000100000
double 0x47EFFFFFF0000000 => 0x47EFFFFFF0000000
double 0xC7EFFFFFF0000000 => 0xC7EFFFFFF0000000
x86_fp80 0xKBFFF8000000000000000 => 0xKBFFF8000000000000000
x86_fp80 0xKFFFFA000000000000000 => 0xKFFFFA000000000000000
half 0x3E70000000000000 => 0xH0001
double 0xBFF8000000000000 => -1.500000e+00
bfloat 0xR2B1C => 0xR2B1C
double 0x36A0000000000000 => 0x36A0000000000000
double 0x3FF0000000000001 => 0x3FF0000000000001
half 0xHFC00 => 0xHFC00
fp128 0xL0000000000000001FFFF000000000000 => 0xL0000000000000001FFFF000000000000
x86_fp80 0xK9327914EE2CF70F35813 => 0xK9327914EE2CF70F35813
float 0x7FF0000020000000 => 0x7FF0000020000000
float 0x7FF4000000000000 => 0x7FF4000000000000
bfloat 0xBE70000000000000 => 0xRB380
half 0xBE70000000000000 => 0xH8001
fp128 0xL00000000000000003B00000000000000 => 0xL00000000000000003B00000000000000
double 65504.0 => 6.550400e+04
half 0x3FF8000000000000 => 0xH3E00
double 0xBE68000000000000 => 0xBE68000000000000
x86_fp80 0xKC0000000000000000000 => 0xKFFFF0000000000000000
fp128 0xL0DB1674EEFBE1B46F7D6B9EFE38F3E0F => 0xL0DB1674EEFBE1B46F7D6B9EFE38F3E0F
half 0xM00000000000000003FF0000000000000 => ERR floating point constant does not have type 'half'
bfloat 0xM7FF40000000000000000000000000000 => ERR floating point constant does not have type 'bfloat'
float 0xM481B6BDE86C5F7D41A6234215A68A7F0 => ERR floating point constant invalid for type
float 0xR3F80 => ERR floating point constant does not have type 'float'
float 0xR7FA0 => ERR floating point constant does not have type 'float'
double 0xL0000000000000001FFFF000000000000 => ERR floating point constant invalid for type
x86_fp80 0x3FF8000000000000 => ERR floating point constant does not have type 'x86_fp80'
fp128 0xE1FF9156BE52FCD9 => ERR floating point constant does not have type 'fp128'
ppc_fp128 0xKFFFFC000000000000000 => ERR floating point constant invalid for type
ppc_fp128 0xK7FFFC000000000000000 => ERR floating point constant invalid for type
fp128 0x7FF0000020000000 => ERR floating point constant does not have type 'fp128'
ppc_fp128 0xK7FFF8000000000000000 => ERR floating point constant invalid for type
float 0xR8000 => ERR floating point constant does not have type 'float'
half 0xM0957B6F4EB0960838AAF3CFE8082FA07 => ERR floating point constant invalid for type
float 0xM7FF80000000000000000000000000000 => ERR floating point constant does not have type 'float'
double 0xM7FF40000000000000000000000000000 => ERR floating point constant does not have type 'double'
double 0xR8000 => ERR floating point constant does not have type 'double'
x86_fp80 1.0078125 => ERR floating point constant does not have type 'x86_fp80'
bfloat 0xH7C01 => ERR floating point constant invalid for type
half 0xM3FF00000000000003800000000000000 => ERR floating point constant does not have type 'half'
x86_fp80 65504.0 => ERR floating point constant does not have type 'x86_fp80'
x86_fp80 0xM7FF40000000000000000000000000000 => ERR floating point constant invalid for type
bfloat 1.0e-45 => ERR floating point constant invalid for type
half 0x7FF8000000000001 => ERR floating point constant invalid for type
double 0xH3C00 => ERR floating point constant does not have type 'double'
double 0xR7F80 => ERR floating point constant does not have type 'double'
bfloat 0xL1000000000000000BFFF000000000000 => ERR floating point constant invalid for type
bfloat 0xM3FF00000000000003800000000000000 => ERR floating point constant does not have type 'bfloat'
double 0xR7F81 => ERR floating point constant does not have type 'double'
ppc_fp128 0xR0001 => ERR floating point constant does not have type 'ppc_fp128'
bfloat 0xH8000 => ERR floating point constant does not have type 'bfloat'
bfloat 0xM7FF00000000000000000000000000000 => ERR floating point constant does not have type 'bfloat'
ppc_fp128 65520.0 => ERR floating point constant does not have type 'ppc_fp128'
ppc_fp128 0xL0000000000000000FFFF800000000000 => ERR floating point constant invalid for type
bfloat 0xL00000000000000007FFF010000000000 => ERR floating point constant invalid for type
bfloat 0xM00000000000000000000000000000000 => ERR floating point constant does not have type 'bfloat'
ppc_fp128 0xL1000000000000000BFFF000000000000 => ERR floating point constant invalid for type
ppc_fp128 0xR7F80 => ERR floating point constant does not have type 'ppc_fp128'
half 1.5e-45 => ERR floating point constant invalid for type
x86_fp80 0xR8000 => ERR floating point constant does not have type 'x86_fp80'
double 0xR0001 => ERR floating point constant does not have type 'double'
bfloat 3.0e38 => ERR floating point constant invalid for type
float 0xL00000000000000007FFF000000000000 => ERR floating point constant does not have type 'float'
ppc_fp128 0x3FF0000000000000 => ERR floating point constant does not have type 'ppc_fp128'
half 0xL00000000000000007FFF000000000000 => ERR floating point constant does not have type 'half'
half 0x40EFFE0000000000 => ERR floating point constant invalid for type
half 0xR8000 => ERR floating point constant does not have type 'half'
bfloat 0xL0000000000000000BC01000000000000 => ERR floating point constant invalid for type
half 0xKFFFF0000000000000000 => ERR floating point constant invalid for type
fp128 0xK7FFF8000000000000000 => ERR floating point constant invalid for type
fp128 0xR7FA0 => ERR floating point constant does not have type 'fp128'
float 0xR0001 => ERR floating point constant does not have type 'float'
bfloat 0x7FF8000000000001 => ERR floating point constant invalid for type
bfloat 1.5e-45 => ERR floating point constant invalid for type
float 3.0e38 => ERR floating point constant invalid for type
double 0xL00000000000000003FFF000000001000 => ERR floating point constant does not have type 'double'
ppc_fp128 0xH0001 => ERR floating point constant does not have type 'ppc_fp128'
fp128 0xH7C01 => ERR floating point constant does not have type 'fp128'
ppc_fp128 0x3FF8000000000000 => ERR floating point constant does not have type 'ppc_fp128'
ppc_fp128 3.0e38 => ERR floating point constant does not have type 'ppc_fp128'
ppc_fp128 0xH7C01 => ERR floating point constant does not have type 'ppc_fp128'
half 0xR7FA0 => ERR floating point constant does not have type 'half'
ppc_fp128 0xHFEE6 => ERR floating point constant does not have type 'ppc_fp128'
fp128 0xR7FC0 => ERR floating point constant does not have type 'fp128'
ppc_fp128 0xK3F808000000000000000 => ERR floating point constant invalid for type
ppc_fp128 0xH65C8 => ERR floating point constant does not have type 'ppc_fp128'
ppc_fp128 0xL00000000000000017FFF000000000000 => ERR floating point constant invalid for type
bfloat 0xK3C008000000000000000 => ERR floating point constant invalid for type
float 0xL0000000000000000FFFF000000000000 => ERR floating point constant does not have type 'float'
ppc_fp128 0x7FF8000000000000 => ERR floating point constant does not have type 'ppc_fp128'
bfloat 0x9BB8A4ABA560DAEA => ERR floating point constant invalid for type
float 0xH8000 => ERR floating point constant does not have type 'float'
ppc_fp128 0xH3C00 => ERR floating point constant does not have type 'ppc_fp128'
ppc_fp128 1.0 => ERR floating point constant does not have type 'ppc_fp128'
x86_fp80 0xC7EFFFFFF0000000 => ERR floating point constant does not have type 'x86_fp80'
float 0xR7F81 => ERR floating point constant does not have type 'float'
float 0xFFF8000000000001 => ERR floating point constant invalid for type
bfloat 0xM3FF00000000000003CA0000000000000 => ERR floating point constant does not have type 'bfloat'
double 0xHFC00 => ERR floating point constant does not have type 'double'
float 0xL0000000000000000BFFF000000000000 => ERR floating point constant does not have type 'float'
ppc_fp128 0xR7564 => ERR floating point constant does not have type 'ppc_fp128'
half 0xL0838FB09A412741CBF9FBB1D0E96EBBA => ERR floating point constant invalid for type
double 0xM7FF00000000000000000000000000000 => ERR floating point constant does not have type 'double'
double 0xK80000000000000000001 => ERR floating point constant invalid for type
half 0xK7FFFC000000000000400 => ERR floating point constant invalid for type
x86_fp80 0xHAC96 => ERR floating point constant does not have type 'x86_fp80'
x86_fp80 0.1 => ERR floating point constant does not have type 'x86_fp80'
x86_fp80 0xH7D00 => ERR floating point constant does not have type 'x86_fp80'
half 0xM00000000000000000000000000000000 => ERR floating point constant does not have type 'half'
fp128 0xR7F81 => ERR floating point constant does not have type 'fp128'
x86_fp80 0xL0000000000000000BFFF000000100000 => ERR floating point constant invalid for type
x86_fp80 0xL00000000000000007FFF010000000000 => ERR floating point constant invalid for type
half 0xR2B57 => ERR floating point constant invalid for type
bfloat 0xH3C00 => ERR floating point constant does not have type 'bfloat'
float 0xK40000000000000000000 => ERR floating point constant invalid for type
x86_fp80 0xL00000000000000007FFF000000000000 => ERR floating point constant invalid for type
half 0xC7EFFFFFE0000000 => ERR floating point constant invalid for type
bfloat 0xL0000000000000000BFFF000000000000 => ERR floating point constant does not have type 'bfloat'
double 0xKFFFFC000000000000400 => ERR floating point constant invalid for type
ppc_fp128 0xL0000000000000000BFFF000000000000 => ERR floating point constant invalid for type
ppc_fp128 0xL91BAE46AF8ABFFD606E44EDFD0247E4C => ERR floating point constant invalid for type
fp128 1.0 => ERR floating point constant does not have type 'fp128'
fp128 1.0078125 => ERR floating point constant does not have type 'fp128'
float 0xL00000000000000017FFF000000000000 => ERR floating point constant invalid for type
fp128 0xM3FF00000000000003C90000000000000 => ERR floating point constant invalid for type
fp128 1.5e-45 => ERR floating point constant does not have type 'fp128'
float 0xLDD12417083D82065CFAD6C564652C9EF => ERR floating point constant invalid for type
half 0xL00000000000000003FFF000000001000 => ERR floating point constant invalid for type
float 0xKFFFFA000000000000000 => ERR floating point constant invalid for type
ppc_fp128 0xK00000000000000000001 => ERR floating point constant invalid for type
ppc_fp128 0xL00000000000000007FFF800000000000 => ERR floating point constant invalid for type
double 0xL00000000000000007FFF010000000000 => ERR floating point constant does not have type 'double'
half 0xC7EFFFFFF0000000 => ERR floating point constant invalid for type
double 0xH7C00 => ERR floating point constant does not have type 'double'
ppc_fp128 0xL0000000000000000BFFF000000100000 => ERR floating point constant invalid for type
x86_fp80 0xH3C00 => ERR floating point constant does not have type 'x86_fp80'
fp128 65504.0 => ERR floating point constant does not have type 'fp128'
ppc_fp128 0xKC0000000000000000000 => ERR floating point constant invalid for type
x86_fp80 0xH8000 => ERR floating point constant does not have type 'x86_fp80'
float 0x7FF8000000000001 => ERR floating point constant invalid for type
half 0x36A0000000000000 => ERR floating point constant invalid for type
float 0x7FF0000000000001 => ERR floating point constant invalid for type
ppc_fp128 0xR8000 => ERR floating point constant does not have type 'ppc_fp128'
double 0xL00000000000000007FFF800000000000 => ERR floating point constant does not have type 'double'
fp128 0xH7E00 => ERR floating point constant does not have type 'fp128'
float 0xH7C00 => ERR floating point constant does not have type 'float'
ppc_fp128 0xHFC00 => ERR floating point constant does not have type 'ppc_fp128'
half 0xRED42 => ERR floating point constant invalid for type
float 0xKFFFFC000000000000000 => ERR floating point constant does not have type 'float'
float 0xM3FF00000000000003800000000000000 => ERR floating point constant does not have type 'float'
fp128 0xH7C00 => ERR floating point constant does not have type 'fp128'
double 0xM00000000000000003FF0000000000000 => ERR floating point constant does not have type 'double'
bfloat 0xL0000000000000000FFFF000000000000 => ERR floating point constant does not have type 'bfloat'
x86_fp80 3.0e38 => ERR floating point constant does not have type 'x86_fp80'
ppc_fp128 0xL00000000000000007FFF000000000000 => ERR floating point constant invalid for type
ppc_fp128 65504.0 => ERR floating point constant does not have type 'ppc_fp128'
double 0xKFFFFC000000000000800 => ERR floating point constant does not have type 'double'
ppc_fp128 0xR1519 => ERR floating point constant does not have type 'ppc_fp128'
fp128 0xKFFFF8000000000000000 => ERR floating point constant invalid for type
x86_fp80 0x47EFFFFFF0000000 => ERR floating point constant does not have type 'x86_fp80'
half 0xKFFFFC000000000000400 => ERR floating point constant invalid for type
half 0x40EFFE1000000000 => ERR floating point constant invalid for type
fp128 0xM3FF0000000000000BC90000000000000 => ERR floating point constant invalid for type
x86_fp80 -0.0 => ERR floating point constant does not have type 'x86_fp80'
double 0xH7C01 => ERR floating point constant does not have type 'double'
x86_fp80 0xFFF0000000000000 => ERR floating point constant does not have type 'x86_fp80'
ppc_fp128 0xK3FFF8000010000000000 => ERR floating point constant invalid for type
double 0xK7FFFC000000000000000 => ERR floating point constant does not have type 'double'
half 0xB690000000000000 => ERR floating point constant invalid for type
ppc_fp128 1.00390625 => ERR floating point constant does not have type 'ppc_fp128'
double 0x0C6C137E87E12D35 => 0xC6C137E87E12D35
double 9.0982e84 => 0x5192BBC052FDE94C
double 0x1A331EF7BDED3314 => 0x1A331EF7BDED3314
double 5.134380e-115 => 5.134380e-115
double 0x9306100725988695 => 0x9306100725988695
double 0x45BEC10A97B51DE5 => 0x45BEC10A97B51DE5
float 0x3F1E11AB20000000 => 0x3F1E11AB20000000
double 1.92e-229 => 1.920000e-229
double 0x236CFF4C6E14CC6D => 0x236CFF4C6E14CC6D
double 6.7168e177 => 6.716800e+177
float 0x3BFD83C940000000 => 0x3BFD83C940000000
double 3.0e109 => 3.000000e+109
double 6.e137 => 6.000000e+137
float 0x46F3189220000000 => 0x46F3189220000000
double 7.10425e258 => 7.104250e+258
double 0x680B638BA62755A5 => 0x680B638BA62755A5
float 0xB854061F60000000 => 0xB854061F60000000
float 0xB7FB38FB80000000 => 0xB7FB38FB80000000
double 6.1e-196 => 6.100000e-196
double 3.58e57 => 3.580000e+57
double 1.26e76 => 1.260000e+76
float 0xC107318000000000 => -1.900000e+05
double 0x14E5DDFE92FF605E => 0x14E5DDFE92FF605E
double -1.2054e71 => -1.205400e+71
double 0xE1C000FD2A52BDB8 => 0xE1C000FD2A52BDB8
float 0x4393E179C0000000 => 0x4393E179C0000000
double 7.4e-151 => 7.400000e-151
double 2.e187 => 2.000000e+187
double 2.44290e-113 => 2.442900e-113
float 0x4474542BA0000000 => 0x4474542BA0000000
double -5.647415e164 => 0xE2239D22EDD0FB66
double 4.78e-164 => 4.780000e-164
double 8.6e-188 => 0x1917F2C7928CDF37
double -5.2e-147 => -5.200000e-147
float 0xC300D70140000000 => 0xC300D70140000000
double -3.4533e181 => -3.453300e+181
double -6.2095e-303 => 0x813108758D55F367
double 0x358927783A312F5F => 0x358927783A312F5F
double 0x2482123AA2EDE79A => 0x2482123AA2EDE79A
double 0xF0094900BCA10C03 => 0xF0094900BCA10C03
double 0xD2D7904B46DF0354 => 0xD2D7904B46DF0354
double 1.415e-322 => 1.432790e-322
double 5.268807e164 => 0x62224C83C639DD94
double -7.965071e228 => 0xEF7503A2D3CDFB4A
double 0x4303E52B9ABDFFFF => 0x4303E52B9ABDFFFF
double -5.62e86 => -5.620000e+86
float 0x478E269A80000000 => 0x478E269A80000000
double -2.0e-203 => -2.000000e-203
double 1.e-43 => 1.000000e-43
double 0x1377B7A1486A5D77 => 0x1377B7A1486A5D77
float 0x41A4061180000000 => 0x41A4061180000000
double 9.359e-40 => 9.359000e-40
double 0x877AAE4A15BD91B5 => 0x877AAE4A15BD91B5
double 4.85e291 => 4.850000e+291
double 9.5e-67 => 0x32399CA8B627734C
float 0xC656168E20000000 => 0xC656168E20000000
double -3.1e-56 => -3.100000e-56
double 0x0000000000000001 => 4.940660e-324
double -8.91469e-154 => 0xA027E7C11A269865
double -2.2395e7 => -2.239500e+07
double 6.06e-261 => 6.060000e-261
float 0xC4445EB7C0000000 => 0xC4445EB7C0000000
double -7.39e27 => -7.390000e+27
float 0x3AA284B240000000 => 0x3AA284B240000000
double -1.e-154 => 0x9FF573D68F903EA2
double 0x5AE1CD65F36EC8F3 => 0x5AE1CD65F36EC8F3
double 0x568108269FD210CA => 0x568108269FD210CA
double 1.e-12 => 0x3D719799812DEA11
double -9.720e-17 => -9.720000e-17
double -7.38e-113 => 0xA8A6B7BC720170D1
double 1.3e98 => 1.300000e+98
double 9.148e227 => 0x6F434EDF4BDFFC30
double -9.e-60 => -9.000000e-60
double 4.6e51 => 4.600000e+51
float 0xBFB902DE00000000 => 0xBFB902DE00000000
double 6.e-157 => 6.000000e-157
double 0xA1A0D8B12F29C6D0 => 0xA1A0D8B12F29C6D0
float 0x41EDCD6500000000 => 4.000000e+09
double 0x52E88BA3BF284E25 => 0x52E88BA3BF284E25
double -6.104e-327 => -0.000000e+00
double 7.08361e-210 => 7.083610e-210
float 0xBBC0873D80000000 => 0xBBC0873D80000000
double -4.5e-53 => -4.500000e-53
double -9.7565e-296 => -9.756500e-296
double 6.906670e112 => 6.906670e+112
double 5.489e-256 => 5.489000e-256
double -6.9e46 => -6.900000e+46
float 0xBCBFCEB4E0000000 => 0xBCBFCEB4E0000000
double 2.e58 => 2.000000e+58
double 2.88e93 => 2.880000e+93
double 7.953919e-68 => 0x320127ACACD2C033
double 5.2e62 => 5.200000e+62
double 0x70E36D6B98EF28D8 => 0x70E36D6B98EF28D8
float 0xB8266CFE80000000 => 0xB8266CFE80000000
float 0x450A8E4960000000 => 0x450A8E4960000000
double 7.e79 => 0x5082E4411FC2498F
double 0xCAD40BB54F701DE5 => 0xCAD40BB54F701DE5
double -2.174883e49 => 0xCA2DC3268879F8B1
double -7.39e-29 => -7.390000e-29
double 5.4e-215 => 5.400000e-215
double 3.30e-171 => 3.300000e-171
float 0x4249C63C00000000 => 0x4249C63C00000000
double -8.0822e274 => -8.082200e+274
double 0xEF6888FB419E65F3 => 0xEF6888FB419E65F3
double -4.6498e228 => -4.649800e+228
double 0xF4884030AAE4BF3B => 0xF4884030AAE4BF3B
double 0x23443E9722463DC5 => 0x23443E9722463DC5
double 0x1BE1697CC80C99CE => 0x1BE1697CC80C99CE
double 0x6665E9B0E325B79B => 0x6665E9B0E325B79B
double 0x6BD3C57757F8F789 => 0x6BD3C57757F8F789
double -1.171e-177 => -1.171000e-177
double 1.e-290 => 1.000000e-290
double 1.e217 => 0x6CFD022390F8B837
float 0xC6F3584FA0000000 => 0xC6F3584FA0000000
double 1.e-152 => 1.000000e-152
double -2.5e-294 => -2.500000e-294
float 0x3FB74BC6A0000000 => 0x3FB74BC6A0000000
double 8.329e-145 => 8.329000e-145
float 0x4309B3A600000000 => 0x4309B3A600000000
float 0xC4136DCCA0000000 => 0xC4136DCCA0000000
double 0x595747744975F900 => 0x595747744975F900
double 1.44e-244 => 1.440000e-244
double 0x0EB1F8EE11C5C3BA => 0xEB1F8EE11C5C3BA
double 0x23932E1F90910AE4 => 0x23932E1F90910AE4
double 0x75429D042BB29004 => 0x75429D042BB29004
double -6.74e140 => -6.740000e+140
double 0xB3A011C2EAABE7D7 => 0xB3A011C2EAABE7D7
double 0x573C3B4A6C3C2E1D => 0x573C3B4A6C3C2E1D
float 0x43D8A5D3A0000000 => 0x43D8A5D3A0000000
double 0x54026D54FE121228 => 0x54026D54FE121228
double 0xFE61EDC6D84FDBBE => 0xFE61EDC6D84FDBBE
double 0x255A69A669908D0B => 0x255A69A669908D0B
double 8.4217e-134 => 8.421700e-134
double -7.794900e245 => -7.794900e+245
double 0x66E9BD9FE7D3915E => 0x66E9BD9FE7D3915E
double 0xF9264758C1DAC859 => 0xF9264758C1DAC859
double -6.613e145 => -6.613000e+145
double 5.328e-188 => 5.328000e-188
double 0x39CCD7B35798F947 => 0x39CCD7B35798F947
double 0x77F5AF53DC26DCE6 => 0x77F5AF53DC26DCE6
double 0x9AD8E5A7E9F7852D => 0x9AD8E5A7E9F7852D
double 0x480074F8C4D3CD7C => 0x480074F8C4D3CD7C
double 0x047BF0A7B346FE16 => 0x47BF0A7B346FE16
double 0xA4722BC490DDE65B => 0xA4722BC490DDE65B
double 0x74D10CB132C2FF64 => 0x74D10CB132C2FF64
double 5.e223 => 5.000000e+223
float 0x3FAF456240000000 => 0x3FAF456240000000
float 0xB808575CC0000000 => 0xB808575CC0000000
float 0x42625D5100000000 => 0x42625D5100000000
double 0x15280C54E0D6D909 => 0x15280C54E0D6D909
float 0xC6424D33E0000000 => 0xC6424D33E0000000
double 6.55884e166 => 6.558840e+166
double -5.e-88 => -5.000000e-88
float 0x45B9D971E0000000 => 0x45B9D971E0000000
float 0x4458394A20000000 => 0x4458394A20000000
double 0x5A6808B6780268E5 => 0x5A6808B6780268E5
double 0x56C54A3047C694FD => 0x56C54A3047C694FD
double 5.12e4 => 5.120000e+04
double 0x3C2622D6FBC91E00 => 0x3C2622D6FBC91E00
float 0x4432313F20000000 => 0x4432313F20000000
double 0x3BE11E5B291D3CBF => 0x3BE11E5B291D3CBF
double 6.e232 => 6.000000e+232
double 0x2AA580658CB6CCB1 => 0x2AA580658CB6CCB1
double 9.57231e-71 => 9.572310e-71
double 0x740658E3AB795205 => 0x740658E3AB795205
double 8.806e-324 => 9.881310e-324
double 0x72906726AD1B77F8 => 0x72906726AD1B77F8
float 0x47C264E620000000 => 0x47C264E620000000
double 0xC5E3DCFBF7B0E3BC => 0xC5E3DCFBF7B0E3BC
double 0x7F7A4D615E96877B => 0x7F7A4D615E96877B
double 0xB920599B252BA731 => 0xB920599B252BA731
double -6.04242e-183 => -6.042420e-183
double 0xF0D92382717738D8 => 0xF0D92382717738D8
float 0xB79F5C4000000000 => 0xB79F5C4000000000
double 7.e-208 => 7.000000e-208
float 0x46293E5940000000 => 0x46293E5940000000
double 0x3FE570A3D70A3D72 => 0x3FE570A3D70A3D72
float 0x479B520DA0000000 => 0x479B520DA0000000
double 0x14B3B9BAFFC93F1B => 0x14B3B9BAFFC93F1B
double 1.e-44 => 0x36CC8B8218854567
double 2.6e-70 => 2.600000e-70
float 0x404CD47AE0000000 => 0x404CD47AE0000000
float 0xBA9B1FF7E0000000 => 0xBA9B1FF7E0000000
double 0x6933197D712C0DE0 => 0x6933197D712C0DE0
double 3.60742e-219 => 3.607420e-219
double 0x2B20CC4F55EECFE9 => 0x2B20CC4F55EECFE9
double 0x6D3D6D67A5525DDA => 0x6D3D6D67A5525DDA
float 0xBA8C6045A0000000 => 0xBA8C6045A0000000
double 0x64D2C14515002534 => 0x64D2C14515002534
float 0xC1C4DC9380000000 => -7.000000e+08
double 0x7CF58FA3D6D6CAF8 => 0x7CF58FA3D6D6CAF8
double -5.14e-60 => -5.140000e-60
double 0x0770034813B118F3 => 0x770034813B118F3
double 0x17C979479405912E => 0x17C979479405912E
double 0xA0FCBD88DBA5C76A => 0xA0FCBD88DBA5C76A
double 0x38AA95A5B7F87A10 => 0x38AA95A5B7F87A10
float 0xBCB59E0600000000 => 0xBCB59E0600000000
double 6.116e70 => 0x4EA1B919D8BECC28
float 0x3DCD740A00000000 => 0x3DCD740A00000000
double 8.1990e-185 => 8.199000e-185
double 0x103D436F118D5A36 => 0x103D436F118D5A36
float 0xBE01322E40000000 => 0xBE01322E40000000
double 2.36047e-125 => 2.360470e-125
double 0x2882278BA19EBF55 => 0x2882278BA19EBF55
float 0xBEDC1CF820000000 => 0xBEDC1CF820000000
double -5.439412e1 => 0xC04B3272862F598A
float 0x41CDCD6500000000 => 1.000000e+09
double 0x1122F39E794D9D8A => 0x1122F39E794D9D8A
double 0x290AF3A375BAE5C1 => 0x290AF3A375BAE5C1
double 2.229e55 => 2.229000e+55
double 0xB6F4796B7BE988A4 => 0xB6F4796B7BE988A4
double 7.77517e-71 => 7.775170e-71
double 8.640617e-45 => 0x36C8AA235076A3D4
double -2.284e220 => -2.284000e+220
double 0x54D78CB331DDDE9F => 0x54D78CB331DDDE9F
float 0x469353BC60000000 => 0x469353BC60000000
double 0x0272F58D6147784F => 0x272F58D6147784F
double 0x197C69DFA982B949 => 0x197C69DFA982B949
double 0x9312123706BFD5F8 => 0x9312123706BFD5F8
float 0x3A6BB16300000000 => 0x3A6BB16300000000
double 9.538565e-73 => 0x30FAF710976B54FA
double 0x3CF35D8FFE057C8B => 0x3CF35D8FFE057C8B
double 0x07741FCCBECD4568 => 0x7741FCCBECD4568
float 0x435F161420000000 => 0x435F161420000000
float 0xBA88C240C0000000 => 0xBA88C240C0000000
double 9.8e-8 => 9.800000e-08
double 8.2989e-61 => 0x33755659E23BCEEF
double 5.4136e-287 => 5.413600e-287
double 0xFD22D2054F0CDF3E => 0xFD22D2054F0CDF3E
double 0x1766CC8F68E56877 => 0x1766CC8F68E56877
double 0x227031AE9C7493C4 => 0x227031AE9C7493C4
double 0xF4D2220E98E8A746 => 0xF4D2220E98E8A746
double -7.77e78 => -7.770000e+78
double 0x28DC7945CBD24625 => 0x28DC7945CBD24625
double 0x23FA912954B3E474 => 0x23FA912954B3E474
double 0x301100D0F28A2E31 => 0x301100D0F28A2E31
double 4.409309e-213 => 0x13D7C00DC5419984
double -9.e278 => -9.000000e+278
double 5.572470e-114 => 5.572470e-114
double 6.5277e-323 => 6.422850e-323
double 0xE3FFB07EA1B7D851 => 0xE3FFB07EA1B7D851
float 0x3EBB1D18C0000000 => 0x3EBB1D18C0000000
double -5.00431e-257 => -5.004310e-257
float 0x419287F380000000 => 0x419287F380000000
double 0x3C1D83C94FB6D2AB => 0x3C1D83C94FB6D2AB
float 0x41B069CF40000000 => 0x41B069CF40000000
double -4.959e117 => -4.959000e+117
float 0x41E1620900000000 => 0x41E1620900000000
double 7.992680e-189 => 0x18E1CE44178EB05D
double 0xF40658E3AB795203 => 0xF40658E3AB795203";
}

/// Parsers take untrusted text: random byte soup and mutations of valid
/// tokens must give `Ok` or a lowercase error, never a panic.
#[test]
fn parsers_never_panic() {
    use lair::constants::apfloat::{APFloat, FloatKind, FloatLiteral};
    let alphabet: Vec<char> = "0123456789abcdefxXuUsSHRKLMeE+-.  é\u{0660}\0"
        .chars()
        .collect();
    let seeds = [
        "0x3FF0000000000000",
        "0xK3FFF8000000000000000",
        "0xL1",
        "0xM0",
        "0xH3C00",
        "0xR3F80",
        "1.5e+10",
        "-0.0",
        "+1.",
        "u0xFF",
        "s0x7f",
        "-128",
        "18446744073709551616",
    ];
    let mut rng = Rng(0xfeed_face_0bad_c0de);
    let kinds = [
        FloatKind::Half,
        FloatKind::BFloat,
        FloatKind::Float,
        FloatKind::Double,
        FloatKind::X86Fp80,
        FloatKind::Fp128,
        FloatKind::PpcFp128,
    ];
    for i in 0..30_000 {
        let mut s: Vec<char> = if i % 2 == 0 {
            seeds[(rng.next() % seeds.len() as u64) as usize]
                .chars()
                .collect()
        } else {
            Vec::new()
        };
        for _ in 0..rng.next() % 6 {
            let c = alphabet[(rng.next() % alphabet.len() as u64) as usize];
            match rng.next() % 3 {
                0 if !s.is_empty() => {
                    let at = (rng.next() % s.len() as u64) as usize;
                    s[at] = c;
                }
                1 if !s.is_empty() => {
                    s.remove((rng.next() % s.len() as u64) as usize);
                }
                _ => {
                    let at = (rng.next() % (s.len() as u64 + 1)) as usize;
                    s.insert(at, c);
                }
            }
        }
        let text: String = s.into_iter().collect();
        let lower = |m: String| {
            assert!(
                !m.is_empty() && !m.starts_with(char::is_uppercase),
                "{text:?}: {m}"
            );
        };
        if let Err(e) = IntLiteral::parse(&text) {
            lower(e.to_string());
        }
        if let Err(e) = APInt::from_str_radix(1 + (i % 130) as u32, &text, 2 + (i % 35) as u32) {
            lower(e.to_string());
        }
        if let Err(e) = FloatLiteral::parse(&text) {
            lower(e.to_string());
        }
        match APFloat::parse_llvm(kinds[i as usize % 7], &text) {
            Ok(v) => assert_eq!(APFloat::parse_llvm(v.kind(), &v.to_llvm_string()), Ok(v)),
            Err(e) => lower(e.to_string()),
        }
    }
}

/// Decimal by repeated division by ten: the slow reference the printer's
/// divide and conquer must equal.
fn slow_decimal(v: &APInt) -> String {
    let mut words = v.words().to_vec();
    let mut digits = Vec::new();
    while words.iter().any(|&w| w != 0) {
        let mut rem = 0u128;
        for w in words.iter_mut().rev() {
            let cur = (rem << 64) | *w as u128;
            *w = (cur / 10) as u64;
            rem = cur % 10;
        }
        digits.push(b'0' + rem as u8);
    }
    if digits.is_empty() {
        digits.push(b'0');
    }
    digits.reverse();
    String::from_utf8(digits).unwrap()
}

#[test]
fn decimal_printing_equals_the_slow_reference() {
    // Words past the divide-and-conquer threshold (80 words) in random
    // patterns, with runs of zero and all-ones words that stress the
    // zero padding of the low halves and the quotient correction.
    fn prop(seed: Vec<u64>, len: u16, zeros: u8) -> bool {
        let n = 1 + (len as usize % 400);
        let mut words: Vec<u64> = (0..n)
            .map(|i| seed.get(i % seed.len().max(1)).copied().unwrap_or(0))
            .map(|w| w.rotate_left(n as u32))
            .collect();
        for w in words.iter_mut().skip(zeros as usize % n).step_by(3) {
            *w = if zeros.is_multiple_of(2) { 0 } else { u64::MAX };
        }
        let v = APInt::from_words(n as u32 * 64, &words);
        let want = slow_decimal(&v);
        let want_signed = if v.is_negative() {
            format!("-{}", slow_decimal(&v.neg()))
        } else {
            want.clone()
        };
        v.to_string_unsigned() == want && v.to_string_signed() == want_signed
    }
    quickcheck::QuickCheck::new()
        .tests(60)
        .quickcheck(prop as fn(Vec<u64>, u16, u8) -> bool);
}

#[test]
fn huge_decimal_literals_round_trip() {
    // 200,000 digits (about 10,400 words): parse, print, compare; and the
    // same digits as a negative literal of the type's width.
    let mut digits = String::with_capacity(200_000);
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    digits.push('7');
    for _ in 1..200_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        digits.push((b'0' + (x % 10) as u8) as char);
    }
    let lit = IntLiteral::parse(&digits).unwrap();
    assert_eq!(lit.value().to_string_unsigned(), digits);
    let w = lit.value().width() + 1;
    let neg = IntLiteral::parse(&format!("-{digits}"))
        .unwrap()
        .to_width(w);
    assert_eq!(neg.to_string_signed(), format!("-{digits}"));
}
