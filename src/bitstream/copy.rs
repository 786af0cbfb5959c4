//! Copy mode: a stream read by the reader re-emitted by the writer with the
//! same abbreviations, block by block and record by record.
//!
//! Owns only the driver loop; the abbreviation bookkeeping on both sides is
//! `reader.rs` and `writer.rs`, which follow the same rules, so an
//! abbreviation id read is the id written. For LLVM-written streams the
//! result is byte-identical (LLVM writes every VBR in its shortest form and
//! every length word exactly); see `writer.rs` for what is not reproduced.

use super::container::stream_bytes;
use super::cursor::Cursor;
use super::error::{ErrorKind, Result};
use super::reader::{Entry, Reader, Record, BLOCKINFO_BLOCK_ID};
use super::writer::Writer;

/// Reads `bytes` (a bitstream with its 4-byte signature, optionally inside a
/// bitcode wrapper) and writes it back. A wrapper header and any bytes
/// outside the wrapped stream are copied verbatim; sub-blocks of a BLOCKINFO
/// block, which readers skip, are copied as raw words.
pub fn copy_stream(bytes: &[u8]) -> Result<Vec<u8>> {
    let (header, stream) = stream_bytes(bytes)?;
    let (prefix, suffix): (&[u8], &[u8]) = match header {
        Some(h) => {
            let start = h.offset as usize;
            (&bytes[..start], &bytes[start + stream.len()..])
        }
        None => (&[], &[]),
    };
    let mut cur = Cursor::new(stream);
    let signature = cur.read(32)?;
    let mut w = Writer::with_capacity(stream.len());
    w.emit(signature, 32)?;
    let mut r = Reader::with_cursor(cur);
    let mut rec = Record::with_capacity(64);
    loop {
        if r.depth() == 0 && r.at_end() {
            break;
        }
        let top = r.depth() == 0;
        match r.advance()? {
            Entry::SubBlock(id) => {
                if r.in_block_info() {
                    let s = r.skip_block()?;
                    let start = (s.body_bit / 8) as usize;
                    let body = &stream[start..start + s.num_words as usize * 4];
                    w.emit_raw_block(id, s.abbrev_width, body)?;
                } else if id == BLOCKINFO_BLOCK_ID {
                    let h = r.enter_block_info()?;
                    w.enter_block_info(h.abbrev_width)?;
                } else {
                    let h = r.enter_block(id)?;
                    w.enter_block(id, h.abbrev_width)?;
                }
            }
            entry if top => {
                let id = match entry {
                    Entry::Record(id) => id,
                    Entry::DefineAbbrev => super::reader::DEFINE_ABBREV,
                    _ => super::reader::END_BLOCK,
                };
                return Err(super::Error::new(
                    r.bit_pos(),
                    ErrorKind::NotABlockAtTopLevel(id),
                ));
            }
            Entry::EndBlock => w.exit_block()?,
            Entry::DefineAbbrev => {
                let ops = r.last_abbrev().unwrap_or(&[]);
                w.define_abbrev(ops)?;
            }
            Entry::Record(id) => {
                r.read_record(id, &mut rec)?;
                w.emit_record(id, rec.code(), rec.operands(), rec.blob())?;
            }
        }
    }
    let body = w.finish();
    let mut out = Vec::with_capacity(prefix.len() + body.len() + suffix.len());
    out.extend_from_slice(prefix);
    out.extend_from_slice(&body);
    out.extend_from_slice(suffix);
    Ok(out)
}
