%B = type { ptr, i32 }

declare !types !0 %B @make.b()

define void @use() {
  %r = call %B @make.b()
  unreachable
}

!0 = !{%B undef}
