declare i32 @__CxxFrameHandler3(...)
declare void @g()
define void @f() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @g() to label %ok unwind label %cp1
ok:
  ret void
cp1:
  %c1 = cleanuppad within none []
  cleanupret from %c1 unwind label %cp2
cp2:
  %c2 = cleanuppad within none []
  cleanupret from %c2 unwind label %cp1
}
