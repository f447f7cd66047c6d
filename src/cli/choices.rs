//! The command line's own value enums for `--game`, `--style`, `--order` and
//! `--wordament-multipliers`, so that clap stays off the library's types.
//!
//! Each mirrors a library enum variant for variant, with `From` conversions both ways written as
//! exhaustive matches: a variant added to the library does not compile until the CLI lists it.
//! A variant's doc comment is the help `--help` prints beside its value (the user-facing wording
//! of the library variant's doc).

use crate::render::StyleName;
use crate::replay::plan::Order;
use crate::score::{Game, WordamentMultipliers};
use clap::ValueEnum;

/// `--game`: the games of [`Game`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// Classic 4x4 Boggle: 3+ letters, 1 1 2 3 5 11.
    Boggle,
    /// Big Boggle (5x5): 4+ letters, Boggle table.
    Bigboggle,
    /// Super Big Boggle (6x6): 4+ letters, 1 2 3 5 11, then 2 x length from 9 letters.
    Superbigboggle,
    /// Wordament: sum of printed tile values x a length multiplier.
    Wordament,
    /// Ruzzle: letter values with DL/TL, times DW/TW, plus a length bonus; 2+ letters.
    Ruzzle,
    /// GamePigeon Word Hunt: 100 400 800 1400 1800 2200 2600, +400 a letter beyond 9.
    Wordhunt,
    /// Scramble With Friends / Word Streak: letter values with bonuses plus a length bonus.
    Scramble,
    /// Boggle With Friends: printed letter values with DL/TL/DW/TW, plus a length bonus; 3+ letters.
    Bwf,
    /// Discord SpellCast (5x5): letter values with DL/TL and the 2X word square, +10 from 6 letters.
    Spellcast,
    /// Letterpress: any tiles, no adjacency; a word is worth one point per tile (its length).
    Letterpress,
}

impl From<GameArg> for Game {
    fn from(arg: GameArg) -> Game {
        match arg {
            GameArg::Boggle => Game::Boggle,
            GameArg::Bigboggle => Game::Bigboggle,
            GameArg::Superbigboggle => Game::Superbigboggle,
            GameArg::Wordament => Game::Wordament,
            GameArg::Ruzzle => Game::Ruzzle,
            GameArg::Wordhunt => Game::Wordhunt,
            GameArg::Scramble => Game::Scramble,
            GameArg::Bwf => Game::Bwf,
            GameArg::Spellcast => Game::Spellcast,
            GameArg::Letterpress => Game::Letterpress,
        }
    }
}

impl From<Game> for GameArg {
    fn from(game: Game) -> GameArg {
        match game {
            Game::Boggle => GameArg::Boggle,
            Game::Bigboggle => GameArg::Bigboggle,
            Game::Superbigboggle => GameArg::Superbigboggle,
            Game::Wordament => GameArg::Wordament,
            Game::Ruzzle => GameArg::Ruzzle,
            Game::Wordhunt => GameArg::Wordhunt,
            Game::Scramble => GameArg::Scramble,
            Game::Bwf => GameArg::Bwf,
            Game::Spellcast => GameArg::Spellcast,
            Game::Letterpress => GameArg::Letterpress,
        }
    }
}

/// `--wordament-multipliers`: the tables of [`WordamentMultipliers`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MultipliersArg {
    /// 4-5 letters x1.5, 6-7 x2, 8+ x3 (three sources).
    Standard,
    /// 5 letters x1.5, 6-7 x2, 8+ x2.5 (one source).
    Alternate,
}

impl From<MultipliersArg> for WordamentMultipliers {
    fn from(arg: MultipliersArg) -> WordamentMultipliers {
        match arg {
            MultipliersArg::Standard => WordamentMultipliers::Standard,
            MultipliersArg::Alternate => WordamentMultipliers::Alternate,
        }
    }
}

impl From<WordamentMultipliers> for MultipliersArg {
    fn from(table: WordamentMultipliers) -> MultipliersArg {
        match table {
            WordamentMultipliers::Standard => MultipliersArg::Standard,
            WordamentMultipliers::Alternate => MultipliersArg::Alternate,
        }
    }
}

/// `--style`: the looks of [`StyleName`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StyleArg {
    /// White tiles on a pale grey board.
    Light,
    /// Slate tiles with white letters on a near-black board.
    Dark,
    /// Flat orange tiles with white letters and values in the corner, like Wordament.
    Wordament,
    /// Cream dice with brown letters on a wooden tray.
    Wood,
}

impl From<StyleArg> for StyleName {
    fn from(arg: StyleArg) -> StyleName {
        match arg {
            StyleArg::Light => StyleName::Light,
            StyleArg::Dark => StyleName::Dark,
            StyleArg::Wordament => StyleName::Wordament,
            StyleArg::Wood => StyleName::Wood,
        }
    }
}

impl From<StyleName> for StyleArg {
    fn from(style: StyleName) -> StyleArg {
        match style {
            StyleName::Light => StyleArg::Light,
            StyleName::Dark => StyleArg::Dark,
            StyleName::Wordament => StyleArg::Wordament,
            StyleName::Wood => StyleArg::Wood,
        }
    }
}

/// `--order`: the replay orders of [`Order`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OrderArg {
    /// Best score first (the solver's order).
    Score,
    /// Longest first.
    Length,
    /// Short mouse travel: the best `--limit` words, toured nearest-neighbour from end to start.
    Travel,
}

impl From<OrderArg> for Order {
    fn from(arg: OrderArg) -> Order {
        match arg {
            OrderArg::Score => Order::Score,
            OrderArg::Length => Order::Length,
            OrderArg::Travel => Order::Travel,
        }
    }
}

impl From<Order> for OrderArg {
    fn from(order: Order) -> OrderArg {
        match order {
            Order::Score => OrderArg::Score,
            Order::Length => OrderArg::Length,
            Order::Travel => OrderArg::Travel,
        }
    }
}

/// The name `--style` accepts for a look (`render --json` reports it).
pub fn style_value_name(style: StyleArg) -> String {
    style
        .to_possible_value()
        .map(|value| value.get_name().to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--game` offers exactly [`Game::ALL`], in that order, each under the name the library
    /// prints and parses (`Game`'s Display and FromStr).
    #[test]
    fn game_values_are_the_library_games() {
        let games: Vec<Game> = GameArg::value_variants()
            .iter()
            .map(|&arg| Game::from(arg))
            .collect();
        assert_eq!(games, Game::ALL);
        for &arg in GameArg::value_variants() {
            let name = arg.to_possible_value().unwrap().get_name().to_string();
            assert_eq!(name, Game::from(arg).to_string());
            assert_eq!(GameArg::from(Game::from(arg)), arg);
        }
    }

    /// `--style` offers exactly [`StyleName::ALL`], in that order.
    #[test]
    fn style_values_are_the_library_styles() {
        let styles: Vec<StyleName> = StyleArg::value_variants()
            .iter()
            .map(|&arg| StyleName::from(arg))
            .collect();
        assert_eq!(styles, StyleName::ALL);
        assert_eq!(style_value_name(StyleArg::Wordament), "wordament");
    }

    /// The conversions of `--order` and `--wordament-multipliers` round-trip, and the defaults
    /// agree with the library's.
    #[test]
    fn order_and_multipliers_round_trip() {
        for &arg in OrderArg::value_variants() {
            assert_eq!(OrderArg::from(Order::from(arg)), arg);
        }
        for &arg in MultipliersArg::value_variants() {
            assert_eq!(MultipliersArg::from(WordamentMultipliers::from(arg)), arg);
        }
        assert_eq!(Order::from(OrderArg::Score), Order::default());
        assert_eq!(
            WordamentMultipliers::from(MultipliersArg::Standard),
            WordamentMultipliers::default()
        );
        assert_eq!(StyleName::from(StyleArg::Light), StyleName::default());
    }
}
