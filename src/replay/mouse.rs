//! Moving and clicking the pointer, with the `enigo` crate (its x11rb backend, which sends XTEST
//! requests). Everything else the replayer asks of the X server goes through [`super::x11`].
//!
//! The left button is never left held: [`Mouse`] remembers a press and releases it when dropped,
//! so an early return, an error or a panic between a press and its release lets go of it.

use anyhow::{Context, anyhow, bail};
use enigo::{Button, Coordinate, Direction, Enigo, Mouse as _, Settings};

/// The pointer, driven through enigo.
pub struct Mouse {
    enigo: Enigo,
    pressed: bool,
}

impl std::fmt::Debug for Mouse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mouse(pressed: {})", self.pressed)
    }
}

impl Mouse {
    /// Connects to `$DISPLAY`. Check the server with [`super::x11::Display::check_xtest`] first:
    /// enigo connects fine to a server without XTEST and only fails at the first move, with a
    /// message that does not say why.
    pub fn open() -> anyhow::Result<Mouse> {
        let settings = Settings {
            // enigo's default makes the X server wait 12 ms before every press and release.
            linux_delay: 0,
            ..Settings::default()
        };
        let enigo = Enigo::new(&settings)
            .map_err(|e| anyhow!("{e}"))
            .context("cannot connect to the X display to move the pointer")?;
        Ok(Mouse {
            enigo,
            pressed: false,
        })
    }

    /// Moves the pointer to a screen position (clamped to what X11 coordinates can hold).
    pub fn move_to(&mut self, x: i32, y: i32) -> anyhow::Result<()> {
        let (x, y) = (x.clamp(0, 32767), y.clamp(0, 32767));
        self.enigo
            .move_mouse(x, y, Coordinate::Abs)
            .map_err(|e| anyhow!("cannot move the pointer to ({x}, {y}): {e}"))
    }

    /// Presses the left button; a second press while it is held is an error.
    pub fn press(&mut self) -> anyhow::Result<()> {
        if self.pressed {
            bail!("the mouse button is already pressed");
        }
        // Counted as held even if the request fails: it may have reached the server.
        self.pressed = true;
        self.enigo
            .button(Button::Left, Direction::Press)
            .map_err(|e| anyhow!("cannot press the mouse button: {e}"))
    }

    /// Releases the left button (nothing happens when it is not held).
    pub fn release(&mut self) -> anyhow::Result<()> {
        if !self.pressed {
            return Ok(());
        }
        self.enigo
            .button(Button::Left, Direction::Release)
            .map_err(|e| anyhow!("cannot release the mouse button: {e}"))?;
        self.pressed = false;
        Ok(())
    }
}

impl Drop for Mouse {
    fn drop(&mut self) {
        if self.pressed {
            let _ = self.enigo.button(Button::Left, Direction::Release);
        }
    }
}
