; The destination keeps comdat $c; the source's alias of a member of its
; losing $c is in $c too, so it is not linked: its use becomes a declaration.
$c = comdat any
@v = global i32 0, comdat($c)
