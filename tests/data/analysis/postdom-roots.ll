; Post-dominator roots: several returns, an unreachable region, infinite
; loops (one reached from the entry, one not), a self loop, and blocks
; after a `ret` that only an infinite loop follows.

define i32 @multiple_returns(i1 %a, i1 %b) {
entry:
  br i1 %a, label %left, label %right
left:
  br i1 %b, label %ret1, label %join
right:
  br label %join
join:
  ret i32 2
ret1:
  ret i32 1
}

define void @infinite_loop(i1 %c) {
entry:
  br i1 %c, label %loop, label %exit
loop:
  br label %loop.body
loop.body:
  br label %loop
exit:
  ret void
}

define void @only_infinite(i1 %t) {
entry:
  br label %a
a:
  br i1 %t, label %b, label %c
b:
  br label %a
c:
  br label %b
}

define void @unreachable_region(i32 %n) {
entry:
  ret void
dead1:
  br label %dead2
dead2:
  br i1 true, label %dead1, label %dead3
dead3:
  unreachable
island:
  br label %island
}

define void @self_loops(i1 %c) {
entry:
  br label %spin
spin:
  br i1 %c, label %spin, label %next
next:
  br label %next
}

define void @two_infinite_loops(i1 %c, i1 %d) {
entry:
  br i1 %c, label %l1, label %l2
l1:
  br i1 %d, label %l1b, label %l2
l1b:
  br label %l1
l2:
  br label %l2b
l2b:
  br label %l2
}

define i32 @switch_duplicates(i32 %x) {
entry:
  switch i32 %x, label %d [ i32 0, label %a
                            i32 1, label %a
                            i32 2, label %b
                            i32 3, label %d ]
a:
  br label %d
b:
  br i1 false, label %d, label %d
d:
  %p = phi i32 [ 0, %entry ], [ 0, %entry ], [ 1, %a ], [ 2, %b ], [ 2, %b ]
  ret i32 %p
}
