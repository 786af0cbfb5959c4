//! The `.ll` lexer: bytes in, tokens out, one at a time, no allocation.
//!
//! Owns the token vocabulary ([`Tok`], [`Token`]) and the byte-level rules
//! of LLVM 19's `LLLexer` (identifier, label, number and string shapes,
//! `;` comments; LLVM 19 has no `/* */` comments, so `/` is an error). A
//! token is a kind plus byte spans into the source; the source is bytes,
//! not necessarily UTF-8, and NUL is a blank. Text is decoded only when the
//! parser asks for it
//! ([`Lexer::text`], [`Lexer::unescape`]). It does not own the grammar's
//! keywords: a bare word is a [`Tok::Word`] and the parser compares its
//! bytes, except that the words the parser asks about most ([`Kw`]: the
//! common instruction mnemonics, `ptr`, `align`, ...) are classified here,
//! and small decimal integers converted here, so that a parser fed by the
//! lexer thread reads a number instead of the bytes.

use std::borrow::Cow;

/// The kind of a token.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Tok {
    /// End of input.
    Eof,
    /// A byte the lexer cannot start a token with, or a malformed token;
    /// the message is in [`Token::err`].
    Error,
    /// `=`
    Equal,
    /// `,`
    Comma,
    /// `*`
    Star,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `!` not followed by a name
    Exclaim,
    /// `:`
    Colon,
    /// `|`
    Bar,
    /// `...`
    DotDotDot,
    /// A bare word (keyword, `DW_TAG_...`, `c` before a string); its
    /// [`Kw`] in [`Token::num`] (`Kw::None` for the other words).
    Word,
    /// `iN`; the width is in [`Token::num`].
    IntType,
    /// `@name` / `@"name"`; the name is the content span.
    GlobalName,
    /// `@N`; N in [`Token::num`].
    GlobalId,
    /// `%name` / `%"name"`.
    LocalName,
    /// `%N`.
    LocalId,
    /// `!name` (metadata name, escapes undone by [`Lexer::unescape`]).
    MdName,
    /// `#N`.
    AttrGroup,
    /// `$name` / `$"name"`.
    ComdatName,
    /// `^N`.
    SummaryId,
    /// `"..."`; the content span (escapes not undone).
    Str,
    /// A decimal integer `[-]?[0-9]+`; its value in [`Token::num`] when it
    /// has at most 9 digits (see [`Token::small_int`]).
    Int,
    /// `u0x...` / `s0x...`.
    HexInt,
    /// A floating-point literal (decimal with a `.`, or `0x`, `0xK` ...).
    Float,
    /// `name:` / `"name":`.
    LabelName,
    /// `N:`.
    LabelId,
    /// `#dbg_NAME`; the content span is `NAME`.
    DbgRecord,
}

/// One token: kind, whole span, content span, a number or flags, in 16
/// bytes (the parser copies one per step). Positions are `u32`: the parser
/// refuses inputs of 4 GiB and more before lexing.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Token {
    /// Start of the whole token (for error locations).
    start: u32,
    /// End of the content.
    end: u32,
    /// `iN` width, `@N`/`%N`/`#N`/`^N`/`N:` number (`u32::MAX` for a
    /// width too big; numbers are cut to 32 bits as LLLexer's); a word's
    /// [`Kw`]; an integer's value as an `i32` ([`NOT_SMALL`] past 9
    /// digits).
    num: u32,
    pub(crate) kind: Tok,
    /// Start of the content (name without sigil and quotes, ...) minus
    /// `start`.
    off: u8,
    /// The content was quoted (may hold `\xx` escapes).
    pub(crate) quoted: bool,
    /// What is wrong with an [`Tok::Error`] token.
    pub(crate) err: LexError,
}

const _: () = assert!(core::mem::size_of::<Token>() == 16);

impl Token {
    /// A placeholder (an end-of-input token at 0).
    pub(crate) const NONE: Token = Token {
        kind: Tok::Eof,
        start: 0,
        end: 0,
        num: 0,
        off: 0,
        quoted: false,
        err: LexError::None,
    };

    /// A token of `kind` at `start` whose content is `a..b` (`a - start`
    /// is at most a few bytes: a sigil, quotes, `#dbg_`).
    #[inline(always)]
    fn new(kind: Tok, start: usize, a: usize, b: usize, num: u32) -> Token {
        debug_assert!(a >= start && a - start < 256 && b >= a && b <= u32::MAX as usize);
        Token {
            kind,
            start: start as u32,
            end: b as u32,
            num,
            off: (a - start) as u8,
            quoted: false,
            err: LexError::None,
        }
    }

    /// Start of the whole token (for error locations).
    #[inline(always)]
    pub(crate) fn start(&self) -> usize {
        self.start as usize
    }

    /// Start of the content.
    #[inline(always)]
    pub(crate) fn a(&self) -> usize {
        self.start as usize + self.off as usize
    }

    /// End of the content.
    #[inline(always)]
    pub(crate) fn b(&self) -> usize {
        self.end as usize
    }

    /// `iN` width, `@N`/`%N`/`#N`/`^N`/`N:` number.
    #[inline(always)]
    pub(crate) fn num(&self) -> u64 {
        u64::from(self.num)
    }

    /// Whether this is the word `k` (a classified keyword).
    #[inline(always)]
    pub(crate) fn is_kw(&self, k: Kw) -> bool {
        self.kind == Tok::Word && self.num == k as u32
    }

    /// The keyword number of a [`Tok::Word`] (`Kw::None as u32` for a word
    /// that is not a [`Kw`]).
    #[inline(always)]
    pub(crate) fn kw_num(&self) -> u32 {
        self.num
    }

    /// The value of a [`Tok::Int`] of at most 9 digits (longer ones are
    /// read from their text).
    #[inline(always)]
    pub(crate) fn small_int(&self) -> Option<i32> {
        (self.kind == Tok::Int && self.num != NOT_SMALL).then_some(self.num as i32)
    }
}

/// [`Token::num`] of an integer of more than 9 digits: no value of 9
/// digits or fewer is `i32::MIN`.
const NOT_SMALL: u32 = i32::MIN as u32;

/// The `num` of the integer token spelled `text` (`[-]?[0-9]+`): its value
/// as an `i32` when it has at most 9 digits, else [`NOT_SMALL`].
#[inline]
fn int_num(text: &[u8]) -> u32 {
    let (neg, d) = match text.split_first() {
        Some((b'-', d)) => (true, d),
        _ => (false, text),
    };
    // `-0` keeps its text: a parser refusing a sign still sees it.
    if d.len() > 9 || (neg && d.iter().all(|&c| c == b'0')) {
        return NOT_SMALL;
    }
    let v = d
        .iter()
        .fold(0i32, |v, &c| v * 10 + i32::from(c.wrapping_sub(b'0')));
    (if neg { -v } else { v }) as u32
}

/// A word of up to 8 bytes as a number (its bytes in little-endian order),
/// so that a keyword is found by comparing numbers rather than strings.
pub(crate) const fn key(s: &[u8]) -> u64 {
    let mut k = 0u64;
    let mut i = 0;
    while i < s.len() && i < 8 {
        k |= (s[i] as u64) << (8 * i);
        i += 1;
    }
    k
}

macro_rules! keywords {
    (
        opcodes { $($os:literal => $op:ident,)* }
        words { $($ws:literal => $w:ident,)* }
        long { $($ls:literal => $l:ident,)* }
    ) => {
        /// The words the lexer classifies (in [`Token::num`] of a
        /// [`Tok::Word`]): the common instruction mnemonics (named as their
        /// [`Opcode`](crate::inst::Opcode)) and other words the parser asks
        /// about on its hot paths. `None` (0) is any other word.
        #[derive(Copy, Clone, PartialEq, Eq, Debug)]
        #[repr(u8)]
        pub(crate) enum Kw {
            None,
            $($op,)*
            $($w,)*
            $($l,)*
        }

        /// The opcode of each [`Kw`] by its number (`None` for the words
        /// that are not mnemonics).
        pub(crate) const KW_OPCODE: &[Option<crate::inst::Opcode>] = &[
            None,
            $(Some(crate::inst::Opcode::$op),)*
            $({ let _ = Kw::$w; None },)*
            $({ let _ = Kw::$l; None },)*
        ];

        /// The words of at most 8 bytes, by [`key`], with their [`Kw`]
        /// numbers.
        const SHORT_WORDS: &[(u64, u8)] = &[
            $((key($os.as_bytes()), Kw::$op as u8),)*
            $((key($ws.as_bytes()), Kw::$w as u8),)*
        ];

        /// The [`Kw`] of a word longer than 8 bytes.
        #[inline(never)]
        fn kw_long(w: &[u8]) -> Kw {
            $(
                if w == $ls.as_bytes() {
                    return Kw::$l;
                }
            )*
            Kw::None
        }

        /// Every classified word with its [`Kw`].
        #[cfg(test)]
        pub(crate) const KEYWORDS: &[(&str, Kw)] = &[
            $(($os, Kw::$op),)*
            $(($ws, Kw::$w),)*
            $(($ls, Kw::$l),)*
        ];
    };
}

keywords! {
    opcodes {
        "load" => Load,
        "store" => Store,
        "br" => Br,
        "call" => Call,
        "alloca" => Alloca,
        "icmp" => ICmp,
        "sext" => SExt,
        "zext" => ZExt,
        "add" => Add,
        "ret" => Ret,
        "and" => And,
        "sub" => Sub,
        "trunc" => Trunc,
        "phi" => Phi,
        "or" => Or,
        "select" => Select,
        "mul" => Mul,
        "shl" => Shl,
        "lshr" => LShr,
        "ashr" => AShr,
        "xor" => Xor,
        "switch" => Switch,
        "bitcast" => BitCast,
        "fcmp" => FCmp,
        "fadd" => FAdd,
        "fsub" => FSub,
        "fmul" => FMul,
        "fdiv" => FDiv,
        "sdiv" => SDiv,
        "udiv" => UDiv,
        "srem" => SRem,
        "urem" => URem,
    }
    words {
        "tail" => Tail,
        "musttail" => MustTail,
        "notail" => NoTail,
        "ptr" => Ptr,
        "align" => Align,
        "to" => To,
        "label" => Label,
        "atomic" => Atomic,
        "volatile" => Volatile,
        "inbounds" => InBounds,
        "nuw" => Nuw,
        "nsw" => Nsw,
    }
    long {
        "getelementptr" => GetElementPtr,
        "addrspace" => AddrSpace,
    }
}

/// The `iN` types the lexer finds whole in [`SHORT_TABLE`] (any other
/// width is read from its digits).
const INT_TYPES: &[(&str, u32)] = &[
    ("i1", 1),
    ("i8", 8),
    ("i16", 16),
    ("i32", 32),
    ("i64", 64),
    ("i128", 128),
];

/// A word of at most 8 bytes lexed whole by one lookup: its [`key`], and
/// the token it makes (kind, number, content offset).
#[derive(Copy, Clone)]
struct Short {
    key: u64,
    num: u32,
    kind: Tok,
    /// Start of the content minus the start of the word (1 for `iN`).
    off: u8,
}

/// The entries of [`SHORT_TABLE`]: the [`Kw`] words of at most 8 bytes,
/// then [`INT_TYPES`].
const SHORTS: [Short; SHORT_WORDS.len() + INT_TYPES.len()] = {
    let mut t = [Short {
        key: 0,
        num: 0,
        kind: Tok::Word,
        off: 0,
    }; SHORT_WORDS.len() + INT_TYPES.len()];
    let mut i = 0;
    while i < SHORT_WORDS.len() {
        t[i] = Short {
            key: SHORT_WORDS[i].0,
            num: SHORT_WORDS[i].1 as u32,
            kind: Tok::Word,
            off: 0,
        };
        i += 1;
    }
    let mut j = 0;
    while j < INT_TYPES.len() {
        t[i + j] = Short {
            key: key(INT_TYPES[j].0.as_bytes()),
            num: INT_TYPES[j].1,
            kind: Tok::IntType,
            off: 1,
        };
        j += 1;
    }
    t
};

/// Slots of [`SHORT_TABLE`].
const KW_SLOTS: usize = 256;

/// The slot of key `k` under multiplier `m`: the top 8 bits of the product.
const fn kw_slot(k: u64, m: u64) -> usize {
    (k.wrapping_mul(m) >> 56) as usize
}

/// The first multiplier (odd, from the golden ratio on) that gives every
/// entry of [`SHORTS`] its own slot; found at compile time.
const KW_MUL: u64 = {
    let mut m: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut tries = 0;
    loop {
        let mut used = [false; KW_SLOTS];
        let mut i = 0;
        let mut ok = true;
        while i < SHORTS.len() {
            let s = kw_slot(SHORTS[i].key, m);
            if used[s] {
                ok = false;
                break;
            }
            used[s] = true;
            i += 1;
        }
        if ok {
            break m;
        }
        tries += 1;
        assert!(tries < 100_000, "no collision-free keyword multiplier");
        m = m.wrapping_add(0x2545_f491_4f6c_dd1e);
    }
};

/// The short-word hash table: each entry of [`SHORTS`] in its slot, key 0
/// where none falls (no word's key is 0).
static SHORT_TABLE: [Short; KW_SLOTS] = {
    let mut t = [Short {
        key: 0,
        num: 0,
        kind: Tok::Word,
        off: 0,
    }; KW_SLOTS];
    let mut i = 0;
    while i < SHORTS.len() {
        t[kw_slot(SHORTS[i].key, KW_MUL)] = SHORTS[i];
        i += 1;
    }
    t
};

/// The [`SHORT_TABLE`] entry of the word whose [`key`] is `k`, if any:
/// one multiply, one table read, one compare.
#[inline(always)]
fn short_by_key(k: u64) -> Option<&'static Short> {
    let e = &SHORT_TABLE[kw_slot(k, KW_MUL)];
    (e.key == k).then_some(e)
}

/// The [`Kw`] number of a word of at most 8 bytes by its [`key`].
#[inline(always)]
fn kw_by_key(k: u64) -> u32 {
    match short_by_key(k) {
        Some(e) if e.kind == Tok::Word => e.num,
        _ => 0,
    }
}

/// The [`Kw`] number of the word `a..b` of `src`.
#[inline]
fn keyword(src: &[u8], a: usize, b: usize) -> u32 {
    let n = b - a;
    if n <= 8 {
        // One 8-byte load where the source has room, masked to the word.
        let k = match src.get(a..a + 8).map(<[u8; 8]>::try_from) {
            Some(Ok(w)) => u64::from_le_bytes(w),
            _ => key(&src[a..b]),
        };
        kw_by_key(if n == 8 {
            k
        } else {
            k & ((1u64 << (8 * n)) - 1)
        })
    } else {
        kw_long(&src[a..b]) as u32
    }
}

/// The message of an [`Tok::Error`] token (one byte in the token instead
/// of a string slice).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum LexError {
    /// Not an error token.
    None,
    EofInComdatName,
    InvalidComdatName,
    EofInString,
    InvalidCharacter,
    InvalidToken,
    NullInName,
    EofInGlobalName,
    InvalidHexFloat,
}

/// The lexer: a cursor over the source bytes.
#[derive(Clone)]
pub(crate) struct Lexer<'a> {
    pub(crate) src: &'a [u8],
    /// `src` as text when it is all UTF-8 (checked once, so spans of
    /// names are borrowed without checking each).
    text: Option<&'a str>,
    pub(crate) pos: usize,
    /// Inside a summary entry: `name:` is a word and a colon, not a label
    /// (LLVM's `setIgnoreColonInIdentifiers`).
    pub(crate) ignore_colon: bool,
}

/// Character classes, one table lookup each.
const LABEL: u8 = 1; // [-a-zA-Z$._0-9]
const WORD: u8 = 2; // [a-zA-Z0-9_]
const NAME_START: u8 = 4; // [-a-zA-Z$._]
const MD: u8 = 8; // [-a-zA-Z$._0-9\\]
const BLANK: u8 = 16; // [ \t\n\r\0]
const LABEL_TAIL: u8 = 32; // [-$.:]: after a word's run, a label goes on

const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let alpha = b.is_ascii_alphabetic();
        let digit = b.is_ascii_digit();
        let punct = matches!(b, b'-' | b'$' | b'.' | b'_');
        let mut v = 0;
        if alpha || digit || punct {
            v |= LABEL | MD;
        }
        if alpha || digit || b == b'_' {
            v |= WORD;
        }
        if alpha || punct {
            v |= NAME_START;
        }
        if b == b'\\' {
            v |= MD;
        }
        if matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0) {
            v |= BLANK;
        }
        if matches!(b, b'-' | b'$' | b'.' | b':') {
            v |= LABEL_TAIL;
        }
        t[c] = v;
        c += 1;
    }
    t
};

#[inline]
fn is_label_char(c: u8) -> bool {
    CLASS[c as usize] & LABEL != 0
}

#[inline]
fn is_name_start(c: u8) -> bool {
    CLASS[c as usize] & NAME_START != 0
}

/// Decimal digits to a number, `u64::MAX` on overflow.
#[inline]
/// The number of `%N`, `@N`, `#N` or `^N` as LLLexer's `LexUIntID` makes
/// it: the decimal value (0 past 64 bits, as `atoull`) cut to 32 bits, so
/// `%4294967297` is `%1`.
fn id_value(d: &[u8]) -> u32 {
    let v = d.iter().try_fold(0u64, |v, &c| {
        v.checked_mul(10)?.checked_add(u64::from(c - b'0'))
    });
    v.unwrap_or(0) as u32
}

/// An `iN` width as a token's number: `u32::MAX` (no valid width) when
/// it does not fit.
#[inline]
fn width(w: u64) -> u32 {
    u32::try_from(w).unwrap_or(u32::MAX)
}

fn digits_value(d: &[u8]) -> u64 {
    if d.len() <= 19 {
        // At most 19 digits fit a u64 whatever they are.
        return d
            .iter()
            .fold(0u64, |v, &c| v * 10 + u64::from(c.wrapping_sub(b'0')));
    }
    let mut v: u64 = 0;
    for &c in d {
        v = match v
            .checked_mul(10)
            .and_then(|x| x.checked_add((c - b'0') as u64))
        {
            Some(x) => x,
            None => return u64::MAX,
        };
    }
    v
}

/// The length of the run of bytes at the start of `s` that are `class`.
#[inline]
fn run(s: &[u8], class: u8) -> usize {
    s.iter()
        .position(|&c| CLASS[c as usize] & class == 0)
        .unwrap_or(s.len())
}

/// The first byte at or after `p` of `src` that is not a blank, and its
/// position; `None` at the end of input. NUL is a blank to LLLexer (it
/// is only the end of input at the end of its buffer).
#[inline(never)]
fn blank_run_end(src: &[u8], p: usize) -> Option<(usize, u8)> {
    let rest = src.get(p..)?;
    let k = rest.iter().position(|&c| CLASS[c as usize] & BLANK == 0)?;
    Some((p + k, rest[k]))
}

/// Eight copies of byte `b`.
const fn bytes8(b: u8) -> u64 {
    u64::from_le_bytes([b; 8])
}

/// The end of the `;` comment at `p` of `src` (its newline, or the end),
/// found eight bytes at a time.
#[inline(never)]
fn line_comment_end(src: &[u8], mut p: usize) -> usize {
    while let Some(w) = src.get(p..).and_then(|s| s.first_chunk::<8>()) {
        // The bytes equal to `\n` become zero; the lowest zero byte sets
        // the lowest flagged bit (a borrow only flags bytes above it).
        let x = u64::from_le_bytes(*w) ^ bytes8(b'\n');
        let z = x.wrapping_sub(bytes8(1)) & !x & bytes8(0x80);
        if z != 0 {
            return p + (z.trailing_zeros() / 8) as usize;
        }
        p += 8;
    }
    let rest = &src[p..];
    p + rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len())
}

/// The end of the run of spaces at `p` of `src`, eight at a time, or a
/// position inside its last eight bytes (the blanks left are skipped
/// before the next token as usual). Called after a label, which
/// llvm-dis pads with spaces up to its `; preds` comment.
#[inline]
fn space_run_end(src: &[u8], mut p: usize) -> usize {
    while let Some(w) = src.get(p..).and_then(|s| s.first_chunk::<8>()) {
        let x = u64::from_le_bytes(*w) ^ bytes8(b' ');
        if x != 0 {
            return p + (x.trailing_zeros() / 8) as usize;
        }
        p += 8;
    }
    p
}

/// The length of the run of decimal digits at the start of `s`.
#[inline]
fn digit_run(s: &[u8]) -> usize {
    s.iter()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(s.len())
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`, whose text `text` is when it is
    /// UTF-8 (`&str` input is: no second check of the whole source).
    pub(crate) fn with_text(src: &'a [u8], text: Option<&'a str>) -> Self {
        debug_assert!(text.is_none_or(|t| core::ptr::eq(t.as_bytes(), src)));
        Lexer {
            src,
            text,
            pos: 0,
            ignore_colon: false,
        }
    }

    #[inline]
    fn at(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    #[inline]
    fn tok(&self, kind: Tok, start: usize, a: usize, b: usize) -> Token {
        Token::new(kind, start, a, b, 0)
    }

    #[inline]
    fn numbered(&self, kind: Tok, start: usize, a: usize, b: usize, num: u32) -> Token {
        Token::new(kind, start, a, b, num)
    }

    #[cold]
    fn error(&self, start: usize, e: LexError) -> Token {
        let mut t = self.tok(Tok::Error, start, start, start);
        t.err = e;
        t
    }

    /// Scans a `"..."` string starting at `self.pos` (on the quote); returns
    /// the content span.
    fn string_body(&mut self) -> Option<(usize, usize)> {
        let a = self.pos + 1;
        let rest = &self.src[a..];
        let n = rest.iter().position(|&c| c == b'"')?;
        self.pos = a + n + 1;
        Some((a, a + n))
    }

    /// The next token.
    #[inline(never)]
    pub(crate) fn next(&mut self) -> Token {
        let mut t = Token::NONE;
        let src = self.src;
        self.pos = self.lex_into(src, self.pos, &mut t).unwrap_or(src.len());
        t
    }

    /// Lexes up to `out.len()` tokens into `out`, stopping after an
    /// [`Tok::Eof`]; returns how many. One call per batch: the scanning
    /// state stays in registers from one token to the next.
    #[inline(never)]
    pub(crate) fn fill(&mut self, out: &mut [Token]) -> usize {
        // The source in a local: the out-of-line paths take `&mut self`,
        // and the loop need not read `self.src` again after each.
        let src = self.src;
        let mut p = self.pos;
        let mut n = 0;
        while n < out.len() {
            let Some(q) = self.lex_into(src, p, &mut out[n]) else {
                self.pos = src.len();
                return n + 1;
            };
            p = q;
            n += 1;
        }
        self.pos = p;
        n
    }

    /// The token at `p` of `src` (which is `self.src`), stored to `out`
    /// field by field on each path (so it is not built in a temporary and
    /// copied); the position after it, or `None` when it is the
    /// [`Tok::Eof`] at the end of input.
    ///
    /// The hot shapes (blanks, `%N`, words, `iN`, decimal integers,
    /// punctuation) are handled here with few registers and no call; the
    /// rest goes to [`next_rare`](Self::next_rare). A word or `%N` whose
    /// first 8 bytes are in the source is scanned in that 8-byte window
    /// (no end-of-input check a byte), and a word of up to 7 bytes is
    /// looked up whole in [`SHORT_TABLE`] with those bytes as its key.
    #[inline(always)]
    fn lex_into(&mut self, src: &'a [u8], mut p: usize, out: &mut Token) -> Option<usize> {
        debug_assert!(core::ptr::eq(src, self.src));
        loop {
            // Up to three blanks (a space, a newline and an indent) are
            // stepped over straight, in a window of 4 bytes; longer runs
            // and the end of input take a call (a loop here would make
            // the compiler step every value derived from `p` a byte).
            let (q, c) = match src.get(p..).and_then(|s| s.first_chunk::<4>()) {
                Some(h) if CLASS[h[0] as usize] & BLANK == 0 => (p, h[0]),
                Some(h) if CLASS[h[1] as usize] & BLANK == 0 => (p + 1, h[1]),
                Some(h) if CLASS[h[2] as usize] & BLANK == 0 => (p + 2, h[2]),
                Some(h) if CLASS[h[3] as usize] & BLANK == 0 => (p + 3, h[3]),
                _ => match blank_run_end(src, p) {
                    Some(qc) => qc,
                    None => {
                        p = src.len();
                        *out = Token::new(Tok::Eof, p, p, p, 0);
                        return None;
                    }
                },
            };
            p = q;
            let start = p;
            let mut emit = |kind: Tok, a: usize, b: usize, num: u32| {
                *out = Token::new(kind, start, a, b, num);
            };
            return Some(match c {
                b';' => {
                    p = line_comment_end(src, p);
                    continue;
                }
                b'%' => {
                    // `%N`, the most common local reference, inline.
                    let a = p + 1;
                    if let Some(h) = src.get(a..).and_then(|s| s.first_chunk::<8>()) {
                        let mut v: u32 = 0;
                        let mut n = 0;
                        while n < 8 {
                            let x = h[n].wrapping_sub(b'0');
                            if x > 9 {
                                break;
                            }
                            v = v * 10 + u32::from(x);
                            n += 1;
                        }
                        if n > 0 && n < 8 {
                            emit(Tok::LocalId, a, a + n, v);
                            return Some(a + n);
                        }
                    }
                    let mut q = a;
                    // Up to 9 digits fit a u32 whatever they are.
                    let mut v: u32 = 0;
                    while let Some(&d) = src.get(q) {
                        let x = d.wrapping_sub(b'0');
                        if x > 9 {
                            break;
                        }
                        v = v.wrapping_mul(10).wrapping_add(u32::from(x));
                        q += 1;
                    }
                    if q == a {
                        self.pos = start + 1;
                        *out = self.sigil(start, Tok::LocalName, Tok::LocalId);
                        return Some(self.pos);
                    }
                    if q - a > 9 {
                        v = id_value(&src[a..q]);
                    }
                    emit(Tok::LocalId, a, q, v);
                    q
                }
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                    // The word: [a-zA-Z0-9_]*. A label may go on with [-$.].
                    let from = match src.get(start..).and_then(|s| s.first_chunk::<8>()) {
                        Some(h) => {
                            let mut n = 1;
                            while n < 8 && CLASS[h[n] as usize] & WORD != 0 {
                                n += 1;
                            }
                            if n < 8 {
                                let q = start + n;
                                if CLASS[h[n] as usize] & LABEL_TAIL != 0 {
                                    *out = self.identifier_label(start, q);
                                    return Some(self.pos);
                                }
                                let k = u64::from_le_bytes(*h) & (u64::MAX >> (64 - 8 * n));
                                if let Some(e) = short_by_key(k) {
                                    emit(e.kind, start + e.off as usize, q, e.num);
                                } else {
                                    *out = self.other_word(start, q);
                                }
                                return Some(q);
                            }
                            start + 8
                        }
                        None => start,
                    };
                    let q = from + run(&src[from..], WORD);
                    let n = src.get(q).copied().unwrap_or(0);
                    if n == b':' || CLASS[n as usize] & LABEL != 0 {
                        *out = self.identifier_label(start, q);
                        return Some(self.pos);
                    }
                    if c == b'i' && q - start > 1 {
                        let d = &src[start + 1..q];
                        if d.len() <= 19 && d.iter().all(u8::is_ascii_digit) {
                            let w = d.iter().fold(0u64, |v, &c| v * 10 + u64::from(c - b'0'));
                            emit(Tok::IntType, start + 1, q, width(w));
                            return Some(q);
                        }
                    }
                    if q - start > 3 && src[start + 1] == b'0' && (c == b'u' || c == b's') {
                        *out = self.identifier_hex(start, q);
                        return Some(q);
                    }
                    emit(Tok::Word, start, q, keyword(src, start, q));
                    q
                }
                b',' => {
                    emit(Tok::Comma, start, start + 1, 0);
                    start + 1
                }
                b'0'..=b'9' | b'-' => {
                    // Digits not followed by a label byte, `:` or `.`.
                    if c != b'0' || src.get(p + 1) != Some(&b'x') {
                        let d0 = if c == b'-' { p + 1 } else { p };
                        let q = d0 + digit_run(&src[d0..]);
                        if q > d0 {
                            let n = src.get(q).copied().unwrap_or(0);
                            if CLASS[n as usize] & LABEL == 0 && n != b':' {
                                emit(Tok::Int, start, q, int_num(&src[start..q]));
                                return Some(q);
                            }
                        }
                    }
                    self.pos = start + 1;
                    *out = self.number_slow(start);
                    self.pos
                }
                b'=' => {
                    emit(Tok::Equal, start, start + 1, 0);
                    start + 1
                }
                b'*' => {
                    emit(Tok::Star, start, start + 1, 0);
                    start + 1
                }
                b'[' => {
                    emit(Tok::LSquare, start, start + 1, 0);
                    start + 1
                }
                b']' => {
                    emit(Tok::RSquare, start, start + 1, 0);
                    start + 1
                }
                b'{' => {
                    emit(Tok::LBrace, start, start + 1, 0);
                    start + 1
                }
                b'}' => {
                    emit(Tok::RBrace, start, start + 1, 0);
                    start + 1
                }
                b'(' => {
                    emit(Tok::LParen, start, start + 1, 0);
                    start + 1
                }
                b')' => {
                    emit(Tok::RParen, start, start + 1, 0);
                    start + 1
                }
                b'<' => {
                    emit(Tok::Less, start, start + 1, 0);
                    start + 1
                }
                b'>' => {
                    emit(Tok::Greater, start, start + 1, 0);
                    start + 1
                }
                _ => {
                    self.pos = start + 1;
                    *out = self.next_rare(start, c);
                    self.pos
                }
            });
        }
    }

    /// A word `start..q` of at most 7 bytes, not followed by a label byte,
    /// that is not in [`SHORT_TABLE`]: an `iN` of another width, a hex
    /// integer `u0x...`/`s0x...`, or a word that is no [`Kw`].
    #[inline(never)]
    fn other_word(&mut self, start: usize, q: usize) -> Token {
        match &self.src[start..q] {
            [b'i', d @ ..] if !d.is_empty() && d.iter().all(u8::is_ascii_digit) => {
                self.numbered(Tok::IntType, start, start + 1, q, width(digits_value(d)))
            }
            [b'u' | b's', b'0', b'x', ..] => self.identifier_hex(start, q),
            _ => self.tok(Tok::Word, start, start, q),
        }
    }

    /// The tokens [`next`](Self::next) does not handle inline, from their
    /// first byte `c` at `start` (`self.pos` is `start + 1`).
    #[inline(never)]
    fn next_rare(&mut self, start: usize, c: u8) -> Token {
        let punct = |k| Token::new(k, start, start, start + 1, 0);
        match c {
            b':' => punct(Tok::Colon),
            b'|' => punct(Tok::Bar),
            b'+' => self.number_slow(start),
            b'@' => self.sigil(start, Tok::GlobalName, Tok::GlobalId),
            b'$' => {
                if self.at(self.pos) == b'"' {
                    match self.string_body() {
                        Some((a, b)) if has_null(&self.src[a..b]) => {
                            self.error(start, LexError::NullInName)
                        }
                        Some((a, b)) => {
                            let mut t = self.tok(Tok::ComdatName, start, a, b);
                            t.quoted = true;
                            t
                        }
                        None => self.error(start, LexError::EofInComdatName),
                    }
                } else {
                    let a = self.pos;
                    self.pos += run(&self.src[a..], LABEL);
                    if self.pos == a {
                        return self.error(start, LexError::InvalidComdatName);
                    }
                    self.tok(Tok::ComdatName, start, a, self.pos)
                }
            }
            b'!' => {
                if is_name_start(self.at(self.pos)) || self.at(self.pos) == b'\\' {
                    let a = self.pos;
                    self.pos += run(&self.src[a..], MD);
                    let mut t = self.tok(Tok::MdName, start, a, self.pos);
                    t.quoted = self.src[a..self.pos].contains(&b'\\');
                    t
                } else {
                    punct(Tok::Exclaim)
                }
            }
            b'#' => {
                if self.src[self.pos..].starts_with(b"dbg_") {
                    let a = self.pos + 4;
                    self.pos = a + run(&self.src[a..], WORD);
                    return self.tok(Tok::DbgRecord, start, a, self.pos);
                }
                self.number_after_sigil(start, Tok::AttrGroup)
            }
            b'^' => self.number_after_sigil(start, Tok::SummaryId),
            b'"' => {
                self.pos = start;
                match self.string_body() {
                    Some((a, b)) => {
                        let kind = if self.at(self.pos) == b':' {
                            self.pos += 1;
                            if has_null(&self.src[a..b]) {
                                return self.error(start, LexError::NullInName);
                            }
                            Tok::LabelName
                        } else {
                            Tok::Str
                        };
                        let mut t = self.tok(kind, start, a, b);
                        t.quoted = true;
                        t
                    }
                    None => {
                        self.pos = self.src.len();
                        self.error(start, LexError::EofInString)
                    }
                }
            }
            b'.' => {
                if self.src[self.pos..].starts_with(b"..") {
                    self.pos += 2;
                    return self.tok(Tok::DotDotDot, start, start, self.pos);
                }
                self.pos = start;
                self.label_or_error(start)
            }
            _ => self.error(start, LexError::InvalidCharacter),
        }
    }

    fn label_or_error(&mut self, start: usize) -> Token {
        let p = start + run(&self.src[start..], LABEL);
        if p > start && self.at(p) == b':' {
            self.pos = space_run_end(self.src, p + 1);
            return self.tok(Tok::LabelName, start, start, p);
        }
        self.pos = start + 1;
        self.error(start, LexError::InvalidToken)
    }

    /// `@...` or `%...` after the sigil at `start`: `@N`/`%N`, a name, or
    /// a quoted name.
    #[inline(never)]
    fn sigil(&mut self, start: usize, named: Tok, numbered: Tok) -> Token {
        let a = self.pos;
        let c = self.at(a);
        if c.is_ascii_digit() {
            let b = a + digit_run(&self.src[a..]);
            self.pos = b;
            return self.numbered(numbered, start, a, b, id_value(&self.src[a..b]));
        }
        if is_name_start(c) {
            let b = a + run(&self.src[a..], LABEL);
            self.pos = b;
            return self.tok(named, start, a, b);
        }
        if c == b'"' {
            return match self.string_body() {
                Some((a, b)) => {
                    if has_null(&self.src[a..b]) {
                        return self.error(start, LexError::NullInName);
                    }
                    let mut t = self.tok(named, start, a, b);
                    t.quoted = true;
                    t
                }
                None => {
                    self.pos = self.src.len();
                    self.error(start, LexError::EofInGlobalName)
                }
            };
        }
        self.error(start, LexError::InvalidToken)
    }

    fn number_after_sigil(&mut self, start: usize, kind: Tok) -> Token {
        let a = self.pos;
        let b = a + digit_run(&self.src[a..]);
        if b == a {
            return self.error(start, LexError::InvalidToken);
        }
        self.pos = b;
        self.numbered(kind, start, a, b, id_value(&self.src[a..b]))
    }

    /// A word at `start` whose [a-zA-Z0-9_] run ends at `q` before a `:`
    /// or a `[-$.]` byte: a label `name:`, or the word (`iN`, hex
    /// integer) when no `:` ends the label run, or inside a summary entry
    /// (`ignore_colon`).
    #[inline(never)]
    fn identifier_label(&mut self, start: usize, q: usize) -> Token {
        let src = self.src;
        let p = q + run(&src[q..], LABEL);
        if self.at(p) == b':' && !self.ignore_colon {
            self.pos = space_run_end(self.src, p + 1);
            return self.tok(Tok::LabelName, start, start, p);
        }
        self.pos = q;
        match &src[start..q] {
            [b'i', d @ ..] if !d.is_empty() && d.iter().all(u8::is_ascii_digit) => {
                self.numbered(Tok::IntType, start, start + 1, q, width(digits_value(d)))
            }
            [b'u' | b's', b'0', b'x', ..] => self.identifier_hex(start, q),
            _ => self.word(start, q),
        }
    }

    /// The word `start..q` that starts with `u0` or `s0`: a hex integer
    /// `u0x...`/`s0x...`, or a plain word.
    #[inline(never)]
    fn identifier_hex(&mut self, start: usize, q: usize) -> Token {
        match &self.src[start..q] {
            [b'u' | b's', b'0', b'x', h @ ..]
                if !h.is_empty() && h.iter().all(u8::is_ascii_hexdigit) =>
            {
                self.tok(Tok::HexInt, start, start, q)
            }
            _ => self.word(start, q),
        }
    }

    /// The word `start..q`, classified.
    fn word(&self, start: usize, q: usize) -> Token {
        self.numbered(Tok::Word, start, start, q, keyword(self.src, start, q))
    }

    /// A number or a label starting with a digit or `-`/`+` at `start`
    /// (`self.pos` is `start + 1`).
    #[inline(never)]
    fn number_slow(&mut self, start: usize) -> Token {
        let c = self.src[start];
        if c == b'0' && self.at(self.pos) == b'x' {
            // 0x[KLMHR]?[0-9A-Fa-f]+
            let mut p = self.pos + 1;
            if matches!(self.at(p), b'K' | b'L' | b'M' | b'H' | b'R') {
                p += 1;
            }
            let h = p;
            while self.at(p).is_ascii_hexdigit() {
                p += 1;
            }
            if p == h {
                self.pos = start + 1;
                return self.error(start, LexError::InvalidHexFloat);
            }
            self.pos = p;
            return self.tok(Tok::Float, start, start, p);
        }
        if !c.is_ascii_digit() && !self.at(self.pos).is_ascii_digit() {
            self.pos = start;
            return self.label_or_error(start);
        }
        let mut p = if c.is_ascii_digit() { start } else { start + 1 };
        while self.at(p).is_ascii_digit() {
            p += 1;
        }
        // A label like `1abc:` or `-x:`
        if c != b'+' {
            let mut q = p;
            while is_label_char(self.at(q)) {
                q += 1;
            }
            if self.at(q) == b':' {
                self.pos = space_run_end(self.src, q + 1);
                let digits_only = q == p && c != b'-';
                let mut t = self.tok(
                    if digits_only {
                        Tok::LabelId
                    } else {
                        Tok::LabelName
                    },
                    start,
                    start,
                    q,
                );
                if digits_only {
                    t.num = id_value(&self.src[start..q]);
                }
                return t;
            }
        }
        if self.at(p) != b'.' {
            if c == b'+' {
                self.pos = start + 1;
                return self.error(start, LexError::InvalidToken);
            }
            self.pos = p;
            return self.numbered(Tok::Int, start, start, p, int_num(&self.src[start..p]));
        }
        p += 1;
        while self.at(p).is_ascii_digit() {
            p += 1;
        }
        if matches!(self.at(p), b'e' | b'E') {
            let mut q = p + 1;
            if matches!(self.at(q), b'-' | b'+') {
                q += 1;
            }
            if self.at(q).is_ascii_digit() {
                while self.at(q).is_ascii_digit() {
                    q += 1;
                }
                p = q;
            }
        }
        self.pos = p;
        self.tok(Tok::Float, start, start, p)
    }

    /// A span as text (spans of words and numbers are ASCII).
    pub(crate) fn str_of(&self, a: usize, b: usize) -> &'a str {
        self.span_text(a, b).unwrap_or("")
    }

    /// The span `a..b` as text, `None` when it is not UTF-8.
    #[inline]
    fn span_text(&self, a: usize, b: usize) -> Option<&'a str> {
        match self.text {
            Some(t) => t.get(a..b),
            None => core::str::from_utf8(self.src.get(a..b)?).ok(),
        }
    }

    /// The raw bytes of a span.
    pub(crate) fn bytes(&self, a: usize, b: usize) -> &'a [u8] {
        &self.src[a..b]
    }

    /// The content of `t` as text, escapes undone when it was quoted
    /// (or is a metadata name with `\xx`).
    pub(crate) fn text(&self, t: &Token) -> Cow<'a, str> {
        let raw = &self.src[t.a()..t.b()];
        if !t.quoted {
            if let Some(s) = self.span_text(t.a(), t.b()) {
                return Cow::Borrowed(s);
            }
        }
        if t.quoted && raw.contains(&b'\\') {
            match unescape(raw) {
                Cow::Owned(v) => Cow::Owned(String::from_utf8_lossy(&v).into_owned()),
                Cow::Borrowed(b) => String::from_utf8_lossy(b),
            }
        } else {
            String::from_utf8_lossy(raw)
        }
    }

    /// The name a name token spells, as bytes (escapes undone when it was
    /// quoted): LLVM's names are arbitrary bytes.
    #[inline]
    pub(crate) fn name(&self, t: &Token) -> Cow<'a, [u8]> {
        let raw = &self.src[t.a()..t.b()];
        if t.quoted {
            unescape(raw)
        } else {
            Cow::Borrowed(raw)
        }
    }

    /// The content of a string token as bytes, escapes undone.
    pub(crate) fn unescape(&self, t: &Token) -> Cow<'a, [u8]> {
        unescape(&self.src[t.a()..t.b()])
    }
}

/// Whether a quoted name holds a NUL byte once its escapes are undone
/// (LLVM: "Null bytes are not allowed in names").
fn has_null(raw: &[u8]) -> bool {
    raw.contains(&0) || (raw.contains(&b'\\') && unescape(raw).contains(&0))
}

fn hexval(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// LLVM's `UnEscapeLexed`: `\\` is a backslash, `\XY` (two hex digits) a
/// byte; any other backslash stays.
pub(crate) fn unescape(raw: &[u8]) -> Cow<'_, [u8]> {
    if !raw.contains(&b'\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        if c == b'\\' {
            if raw.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            if let (Some(h), Some(l)) = (
                raw.get(i + 1).and_then(|&c| hexval(c)),
                raw.get(i + 2).and_then(|&c| hexval(c)),
            ) {
                out.push(h * 16 + l);
                i += 3;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tok> {
        let mut l = Lexer::with_text(s.as_bytes(), Some(s));
        let mut v = Vec::new();
        loop {
            let t = l.next();
            v.push(t.kind);
            if matches!(t.kind, Tok::Eof | Tok::Error) {
                return v;
            }
        }
    }

    #[test]
    fn shapes() {
        use Tok::*;
        assert_eq!(
            kinds("define i32 @f(i32 %0) {"),
            vec![Word, IntType, GlobalName, LParen, IntType, LocalId, RParen, LBrace, Eof]
        );
        assert_eq!(
            kinds("entry: 12: \"a b\": -1 1.5e3 0xK3FFF u0x1F !dbg !12 #0 #dbg_value ^3 $c ..."),
            vec![
                LabelName, LabelId, LabelName, Int, Float, Float, HexInt, MdName, Exclaim, Int,
                AttrGroup, DbgRecord, SummaryId, ComdatName, DotDotDot, Eof
            ]
        );
        assert_eq!(kinds("; y\n c\"a\\00\""), vec![Word, Str, Eof]);
        assert_eq!(kinds("/* x */"), vec![Error]);
        assert_eq!(kinds("\"abc"), vec![Error]);
        assert_eq!(unescape(b"a\\00\\\\b\\q").as_ref(), b"a\0\\b\\q");
    }

    fn first(s: &str) -> Token {
        Lexer::with_text(s.as_bytes(), Some(s)).next()
    }

    #[test]
    fn keywords_are_classified() {
        for &(w, k) in KEYWORDS {
            assert!(first(w).is_kw(k), "{w}");
            // At the very end of the input, and before a label byte.
            let t = first(&format!("{w} "));
            assert!(t.is_kw(k), "{w}");
            assert!(first(&format!("{w}.x")).is_kw(k), "{w}");
            // Longer and shorter words are other words.
            assert_eq!(first(&format!("{w}s")).kw_num(), Kw::None as u32, "{w}s");
            assert_eq!(first(&w[..w.len() - 1]).kw_num(), Kw::None as u32, "{w}");
        }
        assert_eq!(first("nounwind").kw_num(), Kw::None as u32);
        assert!(first("ptr").is_kw(Kw::Ptr));
        assert!(!first("%ptr").is_kw(Kw::Ptr));
    }

    #[test]
    fn small_integers_carry_their_value() {
        assert_eq!(first("0").small_int(), Some(0));
        assert_eq!(first("42,").small_int(), Some(42));
        assert_eq!(first("-7").small_int(), Some(-7));
        assert_eq!(first("999999999").small_int(), Some(999_999_999));
        assert_eq!(first("-999999999").small_int(), Some(-999_999_999));
        assert_eq!(first("1000000000").small_int(), None);
        assert_eq!(first("-0").small_int(), None);
        assert_eq!(first("-00").small_int(), None);
        assert_eq!(first("007").small_int(), Some(7));
        assert_eq!(first("1.5").small_int(), None);
        assert_eq!(first("x").small_int(), None);
    }

    /// Every token of `s` as (kind, start, content start, end, number,
    /// quoted, error), up to the end of input.
    fn all(s: &[u8]) -> Vec<(Tok, usize, usize, usize, u64, bool, LexError)> {
        let mut l = Lexer::with_text(s, core::str::from_utf8(s).ok());
        let mut v = Vec::new();
        loop {
            let t = l.next();
            if t.kind == Tok::Eof {
                return v;
            }
            v.push((t.kind, t.start(), t.a(), t.b(), t.num(), t.quoted, t.err));
        }
    }

    #[test]
    fn words_lex_alike_near_and_far_from_the_end() {
        // A word or `%N` with 8 bytes of source from its start is scanned
        // in that window and looked up whole; one at the end of input
        // takes the general path. Both must make the same tokens.
        let words = [
            "i1",
            "i8",
            "i16",
            "i32",
            "i64",
            "i128",
            "i7",
            "i0",
            "i08",
            "i1234567",
            "i12345678",
            "i",
            "ix",
            "i32x",
            "ptr",
            "ptrs",
            "pt",
            "align",
            "alloca",
            "load",
            "br",
            "to",
            "inbounds",
            "volatile",
            "musttail",
            "getelementptr",
            "addrspace",
            "noundef",
            "x",
            "_",
            "_a9",
            "u0x1F",
            "s0xff",
            "u0x",
            "u0xg",
            "u0",
            "s0x1234",
            "u0x12345",
            "ABC",
            "abcdefg",
            "abcdefgh",
            "abcdefghi",
            "%0",
            "%7",
            "%1234567",
            "%12345678",
            "%123456789",
            "%4294967297",
            "%x",
            "%",
            "%\"a\"",
            "%-1",
        ];
        let tails = [
            "", " ", ",", ":", ".x", "-", "$", ".", ")", "\n", "\u{80}", "\0", ";c\n", ":x",
        ];
        for w in words {
            for t in tails {
                let s = format!("{w}{t}");
                let near = all(s.as_bytes());
                let padded = format!("{s}          \n");
                let far = all(padded.as_bytes());
                assert_eq!(near, far, "{s:?}");
                // Inside a summary entry (`name:` is a word and a colon).
                let mut a = Lexer::with_text(s.as_bytes(), Some(&s));
                let mut b = Lexer::with_text(padded.as_bytes(), Some(&padded));
                a.ignore_colon = true;
                b.ignore_colon = true;
                loop {
                    let (x, y) = (a.next(), b.next());
                    if x.kind == Tok::Eof {
                        break;
                    }
                    assert_eq!(
                        (x.kind, x.start(), x.a(), x.b(), x.num(), x.err),
                        (y.kind, y.start(), y.a(), y.b(), y.num(), y.err),
                        "{s:?}"
                    );
                }
            }
        }
        let t = first("i32 ");
        assert_eq!((t.kind, t.a(), t.b(), t.num()), (Tok::IntType, 1, 3, 32));
        let t = first("i128,");
        assert_eq!((t.kind, t.a(), t.b(), t.num()), (Tok::IntType, 1, 4, 128));
        let t = first("i7 ");
        assert_eq!((t.kind, t.num()), (Tok::IntType, 7));
        let t = first("%12 ");
        assert_eq!((t.kind, t.a(), t.b(), t.num()), (Tok::LocalId, 1, 3, 12));
        assert_eq!(first("u0x1F ").kind, Tok::HexInt);
        assert_eq!(first("i32: ").kind, Tok::LabelName);
    }

    #[test]
    fn batches_match_single_tokens() {
        let s =
            "define i32 @f(i32 %0) {\nentry:   ; c\n  %1 = add nsw i32 %0, 1\n  ret i32 %1\n}\n";
        let one = all(s.as_bytes());
        let mut l = Lexer::with_text(s.as_bytes(), Some(s));
        let mut buf = [Token::NONE; 7];
        let mut got = Vec::new();
        loop {
            let n = l.fill(&mut buf);
            got.extend(
                buf[..n]
                    .iter()
                    .map(|t| (t.kind, t.start(), t.a(), t.b(), t.num(), t.quoted, t.err)),
            );
            if buf[n - 1].kind == Tok::Eof {
                break;
            }
        }
        assert_eq!(got.pop().map(|t| t.0), Some(Tok::Eof));
        assert_eq!(got, one);
        assert_eq!(l.pos, s.len());
    }

    #[test]
    fn comment_and_space_scans() {
        for n in 0..20 {
            for tail in ["\n x", "", "\r\n"] {
                let s = format!(";{}{tail}", "c".repeat(n));
                let want = s.find('\n').unwrap_or(s.len());
                assert_eq!(line_comment_end(s.as_bytes(), 0), want, "{s:?}");
                let s = format!("{}{tail}", " ".repeat(n));
                let got = space_run_end(s.as_bytes(), 0);
                // At the end of the run, or within its last 8 spaces.
                assert!(got <= n && (got == n || n - got < 8), "{s:?}: {got}");
            }
        }
        // A byte above the newline whose borrow would flag a false zero.
        assert_eq!(line_comment_end(b";\x0b\n\x0b\n12345678", 0), 2);
        assert_eq!(line_comment_end("; \u{10a}\u{a0a}\n".as_bytes(), 0), 7);
        let s = format!("12:{}; preds = %3\n", " ".repeat(47));
        let t = all(s.as_bytes());
        assert_eq!(
            t.iter().map(|t| t.0).collect::<Vec<_>>(),
            vec![Tok::LabelId]
        );
        let s = format!("x:{}%1", " ".repeat(30));
        let t = all(s.as_bytes());
        assert_eq!((t[1].0, t[1].1), (Tok::LocalId, 32));
    }
}
