@llvm.global_ctors = appending global [0 x { i32, ptr, i32 }] zeroinitializer
