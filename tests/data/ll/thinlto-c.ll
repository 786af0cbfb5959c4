; ModuleID = 'thinlto-c.bc'
source_filename = "thinlto.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@gv = dso_local local_unnamed_addr global i32 5, align 4
@table = dso_local local_unnamed_addr constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@counter = internal unnamed_addr global i32 3, align 4
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1

@my_alias = dso_local alias i32 (), ptr @alias_target

; Function Attrs: nounwind uwtable
define dso_local i32 @foo(i32 noundef %0) local_unnamed_addr #0 {
  %2 = load i32, ptr @counter, align 4, !tbaa !6
  %3 = add nsw i32 %2, 1
  store i32 %3, ptr @counter, align 4, !tbaa !6
  %4 = tail call fastcc i32 @helper(i32 noundef %0)
  %5 = tail call i32 @ext(i32 noundef %0) #5
  %6 = add nsw i32 %5, %4
  %7 = load i32, ptr @gv, align 4, !tbaa !6
  %8 = add nsw i32 %6, %7
  ret i32 %8
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(read, argmem: none, inaccessiblemem: none) uwtable
define internal fastcc i32 @helper(i32 noundef %0) unnamed_addr #1 {
  %2 = load i32, ptr @counter, align 4, !tbaa !6
  %3 = mul nsw i32 %2, %0
  %4 = and i32 %0, 3
  %5 = zext nneg i32 %4 to i64
  %6 = getelementptr inbounds [4 x i32], ptr @table, i64 0, i64 %5
  %7 = load i32, ptr %6, align 4, !tbaa !6
  %8 = add nsw i32 %3, %7
  ret i32 %8
}

declare i32 @ext(i32 noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local i32 @bar(ptr nocapture noundef readonly %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = tail call i32 %0(i32 noundef %1) #5
  %4 = load i32, ptr @counter, align 4, !tbaa !6
  %5 = add nsw i32 %4, 1
  store i32 %5, ptr @counter, align 4, !tbaa !6
  %6 = tail call fastcc i32 @helper(i32 noundef %1)
  %7 = tail call i32 @ext(i32 noundef %1) #5
  %8 = load i32, ptr @gv, align 4, !tbaa !6
  %9 = add i32 %6, %3
  %10 = add i32 %9, %7
  %11 = add i32 %10, %8
  ret i32 %11
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local noundef i32 @alias_target() #3 {
  ret i32 1
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  %3 = load i32, ptr @counter, align 4, !tbaa !6
  %4 = add nsw i32 %3, 1
  store i32 %4, ptr @counter, align 4, !tbaa !6
  %5 = tail call fastcc i32 @helper(i32 noundef %0)
  %6 = tail call i32 @ext(i32 noundef %0) #5
  %7 = add nsw i32 %6, %5
  %8 = load i32, ptr @gv, align 4, !tbaa !6
  %9 = add nsw i32 %7, %8
  %10 = load i32, ptr @counter, align 4, !tbaa !6
  %11 = add nsw i32 %10, 1
  store i32 %11, ptr @counter, align 4, !tbaa !6
  %12 = tail call fastcc i32 @helper(i32 noundef %0)
  %13 = tail call i32 @ext(i32 noundef %0) #5
  %14 = load i32, ptr @gv, align 4, !tbaa !6
  %15 = add i32 %9, %12
  %16 = add i32 %15, %13
  %17 = add i32 %16, %14
  %18 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i32 noundef %17)
  ret i32 0
}

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #4

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(read, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}

^0 = module: (path: "thinlto-c.bc", hash: (2544080917, 1901411385, 1396818477, 1175440172, 3531870822))
^1 = gv: (name: "gv", summaries: (variable: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 1, writeonly: 1, constant: 0)))) ; guid = 3176756847917253245
^2 = gv: (name: "alias_target", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 1, funcFlags: (readNone: 1, readOnly: 0, noRecurse: 1, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0)))) ; guid = 3459219637947183356
^3 = gv: (name: "helper", summaries: (function: (module: ^0, flags: (linkage: internal, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 8, funcFlags: (readNone: 0, readOnly: 1, noRecurse: 1, returnDoesNotAlias: 0, noInline: 1, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0), refs: (^7, readonly ^9)))) ; guid = 5661665692306158096
^4 = gv: (name: ".str", summaries: (variable: (module: ^0, flags: (linkage: private, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 1, writeonly: 0, constant: 1)))) ; guid = 6088838106057966567
^5 = gv: (name: "foo", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 9, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0), calls: ((callee: ^3, tail: 1), (callee: ^10, tail: 1)), refs: (^9, readonly ^1)))) ; guid = 6699318081062747564
^6 = gv: (name: "printf") ; guid = 7383291119112528047
^7 = gv: (name: "table", summaries: (variable: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 1, writeonly: 0, constant: 1)))) ; guid = 8539373648025336234
^8 = gv: (name: "my_alias", summaries: (alias: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), aliasee: ^2))) ; guid = 9634070450572533861
^9 = gv: (name: "counter", summaries: (variable: (module: ^0, flags: (linkage: internal, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 1, writeonly: 1, constant: 0)))) ; guid = 13438005532461835851
^10 = gv: (name: "ext") ; guid = 15493320556550420395
^11 = gv: (name: "main", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 19, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0), calls: ((callee: ^3, tail: 1), (callee: ^10, tail: 1), (callee: ^6, tail: 1)), refs: (^4, ^9, readonly ^1)))) ; guid = 15822663052811949562
^12 = gv: (name: "bar", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 11, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 1, mustBeUnreachable: 0), calls: ((callee: ^3, tail: 1), (callee: ^10, tail: 1)), refs: (^9, readonly ^1)))) ; guid = 16434608426314478903
^13 = blockcount: 0
