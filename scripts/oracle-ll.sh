#!/bin/bash
# oracle-ll.sh [DIR...]: build lair in release mode and judge `lair fmt` on every
# .ll under DIR (default: the shared corpus) with LLVM 19's tools
# (/work/shared/tools/oracle-ll.sh: llvm-dis(llvm-as F) == llvm-dis(llvm-as (lair fmt F)),
# and lair fmt is a fixed point). Prints 'N passed, N failed'; exits 1 on any failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
shared=${LAIR_SHARED:-$root/../shared}
(cd "$root" && cargo build --release --bin lair --quiet)
if [[ $# -eq 0 ]]; then set -- "$shared/corpus"; fi
exec bash "$shared/tools/oracle-ll.sh" "$target/release/lair" "$@"
