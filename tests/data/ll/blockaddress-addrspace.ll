; blockaddress has the type of a pointer in its function's address space
; (program address space 2 here), backward and forward references alike.
target datalayout = "P2"

@fwd = global ptr addrspace(2) blockaddress(@f, %bb)
@typed = global i8 addrspace(2)* blockaddress(@f, %bb)

define void @f() addrspace(2) {
entry:
  br label %bb

bb:
  ret void
}

@back = global ptr addrspace(2) blockaddress(@f, %bb)

define ptr addrspace(2) @g() addrspace(2) {
entry:
  br label %l

l:
  ret ptr addrspace(2) blockaddress(@g, %l)
}
