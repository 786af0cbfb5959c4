; A largest comdat keyed by an alias of a constant with no object under it:
; its size cannot be computed.
$c = comdat largest
@c = alias i8, inttoptr (i64 16 to ptr)
@k = constant i32 1, comdat($c)
