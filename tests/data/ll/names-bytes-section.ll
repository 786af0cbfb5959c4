; Section and partition names are bytes (LLVM's StringRef): escaped and
; raw non-UTF-8 bytes, `\22` and `\5C`, on variables, functions, aliases
; and ifuncs; names differing only in bytes U+FFFD would merge.

@a = global i32 0, section "s\FF", partition "p\FE"
@b = global i32 1, section "s\FE", partition "p\FF"
@c = global i32 2, section "\EF\BF\BD"
@d = global i32 3, section "q\22\5Cr", partition "caf\C3\A9"
@e = global i32 4, section "rawÿþ", partition "rawé"
@al = alias i32, ptr @a, partition "alias\80"
@if = ifunc void (), ptr @res, partition "ifunc\81"

define ptr @res() section "fn\FF" partition "fnp\C0" {
  ret ptr null
}

define void @g() section "s\FF" {
  ret void
}

declare void @ext() section "decl\FE"
