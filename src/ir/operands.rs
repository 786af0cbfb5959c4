//! Changing one operand of a user: `set_operand` and the edits built on it
//! (`swap_operands`, `replace_uses_of_with`), checked against the user.
//!
//! Owns the rule that an instruction stays what its constructor checked
//! after an operand changes: the new operand is of the instruction's
//! function and the instruction passes its opcode's checks (`check.rs`)
//! with it. It does not own the use-list mechanics (`value/graph.rs`) nor
//! RAUW (`replace.rs`).

use super::inst::InstPayload;
use super::Inst;
use crate::entity::NONE;
use crate::inst::Opcode;
use crate::value::{Value, ValueKind};
use crate::Context;
use smallvec::SmallVec;

/// # Changing operands
///
/// Setting, swapping and replacing one operand of a user; on an
/// instruction each change is checked as its creation was.
impl Context {
    /// Sets operand `i` of a non-constant user: the use moves to the head of
    /// `v`'s use list (LLVM U5). `None` drops the operand (as
    /// [`drop_all_references`](Context::drop_all_references) does).
    /// Constants are immutable: re-point a constant through RAUW of what it
    /// uses. On an instruction, `v` must be of the instruction's function,
    /// and the instruction with `v` in slot `i` must pass the checks of its
    /// creation (operand types, blocks where blocks go, a switch case an
    /// integer constant of the condition's type, ...; `check.rs`). O(1) on
    /// a PHI, switch, indirectbr, catchswitch or landingpad and on every
    /// instruction with a dropped operand; O(operands) otherwise.
    ///
    /// # Panics
    /// If `user` is a uniqued constant, `i` is out of range, a value is
    /// stale, or a check above fails.
    pub fn set_operand(&mut self, user: impl Into<Value>, i: u32, v: Option<Value>) {
        const WHO: &str = "Context::set_operand";
        let user = user.into();
        match self.value_kind(user) {
            ValueKind::Constant => {
                panic!("{WHO}: constants are uniqued and cannot be edited in place")
            }
            ValueKind::Instruction => {
                if let Some(v) = v {
                    self.check_set_inst_operand(WHO, Inst(user), i, v);
                }
            }
            _ => {}
        }
        self.graph.set_operand(user, i, v);
    }

    /// Swaps the values of operands `i` and `j` of `user` (LLVM
    /// `Use::swap`); the result is checked as one change.
    pub fn swap_operands(&mut self, user: impl Into<Value>, i: u32, j: u32) {
        const WHO: &str = "Context::swap_operands";
        let user = user.into();
        let a = self.operand(user, i);
        let b = self.operand(user, j);
        if self.value_kind(user) == ValueKind::Constant {
            panic!("{WHO}: constants are uniqued and cannot be edited in place");
        }
        if self.value_kind(user) == ValueKind::Instruction && i != j {
            let ops: Option<SmallVec<[Value; 8]>> = self.operands(user).collect();
            if let Some(mut ops) = ops {
                ops.swap(i as usize, j as usize);
                self.check_whole(WHO, Inst(user), &ops);
            }
        }
        self.graph.set_operand(user, i, b);
        self.graph.set_operand(user, j, a);
    }

    /// Replaces every use of `from` in `user`'s operands with `to`; true if
    /// anything changed (LLVM `User::replaceUsesOfWith`). Each replaced
    /// operand is checked as [`set_operand`](Self::set_operand) checks it.
    pub fn replace_uses_of_with(&mut self, user: impl Into<Value>, from: Value, to: Value) -> bool {
        let user = user.into();
        let mut changed = false;
        for i in 0..self.num_operands(user) {
            if self.operand(user, i) == Some(from) {
                self.set_operand(user, i, Some(to));
                changed = true;
            }
        }
        changed
    }

    /// The checks of `set_operand(inst, i, Some(v))`.
    fn check_set_inst_operand(&mut self, who: &str, inst: Inst, i: u32, v: Value) {
        let n = self.num_operands(inst.0);
        if i >= n {
            panic!("{who}: operand {i} out of range: the user has {n} operands");
        }
        // Function membership: the instruction's function, or (detached)
        // that of its other local operands.
        let blk = self.graph.get(inst.0).a;
        let f = if blk == NONE {
            NONE
        } else {
            self.graph.values[blk as usize].a
        };
        if f != NONE {
            self.check_local(who, v, f, blk);
        } else {
            let mut others: SmallVec<[Value; 8]> = self.operands(inst.0).flatten().collect();
            others.push(v);
            self.check_locals_agree(who, &others);
        }
        let op = self.opcode(inst);
        let ty = self.type_of(inst.0);
        let cond_ty = || self.operand(inst.0, 0).map(|c| self.type_of(c));
        match op {
            Opcode::Phi => {
                if self.type_of(v) != ty {
                    self.bad_incoming(who, v, ty);
                }
            }
            Opcode::Switch => match i {
                0 => {
                    self.check_switch_cond(who, v);
                    let t = self.type_of(v);
                    for k in (2..n).step_by(2) {
                        if let Some(c) = self.operand(inst.0, k) {
                            self.check_switch_case(who, Some(t), c);
                        }
                    }
                }
                _ if i % 2 == 1 => self.check_block(who, v),
                _ => self.check_switch_case(who, cond_ty(), v),
            },
            Opcode::IndirectBr => {
                if i == 0 {
                    self.check_ptr_operand(who, "address of an indirectbr", v);
                } else {
                    self.check_block(who, v);
                }
            }
            Opcode::CatchSwitch => {
                if i == 0 {
                    self.check_token(who, "parent of a catchswitch", v);
                } else {
                    self.check_block(who, v);
                }
            }
            Opcode::LandingPad => {
                let catch = match self.payload(inst) {
                    InstPayload::Grow { clauses, .. } => {
                        clauses.get(i as usize).copied().unwrap_or(true)
                    }
                    _ => true,
                };
                self.check_clause(who, v, catch);
            }
            _ => {
                // Every other instruction is checked whole, with `v` in
                // slot `i`, unless another operand is dropped.
                let ops: Option<SmallVec<[Value; 8]>> = (0..n)
                    .map(|k| {
                        if k == i {
                            Some(v)
                        } else {
                            self.operand(inst.0, k)
                        }
                    })
                    .collect();
                if let Some(ops) = ops {
                    self.check_whole(who, inst, &ops);
                }
            }
        }
    }

    /// Checks instruction `inst` as if its operands were `ops`: the checks
    /// of its creation, with its own type, payload and flags, and `ret`
    /// against its function.
    fn check_whole(&mut self, who: &str, inst: Inst, ops: &[Value]) {
        let op = self.opcode(inst);
        let ty = self.type_of(inst.0);
        let flags = self.inst_flags(inst);
        // The payload is cloned only for the opcodes whose check reads it.
        let payload = match op {
            Opcode::Alloca
            | Opcode::GetElementPtr
            | Opcode::ExtractValue
            | Opcode::InsertValue
            | Opcode::ShuffleVector
            | Opcode::Call
            | Opcode::Invoke
            | Opcode::CallBr
            | Opcode::Phi
            | Opcode::LandingPad => self.payload(inst).clone(),
            _ => InstPayload::None,
        };
        self.check_new_inst(who, op, ty, ops, &payload, flags);
        if op == Opcode::Ret {
            let blk = self.graph.get(inst.0).a;
            if blk != NONE {
                let f = self.graph.values[blk as usize].a;
                self.check_ret(who, f, ops.first().copied());
            }
        }
    }
}
