// Prints LLVM 19's intrinsic table for scripts/intrinsics-table.sh: one
// line per intrinsic, "name<TAB>overloaded<TAB>attributes", the attributes
// of Intrinsic::getAttributes as "index:kind[=value]" joined by ','
// (index f = function, r = return, pN = parameter N).
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/raw_ostream.h"
using namespace llvm;

static void set(raw_ostream &OS, bool &First, const std::string &Idx, AttributeSet S) {
  for (const Attribute &A : S) {
    if (!First) OS << ',';
    First = false;
    if (A.isStringAttribute()) {
      errs() << "string attribute on an intrinsic\n";
      exit(1);
    }
    OS << Idx << ':' << Attribute::getNameFromAttrKind(A.getKindAsEnum());
    if (A.isIntAttribute())
      OS << '=' << A.getValueAsInt();
    else if (!A.isEnumAttribute()) {
      errs() << "unsupported attribute class on an intrinsic\n";
      exit(1);
    }
  }
}

int main() {
  LLVMContext C;
  for (unsigned I = 1; I < Intrinsic::num_intrinsics; ++I) {
    Intrinsic::ID ID = static_cast<Intrinsic::ID>(I);
    AttributeList AL = Intrinsic::getAttributes(C, ID);
    outs() << Intrinsic::getBaseName(ID) << '\t' << (Intrinsic::isOverloaded(ID) ? 1 : 0) << '\t';
    bool First = true;
    set(outs(), First, "f", AL.getFnAttrs());
    set(outs(), First, "r", AL.getRetAttrs());
    for (unsigned P = 0; P < AL.getNumAttrSets(); ++P)
      if (AL.getParamAttrs(P).hasAttributes())
        set(outs(), First, "p" + std::to_string(P), AL.getParamAttrs(P));
    outs() << '\n';
  }
}
