; The source file name and module asm are bytes: escaped and raw non-UTF-8
; bytes, `\22`, `\5C` and a newline inside one directive.
source_filename = "dir\FF/caf\C3\A9.c\22\5C"

module asm "\FE\FF nop"
module asm "two\0Alines\80"
module asm "rawþ"

@g = global i32 0
