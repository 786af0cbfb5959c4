define void @f() addrspace(1) {
  ret void
}
@p = global ptr addrspace(1) @f
define void @g() {
  call addrspace(1) void @f()
  ret void
}
