@0 = global i32 0
@llvm.compiler.used = appending global [1 x ptr] [ptr @0], section "llvm.metadata"
