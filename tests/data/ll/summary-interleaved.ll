; A summary entry before a function body: the lexer leaves summary mode
; (where name: is a word and a colon) before the body's labels.
source_filename = "x.c"
^0 = module: (path: "x.o", hash: (0, 0, 0, 0, 0))
define i32 @f(i32 %a) {
entry:
  br label %next
next:
  ret i32 %a
}
^1 = gv: (name: "f", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 2)))
