; An identified struct whose name is not UTF-8 mangles into an overloaded
; intrinsic's name as its bytes (`s_<name>s`), as getMangledTypeStr does.

%"s\FFt" = type { i32, ptr }

declare %"s\FFt" @"llvm.ssa.copy.s_s\FFts"(%"s\FFt" returned)

define %"s\FFt" @f(%"s\FFt" %x) {
  %y = call %"s\FFt" @"llvm.ssa.copy.s_s\FFts"(%"s\FFt" %x)
  ret %"s\FFt" %y
}
