$c = comdat any
@g = external global i32, comdat($c)
