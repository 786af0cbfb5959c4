declare void @llvm.trap()
declare i32 @pers(...)
define void @f() personality ptr @pers {
  invoke void @llvm.trap() to label %a unwind label %b
a:
  ret void
b:
  %lp = landingpad {ptr, i32} cleanup
  ret void
}
