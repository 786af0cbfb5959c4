@g = external global [2 x i32]
@a = alias i32, getelementptr (i32, ptr @g, i64 1)
