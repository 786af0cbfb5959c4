; Inline asm strings and constraint strings are bytes: escaped and raw
; non-UTF-8 bytes, `\22` and `\5C` (printed `\\` by LLVM), in the asm text
; and in a clobber's register name; `\FF` and `\FE` are two snippets.

define i32 @f(i32 %x) {
  call void asm sideeffect "nop \FF", "~{m\FEem}"()
  call void asm sideeffect "nop \FE", "~{memory}"()
  %y = call i32 asm "mov \22$1\22, $0 \5C caf\C3\A9", "=r,r,~{\FF}"(i32 %x)
  call void asm inteldialect "nop \FF", ""()
  ret i32 %y
}
