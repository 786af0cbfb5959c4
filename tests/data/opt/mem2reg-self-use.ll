; mem2reg in a block unreachable from the entry: the only store holds a
; value computed from the load it feeds, so the load's uses go to that
; value and the `add` ends up using itself (valid in unreachable code;
; LLVM 19 does the same, and so must the replacement not refuse it).
define i32 @f(i32 %a) {
entry:
  %p = alloca i32, align 4
  ret i32 %a

dead:
  store i32 %w, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  br label %dead
}
