// dom-oracle: what LLVM 19's DominatorTree, PostDominatorTree and
// IDFCalculator answer, so that lair's analyses can be checked against it
// (tests/analysis.rs reads the output; scripts/dom-table.sh writes it).
//
// Build (LLVM 19 only; never the LLVM 14 on PATH):
//   B=/usr/lib/llvm-19/bin
//   $B/clang++ -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/dom-oracle.cpp \
//     -o /tmp/dom-oracle $($B/llvm-config --ldflags --libs core asmparser analysis)
//
// Usage:
//   dom-oracle queries FILE.ll   every instruction- and block-level query
//   dom-oracle updates           CFG scripts on stdin (scripts/dom-cases.py)
//
// queries: for each function with a body, in module order, after a line
// `fn NAME`, lines naming blocks by layout index (`b3`) and instructions
// by block and position (`b3.1`), arguments as `a0`:
//   use U OPNO D        dominates(def, Use) for operand OPNO of U (D 0/1),
//                       for each operand that is an instruction or argument
//   reach U OPNO R      isReachableFromEntry(Use)
//   inst DEF USER D     dominates(Value *DEF, Instruction *USER), all pairs
//   iblock DEF B D      dominates(Instruction *DEF, BasicBlock *B), all pairs
//   block A B D P       dominates(A, B), properlyDominates(A, B)
//   ncd A B N           findNearestCommonDominator (both reachable; `-`: none)
//   incd I J K          findNearestCommonDominator(I, J) of instructions
//   edge S E B D        dominates(BasicBlockEdge(S, E), B), every CFG edge
//   pblock A B D        post-dominator tree: dominates(A, B)
//   pinst I J D         PostDominatorTree::dominates(I, J), all pairs
//   idf B : LIST        forward IDF of {B} (LIST of blocks in LLVM's order)
//   ridf B : LIST       reverse IDF of {B}
//   idf2 B C : LIST     forward IDF of {B, C}
//   po : LIST           post_order(&F)
//   loop H depth D blocks LIST | latch L pre P pred Q | exiting LIST |
//        exits LIST | unique LIST | latches LIST | parallel X id Y
//                       each loop of LoopInfo, in getLoopsInPreorder order
//   depth B D H X       getLoopDepth, the innermost loop's header, isLoopHeader
// Functions with more than 60 instructions skip the all-pairs lines.
//
// updates: each script on stdin is
//   cfg N               blocks b0..b(N-1) of a fresh function
//   succ K : J J ...    block K's successors in order (none: `ret void`)
//   batch               starts a batch: the lines after it, up to `apply`,
//   set K : J J ...       rebuild block K's terminator with these successors
//   apply U ...           then applyUpdates with U = +F.T (insert) / -F.T
//   end                 prints both trees (opt's print format) and ends
// Before the first batch and after each `apply`, both trees are printed.
// Successors are spelt with a `switch i32 %x, label %first [i32 1, label
// %second ...]` terminator (`br label` for one), rebuilt by erasing the old
// terminator and creating a new one, so use lists change the same way in
// lair's replay.
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/IteratedDominanceFrontier.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace llvm;

namespace {

[[noreturn]] void die(const std::string &Msg) {
  std::cerr << "dom-oracle: " << Msg << "\n";
  std::exit(1);
}

struct Names {
  std::map<const Value *, std::string> Of;
  std::vector<BasicBlock *> Blocks;
  std::vector<Instruction *> Insts;
  explicit Names(Function &F) {
    unsigned A = 0;
    for (Argument &Arg : F.args())
      Of[&Arg] = "a" + std::to_string(A++);
    unsigned B = 0;
    for (BasicBlock &BB : F) {
      Of[&BB] = "b" + std::to_string(B);
      Blocks.push_back(&BB);
      unsigned I = 0;
      for (Instruction &Inst : BB) {
        Of[&Inst] = "b" + std::to_string(B) + "." + std::to_string(I++);
        Insts.push_back(&Inst);
      }
      ++B;
    }
  }
  std::string operator()(const Value *V) const {
    auto It = Of.find(V);
    return It == Of.end() ? "-" : It->second;
  }
};

void queries(const char *Path) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyFile(Path, Err, Ctx);
  if (!M) {
    Err.print("dom-oracle", errs());
    std::exit(1);
  }
  raw_ostream &O = outs();
  for (Function &F : *M) {
    if (F.isDeclaration())
      continue;
    O << "fn " << F.getName() << "\n";
    Names N(F);
    DominatorTree DT(F);
    PostDominatorTree PDT(F);
    for (Instruction *U : N.Insts)
      for (Use &Op : U->operands()) {
        Value *V = Op.get();
        if (!isa<Instruction>(V) && !isa<Argument>(V))
          continue;
        O << "use " << N(U) << " " << Op.getOperandNo() << " "
          << DT.dominates(V, Op) << "\n";
        O << "reach " << N(U) << " " << Op.getOperandNo() << " "
          << DT.isReachableFromEntry(Op) << "\n";
      }
    bool Small = N.Insts.size() <= 60;
    if (Small) {
      for (Instruction *D : N.Insts)
        for (Instruction *U : N.Insts)
          O << "inst " << N(D) << " " << N(U) << " " << DT.dominates(D, U)
            << "\n";
      for (Argument &A : F.args())
        for (Instruction *U : N.Insts)
          O << "inst " << N(&A) << " " << N(U) << " " << DT.dominates(&A, U)
            << "\n";
      for (Instruction *D : N.Insts)
        for (BasicBlock *B : N.Blocks)
          O << "iblock " << N(D) << " " << N(B) << " " << DT.dominates(D, B)
            << "\n";
      for (Instruction *I : N.Insts)
        for (Instruction *J : N.Insts) {
          O << "pinst " << N(I) << " " << N(J) << " " << PDT.dominates(I, J)
            << "\n";
          Instruction *K = DT.findNearestCommonDominator(I, J);
          O << "incd " << N(I) << " " << N(J) << " " << N(K) << "\n";
        }
    }
    for (BasicBlock *A : N.Blocks)
      for (BasicBlock *B : N.Blocks) {
        O << "block " << N(A) << " " << N(B) << " " << DT.dominates(A, B)
          << " " << DT.properlyDominates(A, B) << "\n";
        if (DT.isReachableFromEntry(A) && DT.isReachableFromEntry(B))
          O << "ncd " << N(A) << " " << N(B) << " "
            << N(DT.findNearestCommonDominator(A, B)) << "\n";
        O << "pblock " << N(A) << " " << N(B) << " " << PDT.dominates(A, B)
          << "\n";
      }
    for (BasicBlock *S : N.Blocks)
      for (BasicBlock *E : successors(S))
        for (BasicBlock *B : N.Blocks)
          O << "edge " << N(S) << " " << N(E) << " " << N(B) << " "
            << DT.dominates(BasicBlockEdge(S, E), B) << "\n";
    auto PrintIDF = [&](const char *What, auto &Calc,
                        SmallPtrSet<BasicBlock *, 4> &Defs,
                        const std::string &Key) {
      Calc.setDefiningBlocks(Defs);
      SmallVector<BasicBlock *, 8> Out;
      Calc.calculate(Out);
      O << What << " " << Key << " :";
      for (BasicBlock *B : Out)
        O << " " << N(B);
      O << "\n";
    };
    for (BasicBlock *B : N.Blocks) {
      SmallPtrSet<BasicBlock *, 4> Defs;
      Defs.insert(B);
      ForwardIDFCalculator FC(DT);
      PrintIDF("idf", FC, Defs, N(B));
      ReverseIDFCalculator RC(PDT);
      PrintIDF("ridf", RC, Defs, N(B));
    }
    O << "po :";
    for (BasicBlock *B : post_order(&F))
      O << " " << N(B);
    O << "\n";
    LoopInfo LI(DT);
    auto List = [&](const SmallVectorImpl<BasicBlock *> &V) {
      for (BasicBlock *B : V)
        O << " " << N(B);
    };
    for (Loop *L : LI.getLoopsInPreorder()) {
      O << "loop " << N(L->getHeader()) << " depth " << L->getLoopDepth()
        << " blocks";
      for (BasicBlock *B : L->blocks())
        O << " " << N(B);
      O << " | latch " << N(L->getLoopLatch()) << " pre "
        << N(L->getLoopPreheader()) << " pred " << N(L->getLoopPredecessor());
      SmallVector<BasicBlock *, 8> V;
      L->getExitingBlocks(V);
      O << " | exiting";
      List(V);
      V.clear();
      L->getExitBlocks(V);
      O << " | exits";
      List(V);
      V.clear();
      L->getUniqueExitBlocks(V);
      O << " | unique";
      List(V);
      V.clear();
      L->getLoopLatches(V);
      O << " | latches";
      List(V);
      O << " | parallel " << L->isAnnotatedParallel() << " id "
        << (L->getLoopID() != nullptr) << "\n";
    }
    for (BasicBlock *B : N.Blocks) {
      Loop *L = LI.getLoopFor(B);
      O << "depth " << N(B) << " " << LI.getLoopDepth(B) << " "
        << (L ? N(L->getHeader()) : "-") << " " << LI.isLoopHeader(B) << "\n";
    }
    if (Small)
      for (BasicBlock *B : N.Blocks)
        for (BasicBlock *C : N.Blocks) {
          SmallPtrSet<BasicBlock *, 4> Defs;
          Defs.insert(B);
          Defs.insert(C);
          ForwardIDFCalculator FC(DT);
          PrintIDF("idf2", FC, Defs, N(B) + " " + N(C));
        }
  }
}

// ---- updates ---------------------------------------------------------------

std::vector<unsigned> numbers(std::istringstream &In) {
  std::vector<unsigned> Out;
  unsigned X;
  while (In >> X)
    Out.push_back(X);
  return Out;
}

void setSuccessors(Function &F, std::vector<BasicBlock *> &Blocks, unsigned K,
                   const std::vector<unsigned> &Succ) {
  BasicBlock *BB = Blocks[K];
  if (Instruction *T = BB->getTerminator())
    T->eraseFromParent();
  IRBuilder<> B(BB);
  if (Succ.empty()) {
    B.CreateRetVoid();
  } else if (Succ.size() == 1) {
    B.CreateBr(Blocks[Succ[0]]);
  } else {
    SwitchInst *S =
        B.CreateSwitch(F.getArg(0), Blocks[Succ[0]], Succ.size() - 1);
    for (unsigned I = 1; I < Succ.size(); ++I)
      S->addCase(B.getInt32(I), Blocks[Succ[I]]);
  }
}

void updates() {
  LLVMContext Ctx;
  std::string Line;
  std::unique_ptr<Module> M;
  Function *F = nullptr;
  std::vector<BasicBlock *> Blocks;
  std::unique_ptr<DominatorTree> DT;
  std::unique_ptr<PostDominatorTree> PDT;
  raw_ostream &O = outs();
  auto Print = [&]() {
    DT->print(O);
    PDT->print(O);
  };
  while (std::getline(std::cin, Line)) {
    std::istringstream In(Line);
    std::string W;
    In >> W;
    if (W.empty() || W[0] == '#') {
      O << Line << "\n";
    } else if (W == "cfg") {
      unsigned N;
      In >> N;
      M = std::make_unique<Module>("cfg", Ctx);
      FunctionType *FT = FunctionType::get(Type::getVoidTy(Ctx),
                                           {Type::getInt32Ty(Ctx)}, false);
      F = Function::Create(FT, Function::ExternalLinkage, "f", *M);
      Blocks.clear();
      for (unsigned I = 0; I < N; ++I)
        Blocks.push_back(BasicBlock::Create(Ctx, "b" + std::to_string(I), F));
      O << Line << "\n";
    } else if (W == "succ" || W == "set") {
      unsigned K;
      std::string Colon;
      In >> K >> Colon;
      setSuccessors(*F, Blocks, K, numbers(In));
      if (W == "succ") {
        DT.reset();
        PDT.reset();
      }
      O << Line << "\n";
    } else if (W == "batch") {
      if (!DT) {
        DT = std::make_unique<DominatorTree>(*F);
        PDT = std::make_unique<PostDominatorTree>(*F);
        Print();
      }
      O << Line << "\n";
    } else if (W == "apply") {
      std::vector<DominatorTree::UpdateType> Ups;
      std::string U;
      while (In >> U) {
        auto Dot = U.find('.');
        unsigned From = std::stoul(U.substr(1, Dot - 1));
        unsigned To = std::stoul(U.substr(Dot + 1));
        Ups.push_back({U[0] == '+' ? DominatorTree::Insert
                                   : DominatorTree::Delete,
                       Blocks[From], Blocks[To]});
      }
      DT->applyUpdates(Ups);
      PDT->applyUpdates(Ups);
      O << Line << "\n";
      Print();
    } else if (W == "end") {
      if (!DT) {
        DT = std::make_unique<DominatorTree>(*F);
        PDT = std::make_unique<PostDominatorTree>(*F);
        Print();
      }
      O << Line << "\n";
      DT.reset();
      PDT.reset();
    } else {
      die("unknown line: " + Line);
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 3 && std::string(argv[1]) == "queries")
    queries(argv[2]);
  else if (argc == 2 && std::string(argv[1]) == "updates")
    updates();
  else
    die("usage: dom-oracle queries FILE.ll | dom-oracle updates < SCRIPTS");
  return 0;
}
