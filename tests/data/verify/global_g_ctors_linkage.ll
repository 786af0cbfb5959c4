@llvm.global_dtors = global [0 x { i32, ptr, ptr }] zeroinitializer
