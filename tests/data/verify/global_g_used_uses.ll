@g = global i32 0
@llvm.used = appending global [1 x ptr] [ptr @g], section "llvm.metadata"
@h = global ptr @llvm.used
