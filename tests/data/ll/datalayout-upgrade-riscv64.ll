; 64-bit RISC-V: n64 becomes n32:64 when the bitcode is read.
target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n64-S128"
target triple = "riscv64-unknown-linux-gnu"
