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

/// The Big Boggle dice (5x5) as `../shared/scoring.md` lists them; bracketed faces are two-letter
/// faces. The rules call the set "Big Boggle 25" but list 26 dice (the `[AN][ER][HE][IN][QU][TH]`
/// die on top of 25 single-letter ones), and no source says which one the box leaves out, so a
/// roll shakes all 26 and puts 25 of them in the grid ([`roll_dice`]).
pub const BIG: [&str; 26] = [
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
    "OOOTTU",
];

/// The faces of one die written as in [`BIG`]: single letters, or two letters in brackets.
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

/// Rolls a board for a game: 25 of the 26 Big Boggle dice for the 5x5 games (Big Boggle,
/// SpellCast, Letterpress; Super Big Boggle rolls 36 from them, each die used at most twice),
/// New Boggle dice for the 4x4 games.
pub fn roll(game: Game, seed: u64) -> Board {
    let mut rng = StdRng::seed_from_u64(seed);
    let (side, dice): (usize, Vec<&str>) = match game {
        Game::Bigboggle | Game::Spellcast | Game::Letterpress => (5, BIG.to_vec()),
        Game::Superbigboggle => (6, BIG.iter().chain(BIG.iter()).copied().collect()),
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

/// Shakes `dice`, puts the first side x side of them in the grid and rolls each one (the others
/// stay out of this board).
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
        for die in CLASSIC_16.iter().chain(NEW_16.iter()).chain(BIG.iter()) {
            assert_eq!(faces(die).len(), 6, "{die}");
        }
    }

    #[test]
    fn big_boggle_has_the_26_listed_dice_and_a_roll_leaves_one_out() {
        // The rules list 26 Big Boggle dice; OOOTTU (the one an earlier list dropped) is one.
        assert_eq!(BIG.len(), 26);
        assert!(BIG.contains(&"OOOTTU"));
        // With more dice than cells, every die is sometimes in the grid and sometimes out.
        let mut rng = StdRng::seed_from_u64(3);
        let letters: Vec<String> = (0..64)
            .map(|_| roll_dice(&["AAAAAA", "BBBBBB"], 1, &mut rng).to_text())
            .collect();
        assert!(letters.iter().any(|l| l.starts_with('a')));
        assert!(letters.iter().any(|l| l.starts_with('b')));
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
