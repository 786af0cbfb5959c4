; Memory instructions: plain, volatile and atomic accesses, fences, va_arg.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

@g = global i32 7
@c = constant i32 3
@ew = extern_weak global i32

define void @loads(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4
  %b = load volatile i32, ptr %p, align 4
  %c = load atomic i32, ptr %p unordered, align 4
  %d = load atomic i32, ptr %p monotonic, align 4
  %e = load atomic volatile i32, ptr %p seq_cst, align 4
  %f = load i32, ptr @c, align 4
  %g = load volatile i32, ptr @c, align 4
  %h = load atomic i32, ptr @c acquire, align 4
  %i = load i32, ptr @g, align 4
  %j = load i32, ptr getelementptr (i8, ptr @c, i64 0), align 4
  store i32 1, ptr %q, align 4
  store volatile i32 1, ptr %q, align 4
  store atomic i32 1, ptr %q unordered, align 4
  store atomic i32 1, ptr %q release, align 4
  store atomic volatile i32 1, ptr %q seq_cst, align 4
  ret void
}

define void @atomics(ptr %p, ptr %ap) {
  fence acquire
  fence syncscope("singlethread") seq_cst
  %x = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
  %y = cmpxchg volatile ptr %p, i32 0, i32 1 acq_rel monotonic
  %z = atomicrmw add ptr %p, i32 1 seq_cst
  %w = atomicrmw volatile xchg ptr %p, i32 1 monotonic
  %v = va_arg ptr %ap, i32
  ret void
}

define i32 @arith(i32 %a, i32 %b, <2 x i32> %v) {
  %1 = add i32 %a, %b
  %2 = udiv i32 %a, 3
  %3 = udiv i32 %a, 0
  %4 = udiv i32 %a, %b
  %5 = sdiv i32 %a, -1
  %6 = sdiv i32 7, -1
  %7 = sdiv i32 -2147483648, -1
  %8 = sdiv i32 %a, 5
  %9 = srem i32 %a, 0
  %10 = urem <2 x i32> %v, <i32 2, i32 2>
  %11 = urem <2 x i32> %v, <i32 2, i32 0>
  %12 = sdiv <2 x i32> %v, <i32 -1, i32 -1>
  %13 = sdiv <2 x i32> <i32 4, i32 4>, <i32 -1, i32 -1>
  %14 = urem <2 x i32> %v, zeroinitializer
  %15 = fdiv float 1.0, 0.0
  %16 = icmp eq i32 %a, %b
  %17 = select i1 %16, i32 %a, i32 %b
  %18 = extractelement <2 x i32> %v, i32 5
  %19 = freeze i32 %a
  %20 = alloca i32, align 4
  ret i32 %17
}

define void @branches(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %b
a:
  %p = phi i32 [ 0, %entry ], [ 1, %b ], [ 2, %a ], [ 2, %a ]
  switch i32 %x, label %b [ i32 1, label %a
                            i32 2, label %a ]
b:
  br i1 %c, label %a, label %d
d:
  unreachable
}
