; Constants in a linked declaration's attachments are type-mapped too,
; when nothing in the bodies needed it.
%A = type { ptr, i32 }

define %A @make() {
  unreachable
}
