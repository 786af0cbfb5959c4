//! The `llvm-bcanalyzer-19 --dump` listing: the part before its
//! "Summary of" statistics, byte for byte.
//!
//! Owns the listing's text format and the analyzer's quirks, which it
//! follows exactly: a BLOCKINFO block shows as `<BLOCKINFO_BLOCK/>` and is
//! then walked again silently as an ordinary block (its sub-blocks are
//! shown); names come first from BLOCKINFO, then (for LLVM IR streams only)
//! from [`super::names`]; operands print as signed 64-bit; an abbreviated
//! record with an array operand gets ` record string = '...'` when every
//! value from the array's position on is a printable byte; blobs print as
//! text or `unprintable, N bytes.`, except metadata strings, which are
//! decoded; metadata index offsets are checked. It does not own reading
//! (`reader.rs`).

use std::io::Write;

use super::abbrev::AbbrevOp;
use super::blockinfo::BlockInfo;
use super::container::{read_signature, stream_bytes, wrapper_header, StreamKind};
use super::cursor::Cursor;
use super::error::{Error, ErrorKind, Result};
use super::names;
use super::reader::{Entry, Reader, Record, BLOCKINFO_BLOCK_ID, UNABBREV_RECORD};

const METADATA_BLOCK_ID: u32 = names::METADATA_BLOCK_ID;
const METADATA_STRINGS: u32 = names::METADATA_STRINGS;
const METADATA_INDEX_OFFSET: u32 = names::METADATA_INDEX_OFFSET;
const METADATA_INDEX: u32 = names::METADATA_INDEX;
/// Block ids below this are generic bitstream ids (only BLOCKINFO is named).
const FIRST_APPLICATION_BLOCKID: u32 = 8;

/// Appends the dump of bitstream file `bytes` to `out`. On error, `out`
/// holds the listing up to the point of failure, as the analyzer prints it.
pub fn dump(bytes: &[u8], out: &mut Vec<u8>) -> Result<()> {
    dump_to(bytes, out)
}

/// Writes the dump of bitstream file `bytes` to `sink`, in pieces of about
/// [`FLUSH_BYTES`] (the listing can be much larger than the file: a record
/// prints every literal of its abbreviation). On error, what was listed up
/// to the failure has been written.
pub fn dump_to(bytes: &[u8], sink: &mut dyn Write) -> Result<()> {
    let mut out = Vec::with_capacity(FLUSH_BYTES + 4096);
    let res = dump_into(bytes, &mut out, sink);
    let flushed = sink
        .write_all(&out)
        .map_err(|_| Error::new(0, ErrorKind::Output));
    res.and(flushed)
}

/// The listing is handed to the sink whenever this much is buffered.
pub const FLUSH_BYTES: usize = 1 << 20;

fn dump_into(bytes: &[u8], out: &mut Vec<u8>, sink: &mut dyn Write) -> Result<()> {
    if !bytes.len().is_multiple_of(4) {
        return Err(Error::new(0, ErrorKind::NotWordSized(bytes.len() as u64)));
    }
    if let Some(h) = wrapper_header(bytes)? {
        out.extend_from_slice(b"<BITCODE_WRAPPER_HEADER Magic=");
        hex10(out, h.magic);
        out.extend_from_slice(b" Version=");
        hex10(out, h.version);
        out.extend_from_slice(b" Offset=");
        hex10(out, h.offset);
        out.extend_from_slice(b" Size=");
        hex10(out, h.size);
        out.extend_from_slice(b" CPUType=");
        hex10(out, h.cpu_type);
        out.extend_from_slice(b"/>\n");
    }
    let (_, stream) = stream_bytes(bytes)?;
    let mut cur = Cursor::new(stream);
    let kind = read_signature(&mut cur)?;
    let mut d = Dumper {
        r: Reader::with_cursor(cur),
        kind,
        out,
        sink,
        frames: Vec::new(),
    };
    d.run()
}

/// `0x` and eight lowercase hex digits.
fn hex10(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(b"0x");
    for i in (0..8).rev() {
        out.push(b"0123456789abcdef"[(v >> (i * 4)) as usize & 15]);
    }
}

/// Two decimal digits per step, from a table.
const DIGITS2: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

fn push_u64(out: &mut Vec<u8>, mut v: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    while v >= 100 {
        let d = (v % 100) as usize * 2;
        v /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&DIGITS2[d..d + 2]);
    }
    if v >= 10 {
        let d = v as usize * 2;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&DIGITS2[d..d + 2]);
    } else {
        i -= 1;
        buf[i] = b'0' + v as u8;
    }
    out.extend_from_slice(&buf[i..]);
}

fn push_i64(out: &mut Vec<u8>, v: i64) {
    if v < 0 {
        out.push(b'-');
    }
    push_u64(out, v.unsigned_abs());
}

fn indent(out: &mut Vec<u8>, n: usize) {
    out.resize(out.len() + n, b' ');
}

/// LLVM's `isPrint`: 0x20..=0x7e.
fn is_print(c: u8) -> bool {
    (0x20..=0x7e).contains(&c)
}

/// LLVM's `write_escaped` with hex escapes.
fn escaped(out: &mut Vec<u8>, s: &[u8]) {
    for &c in s {
        match c {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'"' => out.extend_from_slice(b"\\\""),
            c if is_print(c) => out.push(c),
            c => {
                out.extend_from_slice(b"\\x");
                out.push(b"0123456789ABCDEF"[usize::from(c >> 4)]);
                out.push(b"0123456789ABCDEF"[usize::from(c & 15)]);
            }
        }
    }
}

/// A block's display name: from BLOCKINFO (owned, rare) or static.
#[derive(Debug, Clone)]
enum Name {
    Static(&'static str),
    Info(Vec<u8>),
    Unknown(u32),
}

impl Name {
    fn push(&self, out: &mut Vec<u8>, unknown: &[u8]) {
        match self {
            Name::Static(s) => out.extend_from_slice(s.as_bytes()),
            Name::Info(s) => out.extend_from_slice(s),
            Name::Unknown(id) => {
                out.extend_from_slice(unknown);
                push_u64(out, u64::from(*id));
            }
        }
    }
}

fn block_name(id: u32, info: &BlockInfo, kind: StreamKind) -> Name {
    if id < FIRST_APPLICATION_BLOCKID {
        return if id == BLOCKINFO_BLOCK_ID {
            Name::Static("BLOCKINFO_BLOCK")
        } else {
            Name::Unknown(id)
        };
    }
    if let Some(n) = info.block_name(id) {
        return Name::Info(n.to_vec());
    }
    if kind != StreamKind::LlvmIr {
        return Name::Unknown(id);
    }
    names::dump_block_name(id).map_or(Name::Unknown(id), Name::Static)
}

fn push_code_name(
    out: &mut Vec<u8>,
    code: u32,
    block_id: u32,
    table: &[names::RecordName],
    info: &BlockInfo,
    kind: StreamKind,
) {
    let name: Option<&[u8]> = if block_id < FIRST_APPLICATION_BLOCKID {
        match (block_id, code) {
            (BLOCKINFO_BLOCK_ID, 1) => Some(b"SETBID"),
            (BLOCKINFO_BLOCK_ID, 2) => Some(b"BLOCKNAME"),
            (BLOCKINFO_BLOCK_ID, 3) => Some(b"SETRECORDNAME"),
            _ => None,
        }
    } else if let Some(n) = info.record_name(block_id, code) {
        Some(n)
    } else if kind == StreamKind::LlvmIr {
        table
            .binary_search_by_key(&code, |r| r.code)
            .ok()
            .and_then(|i| table[i].dump_name)
            .map(str::as_bytes)
    } else {
        None
    };
    match name {
        Some(n) => out.extend_from_slice(n),
        None => {
            out.extend_from_slice(b"UnknownCode");
            push_u64(out, u64::from(code));
        }
    }
}

/// One open block of the listing.
struct Frame {
    block_id: u32,
    name: Name,
    /// The block's record names (empty if LLVM defines none).
    table: &'static [names::RecordName],
    /// Whether its records and tags are printed (not for BLOCKINFO).
    shown: bool,
    /// Where a metadata index is expected (from `INDEX_OFFSET`).
    md_index_at: u64,
}

struct Dumper<'a, 'o> {
    r: Reader<'a>,
    kind: StreamKind,
    out: &'o mut Vec<u8>,
    sink: &'o mut dyn Write,
    frames: Vec<Frame>,
}

impl<'a> Dumper<'a, '_> {
    fn run(&mut self) -> Result<()> {
        let mut rec = Record::with_capacity(64);
        while !self.r.at_end() {
            match self.r.advance()? {
                Entry::SubBlock(id) => self.open(id)?,
                _ => {
                    return Err(Error::new(
                        self.r.bit_pos(),
                        ErrorKind::NotABlockAtTopLevel(0),
                    ));
                }
            }
            while !self.frames.is_empty() {
                self.step(&mut rec)?;
                if self.out.len() >= FLUSH_BYTES {
                    let at = self.r.bit_pos();
                    self.sink
                        .write_all(self.out)
                        .map_err(|_| Error::new(at, ErrorKind::Output))?;
                    self.out.clear();
                }
            }
        }
        Ok(())
    }

    fn open(&mut self, id: u32) -> Result<()> {
        let level = self.frames.len();
        if id == BLOCKINFO_BLOCK_ID {
            indent(self.out, level * 2);
            self.out.extend_from_slice(b"<BLOCKINFO_BLOCK/>\n");
            let start = self.r.bit_pos();
            self.r.read_block_info_block()?;
            self.r.seek(start)?;
            self.r.enter_block(id)?;
            let name = Name::Static("BLOCKINFO_BLOCK");
            self.frames.push(Frame {
                block_id: id,
                name,
                table: &[],
                shown: false,
                md_index_at: 0,
            });
            return Ok(());
        }
        let h = self.r.enter_block(id)?;
        let name = block_name(id, self.r.block_info(), self.kind);
        let out = &mut *self.out;
        indent(out, level * 2);
        out.push(b'<');
        name.push(out, b"UnknownBlock");
        out.extend_from_slice(b" NumWords=");
        push_u64(out, u64::from(h.num_words));
        out.extend_from_slice(b" BlockCodeSize=");
        push_u64(out, u64::from(h.abbrev_width));
        out.extend_from_slice(b">\n");
        let table = names::block(id).map_or(&[][..], |b| b.records);
        self.frames.push(Frame {
            block_id: id,
            name,
            table,
            shown: true,
            md_index_at: 0,
        });
        Ok(())
    }

    fn step(&mut self, rec: &mut Record<'a>) -> Result<()> {
        if self.r.at_end() {
            return Err(self.r.cursor().error(ErrorKind::EndInsideBlock));
        }
        let record_start = self.r.bit_pos();
        let abbrev = match self.r.advance()? {
            Entry::EndBlock => {
                let level = self.frames.len() - 1;
                if let Some(f) = self.frames.pop() {
                    if f.shown {
                        indent(self.out, level * 2);
                        self.out.extend_from_slice(b"</");
                        f.name.push(self.out, b"UnknownBlock");
                        self.out.extend_from_slice(b">\n");
                    }
                }
                return Ok(());
            }
            Entry::SubBlock(id) => return self.open(id),
            Entry::DefineAbbrev => return Ok(()),
            Entry::Record(abbrev) => abbrev,
        };
        self.r.read_record(abbrev, rec)?;
        let level = self.frames.len() - 1;
        let Some(frame) = self.frames.last_mut() else {
            return Ok(());
        };
        if !frame.shown {
            return Ok(());
        }
        let out = &mut *self.out;
        let code = rec.code();
        let block_id = frame.block_id;
        indent(out, level * 2 + 2);
        out.push(b'<');
        push_code_name(
            out,
            code,
            block_id,
            frame.table,
            self.r.block_info(),
            self.kind,
        );
        if abbrev != UNABBREV_RECORD {
            out.extend_from_slice(b" abbrevid=");
            push_u64(out, u64::from(abbrev));
        }
        let ops = rec.operands();
        for (i, &v) in ops.iter().enumerate() {
            out.extend_from_slice(b" op");
            push_u64(out, i as u64);
            out.push(b'=');
            push_i64(out, v as i64);
        }
        if block_id == METADATA_BLOCK_ID {
            if code == METADATA_INDEX_OFFSET {
                if ops.len() != 2 {
                    out.extend_from_slice(b"(Invalid record)");
                } else {
                    let offset = ops[0].wrapping_add(ops[1] << 32);
                    frame.md_index_at = self.r.bit_pos().wrapping_add(offset);
                }
            }
            if code == METADATA_INDEX {
                out.extend_from_slice(b" (offset ");
                if frame.md_index_at == record_start {
                    out.extend_from_slice(b"match)");
                } else {
                    out.extend_from_slice(b"mismatch: ");
                    push_u64(out, frame.md_index_at);
                    out.extend_from_slice(b" vs ");
                    push_u64(out, record_start);
                    out.push(b')');
                }
            }
        }
        out.extend_from_slice(b"/>");
        if abbrev != UNABBREV_RECORD {
            let array_at = self
                .r
                .abbrev(abbrev)
                .and_then(|ops| ops.iter().skip(1).position(|op| *op == AbbrevOp::Array));
            if let Some(i) = array_at {
                let tail = ops.get(i..).unwrap_or(&[]);
                if tail.iter().all(|&v| is_print(v as u8)) {
                    out.extend_from_slice(b" record string = '");
                    out.extend(tail.iter().map(|&v| v as u8));
                    out.push(b'\'');
                }
            }
        }
        if let Some(blob) = rec.blob() {
            if block_id == METADATA_BLOCK_ID && code == METADATA_STRINGS {
                metadata_strings(out, level * 2, ops, blob, record_start)?;
            } else {
                out.extend_from_slice(b" blob data = ");
                if blob.iter().all(|&c| is_print(c)) {
                    out.push(b'\'');
                    out.extend_from_slice(blob);
                    out.push(b'\'');
                } else {
                    out.extend_from_slice(b"unprintable, ");
                    push_u64(out, blob.len() as u64);
                    out.extend_from_slice(b" bytes.");
                }
            }
        }
        out.push(b'\n');
        Ok(())
    }
}

/// The analyzer's decoding of a `METADATA_STRINGS` blob: `[count, offset]`,
/// then the blob holds `count` vbr6 lengths (a bitstream of `offset`
/// bytes) followed by the characters.
pub(super) fn metadata_strings(
    out: &mut Vec<u8>,
    ind: usize,
    ops: &[u64],
    blob: &[u8],
    at: u64,
) -> Result<()> {
    let bad = |why| Err(Error::new(at, ErrorKind::BadMetadataStrings(why)));
    if blob.is_empty() {
        return bad("empty blob");
    }
    if ops.len() != 2 {
        return bad("record does not have two operands");
    }
    let mut count = ops[0] as u32;
    let offset = ops[1] as u32 as usize;
    out.extend_from_slice(b" num-strings = ");
    push_u64(out, u64::from(count));
    out.extend_from_slice(b" {\n");
    let Some((lengths, mut chars)) = blob.split_at_checked(offset) else {
        return bad("offset past the end of the blob");
    };
    let mut lc = Cursor::new(lengths);
    loop {
        if lc.at_end() {
            return bad("bad length");
        }
        let Ok(size) = lc.read_vbr32(6) else {
            return bad("bad length");
        };
        let Some((s, rest)) = chars.split_at_checked(size as usize) else {
            return bad("truncated chars");
        };
        indent(out, ind + 4);
        out.push(b'\'');
        escaped(out, s);
        out.extend_from_slice(b"'\n");
        chars = rest;
        count = count.wrapping_sub(1);
        if count == 0 {
            break;
        }
    }
    indent(out, ind + 2);
    out.push(b'}');
    Ok(())
}
