//! LLVM 19's `IRMover` type mapping: the destination's set of identified
//! structs ([`DstStructs`], kept across links) and the per-link
//! [`TypeMapper`] (speculative isomorphism with rollback, opaque
//! resolution, body-keyed merging of identified structs).

use crate::types::{Type, TypeData, TypeKind};
use crate::Context;
use hashbrown::{HashMap, HashSet};

/// `IRMover::IdentifiedStructTypeSet`: the identified structs the
/// destination uses. Non-opaque ones are keyed by body (elements and
/// packedness), so a source struct whose mapped body equals one of them
/// maps onto it whatever its name; the first struct with a body keeps it.
#[derive(Default)]
pub(crate) struct DstStructs {
    opaque: HashSet<Type>,
    by_body: HashMap<(Box<[Type]>, bool), Type>,
}

fn body_key(ctx: &Context, t: Type) -> (Box<[Type]>, bool) {
    (
        ctx.struct_elements(t).unwrap_or(&[]).into(),
        ctx.is_packed_struct(t),
    )
}

impl DstStructs {
    pub(crate) fn add(&mut self, ctx: &Context, t: Type) {
        if ctx.is_opaque_struct(t) {
            self.opaque.insert(t);
        } else {
            self.by_body.entry(body_key(ctx, t)).or_insert(t);
        }
    }

    fn switch_to_non_opaque(&mut self, ctx: &Context, t: Type) {
        self.by_body.entry(body_key(ctx, t)).or_insert(t);
        self.opaque.remove(&t);
    }

    fn find_non_opaque(&self, elems: &[Type], packed: bool) -> Option<Type> {
        // The key is owned; a borrowed lookup would need raw-entry hashing.
        self.by_body
            .get(&(Box::<[Type]>::from(elems), packed))
            .copied()
    }

    pub(crate) fn has(&self, ctx: &Context, t: Type) -> bool {
        if ctx.is_opaque_struct(t) {
            return self.opaque.contains(&t);
        }
        self.by_body.get(&body_key(ctx, t)) == Some(&t)
    }
}

/// `TypeMapTy`: source type to destination type, for one link.
#[derive(Default)]
pub(crate) struct TypeMapper {
    mapped: HashMap<Type, Type>,
    speculative: Vec<Type>,
    speculative_dst_opaque: Vec<Type>,
    src_defs_to_resolve: Vec<Type>,
    dst_resolved_opaque: HashSet<Type>,
}

impl TypeMapper {
    /// `addTypeMapping`: maps `src` onto `dst` if the two are recursively
    /// isomorphic; otherwise rolls back every speculative entry. On
    /// success the source structs taken over lose their names.
    pub(crate) fn add_mapping(&mut self, ctx: &mut Context, dst: Type, src: Type) {
        if !self.isomorphic(ctx, dst, src) {
            for t in self.speculative.drain(..) {
                self.mapped.remove(&t);
            }
            let n = self.src_defs_to_resolve.len() - self.speculative_dst_opaque.len();
            self.src_defs_to_resolve.truncate(n);
            for t in self.speculative_dst_opaque.drain(..) {
                self.dst_resolved_opaque.remove(&t);
            }
        } else {
            for t in core::mem::take(&mut self.speculative) {
                if ctx.is_identified_struct(t) && ctx.struct_name_bytes(t).is_some() {
                    ctx.set_struct_name(t, "");
                }
            }
        }
        self.speculative.clear();
        self.speculative_dst_opaque.clear();
    }

    fn isomorphic(&mut self, ctx: &Context, dst: Type, src: Type) -> bool {
        let (dd, sd) = (ctx.type_data(dst), ctx.type_data(src));
        if dd.kind() != sd.kind() {
            return false;
        }
        if let Some(&e) = self.mapped.get(&src) {
            return e == dst;
        }
        if dst == src {
            self.mapped.insert(src, dst);
            return true;
        }
        if ctx.is_identified_struct(src) {
            if ctx.is_opaque_struct(src) {
                self.mapped.insert(src, dst);
                self.speculative.push(src);
                return true;
            }
            if ctx.is_opaque_struct(dst) {
                if !self.dst_resolved_opaque.insert(dst) {
                    return false;
                }
                self.src_defs_to_resolve.push(src);
                self.speculative.push(src);
                self.speculative_dst_opaque.push(dst);
                self.mapped.insert(src, dst);
                return true;
            }
        }
        if ctx.num_contained_types(src) != ctx.num_contained_types(dst) {
            return false;
        }
        match (dd, sd) {
            (TypeData::Int(_), _) => return false,
            (TypeData::Ptr(a), TypeData::Ptr(b)) if a != b => return false,
            (TypeData::Function { varargs: a, .. }, TypeData::Function { varargs: b, .. })
                if a != b =>
            {
                return false
            }
            (TypeData::Array { len: a, .. }, TypeData::Array { len: b, .. }) if a != b => {
                return false
            }
            (TypeData::Vector { len: a, .. }, TypeData::Vector { len: b, .. }) if a != b => {
                return false
            }
            (TypeData::TargetExt { .. }, _) => return false,
            _ => {}
        }
        if dd.kind() == TypeKind::Struct
            && (ctx.is_literal_struct(dst) != ctx.is_literal_struct(src)
                || ctx.is_packed_struct(dst) != ctx.is_packed_struct(src))
        {
            return false;
        }
        self.mapped.insert(src, dst);
        self.speculative.push(src);
        let n = ctx.num_contained_types(src);
        for i in 0..n {
            let (d, s) = (
                ctx.contained_type(dst, i).expect("contained"),
                ctx.contained_type(src, i).expect("contained"),
            );
            if !crate::stack::deep(|| self.isomorphic(ctx, d, s)) {
                return false;
            }
        }
        true
    }

    /// `linkDefinedTypeBodies`: destination opaque structs that a source
    /// definition resolved get the mapped body.
    pub(crate) fn link_defined_bodies(&mut self, ctx: &mut Context, set: &mut DstStructs) {
        for src in core::mem::take(&mut self.src_defs_to_resolve) {
            let dst = self.mapped[&src];
            let elems: Vec<Type> = ctx.struct_elements(src).unwrap_or(&[]).to_vec();
            let mapped: Vec<Type> = elems.iter().map(|&e| self.get(ctx, set, e)).collect();
            let packed = ctx.is_packed_struct(src);
            ctx.set_struct_body(dst, &mapped, packed);
            set.switch_to_non_opaque(ctx, dst);
        }
        self.dst_resolved_opaque.clear();
    }

    /// `TypeMapTy::get`: the destination type of source type `t`.
    pub(crate) fn get(&mut self, ctx: &mut Context, set: &mut DstStructs, t: Type) -> Type {
        if let Some(&m) = self.mapped.get(&t) {
            return m;
        }
        let mut visited = HashSet::new();
        self.get_rec(ctx, set, t, &mut visited)
    }

    fn get_rec(
        &mut self,
        ctx: &mut Context,
        set: &mut DstStructs,
        t: Type,
        visited: &mut HashSet<Type>,
    ) -> Type {
        if let Some(&m) = self.mapped.get(&t) {
            return m;
        }
        let uniqued = !ctx.is_identified_struct(t);
        if !uniqued && !visited.insert(t) {
            // A struct reached again while mapping its own elements.
            let d = ctx.create_struct("");
            self.mapped.insert(t, d);
            return d;
        }
        let n = ctx.num_contained_types(t);
        if n == 0 && uniqued {
            self.mapped.insert(t, t);
            return t;
        }
        let elems: Vec<Type> = ctx.contained_types(t).collect();
        let mut any_change = false;
        let mut out = Vec::with_capacity(n);
        for e in elems {
            let m = crate::stack::deep(|| self.get_rec(ctx, set, e, visited));
            any_change |= m != e;
            out.push(m);
        }
        if let Some(&m) = self.mapped.get(&t) {
            return m;
        }
        if !any_change && uniqued {
            self.mapped.insert(t, t);
            return t;
        }
        let shape = ctx.type_data(t).clone();
        let mut parts = out.iter().copied();
        let literal = ctx.type_with_parts(&shape, |_, _| {
            parts
                .next()
                .expect("type_with_parts visits the parts in contained_types order")
        });
        let r = match literal {
            Some(r) => r,
            None => {
                let packed = ctx.is_packed_struct(t);
                if ctx.is_opaque_struct(t) {
                    set.add(ctx, t);
                    t
                } else if let Some(old) = set.find_non_opaque(&out, packed) {
                    ctx.set_struct_name(t, "");
                    old
                } else if !any_change {
                    set.add(ctx, t);
                    t
                } else {
                    let d = ctx.create_struct("");
                    ctx.set_struct_body(d, &out, packed);
                    if let Some(name) = ctx.struct_name_bytes(t).map(<[u8]>::to_vec) {
                        ctx.set_struct_name(t, "");
                        ctx.set_struct_name(d, &name);
                    }
                    set.add(ctx, d);
                    d
                }
            }
        };
        self.mapped.insert(t, r);
        r
    }
}

/// `getTypeNamePrefix`: a name without its `.N` rename suffix.
pub(crate) fn type_name_prefix(name: &[u8]) -> &[u8] {
    match name.iter().rposition(|&c| c == b'.') {
        Some(p) if p != 0 && !name.ends_with(b".") => {
            if name[p + 1].is_ascii_digit() {
                &name[..p]
            } else {
                name
            }
        }
        _ => name,
    }
}
