//! `wordsnap read` and `wordsnap eval`: reading boards from screenshots, and measuring how well
//! that works on a folder of images with ground truth.

use super::{CliResult, Failure};
use crate::board::{Board, BoardJson, Fix, Tile};
use crate::score::{Game, Rules};
use crate::vision::{self, BoardReading, doubt::DoubtfulTile, ocr::TileReader};
use anyhow::anyhow;
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `wordsnap read`.
#[derive(Debug, clap::Args)]
pub struct ReadArgs {
    /// The screenshot or photo to read.
    #[arg(value_name = "IMAGE")]
    pub image: PathBuf,
    /// Print {"rows","cols","tiles","values"?,"bonuses"?,"confidence","grid"} as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write an overlay of the detected grid and readings, and the tile crops, to this folder.
    #[arg(long, value_name = "DIR")]
    pub debug: Option<PathBuf>,
    #[command(flatten)]
    pub model: ModelArg,
    /// Correct one tile: row and column from 0 (as in paths), then the tile in board-text
    /// notation, which may carry a value or badge (1,2=e or 0,0=[qu:10*dl]). Repeatable.
    #[arg(long, value_name = "R,C=TEXT", value_parser = Fix::parse)]
    pub fix: Vec<Fix>,
}

/// Arguments of `wordsnap eval`.
#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    /// A folder of images, each with its ground truth beside it (same stem, .json).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Print the per-image results and totals as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub model: ModelArg,
}

/// The `--model` option of `read` and `eval`.
#[derive(Debug, clap::Args)]
pub struct ModelArg {
    /// Read with this recognition model (ONNX, trained by models/train/) instead of the
    /// embedded one.
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,
}

/// The embedded recognition model, or the one in `model`. A model file that cannot be loaded is
/// bad input (exit code 2).
fn load_reader(model: Option<&Path>) -> Result<TileReader, Failure> {
    match model {
        None => TileReader::new()
            .map_err(|e| Failure::runtime(e.context("cannot load the tile recognition model"))),
        Some(path) => TileReader::from_file(path)
            .map_err(|e| Failure::bad_input(e.context("cannot load the recognition model"))),
    }
}

fn read_file(path: &Path, reader: &TileReader) -> Result<BoardReading, Failure> {
    vision::read_image_file(path, reader)
        .map_err(|e| Failure::from(anyhow::Error::new(e).context(path.display().to_string())))
}

/// The board a reading describes: values and bonuses included, doubtful tiles as their likely
/// readings, unreadable tiles as wildcards.
pub fn reading_to_board(reading: &BoardReading) -> Result<Board, Failure> {
    reading
        .to_board()
        .map_err(|e| Failure::runtime(anyhow!("the reading is not a valid board: {e}")))
}

/// One line per doubtful tile: its place (from 0, as in paths) and what the board takes it as.
pub fn describe_doubts(doubts: &[DoubtfulTile]) -> Vec<String> {
    doubts
        .iter()
        .map(|d| {
            let read = if d.read.is_empty() {
                "read nothing".to_string()
            } else {
                format!("read {} at {:.0}%", d.read, d.confidence * 100.0)
            };
            let taken = match &d.tile {
                Tile::Doubtful(readings) => readings
                    .iter()
                    .map(|r| format!("{} {}", r.tile.notation(), r.probability))
                    .collect::<Vec<_>>()
                    .join(", "),
                _ => "any letter (?)".to_string(),
            };
            format!("({},{}): {read}; solved as {taken}", d.row, d.col)
        })
        .collect()
}

/// Prints the doubtful tiles of a reading on stderr, with the command that solves the board
/// after a correction.
fn warn_doubts(image: &Path, doubts: &[DoubtfulTile], board: &Board, game: Game) {
    if doubts.is_empty() {
        return;
    }
    crate::warning!(
        "wordsnap: warning: {}: {} doubtful tile{} (row,col from 0, as in paths):",
        image.display(),
        doubts.len(),
        if doubts.len() == 1 { "" } else { "s" }
    );
    for line in describe_doubts(doubts) {
        crate::warning!("  {line}");
    }
    crate::warning!(
        "  if a tile is wrong, fix it and run: wordsnap solve --game {game} --board \"{}\"",
        board.to_text()
    );
}

/// Reads a screenshot into a board, with the game the screenshot shows when that is certain.
/// Never stops for a doubtful or unreadable tile: the board takes it as its likely readings
/// (or any letter), and the doubtful tiles are listed on stderr with the command to correct
/// and run (for `game`, or else the game the screenshot shows).
pub fn board_from_image(
    image: &Path,
    game: Option<Game>,
    fixes: &[Fix],
) -> Result<(Board, Option<Game>), Failure> {
    let reader = load_reader(None)?;
    let reading = read_file(image, &reader)?;
    let (board, doubts) = fixed_board(&reading, fixes)?;
    let detected = detect_game(&board);
    let game = game.or(detected).unwrap_or(Game::Boggle);
    warn_doubts(image, &doubts, &board, game);
    Ok((board, detected))
}

/// The board of a reading with the `--fix` corrections applied, and the doubtful tiles no fix
/// corrected. A fix outside the board is bad input.
fn fixed_board(
    reading: &BoardReading,
    fixes: &[Fix],
) -> Result<(Board, Vec<DoubtfulTile>), Failure> {
    let mut board = reading_to_board(reading)?;
    for fix in fixes {
        board
            .apply_fix(fix)
            .map_err(|e| Failure::bad_input(anyhow!("--fix {}: {e}", fix_text(fix))))?;
    }
    let mut doubts = reading.doubtful_tiles();
    doubts.retain(|d| !fixes.iter().any(|f| (f.row, f.col) == (d.row, d.col)));
    Ok((board, doubts))
}

fn fix_text(fix: &Fix) -> String {
    format!("{},{}={}", fix.row, fix.col, fix.cell.text())
}

/// The game a board's look makes certain: Wordament-style special tiles or printed values that
/// match Wordament's table, Ruzzle-style bonus squares; `None` when it is not certain.
pub fn detect_game(board: &Board) -> Option<Game> {
    if board.has_special_tiles() && (0..board.len()).any(|i| board.value(i).is_some()) {
        return Some(Game::Wordament);
    }
    if board.has_bonuses()
        && (0..board.len()).all(|i| board.bonus(i).is_none_or(|b| b.label() != "2X"))
    {
        return Some(Game::Ruzzle);
    }
    let wordament = Rules::new(Game::Wordament);
    let mut valued = (0..board.len())
        .filter(|&i| !board.tiles()[i].is_hole())
        .peekable();
    let all_match = valued.peek().is_some()
        && valued.all(|i| match (&board.tiles()[i], board.value(i)) {
            (Tile::Letters(s), Some(v)) => {
                s.chars().count() == 1 && wordament.letters_value(s) == v
            }
            _ => false,
        });
    all_match.then_some(Game::Wordament)
}

/// Runs `wordsnap read`.
pub fn run_read(args: ReadArgs) -> CliResult {
    let reader = load_reader(args.model.model.as_deref())?;
    let started = Instant::now();
    let reading = read_file(&args.image, &reader)?;
    let elapsed = started.elapsed().as_secs_f64() * 1e3;
    if let Some(dir) = &args.debug {
        vision::write_debug(dir, &args.image, &reading, &reader).map_err(|e| {
            Failure::runtime(anyhow!(
                "cannot write debug output to {}: {e}",
                dir.display()
            ))
        })?;
    }
    let mut out = super::output::stdout();
    if args.json {
        writeln!(out, "{}", reading_json(&reading))?;
        out.flush()?;
        return Ok(());
    }
    let (board, doubts) = fixed_board(&reading, &args.fix)?;
    let game = detect_game(&board).unwrap_or(Game::Boggle);
    writeln!(out, "board: {}", board.to_text())?;
    writeln!(out, "game: {game}")?;
    write!(out, "{}", grid_view(&reading))?;
    let g = &reading.grid;
    writeln!(
        out,
        "\n{}x{} grid at x={} y={} ({}x{} px), read in {elapsed:.0} ms",
        reading.board.rows, reading.board.cols, g.x, g.y, g.width, g.height
    )?;
    out.flush()?;
    warn_doubts(&args.image, &doubts, &board, game);
    Ok(())
}

/// The reading as the JSON the `read --json` contract names.
pub fn reading_json(reading: &BoardReading) -> serde_json::Value {
    let mut v = json!({
        "rows": reading.board.rows,
        "cols": reading.board.cols,
        "tiles": reading.board.tiles,
        "confidence": reading.confidence.iter().map(|row| row.iter().map(|c| (c * 1000.0).round() / 1000.0).collect::<Vec<f32>>()).collect::<Vec<_>>(),
        "grid": {"x": reading.grid.x, "y": reading.grid.y, "width": reading.grid.width, "height": reading.grid.height},
    });
    if let Some(values) = &reading.board.values {
        v["values"] = json!(values);
    }
    if let Some(bonuses) = &reading.board.bonuses {
        v["bonuses"] = json!(bonuses);
    }
    v
}

/// Each tile with its value, bonus and confidence, one board row per line.
fn grid_view(reading: &BoardReading) -> String {
    let mut out = String::new();
    for r in 0..reading.board.rows {
        let cells: Vec<String> = (0..reading.board.cols)
            .map(|c| {
                let mut cell = reading.board.tiles[r][c].clone();
                if cell.is_empty() {
                    cell = "?".into();
                }
                if let Some(Some(v)) = reading.board.values.as_ref().map(|v| v[r][c]) {
                    cell.push_str(&format!(":{v}"));
                }
                if let Some(b) = reading
                    .board
                    .bonuses
                    .as_ref()
                    .map(|b| &b[r][c])
                    .filter(|b| !b.is_empty())
                {
                    cell.push_str(&format!("*{b}"));
                }
                format!("{cell:<10} {:>3.0}%", reading.confidence[r][c] * 100.0)
            })
            .collect();
        out.push_str(&format!("  {}\n", cells.join("   ")));
    }
    out
}

/// How one image compared with its ground truth.
#[derive(Debug, Default)]
struct EvalResult {
    name: String,
    error: Option<String>,
    grid_right: bool,
    tiles: (usize, usize),
    values: (usize, usize),
    bonuses: (usize, usize),
    mistakes: Vec<String>,
    ms: f64,
}

impl EvalResult {
    fn all_right(&self) -> bool {
        self.error.is_none()
            && self.grid_right
            && self.tiles.0 == self.tiles.1
            && self.values.0 == self.values.1
            && self.bonuses.0 == self.bonuses.1
    }
}

const IMAGE_EXTENSIONS: [&str; 6] = ["png", "jpg", "jpeg", "webp", "bmp", "gif"];

/// The images in `dir` that have a ground-truth `.json` beside them, sorted by name.
fn images_with_truth(dir: &Path) -> Result<Vec<(PathBuf, PathBuf)>, Failure> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Failure::bad_input(anyhow!("cannot read {}: {e}", dir.display())))?;
    let mut out: Vec<(PathBuf, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| IMAGE_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        })
        .filter_map(|p| {
            let truth = p.with_extension("json");
            truth.exists().then_some((p, truth))
        })
        .collect();
    out.sort();
    Ok(out)
}

fn compare(reading: &BoardReading, truth: &BoardJson, result: &mut EvalResult) {
    result.grid_right = reading.board.rows == truth.rows && reading.board.cols == truth.cols;
    if !result.grid_right {
        result.mistakes.push(format!(
            "grid {}x{}, expected {}x{}",
            reading.board.rows, reading.board.cols, truth.rows, truth.cols
        ));
        result.tiles.1 = truth.rows * truth.cols;
        return;
    }
    for r in 0..truth.rows {
        for c in 0..truth.cols {
            let at = format!("row {}, column {}", r + 1, c + 1);
            let (got, want) = (&reading.board.tiles[r][c], &truth.tiles[r][c]);
            result.tiles.1 += 1;
            if got.eq_ignore_ascii_case(want) {
                result.tiles.0 += 1;
            } else {
                result
                    .mistakes
                    .push(format!("{at}: tile '{got}', expected '{want}'"));
            }
            if let Some(values) = &truth.values {
                let got = reading.board.values.as_ref().and_then(|v| v[r][c]);
                result.values.1 += 1;
                if got == values[r][c] {
                    result.values.0 += 1;
                } else {
                    result
                        .mistakes
                        .push(format!("{at}: value {got:?}, expected {:?}", values[r][c]));
                }
            }
            if let Some(bonuses) = &truth.bonuses {
                let got = reading
                    .board
                    .bonuses
                    .as_ref()
                    .map_or("", |b| b[r][c].as_str());
                result.bonuses.1 += 1;
                if got == bonuses[r][c] {
                    result.bonuses.0 += 1;
                } else {
                    result
                        .mistakes
                        .push(format!("{at}: bonus '{got}', expected '{}'", bonuses[r][c]));
                }
            }
        }
    }
}

fn evaluate(image: &Path, truth_path: &Path, reader: &TileReader) -> EvalResult {
    let mut result = EvalResult {
        name: image
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into(),
        ..Default::default()
    };
    let truth: BoardJson = match std::fs::read_to_string(truth_path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
        .and_then(|t: BoardJson| match Board::from_json(&t) {
            // The same checks as any board: every grid has the rows and columns it claims.
            Ok(_) => Ok(t),
            Err(e) => Err(e.to_string()),
        }) {
        Ok(t) => t,
        Err(e) => {
            result.error = Some(format!("bad ground truth {}: {e}", truth_path.display()));
            return result;
        }
    };
    let started = Instant::now();
    let reading = vision::read_image_file(image, reader);
    result.ms = started.elapsed().as_secs_f64() * 1e3;
    match reading {
        Ok(reading) => compare(&reading, &truth, &mut result),
        Err(e) => {
            result.error = Some(crate::text::error_chain(&e));
            result.tiles.1 = truth.rows * truth.cols;
        }
    }
    result
}

/// Runs `wordsnap eval`.
pub fn run_eval(args: EvalArgs) -> CliResult {
    let images = images_with_truth(&args.dir)?;
    if images.is_empty() {
        return Err(Failure::bad_input(anyhow!(
            "{}: no images with a ground-truth .json beside them",
            args.dir.display()
        )));
    }
    let reader = load_reader(args.model.model.as_deref())?;
    let results: Vec<EvalResult> = images
        .iter()
        .map(|(img, truth)| evaluate(img, truth, &reader))
        .collect();
    let sum = |f: &dyn Fn(&EvalResult) -> (usize, usize)| {
        results
            .iter()
            .map(f)
            .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    };
    let (tiles, values, bonuses) = (sum(&|r| r.tiles), sum(&|r| r.values), sum(&|r| r.bonuses));
    let fully_right = results.iter().filter(|r| r.all_right()).count();
    let grids = results.iter().filter(|r| r.grid_right).count();
    let ms: f64 = results.iter().map(|r| r.ms).sum::<f64>() / results.len() as f64;
    // "3/4 (75.0%)", or "none" when the ground truth has nothing of that kind to check.
    let share = |(a, b): (usize, usize)| {
        if b == 0 {
            "none".to_string()
        } else {
            format!("{a}/{b} ({:.1}%)", 100.0 * a as f64 / b as f64)
        }
    };
    let mut out = super::output::stdout();
    if args.json {
        let per_image: Vec<_> = results
            .iter()
            .map(|r| {
                json!({"image": r.name, "ok": r.all_right(), "error": r.error, "grid": r.grid_right,
                       "tiles": [r.tiles.0, r.tiles.1], "values": [r.values.0, r.values.1],
                       "bonuses": [r.bonuses.0, r.bonuses.1], "mistakes": r.mistakes, "ms": r.ms})
            })
            .collect();
        writeln!(
            out,
            "{}",
            json!({"images": per_image, "totals": {"images": results.len(), "fully_right": fully_right, "grids": grids,
                   "tiles": [tiles.0, tiles.1], "values": [values.0, values.1], "bonuses": [bonuses.0, bonuses.1],
                   "ms_per_image": ms}})
        )?;
    } else {
        for r in &results {
            let status = if r.all_right() { "ok  " } else { "FAIL" };
            let detail = match &r.error {
                Some(e) => e.clone(),
                None => format!(
                    "tiles {}/{}, values {}/{}, bonuses {}/{}",
                    r.tiles.0, r.tiles.1, r.values.0, r.values.1, r.bonuses.0, r.bonuses.1
                ),
            };
            writeln!(out, "{status} {:<60} {detail}  ({:.0} ms)", r.name, r.ms)?;
            for m in &r.mistakes {
                writeln!(out, "       {m}")?;
            }
        }
        writeln!(
            out,
            "\n{fully_right}/{} images fully right, grids {grids}/{}, tiles {}, values {}, bonuses {}, {ms:.0} ms per image",
            results.len(),
            results.len(),
            share(tiles),
            share(values),
            share(bonuses)
        )?;
    }
    out.flush()?;
    if fully_right == results.len() {
        Ok(())
    } else {
        Err(Failure {
            code: 1,
            error: anyhow!(
                "{} of {} images were not read fully right",
                results.len() - fully_right,
                results.len()
            ),
        })
    }
}
