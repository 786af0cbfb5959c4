source_filename = "tests/data/opt/dce-salvage.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @f(i32 %a, i32 %b, ptr %p, i64 %n) !dbg !4 {
entry:
  %add = add i32 %a, 7, !dbg !18
    #dbg_value(i32 %add, !9, !DIExpression(), !18)
  %sub = sub i32 %a, 3, !dbg !18
    #dbg_value(i32 %sub, !9, !DIExpression(DW_OP_plus_uconst, 3, DW_OP_stack_value), !18)
  %mul = mul i32 %a, %b, !dbg !18
    #dbg_value(i32 %mul, !9, !DIExpression(), !18)
  %z = zext i32 %a to i64, !dbg !18
    #dbg_value(i64 %z, !10, !DIExpression(), !18)
  %s = sext i32 %b to i64, !dbg !18
    #dbg_value(i64 %s, !10, !DIExpression(), !18)
  %t = trunc i64 %n to i32, !dbg !18
    #dbg_value(i32 %t, !9, !DIExpression(), !18)
  %g = getelementptr inbounds i32, ptr %p, i64 4, !dbg !18
    #dbg_value(ptr %g, !12, !DIExpression(), !18)
  %g2 = getelementptr inbounds [8 x i32], ptr %p, i64 %n, i64 2, !dbg !18
    #dbg_value(ptr %g2, !12, !DIExpression(), !18)
  %c = icmp slt i32 %a, 10, !dbg !18
    #dbg_value(i1 %c, !14, !DIExpression(), !18)
  %c2 = icmp ult i32 %a, %b, !dbg !18
    #dbg_value(i1 %c2, !14, !DIExpression(), !18)
  %fa = sitofp i32 %a to float, !dbg !18
    #dbg_value(float %fa, !16, !DIExpression(), !18)
  %x = xor i32 %a, -1, !dbg !18
  %y = add i32 %x, 1, !dbg !18
    #dbg_value(i32 %y, !9, !DIExpression(DW_OP_plus_uconst, 5, DW_OP_stack_value), !18)
  %p2 = ptrtoint ptr %p to i64, !dbg !18
    #dbg_value(i64 %p2, !10, !DIExpression(), !18)
  %h = add i32 %a, 0, !dbg !18
    #dbg_value(!DIArgList(i32 %h, i32 %b), !9, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !18)
  ret i32 %a, !dbg !18
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !8)
!5 = !DISubroutineType(types: !6)
!6 = !{!7, !7, !7}
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !{!9, !10, !12, !14, !16}
!9 = !DILocalVariable(name: "v", scope: !4, file: !1, line: 2, type: !7)
!10 = !DILocalVariable(name: "w", scope: !4, file: !1, line: 3, type: !11)
!11 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!12 = !DILocalVariable(name: "q", scope: !4, file: !1, line: 4, type: !13)
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!14 = !DILocalVariable(name: "c", scope: !4, file: !1, line: 5, type: !15)
!15 = !DIBasicType(name: "_Bool", size: 8, encoding: DW_ATE_boolean)
!16 = !DILocalVariable(name: "fl", scope: !4, file: !1, line: 6, type: !17)
!17 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!18 = !DILocation(line: 2, column: 3, scope: !4)
