; Intrinsic calls whose effects LLVM treats specially.
declare void @llvm.assume(i1)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @llvm.sideeffect()
declare void @llvm.donothing()
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
declare void @llvm.experimental.guard(i1, ...)
declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare <4 x i32> @llvm.matrix.column.major.load.v4i32.i64(ptr, i64, i1, i32, i32)
declare void @llvm.trap()
declare i1 @llvm.allow.runtime.check(metadata)
declare ptr @llvm.launder.invariant.group.p0(ptr)
declare ptr @llvm.invariant.start.p0(i64, ptr)
declare i32 @llvm.expect.i32(i32, i32)
declare i64 @llvm.objectsize.i64.p0(ptr, i1, i1, i1)
declare i1 @llvm.experimental.widenable.condition()
declare void @llvm.pseudoprobe(i64, i64, i32, i64)
declare i32 @llvm.ssa.copy.i32(i32)
declare i32 @llvm.umax.i32(i32, i32)
declare void @llvm.foo.unknown()
declare ptr @llvm.threadlocal.address.p0(ptr)
declare i32 @llvm.ctpop.i32(i32)
@tl = thread_local global i32 0
@g = global i32 0

define void @f(ptr %p, i1 %c, i32 %x, ptr %arg) {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  call void @llvm.assume(i1 true)
  call void @llvm.assume(i1 false)
  call void @llvm.assume(i1 %c)
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 8) ]
  call void @llvm.assume(i1 true) [ "ignore"(ptr %p) ]
  call void @llvm.dbg.value(metadata i32 %x, metadata !5, metadata !DIExpression()), !dbg !8
  call void @llvm.dbg.declare(metadata ptr %a, metadata !5, metadata !DIExpression()), !dbg !8
  call void @llvm.dbg.label(metadata !9), !dbg !8
  call void @llvm.lifetime.start.p0(i64 4, ptr %a)
  call void @llvm.lifetime.end.p0(i64 4, ptr %a)
  call void @llvm.lifetime.start.p0(i64 4, ptr %b)
  store i32 1, ptr %b
  call void @llvm.lifetime.end.p0(i64 4, ptr %b)
  call void @llvm.lifetime.start.p0(i64 4, ptr undef)
  call void @llvm.lifetime.start.p0(i64 4, ptr %arg)
  call void @llvm.lifetime.start.p0(i64 4, ptr %p)
  call void @llvm.sideeffect()
  call void @llvm.donothing()
  %ss = call ptr @llvm.stacksave.p0()
  call void @llvm.stackrestore.p0(ptr %ss)
  %ss2 = call ptr @llvm.stacksave.p0()
  call void (i1, ...) @llvm.experimental.guard(i1 true) [ "deopt"() ]
  call void (i1, ...) @llvm.experimental.guard(i1 %c) [ "deopt"() ]
  %f1 = call float @llvm.experimental.constrained.fadd.f32(float 1.0, float 2.0, metadata !"round.dynamic", metadata !"fpexcept.strict")
  %f2 = call float @llvm.experimental.constrained.fadd.f32(float 1.0, float 2.0, metadata !"round.dynamic", metadata !"fpexcept.ignore")
  %f3 = call float @llvm.experimental.constrained.fadd.f32(float 1.0, float 2.0, metadata !"round.dynamic", metadata !"fpexcept.maytrap")
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %a, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %a, i64 4, i1 true)
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 4, i1 true)
  %ml = call <4 x i32> @llvm.matrix.column.major.load.v4i32.i64(ptr %p, i64 2, i1 true, i32 2, i32 2)
  %ml2 = call <4 x i32> @llvm.matrix.column.major.load.v4i32.i64(ptr %p, i64 2, i1 false, i32 2, i32 2)
  call void @llvm.trap()
  %rc = call i1 @llvm.allow.runtime.check(metadata !"x")
  %l = call ptr @llvm.launder.invariant.group.p0(ptr %p)
  %ll = load i32, ptr %l, align 4
  %is = call ptr @llvm.invariant.start.p0(i64 4, ptr %p)
  %e = call i32 @llvm.expect.i32(i32 %x, i32 1)
  %os = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false, i1 false, i1 false)
  %wc = call i1 @llvm.experimental.widenable.condition()
  call void @llvm.pseudoprobe(i64 1, i64 1, i32 0, i64 -1)
  %sc = call i32 @llvm.ssa.copy.i32(i32 %x)
  %um = call i32 @llvm.umax.i32(i32 %x, i32 3)
  call void @llvm.foo.unknown()
  %ta = call ptr @llvm.threadlocal.address.p0(ptr @tl)
  %tl = load i32, ptr %ta, align 4
  %pc = call i32 @llvm.ctpop.i32(i32 %x) [ "foo"() ]
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, unit: !0)
!5 = !DILocalVariable(name: "x", scope: !4, file: !1, line: 1, type: !7)
!6 = !DISubroutineType(types: !{null})
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILocation(line: 1, column: 1, scope: !4)
!9 = !DILabel(scope: !4, name: "l", file: !1, line: 2)
