//! Copy mode: a stream read by the reader re-emitted by the writer with the
//! same abbreviations, block by block and record by record.
//!
//! Owns only the driver loop and the fix-up of positions; the abbreviation
//! bookkeeping on both sides is `reader.rs` and `writer.rs`, which follow
//! the same rules, so an abbreviation id read is the id written. For
//! LLVM-written streams the result is byte-identical (LLVM writes every VBR
//! in its shortest form and every length word exactly); see `writer.rs`
//! for what is not reproduced.
//!
//! A copy is byte-identical or valid. Block length words are the writer's
//! own. When the copy's layout differs from the input's (a VBR written
//! longer than needed is re-encoded in its shortest form), the records
//! that hold stream positions are rewritten for the new layout: the
//! wrapper header's size, `MODULE_CODE_VSTOFFSET` and `VST_CODE_FNENTRY`
//! (32-bit words from one word before the module's identification block),
//! `METADATA_INDEX_OFFSET` (bits from after that record to the
//! `METADATA_INDEX` record) and `METADATA_INDEX` (bit deltas between the
//! metadata records). Rewriting a VBR value can change the layout again,
//! so the copy is repeated with the previous pass's positions until they
//! no longer change (two passes in practice; more than [`MAX_PASSES`] is
//! an error). A `METADATA_STRINGS` blob is decoded as both LLVM dumpers
//! decode it, and refused when they would refuse it.

use super::container::stream_bytes;
use super::cursor::Cursor;
use super::error::{ErrorKind, Result};
use super::names::{
    IDENTIFICATION_BLOCK_ID, METADATA_BLOCK_ID, METADATA_INDEX, METADATA_INDEX_OFFSET,
    METADATA_STRINGS, MODULE_BLOCK_ID, MODULE_CODE_VSTOFFSET, VALUE_SYMTAB_BLOCK_ID,
    VST_CODE_FNENTRY,
};
use super::reader::{Entry, Reader, Record, BLOCKINFO_BLOCK_ID, UNABBREV_RECORD};
use super::writer::Writer;
use std::collections::HashMap;

/// Passes of the copy before positions must have settled.
const MAX_PASSES: usize = 6;

/// Reads `bytes` (a bitstream with its 4-byte signature, optionally inside a
/// bitcode wrapper) and writes it back. A wrapper header (its size
/// updated) and any bytes outside the wrapped stream are copied verbatim;
/// sub-blocks of a BLOCKINFO block, which readers skip, are copied as raw
/// words.
pub fn copy_stream(bytes: &[u8]) -> Result<Vec<u8>> {
    copy_with(bytes, None)
}

/// [`copy_stream`]; with `stretch`, the first unabbreviated record of that
/// block id is written with its code as a two-chunk VBR (how the tests
/// make a valid non-canonical stream).
fn copy_with(bytes: &[u8], stretch: Option<u32>) -> Result<Vec<u8>> {
    let (header, stream) = stream_bytes(bytes)?;
    let (mut body, mut map) = copy_pass(stream, None, stretch)?;
    let mut passes = 1;
    while body != stream && map.has_positions {
        let prev: HashMap<u64, u64> = map.pairs.iter().copied().collect();
        let (b, m) = copy_pass(stream, Some(&prev), stretch)?;
        passes += 1;
        let settled = m.pairs == map.pairs;
        (body, map) = (b, m);
        if settled {
            break;
        }
        if passes >= MAX_PASSES {
            return Err(super::Error::new(0, ErrorKind::PositionsUnsettled));
        }
    }
    let Some(h) = header else {
        return Ok(body);
    };
    let start = h.offset as usize;
    let prefix = &bytes[..start];
    let suffix = &bytes[start + stream.len()..];
    let mut out = Vec::with_capacity(prefix.len() + body.len() + suffix.len());
    out.extend_from_slice(prefix);
    // The header's size field (bytes 12..16) is the stream's new size.
    let size =
        u32::try_from(body.len()).map_err(|_| super::Error::new(0, ErrorKind::BadWrapper))?;
    if let Some(field) = out.get_mut(12..16) {
        field.copy_from_slice(&size.to_le_bytes());
    }
    out.extend_from_slice(&body);
    out.extend_from_slice(suffix);
    Ok(out)
}

/// Where the input's positions landed in one pass's output.
#[derive(Default)]
struct PosMap {
    /// `(input bit, output bit)` of every block start, every record start
    /// in a metadata block and the end of every `METADATA_INDEX_OFFSET`
    /// record, in stream order.
    pairs: Vec<(u64, u64)>,
    /// Whether the stream has a record that holds positions.
    has_positions: bool,
}

/// One copy of `stream`; with `fix`, the position records are rewritten
/// through that map of a previous pass (input bit to output bit).
fn copy_pass(
    stream: &[u8],
    fix: Option<&HashMap<u64, u64>>,
    mut stretch: Option<u32>,
) -> Result<(Vec<u8>, PosMap)> {
    let mut map = PosMap::default();
    let mut cur = Cursor::new(stream);
    let signature = cur.read(32)?;
    let mut w = Writer::with_capacity(stream.len());
    w.emit(signature, 32)?;
    let mut r = Reader::with_cursor(cur);
    let mut rec = Record::with_capacity(64);
    let mut ops: Vec<u64> = Vec::new();
    // The input bit of the last top-level identification block, and the
    // base word of the current module (one word before its identification
    // block, or before the module block when it has none), input side.
    let mut last_ident: Option<u64> = None;
    let mut base_word = 0u64;
    // The input bit just after the last METADATA_INDEX_OFFSET record.
    let mut index_from: Option<u64> = None;
    loop {
        if r.depth() == 0 && r.at_end() {
            break;
        }
        let top = r.depth() == 0;
        let (at_in, at_out) = (r.bit_pos(), w.bit_pos());
        match r.advance()? {
            Entry::SubBlock(id) => {
                map.pairs.push((at_in, at_out));
                if top {
                    if id == IDENTIFICATION_BLOCK_ID {
                        last_ident = Some(at_in);
                    } else if id == MODULE_BLOCK_ID {
                        base_word = (last_ident.take().unwrap_or(at_in) / 32).saturating_sub(1);
                    }
                }
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
                let block = r.block_id();
                let code = rec.code();
                if block == Some(METADATA_BLOCK_ID) {
                    map.pairs.push((at_in, at_out));
                    if code == METADATA_STRINGS {
                        if let Some(blob) = rec.blob() {
                            super::dump::metadata_strings(
                                &mut Vec::new(),
                                0,
                                rec.operands(),
                                blob,
                                at_in,
                            )?;
                        }
                    }
                }
                let kind = position_record(block, code, rec.operands().len());
                if stretch.is_some() && stretch == block && id == UNABBREV_RECORD && code < 32 {
                    stretch = None;
                    w.emit(u64::from(UNABBREV_RECORD), r.abbrev_width())?;
                    w.emit(u64::from(code) | 32, 6)?;
                    w.emit(0, 6)?;
                    w.emit_vbr(rec.operands().len() as u64, 6)?;
                    for &v in rec.operands() {
                        w.emit_vbr(v, 6)?;
                    }
                    continue;
                }
                let Some(kind) = kind else {
                    w.emit_record(id, code, rec.operands(), rec.blob())?;
                    continue;
                };
                map.has_positions = true;
                ops.clear();
                ops.extend_from_slice(rec.operands());
                let end_in = r.bit_pos();
                if let Some(fix) = fix {
                    rewrite_positions(kind, &mut ops, fix, base_word, index_from, end_in);
                }
                w.emit_record(id, code, &ops, rec.blob())?;
                if kind == PosRecord::IndexOffset {
                    index_from = Some(end_in);
                    map.pairs.push((end_in, w.bit_pos()));
                }
            }
        }
    }
    Ok((w.finish(), map))
}

/// The records whose operands are stream positions.
#[derive(Copy, Clone, PartialEq, Eq)]
enum PosRecord {
    VstOffset,
    FnEntry,
    IndexOffset,
    Index,
}

fn position_record(block: Option<u32>, code: u32, n: usize) -> Option<PosRecord> {
    match (block?, code) {
        (MODULE_BLOCK_ID, MODULE_CODE_VSTOFFSET) if n >= 1 => Some(PosRecord::VstOffset),
        (VALUE_SYMTAB_BLOCK_ID, VST_CODE_FNENTRY) if n >= 2 => Some(PosRecord::FnEntry),
        (METADATA_BLOCK_ID, METADATA_INDEX_OFFSET) if n == 2 => Some(PosRecord::IndexOffset),
        (METADATA_BLOCK_ID, METADATA_INDEX) => Some(PosRecord::Index),
        _ => None,
    }
}

/// Rewrites the positions in `ops` (input layout) for the output layout
/// `fix` describes. A position that names no block or record start of the
/// input is left as it is (the input was already inconsistent there).
fn rewrite_positions(
    kind: PosRecord,
    ops: &mut [u64],
    fix: &HashMap<u64, u64>,
    base_word: u64,
    index_from: Option<u64>,
    end_in: u64,
) {
    // The output's base word: where the input's base word's next word
    // (the identification or module block) landed, less one.
    let out_base = fix
        .get(&((base_word + 1) * 32))
        .map(|&b| (b / 32).saturating_sub(1));
    let word_pos = |v: &mut u64| {
        let Some(out_base) = out_base else { return };
        let Some(at_in) = base_word.checked_add(*v).and_then(|w| w.checked_mul(32)) else {
            return;
        };
        if let Some(&at_out) = fix.get(&at_in) {
            *v = at_out / 32 - out_base;
        }
    };
    match kind {
        PosRecord::VstOffset => word_pos(&mut ops[0]),
        PosRecord::FnEntry => word_pos(&mut ops[1]),
        PosRecord::IndexOffset => {
            let rel = ops[0] | (ops[1] << 32);
            let target = end_in.checked_add(rel);
            if let (Some(&from), Some(&to)) = (fix.get(&end_in), target.and_then(|t| fix.get(&t))) {
                let v = to - from;
                ops[0] = v & 0xffff_ffff;
                ops[1] = v >> 32;
            }
        }
        PosRecord::Index => {
            let Some(from_in) = index_from else { return };
            let Some(&from_out) = fix.get(&from_in) else {
                return;
            };
            let (mut prev_in, mut prev_out) = (from_in, from_out);
            let mut out = Vec::with_capacity(ops.len());
            for &d in ops.iter() {
                let Some(at_in) = prev_in.checked_add(d) else {
                    return;
                };
                let Some(&at_out) = fix.get(&at_in) else {
                    return;
                };
                out.push(at_out.wrapping_sub(prev_out));
                (prev_in, prev_out) = (at_in, at_out);
            }
            ops.copy_from_slice(&out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::process::Command;

    const LLVM: &str = "/usr/lib/llvm-19/bin";

    fn tool_ok(tool: &str, args: &[&str], input: &Path) -> Vec<u8> {
        let out = Command::new(format!("{LLVM}/{tool}"))
            .args(args)
            .arg(input)
            .output()
            .expect("LLVM 19 tool");
        assert!(
            out.status.success(),
            "{tool} refused {}: {}",
            input.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    }

    /// A valid stream with a non-canonical VBR (before the metadata index,
    /// the VST offset and the function offsets), inside a wrapper: LLVM 19
    /// reads it as the original, and its copy is the original again, with
    /// every position (and the wrapper's size) rewritten.
    #[test]
    fn non_canonical_vbr_copies_to_a_valid_stream() {
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/bzip2-g.bc");
        let Ok(a) = std::fs::read(&corpus) else {
            panic!("{} is needed (../shared beside the repo)", corpus.display());
        };
        let stretched = copy_with(&a, Some(MODULE_BLOCK_ID)).unwrap();
        assert_ne!(stretched, a);
        let mut wrapped = Vec::new();
        for w in [0x0B17_C0DE_u32, 0, 20, stretched.len() as u32, 7] {
            wrapped.extend_from_slice(&w.to_le_bytes());
        }
        wrapped.extend_from_slice(&stretched);
        let dir = std::env::temp_dir().join(format!("lair-copy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (fa, fw) = (dir.join("a.bc"), dir.join("w.bc"));
        std::fs::write(&fa, &a).unwrap();
        std::fs::write(&fw, &wrapped).unwrap();
        let dis_a = tool_ok("llvm-dis", &["-o", "-"], &fa);
        let dis_w = tool_ok("llvm-dis", &["-o", "-"], &fw);
        let body = |s: &[u8]| {
            String::from_utf8_lossy(s)
                .lines()
                .skip(1)
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(
            body(&dis_a),
            body(&dis_w),
            "llvm-dis-19 reads the crafted input differently"
        );
        tool_ok("llvm-bcanalyzer", &["--dump"], &fw);
        // The copy of the wrapped, non-canonical stream: the original
        // stream again, under a header whose size is the new size.
        let copy = copy_stream(&wrapped).unwrap();
        assert_eq!(&copy[20..], &a[..]);
        assert_eq!(
            u32::from_le_bytes(copy[12..16].try_into().unwrap()) as usize,
            a.len()
        );
        let fc = dir.join("c.bc");
        std::fs::write(&fc, &copy).unwrap();
        tool_ok("llvm-bcanalyzer", &["--dump"], &fc);
        std::fs::remove_dir_all(&dir).ok();
    }
}
