target triple = "aarch64-unknown-linux-gnu"
@b = global i32 2
