declare token @llvm.call.preallocated.setup(i32)
define void @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %t1 = call token @llvm.call.preallocated.setup(i32 0)
  br label %b
b:
  %p = phi token [ none, %entry ], [ %t1, %a ]
  ret void
}
