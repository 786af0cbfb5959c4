//! Dead code elimination: LLVM 19's `DCEPass` (`Scalar/DCE.cpp`).
//!
//! Owns [`Context::eliminate_dead_code`]. One walk over the function in
//! order erases each trivially dead instruction (salvaging its debug
//! uses first) and queues the operands that became trivially dead with
//! it; the queue is then drained last in, first out, as LLVM's
//! `SmallSetVector` worklist is. The CFG never changes.

use hashbrown::HashSet;

use crate::ir::{Function, Inst};
use crate::Context;

/// # Dead code elimination
///
/// LLVM's `DCEPass`.
impl Context {
    /// Erases the trivially dead instructions of `f`, and those that die
    /// with them (LLVM's `eliminateDeadCode`). Returns whether anything
    /// changed.
    pub fn eliminate_dead_code(&mut self, f: Function) -> bool {
        let mut changed = false;
        let mut work = Worklist::default();
        let blocks: Vec<_> = self.blocks(f).collect();
        for b in blocks {
            let mut c = self.early_inc_insts(b);
            while let Some(i) = c.next(self) {
                if !work.set.contains(&i) {
                    changed |= self.dce_instruction(i, &mut work);
                }
            }
        }
        while let Some(i) = work.list.pop() {
            work.set.remove(&i);
            changed |= self.dce_instruction(i, &mut work);
        }
        changed
    }

    /// LLVM's `DCEInstruction`.
    fn dce_instruction(&mut self, i: Inst, work: &mut Worklist) -> bool {
        if !self.is_trivially_dead(i) {
            return false;
        }
        self.salvage_debug_info(i);
        let n = self.num_operands(i.0);
        for k in 0..n {
            let Some(op) = self.operand(i.0, k) else {
                continue;
            };
            self.set_operand(i.0, k, None);
            if !self.use_empty(op) || op == i.0 {
                continue;
            }
            if let Some(oi) = self.as_inst(op) {
                if self.is_trivially_dead(oi) && work.set.insert(oi) {
                    work.list.push(oi);
                }
            }
        }
        self.erase_inst(i);
        true
    }
}

/// LLVM's `SmallSetVector<Instruction *, 16>`: a stack without repeats.
#[derive(Default)]
struct Worklist {
    list: Vec<Inst>,
    set: HashSet<Inst>,
}
