@g = global i32 0
@i = ifunc void (), ptr @g
