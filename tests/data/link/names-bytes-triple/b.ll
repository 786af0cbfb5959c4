; The second triple differs from the first, which the destination took.
target triple = "x86_64-pc-linux-gnu"

@b = global i32 2
