declare half @llvm.fptrunc.round.f16.f32(float, metadata)
define half @f(float %x) {
  %r = call half @llvm.fptrunc.round.f16.f32(float %x, metadata !"round.dynamic")
  ret half %r
}
