; Names and shapes: an unnamed function, a one-block function, block names
; that need quotes and escapes, a declaration (nothing printed), a function
; with optnone (the oracle removes it; opt prints its analyses anyway), a
; wide switch, and a deep chain.

declare void @ext()

define void @0() {
  ret void
}

define void @"odd name"(i32 %x) #0 {
entry:
  br label %"a\22b"
"a\22b":
  switch i32 %x, label %"c d" [ i32 0, label %"1x"
                                i32 1, label %"c d"
                                i32 2, label %"a\22b"
                                i32 3, label %e.4
                                i32 4, label %"1x" ]
"1x":
  br label %"c d"
e.4:
  br label %"a\22b"
"c d":
  ret void
}

define i32 @chain(i1 %c) {
b0:
  br i1 %c, label %b1, label %b9
b1:
  br i1 %c, label %b2, label %b9
b2:
  br i1 %c, label %b3, label %b9
b3:
  br i1 %c, label %b4, label %b9
b4:
  br i1 %c, label %b5, label %b9
b5:
  br i1 %c, label %b6, label %b0.1
b6:
  br i1 %c, label %b7, label %b9
b7:
  br i1 %c, label %b8, label %b9
b8:
  br i1 %c, label %b1, label %b9
b0.1:
  br label %b3
b9:
  ret i32 0
}

attributes #0 = { noinline optnone }
