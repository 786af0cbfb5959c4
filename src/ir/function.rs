//! Functions, their arguments and blocks, and the per-function symbol
//! table of local names.
//!
//! Owns [`FunctionData`]. Blocks are an intrusive doubly-linked list
//! through the blocks' hot records (`a` = parent function, `b` = prev,
//! `c` = next); instructions within a block likewise (see `inst.rs`).
//!
//! A function makes its arguments when it is made. Colliding local names get
//! a bare `N` suffix (no dot), as in LLVM. Names given to detached blocks and
//! instructions are registered in the symbol table when they are inserted;
//! void instructions have no names.

use super::attributes::AttributeList;
use super::global::GlobalData;
use super::module::List;
use super::side::Payload;
use super::{Block, Function, Module};
use crate::entity::NONE;
use crate::types::Type;
use crate::value::{Value, ValueData, ValueKind};
use crate::Context;
use hashbrown::hash_map::EntryRef;
use hashbrown::HashMap;

/// Operand slots of a function: personality, prefix, prologue (hung-off,
/// allocated on first set, LLVM U13).
pub const PERSONALITY: u32 = 0;
/// Operand slot of the prefix data.
pub const PREFIX: u32 = 1;
/// Operand slot of the prologue data.
pub const PROLOGUE: u32 = 2;

/// What a function carries beyond the shared global properties.
pub struct FunctionData {
    /// Shared global-value properties (`value_type` is the function type).
    pub global: GlobalData,
    /// Calling convention number (0 = `ccc`).
    pub call_conv: u32,
    /// Function, return and parameter attributes.
    pub attrs: AttributeList,
    /// `gc "name"`: bytes, as LLVM's (escapes undone).
    pub gc: Option<Box<[u8]>>,
    /// Address space of the function (program address space).
    pub addrspace: u32,
    pub(crate) args: Vec<Value>,
    pub(crate) blocks: List,
    pub(crate) symtab: HashMap<Box<[u8]>, Value>,
    pub(crate) last_unique: u32,
    /// The number the next inserted block gets (`block_number.rs`).
    pub(crate) next_block_number: u32,
    /// Bumped by every renumbering of the blocks.
    pub(crate) block_epoch: u32,
    /// The intrinsic the name says this is (kept by `set_global_name`).
    pub(crate) intrinsic: Option<super::intrinsics::IntrinsicId>,
}

/// # Functions and arguments
///
/// Declaring and defining functions, signatures, arguments, a function's
/// blocks and its local symbol table.
impl Context {
    /// Adds a function declaration of function type `fn_ty` to `m`, with one
    /// argument value per parameter. The name is made unique in the module.
    /// A function named as an intrinsic gets the intrinsic's attributes
    /// ([`IntrinsicId::attributes`](super::intrinsics::IntrinsicId::attributes)),
    /// as LLVM's `Function` constructor gives them; renaming it later
    /// changes its [`intrinsic_id`](Context::intrinsic_id), not its
    /// attributes.
    ///
    /// # Panics
    /// If `fn_ty` is not a function type.
    pub fn add_function(&mut self, m: Module, name: impl AsRef<[u8]>, fn_ty: Type) -> Function {
        let params: Vec<Type> = match self.function_parts(fn_ty) {
            Some((_, p, _)) => p.to_vec(),
            None => panic!(
                "Context::add_function: type {} is not a function type",
                fn_ty.display(self)
            ),
        };
        let pty = self.ptr_type(0);
        let v = self.graph.alloc(ValueData::new(ValueKind::Function, pty));
        let mut args = Vec::with_capacity(params.len());
        for (i, &t) in params.iter().enumerate() {
            let mut d = ValueData::new(ValueKind::Argument, t);
            d.a = v.idx;
            d.b = i as u32;
            args.push(self.graph.alloc(d));
        }
        let data = FunctionData {
            global: GlobalData {
                value_type: Some(fn_ty),
                ..Default::default()
            },
            call_conv: 0,
            attrs: AttributeList::default(),
            gc: None,
            addrspace: 0,
            args,
            blocks: List::EMPTY,
            symtab: HashMap::new(),
            last_unique: 0,
            next_block_number: 0,
            block_epoch: 0,
            intrinsic: None,
        };
        self.set_payload(v, Payload::Function(Box::new(data)));
        self.link_global(m, v);
        self.set_global_name_bytes(v, name.as_ref());
        // An intrinsic declaration carries LLVM's attributes for it
        // (`Function::Function`).
        if let Some(id) = self.fdata("Context::add_function", Function(v)).intrinsic {
            self.fdata_mut("Context::add_function", Function(v)).attrs = id.attributes().clone();
        }
        Function(v)
    }

    /// The data of function `f`; a value that is not a function panics
    /// naming `who`, the method misused.
    #[track_caller]
    pub(crate) fn fdata(&self, who: &str, f: Function) -> &FunctionData {
        match self.side_of(f.0).map(|s| &s.payload) {
            Some(Payload::Function(d)) => d,
            _ => self.not_a_function(who, f.0),
        }
    }

    /// [`fdata`](Self::fdata), mutable.
    #[track_caller]
    pub(crate) fn fdata_mut(&mut self, who: &str, f: Function) -> &mut FunctionData {
        if !matches!(
            self.side_of(f.0).map(|s| &s.payload),
            Some(Payload::Function(_))
        ) {
            self.not_a_function(who, f.0);
        }
        match self.side_of_mut(f.0).map(|s| &mut s.payload) {
            Some(Payload::Function(d)) => d,
            _ => unreachable!("checked above"),
        }
    }

    /// The function data (attributes, calling convention, ...) of `f`.
    pub fn function_data(&self, f: Function) -> &FunctionData {
        self.fdata("Context::function_data", f)
    }

    /// Mutable function data of `f`.
    pub fn function_data_mut(&mut self, f: Function) -> &mut FunctionData {
        self.fdata_mut("Context::function_data_mut", f)
    }

    /// The function type of `f`.
    pub fn signature(&self, f: Function) -> Type {
        self.fdata("Context::signature", f)
            .global
            .value_type
            .expect("a function has a function type")
    }

    /// The arguments of `f`.
    pub fn args(&self, f: Function) -> &[Value] {
        &self.fdata("Context::args", f).args
    }

    /// Argument `i` of `f`.
    ///
    /// # Panics
    /// If `i` is out of range.
    #[inline]
    pub fn arg(&self, f: Function, i: usize) -> Value {
        self.fdata("Context::arg", f).args[i]
    }

    /// The function an argument belongs to.
    #[inline]
    pub fn arg_parent(&self, a: Value) -> Function {
        let d = self.graph.get(a);
        assert_eq!(d.kind(), ValueKind::Argument, "{a:?} is not an argument");
        Function(self.graph.handle(d.a))
    }

    /// The position of argument `a` in its function's parameter list
    /// (`getArgNo`).
    ///
    /// # Panics
    /// If `a` is not an argument.
    #[inline]
    pub fn arg_number(&self, a: Value) -> u32 {
        let d = self.graph.get(a);
        assert_eq!(d.kind(), ValueKind::Argument, "{a:?} is not an argument");
        d.b
    }

    /// Puts `f` in address space `addrspace` (`define ... addrspace(N)`):
    /// its value type becomes `ptr addrspace(N)`.
    pub fn set_function_addrspace(&mut self, f: Function, addrspace: u32) {
        let pty = self.ptr_type(addrspace);
        self.graph.get_mut(f.0).ty = pty;
        self.fdata_mut("Context::set_function_addrspace", f)
            .addrspace = addrspace;
    }

    /// Whether `f` is a declaration (has no blocks).
    pub fn is_declaration(&self, f: Function) -> bool {
        self.fdata("Context::is_declaration", f).blocks.first == NONE
    }

    /// The blocks of `f`, in layout order.
    pub fn blocks(&self, f: Function) -> impl Iterator<Item = Block> + '_ {
        let mut cur = self.fdata("Context::blocks", f).blocks.first;
        core::iter::from_fn(move || {
            if cur == NONE {
                return None;
            }
            let b = Block(self.graph.handle(cur));
            cur = self.graph.values[cur as usize].c;
            Some(b)
        })
    }

    /// [`Self::blocks`] by raw value index: no handle is minted (nor its
    /// generation read) per block.
    pub(crate) fn block_indices(&self, f: Function) -> impl Iterator<Item = u32> + '_ {
        let mut cur = self.fdata("Context::block_indices", f).blocks.first;
        core::iter::from_fn(move || {
            if cur == NONE {
                return None;
            }
            let b = cur;
            cur = self.graph.values[cur as usize].c;
            Some(b)
        })
    }

    /// The entry block of `f`, if it has a body.
    #[inline]
    pub fn entry_block(&self, f: Function) -> Option<Block> {
        let first = self.fdata("Context::entry_block", f).blocks.first;
        (first != NONE).then(|| Block(self.graph.handle(first)))
    }

    /// The personality, prefix or prologue operand (`slot` is one of
    /// [`PERSONALITY`], [`PREFIX`], [`PROLOGUE`]).
    pub fn function_operand(&self, f: Function, slot: u32) -> Option<Value> {
        let d = self.graph.get(f.0);
        if d.nops == 0 {
            None
        } else {
            self.graph.operand(f.0, slot)
        }
    }

    /// Sets the personality, prefix or prologue operand; the three hung-off
    /// slots are allocated on first set and stay (LLVM U13).
    pub fn set_function_operand(&mut self, f: Function, slot: u32, v: Option<Value>) {
        assert!(slot < 3, "function operand slot {slot} out of range");
        if self.graph.get(f.0).nops == 0 {
            if v.is_none() {
                return;
            }
            self.graph.alloc_operands(f.0, 3, false);
        }
        self.graph.set_operand(f.0, slot, v);
    }

    /// Names a local value (argument, block, instruction) of function `f`,
    /// renaming on collision with LLVM's per-function counter (`name` +
    /// N, no dot). An empty name makes it unnamed. One hash probe per
    /// candidate name (the map's entry API); a colliding name's candidates
    /// are built in one buffer.
    pub(crate) fn set_local_name(&mut self, f: Function, v: Value, name: &[u8]) {
        if let Some(old) = self.side_of(v).and_then(|s| s.name.as_deref()) {
            if old == name {
                return;
            }
            self.forget_local_name(f, v);
        }
        if name.is_empty() {
            self.set_raw_name(v, None);
            return;
        }
        let fd = self.fdata_mut("Context::set_local_name", f);
        let fresh = match fd.symtab.entry_ref(name) {
            EntryRef::Vacant(e) => {
                e.insert(v);
                true
            }
            EntryRef::Occupied(_) => false,
        };
        let unique: Box<[u8]> = if fresh {
            name.into()
        } else {
            // On the stack for short names (mem2reg's `.0`, `.1`, ... PHIs
            // of unnamed allocas collide in most functions).
            let mut cand: smallvec::SmallVec<[u8; 48]> = smallvec::SmallVec::new();
            let mut digits = [0u8; 10];
            loop {
                fd.last_unique += 1;
                cand.clear();
                cand.extend_from_slice(name);
                cand.extend_from_slice(decimal(fd.last_unique, &mut digits));
                if let EntryRef::Vacant(e) = fd.symtab.entry_ref(cand.as_slice()) {
                    e.insert(v);
                    break cand.as_slice().into();
                }
            }
        };
        self.set_raw_name(v, Some(unique));
    }

    /// Takes `v`'s name out of `f`'s symbol table (`v` keeps it).
    pub(crate) fn forget_local_name(&mut self, f: Function, v: Value) {
        let (fs, vs) = (self.graph.side(f.0), self.graph.side(v));
        if vs == NONE {
            return;
        }
        if fs == NONE || fs == vs {
            self.not_a_function("Context::forget_local_name", f.0);
        }
        // The function's record and the value's are two records of one
        // table: borrowed apart, the name needs no copy.
        let recs = &mut self.sides.recs;
        let (fr, vr) = if fs < vs {
            let (a, b) = recs.split_at_mut(vs as usize);
            (&mut a[fs as usize], &b[0])
        } else {
            let (a, b) = recs.split_at_mut(fs as usize);
            (&mut b[0], &a[vs as usize])
        };
        let Some(old) = vr.name.as_deref() else {
            return;
        };
        match &mut fr.payload {
            Payload::Function(d) => {
                d.symtab.remove(old);
            }
            _ => self.not_a_function("Context::forget_local_name", f.0),
        }
    }

    /// The local value named `name` in `f` (a `&str` or the name's bytes).
    pub fn local_by_name(&self, f: Function, name: impl AsRef<[u8]>) -> Option<Value> {
        self.fdata("Context::local_by_name", f)
            .symtab
            .get(name.as_ref())
            .copied()
    }
}

/// The decimal digits of `n`, written into the end of `buf`.
pub(crate) fn decimal(mut n: u32, buf: &mut [u8; 10]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[i..]
}
