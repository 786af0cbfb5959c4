//! `IRLinker::linkModuleFlagsMetadata`: `!llvm.module.flags` merged by
//! each flag's behaviour (Error 1, Warning 2, Require 3, Override 4,
//! Append 5, AppendUnique 6, Max 7, Min 8).

use super::LinkError;
use crate::ir::metadata::{MdData, Metadata};
use crate::ir::Module;
use crate::Context;
use hashbrown::{HashMap, HashSet};

const ERROR: u64 = 1;
const WARNING: u64 = 2;
const REQUIRE: u64 = 3;
const OVERRIDE: u64 = 4;
const APPEND: u64 = 5;
const APPEND_UNIQUE: u64 = 6;
const MAX: u64 = 7;
const MIN: u64 = 8;

const FLAGS: &[u8] = b"llvm.module.flags";

fn ops(ctx: &Context, m: Metadata) -> Vec<Option<Metadata>> {
    match ctx.md_data(m) {
        MdData::Tuple { ops, .. } => ops.to_vec(),
        _ => Vec::new(),
    }
}

fn int_of(ctx: &Context, m: Option<Metadata>) -> Option<u64> {
    match ctx.md_data(m?) {
        MdData::Value(v) => ctx.const_int_value(*v).map(|a| a.to_u64()),
        _ => None,
    }
}

/// A flag's (behaviour, id, value).
fn parts(ctx: &Context, flag: Metadata) -> Result<(u64, Metadata, Option<Metadata>), LinkError> {
    let o = ops(ctx, flag);
    match (o.len(), int_of(ctx, o.first().copied().flatten())) {
        (3, Some(b)) if o[1].is_some() => Ok((b, o[1].expect("id"), o[2])),
        _ => Err(LinkError("invalid module flag".to_owned())),
    }
}

fn id_str(ctx: &Context, id: Metadata) -> String {
    crate::ir::shown(ctx.md_data(id).as_bytes().unwrap_or(b"")).into_owned()
}

pub(super) fn link_module_flags(
    ctx: &mut Context,
    dst: Module,
    src: Module,
    warnings: &mut Vec<super::LinkWarning>,
) -> Result<(), LinkError> {
    let Some(src_flags) = ctx.module(src).named_md.get(FLAGS).cloned() else {
        return Ok(());
    };
    let (src_id, dst_id) = (ctx.module(src).id.clone(), ctx.module(dst).id.clone());
    let mut dst_flags = ctx
        .module_mut(dst)
        .named_md
        .entry(FLAGS.into())
        .or_default()
        .clone();
    if dst_flags.is_empty() {
        ctx.module_mut(dst).named_md[FLAGS] = src_flags;
        return Ok(());
    }
    let mut flags: HashMap<Metadata, (Metadata, usize)> = HashMap::new();
    let mut requirements: Vec<Metadata> = Vec::new();
    let mut mins: Vec<usize> = Vec::new();
    let mut seen_min: HashSet<Metadata> = HashSet::new();
    for (i, &op) in dst_flags.iter().enumerate() {
        let (b, id, v) = parts(ctx, op)?;
        if b == REQUIRE {
            if let Some(v) = v {
                if !requirements.contains(&v) {
                    requirements.push(v);
                }
            }
        } else {
            if b == MIN {
                mins.push(i);
            }
            flags.insert(id, (op, i));
        }
    }
    for src_op in src_flags {
        let (sb, id, sv) = parts(ctx, src_op)?;
        let dst_entry = flags.get(&id).copied();
        seen_min.insert(id);
        if sb == REQUIRE {
            if let Some(v) = sv {
                if !requirements.contains(&v) {
                    requirements.push(v);
                    dst_flags.push(src_op);
                }
            }
            continue;
        }
        let Some((dst_op, di)) = dst_entry else {
            if sb == MIN {
                mins.push(dst_flags.len());
                seen_min.remove(&id);
            }
            flags.insert(id, (src_op, dst_flags.len()));
            dst_flags.push(src_op);
            continue;
        };
        let (db, _, dv) = parts(ctx, dst_op)?;
        let name = id_str(ctx, id);
        if db == OVERRIDE {
            if sb == OVERRIDE && sv != dv {
                return Err(LinkError(format!(
                    "linking module flags '{name}': IDs have conflicting override values in '{src_id}' and '{dst_id}'"
                )));
            }
            continue;
        } else if sb == OVERRIDE {
            dst_flags[di] = src_op;
            flags.insert(id, (src_op, di));
            continue;
        }
        if sb != db {
            let min_warn = (sb == MIN && db == WARNING) || (db == MIN && sb == WARNING);
            let max_warn = (sb == MAX && db == WARNING) || (db == MAX && sb == WARNING);
            if !(min_warn || max_warn) {
                return Err(LinkError(format!(
                    "linking module flags '{name}': IDs have conflicting behaviors in '{src_id}' and '{dst_id}'"
                )));
            }
        }
        if (db == WARNING || sb == WARNING) && sv != dv {
            warnings.push(
                format!(
                    "linking module flags '{name}': IDs have conflicting values ('{}' from {src_id} with '{}' from {dst_id})",
                    md_text(ctx, sv),
                    md_text(ctx, dv)
                )
                .into(),
            );
        }
        if db == MIN || sb == MIN || db == MAX || sb == MAX {
            let is_min = db == MIN || sb == MIN;
            let kind = if is_min { MIN } else { MAX };
            let (s, d) = (int_of(ctx, sv).unwrap_or(0), int_of(ctx, dv).unwrap_or(0));
            let behaviour = ops(ctx, if db != kind { src_op } else { dst_op })[0];
            let take_src = if is_min { s < d } else { s > d };
            let value = if take_src { sv } else { dv };
            let flag = ctx.md_tuple(&[behaviour, Some(id), value]);
            dst_flags[di] = flag;
            flags.insert(id, (flag, di));
            continue;
        }
        match sb {
            ERROR if sv != dv => {
                return Err(LinkError(format!(
                    "linking module flags '{name}': IDs have conflicting values in '{src_id}' and '{dst_id}'"
                )));
            }
            APPEND | APPEND_UNIQUE => {
                let mut elems: Vec<Option<Metadata>> = dv.map(|d| ops(ctx, d)).unwrap_or_default();
                let extra: Vec<Option<Metadata>> = sv.map(|s| ops(ctx, s)).unwrap_or_default();
                for e in extra {
                    if sb == APPEND || !elems.contains(&e) {
                        elems.push(e);
                    }
                }
                let behaviour = ops(ctx, dst_op)[0];
                let value = ctx.md_distinct_tuple(&elems);
                let flag = ctx.md_distinct_tuple(&[behaviour, Some(id), Some(value)]);
                dst_flags[di] = flag;
                flags.insert(id, (flag, di));
            }
            _ => {}
        }
    }
    for &i in &mins {
        let op = dst_flags[i];
        let (_, id, v) = parts(ctx, op)?;
        if !seen_min.contains(&id) {
            let behaviour = ops(ctx, op)[0];
            let ty = match v.map(|m| ctx.md_data(m).clone()) {
                Some(MdData::Value(c)) => ctx.type_of(c),
                _ => ctx.i32_type(),
            };
            let zero = ctx.const_int(ty, 0);
            let zv = ctx.md_value(zero);
            dst_flags[i] = ctx.md_tuple(&[behaviour, Some(id), Some(zv)]);
        }
    }
    for req in &requirements {
        let r = ops(ctx, *req);
        let (Some(Some(flag)), Some(val)) = (r.first().copied(), r.get(1).copied()) else {
            continue;
        };
        let ok = flags
            .get(&flag)
            .is_some_and(|&(op, _)| ops(ctx, op).get(2).copied() == Some(val));
        if !ok {
            return Err(LinkError(format!(
                "linking module flags '{}': does not have the required value",
                id_str(ctx, flag)
            )));
        }
    }
    ctx.module_mut(dst).named_md[FLAGS] = dst_flags;
    Ok(())
}

fn md_text(ctx: &Context, m: Option<Metadata>) -> String {
    match m.map(|m| ctx.md_data(m)) {
        Some(MdData::Value(v)) => match ctx.const_int_value(*v) {
            Some(a) => format!("i32 {}", a.to_u64()),
            None => "value".to_owned(),
        },
        Some(MdData::String(s)) => format!("!\"{}\"", crate::ir::shown(s)),
        _ => "!{...}".to_owned(),
    }
}
