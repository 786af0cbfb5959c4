!llvm.module.flags = !{!0}
!0 = !{i32 3, !"x", !{i32 1, i32 2}}
