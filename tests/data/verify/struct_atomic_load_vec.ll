define <2 x i32> @f(ptr %p) {
  %v = load atomic <2 x i32>, ptr %p seq_cst, align 8
  ret <2 x i32> %v
}
