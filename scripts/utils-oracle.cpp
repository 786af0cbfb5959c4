// utils-oracle: what LLVM 19's transform utilities make of a module. Reads
// FILE.ll, applies the operations of its `; OPS:` header line (separated by
// `;`), and prints the module. tests/utils.rs applies the same operations
// through lair and compares with the output kept by scripts/utils-table.sh.
//
// Operations (F a function name, B a block: %name, or %$k for the k-th block
// of F):
//   merge F B           MergeBlockIntoPredecessor(B), no analyses
//   merge2 F B          the same with PredecessorWithTwoSuccessors = true
//   split_edge F B C    SplitEdge(B, C), no analyses
//   clone F             CloneFunction(F, VMap) into F's module
//
// `utils-oracle --clone-all FILE.ll` instead clones every function with a
// body, in module order, into the same module (examples/clone_check.rs
// --clone-all does the same through lair) and prints the module.
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
using namespace llvm;

static BasicBlock *block(Function *F, const std::string &s) {
  if (s.rfind("%$", 0) == 0) {
    int k = std::stoi(s.substr(2));
    for (auto &B : *F)
      if (k-- == 0) return &B;
    return nullptr;
  }
  for (auto &B : *F)
    if (B.getName() == s.substr(1)) return &B;
  return nullptr;
}

static std::vector<std::string> split(const std::string &s, char c) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string t;
  while (std::getline(ss, t, c)) out.push_back(t);
  return out;
}

int main(int argc, char **argv) {
  bool cloneAll = argc == 3 && std::string(argv[1]) == "--clone-all";
  if (argc != 2 && !cloneAll) {
    errs() << "usage: utils-oracle [--clone-all] FILE.ll\n";
    return 2;
  }
  const char *path = argv[argc - 1];
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(path, Err, Ctx);
  if (!M) {
    Err.print("utils-oracle", errs());
    return 1;
  }
  if (cloneAll) {
    std::vector<Function *> Fs;
    for (auto &F : *M)
      if (!F.isDeclaration()) Fs.push_back(&F);
    for (Function *F : Fs) {
      ValueToValueMapTy VMap;
      CloneFunction(F, VMap);
    }
    M->print(outs(), nullptr);
    return 0;
  }
  std::ifstream in(path);
  std::string line, ops;
  while (std::getline(in, line))
    if (line.rfind("; OPS:", 0) == 0) ops = line.substr(6);
  for (std::string op : split(ops, ';')) {
    std::vector<std::string> t;
    for (auto &w : split(op, ' '))
      if (!w.empty()) t.push_back(w);
    if (t.empty()) continue;
    Function *F = M->getFunction(t[1]);
    if (!F) {
      errs() << "no function " << t[1] << "\n";
      return 1;
    }
    if (t[0] == "merge" || t[0] == "merge2") {
      bool Two = t[0] == "merge2";
      bool Done = MergeBlockIntoPredecessor(block(F, t[2]), nullptr, nullptr,
                                            nullptr, nullptr, Two);
      outs() << "; merged: " << (Done ? "yes" : "no") << "\n";
    } else if (t[0] == "split_edge") {
      BasicBlock *New = SplitEdge(block(F, t[2]), block(F, t[3]));
      outs() << "; split: " << (New ? "yes" : "no") << "\n";
    } else if (t[0] == "clone") {
      ValueToValueMapTy VMap;
      CloneFunction(F, VMap);
    } else {
      errs() << "unknown operation " << t[0] << "\n";
      return 1;
    }
  }
  M->print(outs(), nullptr);
  return 0;
}
