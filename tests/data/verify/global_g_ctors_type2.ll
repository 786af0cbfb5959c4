@llvm.global_ctors = appending global [1 x { i64, ptr, ptr }] zeroinitializer
