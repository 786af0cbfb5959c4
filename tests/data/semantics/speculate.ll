; Loads that may or may not be speculated: dereferenceable and aligned
; pointers without a context instruction.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%pair = type { i32, i64 }
@g = global i32 0
@ga = global i32 0, align 16
@big = global [8 x i32] zeroinitializer
@decl = external global i64
@ew = extern_weak global i32
@weak = weak global i32 0
@lo = linkonce_odr global [4 x i64] zeroinitializer
@s = global %pair zeroinitializer
@small = global i8 0
@al1 = global i32 0, align 1
@tl = thread_local global i32 0

declare ptr @get() nounwind
declare ptr @get_deref() nounwind
declare ptr @id(ptr returned) nounwind
declare ptr @llvm.launder.invariant.group.p0(ptr)

define void @args(ptr sret(%pair) %sr, ptr dereferenceable(8) %d8, ptr dereferenceable(2) %d2,
                  ptr dereferenceable_or_null(8) %dn, ptr nonnull dereferenceable_or_null(8) %dnn,
                  ptr byval(i64) %bv, ptr align 8 dereferenceable(16) %a8,
                  ptr %plain, ptr addrspace(1) dereferenceable(4) %as1, ptr noundef %nu) {
  %1 = load i32, ptr %d8, align 4
  %2 = load i64, ptr %d8, align 8
  %3 = load i32, ptr %d2, align 1
  %4 = load i16, ptr %d2, align 1
  %5 = load i32, ptr %dn, align 1
  %6 = load i32, ptr %dnn, align 1
  %7 = load i64, ptr %bv, align 1
  %8 = load i64, ptr %bv, align 8
  %9 = load i32, ptr %sr, align 4
  %10 = load i64, ptr %sr, align 8
  %11 = load i64, ptr %a8, align 8
  %12 = getelementptr inbounds i8, ptr %a8, i64 8
  %13 = load i64, ptr %12, align 8
  %14 = getelementptr i8, ptr %a8, i64 12
  %15 = load i32, ptr %14, align 4
  %16 = load i64, ptr %14, align 4
  %17 = getelementptr i8, ptr %a8, i64 -8
  %18 = load i32, ptr %17, align 4
  %19 = load i32, ptr %plain, align 4
  %20 = load i32, ptr addrspace(1) %as1, align 1
  %21 = load i32, ptr %nu, align 4
  %22 = select i1 true, ptr %d8, ptr %a8
  %23 = load i32, ptr %22, align 1
  %24 = select i1 true, ptr %d8, ptr %plain
  %25 = load i32, ptr %24, align 1
  %26 = load <vscale x 4 x i32>, ptr %a8, align 16
  ret void
}

define void @globals() {
  %1 = load i32, ptr @g, align 4
  %2 = load i32, ptr @ga, align 16
  %3 = load i32, ptr @g, align 8
  %4 = load i32, ptr @big, align 16
  %5 = load i64, ptr @decl, align 8
  %6 = load i32, ptr @ew, align 4
  %7 = load i32, ptr @weak, align 4
  %8 = load i64, ptr @lo, align 8
  %9 = load i64, ptr @lo, align 16
  %10 = load i64, ptr getelementptr inbounds (%pair, ptr @s, i64 0, i32 1), align 8
  %11 = load i64, ptr getelementptr (i8, ptr @s, i64 12), align 4
  %12 = load i32, ptr getelementptr (i8, ptr @big, i64 28), align 4
  %13 = load i32, ptr getelementptr (i8, ptr @big, i64 32), align 4
  %14 = load i16, ptr @small, align 1
  %15 = load i32, ptr @al1, align 4
  %16 = load i32, ptr @al1, align 1
  %17 = load i32, ptr addrspace(1) addrspacecast (ptr @g to ptr addrspace(1)), align 4
  %18 = load i32, ptr @tl, align 4
  %19 = load i32, ptr null, align 4
  %20 = load i32, ptr inttoptr (i64 64 to ptr), align 4
  ret void
}

define void @insts(i64 %n, ptr %p) sanitize_address {
  %a = alloca i32, align 4
  %b = alloca [4 x i32], align 16
  %c = alloca i32, i64 %n, align 4
  %d = alloca i64
  %1 = load i32, ptr %a, align 4
  %2 = getelementptr inbounds [4 x i32], ptr %b, i64 0, i64 3
  %3 = load i32, ptr %2, align 4
  %4 = load i32, ptr %c, align 4
  %5 = load i64, ptr %d, align 8
  ret void
}

define void @insts2(i64 %n, ptr %p, i64 %i) {
  %a = alloca i32, align 4
  %b = alloca [4 x i32], align 16
  %c = alloca i32, i64 %n, align 4
  %d = alloca i64
  %1 = load i32, ptr %a, align 4
  %2 = getelementptr inbounds [4 x i32], ptr %b, i64 0, i64 3
  %3 = load i32, ptr %2, align 4
  %4 = load i32, ptr %c, align 4
  %5 = load i64, ptr %d, align 8
  %6 = getelementptr inbounds [4 x i32], ptr %b, i64 0, i64 %i
  %7 = load i32, ptr %6, align 4
  %8 = call ptr @get()
  %9 = load i32, ptr %8, align 4
  %10 = call dereferenceable(8) ptr @get_deref()
  %11 = load i32, ptr %10, align 1
  %12 = call ptr @id(ptr @g)
  %13 = load i32, ptr %12, align 4
  %14 = call ptr @llvm.launder.invariant.group.p0(ptr @g)
  %15 = load i32, ptr %14, align 4
  %16 = load ptr, ptr %p, align 8, !dereferenceable !0, !align !1
  %17 = load i32, ptr %16, align 4
  %18 = load atomic i32, ptr @g unordered, align 4
  %19 = load atomic i32, ptr @g monotonic, align 4
  %20 = load volatile i32, ptr @g, align 4
  %21 = load i32, ptr %a
  ret void
}

define void @nullvalid(ptr dereferenceable_or_null(4) %p, ptr byval(i32) %b) null_pointer_is_valid {
  %1 = load i32, ptr %p, align 1
  %2 = load i32, ptr %b, align 1
  ret void
}

!0 = !{i64 8}
!1 = !{i64 16}

declare dereferenceable_or_null(8) ptr @get_or_null() nounwind
declare nonnull dereferenceable_or_null(8) ptr @get_nn() nounwind
declare ptr @id2(ptr returned) nounwind

define void @insts3(ptr %p, i64 %x, ptr nonnull %nn) {
  %1 = call ptr @get_or_null()
  %2 = load i32, ptr %1, align 1
  %3 = call ptr @get_nn()
  %4 = load i64, ptr %3, align 1
  %5 = getelementptr inbounds i8, ptr %3, i64 4
  %6 = load i32, ptr %5, align 1
  %7 = load i64, ptr %5, align 1
  %8 = load ptr, ptr %p, align 8, !dereferenceable_or_null !0, !nonnull !2
  %9 = load i64, ptr %8, align 1
  %10 = load ptr, ptr %p, align 8, !dereferenceable_or_null !0
  %11 = load i64, ptr %10, align 1
  %12 = inttoptr i64 %x to ptr, !dereferenceable !0
  %13 = load i64, ptr %12, align 1
  %14 = call dereferenceable_or_null(4) ptr @id2(ptr %nn)
  %15 = load i32, ptr %14, align 1
  %16 = call dereferenceable_or_null(4) align 4 ptr @id2(ptr dereferenceable(4) %nn)
  %17 = load i32, ptr %16, align 4
  %18 = load {}, ptr %p, align 1
  %19 = load i32, ptr %nn, align 1
  ret void
}

!2 = !{}
