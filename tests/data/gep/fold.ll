; Constant GEP expressions as written; scripts/gep-fold.sh prints what
; LLVM 19's ConstantExpr::getGetElementPtr makes of them (llvm-as-19 |
; llvm-dis-19). tests/gep_fold.rs builds the same ones with const_gep.
%S = type { i32, [4 x i32] }
@g = global [10 x i32] zeroinitializer
@s = global %S zeroinitializer
@a1 = global ptr getelementptr (i8, ptr @g, i64 0)
@a2 = global ptr getelementptr (i8, ptr @g, i32 0)
@a3 = global ptr getelementptr ([10 x i32], ptr @g, i64 0, i64 0)
@a4 = global ptr getelementptr ([10 x i32], ptr @g, i32 0, i64 12)
@a5 = global ptr getelementptr ([10 x i32], ptr @g, i8 1, i8 3)
@a6 = global ptr getelementptr (%S, ptr @s, i64 0, i32 1, i64 7)
@a7 = global ptr getelementptr inbounds (i8, ptr @g, i64 undef)
@a8 = global ptr getelementptr inbounds (i8, ptr poison, i64 4)
@a9 = global ptr getelementptr inbounds (i8, ptr undef, i64 4)
@a10 = global <2 x ptr> getelementptr (i8, ptr @g, <2 x i64> zeroinitializer)
@a11 = global <2 x ptr> getelementptr (i32, ptr @g, <2 x i64> <i64 1, i64 2>)
@a12 = global <2 x ptr> getelementptr (%S, <2 x ptr> <ptr @g, ptr @s>, i64 1, <2 x i32> <i32 1, i32 1>, i64 2)
@a13 = global ptr getelementptr (i8, ptr getelementptr (i8, ptr @g, i64 4), i64 4)
@a14 = global ptr getelementptr (i32, ptr null, i64 4)
@a15 = global ptr getelementptr inbounds ([10 x i32], ptr @g, i64 0, i64 poison)
@a16 = global ptr getelementptr inbounds nuw (i8, ptr @g, i64 3)
@a17 = global ptr getelementptr nusw (i8, ptr @g, i64 3)
@a18 = global ptr getelementptr inbounds (i8, ptr @g)
@a19 = global ptr getelementptr inrange(0, 8) (i8, ptr @g, i64 0)
@a20 = global <2 x ptr> getelementptr (i32, ptr @g, <2 x i64> <i64 0, i64 undef>)
@a21 = global <2 x ptr> getelementptr (i8, <2 x ptr> <ptr @g, ptr @s>, i64 0)
@a22 = global <2 x ptr> getelementptr inbounds (%S, ptr @s, <2 x i64> <i64 1, i64 1>, <2 x i32> zeroinitializer)
@a23 = global <2 x ptr> getelementptr (%S, ptr @s, i64 0, i32 1, <2 x i64> <i64 1, i64 3>)
@a24 = global ptr getelementptr inbounds (%S, ptr null, i64 0, i32 1, i64 3)
