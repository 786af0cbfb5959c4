; Older spellings LLVM 19's lexer and parser still take: `x86_mmx`,
; numbered calling conventions run together (`cc10`), [us]0x integers,
; function memory attributes of old (`argmemonly`, `readnone`, ...),
; references to attribute groups that are never defined, `[]` for a
; zero-length array.
@mmx = global x86_mmx undef
@mmxs = global [2 x x86_mmx] undef
@mmxc = global x86_mmx bitcast (<2 x i32> <i32 1, i32 2> to x86_mmx)
@hex = global i32 s0x1F
@uhex = global i64 u0xFFFFFFFFFFFFFFFF
@empty = global [0 x i32] []
@attr = global i32 0 #7

declare cc10 void @ghc()
declare cc 11 void @hipe()
declare cc1023 void @maxcc()
declare void @old1() argmemonly
declare void @old2() inaccessiblememonly
declare void @old3() inaccessiblemem_or_argmemonly nounwind
declare void @old4() readnone
declare void @old5() readonly
declare void @old6() writeonly
declare void @undef_group() #3

define x86_mmx @mmx_add(x86_mmx %a, x86_mmx %b) #0 {
  %c = call x86_mmx @llvm.x86.mmx.padd.b(x86_mmx %a, x86_mmx %b)
  %i = bitcast x86_mmx %c to i64
  %d = bitcast i64 %i to x86_mmx
  call cc10 void @ghc() #5
  ret x86_mmx %d
}

define void @mmx_mem(ptr %p) {
  %a = load x86_mmx, ptr %p
  store x86_mmx %a, ptr %p
  ret void
}
