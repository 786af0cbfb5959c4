; load, store, alloca, atomicrmw and cmpxchg written without `align`:
; LLParser gives them the data layout's alignment (ABI for load and
; store, preferred for alloca, the store size for the atomics).
target datalayout = ""

%s = type { i8, i64, <2 x float> }
%p = type <{ i8, i32 }>

define void @f(ptr %q) {
entry:
  %a1 = alloca i1
  %a2 = alloca i64
  %a3 = alloca double
  %a4 = alloca <4 x i32>
  %a5 = alloca %s
  %a6 = alloca [3 x i128]
  %a7 = alloca ptr, i32 4
  %a8 = alloca x86_fp80
  %l1 = load i8, ptr %q
  %l2 = load i64, ptr %q
  %l3 = load double, ptr %q
  %l4 = load <3 x i16>, ptr %q
  %l5 = load %s, ptr %q
  %l6 = load %p, ptr %q
  %l7 = load ptr, ptr %q
  %l8 = load i128, ptr %q
  %l9 = load fp128, ptr %q
  %l10 = load <vscale x 2 x i64>, ptr %q
  %l11 = load i24, ptr %q
  store i8 %l1, ptr %q
  store i64 %l2, ptr %q
  store double %l3, ptr %q
  store %s %l5, ptr %q
  store ptr %l7, ptr %q
  store i128 %l8, ptr %q
  store volatile <3 x i16> %l4, ptr %q
  %r1 = atomicrmw add ptr %q, i32 1 seq_cst
  %r2 = atomicrmw xchg ptr %q, i64 1 monotonic
  %r3 = atomicrmw fadd ptr %q, double 1.0 acquire
  %x1 = cmpxchg ptr %q, i32 0, i32 1 seq_cst seq_cst
  %x2 = cmpxchg ptr %q, i128 0, i128 1 acquire monotonic
  ret void
}
