//! The X11 side of replaying: finding the practice window, reading what it announces, checking
//! that the server can take simulated input, watching the pointer and Escape, and capturing the
//! screen. Pure Rust (x11rb). The pointer itself is moved and clicked by `super::mouse` (enigo),
//! which needs the XTEST and XInputExtension extensions (Xorg and Xvfb have both).

use crate::practice::publish::{self, Announcement};
use crate::render::Rect;
use anyhow::{Context, anyhow, bail};
use std::time::{Duration, Instant};
use x11rb::connection::{Connection, RequestConnection};
use x11rb::protocol::xproto::{ConnectionExt as _, ImageFormat, MapState};
use x11rb::protocol::xtest;
use x11rb::rust_connection::RustConnection;

/// The X keysym of Escape.
const XK_ESCAPE: u32 = 0xff1b;
/// The X Input extension's name, which enigo needs besides XTEST.
const XINPUT_EXTENSION_NAME: &str = "XInputExtension";

/// A connection to the X server the practice window is on.
pub struct Display {
    conn: RustConnection,
    root: u32,
    size: (u16, u16),
    escape: Option<u8>,
}

impl std::fmt::Debug for Display {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Display({}x{})", self.size.0, self.size.1)
    }
}

/// A practice window found on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct PracticeWindow {
    /// Its X11 id.
    pub id: u32,
    /// What it announces.
    pub announcement: Announcement,
}

impl Display {
    /// Connects to `$DISPLAY`.
    pub fn open() -> anyhow::Result<Display> {
        let name = std::env::var("DISPLAY").unwrap_or_default();
        if name.is_empty() {
            bail!("no X display: DISPLAY is not set (the practice board runs on X11)");
        }
        let (conn, screen) = x11rb::connect(None)
            .with_context(|| format!("cannot connect to the X display {name}"))?;
        let s = &conn.setup().roots[screen];
        let (root, size) = (s.root, (s.width_in_pixels, s.height_in_pixels));
        let escape = escape_keycode(&conn).ok().flatten();
        Ok(Display {
            conn,
            root,
            size,
            escape,
        })
    }

    /// Fails with a clear message when the server lacks what moving the pointer needs: the XTEST
    /// extension, through which enigo sends its input, and XInputExtension, which it asks for
    /// the pointer device. Without XTEST enigo would connect fine and fail only at the first move
    /// with a message that does not say why, so the replayer checks before touching anything.
    pub fn check_xtest(&self) -> anyhow::Result<()> {
        let has = |name| self.conn.extension_information(name).map(|i| i.is_some());
        if !has(xtest::X11_EXTENSION_NAME)? {
            bail!(
                "the X server has no XTEST extension, so the pointer cannot be moved \
                 (Xorg and Xvfb have it; enable it in the server's configuration)"
            );
        }
        if !has(XINPUT_EXTENSION_NAME)? {
            bail!(
                "the X server has no XInputExtension, so the pointer cannot be moved \
                 (Xorg and Xvfb have it; enable it in the server's configuration)"
            );
        }
        Ok(())
    }

    /// The screen size in pixels.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// The practice windows that are mapped and announce a board.
    pub fn find_practice(&self) -> anyhow::Result<Vec<PracticeWindow>> {
        let mut found = Vec::new();
        let mut stack = vec![(self.root, 0)];
        while let Some((window, depth)) = stack.pop() {
            if window != self.root
                && self.is_viewable(window)
                && let Ok(Some(announcement)) = publish::read(&self.conn, window)
            {
                found.push(PracticeWindow {
                    id: window,
                    announcement,
                });
                continue;
            }
            if depth < 3
                && let Ok(tree) = self.conn.query_tree(window)?.reply()
            {
                stack.extend(tree.children.into_iter().rev().map(|c| (c, depth + 1)));
            }
        }
        Ok(found)
    }

    /// Waits up to `wait` for exactly one practice window to be visible.
    pub fn wait_for_practice(&self, wait: Duration) -> anyhow::Result<PracticeWindow> {
        let deadline = Instant::now() + wait;
        loop {
            let mut found = self.find_practice()?;
            match found.len() {
                1 => return Ok(found.remove(0)),
                0 if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
                0 => bail!(
                    "no practice board window found on the screen (start one with \
                     `wordsnap practice`); refusing to move the mouse"
                ),
                n => bail!("{n} practice board windows are open: close all but one"),
            }
        }
    }

    fn is_viewable(&self, window: u32) -> bool {
        let attrs = self.conn.get_window_attributes(window).ok();
        attrs
            .and_then(|c| c.reply().ok())
            .is_some_and(|a| a.map_state == MapState::VIEWABLE)
    }

    /// What the window announces now; an error when it has closed.
    pub fn announcement(&self, window: u32) -> anyhow::Result<Announcement> {
        let gone = || anyhow!("the practice board window closed");
        if !self.is_viewable(window) {
            return Err(gone());
        }
        publish::read(&self.conn, window)
            .map_err(|_| gone())?
            .ok_or_else(gone)
    }

    /// The screen position of the window's top-left corner.
    pub fn origin(&self, window: u32) -> anyhow::Result<(i32, i32)> {
        let t = self
            .conn
            .translate_coordinates(window, self.root, 0, 0)?
            .reply()
            .context("the practice board window closed")?;
        Ok((i32::from(t.dst_x), i32::from(t.dst_y)))
    }

    /// The window's area on screen.
    pub fn window_rect(&self, window: u32) -> anyhow::Result<Rect> {
        let (x, y) = self.origin(window)?;
        let g = self.conn.get_geometry(window)?.reply()?;
        Ok(Rect::new(
            x as f32,
            y as f32,
            f32::from(g.width),
            f32::from(g.height),
        ))
    }

    /// The top-level window (a child of the root) that contains `window`.
    pub fn top_level(&self, window: u32) -> anyhow::Result<u32> {
        let mut w = window;
        loop {
            let tree = self.conn.query_tree(w)?.reply()?;
            if tree.parent == self.root || tree.parent == x11rb::NONE {
                return Ok(w);
            }
            w = tree.parent;
        }
    }

    /// The pointer position, the top-level window under it and whether a button is held.
    pub fn pointer(&self) -> anyhow::Result<Pointer> {
        let p = self.conn.query_pointer(self.root)?.reply()?;
        let buttons = u16::from(p.mask) & 0x1f00;
        Ok(Pointer {
            x: i32::from(p.root_x),
            y: i32::from(p.root_y),
            over: p.child,
            button_held: buttons != 0,
        })
    }

    /// True while Escape is held down.
    pub fn escape_down(&self) -> anyhow::Result<bool> {
        let Some(code) = self.escape else {
            return Ok(false);
        };
        let keys = self.conn.query_keymap()?.reply()?.keys;
        Ok(keys[usize::from(code / 8)] & (1 << (code % 8)) != 0)
    }

    /// Waits until the server has handled every request sent so far.
    pub fn sync(&self) -> anyhow::Result<()> {
        self.conn.get_input_focus()?.reply()?;
        Ok(())
    }

    /// Captures a rectangle of the screen as RGB.
    pub fn capture(&self, rect: Rect) -> anyhow::Result<image::RgbImage> {
        let (x, y) = (rect.x.max(0.0) as i16, rect.y.max(0.0) as i16);
        let w = (rect.w as i32)
            .min(i32::from(self.size.0) - i32::from(x))
            .max(1) as u16;
        let h = (rect.h as i32)
            .min(i32::from(self.size.1) - i32::from(y))
            .max(1) as u16;
        let reply = self
            .conn
            .get_image(ImageFormat::Z_PIXMAP, self.root, x, y, w, h, !0)?
            .reply()
            .context("cannot capture the screen")?;
        let n = usize::from(w) * usize::from(h);
        if reply.data.len() < n * 4 {
            bail!(
                "cannot capture the screen: {}-bit screens are not supported (use 24 or 32 bits)",
                reply.depth
            );
        }
        let rgb = reply
            .data
            .chunks_exact(4)
            .take(n)
            .flat_map(|p| [p[2], p[1], p[0]]);
        image::RgbImage::from_raw(u32::from(w), u32::from(h), rgb.collect())
            .context("cannot capture the screen")
    }
}

/// Where the pointer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pointer {
    /// Screen x.
    pub x: i32,
    /// Screen y.
    pub y: i32,
    /// The top-level window under it (0 for none).
    pub over: u32,
    /// True when a mouse button is held down.
    pub button_held: bool,
}

fn escape_keycode(conn: &RustConnection) -> anyhow::Result<Option<u8>> {
    let setup = conn.setup();
    let (min, max) = (setup.min_keycode, setup.max_keycode);
    let map = conn.get_keyboard_mapping(min, max - min + 1)?.reply()?;
    let per = usize::from(map.keysyms_per_keycode).max(1);
    Ok(map
        .keysyms
        .chunks(per)
        .position(|syms| syms.contains(&XK_ESCAPE))
        .map(|i| min + i as u8))
}
