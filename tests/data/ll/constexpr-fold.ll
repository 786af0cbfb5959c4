; Constant expressions fold as LLVM 19's parser folds them (ConstantExpr::get*).
@g = global i32 0, align 4
@s = global { i32, [2 x i16] } zeroinitializer
@a = global i32 add (i32 1, i32 2)
@b = global i64 add (i64 ptrtoint (ptr @g to i64), i64 0)
@c = global i64 add nsw (i64 add (i64 ptrtoint (ptr @g to i64), i64 1), i64 2)
@d = global ptr inttoptr (i64 ptrtoint (ptr @g to i64) to ptr)
@e = global i8 extractelement (<2 x i8> <i8 1, i8 2>, i32 1)
@f = global <2 x i8> insertelement (<2 x i8> zeroinitializer, i8 7, i32 0)
@h = global <4 x i8> shufflevector (<2 x i8> <i8 1, i8 2>, <2 x i8> <i8 3, i8 4>, <4 x i32> <i32 3, i32 2, i32 1, i32 0>)
@i = global ptr getelementptr (i8, ptr @g, i64 0)
@j = global i32 mul (i32 xor (i32 ptrtoint (ptr @g to i32), i32 -1), i32 0)
@k = global i1 xor (i1 true, i1 true)
@l = global i64 sub (i64 poison, i64 1)
@m = global <2 x i32> add (<2 x i32> <i32 1, i32 ptrtoint (ptr @g to i32)>, <2 x i32> <i32 2, i32 3>)
@n = global i16 trunc (i64 add (i64 ptrtoint (ptr @g to i64), i64 65536) to i16)
@o = global ptr addrspace(1) addrspacecast (ptr null to ptr addrspace(1))
@p = global i64 bitcast (<2 x i32> <i32 -1, i32 -1> to i64)
