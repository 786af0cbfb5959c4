@llvm.used = appending global [1 x ptr] zeroinitializer, section "llvm.metadata"
