//! Module structure: modules, functions, blocks, arguments, globals,
//! attributes, metadata, and the placement of instructions in blocks.
//!
//! Owns the typed handles over [`Value`](crate::Value) ([`Inst`], [`Block`],
//! [`Function`], [`Global`]), the [`Module`] handle, and the side records
//! (names and per-kind payloads) that keep the hot value record small.

pub mod attributes;
pub mod metadata;
