//! The registry of workloads: `(name, runner)` in WORKLOADS.md order.

use crate::Opts;

/// Every workload this side implements, in WORKLOADS.md order.
pub const ALL: &[(&str, fn(&Opts))] = &[];
