; Constants inside metadata are mapped through the type map: the source's
; %B is the destination's %A, so !{%B undef} becomes !{%A undef}.
%A = type { ptr, i32 }

define %A @make() {
  unreachable
}
