// behaviour-oracle: what libLLVM 19 does in the behaviour cases of
// tests/behaviour.rs, one `name: result` line each (scripts/behaviour-table.sh
// writes them to tests/data/behaviour/llvm.txt; .ci/run re-derives it).
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/ConstantFolder.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>
using namespace llvm;

static std::string str(const Value *V) {
  std::string S;
  raw_string_ostream O(S);
  if (!V) return "none";
  V->print(O);
  return O.str();
}

static std::string operand(const Value *V) {
  std::string S;
  raw_string_ostream O(S);
  V->printAsOperand(O, true);
  return O.str();
}

static std::unique_ptr<Module> parse(LLVMContext &C, const char *Text) {
  SMDiagnostic E;
  auto M = parseAssemblyString(Text, E, C);
  if (!M) { E.print("oracle", errs()); exit(1); }
  return M;
}

static const char *RefoldText =
    "@x = global i32 0\n"
    "@y = global i32 0\n"
    "@g = global i64 add (i64 ptrtoint (ptr @x to i64), i64 1)\n"
    "@h = global ptr getelementptr (i8, ptr @x, i64 4)\n"
    "@k = global i64 sub (i64 ptrtoint (ptr @y to i64), i64 ptrtoint (ptr @x to i64))\n"
    "@v = global <2 x i64> <i64 ptrtoint (ptr @x to i64), i64 7>\n"
    "@t = global i32 trunc (i64 ptrtoint (ptr @x to i64) to i32)\n"
    "@m = global i64 mul (i64 ptrtoint (ptr @y to i64), i64 2)\n"
    "@e = global i64 extractelement (<2 x i64> <i64 ptrtoint (ptr @x to i64), i64 3>, i32 0)\n";

static void refold() {
  LLVMContext C;
  auto M = parse(C, RefoldText);
  auto *P = PointerType::get(C, 0);
  auto show = [&](const char *Step) {
    for (const char *N : {"g", "h", "k", "v", "t", "m", "e"})
      outs() << "refold." << Step << "." << N << ": "
             << str(M->getNamedGlobal(N)->getInitializer()) << "\n";
  };
  M->getNamedGlobal("x")->replaceAllUsesWith(ConstantPointerNull::get(P));
  show("x-null");
  auto *I64 = Type::getInt64Ty(C);
  M->getNamedGlobal("y")->replaceAllUsesWith(
      ConstantExpr::getIntToPtr(ConstantInt::get(I64, 8), P));
  show("y-8");
}

// getelementptr expressions re-folded by ConstantFoldGetElementPtr when
// an index or the base changes under RAUW.
static const char *RefoldGepText =
    "@x = global i32 0\n"
    "@y = global [4 x i32] zeroinitializer\n"
    "@z = global i32 0\n"
    "@w = global i32 0\n"
    "@p = global ptr getelementptr (i8, ptr @y, i64 ptrtoint (ptr @x to i64))\n"
    "@q = global ptr getelementptr inbounds ([4 x i32], ptr @y, i64 0, i64 ptrtoint (ptr @x to i64))\n"
    "@r = global ptr getelementptr ([4 x i32], ptr @y, i64 1, i64 ptrtoint (ptr @x to i64))\n"
    "@o = global ptr getelementptr (i8, ptr @x, i64 ptrtoint (ptr @x to i64))\n"
    "@n = global ptr getelementptr inrange(0, 4) (i8, ptr @y, i64 ptrtoint (ptr @x to i64))\n"
    "@u = global <2 x ptr> getelementptr (i8, ptr @y, <2 x i64> <i64 ptrtoint (ptr @x to i64), i64 0>)\n"
    "@s = global ptr getelementptr inbounds ([4 x i32], ptr @z, i64 0, i64 2)\n"
    "@t = global ptr getelementptr (i8, ptr @w, i64 4)\n"
    "@a = global i64 ptrtoint (ptr getelementptr (i8, ptr @z, i64 4) to i64)\n";

static void refold_gep() {
  LLVMContext C;
  auto M = parse(C, RefoldGepText);
  auto *P = PointerType::get(C, 0);
  auto show = [&](const char *Step) {
    for (const char *N : {"p", "q", "r", "o", "n", "u", "s", "t", "a"})
      outs() << "refold-gep." << Step << "." << N << ": "
             << operand(M->getNamedGlobal(N)->getInitializer()) << "\n";
  };
  M->getNamedGlobal("x")->replaceAllUsesWith(ConstantPointerNull::get(P));
  show("x-null");
  M->getNamedGlobal("z")->replaceAllUsesWith(PoisonValue::get(P));
  M->getNamedGlobal("w")->replaceAllUsesWith(UndefValue::get(P));
  show("zw-poison-undef");
}

struct RecordingVH : CallbackVH {
  std::vector<std::string> *Log;
  Value *Other;
  RecordingVH(Value *V, std::vector<std::string> *L, Value *O)
      : CallbackVH(V), Log(L), Other(O) {}
  void deleted() override {
    Log->push_back("deleted " + getValPtr()->getName().str());
    getValPtr()->replaceAllUsesWith(Other);
  }
  void allUsesReplacedWith(Value *New) override {
    Log->push_back("replaced " + getValPtr()->getName().str() + " " +
                   New->getName().str());
    setValPtr(New);
  }
};

static void deleted_rauw() {
  LLVMContext C;
  auto M = parse(C, "define i32 @f(i32 %a) {\n"
                    "  %x = add i32 %a, 1\n"
                    "  %y = mul i32 %x, 2\n"
                    "  ret i32 %y\n"
                    "}\n");
  Function *F = M->getFunction("f");
  Instruction *X = &*F->getEntryBlock().begin();
  std::vector<std::string> Log;
  {
    RecordingVH H(X, &Log, F->getArg(0));
    X->eraseFromParent();
    outs() << "deleted-rauw.events:";
    for (auto &L : Log) outs() << " [" << L << "]";
    outs() << "\n";
    Value *Now = H;
    outs() << "deleted-rauw.handle: " << (Now ? Now->getName() : "null") << "\n";
  }
  Instruction *Y = &*F->getEntryBlock().begin();
  outs() << "deleted-rauw.first:" << str(Y) << "\n";
}

static void splats() {
  LLVMContext C;
  auto *I32 = Type::getInt32Ty(C);
  auto *I64 = Type::getInt64Ty(C);
  auto *F32 = Type::getFloatTy(C);
  auto S4 = ElementCount::getScalable(4);
  auto S2 = ElementCount::getScalable(2);
  outs() << "splat.i32-7: " << str(ConstantVector::getSplat(S4, ConstantInt::get(I32, 7))) << "\n";
  outs() << "splat.i64-poison: " << str(ConstantVector::getSplat(S2, PoisonValue::get(I64))) << "\n";
  outs() << "splat.float-undef: " << str(ConstantVector::getSplat(S2, UndefValue::get(F32))) << "\n";
  outs() << "splat.i32-0: " << str(ConstantVector::getSplat(S4, ConstantInt::get(I32, 0))) << "\n";
  outs() << "splat.fixed-poison: " << str(ConstantVector::getSplat(ElementCount::getFixed(4), PoisonValue::get(I32))) << "\n";
  outs() << "splat.fixed-3: " << str(ConstantVector::getSplat(ElementCount::getFixed(3), ConstantInt::get(I32, 3))) << "\n";
  Constant *S = ConstantVector::getSplat(S4, ConstantInt::get(I32, 7));
  ConstantFolder F;
  auto *V8 = VectorType::get(Type::getInt8Ty(C), S4);
  auto *V64 = VectorType::get(I64, S4);
  outs() << "splat.trunc: " << str(F.FoldCast(Instruction::Trunc, S, V8)) << "\n";
  outs() << "splat.sext: " << str(F.FoldCast(Instruction::SExt, S, V64)) << "\n";
  outs() << "splat.zext: " << str(F.FoldCast(Instruction::ZExt, S, V64)) << "\n";
  Constant *Z = ConstantVector::getSplat(S4, ConstantInt::get(I32, 0));
  outs() << "splat.sext-zero: " << str(F.FoldCast(Instruction::SExt, Z, V64)) << "\n";
  outs() << "splat.equal: "
         << (ConstantVector::getSplat(S4, ConstantInt::get(I32, 7)) == S ? "same" : "different")
         << "\n";
}

static void names() {
  for (const char *T : {"nvptx64-nvidia-cuda", "nvptx-nvidia-cuda", "x86_64-unknown-linux-gnu", ""}) {
    LLVMContext C;
    Module M("m", C);
    M.setTargetTriple(T);
    auto *I32 = Type::getInt32Ty(C);
    for (int i = 0; i < 3; ++i)
      new GlobalVariable(M, I32, false, GlobalValue::ExternalLinkage, nullptr, "g");
    Function::Create(FunctionType::get(I32, false), GlobalValue::ExternalLinkage, "g", M);
    outs() << "names." << (*T ? T : "none") << ":";
    for (auto &G : M.global_values()) outs() << " " << G.getName();
    outs() << "\n";
  }
}

// Memory instructions written without `align`: the alignment LLParser
// gives them under each data layout.
static const char *AlignBody =
    "%s = type { i8, i64, <2 x float> }\n"
    "%p = type <{ i8, i32 }>\n"
    "define void @f(ptr %q) {\n"
    "  %a1 = alloca i1\n"
    "  %a2 = alloca i64\n"
    "  %a3 = alloca double\n"
    "  %a4 = alloca <4 x i32>\n"
    "  %a5 = alloca %s\n"
    "  %a6 = alloca [3 x i128]\n"
    "  %a7 = alloca ptr addrspace(1)\n"
    "  %l1 = load i8, ptr %q\n"
    "  %l2 = load i64, ptr %q\n"
    "  %l3 = load double, ptr %q\n"
    "  %l4 = load <3 x i16>, ptr %q\n"
    "  %l5 = load %s, ptr %q\n"
    "  %l6 = load %p, ptr %q\n"
    "  %l7 = load ptr, ptr %q\n"
    "  %l8 = load i128, ptr %q\n"
    "  %l9 = load x86_fp80, ptr %q\n"
    "  %l10 = load <vscale x 2 x i64>, ptr %q\n"
    "  %l11 = load i24, ptr %q\n"
    "  store i8 %l1, ptr %q\n"
    "  store i64 %l2, ptr %q\n"
    "  store %s %l5, ptr %q\n"
    "  store volatile <3 x i16> %l4, ptr %q\n"
    "  %r1 = atomicrmw add ptr %q, i32 1 seq_cst\n"
    "  %r2 = atomicrmw fadd ptr %q, double 1.0 acquire\n"
    "  %x1 = cmpxchg ptr %q, i128 0, i128 1 acquire monotonic\n"
    "  ret void\n"
    "}\n";

static void default_align() {
  const char *Layouts[][2] = {
      {"default", ""},
      {"e50963", "E-m:e-p:64:64-i64:64-i128:128-n32:64-S128-v128:64"},
      {"i386", "e-m:e-p:32:32-p1:16:16-i64:32-f64:32-f80:32-i128:32-v64:32-v128:32-n8:16:32-S128"},
  };
  for (auto &L : Layouts) {
    LLVMContext C;
    std::string Text = std::string("target datalayout = \"") + L[1] + "\"\n" + AlignBody;
    auto M = parse(C, Text.c_str());
    outs() << "align." << L[0] << ":";
    for (BasicBlock &BB : *M->getFunction("f"))
      for (Instruction &I : BB) {
        if (auto *A = dyn_cast<AllocaInst>(&I)) outs() << " " << A->getAlign().value();
        else if (auto *Ld = dyn_cast<LoadInst>(&I)) outs() << " " << Ld->getAlign().value();
        else if (auto *St = dyn_cast<StoreInst>(&I)) outs() << " " << St->getAlign().value();
        else if (auto *R = dyn_cast<AtomicRMWInst>(&I)) outs() << " " << R->getAlign().value();
        else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I)) outs() << " " << X->getAlign().value();
      }
    outs() << "\n";
  }
}

int main() {
  refold();
  refold_gep();
  deleted_rauw();
  splats();
  names();
  default_align();
}
