; Summary entries defined again, as LLVM 19 merges them: a module path
; keeps its first hash; two numbers naming one global give one entry with
; two summaries (the GUID comes from the IR global, whatever linkage the
; summary states); a number defined twice names its latest entry; a type
; id read again updates its resolution field by field; a vtable list
; grows; flags add up.

@f = global i32 0
@g = global i32 0
^0 = module: (path: "m.o", hash: (1, 1, 1, 1, 1))
^1 = module: (path: "m.o", hash: (2, 2, 2, 2, 2))
^2 = gv: (name: "f", summaries: (variable: (module: ^1, flags: (linkage: external), varFlags: (readonly: 1), refs: (^2, ^3))))
^3 = gv: (name: "g", summaries: (variable: (module: ^0, flags: (linkage: external), varFlags: (readonly: 0), refs: (^3))))
^3 = gv: (name: "f", summaries: (variable: (module: ^0, flags: (linkage: internal), varFlags: (constant: 1), refs: (^3))))
^5 = typeid: (name: "T", summary: (typeTestRes: (kind: single, sizeM1BitWidth: 3, alignLog2: 2), wpdResolutions: ((offset: 8, wpdRes: (kind: indir)))))
^6 = typeid: (name: "T", summary: (typeTestRes: (kind: inline, sizeM1BitWidth: 4), wpdResolutions: ((offset: 0, wpdRes: (kind: indir)), (offset: 8, wpdRes: (kind: branchFunnel)))))
^7 = typeidCompatibleVTable: (name: "V", summary: ((offset: 1, ^2)))
^8 = typeidCompatibleVTable: (name: "V", summary: ((offset: 2, ^3)))
^9 = flags: 3
^10 = flags: 0
^11 = blockcount: 5
