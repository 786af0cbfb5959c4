declare i32 @__CxxFrameHandler3(...)
declare void @g()
define void @f() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @g() to label %ok unwind label %cp
ok:
  ret void
cp:
  %c = cleanuppad within none []
  invoke void @g() ["funclet"(token %c)] to label %x unwind label %cp2
x:
  cleanupret from %c unwind to caller
cp2:
  %c2 = cleanuppad within none []
  cleanupret from %c2 unwind to caller
}
