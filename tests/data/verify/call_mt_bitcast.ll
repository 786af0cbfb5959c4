declare ptr @g()
define ptr @f() {
  %r = musttail call ptr @g()
  %b = bitcast ptr %r to ptr
  ret ptr %r
}
