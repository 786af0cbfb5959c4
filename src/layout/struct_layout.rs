//! [`StructLayout`]: where each field of a sized struct lives, under one
//! data layout (LLVM's `StructLayout`).
//!
//! Owns the layout record and its queries. It does not own the algorithm
//! that fills it (that is `sizes.rs`, which needs the sizes and alignments
//! of the fields) nor the cache that keeps it (`cache.rs`).

use crate::types::Type;

use crate::types::{Align, TypeSize};

/// The layout of a sized struct: field offsets, size, alignment and whether
/// padding was inserted.
///
/// Algorithm (LLVM 19, SL1): each field is placed at the running offset
/// rounded up to its ABI alignment (one byte in a packed struct) and takes
/// its alloc size; the alignment is the largest field alignment (one byte if
/// packed); the size is rounded up to the alignment. The aggregate spec
/// (`a:`) is not part of this record: it only raises the struct's ABI and
/// preferred alignment as a type (see `DataLayout::abi_align`).
///
/// A struct of identical scalable vectors has scalable offsets and size
/// (`is_scalable`): every number here is then a multiple of `vscale`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StructLayout {
    offsets: Box<[u64]>,
    fields: Box<[Type]>,
    size: u64,
    align: Align,
    padded: bool,
    scalable: bool,
}

impl StructLayout {
    /// Assembles a layout; `offsets` and `fields` have one entry per field.
    pub(crate) fn new(
        offsets: Box<[u64]>,
        fields: Box<[Type]>,
        size: u64,
        align: Align,
        padded: bool,
        scalable: bool,
    ) -> StructLayout {
        debug_assert_eq!(offsets.len(), fields.len());
        StructLayout {
            offsets,
            fields,
            size,
            align,
            padded,
            scalable,
        }
    }

    /// Number of fields.
    pub fn num_fields(&self) -> u32 {
        self.offsets.len() as u32
    }

    /// Byte offset of each field, in field order (multiples of `vscale` if
    /// [`is_scalable`](Self::is_scalable)).
    pub fn field_offsets(&self) -> &[u64] {
        &self.offsets
    }

    /// The field types this layout was computed for, in order.
    pub fn field_types(&self) -> &[Type] {
        &self.fields
    }

    /// Byte offset of field `i`.
    ///
    /// # Panics
    /// If the struct has no field `i` ("struct field i out of range (n
    /// fields)").
    pub fn field_offset(&self, i: u32) -> TypeSize {
        match self.offsets.get(i as usize) {
            Some(&o) => TypeSize {
                min: o,
                scalable: self.scalable,
            },
            None => panic!(
                "struct field {i} out of range ({} fields)",
                self.offsets.len()
            ),
        }
    }

    /// Size in bytes, tail padding included (LLVM's `getSizeInBytes`).
    pub fn size(&self) -> TypeSize {
        TypeSize {
            min: self.size,
            scalable: self.scalable,
        }
    }

    /// Size in bits (`8 × size`).
    pub fn size_in_bits(&self) -> TypeSize {
        TypeSize {
            min: self.size * 8,
            scalable: self.scalable,
        }
    }

    /// The largest field alignment (one byte if packed or empty). Not
    /// raised by the aggregate spec.
    pub fn alignment(&self) -> Align {
        self.align
    }

    /// Whether padding was inserted between fields or at the end (padding
    /// inside nested fields does not count).
    pub fn has_padding(&self) -> bool {
        self.padded
    }

    /// Whether the offsets and size are multiples of `vscale`.
    pub fn is_scalable(&self) -> bool {
        self.scalable
    }

    /// The field that contains byte `offset`: the last field whose offset is
    /// at most `offset` (so among zero-sized fields sharing an offset, the
    /// last one; and past the end, the last field, as LLVM answers).
    /// `None` for a struct with no fields or a scalable layout (where LLVM
    /// asserts).
    pub fn element_containing_offset(&self, offset: u64) -> Option<u32> {
        if self.scalable || self.offsets.is_empty() {
            return None;
        }
        let after = self.offsets.partition_point(|&o| o <= offset);
        // offsets[0] is 0, so `after` is at least 1.
        Some(after as u32 - 1)
    }
}
