; `splat (T v)` constants: fixed vectors become ordinary vector constants,
; scalable ones the shufflevector expression (`i64 0` index), a splat of
; zero is zeroinitializer and of undef or poison a scalable undef.
@a = global <4 x i32> splat (i32 7)
@b = global <2 x float> splat (float 1.500000e+00)
@c = global <4 x ptr> splat (ptr @a)
@d = global <4 x i32> splat (i32 0)
@e = global <4 x i32> splat (i32 poison)
@f = global <3 x i10> splat (i10 -5)

define void @stores(ptr %p) {
  store <2 x i10> splat (i10 -5), ptr %p, align 4
  store <vscale x 2 x i32> splat (i32 7), ptr %p, align 8
  store <vscale x 2 x i32> splat (i32 0), ptr %p, align 8
  store <vscale x 2 x i32> splat (i32 poison), ptr %p, align 8
  store <vscale x 2 x i32> splat (i32 undef), ptr %p, align 8
  store <vscale x 2 x i64> shufflevector (<vscale x 2 x i64> insertelement (<vscale x 2 x i64> poison, i64 3, i64 0), <vscale x 2 x i64> poison, <vscale x 2 x i32> zeroinitializer), ptr %p, align 16
  ret void
}

define <vscale x 4 x i32> @add(<vscale x 4 x i32> %x) {
  %y = add <vscale x 4 x i32> %x, splat (i32 1)
  %z = mul <vscale x 4 x i32> %y, splat (i32 3)
  ret <vscale x 4 x i32> %z
}
