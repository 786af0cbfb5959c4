; An empty source file name is kept (and printed): llvm-as would
; otherwise take the file name.
source_filename = ""
target triple = "x86_64-pc-linux-gnu"

@x = internal global i32 0
