//! Name lookup: LLVM 19's `Function::lookupIntrinsicID`.
//!
//! Owns the search of the sorted name table: the target sub-table named by
//! the first dotted component (the generic one otherwise), then successive
//! binary searches of the dotted components (`lookupLLVMIntrinsicByName`),
//! then LLVM's rule that only an overloaded intrinsic may be named with a
//! suffix. O(components × log n), no allocation.

use super::{table, IntrinsicId};
use core::cmp::Ordering;

/// The intrinsic a function named `name` is (`Function::lookupIntrinsicID`;
/// `None` for `not_intrinsic`). A name not starting with `llvm.` is none.
pub(super) fn lookup(name: &[u8]) -> Option<IntrinsicId> {
    let rest = name.strip_prefix(b"llvm.")?;
    let target = rest.split(|&b| b == b'.').next().unwrap_or(rest);
    let t = table::TARGETS.partition_point(|(t, _, _)| t.as_bytes() < target);
    let (first, count) = match table::TARGETS.get(t) {
        Some(&(t, first, count)) if t.as_bytes() == target => (first, count),
        _ => (table::TARGETS[0].1, table::TARGETS[0].2),
    };
    let first = u32::from(first);
    let entry = |i: usize| IntrinsicId::from_table(first + i as u32).name().as_bytes();
    let found = by_components(name, count.into(), entry)?;
    let id = IntrinsicId::from_table(first + found as u32);
    (name.len() == id.name().len() || id.is_overloaded()).then_some(id)
}

/// `strncmp(a + start, b + start, n)`: bytes past either end read as NUL,
/// and the comparison stops at a NUL both share.
fn strncmp(a: &[u8], b: &[u8], start: usize, n: usize) -> Ordering {
    for i in start..start + n {
        let (x, y) = (
            a.get(i).copied().unwrap_or(0),
            b.get(i).copied().unwrap_or(0),
        );
        if x != y {
            return x.cmp(&y);
        }
        if x == 0 {
            break;
        }
    }
    Ordering::Equal
}

/// `Intrinsic::lookupLLVMIntrinsicByName` over the `len` sorted names
/// `entry(0..len)`: the index of `name` or of the longest name that is
/// `name`'s prefix up to a dot, found by narrowing the range one dotted
/// component at a time.
fn by_components<'a>(name: &[u8], len: usize, entry: impl Fn(usize) -> &'a [u8]) -> Option<usize> {
    let mut cmp_end = 4; // past "llvm"
    let (mut low, mut high) = (0, len);
    let mut last_low = low;
    while cmp_end < name.len() && high > low {
        let start = cmp_end;
        cmp_end = name
            .get(start + 1..)
            .and_then(|r| r.iter().position(|&b| b == b'.'))
            .map_or(name.len(), |p| start + 1 + p);
        let n = cmp_end - start;
        last_low = low;
        // std::equal_range with `strncmp(..) < 0` as the order.
        let lo = low + partition(low, high, |i| strncmp(entry(i), name, start, n).is_lt());
        let hi = low + partition(low, high, |i| !strncmp(name, entry(i), start, n).is_lt());
        (low, high) = (lo, hi);
    }
    if high > low {
        last_low = low;
    }
    if last_low == len {
        return None;
    }
    let found = entry(last_low);
    (name == found || (name.starts_with(found) && name.get(found.len()) == Some(&b'.')))
        .then_some(last_low)
}

/// The number of indices `i` in `low..high` for which `pred(i)` holds,
/// `pred` being true on a prefix of the range.
fn partition(low: usize, high: usize, pred: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (low, high);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if pred(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo - low
}
