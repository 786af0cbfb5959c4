//! Inline-asm constraint strings: LLVM 19's `InlineAsm::ParseConstraints`
//! reduced to what `InlineAsm::verify` needs (each constraint's kind and
//! whether it is indirect), and `verify` itself, which the `.ll` parser
//! runs on every `asm` callee as LLParser does.

use crate::types::Type;
use crate::Context;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Input,
    Output,
    Clobber,
    Label,
}

#[derive(Clone)]
struct Constraint {
    kind: Kind,
    indirect: bool,
    /// Per alternative (one when there is no `|`): the index of the input
    /// tied to this output, if any.
    matching: Vec<Option<usize>>,
}

/// One constraint (`ConstraintInfo::Parse`); `None` where LLVM's parser
/// fails. `so_far` gets the matching-input marks of tied outputs.
fn parse_one(s: &[u8], so_far: &mut [Constraint], index: usize) -> Option<Constraint> {
    let alternatives = s.iter().filter(|&&c| c == b'|').count() + 1;
    let multiple = alternatives > 1;
    let mut alt = 0usize;
    let mut i = 0usize;
    let mut kind = Kind::Input;
    match s.first() {
        Some(b'~') => {
            kind = Kind::Clobber;
            i += 1;
            if i < s.len() && s[i] != b'{' {
                return None;
            }
        }
        Some(b'=') => {
            kind = Kind::Output;
            i += 1;
        }
        Some(b'!') => {
            kind = Kind::Label;
            i += 1;
        }
        _ => {}
    }
    let mut indirect = false;
    if s.get(i) == Some(&b'*') {
        indirect = true;
        i += 1;
    }
    if i >= s.len() {
        return None; // only a prefix
    }
    let (mut early, mut commutative) = (false, false);
    loop {
        match s[i] {
            b'&' => {
                if kind != Kind::Output || early {
                    return None;
                }
                early = true;
            }
            b'%' => {
                if kind == Kind::Clobber || commutative {
                    return None;
                }
                commutative = true;
            }
            b'#' | b'*' => return None,
            _ => break,
        }
        i += 1;
        if i >= s.len() {
            return None;
        }
    }
    while i < s.len() {
        match s[i] {
            b'{' => {
                let end = s[i + 1..].iter().position(|&c| c == b'}')?;
                i += end + 2;
            }
            b'0'..=b'9' => {
                let start = i;
                while i < s.len() && s[i].is_ascii_digit() {
                    i += 1;
                }
                let n: usize = core::str::from_utf8(&s[start..i]).ok()?.parse().ok()?;
                let target = so_far.get_mut(n)?;
                if target.kind != Kind::Output || kind != Kind::Input {
                    return None;
                }
                if multiple {
                    let m = target.matching.get_mut(alt)?;
                    if m.is_some() {
                        return None;
                    }
                    *m = Some(index);
                } else {
                    let m = &mut target.matching[0];
                    if m.is_some_and(|x| x != index) {
                        return None;
                    }
                    *m = Some(index);
                }
            }
            b'|' => {
                alt += 1;
                i += 1;
            }
            b'^' => i += 3,
            b'@' => {
                // `@N...`: N more letters.
                let n = usize::from(s.get(i + 1)?.checked_sub(b'0')?);
                i += 2 + n;
            }
            _ => i += 1,
        }
    }
    Some(Constraint {
        kind,
        indirect,
        matching: vec![None; alternatives],
    })
}

/// `InlineAsm::ParseConstraints`: `None` for a string LLVM cannot parse.
fn parse_constraints(s: &[u8]) -> Option<Vec<Constraint>> {
    let mut out: Vec<Constraint> = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let end = s[i..]
            .iter()
            .position(|&c| c == b',')
            .map_or(s.len(), |p| i + p);
        if end == i {
            return None; // an empty constraint
        }
        let index = out.len();
        let c = parse_one(&s[i..end], &mut out, index)?;
        out.push(c);
        i = end;
        if i < s.len() {
            i += 1;
            if i == s.len() {
                return None; // a trailing comma
            }
        }
    }
    Some(out)
}

/// # Inline-asm constraints
///
/// LLVM 19's `InlineAsm::verify`: whether constraint string `constraints`
/// fits the function type `fn_ty` of an `asm` callee (outputs before
/// inputs, clobbers and labels last, the return type by the number of
/// outputs, one input per parameter).
impl Context {
    /// `Err` with LLVM 19's message when the constraints do not fit.
    pub fn verify_inline_asm(&self, fn_ty: Type, constraints: &[u8]) -> Result<(), &'static str> {
        let Some((ret, params, varargs)) = self.function_parts(fn_ty) else {
            return Err("invalid type for inline asm constraint string");
        };
        if varargs {
            return Err("inline asm cannot be variadic");
        }
        let parsed = parse_constraints(constraints);
        let cons = match parsed {
            Some(c) => c,
            None => return Err("failed to parse constraints"),
        };
        let (mut outputs, mut inputs, mut clobbers, mut indirect, mut labels) = (0, 0, 0, 0, 0);
        for c in &cons {
            let mut kind = c.kind;
            if kind == Kind::Output {
                if inputs - indirect != 0 || clobbers != 0 || labels != 0 {
                    return Err(
                        "output constraint occurs after input, clobber or label constraint",
                    );
                }
                if !c.indirect {
                    outputs += 1;
                    continue;
                }
                indirect += 1;
                kind = Kind::Input;
            }
            match kind {
                Kind::Input => {
                    if clobbers != 0 {
                        return Err("input constraint occurs after clobber constraint");
                    }
                    inputs += 1;
                }
                Kind::Clobber => clobbers += 1,
                Kind::Label => {
                    if clobbers != 0 {
                        return Err("label constraint occurs after clobber constraint");
                    }
                    labels += 1;
                }
                Kind::Output => unreachable!("outputs are counted above"),
            }
        }
        match outputs {
            0 if !self.is_void(ret) => return Err("inline asm without outputs must return void"),
            0 => {}
            1 if self.is_struct(ret) => {
                return Err("inline asm with one output cannot return struct")
            }
            1 => {}
            n => {
                let fits =
                    self.is_struct(ret) && self.struct_elements(ret).is_some_and(|e| e.len() == n);
                if !fits {
                    return Err(
                        "number of output constraints does not match number of return struct elements",
                    );
                }
            }
        }
        if params.len() != inputs {
            return Err("number of input constraints does not match number of parameters");
        }
        Ok(())
    }
}
