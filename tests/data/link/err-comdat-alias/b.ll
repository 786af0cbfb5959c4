$c = comdat largest
@c = global i64 0, comdat
