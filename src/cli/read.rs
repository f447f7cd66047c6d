//! `wordsnap read` and `wordsnap eval`: reading boards from screenshots, and measuring how well
//! that works on a folder of images with ground truth.

use super::{CliResult, Failure};
use crate::board::{Board, Fix, Tile};
use crate::score::Game;
use crate::vision::eval::{self, ImageScore, Tally};
use crate::vision::{self, BoardReading, doubt::DoubtfulTile, ocr::TileReader};
use anyhow::anyhow;
use image::DynamicImage;
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `wordsnap read`.
#[derive(Debug, clap::Args)]
pub struct ReadArgs {
    /// Screenshots or photos to read, each in turn ('-': an image piped to stdin). With several,
    /// a failed image is reported on stderr and the others are still read (exit code 1 at the
    /// end).
    #[arg(value_name = "IMAGE", required_unless_present = "clipboard")]
    pub images: Vec<PathBuf>,
    /// Read the image on the clipboard (copied from a screenshot tool) instead of a file.
    #[arg(long, conflicts_with = "images")]
    pub clipboard: bool,
    /// Print one JSON line per image:
    /// {"image","rows","cols","tiles","values"?,"bonuses"?,"confidence","alternatives",
    /// "value_confidence"?,"bonus_confidence"?,"unreadable_marks"?,"grid","game","turned"?,
    /// "short_sides"?,"not_square"?,"unfamiliar_print"?} ("turned": degrees clockwise the image
    /// was turned to read its board upright, only when it was; rows and columns are then those of
    /// the board so turned, "grid" in the image's own pixels; "short_sides":
    /// [{"side","cut_by_image_edge"}], the sides ("top", "bottom", "left", "right") beyond which
    /// more tiles like the board's lie, so that the board may be a line short, only when there
    /// are any; "not_square": true when the board read has more rows than columns or the other
    /// way, which no game plays (a line missed or one too many); "unfamiliar_print": true when
    /// the letters are printed in a typeface unlike any the reader was trained on, every letter
    /// and value then doubted).
    #[arg(long)]
    pub json: bool,
    /// Write an overlay of the detected grid and readings, and the tile crops, to this folder
    /// (with several images: to a subfolder per image, named by its file stem).
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

/// The `--model` and `--second-model` options of `read` and `eval`.
#[derive(Debug, clap::Args)]
pub struct ModelArg {
    /// Read with this recognition model (ONNX, trained by models/train/) instead of the
    /// embedded ones: it reads alone, without the embedded second opinion on letters
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,
    /// Take the second opinion on letters from this model (ONNX, trained by models/train/)
    /// instead of the embedded second model
    #[arg(long, value_name = "FILE")]
    pub second_model: Option<PathBuf>,
}

/// The embedded recognition models, or the ones `models` names. A model file that cannot be
/// loaded is bad input (exit code 2).
fn load_reader(models: Option<&ModelArg>) -> Result<TileReader, Failure> {
    let bad = |e: anyhow::Error| Failure::bad_input(e.context("cannot load the recognition model"));
    let reader = match models.and_then(|m| m.model.as_deref()) {
        None => TileReader::new()
            .map_err(|e| Failure::runtime(e.context("cannot load the tile recognition model")))?,
        Some(path) => TileReader::from_file(path).map_err(bad)?,
    };
    match models.and_then(|m| m.second_model.as_deref()) {
        None => Ok(reader),
        Some(path) => reader.with_second_model_file(path).map_err(bad),
    }
}

/// Where an image comes from: a file, stdin (the argument `-`) or the clipboard
/// (`--clipboard`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageArg {
    /// An image file.
    File(PathBuf),
    /// Image bytes piped to stdin.
    Stdin,
    /// The image on the clipboard.
    Clipboard,
}

impl ImageArg {
    /// The image a command-line argument names: `-` is stdin, anything else a file.
    pub fn from_path(path: &Path) -> ImageArg {
        if path.as_os_str() == "-" {
            ImageArg::Stdin
        } else {
            ImageArg::File(path.to_path_buf())
        }
    }

    /// The images of a command: the clipboard's, or those its arguments name.
    pub fn all(paths: &[PathBuf], clipboard: bool) -> Vec<ImageArg> {
        if clipboard {
            return vec![ImageArg::Clipboard];
        }
        paths.iter().map(|p| ImageArg::from_path(p)).collect()
    }

    /// How the image is named in messages and JSON: its path, `stdin` or `clipboard`.
    pub fn name(&self) -> String {
        match self {
            ImageArg::File(path) => path.display().to_string(),
            ImageArg::Stdin => "stdin".to_string(),
            ImageArg::Clipboard => "clipboard".to_string(),
        }
    }

    /// The `--debug` subfolder of one of several images: the file stem (`stdin`, `clipboard`).
    fn folder(&self) -> PathBuf {
        match self {
            ImageArg::File(path) => path
                .file_stem()
                .map_or_else(|| PathBuf::from("image"), PathBuf::from),
            other => PathBuf::from(other.name()),
        }
    }
}

/// Decodes the image an argument names; errors name the image.
pub fn load_image(source: &ImageArg) -> Result<DynamicImage, Failure> {
    let loaded = match source {
        ImageArg::File(path) => vision::load::load(path),
        ImageArg::Stdin => vision::load::load_from(std::io::stdin().lock()),
        ImageArg::Clipboard => return clipboard_image(),
    };
    loaded.map_err(|e| Failure::from(anyhow::Error::new(e).context(source.name())))
}

/// The image on the clipboard (X11; Wayland through XWayland). No clipboard, or no image on
/// it, is a runtime failure (exit code 1) saying so.
fn clipboard_image() -> Result<DynamicImage, Failure> {
    let failed =
        |e: arboard::Error| Failure::runtime(anyhow!("clipboard: {}", clipboard_error(&e)));
    let mut clipboard = arboard::Clipboard::new().map_err(failed)?;
    let data = clipboard.get_image().map_err(failed)?;
    let (w, h) = (data.width as u32, data.height as u32);
    let rgba = image::RgbaImage::from_raw(w, h, data.bytes.into_owned()).ok_or_else(|| {
        Failure::runtime(anyhow!(
            "clipboard: the image data does not fill {w}x{h} pixels"
        ))
    })?;
    let image = DynamicImage::ImageRgba8(rgba);
    vision::load::check_size(&image)
        .map_err(|e| Failure::from(anyhow::Error::new(e).context("clipboard")))?;
    Ok(vision::load::without_alpha(image))
}

/// What went wrong with the clipboard, in words a user can act on.
fn clipboard_error(error: &arboard::Error) -> String {
    match error {
        arboard::Error::ContentNotAvailable => {
            "there is no image on the clipboard (copy a screenshot first)".to_string()
        }
        arboard::Error::ClipboardNotSupported => {
            "this system has no clipboard wordsnap can read".to_string()
        }
        other => {
            format!("cannot read the clipboard ({other}); is a desktop session (DISPLAY) running?")
        }
    }
}

/// Reads the board in a decoded image; errors name the image.
fn read_decoded(
    source: &ImageArg,
    image: &DynamicImage,
    reader: &TileReader,
) -> Result<BoardReading, Failure> {
    vision::read_image(image, reader)
        .map_err(|e| Failure::from(anyhow::Error::new(e).context(source.name())))
}

/// A screenshot read into a board: where it came from, the image, the reading (with each tile's box), the board to
/// solve (with `--fix` applied) and the game the screenshot shows when that is certain.
pub struct Screenshot {
    /// Where the image came from.
    pub source: ImageArg,
    /// The decoded image.
    pub image: DynamicImage,
    /// What the reader saw.
    pub reading: BoardReading,
    /// The board to solve.
    pub board: Board,
    /// The game the screenshot shows, when certain.
    pub detected: Option<Game>,
}

impl Screenshot {
    /// Where the tiles are on the image, for drawing paths.
    pub fn geometry(&self) -> Option<crate::render::paths::TileGeometry> {
        crate::render::paths::TileGeometry::from_boxes(
            self.reading.board.rows,
            self.reading.board.cols,
            &self.reading.cells,
        )
    }
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
fn warn_doubts(image: &str, doubts: &[DoubtfulTile], board: &Board, game: Game) {
    if doubts.is_empty() {
        return;
    }
    crate::warning!(
        "wordsnap: warning: {}: {} doubtful tile{} (row,col from 0, as in paths):",
        image,
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

/// Prints on stderr the values and badges the reader saw but could not read (left out of the
/// board rather than guessed).
fn warn_mark_doubts(image: &str, doubts: &[vision::MarkDoubt]) {
    if doubts.is_empty() {
        return;
    }
    crate::warning!(
        "wordsnap: warning: {}: {} unreadable value{} or badge{} (row,col from 0):",
        image,
        doubts.len(),
        if doubts.len() == 1 { "" } else { "s" },
        if doubts.len() == 1 { "" } else { "s" }
    );
    for d in doubts {
        crate::warning!("  {d}");
    }
}

/// Prints on stderr what the reader doubts of the board as a whole: its print (see
/// [`vision::BoardReading::unfamiliar_print`]) and each side where it may be a line short.
fn warn_board(image: &str, reading: &BoardReading) {
    if reading.unfamiliar_print {
        crate::warning!(
            "wordsnap: warning: {image}: the board's letters are printed in a typeface unlike \
             any the reader was trained on: every letter and value is doubted (at most 50%); \
             check the board"
        );
    }
    warn_short_sides(image, reading);
}

/// Prints on stderr each side of the board where it may be a line short (see
/// [`vision::BoardReading::short_sides`]), or else that the board read is not square (see
/// [`vision::BoardReading::not_square`]), and what to do about it.
fn warn_short_sides(image: &str, reading: &BoardReading) {
    if reading.not_square() && reading.short_sides.is_empty() {
        let (rows, cols) = (reading.board.rows, reading.board.cols);
        crate::warning!(
            "wordsnap: warning: {image}: the board read is {rows}x{cols}, but every game plays \
             square boards: a row or column was missed (under something drawn or laid over the \
             board, or cut by the image's edge) or one taken in that is not the board's; check \
             the board, or read a screenshot of the whole board without it"
        );
    }
    for short in &reading.short_sides {
        let (side, line) = (short.side, short.side.line());
        let beyond = side.beyond();
        if short.cut_by_image_edge {
            crate::warning!(
                "wordsnap: warning: {image}: the image's {side} edge cuts through more tiles \
                 {beyond} of the board read: the board may have a {line} the image does not \
                 show; read a screenshot of the whole board"
            );
        } else {
            crate::warning!(
                "wordsnap: warning: {image}: the image shows more tiles like the board's \
                 {beyond} of the board read: the board may have a {line} that could not be read \
                 (something drawn or laid over it); check the board, or read a screenshot \
                 without it"
            );
        }
    }
}

/// Reads a screenshot into a board, with the game the screenshot shows (the neutral Boggle game
/// for its size when the evidence is weak; see [`crate::vision::game`]). Never stops for a doubtful or unreadable tile: the board takes it as its likely readings
/// (or any letter), and the doubtful tiles are listed on stderr with the command to correct
/// and run (for `game`, or else the game the screenshot shows).
pub fn board_from_image(
    image: &Path,
    game: Option<Game>,
    fixes: &[Fix],
) -> Result<(Board, Option<Game>), Failure> {
    let source = ImageArg::from_path(image);
    let shot = read_screenshot(&source, game, fixes, &load_reader(None)?)?;
    Ok((shot.board, shot.detected))
}

/// Reads the screenshot `source` names as [`board_from_image`] does, keeping the image and the
/// reading.
pub fn read_screenshot(
    source: &ImageArg,
    game: Option<Game>,
    fixes: &[Fix],
    reader: &TileReader,
) -> Result<Screenshot, Failure> {
    let image = load_image(source)?;
    let reading = read_decoded(source, &image, reader)?;
    let (board, doubts) = fixed_board(&reading, fixes)?;
    let detected = reading.game.game;
    warn_doubts(&source.name(), &doubts, &board, game.unwrap_or(detected));
    warn_mark_doubts(&source.name(), &reading.mark_doubts);
    warn_board(&source.name(), &reading);
    Ok(Screenshot {
        source: source.clone(),
        image,
        reading,
        board,
        detected: Some(detected),
    })
}

/// Reads the board in an image already in memory (`play`'s capture of the practice window),
/// named `name` in messages, with the game it shows.
pub fn board_from_pixels(
    name: &str,
    image: &DynamicImage,
    reader: &TileReader,
) -> Result<(Board, Game), Failure> {
    let reading = vision::read_image(image, reader)
        .map_err(|e| Failure::from(anyhow::Error::new(e).context(name.to_string())))?;
    let (board, doubts) = fixed_board(&reading, &[])?;
    warn_doubts(name, &doubts, &board, reading.game.game);
    warn_mark_doubts(name, &reading.mark_doubts);
    warn_board(name, &reading);
    Ok((board, reading.game.game))
}

/// The embedded recognition model (exit code 1 when it cannot be loaded).
pub fn embedded_reader() -> Result<TileReader, Failure> {
    load_reader(None)
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

/// Runs `wordsnap read`.
pub fn run_read(args: ReadArgs) -> CliResult {
    let images = ImageArg::all(&args.images, args.clipboard);
    let several = images.len() > 1;
    if several && !args.fix.is_empty() {
        return Err(Failure::bad_input(anyhow!(
            "--fix applies to one screenshot: give one image"
        )));
    }
    if !several {
        // The model loads on the other core while the image decodes.
        let started = Instant::now();
        let (reader, image) =
            rayon::join(|| load_reader(Some(&args.model)), || load_image(&images[0]));
        let reader = reader?;
        return report_one(
            &args,
            &images[0],
            image?,
            started,
            &reader,
            args.debug.clone(),
        );
    }
    let reader = load_reader(Some(&args.model))?;
    each_image(&images, args.json, |source| {
        let debug = args.debug.as_ref().map(|dir| dir.join(source.folder()));
        read_one(&args, source, &reader, debug)
    })
}

/// Runs `one` on each image in turn (a blank line between text reports). A failure is reported
/// on stderr and the other images are still done; the result is then a runtime failure naming
/// how many failed. A failed write to stdout stops at once.
pub(super) fn each_image(
    images: &[ImageArg],
    json: bool,
    mut one: impl FnMut(&ImageArg) -> CliResult,
) -> CliResult {
    let mut failed = 0;
    for (i, source) in images.iter().enumerate() {
        if i > 0 && !json {
            let mut out = super::output::stdout();
            writeln!(out)?;
            out.flush()?;
        }
        match one(source) {
            Ok(()) => {}
            Err(failure) if super::output::is_output_failure(&failure) => return Err(failure),
            Err(failure) => {
                failed += 1;
                crate::warning!("wordsnap: error: {:#}", failure.error);
            }
        }
    }
    if failed > 0 {
        return Err(Failure::runtime(anyhow!(
            "{failed} of {} images failed",
            images.len()
        )));
    }
    Ok(())
}

/// Reads one image and writes its report (with an `image:` header when there are several);
/// errors name the image.
fn read_one(
    args: &ReadArgs,
    source: &ImageArg,
    reader: &TileReader,
    debug: Option<PathBuf>,
) -> CliResult {
    let started = Instant::now();
    let image = load_image(source)?;
    report_one(args, source, image, started, reader, debug)
}

/// Reads the image `source` decoded to `image` (since `started`) and writes its report, as
/// [`read_one`] does.
fn report_one(
    args: &ReadArgs,
    source: &ImageArg,
    image: DynamicImage,
    started: Instant,
    reader: &TileReader,
    debug: Option<PathBuf>,
) -> CliResult {
    let reading = read_decoded(source, &image, reader)?;
    let elapsed = started.elapsed().as_secs_f64() * 1e3;
    let name = source.name();
    if let Some(dir) = &debug {
        vision::write_debug(dir, &image, &reading, reader).map_err(|e| {
            Failure::runtime(anyhow!(
                "{name}: cannot write debug output to {}: {e}",
                dir.display()
            ))
        })?;
    }
    let mut out = super::output::stdout();
    if args.json {
        let mut json = reading_json(&reading);
        json["image"] = json!(name);
        writeln!(out, "{json}")?;
        out.flush()?;
        return Ok(());
    }
    let (board, doubts) = fixed_board(&reading, &args.fix)?;
    let game = reading.game.game;
    if args.images.len() > 1 {
        writeln!(out, "image: {name}")?;
    }
    writeln!(out, "board: {}", board.to_text())?;
    writeln!(out, "game: {}", reading.game)?;
    write!(out, "{}", grid_view(&reading))?;
    let g = &reading.grid;
    writeln!(
        out,
        "\n{}x{} grid at x={} y={} ({}x{} px), read in {elapsed:.0} ms",
        reading.board.rows, reading.board.cols, g.x, g.y, g.width, g.height
    )?;
    if reading.turned != vision::Turn::None {
        writeln!(
            out,
            "the image's letters lay on their side or upside down: read {} (rows and columns as \
             the board stands upright)",
            reading.turned
        )?;
    }
    out.flush()?;
    warn_doubts(&name, &doubts, &board, game);
    warn_mark_doubts(&name, &reading.mark_doubts);
    warn_board(&name, &reading);
    Ok(())
}

/// The reading as the JSON the `read --json` contract names.
pub fn reading_json(reading: &BoardReading) -> serde_json::Value {
    let mut v = json!({
        "rows": reading.board.rows,
        "cols": reading.board.cols,
        "tiles": reading.board.tiles,
        "confidence": rounded(&reading.confidence),
        "alternatives": alternatives_json(&reading.alternatives),
        "grid": {"x": reading.grid.x, "y": reading.grid.y, "width": reading.grid.width, "height": reading.grid.height},
        "game": {"name": reading.game.game, "reason": reading.game.reason, "certain": reading.game.certain},
    });
    if reading.turned != vision::Turn::None {
        v["turned"] = json!(reading.turned.degrees());
    }
    if !reading.short_sides.is_empty() {
        v["short_sides"] = short_sides_json(&reading.short_sides);
    }
    if reading.not_square() {
        v["not_square"] = json!(true);
    }
    if reading.unfamiliar_print {
        v["unfamiliar_print"] = json!(true);
    }
    if let Some(unowned) = &reading.game.unowned {
        // Letterpress: rows of true (no player owns the tile) and false, like "tiles".
        let cols = reading.board.cols.max(1);
        v["unowned"] = json!(unowned.chunks(cols).collect::<Vec<_>>());
    }
    if let Some(values) = &reading.board.values {
        v["values"] = json!(values);
        v["value_confidence"] = json!(rounded(&reading.value_confidence));
    }
    if let Some(bonuses) = &reading.board.bonuses {
        v["bonuses"] = json!(bonuses);
        v["bonus_confidence"] = json!(rounded(&reading.bonus_confidence));
    }
    if !reading.mark_doubts.is_empty() {
        v["unreadable_marks"] = reading
            .mark_doubts
            .iter()
            .map(|d| {
                json!({
                    "row": d.row,
                    "col": d.col,
                    "kind": match d.kind {
                        vision::MarkKind::Value => "value",
                        vision::MarkKind::Badge => "badge",
                    },
                    "choices": d.choices.iter().map(|(t, p)| json!({"text": t, "probability": p})).collect::<Vec<_>>(),
                })
            })
            .collect();
    }
    v
}

/// The sides where the board may be a line short: `[{"side", "cut_by_image_edge"}]`.
fn short_sides_json(sides: &[vision::ShortSide]) -> serde_json::Value {
    sides
        .iter()
        .map(|s| json!({"side": s.side.name(), "cut_by_image_edge": s.cut_by_image_edge}))
        .collect()
}

/// Alternatives less probable than this are the model's noise, left out of the JSON.
const ALTERNATIVE_AT_LEAST: f32 = 0.01;

/// Each tile's other readings, row by row: `[{"text", "probability"}]`, most probable first,
/// those of at least [`ALTERNATIVE_AT_LEAST`] (empty where the model saw nothing else).
fn alternatives_json(alternatives: &[Vec<Vec<(String, f32)>>]) -> serde_json::Value {
    let tile_json = |tile: &Vec<(String, f32)>| {
        tile.iter()
            .filter(|(_, p)| *p >= ALTERNATIVE_AT_LEAST)
            .map(|(t, p)| json!({"text": t, "probability": round3(*p)}))
            .collect::<Vec<_>>()
    };
    alternatives
        .iter()
        .map(|row| row.iter().map(tile_json).collect::<Vec<_>>())
        .collect()
}

/// Confidences rounded to three decimals, row by row.
fn rounded(rows: &[Vec<f32>]) -> Vec<Vec<f32>> {
    rows.iter()
        .map(|row| row.iter().map(|c| (c * 1000.0).round() / 1000.0).collect())
        .collect()
}

/// A probability rounded to three decimals (in f64, so that JSON prints it as such).
fn round3(p: f32) -> f64 {
    (f64::from(p) * 1000.0).round() / 1000.0
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

/// Runs `wordsnap eval`.
pub fn run_eval(args: EvalArgs) -> CliResult {
    let images = eval::images_with_truth(&args.dir)
        .map_err(|e| Failure::bad_input(anyhow!("cannot read {}: {e}", args.dir.display())))?;
    if images.is_empty() {
        return Err(Failure::bad_input(anyhow!(
            "{}: no images with a ground-truth .json beside them",
            args.dir.display()
        )));
    }
    let reader = load_reader(Some(&args.model))?;
    let results: Vec<ImageScore> = images
        .iter()
        .map(|(img, truth)| eval::evaluate(img, truth, &reader))
        .collect();
    let totals = EvalTotals::of(&results);
    let mut out = super::output::stdout();
    if args.json {
        writeln!(out, "{}", eval_json(&results, &totals))?;
    } else {
        write!(out, "{}", eval_text(&results, &totals))?;
    }
    out.flush()?;
    if totals.fully_right == results.len() {
        Ok(())
    } else {
        Err(Failure {
            code: 1,
            error: anyhow!(
                "{} of {} images were not read fully right",
                results.len() - totals.fully_right,
                results.len()
            ),
        })
    }
}

/// The sums over every image of an eval run.
struct EvalTotals {
    images: usize,
    fully_right: usize,
    grids: usize,
    /// Boards read with rows and columns unlike the truth's (not refused): the worst read, a
    /// board the solver cannot use, whatever its tiles' confidence.
    wrong_shapes: usize,
    /// Of [`EvalTotals::wrong_shapes`], the boards the reader said may be a line short (see
    /// [`vision::BoardReading::short_sides`]).
    wrong_shapes_said_short: usize,
    /// Boards read with the right rows and columns that the reader said may be a line short: a
    /// warning the user need not have had.
    needless_short_warnings: usize,
    /// Boards the reader said are printed in a typeface it was not trained on (see
    /// [`vision::BoardReading::unfamiliar_print`]): every letter and value doubted.
    unfamiliar_prints: usize,
    /// Images not read at all (no board found, or a ground truth that could not be read).
    unread: usize,
    tiles: Tally,
    values: Tally,
    bonuses: Tally,
    false_values: usize,
    false_bonuses: usize,
    missed_values: usize,
    missed_bonuses: usize,
    silent_values: usize,
    silent_bonuses: usize,
    needless_values: usize,
    needless_bonuses: usize,
    bands: Vec<eval::Band>,
    confidently_wrong: [usize; 3],
    /// Games recognised right, of the images whose file name names the game.
    games: Tally,
    ms_per_image: f64,
}

impl EvalTotals {
    fn of(results: &[ImageScore]) -> EvalTotals {
        let tally =
            |f: fn(&ImageScore) -> Tally| results.iter().map(f).fold(Tally::default(), Tally::plus);
        let count = |f: fn(&ImageScore) -> usize| results.iter().map(f).sum::<usize>();
        let reads = results.iter().flat_map(|r| &r.reads);
        EvalTotals {
            images: results.len(),
            fully_right: results.iter().filter(|r| r.all_right()).count(),
            grids: results.iter().filter(|r| r.grid_right).count(),
            wrong_shapes: results
                .iter()
                .filter(|r| r.error.is_none() && !r.grid_right)
                .count(),
            wrong_shapes_said_short: results
                .iter()
                .filter(|r| r.error.is_none() && !r.grid_right && r.said_misshapen())
                .count(),
            needless_short_warnings: results
                .iter()
                .filter(|r| r.grid_right && r.said_misshapen())
                .count(),
            unfamiliar_prints: results.iter().filter(|r| r.unfamiliar_print).count(),
            unread: results.iter().filter(|r| r.error.is_some()).count(),
            tiles: tally(|r| r.tiles),
            values: tally(|r| r.values),
            bonuses: tally(|r| r.bonuses),
            false_values: count(|r| r.false_values),
            false_bonuses: count(|r| r.false_bonuses),
            missed_values: count(|r| r.missed_values),
            missed_bonuses: count(|r| r.missed_bonuses),
            silent_values: count(|r| r.silent_values),
            silent_bonuses: count(|r| r.silent_bonuses),
            needless_values: count(|r| r.needless_values),
            needless_bonuses: count(|r| r.needless_bonuses),
            bands: eval::calibration(reads.clone()),
            confidently_wrong: eval::confidently_wrong(reads),
            games: results.iter().filter_map(ImageScore::game_right).fold(
                Tally::default(),
                |t, right| {
                    t.plus(Tally {
                        right: usize::from(right),
                        total: 1,
                    })
                },
            ),
            ms_per_image: results.iter().map(|r| r.ms).sum::<f64>() / results.len().max(1) as f64,
        }
    }
}

fn pair(t: Tally) -> serde_json::Value {
    json!([t.right, t.total])
}

/// `eval --json`: per image and totals, with calibration bands (`[right, total]` pairs).
fn eval_json(results: &[ImageScore], t: &EvalTotals) -> serde_json::Value {
    let per_image: Vec<_> = results
        .iter()
        .map(|r| {
            let wrong = eval::confidently_wrong(&r.reads);
            json!({"image": r.name, "ok": r.all_right(), "error": r.error, "grid": r.grid_right,
                   "tiles": pair(r.tiles), "values": pair(r.values), "bonuses": pair(r.bonuses),
                   "false_values": r.false_values, "false_bonuses": r.false_bonuses,
                   "missed_values": r.missed_values, "missed_bonuses": r.missed_bonuses,
                   "silent_values": r.silent_values, "silent_bonuses": r.silent_bonuses,
                   "needless_values": r.needless_values,
                   "needless_bonuses": r.needless_bonuses,
                   "confidently_wrong": wrong.iter().sum::<usize>(),
                   "mistakes": r.mistakes, "ms": r.ms,
                   "game": r.game.as_ref().map(|g| json!({"name": g.game, "reason": g.reason, "certain": g.certain})),
                   "expected_game": r.expected_game, "game_right": r.game_right(),
                   "short_sides": short_sides_json(&r.short_sides),
                   "not_square": r.not_square,
                   "unfamiliar_print": r.unfamiliar_print})
        })
        .collect();
    let bands: Vec<_> = t
        .bands
        .iter()
        .map(|b| {
            json!({"from": b.from, "to": b.to, "reads": b.all().total,
                   "wrong": b.all().total - b.all().right, "tiles": pair(b.tiles),
                   "values": pair(b.values), "bonuses": pair(b.badges)})
        })
        .collect();
    let [cw_tiles, cw_values, cw_badges] = t.confidently_wrong;
    json!({"images": per_image, "totals": {"images": t.images, "fully_right": t.fully_right,
           "grids": t.grids, "wrong_shapes": t.wrong_shapes,
           "wrong_shapes_said_short": t.wrong_shapes_said_short,
           "needless_short_warnings": t.needless_short_warnings,
           "unfamiliar_prints": t.unfamiliar_prints, "unread": t.unread,
           "tiles": pair(t.tiles), "values": pair(t.values),
           "bonuses": pair(t.bonuses), "false_values": t.false_values,
           "false_bonuses": t.false_bonuses, "missed_values": t.missed_values,
           "missed_bonuses": t.missed_bonuses, "silent_values": t.silent_values,
           "silent_bonuses": t.silent_bonuses, "needless_values": t.needless_values,
           "needless_bonuses": t.needless_bonuses, "calibration": bands,
           "confidently_wrong": cw_tiles + cw_values + cw_badges,
           "confidently_wrong_by_kind": {"tiles": cw_tiles, "values": cw_values, "bonuses": cw_badges},
           "confident_at": eval::CONFIDENT, "ms_per_image": t.ms_per_image,
           "games": pair(t.games)}})
}

/// `eval` as text: one line per image with its mistakes, the totals, then the calibration table.
fn eval_text(results: &[ImageScore], t: &EvalTotals) -> String {
    let mut out = String::new();
    for r in results {
        let status = if r.all_right() { "ok  " } else { "FAIL" };
        let detail = match &r.error {
            Some(e) => e.clone(),
            None => {
                let mut d = format!(
                    "tiles {}/{}, values {}/{}, bonuses {}/{}",
                    r.tiles.right,
                    r.tiles.total,
                    r.values.right,
                    r.values.total,
                    r.bonuses.right,
                    r.bonuses.total
                );
                if r.false_values + r.false_bonuses > 0 {
                    d.push_str(&format!(
                        ", false values {}, false badges {}",
                        r.false_values, r.false_bonuses
                    ));
                }
                d
            }
        };
        out.push_str(&format!(
            "{status} {:<60} {detail}  ({:.0} ms)\n",
            r.name, r.ms
        ));
        if let Some(game) = &r.game {
            let check = match (r.game_right(), r.expected_game) {
                (Some(true), _) => "right".to_string(),
                (Some(false), Some(expected)) => format!("WRONG, expected {expected}"),
                _ => "not checked: the file name names no game".to_string(),
            };
            out.push_str(&format!("       game: {game} [{check}]\n"));
        }
        for m in &r.mistakes {
            out.push_str(&format!("       {m}\n"));
        }
    }
    // "3/4 (75.0%)", or "none" when the ground truth has nothing of that kind to check.
    let share = |x: Tally| {
        if x.total == 0 {
            "none".to_string()
        } else {
            format!("{}/{} ({:.1}%)", x.right, x.total, x.percent())
        }
    };
    out.push_str(&format!(
        "\n{}/{} images fully right, grids {}/{}, tiles {}, values {}, bonuses {}, {:.0} ms per image\n",
        t.fully_right,
        t.images,
        t.grids,
        t.images,
        share(t.tiles),
        share(t.values),
        share(t.bonuses),
        t.ms_per_image
    ));
    out.push_str(&format!(
        "boards read with rows and columns unlike the truth's: {} (said to be a line short, or \
         not square: {}); not read (no board found, or no ground truth): {}\n",
        t.wrong_shapes, t.wrong_shapes_said_short, t.unread
    ));
    out.push_str(&format!(
        "needless warnings that the board may be a line short or not square (rows and columns \
         right): {}\n",
        t.needless_short_warnings
    ));
    out.push_str(&format!(
        "boards said to be printed in a typeface the reader was not trained on (every letter \
         and value doubted): {}\n",
        t.unfamiliar_prints
    ));
    out.push_str(&format!(
        "games right {} (of the images whose file name names the game)\n",
        share(t.games)
    ));
    out.push_str(&format!(
        "false values {}, false badges {} (reported where the tile shows none); missed values {}, missed badges {} (in silence, not listed unreadable: {} values, {} badges)\n",
        t.false_values,
        t.false_bonuses,
        t.missed_values,
        t.missed_bonuses,
        t.silent_values,
        t.silent_bonuses
    ));
    out.push_str(&format!(
        "needless doubts: {} values, {} badges listed unreadable where the tile shows none\n",
        t.needless_values, t.needless_bonuses
    ));
    out.push_str("calibration (reads / wrong, by confidence):\n");
    out.push_str("  confidence      all         tiles       values      badges\n");
    for b in &t.bands {
        let cell = |x: Tally| format!("{:>5} / {:<4}", x.total, x.total - x.right);
        out.push_str(&format!(
            "  {:>3.0}-{:<3.0}%   {}  {}  {}  {}\n",
            b.from * 100.0,
            b.to * 100.0,
            cell(b.all()),
            cell(b.tiles),
            cell(b.values),
            cell(b.badges)
        ));
    }
    let [cw_tiles, cw_values, cw_badges] = t.confidently_wrong;
    out.push_str(&format!(
        "confidently wrong (wrong at >= {:.0}%): {} (tiles {cw_tiles}, values {cw_values}, badges {cw_badges})\n",
        eval::CONFIDENT * 100.0,
        cw_tiles + cw_values + cw_badges
    ));
    out
}
