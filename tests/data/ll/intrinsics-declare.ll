; Intrinsics used without a declaration are declared from the calls' types
; (LLVM 19's LLParser); declarations get the intrinsic's attributes whatever
; the text says; a wrongly suffixed declaration is renamed to its mangling.
target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"

%struct.pair = type { i32, i64 }

@llvm.umax.i16 = global i16 0

declare i64 @llvm.smax.i32(i64, i64) noinline "keep"="no"
declare fastcc i32 @llvm.umin.i64(i32, i32) #0
declare void @llvm.unknown.thing(i32) #0
declare i32 @personality(...)

define void @f(ptr %p, ptr %q, <4 x float> %v, i64 %n) personality ptr @personality {
entry:
  call void @llvm.memmove(ptr %p, ptr %q, i64 %n, i1 false)
  call void @llvm.memcpy.p0.p0.i32(ptr %p, ptr %q, i32 4, i1 true)
  %a = call i8 @llvm.umax(i8 1, i8 2)
  %b = call i32 @llvm.umax.whatever(i32 1, i32 2)
  %c = call <4 x float> @llvm.fabs.v4f64(<4 x float> %v)
  %d = call i32 @llvm.umin.i64(i32 3, i32 4)
  %e = call i16 @llvm.umax(i16 5, i16 6)
  %s = call %struct.pair @llvm.ssa.copy(%struct.pair zeroinitializer)
  %t = call { i32, i1 } @llvm.uadd.with.overflow(i32 1, i32 2)
  call void @llvm.trap()
  invoke void @llvm.donothing()
          to label %ok unwind label %bad

ok:
  %m = call ptr @llvm.ptrmask(ptr %p, i64 -8)
  ret void

bad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret void
}

attributes #0 = { cold "x"="y" }
