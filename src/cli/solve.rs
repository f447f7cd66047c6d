//! `wordsnap solve`: one board (typed or read from a screenshot) or a batch file of boards.

use super::choices::{GameArg, MultipliersArg};
use super::{CliResult, Failure, FlagError};
use crate::board::{Board, Fix};
use crate::dict::{Dictionary, LoadOptions};
use crate::score::{Game, Rules};
use crate::solve::{FoundWord, Solution, SolveOptions, Solver};
use crate::swaps::{MAX_SWAPS, Swap};
use anyhow::anyhow;
use serde_json::json;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// The board syntax, shown at the end of `--help`.
pub const BOARD_SYNTAX_HELP: &str = "\
Board text (case-insensitive):
  abcd efgh ijkl mnop      one token per row
  abcdefghijklmnop         a square as one token (16 = 4x4, 25 = 5x5, ...)
  abcd,efgh,ijkl,mnop      rows separated by ',' or by new lines
  [qu] [a/e] [re-] [-ing]  multi-letter, either/or, prefix-only, suffix-only tiles
  [j:10] [f:5*dw]          a printed value, a bonus badge (dl tl dw tw 2x)
  [e=70%|f=20%]            a doubtful tile: its likely readings and their probabilities
  ?                        a tile that could not be read (any letter)
  .                        a hole (a cell that does not exist)
  qu a/e re- -ing j:10     the same inside a row typed with spaces between tiles
                           (rows separated by ',' or new lines; one row: 'abcd,')
A board can also be JSON: {\"rows\":4,\"cols\":4,\"tiles\":[[\"A\",\"QU\",...],...],\"values\"?,\"bonuses\"?}";

/// Arguments of `wordsnap solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = BOARD_SYNTAX_HELP)]
pub struct SolveArgs {
    /// Screenshots or photos of boards to read and solve, each in turn ('-': an image piped to
    /// stdin). With several, a failed image is reported on stderr and the others are still
    /// solved (exit code 1 at the end).
    #[arg(value_name = "IMAGE", conflicts_with_all = ["board", "boards"])]
    pub images: Vec<PathBuf>,
    /// Read and solve the image on the clipboard (copied from a screenshot tool).
    #[arg(long, conflicts_with_all = ["images", "board", "boards"])]
    pub clipboard: bool,
    /// The board as board text or JSON (see the syntax below).
    #[arg(long, value_name = "TEXT", conflicts_with = "boards")]
    pub board: Option<String>,
    /// A file with one board per line ('-': stdin): prints BOARD<TAB>WORDS<TAB>SCORE per board,
    /// or with --json one JSON object per board, in input order. Bad lines are reported on
    /// stderr as FILE:LINE and skipped; the exit code is then 1.
    #[arg(long, value_name = "FILE")]
    pub boards: Option<PathBuf>,
    /// The game: minimum length, scoring table, letter values and bonus rules.
    /// Default: for a screenshot, the game it shows (as `read` prints it); else boggle.
    #[arg(long, value_enum)]
    pub game: Option<GameArg>,
    /// A word list to use instead of the embedded English list (one word per line, UTF-8).
    #[arg(long, value_name = "PATH")]
    pub dict: Option<PathBuf>,
    /// A word list whose words are added to the dictionary (repeatable).
    #[arg(long, value_name = "FILE")]
    pub allow: Vec<PathBuf>,
    /// A word list whose words are banned (repeatable).
    #[arg(long, value_name = "FILE")]
    pub deny: Vec<PathBuf>,
    /// Fold accents (é -> e) in the word list and on the board, as most games do.
    #[arg(long)]
    pub fold_accents: bool,
    /// Shortest word, in letters (default: the game's minimum).
    #[arg(long, value_name = "N")]
    pub min_len: Option<usize>,
    /// Longest word, in letters.
    #[arg(long, value_name = "N")]
    pub max_len: Option<usize>,
    /// Only words of these lengths, e.g. 3,6,7.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub lengths: Option<Vec<usize>>,
    /// List every path of every word, not only the best-scoring one (with --boards: needs
    /// --json).
    #[arg(long)]
    pub all_paths: bool,
    /// Print one JSON object: {"board", "words": [{"word","score","path","certainty"}], "stats"},
    /// with "image" (its file name) for a screenshot; one per line for several images or
    /// --boards.
    #[arg(long)]
    pub json: bool,
    /// Only words at least this certain (0 to 1): the probability that the doubtful tiles they
    /// use read as they assume.
    #[arg(long, value_name = "X", value_parser = parse_certainty)]
    pub min_certainty: Option<f64>,
    /// Correct one tile of the screenshot's board: row and column from 0 (as in paths), then the
    /// tile in board-text notation, which may carry a value or badge (1,2=e or
    /// 0,0=[qu:10*dl]). Repeatable.
    #[arg(long, value_name = "R,C=TEXT", value_parser = Fix::parse)]
    pub fix: Vec<Fix>,
    /// Explain one word's score and draw its path on the grid (with --json: as one object).
    #[arg(long, value_name = "WORD", conflicts_with = "boards")]
    pub explain: Option<String>,
    /// Print only the N best words (the counts still cover every word); with --boards --json,
    /// the N best words of each board.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Draw the paths of the listed words: on the screenshot (same size), or for a typed board
    /// on a rendered board. OUT.png: one picture with every word and a legend; DIR/ (ending in
    /// '/' or an existing folder): one picture per word, named in rank order (01-word.png).
    /// Without --limit or --word: the 10 best words.
    #[arg(long, value_name = "OUT.png|DIR/", conflicts_with_all = ["boards", "explain"])]
    pub draw: Option<PathBuf>,
    /// List (and with --draw, draw) only these words, in rank order: repeatable or a comma list
    /// (--word cat,dog). A word that is not found is an error.
    #[arg(long, value_name = "WORD", value_delimiter = ',', conflicts_with_all = ["boards", "explain"])]
    pub word: Vec<String>,
    /// Threads for --boards, 1 to 256 (default: one per core; only --boards solves in
    /// parallel, so it is refused without it).
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Wordament's length multipliers, which sources disagree on.
    #[arg(long, value_enum, default_value_t = MultipliersArg::Standard)]
    pub wordament_multipliers: MultipliersArg,
    /// SpellCast: the best words when up to N tiles (0 to 3) may be changed to any letter.
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=MAX_SWAPS as i64))]
    pub swaps: u8,
}

/// The most threads `--threads` accepts: more only adds start-up time (3,000 threads took 8 s).
pub const MAX_THREADS: usize = 256;

/// Parses `--threads`: 1 to [`MAX_THREADS`].
pub fn parse_threads(text: &str) -> Result<usize, FlagError> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(FlagError::Threads(text.escape_debug().to_string())),
    }
}

/// Parses a certainty between 0 and 1.
pub fn parse_certainty(text: &str) -> Result<f64, FlagError> {
    match text.trim().parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(FlagError::Certainty(text.to_string())),
    }
}

/// Runs `wordsnap solve`.
pub fn run(args: SolveArgs) -> CliResult {
    if let Some(file) = &args.boards {
        return super::batch::run(&args, file);
    }
    if args.threads.is_some() {
        return Err(Failure::bad_input(anyhow!(
            "--threads applies only with --boards: a single board is solved on one thread"
        )));
    }
    let images = super::read::ImageArg::all(&args.images, args.clipboard);
    if !args.fix.is_empty() && images.is_empty() {
        return Err(Failure::bad_input(anyhow!(
            "--fix corrects a screenshot's board: give the screenshot, or correct the tile in --board"
        )));
    }
    if images.len() > 1 {
        for (given, flag) in [
            (!args.fix.is_empty(), "--fix"),
            (args.draw.is_some(), "--draw"),
        ] {
            if given {
                return Err(Failure::bad_input(anyhow!(
                    "{flag} applies to one screenshot: give one image"
                )));
            }
        }
    }
    let target = match &args.draw {
        Some(path) => Some(super::draw::Target::of(path)?),
        None => None,
    };
    match (&args.board, images.as_slice()) {
        (Some(text), _) => {
            let board =
                Board::parse(text).map_err(|e| Failure::bad_input(anyhow!("bad board: {e}")))?;
            let dict = load_dictionary(&args)?;
            solve_board(&args, &board, None, &dict, target.as_ref())
        }
        (None, []) => Err(Failure::bad_input(anyhow!(
            "nothing to solve: give a screenshot, --board TEXT or --boards FILE (see wordsnap solve --help)"
        ))),
        (None, [image]) => {
            let reader = super::read::embedded_reader()?;
            let shot =
                super::read::read_screenshot(image, args.game.map(Game::from), &args.fix, &reader)?;
            let dict = load_dictionary(&args)?;
            solve_board(&args, &shot.board, Some(&shot), &dict, target.as_ref())
        }
        (None, images) => solve_images(&args, images),
    }
}

/// `solve A.png B.png ...`: each image read and solved in turn, its report written before the
/// next is read. A failure is reported on stderr naming the image and the others are still
/// done; the exit code is then 1. A failed write to stdout stops at once.
fn solve_images(args: &SolveArgs, images: &[super::read::ImageArg]) -> CliResult {
    let reader = super::read::embedded_reader()?;
    let dict = load_dictionary(args)?;
    super::read::each_image(images, args.json, |source| {
        super::read::read_screenshot(source, args.game.map(Game::from), &[], &reader).and_then(
            |shot| {
                solve_board(args, &shot.board, Some(&shot), &dict, None).map_err(|f| Failure {
                    error: f.error.context(source.name()),
                    ..f
                })
            },
        )
    })
}

/// Solves one board (typed, or read from `shot`) and writes its report, and its pictures when
/// `target` says where.
fn solve_board(
    args: &SolveArgs,
    board: &Board,
    shot: Option<&super::read::Screenshot>,
    dict: &Dictionary,
    target: Option<&super::draw::Target>,
) -> CliResult {
    let detected = shot.and_then(|s| s.detected);
    let game = args
        .game
        .map(Game::from)
        .or(detected)
        .unwrap_or(Game::Boggle);
    if args.swaps > 0 && game != Game::Spellcast {
        return Err(Failure::bad_input(anyhow!(
            "--swaps is a SpellCast rule: use it with --game spellcast (the game is {game})"
        )));
    }
    let options = solve_options(args, game)?;
    let started = Instant::now();
    let (mut solution, swaps) = match game {
        Game::Letterpress => {
            // Paths take unowned tiles first when the screenshot shows who owns what.
            let unowned = shot.and_then(|s| s.reading.game.unowned.as_deref());
            (
                crate::letterpress::solve_preferring(board, dict, &options, unowned.unwrap_or(&[])),
                HashMap::new(),
            )
        }
        _ if args.swaps > 0 => {
            let found = crate::swaps::solve(board, dict, &options, args.swaps as usize);
            (found.solution, found.swaps)
        }
        _ => (
            Solver::new(dict, options.clone()).solve(board),
            HashMap::new(),
        ),
    };
    let elapsed = started.elapsed();
    if let Some(min) = args.min_certainty {
        solution.keep_certain(min);
    }
    for &(r, c) in &solution.unusable {
        crate::warning!(
            "wordsnap: warning: row {}, column {}: tile '{}' has letters the word list does not use; no word can use it",
            r + 1,
            c + 1,
            board.tile(r, c).notation()
        );
    }
    if let Some(word) = &args.explain {
        return explain(board, dict, &options, &solution, &swaps, word, args.json);
    }
    let limit = match (args.limit, target) {
        (None, Some(_)) if args.word.is_empty() => {
            crate::warning!(
                "wordsnap: drawing the {} best words (--limit N or --word W for others)",
                super::draw::DEFAULT_LIMIT
            );
            Some(super::draw::DEFAULT_LIMIT)
        }
        (limit, _) => limit,
    };
    let listed = listed_words(&solution, dict, &args.word, limit)?;
    let image = shot.map(|s| s.source.name());
    let out = if args.json {
        let mut report = json_report(
            board,
            dict,
            game,
            &solution,
            &listed,
            &swaps,
            elapsed.as_secs_f64(),
        );
        if let Some(name) = &image {
            report["image"] = json!(name);
        }
        format!("{report}\n")
    } else {
        let header = match &image {
            Some(name) if args.images.len() > 1 => format!("image: {name}\n"),
            _ => String::new(),
        };
        header
            + &text_report(
                board,
                dict,
                game,
                &solution,
                &listed,
                &swaps,
                elapsed.as_secs_f64(),
            )
    };
    print_out(&out)?;
    match target {
        Some(target) => super::draw::draw(target, board, game, shot, &listed, solution.words.len()),
        None => Ok(()),
    }
}

/// A listed word with its rank in the whole solution (1 for the best).
pub struct Listed<'a> {
    /// Place in the solution's order, from 1.
    pub rank: usize,
    /// The word.
    pub found: &'a FoundWord,
}

/// The words to list: those `--word` names (each must be found), or the `limit` best, in rank
/// order.
fn listed_words<'a>(
    solution: &'a Solution,
    dict: &Dictionary,
    wanted: &[String],
    limit: Option<usize>,
) -> Result<Vec<Listed<'a>>, Failure> {
    let ranked = solution
        .words
        .iter()
        .enumerate()
        .map(|(i, found)| Listed { rank: i + 1, found });
    if wanted.is_empty() {
        return Ok(ranked.take(limit.unwrap_or(usize::MAX)).collect());
    }
    let wanted: Vec<String> = wanted
        .iter()
        .map(|w| w.trim().to_lowercase())
        .filter(|w| !w.is_empty())
        .collect();
    if let Some(missing) = wanted
        .iter()
        .find(|w| !solution.words.iter().any(|f| &f.word == *w))
    {
        return Err(not_found(dict, missing));
    }
    Ok(ranked
        .filter(|l| wanted.contains(&l.found.word))
        .take(limit.unwrap_or(usize::MAX))
        .collect())
}

/// The error for a word asked for (`--word`, `--explain`) that the solution does not have.
fn not_found(dict: &Dictionary, word: &str) -> Failure {
    let why = if dict.contains(word) {
        "it is in the dictionary but not on this board (or outside the length limits)"
    } else {
        "it is not in the dictionary"
    };
    Failure::runtime(anyhow!("'{word}' was not found: {why}"))
}

fn print_out(text: &str) -> CliResult {
    let mut out = super::output::stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Loads the dictionary the arguments ask for, warning about skipped words.
pub(super) fn load_dictionary(args: &SolveArgs) -> Result<Dictionary, Failure> {
    let options = LoadOptions {
        fold_accents: args.fold_accents,
        allow: args.allow.clone(),
        deny: args.deny.clone(),
    };
    load_dictionary_at(args.dict.as_deref(), &options)
}

/// Loads the embedded list or the list at `path` with `options`, warning about skipped words.
pub(super) fn load_dictionary_at(
    path: Option<&std::path::Path>,
    options: &LoadOptions,
) -> Result<Dictionary, Failure> {
    let dict = Dictionary::load(path, options).map_err(|e| Failure::from(anyhow::Error::new(e)))?;
    if dict.skipped > 0 {
        let examples: Vec<String> = dict
            .skipped_examples
            .iter()
            .map(|w| format!("'{}'", crate::text::printable(w)))
            .collect();
        crate::warning!(
            "wordsnap: warning: {}: skipped {} words with characters outside the alphabet (e.g. {})",
            crate::text::printable(&dict.source),
            dict.skipped,
            examples.join(", ")
        );
    }
    if !dict.dropped_letters.is_empty() {
        let letters: String = dict.dropped_letters.iter().collect();
        crate::warning!(
            "wordsnap: warning: {}: the list uses {} letters but an alphabet holds at most {}; \
             words with the rarest ones ({}) were skipped",
            crate::text::printable(&dict.source),
            dict.alphabet().len() + dict.dropped_letters.len(),
            crate::dict::MAX_LETTERS,
            crate::text::printable(&letters)
        );
    }
    Ok(dict)
}

/// Builds the solver options from the game and the length flags.
pub(super) fn solve_options(args: &SolveArgs, game: Game) -> Result<SolveOptions, Failure> {
    let mut rules = Rules::new(game);
    rules.wordament = args.wordament_multipliers.into();
    if let Some(min) = args.min_len {
        rules.min_len = min;
    }
    let max_len = args.max_len.unwrap_or(usize::MAX);
    if max_len < rules.min_len {
        return Err(Failure::bad_input(anyhow!(
            "--max-len {max_len} is below the minimum length {}",
            rules.min_len
        )));
    }
    Ok(SolveOptions {
        rules,
        max_len,
        lengths: args.lengths.clone(),
        all_paths: args.all_paths,
    })
}

fn format_path(path: &[(usize, usize)]) -> String {
    format_swapped_path(path, &[])
}

/// The path as `(row,col)` steps; a swapped tile shows its new letter: `(1,2)->E`.
fn format_swapped_path(path: &[(usize, usize)], swaps: &[Swap]) -> String {
    path.iter()
        .map(
            |&(r, c)| match swaps.iter().find(|s| (s.row, s.col) == (r, c)) {
                Some(s) => format!("({r},{c})->{}", s.letter.to_ascii_uppercase()),
                None => format!("({r},{c})"),
            },
        )
        .collect::<Vec<_>>()
        .join(" ")
}

/// The human-readable report: the board, the words in columns, the totals.
fn text_report(
    board: &Board,
    dict: &Dictionary,
    game: Game,
    s: &Solution,
    listed: &[Listed],
    swaps: &HashMap<String, Vec<Swap>>,
    secs: f64,
) -> String {
    let mut out = format!("board: {}\n", board.to_text());
    for line in board.grid_string().lines() {
        out.push_str(&format!("  {line}\n"));
    }
    out.push('\n');
    let shown: Vec<&FoundWord> = listed.iter().map(|l| l.found).collect();
    let width = shown
        .iter()
        .map(|w| w.word.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    // The certainty column only when some tile is doubtful (else every word is certain).
    let doubt = board.has_doubtful_tiles();
    let certainty = |c: Option<f64>| match (doubt, c) {
        (false, _) => String::new(),
        (true, Some(c)) => format!("  {c:>9.3}"),
        (true, None) => format!("  {:>9}", "certainty"),
    };
    if !shown.is_empty() {
        out.push_str(&format!(
            "{:>6}{}  {:<width$}  path (row,col) from 0\n",
            "score",
            certainty(None),
            "word"
        ));
    }
    for w in &shown {
        out.push_str(&format!(
            "{:>6}{}  {:<width$}  {}\n",
            w.score,
            certainty(Some(w.certainty)),
            w.word,
            format_swapped_path(&w.path, swaps.get(&w.word).map_or(&[], Vec::as_slice))
        ));
        let blank = " ".repeat(certainty(None).len());
        for extra in w.paths.iter().skip(1) {
            out.push_str(&format!(
                "{:>6}{blank}  {:<width$}  {}\n",
                "",
                "",
                format_path(extra)
            ));
        }
    }
    if shown.len() < s.words.len() {
        out.push_str(&format!("  ... {} more\n", s.words.len() - shown.len()));
    }
    out.push_str(&format!(
        "\n{} words, {} points ({game}, {} words in {}), solved in {:.2} ms\n",
        s.words.len(),
        s.total_score,
        dict.word_count(),
        dict.source,
        secs * 1e3
    ));
    out
}

/// A found word as JSON: `{"word","score","path","certainty"}`, with `"paths"` when every path
/// was kept and `"swaps"` when the word changes tiles (SpellCast).
pub(super) fn word_json(w: &FoundWord, swaps: Option<&Vec<Swap>>) -> serde_json::Value {
    let cells = |p: &[(usize, usize)]| p.iter().map(|&(r, c)| json!([r, c])).collect::<Vec<_>>();
    let mut v = json!({"word": w.word, "score": w.score, "path": cells(&w.path),
                       "certainty": w.certainty});
    if !w.readings.is_empty() {
        v["readings"] = json!(w.readings);
    }
    if !w.paths.is_empty() {
        v["paths"] = w.paths.iter().map(|p| json!(cells(p))).collect();
    }
    if let Some(swaps) = swaps {
        v["swaps"] = swaps
            .iter()
            .map(|s| json!([s.row, s.col, s.letter.to_ascii_uppercase().to_string()]))
            .collect();
    }
    v
}

/// The `--json` report (the caller adds `"image"` for a screenshot).
fn json_report(
    board: &Board,
    dict: &Dictionary,
    game: Game,
    s: &Solution,
    listed: &[Listed],
    swaps: &HashMap<String, Vec<Swap>>,
    secs: f64,
) -> serde_json::Value {
    json!({
        "board": board.to_json(),
        "words": listed.iter().map(|l| word_json(l.found, swaps.get(&l.found.word))).collect::<Vec<_>>(),
        "stats": {
            "words": s.words.len(),
            "total_score": s.total_score,
            "game": game,
            "dictionary": dict.source,
            "dictionary_words": dict.word_count(),
            "trie_nodes": dict.node_count(),
            "trie_bytes": dict.node_count() * dict.node_bytes(),
            "solve_ms": secs * 1e3,
            "unusable_tiles": s.unusable.iter().map(|&(r, c)| json!([r, c])).collect::<Vec<_>>(),
        }
    })
}

/// `--explain WORD`: the score breakdown and the path drawn on the grid.
fn explain(
    board: &Board,
    dict: &Dictionary,
    options: &SolveOptions,
    s: &Solution,
    swaps: &HashMap<String, Vec<Swap>>,
    word: &str,
    as_json: bool,
) -> CliResult {
    let word = word.trim().to_lowercase();
    let Some(found) = s.words.iter().find(|w| w.word == word) else {
        return Err(not_found(dict, &word));
    };
    let cells: Vec<usize> = found
        .path
        .iter()
        .map(|&(r, c)| r * board.cols() + c)
        .collect();
    let swapped = swaps.get(&word).map_or(&[][..], Vec::as_slice);
    let board = &crate::swaps::apply(board, swapped);
    let breakdown = options.rules.breakdown(board, &cells, found.letters());
    if as_json {
        let explained = json!({
            "word": found.word,
            "score": found.score,
            "game": options.rules.game,
            "formula": breakdown.formula,
            "path": found.path.iter().map(|&(r, c)| json!([r, c])).collect::<Vec<_>>(),
            "board": board.to_json(),
        });
        return print_out(&format!("{explained}\n"));
    }
    let mut out = format!(
        "{}: {} points ({})\n",
        found.word, found.score, options.rules.game
    );
    out.push_str(&format!("  {}\n", breakdown.formula));
    out.push_str(&format!(
        "  path: {}\n\n",
        format_swapped_path(&found.path, swapped)
    ));
    out.push_str(&crate::render::paths::path_text(board, &found.path));
    print_out(&out)
}
