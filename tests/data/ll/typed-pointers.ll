; Typed-pointer syntax as LLVM 19 still reads it: every `*` (and
; `addrspace(N)*`) after a type other than `ptr` is `ptr` in that address
; space, whatever the element type.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%struct.node = type { i32, %struct.node*, i8** }
%opaque = type opaque

@str = private constant [6 x i8] c"hello\00"
@strp = global i8* getelementptr inbounds ([6 x i8], [6 x i8]* @str, i64 0, i64 0)
@pp = global i8** null
@ppp = global i32*** null
@np = global %struct.node* null
@op = global %opaque* null
@fp = global void (i32)* null
@fpp = global i32 (i32)** null
@vfp = global i32 (i8*, ...)* @printf
@as1 = global i8 addrspace(1)* null
@as1p = global i8 addrspace(1)* addrspace(2)* null
@arr = global [2 x i32*] [i32* null, i32* null]
@vec = global <2 x i64*> zeroinitializer
@s = global { i8*, void ()* } { i8* null, void ()* @g }

declare i32 @printf(i8*, ...)
declare void @g()

define i32 @walk(%struct.node* %n, i8** %argv) {
entry:
  %slot = alloca %struct.node*, align 8
  store %struct.node* %n, %struct.node** %slot, align 8
  %next = getelementptr inbounds %struct.node, %struct.node* %n, i32 0, i32 1
  %nn = load %struct.node*, %struct.node** %next, align 8
  %v = getelementptr %struct.node, %struct.node* %nn, i64 0, i32 0
  %x = load i32, i32* %v, align 4
  %a0 = load i8*, i8** %argv, align 8
  %c = bitcast i8* %a0 to i32*
  %y = load i32, i32* %c, align 4
  %f = load void (i32)*, void (i32)** @fp, align 8
  call void %f(i32 %y)
  %r = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([6 x i8], [6 x i8]* @str, i64 0, i64 0), i32 %x)
  %q = addrspacecast i8* %a0 to i8 addrspace(1)*
  store i8 addrspace(1)* %q, i8 addrspace(1)** bitcast (i8 addrspace(1)* addrspace(2)** @as1p to i8 addrspace(1)**), align 8
  %i = ptrtoint i32* %c to i64
  %p = inttoptr i64 %i to double*
  %cmp = icmp eq double* %p, null
  %sel = select i1 %cmp, i32 %x, i32 %r
  ret i32 %sel
}
