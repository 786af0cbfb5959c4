; An AMDGPU module with no layout at all: reading the bitcode gives it the
; G1, ni:7:8:9 and p7-p9 specs, as LLVM 19's reader does.
target triple = "amdgcn-amd-amdhsa"

define void @k() {
  ret void
}
