//! The practice window: winit for the window and input, softbuffer to show pixels drawn with
//! tiny-skia by [`super::view`].

use super::PracticeOptions;
use super::drag::Drag;
use super::log::{Log, LogLine};
use super::publish::{self, Announcement, LastWord, Publisher};
use super::round::{Outcome, Round};
use super::view::{self, Areas, Overlay};
use crate::dict::Dictionary;
use crate::render::{Font, Mark, Style};
use anyhow::{Context, anyhow};
use std::num::NonZeroU32;
use std::rc::Rc;
use std::time::{Duration, Instant};
use tiny_skia::Pixmap;
use winit::application::ApplicationHandler;
use winit::dpi::{PhysicalPosition, PhysicalSize};
use winit::event::{ElementState, KeyEvent, MouseButton, StartCause, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{Key, NamedKey};
use winit::raw_window_handle::{HasWindowHandle, RawWindowHandle};
use winit::window::{Window, WindowId};

/// How long a judged word stays coloured on the board.
const FLASH: Duration = Duration::from_millis(700);

/// Opens the window and runs until it is closed.
pub(super) fn run(options: PracticeOptions) -> anyhow::Result<()> {
    let event_loop = EventLoop::new().map_err(|e| {
        anyhow!("cannot open a window: {e} (is DISPLAY set and an X server running?)")
    })?;
    let log = match &options.log {
        Some(path) => Some(Log::create(path)?),
        None => None,
    };
    let dict = Dictionary::english();
    let round = Round::new(options.board.clone(), options.game, &dict, options.limit());
    let mut app = App {
        style: Style::named(options.style),
        options,
        dict,
        round,
        log,
        gfx: None,
        publisher: None,
        font: Font::bundled(),
        cursor: (0.0, 0.0),
        drag: None,
        flash: None,
        feedback: None,
        board_number: 0,
        submissions: 0,
        last: None,
        was_over: false,
        error: None,
    };
    event_loop
        .run_app(&mut app)
        .context("the window's event loop failed")?;
    app.error.take().map_or(Ok(()), Err)
}

struct Gfx {
    window: Rc<Window>,
    surface: softbuffer::Surface<Rc<Window>, Rc<Window>>,
    pixmap: Pixmap,
}

struct App {
    options: PracticeOptions,
    style: Style,
    dict: Dictionary,
    round: Round,
    log: Option<Log>,
    gfx: Option<Gfx>,
    publisher: Option<Publisher>,
    font: Font,
    cursor: (f32, f32),
    drag: Option<Drag>,
    flash: Option<(Vec<usize>, Mark, Instant)>,
    feedback: Option<(String, Mark)>,
    board_number: u64,
    submissions: u64,
    last: Option<LastWord>,
    was_over: bool,
    error: Option<anyhow::Error>,
}

impl App {
    fn open(&mut self, event_loop: &ActiveEventLoop) -> anyhow::Result<()> {
        let (w, h) = self.options.size;
        #[allow(unused_mut)]
        let mut attributes = Window::default_attributes()
            .with_title(self.title())
            .with_inner_size(PhysicalSize::new(w, h))
            .with_min_inner_size(PhysicalSize::new(240, 200));
        #[cfg(all(unix, not(target_os = "macos")))]
        {
            use winit::platform::x11::WindowAttributesExtX11;
            attributes = attributes.with_name(publish::WM_CLASS, publish::WM_INSTANCE);
        }
        let window = Rc::new(event_loop.create_window(attributes)?);
        let context = softbuffer::Context::new(window.clone())
            .map_err(|e| anyhow!("cannot draw in the window: {e}"))?;
        let surface = softbuffer::Surface::new(&context, window.clone())
            .map_err(|e| anyhow!("cannot draw in the window: {e}"))?;
        self.publisher = x11_window_id(&window).and_then(|id| Publisher::connect(id).ok());
        self.gfx = Some(Gfx {
            window,
            surface,
            pixmap: Pixmap::new(w.max(1), h.max(1)).context("window size")?,
        });
        self.publish();
        Ok(())
    }

    fn title(&self) -> String {
        format!("wordsnap practice: {}", self.round.board().to_text())
    }

    fn areas(&self) -> Option<Areas> {
        let size = self.gfx.as_ref()?.window.inner_size();
        let b = self.round.board();
        Some(Areas::new(
            size.width as f32,
            size.height as f32,
            b.rows(),
            b.cols(),
        ))
    }

    fn publish(&self) {
        let (Some(publisher), Some(areas)) = (&self.publisher, self.areas()) else {
            return;
        };
        let announcement = Announcement {
            pid: std::process::id(),
            board: self.round.board().to_json(),
            game: self.round.game().to_string(),
            layout: areas.layout,
            submissions: self.submissions,
            board_number: self.board_number,
            last: self.last.clone(),
            over: self.round.is_over(),
        };
        if let Err(e) = publisher.publish(&announcement) {
            warn(format_args!(
                "warning: cannot publish the board for the replayer: {e:#}"
            ));
        }
    }

    fn redraw(&mut self) {
        if self.gfx.is_none() {
            return;
        }
        let areas = self.areas();
        let Some(mut gfx) = self.gfx.take() else {
            return;
        };
        let overlay = self.overlay();
        let result = draw_into(
            &mut gfx,
            &self.font,
            &self.style,
            &self.round,
            areas,
            &overlay,
        );
        self.gfx = Some(gfx);
        if let Err(e) = result {
            self.error = Some(e);
        }
    }
}

fn draw_into(
    gfx: &mut Gfx,
    font: &Font,
    style: &Style,
    round: &Round,
    areas: Option<Areas>,
    overlay: &Overlay,
) -> anyhow::Result<()> {
    let size = gfx.window.inner_size();
    let (Some(w), Some(h)) = (NonZeroU32::new(size.width), NonZeroU32::new(size.height)) else {
        return Ok(());
    };
    if gfx.pixmap.width() != w.get() || gfx.pixmap.height() != h.get() {
        gfx.pixmap = Pixmap::new(w.get(), h.get()).context("window size")?;
    }
    if let Some(areas) = areas {
        view::draw(&mut gfx.pixmap, font, style, round, &areas, overlay);
    }
    present(gfx, w, h)
}

impl App {
    fn overlay(&self) -> Overlay<'_> {
        let flash = self.flash.as_ref().filter(|f| f.2.elapsed() < FLASH);
        let trail = match (&self.drag, flash) {
            (Some(d), _) => Some((d.path(), Mark::Building)),
            (None, Some((path, mark, _))) => Some((path.as_slice(), *mark)),
            _ => None,
        };
        let dragging = self.drag.as_ref().map_or(String::new(), |d| {
            let spelled = super::round::spellings(self.round.board(), d.path());
            spelled.into_iter().next().unwrap_or_default()
        });
        Overlay {
            trail,
            dragging,
            feedback: self.feedback.clone(),
        }
    }

    fn press(&mut self) {
        if self.round.is_over() {
            return;
        }
        if let Some(areas) = self.areas() {
            let (x, y) = self.cursor;
            let jumps = !self.round.game().tiles_must_touch();
            self.drag = Drag::press(self.round.board(), &areas.layout, x, y)
                .map(|d| d.allowing_jumps(jumps));
            self.flash = None;
        }
    }

    fn moved(&mut self, x: f32, y: f32) -> bool {
        self.cursor = (x, y);
        let Some(areas) = self.areas() else {
            return false;
        };
        match self.drag.as_mut() {
            Some(drag) => drag.moved(self.round.board(), &areas.layout, x, y),
            None => false,
        }
    }

    fn release(&mut self) {
        let Some(drag) = self.drag.take() else { return };
        let outcome = match drag.broken() {
            Some(reason) => Outcome::InvalidPath {
                reason: reason.to_string(),
            },
            None => self.round.submit(drag.path()),
        };
        let mark = match &outcome {
            Outcome::Accepted { .. } => Mark::Good,
            Outcome::AlreadyFound { .. } => Mark::Repeat,
            _ => Mark::Bad,
        };
        self.record(&outcome, drag.path());
        self.feedback = Some((outcome.message(), mark));
        self.flash = Some((drag.path().to_vec(), mark, Instant::now()));
    }

    fn record(&mut self, outcome: &Outcome, path: &[usize]) {
        let t_ms = self.round.elapsed().as_millis() as u64;
        let line = LogLine::new(outcome, path, self.round.board().cols(), t_ms);
        if let Some(log) = self.log.as_mut()
            && let Err(e) = log.write(&line)
        {
            warn(format_args!("warning: {e:#}"));
        }
        self.submissions += 1;
        self.last = Some(LastWord {
            word: line.word,
            accepted: line.accepted,
            result: line.result,
        });
        self.publish();
    }

    fn new_board(&mut self) {
        self.board_number += 1;
        let seed = self.options.seed.wrapping_add(self.board_number);
        let board = super::random_board(self.options.game, seed);
        self.round = Round::new(board, self.options.game, &self.dict, self.options.limit());
        self.drag = None;
        self.flash = None;
        self.feedback = None;
        self.submissions = 0;
        self.last = None;
        self.was_over = false;
        if let Some(gfx) = &self.gfx {
            gfx.window.set_title(&self.title());
        }
        self.publish();
    }

    fn key(&mut self, event: &KeyEvent, event_loop: &ActiveEventLoop) {
        if event.state != ElementState::Pressed {
            return;
        }
        match &event.logical_key {
            Key::Named(NamedKey::Escape) => self.drag = None,
            Key::Character(c) if c.eq_ignore_ascii_case("n") => self.new_board(),
            Key::Character(c) if c.eq_ignore_ascii_case("q") => event_loop.exit(),
            _ => return,
        }
        self.request_redraw();
    }

    fn request_redraw(&self) {
        if let Some(gfx) = &self.gfx {
            gfx.window.request_redraw();
        }
    }

    /// When the window next needs redrawing on its own: the clock's next second, a flash ending.
    fn next_wake(&self) -> Option<Instant> {
        let now = Instant::now();
        let flash_end = self
            .flash
            .as_ref()
            .map(|f| f.2 + FLASH)
            .filter(|&t| t > now);
        let tick =
            self.round.remaining().filter(|r| !r.is_zero()).map(|r| {
                now + Duration::from_nanos(r.as_nanos() as u64 % 1_000_000_000 + 1_000_000)
            });
        [flash_end, tick].into_iter().flatten().min()
    }
}

fn present(gfx: &mut Gfx, w: NonZeroU32, h: NonZeroU32) -> anyhow::Result<()> {
    gfx.surface
        .resize(w, h)
        .map_err(|e| anyhow!("cannot resize the window's buffer: {e}"))?;
    let mut buffer = gfx
        .surface
        .buffer_mut()
        .map_err(|e| anyhow!("cannot draw in the window: {e}"))?;
    for (dst, src) in buffer.iter_mut().zip(gfx.pixmap.pixels()) {
        *dst = (u32::from(src.red()) << 16) | (u32::from(src.green()) << 8) | u32::from(src.blue());
    }
    buffer
        .present()
        .map_err(|e| anyhow!("cannot show the window's buffer: {e}"))
}

/// The X11 window id behind a winit window (None on other platforms).
fn x11_window_id(window: &Window) -> Option<u32> {
    match window.window_handle().ok()?.as_raw() {
        RawWindowHandle::Xlib(h) => u32::try_from(h.window).ok(),
        RawWindowHandle::Xcb(h) => Some(h.window.get()),
        _ => None,
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gfx.is_none()
            && let Err(e) = self.open(event_loop)
        {
            self.error = Some(e);
            event_loop.exit();
        }
    }

    fn new_events(&mut self, _: &ActiveEventLoop, cause: StartCause) {
        if matches!(cause, StartCause::ResumeTimeReached { .. }) {
            if self.round.is_over() && !self.was_over {
                self.was_over = true;
                self.drag = None;
                self.publish();
            }
            self.request_redraw();
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(_) => {
                self.publish();
                self.request_redraw();
            }
            WindowEvent::RedrawRequested => self.redraw(),
            WindowEvent::CursorMoved {
                position: PhysicalPosition { x, y },
                ..
            } if self.moved(x as f32, y as f32) => self.request_redraw(),
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Left,
                ..
            } => {
                match state {
                    ElementState::Pressed => self.press(),
                    ElementState::Released => self.release(),
                }
                self.request_redraw();
            }
            WindowEvent::KeyboardInput { event, .. } => self.key(&event, event_loop),
            _ => {}
        }
        if self.error.is_some() {
            event_loop.exit();
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        match self.next_wake() {
            Some(t) => event_loop.set_control_flow(ControlFlow::WaitUntil(t)),
            None => event_loop.set_control_flow(ControlFlow::Wait),
        }
    }
}

/// Writes a warning line on stderr, ignoring errors: a full or closed stderr must not stop the
/// window.
fn warn(message: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_fmt(message);
    let _ = stderr.write_all(b"\n");
}
