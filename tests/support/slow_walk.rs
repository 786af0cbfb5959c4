//! The reference for the fast walk (`bitstream::walk`, which reads runs of
//! records with `Reader::read_records`): the same traversal one entry at a
//! time through `Reader::advance` and `Reader::read_record`. Shared by the
//! bitstream fuzz smoke test (`tests/bitstream.rs`) and the longer fuzzer
//! (`examples/fuzz_bitstream.rs`), which check that both agree on every
//! mutant: the same counts, or the same error at the same bit.

use lair::bitstream::{open_bitcode, Entry, Error, ErrorKind, Record, BLOCKINFO_BLOCK_ID};

/// Blocks, records, abbreviation definitions and checksum, as `WalkStats`
/// counts them.
pub fn slow_walk(bytes: &[u8]) -> Result<(u64, u64, u64, u64), Error> {
    let mut r = open_bitcode(bytes)?;
    let mut rec = Record::new();
    let (mut blocks, mut records, mut abbrevs, mut checksum) = (0, 0, 0, 0);
    loop {
        let top = r.depth() == 0;
        if top && r.at_end() {
            break;
        }
        let id = match r.advance()? {
            Entry::SubBlock(id) => id,
            _ if top => return Err(Error::new(r.bit_pos(), ErrorKind::NotABlockAtTopLevel(0))),
            Entry::Record(abbrev) => {
                r.read_record(abbrev, &mut rec)?;
                let blob = rec.blob().map_or(0, |b| b.len() as u64);
                records += 1;
                checksum += u64::from(rec.code()) + rec.operands().len() as u64 + blob;
                continue;
            }
            Entry::DefineAbbrev => {
                abbrevs += 1;
                continue;
            }
            Entry::EndBlock => continue,
        };
        blocks += 1;
        if id == BLOCKINFO_BLOCK_ID {
            r.read_block_info_block()?;
        } else {
            r.enter_block(id)?;
        }
    }
    Ok((blocks, records, abbrevs, checksum))
}
