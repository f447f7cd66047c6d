//! From a reading to the board to solve: sure tiles as read, doubtful tiles as their likely
//! readings with their probabilities, unreadable tiles as wildcards, and the list of the tiles
//! the reader doubts.

use super::BoardReading;
use super::notation::tile_choices;
use super::ocr::CropReading;
use crate::board::{Board, BoardError, Probability, Reading, Tile};

/// A tile read with less confidence than this is doubtful: the board takes it as any of its
/// likely readings.
pub const DOUBT_BELOW: f32 = 0.6;

/// A doubtful tile keeps its likeliest readings until together they cover this much
/// probability...
pub const READINGS_COVER: f32 = 0.9;

/// ... and at most this many of them.
pub const MAX_IMAGE_READINGS: usize = 3;

/// Readings less likely than this are left out.
pub const LEAST_READING: f32 = 0.02;

/// A tile the reader doubts, and what the board takes it as.
#[derive(Debug, Clone, PartialEq)]
pub struct DoubtfulTile {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// What the tile read as, in notation ("" when nothing).
    pub read: String,
    /// How sure that reading is, 0 to 1.
    pub confidence: f32,
    /// The tile on the board: doubtful with its likely readings, or a wildcard when no reading
    /// is likely.
    pub tile: Tile,
}

/// The likely readings of a tile read as `read` (its notation) with `confidence`, with the
/// model's next best guesses (model texts and their scores), likeliest first: the tile's
/// `notation::tile_choices` (texts that are no tile left out, texts that give the same tile added up)
/// above [`LEAST_READING`], until they cover [`READINGS_COVER`], at most [`MAX_IMAGE_READINGS`].
pub fn likely_readings(
    read: &str,
    confidence: f32,
    alternatives: &[(String, f32)],
) -> Vec<Reading> {
    let choices = tile_choices(&CropReading {
        text: read.to_string(),
        confidence,
        alternatives: alternatives.to_vec(),
    });
    let mut covered = 0.0;
    let mut out = Vec::new();
    for (text, p) in choices {
        if p < LEAST_READING || covered >= READINGS_COVER || out.len() == MAX_IMAGE_READINGS {
            break;
        }
        // Every choice is a plain tile in notation (`A`, `QU`, `A/E`, `RE-`, `-ING`).
        let Ok(tile) = Tile::parse(&text) else {
            continue;
        };
        covered += p;
        out.push(Reading {
            tile,
            probability: Probability::from_fraction(p),
        });
    }
    out
}

impl BoardReading {
    /// The tile the board takes for cell (`row`, `col`): a hole or a sure tile as read, a
    /// doubtful tile (read with less than [`DOUBT_BELOW`] confidence) as its likely readings, and
    /// a tile with no likely reading as a wildcard.
    pub fn board_tile(&self, row: usize, col: usize) -> Tile {
        let read = &self.board.tiles[row][col];
        let confidence = self.confidence[row][col];
        if read == "." {
            return Tile::Hole;
        }
        if confidence >= DOUBT_BELOW
            && let Ok(tile) = Tile::parse(read)
            && !tile.is_doubtful()
        {
            return tile;
        }
        let readings = likely_readings(read, confidence, &self.alternatives[row][col]);
        Tile::doubtful(readings).unwrap_or(Tile::Wildcard)
    }

    /// The board to solve: every tile as [`BoardReading::board_tile`] takes it, with the values
    /// and badges read.
    pub fn to_board(&self) -> Result<Board, BoardError> {
        let (rows, cols) = (self.board.rows, self.board.cols);
        let tiles = (0..rows * cols)
            .map(|i| self.board_tile(i / cols, i % cols))
            .collect();
        let mut board = Board::new(rows, cols, tiles)?;
        for i in 0..rows * cols {
            let (r, c) = (i / cols, i % cols);
            board.set_value(i, self.board.values.as_ref().and_then(|v| v[r][c]));
            let badge = self.board.bonuses.as_ref().map_or("", |b| b[r][c].as_str());
            let bonus = crate::board::Bonus::parse(badge).map_err(|error| BoardError::BadTile {
                row: r + 1,
                col: c + 1,
                error,
            })?;
            board.set_bonus(i, bonus);
        }
        Ok(board)
    }

    /// The tiles the reader doubts (read with less than [`DOUBT_BELOW`] confidence, or not at
    /// all), row by row, with what the board takes each as.
    pub fn doubtful_tiles(&self) -> Vec<DoubtfulTile> {
        let (rows, cols) = (self.board.rows, self.board.cols);
        (0..rows * cols)
            .map(|i| (i / cols, i % cols))
            .filter_map(|(row, col)| {
                let tile = self.board_tile(row, col);
                tile.is_doubtful().then(|| DoubtfulTile {
                    row,
                    col,
                    read: self.board.tiles[row][col].clone(),
                    confidence: self.confidence[row][col],
                    tile,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(readings: &[Reading]) -> Vec<String> {
        readings
            .iter()
            .map(|r| format!("{}={}", r.tile.notation(), r.probability))
            .collect()
    }

    #[test]
    fn readings_cover_most_of_the_probability() {
        let alternatives = vec![
            ("F".to_string(), 0.3),
            ("B".to_string(), 0.05),
            ("P".to_string(), 0.01),
        ];
        assert_eq!(
            texts(&likely_readings("E", 0.5, &alternatives)),
            vec!["E=50%", "F=30%", "B=5%"]
        );
        // Covered after two: the third is left out.
        let sure_pair = vec![("F".to_string(), 0.45), ("B".to_string(), 0.04)];
        assert_eq!(
            texts(&likely_readings("E", 0.5, &sure_pair)),
            vec!["E=50%", "F=45%"]
        );
    }

    #[test]
    fn lookalike_digits_join_their_letter_and_bad_texts_drop() {
        let alternatives = vec![
            ("0".to_string(), 0.2),
            ("O/".to_string(), 0.1),
            ("Q".to_string(), 0.1),
        ];
        // "0" is an O at half its score: 0.4 + 0.1.
        assert_eq!(
            texts(&likely_readings("O", 0.4, &alternatives)),
            vec!["O=50%", "Q=10%"]
        );
    }

    #[test]
    fn nothing_likely_gives_no_reading() {
        assert!(likely_readings("", 0.0, &[("E".to_string(), 0.01)]).is_empty());
        assert_eq!(
            Tile::doubtful(likely_readings("", 0.0, &[])).unwrap_or(Tile::Wildcard),
            Tile::Wildcard
        );
    }
}
