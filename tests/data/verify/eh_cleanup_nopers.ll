declare i32 @__CxxFrameHandler3(...)
declare void @g()
define void @f() {
entry:
  invoke void @g() to label %ok unwind label %cp
ok:
  ret void
cp:
  %c = cleanuppad within none []
  cleanupret from %c unwind to caller
}
