// dbg-oracle: what LLVM 19 makes of debug records and value-as-metadata
// when values are replaced, erased and moved. Reads FILE.ll, applies the
// operations of its `; OPS:` header line (separated by `;`), and prints the
// module. tests/dbg_tracking.rs applies the same operations through lair and
// compares with the output kept by scripts/dbg-table.sh.
//
// Operations (F a function name, V a value: %name or %$k for the k-th
// instruction of F in order, @name a global, or `i32:7` an integer constant):
//   rauw F V V          replaceAllUsesWith, then nothing else
//   erase F V           eraseFromParent (instruction)
//   gerase @g           eraseFromParent (global variable)
//   remove_before F V W removeFromParent(V), insertBefore(W)
//   move_before F V W   moveBefore(W)
//   split F V           splitBasicBlock(V, "split")
//   add_before F V      insert `%n = add <arg0>, <arg0>` before V
//   add_end F           append `%n = add <arg0>, <arg0>` at the end of the
//                       last block (after erasing its terminator: see `term`)
//   ret_end F V         append `ret V` at the end of the last block
//
// `dbg-oracle --churn FILE.ll` instead does what examples/dbg_churn.rs does
// (replace and erase the instructions debug records point at) and prints
// the module, so the two can be compared on whole corpus files.
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
using namespace llvm;

static Module *M;

static Value *value(Function *F, const std::string &s, Type *like) {
  if (s[0] == '@') return M->getNamedValue(s.substr(1));
  if (s.rfind("i32:", 0) == 0)
    return ConstantInt::get(Type::getInt32Ty(M->getContext()), std::stoll(s.substr(4)));
  if (s == "undef") return UndefValue::get(like);
  if (s == "poison") return PoisonValue::get(like);
  if (s.rfind("%$", 0) == 0) {
    int k = std::stoi(s.substr(2));
    for (auto &B : *F)
      for (auto &I : B)
        if (k-- == 0) return &I;
    return nullptr;
  }
  std::string n = s.substr(1);
  for (auto &A : F->args())
    if (A.getName() == n) return &A;
  for (auto &B : *F)
    for (auto &I : B)
      if (I.getName() == n) return &I;
  return nullptr;
}

static int churn(const char *path) {
  LLVMContext C;
  SMDiagnostic E;
  auto Mod = parseIRFile(path, E, C);
  if (!Mod) { E.print("dbg-oracle", errs()); return 1; }
  for (Function &F : *Mod) {
    std::vector<Instruction *> Insts;
    for (auto &B : F)
      for (auto &I : B) Insts.push_back(&I);
    unsigned K = 0;
    for (Instruction *I : Insts) {
      if (I->isTerminator() || I->getType()->isVoidTy()) continue;
      SmallVector<DbgVariableIntrinsic *, 4> Intrinsics;
      SmallVector<DbgVariableRecord *, 4> Records;
      findDbgUsers(Intrinsics, I, &Records);
      if (Intrinsics.empty() && Records.empty()) continue;
      if (K % 2 == 0) {
        I->replaceAllUsesWith(PoisonValue::get(I->getType()));
        I->eraseFromParent();
      } else if (I->use_empty()) {
        I->eraseFromParent();
      }
      K++;
    }
  }
  Mod->print(outs(), nullptr);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 3 && std::string(argv[1]) == "--churn") return churn(argv[2]);
  if (argc != 2) { errs() << "usage: dbg-oracle FILE.ll | --churn FILE.ll\n"; return 2; }
  std::ifstream in(argv[1]);
  std::string line, ops;
  while (std::getline(in, line))
    if (line.rfind("; OPS:", 0) == 0) { ops = line.substr(6); break; }
  LLVMContext C;
  SMDiagnostic E;
  auto Mod = parseIRFile(argv[1], E, C);
  if (!Mod) { E.print("dbg-oracle", errs()); return 1; }
  M = Mod.get();
  std::stringstream all(ops);
  std::string op;
  while (std::getline(all, op, ';')) {
    std::stringstream ts(op);
    std::vector<std::string> t;
    std::string w;
    while (ts >> w) t.push_back(w);
    if (t.empty()) continue;
    auto fail = [&](const char *why) { errs() << "dbg-oracle: " << why << " in '" << op << "'\n"; exit(1); };
    if (t[0] == "gerase") {
      auto *G = M->getNamedValue(t[1].substr(1));
      if (!G) fail("no such global");
      cast<GlobalVariable>(G)->eraseFromParent();
      continue;
    }
    Function *F = M->getFunction(t[1]);
    if (!F) fail("no such function");
    if (t[0] == "rauw") {
      Value *A = value(F, t[2], nullptr);
      if (!A) fail("no such value");
      Value *B = value(F, t[3], A->getType());
      if (!B) fail("no such value");
      A->replaceAllUsesWith(B);
    } else if (t[0] == "erase") {
      auto *I = dyn_cast_or_null<Instruction>(value(F, t[2], nullptr));
      if (!I) fail("no such instruction");
      I->eraseFromParent();
    } else if (t[0] == "remove_before" || t[0] == "move_before") {
      auto *I = dyn_cast_or_null<Instruction>(value(F, t[2], nullptr));
      auto *P = dyn_cast_or_null<Instruction>(value(F, t[3], nullptr));
      if (!I || !P) fail("no such instruction");
      if (t[0] == "move_before") I->moveBefore(P);
      else { I->removeFromParent(); I->insertBefore(P); }
    } else if (t[0] == "split") {
      auto *I = dyn_cast_or_null<Instruction>(value(F, t[2], nullptr));
      if (!I) fail("no such instruction");
      I->getParent()->splitBasicBlock(I, "split");
    } else if (t[0] == "add_before") {
      auto *P = dyn_cast_or_null<Instruction>(value(F, t[2], nullptr));
      if (!P) fail("no such instruction");
      auto *N = BinaryOperator::CreateAdd(F->getArg(0), F->getArg(0), "n");
      N->insertBefore(P);
    } else if (t[0] == "add_end") {
      auto *N = BinaryOperator::CreateAdd(F->getArg(0), F->getArg(0), "n");
      N->insertInto(&F->back(), F->back().end());
    } else if (t[0] == "ret_end") {
      Value *V = value(F, t[2], F->getReturnType());
      if (!V) fail("no such value");
      auto *R = ReturnInst::Create(C, V);
      R->insertInto(&F->back(), F->back().end());
    } else {
      fail("unknown operation");
    }
  }
  M->print(outs(), nullptr);
  return 0;
}
