// intrinsics-dump: LLVM 19's intrinsic table as text, for
// scripts/intrinsics-table.py, which writes lair's src/ir/intrinsics/table.rs
// and tests/data/intrinsics/attrs-llvm19.txt from it.
//
// Build (LLVM 19 only; never the LLVM 14 on PATH): see
// scripts/intrinsics-table.sh, which builds it, runs it and the script.
//
// Output, one item per line:
//   target <name> <first id> <count>   the target sub-tables (the generic
//                                      one has the empty name, written "-")
//   int <id> <name> <overloaded 0|1> <attribute list> <descriptor>...
//   list <n> <index>=<set> ...         attribute list n: index fn, ret or
//                                      pK (parameter K) to attribute set
//   set <n> <kind>[=<int value>] ...   attribute set n: LLVM's enum value of
//                                      each attribute kind, with the integer
//                                      of an int attribute
//   settext <n> <inline text> | <group text>   how llvm-dis prints set n
//                                      inline (parameters) and in a group
// Descriptors (Intrinsic::IITDescriptor, in table order):
//   void ... mmx amx token md f16 bf16 f32 f64 f128 ppcf128 svcount iN
//   vN nxvN pN sN                      vector (then its element), pointer
//                                      in address space N, struct of N
//   arg.N.K ext.N.K trunc.N.K halfvec.N.K samewidth.N.K elt.N.K
//   sub2.N.K sub4.N.K bc2int.N.K        argument-relative, N the overload
//                                      index, K the argument kind
//   ptrs2elt.O.R                       vector of pointers: overload O,
//                                      reference R
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

using namespace llvm;

namespace {
#define GET_INTRINSIC_TARGET_DATA
#include "llvm/IR/IntrinsicImpl.inc"
#undef GET_INTRINSIC_TARGET_DATA

[[noreturn]] void die(const std::string &Msg) {
  fprintf(stderr, "intrinsics-dump: %s\n", Msg.c_str());
  exit(1);
}

std::string argRel(const char *Name, const Intrinsic::IITDescriptor &D) {
  return std::string(Name) + "." + std::to_string(D.getArgumentNumber()) + "." +
         std::to_string(unsigned(D.getArgumentKind()));
}

std::string desc(const Intrinsic::IITDescriptor &D) {
  using I = Intrinsic::IITDescriptor;
  switch (D.Kind) {
  case I::Void: return "void";
  case I::VarArg: return "...";
  case I::MMX: return "mmx";
  case I::AMX: return "amx";
  case I::Token: return "token";
  case I::Metadata: return "md";
  case I::Half: return "f16";
  case I::BFloat: return "bf16";
  case I::Float: return "f32";
  case I::Double: return "f64";
  case I::Quad: return "f128";
  case I::PPCQuad: return "ppcf128";
  case I::AArch64Svcount: return "svcount";
  case I::Integer: return "i" + std::to_string(D.Integer_Width);
  case I::Vector:
    return std::string(D.Vector_Width.isScalable() ? "nxv" : "v") +
           std::to_string(D.Vector_Width.getKnownMinValue());
  case I::Pointer: return "p" + std::to_string(D.Pointer_AddressSpace);
  case I::Struct: return "s" + std::to_string(D.Struct_NumElements);
  case I::Argument: return argRel("arg", D);
  case I::ExtendArgument: return argRel("ext", D);
  case I::TruncArgument: return argRel("trunc", D);
  case I::HalfVecArgument: return argRel("halfvec", D);
  case I::SameVecWidthArgument: return argRel("samewidth", D);
  case I::VecElementArgument: return argRel("elt", D);
  case I::Subdivide2Argument: return argRel("sub2", D);
  case I::Subdivide4Argument: return argRel("sub4", D);
  case I::VecOfBitcastsToInt: return argRel("bc2int", D);
  case I::VecOfAnyPtrsToElt:
    return "ptrs2elt." + std::to_string(D.getOverloadArgNumber()) + "." +
           std::to_string(D.getRefArgNumber());
  }
  die("unknown descriptor kind " + std::to_string(unsigned(D.Kind)));
}

std::string attrWord(const Attribute &A) {
  if (A.isEnumAttribute())
    return std::to_string(unsigned(A.getKindAsEnum()));
  if (A.isIntAttribute())
    return std::to_string(unsigned(A.getKindAsEnum())) + "=" +
           std::to_string(A.getValueAsInt());
  die("intrinsic attribute of an unhandled class: " + A.getAsString());
}

std::string setText(const AttributeSet &S, bool Group) {
  std::string Out;
  for (const Attribute &A : S) {
    if (!Out.empty())
      Out += " ";
    Out += A.getAsString(Group);
  }
  return Out;
}
} // namespace

int main() {
  LLVMContext Ctx;
  for (const auto &T : TargetInfos)
    printf("target %s %zu %zu\n", T.Name.empty() ? "-" : T.Name.data(),
           T.Offset + 1, T.Count);
  std::map<std::string, unsigned> Sets; // by their `set` words
  std::vector<AttributeSet> SetList;
  std::map<std::string, unsigned> Lists;
  std::vector<std::string> ListList;
  auto words = [](AttributeSet S) {
    std::string W;
    for (const Attribute &A : S)
      W += " " + attrWord(A);
    return W;
  };
  auto setId = [&](AttributeSet S) {
    std::string W = words(S);
    auto It = Sets.find(W);
    if (It != Sets.end())
      return It->second;
    unsigned N = SetList.size();
    Sets.emplace(W, N);
    SetList.push_back(S);
    return N;
  };
  for (unsigned Id = 1; Id < Intrinsic::num_intrinsics; ++Id) {
    AttributeList AL = Intrinsic::getAttributes(Ctx, Id);
    std::string L;
    for (unsigned Idx : AL.indexes()) {
      AttributeSet S = AL.getAttributes(Idx);
      if (!S.hasAttributes())
        continue;
      std::string Where = Idx == AttributeList::FunctionIndex ? "fn"
                          : Idx == AttributeList::ReturnIndex
                              ? "ret"
                              : "p" + std::to_string(Idx - 1);
      L += " " + Where + "=" + std::to_string(setId(S));
    }
    auto It = Lists.find(L);
    unsigned ListId;
    if (It != Lists.end()) {
      ListId = It->second;
    } else {
      ListId = ListList.size();
      Lists.emplace(L, ListId);
      ListList.push_back(L);
    }
    SmallVector<Intrinsic::IITDescriptor, 8> T;
    Intrinsic::getIntrinsicInfoTableEntries(Id, T);
    std::string Ds;
    for (const auto &D : T)
      Ds += " " + desc(D);
    printf("int %u %s %d %u%s\n", Id, Intrinsic::getBaseName(Id).str().c_str(),
           Intrinsic::isOverloaded(Id) ? 1 : 0, ListId, Ds.c_str());
  }
  for (unsigned N = 0; N < ListList.size(); ++N)
    printf("list %u%s\n", N, ListList[N].c_str());
  for (unsigned N = 0; N < SetList.size(); ++N)
    printf("set %u%s\n", N, words(SetList[N]).c_str());
  for (unsigned N = 0; N < SetList.size(); ++N)
    printf("settext %u %s | %s\n", N, setText(SetList[N], false).c_str(),
           setText(SetList[N], true).c_str());
  return 0;
}
