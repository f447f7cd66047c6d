//! `solve --draw`: where the pictures go, and writing them. The drawing itself is
//! [`crate::render::paths`].

use super::read::Screenshot;
use super::solve::Listed;
use super::{CliResult, Failure};
use crate::board::Board;
use crate::render::paths::{self, WordPath};
use crate::render::{Style, StyleName};
use crate::score::Game;
use anyhow::anyhow;
use std::path::{Path, PathBuf};
use tiny_skia::Pixmap;

/// How many words `--draw` draws when neither `--limit` nor `--word` says.
pub const DEFAULT_LIMIT: usize = 10;

/// Where `--draw` writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// One PNG with every word.
    File(PathBuf),
    /// One PNG per word in this folder.
    Folder(PathBuf),
}

impl Target {
    /// A path ending in `/` or naming an existing folder is a folder; anything else must be a
    /// `.png` file name.
    pub fn of(path: &Path) -> Result<Target, Failure> {
        let text = path.as_os_str().to_string_lossy();
        if text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR) || path.is_dir() {
            return Ok(Target::Folder(path.to_path_buf()));
        }
        let is_png = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
        if !is_png {
            return Err(Failure::bad_input(anyhow!(
                "--draw {}: give a .png file for one picture, or a folder ending in '/' for one picture per word",
                path.display()
            )));
        }
        Ok(Target::File(path.to_path_buf()))
    }
}

/// The file name of the word ranked `rank` among `total` words: the rank, zero-padded so that
/// names sort in rank order, then the word (`007-alternated.png`).
pub fn word_file_name(rank: usize, total: usize, word: &str) -> String {
    let digits = total.max(1).to_string().len().max(2);
    let safe: String = word
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect();
    format!("{rank:0digits$}-{safe}.png")
}

/// Draws the listed words to the target: on the screenshot when there is one, else on the
/// board rendered in the game's look. `total` is the number of words in the solution.
pub fn draw(
    target: &Target,
    board: &Board,
    game: Game,
    shot: Option<&Screenshot>,
    listed: &[Listed],
    total: usize,
) -> CliResult {
    let words: Vec<WordPath> = listed
        .iter()
        .map(|l| WordPath {
            rank: l.rank,
            word: &l.found.word,
            score: l.found.score,
            path: &l.found.path,
        })
        .collect();
    let board = crate::practice::with_printed_values(board.clone(), game);
    let picture = |words: &[WordPath]| -> Result<Pixmap, Failure> {
        let drawn = match shot {
            Some(shot) => {
                let geometry = shot.geometry().ok_or_else(|| {
                    Failure::runtime(anyhow!("the reader gave no tile boxes to draw on"))
                })?;
                paths::draw_on_image(&shot.image, &geometry, words)
            }
            None => paths::draw_on_board(&board, &Style::named(style_of(game)), words),
        };
        drawn.map_err(|e| Failure::runtime(anyhow!("--draw: {e}")))
    };
    match target {
        Target::File(path) => {
            save(&picture(&words)?, path)?;
            crate::warning!(
                "wrote {} ({} word{})",
                path.display(),
                words.len(),
                if words.len() == 1 { "" } else { "s" }
            );
        }
        Target::Folder(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| {
                Failure::runtime(anyhow!("--draw: cannot create {}: {e}", dir.display()))
            })?;
            for word in &words {
                let path = dir.join(word_file_name(word.rank, total, word.word));
                save(&picture(std::slice::from_ref(word))?, &path)?;
            }
            crate::warning!(
                "wrote {} picture{} to {}",
                words.len(),
                if words.len() == 1 { "" } else { "s" },
                dir.display()
            );
        }
    }
    Ok(())
}

/// The rendered board's look: Wordament's orange for Wordament, else light.
fn style_of(game: Game) -> StyleName {
    match game {
        Game::Wordament => StyleName::Wordament,
        _ => StyleName::Light,
    }
}

fn save(pixmap: &Pixmap, path: &Path) -> CliResult {
    crate::render::save_png(pixmap, path).map_err(|e| Failure::runtime(e.context("--draw")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_files_or_folders() {
        assert_eq!(
            Target::of(Path::new("out.png")).unwrap(),
            Target::File("out.png".into())
        );
        assert_eq!(
            Target::of(Path::new("OUT.PNG")).unwrap(),
            Target::File("OUT.PNG".into())
        );
        assert_eq!(
            Target::of(Path::new("pics/")).unwrap(),
            Target::Folder("pics/".into())
        );
        assert_eq!(
            Target::of(Path::new(".")).unwrap(),
            Target::Folder(".".into())
        );
        assert_eq!(Target::of(Path::new("out.jpg")).unwrap_err().code, 2);
        assert_eq!(Target::of(Path::new("pics")).unwrap_err().code, 2);
    }

    #[test]
    fn file_names_sort_in_rank_order() {
        assert_eq!(word_file_name(3, 52, "waif"), "03-waif.png");
        assert_eq!(word_file_name(7, 723, "alternated"), "007-alternated.png");
        assert_eq!(word_file_name(1, 1, "é-x"), "01-é_x.png");
        let mut names: Vec<String> = [12, 3, 100, 1]
            .iter()
            .map(|&r| word_file_name(r, 250, "w"))
            .collect();
        names.sort();
        assert_eq!(names, ["001-w.png", "003-w.png", "012-w.png", "100-w.png"]);
    }
}
