//! How the practice window tells other programs (the replayer) what it shows: an X11 property
//! on its window holding JSON, updated whenever the board, the layout or the submissions change.
//!
//! The window's `WM_CLASS` is `wordsnap-practice` / `wordsnap`; its title starts with
//! `wordsnap practice`. The property [`PROPERTY`] holds an [`Announcement`].

use crate::board::BoardJson;
use crate::render::Layout;
use anyhow::Context;
use serde::{Deserialize, Serialize};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{AtomEnum, ConnectionExt, PropMode};
use x11rb::rust_connection::RustConnection;

/// The property holding the announcement (UTF8_STRING, JSON).
pub const PROPERTY: &str = "_WORDSNAP_PRACTICE";
/// The instance part of the window's `WM_CLASS`.
pub const WM_INSTANCE: &str = "wordsnap-practice";
/// The class part of the window's `WM_CLASS`.
pub const WM_CLASS: &str = "wordsnap";

/// The last word the window judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastWord {
    /// The word or letters.
    pub word: String,
    /// Whether it counted.
    pub accepted: bool,
    /// `accepted`, `already_found`, `not_a_word` or `invalid_path`.
    pub result: String,
}

/// What the practice window publishes about itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Announcement {
    /// The process showing the board.
    pub pid: u32,
    /// The board shown.
    pub board: BoardJson,
    /// The game whose rules score it (`boggle`, `wordament`, ...).
    pub game: String,
    /// Where the tiles are, in pixels inside the window.
    pub layout: Layout,
    /// Words submitted on this board so far (a new board starts again at 0).
    pub submissions: u64,
    /// Incremented with every new board.
    pub board_number: u64,
    /// The last word judged.
    pub last: Option<LastWord>,
    /// True when the round's time is up (the board takes no more words).
    pub over: bool,
}

/// Writes announcements onto one window.
pub struct Publisher {
    conn: RustConnection,
    window: u32,
    property: u32,
    utf8: u32,
}

impl std::fmt::Debug for Publisher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Publisher(window {:#x})", self.window)
    }
}

impl Publisher {
    /// Opens a connection to the X server for publishing on `window`.
    pub fn connect(window: u32) -> anyhow::Result<Publisher> {
        let (conn, _) = x11rb::connect(None).context("cannot connect to the X server")?;
        let property = intern(&conn, PROPERTY)?;
        let utf8 = intern(&conn, "UTF8_STRING")?;
        Ok(Publisher {
            conn,
            window,
            property,
            utf8,
        })
    }

    /// Replaces the announcement.
    pub fn publish(&self, announcement: &Announcement) -> anyhow::Result<()> {
        let json = serde_json::to_vec(announcement)?;
        self.conn.change_property(
            PropMode::REPLACE,
            self.window,
            self.property,
            self.utf8,
            8,
            json.len() as u32,
            &json,
        )?;
        self.conn.flush()?;
        Ok(())
    }
}

/// Looks up (or creates) an atom.
pub fn intern(conn: &impl Connection, name: &str) -> anyhow::Result<u32> {
    Ok(conn.intern_atom(false, name.as_bytes())?.reply()?.atom)
}

/// Reads the announcement of a window, if it has one.
pub fn read(conn: &impl Connection, window: u32) -> anyhow::Result<Option<Announcement>> {
    let property = intern(conn, PROPERTY)?;
    let reply = conn
        .get_property(false, window, property, AtomEnum::ANY, 0, 1 << 20)?
        .reply()?;
    if reply.value.is_empty() {
        return Ok(None);
    }
    let a = serde_json::from_slice(&reply.value).context("the practice window's announcement")?;
    Ok(Some(a))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn announcements_round_trip() {
        let a = Announcement {
            pid: 7,
            board: Board::parse("abcd efgh ijkl mnop").unwrap().to_json(),
            game: "boggle".into(),
            layout: Layout {
                x: 1.0,
                y: 2.0,
                pitch: 3.0,
                rows: 4,
                cols: 4,
            },
            submissions: 1,
            board_number: 0,
            last: Some(LastWord {
                word: "fin".into(),
                accepted: true,
                result: "accepted".into(),
            }),
            over: false,
        };
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Announcement>(&json).unwrap(), a);
    }
}
