//! The `wordsnap` binary: the command line (clap) over the `wordsnap` library.
//!
//! The CLI lives in the binary, not in the library's public API: [`cli`] parses the arguments,
//! calls the library and maps its errors to exit codes.

mod cli;

// The CLI modules name library items as `crate::board::...`; these imports make those paths
// resolve to the library.
use wordsnap::*;

use clap::Parser;

fn main() {
    cli::main(cli::Cli::parse())
}
