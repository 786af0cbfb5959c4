source_filename = "tests/data/opt/mem2reg-self-use.ll"

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
