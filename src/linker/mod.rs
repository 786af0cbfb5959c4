//! Linking modules: LLVM 19's `ModuleLinker` (which globals of a source
//! module to bring over) on top of its `IRMover` (type mapping, moving
//! globals and bodies into the destination in LLVM's order, appending
//! variables, named metadata, module flags).
//!
//! Both modules live in one [`Context`], as both modules of LLVM's linker
//! live in one `LLVMContext` (a module of another context is first built in
//! this one, see [`Linker::link_in_from`]): source globals that are linked are *moved*
//! into the destination (bodies are not copied), the ones that resolve to
//! an existing destination global are replaced by it, and every type the
//! moved IR mentions is remapped through the type mapper (`types.rs`). The
//! source module is left behind holding what was not linked; it must not
//! be used afterwards (LLVM destroys it).
//!
//! * What to link (`mover.rs`, `ModuleLinker`): comdat selection (`any`
//!   and `largest` mix, `exactmatch`, `samesize`, `nodeduplicate`; a key
//!   that is an alias is sized by its aliasee object; destination members
//!   of a replaced comdat become declarations; an alias is in its aliasee
//!   object's comdat, as `GlobalValue::getComdat` has it),
//!   `linkIfNeeded` (common alignment and size, the lesser visibility and
//!   `unnamed_addr`, `constant` dropped between declarations),
//!   `shouldLinkFromSource` (declarations, available_externally,
//!   extern_weak, common, weak and linkonce; "symbol multiply defined"),
//!   linkonce and available_externally globals linked lazily when
//!   referenced, with the rest of their comdat.
//! * Types (`types.rs`): `DstStructs` is `IdentifiedStructTypeSet`, kept
//!   across links; `TypeMapper` is `TypeMapTy`. `get` is called at the
//!   points LLVM's `ValueMapper` calls it and in the same order, because
//!   the first struct with a given body claims it.
//! * Order (`mover.rs`, `IRLinker`): the worklist is processed LIFO as the
//!   `ValueMapper`'s is; a global is materialised (moved, or declared) when
//!   the walk first reaches it, which gives the destination's function and
//!   alias order; global variables are then moved to the end in source
//!   order (the end of `IRLinker::run`). Appending variables are
//!   concatenated into a new variable placed where the old one was
//!   (`llvm.global_ctors`/`dtors` entries whose key is not linked are
//!   dropped).
//! * Metadata (`mover.rs`, `flags.rs`): nodes are shared by the context;
//!   after the walk, what moved is mapped as LLVM's `ValueMapper` maps it
//!   (`RF_ReuseAndMutateDistinctMDs`, and `RF_NullMapMissingGlobalValues`
//!   once the bodies are done): constants in metadata through the type map;
//!   a source global that named metadata alone names links only as a
//!   reference to the destination's, else it (and a constant naming it)
//!   maps to `null`, as LLVM's deletion of the source makes it; a uniqued
//!   node with changed operands is uniqued anew, a distinct one edited in
//!   place. A uniqued node the store made distinct because a replacement
//!   made it equal to another (LLVM copies globals, so its replacements
//!   never collide so) is mapped as uniqued; then the destination's own
//!   metadata is mapped too. Named metadata is concatenated (no
//!   deduplication, as LLVM); `llvm.module.flags` are merged by behaviour
//!   (Error, Warning, Require, Override, Append, AppendUnique, Max, Min)
//!   with LLVM's messages.
//!
//! # Data, moves, cost, deviations, checks
//!
//! * Data: `DstStructs` (`IdentifiedStructTypeSet`, kept across links:
//!   non-opaque structs keyed by body, opaque by identity); per link a
//!   `TypeMapper` (`TypeMapTy`: speculative isomorphism with rollback,
//!   by-name `name.N` → `name` matching in `getIdentifiedStructTypes` order,
//!   opaque resolution) and the `Mover` (value map, worklists, memo sets).
//! * Moving, not copying: both modules share the context, so a linked source
//!   global is unlinked from the source and appended to the destination
//!   (renamed as a new global would be, `forceRenaming` included); a source
//!   global resolving to a destination one is replaced by it (one RAUW each).
//!   A walk in LLVM's `ValueMapper` order decides *when* each global is
//!   materialised (the function order) and calls the type mapper where LLVM
//!   does (the first struct with a body claims it); global variables are then
//!   reordered as `IRLinker::run` does; a last pass rewrites the types and
//!   constants of what moved.
//! * Cost: O(size of what is linked + uses of replaced globals); constants
//!   and metadata nodes are visited once per link (memo sets). Metadata in
//!   moved bodies is mapped only when the walk met a constant in it whose
//!   types change, or a node was made distinct (zlib-g link: 294.5 M → 298.0 M
//!   instructions, callgrind).
//! * Deviations: the source module is consumed. An alias or ifunc whose
//!   target is a losing definition gets the internal copy LLVM makes
//!   (`IndirectSymbolValueMap`) only when it names the global directly, not
//!   through a constant expression. No intrinsic re-mangling after a struct rename, no
//!   `OverrideFromSrc`/`LinkOnlyNeeded`/internalisation. A node met again
//!   while it is being mapped (a metadata cycle) maps to itself. `lair link` writes bitcode as
//!   `llvm-as` does, or text with `-S`.
//! * Across contexts (`import.rs`, `Linker::link_in_from`): the source is
//!   first built in the destination's context as a bitcode reader would build
//!   it (identified structs in the other context's creation order, so they
//!   get the same `.N` suffixes; then globals, blocks, constants,
//!   instructions with forward references patched, metadata with cycles
//!   broken by temporaries), then linked with that creation order. O(size of
//!   the source). Equal to the same-context link on the link corpus and the
//!   cases except use-list order (patched forward references are linked in a
//!   different order), which only `; preds =` comments show.
//! * Warnings are bytes ([`LinkWarning`]): a triple that is not UTF-8 is
//!   quoted raw, as `llvm-link` writes it.
//! * Checked by `tests/link.rs` (34 hand-written cases, one rule each, module
//!   text and diagnostics, as bytes, equal to `llvm-link-19`'s, re-derived by
//!   `scripts/link-table.sh --check`; cross-context against same-context on
//!   every case), and in `.ci/run` by `oracle-link.sh` on
//!   `shared/corpus/link`, on the cases and on their bitcode, by
//!   `lair link --separate-contexts` against `lair link` on the corpus;
//!   `scripts/link-speed.sh` reports best-of-N wall time against `llvm-link-19`.
//!   `scripts/link-sweep.sh DIR` (not in CI) runs the `llvm-link` RUN lines
//!   of a copy of LLVM's `test/Linker` against `llvm-link-19`.

mod flags;
mod import;
mod mover;
mod types;

use crate::ir::global::Linkage;
use crate::ir::{Global, Module};
use crate::types::Type;
use crate::value::{Value, ValueKind};
use crate::Context;
use core::fmt;

/// Why a link failed: the message LLVM's linker gives (e.g. "Linking
/// globals named 'f': symbol multiply defined!").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkError(pub String);

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LinkError {}

/// A warning of the linker: the message LLVM's linker prints, as bytes,
/// because the names and triples it quotes are LLVM's bytes (a triple
/// that is not UTF-8 is written raw, as `llvm-link` writes it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkWarning(Box<[u8]>);

impl LinkWarning {
    /// The message, as LLVM's linker writes it (raw bytes).
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl From<Vec<u8>> for LinkWarning {
    fn from(bytes: Vec<u8>) -> LinkWarning {
        LinkWarning(bytes.into())
    }
}

impl From<String> for LinkWarning {
    fn from(text: String) -> LinkWarning {
        LinkWarning(text.into_bytes().into())
    }
}

/// The message as text: bytes that are not UTF-8 as `\XX`.
impl fmt::Display for LinkWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::ir::shown(&self.0))
    }
}

/// Where a source module's identified structs come from, which decides the
/// order the linker matches them by name in (LLVM's
/// `Module::getIdentifiedStructTypes`).
#[derive(Clone, Debug)]
pub enum SourceStructs {
    /// The module was parsed or built: the structs its globals, bodies and
    /// named metadata use, in `TypeFinder` order.
    Used,
    /// The module was read from bitcode lazily, as `llvm-link` reads it:
    /// the structs the reader created, in type-table order.
    Created(Vec<Type>),
}

/// A destination module and the state LLVM's `IRMover` keeps across the
/// links into it (the set of identified structs the destination uses).
pub struct Linker {
    dst: Module,
    structs: types::DstStructs,
}

/// # Linking
///
/// `Linker` is LLVM's `Linker`/`IRMover` pair over one destination module;
/// [`Context::link_modules`] is the one-shot form (`Linker::linkModules`).
impl Context {
    /// Links `src` into `dst` (both in this context) with LLVM 19's rules,
    /// returning the warnings LLVM would print (data layout or triple
    /// mismatch, conflicting module flag values). `src` is consumed: what
    /// was linked has moved to `dst`.
    ///
    /// # Errors
    /// Where LLVM refuses: two definitions of one symbol, incompatible
    /// comdats, appending variables that disagree, conflicting module
    /// flags.
    pub fn link_modules(
        &mut self,
        dst: Module,
        src: Module,
    ) -> Result<Vec<LinkWarning>, LinkError> {
        let mut l = Linker::new(self, dst);
        l.link_in(self, src, SourceStructs::Used)
    }
}

impl Linker {
    /// A linker into `dst` (LLVM's `IRMover` constructor: the structs `dst`
    /// already uses are recorded).
    pub fn new(ctx: &Context, dst: Module) -> Linker {
        let mut structs = types::DstStructs::default();
        for t in crate::asm::module_struct_types(ctx, dst) {
            structs.add(ctx, t);
        }
        Linker { dst, structs }
    }

    /// The destination module.
    pub fn module(&self) -> Module {
        self.dst
    }

    /// Links `src` into the destination (`Linker::linkInModule` with no
    /// flags). Returns the warnings.
    ///
    /// # Errors
    /// As [`Context::link_modules`].
    pub fn link_in(
        &mut self,
        ctx: &mut Context,
        src: Module,
        order: SourceStructs,
    ) -> Result<Vec<LinkWarning>, LinkError> {
        assert_ne!(
            src, self.dst,
            "link_in: a module cannot be linked into itself"
        );
        let src_structs = match order {
            SourceStructs::Used => crate::asm::module_struct_types(ctx, src)
                .into_iter()
                .filter(|&t| ctx.struct_name_bytes(t).is_some())
                .collect(),
            SourceStructs::Created(v) => v,
        };
        let mut m = mover::Mover::new(ctx, self.dst, src, &mut self.structs);
        m.run(src_structs)?;
        Ok(m.warnings)
    }
}

impl Linker {
    /// Links `src`, a module of *another* context, into the destination
    /// without a text or bitcode round trip: the module is first built in
    /// this context as reading it from bitcode would build it (its
    /// identified structs created in `other`'s creation order, so they get
    /// this context's `.N` suffixes as a reader's would), then linked as
    /// [`SourceStructs::Created`]. For a module `other` read from bitcode,
    /// the result equals reading that bitcode here and linking it.
    ///
    /// # Errors
    /// As [`Context::link_modules`].
    pub fn link_in_from(
        &mut self,
        ctx: &mut Context,
        other: &Context,
        src: Module,
    ) -> Result<Vec<LinkWarning>, LinkError> {
        let mut imp = import::Import::new(other);
        let m = imp.module(ctx, src);
        let structs = core::mem::take(&mut imp.structs);
        self.link_in(ctx, m, SourceStructs::Created(structs))
    }
}

// ---- small queries shared by the linker's parts --------------------------

pub(crate) fn linkage(ctx: &Context, g: Value) -> Linkage {
    ctx.global_data(g).linkage
}

fn is_local(ctx: &Context, g: Value) -> bool {
    linkage(ctx, g).is_local()
}

/// `GlobalValue::isDeclaration`.
fn is_declaration(ctx: &Context, g: Value) -> bool {
    match ctx.value_kind(g) {
        ValueKind::Function => ctx.is_declaration(crate::ir::Function(g)),
        ValueKind::GlobalVariable => ctx.initializer(Global(g)).is_none(),
        _ => false,
    }
}

/// `GlobalValue::isDeclarationForLinker`.
fn is_declaration_for_linker(ctx: &Context, g: Value) -> bool {
    linkage(ctx, g) == Linkage::AvailableExternally || is_declaration(ctx, g)
}

fn is_linkonce(l: Linkage) -> bool {
    matches!(l, Linkage::LinkOnceAny | Linkage::LinkOnceOdr)
}

fn is_weak(l: Linkage) -> bool {
    matches!(l, Linkage::WeakAny | Linkage::WeakOdr)
}

/// `GlobalValue::isWeakForLinker`.
fn is_weak_for_linker(l: Linkage) -> bool {
    is_linkonce(l) || is_weak(l) || matches!(l, Linkage::Common | Linkage::ExternWeak)
}
