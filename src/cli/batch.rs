//! `wordsnap solve --boards FILE` (`-` for stdin): one board per line, solved in parallel,
//! written in input order.
//!
//! Batch mode never loses work: a bad line is reported on stderr as `FILE:LINE: reason` and
//! skipped, every good board is still written, every bad line is reported, and the exit code is
//! 1 at the end when there was any. Memory is bounded per line: a line longer than
//! [`MAX_LINE_BYTES`] is skipped while it is read, never held whole.

use super::output::{self, Stdout};
use super::solve::{SolveArgs, load_dictionary, solve_options, word_json};
use super::{CliResult, Failure};
use crate::board::{Board, BoardError};
use crate::dict::Dictionary;
use crate::score::Game;
use crate::solve::{SolveOptions, Solver};
use anyhow::{Context, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;

/// The longest line accepted, in bytes. No board is this long: 64 cells, each a tile of a few
/// letters with a value and a bonus, are well under 4 KiB even as JSON.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The longest reason quoted in a bad line's message (the reason may quote the line).
const MAX_REASON_CHARS: usize = 200;

/// Boards parsed and solved at a time, so memory stays flat for any file size.
const BATCH_CHUNK: usize = 4096;

/// Boards one solver takes in a row (each solver owns a slot table as large as the trie).
const SOLVER_RUN: usize = 256;

/// One line of the input, as [`BoundedLines`] gives it.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line's text, without its line ending.
    Text(String),
    /// The line was longer than the limit; it was skipped, not stored. Holds its length.
    TooLong(usize),
    /// The line is not UTF-8.
    NotUtf8,
}

/// Reads lines of at most `limit` bytes through a fixed buffer: a longer line is skipped up to
/// its newline without being stored.
pub struct BoundedLines<R> {
    reader: R,
    limit: usize,
    number: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> BoundedLines<R> {
    /// Lines of `reader`, each at most `limit` bytes.
    pub fn new(reader: R, limit: usize) -> BoundedLines<R> {
        BoundedLines {
            reader,
            limit,
            number: 0,
            buf: Vec::new(),
        }
    }

    /// The next line with its 1-based number, or `None` at the end of the input.
    pub fn next_line(&mut self) -> std::io::Result<Option<(usize, Line)>> {
        self.buf.clear();
        let (mut length, mut any, mut too_long) = (0usize, false, false);
        loop {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let newline = available.iter().position(|&b| b == b'\n');
            let part = &available[..newline.unwrap_or(available.len())];
            length += part.len();
            if !too_long && self.buf.len() + part.len() > self.limit {
                too_long = true;
                self.buf = Vec::new();
            }
            if !too_long {
                self.buf.extend_from_slice(part);
            }
            let used = part.len() + usize::from(newline.is_some());
            self.reader.consume(used);
            if newline.is_some() {
                break;
            }
        }
        self.number += 1;
        if too_long {
            return Ok(Some((self.number, Line::TooLong(length))));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        let line = match std::str::from_utf8(&self.buf) {
            Ok(text) if self.number == 1 => Line::Text(crate::text::strip_bom(text).into()),
            Ok(text) => Line::Text(text.into()),
            Err(_) => Line::NotUtf8,
        };
        Ok(Some((self.number, line)))
    }
}

/// A reason cut to [`MAX_REASON_CHARS`] characters, so a message never copies a whole line.
fn short(reason: &str) -> String {
    match reason.char_indices().nth(MAX_REASON_CHARS) {
        Some((cut, _)) => format!("{}...", &reason[..cut]),
        None => reason.to_string(),
    }
}

/// What batch mode writes per board.
#[derive(Debug, Clone, Copy)]
struct Format {
    /// One JSON object per line instead of `BOARD<TAB>WORDS<TAB>SCORE`.
    json: bool,
    /// In JSON: at most this many words per board.
    limit: Option<usize>,
}

/// Checks the flags that do not apply to the tab-separated output.
fn format_of(args: &SolveArgs) -> Result<Format, Failure> {
    if args.swaps > 0 {
        return Err(Failure::bad_input(anyhow!(
            "--swaps works on one board, not with --boards"
        )));
    }
    if !args.json {
        for (given, flag) in [
            (args.limit.is_some(), "--limit"),
            (args.all_paths, "--all-paths"),
        ] {
            if given {
                return Err(Failure::bad_input(anyhow!(
                    "{flag} with --boards needs --json: the tab-separated output has only the \
                     word count and the total score of each board"
                )));
            }
        }
    }
    Ok(Format {
        json: args.json,
        limit: args.limit,
    })
}

/// Runs `solve --boards FILE`.
pub fn run(args: &SolveArgs, file: &Path) -> CliResult {
    let format = format_of(args)?;
    let stdin = file == Path::new("-");
    let name = if stdin {
        "stdin".to_string()
    } else {
        file.display().to_string()
    };
    let input: Box<dyn BufRead> = if stdin {
        Box::new(std::io::stdin().lock())
    } else {
        let open = std::fs::File::open(file)
            .with_context(|| format!("cannot read {name}"))
            .map_err(Failure::bad_input)?;
        Box::new(std::io::BufReader::with_capacity(64 * 1024, open))
    };
    let dict = load_dictionary(args)?;
    let options = solve_options(args, args.game.map_or(Game::Boggle, Game::from))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("cannot start the thread pool")?;
    let progress = progress_bar((!stdin).then_some(file));
    let mut batch = Batch {
        pool: &pool,
        dict: &dict,
        options: &options,
        format,
        out: output::stdout(),
        progress: &progress,
    };
    let (good, bad) = batch.read_and_solve(BoundedLines::new(input, MAX_LINE_BYTES), &name)?;
    batch.out.flush()?;
    progress.finish_and_clear();
    if bad > 0 {
        return Err(Failure::runtime(anyhow!(
            "{name}: {bad} bad line{} (reported above) skipped; {good} board{} solved",
            plural(bad),
            plural(good)
        )));
    }
    Ok(())
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A progress bar with count, total and ETA on stderr, only when stderr is a terminal. The
/// total is the file's line count (counted first); for stdin it is unknown.
fn progress_bar(file: Option<&Path>) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total = file.and_then(count_lines);
    let bar = match total {
        Some(lines) => ProgressBar::new(lines as u64).with_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} lines, {per_sec}, ETA {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {pos} lines, {per_sec}, {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        ),
    };
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    bar
}

/// The number of lines in a file (a last line without a newline counts), or `None` when it
/// cannot be read.
fn count_lines(file: &Path) -> Option<usize> {
    let mut reader = std::io::BufReader::new(std::fs::File::open(file).ok()?);
    let (mut lines, mut last) = (0usize, b'\n');
    loop {
        let buf = reader.fill_buf().ok()?;
        let Some(&end) = buf.last() else { break };
        lines += buf.iter().filter(|&&b| b == b'\n').count();
        last = end;
        let n = buf.len();
        reader.consume(n);
    }
    Some(lines + usize::from(last != b'\n'))
}

/// The state of one batch run.
struct Batch<'a> {
    pool: &'a rayon::ThreadPool,
    dict: &'a Dictionary,
    options: &'a SolveOptions,
    format: Format,
    out: Stdout,
    progress: &'a ProgressBar,
}

impl Batch<'_> {
    /// Reads every line, reports the bad ones, solves the good ones a chunk at a time and
    /// writes them in order. Returns the numbers of good boards and bad lines. Stops early only
    /// when the output cannot be written or the input cannot be read.
    fn read_and_solve<R: BufRead>(
        &mut self,
        mut lines: BoundedLines<R>,
        name: &str,
    ) -> Result<(usize, usize), Failure> {
        let mut chunk: Vec<(usize, Board)> = Vec::with_capacity(BATCH_CHUNK);
        let (mut good, mut bad, mut seen) = (0usize, 0usize, 0usize);
        loop {
            let (number, line) = match lines.next_line() {
                Ok(Some(next)) => next,
                Ok(None) => break,
                Err(e) => {
                    self.progress.suspend(|| {
                        crate::warning!("{name}:{}: cannot read: {e}", lines.number + 1)
                    });
                    bad += 1;
                    break;
                }
            };
            seen += 1;
            match parse_line(line) {
                Ok(None) => {}
                Ok(Some(board)) => chunk.push((number, board)),
                Err(reason) => {
                    bad += 1;
                    self.progress.suspend(|| {
                        crate::warning!("{name}:{number}: {}", short(&reason.to_string()))
                    });
                }
            }
            if chunk.len() == BATCH_CHUNK {
                good += self.solve_chunk(&chunk)?;
                chunk.clear();
                self.progress.set_position(seen as u64);
            }
        }
        good += self.solve_chunk(&chunk)?;
        self.progress.set_position(seen as u64);
        Ok((good, bad))
    }

    /// Solves boards in parallel (one solver per run of boards) and writes their lines in order.
    fn solve_chunk(&mut self, boards: &[(usize, Board)]) -> Result<usize, Failure> {
        let (dict, options, format) = (self.dict, self.options, self.format);
        let lines: Vec<Vec<String>> = self.pool.install(|| {
            boards
                .par_chunks(SOLVER_RUN)
                .map(|run| {
                    let mut solver = Solver::new(dict, options.clone());
                    run.iter()
                        .map(|(number, board)| board_line(&mut solver, *number, board, format))
                        .collect()
                })
                .collect()
        });
        for line in lines.iter().flatten() {
            self.out.write_all(line.as_bytes())?;
        }
        Ok(boards.len())
    }
}

/// Why a line of a board file was skipped.
#[derive(Debug, thiserror::Error)]
enum BadLine {
    /// Longer than [`MAX_LINE_BYTES`]; holds its length.
    #[error("line of {0} bytes is longer than any board (at most {MAX_LINE_BYTES} bytes)")]
    TooLong(usize),
    /// Not UTF-8.
    #[error("not UTF-8 text")]
    NotUtf8,
    /// Not a board.
    #[error("bad board: {0}")]
    Board(#[source] BoardError),
}

/// A line's board; `None` for a blank line or a `#` comment; the reason for a bad line.
fn parse_line(line: Line) -> Result<Option<Board>, BadLine> {
    let text = match line {
        Line::Text(text) => text,
        Line::TooLong(bytes) => return Err(BadLine::TooLong(bytes)),
        Line::NotUtf8 => return Err(BadLine::NotUtf8),
    };
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    Board::parse(text).map(Some).map_err(BadLine::Board)
}

/// One board's output line: `BOARD<TAB>WORDS<TAB>SCORE`, or with JSON
/// `{"line","board","words":[{"word","score","path"}],"count","total"}`.
fn board_line(solver: &mut Solver, number: usize, board: &Board, format: Format) -> String {
    if !format.json {
        let (words, score) = solver.count(board);
        return format!("{}\t{words}\t{score}\n", board.to_text());
    }
    let solution = solver.solve(board);
    let shown = format.limit.unwrap_or(usize::MAX).min(solution.words.len());
    let line = json!({
        "line": number,
        "board": board.to_json(),
        "words": solution.words[..shown].iter().map(|w| word_json(w, None)).collect::<Vec<_>>(),
        "count": solution.words.len(),
        "total": solution.total_score,
    });
    format!("{line}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(input: &[u8], limit: usize) -> Vec<(usize, Line)> {
        let mut lines = BoundedLines::new(std::io::BufReader::with_capacity(4, input), limit);
        std::iter::from_fn(|| lines.next_line().unwrap()).collect()
    }

    #[test]
    fn long_lines_are_skipped_to_their_newline() {
        let lines = lines_of(b"abcd\nabcdefghij\r\nxy\r\nlast", 5);
        assert_eq!(
            lines,
            vec![
                (1, Line::Text("abcd".into())),
                (2, Line::TooLong(11)),
                (3, Line::Text("xy".into())),
                (4, Line::Text("last".into())),
            ]
        );
    }

    #[test]
    fn a_byte_order_mark_and_bad_utf8_are_handled() {
        let lines = lines_of(b"\xef\xbb\xbfabcd\n\xff\xfe\n\n", 64);
        assert_eq!(
            lines,
            vec![
                (1, Line::Text("abcd".into())),
                (2, Line::NotUtf8),
                (3, Line::Text(String::new())),
            ]
        );
    }

    #[test]
    fn reasons_are_cut_short() {
        let long = "é".repeat(1000);
        let cut = short(&long);
        assert_eq!(cut.chars().count(), MAX_REASON_CHARS + 3);
        assert_eq!(short("fine"), "fine");
    }

    #[test]
    fn bad_lines_give_their_reason_and_comments_are_skipped() {
        assert!(parse_line(Line::Text("  # note".into())).unwrap().is_none());
        assert!(parse_line(Line::Text("abcd efgh ijkl mnop".into())).is_ok());
        let err = parse_line(Line::Text("abc".into())).unwrap_err();
        assert!(matches!(err, BadLine::Board(_)), "{err}");
        assert!(err.to_string().starts_with("bad board"), "{err}");
        let err = parse_line(Line::TooLong(1 << 20)).unwrap_err().to_string();
        assert!(err.contains("1048576 bytes"), "{err}");
    }
}
