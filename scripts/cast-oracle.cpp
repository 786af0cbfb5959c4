// cast-oracle: LLVM 19's CastInst::castIsValid over every pair of the types
// read from stdin (one textual type per line) and every cast opcode, so
// that lair's Context::cast_is_valid can be checked against it
// (tests/cast_table.rs reads the output).
//
// Build (LLVM 19 only; never the LLVM 14 on PATH):
//   B=/usr/lib/llvm-19/bin
//   $B/clang++ -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/cast-oracle.cpp \
//     -o /tmp/cast-oracle $($B/llvm-config --ldflags --libs core asmparser)
// or run scripts/cast-table.sh, which builds it and writes the table.
//
// Output: one line `<opcode> <from index> <to index>` per valid cast, the
// indices being 0-based line numbers of the input.
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <iostream>
#include <string>
#include <vector>

using namespace llvm;

int main() {
  LLVMContext Ctx;
  Module M("cast", Ctx);
  std::vector<Type *> Types;
  std::string Line;
  while (std::getline(std::cin, Line)) {
    if (Line.empty())
      continue;
    SMDiagnostic Err;
    Type *T = parseType(Line, Err, M);
    if (!T) {
      std::cerr << "cast-oracle: cannot parse type '" << Line << "'\n";
      return 1;
    }
    Types.push_back(T);
  }
  const Instruction::CastOps Ops[] = {
      Instruction::Trunc,    Instruction::ZExt,     Instruction::SExt,
      Instruction::FPToUI,   Instruction::FPToSI,   Instruction::UIToFP,
      Instruction::SIToFP,   Instruction::FPTrunc,  Instruction::FPExt,
      Instruction::PtrToInt, Instruction::IntToPtr, Instruction::BitCast,
      Instruction::AddrSpaceCast};
  for (auto Op : Ops)
    for (size_t I = 0; I < Types.size(); ++I)
      for (size_t J = 0; J < Types.size(); ++J)
        if (CastInst::castIsValid(Op, Types[I], Types[J]))
          outs() << Instruction::getOpcodeName(Op) << ' ' << I << ' ' << J
                 << '\n';
  return 0;
}
