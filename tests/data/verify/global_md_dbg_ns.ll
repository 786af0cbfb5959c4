!llvm.dbg.foo = !{!0}
!0 = !{}
