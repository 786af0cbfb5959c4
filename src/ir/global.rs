//! Global values: the properties every global (function, variable, alias,
//! ifunc) shares, and global variables, aliases and ifuncs themselves.
//!
//! Owns [`GlobalData`] and the linkage/visibility/... enums. Placement of
//! globals in their module lives in `module.rs`.

use super::{Global, Module};
use crate::types::Type;
use crate::value::{Value, ValueData, ValueKind};
use crate::Context;

macro_rules! spelled {
    ($(#[$m:meta])* $name:ident, default $def:ident { $($v:ident = $t:literal,)* }) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
        pub enum $name { #[default] $(#[doc = concat!("`", stringify!($v), "`, spelled \"", $t, "\"")] $v,)* }
        impl $name {
            /// Every value.
            pub const ALL: &'static [$name] = &[$($name::$v,)*];
            /// Textual spelling (empty for the default, which is not printed).
            pub fn name(self) -> &'static str { match self { $($name::$v => $t,)* } }
            /// Parses a spelling.
            pub fn from_name(s: &str) -> Option<$name> { $name::ALL.iter().copied().find(|v| !v.name().is_empty() && v.name() == s) }
        }
    };
}

spelled!(
    /// Linkage of a global value.
    Linkage, default External {
        External = "",
        AvailableExternally = "available_externally",
        LinkOnceAny = "linkonce",
        LinkOnceOdr = "linkonce_odr",
        WeakAny = "weak",
        WeakOdr = "weak_odr",
        Appending = "appending",
        Internal = "internal",
        Private = "private",
        ExternWeak = "extern_weak",
        Common = "common",
    }
);

impl Linkage {
    /// Whether the linkage is local (internal or private).
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Internal | Linkage::Private)
    }

    /// Whether the definition may be replaced by another at link time
    /// (`GlobalValue::isInterposableLinkage`: weak, linkonce, common,
    /// extern_weak; not their `_odr` forms).
    pub fn is_interposable(self) -> bool {
        matches!(
            self,
            Linkage::WeakAny | Linkage::LinkOnceAny | Linkage::Common | Linkage::ExternWeak
        )
    }
}

spelled!(
    /// Visibility of a global value.
    Visibility, default Default {
        Default = "",
        Hidden = "hidden",
        Protected = "protected",
    }
);

spelled!(
    /// DLL storage class.
    DllStorage, default Default {
        Default = "",
        Import = "dllimport",
        Export = "dllexport",
    }
);

spelled!(
    /// Thread-local mode.
    ThreadLocal, default NotThreadLocal {
        NotThreadLocal = "",
        GeneralDynamic = "thread_local",
        LocalDynamic = "thread_local(localdynamic)",
        InitialExec = "thread_local(initialexec)",
        LocalExec = "thread_local(localexec)",
    }
);

spelled!(
    /// `unnamed_addr` marking.
    UnnamedAddr, default None {
        None = "",
        Local = "local_unnamed_addr",
        Global = "unnamed_addr",
    }
);

/// Properties shared by every global value.
#[derive(Clone, Debug, Default)]
pub struct GlobalData {
    /// The value type: a variable's contents, a function's function type,
    /// an alias's or ifunc's value type.
    pub value_type: Option<Type>,
    /// Linkage.
    pub linkage: Linkage,
    /// Visibility.
    pub visibility: Visibility,
    /// DLL storage class.
    pub dll_storage: DllStorage,
    /// Thread-local mode.
    pub thread_local: ThreadLocal,
    /// `unnamed_addr` / `local_unnamed_addr`.
    pub unnamed_addr: UnnamedAddr,
    /// `dso_local`.
    pub dso_local: bool,
    /// `externally_initialized` (variables).
    pub externally_initialized: bool,
    /// `constant` rather than `global` (variables).
    pub is_constant: bool,
    /// `section "..."`: bytes, as LLVM's (escapes undone).
    pub section: Option<Box<[u8]>>,
    /// `partition "..."`: bytes, as LLVM's (escapes undone).
    pub partition: Option<Box<[u8]>>,
    /// `comdat` / `comdat($name)`: the comdat name (bytes, as LLVM's).
    pub comdat: Option<Box<[u8]>>,
    /// `align N` (bytes).
    pub align: Option<u64>,
    /// `code_model "..."` (variables).
    pub code_model: Option<Box<str>>,
    /// Sanitizer markings printed after the global (`no_sanitize_address`, ...).
    pub sanitizer: Vec<Box<str>>,
    /// Attribute group of a variable (`#N` on globals): string/enum attributes.
    pub attrs: crate::ir::attributes::AttributeSet,
    /// Metadata attachments `!kind !N`, ordered by kind id (the print
    /// order), attachment order within a kind.
    pub md: crate::ir::metadata::MdAttachments,
}

/// # Globals
///
/// Global variables, aliases and ifuncs: creation, data, initializers and
/// targets.
impl Context {
    /// Creates a global variable of content type `ty` in `module`, in
    /// address space `addrspace`, with no initializer (a declaration).
    /// The name is made unique in the module as LLVM does (`.N` suffix).
    pub fn add_global_var(
        &mut self,
        module: Module,
        name: impl AsRef<[u8]>,
        ty: Type,
        addrspace: u32,
    ) -> Global {
        let pty = self.ptr_type(addrspace);
        let mut d = ValueData::new(ValueKind::GlobalVariable, pty);
        d.a = module.index() as u32;
        let v = self.graph.alloc(d);
        let g = GlobalData {
            value_type: Some(ty),
            ..Default::default()
        };
        self.set_payload(v, super::side::Payload::Global(Box::new(g)));
        self.link_global(module, v);
        self.set_global_name_bytes(v, name.as_ref());
        Global(v)
    }

    /// Creates an alias (`kind` = [`ValueKind::Alias`]) or ifunc
    /// ([`ValueKind::IFunc`]) of value type `ty` pointing at `target`.
    ///
    /// # Panics
    /// If `kind` is neither alias nor ifunc.
    pub fn add_global_indirect(
        &mut self,
        module: Module,
        kind: ValueKind,
        name: impl AsRef<[u8]>,
        ty: Type,
        addrspace: u32,
        target: Value,
    ) -> Global {
        assert!(
            matches!(kind, ValueKind::Alias | ValueKind::IFunc),
            "add_global_indirect makes aliases and ifuncs only"
        );
        let pty = self.ptr_type(addrspace);
        let mut d = ValueData::new(kind, pty);
        d.a = module.index() as u32;
        let v = self.graph.alloc(d);
        let g = GlobalData {
            value_type: Some(ty),
            ..Default::default()
        };
        self.set_payload(v, super::side::Payload::Global(Box::new(g)));
        self.graph.alloc_operands(v, 1, false);
        self.graph.set_operand(v, 0, Some(target));
        self.link_global(module, v);
        self.set_global_name_bytes(v, name.as_ref());
        Global(v)
    }

    /// The shared global properties of `g`.
    ///
    /// # Panics
    /// If `g` is stale or not a global value.
    pub fn global_data(&self, g: impl Into<Value>) -> &GlobalData {
        let v = g.into();
        match &self.side_of(v).map(|s| &s.payload) {
            Some(super::side::Payload::Global(b)) => b,
            Some(super::side::Payload::Function(f)) => &f.global,
            _ => self.not_a("Context::global_data", v, "global value"),
        }
    }

    /// Mutable shared global properties of `g`.
    ///
    /// # Panics
    /// If `g` is stale or not a global value.
    pub fn global_data_mut(&mut self, g: impl Into<Value>) -> &mut GlobalData {
        let v = g.into();
        if !matches!(
            self.side_of(v).map(|s| &s.payload),
            Some(super::side::Payload::Global(_) | super::side::Payload::Function(_))
        ) {
            self.not_a("Context::global_data_mut", v, "global value");
        }
        match self.side_of_mut(v).map(|s| &mut s.payload) {
            Some(super::side::Payload::Global(b)) => b,
            Some(super::side::Payload::Function(f)) => &mut f.global,
            _ => unreachable!("checked above"),
        }
    }

    /// The initializer of a global variable, if it has one.
    pub fn initializer(&self, g: Global) -> Option<Value> {
        let d = self.graph.get(g.0);
        if d.nops == 0 {
            None
        } else {
            self.graph.operand(g.0, 0)
        }
    }

    /// Sets or removes the initializer of a global variable (a hung-off
    /// operand: 1 operand with an initializer, 0 without, LLVM U14).
    ///
    /// # Panics
    /// If `g` is not a variable or `init` is not a constant of its value type.
    pub fn set_initializer(&mut self, g: Global, init: Option<Value>) {
        assert_eq!(
            self.value_kind(g.0),
            ValueKind::GlobalVariable,
            "set_initializer on a non-variable"
        );
        match init {
            Some(c) => {
                assert!(
                    self.value_kind(c).is_constant(),
                    "a global initializer must be a constant"
                );
                let vt = self.global_data(g).value_type;
                assert_eq!(
                    Some(self.type_of(c)),
                    vt,
                    "initializer type does not match the global's value type"
                );
                if self.graph.get(g.0).nops == 0 {
                    if self.graph.get(g.0).ops == crate::entity::NONE {
                        self.graph.alloc_operands(g.0, 1, false);
                    } else {
                        self.graph.push_operand(g.0, None);
                    }
                }
                self.graph.set_operand(g.0, 0, Some(c));
            }
            None => self.graph.truncate_operands(g.0, 0),
        }
    }

    /// The aliasee / resolver of an alias or ifunc.
    pub fn indirect_target(&self, g: Global) -> Option<Value> {
        self.graph.operand(g.0, 0)
    }

    /// The global object `v` stands for, as LLVM 19's
    /// `GlobalValue::getAliaseeObject` (`findBaseObject`) finds it: a
    /// function, variable or ifunc is itself; an alias is followed to its
    /// aliasee; constant expressions are looked through at `inttoptr`,
    /// `ptrtoint`, `bitcast` and `getelementptr` (operand 0), an `add` whose
    /// one side alone has an object, a `sub` whose right side has none.
    /// Nothing else is looked through (`addrspacecast` is not), and an
    /// alias met a second time on the way (one set for the whole walk,
    /// both sides of an `add` included) gives `None`.
    pub fn aliasee_object(&self, v: Value) -> Option<Value> {
        let mut seen = hashbrown::HashSet::new();
        self.base_object_in(v, &mut seen)
    }

    fn base_object_in(&self, v: Value, seen: &mut hashbrown::HashSet<Value>) -> Option<Value> {
        use crate::constants::ConstKind;
        use crate::inst::Opcode;
        match self.value_kind(v) {
            ValueKind::Alias => {
                if !seen.insert(v) {
                    return None;
                }
                let t = self.indirect_target(Global(v))?;
                crate::stack::deep(|| self.base_object_in(t, seen))
            }
            k if k.is_global() => Some(v),
            ValueKind::Constant if self.const_kind(v) == ConstKind::Expr => {
                let (op, _) = self.const_expr_opcode(v)?;
                let side = |i: u32, seen: &mut hashbrown::HashSet<Value>| {
                    let o = self.graph.operand(v, i)?;
                    crate::stack::deep(|| self.base_object_in(o, seen))
                };
                match op {
                    Opcode::Add => match (side(0, seen), side(1, seen)) {
                        (Some(_), Some(_)) => None,
                        (l, r) => l.or(r),
                    },
                    Opcode::Sub => match side(1, seen) {
                        Some(_) => None,
                        None => side(0, seen),
                    },
                    Opcode::IntToPtr
                    | Opcode::PtrToInt
                    | Opcode::BitCast
                    | Opcode::GetElementPtr => side(0, seen),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}
