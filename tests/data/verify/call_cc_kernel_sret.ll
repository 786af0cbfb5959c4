define amdgpu_kernel void @f(ptr sret(i32) %p) {
  ret void
}
