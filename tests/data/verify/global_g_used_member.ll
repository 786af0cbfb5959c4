@llvm.used = appending global [1 x ptr] [ptr null], section "llvm.metadata"
