declare void @llvm.experimental.noalias.scope.decl(metadata)
define void @f() {
  call void @llvm.experimental.noalias.scope.decl(metadata !0)
  ret void
}
!0 = !{!1, !1}
!1 = !{!1, !2}
!2 = !{!2}
