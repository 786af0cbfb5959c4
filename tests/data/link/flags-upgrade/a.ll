; Module flags as older producers wrote them: LLVM 19's readers upgrade them
; (UpgradeModuleFlags) before linking, so the behaviours agree.
define void @f() {
  ret void
}

!llvm.module.flags = !{!0, !1, !2, !3}
!0 = !{i32 7, !"PIC Level", i32 2}
!1 = !{i32 1, !"PIE Level", i32 2}
!2 = !{i32 1, !"branch-target-enforcement", i32 1}
!3 = !{i32 1, !"amdgpu_code_object_version", i32 500}
