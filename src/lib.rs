//! wordsnap: read a Boggle-family word game from a screenshot, find every word with its tile path,
//! score it, and replay the paths on a local practice board.
//!
//! The modules follow the pipeline:
//! - [`board`] -> [`dict`] -> [`solve`] -> [`score`]: the board model, the word list as a compact trie,
//!   the bitboard search and the games' scoring rules ([`dice`] rolls random boards from real dice);
//! - [`vision`]: image -> grid -> tiles -> letters;
//! - [`render`], [`practice`], [`replay`]: drawing a board, the practice window and the mouse replayer;
//! - [`cli`]: the `wordsnap` command line on top of all of it.

pub mod board;
pub mod cli;
pub mod dice;
pub mod dict;
pub mod practice;
pub mod render;
pub mod replay;
pub mod score;
pub mod solve;
pub mod vision;
