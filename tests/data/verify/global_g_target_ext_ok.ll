@g = external global target("spirv.Image")
