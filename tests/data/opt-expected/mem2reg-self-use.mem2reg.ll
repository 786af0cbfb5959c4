source_filename = "tests/data/opt/mem2reg-self-use.ll"

define i32 @f(i32 %a) {
entry:
  ret i32 %a

dead:
  %w = add i32 %w, 1
  br label %dead
}
