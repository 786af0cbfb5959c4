; `ptr null` used only by the unset hung-off slots of functions with a
; personality, prefix or prologue: llvm-as-19 writes a module-level
; USELIST record for it.
declare i32 @pers(...)

define void @a() personality ptr @pers {
  ret void
}

define void @b() prefix i32 1 {
  ret void
}

define void @c() prologue i8 2 {
  ret void
}
