$c = comdat any
@v2 = weak global i32 0, comdat($c)
@v3 = weak alias i32, ptr @v2
@v4 = alias i32, getelementptr (i8, ptr @v2, i64 0)
define ptr @f3() {
  ret ptr @v3
}
define ptr @f4() {
  ret ptr @v4
}
