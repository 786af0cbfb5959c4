; Names are bytes: @"\FF" links with @"\FF" only (not @"\FE"); internal
; names that collide are renamed with a `.N` suffix on their bytes.
@"\FF" = global i32 1
@"\FE" = external global i32
@"loc\80" = internal global i32 2

define i32 @"use\C0"() {
  %a = load i32, ptr @"\FE"
  %b = load i32, ptr @"loc\80"
  %c = add i32 %a, %b
  ret i32 %c
}

declare i32 @"ext\F5"()
