//! The replayer: finds the practice board window, plans a drag for each solved word and performs
//! it with the `enigo` crate (`mouse`), checking after every word that the board registered it.
//! Finding the window and watching the pointer and keyboard use x11rb directly ([`x11`]).
//!
//! Safety: it refuses to run without a practice window, never presses outside the board (every
//! planned point is checked against the board's rectangle on screen, and the pointer must be over
//! the practice window), and stops at once, releasing the button, when Escape is held, the mouse
//! is moved away from the planned path, or the window closes or changes board. The button is
//! released on every way out, errors and panics included (`mouse::Mouse` lets go when dropped).

pub(crate) mod mouse;
pub mod plan;
pub mod x11;

use crate::board::{Board, Tile};
use crate::dict::Dictionary;
use crate::render::{Layout, Rect};
use crate::score::Game;
use crate::solve::{FoundWord, SolveOptions, solve};
use anyhow::{Context, anyhow, bail};
use mouse::Mouse;
use plan::{Action, Order, Timing, WordPlan};
use std::time::{Duration, Instant};
use x11::{Display, PracticeWindow};

/// How far (pixels) the pointer may be from where the replayer put it before it counts as the
/// user moving the mouse.
const MOVE_TOLERANCE: f32 = 4.0;
/// How long to wait for the board to register a word.
const ACK_TIMEOUT: Duration = Duration::from_secs(3);

/// What to replay and how.
#[derive(Debug, Clone)]
pub struct ReplayOptions {
    /// The board to solve; None takes the board the practice window shows.
    pub board: Option<Board>,
    /// The game; None takes the practice window's.
    pub game: Option<Game>,
    /// At most this many words.
    pub limit: Option<usize>,
    /// Order of the words.
    pub order: Order,
    /// Pace multiplier.
    pub speed: f64,
    /// Print the plan, move nothing.
    pub dry_run: bool,
    /// How long to wait for the practice window to appear.
    pub wait: Duration,
    /// Only words at least this certain (see [`DEFAULT_MIN_CERTAINTY`]).
    pub min_certainty: f64,
}

/// The certainty a word needs by default to be dragged: on a board read with doubtful tiles, a
/// word is dragged when the readings it assumes are more likely right than wrong.
pub const DEFAULT_MIN_CERTAINTY: f64 = 0.5;

/// What a replay did.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Words planned.
    pub planned: usize,
    /// Words the board registered.
    pub registered: usize,
    /// Words the board accepted.
    pub accepted: usize,
    /// Their total score.
    pub score: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// How long the planned drags take (a dry run).
    pub planned_drags: Duration,
}

/// What the replayer tells its caller as it goes. The library never prints: the caller shows these
/// (the CLI prints a line for each).
#[derive(Debug)]
pub enum Event<'a> {
    /// A dry run found no practice window: the plan's coordinates are for a grid of 100-pixel
    /// tiles at (0, 0) of the screen.
    NoWindow,
    /// A dry run planned this word's drag (see [`describe`]).
    Planned(&'a WordPlan),
    /// A word was dragged, and the board accepted it or not.
    Dragged {
        /// The word and its path.
        word: &'a FoundWord,
        /// Whether the board accepted it.
        accepted: bool,
    },
}

/// Set by Ctrl-C during a replay: the replayer stops at its next step and releases the button
/// (killed outright by SIGINT, the process would leave the X server's button held).
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Turns Ctrl-C into a request to stop (once per process; later calls change nothing).
fn catch_interrupt() {
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst));
}

/// Fails when Ctrl-C was pressed.
fn check_interrupt() -> anyhow::Result<()> {
    if INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst) {
        bail!("stopped: interrupted (Ctrl-C)");
    }
    Ok(())
}

/// Replays solved words on the open practice board (or, with `dry_run`, plans them and moves
/// nothing), telling `on_event` about each word as it goes.
pub fn run(options: &ReplayOptions, on_event: &mut dyn FnMut(Event)) -> anyhow::Result<Report> {
    if options.dry_run {
        return dry_run(Display::open().ok().as_ref(), options, on_event);
    }
    let display = Display::open()?;
    display.check_xtest()?;
    catch_interrupt();
    let window = display.wait_for_practice(options.wait)?;
    let (board, game) = board_and_game(options, &window)?;
    let words = choose_words(&board, game, options);
    let mut replayer = Replayer::new(&display, window.id, &window.announcement, options.speed)?;
    let started = Instant::now();
    let mut report = Report {
        planned: words.len(),
        ..Report::default()
    };
    for word in &words {
        let accepted = replayer.word(word)?;
        report.registered += 1;
        if accepted {
            report.accepted += 1;
            report.score += u64::from(word.score);
        }
        on_event(Event::Dragged { word, accepted });
    }
    report.elapsed = started.elapsed();
    Ok(report)
}

/// The board and game to solve: given ones, else the window's.
fn board_and_game(
    options: &ReplayOptions,
    window: &PracticeWindow,
) -> anyhow::Result<(Board, Game)> {
    let a = &window.announcement;
    let shown = Board::from_json(&a.board).context("the practice window's board")?;
    let board = match &options.board {
        Some(given) => check_same_board(given, &shown)?,
        None => shown,
    };
    if (board.rows(), board.cols()) != (a.layout.rows, a.layout.cols) {
        bail!(
            "the practice window's layout has {}x{} tiles but its board has {}x{}",
            a.layout.rows,
            a.layout.cols,
            board.rows(),
            board.cols()
        );
    }
    let shown_game = a.game.parse::<Game>().unwrap_or(Game::Boggle);
    Ok((board, options.game.unwrap_or(shown_game)))
}

/// Why a replay refused to start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The board to replay is not the board the practice window shows: its drags would spell
    /// other words.
    #[error(
        "the board to replay ({given}) is not the board the practice window shows ({shown}); \
         leave out --board to replay the window's board"
    )]
    BoardMismatch {
        /// The board given, as board text.
        given: String,
        /// The board the window shows, as board text.
        shown: String,
    },
}

/// The window's board (with the printed values it scores with), when the board given has the
/// same tiles; else [`ReplayError::BoardMismatch`].
pub fn check_same_board(given: &Board, shown: &Board) -> Result<Board, ReplayError> {
    // A doubtful tile matches any of its readings, a wildcard any tile but a hole.
    let matches = |g: &Tile, s: &Tile| match g {
        Tile::Doubtful(readings) => readings.iter().any(|r| r.tile == *s),
        Tile::Wildcard => !s.is_hole(),
        _ => g == s,
    };
    let same = (given.rows(), given.cols()) == (shown.rows(), shown.cols())
        && given
            .tiles()
            .iter()
            .zip(shown.tiles())
            .all(|(g, s)| matches(g, s));
    if !same {
        return Err(ReplayError::BoardMismatch {
            given: given.to_text(),
            shown: shown.to_text(),
        });
    }
    Ok(shown.clone())
}

/// Solves the board and picks the words to replay.
pub fn choose_words(board: &Board, game: Game, options: &ReplayOptions) -> Vec<FoundWord> {
    let mut solution = solve(board, &Dictionary::english(), &SolveOptions::new(game));
    solution.keep_certain(options.min_certainty);
    plan::choose(&solution.words, options.limit, options.order, (0.0, 0.0))
}

fn dry_run(
    display: Option<&Display>,
    options: &ReplayOptions,
    on_event: &mut dyn FnMut(Event),
) -> anyhow::Result<Report> {
    let window = match display {
        Some(d) => d.find_practice()?.into_iter().next().map(|w| (d, w)),
        None => None,
    };
    let (board, game, layout, origin) = match &window {
        Some((display, w)) => {
            let (board, game) = board_and_game(options, w)?;
            (board, game, w.announcement.layout, display.origin(w.id)?)
        }
        None => {
            let board = options
                .board
                .clone()
                .ok_or_else(|| anyhow!("no practice board window found and no --board given"))?;
            on_event(Event::NoWindow);
            let layout = Layout::fit(
                board.rows(),
                board.cols(),
                Rect::new(0.0, 0.0, 1e4, 1e4),
                0.0,
            );
            let layout = Layout {
                pitch: 100.0,
                x: 0.0,
                y: 0.0,
                ..layout
            };
            (board, options.game.unwrap_or(Game::Boggle), layout, (0, 0))
        }
    };
    let words = choose_words(&board, game, options);
    let timing = Timing::new(options.speed);
    let mut total = Duration::ZERO;
    for w in &words {
        let p = plan::plan_word(w, screen_centre(&layout, origin), &timing);
        total += plan::duration(&p);
        on_event(Event::Planned(&p));
    }
    Ok(Report {
        planned: words.len(),
        planned_drags: total,
        ..Report::default()
    })
}

/// One word's drag plan as text: the word, its score and tiles, then the pointer's moves.
pub fn describe(p: &WordPlan) -> String {
    let tiles: Vec<String> = p.path.iter().map(|(r, c)| format!("({r},{c})")).collect();
    let points: Vec<String> = p
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::MoveTo(x, y) => Some(format!("{x},{y}")),
            Action::Press => Some("press".into()),
            Action::Release => Some("release".into()),
            Action::Pause(_) => None,
        })
        .collect();
    format!(
        "{} ({}): {}\n  {}",
        p.word,
        p.score,
        tiles.join(" "),
        points.join(" ")
    )
}

/// Maps a tile to its centre on screen.
fn screen_centre(layout: &Layout, origin: (i32, i32)) -> impl Fn((usize, usize)) -> (f32, f32) {
    let layout = *layout;
    move |(r, c)| {
        let (x, y) = layout.centre(r * layout.cols + c);
        (x + origin.0 as f32, y + origin.1 as f32)
    }
}

/// Performs plans on one window.
struct Replayer<'d> {
    display: &'d Display,
    mouse: Mouse,
    window: u32,
    top: u32,
    board_number: u64,
    timing: Timing,
    last: Option<(i32, i32)>,
    prev: Option<(i32, i32)>,
}

impl<'d> Replayer<'d> {
    fn new(
        display: &'d Display,
        window: u32,
        announcement: &crate::practice::publish::Announcement,
        speed: f64,
    ) -> anyhow::Result<Replayer<'d>> {
        if display.pointer()?.button_held {
            bail!("a mouse button is held down: release it and try again");
        }
        Ok(Replayer {
            display,
            mouse: Mouse::open()?,
            window,
            top: display.top_level(window)?,
            board_number: announcement.board_number,
            timing: Timing::new(speed),
            last: None,
            prev: None,
        })
    }

    /// Drags one word and waits for the board to judge it; returns whether it was accepted.
    fn word(&mut self, word: &FoundWord) -> anyhow::Result<bool> {
        let a = self.display.announcement(self.window)?;
        if a.over {
            bail!("the round is over (time is up)");
        }
        if a.board_number != self.board_number {
            bail!("the practice window shows a new board; stopping");
        }
        let origin = self.display.origin(self.window)?;
        let bounds = self.board_on_screen(&a.layout, origin)?;
        let plan = plan::plan_word(word, screen_centre(&a.layout, origin), &self.timing);
        plan::check_inside(&plan, bounds).map_err(|e| anyhow!("refusing to drag: {e}"))?;
        let result = self.perform(&plan, bounds);
        // Let go before anything else whatever happened (dropping the mouse would too).
        let released = self.mouse.release();
        let result = result.and(released);
        let judged = result.and_then(|()| self.wait_for_judgement(a.submissions, &word.word));
        match judged {
            // A failure because the window went away reads best as just that.
            Err(_) if self.display.announcement(self.window).is_err() => {
                bail!("the practice board window closed; stopped")
            }
            other => other,
        }
    }

    /// The board's rectangle on screen, which must lie inside the window and the screen.
    fn board_on_screen(&self, layout: &Layout, origin: (i32, i32)) -> anyhow::Result<Rect> {
        let b = layout.bounds();
        let bounds = Rect::new(b.x + origin.0 as f32, b.y + origin.1 as f32, b.w, b.h);
        let win = self.display.window_rect(self.window)?;
        let (sw, sh) = self.display.size();
        let screen = Rect::new(0.0, 0.0, f32::from(sw), f32::from(sh));
        for r in [win, screen] {
            let inside = r.contains(bounds.x, bounds.y)
                && r.contains(bounds.x + bounds.w, bounds.y + bounds.h);
            if !inside {
                bail!("the practice board is partly off screen: move it fully into view");
            }
        }
        Ok(bounds)
    }

    fn perform(&mut self, plan: &WordPlan, bounds: Rect) -> anyhow::Result<()> {
        for action in &plan.actions {
            match *action {
                Action::MoveTo(x, y) => self.move_to(x, y)?,
                Action::Press => self.press(bounds)?,
                Action::Release => {
                    self.check_user()?;
                    self.mouse.release()?;
                }
                Action::Pause(d) => self.pause(d)?,
            }
        }
        Ok(())
    }

    /// Waits, watching for Escape every couple of milliseconds so a short tap is not missed.
    fn pause(&self, d: Duration) -> anyhow::Result<()> {
        let end = Instant::now() + d;
        loop {
            check_interrupt()?;
            if self.display.escape_down()? {
                bail!("stopped: Escape pressed");
            }
            let now = Instant::now();
            if now >= end {
                return Ok(());
            }
            std::thread::sleep((end - now).min(Duration::from_millis(2)));
        }
    }

    fn move_to(&mut self, x: i32, y: i32) -> anyhow::Result<()> {
        self.check_user()?;
        self.mouse.move_to(x, y)?;
        self.prev = self.last.or(Some((x, y)));
        self.last = Some((x, y));
        Ok(())
    }

    fn press(&mut self, bounds: Rect) -> anyhow::Result<()> {
        self.display.sync()?;
        let p = self.display.pointer()?;
        // Not where the move before put it: the user took the mouse.
        if let Some(last) = self.last
            && distance_to_segment((p.x, p.y), last, last) > MOVE_TOLERANCE
        {
            bail!("stopped: the mouse was moved away from the planned path");
        }
        if !bounds.contains(p.x as f32, p.y as f32) {
            bail!("refusing to press at ({}, {}): outside the board", p.x, p.y);
        }
        if p.over != self.top {
            bail!("another window covers the practice board: refusing to press");
        }
        self.mouse.press()
    }

    /// Stops when Escape is held or the pointer is not where the replayer put it.
    fn check_user(&self) -> anyhow::Result<()> {
        check_interrupt()?;
        if self.display.escape_down()? {
            bail!("stopped: Escape pressed");
        }
        let (Some(last), Some(prev)) = (self.last, self.prev) else {
            return Ok(());
        };
        let p = self.display.pointer()?;
        if distance_to_segment((p.x, p.y), prev, last) > MOVE_TOLERANCE {
            bail!("stopped: the mouse was moved away from the planned path");
        }
        Ok(())
    }

    fn wait_for_judgement(&self, before: u64, word: &str) -> anyhow::Result<bool> {
        let deadline = Instant::now() + ACK_TIMEOUT;
        loop {
            let a = self.display.announcement(self.window)?;
            if a.submissions > before {
                return Ok(a.last.is_some_and(|l| l.accepted));
            }
            if Instant::now() > deadline {
                bail!("the practice board did not register '{word}' within {ACK_TIMEOUT:?}");
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

fn distance_to_segment(p: (i32, i32), a: (i32, i32), b: (i32, i32)) -> f32 {
    let (px, py) = (p.0 as f32, p.1 as f32);
    let (ax, ay, bx, by) = (a.0 as f32, a.1 as f32, b.0 as f32, b.1 as f32);
    let (dx, dy) = (bx - ax, by - ay);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((px - ax) * dx + (py - ay) * dy) / len2).clamp(0.0, 1.0)
    };
    ((px - ax - t * dx).powi(2) + (py - ay - t * dy).powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_other_than_the_windows_is_refused() {
        let shown = Board::parse("abcd efgh ijkl mnop").unwrap();
        let same = Board::parse("ABCDEFGHIJKLMNOP").unwrap();
        assert_eq!(check_same_board(&same, &shown), Ok(shown.clone()));
        let other = Board::parse("abcd efgh ijkl mnoq").unwrap();
        let err = check_same_board(&other, &shown).unwrap_err().to_string();
        assert!(
            err.contains("abcd efgh ijkl mnoq") && err.contains("abcd efgh ijkl mnop"),
            "{err}"
        );
        let smaller = Board::parse("abc def ghi").unwrap();
        assert!(check_same_board(&smaller, &shown).is_err());
    }

    #[test]
    fn distance_to_a_segment() {
        assert_eq!(distance_to_segment((5, 3), (0, 0), (10, 0)), 3.0);
        assert_eq!(distance_to_segment((13, 4), (0, 0), (10, 0)), 5.0);
        assert_eq!(distance_to_segment((3, 4), (0, 0), (0, 0)), 5.0);
    }

    #[test]
    fn tile_centres_map_to_the_screen() {
        let layout = Layout {
            x: 10.0,
            y: 20.0,
            pitch: 100.0,
            rows: 4,
            cols: 4,
        };
        let f = screen_centre(&layout, (1000, 500));
        assert_eq!(f((0, 0)), (1060.0, 570.0));
        assert_eq!(f((3, 1)), (1160.0, 870.0));
    }
}
