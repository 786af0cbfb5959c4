//! ThinLTO summary entries (`^N = module: (...)`, `gv: (...)`,
//! `typeid: (...)`, `flags: N`, `blockcount: N`): checked for balanced
//! syntax and skipped. The IR has no summary index, so they are not kept
//! (a documented gap: the printer cannot print them back).

use super::lexer::Tok;
use super::{PResult, Parser};

impl Parser<'_> {
    /// Skips one `^N = kind: value` entry (the `^N` is current).
    pub(crate) fn skip_summary_entry(&mut self) -> PResult<()> {
        self.bump();
        self.expect(Tok::Equal, "expected '=' here")?;
        if self.tok.kind != Tok::Word && self.tok.kind != Tok::LabelName {
            return self.err("Expected summary entry");
        }
        if self.tok.kind == Tok::Word {
            self.bump();
            self.expect(Tok::Colon, "expected ':' here")?;
        } else {
            self.bump();
        }
        if !self.is(Tok::LParen) {
            return match self.tok.kind {
                Tok::Int => {
                    self.bump();
                    Ok(())
                }
                _ => self.err("expected '(' here"),
            };
        }
        let mut depth = 0u32;
        loop {
            match self.tok.kind {
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        return Ok(());
                    }
                }
                Tok::Eof | Tok::Error => return self.err("expected ')' here"),
                _ => {}
            }
            self.bump();
        }
    }
}
