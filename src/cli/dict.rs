//! `wordsnap dict compile LIST -o LIST.wsd`: compiles a plain word list into a trie file that
//! `--dict` memory-maps, so the list loads in milliseconds.

use super::{CliResult, Failure};
use crate::dict::LoadOptions;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `wordsnap dict`.
#[derive(Debug, clap::Args)]
pub struct DictArgs {
    /// What to do with a word list.
    #[command(subcommand)]
    pub command: DictCommand,
}

/// The subcommands of `wordsnap dict`.
#[derive(Debug, clap::Subcommand)]
pub enum DictCommand {
    /// Compile a plain word list (one word per line, UTF-8) into a .wsd trie file for --dict.
    Compile(CompileArgs),
}

/// Arguments of `wordsnap dict compile`.
#[derive(Debug, clap::Args)]
pub struct CompileArgs {
    /// The plain word list (as --dict reads it: one word per line, # comments).
    #[arg(value_name = "LIST")]
    pub list: PathBuf,
    /// The compiled file to write (default: LIST with .wsd added).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `wordsnap dict`.
pub fn run(args: DictArgs) -> CliResult {
    match args.command {
        DictCommand::Compile(args) => compile(args),
    }
}

fn compile(args: CompileArgs) -> CliResult {
    let output = args.output.unwrap_or_else(|| {
        let mut name = args.list.clone().into_os_string();
        name.push(".wsd");
        PathBuf::from(name)
    });
    let dict = super::solve::load_dictionary_at(Some(&args.list), &LoadOptions::default())?;
    dict.write_compiled(&output)
        .map_err(|e| Failure::from(anyhow::Error::new(e)))?;
    let bytes = std::fs::metadata(&output).map_or(0, |m| m.len());
    let mut out = super::output::stdout();
    writeln!(
        out,
        "{}: {} words, {} letters, {} trie nodes of {} bytes, {bytes} bytes",
        output.display(),
        dict.word_count(),
        dict.alphabet().len(),
        dict.node_count(),
        dict.node_bytes()
    )?;
    out.flush()?;
    Ok(())
}
