; Use-list orders that come from the order in which LLVM's parser makes
; uses (llvm-as-19 writes them as USELIST records, so `lair as` must too):
; a forward `dso_local_equivalent` is made at the end of the module, a
; landingpad gets each clause as it is read, and forward `blockaddress`es
; are made in the order of their block numbers.

@fp = global ptr @f_decl
@equiv = global ptr dso_local_equivalent @f_decl
@fp2 = global ptr @f_decl
@tbl = constant [4 x ptr] [ptr blockaddress(@jump, %3), ptr blockaddress(@jump, %2), ptr blockaddress(@jump, %4), ptr blockaddress(@jump, %3)]
@g = global i32 0

declare void @f_decl()
declare i32 @__gxx_personality_v0(...)
declare void @may_throw()

define void @jump(ptr %0) {
  indirectbr ptr %0, [label %2, label %3, label %4]
2:
  ret void
3:
  ret void
4:
  ret void
}

define ptr @uses() {
  %q = getelementptr i8, ptr @g, i64 1
  ret ptr @f_decl
}

define void @eh() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %ok unwind label %lpad
ok:
  ret void
lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @g
          filter [1 x ptr] [ptr @g]
  resume { ptr, i32 } %lp
}
