!llvm.module.flags = !{!0}
!0 = !{i32 3, !"x", !{!"y", i32 2}}
