target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
%struct.q = type { i16 }
%struct.q.5 = type { i8 }
@iq = global %struct.q { i16 1 }
@iq5 = global %struct.q.5 { i8 1 }
