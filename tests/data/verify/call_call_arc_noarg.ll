declare ptr @g()
define void @f() {
  %r = call ptr @g() [ "clang.arc.attachedcall"() ]
  ret void
}
