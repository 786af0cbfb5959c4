//! The LLVM bitstream container: reading, writing and dumping the bit-level
//! format LLVM bitcode is stored in. Knows nothing of IR.
//!
//! A stream is a sequence of blocks; a block holds records, abbreviation
//! definitions and nested blocks; a record is a code and a list of unsigned
//! integers (plus, optionally, a blob of bytes), stored either unabbreviated
//! (every value a vbr6) or through an abbreviation the stream defined, in
//! the block itself or for every block of an id in the BLOCKINFO block.
//!
//! * [`Cursor`]: bounds-checked fixed and VBR reads, alignment, seeking.
//! * [`Reader`]: the block/abbreviation/record state machine; [`Entry`] is
//!   what comes next, [`Record`] a reusable record buffer;
//!   [`Reader::read_records`] reads a whole run of records in one loop.
//! * [`Writer`]: blocks with backpatched lengths, abbreviations (local and
//!   BLOCKINFO), abbreviated and unabbreviated records.
//! * [`copy_stream`]: re-emits a stream through reader and writer with the
//!   same abbreviations, giving back identical bytes for LLVM-written input.
//! * [`dump()`]: the `llvm-bcanalyzer --dump` listing.
//! * [`names`]: LLVM 19's block ids and record codes, with their names.
//! * [`walk()`]: the `bitstream_walk` traversal and its counts.
//!
//! ```
//! use lair::bitstream::{Entry, Reader, Record, Writer};
//!
//! // Write a block holding one unabbreviated record...
//! let mut w = Writer::new();
//! w.enter_block(8, 3).unwrap();
//! w.emit_unabbrev_record(4, &[16, 31, 32]).unwrap();
//! w.exit_block().unwrap();
//! let bytes = w.finish();
//!
//! // ...and read it back.
//! let mut r = Reader::new(&bytes);
//! let Entry::SubBlock(id) = r.advance().unwrap() else { panic!() };
//! r.enter_block(id).unwrap();
//! let Entry::Record(abbrev) = r.advance().unwrap() else { panic!() };
//! let mut rec = Record::new();
//! r.read_record(abbrev, &mut rec).unwrap();
//! assert_eq!((rec.code(), rec.operands()), (4, &[16, 31, 32][..]));
//! assert_eq!(r.advance().unwrap(), Entry::EndBlock);
//! assert!(r.at_end());
//! ```
//!
//! # Representation and invariants
//!
//! * [`Cursor`] (32 B, `Copy`) holds the position between records; a read
//!   of up to 56 bits is one bounds-checked unaligned 8-byte load and a
//!   shift. `BitBuf` (48 B, `bits.rs`) reads record operands.
//! * `AbbrevOp` (16 B) keeps a definition as written, so a copy re-emits the
//!   same bits; each is compiled into a `Step` (32 B) and the list gets a
//!   `Shape` (`Plain0`..`Plain4`, `Plain`, `Array`, `Blob`, `Generic`,
//!   `Unabbreviated`), so decoding a record is one jump.
//! * Abbreviations live in a stack-disciplined local pool and an append-only
//!   BLOCKINFO pool (`AbbrevRef`, 12 B); BLOCKINFO's list is shared as an
//!   `Arc<[AbbrevRef]>`, so entering a block is O(1) (LLVM copies it).
//! * [`Record`] is a reusable buffer, its blob a slice of the input. The
//!   writer patches a block's length word at `exit_block`.
//!
//! Every step consumes a bit (abbreviation id widths 1..=32), so no input
//! loops forever; lengths are checked against the bits left before anything
//! is reserved; walk, dump and copy are iterative; a block's closing
//! alignment must lie inside the data. Reading is O(bits + values), entering
//! a block O(1), writing O(bits); a huge all-literal abbreviation used often
//! costs O(bits × literals), as in LLVM.
//!
//! Deviations: typed errors with a bit offset; [`copy_stream`] writes
//! shortest VBRs, zero padding and recomputed lengths (byte-identical for
//! LLVM-written streams); [`dump()`] omits the "Summary of" statistics but
//! reproduces the analyzer's quirks.

mod abbrev;
mod bits;
mod blockinfo;
mod container;
mod copy;
mod cursor;
pub mod dump;
mod error;
pub mod names;
mod reader;
pub mod walk;
mod writer;

pub use abbrev::{check_abbrev, decode_char6, encode_char6, AbbrevOp, CHAR6_ALPHABET};
pub use blockinfo::BlockInfo;
pub use container::{
    is_wrapper, open_bitcode, read_signature, stream_bytes, wrapper_header, StreamKind,
    WrapperHeader, WRAPPER_HEADER_SIZE, WRAPPER_MAGIC,
};
pub use copy::copy_stream;
pub use cursor::Cursor;
pub use dump::{dump, dump_to};
pub use error::{Error, ErrorKind, Result};
pub use reader::{
    BlockHeader, Entry, Reader, Record, SkippedBlock, BLOCKINFO_BLOCK_ID, BLOCKINFO_CODE_BLOCKNAME,
    BLOCKINFO_CODE_SETBID, BLOCKINFO_CODE_SETRECORDNAME, DEFINE_ABBREV, END_BLOCK, ENTER_SUBBLOCK,
    FIRST_APPLICATION_ABBREV, TOP_LEVEL_ABBREV_WIDTH, UNABBREV_RECORD,
};
pub use walk::{walk, WalkStats};
pub use writer::{RecordBits, Writer};
