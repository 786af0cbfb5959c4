; Dominance of uses: PHI uses on incoming edges, invoke results (defined
; on the normal edge, which is critical here), callbr results, uses in
; the same block, defs and uses in unreachable blocks, arguments.

declare i32 @f(i32)
declare i32 @__gxx_personality_v0(...)

define i32 @phis(i1 %c, i32 %a) {
entry:
  %x = add i32 %a, 1
  br i1 %c, label %left, label %right
left:
  %y = add i32 %x, 2
  br label %join
right:
  %z = add i32 %x, 3
  br i1 %c, label %join, label %other
join:
  %p = phi i32 [ %y, %left ], [ %z, %right ], [ %w, %other ]
  %q = phi i32 [ %p, %left ], [ %x, %right ], [ %q, %other ]
  %s = add i32 %p, %q
  ret i32 %s
other:
  %w = add i32 %z, %z
  br label %join
dead:
  %d = add i32 %x, %d2
  %d2 = add i32 %d, %y
  br label %join2
join2:
  ret i32 %d
}

define i32 @invokes(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %call, label %merge
call:
  %r = invoke i32 @f(i32 1) to label %merge unwind label %lpad
merge:
  %m = phi i32 [ 0, %entry ], [ %r, %call ]
  %u = add i32 %r, %m
  br label %use
use:
  %v = add i32 %r, 1
  ret i32 %v
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  %bad = add i32 %r, 2
  resume { ptr, i32 } %lp
}

define i32 @invoke_single(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @f(i32 1) to label %ok unwind label %lpad
ok:
  %v = add i32 %r, 1
  br label %next
next:
  %w = add i32 %r, %v
  ret i32 %w
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

define i32 @callbr(i32 %a) {
entry:
  %r = callbr i32 asm "", "=r,r,!i"(i32 %a) to label %fall [label %ind]
fall:
  %x = add i32 %r, 1
  br label %ind
ind:
  %y = phi i32 [ %r, %entry ], [ %x, %fall ]
  %z = add i32 %r, %y
  ret i32 %z
}

define i32 @same_block(i32 %a) {
entry:
  %x = add i32 %a, 1
  %y = add i32 %x, %a
  %z = mul i32 %y, %x
  br label %loop
loop:
  %i = phi i32 [ %z, %entry ], [ %j, %loop ]
  %j = add i32 %i, %y
  %c = icmp slt i32 %j, %x
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %j
}
