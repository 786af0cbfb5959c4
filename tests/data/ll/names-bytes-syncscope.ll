; Sync scope names are bytes: escaped and raw non-UTF-8 bytes, `\22` and
; `\5C` (printed `\\` by LLVM), on every atomic instruction; `\FF` and `\FE`
; are two scopes.

define void @f(ptr %p) {
  fence syncscope("a\FFb") seq_cst
  %x = load atomic i32, ptr %p syncscope("\22q\5C") acquire, align 4
  store atomic i32 %x, ptr %p syncscope("a\FEb") release, align 4
  %c = cmpxchg ptr %p, i32 0, i32 1 syncscope("rawÿþ") acq_rel monotonic
  %r = atomicrmw add ptr %p, i32 1 syncscope("caf\C3\A9") seq_cst
  fence syncscope("a\FFb") acquire
  ret void
}
