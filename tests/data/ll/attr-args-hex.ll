; `u0x..`/`s0x..` numbers in nofpclass(...) and range(...), sized as
; LLLexer sizes them (active bits; signed for `s`), and the other forms
; of memory(...) LLParser reads (`argmem :` with a space).

declare void @a(float nofpclass(u0x3) %x)
declare void @b(float nofpclass(u0x3FF) %x)
declare void @c(i8 range(i8 u0x1, 2) %x)
declare void @d(i8 range(i8 s0xFF, 2) %x)
declare void @g(i16 range(i16 s0x8, u0xFFFF) %x)
declare void @h(i128 range(i128 u0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF, 5) %x)
declare void @i() memory(argmem : read, inaccessiblemem: write)
declare void @j() memory(none, argmem: readwrite)
