//! The DWARF vocabulary the debug-info rules read: tag, encoding and
//! operation numbers by name, `DIFlag*` / `DISPFlag*` bits, and LLVM's
//! `DIExpression::isValid` with the fragment and entry-value queries.
//! Fields are kept as written (`DW_TAG_member`, `13`, `DIFlagA | DIFlagB`);
//! these tables give them LLVM's numbers.

/// DWARF tags the verifier names.
pub(crate) mod tag {
    pub(crate) const ARRAY_TYPE: u64 = 0x01;
    pub(crate) const CLASS_TYPE: u64 = 0x02;
    pub(crate) const ENUMERATION_TYPE: u64 = 0x04;
    pub(crate) const IMPORTED_DECLARATION: u64 = 0x08;
    pub(crate) const LABEL: u64 = 0x0a;
    pub(crate) const LEXICAL_BLOCK: u64 = 0x0b;
    pub(crate) const MEMBER: u64 = 0x0d;
    pub(crate) const POINTER_TYPE: u64 = 0x0f;
    pub(crate) const REFERENCE_TYPE: u64 = 0x10;
    pub(crate) const COMPILE_UNIT: u64 = 0x11;
    pub(crate) const STRING_TYPE: u64 = 0x12;
    pub(crate) const STRUCTURE_TYPE: u64 = 0x13;
    pub(crate) const SUBROUTINE_TYPE: u64 = 0x15;
    pub(crate) const TYPEDEF: u64 = 0x16;
    pub(crate) const UNION_TYPE: u64 = 0x17;
    pub(crate) const COMMON_BLOCK: u64 = 0x1a;
    pub(crate) const INHERITANCE: u64 = 0x1c;
    pub(crate) const MODULE: u64 = 0x1e;
    pub(crate) const PTR_TO_MEMBER_TYPE: u64 = 0x1f;
    pub(crate) const SET_TYPE: u64 = 0x20;
    pub(crate) const SUBRANGE_TYPE: u64 = 0x21;
    pub(crate) const BASE_TYPE: u64 = 0x24;
    pub(crate) const CONST_TYPE: u64 = 0x26;
    pub(crate) const ENUMERATOR: u64 = 0x28;
    pub(crate) const FILE_TYPE: u64 = 0x29;
    pub(crate) const FRIEND: u64 = 0x2a;
    pub(crate) const NAMELIST: u64 = 0x2b;
    pub(crate) const SUBPROGRAM: u64 = 0x2e;
    pub(crate) const TEMPLATE_TYPE_PARAMETER: u64 = 0x2f;
    pub(crate) const TEMPLATE_VALUE_PARAMETER: u64 = 0x30;
    pub(crate) const VARIANT_PART: u64 = 0x33;
    pub(crate) const VARIABLE: u64 = 0x34;
    pub(crate) const VOLATILE_TYPE: u64 = 0x35;
    pub(crate) const RESTRICT_TYPE: u64 = 0x37;
    pub(crate) const NAMESPACE: u64 = 0x39;
    pub(crate) const IMPORTED_MODULE: u64 = 0x3a;
    pub(crate) const UNSPECIFIED_TYPE: u64 = 0x3b;
    pub(crate) const RVALUE_REFERENCE_TYPE: u64 = 0x42;
    pub(crate) const TEMPLATE_ALIAS: u64 = 0x43;
    pub(crate) const GENERIC_SUBRANGE: u64 = 0x45;
    pub(crate) const ATOMIC_TYPE: u64 = 0x47;
    pub(crate) const IMMUTABLE_TYPE: u64 = 0x4b;
    pub(crate) const APPLE_PROPERTY: u64 = 0x4200;
    pub(crate) const LLVM_PTRAUTH_TYPE: u64 = 0x4300;
    pub(crate) const GNU_TEMPLATE_TEMPLATE_PARAM: u64 = 0x4106;
    pub(crate) const GNU_TEMPLATE_PARAMETER_PACK: u64 = 0x4107;
}

/// A value no DWARF name maps to (an unknown word).
pub(crate) const UNKNOWN: u64 = u64::MAX;

/// The number of a `DW_TAG_*` name (the tags the rules compare with;
/// other names are [`UNKNOWN`], which matches no allowed tag).
pub(crate) fn tag_value(name: &str) -> u64 {
    use tag::*;
    let n = name.strip_prefix("DW_TAG_").unwrap_or("");
    match n {
        "array_type" => ARRAY_TYPE,
        "class_type" => CLASS_TYPE,
        "enumeration_type" => ENUMERATION_TYPE,
        "imported_declaration" => IMPORTED_DECLARATION,
        "label" => LABEL,
        "lexical_block" => LEXICAL_BLOCK,
        "member" => MEMBER,
        "pointer_type" => POINTER_TYPE,
        "reference_type" => REFERENCE_TYPE,
        "compile_unit" => COMPILE_UNIT,
        "string_type" => STRING_TYPE,
        "structure_type" => STRUCTURE_TYPE,
        "subroutine_type" => SUBROUTINE_TYPE,
        "typedef" => TYPEDEF,
        "union_type" => UNION_TYPE,
        "common_block" => COMMON_BLOCK,
        "inheritance" => INHERITANCE,
        "module" => MODULE,
        "ptr_to_member_type" => PTR_TO_MEMBER_TYPE,
        "set_type" => SET_TYPE,
        "subrange_type" => SUBRANGE_TYPE,
        "base_type" => BASE_TYPE,
        "const_type" => CONST_TYPE,
        "enumerator" => ENUMERATOR,
        "file_type" => FILE_TYPE,
        "friend" => FRIEND,
        "namelist" => NAMELIST,
        "subprogram" => SUBPROGRAM,
        "template_type_parameter" => TEMPLATE_TYPE_PARAMETER,
        "template_value_parameter" => TEMPLATE_VALUE_PARAMETER,
        "variant_part" => VARIANT_PART,
        "variable" => VARIABLE,
        "volatile_type" => VOLATILE_TYPE,
        "restrict_type" => RESTRICT_TYPE,
        "namespace" => NAMESPACE,
        "imported_module" => IMPORTED_MODULE,
        "unspecified_type" => UNSPECIFIED_TYPE,
        "rvalue_reference_type" => RVALUE_REFERENCE_TYPE,
        "template_alias" => TEMPLATE_ALIAS,
        "generic_subrange" => GENERIC_SUBRANGE,
        "atomic_type" => ATOMIC_TYPE,
        "immutable_type" => IMMUTABLE_TYPE,
        "APPLE_property" => APPLE_PROPERTY,
        "LLVM_ptrauth_type" => LLVM_PTRAUTH_TYPE,
        "GNU_template_template_param" => GNU_TEMPLATE_TEMPLATE_PARAM,
        "GNU_template_parameter_pack" => GNU_TEMPLATE_PARAMETER_PACK,
        // Tags no rule names (`DW_TAG_null`, vendor tags, ...), as the
        // bitcode reader spells them: LLVM's whole table.
        _ => crate::bitcode::dwarf::TAGS
            .iter()
            .find(|&&(_, t)| t == name)
            .map_or(UNKNOWN, |&(v, _)| u64::from(v)),
    }
}

/// `DW_ATE_*` encodings.
pub(crate) mod ate {
    pub(crate) const BOOLEAN: u64 = 0x02;
    pub(crate) const SIGNED: u64 = 0x05;
    pub(crate) const SIGNED_CHAR: u64 = 0x06;
    pub(crate) const UNSIGNED: u64 = 0x07;
    pub(crate) const UNSIGNED_CHAR: u64 = 0x08;
}

/// The number of a `DW_ATE_*` name.
pub(crate) fn ate_value(name: &str) -> u64 {
    match name.strip_prefix("DW_ATE_").unwrap_or("") {
        "address" => 0x01,
        "boolean" => 0x02,
        "complex_float" => 0x03,
        "float" => 0x04,
        "signed" => 0x05,
        "signed_char" => 0x06,
        "unsigned" => 0x07,
        "unsigned_char" => 0x08,
        "imaginary_float" => 0x09,
        "packed_decimal" => 0x0a,
        "numeric_string" => 0x0b,
        "edited" => 0x0c,
        "signed_fixed" => 0x0d,
        "unsigned_fixed" => 0x0e,
        "decimal_float" => 0x0f,
        "UTF" => 0x10,
        "UCS" => 0x11,
        "ASCII" => 0x12,
        _ => UNKNOWN,
    }
}

/// `DIFlag*` bits the rules read.
pub(crate) mod flag {
    pub(crate) const BLOCK_BYREF_STRUCT: u64 = 1 << 4;
    pub(crate) const ARTIFICIAL: u64 = 1 << 6;
    pub(crate) const VECTOR: u64 = 1 << 11;
    pub(crate) const STATIC_MEMBER: u64 = 1 << 12;
    pub(crate) const LVALUE_REFERENCE: u64 = 1 << 13;
    pub(crate) const RVALUE_REFERENCE: u64 = 1 << 14;
    pub(crate) const TYPE_PASS_BY_VALUE: u64 = 1 << 22;
    pub(crate) const TYPE_PASS_BY_REFERENCE: u64 = 1 << 23;
    pub(crate) const BIG_ENDIAN: u64 = 1 << 27;
    pub(crate) const LITTLE_ENDIAN: u64 = 1 << 28;
    pub(crate) const ALL_CALLS_DESCRIBED: u64 = 1 << 29;
}

/// The bits of one `DIFlag*` name.
fn di_flag(name: &str) -> u64 {
    match name.strip_prefix("DIFlag").unwrap_or("") {
        "Zero" => 0,
        "Private" => 1,
        "Protected" => 2,
        "Public" => 3,
        "FwdDecl" => 1 << 2,
        "AppleBlock" => 1 << 3,
        "ReservedBit4" => 1 << 4,
        "Virtual" => 1 << 5,
        "Artificial" => 1 << 6,
        "Explicit" => 1 << 7,
        "Prototyped" => 1 << 8,
        "ObjcClassComplete" => 1 << 9,
        "ObjectPointer" => 1 << 10,
        "Vector" => 1 << 11,
        "StaticMember" => 1 << 12,
        "LValueReference" => 1 << 13,
        "RValueReference" => 1 << 14,
        "ExportSymbols" => 1 << 15,
        "SingleInheritance" => 1 << 16,
        "MultipleInheritance" => 2 << 16,
        "VirtualInheritance" => 3 << 16,
        "IntroducedVirtual" => 1 << 18,
        "BitField" => 1 << 19,
        "NoReturn" => 1 << 20,
        "TypePassByValue" => 1 << 22,
        "TypePassByReference" => 1 << 23,
        "EnumClass" => 1 << 24,
        "Thunk" => 1 << 25,
        "NonTrivial" => 1 << 26,
        "BigEndian" => 1 << 27,
        "LittleEndian" => 1 << 28,
        "AllCallsDescribed" => 1 << 29,
        "IndirectVirtualBase" => (1 << 2) | (1 << 5),
        _ => 0,
    }
}

/// The bits of one `DISPFlag*` name.
fn sp_flag(name: &str) -> u64 {
    match name.strip_prefix("DISPFlag").unwrap_or("") {
        "Virtual" => 1,
        "PureVirtual" => 2,
        "LocalToUnit" => 1 << 2,
        "Definition" => 1 << 3,
        "Optimized" => 1 << 4,
        "Pure" => 1 << 5,
        "Elemental" => 1 << 6,
        "Recursive" => 1 << 7,
        "MainSubprogram" => 1 << 8,
        "Deleted" => 1 << 9,
        "ObjCDirect" => 1 << 11,
        _ => 0,
    }
}

/// `DISPFlagDefinition`.
pub(crate) const SP_DEFINITION: u64 = 1 << 3;

/// The value of a flag field written as `A | B | 12`.
pub(crate) fn flags_value(text: &str, sp: bool) -> u64 {
    text.split('|')
        .map(str::trim)
        .map(|p| match p.parse::<u64>() {
            Ok(n) => n,
            Err(_) => {
                if sp {
                    sp_flag(p)
                } else {
                    di_flag(p)
                }
            }
        })
        .fold(0, |a, b| a | b)
}

/// `DW_OP_*` numbers (and LLVM's own `DW_OP_LLVM_*`).
pub(crate) mod op {
    pub(crate) const DEREF: u64 = 0x06;
    pub(crate) const CONSTU: u64 = 0x10;
    pub(crate) const CONSTS: u64 = 0x11;
    pub(crate) const DUP: u64 = 0x12;
    pub(crate) const OVER: u64 = 0x14;
    pub(crate) const SWAP: u64 = 0x16;
    pub(crate) const XDEREF: u64 = 0x18;
    pub(crate) const AND: u64 = 0x1a;
    pub(crate) const DIV: u64 = 0x1b;
    pub(crate) const MINUS: u64 = 0x1c;
    pub(crate) const MOD: u64 = 0x1d;
    pub(crate) const MUL: u64 = 0x1e;
    pub(crate) const NOT: u64 = 0x20;
    pub(crate) const OR: u64 = 0x21;
    pub(crate) const PLUS: u64 = 0x22;
    pub(crate) const PLUS_UCONST: u64 = 0x23;
    pub(crate) const SHL: u64 = 0x24;
    pub(crate) const SHR: u64 = 0x25;
    pub(crate) const SHRA: u64 = 0x26;
    pub(crate) const XOR: u64 = 0x27;
    pub(crate) const EQ: u64 = 0x29;
    pub(crate) const GE: u64 = 0x2a;
    pub(crate) const GT: u64 = 0x2b;
    pub(crate) const LE: u64 = 0x2c;
    pub(crate) const LT: u64 = 0x2d;
    pub(crate) const NE: u64 = 0x2e;
    pub(crate) const LIT0: u64 = 0x30;
    pub(crate) const REG0: u64 = 0x50;
    pub(crate) const REG31: u64 = 0x6f;
    pub(crate) const BREG0: u64 = 0x70;
    pub(crate) const BREG31: u64 = 0x8f;
    pub(crate) const REGX: u64 = 0x90;
    pub(crate) const BREGX: u64 = 0x92;
    pub(crate) const DEREF_SIZE: u64 = 0x94;
    pub(crate) const PUSH_OBJECT_ADDRESS: u64 = 0x97;
    pub(crate) const STACK_VALUE: u64 = 0x9f;
    pub(crate) const LLVM_FRAGMENT: u64 = 0x1000;
    pub(crate) const LLVM_CONVERT: u64 = 0x1001;
    pub(crate) const LLVM_TAG_OFFSET: u64 = 0x1002;
    pub(crate) const LLVM_ENTRY_VALUE: u64 = 0x1003;
    pub(crate) const LLVM_IMPLICIT_POINTER: u64 = 0x1004;
    pub(crate) const LLVM_ARG: u64 = 0x1005;
    pub(crate) const LLVM_EXTRACT_BITS_SEXT: u64 = 0x1006;
    pub(crate) const LLVM_EXTRACT_BITS_ZEXT: u64 = 0x1007;
}

/// The number of a `DW_OP_*` name (`DW_OP_reg5`, `DW_OP_LLVM_fragment`);
/// [`UNKNOWN`] for names the expression rules do not accept anyway.
pub(crate) fn op_value(name: &str) -> u64 {
    use op::*;
    let Some(n) = name.strip_prefix("DW_OP_") else {
        return ate_value(name);
    };
    let numbered = |p: &str, base: u64| -> Option<u64> {
        n.strip_prefix(p)
            .and_then(|d| d.parse::<u64>().ok())
            .filter(|&k| k < 32)
            .map(|k| base + k)
    };
    if let Some(v) = numbered("reg", REG0).or_else(|| numbered("breg", BREG0)) {
        return v;
    }
    if let Some(v) = numbered("lit", LIT0) {
        return v;
    }
    match n {
        "deref" => DEREF,
        "constu" => CONSTU,
        "consts" => CONSTS,
        "dup" => DUP,
        "over" => OVER,
        "swap" => SWAP,
        "xderef" => XDEREF,
        "and" => AND,
        "div" => DIV,
        "minus" => MINUS,
        "mod" => MOD,
        "mul" => MUL,
        "not" => NOT,
        "or" => OR,
        "plus" => PLUS,
        "plus_uconst" => PLUS_UCONST,
        "shl" => SHL,
        "shr" => SHR,
        "shra" => SHRA,
        "xor" => XOR,
        "eq" => EQ,
        "ge" => GE,
        "gt" => GT,
        "le" => LE,
        "lt" => LT,
        "ne" => NE,
        "regx" => REGX,
        "bregx" => BREGX,
        "deref_size" => DEREF_SIZE,
        "push_object_address" => PUSH_OBJECT_ADDRESS,
        "stack_value" => STACK_VALUE,
        "LLVM_fragment" => LLVM_FRAGMENT,
        "LLVM_convert" => LLVM_CONVERT,
        "LLVM_tag_offset" => LLVM_TAG_OFFSET,
        "LLVM_entry_value" => LLVM_ENTRY_VALUE,
        "LLVM_implicit_pointer" => LLVM_IMPLICIT_POINTER,
        "LLVM_arg" => LLVM_ARG,
        "LLVM_extract_bits_sext" => LLVM_EXTRACT_BITS_SEXT,
        "LLVM_extract_bits_zext" => LLVM_EXTRACT_BITS_ZEXT,
        _ => UNKNOWN,
    }
}

/// The number of elements an operation occupies (LLVM
/// `ExprOperand::getSize`).
fn op_size(o: u64) -> usize {
    use op::*;
    if (BREG0..=BREG31).contains(&o) {
        return 2;
    }
    match o {
        LLVM_CONVERT | LLVM_FRAGMENT | LLVM_EXTRACT_BITS_SEXT | LLVM_EXTRACT_BITS_ZEXT | BREGX => 3,
        CONSTU | CONSTS | DEREF_SIZE | PLUS_UCONST | LLVM_TAG_OFFSET | LLVM_ENTRY_VALUE
        | LLVM_ARG | REGX => 2,
        _ => 1,
    }
}

/// The start of each operation of an expression.
fn op_starts(e: &[u64]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < e.len() {
        out.push(k);
        k += op_size(e[k]);
    }
    out
}

/// LLVM's `DIExpression::isValid`.
pub(crate) fn expression_is_valid(e: &[u64]) -> bool {
    use op::*;
    let starts = op_starts(e);
    for (n, &k) in starts.iter().enumerate() {
        let o = e[k];
        if k + op_size(o) > e.len() {
            return false;
        }
        if (REG0..=REG31).contains(&o) || (BREG0..=BREG31).contains(&o) {
            return true;
        }
        match o {
            LLVM_FRAGMENT => return k + op_size(o) == e.len(),
            STACK_VALUE => {
                if k + 1 == e.len() {
                    continue;
                }
                if starts.get(n + 1).map(|&j| e[j]) != Some(LLVM_FRAGMENT) {
                    return false;
                }
            }
            SWAP => {
                if e.len() == 1 {
                    return false;
                }
            }
            LLVM_ENTRY_VALUE => {
                let mut first = 0;
                if e.first() == Some(&LLVM_ARG) && e.get(1) == Some(&0) {
                    first = starts.get(1).copied().unwrap_or(e.len());
                }
                return k == first && e.get(k + 1) == Some(&1);
            }
            LLVM_IMPLICIT_POINTER
            | LLVM_CONVERT
            | LLVM_ARG
            | LLVM_TAG_OFFSET
            | LLVM_EXTRACT_BITS_SEXT
            | LLVM_EXTRACT_BITS_ZEXT
            | CONSTU
            | PLUS_UCONST
            | PLUS
            | MINUS
            | MUL
            | DIV
            | MOD
            | OR
            | AND
            | XOR
            | SHL
            | SHR
            | SHRA
            | DEREF
            | DEREF_SIZE
            | XDEREF
            | LIT0
            | NOT
            | DUP
            | REGX
            | BREGX
            | PUSH_OBJECT_ADDRESS
            | OVER
            | CONSTS
            | EQ
            | NE
            | GT
            | GE
            | LT
            | LE => {}
            _ => return false,
        }
    }
    true
}

/// The `(offset, size)` in bits of a `DW_OP_LLVM_fragment`, if any.
pub(crate) fn fragment(e: &[u64]) -> Option<(u64, u64)> {
    for k in op_starts(e) {
        if e[k] == op::LLVM_FRAGMENT && k + 2 < e.len() {
            return Some((e[k + 1], e[k + 2]));
        }
    }
    None
}

/// LLVM's `DIExpression::isEntryValue`: a leading `DW_OP_LLVM_entry_value`
/// (after an optional `DW_OP_LLVM_arg 0`).
pub(crate) fn is_entry_value(e: &[u64]) -> bool {
    let mut k = 0;
    if e.first() == Some(&op::LLVM_ARG) && e.get(1) == Some(&0) {
        k = 2;
    }
    e.get(k) == Some(&op::LLVM_ENTRY_VALUE)
}
