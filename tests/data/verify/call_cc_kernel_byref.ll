define amdgpu_kernel void @f(ptr byref(i32) %p) {
  ret void
}
