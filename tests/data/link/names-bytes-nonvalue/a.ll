; Names that are bytes, compared by the linker: comdats `$"\FF"`/`$"\FE"`,
; struct types `%"\FF"` (same body: one type) and `%"\FE"` (another body:
; renamed), sections of appending variables.
$"\FF" = comdat any
$"\FE" = comdat any

%"\FF" = type { i32 }
%"\FE" = type { i8 }

@x = global %"\FF" zeroinitializer, comdat($"\FF")
@y = global i32 1, comdat($"\FE")
@z = global %"\FE" zeroinitializer
@arr = appending global [1 x i32] [i32 1], section "s\FF"

define void @f() comdat($"\FF") {
  ret void
}
