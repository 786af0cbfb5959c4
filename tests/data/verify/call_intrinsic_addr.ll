declare void @llvm.donothing()
@g = global ptr @llvm.donothing
