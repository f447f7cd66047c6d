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
    let cli = cli::Cli::parse();
    if let Err(failure) = cli::run(cli) {
        // Control characters from the input (a file name, a board) are escaped, not sent raw
        // to the terminal.
        let message = format!("{:#}", failure.error);
        eprintln!("wordsnap: error: {}", text::printable(&message));
        std::process::exit(failure.code);
    }
}
