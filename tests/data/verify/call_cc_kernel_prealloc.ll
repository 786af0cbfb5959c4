define amdgpu_kernel void @f(ptr preallocated(i32) %p) {
  ret void
}
