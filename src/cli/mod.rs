//! The `wordsnap` command line: argument definitions (clap) and one module per subcommand.
//!
//! Exit codes: 0 success, 1 runtime failure, 2 bad usage or bad input. Errors go to stderr with
//! the context that makes them actionable (which file, which line, which tile).

pub mod batch;
pub mod bench;
pub mod choices;
pub mod dict;
pub mod draw;
pub mod output;
pub mod practice;
pub mod read;
pub mod solve;

use clap::{Parser, Subcommand};

/// A failed command: the error to print and the exit code.
#[derive(Debug)]
pub struct Failure {
    /// 1 for a runtime failure, 2 for bad usage or bad input.
    pub code: i32,
    /// What went wrong, with context.
    pub error: anyhow::Error,
}

impl Failure {
    /// Bad usage or bad input (exit code 2).
    pub fn bad_input(error: impl Into<anyhow::Error>) -> Failure {
        Failure {
            code: 2,
            error: error.into(),
        }
    }

    /// A runtime failure (exit code 1).
    pub fn runtime(error: impl Into<anyhow::Error>) -> Failure {
        Failure {
            code: 1,
            error: error.into(),
        }
    }
}

impl From<anyhow::Error> for Failure {
    /// The exit code comes from the kind of error ([`exit_code`]).
    fn from(error: anyhow::Error) -> Failure {
        Failure {
            code: exit_code(&error),
            error,
        }
    }
}

/// A flag value the command line's own parsers refuse (the flags clap cannot check by itself:
/// ranges of decimals, sizes, board sets). clap prints it after the flag
/// (`invalid value '0' for '--threads <N>': expected a whole number of threads ...`) and exits
/// with 2, as [`exit_code`] maps it too.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FlagError {
    /// Not a number.
    #[error("expected a number of {unit}, got '{got}'")]
    NotANumber {
        /// What the number counts (`minutes`, `seconds`).
        unit: &'static str,
        /// The text given, escaped for printing.
        got: String,
    },
    /// A number outside its range.
    #[error("must be {} {min} and at most {max} {unit}", lower_bound_words(*.min_excluded))]
    OutOfRange {
        /// The lower bound.
        min: f64,
        /// Whether the lower bound itself is refused.
        min_excluded: bool,
        /// The upper bound (allowed).
        max: f64,
        /// What the number counts.
        unit: &'static str,
    },
    /// Not `WIDTHxHEIGHT`.
    #[error("expected WIDTHxHEIGHT such as 960x640, got '{0}'")]
    NotASize(String),
    /// A window size with a side out of range.
    #[error("size {width}x{height} is out of range ({} to {} pixels a side)", practice::WINDOW_SIDES.start(), practice::WINDOW_SIDES.end())]
    SizeOutOfRange {
        /// Width asked for.
        width: u32,
        /// Height asked for.
        height: u32,
    },
    /// Not a thread count from 1 to [`solve::MAX_THREADS`].
    #[error(
        "expected a whole number of threads from 1 to {max}, got '{0}' (leave the flag out to use one per core)",
        max = solve::MAX_THREADS
    )]
    Threads(String),
    /// Not a certainty from 0 to 1.
    #[error("expected a certainty from 0 to 1, got '{0}'")]
    Certainty(String),
    /// Not one of the bench's board sets.
    #[error("unknown board set '{0}': expected uniform-4x4, dice-4x4 or dice-5x5")]
    UnknownBoardSet(String),
}

/// How a range's lower bound reads in [`FlagError::OutOfRange`].
fn lower_bound_words(min_excluded: bool) -> &'static str {
    if min_excluded {
        "more than"
    } else {
        "at least"
    }
}

/// The exit code for an error, from the first typed error in its chain: bad input (a board, a
/// word list, an image, a board other than the practice window's, a flag's value) is 2,
/// anything else 1. This is the one place that maps error kinds to exit codes.
pub fn exit_code(error: &anyhow::Error) -> i32 {
    use crate::dict::DictError;
    use crate::vision::VisionError;
    for cause in error.chain() {
        if cause.is::<crate::board::BoardError>()
            || cause.is::<crate::replay::ReplayError>()
            || cause.is::<FlagError>()
        {
            return 2;
        }
        if let Some(e) = cause.downcast_ref::<DictError>() {
            return if matches!(e, DictError::Build(_) | DictError::Write { .. }) {
                1
            } else {
                2
            };
        }
        if let Some(e) = cause.downcast_ref::<VisionError>() {
            return if matches!(e, VisionError::Ocr(_)) {
                1
            } else {
                2
            };
        }
    }
    1
}

/// The result of a subcommand.
pub type CliResult = Result<(), Failure>;

/// Find every word on a Boggle-family board, from typed letters or a screenshot.
#[derive(Debug, Parser)]
#[command(name = "wordsnap", version, about, long_about = None, after_help = crate::cli::solve::BOARD_SYNTAX_HELP)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
// One value is parsed per run, so the size of the largest variant (solve's many flags) costs
// nothing worth boxing for.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a board (typed with --board, a batch file with --boards, or screenshots).
    Solve(solve::SolveArgs),
    /// Read the board in each screenshot and print it as board text with confidences.
    Read(read::ReadArgs),
    /// Read every image in a folder and compare it with the ground truth beside it.
    Eval(read::EvalArgs),
    /// Open the practice board window and play a board with the mouse.
    Practice(practice::PracticeArgs),
    /// Draw a board to a PNG with the practice board's drawing code.
    Render(practice::RenderArgs),
    /// Drag the mouse along solved paths on an open practice board.
    Replay(practice::ReplayArgs),
    /// Capture the open practice board, read it, solve it and replay the words.
    Play(practice::PlayArgs),
    /// Time the solver on reproducible board sets (uniform 4x4, Boggle dice 4x4, Big Boggle
    /// dice 5x5) and print boards per second and words found, or write the sets to files.
    Bench(bench::BenchArgs),
    /// Compile a word list into a .wsd file that --dict loads in milliseconds.
    Dict(dict::DictArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish) to stdout.
    Completions(CompletionsArgs),
    /// Print the manual page (roff) to stdout: `wordsnap manpage > wordsnap.1`.
    Manpage,
}

/// Arguments of `wordsnap completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell, e.g. `wordsnap completions bash > /etc/bash_completion.d/wordsnap`.
    pub shell: clap_complete::Shell,
}

/// Writes the completion script for `shell` through the pipe-safe writer.
fn run_completions(args: CompletionsArgs) -> CliResult {
    use clap::CommandFactory;
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "wordsnap", &mut script);
    let mut out = output::stdout();
    std::io::Write::write_all(&mut out, &script)?;
    std::io::Write::flush(&mut out)?;
    Ok(())
}

/// Writes the roff manual page through the pipe-safe writer.
fn run_manpage() -> CliResult {
    use clap::CommandFactory;
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .map_err(Failure::runtime)?;
    let mut out = output::stdout();
    std::io::Write::write_all(&mut out, &page)?;
    std::io::Write::flush(&mut out)?;
    Ok(())
}

/// Runs the parsed command line and exits the process: 0 on success and when the output pipe
/// was closed by its reader (`| head -1`), otherwise the failure's code after printing it.
pub fn main(cli: Cli) -> ! {
    let code = match run(cli) {
        Ok(()) => 0,
        Err(failure) if output::is_closed_pipe(&failure) => 0,
        Err(failure) => {
            crate::warning!("wordsnap: error: {:#}", failure.error);
            failure.code
        }
    };
    std::process::exit(code)
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Read(args) => read::run_read(args),
        Command::Eval(args) => read::run_eval(args),
        Command::Practice(args) => practice::run_practice(args),
        Command::Render(args) => practice::run_render(args),
        Command::Replay(args) => practice::run_replay(args),
        Command::Play(args) => practice::run_play(args),
        Command::Bench(args) => bench::run(args),
        Command::Dict(args) => dict::run(args),
        Command::Completions(args) => run_completions(args),
        Command::Manpage => run_manpage(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_errors_say_what_is_allowed_and_are_bad_usage() {
        let range = FlagError::OutOfRange {
            min: 0.0,
            min_excluded: true,
            max: 1440.0,
            unit: "minutes",
        };
        assert_eq!(
            range.to_string(),
            "must be more than 0 and at most 1440 minutes"
        );
        let size = FlagError::SizeOutOfRange {
            width: 10,
            height: 10,
        };
        assert_eq!(
            size.to_string(),
            "size 10x10 is out of range (16 to 8192 pixels a side)"
        );
        let wrapped = anyhow::Error::from(range).context("--minutes");
        assert_eq!(exit_code(&wrapped), 2);
        assert_eq!(exit_code(&anyhow::anyhow!("disk full")), 1);
    }
}
