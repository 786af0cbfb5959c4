target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"
$foo = comdat largest
@foo = global i64 43, comdat
