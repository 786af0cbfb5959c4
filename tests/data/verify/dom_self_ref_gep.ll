define void @f() {
entry:
  br label %b
b:
  %p = getelementptr i8, ptr %p, i64 1
  br label %b
}
