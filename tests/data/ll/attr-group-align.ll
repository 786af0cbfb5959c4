; `align=N` and `alignstack=N` in attribute groups, as LLParser reads
; them: any 32-bit N, rounded down to a power of two (`align=3` is
; `align 2`); `alignstack=0` adds nothing; `align=0` is an alignment of
; 0, which takes the function's own `align` away; the last one wins; a
; later definition of a group replaces the earlier one.

define void @a() #0 {
  ret void
}

define void @b() align 8 #1 {
  ret void
}

define void @c() align 8 #2 {
  ret void
}

define void @d() #3 {
  ret void
}

define void @e() #4 {
  ret void
}

attributes #0 = { align=3 alignstack=5 }
attributes #1 = { align=0 nounwind }
attributes #2 = { align=16 align=0 align=4294967295 alignstack=4294967295 }
attributes #3 = { alignstack=8 alignstack=0 noinline }
attributes #3 = { alignstack=0 align=0 }
attributes #4 = { align=1 "k"="v" alignstack=1 }
