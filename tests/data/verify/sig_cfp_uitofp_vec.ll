declare float @llvm.experimental.constrained.uitofp.f32.v2i32(<2 x i32>, metadata, metadata)
define float @f(<2 x i32> %a) strictfp {
  %r = call float @llvm.experimental.constrained.uitofp.f32.v2i32(<2 x i32> %a, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret float %r
}
