@g = addrspace(1) global i32 0
@a = alias i32, ptr addrspace(1) @g
