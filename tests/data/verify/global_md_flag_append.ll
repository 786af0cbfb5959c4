!llvm.module.flags = !{!0}
!0 = !{i32 5, !"x", i32 1}
