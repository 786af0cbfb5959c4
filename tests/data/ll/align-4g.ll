; The largest alignment the parser takes, 2^32: LLVM 19's bitcode reader
; passes alignments through 32 bits, so the attribute reads back as none.

define void @f(ptr align 4294967296 %p, ptr align(8) %q) alignstack(16) {
  ret void
}

declare void @g(ptr dereferenceable(8) align 2147483648) uwtable(sync)
