!llvm.module.flags = !{!0}
!0 = !{i32 5, !"CG Profile", !{!1}}
!1 = !{ptr @g, null, i64 1}
@g = global i32 0
