!llvm.module.flags = !{!0}
!0 = !{i32 8, !"x", i32 -1}
