; Instructions and operand forms the corpus does not exercise.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%pair = type { i32, i64 }

@g = global i32 0
@tbl = constant [2 x ptr] [ptr blockaddress(@computed, %a), ptr blockaddress(@computed, %b)]

declare i32 @__gxx_personality_v0(...)
declare void @may_throw(i32)
declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)
declare void @llvm.donothing()
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)

define i32 @atomics(ptr %p, i32 %v) {
  %old = atomicrmw volatile add ptr %p, i32 %v syncscope("agent") seq_cst, align 4
  %x = atomicrmw xchg ptr %p, i32 1 monotonic
  %f = atomicrmw fadd ptr %p, float 1.0 acq_rel
  %m = atomicrmw umax ptr %p, i32 3 release, align 8
  %u = atomicrmw uinc_wrap ptr %p, i32 3 seq_cst
  %pair = cmpxchg weak volatile ptr %p, i32 %v, i32 5 syncscope("singlethread") acq_rel monotonic, align 4
  %pair2 = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
  %ok = extractvalue { i32, i1 } %pair, 1
  %l = load atomic volatile i32, ptr %p syncscope("agent") acquire, align 4
  store atomic i32 %l, ptr %p unordered, align 4
  store volatile i32 %l, ptr %p, align 2
  fence syncscope("singlethread") seq_cst
  fence acquire
  ret i32 %old
}

define float @fp(float %a, float %b, double %d, <4 x float> %v) {
  %1 = fadd fast float %a, %b
  %2 = fsub nnan ninf float %1, %b
  %3 = fmul reassoc nsz arcp contract afn float %2, 2.0
  %4 = fdiv float %3, 0x3FF0000000000000
  %5 = frem float %4, -0.0
  %6 = fneg nnan float %5
  %7 = fcmp fast olt float %6, %a
  %8 = fcmp uno double %d, 0x7FF8000000000000
  %9 = select nnan i1 %7, float %a, float %6
  %10 = fptrunc double %d to float
  %11 = fpext float %10 to double
  %12 = fptosi float %a to i32
  %13 = uitofp nneg i32 %12 to float
  %14 = call fast float @llvm.fabs.f32(float %13)
  %15 = extractelement <4 x float> %v, i32 0
  %16 = insertelement <4 x float> %v, float %15, i64 3
  %17 = shufflevector <4 x float> %16, <4 x float> poison, <2 x i32> <i32 0, i32 poison>
  %18 = shufflevector <4 x float> %16, <4 x float> %v, <4 x i32> zeroinitializer
  %19 = fcmp ord <4 x float> %v, %16
  ret float %9
}

declare float @llvm.fabs.f32(float)

define i64 @ints(i64 %a, i64 %b, i1 %c, i8* %p) {
entry:
  %s0 = add nuw nsw i64 %a, %b
  %s1 = sub nsw i64 %s0, 1
  %s2 = mul nuw i64 %s1, %s1
  %s3 = shl nuw nsw i64 %s2, 2
  %s4 = udiv exact i64 %s3, 3
  %s5 = sdiv i64 %s4, -3
  %s6 = lshr exact i64 %s5, 1
  %s7 = ashr i64 %s6, 1
  %s8 = or disjoint i64 %s7, 1
  %s9 = and i64 %s8, 255
  %s10 = xor i64 %s9, -1
  %s11 = urem i64 %s10, 7
  %s12 = srem i64 %s11, 7
  %t = trunc nuw nsw i64 %s12 to i32
  %z = zext nneg i32 %t to i64
  %sx = sext i1 %c to i64
  %pi = ptrtoint ptr %p to i64
  %ip = inttoptr i64 %pi to ptr
  %as = addrspacecast ptr %ip to ptr addrspace(1)
  %bc = bitcast <2 x i32> <i32 1, i32 2> to i64
  %fr = freeze i64 %bc
  %cmp = icmp sge i64 %fr, %z
  %sel = select i1 %cmp, i64 %sx, i64 %z
  %big = add i128 170141183460469231731687303715884105727, 1
  %agg = insertvalue %pair undef, i64 %sel, 1
  %agg2 = insertvalue { %pair, [2 x i8] } zeroinitializer, %pair %agg, 0
  %e = extractvalue { %pair, [2 x i8] } %agg2, 0, 1
  %arr = alloca [4 x i32], i64 %a, align 16
  %arr2 = alloca inalloca i32, align 4
  %arr3 = alloca i32, i32 1, align 4, addrspace(5)
  %gep = getelementptr inbounds nuw [4 x i32], ptr %arr, i64 0, i64 %e
  %gep2 = getelementptr nusw i8, ptr %gep, i64 -1
  %gepv = getelementptr i32, <2 x ptr> <ptr @g, ptr @g>, <2 x i64> <i64 0, i64 1>
  switch i32 %t, label %done [
    i32 0, label %one
    i32 5, label %done
  ]

one:
  %vv = va_arg ptr %p, i32
  br i1 %c, label %done, label %entry2

entry2:
  br label %done

done:
  %res = phi i64 [ %e, %entry ], [ 0, %one ], [ %e, %entry ], [ 2, %entry2 ]
  ret i64 %res
}

define void @computed(ptr %dst) {
entry:
  indirectbr ptr %dst, [label %a, label %b]
a:
  ret void
b:
  unreachable
}

define i32 @eh() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 1) #0 [ "deopt"(i32 1, ptr null), "gc-live"() ]
          to label %cont unwind label %lpad
cont:
  %r = invoke fastcc i32 @callee_cc(i32 2)
          to label %ok unwind label %lpad
ok:
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
          catch ptr @g
          filter [1 x ptr] [ptr @g]
  resume { ptr, i32 } %lp
}

define internal fastcc i32 @callee_cc(i32 %x) {
  ret i32 %x
}

define void @funclets() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 0) to label %exit unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler, label %handler2] unwind label %cleanup
handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp to label %exit
handler2:
  %cp2 = catchpad within %cs []
  catchret from %cp2 to label %exit
cleanup:
  %cl = cleanuppad within none []
  call void @may_throw(i32 1) [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller
exit:
  ret void
}

define i32 @asm_and_calls(i32 %x, ...) {
  %a = call i32 asm sideeffect alignstack inteldialect "mov $0, $1", "=r,r,~{dirflag}"(i32 %x)
  %b = call i32 asm "bswap $0", "=r,0"(i32 %a) #1
  %c = tail call i32 (i32, ...) @asm_and_calls(i32 %b, i32 1, double 2.0)
  %d = notail call noundef i32 @callee_cc(i32 signext %c)
  %e = call float @llvm.experimental.constrained.fadd.f32(float 1.0, float 2.0, metadata !"round.dynamic", metadata !"fpexcept.strict")
  call void @llvm.donothing() nounwind
  callbr void asm "", "r,!i"(i32 %x) to label %normal [label %other]
normal:
  %m = musttail call i32 (i32, ...) @asm_and_calls(i32 %x, ...)
  ret i32 %m
other:
  ret i32 0
}

define <vscale x 4 x i32> @scalable(<vscale x 4 x i32> %v, target("aarch64.svcount") %t) {
  %s = add <vscale x 4 x i32> %v, zeroinitializer
  %sp = shufflevector <vscale x 4 x i32> %s, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  ret <vscale x 4 x i32> %sp
}

define void @forward_refs(i1 %c) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %dup = add i32 %i, %i
  br i1 %c, label %loop, label %exit
exit:
  ret void

  uselistorder i32 %i, { 1, 2, 0 }
}

uselistorder_bb @computed, %a, { 1, 0 }

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }
