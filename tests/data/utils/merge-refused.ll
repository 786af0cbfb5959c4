; OPS: merge two %m; merge loop %l; merge philoop %b; merge inv %next; merge addr %t; merge entry %$0; merge two2 %m
define void @two(i1 %c) {
a:
  br i1 %c, label %m, label %m
m:
  ret void
}

define void @two2(i1 %c) {
a:
  br i1 %c, label %m, label %o
m:
  br label %o
o:
  ret void
}

define void @loop() {
e:
  br label %l
l:
  br label %l
}

define i32 @philoop(i1 %c) {
entry:
  ret i32 0
a:
  br label %b
b:
  %p = phi i32 [ %p, %a ]
  ret i32 %p
}

declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

define void @inv() personality ptr @__gxx_personality_v0 {
  invoke void @may_throw() to label %next unwind label %lp
next:
  ret void
lp:
  %x = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %x
}

@tab = global ptr blockaddress(@addr, %t)

define void @addr() {
s:
  br label %t
t:
  ret void
}

define void @entry() {
  ret void
}
