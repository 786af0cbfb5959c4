//! LLVM 19's bitcode block ids and record codes (`LLVMBitCodes.h`), with
//! their names and the names `llvm-bcanalyzer-19 --dump` prints.
//!
//! Owns the on-disk code table only: constants named as in LLVM, and
//! [`BLOCKS`], one row per block with its record codes sorted. The
//! analyzer's names are a subset (it prints `UnknownCode<N>` for codes it
//! lacks, such as `CST_CODE_POISON`, and `UnknownBlock26` for the sync scope
//! names block), so each row carries both. The meaning of records belongs to
//! the bitcode reader, not here.
//!
//! Generic bitstream ids (BLOCKINFO, the fixed abbreviation ids) are in
//! `reader.rs`.

/// A block id and its names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockName {
    /// The block id.
    pub id: u32,
    /// The `LLVMBitCodes.h` enumerator.
    pub name: &'static str,
    /// What `llvm-bcanalyzer-19 --dump` prints, if it knows the block.
    pub dump_name: Option<&'static str>,
    /// The block's record codes, sorted by code.
    pub records: &'static [RecordName],
}

/// A record code and its names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordName {
    /// The record code.
    pub code: u32,
    /// The `LLVMBitCodes.h` enumerator.
    pub name: &'static str,
    /// What `llvm-bcanalyzer-19 --dump` prints, if it knows the code.
    pub dump_name: Option<&'static str>,
}

const fn rec(code: u32, name: &'static str, dump_name: Option<&'static str>) -> RecordName {
    RecordName {
        code,
        name,
        dump_name,
    }
}

/// The row of block `id`, if LLVM 19 defines it.
pub fn block(id: u32) -> Option<&'static BlockName> {
    BLOCKS
        .binary_search_by_key(&id, |b| b.id)
        .ok()
        .map(|i| &BLOCKS[i])
}

/// The row of record `code` in blocks of `block_id`, if LLVM 19 defines it.
pub fn record(block_id: u32, code: u32) -> Option<&'static RecordName> {
    let recs = block(block_id)?.records;
    recs.binary_search_by_key(&code, |r| r.code)
        .ok()
        .map(|i| &recs[i])
}

/// The `LLVMBitCodes.h` name of block `id`.
pub fn block_name(id: u32) -> Option<&'static str> {
    block(id).map(|b| b.name)
}

/// The `LLVMBitCodes.h` name of record `code` in blocks of `block_id`.
pub fn record_name(block_id: u32, code: u32) -> Option<&'static str> {
    record(block_id, code).map(|r| r.name)
}

/// The name `llvm-bcanalyzer-19 --dump` gives block `id` in LLVM IR.
pub fn dump_block_name(id: u32) -> Option<&'static str> {
    block(id).and_then(|b| b.dump_name)
}

/// The name `llvm-bcanalyzer-19 --dump` gives record `code` in blocks of
/// `block_id` in LLVM IR.
pub fn dump_record_name(block_id: u32, code: u32) -> Option<&'static str> {
    record(block_id, code).and_then(|r| r.dump_name)
}

// Block ids (`enum BlockIDs`).
/// `MODULE_BLOCK_ID`.
pub const MODULE_BLOCK_ID: u32 = 8;
/// `PARAMATTR_BLOCK_ID`.
pub const PARAMATTR_BLOCK_ID: u32 = 9;
/// `PARAMATTR_GROUP_BLOCK_ID`.
pub const PARAMATTR_GROUP_BLOCK_ID: u32 = 10;
/// `CONSTANTS_BLOCK_ID`.
pub const CONSTANTS_BLOCK_ID: u32 = 11;
/// `FUNCTION_BLOCK_ID`.
pub const FUNCTION_BLOCK_ID: u32 = 12;
/// `IDENTIFICATION_BLOCK_ID`.
pub const IDENTIFICATION_BLOCK_ID: u32 = 13;
/// `VALUE_SYMTAB_BLOCK_ID`.
pub const VALUE_SYMTAB_BLOCK_ID: u32 = 14;
/// `METADATA_BLOCK_ID`.
pub const METADATA_BLOCK_ID: u32 = 15;
/// `METADATA_ATTACHMENT_ID`.
pub const METADATA_ATTACHMENT_ID: u32 = 16;
/// `TYPE_BLOCK_ID_NEW`.
pub const TYPE_BLOCK_ID_NEW: u32 = 17;
/// `USELIST_BLOCK_ID`.
pub const USELIST_BLOCK_ID: u32 = 18;
/// `MODULE_STRTAB_BLOCK_ID`.
pub const MODULE_STRTAB_BLOCK_ID: u32 = 19;
/// `GLOBALVAL_SUMMARY_BLOCK_ID`.
pub const GLOBALVAL_SUMMARY_BLOCK_ID: u32 = 20;
/// `OPERAND_BUNDLE_TAGS_BLOCK_ID`.
pub const OPERAND_BUNDLE_TAGS_BLOCK_ID: u32 = 21;
/// `METADATA_KIND_BLOCK_ID`.
pub const METADATA_KIND_BLOCK_ID: u32 = 22;
/// `STRTAB_BLOCK_ID`.
pub const STRTAB_BLOCK_ID: u32 = 23;
/// `FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID`.
pub const FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID: u32 = 24;
/// `SYMTAB_BLOCK_ID`.
pub const SYMTAB_BLOCK_ID: u32 = 25;
/// `SYNC_SCOPE_NAMES_BLOCK_ID`.
pub const SYNC_SCOPE_NAMES_BLOCK_ID: u32 = 26;

// Record codes of `MODULE`.
/// `MODULE_CODE_VERSION`.
pub const MODULE_CODE_VERSION: u32 = 1;
/// `MODULE_CODE_TRIPLE`.
pub const MODULE_CODE_TRIPLE: u32 = 2;
/// `MODULE_CODE_DATALAYOUT`.
pub const MODULE_CODE_DATALAYOUT: u32 = 3;
/// `MODULE_CODE_ASM`.
pub const MODULE_CODE_ASM: u32 = 4;
/// `MODULE_CODE_SECTIONNAME`.
pub const MODULE_CODE_SECTIONNAME: u32 = 5;
/// `MODULE_CODE_DEPLIB`.
pub const MODULE_CODE_DEPLIB: u32 = 6;
/// `MODULE_CODE_GLOBALVAR`.
pub const MODULE_CODE_GLOBALVAR: u32 = 7;
/// `MODULE_CODE_FUNCTION`.
pub const MODULE_CODE_FUNCTION: u32 = 8;
/// `MODULE_CODE_ALIAS_OLD`.
pub const MODULE_CODE_ALIAS_OLD: u32 = 9;
/// `MODULE_CODE_GCNAME`.
pub const MODULE_CODE_GCNAME: u32 = 11;
/// `MODULE_CODE_COMDAT`.
pub const MODULE_CODE_COMDAT: u32 = 12;
/// `MODULE_CODE_VSTOFFSET`.
pub const MODULE_CODE_VSTOFFSET: u32 = 13;
/// `MODULE_CODE_ALIAS`.
pub const MODULE_CODE_ALIAS: u32 = 14;
/// `MODULE_CODE_METADATA_VALUES_UNUSED`.
pub const MODULE_CODE_METADATA_VALUES_UNUSED: u32 = 15;
/// `MODULE_CODE_SOURCE_FILENAME`.
pub const MODULE_CODE_SOURCE_FILENAME: u32 = 16;
/// `MODULE_CODE_HASH`.
pub const MODULE_CODE_HASH: u32 = 17;
/// `MODULE_CODE_IFUNC`.
pub const MODULE_CODE_IFUNC: u32 = 18;

// Record codes of `PARAMATTR`.
/// `PARAMATTR_CODE_ENTRY_OLD`.
pub const PARAMATTR_CODE_ENTRY_OLD: u32 = 1;
/// `PARAMATTR_CODE_ENTRY`.
pub const PARAMATTR_CODE_ENTRY: u32 = 2;

// Record codes of `PARAMATTR_GROUP`.
/// `PARAMATTR_GRP_CODE_ENTRY`.
pub const PARAMATTR_GRP_CODE_ENTRY: u32 = 3;

// Record codes of `CONSTANTS`.
/// `CST_CODE_SETTYPE`.
pub const CST_CODE_SETTYPE: u32 = 1;
/// `CST_CODE_NULL`.
pub const CST_CODE_NULL: u32 = 2;
/// `CST_CODE_UNDEF`.
pub const CST_CODE_UNDEF: u32 = 3;
/// `CST_CODE_INTEGER`.
pub const CST_CODE_INTEGER: u32 = 4;
/// `CST_CODE_WIDE_INTEGER`.
pub const CST_CODE_WIDE_INTEGER: u32 = 5;
/// `CST_CODE_FLOAT`.
pub const CST_CODE_FLOAT: u32 = 6;
/// `CST_CODE_AGGREGATE`.
pub const CST_CODE_AGGREGATE: u32 = 7;
/// `CST_CODE_STRING`.
pub const CST_CODE_STRING: u32 = 8;
/// `CST_CODE_CSTRING`.
pub const CST_CODE_CSTRING: u32 = 9;
/// `CST_CODE_CE_BINOP`.
pub const CST_CODE_CE_BINOP: u32 = 10;
/// `CST_CODE_CE_CAST`.
pub const CST_CODE_CE_CAST: u32 = 11;
/// `CST_CODE_CE_GEP_OLD`.
pub const CST_CODE_CE_GEP_OLD: u32 = 12;
/// `CST_CODE_CE_SELECT`.
pub const CST_CODE_CE_SELECT: u32 = 13;
/// `CST_CODE_CE_EXTRACTELT`.
pub const CST_CODE_CE_EXTRACTELT: u32 = 14;
/// `CST_CODE_CE_INSERTELT`.
pub const CST_CODE_CE_INSERTELT: u32 = 15;
/// `CST_CODE_CE_SHUFFLEVEC`.
pub const CST_CODE_CE_SHUFFLEVEC: u32 = 16;
/// `CST_CODE_CE_CMP`.
pub const CST_CODE_CE_CMP: u32 = 17;
/// `CST_CODE_INLINEASM_OLD`.
pub const CST_CODE_INLINEASM_OLD: u32 = 18;
/// `CST_CODE_CE_SHUFVEC_EX`.
pub const CST_CODE_CE_SHUFVEC_EX: u32 = 19;
/// `CST_CODE_CE_INBOUNDS_GEP`.
pub const CST_CODE_CE_INBOUNDS_GEP: u32 = 20;
/// `CST_CODE_BLOCKADDRESS`.
pub const CST_CODE_BLOCKADDRESS: u32 = 21;
/// `CST_CODE_DATA`.
pub const CST_CODE_DATA: u32 = 22;
/// `CST_CODE_INLINEASM_OLD2`.
pub const CST_CODE_INLINEASM_OLD2: u32 = 23;
/// `CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD`.
pub const CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD: u32 = 24;
/// `CST_CODE_CE_UNOP`.
pub const CST_CODE_CE_UNOP: u32 = 25;
/// `CST_CODE_POISON`.
pub const CST_CODE_POISON: u32 = 26;
/// `CST_CODE_DSO_LOCAL_EQUIVALENT`.
pub const CST_CODE_DSO_LOCAL_EQUIVALENT: u32 = 27;
/// `CST_CODE_INLINEASM_OLD3`.
pub const CST_CODE_INLINEASM_OLD3: u32 = 28;
/// `CST_CODE_NO_CFI_VALUE`.
pub const CST_CODE_NO_CFI_VALUE: u32 = 29;
/// `CST_CODE_INLINEASM`.
pub const CST_CODE_INLINEASM: u32 = 30;
/// `CST_CODE_CE_GEP_WITH_INRANGE`.
pub const CST_CODE_CE_GEP_WITH_INRANGE: u32 = 31;
/// `CST_CODE_CE_GEP`.
pub const CST_CODE_CE_GEP: u32 = 32;
/// `CST_CODE_PTRAUTH`.
pub const CST_CODE_PTRAUTH: u32 = 33;

// Record codes of `FUNCTION`.
/// `FUNC_CODE_DECLAREBLOCKS`.
pub const FUNC_CODE_DECLAREBLOCKS: u32 = 1;
/// `FUNC_CODE_INST_BINOP`.
pub const FUNC_CODE_INST_BINOP: u32 = 2;
/// `FUNC_CODE_INST_CAST`.
pub const FUNC_CODE_INST_CAST: u32 = 3;
/// `FUNC_CODE_INST_GEP_OLD`.
pub const FUNC_CODE_INST_GEP_OLD: u32 = 4;
/// `FUNC_CODE_INST_SELECT`.
pub const FUNC_CODE_INST_SELECT: u32 = 5;
/// `FUNC_CODE_INST_EXTRACTELT`.
pub const FUNC_CODE_INST_EXTRACTELT: u32 = 6;
/// `FUNC_CODE_INST_INSERTELT`.
pub const FUNC_CODE_INST_INSERTELT: u32 = 7;
/// `FUNC_CODE_INST_SHUFFLEVEC`.
pub const FUNC_CODE_INST_SHUFFLEVEC: u32 = 8;
/// `FUNC_CODE_INST_CMP`.
pub const FUNC_CODE_INST_CMP: u32 = 9;
/// `FUNC_CODE_INST_RET`.
pub const FUNC_CODE_INST_RET: u32 = 10;
/// `FUNC_CODE_INST_BR`.
pub const FUNC_CODE_INST_BR: u32 = 11;
/// `FUNC_CODE_INST_SWITCH`.
pub const FUNC_CODE_INST_SWITCH: u32 = 12;
/// `FUNC_CODE_INST_INVOKE`.
pub const FUNC_CODE_INST_INVOKE: u32 = 13;
/// `FUNC_CODE_INST_UNREACHABLE`.
pub const FUNC_CODE_INST_UNREACHABLE: u32 = 15;
/// `FUNC_CODE_INST_PHI`.
pub const FUNC_CODE_INST_PHI: u32 = 16;
/// `FUNC_CODE_INST_ALLOCA`.
pub const FUNC_CODE_INST_ALLOCA: u32 = 19;
/// `FUNC_CODE_INST_LOAD`.
pub const FUNC_CODE_INST_LOAD: u32 = 20;
/// `FUNC_CODE_INST_VAARG`.
pub const FUNC_CODE_INST_VAARG: u32 = 23;
/// `FUNC_CODE_INST_STORE_OLD`.
pub const FUNC_CODE_INST_STORE_OLD: u32 = 24;
/// `FUNC_CODE_INST_EXTRACTVAL`.
pub const FUNC_CODE_INST_EXTRACTVAL: u32 = 26;
/// `FUNC_CODE_INST_INSERTVAL`.
pub const FUNC_CODE_INST_INSERTVAL: u32 = 27;
/// `FUNC_CODE_INST_CMP2`.
pub const FUNC_CODE_INST_CMP2: u32 = 28;
/// `FUNC_CODE_INST_VSELECT`.
pub const FUNC_CODE_INST_VSELECT: u32 = 29;
/// `FUNC_CODE_INST_INBOUNDS_GEP_OLD`.
pub const FUNC_CODE_INST_INBOUNDS_GEP_OLD: u32 = 30;
/// `FUNC_CODE_INST_INDIRECTBR`.
pub const FUNC_CODE_INST_INDIRECTBR: u32 = 31;
/// `FUNC_CODE_DEBUG_LOC_AGAIN`.
pub const FUNC_CODE_DEBUG_LOC_AGAIN: u32 = 33;
/// `FUNC_CODE_INST_CALL`.
pub const FUNC_CODE_INST_CALL: u32 = 34;
/// `FUNC_CODE_DEBUG_LOC`.
pub const FUNC_CODE_DEBUG_LOC: u32 = 35;
/// `FUNC_CODE_INST_FENCE`.
pub const FUNC_CODE_INST_FENCE: u32 = 36;
/// `FUNC_CODE_INST_CMPXCHG_OLD`.
pub const FUNC_CODE_INST_CMPXCHG_OLD: u32 = 37;
/// `FUNC_CODE_INST_ATOMICRMW_OLD`.
pub const FUNC_CODE_INST_ATOMICRMW_OLD: u32 = 38;
/// `FUNC_CODE_INST_RESUME`.
pub const FUNC_CODE_INST_RESUME: u32 = 39;
/// `FUNC_CODE_INST_LANDINGPAD_OLD`.
pub const FUNC_CODE_INST_LANDINGPAD_OLD: u32 = 40;
/// `FUNC_CODE_INST_LOADATOMIC`.
pub const FUNC_CODE_INST_LOADATOMIC: u32 = 41;
/// `FUNC_CODE_INST_STOREATOMIC_OLD`.
pub const FUNC_CODE_INST_STOREATOMIC_OLD: u32 = 42;
/// `FUNC_CODE_INST_GEP`.
pub const FUNC_CODE_INST_GEP: u32 = 43;
/// `FUNC_CODE_INST_STORE`.
pub const FUNC_CODE_INST_STORE: u32 = 44;
/// `FUNC_CODE_INST_STOREATOMIC`.
pub const FUNC_CODE_INST_STOREATOMIC: u32 = 45;
/// `FUNC_CODE_INST_CMPXCHG`.
pub const FUNC_CODE_INST_CMPXCHG: u32 = 46;
/// `FUNC_CODE_INST_LANDINGPAD`.
pub const FUNC_CODE_INST_LANDINGPAD: u32 = 47;
/// `FUNC_CODE_INST_CLEANUPRET`.
pub const FUNC_CODE_INST_CLEANUPRET: u32 = 48;
/// `FUNC_CODE_INST_CATCHRET`.
pub const FUNC_CODE_INST_CATCHRET: u32 = 49;
/// `FUNC_CODE_INST_CATCHPAD`.
pub const FUNC_CODE_INST_CATCHPAD: u32 = 50;
/// `FUNC_CODE_INST_CLEANUPPAD`.
pub const FUNC_CODE_INST_CLEANUPPAD: u32 = 51;
/// `FUNC_CODE_INST_CATCHSWITCH`.
pub const FUNC_CODE_INST_CATCHSWITCH: u32 = 52;
/// `FUNC_CODE_OPERAND_BUNDLE`.
pub const FUNC_CODE_OPERAND_BUNDLE: u32 = 55;
/// `FUNC_CODE_INST_UNOP`.
pub const FUNC_CODE_INST_UNOP: u32 = 56;
/// `FUNC_CODE_INST_CALLBR`.
pub const FUNC_CODE_INST_CALLBR: u32 = 57;
/// `FUNC_CODE_INST_FREEZE`.
pub const FUNC_CODE_INST_FREEZE: u32 = 58;
/// `FUNC_CODE_INST_ATOMICRMW`.
pub const FUNC_CODE_INST_ATOMICRMW: u32 = 59;
/// `FUNC_CODE_BLOCKADDR_USERS`.
pub const FUNC_CODE_BLOCKADDR_USERS: u32 = 60;
/// `FUNC_CODE_DEBUG_RECORD_VALUE`.
pub const FUNC_CODE_DEBUG_RECORD_VALUE: u32 = 61;
/// `FUNC_CODE_DEBUG_RECORD_DECLARE`.
pub const FUNC_CODE_DEBUG_RECORD_DECLARE: u32 = 62;
/// `FUNC_CODE_DEBUG_RECORD_ASSIGN`.
pub const FUNC_CODE_DEBUG_RECORD_ASSIGN: u32 = 63;
/// `FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE`.
pub const FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE: u32 = 64;
/// `FUNC_CODE_DEBUG_RECORD_LABEL`.
pub const FUNC_CODE_DEBUG_RECORD_LABEL: u32 = 65;

// Record codes of `IDENTIFICATION`.
/// `IDENTIFICATION_CODE_STRING`.
pub const IDENTIFICATION_CODE_STRING: u32 = 1;
/// `IDENTIFICATION_CODE_EPOCH`.
pub const IDENTIFICATION_CODE_EPOCH: u32 = 2;

// Record codes of `VALUE_SYMTAB`.
/// `VST_CODE_ENTRY`.
pub const VST_CODE_ENTRY: u32 = 1;
/// `VST_CODE_BBENTRY`.
pub const VST_CODE_BBENTRY: u32 = 2;
/// `VST_CODE_FNENTRY`.
pub const VST_CODE_FNENTRY: u32 = 3;
/// `VST_CODE_COMBINED_ENTRY`.
pub const VST_CODE_COMBINED_ENTRY: u32 = 5;

// Record codes of `METADATA`.
/// `METADATA_STRING_OLD`.
pub const METADATA_STRING_OLD: u32 = 1;
/// `METADATA_VALUE`.
pub const METADATA_VALUE: u32 = 2;
/// `METADATA_NODE`.
pub const METADATA_NODE: u32 = 3;
/// `METADATA_NAME`.
pub const METADATA_NAME: u32 = 4;
/// `METADATA_DISTINCT_NODE`.
pub const METADATA_DISTINCT_NODE: u32 = 5;
/// `METADATA_KIND`.
pub const METADATA_KIND: u32 = 6;
/// `METADATA_LOCATION`.
pub const METADATA_LOCATION: u32 = 7;
/// `METADATA_OLD_NODE`.
pub const METADATA_OLD_NODE: u32 = 8;
/// `METADATA_OLD_FN_NODE`.
pub const METADATA_OLD_FN_NODE: u32 = 9;
/// `METADATA_NAMED_NODE`.
pub const METADATA_NAMED_NODE: u32 = 10;
/// `METADATA_GENERIC_DEBUG`.
pub const METADATA_GENERIC_DEBUG: u32 = 12;
/// `METADATA_SUBRANGE`.
pub const METADATA_SUBRANGE: u32 = 13;
/// `METADATA_ENUMERATOR`.
pub const METADATA_ENUMERATOR: u32 = 14;
/// `METADATA_BASIC_TYPE`.
pub const METADATA_BASIC_TYPE: u32 = 15;
/// `METADATA_FILE`.
pub const METADATA_FILE: u32 = 16;
/// `METADATA_DERIVED_TYPE`.
pub const METADATA_DERIVED_TYPE: u32 = 17;
/// `METADATA_COMPOSITE_TYPE`.
pub const METADATA_COMPOSITE_TYPE: u32 = 18;
/// `METADATA_SUBROUTINE_TYPE`.
pub const METADATA_SUBROUTINE_TYPE: u32 = 19;
/// `METADATA_COMPILE_UNIT`.
pub const METADATA_COMPILE_UNIT: u32 = 20;
/// `METADATA_SUBPROGRAM`.
pub const METADATA_SUBPROGRAM: u32 = 21;
/// `METADATA_LEXICAL_BLOCK`.
pub const METADATA_LEXICAL_BLOCK: u32 = 22;
/// `METADATA_LEXICAL_BLOCK_FILE`.
pub const METADATA_LEXICAL_BLOCK_FILE: u32 = 23;
/// `METADATA_NAMESPACE`.
pub const METADATA_NAMESPACE: u32 = 24;
/// `METADATA_TEMPLATE_TYPE`.
pub const METADATA_TEMPLATE_TYPE: u32 = 25;
/// `METADATA_TEMPLATE_VALUE`.
pub const METADATA_TEMPLATE_VALUE: u32 = 26;
/// `METADATA_GLOBAL_VAR`.
pub const METADATA_GLOBAL_VAR: u32 = 27;
/// `METADATA_LOCAL_VAR`.
pub const METADATA_LOCAL_VAR: u32 = 28;
/// `METADATA_EXPRESSION`.
pub const METADATA_EXPRESSION: u32 = 29;
/// `METADATA_OBJC_PROPERTY`.
pub const METADATA_OBJC_PROPERTY: u32 = 30;
/// `METADATA_IMPORTED_ENTITY`.
pub const METADATA_IMPORTED_ENTITY: u32 = 31;
/// `METADATA_MODULE`.
pub const METADATA_MODULE: u32 = 32;
/// `METADATA_MACRO`.
pub const METADATA_MACRO: u32 = 33;
/// `METADATA_MACRO_FILE`.
pub const METADATA_MACRO_FILE: u32 = 34;
/// `METADATA_STRINGS`.
pub const METADATA_STRINGS: u32 = 35;
/// `METADATA_GLOBAL_DECL_ATTACHMENT`.
pub const METADATA_GLOBAL_DECL_ATTACHMENT: u32 = 36;
/// `METADATA_GLOBAL_VAR_EXPR`.
pub const METADATA_GLOBAL_VAR_EXPR: u32 = 37;
/// `METADATA_INDEX_OFFSET`.
pub const METADATA_INDEX_OFFSET: u32 = 38;
/// `METADATA_INDEX`.
pub const METADATA_INDEX: u32 = 39;
/// `METADATA_LABEL`.
pub const METADATA_LABEL: u32 = 40;
/// `METADATA_STRING_TYPE`.
pub const METADATA_STRING_TYPE: u32 = 41;
/// `METADATA_COMMON_BLOCK`.
pub const METADATA_COMMON_BLOCK: u32 = 44;
/// `METADATA_GENERIC_SUBRANGE`.
pub const METADATA_GENERIC_SUBRANGE: u32 = 45;
/// `METADATA_ARG_LIST`.
pub const METADATA_ARG_LIST: u32 = 46;
/// `METADATA_ASSIGN_ID`.
pub const METADATA_ASSIGN_ID: u32 = 47;

// Record codes of `METADATA_ATTACHMENT`.
/// `METADATA_ATTACHMENT`.
pub const METADATA_ATTACHMENT: u32 = 11;

// Record codes of `TYPE`.
/// `TYPE_CODE_NUMENTRY`.
pub const TYPE_CODE_NUMENTRY: u32 = 1;
/// `TYPE_CODE_VOID`.
pub const TYPE_CODE_VOID: u32 = 2;
/// `TYPE_CODE_FLOAT`.
pub const TYPE_CODE_FLOAT: u32 = 3;
/// `TYPE_CODE_DOUBLE`.
pub const TYPE_CODE_DOUBLE: u32 = 4;
/// `TYPE_CODE_LABEL`.
pub const TYPE_CODE_LABEL: u32 = 5;
/// `TYPE_CODE_OPAQUE`.
pub const TYPE_CODE_OPAQUE: u32 = 6;
/// `TYPE_CODE_INTEGER`.
pub const TYPE_CODE_INTEGER: u32 = 7;
/// `TYPE_CODE_POINTER`.
pub const TYPE_CODE_POINTER: u32 = 8;
/// `TYPE_CODE_FUNCTION_OLD`.
pub const TYPE_CODE_FUNCTION_OLD: u32 = 9;
/// `TYPE_CODE_HALF`.
pub const TYPE_CODE_HALF: u32 = 10;
/// `TYPE_CODE_ARRAY`.
pub const TYPE_CODE_ARRAY: u32 = 11;
/// `TYPE_CODE_VECTOR`.
pub const TYPE_CODE_VECTOR: u32 = 12;
/// `TYPE_CODE_X86_FP80`.
pub const TYPE_CODE_X86_FP80: u32 = 13;
/// `TYPE_CODE_FP128`.
pub const TYPE_CODE_FP128: u32 = 14;
/// `TYPE_CODE_PPC_FP128`.
pub const TYPE_CODE_PPC_FP128: u32 = 15;
/// `TYPE_CODE_METADATA`.
pub const TYPE_CODE_METADATA: u32 = 16;
/// `TYPE_CODE_X86_MMX`.
pub const TYPE_CODE_X86_MMX: u32 = 17;
/// `TYPE_CODE_STRUCT_ANON`.
pub const TYPE_CODE_STRUCT_ANON: u32 = 18;
/// `TYPE_CODE_STRUCT_NAME`.
pub const TYPE_CODE_STRUCT_NAME: u32 = 19;
/// `TYPE_CODE_STRUCT_NAMED`.
pub const TYPE_CODE_STRUCT_NAMED: u32 = 20;
/// `TYPE_CODE_FUNCTION`.
pub const TYPE_CODE_FUNCTION: u32 = 21;
/// `TYPE_CODE_TOKEN`.
pub const TYPE_CODE_TOKEN: u32 = 22;
/// `TYPE_CODE_BFLOAT`.
pub const TYPE_CODE_BFLOAT: u32 = 23;
/// `TYPE_CODE_X86_AMX`.
pub const TYPE_CODE_X86_AMX: u32 = 24;
/// `TYPE_CODE_OPAQUE_POINTER`.
pub const TYPE_CODE_OPAQUE_POINTER: u32 = 25;
/// `TYPE_CODE_TARGET_TYPE`.
pub const TYPE_CODE_TARGET_TYPE: u32 = 26;

// Record codes of `USELIST`.
/// `USELIST_CODE_DEFAULT`.
pub const USELIST_CODE_DEFAULT: u32 = 1;
/// `USELIST_CODE_BB`.
pub const USELIST_CODE_BB: u32 = 2;

// Record codes of `MODULE_STRTAB`.
/// `MST_CODE_ENTRY`.
pub const MST_CODE_ENTRY: u32 = 1;
/// `MST_CODE_HASH`.
pub const MST_CODE_HASH: u32 = 2;

// Record codes of `GLOBALVAL_SUMMARY`.
/// `FS_PERMODULE`.
pub const FS_PERMODULE: u32 = 1;
/// `FS_PERMODULE_PROFILE`.
pub const FS_PERMODULE_PROFILE: u32 = 2;
/// `FS_PERMODULE_GLOBALVAR_INIT_REFS`.
pub const FS_PERMODULE_GLOBALVAR_INIT_REFS: u32 = 3;
/// `FS_COMBINED`.
pub const FS_COMBINED: u32 = 4;
/// `FS_COMBINED_PROFILE`.
pub const FS_COMBINED_PROFILE: u32 = 5;
/// `FS_COMBINED_GLOBALVAR_INIT_REFS`.
pub const FS_COMBINED_GLOBALVAR_INIT_REFS: u32 = 6;
/// `FS_ALIAS`.
pub const FS_ALIAS: u32 = 7;
/// `FS_COMBINED_ALIAS`.
pub const FS_COMBINED_ALIAS: u32 = 8;
/// `FS_COMBINED_ORIGINAL_NAME`.
pub const FS_COMBINED_ORIGINAL_NAME: u32 = 9;
/// `FS_VERSION`.
pub const FS_VERSION: u32 = 10;
/// `FS_TYPE_TESTS`.
pub const FS_TYPE_TESTS: u32 = 11;
/// `FS_TYPE_TEST_ASSUME_VCALLS`.
pub const FS_TYPE_TEST_ASSUME_VCALLS: u32 = 12;
/// `FS_TYPE_CHECKED_LOAD_VCALLS`.
pub const FS_TYPE_CHECKED_LOAD_VCALLS: u32 = 13;
/// `FS_TYPE_TEST_ASSUME_CONST_VCALL`.
pub const FS_TYPE_TEST_ASSUME_CONST_VCALL: u32 = 14;
/// `FS_TYPE_CHECKED_LOAD_CONST_VCALL`.
pub const FS_TYPE_CHECKED_LOAD_CONST_VCALL: u32 = 15;
/// `FS_VALUE_GUID`.
pub const FS_VALUE_GUID: u32 = 16;
/// `FS_CFI_FUNCTION_DEFS`.
pub const FS_CFI_FUNCTION_DEFS: u32 = 17;
/// `FS_CFI_FUNCTION_DECLS`.
pub const FS_CFI_FUNCTION_DECLS: u32 = 18;
/// `FS_PERMODULE_RELBF`.
pub const FS_PERMODULE_RELBF: u32 = 19;
/// `FS_FLAGS`.
pub const FS_FLAGS: u32 = 20;
/// `FS_TYPE_ID`.
pub const FS_TYPE_ID: u32 = 21;
/// `FS_TYPE_ID_METADATA`.
pub const FS_TYPE_ID_METADATA: u32 = 22;
/// `FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS`.
pub const FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS: u32 = 23;
/// `FS_BLOCK_COUNT`.
pub const FS_BLOCK_COUNT: u32 = 24;
/// `FS_PARAM_ACCESS`.
pub const FS_PARAM_ACCESS: u32 = 25;
/// `FS_PERMODULE_CALLSITE_INFO`.
pub const FS_PERMODULE_CALLSITE_INFO: u32 = 26;
/// `FS_PERMODULE_ALLOC_INFO`.
pub const FS_PERMODULE_ALLOC_INFO: u32 = 27;
/// `FS_COMBINED_CALLSITE_INFO`.
pub const FS_COMBINED_CALLSITE_INFO: u32 = 28;
/// `FS_COMBINED_ALLOC_INFO`.
pub const FS_COMBINED_ALLOC_INFO: u32 = 29;
/// `FS_STACK_IDS`.
pub const FS_STACK_IDS: u32 = 30;

// Record codes of `OPERAND_BUNDLE_TAGS`.
/// `OPERAND_BUNDLE_TAG`.
pub const OPERAND_BUNDLE_TAG: u32 = 1;

// Record codes of `METADATA_KIND`.

// Record codes of `STRTAB`.
/// `STRTAB_BLOB`.
pub const STRTAB_BLOB: u32 = 1;

// Record codes of `SYMTAB`.
/// `SYMTAB_BLOB`.
pub const SYMTAB_BLOB: u32 = 1;

// Record codes of `SYNC_SCOPE_NAMES`.
/// `SYNC_SCOPE_NAME`.
pub const SYNC_SCOPE_NAME: u32 = 1;

const MODULE_RECORDS: &[RecordName] = &[
    rec(MODULE_CODE_VERSION, "MODULE_CODE_VERSION", Some("VERSION")),
    rec(MODULE_CODE_TRIPLE, "MODULE_CODE_TRIPLE", Some("TRIPLE")),
    rec(
        MODULE_CODE_DATALAYOUT,
        "MODULE_CODE_DATALAYOUT",
        Some("DATALAYOUT"),
    ),
    rec(MODULE_CODE_ASM, "MODULE_CODE_ASM", Some("ASM")),
    rec(
        MODULE_CODE_SECTIONNAME,
        "MODULE_CODE_SECTIONNAME",
        Some("SECTIONNAME"),
    ),
    rec(MODULE_CODE_DEPLIB, "MODULE_CODE_DEPLIB", Some("DEPLIB")),
    rec(
        MODULE_CODE_GLOBALVAR,
        "MODULE_CODE_GLOBALVAR",
        Some("GLOBALVAR"),
    ),
    rec(
        MODULE_CODE_FUNCTION,
        "MODULE_CODE_FUNCTION",
        Some("FUNCTION"),
    ),
    rec(MODULE_CODE_ALIAS_OLD, "MODULE_CODE_ALIAS_OLD", None),
    rec(MODULE_CODE_GCNAME, "MODULE_CODE_GCNAME", Some("GCNAME")),
    rec(MODULE_CODE_COMDAT, "MODULE_CODE_COMDAT", Some("COMDAT")),
    rec(
        MODULE_CODE_VSTOFFSET,
        "MODULE_CODE_VSTOFFSET",
        Some("VSTOFFSET"),
    ),
    rec(MODULE_CODE_ALIAS, "MODULE_CODE_ALIAS", Some("ALIAS")),
    rec(
        MODULE_CODE_METADATA_VALUES_UNUSED,
        "MODULE_CODE_METADATA_VALUES_UNUSED",
        Some("METADATA_VALUES_UNUSED"),
    ),
    rec(
        MODULE_CODE_SOURCE_FILENAME,
        "MODULE_CODE_SOURCE_FILENAME",
        Some("SOURCE_FILENAME"),
    ),
    rec(MODULE_CODE_HASH, "MODULE_CODE_HASH", Some("HASH")),
    rec(MODULE_CODE_IFUNC, "MODULE_CODE_IFUNC", None),
];

const PARAMATTR_RECORDS: &[RecordName] = &[
    rec(
        PARAMATTR_CODE_ENTRY_OLD,
        "PARAMATTR_CODE_ENTRY_OLD",
        Some("ENTRY"),
    ),
    rec(PARAMATTR_CODE_ENTRY, "PARAMATTR_CODE_ENTRY", Some("ENTRY")),
];

const PARAMATTR_GROUP_RECORDS: &[RecordName] = &[rec(
    PARAMATTR_GRP_CODE_ENTRY,
    "PARAMATTR_GRP_CODE_ENTRY",
    Some("ENTRY"),
)];

const CONSTANTS_RECORDS: &[RecordName] = &[
    rec(CST_CODE_SETTYPE, "CST_CODE_SETTYPE", Some("SETTYPE")),
    rec(CST_CODE_NULL, "CST_CODE_NULL", Some("NULL")),
    rec(CST_CODE_UNDEF, "CST_CODE_UNDEF", Some("UNDEF")),
    rec(CST_CODE_INTEGER, "CST_CODE_INTEGER", Some("INTEGER")),
    rec(
        CST_CODE_WIDE_INTEGER,
        "CST_CODE_WIDE_INTEGER",
        Some("WIDE_INTEGER"),
    ),
    rec(CST_CODE_FLOAT, "CST_CODE_FLOAT", Some("FLOAT")),
    rec(CST_CODE_AGGREGATE, "CST_CODE_AGGREGATE", Some("AGGREGATE")),
    rec(CST_CODE_STRING, "CST_CODE_STRING", Some("STRING")),
    rec(CST_CODE_CSTRING, "CST_CODE_CSTRING", Some("CSTRING")),
    rec(CST_CODE_CE_BINOP, "CST_CODE_CE_BINOP", Some("CE_BINOP")),
    rec(CST_CODE_CE_CAST, "CST_CODE_CE_CAST", Some("CE_CAST")),
    rec(CST_CODE_CE_GEP_OLD, "CST_CODE_CE_GEP_OLD", None),
    rec(CST_CODE_CE_SELECT, "CST_CODE_CE_SELECT", Some("CE_SELECT")),
    rec(
        CST_CODE_CE_EXTRACTELT,
        "CST_CODE_CE_EXTRACTELT",
        Some("CE_EXTRACTELT"),
    ),
    rec(
        CST_CODE_CE_INSERTELT,
        "CST_CODE_CE_INSERTELT",
        Some("CE_INSERTELT"),
    ),
    rec(
        CST_CODE_CE_SHUFFLEVEC,
        "CST_CODE_CE_SHUFFLEVEC",
        Some("CE_SHUFFLEVEC"),
    ),
    rec(CST_CODE_CE_CMP, "CST_CODE_CE_CMP", Some("CE_CMP")),
    rec(CST_CODE_INLINEASM_OLD, "CST_CODE_INLINEASM_OLD", None),
    rec(
        CST_CODE_CE_SHUFVEC_EX,
        "CST_CODE_CE_SHUFVEC_EX",
        Some("CE_SHUFVEC_EX"),
    ),
    rec(
        CST_CODE_CE_INBOUNDS_GEP,
        "CST_CODE_CE_INBOUNDS_GEP",
        Some("CE_INBOUNDS_GEP"),
    ),
    rec(
        CST_CODE_BLOCKADDRESS,
        "CST_CODE_BLOCKADDRESS",
        Some("CST_CODE_BLOCKADDRESS"),
    ),
    rec(CST_CODE_DATA, "CST_CODE_DATA", Some("DATA")),
    rec(CST_CODE_INLINEASM_OLD2, "CST_CODE_INLINEASM_OLD2", None),
    rec(
        CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD,
        "CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD",
        None,
    ),
    rec(CST_CODE_CE_UNOP, "CST_CODE_CE_UNOP", Some("CE_UNOP")),
    rec(CST_CODE_POISON, "CST_CODE_POISON", None),
    rec(
        CST_CODE_DSO_LOCAL_EQUIVALENT,
        "CST_CODE_DSO_LOCAL_EQUIVALENT",
        Some("DSO_LOCAL_EQUIVALENT"),
    ),
    rec(CST_CODE_INLINEASM_OLD3, "CST_CODE_INLINEASM_OLD3", None),
    rec(
        CST_CODE_NO_CFI_VALUE,
        "CST_CODE_NO_CFI_VALUE",
        Some("NO_CFI_VALUE"),
    ),
    rec(CST_CODE_INLINEASM, "CST_CODE_INLINEASM", Some("INLINEASM")),
    rec(
        CST_CODE_CE_GEP_WITH_INRANGE,
        "CST_CODE_CE_GEP_WITH_INRANGE",
        None,
    ),
    rec(CST_CODE_CE_GEP, "CST_CODE_CE_GEP", Some("CE_GEP")),
    rec(CST_CODE_PTRAUTH, "CST_CODE_PTRAUTH", Some("PTRAUTH")),
];

const FUNCTION_RECORDS: &[RecordName] = &[
    rec(
        FUNC_CODE_DECLAREBLOCKS,
        "FUNC_CODE_DECLAREBLOCKS",
        Some("DECLAREBLOCKS"),
    ),
    rec(
        FUNC_CODE_INST_BINOP,
        "FUNC_CODE_INST_BINOP",
        Some("INST_BINOP"),
    ),
    rec(
        FUNC_CODE_INST_CAST,
        "FUNC_CODE_INST_CAST",
        Some("INST_CAST"),
    ),
    rec(
        FUNC_CODE_INST_GEP_OLD,
        "FUNC_CODE_INST_GEP_OLD",
        Some("INST_GEP_OLD"),
    ),
    rec(
        FUNC_CODE_INST_SELECT,
        "FUNC_CODE_INST_SELECT",
        Some("INST_SELECT"),
    ),
    rec(
        FUNC_CODE_INST_EXTRACTELT,
        "FUNC_CODE_INST_EXTRACTELT",
        Some("INST_EXTRACTELT"),
    ),
    rec(
        FUNC_CODE_INST_INSERTELT,
        "FUNC_CODE_INST_INSERTELT",
        Some("INST_INSERTELT"),
    ),
    rec(
        FUNC_CODE_INST_SHUFFLEVEC,
        "FUNC_CODE_INST_SHUFFLEVEC",
        Some("INST_SHUFFLEVEC"),
    ),
    rec(FUNC_CODE_INST_CMP, "FUNC_CODE_INST_CMP", Some("INST_CMP")),
    rec(FUNC_CODE_INST_RET, "FUNC_CODE_INST_RET", Some("INST_RET")),
    rec(FUNC_CODE_INST_BR, "FUNC_CODE_INST_BR", Some("INST_BR")),
    rec(
        FUNC_CODE_INST_SWITCH,
        "FUNC_CODE_INST_SWITCH",
        Some("INST_SWITCH"),
    ),
    rec(
        FUNC_CODE_INST_INVOKE,
        "FUNC_CODE_INST_INVOKE",
        Some("INST_INVOKE"),
    ),
    rec(
        FUNC_CODE_INST_UNREACHABLE,
        "FUNC_CODE_INST_UNREACHABLE",
        Some("INST_UNREACHABLE"),
    ),
    rec(FUNC_CODE_INST_PHI, "FUNC_CODE_INST_PHI", Some("INST_PHI")),
    rec(
        FUNC_CODE_INST_ALLOCA,
        "FUNC_CODE_INST_ALLOCA",
        Some("INST_ALLOCA"),
    ),
    rec(
        FUNC_CODE_INST_LOAD,
        "FUNC_CODE_INST_LOAD",
        Some("INST_LOAD"),
    ),
    rec(
        FUNC_CODE_INST_VAARG,
        "FUNC_CODE_INST_VAARG",
        Some("INST_VAARG"),
    ),
    rec(FUNC_CODE_INST_STORE_OLD, "FUNC_CODE_INST_STORE_OLD", None),
    rec(
        FUNC_CODE_INST_EXTRACTVAL,
        "FUNC_CODE_INST_EXTRACTVAL",
        Some("INST_EXTRACTVAL"),
    ),
    rec(
        FUNC_CODE_INST_INSERTVAL,
        "FUNC_CODE_INST_INSERTVAL",
        Some("INST_INSERTVAL"),
    ),
    rec(
        FUNC_CODE_INST_CMP2,
        "FUNC_CODE_INST_CMP2",
        Some("INST_CMP2"),
    ),
    rec(
        FUNC_CODE_INST_VSELECT,
        "FUNC_CODE_INST_VSELECT",
        Some("INST_VSELECT"),
    ),
    rec(
        FUNC_CODE_INST_INBOUNDS_GEP_OLD,
        "FUNC_CODE_INST_INBOUNDS_GEP_OLD",
        Some("INST_INBOUNDS_GEP_OLD"),
    ),
    rec(FUNC_CODE_INST_INDIRECTBR, "FUNC_CODE_INST_INDIRECTBR", None),
    rec(
        FUNC_CODE_DEBUG_LOC_AGAIN,
        "FUNC_CODE_DEBUG_LOC_AGAIN",
        Some("DEBUG_LOC_AGAIN"),
    ),
    rec(
        FUNC_CODE_INST_CALL,
        "FUNC_CODE_INST_CALL",
        Some("INST_CALL"),
    ),
    rec(
        FUNC_CODE_DEBUG_LOC,
        "FUNC_CODE_DEBUG_LOC",
        Some("DEBUG_LOC"),
    ),
    rec(
        FUNC_CODE_INST_FENCE,
        "FUNC_CODE_INST_FENCE",
        Some("INST_FENCE"),
    ),
    rec(
        FUNC_CODE_INST_CMPXCHG_OLD,
        "FUNC_CODE_INST_CMPXCHG_OLD",
        None,
    ),
    rec(
        FUNC_CODE_INST_ATOMICRMW_OLD,
        "FUNC_CODE_INST_ATOMICRMW_OLD",
        None,
    ),
    rec(FUNC_CODE_INST_RESUME, "FUNC_CODE_INST_RESUME", None),
    rec(
        FUNC_CODE_INST_LANDINGPAD_OLD,
        "FUNC_CODE_INST_LANDINGPAD_OLD",
        None,
    ),
    rec(
        FUNC_CODE_INST_LOADATOMIC,
        "FUNC_CODE_INST_LOADATOMIC",
        Some("INST_LOADATOMIC"),
    ),
    rec(
        FUNC_CODE_INST_STOREATOMIC_OLD,
        "FUNC_CODE_INST_STOREATOMIC_OLD",
        None,
    ),
    rec(FUNC_CODE_INST_GEP, "FUNC_CODE_INST_GEP", Some("INST_GEP")),
    rec(
        FUNC_CODE_INST_STORE,
        "FUNC_CODE_INST_STORE",
        Some("INST_STORE"),
    ),
    rec(
        FUNC_CODE_INST_STOREATOMIC,
        "FUNC_CODE_INST_STOREATOMIC",
        Some("INST_STOREATOMIC"),
    ),
    rec(
        FUNC_CODE_INST_CMPXCHG,
        "FUNC_CODE_INST_CMPXCHG",
        Some("INST_CMPXCHG"),
    ),
    rec(FUNC_CODE_INST_LANDINGPAD, "FUNC_CODE_INST_LANDINGPAD", None),
    rec(
        FUNC_CODE_INST_CLEANUPRET,
        "FUNC_CODE_INST_CLEANUPRET",
        Some("INST_CLEANUPRET"),
    ),
    rec(
        FUNC_CODE_INST_CATCHRET,
        "FUNC_CODE_INST_CATCHRET",
        Some("INST_CATCHRET"),
    ),
    rec(
        FUNC_CODE_INST_CATCHPAD,
        "FUNC_CODE_INST_CATCHPAD",
        Some("INST_CATCHPAD"),
    ),
    rec(FUNC_CODE_INST_CLEANUPPAD, "FUNC_CODE_INST_CLEANUPPAD", None),
    rec(
        FUNC_CODE_INST_CATCHSWITCH,
        "FUNC_CODE_INST_CATCHSWITCH",
        None,
    ),
    rec(
        FUNC_CODE_OPERAND_BUNDLE,
        "FUNC_CODE_OPERAND_BUNDLE",
        Some("OPERAND_BUNDLE"),
    ),
    rec(
        FUNC_CODE_INST_UNOP,
        "FUNC_CODE_INST_UNOP",
        Some("INST_UNOP"),
    ),
    rec(
        FUNC_CODE_INST_CALLBR,
        "FUNC_CODE_INST_CALLBR",
        Some("INST_CALLBR"),
    ),
    rec(FUNC_CODE_INST_FREEZE, "FUNC_CODE_INST_FREEZE", None),
    rec(
        FUNC_CODE_INST_ATOMICRMW,
        "FUNC_CODE_INST_ATOMICRMW",
        Some("INST_ATOMICRMW"),
    ),
    rec(
        FUNC_CODE_BLOCKADDR_USERS,
        "FUNC_CODE_BLOCKADDR_USERS",
        Some("BLOCKADDR_USERS"),
    ),
    rec(
        FUNC_CODE_DEBUG_RECORD_VALUE,
        "FUNC_CODE_DEBUG_RECORD_VALUE",
        Some("DEBUG_RECORD_VALUE"),
    ),
    rec(
        FUNC_CODE_DEBUG_RECORD_DECLARE,
        "FUNC_CODE_DEBUG_RECORD_DECLARE",
        Some("DEBUG_RECORD_DECLARE"),
    ),
    rec(
        FUNC_CODE_DEBUG_RECORD_ASSIGN,
        "FUNC_CODE_DEBUG_RECORD_ASSIGN",
        Some("DEBUG_RECORD_ASSIGN"),
    ),
    rec(
        FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE,
        "FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE",
        Some("DEBUG_RECORD_VALUE_SIMPLE"),
    ),
    rec(
        FUNC_CODE_DEBUG_RECORD_LABEL,
        "FUNC_CODE_DEBUG_RECORD_LABEL",
        Some("DEBUG_RECORD_LABEL"),
    ),
];

const IDENTIFICATION_RECORDS: &[RecordName] = &[
    rec(
        IDENTIFICATION_CODE_STRING,
        "IDENTIFICATION_CODE_STRING",
        Some("STRING"),
    ),
    rec(
        IDENTIFICATION_CODE_EPOCH,
        "IDENTIFICATION_CODE_EPOCH",
        Some("EPOCH"),
    ),
];

const VALUE_SYMTAB_RECORDS: &[RecordName] = &[
    rec(VST_CODE_ENTRY, "VST_CODE_ENTRY", Some("ENTRY")),
    rec(VST_CODE_BBENTRY, "VST_CODE_BBENTRY", Some("BBENTRY")),
    rec(VST_CODE_FNENTRY, "VST_CODE_FNENTRY", Some("FNENTRY")),
    rec(
        VST_CODE_COMBINED_ENTRY,
        "VST_CODE_COMBINED_ENTRY",
        Some("COMBINED_ENTRY"),
    ),
];

const METADATA_RECORDS: &[RecordName] = &[
    rec(
        METADATA_STRING_OLD,
        "METADATA_STRING_OLD",
        Some("STRING_OLD"),
    ),
    rec(METADATA_VALUE, "METADATA_VALUE", Some("VALUE")),
    rec(METADATA_NODE, "METADATA_NODE", Some("NODE")),
    rec(METADATA_NAME, "METADATA_NAME", Some("NAME")),
    rec(
        METADATA_DISTINCT_NODE,
        "METADATA_DISTINCT_NODE",
        Some("DISTINCT_NODE"),
    ),
    rec(METADATA_KIND, "METADATA_KIND", Some("KIND")),
    rec(METADATA_LOCATION, "METADATA_LOCATION", Some("LOCATION")),
    rec(METADATA_OLD_NODE, "METADATA_OLD_NODE", Some("OLD_NODE")),
    rec(
        METADATA_OLD_FN_NODE,
        "METADATA_OLD_FN_NODE",
        Some("OLD_FN_NODE"),
    ),
    rec(
        METADATA_NAMED_NODE,
        "METADATA_NAMED_NODE",
        Some("NAMED_NODE"),
    ),
    rec(
        METADATA_GENERIC_DEBUG,
        "METADATA_GENERIC_DEBUG",
        Some("GENERIC_DEBUG"),
    ),
    rec(METADATA_SUBRANGE, "METADATA_SUBRANGE", Some("SUBRANGE")),
    rec(
        METADATA_ENUMERATOR,
        "METADATA_ENUMERATOR",
        Some("ENUMERATOR"),
    ),
    rec(
        METADATA_BASIC_TYPE,
        "METADATA_BASIC_TYPE",
        Some("BASIC_TYPE"),
    ),
    rec(METADATA_FILE, "METADATA_FILE", Some("FILE")),
    rec(
        METADATA_DERIVED_TYPE,
        "METADATA_DERIVED_TYPE",
        Some("DERIVED_TYPE"),
    ),
    rec(
        METADATA_COMPOSITE_TYPE,
        "METADATA_COMPOSITE_TYPE",
        Some("COMPOSITE_TYPE"),
    ),
    rec(
        METADATA_SUBROUTINE_TYPE,
        "METADATA_SUBROUTINE_TYPE",
        Some("SUBROUTINE_TYPE"),
    ),
    rec(
        METADATA_COMPILE_UNIT,
        "METADATA_COMPILE_UNIT",
        Some("COMPILE_UNIT"),
    ),
    rec(
        METADATA_SUBPROGRAM,
        "METADATA_SUBPROGRAM",
        Some("SUBPROGRAM"),
    ),
    rec(
        METADATA_LEXICAL_BLOCK,
        "METADATA_LEXICAL_BLOCK",
        Some("LEXICAL_BLOCK"),
    ),
    rec(
        METADATA_LEXICAL_BLOCK_FILE,
        "METADATA_LEXICAL_BLOCK_FILE",
        Some("LEXICAL_BLOCK_FILE"),
    ),
    rec(METADATA_NAMESPACE, "METADATA_NAMESPACE", Some("NAMESPACE")),
    rec(
        METADATA_TEMPLATE_TYPE,
        "METADATA_TEMPLATE_TYPE",
        Some("TEMPLATE_TYPE"),
    ),
    rec(
        METADATA_TEMPLATE_VALUE,
        "METADATA_TEMPLATE_VALUE",
        Some("TEMPLATE_VALUE"),
    ),
    rec(
        METADATA_GLOBAL_VAR,
        "METADATA_GLOBAL_VAR",
        Some("GLOBAL_VAR"),
    ),
    rec(METADATA_LOCAL_VAR, "METADATA_LOCAL_VAR", Some("LOCAL_VAR")),
    rec(
        METADATA_EXPRESSION,
        "METADATA_EXPRESSION",
        Some("EXPRESSION"),
    ),
    rec(
        METADATA_OBJC_PROPERTY,
        "METADATA_OBJC_PROPERTY",
        Some("OBJC_PROPERTY"),
    ),
    rec(
        METADATA_IMPORTED_ENTITY,
        "METADATA_IMPORTED_ENTITY",
        Some("IMPORTED_ENTITY"),
    ),
    rec(METADATA_MODULE, "METADATA_MODULE", Some("MODULE")),
    rec(METADATA_MACRO, "METADATA_MACRO", Some("MACRO")),
    rec(
        METADATA_MACRO_FILE,
        "METADATA_MACRO_FILE",
        Some("MACRO_FILE"),
    ),
    rec(METADATA_STRINGS, "METADATA_STRINGS", Some("STRINGS")),
    rec(
        METADATA_GLOBAL_DECL_ATTACHMENT,
        "METADATA_GLOBAL_DECL_ATTACHMENT",
        Some("GLOBAL_DECL_ATTACHMENT"),
    ),
    rec(
        METADATA_GLOBAL_VAR_EXPR,
        "METADATA_GLOBAL_VAR_EXPR",
        Some("GLOBAL_VAR_EXPR"),
    ),
    rec(
        METADATA_INDEX_OFFSET,
        "METADATA_INDEX_OFFSET",
        Some("INDEX_OFFSET"),
    ),
    rec(METADATA_INDEX, "METADATA_INDEX", Some("INDEX")),
    rec(METADATA_LABEL, "METADATA_LABEL", None),
    rec(METADATA_STRING_TYPE, "METADATA_STRING_TYPE", None),
    rec(METADATA_COMMON_BLOCK, "METADATA_COMMON_BLOCK", None),
    rec(METADATA_GENERIC_SUBRANGE, "METADATA_GENERIC_SUBRANGE", None),
    rec(METADATA_ARG_LIST, "METADATA_ARG_LIST", Some("ARG_LIST")),
    rec(METADATA_ASSIGN_ID, "METADATA_ASSIGN_ID", None),
];

const METADATA_ATTACHMENT_RECORDS: &[RecordName] = &[rec(
    METADATA_ATTACHMENT,
    "METADATA_ATTACHMENT",
    Some("ATTACHMENT"),
)];

const TYPE_RECORDS: &[RecordName] = &[
    rec(TYPE_CODE_NUMENTRY, "TYPE_CODE_NUMENTRY", Some("NUMENTRY")),
    rec(TYPE_CODE_VOID, "TYPE_CODE_VOID", Some("VOID")),
    rec(TYPE_CODE_FLOAT, "TYPE_CODE_FLOAT", Some("FLOAT")),
    rec(TYPE_CODE_DOUBLE, "TYPE_CODE_DOUBLE", Some("DOUBLE")),
    rec(TYPE_CODE_LABEL, "TYPE_CODE_LABEL", Some("LABEL")),
    rec(TYPE_CODE_OPAQUE, "TYPE_CODE_OPAQUE", Some("OPAQUE")),
    rec(TYPE_CODE_INTEGER, "TYPE_CODE_INTEGER", Some("INTEGER")),
    rec(TYPE_CODE_POINTER, "TYPE_CODE_POINTER", Some("POINTER")),
    rec(TYPE_CODE_FUNCTION_OLD, "TYPE_CODE_FUNCTION_OLD", None),
    rec(TYPE_CODE_HALF, "TYPE_CODE_HALF", Some("HALF")),
    rec(TYPE_CODE_ARRAY, "TYPE_CODE_ARRAY", Some("ARRAY")),
    rec(TYPE_CODE_VECTOR, "TYPE_CODE_VECTOR", Some("VECTOR")),
    rec(TYPE_CODE_X86_FP80, "TYPE_CODE_X86_FP80", Some("X86_FP80")),
    rec(TYPE_CODE_FP128, "TYPE_CODE_FP128", Some("FP128")),
    rec(
        TYPE_CODE_PPC_FP128,
        "TYPE_CODE_PPC_FP128",
        Some("PPC_FP128"),
    ),
    rec(TYPE_CODE_METADATA, "TYPE_CODE_METADATA", Some("METADATA")),
    rec(TYPE_CODE_X86_MMX, "TYPE_CODE_X86_MMX", Some("X86_MMX")),
    rec(
        TYPE_CODE_STRUCT_ANON,
        "TYPE_CODE_STRUCT_ANON",
        Some("STRUCT_ANON"),
    ),
    rec(
        TYPE_CODE_STRUCT_NAME,
        "TYPE_CODE_STRUCT_NAME",
        Some("STRUCT_NAME"),
    ),
    rec(
        TYPE_CODE_STRUCT_NAMED,
        "TYPE_CODE_STRUCT_NAMED",
        Some("STRUCT_NAMED"),
    ),
    rec(TYPE_CODE_FUNCTION, "TYPE_CODE_FUNCTION", Some("FUNCTION")),
    rec(TYPE_CODE_TOKEN, "TYPE_CODE_TOKEN", Some("TOKEN")),
    rec(TYPE_CODE_BFLOAT, "TYPE_CODE_BFLOAT", Some("BFLOAT")),
    rec(TYPE_CODE_X86_AMX, "TYPE_CODE_X86_AMX", None),
    rec(TYPE_CODE_OPAQUE_POINTER, "TYPE_CODE_OPAQUE_POINTER", None),
    rec(TYPE_CODE_TARGET_TYPE, "TYPE_CODE_TARGET_TYPE", None),
];

const USELIST_RECORDS: &[RecordName] = &[
    rec(
        USELIST_CODE_DEFAULT,
        "USELIST_CODE_DEFAULT",
        Some("USELIST_CODE_DEFAULT"),
    ),
    rec(USELIST_CODE_BB, "USELIST_CODE_BB", Some("USELIST_CODE_BB")),
];

const MODULE_STRTAB_RECORDS: &[RecordName] = &[
    rec(MST_CODE_ENTRY, "MST_CODE_ENTRY", Some("ENTRY")),
    rec(MST_CODE_HASH, "MST_CODE_HASH", Some("HASH")),
];

const GLOBALVAL_SUMMARY_RECORDS: &[RecordName] = &[
    rec(FS_PERMODULE, "FS_PERMODULE", Some("PERMODULE")),
    rec(
        FS_PERMODULE_PROFILE,
        "FS_PERMODULE_PROFILE",
        Some("PERMODULE_PROFILE"),
    ),
    rec(
        FS_PERMODULE_GLOBALVAR_INIT_REFS,
        "FS_PERMODULE_GLOBALVAR_INIT_REFS",
        Some("PERMODULE_GLOBALVAR_INIT_REFS"),
    ),
    rec(FS_COMBINED, "FS_COMBINED", Some("COMBINED")),
    rec(
        FS_COMBINED_PROFILE,
        "FS_COMBINED_PROFILE",
        Some("COMBINED_PROFILE"),
    ),
    rec(
        FS_COMBINED_GLOBALVAR_INIT_REFS,
        "FS_COMBINED_GLOBALVAR_INIT_REFS",
        Some("COMBINED_GLOBALVAR_INIT_REFS"),
    ),
    rec(FS_ALIAS, "FS_ALIAS", Some("ALIAS")),
    rec(
        FS_COMBINED_ALIAS,
        "FS_COMBINED_ALIAS",
        Some("COMBINED_ALIAS"),
    ),
    rec(
        FS_COMBINED_ORIGINAL_NAME,
        "FS_COMBINED_ORIGINAL_NAME",
        Some("COMBINED_ORIGINAL_NAME"),
    ),
    rec(FS_VERSION, "FS_VERSION", Some("VERSION")),
    rec(FS_TYPE_TESTS, "FS_TYPE_TESTS", Some("TYPE_TESTS")),
    rec(
        FS_TYPE_TEST_ASSUME_VCALLS,
        "FS_TYPE_TEST_ASSUME_VCALLS",
        Some("TYPE_TEST_ASSUME_VCALLS"),
    ),
    rec(
        FS_TYPE_CHECKED_LOAD_VCALLS,
        "FS_TYPE_CHECKED_LOAD_VCALLS",
        Some("TYPE_CHECKED_LOAD_VCALLS"),
    ),
    rec(
        FS_TYPE_TEST_ASSUME_CONST_VCALL,
        "FS_TYPE_TEST_ASSUME_CONST_VCALL",
        Some("TYPE_TEST_ASSUME_CONST_VCALL"),
    ),
    rec(
        FS_TYPE_CHECKED_LOAD_CONST_VCALL,
        "FS_TYPE_CHECKED_LOAD_CONST_VCALL",
        Some("TYPE_CHECKED_LOAD_CONST_VCALL"),
    ),
    rec(FS_VALUE_GUID, "FS_VALUE_GUID", Some("VALUE_GUID")),
    rec(
        FS_CFI_FUNCTION_DEFS,
        "FS_CFI_FUNCTION_DEFS",
        Some("CFI_FUNCTION_DEFS"),
    ),
    rec(
        FS_CFI_FUNCTION_DECLS,
        "FS_CFI_FUNCTION_DECLS",
        Some("CFI_FUNCTION_DECLS"),
    ),
    rec(
        FS_PERMODULE_RELBF,
        "FS_PERMODULE_RELBF",
        Some("PERMODULE_RELBF"),
    ),
    rec(FS_FLAGS, "FS_FLAGS", Some("FLAGS")),
    rec(FS_TYPE_ID, "FS_TYPE_ID", Some("TYPE_ID")),
    rec(
        FS_TYPE_ID_METADATA,
        "FS_TYPE_ID_METADATA",
        Some("TYPE_ID_METADATA"),
    ),
    rec(
        FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS,
        "FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS",
        Some("PERMODULE_VTABLE_GLOBALVAR_INIT_REFS"),
    ),
    rec(FS_BLOCK_COUNT, "FS_BLOCK_COUNT", Some("BLOCK_COUNT")),
    rec(FS_PARAM_ACCESS, "FS_PARAM_ACCESS", Some("PARAM_ACCESS")),
    rec(
        FS_PERMODULE_CALLSITE_INFO,
        "FS_PERMODULE_CALLSITE_INFO",
        Some("PERMODULE_CALLSITE_INFO"),
    ),
    rec(
        FS_PERMODULE_ALLOC_INFO,
        "FS_PERMODULE_ALLOC_INFO",
        Some("PERMODULE_ALLOC_INFO"),
    ),
    rec(
        FS_COMBINED_CALLSITE_INFO,
        "FS_COMBINED_CALLSITE_INFO",
        Some("COMBINED_CALLSITE_INFO"),
    ),
    rec(
        FS_COMBINED_ALLOC_INFO,
        "FS_COMBINED_ALLOC_INFO",
        Some("COMBINED_ALLOC_INFO"),
    ),
    rec(FS_STACK_IDS, "FS_STACK_IDS", Some("STACK_IDS")),
];

const OPERAND_BUNDLE_TAGS_RECORDS: &[RecordName] = &[rec(
    OPERAND_BUNDLE_TAG,
    "OPERAND_BUNDLE_TAG",
    Some("OPERAND_BUNDLE_TAG"),
)];

const METADATA_KIND_RECORDS: &[RecordName] = &[rec(METADATA_KIND, "METADATA_KIND", Some("KIND"))];

const STRTAB_RECORDS: &[RecordName] = &[rec(STRTAB_BLOB, "STRTAB_BLOB", Some("BLOB"))];

const SYMTAB_RECORDS: &[RecordName] = &[rec(SYMTAB_BLOB, "SYMTAB_BLOB", Some("BLOB"))];

const SYNC_SCOPE_NAMES_RECORDS: &[RecordName] = &[rec(SYNC_SCOPE_NAME, "SYNC_SCOPE_NAME", None)];

/// Every LLVM 19 bitcode block, in block id order.
pub static BLOCKS: &[BlockName] = &[
    BlockName {
        id: MODULE_BLOCK_ID,
        name: "MODULE_BLOCK_ID",
        dump_name: Some("MODULE_BLOCK"),
        records: MODULE_RECORDS,
    },
    BlockName {
        id: PARAMATTR_BLOCK_ID,
        name: "PARAMATTR_BLOCK_ID",
        dump_name: Some("PARAMATTR_BLOCK"),
        records: PARAMATTR_RECORDS,
    },
    BlockName {
        id: PARAMATTR_GROUP_BLOCK_ID,
        name: "PARAMATTR_GROUP_BLOCK_ID",
        dump_name: Some("PARAMATTR_GROUP_BLOCK_ID"),
        records: PARAMATTR_GROUP_RECORDS,
    },
    BlockName {
        id: CONSTANTS_BLOCK_ID,
        name: "CONSTANTS_BLOCK_ID",
        dump_name: Some("CONSTANTS_BLOCK"),
        records: CONSTANTS_RECORDS,
    },
    BlockName {
        id: FUNCTION_BLOCK_ID,
        name: "FUNCTION_BLOCK_ID",
        dump_name: Some("FUNCTION_BLOCK"),
        records: FUNCTION_RECORDS,
    },
    BlockName {
        id: IDENTIFICATION_BLOCK_ID,
        name: "IDENTIFICATION_BLOCK_ID",
        dump_name: Some("IDENTIFICATION_BLOCK_ID"),
        records: IDENTIFICATION_RECORDS,
    },
    BlockName {
        id: VALUE_SYMTAB_BLOCK_ID,
        name: "VALUE_SYMTAB_BLOCK_ID",
        dump_name: Some("VALUE_SYMTAB"),
        records: VALUE_SYMTAB_RECORDS,
    },
    BlockName {
        id: METADATA_BLOCK_ID,
        name: "METADATA_BLOCK_ID",
        dump_name: Some("METADATA_BLOCK"),
        records: METADATA_RECORDS,
    },
    BlockName {
        id: METADATA_ATTACHMENT_ID,
        name: "METADATA_ATTACHMENT_ID",
        dump_name: Some("METADATA_ATTACHMENT_BLOCK"),
        records: METADATA_ATTACHMENT_RECORDS,
    },
    BlockName {
        id: TYPE_BLOCK_ID_NEW,
        name: "TYPE_BLOCK_ID_NEW",
        dump_name: Some("TYPE_BLOCK_ID"),
        records: TYPE_RECORDS,
    },
    BlockName {
        id: USELIST_BLOCK_ID,
        name: "USELIST_BLOCK_ID",
        dump_name: Some("USELIST_BLOCK_ID"),
        records: USELIST_RECORDS,
    },
    BlockName {
        id: MODULE_STRTAB_BLOCK_ID,
        name: "MODULE_STRTAB_BLOCK_ID",
        dump_name: Some("MODULE_STRTAB_BLOCK"),
        records: MODULE_STRTAB_RECORDS,
    },
    BlockName {
        id: GLOBALVAL_SUMMARY_BLOCK_ID,
        name: "GLOBALVAL_SUMMARY_BLOCK_ID",
        dump_name: Some("GLOBALVAL_SUMMARY_BLOCK"),
        records: GLOBALVAL_SUMMARY_RECORDS,
    },
    BlockName {
        id: OPERAND_BUNDLE_TAGS_BLOCK_ID,
        name: "OPERAND_BUNDLE_TAGS_BLOCK_ID",
        dump_name: Some("OPERAND_BUNDLE_TAGS_BLOCK"),
        records: OPERAND_BUNDLE_TAGS_RECORDS,
    },
    BlockName {
        id: METADATA_KIND_BLOCK_ID,
        name: "METADATA_KIND_BLOCK_ID",
        dump_name: Some("METADATA_KIND_BLOCK"),
        records: METADATA_KIND_RECORDS,
    },
    BlockName {
        id: STRTAB_BLOCK_ID,
        name: "STRTAB_BLOCK_ID",
        dump_name: Some("STRTAB_BLOCK"),
        records: STRTAB_RECORDS,
    },
    BlockName {
        id: FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID,
        name: "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID",
        dump_name: Some("FULL_LTO_GLOBALVAL_SUMMARY_BLOCK"),
        records: GLOBALVAL_SUMMARY_RECORDS,
    },
    BlockName {
        id: SYMTAB_BLOCK_ID,
        name: "SYMTAB_BLOCK_ID",
        dump_name: Some("SYMTAB_BLOCK"),
        records: SYMTAB_RECORDS,
    },
    BlockName {
        id: SYNC_SCOPE_NAMES_BLOCK_ID,
        name: "SYNC_SCOPE_NAMES_BLOCK_ID",
        dump_name: None,
        records: SYNC_SCOPE_NAMES_RECORDS,
    },
];
