$c = comdat any
@g = available_externally global i32 0, comdat($c)
