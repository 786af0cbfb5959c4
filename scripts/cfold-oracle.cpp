// cfold-oracle: LLVM 19's ConstantFoldInstruction (no target library info)
// on the instruction %r of every function of a module (from
// scripts/cfold-cases.py on stdin), for tests/cfold.rs.
//
// Output: the module's lines, each prefixed `module `, then one line per
// function with a %r: `<function> => <folded constant, typed>` or
// `<function> => none`.
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

using namespace llvm;

int main() {
  std::stringstream In;
  In << std::cin.rdbuf();
  std::string Text = In.str();
  std::istringstream Lines(Text);
  for (std::string L; std::getline(Lines, L);)
    printf("module %s\n", L.c_str());
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(Text, Err, Ctx);
  if (!M) {
    Err.print("cfold-oracle", errs());
    return 1;
  }
  const DataLayout &DL = M->getDataLayout();
  for (Function &F : *M) {
    if (F.isDeclaration())
      continue;
    for (Instruction &I : instructions(F)) {
      if (I.getName() != "r")
        continue;
      Constant *C = ConstantFoldInstruction(&I, DL, /*TLI=*/nullptr);
      std::string S;
      raw_string_ostream OS(S);
      if (C)
        C->printAsOperand(OS, /*PrintType=*/true, M.get());
      else
        OS << "none";
      OS.flush();
      printf("%s => %s\n", F.getName().str().c_str(), S.c_str());
    }
  }
  return 0;
}
