//! Growth of the graph's big arrays (value records, generations, the use
//! pool): doubling, with capacities chosen so that an array's byte size is
//! 32 bytes short of a power of two.
//!
//! `Vec`'s own doubling asks for exactly 2^k bytes. glibc makes a chunk of
//! a request `r` as `r + 8` rounded up to 16, so a 2^k-byte request takes a
//! chunk of 2^k + 16 bytes: one page more than a power of two when it is
//! mapped, and at 32 MiB (a million 32-byte records, two million 16-byte
//! uses) just over glibc's largest heap-served size (its mmap threshold
//! tops out at 32 MiB, and a chunk of at least the threshold is mapped).
//! Such an array is then mapped afresh and faulted in again every time it
//! is built, even when the process keeps its freed memory (`compare.sh
//! --warm-heap`). Asking for 2^k − 32 bytes keeps the doubling, gives up
//! one or two elements, and makes a chunk just under 2^k bytes: a whole
//! number of pages when mapped, and below a power-of-two threshold.
//!
//! Measured: with `Vec`'s doubling, build_chain ran at 0.81–0.93 of LLVM's
//! time even with `--warm-heap`. An array above 32 MiB is still mapped;
//! chunked arrays would avoid that at the price of a dependent load on every
//! index (measured: erase_all +35%, use_walk up to +50%), so they are not
//! used. Readers reserve up front from the input size instead
//! (`Graph::reserve`): the `.ll` parser a value per 40 bytes of text and a
//! use per 28, the bitcode reader a value per 6 bytes and a use per 3.

/// Bytes a capacity leaves below a power of two: glibc's 8-byte chunk
/// header, rounded to its 16-byte granule, plus one granule so that the
/// chunk stays strictly below the power of two.
const SLACK: usize = 32;

/// Makes room for `additional` more elements in `v`, growing it (when it
/// must grow) to at least double its capacity, rounded so that the byte
/// size plus [`SLACK`] is a power of two.
#[inline]
pub(crate) fn reserve<T>(v: &mut Vec<T>, additional: usize) {
    if v.capacity() - v.len() < additional {
        grow(v, additional);
    }
}

/// `v.push(x)`, growing `v` as [`reserve`] does when it is full. The push
/// on the common path is in the branch where `v` has room, so it makes no
/// second capacity check.
#[inline(always)]
pub(crate) fn push<T>(v: &mut Vec<T>, x: T) {
    if v.len() == v.capacity() {
        push_grown(v, x);
    } else {
        v.push(x);
    }
}

#[cold]
#[inline(never)]
fn push_grown<T>(v: &mut Vec<T>, x: T) {
    grow(v, 1);
    v.push(x);
}

#[cold]
#[inline(never)]
fn grow<T>(v: &mut Vec<T>, additional: usize) {
    let size = core::mem::size_of::<T>().max(1);
    let need = v.len().checked_add(additional).expect("capacity overflow");
    let want = need.max(v.capacity().saturating_mul(2)).max(4);
    let cap = good_capacity(want, size);
    v.reserve_exact(cap - v.len());
}

/// The largest capacity whose byte size plus [`SLACK`] is at most the
/// least power of two that holds `want` elements of `size` bytes and the
/// slack.
fn good_capacity(want: usize, size: usize) -> usize {
    let bytes = want
        .checked_mul(size)
        .and_then(|b| b.checked_add(SLACK))
        .and_then(usize::checked_next_power_of_two)
        .expect("capacity overflow");
    let cap = (bytes - SLACK) / size;
    if cap >= want {
        cap
    } else {
        // `size` does not divide `bytes - SLACK`: the power above.
        (bytes * 2 - SLACK) / size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacities_fit_power_of_two_chunks() {
        // A million 32-byte records: 2^20 - 1 of them in 32 MiB - 32 bytes
        // (a glibc chunk of 32 MiB - 16); two million uses likewise.
        assert_eq!(good_capacity(1_000_000, 32), (1 << 20) - 1);
        assert_eq!(good_capacity(2_000_002, 16), (1 << 21) - 2);
        assert_eq!(good_capacity(1_000_000, 4), (1 << 20) - 8);
        for size in [1, 4, 12, 16, 20, 32, 104] {
            for want in [1, 3, 4, 5, 100, 4095, 65_537, 1_000_000] {
                let c = good_capacity(want, size);
                assert!(c >= want, "{want} x {size}: {c}");
                // The largest count that fits its power-of-two chunk ...
                let p = (c * size + SLACK).next_power_of_two();
                assert!((c + 1) * size + SLACK > p, "{want} x {size}: {c}");
                // ... and that chunk is at most one step above the least.
                assert!(p <= 2 * (want * size + SLACK).next_power_of_two());
            }
        }
    }

    #[test]
    fn reserve_doubles_and_keeps_contents() {
        let mut v: Vec<u64> = Vec::new();
        let mut caps = Vec::new();
        for i in 0..10_000u64 {
            reserve(&mut v, 1);
            v.push(i);
            if caps.last() != Some(&v.capacity()) {
                caps.push(v.capacity());
            }
        }
        assert!(v.iter().copied().eq(0..10_000));
        assert_eq!(caps[..4], [4, 12, 28, 60]);
        for w in caps.windows(2) {
            assert!(w[1] >= 2 * w[0]);
        }
    }
}
