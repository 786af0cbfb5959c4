@g = external global {<vscale x 2 x i32>}
