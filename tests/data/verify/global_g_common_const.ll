@g = common constant i32 0
