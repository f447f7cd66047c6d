//! Colour schemes for the board: light, dark, a Wordament-like orange and wooden dice.

use crate::board::Bonus;
use tiny_skia::Color;

/// The looks `render --style` and `practice --style` offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StyleName {
    /// White tiles on a pale grey board.
    #[default]
    Light,
    /// Slate tiles with white letters on a near-black board.
    Dark,
    /// Flat orange tiles with white letters and values in the corner, like Wordament.
    Wordament,
    /// Cream dice with brown letters on a wooden tray.
    Wood,
}

impl StyleName {
    /// Every style, in the order `--style` lists them.
    pub const ALL: [StyleName; 4] = [
        StyleName::Light,
        StyleName::Dark,
        StyleName::Wordament,
        StyleName::Wood,
    ];
}

/// Every colour and proportion used to draw a board and the practice window around it.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Behind everything.
    pub background: Color,
    /// The tray behind the tiles.
    pub tray: Color,
    /// Tile fill at the top.
    pub tile_top: Color,
    /// Tile fill at the bottom (a subtle gradient).
    pub tile_bottom: Color,
    /// Drop shadow under each tile.
    pub shadow: Color,
    /// Letters.
    pub letter: Color,
    /// Printed point values.
    pub value: Color,
    /// Value in the top-left corner (Wordament) rather than the top-right.
    pub value_left: bool,
    /// Corner radius as a fraction of the tile size.
    pub radius: f32,
    /// Fill of tiles on the current path.
    pub path_tile: Color,
    /// Letters on the current path.
    pub path_letter: Color,
    /// The line joining the path's tiles.
    pub path_line: Color,
    /// Tiles of a word just accepted.
    pub good: Color,
    /// Tiles of a word just rejected.
    pub bad: Color,
    /// Tiles of a word already found.
    pub repeat: Color,
    /// Ordinary text around the board.
    pub text: Color,
    /// Secondary text around the board.
    pub text_dim: Color,
    /// Panels around the board.
    pub panel: Color,
}

fn rgb(hex: u32) -> Color {
    rgba(hex, 255)
}

fn rgba(hex: u32, alpha: u8) -> Color {
    Color::from_rgba8((hex >> 16) as u8, (hex >> 8) as u8, hex as u8, alpha)
}

impl Style {
    /// The colours of a named style.
    pub fn named(name: StyleName) -> Style {
        match name {
            StyleName::Light => Style::light(),
            StyleName::Dark => Style::dark(),
            StyleName::Wordament => Style::wordament(),
            StyleName::Wood => Style::wood(),
        }
    }

    fn light() -> Style {
        Style {
            background: rgb(0xeef1f5),
            tray: rgb(0xc9d1dc),
            tile_top: rgb(0xffffff),
            tile_bottom: rgb(0xf1f3f6),
            shadow: rgba(0x3a4656, 70),
            letter: rgb(0x1f2a37),
            value: rgb(0x5b6b7f),
            value_left: false,
            radius: 0.16,
            path_tile: rgb(0xffd54a),
            path_letter: rgb(0x1f2a37),
            path_line: rgba(0xf08c00, 150),
            good: rgb(0x7bd88f),
            bad: rgb(0xf08585),
            repeat: rgb(0xf5c26b),
            text: rgb(0x1f2a37),
            text_dim: rgb(0x5b6b7f),
            panel: rgb(0xffffff),
        }
    }

    fn dark() -> Style {
        Style {
            background: rgb(0x15181d),
            tray: rgb(0x23282f),
            tile_top: rgb(0x3d4550),
            tile_bottom: rgb(0x333a44),
            shadow: rgba(0x000000, 120),
            letter: rgb(0xf4f6f8),
            value: rgb(0xaab4c0),
            value_left: false,
            radius: 0.14,
            path_tile: rgb(0x4f8cff),
            path_letter: rgb(0xffffff),
            path_line: rgba(0xffffff, 120),
            good: rgb(0x2fa55a),
            bad: rgb(0xc0392b),
            repeat: rgb(0xb7791f),
            text: rgb(0xf4f6f8),
            text_dim: rgb(0x9aa5b1),
            panel: rgb(0x1d2127),
        }
    }

    fn wordament() -> Style {
        Style {
            background: rgb(0x1b1b1b),
            tray: rgb(0x1b1b1b),
            tile_top: rgb(0xf29200),
            tile_bottom: rgb(0xf29200),
            shadow: rgba(0x000000, 0),
            letter: rgb(0xffffff),
            value: rgb(0xffffff),
            value_left: true,
            radius: 0.0,
            path_tile: rgb(0xffffff),
            path_letter: rgb(0xf29200),
            path_line: rgba(0xffffff, 110),
            good: rgb(0x3cb043),
            bad: rgb(0xd13438),
            repeat: rgb(0xffc83d),
            text: rgb(0xffffff),
            text_dim: rgb(0xbdbdbd),
            panel: rgb(0x262626),
        }
    }

    fn wood() -> Style {
        Style {
            background: rgb(0x8a5a2b),
            tray: rgb(0x6b4220),
            tile_top: rgb(0xfbf3e0),
            tile_bottom: rgb(0xe8dcc0),
            shadow: rgba(0x2b1708, 140),
            letter: rgb(0x3b2412),
            value: rgb(0x7a5a3a),
            value_left: false,
            radius: 0.22,
            path_tile: rgb(0xffe08a),
            path_letter: rgb(0x3b2412),
            path_line: rgba(0xc0392b, 140),
            good: rgb(0xa8e6a1),
            bad: rgb(0xf1a9a0),
            repeat: rgb(0xf7d08a),
            text: rgb(0xfbf3e0),
            text_dim: rgb(0xe0c9a6),
            panel: rgb(0x74491f),
        }
    }

    /// The badge colour of a bonus square.
    pub fn bonus(&self, bonus: Bonus) -> Color {
        match bonus {
            Bonus::DL => rgb(0x3fa7d6),
            Bonus::TL => rgb(0x1d5fa8),
            Bonus::DW => rgb(0xe0719b),
            Bonus::TW => rgb(0xc0392b),
            Bonus::X2 => rgb(0x8e44ad),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_style_has_readable_letters() {
        for name in &StyleName::ALL {
            let s = Style::named(*name);
            let lum = |c: Color| 0.3 * c.red() + 0.59 * c.green() + 0.11 * c.blue();
            assert!(
                (lum(s.letter) - lum(s.tile_top)).abs() > 0.3,
                "{name:?} letters lack contrast"
            );
        }
    }
}
