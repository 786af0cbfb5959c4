//! LLVM 19's `Intrinsic::getAttributes`: each intrinsic's attribute list,
//! built once per process from the table's sets and shared by reference
//! count (380 lists of 96 sets).

use super::table;
use crate::ir::attributes::{AttrClass, AttrKind, Attribute, AttributeList, AttributeSet};
use std::sync::OnceLock;

static LISTS: OnceLock<Box<[AttributeList]>> = OnceLock::new();

/// Attribute list number `n` of the table.
pub(super) fn list(n: usize) -> &'static AttributeList {
    &LISTS.get_or_init(build)[n]
}

fn build() -> Box<[AttributeList]> {
    let sets: Vec<AttributeSet> = table::ATTR_SETS
        .iter()
        .map(|attrs| {
            AttributeSet::from_attrs(attrs.iter().map(|&(k, v)| {
                let kind = AttrKind::from_enum_value(k)
                    .unwrap_or_else(|| unreachable!("intrinsic table: attribute kind {k}"));
                match kind.class() {
                    AttrClass::Int => Attribute::Int(kind, v),
                    _ => Attribute::Enum(kind),
                }
            }))
        })
        .collect();
    table::ATTR_LISTS
        .iter()
        .map(|entries| {
            let mut list = AttributeList::new();
            for &(index, s) in entries.iter() {
                list.set_attrs(
                    crate::ir::attributes::AttrIndex::from_llvm(index),
                    sets[usize::from(s)].clone(),
                );
            }
            list
        })
        .collect()
}
