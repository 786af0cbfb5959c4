; Calls: memory effects, nounwind/willreturn, call-site against callee
; attributes, operand bundles, indirect and mismatched calls, allocation
; and free functions.
declare void @plain()
declare void @none() memory(none) nounwind willreturn
declare i32 @readonly(ptr) memory(read) nounwind willreturn
declare void @argmem(ptr nocapture writeonly, ptr readonly) memory(argmem: readwrite) nounwind
declare void @inacc() memory(inaccessiblemem: readwrite) nounwind willreturn
declare void @writeonly() memory(write) nounwind willreturn
declare void @noreturn() noreturn nounwind
declare float @spec(float) speculatable memory(none) nounwind willreturn
declare noalias nonnull ptr @ret_attrs(ptr returned) nounwind
declare void @nb() nobuiltin
declare void @conv() convergent
declare ptr @my_malloc(i64) allockind("alloc,uninitialized") allocsize(0) "alloc-family"="my"
declare void @my_free(ptr allocptr nocapture) allockind("free") "alloc-family"="my"
declare void @params(ptr byval(i32) %b, i32 signext %s, ptr noundef nonnull dereferenceable(8) align 8 %d, i8 zeroext %z)
@g = global i32 0
@fp = global ptr null

define void @calls(ptr %p, ptr %f) {
  call void @plain()
  call void @none()
  call void @none() [ "deopt"(i32 1, ptr %p) ]
  call void @none() [ "foo"(ptr %p) ]
  call void %f() [ "ptrauth"(i32 1, i64 2) ]
  %r = call i32 @readonly(ptr %p)
  %r2 = call i32 @readonly(ptr %p) [ "deopt"() ]
  call void @argmem(ptr %p, ptr %p)
  call void @argmem(ptr %p, ptr %p) [ "foo"() ]
  call void @inacc()
  call void @writeonly()
  call void @plain() memory(none) nounwind
  call void @plain() willreturn
  call void @none() memory(read)
  call void @noreturn()
  %s = call float @spec(float 1.0)
  %s2 = call float @spec(float 1.0) memory(write)
  %q = call ptr @ret_attrs(ptr %p)
  %q2 = call nonnull ptr @ret_attrs(ptr noalias %p)
  call void @nb()
  call void @nb() builtin
  call void @plain() nobuiltin
  call void @conv()
  call void %f()
  call void %f() nounwind willreturn memory(none)
  call void @none(i32 1)
  %bad = call i32 @spec(float 2.0)
  call void (...) @plain()
  %m = call ptr @my_malloc(i64 8)
  %m2 = call ptr @my_malloc(i64 8) nobuiltin
  call void @my_free(ptr %m)
  call void @my_free(ptr null)
  call void @my_free(ptr undef)
  call void @my_free(ptr poison)
  call void @my_free(ptr @g)
  call void @my_free(ptr null) nobuiltin
  call void @params(ptr byval(i32) %p, i32 signext 1, ptr %p, i8 zeroext 1)
  call void @params(ptr %p, i32 1, ptr noalias %p, i8 2) [ "foo"(ptr %p) ]
  %fp = load ptr, ptr @fp
  call void %fp()
  call void asm sideeffect "nop", ""()
  call void asm "", ""()
  tail call void @none()
  ret void
}

define void @mt() {
  musttail call void @plain()
  ret void
}
