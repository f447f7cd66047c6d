//! The `wordsnap` binary: a thin layer over [`wordsnap::cli`].

use clap::Parser;

fn main() {
    let cli = wordsnap::cli::Cli::parse();
    if let Err(failure) = wordsnap::cli::run(cli) {
        eprintln!("wordsnap: error: {:#}", failure.error);
        std::process::exit(failure.code);
    }
}
