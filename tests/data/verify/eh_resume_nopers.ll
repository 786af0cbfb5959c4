define void @f() {
  resume { ptr, i32 } zeroinitializer
}
