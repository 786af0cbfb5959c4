@g = global <vscale x 2 x i32> zeroinitializer
