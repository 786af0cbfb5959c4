; A triple that is not UTF-8 is bytes: the mismatch warning quotes it raw,
; as llvm-link-19 writes it.
target triple = "x86_64-\FF-linux"

@a = global i32 1
