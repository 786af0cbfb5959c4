; Comdat names are bytes: `$"\FF"` and `$"\FE"` are two comdats; a global
; named as its comdat prints `comdat` alone, others `comdat($name)`.

$"\FF" = comdat any
$"\FE" = comdat largest
$"c\C3\A9" = comdat nodeduplicate
$"q\22\5C" = comdat samesize
$unused = comdat exactmatch

@"\FF" = global i32 0, comdat
@g = global i32 1, comdat($"\FE")
@"\FE" = global i32 2, comdat
@h = global i32 3, comdat($"c\C3\A9")
@i = global i32 4, comdat($"q\22\5C")

define void @f() comdat($"\FF") {
  ret void
}
$"rawÿ" = comdat any
@r = global i32 5, comdat($"rawÿ")
