!llvm.module.flags = !{!0}
!0 = !{!"a", !"x", i32 1}
