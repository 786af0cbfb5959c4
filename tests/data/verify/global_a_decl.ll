@g = external global i32
@a = alias i32, ptr @g
