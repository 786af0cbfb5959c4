define ptr @f(ptr returned %a, ptr returned %b) {
  ret ptr %a
}
