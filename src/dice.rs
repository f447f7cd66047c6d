//! Real Boggle dice (from `../shared/scoring.md`) and rolling random boards from them.

use crate::board::{Board, Tile};
use crate::score::Game;
use rand::Rng;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// Classic 16 Boggle dice (1987); `Q` reads `Qu`.
pub const CLASSIC_16: [&str; 16] = [
    "AACIOT", "ABILTY", "ABJMOQ", "ACDEMP", "ACELRS", "ADENVZ", "AHMORS", "BIFORX", "DENOSW",
    "DKNOTU", "EEFHIY", "EGKLUY", "EGINTV", "EHINPS", "ELPSTU", "GILRUW",
];

/// New 16 Boggle dice; `Q` reads `Qu`.
pub const NEW_16: [&str; 16] = [
    "AAEEGN", "ABBJOO", "ACHOPS", "AFFKPS", "AOOTTW", "CIMOTU", "DEILRX", "DELRVY", "DISTTY",
    "EEGHNW", "EEINSU", "EHRTVW", "EIOSST", "ELRTTY", "HIMNUQ", "HLNNRZ",
];

/// Big Boggle 25 dice (5x5); bracketed faces are two-letter faces.
pub const BIG_25: [&str; 25] = [
    "AAAFRS",
    "AAEEEE",
    "AAFIRS",
    "ADENNN",
    "AEEEEM",
    "AEEGMU",
    "AEGMNN",
    "AFIRSY",
    "[AN][ER][HE][IN][QU][TH]",
    "BJK[QU]XZ",
    "CCENST",
    "CEIILT",
    "CEILPT",
    "CEIPST",
    "DDHNOT",
    "DHHLNO",
    "DHLNOR",
    "DLOHHR",
    "EIIITT",
    "EMOTTT",
    "ENSSSU",
    "FIPRSY",
    "GORRVW",
    "IKL[QU]UW",
    "NOOTUW",
];

/// The faces of one die written as in [`BIG_25`]: single letters, or two letters in brackets.
pub fn faces(die: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = die.chars();
    while let Some(c) = chars.next() {
        if c == '[' {
            out.push(
                chars
                    .by_ref()
                    .take_while(|&c| c != ']')
                    .collect::<String>()
                    .to_lowercase(),
            );
        } else if c == 'Q' {
            out.push("qu".into());
        } else {
            out.push(c.to_ascii_lowercase().to_string());
        }
    }
    out
}

/// Rolls a board for a game: Big Boggle dice for the 5x5 games (Big Boggle, SpellCast,
/// Letterpress; Super Big Boggle rolls 36 from them, each die used at most twice), New Boggle
/// dice for the 4x4 games.
pub fn roll(game: Game, seed: u64) -> Board {
    let mut rng = StdRng::seed_from_u64(seed);
    let (side, dice): (usize, Vec<&str>) = match game {
        Game::Bigboggle | Game::Spellcast | Game::Letterpress => (5, BIG_25.to_vec()),
        Game::Superbigboggle => (6, BIG_25.iter().chain(BIG_25.iter()).copied().collect()),
        _ => (4, NEW_16.to_vec()),
    };
    let board = roll_dice(&dice, side, &mut rng);
    match game {
        // Their tiles hold one letter each (a Q is a Q): a two-letter face gives its first.
        Game::Spellcast | Game::Letterpress => first_letters(&board),
        _ => board,
    }
}

/// The board with each multi-letter tile cut to its first letter.
fn first_letters(board: &Board) -> Board {
    let tiles = board
        .tiles()
        .iter()
        .map(|t| match t {
            Tile::Letters(s) => Tile::Letters(s.chars().take(1).collect()),
            other => other.clone(),
        })
        .collect();
    Board::new(board.rows(), board.cols(), tiles).expect("same shape as the rolled board")
}

/// Shakes `dice`, puts the first side x side of them in the grid and rolls each one.
pub fn roll_dice(dice: &[&str], side: usize, rng: &mut impl Rng) -> Board {
    let mut order: Vec<&str> = dice.to_vec();
    order.shuffle(rng);
    let tiles = order
        .iter()
        .take(side * side)
        .map(|die| {
            let f = faces(die);
            Tile::Letters(f[rng.random_range(0..f.len())].clone())
        })
        .collect();
    Board::new(side, side, tiles).expect("dice boards are square and small")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_die_has_six_faces() {
        for die in CLASSIC_16.iter().chain(NEW_16.iter()).chain(BIG_25.iter()) {
            assert_eq!(faces(die).len(), 6, "{die}");
        }
    }

    #[test]
    fn rolls_are_repeatable_and_sized_by_game() {
        assert_eq!(roll(Game::Boggle, 7), roll(Game::Boggle, 7));
        assert_ne!(roll(Game::Boggle, 7), roll(Game::Boggle, 8));
        assert_eq!(roll(Game::Bigboggle, 1).len(), 25);
        assert_eq!(roll(Game::Spellcast, 1).len(), 25);
        assert_eq!(roll(Game::Letterpress, 1).len(), 25);
        for seed in 0..50 {
            let b = roll(Game::Spellcast, seed);
            assert!(b.tiles().iter().all(|t| t.notation().chars().count() == 1));
        }
        assert_eq!(roll(Game::Bwf, 1).len(), 16);
        assert_eq!(roll(Game::Superbigboggle, 1).len(), 36);
    }
}
