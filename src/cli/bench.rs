//! `wordsnap bench`: times the solver on the reproducible board sets of [`crate::bench`] and
//! prints boards per second and words found per set, or writes the sets to files so that other
//! solvers can be fed the same boards.

use super::choices::GameArg;
use super::{CliResult, Failure, FlagError};
use crate::bench::{BoardSet, Mode, SetTiming, time_set, zoo_line};
use crate::dict::LoadOptions;
use crate::score::Game;
use crate::solve::SolveOptions;
use anyhow::{Context, anyhow};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `wordsnap bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Boards per set.
    #[arg(long, value_name = "N", default_value_t = 20_000,
          value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub count: u64,
    /// Seed of the board sets (the same seed always gives the same boards).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The sets to run, comma-separated: uniform-4x4, dice-4x4, dice-5x5 (default: all three).
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = parse_set)]
    pub sets: Vec<BoardSet>,
    /// Only boards whose tiles are single letters or QU (letter-only solvers such as
    /// danvk/boggle-zoo can read them): for dice-5x5, boards whose two-letter die shows QU.
    #[arg(long)]
    pub plain: bool,
    /// Threads solving each set, 1 to 256, each with its own share of the boards.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::solve::parse_threads)]
    pub threads: usize,
    /// Timed passes over each set (after one untimed warm-up pass); the median is reported.
    #[arg(long, value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u64).range(1..=100))]
    pub runs: u64,
    /// What is timed: count (word count and score per board, as `solve --boards` prints them),
    /// solve (every word as text with its path, sorted) or both.
    #[arg(long, value_enum, default_value_t = ModeArg::Both)]
    pub mode: ModeArg,
    /// The game whose rules apply (minimum length and scores).
    #[arg(long, value_enum, default_value_t = GameArg::Boggle)]
    pub game: GameArg,
    /// A word list instead of the embedded English list.
    #[arg(long, value_name = "PATH")]
    pub dict: Option<PathBuf>,
    /// Write the sets to DIR instead of timing them: DIR/SET.txt (board text, one board per
    /// line, for `solve --boards`) and, when every board has only single letters and QU,
    /// DIR/SET.zoo.txt (letters column by column, q for QU: danvk/boggle-zoo's format).
    #[arg(long, value_name = "DIR")]
    pub write_boards: Option<PathBuf>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// The `--mode` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// Word count and total score per board.
    Count,
    /// Every word with its path, sorted.
    Solve,
    /// Both, one after the other.
    Both,
}

impl ModeArg {
    fn modes(self) -> Vec<Mode> {
        match self {
            ModeArg::Count => vec![Mode::Count],
            ModeArg::Solve => vec![Mode::Solve],
            ModeArg::Both => vec![Mode::Count, Mode::Solve],
        }
    }
}

fn parse_set(text: &str) -> Result<BoardSet, FlagError> {
    BoardSet::from_name(text.trim())
        .ok_or_else(|| FlagError::UnknownBoardSet(text.escape_debug().to_string()))
}

/// Runs `wordsnap bench`.
pub fn run(args: BenchArgs) -> CliResult {
    let sets = if args.sets.is_empty() {
        BoardSet::ALL.to_vec()
    } else {
        args.sets.clone()
    };
    let count = args.count as usize;
    if let Some(dir) = &args.write_boards {
        return write_sets(dir, &sets, count, &args);
    }
    let dict = super::solve::load_dictionary_at(args.dict.as_deref(), &LoadOptions::default())?;
    let game = Game::from(args.game);
    let options = SolveOptions::new(game);
    let mut results = Vec::new();
    for &set in &sets {
        let boards = set.boards(count, args.seed, args.plain);
        for mode in args.mode.modes() {
            let timing = time_set(
                &boards,
                &dict,
                &options,
                args.threads,
                mode,
                args.runs as usize,
            );
            results.push((set, mode, timing));
        }
    }
    let load = load_average();
    let mut out = super::output::stdout();
    if args.json {
        let sets: Vec<_> = results
            .iter()
            .map(|(set, mode, t)| {
                json!({
                    "set": set.name(),
                    "mode": mode,
                    "boards": t.boards,
                    "words": t.words,
                    "score": t.score,
                    "seconds": t.seconds,
                    "boards_per_second": t.boards_per_second(),
                    "median_boards_per_second": t.median_boards_per_second(),
                })
            })
            .collect();
        let report = json!({
            "seed": args.seed,
            "count": count,
            "plain": args.plain,
            "threads": args.threads,
            "runs": args.runs,
            "game": game.to_string(),
            "dictionary": dict.source,
            "dictionary_words": dict.word_count(),
            "load_average": load,
            "sets": sets,
        });
        writeln!(out, "{report}")?;
    } else {
        writeln!(
            out,
            "{count} boards per set (seed {}{}), {} thread{}, {} rules, {} ({} words), median of {} run{}",
            args.seed,
            if args.plain {
                ", plain letters only"
            } else {
                ""
            },
            args.threads,
            plural(args.threads),
            game,
            dict.source,
            dict.word_count(),
            args.runs,
            plural(args.runs as usize)
        )?;
        writeln!(
            out,
            "{:<12} {:<6} {:>10} {:>12} {:>8}  runs (boards/s)",
            "set", "mode", "boards/s", "words", "/board"
        )?;
        for (set, mode, t) in &results {
            writeln!(out, "{}", table_row(set.name(), *mode, t))?;
        }
        if let Some(load) = load {
            writeln!(
                out,
                "load average after the runs: {:.2} {:.2} {:.2} (1, 5, 15 min)",
                load[0], load[1], load[2]
            )?;
        }
    }
    out.flush()?;
    Ok(())
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn table_row(set: &str, mode: Mode, t: &SetTiming) -> String {
    let runs: Vec<String> = t
        .boards_per_second()
        .iter()
        .map(|b| format!("{b:.0}"))
        .collect();
    let mode = match mode {
        Mode::Count => "count",
        Mode::Solve => "solve",
    };
    format!(
        "{set:<12} {mode:<6} {:>10.0} {:>12} {:>8.2}  {}",
        t.median_boards_per_second(),
        t.words,
        t.words as f64 / t.boards as f64,
        runs.join(" ")
    )
}

/// The 1, 5 and 15 minute load averages, where the system tells them (`/proc/loadavg`).
fn load_average() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut fields = text.split_whitespace().map(|f| f.parse::<f64>().ok());
    Some([fields.next()??, fields.next()??, fields.next()??])
}

/// Writes each set as board text and, where every board allows it, in boggle-zoo's format.
fn write_sets(dir: &Path, sets: &[BoardSet], count: usize, args: &BenchArgs) -> CliResult {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the folder {}", dir.display()))
        .map_err(Failure::runtime)?;
    let mut out = super::output::stdout();
    for &set in sets {
        let boards = set.boards(count, args.seed, args.plain);
        let text: String = boards.iter().map(|b| b.to_text() + "\n").collect();
        let path = dir.join(format!("{}.txt", set.name()));
        write_file(&path, &text)?;
        writeln!(out, "{}: {} boards", path.display(), boards.len())?;
        let zoo: Option<Vec<String>> = boards.iter().map(zoo_line).collect();
        match zoo {
            Some(lines) => {
                let path = dir.join(format!("{}.zoo.txt", set.name()));
                write_file(&path, &(lines.join("\n") + "\n"))?;
                writeln!(out, "{}: {} boards", path.display(), lines.len())?;
            }
            None => writeln!(
                out,
                "{}: not written: some boards have two-letter tiles other than QU (use --plain)",
                dir.join(format!("{}.zoo.txt", set.name())).display()
            )?,
        }
    }
    out.flush()?;
    Ok(())
}

fn write_file(path: &Path, text: &str) -> CliResult {
    std::fs::write(path, text)
        .map_err(|e| Failure::runtime(anyhow!("cannot write {}: {e}", path.display())))
}
