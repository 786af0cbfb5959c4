; OPS: clone f; clone h; clone f
; ModuleID = 't.c'
source_filename = "t.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, float }

@g = dso_local local_unnamed_addr global i32 0, align 4, !dbg !0
@h.tab = internal unnamed_addr constant [2 x ptr] [ptr blockaddress(@h, %6), ptr blockaddress(@h, %8)], align 16, !dbg !5

; Function Attrs: nofree norecurse nosync nounwind memory(write, argmem: read, inaccessiblemem: none) uwtable
define dso_local range(i32 0, -2147483648) i32 @f(ptr nocapture noundef readonly %0, i32 noundef %1) local_unnamed_addr #0 !dbg !27 {
    #dbg_value(ptr %0, !37, !DIExpression(), !48)
    #dbg_value(i32 %1, !38, !DIExpression(), !48)
    #dbg_value(i32 0, !39, !DIExpression(), !48)
    #dbg_value(i32 0, !40, !DIExpression(), !49)
  %3 = icmp sgt i32 %1, 0, !dbg !50
  br i1 %3, label %4, label %6, !dbg !51

4:                                                ; preds = %2
  %5 = zext nneg i32 %1 to i64, !dbg !50
  br label %8, !dbg !51

6:                                                ; preds = %8, %2
  %7 = phi i32 [ 0, %2 ], [ %17, %8 ], !dbg !48
  store i32 %7, ptr @g, align 4, !dbg !52, !tbaa !53
  ret i32 %7, !dbg !57

8:                                                ; preds = %4, %8
  %9 = phi i64 [ 0, %4 ], [ %18, %8 ]
  %10 = phi i32 [ 0, %4 ], [ %17, %8 ]
    #dbg_value(i32 %10, !39, !DIExpression(), !48)
    #dbg_value(i64 %9, !40, !DIExpression(), !49)
  %11 = getelementptr inbounds %struct.S, ptr %0, i64 %9, !dbg !58
  %12 = load i32, ptr %11, align 4, !dbg !59, !tbaa !60
    #dbg_value(i32 %12, !63, !DIExpression(), !66)
  %13 = mul nsw i32 %12, %12, !dbg !68
    #dbg_value(i32 %13, !42, !DIExpression(), !69)
  %14 = icmp ugt i32 %13, 3, !dbg !70
  %15 = add nuw nsw i32 %13, 1, !dbg !71
  %16 = select i1 %14, i32 %15, i32 0, !dbg !71
  %17 = add nuw nsw i32 %16, %10, !dbg !71
    #dbg_value(i32 %17, !39, !DIExpression(), !48)
  %18 = add nuw nsw i64 %9, 1, !dbg !72
    #dbg_value(i64 %18, !40, !DIExpression(), !49)
  %19 = icmp eq i64 %18, %5, !dbg !50
  br i1 %19, label %6, label %8, !dbg !51, !llvm.loop !73
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none) uwtable
define dso_local noundef i32 @h(i32 noundef %0) #1 !dbg !7 {
    #dbg_value(i32 %0, !12, !DIExpression(), !77)
  %2 = and i32 %0, 1, !dbg !78
  %3 = zext nneg i32 %2 to i64, !dbg !79
  %4 = getelementptr inbounds [2 x ptr], ptr @h.tab, i64 0, i64 %3, !dbg !79
  %5 = load ptr, ptr %4, align 8, !dbg !79, !tbaa !80
  indirectbr ptr %5, [label %6, label %8]

6:                                                ; preds = %1
    #dbg_label(!13, !82)
    #dbg_value(ptr null, !37, !DIExpression(), !83)
    #dbg_value(i32 %0, !38, !DIExpression(), !83)
    #dbg_value(i32 0, !39, !DIExpression(), !83)
    #dbg_value(i32 0, !40, !DIExpression(), !85)
  %7 = icmp slt i32 %0, 1, !dbg !86
  tail call void @llvm.assume(i1 %7), !dbg !87
  store i32 0, ptr @g, align 4, !dbg !88, !tbaa !53
  br label %8, !dbg !89

8:                                                ; preds = %1, %6
  %9 = phi i32 [ 0, %6 ], [ 2, %1 ], !dbg !90
  ret i32 %9, !dbg !91
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

attributes #0 = { nofree norecurse nosync nounwind memory(write, argmem: read, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!19, !20, !21, !22, !23, !24, !25}
!llvm.ident = !{!26}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "g", scope: !2, file: !3, line: 3, type: !10, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "t.c", directory: "/tmp/cg", checksumkind: CSK_MD5, checksum: "7e0881086c6be3e3be561063a8432b89")
!4 = !{!5, !0}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "tab", scope: !7, file: !3, line: 13, type: !15, isLocal: true, isDefinition: true)
!7 = distinct !DISubprogram(name: "h", scope: !3, file: !3, line: 13, type: !8, scopeLine: 13, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !11)
!8 = !DISubroutineType(types: !9)
!9 = !{!10, !10}
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !{!12, !13, !14}
!12 = !DILocalVariable(name: "k", arg: 1, scope: !7, file: !3, line: 13, type: !10)
!13 = !DILabel(scope: !7, name: "l1", file: !3, line: 13)
!14 = !DILabel(scope: !7, name: "l2", file: !3, line: 13)
!15 = !DICompositeType(tag: DW_TAG_array_type, baseType: !16, size: 128, elements: !17)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!17 = !{!18}
!18 = !DISubrange(count: 2)
!19 = !{i32 7, !"Dwarf Version", i32 5}
!20 = !{i32 2, !"Debug Info Version", i32 3}
!21 = !{i32 1, !"wchar_size", i32 4}
!22 = !{i32 8, !"PIC Level", i32 2}
!23 = !{i32 7, !"PIE Level", i32 2}
!24 = !{i32 7, !"uwtable", i32 2}
!25 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!26 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!27 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 4, type: !28, scopeLine: 4, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !36)
!28 = !DISubroutineType(types: !29)
!29 = !{!10, !30, !10}
!30 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !31, size: 64)
!31 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !3, line: 1, size: 64, elements: !32)
!32 = !{!33, !34}
!33 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !31, file: !3, line: 1, baseType: !10, size: 32)
!34 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !31, file: !3, line: 1, baseType: !35, size: 32, offset: 32)
!35 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!36 = !{!37, !38, !39, !40, !42, !45}
!37 = !DILocalVariable(name: "s", arg: 1, scope: !27, file: !3, line: 4, type: !30)
!38 = !DILocalVariable(name: "n", arg: 2, scope: !27, file: !3, line: 4, type: !10)
!39 = !DILocalVariable(name: "t", scope: !27, file: !3, line: 5, type: !10)
!40 = !DILocalVariable(name: "i", scope: !41, file: !3, line: 6, type: !10)
!41 = distinct !DILexicalBlock(scope: !27, file: !3, line: 6, column: 3)
!42 = !DILocalVariable(name: "v", scope: !43, file: !3, line: 7, type: !10)
!43 = distinct !DILexicalBlock(scope: !44, file: !3, line: 6, column: 31)
!44 = distinct !DILexicalBlock(scope: !41, file: !3, line: 6, column: 3)
!45 = !DILocalVariable(name: "w", scope: !46, file: !3, line: 8, type: !10)
!46 = distinct !DILexicalBlock(scope: !47, file: !3, line: 8, column: 16)
!47 = distinct !DILexicalBlock(scope: !43, file: !3, line: 8, column: 9)
!48 = !DILocation(line: 0, scope: !27)
!49 = !DILocation(line: 0, scope: !41)
!50 = !DILocation(line: 6, column: 21, scope: !44)
!51 = !DILocation(line: 6, column: 3, scope: !41)
!52 = !DILocation(line: 10, column: 5, scope: !27)
!53 = !{!54, !54, i64 0}
!54 = !{!"int", !55, i64 0}
!55 = !{!"omnipotent char", !56, i64 0}
!56 = !{!"Simple C/C++ TBAA"}
!57 = !DILocation(line: 11, column: 3, scope: !27)
!58 = !DILocation(line: 7, column: 16, scope: !43)
!59 = !DILocation(line: 7, column: 21, scope: !43)
!60 = !{!61, !54, i64 0}
!61 = !{!"S", !54, i64 0, !62, i64 4}
!62 = !{!"float", !55, i64 0}
!63 = !DILocalVariable(name: "x", arg: 1, scope: !64, file: !3, line: 2, type: !10)
!64 = distinct !DISubprogram(name: "sq", scope: !3, file: !3, line: 2, type: !8, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !65)
!65 = !{!63}
!66 = !DILocation(line: 0, scope: !64, inlinedAt: !67)
!67 = distinct !DILocation(line: 7, column: 13, scope: !43)
!68 = !DILocation(line: 2, column: 40, scope: !64, inlinedAt: !67)
!69 = !DILocation(line: 0, scope: !43)
!70 = !DILocation(line: 8, column: 11, scope: !47)
!71 = !DILocation(line: 8, column: 9, scope: !43)
!72 = !DILocation(line: 6, column: 27, scope: !44)
!73 = distinct !{!73, !51, !74, !75, !76}
!74 = !DILocation(line: 9, column: 3, scope: !41)
!75 = !{!"llvm.loop.mustprogress"}
!76 = !{!"llvm.loop.unroll.disable"}
!77 = !DILocation(line: 0, scope: !7)
!78 = !DILocation(line: 13, column: 63, scope: !7)
!79 = !DILocation(line: 13, column: 57, scope: !7)
!80 = !{!81, !81, i64 0}
!81 = !{!"any pointer", !55, i64 0}
!82 = !DILocation(line: 13, column: 69, scope: !7)
!83 = !DILocation(line: 0, scope: !27, inlinedAt: !84)
!84 = distinct !DILocation(line: 13, column: 80, scope: !7)
!85 = !DILocation(line: 0, scope: !41, inlinedAt: !84)
!86 = !DILocation(line: 6, column: 21, scope: !44, inlinedAt: !84)
!87 = !DILocation(line: 6, column: 3, scope: !41, inlinedAt: !84)
!88 = !DILocation(line: 10, column: 5, scope: !27, inlinedAt: !84)
!89 = !DILocation(line: 13, column: 73, scope: !7)
!90 = !DILocation(line: 13, scope: !7)
!91 = !DILocation(line: 13, column: 103, scope: !7)
