; A ThinLTO summary covering every entry kind and field LLVM 19 reads,
; written out of LLVM's canonical order (numbers, entry order, refs
; order) so that printing renumbers and reorders it as llvm-dis does.

source_filename = "summary.c"

@counter = internal global i32 0
@table = constant [2 x i32] [i32 1, i32 2]
@vt = constant [1 x ptr] [ptr @impl]

@al = alias void (), ptr @impl

define void @main_fn(i32 %x) {
  call void @impl()
  ret void
}

define internal void @impl() {
  ret void
}

declare void @ext()

^10 = module: (path: "b.o", hash: (1, 2, 3, 4, 5))
^11 = module: (path: "a.o", hash: (6, 7, 8, 9, 10))
^3 = gv: (name: "impl", summaries: (function: (module: ^10, flags: (linkage: internal, visibility: hidden, notEligibleToImport: 1, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 1, funcFlags: (readNone: 1, noUnwind: 1))))
^1 = gv: (name: "main_fn", summaries: (function: (module: ^10, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 12, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 1, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 1, mustBeUnreachable: 0), calls: ((callee: ^3, hotness: hot, tail: 1), (callee: ^6, relbf: 256), (callee: ^3)), typeIdInfo: (typeTests: (^20, 1234), typeTestAssumeVCalls: (vFuncId: (^20, offset: 16)), typeCheckedLoadVCalls: (vFuncId: (guid: 77, offset: 8)), typeTestAssumeConstVCalls: ((vFuncId: (^21, offset: 0), args: (1, 2))), typeCheckedLoadConstVCalls: ((vFuncId: (guid: 55, offset: 8)))), params: ((param: 0, offset: [0, 7], calls: ((callee: ^3, param: 1, offset: [-4, 12]))), (param: 1, offset: [0, -1])), allocs: ((versions: (none, cold), memProf: ((type: notcold, stackIds: (1, 2)), (type: hot, stackIds: (3))))), callsites: ((callee: ^3, clones: (0, 1), stackIds: (5, 6)), (callee: null, clones: (2), stackIds: (7))), refs: (writeonly ^2, ^4, readonly ^5))))
^2 = gv: (name: "counter", summaries: (variable: (module: ^10, flags: (linkage: internal, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 0, writeonly: 1, constant: 0))))
^4 = gv: (name: "table", summaries: (variable: (module: ^11, flags: (linkage: external), varFlags: (readonly: 1, writeonly: 0, constant: 1))))
^5 = gv: (name: "vt", summaries: (variable: (module: ^10, flags: (linkage: external, importType: declaration), varFlags: (readonly: 1, writeonly: 0, constant: 1, vcall_visibility: 1), vTableFuncs: ((virtFunc: ^3, offset: 0)), refs: (^3))))
^7 = gv: (name: "al", summaries: (alias: (module: ^10, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0), aliasee: ^3)))
^6 = gv: (name: "ext")
^20 = typeid: (name: "_ZTS1A", summary: (typeTestRes: (kind: allOnes, sizeM1BitWidth: 7, alignLog2: 3, sizeM1: 4, bitMask: 5, inlineBits: 6), wpdResolutions: ((offset: 8, wpdRes: (kind: branchFunnel, resByArg: (args: (3), byArg: (kind: virtualConstProp, byte: 2, bit: 3), args: (1, 2), byArg: (kind: uniformRetVal, info: 1)))), (offset: 0, wpdRes: (kind: singleImpl, singleImplName: "_ZN1A1fEi")))))
^21 = typeid: (name: "_ZTS1C", summary: (typeTestRes: (kind: inline, sizeM1BitWidth: 0), wpdResolutions: ((offset: 0, wpdRes: (kind: indir, resByArg: (args: (7), byArg: (kind: uniqueRetVal, info: 0)))))))
^22 = typeidCompatibleVTable: (name: "_ZTS1B", summary: ((offset: 16, ^5), (offset: 24, ^5)))
^23 = typeidCompatibleVTable: (name: "_ZTS1A", summary: ((offset: 0, ^5)))
^30 = flags: 8
^31 = blockcount: 1234
