@"\FE" = global i32 3
@"\FF" = external global i32
@"loc\80" = internal global i32 4
@"\EF\BF\BD" = global i32 5

define i32 @"ext\F5"() {
  %a = load i32, ptr @"\FF"
  %b = load i32, ptr @"loc\80"
  %c = add i32 %a, %b
  ret i32 %c
}

define internal i32 @"use\C0"() {
  ret i32 0
}
