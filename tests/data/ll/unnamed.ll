; Unnamed (numbered) global values as LLVM 19 accepts them: every one is
; written `@N = ...` (a bare `global i32 0` at top level is rejected);
; numbers may skip but never go back, and are shared by variables,
; aliases, ifuncs and functions; forward references to numbers resolve.

@0 = global i32 0
@named = global ptr @2
@2 = private constant [2 x ptr] [ptr @0, ptr @5]
@3 = internal global ptr @6
@4 = alias i32, ptr @0
@5 = ifunc void (), ptr @7
@x = global i32 1

define void @6() {
  ret void
}

define internal ptr @7() {
  call void @6()
  ret ptr @6
}

declare i32 @9(i32)
