; GC names are bytes: LLVM prints them unescaped, so a non-UTF-8 name reads
; back as the raw byte; `\FF` and `\FE` are two names.

define void @f() gc "g\FF" {
  ret void
}

define void @g() gc "g\FE" {
  ret void
}

define void @h() gc "g\FF" {
  ret void
}

declare void @d() gc "caf\C3\A9"
declare void @r() gc "rawÿ"
