// semantics-oracle: LLVM 19's answers to the instruction and call-site
// queries of lair's ir/effects.rs, ir/callsite.rs and analysis/, for every
// instruction of the modules named on the command line
// (tests/data/semantics/*.ll). scripts/semantics-table.sh writes the output
// to tests/data/semantics/facts-llvm19.txt; tests/semantics.rs checks lair
// against every line. Queries are made as a pass gets them without extra
// analyses: no context instruction, assumption cache, dominator tree or
// target library info.
//
// Output: `module <file>`, then per function `fn <name>`, then one line per
// instruction: its index in the function and the facts (see `facts`).
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Local.h"
#include <cstdio>
#include <string>

using namespace llvm;

namespace {

const Attribute::AttrKind FnKinds[] = {
    Attribute::NoUnwind,  Attribute::WillReturn,   Attribute::NoReturn,
    Attribute::Speculatable, Attribute::NoFree,    Attribute::NoSync,
    Attribute::NoCallback, Attribute::Convergent,  Attribute::Cold,
    Attribute::NoInline,  Attribute::StrictFP,     Attribute::NoMerge,
    Attribute::NoDuplicate};
const Attribute::AttrKind ParamKinds[] = {
    Attribute::NoCapture, Attribute::ReadOnly,  Attribute::ReadNone,
    Attribute::WriteOnly, Attribute::NoUndef,   Attribute::NonNull,
    Attribute::NoAlias,   Attribute::ByVal,     Attribute::Returned,
    Attribute::ImmArg,    Attribute::Dereferenceable, Attribute::Alignment,
    Attribute::SExt,      Attribute::ZExt,      Attribute::AllocatedPointer};
const Attribute::AttrKind RetKinds[] = {
    Attribute::NoAlias, Attribute::NonNull, Attribute::NoUndef,
    Attribute::Dereferenceable, Attribute::Alignment, Attribute::ZExt};

std::string facts(Instruction &I) {
  auto B = [](bool X) { return X ? "1" : "0"; };
  std::string S = I.getOpcodeName();
  S += std::string(" r=") + B(I.mayReadFromMemory());
  S += std::string(" w=") + B(I.mayWriteToMemory());
  S += std::string(" t=") + B(I.mayThrow());
  S += std::string(" t1=") + B(I.mayThrow(true));
  S += std::string(" ret=") + B(I.willReturn());
  S += std::string(" se=") + B(I.mayHaveSideEffects());
  S += std::string(" atomic=") + B(I.isAtomic());
  S += std::string(" vol=") + B(I.isVolatile());
  S += std::string(" rm=") + B(I.isSafeToRemove());
  S += std::string(" spec=") + B(isSafeToSpeculativelyExecute(&I));
  S += std::string(" dead=") + B(wouldInstructionBeTriviallyDead(&I));
  S += std::string(" tdead=") + B(isInstructionTriviallyDead(&I));
  const DataLayout &DL = I.getModule()->getDataLayout();
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    bool CanBeNull, CanBeFreed;
    Value *P = LI->getPointerOperand();
    uint64_t N = P->getPointerDereferenceableBytes(DL, CanBeNull, CanBeFreed);
    S += " deref=" + std::to_string(N) + (CanBeNull ? "?" : "");
    S += " align=" + std::to_string(P->getPointerAlignment(DL).value());
  }
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return S;
  Function *F = CB->getCalledFunction();
  S += " | callee=" + (F ? F->getName().str() : std::string("-"));
  Intrinsic::ID Id = CB->getIntrinsicID();
  S += " id=" + (Id ? Intrinsic::getBaseName(Id).str() : std::string("-"));
  S += std::string(" ii=") + B(isa<IntrinsicInst>(CB));
  S += std::string(" ind=") + B(CB->isIndirectCall());
  S += " me=" + std::to_string(CB->getMemoryEffects().toIntValue());
  S += std::string(" rd=") + B(CB->hasReadingOperandBundles());
  S += std::string(" cl=") + B(CB->hasClobberingOperandBundles());
  S += std::string(" nobuiltin=") + B(CB->isNoBuiltin());
  S += " fn=";
  for (auto K : FnKinds)
    if (CB->hasFnAttr(K))
      S += Attribute::getNameFromAttrKind(K).str() + ",";
  S += " rt=";
  for (auto K : RetKinds)
    if (CB->hasRetAttr(K))
      S += Attribute::getNameFromAttrKind(K).str() + ",";
  for (unsigned A = 0; A < CB->arg_size(); ++A) {
    S += " p" + std::to_string(A) + "=";
    for (auto K : ParamKinds)
      if (CB->paramHasAttr(A, K))
        S += Attribute::getNameFromAttrKind(K).str() + ",";
  }
  for (unsigned A = CB->arg_size(); A < CB->arg_size() + CB->getNumTotalBundleOperands(); ++A)
    S += " d" + std::to_string(A) + "=" +
         B(CB->dataOperandHasImpliedAttr(A, Attribute::ReadOnly)) +
         B(CB->dataOperandHasImpliedAttr(A, Attribute::NoCapture));
  Value *R = CB->getReturnedArgOperand();
  S += " returned=";
  S += R ? std::to_string(std::find(CB->arg_begin(), CB->arg_end(), R) -
                          CB->arg_begin())
         : std::string("-");
  return S;
}

} // namespace

int main(int argc, char **argv) {
  for (int A = 1; A < argc; ++A) {
    LLVMContext Ctx;
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyFile(argv[A], Err, Ctx);
    if (!M) {
      Err.print("semantics-oracle", errs());
      return 1;
    }
    // LLVM 19's parser turns debug intrinsic calls into debug records;
    // back to calls, as the text has them (and lair keeps them).
    M->setIsNewDbgInfoFormat(false);
    std::string Name = argv[A];
    printf("module %s\n", Name.substr(Name.rfind('/') + 1).c_str());
    for (Function &F : *M) {
      if (F.isDeclaration())
        continue;
      printf("fn %s\n", F.getName().str().c_str());
      unsigned N = 0;
      for (BasicBlock &BB : F)
        for (Instruction &I : BB)
          printf("%u %s\n", N++, facts(I).c_str());
    }
  }
  return 0;
}
