// fold-oracle: what LLVM 19's IRBuilder (with its default ConstantFolder)
// returns for instructions whose operands are all constants, so that lair's
// builder can be checked against it (tests/fold.rs reads the output).
//
// Build (LLVM 19 only; never the LLVM 14 on PATH):
//   B=/usr/lib/llvm-19/bin
//   $B/clang++ -O1 -std=c++17 $($B/llvm-config --cxxflags) scripts/fold-oracle.cpp \
//     -o /tmp/fold-oracle $($B/llvm-config --ldflags --libs core asmparser)
// or run scripts/fold-table.sh, which builds it and writes the table.
//
// Input on stdin, one item per line (scripts/fold-cases.py writes it):
//   # comment                      copied through
//   module <ll text>               a line of the module the constants live in
//                                  (globals @g, @h, @f ...)
//   val <name> = <typed constant>  a named operand, e.g. `val a = i8 5`: the
//                                  initializer of a global added to the module
//   <op> : <name> <name> ...       one builder call on named operands
// Each case line is echoed with " => <result>" appended: the result printed
// as an operand with its type (`i8 7`, `ptr @g`, `i64 add (...)`), or `inst`
// when the builder made an instruction.
//
// Ops: add sub mul shl [nuw] [nsw]; udiv sdiv lshr ashr [exact]; urem srem
// and or xor; fadd fsub fmul fdiv frem; fneg; icmp <pred>; fcmp <pred>;
// <castop> to <type>; select; extractelement; insertelement;
// shufflevector <i> <i> ... (-1 = poison lane); extractvalue <i> ...;
// insertvalue <i> ...; gep [inbounds] <source type> (base, then indices).
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
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
  std::cerr << "fold-oracle: " << Msg << "\n";
  std::exit(1);
}

std::vector<std::string> words(const std::string &S) {
  std::istringstream In(S);
  std::vector<std::string> Out;
  std::string W;
  while (In >> W)
    Out.push_back(W);
  return Out;
}

CmpInst::Predicate predicate(const std::string &P) {
  static const std::map<std::string, CmpInst::Predicate> Map = {
      {"false", CmpInst::FCMP_FALSE}, {"oeq", CmpInst::FCMP_OEQ},
      {"ogt", CmpInst::FCMP_OGT},     {"oge", CmpInst::FCMP_OGE},
      {"olt", CmpInst::FCMP_OLT},     {"ole", CmpInst::FCMP_OLE},
      {"one", CmpInst::FCMP_ONE},     {"ord", CmpInst::FCMP_ORD},
      {"uno", CmpInst::FCMP_UNO},     {"ueq", CmpInst::FCMP_UEQ},
      {"ugt", CmpInst::FCMP_UGT},     {"uge", CmpInst::FCMP_UGE},
      {"ult", CmpInst::FCMP_ULT},     {"ule", CmpInst::FCMP_ULE},
      {"une", CmpInst::FCMP_UNE},     {"true", CmpInst::FCMP_TRUE},
      {"eq", CmpInst::ICMP_EQ},       {"ne", CmpInst::ICMP_NE},
      {"ugt.i", CmpInst::ICMP_UGT},   {"uge.i", CmpInst::ICMP_UGE},
      {"ult.i", CmpInst::ICMP_ULT},   {"ule.i", CmpInst::ICMP_ULE},
      {"sgt", CmpInst::ICMP_SGT},     {"sge", CmpInst::ICMP_SGE},
      {"slt", CmpInst::ICMP_SLT},     {"sle", CmpInst::ICMP_SLE}};
  auto It = Map.find(P);
  if (It == Map.end())
    die("unknown predicate " + P);
  return It->second;
}

Instruction::CastOps castOp(const std::string &Op) {
  static const std::map<std::string, Instruction::CastOps> Map = {
      {"trunc", Instruction::Trunc},       {"zext", Instruction::ZExt},
      {"sext", Instruction::SExt},         {"fptrunc", Instruction::FPTrunc},
      {"fpext", Instruction::FPExt},       {"fptoui", Instruction::FPToUI},
      {"fptosi", Instruction::FPToSI},     {"uitofp", Instruction::UIToFP},
      {"sitofp", Instruction::SIToFP},     {"ptrtoint", Instruction::PtrToInt},
      {"inttoptr", Instruction::IntToPtr}, {"bitcast", Instruction::BitCast},
      {"addrspacecast", Instruction::AddrSpaceCast}};
  auto It = Map.find(Op);
  return It == Map.end() ? Instruction::CastOpsEnd : It->second;
}

struct Oracle {
  LLVMContext Ctx;
  std::string ModuleText;
  std::unique_ptr<Module> M;
  Function *F = nullptr;
  std::map<std::string, Constant *> Vals;

  Module &module() {
    if (!M) {
      SMDiagnostic Err;
      M = parseAssemblyString(ModuleText, Err, Ctx);
      if (!M)
        die("module: " + Err.getMessage().str());
      F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                           GlobalValue::ExternalLinkage, "__fold_oracle", *M);
      BasicBlock::Create(Ctx, "entry", F);
    }
    return *M;
  }

  Type *type(const std::string &Text) {
    SMDiagnostic Err;
    Type *T = parseType(Text, Err, module());
    if (!T)
      die("type `" + Text + "`: " + Err.getMessage().str());
    return T;
  }

  Value *apply(const std::vector<std::string> &Op,
               const std::vector<Constant *> &A) {
    IRBuilder<> B(&F->getEntryBlock());
    const std::string &O = Op[0];
    auto has = [&](const char *W) {
      for (size_t I = 1; I < Op.size(); ++I)
        if (Op[I] == W)
          return true;
      return false;
    };
    auto need = [&](size_t N) {
      if (A.size() != N)
        die(O + " takes " + std::to_string(N) + " operands");
    };
    auto ints = [&](size_t From) {
      std::vector<int> Out;
      for (size_t I = From; I < Op.size(); ++I)
        Out.push_back(std::stoi(Op[I]));
      return Out;
    };
    bool NUW = has("nuw"), NSW = has("nsw"), Exact = has("exact");
    if (O == "add") return need(2), B.CreateAdd(A[0], A[1], "", NUW, NSW);
    if (O == "sub") return need(2), B.CreateSub(A[0], A[1], "", NUW, NSW);
    if (O == "mul") return need(2), B.CreateMul(A[0], A[1], "", NUW, NSW);
    if (O == "shl") return need(2), B.CreateShl(A[0], A[1], "", NUW, NSW);
    if (O == "udiv") return need(2), B.CreateUDiv(A[0], A[1], "", Exact);
    if (O == "sdiv") return need(2), B.CreateSDiv(A[0], A[1], "", Exact);
    if (O == "lshr") return need(2), B.CreateLShr(A[0], A[1], "", Exact);
    if (O == "ashr") return need(2), B.CreateAShr(A[0], A[1], "", Exact);
    if (O == "urem") return need(2), B.CreateURem(A[0], A[1]);
    if (O == "srem") return need(2), B.CreateSRem(A[0], A[1]);
    if (O == "and") return need(2), B.CreateAnd(A[0], A[1]);
    if (O == "or") return need(2), B.CreateOr(A[0], A[1]);
    if (O == "xor") return need(2), B.CreateXor(A[0], A[1]);
    if (O == "fadd") return need(2), B.CreateFAdd(A[0], A[1]);
    if (O == "fsub") return need(2), B.CreateFSub(A[0], A[1]);
    if (O == "fmul") return need(2), B.CreateFMul(A[0], A[1]);
    if (O == "fdiv") return need(2), B.CreateFDiv(A[0], A[1]);
    if (O == "frem") return need(2), B.CreateFRem(A[0], A[1]);
    if (O == "fneg") return need(1), B.CreateFNeg(A[0]);
    if (O == "icmp") {
      need(2);
      std::string P = Op.at(1);
      if (P[0] == 'u' && P != "uno")
        P += ".i";
      return B.CreateICmp(predicate(P), A[0], A[1]);
    }
    if (O == "fcmp") return need(2), B.CreateFCmp(predicate(Op.at(1)), A[0], A[1]);
    if (O == "select") return need(3), B.CreateSelect(A[0], A[1], A[2]);
    if (O == "extractelement") return need(2), B.CreateExtractElement(A[0], A[1]);
    if (O == "insertelement")
      return need(3), B.CreateInsertElement(A[0], A[1], A[2]);
    if (O == "shufflevector")
      return need(2), B.CreateShuffleVector(A[0], A[1], ints(1));
    if (O == "extractvalue") {
      need(1);
      std::vector<unsigned> Idx;
      for (int I : ints(1))
        Idx.push_back(I);
      return B.CreateExtractValue(A[0], Idx);
    }
    if (O == "insertvalue") {
      need(2);
      std::vector<unsigned> Idx;
      for (int I : ints(1))
        Idx.push_back(I);
      return B.CreateInsertValue(A[0], A[1], Idx);
    }
    if (O == "gep") {
      bool InBounds = has("inbounds");
      std::string Ty;
      for (size_t I = 1; I < Op.size(); ++I)
        if (Op[I] != "inbounds")
          Ty += (Ty.empty() ? "" : " ") + Op[I];
      std::vector<Value *> Idx(A.begin() + 1, A.end());
      return B.CreateGEP(type(Ty), A.at(0), Idx, "",
                         InBounds ? GEPNoWrapFlags::inBounds()
                                  : GEPNoWrapFlags::none());
    }
    Instruction::CastOps C = castOp(O);
    if (C != Instruction::CastOpsEnd) {
      need(1);
      if (Op.size() < 3 || Op[1] != "to")
        die("cast needs `to <type>`");
      std::string Ty;
      for (size_t I = 2; I < Op.size(); ++I)
        Ty += (I > 2 ? " " : "") + Op[I];
      return B.CreateCast(C, A[0], type(Ty));
    }
    die("unknown op " + O);
  }

  // Vals are the initializers of globals `@__fold_val.N` added to the
  // module text (LLVM 19's parseConstantValue refuses `poison`, `null` and
  // `zeroinitializer`), so the whole input is read before anything runs.
  void run(const std::vector<std::string> &Lines) {
    std::vector<std::string> ValNames;
    for (const std::string &L : Lines) {
      if (L.rfind("module ", 0) == 0) {
        ModuleText += L.substr(7) + "\n";
      } else if (L.rfind("val ", 0) == 0) {
        size_t Eq = L.find(" = ");
        if (Eq == std::string::npos)
          die("val line without ` = `: " + L);
        ModuleText += "@__fold_val." + std::to_string(ValNames.size()) +
                      " = global " + L.substr(Eq + 3) + "\n";
        ValNames.push_back(L.substr(4, Eq - 4));
      }
    }
    module();
    for (size_t I = 0; I < ValNames.size(); ++I) {
      GlobalVariable *G =
          M->getGlobalVariable("__fold_val." + std::to_string(I));
      Vals[ValNames[I]] = G->getInitializer();
    }
    for (const std::string &L : Lines)
      line(L);
  }

  void line(const std::string &L) {
    if (L.empty() || L[0] == '#' || L.rfind("module ", 0) == 0 ||
        L.rfind("val ", 0) == 0) {
      std::cout << L << "\n";
      return;
    }
    std::string Case = L.substr(0, L.find(" => "));
    size_t Colon = Case.find(" : ");
    if (Colon == std::string::npos)
      die("case line without ` : `: " + L);
    std::vector<std::string> Op = words(Case.substr(0, Colon));
    std::vector<Constant *> A;
    for (const std::string &N : words(Case.substr(Colon + 3))) {
      auto It = Vals.find(N);
      if (It == Vals.end())
        die("unknown operand " + N);
      A.push_back(It->second);
    }
    Value *R = apply(Op, A);
    std::string Out;
    raw_string_ostream OS(Out);
    if (auto *I = dyn_cast<Instruction>(R)) {
      OS << "inst";
      I->eraseFromParent();
    } else {
      R->printAsOperand(OS, true, M.get());
    }
    std::cout << Case << " => " << OS.str() << "\n";
  }
};

} // namespace

int main() {
  Oracle O;
  std::vector<std::string> Lines;
  std::string L;
  while (std::getline(std::cin, L))
    Lines.push_back(L);
  O.run(Lines);
  return 0;
}
