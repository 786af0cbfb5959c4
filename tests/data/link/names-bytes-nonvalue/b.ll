$"\FF" = comdat any
$"\FE" = comdat any

%"\FF" = type { i32 }
%"\FE" = type { i16 }

@x = global %"\FF" zeroinitializer, comdat($"\FF")
@y2 = global i64 2, comdat($"\FE")
@w = global %"\FE" zeroinitializer
@arr = appending global [1 x i32] [i32 2], section "s\FF"

define void @f() comdat($"\FF") {
  ret void
}
