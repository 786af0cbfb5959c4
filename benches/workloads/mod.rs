//! The registry of workloads: `(name, runner)` in WORKLOADS.md order.

use crate::Opts;

pub mod analysis;
pub mod asm;
pub mod bitcode;
pub mod bitstream;
pub mod gep;
pub mod graph;
pub mod transforms;
pub mod verify;

/// A workload: its WORKLOADS.md name and its runner.
pub type Workload = (&'static str, fn(&Opts));

/// Every workload this side implements, in WORKLOADS.md order.
pub const ALL: &[Workload] = &[
    ("build_chain", graph::build_chain),
    ("rauw_wide", graph::rauw_wide),
    ("use_walk", graph::use_walk),
    ("erase_all", graph::erase_all),
    ("phi_grow", graph::phi_grow),
    ("type_unique", graph::type_unique),
    ("const_unique", graph::const_unique),
    ("gep_offset", gep::gep_offset),
    ("handles", graph::handles),
    ("parse_ll", asm::parse_ll),
    ("print_ll", asm::print_ll),
    ("verify", verify::verify),
    ("read_bc", bitcode::read_bc),
    ("write_bc", bitcode::write_bc),
    ("bitstream_walk", bitstream::bitstream_walk),
    ("domtree", analysis::domtree),
    ("loops", analysis::loops),
    ("mem2reg", transforms::mem2reg),
];
