//! Intrinsic declarations: LLVM's reader gives every function that names
//! an intrinsic the attributes of its intrinsic (`UpgradeIntrinsicFunction`
//! sets `Intrinsic::getAttributes`), whatever the bitcode says; so does
//! this reader, from the table in `../intrinsics.rs`.

use super::{Rd, Res};
use crate::bitcode::intrinsics::{ATTRS, NAMES};
use crate::ir::attributes::{AttrIndex, AttrKind, Attribute, AttributeList, AttributeSet};

/// The attribute list number of the intrinsic `name` names, if any
/// (LLVM's `lookupIntrinsicID`: the longest table name that is `name` or
/// a prefix of it ending before a `.`; a prefix match counts only for an
/// overloaded intrinsic).
pub(crate) fn intrinsic_attrs(name: &str) -> Option<u16> {
    if !name.starts_with("llvm.") {
        return None;
    }
    let mut prefix = name;
    loop {
        if let Ok(i) = NAMES.binary_search_by(|e| e.0.as_bytes().cmp(prefix.as_bytes())) {
            let (_, overloaded, attrs) = NAMES[i];
            return (prefix.len() == name.len() || overloaded).then_some(attrs);
        }
        let cut = prefix.rfind('.')?;
        prefix = &prefix[..cut];
        if prefix == "llvm" {
            return None;
        }
    }
}

/// Attribute list `i` of the table.
fn table_list(i: u16) -> Option<AttributeList> {
    let text = ATTRS.get(i as usize)?;
    let mut sets: Vec<(AttrIndex, Vec<Attribute>)> = Vec::new();
    for entry in text.split(',').filter(|e| !e.is_empty()) {
        let (at, attr) = entry.split_once(':')?;
        let index = match at {
            "f" => AttrIndex::Function,
            "r" => AttrIndex::Return,
            p => AttrIndex::Param(p.strip_prefix('p')?.parse().ok()?),
        };
        let a = match attr.split_once('=') {
            Some((k, v)) => Attribute::Int(AttrKind::from_name(k)?, v.parse().ok()?),
            None => Attribute::Enum(AttrKind::from_name(attr)?),
        };
        match sets.iter_mut().find(|s| s.0 == index) {
            Some(s) => s.1.push(a),
            None => sets.push((index, vec![a])),
        }
    }
    let mut list = AttributeList::new();
    for (index, attrs) in sets {
        list.set_attrs(index, AttributeSet::from_attrs(attrs));
    }
    Some(list)
}

impl Rd<'_, '_> {
    /// Gives every intrinsic declaration of the module its intrinsic's
    /// attributes.
    pub(super) fn reset_intrinsic_attrs(&mut self) -> Res<()> {
        let fs: Vec<_> = self.ctx.functions(self.m).collect();
        let mut cache: hashbrown::HashMap<u16, AttributeList> = hashbrown::HashMap::new();
        for f in fs {
            let Some(i) = self.ctx.name_of(f.0).and_then(intrinsic_attrs) else {
                continue;
            };
            let list = match cache.get(&i) {
                Some(l) => l.clone(),
                None => {
                    let Some(l) = table_list(i) else {
                        return self.err("malformed intrinsic attribute table");
                    };
                    cache.insert(i, l.clone());
                    l
                }
            };
            self.ctx.function_data_mut(f).attrs = list;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_follows_llvm() {
        assert!(intrinsic_attrs("llvm.memcpy.p0.p0.i64").is_some());
        assert!(intrinsic_attrs("llvm.trap").is_some());
        assert!(intrinsic_attrs("llvm.trap.x").is_none()); // not overloaded
        assert!(intrinsic_attrs("llvm.not.an.intrinsic").is_none());
        assert!(intrinsic_attrs("memcpy").is_none());
        for (i, text) in ATTRS.iter().enumerate() {
            assert!(table_list(i as u16).is_some(), "list {i}: {text}");
        }
    }
}
