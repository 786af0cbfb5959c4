//! The text of a dominator tree as LLVM 19's `DominatorTreeBase::print`
//! writes it (what `opt -passes='print<domtree>'` shows after its header
//! line).
//!
//! Owns only the layout; block names come from the caller, since spelling
//! a block (`%name`, `%3`) is the printer's business (`asm/`).

use super::{Direction, DomTreeBase};
use crate::entity::NONE;
use crate::ir::Block;

/// Appends `n` in decimal.
pub(crate) fn push_u32(out: &mut String, n: u32) {
    let mut buf = [0; 10];
    let digits = crate::ir::function::decimal(n, &mut buf);
    out.push_str(core::str::from_utf8(digits).expect("ASCII digits"));
}

impl<D: Direction> DomTreeBase<D> {
    /// Appends the tree as LLVM prints it: a rule, the "Inorder ... Tree:"
    /// line (with the slow-query count while the DFS numbers are stale),
    /// one line per node in depth-first order, children in order,
    /// `[depth] block {dfs in,dfs out} [level]` indented by depth, the
    /// virtual exit as ` <<exit node>>`, then the roots. `name` writes a
    /// block as an operand (LLVM's `printAsOperand(OS, false)`).
    pub fn print(&self, out: &mut String, name: &mut dyn FnMut(&mut String, Block)) {
        out.push_str("=============================--------------------------------\n");
        out.push_str(if D::POST {
            "Inorder PostDominator Tree: "
        } else {
            "Inorder Dominator Tree: "
        });
        if !self.dfs_info_valid() {
            out.push_str("DFSNumbers invalid: ");
            push_u32(out, self.slow_queries());
            out.push_str(" slow queries.");
        }
        out.push('\n');
        if self.root_slot != NONE {
            // (slot, depth from 1) in pre-order.
            let mut stack = vec![(self.root_slot, 1u32)];
            let mut kids = Vec::new();
            while let Some((s, lev)) = stack.pop() {
                for _ in 0..lev {
                    out.push_str("  ");
                }
                out.push('[');
                push_u32(out, lev);
                out.push_str("] ");
                let n = self.n(s);
                match n.block {
                    Some(b) => name(out, b),
                    None => out.push_str(" <<exit node>>"),
                }
                out.push_str(" {");
                push_u32(out, n.dfs_in.get());
                out.push(',');
                push_u32(out, n.dfs_out.get());
                out.push_str("} [");
                push_u32(out, n.level);
                out.push_str("]\n");
                kids.clear();
                kids.extend(self.child_slots(s));
                stack.extend(kids.iter().rev().map(|&c| (c, lev + 1)));
            }
        }
        out.push_str("Roots: ");
        for &r in &self.roots {
            name(out, r);
            out.push(' ');
        }
        out.push('\n');
    }
}
