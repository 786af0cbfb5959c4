; Use-list order directives, applied by the parser (tests/uselist.rs
; checks the orders; llvm-dis does not print them by default, so neither
; does lair's printer).

@g = global i32 0
@p = global ptr @g
@ba = global ptr blockaddress(@f, %bb)

define i32 @f(i32 %c) {
entry:
  store i32 1, ptr @g
  %x = add i32 %c, 1
  %y = mul i32 %x, %x
  switch i32 %c, label %bb [
    i32 1, label %other
    i32 2, label %bb
  ]
other:
  store i32 %y, ptr @g
  br label %bb
bb:
  ret i32 %x
  uselistorder i32 %x, { 2, 0, 1 }
  uselistorder i32 %c, { 1, 0 }
}

uselistorder ptr @g, { 1, 2, 0 }
uselistorder_bb @f, %bb, { 1, 3, 0, 2 }
