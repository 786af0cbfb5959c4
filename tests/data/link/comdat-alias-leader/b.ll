target datalayout = "e-m:w-p:32:32-i64:64-f80:32-n8:16:32-S32"
$foo = comdat largest
@zed = external constant i8
@table = private unnamed_addr constant [2 x ptr] [ptr @zed, ptr @bar], comdat($foo)
@foo = alias ptr, getelementptr ([2 x ptr], ptr @table, i32 0, i32 1)
declare void @bar() unnamed_addr
