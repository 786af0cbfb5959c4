; Use-list order of `ptr null` with functions that have a personality,
; prefix or prologue: LLVM fills a function's three hung-off operand
; slots with `ptr null` when the first is set, so the unset ones are uses
; of `ptr null` that the USELIST records of llvm-as-19 count.
@g = global ptr null

declare i32 @pers(...)

define ptr @a(ptr %p) {
  store ptr null, ptr %p
  %c = icmp eq ptr %p, null
  ret ptr null
}

define void @b(ptr %p) personality ptr @pers {
  store ptr null, ptr %p
  call void @e(ptr null)
  ret void
}

define ptr @c() prologue i8 1 {
  ret ptr null
}

define void @d(ptr %p) personality ptr @pers {
  %c = icmp ne ptr null, %p
  ret void
}

define void @e(ptr %p) prefix ptr null {
  ret void
}

define void @f() prefix i32 4 personality ptr @pers {
  ret void
}

define void @h() prologue i8 3 personality ptr @pers {
  ret void
}
