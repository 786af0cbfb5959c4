// intrinsics-oracle: LLVM 19's answers on intrinsic names and signatures,
// for tests/intrinsics.rs (tests/data/intrinsics/cases-llvm19.txt).
// scripts/intrinsics-table.sh builds it and runs it; it makes its own cases.
//
// Output, one item per line:
//   module <ll line>               the module the types live in
//   lookup <name> => <base name of Function::lookupIntrinsicID, or ->
//   sig <intrinsic> | <ret> | <params, comma separated> | <0|1 variadic>
//       => ok <overload types, comma separated> => <Intrinsic::getName>
//       => ret | arg | vararg       matchIntrinsicSignature's NoMatchRet,
//                                    NoMatchArg, then matchIntrinsicVarArg
//   name <intrinsic> | <overload types> => <Intrinsic::getName>
// Signature cases: for each distinct signature (descriptor list), the first
// intrinsic with it; overload types are guessed from pools by argument kind,
// the function type built from them, and kept when LLVM matches it; each
// kept one is mutated (return type, a parameter, one parameter fewer or
// more, the variadic flag) for LLVM's failure modes.
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace llvm;
using IIT = Intrinsic::IITDescriptor;

namespace {

const char *ModuleText = R"(%struct.S = type { i32, ptr }
%0 = type { i64 }
%"odd.name" = type opaque
@keep = external global %0
)";

[[noreturn]] void die(const std::string &Msg) {
  fprintf(stderr, "intrinsics-oracle: %s\n", Msg.c_str());
  exit(1);
}

// T as the .ll text spells it: identified structs by name, the module's
// one unnamed struct as %0.
std::string str(Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS, /*IsForDebug=*/false, /*NoDetails=*/true);
  OS.flush();
  for (size_t P; (P = S.find("%\"type 0x")) != std::string::npos;)
    S.replace(P, S.find('"', P + 2) + 1 - P, "%0");
  return S;
}

struct Oracle {
  LLVMContext C;
  std::unique_ptr<Module> M;
  std::vector<Type *> Ints, Floats, Vectors, Ptrs, Anys;

  Oracle() {
    SMDiagnostic Err;
    M = parseAssemblyString(ModuleText, Err, C);
    if (!M)
      die(Err.getMessage().str());
    Type *I8 = Type::getInt8Ty(C), *I16 = Type::getInt16Ty(C),
         *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C),
         *F = Type::getFloatTy(C), *D = Type::getDoubleTy(C),
         *H = Type::getHalfTy(C), *P = PointerType::get(C, 0);
    auto V = [](Type *E, unsigned N) { return FixedVectorType::get(E, N); };
    auto SV = [](Type *E, unsigned N) { return ScalableVectorType::get(E, N); };
    Ints = {I32, V(I32, 4), I64, SV(I64, 2), I8, V(I16, 8), I16, V(I64, 2)};
    Floats = {F, V(F, 4), D, SV(F, 4), H, V(D, 2), V(H, 8), SV(D, 2)};
    Vectors = {V(I32, 4), SV(I32, 4), V(I16, 8), V(F, 4), V(I64, 2), V(I8, 16),
               SV(I8, 16), V(D, 2)};
    Ptrs = {P, PointerType::get(C, 1), PointerType::get(C, 3), P};
    Anys = {I32, V(I32, 4), P, F, StructType::get(C, {I32, I64}),
            StructType::getTypeByName(C, "struct.S"), I64, V(F, 4)};
  }

  // A guess at DecodeFixedType that returns nullptr where LLVM's would
  // assert or crash.
  Type *guess(ArrayRef<IIT> &Infos, ArrayRef<Type *> Tys) {
    if (Infos.empty())
      return nullptr;
    IIT D = Infos.front();
    Infos = Infos.slice(1);
    auto Ref = [&](unsigned N) -> Type * {
      return N < Tys.size() ? Tys[N] : nullptr;
    };
    auto Narrow = [&](Type *E) -> Type * {
      if (E->isDoubleTy())
        return Type::getFloatTy(C);
      if (E->isFloatTy())
        return Type::getHalfTy(C);
      if (E->isIntegerTy() && E->getIntegerBitWidth() % 2 == 0)
        return IntegerType::get(C, E->getIntegerBitWidth() / 2);
      return nullptr;
    };
    switch (D.Kind) {
    case IIT::Void:
    case IIT::VarArg:
      return Type::getVoidTy(C);
    case IIT::MMX: return Type::getX86_MMXTy(C);
    case IIT::AMX: return Type::getX86_AMXTy(C);
    case IIT::Token: return Type::getTokenTy(C);
    case IIT::Metadata: return Type::getMetadataTy(C);
    case IIT::Half: return Type::getHalfTy(C);
    case IIT::BFloat: return Type::getBFloatTy(C);
    case IIT::Float: return Type::getFloatTy(C);
    case IIT::Double: return Type::getDoubleTy(C);
    case IIT::Quad: return Type::getFP128Ty(C);
    case IIT::PPCQuad: return Type::getPPC_FP128Ty(C);
    case IIT::AArch64Svcount: return TargetExtType::get(C, "aarch64.svcount");
    case IIT::Integer: return IntegerType::get(C, D.Integer_Width);
    case IIT::Vector: {
      Type *E = guess(Infos, Tys);
      if (!E || !VectorType::isValidElementType(E))
        return nullptr;
      return VectorType::get(E, D.Vector_Width);
    }
    case IIT::Pointer: return PointerType::get(C, D.Pointer_AddressSpace);
    case IIT::Struct: {
      std::vector<Type *> Es;
      for (unsigned I = 0; I < D.Struct_NumElements; ++I) {
        Type *E = guess(Infos, Tys);
        if (!E)
          return nullptr;
        Es.push_back(E);
      }
      return StructType::get(C, Es);
    }
    case IIT::Argument: return Ref(D.getArgumentNumber());
    case IIT::ExtendArgument: {
      Type *T = Ref(D.getArgumentNumber());
      if (!T || !T->isIntOrIntVectorTy())
        return nullptr;
      if (auto *VT = dyn_cast<VectorType>(T))
        return VectorType::getExtendedElementVectorType(VT);
      return IntegerType::get(C, 2 * T->getIntegerBitWidth());
    }
    case IIT::TruncArgument: {
      Type *T = Ref(D.getArgumentNumber());
      if (!T)
        return nullptr;
      if (auto *VT = dyn_cast<VectorType>(T)) {
        Type *E = Narrow(VT->getElementType());
        return E ? VectorType::get(E, VT->getElementCount()) : nullptr;
      }
      return T->isIntegerTy() ? Narrow(T) : nullptr;
    }
    case IIT::Subdivide2Argument:
    case IIT::Subdivide4Argument: {
      auto *VT = dyn_cast_or_null<VectorType>(Ref(D.getArgumentNumber()));
      if (!VT)
        return nullptr;
      Type *E = VT->getElementType();
      ElementCount EC = VT->getElementCount();
      for (int I = D.Kind == IIT::Subdivide2Argument ? 1 : 2; I > 0; --I) {
        E = E ? Narrow(E) : nullptr;
        EC = EC * 2;
      }
      return E ? VectorType::get(E, EC) : nullptr;
    }
    case IIT::HalfVecArgument: {
      auto *VT = dyn_cast_or_null<VectorType>(Ref(D.getArgumentNumber()));
      if (!VT || !VT->getElementCount().isKnownEven())
        return nullptr;
      return VectorType::getHalfElementsVectorType(VT);
    }
    case IIT::SameVecWidthArgument: {
      Type *E = guess(Infos, Tys);
      Type *T = Ref(D.getArgumentNumber());
      if (!E || !T)
        return nullptr;
      if (auto *VT = dyn_cast<VectorType>(T))
        return VectorType::isValidElementType(E)
                   ? VectorType::get(E, VT->getElementCount())
                   : nullptr;
      return E;
    }
    case IIT::VecElementArgument: {
      auto *VT = dyn_cast_or_null<VectorType>(Ref(D.getArgumentNumber()));
      return VT ? VT->getElementType() : nullptr;
    }
    case IIT::VecOfBitcastsToInt: {
      auto *VT = dyn_cast_or_null<VectorType>(Ref(D.getArgumentNumber()));
      if (!VT || VT->getElementType()->getPrimitiveSizeInBits() == 0)
        return nullptr;
      return VectorType::getInteger(VT);
    }
    case IIT::VecOfAnyPtrsToElt:
      return Ref(D.getOverloadArgNumber());
    }
    return nullptr;
  }

  FunctionType *guessFn(ArrayRef<IIT> Infos, ArrayRef<Type *> Tys) {
    Type *R = guess(Infos, Tys);
    if (!R)
      return nullptr;
    std::vector<Type *> Ps;
    while (!Infos.empty()) {
      Type *P = guess(Infos, Tys);
      if (!P)
        return nullptr;
      Ps.push_back(P);
    }
    bool VA = !Ps.empty() && Ps.back()->isVoidTy();
    if (VA)
      Ps.pop_back();
    for (Type *P : Ps)
      if (!FunctionType::isValidArgumentType(P))
        return nullptr;
    if (!FunctionType::isValidReturnType(R))
      return nullptr;
    return FunctionType::get(R, Ps, VA);
  }

  // Overload slots: argument kind, or -1 - reference for a vector of
  // pointers.
  std::vector<int> slots(ArrayRef<IIT> T) {
    std::map<unsigned, int> S;
    for (const IIT &D : T) {
      if (D.Kind == IIT::Argument &&
          D.getArgumentKind() != IIT::AK_MatchType)
        S[D.getArgumentNumber()] = D.getArgumentKind();
      if (D.Kind == IIT::VecOfAnyPtrsToElt)
        S[D.getOverloadArgNumber()] = -1 - int(D.getRefArgNumber());
    }
    std::vector<int> Out;
    for (auto &[N, K] : S) {
      if (N != Out.size())
        return {};
      Out.push_back(K);
    }
    return Out;
  }

  std::vector<Type *> assign(const std::vector<int> &Slots, unsigned K) {
    std::vector<Type *> Tys(Slots.size(), nullptr);
    for (size_t I = 0; I < Slots.size(); ++I) {
      unsigned J = K + I * 3;
      switch (Slots[I]) {
      case IIT::AK_Any: Tys[I] = Anys[J % Anys.size()]; break;
      case IIT::AK_AnyInteger: Tys[I] = Ints[J % Ints.size()]; break;
      case IIT::AK_AnyFloat: Tys[I] = Floats[J % Floats.size()]; break;
      case IIT::AK_AnyVector: Tys[I] = Vectors[J % Vectors.size()]; break;
      case IIT::AK_AnyPointer: Tys[I] = Ptrs[J % Ptrs.size()]; break;
      default: break;
      }
    }
    for (size_t I = 0; I < Slots.size(); ++I) {
      if (Slots[I] >= 0)
        continue;
      Type *R = Tys[-1 - Slots[I]];
      auto *VT = dyn_cast_or_null<VectorType>(R);
      Tys[I] = VectorType::get(PointerType::get(C, K % 2),
                               VT ? VT->getElementCount()
                                  : ElementCount::getFixed(4));
    }
    return Tys;
  }

  std::string fnLine(StringRef Name, FunctionType *FT) {
    std::string S = "sig " + Name.str() + " | " + str(FT->getReturnType()) + " |";
    for (unsigned I = 0; I < FT->getNumParams(); ++I)
      S += std::string(I ? ", " : " ") + str(FT->getParamType(I));
    return S + " | " + (FT->isVarArg() ? "1" : "0");
  }

  std::string answer(Intrinsic::ID Id, FunctionType *FT) {
    SmallVector<IIT, 8> T;
    Intrinsic::getIntrinsicInfoTableEntries(Id, T);
    ArrayRef<IIT> Ref = T;
    SmallVector<Type *, 4> Tys;
    switch (Intrinsic::matchIntrinsicSignature(FT, Ref, Tys)) {
    case Intrinsic::MatchIntrinsicTypes_NoMatchRet: return "ret";
    case Intrinsic::MatchIntrinsicTypes_NoMatchArg: return "arg";
    case Intrinsic::MatchIntrinsicTypes_Match: break;
    }
    if (Intrinsic::matchIntrinsicVarArg(FT->isVarArg(), Ref))
      return "vararg";
    std::string S = "ok";
    for (size_t I = 0; I < Tys.size(); ++I)
      S += std::string(I ? ", " : " ") + str(Tys[I]);
    if (Intrinsic::getType(C, Id, Tys) != FT)
      die("getType does not round-trip for " + Intrinsic::getBaseName(Id).str());
    // The name as its suffix after the base name.
    std::string Name = Intrinsic::getName(Id, Tys, M.get(), FT);
    return S + " => " + Name.substr(Intrinsic::getBaseName(Id).size());
  }

  Type *other(Type *T, unsigned K) {
    if (T->isIntegerTy(1))
      return Type::getInt8Ty(C);
    if (T->isIntegerTy())
      return K % 2 ? Type::getFloatTy(C) : Type::getInt1Ty(C);
    if (T->isFloatingPointTy())
      return K % 2 ? Type::getInt32Ty(C) : Type::getDoubleTy(C);
    if (auto *VT = dyn_cast<VectorType>(T))
      return K % 2 ? VT->getElementType()
                   : VectorType::get(VT->getElementType(),
                                     VT->getElementCount() * 2);
    if (T->isPointerTy())
      return PointerType::get(C, T->getPointerAddressSpace() + 1);
    if (T->isVoidTy())
      return Type::getInt32Ty(C);
    return Type::getInt64Ty(C);
  }

  void signatures() {
    std::set<std::string> Seen;
    unsigned Kept = 0, Found = 0;
    for (unsigned Id = 1; Id < Intrinsic::num_intrinsics; ++Id) {
      SmallVector<IIT, 8> T;
      Intrinsic::getIntrinsicInfoTableEntries(Id, T);
      // Overloaded signatures by their descriptors, the others by their
      // descriptor kinds (widths, lengths and address spaces aside).
      bool Ov = Intrinsic::isOverloaded(Id);
      std::string Key = Ov ? "o" : "f";
      for (const IIT &D : T)
        Key += std::to_string(D.Kind) + ":" +
               std::to_string(Ov || D.Kind == IIT::Struct ? D.Integer_Width : 0) + ";";
      if (!Seen.insert(Key).second)
        continue;
      ++Kept;
      std::vector<int> S = slots(T);
      if (S.empty() && Intrinsic::isOverloaded(Id))
        continue;
      std::vector<FunctionType *> Pos;
      for (unsigned K = 0; K < 16 && Pos.size() < 2; ++K) {
        FunctionType *FT = guessFn(T, assign(S, K));
        if (!FT || std::find(Pos.begin(), Pos.end(), FT) != Pos.end())
          continue;
        if (answer(Id, FT).rfind("ok", 0) == 0)
          Pos.push_back(FT);
        if (S.empty())
          break;
      }
      StringRef Name = Intrinsic::getBaseName(Id);
      for (FunctionType *FT : Pos)
        printf("%s => %s\n", fnLine(Name, FT).c_str(), answer(Id, FT).c_str());
      if (Pos.empty())
        continue;
      ++Found;
      FunctionType *FT = Pos[0];
      std::vector<Type *> Ps(FT->param_begin(), FT->param_end());
      std::vector<FunctionType *> Bad;
      Bad.push_back(FunctionType::get(other(FT->getReturnType(), Id), Ps,
                                      FT->isVarArg()));
      if (!Ps.empty()) {
        auto Q = Ps;
        Q[Id % Q.size()] = other(Q[Id % Q.size()], Id / 2);
        Bad.push_back(FunctionType::get(FT->getReturnType(), Q, FT->isVarArg()));
        if (Id % 3 == 0) {
          Q = Ps;
          Q.pop_back();
          Bad.push_back(FunctionType::get(FT->getReturnType(), Q, FT->isVarArg()));
        }
      }
      if (Id % 3 == 1) {
        auto Q = Ps;
        Q.push_back(Type::getInt32Ty(C));
        Bad.push_back(FunctionType::get(FT->getReturnType(), Q, FT->isVarArg()));
      }
      if (Id % 3 == 2 || FT->isVarArg())
        Bad.push_back(FunctionType::get(FT->getReturnType(), Ps, !FT->isVarArg()));
      for (FunctionType *B : Bad)
        if (B != FT)
          printf("%s => %s\n", fnLine(Name, B).c_str(), answer(Id, B).c_str());
    }
    fprintf(stderr, "intrinsics-oracle: %u signatures, %u with a match found\n",
            Kept, Found);
  }

  void lookups() {
    auto Q = [](const std::string &N) {
      Intrinsic::ID Id = Function::lookupIntrinsicID(N);
      printf("lookup %s => %s\n", N.c_str(),
             Id ? Intrinsic::getBaseName(Id).str().c_str() : "-");
    };
    for (unsigned Id = 1; Id < Intrinsic::num_intrinsics; ++Id) {
      std::string N = Intrinsic::getBaseName(Id).str();
      switch (Id % 27) {
      case 0: Q(N + ".i32"); break;
      case 1: Q(N + ".p0.v4f32"); break;
      case 2: Q(N + "x"); break;
      case 3: Q(N.substr(0, N.size() - 1)); break;
      case 4: Q(N + "."); break;
      case 5: Q(N.substr(0, N.rfind('.')) + ".zz"); break;
      case 6: Q(N + ".." ); break;
      case 7: Q(N.substr(0, N.rfind('.') + 1)); break;
      default: break;
      }
    }
    for (const char *N :
         {"llvm.", "llvm", "llvm..", "llvm.x86", "llvm.x86.", "llvm.x86.foo",
          "llvm.memcpy", "llvm.memcpy.p0.p0.i64", "llvm.memcpy.inline.p0.p0.i32",
          "llvm.memcpy.element.unordered.atomic.p0.p0.i64", "llvm.trap",
          "llvm.trap.i32", "llvm.dbg.value", "llvm.dbg.value.x", "llvm.umax",
          "llvm.umax.", "llvm.umax.i32.i64", "llvm.ssa.copy.i32",
          "llvm.aarch64.neon.uaddv.i32.v8i8", "llvm.aarch64", "llvm.aarch64.",
          "llvm.nvvm.ldg.global.i.i32.p1", "llvm.experimental.gc.statepoint.p0",
          "llvm.ppc.altivec.lvx", "llvm.amdgcn.workitem.id.x",
          "llvm.wasm.memory.size.i32", "llvm.x86.sse2.pause",
          "llvm.x86.sse2.pause.x", "llvm.foo", "llvm.abs.i32", "llvm.abd",
          "llvm.zzz", "llvm.a", "llvm.xcore.zext", "llvm.xcore.zext.",
          "llvm.loongarch.csrrd.w", "llvm.s390.tdc.f32"})
      Q(N);
  }

  void names() {
    Type *I32 = Type::getInt32Ty(C);
    auto *S = StructType::getTypeByName(C, "struct.S");
    auto *Odd = StructType::getTypeByName(C, "odd.name");
    Type *Unnamed = M->getGlobalVariable("keep")->getValueType();
    std::vector<std::vector<Type *>> Cases = {
        {ArrayType::get(I32, 4)},
        {ArrayType::get(ArrayType::get(Type::getInt8Ty(C), 2), 3)},
        {StructType::get(C, {I32, StructType::get(C, ArrayRef<Type *>{Type::getFloatTy(C)})})},
        {StructType::get(C, ArrayRef<Type *>{I32, I32}, /*isPacked=*/true)},
        {StructType::get(C, {})},
        {S}, {Odd}, {Unnamed}, {StructType::get(C, {Unnamed, I32})},
        {Unnamed}, {S, Unnamed},
        {TargetExtType::get(C, "spirv.Image", {I32}, {1, 2})},
        {TargetExtType::get(C, "aarch64.svcount")},
        {ScalableVectorType::get(Type::getInt1Ty(C), 16)},
        {FixedVectorType::get(PointerType::get(C, 5), 2)},
        {Type::getX86_FP80Ty(C)}, {Type::getFP128Ty(C)},
        {Type::getPPC_FP128Ty(C)}, {Type::getBFloatTy(C)},
        {Type::getX86_AMXTy(C)}, {Type::getMetadataTy(C)},
        {IntegerType::get(C, 1000)}, {Type::getVoidTy(C)},
        {FunctionType::get(I32, {PointerType::get(C, 0)}, true)},
        {FunctionType::get(Type::getVoidTy(C), {}, false), I32},
    };
    Intrinsic::ID Copy = Function::lookupIntrinsicID("llvm.ssa.copy");
    for (auto &Tys : Cases) {
      std::string L = "name llvm.ssa.copy |";
      for (size_t I = 0; I < Tys.size(); ++I)
        L += std::string(I ? ", " : " ") + str(Tys[I]);
      // The unnamed suffix of a type list depends on the function type
      // getName builds from it; ssa.copy takes one overload, so the extra
      // types only exercise the mangling (FT given explicitly).
      FunctionType *FT = FunctionType::get(I32, {}, false);
      printf("%s => %s\n", L.c_str(),
             Intrinsic::getName(Copy, Tys, M.get(), FT).c_str());
    }
  }
};

} // namespace

int main() {
  Oracle O;
  for (const char *P = ModuleText; *P;) {
    const char *E = strchr(P, '\n');
    printf("module %.*s\n", int(E - P), P);
    P = E + 1;
  }
  O.lookups();
  O.names();
  O.signatures();
  return 0;
}
