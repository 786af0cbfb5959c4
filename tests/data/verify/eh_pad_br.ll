declare i32 @__CxxFrameHandler3(...)
declare void @g()
define void @f() personality ptr @__CxxFrameHandler3 {
entry:
  br label %cp
cp:
  %c = cleanuppad within none []
  cleanupret from %c unwind to caller
}
