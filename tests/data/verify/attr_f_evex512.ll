target triple = "x86_64-unknown-linux-gnu"
define void @f(<16 x i32> %v) "target-features"="+avx512f,-evex512" {
  ret void
}
