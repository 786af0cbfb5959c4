@g = global i32 0
@b = weak alias i32, ptr @g
@a = alias i32, ptr @b
