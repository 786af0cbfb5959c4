; 32-bit MSVC Windows: address spaces, i128:128 after the m/p/i specs, and
; f80:32 raised to f80:128 when the bitcode is read.
target datalayout = "e-m:x-p:32:32-i64:64-f80:32-n8:16:32-a:0:32-S32"
target triple = "i686-pc-windows-msvc"

@g = global x86_fp80 0xK3FFF8000000000000000
