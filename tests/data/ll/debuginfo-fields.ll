; Debug-info fields beyond the corpus: every DICompileUnit field, checksums
; and sources, pure virtual subprograms, unsigned and wide enumerators,
; DIGenericSubrange constants, ranks, vendor tags (read back from bitcode by
; oracle-dis in .ci/run, and round-tripped by oracle-ll).
define void @f() !dbg !5 {
  ret void, !dbg !20
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_Fortran90, file: !1, producer: "p", isOptimized: true, flags: "-O2", runtimeVersion: 2, splitDebugFilename: "s.dwo", emissionKind: LineTablesOnly, dwoId: 42, splitDebugInlining: false, debugInfoForProfiling: true, nameTableKind: GNU, rangesBaseAddress: true, sysroot: "/", sdk: "x.sdk")
!1 = !DIFile(filename: "a.f90", directory: "/d", checksumkind: CSK_SHA256, checksum: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", source: "program")
!2 = !{!10, !11}
!extra = !{!10, !11, !12, !13, !14, !15, !16, !17}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "f", linkageName: "_f", scope: !1, file: !1, line: 3, type: !6, scopeLine: 4, containingType: !13, virtualIndex: 2, thisAdjustment: -8, flags: DIFlagPrototyped | DIFlagObjectPointer, spFlags: DISPFlagPureVirtual | DISPFlagDefinition | DISPFlagMainSubprogram, unit: !0, targetFuncName: "tf")
!6 = !DISubroutineType(flags: DIFlagLValueReference, cc: DW_CC_pass_by_value, types: !7)
!7 = !{null}
!10 = !DIEnumerator(name: "u", value: 18446744073709551615, isUnsigned: true)
!11 = !DIEnumerator(name: "big", value: 170141183460469231731687303715884105727)
!12 = !DIGenericSubrange(count: !DIExpression(DW_OP_consts, 5), lowerBound: !DIExpression(DW_OP_push_object_address, DW_OP_deref), stride: !DIExpression(DW_OP_consts, 4))
!13 = !DICompositeType(tag: DW_TAG_array_type, baseType: !14, size: 64, elements: !18, rank: i64 2, dataLocation: !DIExpression(DW_OP_push_object_address), associated: !DIExpression(DW_OP_push_object_address, DW_OP_deref), allocated: !DIExpression(DW_OP_push_object_address), runtimeLang: DW_LANG_Swift)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64, dwarfAddressSpace: 0, ptrAuthKey: 2, ptrAuthIsAddressDiscriminated: true, ptrAuthExtraDiscriminator: 1234, ptrAuthIsaPointer: false, ptrAuthAuthenticatesNullValues: true)
!15 = !DIMacroFile(line: 7, file: !1, nodes: !19)
!16 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "P", value: !19)
!17 = !DISubrange(count: !DIExpression(DW_OP_push_object_address), lowerBound: -3, stride: 2)
!18 = !{!17}
!19 = !{}
!20 = !DILocation(line: 0, scope: !5, isImplicitCode: true)
