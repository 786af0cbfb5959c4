// datalayout-oracle: prints what LLVM 19's DataLayout says, line by line, so
// that lair's tests (tests/datalayout.rs) can quote LLVM's own numbers.
//
// Build (LLVM 19 only; never the LLVM 14 on PATH):
//   B=/usr/lib/llvm-19/bin
//   $B/clang++ -std=c++17 $($B/llvm-config --cxxflags) scripts/datalayout-oracle.cpp \
//     -o /tmp/datalayout-oracle $($B/llvm-config --ldflags --libs core asmparser)
//
// Commands on stdin, one per line:
//   dl <layout>        parse; prints "err <message>" or "ok" and a property dump
//   eq <a>|<b>         prints "eq 1" or "eq 0" (DataLayout::operator==)
//   def <ll text>      appends a line (e.g. a %struct definition) to the module
//                      that `ty`/`gep` types are read in
//   ty <type>          under the last good `dl`: size bits, store, alloc, ABI,
//                      pref; for structs also the StructLayout
//   gep <type>|<ity> <v>|<ity> <v>...   accumulateConstantOffset of
//                      `getelementptr <type>, ptr null, <ity> <v>, ...` in
//                      the index width of address space 0 (prints "gep none"
//                      when LLVM says the offset is not constant)
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"
#include <iostream>
#include <memory>
#include <string>

using namespace llvm;

static std::string ts(TypeSize T) {
  return (T.isScalable() ? "vscale*" : "") + std::to_string(T.getKnownMinValue());
}

static void dump(const DataLayout &DL) {
  std::cout << "ok E=" << DL.isBigEndian();
  auto S = DL.exceedsNaturalStackAlignment(Align(1)) ? 0 : 0;
  (void)S;
  // Stack alignment: smallest power of two that exceeds it, minus one step.
  unsigned Stack = 0;
  for (unsigned L = 0; L < 40; ++L)
    if (DL.exceedsNaturalStackAlignment(Align(1ull << L))) { Stack = L ? (1u << (L - 1)) : 0; break; }
  std::cout << " S=" << Stack << " P=" << DL.getProgramAddressSpace()
            << " A=" << DL.getAllocaAddrSpace()
            << " G=" << DL.getDefaultGlobalsAddressSpace();
  auto FA = DL.getFunctionPtrAlign();
  std::cout << " F="
            << (DL.getFunctionPtrAlignType() == DataLayout::FunctionPtrAlignType::Independent ? "i" : "n")
            << (FA ? FA->value() : 0);
  std::cout << " gp=" << (DL.getGlobalPrefix() ? std::string(1, DL.getGlobalPrefix()) : std::string("-"))
            << " pp=" << DL.getPrivateGlobalPrefix().str() << " lp=" << DL.getLinkerPrivateGlobalPrefix().str();
  std::cout << " n=";
  for (unsigned W = 0; W < 300; ++W)
    if (DL.isLegalInteger(W)) std::cout << W << ",";
  std::cout << " largest=" << DL.getLargestLegalIntTypeSizeInBits();
  std::cout << " ni=";
  for (unsigned AS : DL.getNonIntegralAddressSpaces()) std::cout << AS << ",";
  std::cout << " ptr=";
  for (unsigned AS : {0u, 1u, 2u, 3u, 5u, 7u, 8u, 9u, 42u, 270u, 16777215u})
    std::cout << AS << ":" << DL.getPointerSizeInBits(AS) << "/" << DL.getPointerSize(AS) << "/"
              << DL.getPointerABIAlignment(AS).value() << "/" << DL.getPointerPrefAlignment(AS).value()
              << "/" << DL.getIndexSizeInBits(AS) << "/" << DL.getIndexSize(AS) << ",";
  std::cout << " int=";
  for (unsigned W : {0u, 1u, 7u, 8u, 9u, 16u, 24u, 32u, 48u, 64u, 65u, 128u, 256u, 16777215u})
    std::cout << W << ":" << DL.getABIIntegerTypeAlignment(W).value() << ",";
  std::cout << "\n";
}

int main() {
  LLVMContext Ctx;
  std::string Defs;
  std::unique_ptr<DataLayout> Cur;
  std::string Line;
  while (std::getline(std::cin, Line)) {
    auto Sp = Line.find(' ');
    std::string Cmd = Line.substr(0, Sp);
    std::string Arg = Sp == std::string::npos ? "" : Line.substr(Sp + 1);
    if (Cmd == "dl") {
      auto DL = DataLayout::parse(Arg);
      if (!DL) {
        std::cout << "err " << toString(DL.takeError()) << "\n";
        continue;
      }
      Cur = std::make_unique<DataLayout>(*DL);
      dump(*Cur);
    } else if (Cmd == "eq") {
      auto Bar = Arg.find('|');
      auto A = DataLayout::parse(Arg.substr(0, Bar));
      auto B = DataLayout::parse(Arg.substr(Bar + 1));
      if (!A || !B) {
        consumeError(A.takeError());
        consumeError(B.takeError());
        std::cout << "eq err\n";
        continue;
      }
      std::cout << "eq " << (*A == *B) << "\n";
    } else if (Cmd == "def") {
      Defs += Arg + "\n";
    } else if (Cmd == "ty" || Cmd == "gep") {
      std::string Ty = Arg, Rest;
      if (Cmd == "gep") {
        auto Bar = Arg.find('|');
        Ty = Arg.substr(0, Bar);
        Rest = Arg.substr(Bar + 1);
      }
      SMDiagnostic Err;
      std::string Src = "target datalayout = \"" + Cur->getStringRepresentation() + "\"\n" + Defs +
                        "@g = external global " + Ty + "\n";
      auto M = parseAssemblyString(Src, Err, Ctx);
      if (!M) {
        std::cout << "parse-error " << Err.getMessage().str() << "\n";
        continue;
      }
      Type *T = M->getNamedGlobal("g")->getValueType();
      const DataLayout &DL = M->getDataLayout();
      if (Cmd == "ty") {
        if (!T->isSized()) {
          std::cout << "unsized\n";
          continue;
        }
        std::cout << "size=" << ts(DL.getTypeSizeInBits(T)) << " store=" << ts(DL.getTypeStoreSize(T))
                  << " alloc=" << ts(DL.getTypeAllocSize(T)) << " abi=" << DL.getABITypeAlign(T).value()
                  << " pref=" << DL.getPrefTypeAlign(T).value();
        if (auto *ST = dyn_cast<StructType>(T)) {
          const StructLayout *SL = DL.getStructLayout(ST);
          std::cout << " offsets=";
          for (unsigned I = 0; I < ST->getNumElements(); ++I) std::cout << ts(SL->getElementOffset(I)) << ",";
          std::cout << " lsize=" << ts(SL->getSizeInBytes()) << " lalign=" << SL->getAlignment().value()
                    << " padded=" << SL->hasPadding();
        }
        std::cout << "\n";
      } else {
        // Indices: "<ity> <v>|<ity> <v>..."
        std::vector<Value *> Idx;
        size_t Pos = 0;
        bool Bad = false;
        while (Pos <= Rest.size() && !Rest.empty()) {
          auto Next = Rest.find('|', Pos);
          std::string One = Rest.substr(Pos, Next == std::string::npos ? std::string::npos : Next - Pos);
          auto S2 = One.find(' ');
          unsigned W = std::stoul(One.substr(1, S2 - 1));
          Idx.push_back(ConstantInt::get(Ctx, APInt(W, One.substr(S2 + 1), 10)));
          if (Next == std::string::npos) break;
          Pos = Next + 1;
        }
        if (Bad) continue;
        if (!GetElementPtrInst::getIndexedType(T, Idx)) {
          std::cout << "gep invalid\n";
          continue;
        }
        auto *G = GetElementPtrInst::Create(T, ConstantPointerNull::get(PointerType::get(Ctx, 0)), Idx);
        APInt Off(DL.getIndexSizeInBits(0), 0);
        bool Ok = cast<GEPOperator>(G)->accumulateConstantOffset(DL, Off);
        if (Ok)
          std::cout << "gep " << Off.getSExtValue() << "\n";
        else
          std::cout << "gep none\n";
        G->deleteValue();
      }
    }
    std::cout.flush();
  }
}
