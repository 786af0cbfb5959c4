//! The LLVM bitstream container (being written; see issue 5).
