; OPS: rauw f @g @k
@g = global i32 0
@k = global i32 1

define i32 @f(i32 %x, i32 %y) !dbg !5 {
entry:
  %a = add i32 %x, 1
    #dbg_value(i32 %a, !8, !DIExpression(), !9)
    #dbg_value(!DIArgList(i32 %a, i32 %y), !8, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !9)
  %b = mul i32 %x, 2
    #dbg_value(i32 %b, !8, !DIExpression(), !9)
    #dbg_value(!DIArgList(i32 %b, i32 %b), !8, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !9)
    #dbg_label(!11, !9)
  %c = sub i32 %b, %a
    #dbg_value(ptr @g, !8, !DIExpression(), !9)
    #dbg_value(!DIArgList(ptr @g, i32 %y), !8, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !9)
    #dbg_value(i32 %c, !8, !DIExpression(), !9)
  br label %next

next:
    #dbg_value(i32 %c, !8, !DIExpression(), !9)
  ret i32 %y
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 2, type: !10)
!9 = !DILocation(line: 2, scope: !5)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DILabel(scope: !5, name: "here", file: !1, line: 3)
!20 = !{ptr @g}
!21 = !{ptr @k}
!named = !{!20, !21}
