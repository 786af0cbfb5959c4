; Exception-handling and other terminators: invoke (normal, unwind),
; callbr (default, indirect), indirectbr, catchswitch, catchret,
; cleanupret, resume, unreachable, and a block whose terminator names a
; block twice.

declare i32 @f()
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)

define i32 @invoke(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @f() to label %normal unwind label %lpad
normal:
  br i1 %c, label %loop, label %done
loop:
  %x = invoke i32 @f() to label %loop unwind label %lpad
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
done:
  ret i32 %r
}

define i32 @callbr(i32 %a) {
entry:
  %r = callbr i32 asm "", "=r,r,!i,!i"(i32 %a) to label %fall [label %ind1, label %ind2]
fall:
  ret i32 %r
ind1:
  br label %fall
ind2:
  br label %ind1
}

define void @indirectbr(ptr %p) {
entry:
  indirectbr ptr %p, [label %a, label %b, label %a]
a:
  br label %b
b:
  indirectbr ptr %p, [label %a]
}

define void @funclets() personality ptr @__CxxFrameHandler3 {
entry:
  invoke i32 @f() to label %cont unwind label %dispatch
cont:
  ret void
dispatch:
  %cs = catchswitch within none [label %handler1, label %handler2] unwind label %cleanup
handler1:
  %cp1 = catchpad within %cs []
  catchret from %cp1 to label %cont
handler2:
  %cp2 = catchpad within %cs []
  catchret from %cp2 to label %cont
cleanup:
  %cl = cleanuppad within none []
  cleanupret from %cl unwind to caller
}

define void @catchswitch_to_caller() personality ptr @__CxxFrameHandler3 {
entry:
  invoke i32 @f() to label %cont unwind label %dispatch
cont:
  ret void
dispatch:
  %cs = catchswitch within none [label %handler] unwind to caller
handler:
  %cp = catchpad within %cs []
  catchret from %cp to label %cont
}
