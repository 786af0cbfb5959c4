; Names are bytes (LLVM's StringRef): escaped non-UTF-8 bytes in global,
; function, alias, ifunc, argument, block and instruction names; names
; that only differ in bytes U+FFFD would merge; `\22` and `\5C`; names that
; need quotes and names that do not.

@"\FF" = global i32 0
@"\FE" = global i32 1
@"\EF\BF\BD" = global i32 2
@"a\22b\5Cc" = global i32 3
@"\01mangled" = global i32 4
@"caf\C3\A9" = global i32 5
@"\41bc" = global i32 6
@"1\80" = global ptr @"\FF"
@"sp ace\7F" = constant [2 x ptr] [ptr @"\FE", ptr @"fwd\90"]
@"fwd\90" = global i32 7
@"\E0\80" = alias i32, ptr @"\FF"
@"\C1" = ifunc void (), ptr @"res\FF"
@str = global [3 x i8] c"\FF\FE\00"

define ptr @"res\FF"() {
  ret ptr null
}

declare void @"ext\F0\9F"(i32)

define i32 @"f\80"(i32 %"\FF", i32 %"\FE") {
"\FE\FF":
  %"\C0" = add i32 %"\FF", %"\FE"
  %"\C0.1" = add i32 %"\C0", 1
  %"q\22\5C" = add i32 %"\C0.1", 1
  br label %"\FE\FF1"

"\FE\FF1":
  %r = load i32, ptr @"\FF"
  %s = add i32 %r, %"q\22\5C"
  %"fwd\AA" = add i32 %s, 1
  br i1 true, label %"\FE\FF2", label %"\FE\FF1"

"\FE\FF2":
  call void @"ext\F0\9F"(i32 %"fwd\AA")
  ret i32 %s
}

define ptr @ba() {
  ret ptr blockaddress(@"f\80", %"\FE\FF1")
}

define i32 @g() {
"\80":
  %0 = call i32 @"f\80"(i32 1, i32 2)
  %"\80\81" = call i32 @"f\80"(i32 %0, i32 3)
  ret i32 %"\80\81"
}

!named = !{!0}
!0 = !{!"\FF\FE", !"caf\C3\A9"}
