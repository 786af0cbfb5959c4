//! Attributes: the attribute groups block (`PARAMATTR_GROUP_BLOCK_ID`,
//! one `[group id, index, attributes...]` record per group) and the
//! attribute lists block (`PARAMATTR_BLOCK_ID`, one list of group ids per
//! record, numbered from 1 in record order).

use super::{Rd, Res};
use crate::bitcode::codes;
use crate::bitstream::names as n;
use crate::ir::attributes::{
    AttrClass, AttrIndex, AttrKind, Attribute, AttributeList, AttributeSet, ConstantRange,
    RangeList,
};

/// Decodes a sign-rotated value (LLVM's `decodeSignRotatedValue`).
pub(crate) fn sign_rotated(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        -((v >> 1) as i64)
    } else {
        i64::MIN
    }
}

impl Rd<'_, '_> {
    pub(super) fn read_attr_groups(&mut self) -> Res<()> {
        self.each_record(n::PARAMATTR_GROUP_BLOCK_ID, |rd, rec| {
            if rec.code() != n::PARAMATTR_GRP_CODE_ENTRY {
                return Ok(());
            }
            let v = rec.operands();
            if v.len() < 2 {
                return rd.err("attribute group record with fewer than 2 fields");
            }
            let (id, index) = (v[0], v[1]);
            let set = rd.attr_set(&v[2..])?;
            rd.attr_groups.insert(id, (index as u32, set));
            Ok(())
        })
    }

    pub(super) fn read_attr_lists(&mut self) -> Res<()> {
        self.each_record(n::PARAMATTR_BLOCK_ID, |rd, rec| {
            match rec.code() {
                n::PARAMATTR_CODE_ENTRY => {
                    let mut list = AttributeList::new();
                    for &g in rec.operands() {
                        let Some((index, set)) = rd.attr_groups.get(&g).cloned() else {
                            return rd.err(format!("invalid attribute group id {g}"));
                        };
                        let at = AttrIndex::from_llvm(index);
                        if let AttrIndex::Param(p) = at {
                            if p > 1 << 16 {
                                return rd.err(format!("invalid attribute index {index}"));
                            }
                        }
                        let merged = list.attrs(at).merged_with(&set);
                        list.set_attrs(at, merged);
                    }
                    rd.attr_lists.push(list);
                }
                n::PARAMATTR_CODE_ENTRY_OLD => {
                    return rd.err("old-style attribute lists are not supported")
                }
                _ => {}
            }
            Ok(())
        })
    }

    fn attr_kind(&self, code: u64) -> Res<AttrKind> {
        match codes::attr_kind(code) {
            Some(k) => Ok(k),
            None => self.err(format!("unknown attribute kind {code}")),
        }
    }

    /// The attributes of a group record, after its id and index.
    fn attr_set(&mut self, v: &[u64]) -> Res<AttributeSet> {
        let mut attrs = Vec::new();
        let mut i = 0;
        let at = |i: usize| -> Res<u64> {
            match v.get(i) {
                Some(&x) => Ok(x),
                None => self.err("attribute group record ends inside an attribute"),
            }
        };
        while i < v.len() {
            let tag = v[i];
            i += 1;
            match tag {
                0 => {
                    let k = self.attr_kind(at(i)?)?;
                    i += 1;
                    if k.class() != AttrClass::Enum {
                        return self
                            .err(format!("attribute {} is not an enum attribute", k.name()));
                    }
                    attrs.push(Attribute::Enum(k));
                }
                1 => {
                    let k = self.attr_kind(at(i)?)?;
                    let x = at(i + 1)?;
                    i += 2;
                    if k.class() != AttrClass::Int {
                        return self.err(format!("attribute {} is not an int attribute", k.name()));
                    }
                    // LLVM's reader passes alignments through `unsigned`:
                    // `align 4294967296` reads as no alignment.
                    let x = match k {
                        AttrKind::Alignment | AttrKind::StackAlignment => u64::from(x as u32),
                        _ => x,
                    };
                    if x == 0 && matches!(k, AttrKind::Alignment | AttrKind::StackAlignment) {
                        continue;
                    }
                    attrs.push(Attribute::Int(k, x));
                }
                3 | 4 => {
                    let end = match v[i..].iter().position(|&c| c == 0) {
                        Some(p) => i + p,
                        None => return self.err("unterminated string attribute key"),
                    };
                    let key: Vec<u8> = v[i..end].iter().map(|&c| c as u8).collect();
                    i = end + 1;
                    let mut value = Vec::new();
                    if tag == 4 {
                        let end = match v[i..].iter().position(|&c| c == 0) {
                            Some(p) => i + p,
                            None => return self.err("unterminated string attribute value"),
                        };
                        value = v[i..end].iter().map(|&c| c as u8).collect();
                        i = end + 1;
                    }
                    attrs.push(Attribute::string(key, value));
                }
                5 | 6 => {
                    let k = self.attr_kind(at(i)?)?;
                    i += 1;
                    if k.class() != AttrClass::Type {
                        return self.err(format!("attribute {} is not a type attribute", k.name()));
                    }
                    if tag == 6 {
                        let t = self.type_at(at(i)?)?;
                        i += 1;
                        attrs.push(Attribute::Type(k, t));
                    } else {
                        return self.err(format!("type attribute {} without a type", k.name()));
                    }
                }
                7 => {
                    let k = self.attr_kind(at(i)?)?;
                    i += 1;
                    if k != AttrKind::Range {
                        return self.err("constant range attribute of the wrong kind");
                    }
                    let width = at(i)?;
                    i += 1;
                    let r = self.read_range(v, &mut i, width)?;
                    attrs.push(Attribute::range(r));
                }
                8 => {
                    let k = self.attr_kind(at(i)?)?;
                    i += 1;
                    if k != AttrKind::Initializes {
                        return self.err("constant range list attribute of the wrong kind");
                    }
                    let count = at(i)?;
                    let width = at(i + 1)?;
                    i += 2;
                    if width != 64 {
                        return self.err("initializes ranges must be 64 bits wide");
                    }
                    if count > (v.len() - i) as u64 / 2 {
                        return self.err("constant range list longer than its record");
                    }
                    let mut ranges = Vec::with_capacity(count as usize);
                    for _ in 0..count {
                        let lo = sign_rotated(at(i)?);
                        let hi = sign_rotated(at(i + 1)?);
                        i += 2;
                        ranges.push((lo, hi));
                    }
                    match RangeList::new(&ranges) {
                        Some(l) => attrs.push(Attribute::initializes(l)),
                        None => return self.err("invalid initializes range list"),
                    }
                }
                t => return self.err(format!("unknown attribute encoding {t}")),
            }
        }
        Ok(AttributeSet::from_attrs(attrs))
    }

    /// A constant range of `width` bits at `v[*i..]`: two sign-rotated
    /// words up to 64 bits, else an active-words field and the words.
    pub(crate) fn read_range(&self, v: &[u64], i: &mut usize, width: u64) -> Res<ConstantRange> {
        if width == 0 || width > 1 << 23 {
            return self.err(format!("invalid constant range width {width}"));
        }
        let get = |k: usize| -> Res<u64> {
            match v.get(k) {
                Some(&x) => Ok(x),
                None => self.err("record ends inside a constant range"),
            }
        };
        let r = if width <= 64 {
            let lo = sign_rotated(get(*i)?);
            let hi = sign_rotated(get(*i + 1)?);
            *i += 2;
            ConstantRange::from_i64(width as u32, lo, hi)
        } else {
            let words = get(*i)?;
            let (lw, uw) = ((words & 0xffff_ffff) as usize, (words >> 32) as usize);
            *i += 1;
            if lw + uw > v.len().saturating_sub(*i) {
                return self.err("constant range longer than its record");
            }
            let lower: Vec<u64> = v[*i..*i + lw]
                .iter()
                .map(|&x| sign_rotated(x) as u64)
                .collect();
            *i += lw;
            let upper: Vec<u64> = v[*i..*i + uw]
                .iter()
                .map(|&x| sign_rotated(x) as u64)
                .collect();
            *i += uw;
            ConstantRange::from_words(width as u32, &lower, &upper)
        };
        match r {
            Some(r) => Ok(r),
            None => self.err("invalid constant range"),
        }
    }
}
