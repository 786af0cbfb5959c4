; Dead instructions with debug users: dce salvages their #dbg_values.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @f(i32 %a, i32 %b, ptr %p, i64 %n) !dbg !5 {
entry:
  %add = add i32 %a, 7, !dbg !12
    #dbg_value(i32 %add, !9, !DIExpression(), !12)
  %sub = sub i32 %a, 3, !dbg !12
    #dbg_value(i32 %sub, !9, !DIExpression(DW_OP_plus_uconst, 3, DW_OP_stack_value), !12)
  %mul = mul i32 %a, %b, !dbg !12
    #dbg_value(i32 %mul, !9, !DIExpression(), !12)
  %z = zext i32 %a to i64, !dbg !12
    #dbg_value(i64 %z, !10, !DIExpression(), !12)
  %s = sext i32 %b to i64, !dbg !12
    #dbg_value(i64 %s, !10, !DIExpression(), !12)
  %t = trunc i64 %n to i32, !dbg !12
    #dbg_value(i32 %t, !9, !DIExpression(), !12)
  %g = getelementptr inbounds i32, ptr %p, i64 4, !dbg !12
    #dbg_value(ptr %g, !11, !DIExpression(), !12)
  %g2 = getelementptr inbounds [8 x i32], ptr %p, i64 %n, i64 2, !dbg !12
    #dbg_value(ptr %g2, !11, !DIExpression(), !12)
  %c = icmp slt i32 %a, 10, !dbg !12
    #dbg_value(i1 %c, !13, !DIExpression(), !12)
  %c2 = icmp ult i32 %a, %b, !dbg !12
    #dbg_value(i1 %c2, !13, !DIExpression(), !12)
  %fa = sitofp i32 %a to float, !dbg !12
    #dbg_value(float %fa, !14, !DIExpression(), !12)
  %x = xor i32 %a, -1, !dbg !12
  %y = add i32 %x, 1, !dbg !12
    #dbg_value(i32 %y, !9, !DIExpression(DW_OP_plus_uconst, 5, DW_OP_stack_value), !12)
  %p2 = ptrtoint ptr %p to i64, !dbg !12
    #dbg_value(i64 %p2, !10, !DIExpression(), !12)
  %h = add i32 %a, 0, !dbg !12
    #dbg_value(!DIArgList(i32 %h, i32 %b), !9, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !12)
  ret i32 %a, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{!15, !15, !15}
!8 = !{!9, !10, !11, !13, !14}
!9 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 2, type: !15)
!10 = !DILocalVariable(name: "w", scope: !5, file: !1, line: 3, type: !16)
!11 = !DILocalVariable(name: "q", scope: !5, file: !1, line: 4, type: !17)
!12 = !DILocation(line: 2, column: 3, scope: !5)
!13 = !DILocalVariable(name: "c", scope: !5, file: !1, line: 5, type: !18)
!14 = !DILocalVariable(name: "fl", scope: !5, file: !1, line: 6, type: !19)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!18 = !DIBasicType(name: "_Bool", size: 8, encoding: DW_ATE_boolean)
!19 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
