//! The byte mutator shared by the bitstream fuzz smoke test
//! (`tests/bitstream.rs`) and the longer fuzzer
//! (`examples/fuzz_bitstream.rs`): a deterministic xorshift generator and
//! flips, overwrites, inserts, deletes, duplications, interesting 32-bit
//! words and truncations.

/// A small xorshift generator: deterministic, no dependencies.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next pseudo-random word.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A mutant of `seed`.
pub fn mutate(rng: &mut XorShift, seed: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.below(8) {
        if v.is_empty() {
            v.push(rng.next() as u8);
            continue;
        }
        let i = rng.below(v.len());
        match rng.below(7) {
            0 => v[i] ^= 1 << rng.below(8),
            1 => v[i] = rng.next() as u8,
            2 => v.insert(i, rng.next() as u8),
            3 => {
                v.remove(i);
            }
            4 => {
                let j = rng.below(v.len());
                let (a, b) = (i.min(j), i.max(j));
                let chunk = v[a..b.min(a + 64)].to_vec();
                v.splice(i..i, chunk);
            }
            5 => {
                // Overwrite a 32-bit word with an interesting value.
                let w: u32 = [0, 1, 0xffff_ffff, 0x8000_0000, 0x7fff_ffff][rng.below(5)];
                let at = i & !3;
                if at + 4 <= v.len() {
                    v[at..at + 4].copy_from_slice(&w.to_le_bytes());
                }
            }
            _ => v.truncate(i.max(4)),
        }
    }
    v
}
