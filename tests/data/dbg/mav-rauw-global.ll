; OPS: rauw f @g @k
@g = global i32 0
@k = global i32 1

define i32 @f(i32 %x, i32 %y) {
entry:
  %a = add i32 %x, 1
  %b = mul i32 %x, 2
  call void @llvm.lair.test(metadata i32 %a)
  call void @llvm.lair.test(metadata i32 %b)
  call void @llvm.lair.test(metadata i32 %b)
  call void @llvm.lair.test(metadata ptr @g)
  call void @llvm.lair.test(metadata ptr @k)
  call void @llvm.lair.test(metadata !{})
  %c = add i32 %a, %b
  ret i32 %c
}

declare void @llvm.lair.test(metadata)
