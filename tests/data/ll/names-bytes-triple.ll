; The target triple is bytes: LLVM takes any and prints it raw (not
; escaped), so a non-UTF-8 byte reads back as itself.

target triple = "x86_64\FF-unknown-linux-gnu"

define void @f() {
  ret void
}
