// gep-oracle: every GEP (instruction or constant expression) of the given
// .ll files, with what LLVM 19 computes for it, for tests/gep_corpus.rs.
//
// Build (LLVM 19 only; never the LLVM 14 on PATH):
//   B=/usr/lib/llvm-19/bin
//   $B/clang++ -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/gep-oracle.cpp \
//     -o /tmp/gep-oracle $($B/llvm-config --ldflags --libs core asmparser)
// Run: scripts/gep-table.sh (writes tests/data/gep/corpus-llvm19.txt).
//
// Output, per input file that has GEPs to report:
//   module <file name>
//   dl <the module's datalayout string>
//   def %tN = type <body>          identified structs, renamed %t0, %t1, ...
//   gep <i|c> <base type>|<source type>|<idx>|<idx>... => <acc>|<collect>
// where <idx> is `<type> <decimal>` for a ConstantInt and `<type> ?k` for
// anything else (k = number of the distinct non-ConstantInt index value, in
// order of first appearance in this GEP), <acc> is the byte offset of
// accumulateConstantOffset (index width of the base's address space,
// sign-extended) or `none`, and <collect> is collectOffset's
// `<constant>` followed by ` ?k*<scale>` per VariableOffsets entry in
// MapVector order, or `none`.
//
// With --all first, nothing is deduplicated and no types are printed: per
// file `module <name>`, then one line `<i|c> <acc>|<collect>` per GEP in
// traversal order (global initializers in order, then each instruction in
// order: the instruction itself, then its operands; constants pre-order,
// each constant once per file, global values not entered), for
// tests/gep_parsed.rs, which walks the module lair's parser builds the
// same way.
//
// GEPs are deduplicated on (layout, structural type, base type, indices,
// kind); a GEP whose source type needs struct definitions gets them before
// it in its module's section. Only GEPs with at least one constant index
// or with a result are of interest, so all are kept.
#include "llvm/AsmParser/Parser.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>

using namespace llvm;

namespace {

struct Namer {
  std::map<StructType *, unsigned> Ids;
  std::vector<StructType *> Order;
  std::set<StructType *> Emitted;

  std::string name(StructType *ST) {
    auto It = Ids.find(ST);
    if (It != Ids.end())
      return "%t" + std::to_string(It->second);
    unsigned N = Ids.size();
    Ids[ST] = N;
    Order.push_back(ST);
    return "%t" + std::to_string(N);
  }

  // Type spelling with identified structs as %tN; `Expand` spells them
  // structurally (a dedup key: sized types cannot contain themselves).
  std::string spell(Type *T, bool Expand) {
    std::string S;
    raw_string_ostream OS(S);
    if (auto *ST = dyn_cast<StructType>(T)) {
      if (!ST->isLiteral() && !Expand)
        return name(ST);
      if (ST->isOpaque())
        return "opaque";
      OS << (ST->isPacked() ? "<{" : "{");
      for (unsigned I = 0; I < ST->getNumElements(); ++I)
        OS << (I ? ", " : " ") << spell(ST->getElementType(I), Expand);
      OS << (ST->getNumElements() ? " " : "") << (ST->isPacked() ? "}>" : "}");
    } else if (auto *AT = dyn_cast<ArrayType>(T)) {
      OS << "[" << AT->getNumElements() << " x " << spell(AT->getElementType(), Expand) << "]";
    } else if (auto *VT = dyn_cast<VectorType>(T)) {
      auto EC = VT->getElementCount();
      OS << "<" << (EC.isScalable() ? "vscale x " : "") << EC.getKnownMinValue() << " x "
         << spell(VT->getElementType(), Expand) << ">";
    } else {
      T->print(OS);
    }
    return OS.str();
  }

  // Definitions not yet printed for the identified structs in T.
  void defs(Type *T, std::ostream &Out) {
    if (auto *ST = dyn_cast<StructType>(T)) {
      if (!ST->isLiteral()) {
        if (Emitted.count(ST))
          return;
        Emitted.insert(ST);
      }
      for (Type *E : ST->elements())
        defs(E, Out);
      if (!ST->isLiteral())
        Out << "def " << name(ST) << " = type " << body(ST) << "\n";
    } else if (auto *AT = dyn_cast<ArrayType>(T)) {
      defs(AT->getElementType(), Out);
    } else if (auto *VT = dyn_cast<VectorType>(T)) {
      defs(VT->getElementType(), Out);
    }
  }

  std::string body(StructType *ST) {
    if (ST->isOpaque())
      return "opaque";
    std::string S = ST->isPacked() ? "<{" : "{";
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      S += (I ? ", " : " ") + spell(ST->getElementType(I), false);
    S += ST->getNumElements() ? " " : "";
    S += ST->isPacked() ? "}>" : "}";
    return S;
  }
};

std::string intText(const APInt &V) {
  SmallString<40> S;
  V.toStringSigned(S);
  return std::string(S);
}

} // namespace

int main(int Argc, char **Argv) {
  std::set<std::string> Seen; // global dedup keys
  size_t Total = 0, Kept = 0;
  bool All = Argc > 1 && std::string(Argv[1]) == "--all";
  for (int A = All ? 2 : 1; A < Argc; ++A) {
    LLVMContext Ctx;
    SMDiagnostic Err;
    auto M = parseAssemblyFile(Argv[A], Err, Ctx);
    if (!M) {
      std::cerr << Argv[A] << ": " << Err.getMessage().str() << "\n";
      return 1;
    }
    const DataLayout &DL = M->getDataLayout();
    std::string Layout = M->getDataLayoutStr();
    Namer N;
    std::ostringstream Sec;
    std::set<const Value *> Visited;
    std::vector<std::pair<const GEPOperator *, bool>> Geps;
    std::function<void(const Value *)> VisitConst = [&](const Value *V) {
      auto *C = dyn_cast<Constant>(V);
      if (!C || isa<GlobalValue>(C) || !Visited.insert(C).second)
        return;
      if (auto *G = dyn_cast<GEPOperator>(C))
        Geps.push_back({G, true});
      for (const Use &U : C->operands())
        VisitConst(U.get());
    };
    for (const GlobalVariable &GV : M->globals())
      if (GV.hasInitializer())
        VisitConst(GV.getInitializer());
    for (const Function &F : *M)
      for (const BasicBlock &BB : F)
        for (const Instruction &I : BB) {
          if (auto *G = dyn_cast<GEPOperator>(&I))
            Geps.push_back({G, false});
          for (const Use &U : I.operands())
            VisitConst(U.get());
        }
    for (auto [G, IsConst] : Geps) {
      ++Total;
      Type *Src = G->getSourceElementType();
      Type *BaseTy = G->getPointerOperand()->getType();
      std::string Line = std::string(IsConst ? "c " : "i ") + N.spell(BaseTy, false) + "|";
      std::string Key = Layout + "\x01" + (IsConst ? "c" : "i") + N.spell(BaseTy, true) + "|" +
                        N.spell(Src, true);
      Line += N.spell(Src, false);
      std::map<const Value *, unsigned> Vars;
      std::string Idx;
      for (const Use &U : G->indices()) {
        Value *V = U.get();
        Idx += "|" + N.spell(V->getType(), false) + " ";
        if (auto *CI = dyn_cast<ConstantInt>(V)) {
          Idx += intText(CI->getValue());
        } else {
          auto It = Vars.emplace(V, Vars.size()).first;
          Idx += "?" + std::to_string(It->second);
        }
      }
      Key += Idx;
      if (!All && !Seen.insert(Key).second)
        continue;
      ++Kept;
      if (!All)
        N.defs(Src, Sec);
      unsigned W = DL.getIndexSizeInBits(G->getPointerAddressSpace());
      APInt Off(W, 0);
      std::string Acc = G->accumulateConstantOffset(DL, Off) ? intText(Off) : "none";
      MapVector<Value *, APInt> VarOffs;
      APInt COff(W, 0);
      std::string Coll;
      if (G->collectOffset(DL, W, VarOffs, COff)) {
        Coll = intText(COff);
        for (auto &[V, S] : VarOffs)
          Coll += " ?" + std::to_string(Vars.at(V)) + "*" + intText(S);
      } else {
        Coll = "none";
      }
      if (All)
        Sec << (IsConst ? "c " : "i ") << Acc << "|" << Coll << "\n";
      else
        Sec << "gep " << Line << Idx << " => " << Acc << "|" << Coll << "\n";
    }
    std::string Body = Sec.str();
    if (Body.empty())
      continue;
    std::string File = Argv[A];
    File = File.substr(File.rfind('/') + 1);
    if (All)
      std::cout << "module " << File << "\n" << Body;
    else
      std::cout << "module " << File << "\ndl " << Layout << "\n" << Body;
  }
  std::cerr << "gep-oracle: " << Total << " GEPs seen, " << Kept << " kept\n";
  return 0;
}
