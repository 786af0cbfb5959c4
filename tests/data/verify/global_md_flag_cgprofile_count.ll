declare void @f()
!llvm.module.flags = !{!0}
!0 = !{i32 5, !"CG Profile", !{!1}}
!1 = !{ptr @f, ptr @f, !"x"}
