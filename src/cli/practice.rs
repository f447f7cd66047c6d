//! `practice`, `render`, `replay` and `play`: the practice board window, drawing a board to a
//! PNG, and replaying solved words on the window with the mouse.

use super::choices::{GameArg, OrderArg, StyleArg, style_value_name};
use super::{CliResult, Failure, FlagError};
use crate::board::Board;
use crate::practice::{self, PracticeOptions};
use crate::render::{self, Style};
use crate::replay::{self, ReplayOptions, x11::Display};
use crate::score::Game;
use anyhow::{Context, anyhow};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `wordsnap practice`.
#[derive(Debug, clap::Args)]
#[command(after_help = super::solve::BOARD_SYNTAX_HELP)]
pub struct PracticeArgs {
    /// The board to play, as board text or JSON (default: a random board rolled from dice).
    #[arg(long, value_name = "TEXT", conflicts_with = "image")]
    pub board: Option<String>,
    /// Play the board read from a screenshot ('-': an image piped to stdin), by the rules of
    /// the game the screenshot shows.
    #[arg(long, value_name = "PATH")]
    pub image: Option<PathBuf>,
    /// The game: its rules score words, its dice roll random boards.
    #[arg(long, value_enum, default_value_t = GameArg::Boggle)]
    pub game: GameArg,
    /// Seed for random boards: the same seed rolls the same boards (default: random).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Round length in minutes, more than 0 and at most 1440 (default: untimed).
    #[arg(long, value_name = "M", value_parser = parse_minutes)]
    pub minutes: Option<f64>,
    /// Write one JSON line per submitted word:
    /// {"word","path":[[r,c],...],"accepted","score","t_ms","result"}.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// The look.
    #[arg(long, value_enum, default_value_t = StyleArg::Light)]
    pub style: StyleArg,
    /// Initial window size in pixels.
    #[arg(long, value_name = "WxH", default_value = "960x640", value_parser = parse_size)]
    pub size: (u32, u32),
}

/// Arguments of `wordsnap render`.
#[derive(Debug, clap::Args)]
#[command(after_help = super::solve::BOARD_SYNTAX_HELP)]
pub struct RenderArgs {
    /// The board to draw, as board text or JSON (default: a random board rolled from dice).
    #[arg(long, value_name = "TEXT")]
    pub board: Option<String>,
    /// The PNG file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The look.
    #[arg(long, value_enum, default_value_t = StyleArg::Light)]
    pub style: StyleArg,
    /// Image size in pixels.
    #[arg(long, value_name = "WxH", default_value = "600x600", value_parser = parse_size)]
    pub size: (u32, u32),
    /// The game (for a random board: its dice; wordament also prints letter values).
    #[arg(long, value_enum, default_value_t = GameArg::Boggle)]
    pub game: GameArg,
    /// Seed for a random board.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Print what was drawn as one JSON object:
    /// {"out","width","height","style","game","board"}.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `wordsnap replay`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Needs an open practice board (wordsnap practice) on an X11 display with the XTEST extension.
Safety: refuses to run without a practice window; never presses outside the board; stops at once,
releasing the button, when Escape is held or the mouse is moved away from the planned path.")]
pub struct ReplayArgs {
    /// Solve the board read from this screenshot ('-': an image piped to stdin) instead of
    /// the practice window's; replay checks that the window shows that board.
    #[arg(value_name = "IMAGE", conflicts_with = "board")]
    pub image: Option<PathBuf>,
    /// The board to solve (default: the board the practice window shows).
    #[arg(long, value_name = "TEXT")]
    pub board: Option<String>,
    /// The game (default: the practice window's).
    #[arg(long, value_enum)]
    pub game: Option<GameArg>,
    /// How many words, in which order, how fast.
    #[command(flatten)]
    pub pace: PaceArgs,
    /// Print the drag plan (tiles and screen points) without moving anything.
    #[arg(long)]
    pub dry_run: bool,
    /// Print one JSON object per line for each event, then a summary (see README: "JSON
    /// output of replay and play").
    #[arg(long)]
    pub json: bool,
}

/// The replay options `replay` and `play` share.
#[derive(Debug, clap::Args)]
pub struct PaceArgs {
    /// Replay at most N words.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Order of the words: score (best first), length (longest first) or travel (short mouse
    /// travel between words).
    #[arg(long, value_enum, default_value_t = OrderArg::Score)]
    pub order: OrderArg,
    /// Pace multiplier from 0.01 to 100: 2 drags twice as fast.
    #[arg(long, value_name = "X", default_value_t = 1.0, value_parser = parse_speed)]
    pub speed: f64,
    /// Seconds to wait for the practice window to appear, 0 to 3600.
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = parse_wait)]
    pub wait: f64,
    /// Drag only words at least this certain (0 to 1): on a board read with doubtful tiles, the
    /// probability that the tiles a word uses read as it assumes.
    #[arg(long, value_name = "X", default_value_t = replay::DEFAULT_MIN_CERTAINTY,
          value_parser = super::solve::parse_certainty)]
    pub min_certainty: f64,
}

/// Arguments of `wordsnap play`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Captures the practice window, reads the board from the capture (the same reader as
`wordsnap read`), solves it and replays the words. If the capture cannot be read, play says so
and takes the board the practice window announces in its X11 property.")]
pub struct PlayArgs {
    /// How many words, in which order, how fast.
    #[command(flatten)]
    pub pace: PaceArgs,
    /// Also save the captured window as a PNG.
    #[arg(long, value_name = "FILE")]
    pub capture: Option<PathBuf>,
    /// Print one JSON object per line for each word dragged, then a summary (as replay --json).
    #[arg(long)]
    pub json: bool,
}

/// The longest round `--minutes` accepts (a day).
pub const MAX_MINUTES: f64 = 1440.0;
/// The slowest and fastest `--speed`.
pub const SPEED_RANGE: (f64, f64) = (0.01, 100.0);
/// The longest `--wait` for the practice window, in seconds (an hour).
pub const MAX_WAIT_SECS: f64 = 3600.0;

/// Parses a number within `min..=max` (`min` itself excluded when `min_excluded`), or says
/// which range is allowed.
fn parse_within(
    text: &str,
    min: f64,
    min_excluded: bool,
    max: f64,
    unit: &'static str,
) -> Result<f64, FlagError> {
    let value: f64 = text.trim().parse().map_err(|_| FlagError::NotANumber {
        unit,
        got: text.escape_debug().to_string(),
    })?;
    let above_min = if min_excluded {
        value > min
    } else {
        value >= min
    };
    if !(above_min && value <= max) {
        return Err(FlagError::OutOfRange {
            min,
            min_excluded,
            max,
            unit,
        });
    }
    Ok(value)
}

/// Parses `--minutes`: more than 0, at most [`MAX_MINUTES`].
pub fn parse_minutes(text: &str) -> Result<f64, FlagError> {
    parse_within(text, 0.0, true, MAX_MINUTES, "minutes")
}

/// Parses `--speed`: within [`SPEED_RANGE`].
pub fn parse_speed(text: &str) -> Result<f64, FlagError> {
    parse_within(
        text,
        SPEED_RANGE.0,
        false,
        SPEED_RANGE.1,
        "(a pace multiplier)",
    )
}

/// Parses `--wait`: 0 to [`MAX_WAIT_SECS`] seconds.
pub fn parse_wait(text: &str) -> Result<f64, FlagError> {
    parse_within(text, 0.0, false, MAX_WAIT_SECS, "seconds")
}

/// The smallest and largest side of a window or rendered board `WxH` accepts, in pixels.
pub const WINDOW_SIDES: std::ops::RangeInclusive<u32> = 16..=8192;

/// Parses `WxH` (e.g. `960x640`), each side within [`WINDOW_SIDES`].
pub fn parse_size(text: &str) -> Result<(u32, u32), FlagError> {
    let bad = || FlagError::NotASize(text.to_string());
    let (w, h) = text
        .to_lowercase()
        .split_once('x')
        .map(|(w, h)| (w.trim().to_string(), h.trim().to_string()))
        .ok_or_else(bad)?;
    let (w, h) = (
        w.parse::<u32>().map_err(|_| bad())?,
        h.parse::<u32>().map_err(|_| bad())?,
    );
    if !WINDOW_SIDES.contains(&w) || !WINDOW_SIDES.contains(&h) {
        return Err(FlagError::SizeOutOfRange {
            width: w,
            height: h,
        });
    }
    Ok((w, h))
}

fn parse_board(text: &str) -> Result<Board, Failure> {
    Board::parse(text).map_err(|e| Failure::bad_input(anyhow!("bad board: {e}")))
}

/// The board asked for: typed, read from a screenshot, or rolled.
fn pick_board(
    text: Option<&str>,
    image: Option<&Path>,
    game: Game,
    seed: u64,
) -> Result<(Board, Game), Failure> {
    match (text, image) {
        (Some(text), _) => Ok((parse_board(text)?, game)),
        (None, Some(image)) => {
            let (board, detected) = super::read::board_from_image(image, None, &[])?;
            Ok((board, detected.unwrap_or(game)))
        }
        (None, None) => Ok((practice::random_board(game, seed), game)),
    }
}

fn random_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Runs `wordsnap practice`.
pub fn run_practice(args: PracticeArgs) -> CliResult {
    let seed = args.seed.unwrap_or_else(random_seed);
    let (board, game) = pick_board(
        args.board.as_deref(),
        args.image.as_deref(),
        args.game.into(),
        seed,
    )?;
    let options = PracticeOptions {
        board: practice::with_printed_values(board, game),
        game,
        seed,
        minutes: args.minutes,
        log: args.log,
        style: args.style.into(),
        size: args.size,
    };
    practice::run(options).map_err(Failure::runtime)
}

/// Runs `wordsnap render`.
pub fn run_render(args: RenderArgs) -> CliResult {
    let (board, game) = pick_board(args.board.as_deref(), None, args.game.into(), args.seed)?;
    let board = practice::with_printed_values(board, game);
    let (w, h) = args.size;
    let pixmap = render::render_board(&board, &Style::named(args.style.into()), w, h)
        .ok_or_else(|| Failure::bad_input(anyhow!("cannot draw a {w}x{h} image")))?;
    render::save_png(&pixmap, &args.out).map_err(Failure::runtime)?;
    if !args.json {
        crate::warning!(
            "wrote {} ({w}x{h}, {})",
            args.out.display(),
            board.to_text()
        );
        return Ok(());
    }
    let style = style_value_name(args.style);
    let report = json!({"out": args.out.display().to_string(), "width": w, "height": h,
                        "style": style, "game": game, "board": board.to_json()});
    let mut out = super::output::stdout();
    writeln!(out, "{report}")?;
    out.flush()?;
    Ok(())
}

/// Runs `wordsnap replay`.
pub fn run_replay(args: ReplayArgs) -> CliResult {
    let board = match (&args.board, &args.image) {
        (Some(text), _) => Some(parse_board(text)?),
        (None, Some(image)) => {
            Some(super::read::board_from_image(image, args.game.map(Game::from), &[])?.0)
        }
        (None, None) => None,
    };
    let options = replay_options(board, args.game.map(Game::from), &args.pace)?;
    let options = ReplayOptions {
        dry_run: args.dry_run,
        ..options
    };
    replay_and_report(&options, args.json)
}

fn replay_options(
    board: Option<Board>,
    game: Option<Game>,
    pace: &PaceArgs,
) -> Result<ReplayOptions, Failure> {
    let PaceArgs {
        limit,
        order,
        speed,
        wait,
        min_certainty,
    } = *pace;
    // The ranges were checked by clap (parse_speed, parse_wait).
    Ok(ReplayOptions {
        board,
        game,
        limit,
        order: order.into(),
        speed,
        dry_run: false,
        wait: Duration::try_from_secs_f64(wait).unwrap_or(Duration::ZERO),
        min_certainty,
    })
}

/// Replays with the options, printing each event on stdout (as text or JSON lines), then the
/// summary.
fn replay_and_report(options: &ReplayOptions, as_json: bool) -> CliResult {
    let mut out = super::output::stdout();
    let mut failed_write: Option<std::io::Error> = None;
    let result = replay::run(options, &mut |event| {
        if failed_write.is_none() {
            let printed = if as_json {
                writeln!(out, "{}", event_json(&event)).and_then(|()| out.flush())
            } else {
                print_event(&mut out, event)
            };
            failed_write = printed.err();
        }
    });
    if let Some(error) = failed_write {
        return Err(error.into());
    }
    if as_json {
        let report = result.map_err(Failure::from)?;
        writeln!(out, "{}", summary_json(&report, options.dry_run))?;
        out.flush()?;
        return Ok(());
    }
    finish(&mut out, result, options.dry_run)
}

fn cells_json(path: &[(usize, usize)]) -> serde_json::Value {
    path.iter().map(|&(r, c)| json!([r, c])).collect()
}

/// One replay event as JSON: `{"event":"no_window"}`,
/// `{"event":"planned","word","score","path","points"}` (the pointer's stops in screen pixels;
/// the button is pressed at the first and released at the last) or
/// `{"event":"dragged","word","score","path","accepted"}`.
fn event_json(event: &replay::Event) -> serde_json::Value {
    match event {
        replay::Event::NoWindow => json!({"event": "no_window"}),
        replay::Event::Planned(plan) => {
            let points: Vec<_> = plan
                .actions
                .iter()
                .filter_map(|a| match a {
                    replay::plan::Action::MoveTo(x, y) => Some(json!([x, y])),
                    _ => None,
                })
                .collect();
            json!({"event": "planned", "word": plan.word, "score": plan.score,
                   "path": cells_json(&plan.path), "points": points})
        }
        replay::Event::Dragged { word, accepted } => {
            json!({"event": "dragged", "word": word.word, "score": word.score,
                   "path": cells_json(&word.path), "accepted": accepted})
        }
    }
}

/// The last line of `replay --json` and `play --json`:
/// `{"event":"summary","dry_run","planned","registered","accepted","score","seconds","drag_seconds"}`.
fn summary_json(report: &replay::Report, dry_run: bool) -> serde_json::Value {
    json!({"event": "summary", "dry_run": dry_run, "planned": report.planned,
           "registered": report.registered, "accepted": report.accepted,
           "score": report.score, "seconds": report.elapsed.as_secs_f64(),
           "drag_seconds": report.planned_drags.as_secs_f64()})
}

/// Prints what the replayer reports: each word dragged, or each word's plan in a dry run.
fn print_event(out: &mut impl Write, event: replay::Event) -> std::io::Result<()> {
    match event {
        replay::Event::NoWindow => writeln!(
            out,
            "no practice board window found: coordinates are for a 100-pixel grid at (0, 0)"
        )?,
        replay::Event::Planned(plan) => writeln!(out, "{}", replay::describe(plan))?,
        replay::Event::Dragged { word, accepted } => {
            writeln!(
                out,
                "{:<16} {:>5}  {}",
                word.word,
                word.score,
                if accepted {
                    "accepted"
                } else {
                    "rejected by the board"
                }
            )?;
            // Each dragged word is shown as it happens.
            out.flush()?;
        }
    }
    Ok(())
}

fn finish(
    out: &mut impl Write,
    result: anyhow::Result<replay::Report>,
    dry_run: bool,
) -> CliResult {
    let report = result.map_err(Failure::from)?;
    if dry_run {
        writeln!(
            out,
            "{} words, about {:.1} s of drags",
            report.planned,
            report.planned_drags.as_secs_f64()
        )?;
        out.flush()?;
        return Ok(());
    }
    out.flush()?;
    if report.registered > 0 || report.planned == 0 {
        crate::warning!(
            "replayed {} of {} words: {} accepted, {} points, {:.1} s",
            report.registered,
            report.planned,
            report.accepted,
            report.score,
            report.elapsed.as_secs_f64()
        );
    }
    Ok(())
}

/// Runs `wordsnap play`.
pub fn run_play(args: PlayArgs) -> CliResult {
    let wait = Duration::try_from_secs_f64(args.pace.wait).unwrap_or(Duration::ZERO);
    let board = capture_and_read(wait, args.capture.as_deref())?;
    let options = replay_options(board, None, &args.pace)?;
    replay_and_report(&options, args.json)
}

/// How many times `play` captures the window before it gives up reading it: a window that has
/// just appeared may not have drawn its board yet.
const CAPTURE_ATTEMPTS: u32 = 5;
/// The wait between two captures.
const CAPTURE_RETRY: Duration = Duration::from_millis(300);

/// Captures the practice window and reads its board (in memory); None (take the window's own
/// board) when no capture can be read. With `save`, the last capture is also written there.
fn capture_and_read(wait: Duration, save: Option<&Path>) -> Result<Option<Board>, Failure> {
    let display = Display::open().map_err(Failure::runtime)?;
    let window = display.wait_for_practice(wait).map_err(Failure::runtime)?;
    let reader = super::read::embedded_reader()?;
    let mut attempt = 0;
    let (shot, read) = loop {
        attempt += 1;
        let rect = display.window_rect(window.id).map_err(Failure::runtime)?;
        let shot = image::DynamicImage::ImageRgb8(display.capture(rect).map_err(Failure::runtime)?);
        let read = super::read::board_from_pixels("the window capture", &shot, &reader);
        if read.is_ok() || attempt == CAPTURE_ATTEMPTS {
            break (shot, read);
        }
        std::thread::sleep(CAPTURE_RETRY);
    };
    if let Some(path) = save {
        shot.save(path)
            .with_context(|| format!("cannot write {}", path.display()))
            .map_err(Failure::runtime)?;
    }
    match read {
        Ok((board, _)) => Ok(Some(board)),
        Err(e) => {
            crate::warning!(
                "note: could not read the board from the screen ({:#}); using the board the \
                 practice window announces",
                e.error
            );
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("960x640"), Ok((960, 640)));
        assert!(parse_size("10X4000").is_err());
        assert!(parse_size("big").is_err());
        assert!(parse_size("0x0").is_err());
    }

    #[test]
    fn durations_and_speeds_stay_in_range() {
        assert_eq!(parse_wait("0"), Ok(0.0));
        assert_eq!(parse_wait("20"), Ok(20.0));
        for bad in ["1e20", "-1", "NaN", "inf", "soon"] {
            assert!(parse_wait(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_speed("0.2"), Ok(0.2));
        for bad in ["0", "1e-300", "1e300", "NaN"] {
            assert!(parse_speed(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_minutes("3"), Ok(3.0));
        for bad in ["0", "1e300", "-2", "inf"] {
            assert!(parse_minutes(bad).is_err(), "{bad}");
        }
    }
}
