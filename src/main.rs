//! The `wordsnap` binary: the command line (clap) over the `wordsnap` library.
//!
//! The CLI lives in the binary, not in the library's public API: [`cli`] parses the arguments,
//! calls the library and maps its errors to exit codes.

mod cli;

// The CLI modules name library items as `crate::board::...`; these imports make those paths
// resolve to the library.
use wordsnap::*;

use clap::Parser;

/// mimalloc, not the system allocator: a read's large buffers (the decoded screenshot, its grey
/// copy, masks) are then taken from memory the process keeps, not mapped and cleared afresh by
/// the kernel for each (see "Speed at session 32" in BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    cli::main(cli::Cli::parse())
}
