!llvm.dbg.cu = !{!0}
!0 = !{}
