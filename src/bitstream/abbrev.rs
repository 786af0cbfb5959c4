//! Abbreviation definitions: the operand list a `DEFINE_ABBREV` declares, and
//! the char6 alphabet.
//!
//! Owns [`AbbrevOp`], the char6 table and the strict shape check
//! ([`check_abbrev`]). It does not own where abbreviations live (the scope
//! stacks of `reader.rs` and `writer.rs`, and `blockinfo.rs`).

use super::error::ErrorKind;

/// One operand of an abbreviation, as written in a `DEFINE_ABBREV` record.
///
/// The list is flat, as on disk: an [`AbbrevOp::Array`] is followed by the
/// operand that encodes its elements. `Fixed(0)` and `Vbr(0)` are kept as
/// written (so a copy re-emits the same bits); they read as the value 0
/// without consuming bits, like LLVM's literal 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AbbrevOp {
    /// The value is always this; nothing is stored in the record.
    Literal(u64),
    /// A fixed-width field of this many bits (0..=32).
    Fixed(u8),
    /// A variable-width field with chunks of this many bits (0..=32).
    Vbr(u8),
    /// A vbr6 element count followed by that many elements encoded by the
    /// next operand, which must be fixed, VBR or char6.
    Array,
    /// A 6-bit field holding one of `[a-zA-Z0-9._]`.
    Char6,
    /// A vbr6 byte count, 32-bit alignment, the bytes, 32-bit alignment.
    Blob,
}

const _: () = assert!(std::mem::size_of::<AbbrevOp>() == 16);

/// Encoding numbers of non-literal operands in a `DEFINE_ABBREV`.
pub(crate) mod encoding {
    pub const FIXED: u64 = 1;
    pub const VBR: u64 = 2;
    pub const ARRAY: u64 = 3;
    pub const CHAR6: u64 = 4;
    pub const BLOB: u64 = 5;
}

/// The char6 alphabet, indexed by code.
pub const CHAR6_ALPHABET: &[u8; 64] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";

/// The character of char6 code `v` (its low 6 bits).
#[inline(always)]
pub fn decode_char6(v: u64) -> u8 {
    CHAR6_ALPHABET[(v & 63) as usize]
}

/// The char6 code of `c`, if it has one.
#[inline]
pub fn encode_char6(c: u64) -> Option<u64> {
    let c = u8::try_from(c).ok()?;
    Some(match c {
        b'a'..=b'z' => c - b'a',
        b'A'..=b'Z' => c - b'A' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'.' => 62,
        b'_' => 63,
        _ => return None,
    } as u64)
}

/// Checks the shape rules a well-formed abbreviation follows: at least one
/// operand; the first (the record code) is not an array or a blob; widths are
/// at most 32; an array is second to last and its element is fixed, VBR or
/// char6 (nonzero width); a blob is last; at most one array or blob.
///
/// LLVM's reader only enforces some of these, and only when a record uses
/// the abbreviation; the reader here follows LLVM (so it accepts what LLVM
/// accepts) and this check is for writers of new streams.
pub fn check_abbrev(ops: &[AbbrevOp]) -> Result<(), ErrorKind> {
    let Some(first) = ops.first() else {
        return Err(ErrorKind::EmptyAbbrev);
    };
    if matches!(first, AbbrevOp::Array | AbbrevOp::Blob) {
        return Err(ErrorKind::CodeIsArrayOrBlob);
    }
    let n = ops.len();
    for (i, op) in ops.iter().enumerate() {
        match *op {
            AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) if w > 32 => {
                return Err(ErrorKind::OperandTooWide)
            }
            AbbrevOp::Array => {
                if i + 2 != n {
                    return Err(ErrorKind::ArrayNotSecondToLast);
                }
                match ops[i + 1] {
                    AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) if w > 0 && w <= 32 => {}
                    AbbrevOp::Char6 => {}
                    _ => return Err(ErrorKind::InvalidArrayElement),
                }
                return Ok(());
            }
            AbbrevOp::Blob if i + 1 != n => return Err(ErrorKind::BlobNotLast),
            _ => {}
        }
    }
    Ok(())
}

/// What a [`Step`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StepKind {
    /// Literal, fixed or VBR: one masked peek (see [`Step`]).
    Scalar,
    /// A char6 character.
    Char6,
    /// An array; the next step encodes its elements.
    Array,
    /// A blob.
    Blob,
}

/// An abbreviation operand compiled for the reader's hot loop.
///
/// Literal, fixed and VBR operands share one path: a single-chunk value is
/// `(peek & pmask) | lit` and advances `width` bits, unless `peek & cmask`
/// says a VBR continues. Literal: `width` 0, `pmask` 0, `lit` the value.
/// Fixed(w): `pmask` all w bits, `cmask` 0. Vbr(w): `pmask` the low w-1
/// bits, `cmask` bit w-1. Vbr(0) reads as the literal 0.
///
/// The leading run: the code and the scalars after it (up to the first
/// other kind), when their widths add up to at most [`RUN_MAX`] bits. Each
/// step of the run has `off`, its bit offset in the run; the code's step
/// also has `run`, the run's width ([`NO_RUN`] when there is none), and
/// `rmask`, every run step's `cmask` at its offset. When that many bits
/// are buffered and none of `rmask` is set (every VBR of the run is one
/// chunk), the whole run is read from one buffer value: field `i` is
/// `((x >> off) & pmask) | lit`, with no per-field check or shift.
///
/// The tail run: the scalars after the first operand, likewise, with
/// offsets in `off2` and its width and mask in the first operand's `run`
/// and `rmask` (which the leading run leaves unused). When the leading run
/// fails, most often because the first operand (a relative value id) takes
/// several VBR chunks, that operand is read alone and the rest in one go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    pub pmask: u64,
    pub cmask: u64,
    pub lit: u64,
    pub rmask: u64,
    pub width: u8,
    pub kind: StepKind,
    pub off: u8,
    pub run: u8,
    pub off2: u8,
}

const _: () = assert!(std::mem::size_of::<Step>() == 40);

/// The widest leading run read in one go (a refill leaves at least 56
/// bits).
pub(crate) const RUN_MAX: u32 = 56;
/// `Step::run` when the leading run is wider than [`RUN_MAX`]: more than
/// any buffer holds, so the one-go read never applies.
pub(crate) const NO_RUN: u8 = u8::MAX;

impl Step {
    /// The step that reads `op`.
    pub fn of(op: AbbrevOp) -> Step {
        let scalar = |pmask: u64, cmask: u64, lit: u64, width: u8| Step {
            pmask,
            cmask,
            lit,
            rmask: 0,
            width,
            kind: StepKind::Scalar,
            off: 0,
            run: NO_RUN,
            off2: 0,
        };
        let special = |kind| Step {
            pmask: 0,
            cmask: 0,
            lit: 0,
            rmask: 0,
            width: 0,
            kind,
            off: 0,
            run: NO_RUN,
            off2: 0,
        };
        match op {
            AbbrevOp::Literal(v) => scalar(0, 0, v, 0),
            AbbrevOp::Fixed(w) => scalar((1u64 << w.min(32)) - 1, 0, 0, w),
            AbbrevOp::Vbr(0) => scalar(0, 0, 0, 0),
            AbbrevOp::Vbr(w) => {
                let hi = 1u64 << (w.min(32) - 1);
                scalar(hi - 1, hi, 0, w)
            }
            AbbrevOp::Char6 => special(StepKind::Char6),
            AbbrevOp::Array => special(StepKind::Array),
            AbbrevOp::Blob => special(StepKind::Blob),
        }
    }
}

/// Fills in the leading run of an abbreviation's compiled operands
/// `steps` (see [`Step`]): offsets, and the run's width and continuation
/// mask on the first step; likewise the tail run (the scalars after the
/// first operand, offsets in `off2`) with its width and mask on the second
/// step. Called once at definition.
pub(crate) fn link_run(steps: &mut [Step]) {
    if let Some((first, rest)) = steps.split_first_mut() {
        if let Some((run, rmask)) = link(std::slice::from_mut(first), rest, |s, o| s.off = o) {
            first.run = run;
            first.rmask = rmask;
        }
    }
    if let Some((second, rest)) = steps.get_mut(1..).and_then(|s| s.split_first_mut()) {
        if let Some((run, rmask)) = link(&mut [], rest, |s, o| s.off2 = o) {
            second.run = run;
            second.rmask = rmask;
        }
    }
}

/// Offsets of the scalars of `head` then `tail` up to the first other
/// kind, set by `set`; the run's width and continuation mask if it covers
/// them all within [`RUN_MAX`] bits and is not empty.
fn link(head: &mut [Step], tail: &mut [Step], set: impl Fn(&mut Step, u8)) -> Option<(u8, u64)> {
    let mut off = 0u32;
    let mut rmask = 0u64;
    let mut complete = true;
    let mut n = 0;
    for s in head.iter_mut().chain(tail.iter_mut()) {
        if s.kind != StepKind::Scalar {
            break;
        }
        if off + u32::from(s.width) > RUN_MAX {
            complete = false;
            break;
        }
        set(s, off as u8);
        rmask |= s.cmask << off;
        off += u32::from(s.width);
        n += 1;
    }
    (n > 0 && complete).then_some((off as u8, rmask))
}

/// How the record loop reads an abbreviation, decided once at definition.
///
/// The fast shapes have a scalar code and only scalar (literal, fixed, VBR)
/// operands before their tail, so the loop reads them without looking at
/// each step's kind; up to four scalars are read by unrolled code, so one
/// jump on the shape replaces a loop whose trip count varies from record
/// to record. Everything else LLVM accepts (char6 scalars, arrays not
/// second to last, invalid array elements, blobs not last) is
/// [`Shape::Generic`], read step by step with LLVM's checks in LLVM's
/// order. [`Shape::Unabbreviated`] is abbreviation id 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Shape {
    /// A code and no operand.
    Plain0,
    /// A code and one scalar.
    Plain1,
    /// A code and two scalars.
    Plain2,
    /// A code and three scalars.
    Plain3,
    /// A code and four scalars.
    Plain4,
    /// A code and more scalars.
    Plain,
    /// Code, scalars, an array, and its element: fixed or VBR of nonzero
    /// width other than vbr6, or char6.
    Array,
    /// Code, scalars, and an array of vbr6 elements (operand lists such as
    /// `INST_GEP`'s).
    ArrayVbr6,
    /// Code, scalars, and a blob.
    Blob,
    /// Any other operand list.
    Generic,
    /// No abbreviation: every value a vbr6.
    Unabbreviated,
}

impl Shape {
    /// The shape of the compiled operand list `steps`.
    pub fn of(steps: &[Step]) -> Shape {
        let scalar = |s: &Step| s.kind == StepKind::Scalar;
        let Some((last, init)) = steps.split_last() else {
            return Shape::Generic;
        };
        if !steps.first().is_some_and(scalar) {
            return Shape::Generic;
        }
        if init.iter().all(scalar) {
            return match last.kind {
                StepKind::Scalar => match init.len() {
                    0 => Shape::Plain0,
                    1 => Shape::Plain1,
                    2 => Shape::Plain2,
                    3 => Shape::Plain3,
                    4 => Shape::Plain4,
                    _ => Shape::Plain,
                },
                StepKind::Blob if !init.is_empty() => Shape::Blob,
                _ => Shape::Generic,
            };
        }
        let element = match last.kind {
            StepKind::Scalar => last.width > 0,
            StepKind::Char6 => true,
            _ => false,
        };
        match init.split_last() {
            Some((array, scalars))
                if element
                    && array.kind == StepKind::Array
                    && !scalars.is_empty()
                    && scalars.iter().all(scalar) =>
            {
                if last.width == 6 && last.cmask == 1 << 5 {
                    // A vbr6 (a fixed(6) has no continuation bit).
                    Shape::ArrayVbr6
                } else {
                    Shape::Array
                }
            }
            _ => Shape::Generic,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AbbrevOp::{Array, Fixed, Literal, Vbr};
    use super::{link_run, AbbrevOp, Step, NO_RUN};

    fn linked(ops: &[AbbrevOp]) -> Vec<Step> {
        let mut steps: Vec<Step> = ops.iter().map(|&op| Step::of(op)).collect();
        link_run(&mut steps);
        steps
    }

    /// The leading run starts at the code, the tail run at the second
    /// operand; each covers the scalars up to the first other kind, or
    /// does not exist.
    #[test]
    fn leading_and_tail_runs() {
        // `INST_LOAD`'s shape: code, vbr6, fixed, vbr4, fixed.
        let s = linked(&[Literal(20), Vbr(6), Fixed(5), Vbr(4), Fixed(1)]);
        assert_eq!((s[0].run, s[0].rmask), (16, 0x20 | 0x8 << 11));
        assert_eq!(
            s.iter().map(|s| s.off).collect::<Vec<_>>(),
            [0, 0, 6, 11, 15]
        );
        assert_eq!((s[1].run, s[1].rmask), (10, 0x8 << 5));
        assert_eq!(s[2..].iter().map(|s| s.off2).collect::<Vec<_>>(), [0, 5, 9]);

        // Nothing after the first operand but an array: no tail run.
        let s = linked(&[Literal(1), Vbr(6), Array, Fixed(8)]);
        assert_eq!((s[0].run, s[1].run), (6, NO_RUN));

        // Too wide: neither run.
        let s = linked(&[Literal(1), Vbr(6), Fixed(32), Fixed(32)]);
        assert_eq!((s[0].run, s[1].run), (NO_RUN, NO_RUN));
    }
}
