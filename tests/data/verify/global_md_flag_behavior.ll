!llvm.module.flags = !{!0}
!0 = !{i32 99, !"x", i32 1}
