//! The Vector Function ABI name demangler LLVM uses to check the
//! `"vector-function-abi-variant"` attribute (`VFABI::tryDemangleForVFABI`):
//! `_ZGV<isa><mask><vlen><parameters>_<scalarname>[(<redirection>)]`.
//! Only whether a name demangles against a function type is answered.

use crate::types::{Type, TypeData};
use crate::Context;

#[derive(Copy, Clone, PartialEq, Eq)]
enum Isa {
    Llvm,
    Rvv,
    RvvM(u32),
    Sve,
    Other,
}

/// `consumeInteger(10, ..)`: an optionally signed decimal at the front.
fn take_int(s: &mut &[u8], signed: bool) -> Option<i64> {
    let mut k = 0;
    let neg = signed && s.first() == Some(&b'-');
    if neg {
        k = 1;
    }
    let start = k;
    while k < s.len() && s[k].is_ascii_digit() {
        k += 1;
    }
    if k == start {
        return None;
    }
    let v: i64 = core::str::from_utf8(&s[start..k]).ok()?.parse().ok()?;
    if v > i32::MAX as i64 {
        return None;
    }
    *s = &s[k..];
    Some(if neg { -v } else { v })
}

fn eat(s: &mut &[u8], t: &[u8]) -> bool {
    if s.starts_with(t) {
        *s = &s[t.len()..];
        true
    } else {
        false
    }
}

/// The natural scalable element count of `t` for a scalable ISA.
fn scalable_count(ctx: &Context, isa: Isa, t: Type) -> Option<u32> {
    let d = ctx.type_data(t);
    let w = match d {
        TypeData::Int(64) | TypeData::Double => 64,
        TypeData::Ptr(_) => {
            if matches!(isa, Isa::RvvM(_)) {
                return None;
            }
            64
        }
        TypeData::Int(32) | TypeData::Float => 32,
        TypeData::Int(16) | TypeData::Half | TypeData::BFloat => 16,
        TypeData::Int(8) => 8,
        _ => {
            return match isa {
                Isa::RvvM(l) => Some(l),
                _ => None,
            }
        }
    };
    match isa {
        Isa::RvvM(l) => Some(l * (64 / w)),
        _ => Some(128 / w),
    }
}

/// Whether `name` demangles as a vector variant of a function of type
/// `fty`.
pub(crate) fn is_valid_variant(ctx: &Context, name: &[u8], fty: Type) -> bool {
    let Some((ret, params, _)) = ctx.function_parts(fty) else {
        return false;
    };
    let original = name;
    let mut s = name;
    if !eat(&mut s, b"_ZGV") || s.is_empty() {
        return false;
    }
    let isa = if eat(&mut s, b"_LLVM_") {
        Isa::Llvm
    } else if eat(&mut s, b"r") {
        match s.first() {
            Some(&c @ (b'1' | b'2' | b'4' | b'8')) => {
                s = &s[1..];
                Isa::RvvM((c - b'0') as u32)
            }
            _ => Isa::Rvv,
        }
    } else {
        let i = if s[0] == b's' { Isa::Sve } else { Isa::Other };
        s = &s[1..];
        i
    };
    if !(eat(&mut s, b"M") || eat(&mut s, b"N")) {
        return false;
    }
    let scalable = if eat(&mut s, b"x") {
        if !matches!(isa, Isa::Sve | Isa::Rvv | Isa::RvvM(_)) {
            return false;
        }
        true
    } else {
        match take_int(&mut s, false) {
            Some(0) | None => return false,
            Some(_) => false,
        }
    };
    let mut vector_params = Vec::new();
    let mut n = 0usize;
    loop {
        let found = if eat(&mut s, b"v") {
            vector_params.push(n);
            true
        } else if eat(&mut s, b"u") {
            true
        } else if [&b"ls"[..], b"Rs", b"Ls", b"Us"]
            .iter()
            .any(|t| eat(&mut s, t))
        {
            if take_int(&mut s, true).is_none() {
                return false;
            }
            true
        } else if [&b"l"[..], b"R", b"L", b"U"].iter().any(|t| eat(&mut s, t)) {
            eat(&mut s, b"n");
            let _ = take_int(&mut s, true);
            true
        } else {
            false
        };
        if !found {
            break;
        }
        if eat(&mut s, b"a") {
            match take_int(&mut s, false) {
                Some(a) if a > 0 && (a as u64).is_power_of_two() => {}
                _ => return false,
            }
        }
        n += 1;
    }
    if n == 0 || n != params.len() {
        return false;
    }
    if scalable {
        let mut min: Option<u32> = None;
        let mut tys: Vec<Type> = vector_params.iter().map(|&k| params[k]).collect();
        if !ctx.is_void(ret) {
            tys.push(ret);
        }
        for t in tys {
            match scalable_count(ctx, isa, t) {
                Some(c) => min = Some(min.map_or(c, |m| m.min(c))),
                None => return false,
            }
        }
        if min.is_none() {
            return false;
        }
    }
    if !eat(&mut s, b"_") {
        return false;
    }
    let scalar_len = s.iter().position(|&c| c == b'(').unwrap_or(s.len());
    if scalar_len == 0 {
        return false;
    }
    s = &s[scalar_len..];
    let mut vector_name = original;
    if eat(&mut s, b"(") {
        if s.last() != Some(&b')') {
            return false;
        }
        vector_name = &s[..s.len() - 1];
        if vector_name.is_empty() {
            return false;
        }
    }
    !(isa == Isa::Llvm && vector_name == original)
}
