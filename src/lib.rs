//! wordsnap: read a Boggle-family word game from a screenshot, find every word with its tile path,
//! score it, and replay the paths on a local practice board.
//!
//! The main path, and the types it goes through, are re-exported at the crate root:
//!
//! ```
//! use wordsnap::{Board, Dictionary, Game, SolveOptions, TileReader, read_image_file, solve};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // Read a screenshot: find the grid, cut the tiles, read each one with the embedded models.
//! let reader = TileReader::new()?;
//! let reading = read_image_file("fixtures/screens/lato_bonus_4x4.png".as_ref(), &reader)?;
//! let board: Board = reading.to_board()?;
//!
//! // Solve it with the embedded English list under Ruzzle's rules (values and bonus squares).
//! let dictionary = Dictionary::english();
//! let solution = solve(&board, &dictionary, &SolveOptions::new(Game::Ruzzle));
//!
//! let best = &solution.words[0];
//! println!("{} scores {}; path (row, col): {:?}", best.word, best.score, best.path);
//! assert_eq!(best.path.len(), best.word.chars().count());
//! # Ok(())
//! # }
//! ```
//!
//! The modules follow the pipeline:
//! - [`board`] -> [`dict`] -> [`solve`](mod@solve) -> [`score`]: the board model, the word list as a compact trie,
//!   the bitboard search and the games' scoring rules ([`dice`] rolls random boards from real dice,
//!   [`bench`](mod@bench) times the solver on reproducible board sets);
//! - [`vision`]: image -> grid -> tiles -> letters, and the game the screenshot shows
//!   ([`vision::game`]: [`BoardReading::game`] holds a [`GameGuess`] with its reason);
//! - [`render`]: drawing a board to an image;
//! - [`text`]: small helpers for text read from files and shown to users (byte-order marks,
//!   control characters, error chains);
//! - with the `desktop` feature (on by default): `practice` and `replay`, the practice window
//!   and the mouse replayer.
//!
//! The `wordsnap` command line is the crate's binary; it is not part of the library's API.
//! `--no-default-features` builds the library alone, without window or input crates.

#![warn(missing_docs)]

pub mod bench;
pub mod board;
pub mod dice;
pub mod dict;
pub mod letterpress;
#[cfg(feature = "desktop")]
pub mod practice;
pub mod render;
#[cfg(feature = "desktop")]
pub mod replay;
pub mod score;
pub mod solve;
pub mod swaps;
pub mod text;
pub mod vision;

pub use board::{Board, Bonus, Tile};
pub use dict::{Dictionary, LoadOptions};
pub use score::{Game, Rules};
pub use solve::{FoundWord, Solution, SolveOptions, Solver, solve};
pub use vision::game::{GameGuess, recognise as recognise_game};
pub use vision::ocr::TileReader;
pub use vision::{BoardReading, MarkDoubt, MarkKind, VisionError, read_image, read_image_file};
