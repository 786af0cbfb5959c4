; A largest comdat whose key is an alias: its size is its aliasee object's
; (through a GEP), so the source's larger array wins.
target datalayout = "e-m:w-p:32:32-i64:64-f80:32-n8:16:32-S32"
$foo = comdat largest
@foo = linkonce_odr unnamed_addr constant [1 x ptr] [ptr @bar], comdat($foo)
declare void @bar() unnamed_addr
