; A summary without IR (as a thin link's combined index): entries given
; by GUID, several modules (an empty path is the regular LTO module; it
; sorts before "/abs/c.o", and prints as it is), references between them
; in both directions, a function in two modules, parameter ranges that
; LLVM 19 prints in a form it does not read back (full, wrapped), a type id
; name with a quote. llvm-as writes such a file as a combined index.

^0 = module: (path: "second.o", hash: (1, 2, 3, 4, 5))
^1 = module: (path: "first.o", hash: (0, 0, 0, 0, 0))
^2 = module: (path: "", hash: (9, 9, 9, 9, 9))
^10 = module: (path: "/abs/c.o", hash: (4, 3, 2, 1, 0))
^3 = gv: (guid: 99, summaries: (function: (module: ^0, flags: (linkage: internal, visibility: hidden, notEligibleToImport: 1, live: 1, dsoLocal: 0, canAutoHide: 1, importType: declaration), insts: 3, calls: ((callee: ^4, hotness: cold), (callee: ^5, tail: 1)), refs: (writeonly ^4, ^5, readonly ^6))))
^4 = gv: (guid: 33, summaries: (variable: (module: ^1, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 1, writeonly: 0, constant: 1))))
^5 = gv: (guid: 44, summaries: (function: (module: ^1, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 1, funcFlags: (readNone: 1)), function: (module: ^0, flags: (linkage: weak_odr, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 2)))
^6 = gv: (guid: 7, summaries: (alias: (module: ^1, flags: (linkage: weak, visibility: protected, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), aliasee: ^5)))
^7 = gv: (guid: 123, summaries: (function: (module: ^2, flags: (linkage: external), insts: 4, calls: ((callee: ^3)), params: ((param: 0, offset: [-1, -2]), (param: 1, offset: [5, 3], calls: ((callee: ^11, param: 0, offset: [-9223372036854775808, 9223372036854775807])))))))
^11 = gv: (guid: 5, summaries: (function: (module: ^10, flags: (linkage: external), insts: 1, typeIdInfo: (typeTests: (^12)))))
^12 = typeid: (name: "q\22uote", summary: (typeTestRes: (kind: byteArray, sizeM1BitWidth: 5)))
^8 = flags: 97
^9 = blockcount: 17
