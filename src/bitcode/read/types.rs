//! The type table (`TYPE_BLOCK_ID_NEW`): one type per record, numbered in
//! record order; identified structs named by the `STRUCT_NAME` record
//! before them; a struct used before its record (recursive types) is
//! created opaque and given its name and body when its record comes, as
//! LLVM's reader does.

use super::{Rd, Res};
use crate::bitstream::names as n;
use crate::bitstream::Record;
use crate::types::{Type, TypeData};

impl<'a> Rd<'a, '_> {
    pub(super) fn read_types(&mut self) -> Res<()> {
        let mut name: Option<Vec<u8>> = None;
        let mut next = 0usize;
        self.each_record(n::TYPE_BLOCK_ID_NEW, |rd, rec| {
            rd.type_record(rec, &mut name, &mut next)
        })?;
        if next != self.types.len() {
            return self.err("the type table has fewer entries than it announced");
        }
        Ok(())
    }

    /// The type id `id` used as an element: a struct not yet defined is
    /// made opaque now and defined by its own record later.
    fn type_or_fwd(&mut self, id: u64, next: usize) -> Res<Type> {
        let i = id as usize;
        match self.types.get(i) {
            Some(Some(t)) => Ok(*t),
            Some(None) if i >= next => {
                let t = self.ctx.create_struct("");
                self.types[i] = Some(t);
                Ok(t)
            }
            _ => self.err(format!("invalid type id {id}")),
        }
    }

    fn type_record(
        &mut self,
        rec: &Record<'a>,
        name: &mut Option<Vec<u8>>,
        next: &mut usize,
    ) -> Res<()> {
        let v = rec.operands();
        let c = &mut *self.ctx;
        let ty = match rec.code() {
            n::TYPE_CODE_NUMENTRY => {
                let Some(&k) = v.first() else {
                    return self.err("empty type count record");
                };
                // Each entry takes at least a few bits of the stream.
                if k > self.bits_left() / 4 {
                    return self.err(format!("type count {k} exceeds what the stream holds"));
                }
                self.types.resize(k as usize, None);
                return Ok(());
            }
            n::TYPE_CODE_VOID => c.void_type(),
            n::TYPE_CODE_HALF => c.half_type(),
            n::TYPE_CODE_BFLOAT => c.bfloat_type(),
            n::TYPE_CODE_FLOAT => c.float_type(),
            n::TYPE_CODE_DOUBLE => c.double_type(),
            n::TYPE_CODE_X86_FP80 => c.x86_fp80_type(),
            n::TYPE_CODE_FP128 => c.fp128_type(),
            n::TYPE_CODE_PPC_FP128 => c.ppc_fp128_type(),
            n::TYPE_CODE_LABEL => c.label_type(),
            n::TYPE_CODE_METADATA => c.metadata_type(),
            n::TYPE_CODE_TOKEN => c.token_type(),
            n::TYPE_CODE_X86_AMX => c.x86_amx_type(),
            n::TYPE_CODE_X86_MMX => c.x86_mmx_type(),
            n::TYPE_CODE_INTEGER => {
                let Some(&w) = v.first() else {
                    return self.err("empty integer type record");
                };
                if !(1..=(1 << 23)).contains(&w) {
                    return self.err(format!("invalid integer width {w}"));
                }
                c.int_type(w as u32)
            }
            n::TYPE_CODE_OPAQUE_POINTER => {
                let a = v.first().copied().unwrap_or(0);
                if a >= 1 << 24 {
                    return self.err(format!("invalid address space {a}"));
                }
                c.ptr_type(a as u32)
            }
            n::TYPE_CODE_POINTER => return self.err("typed pointers are not supported"),
            n::TYPE_CODE_FUNCTION => {
                if v.len() < 2 {
                    return self.err("function type record with fewer than 2 fields");
                }
                let ret = self.type_or_fwd(v[1], *next)?;
                let mut params = Vec::with_capacity(v.len() - 2);
                for &p in &v[2..] {
                    let t = self.type_or_fwd(p, *next)?;
                    if !self.ctx.is_valid_param_type(t) {
                        return self.err("invalid function parameter type");
                    }
                    params.push(t);
                }
                if !self.ctx.is_valid_return_type(ret) {
                    return self.err("invalid function return type");
                }
                self.ctx.function_type(ret, &params, v[0] != 0)
            }
            n::TYPE_CODE_ARRAY | n::TYPE_CODE_VECTOR => {
                if v.len() < 2 {
                    return self.err("array or vector type record with fewer than 2 fields");
                }
                let elem = self.type_or_fwd(v[1], *next)?;
                if rec.code() == n::TYPE_CODE_ARRAY {
                    if !self.ctx.is_valid_array_element(elem) {
                        return self.err("invalid array element type");
                    }
                    self.ctx.array_type(elem, v[0])
                } else {
                    let len = v[0];
                    if len == 0 || len > u32::MAX as u64 {
                        return self.err(format!("invalid vector length {len}"));
                    }
                    if !self.ctx.is_valid_vector_element(elem) {
                        return self.err("invalid vector element type");
                    }
                    if v.get(2).is_some_and(|&s| s != 0) {
                        self.ctx.scalable_vector_type(elem, len as u32)
                    } else {
                        self.ctx.vector_type(elem, len as u32)
                    }
                }
            }
            n::TYPE_CODE_STRUCT_ANON => {
                let Some((&packed, elems)) = v.split_first() else {
                    return self.err("empty struct type record");
                };
                let elems = self.struct_elems(elems, *next)?;
                self.ctx.struct_type(&elems, packed != 0)
            }
            n::TYPE_CODE_STRUCT_NAME => {
                *name = Some(self.name_chars(v));
                return Ok(());
            }
            n::TYPE_CODE_STRUCT_NAMED | n::TYPE_CODE_OPAQUE => {
                let t = self.named_struct(name.take().unwrap_or_default(), *next)?;
                if rec.code() == n::TYPE_CODE_STRUCT_NAMED {
                    let Some((&packed, elems)) = v.split_first() else {
                        return self.err("empty struct type record");
                    };
                    let elems = self.struct_elems(elems, *next)?;
                    self.ctx.set_struct_body(t, &elems, packed != 0);
                }
                t
            }
            n::TYPE_CODE_TARGET_TYPE => {
                let Some((&k, rest)) = v.split_first() else {
                    return self.err("empty target type record");
                };
                if k as usize > rest.len() {
                    return self.err("target type record with too few type parameters");
                }
                let (tys, ints) = rest.split_at(k as usize);
                let mut ps = Vec::with_capacity(tys.len());
                for &t in tys {
                    ps.push(self.type_at(t)?);
                }
                let mut is = Vec::with_capacity(ints.len());
                for &i in ints {
                    match u32::try_from(i) {
                        Ok(i) => is.push(i),
                        Err(_) => return self.err("target type integer parameter too large"),
                    }
                }
                let nm = self.text(name.take().unwrap_or_default())?;
                self.ctx.target_ext_type(&nm, &ps, &is)
            }
            c => return self.err(format!("unknown type code {c}")),
        };
        let i = *next;
        let Some(slot) = self.types.get_mut(i) else {
            return self.err("more types than the type table announced");
        };
        if slot.is_some_and(|t| t != ty) {
            return self.err("type record of a struct that is defined twice");
        }
        *slot = Some(ty);
        *next += 1;
        Ok(())
    }

    fn struct_elems(&mut self, ids: &[u64], next: usize) -> Res<Vec<Type>> {
        let mut out = Vec::with_capacity(ids.len());
        for &e in ids {
            let t = self.type_or_fwd(e, next)?;
            if !self.ctx.is_valid_struct_element(t) {
                return self.err("invalid struct element type");
            }
            out.push(t);
        }
        Ok(out)
    }

    /// The identified struct of the record at `next`: the placeholder made
    /// by an earlier forward reference, named now, or a new struct.
    fn named_struct(&mut self, name: Vec<u8>, next: usize) -> Res<Type> {
        match self.types.get(next) {
            Some(Some(t)) => {
                let t = *t;
                let opaque_placeholder =
                    matches!(self.ctx.type_data(t), TypeData::IdentifiedStruct(_))
                        && self.ctx.struct_elements(t).is_none();
                if !opaque_placeholder {
                    return self.err("type record of a struct that is defined twice");
                }
                if !name.is_empty() {
                    self.ctx.set_struct_name(t, &name);
                }
                Ok(t)
            }
            Some(None) => Ok(self.ctx.create_struct(&name)),
            None => self.err("more types than the type table announced"),
        }
    }
}
