//! Printed values and letters weighed with the game's letter table as a second witness.
//!
//! The games that print letter values (Wordament, Ruzzle, Boggle With Friends, SpellCast,
//! Scramble) print one value per letter: their table. Once the game is known and every value
//! read surely on the board's other single-letter tiles follows its table, a value the model
//! read unsurely (digits a few pixels high, a digit next to an icon) is weighed with the
//! table: when the model's own readings give the table's value a fair share of their
//! probability, that value is reported, as sure as the two witnesses together make it.
//!
//! The table never overrules the picture: a value whose readings give the table's value
//! little probability is never made the table's; read surely, it stands, and read unsurely, it
//! is left out as unreadable (against the table it is more likely wrong), even when so many
//! values were read unsurely against it that it cannot be weighed, as long as the values read
//! steadily all follow it (see [`steady_witnesses_overrule`]). Where the picture
//! shows no value at all on a tile (its digit too faint or too small to be found as a mark),
//! the table alone is a witness: these games print a value on every tile, so the table's value
//! is reported, but never promised (at most [`TABLE_ALONE_AT_MOST`] sure). Nothing is done when
//! the sure values do not all follow the table (another language's table, a game's special
//! tiles), when the game is not known, or for special tiles (`QU`, `RE-`, `U/L`), which print
//! their own value.
//!
//! The table witnesses letters too ([`weigh_letters`]): a letter read surely whose value, read
//! steadily, is another letter's, on a board whose other steady values follow the table, is
//! weighed with its readings (an `I` whose tile prints `H`'s value may be the `H` the model
//! named second), and is never promised when the two witnesses still disagree. Unlike values,
//! letters are weighed even when the game is not recognised surely: with the table of the
//! game whose table the most steady values follow.

use super::doubt::DOUBT_BELOW;
use super::game::VALUED;
use super::{BoardReading, MarkDoubt, MarkKind};
use crate::score::{Game, Rules};

/// A single-letter tile whose letter is read at least this sure and whose value is reported is
/// a witness of the board's table; one whose value is read this sure too is a sure witness.
const WITNESS_SURE: f32 = 0.9;
/// A doubted letter counts as sure for weighing its value (see [`letter_sure_for_its_value`])
/// only when no letter printing another value is read at least this sure.
const OTHER_VALUE_AT_MOST: f32 = 0.05;
/// A witness whose value is read at least this sure is steady: small digits are read at most
/// this sure (`SMALL_DIGIT_CONFIDENCE` in notation.rs), and at 80-90% values were wrong 1 time
/// in 321 over every set and probe.
const STEADY_WITNESS_SURE: f32 = 0.85;
/// The table is weighed only when at least this many witnesses follow it ...
const MIN_WITNESSES: usize = 6;
/// ... at least this share of them (small values are often read unsurely and sometimes
/// wrongly) and every sure witness.
const MIN_FOLLOWING_SHARE: f32 = 0.85;
/// The model's readings of a value must give the table's value at least this share of their
/// probability: less, and the picture says the tile shows something else. At 0.2 before (the
/// Bayes weighing alone keeps a weakly supported value below [`DOUBT_BELOW`] unless many
/// witnesses follow the table): over every set and probe, 25 values listed unreadable gave
/// their (the table's) value 5-20%; at 0.1, 7 of them are reported right (a SpellCast `Q` whose
/// small `8` the model read `5` 76%, `8` 18%), at 60-90%, and no value is reported wrong.
const MIN_TABLE_SUPPORT: f32 = 0.1;
/// A value no mark was found for is the table's with at most this confidence: below the
/// promise of [`WITNESS_SURE`], since the picture did not witness it. Measured on every set and
/// probe (see `BENCHMARKS.md`): every such value was right.
const TABLE_ALONE_AT_MOST: f32 = 0.85;

/// Weighs every unsure printed value of `reading` with its game's letter table (see the module
/// documentation). Run after the game is recognised.
pub(crate) fn weigh_values(reading: &mut BoardReading) {
    let game = reading.game.game;
    if !reading.game.certain || !VALUED.contains(&game) || reading.board.values.is_none() {
        return;
    }
    let tiles: Vec<TileValue> = tile_values(reading, game);
    if tiles
        .iter()
        .any(|t| t.is_sure_witness() && !t.follows_table())
    {
        return;
    }
    for tile in tiles
        .iter()
        .filter(|t| t.letter_sure && t.value_sure < WITNESS_SURE)
    {
        let others = || {
            tiles
                .iter()
                .filter(|t| t.is_witness() && !std::ptr::eq(*t, tile))
        };
        let (witnesses, following) = witnesses_following(others());
        if !followed_enough(witnesses, following, MIN_FOLLOWING_SHARE) {
            if steady_witnesses_overrule(tile, others()) {
                unsettle(reading, tile);
            }
            continue;
        }
        let trust = table_trust(witnesses, following);
        match tile.weighed(trust) {
            Some((value, sure)) if sure >= DOUBT_BELOW && sure > tile.value_sure => {
                settle(reading, tile, value, sure)
            }
            _ if tile.value.is_some() && !tile.follows_table() => unsettle(reading, tile),
            _ if tile.is_unseen() => {
                settle(reading, tile, tile.table, trust.min(TABLE_ALONE_AT_MOST))
            }
            _ => {}
        }
    }
}

/// A letter whose printed value, read steadily, is not its table's, on a board whose other
/// steady values all follow the table, is reported at most this sure: the two witnesses
/// disagree, so one of them is wrong and neither the letter nor the value can be promised.
/// Below [`DOUBT_BELOW`], so the board takes such a tile as its likely readings.
const CONTRADICTED_AT_MOST: f32 = 0.5;
/// ... and its value at most this sure: still reported (values are read far more surely than
/// letters in unfamiliar print), but not promised.
const CONTRADICTED_VALUE_AT_MOST: f32 = 0.85;

/// Weighs the letter of every tile whose printed value, read steadily (at least
/// [`STEADY_WITNESS_SURE`]), is not the one its game's table gives that letter, on a board
/// whose other steady values follow the table (at least [`MIN_WITNESSES`], at least
/// [`MIN_FOLLOWING_SHARE`] of them; every one of them where the game is not recognised surely:
/// Word Blitz in French prints most letters at the English tables' values, but not `C`, `O`
/// or `N`). The printed value is a second witness of the letter: the
/// letter's readings are weighed with the table (Bayes: a reading that prints the value read
/// against one that does not, the table trusted as far as the board follows it), the likeliest
/// becomes the tile's reading, and a reading that still does not print the value read is
/// reported at most [`CONTRADICTED_AT_MOST`] sure, its value at most
/// [`CONTRADICTED_VALUE_AT_MOST`] (one of the two is wrong). Run after the game is recognised
/// and [`weigh_values`].
pub(crate) fn weigh_letters(reading: &mut BoardReading) {
    let Some(game) = followed_table(reading) else {
        return;
    };
    let rules = Rules::new(game);
    let tiles = tile_values(reading, game);
    let contradicted: Vec<&TileValue> = tiles
        .iter()
        .filter(|t| {
            t.value_sure >= STEADY_WITNESS_SURE
                && !t.follows_table()
                && reading.confidence[t.row][t.col] >= DOUBT_BELOW
        })
        .collect();
    let share = if reading.game.certain {
        MIN_FOLLOWING_SHARE
    } else {
        1.0
    };
    for tile in contradicted {
        let (witnesses, following) = witnesses_following(
            tiles
                .iter()
                .filter(|t| is_steady(t) && !std::ptr::eq(*t, tile)),
        );
        if !followed_enough(witnesses, following, share) {
            continue;
        }
        let trust = table_trust(witnesses, following);
        let badge = reading.board.bonuses.as_ref().map_or(String::new(), |b| {
            b[tile.row][tile.col].to_ascii_uppercase()
        });
        let value = tile.value.unwrap_or(tile.table);
        let prints_value = |text: &str| {
            single_letter(text).is_some_and(|l| printed_value(game, &rules, l, &badge) == value)
        };
        reweigh_letter(reading, (tile.row, tile.col), trust, prints_value);
    }
}

/// Whether `tile` witnesses its board's table steadily: its letter read surely and its value
/// at least [`STEADY_WITNESS_SURE`].
fn is_steady(tile: &TileValue) -> bool {
    tile.is_witness() && tile.value_sure >= STEADY_WITNESS_SURE
}

/// The game whose letter table a board's values are weighed with for its letters: the game
/// recognised, when it is sure and prints values; otherwise, on a board with values, the game
/// among those that print them whose table the most steady values follow (an unknown look whose
/// values still follow a table: a letter that prints another value is as doubtful there);
/// `None` when two tables are followed by as many (they may disagree on the letter weighed).
fn followed_table(reading: &BoardReading) -> Option<Game> {
    reading.board.values.as_ref()?;
    let recognised = reading.game.game;
    if reading.game.certain {
        return VALUED.contains(&recognised).then_some(recognised);
    }
    let following = |game: Game| {
        tile_values(reading, game)
            .iter()
            .filter(|t| is_steady(t) && t.follows_table())
            .count()
    };
    let counts: Vec<(Game, usize)> = VALUED.iter().map(|&g| (g, following(g))).collect();
    let most = counts.iter().map(|&(_, n)| n).max()?;
    let mut best = counts.iter().filter(|&&(_, n)| n == most);
    match (best.next(), best.next()) {
        (Some(&(game, _)), None) => Some(game),
        _ => None,
    }
}

/// Weighs the readings of the tile at `(r, c)` with a printed value the table is trusted on as
/// far as `trust` (see [`weigh_letters`]): each reading's probability times `trust` when it
/// prints the value read (`prints_value`), `1 - trust` when not; the probability the model left
/// to readings it did not list counts as printing the value (a letter the model did not name
/// may be the one printed). The likeliest reading becomes the tile's.
fn reweigh_letter(
    reading: &mut BoardReading,
    (r, c): (usize, usize),
    trust: f32,
    prints_value: impl Fn(&str) -> bool,
) {
    let mut readings: Vec<(String, f32)> =
        vec![(reading.board.tiles[r][c].clone(), reading.confidence[r][c])];
    readings.extend(reading.alternatives[r][c].iter().cloned());
    let listed: f32 = readings.iter().map(|(_, p)| p).sum();
    let unlisted = (1.0 - listed).max(0.0) * trust;
    let weighed: Vec<(String, f32)> = readings
        .into_iter()
        .map(|(text, p)| {
            let factor = if prints_value(&text) {
                trust
            } else {
                1.0 - trust
            };
            (text, p * factor)
        })
        .collect();
    let total = weighed.iter().map(|(_, w)| w).sum::<f32>() + unlisted;
    if total <= 0.0 {
        return;
    }
    let mut weighed: Vec<(String, f32)> = weighed
        .into_iter()
        .map(|(text, w)| (text, w / total))
        .collect();
    weighed.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (text, mut sure) = weighed.remove(0);
    if !prints_value(&text) {
        sure = sure.min(CONTRADICTED_AT_MOST);
        reading.value_confidence[r][c] =
            reading.value_confidence[r][c].min(CONTRADICTED_VALUE_AT_MOST);
    }
    reading.board.tiles[r][c] = text;
    reading.confidence[r][c] = sure;
    reading.alternatives[r][c] = weighed;
}

/// Lists as unreadable the value of every tile that shows none on a board that shows values
/// (the reading has values at all: most tiles show one, or the few found lie at one place in
/// their tiles). The games that print values print one on every tile, so a tile left
/// without one (its corner under a banner, a finger or a dimming popup, its digits too small to
/// find) hides a value the reader could not see: it is said, not passed over in silence as if
/// the tile had none. Holes (`.`) are no tiles; a value already reported or doubted is left as
/// it is. Run after [`weigh_values`], which may settle such a value from the game's table.
pub(crate) fn doubt_unseen_values(reading: &mut BoardReading) {
    let Some(values) = reading.board.values.as_ref() else {
        return;
    };
    let mut unseen = Vec::new();
    for (r, row) in reading.board.tiles.iter().enumerate() {
        for (c, tile) in row.iter().enumerate() {
            if tile != "."
                && values[r][c].is_none()
                && !reading.lists_unreadable((r, c), MarkKind::Value)
            {
                unseen.push((r, c));
            }
        }
    }
    for (r, c) in unseen {
        let doubt = value_doubt((r, c), &reading.value_choices[r][c]);
        reading.mark_doubts.push(doubt);
    }
}

/// The doubt that lists the value of the tile at `(r, c)` as unreadable, with the model's
/// readings of it (`choices`, most probable first; empty when nothing was read).
fn value_doubt((r, c): (usize, usize), choices: &[(u32, f32)]) -> MarkDoubt {
    MarkDoubt {
        row: r,
        col: c,
        kind: MarkKind::Value,
        choices: choices.iter().map(|(v, p)| (v.to_string(), *p)).collect(),
    }
}

/// Reports `value` for `tile`, `sure` sure, instead of what it had (an unreadable value's doubt
/// is settled).
fn settle(reading: &mut BoardReading, tile: &TileValue, value: u32, sure: f32) {
    let (r, c) = (tile.row, tile.col);
    if let Some(values) = reading.board.values.as_mut() {
        values[r][c] = Some(value);
    }
    reading.value_confidence[r][c] = sure;
    reading
        .mark_doubts
        .retain(|d| !d.is_at((r, c), MarkKind::Value));
}

/// Whether `tile`'s value, read against the table and less than [`STEADY_WITNESS_SURE`] sure,
/// is overruled by the other tiles (`others`) when too many values were read unsurely against
/// the table for it to be weighed (blurred or tiny digits: a `3` read as `1`): at least
/// [`MIN_WITNESSES`] of them read steadily, and every one of those follows the table. Such a
/// value is left out as unreadable, never made the table's.
fn steady_witnesses_overrule<'a>(
    tile: &TileValue,
    others: impl Iterator<Item = &'a TileValue>,
) -> bool {
    let steady: Vec<&TileValue> = others
        .filter(|t| t.value_sure >= STEADY_WITNESS_SURE)
        .collect();
    steady.len() >= MIN_WITNESSES
        && steady.iter().all(|t| t.follows_table())
        && tile.value_sure < STEADY_WITNESS_SURE
        && tile.value.is_some()
        && !tile.follows_table()
}

/// Leaves `tile`'s value out as unreadable, listed with the model's readings: read unsurely and
/// against a table the board follows (measured on every set and probe: 22 of 23 such values were
/// wrong), it is more likely wrong than right.
fn unsettle(reading: &mut BoardReading, tile: &TileValue) {
    let (r, c) = (tile.row, tile.col);
    if let Some(values) = reading.board.values.as_mut() {
        values[r][c] = None;
    }
    reading.value_confidence[r][c] = 0.0;
    reading.mark_doubts.push(value_doubt((r, c), &tile.choices));
}

/// How many of `witnesses` there are, and how many of them follow the table.
fn witnesses_following<'a>(witnesses: impl Iterator<Item = &'a TileValue>) -> (usize, usize) {
    witnesses.fold((0, 0), |(n, k), t| {
        (n + 1, k + usize::from(t.follows_table()))
    })
}

/// Whether a board's table is followed enough to be weighed: at least [`MIN_WITNESSES`] of
/// its `witnesses` follow it (`following`), and at least `share` of them.
fn followed_enough(witnesses: usize, following: usize, share: f32) -> bool {
    following >= MIN_WITNESSES && following as f32 >= share * witnesses as f32
}

/// How likely a single-letter tile is to print its table's value when `following` of
/// `witnesses` tiles do: Laplace's rule of succession.
fn table_trust(witnesses: usize, following: usize) -> f32 {
    (following as f32 + 1.0) / (witnesses as f32 + 2.0)
}

/// What one single-letter tile shows and what its game's table says it should print.
struct TileValue {
    row: usize,
    col: usize,
    /// Whether its letter was read sure enough to weigh its value (see
    /// [`letter_sure_for_its_value`]).
    letter_sure: bool,
    /// The value reported, and how sure (0 when none).
    value: Option<u32>,
    value_sure: f32,
    /// The model's readings of its value, most probable first.
    choices: Vec<(u32, f32)>,
    /// The value its table says the tile prints.
    table: u32,
}

impl TileValue {
    fn is_witness(&self) -> bool {
        self.letter_sure && self.value.is_some()
    }

    fn is_sure_witness(&self) -> bool {
        self.is_witness() && self.value_sure >= WITNESS_SURE
    }

    /// Whether no mark was found for its value at all (none reported, none doubted).
    fn is_unseen(&self) -> bool {
        self.value.is_none() && self.choices.is_empty()
    }

    fn follows_table(&self) -> bool {
        self.value == Some(self.table)
    }

    /// The table's value and how sure it is, weighing the model's readings with a table the
    /// board follows with probability `follows` (Bayes: the table's value against all the
    /// others); `None` when the readings give it less than [`MIN_TABLE_SUPPORT`].
    fn weighed(&self, follows: f32) -> Option<(u32, f32)> {
        let support: f32 = self
            .choices
            .iter()
            .filter(|(v, _)| *v == self.table)
            .map(|(_, p)| p)
            .sum();
        if support < MIN_TABLE_SUPPORT {
            return None;
        }
        let support = support.min(1.0);
        let table_side = follows * support;
        let other_side = (1.0 - follows) * (1.0 - support);
        Some((self.table, table_side / (table_side + other_side)))
    }
}

/// The single-letter tiles of `reading` (not holes, not special tiles, not unread), with what
/// `game`'s table says each prints.
fn tile_values(reading: &BoardReading, game: Game) -> Vec<TileValue> {
    let rules = Rules::new(game);
    let board = &reading.board;
    let mut out = Vec::new();
    for (r, row) in board.tiles.iter().enumerate() {
        for (c, tile) in row.iter().enumerate() {
            let Some(letter) = single_letter(tile) else {
                continue;
            };
            let badge = board
                .bonuses
                .as_ref()
                .map_or("", |b| b[r][c].as_str())
                .to_ascii_uppercase();
            let value = board.values.as_ref().and_then(|v| v[r][c]);
            let table = printed_value(game, &rules, letter, &badge);
            let prints_table = |other: char| printed_value(game, &rules, other, &badge) == table;
            out.push(TileValue {
                row: r,
                col: c,
                letter_sure: letter_sure_for_its_value(reading, (r, c), prints_table),
                value,
                value_sure: if value.is_some() {
                    reading.value_confidence[r][c]
                } else {
                    0.0
                },
                choices: reading.value_choices[r][c].clone(),
                table,
            });
        }
    }
    out
}

/// Whether the letter of the single-letter tile at `(r, c)` is sure enough for its value to be
/// weighed with its game's table: read at least [`WITNESS_SURE`] sure, or doubted between letters
/// that print the same value (`prints_table`: an `I` whose lifted copy under a banner read `T`:
/// both print 2 in Wordament) which hold at least that much together, with no reading of another
/// value at [`OTHER_VALUE_AT_MOST`] or more.
fn letter_sure_for_its_value(
    reading: &BoardReading,
    (r, c): (usize, usize),
    prints_table: impl Fn(char) -> bool,
) -> bool {
    let sure = reading.confidence[r][c];
    if sure >= WITNESS_SURE {
        return true;
    }
    let mut same_value = sure;
    for (alternative, p) in &reading.alternatives[r][c] {
        match single_letter(alternative) {
            Some(other) if prints_table(other) => same_value += p,
            _ if *p >= OTHER_VALUE_AT_MOST => return false,
            _ => {}
        }
    }
    same_value >= WITNESS_SURE
}

/// The letter of a tile's reading that is one ASCII letter; `None` for any other (a digram, a
/// special tile, a hole, nothing read).
fn single_letter(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(letter), None) if letter.is_ascii_alphabetic() => Some(letter),
        _ => None,
    }
}

/// The value `game` prints on a tile of `letter` with `badge`: its table's, except that
/// SpellCast prints a letter's value already doubled or tripled on a `DL` or `TL` tile.
fn printed_value(game: Game, rules: &Rules, letter: char, badge: &str) -> u32 {
    let value = rules.letter_value(letter);
    match (game, badge) {
        (Game::Spellcast, "DL") => 2 * value,
        (Game::Spellcast, "TL") => 3 * value,
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardJson;
    use crate::vision::game::GameGuess;

    /// A one-row Wordament reading of `letters` (each read 99% sure) whose values are all read
    /// 99% sure and follow the table, except the last tile's, read as `choices` (reported when
    /// its first choice is at least [`DOUBT_BELOW`] sure, else a doubt).
    fn wordament_row(letters: &str, choices: Vec<(u32, f32)>) -> BoardReading {
        let rules = Rules::new(Game::Wordament);
        let n = letters.len();
        let tiles: Vec<String> = letters.chars().map(|c| c.to_string()).collect();
        let mut values: Vec<Option<u32>> = letters
            .chars()
            .map(|c| Some(rules.letter_value(c)))
            .collect();
        let mut value_confidence = vec![0.99; n];
        let mut value_choices: Vec<Vec<(u32, f32)>> =
            values.iter().map(|v| vec![(v.unwrap(), 0.99)]).collect();
        let mut mark_doubts = Vec::new();
        let (first, sure) = choices[0];
        if sure >= DOUBT_BELOW {
            values[n - 1] = Some(first);
            value_confidence[n - 1] = sure;
        } else {
            values[n - 1] = None;
            value_confidence[n - 1] = 0.0;
            mark_doubts.push(value_doubt((0, n - 1), &choices));
        }
        value_choices[n - 1] = choices;
        let board = BoardJson {
            rows: 1,
            cols: n,
            tiles: vec![tiles],
            values: Some(vec![values]),
            bonuses: None,
        };
        let game = GameGuess {
            game: Game::Wordament,
            reason: String::new(),
            certain: true,
            unowned: None,
        };
        let mut reading = BoardReading::one_row(board, [0.99, 0.99, 0.0], game);
        reading.value_confidence = vec![value_confidence];
        reading.value_choices = vec![value_choices];
        reading.mark_doubts = mark_doubts;
        reading
    }

    fn last_value(reading: &BoardReading) -> (Option<u32>, f32) {
        let n = reading.board.cols;
        (
            reading.board.values.as_ref().unwrap()[0][n - 1],
            reading.value_confidence[0][n - 1],
        )
    }

    #[test]
    fn an_unreadable_value_the_model_and_the_table_agree_on_is_read() {
        // Wordament's K is 6; the model half saw a 6.
        let mut reading = wordament_row("STARLINEK", vec![(6, 0.45), (5, 0.2)]);
        weigh_values(&mut reading);
        let (value, sure) = last_value(&reading);
        assert_eq!(value, Some(6));
        assert!(sure >= 0.85, "eight witnesses and 45%: {sure}");
        assert!(reading.mark_doubts.is_empty(), "the doubt is settled");
    }

    /// A doubted letter whose readings all print the same value (an `I` its lifted copy read
    /// `T`, both 2 in Wordament) is sure enough to weigh its value; one whose readings print
    /// other values (an `I` that may be a `K`, 6) is not.
    #[test]
    fn a_doubted_letter_whose_readings_print_one_value_has_its_value_weighed() {
        let doubted = |alternatives: Vec<(&str, f32)>| {
            let mut reading = wordament_row("STARLINEI", vec![(2, 0.45), (5, 0.2)]);
            reading.confidence[0][8] = 0.5;
            reading.alternatives[0][8] = alternatives
                .into_iter()
                .map(|(a, p)| (a.to_string(), p))
                .collect();
            weigh_values(&mut reading);
            last_value(&reading)
        };
        let (value, sure) = doubted(vec![("T", 0.45), ("L", 0.01)]);
        assert_eq!(value, Some(2), "I and T both print 2");
        assert!(sure >= DOUBT_BELOW, "{sure}");
        assert_eq!(
            doubted(vec![("K", 0.45)]),
            (None, 0.0),
            "K prints 6: the value is left unreadable"
        );
        assert_eq!(
            doubted(vec![("T", 0.3)]),
            (None, 0.0),
            "I and T hold only 80% together"
        );
        assert_eq!(
            doubted(vec![("T", 0.38), ("K", 0.06)]),
            (None, 0.0),
            "a K at 6% is too likely"
        );
    }

    #[test]
    fn a_value_the_model_gives_the_table_little_of_is_not_made_the_tables() {
        let mut reading = wordament_row("STARLINEK", vec![(8, 0.5), (6, 0.05)]);
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (None, 0.0));
        assert_eq!(reading.mark_doubts.len(), 1);
        let mut reading = wordament_row("STARLINEK", vec![(8, 0.7), (6, 0.05)]);
        weigh_values(&mut reading);
        assert_eq!(
            last_value(&reading),
            (None, 0.0),
            "read unsurely against the table"
        );
        assert_eq!(reading.mark_doubts[0].choices[0], ("8".to_string(), 0.7));
        let mut reading = wordament_row("STARLINEK", vec![(8, 0.95), (6, 0.01)]);
        weigh_values(&mut reading);
        assert_eq!(
            last_value(&reading),
            (Some(8), 0.95),
            "a sure reading stands"
        );
    }

    /// A small digit read as another one, the table's value second: weighed with many
    /// witnesses, the table's value wins, reported but not promised; with few, it stays
    /// unreadable.
    #[test]
    fn a_value_read_as_another_with_the_tables_second_is_the_tables_on_a_large_board() {
        // Wordament's K is 6; the model read 5 76%, 6 18%. Twenty-four witnesses.
        let letters = "STARLINESTARLINESTARLINEK";
        let mut reading = wordament_row(letters, vec![(5, 0.76), (6, 0.18)]);
        weigh_values(&mut reading);
        let (value, sure) = last_value(&reading);
        assert_eq!(value, Some(6));
        assert!((0.76..WITNESS_SURE).contains(&sure), "{sure}");
        assert!(reading.mark_doubts.is_empty());
        // Eight witnesses: not enough to outweigh the picture's 76%.
        let mut reading = wordament_row("STARLINEK", vec![(5, 0.76), (6, 0.18)]);
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (None, 0.0));
        assert_eq!(reading.mark_doubts.len(), 1);
    }

    #[test]
    fn a_table_the_sure_values_break_or_too_few_follow_is_no_witness() {
        let mut reading = wordament_row("STARLINEK", vec![(6, 0.45)]);
        reading.board.values.as_mut().unwrap()[0][0] = Some(9); // S read surely as 9
        weigh_values(&mut reading);
        assert_eq!(
            last_value(&reading),
            (None, 0.0),
            "the board breaks the table"
        );
        let mut reading = wordament_row("STARLINEK", vec![(6, 0.45)]);
        let values = reading.board.values.as_mut().unwrap();
        values[0][0] = Some(9); // S, T and A read as 9, 1 and 5, each 70% sure
        values[0][1] = Some(1);
        values[0][2] = Some(5);
        reading.value_confidence[0][..3].fill(0.7);
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (None, 0.0), "5 of 8 follow the table");
        let mut reading = wordament_row("STARK", vec![(6, 0.45)]);
        weigh_values(&mut reading);
        assert_eq!(
            last_value(&reading),
            (None, 0.0),
            "four witnesses are too few"
        );
    }

    /// [`wordament_row`] with no mark found for the last tile's value.
    fn wordament_row_unseen_last(letters: &str) -> BoardReading {
        let mut reading = wordament_row(letters, vec![(1, 0.99)]);
        let n = reading.board.cols;
        reading.board.values.as_mut().unwrap()[0][n - 1] = None;
        reading.value_confidence[0][n - 1] = 0.0;
        reading.value_choices[0][n - 1].clear();
        reading
    }

    #[test]
    fn a_value_no_mark_was_found_for_is_the_tables_but_not_promised() {
        // Wordament's K is 6; nothing was seen in the K's corner.
        let mut reading = wordament_row_unseen_last("STARLINEK");
        weigh_values(&mut reading);
        let (value, sure) = last_value(&reading);
        assert_eq!(value, Some(6));
        assert!(
            (DOUBT_BELOW..WITNESS_SURE).contains(&sure),
            "reported, not promised: {sure}"
        );
        // Too few witnesses, or an uncertain game: nothing is said.
        let mut reading = wordament_row_unseen_last("STARK");
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (None, 0.0));
        let mut reading = wordament_row_unseen_last("STARLINEK");
        reading.game.certain = false;
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (None, 0.0));
        // A value doubted (seen but not read) is not the table's alone.
        let mut reading = wordament_row("STARLINEK", vec![(8, 0.5), (3, 0.1)]);
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (None, 0.0));
    }

    #[test]
    fn values_read_unsurely_against_a_table_the_steady_values_follow_are_left_out() {
        // Wordament's K is 6, its E 1. Ten tiles: six steady values (85%, small digits) that
        // follow the table, three E read 2 at 70% (so too few follow it to weigh it), and the
        // K read 4 at 70%.
        let steady_and_unsure = |last: Vec<(u32, f32)>| {
            let mut reading = wordament_row("STARLIEEEK", last);
            for c in 0..9 {
                reading.value_confidence[0][c] = 0.85;
            }
            for c in 6..9 {
                reading.board.values.as_mut().unwrap()[0][c] = Some(2);
                reading.value_confidence[0][c] = 0.7;
                reading.value_choices[0][c] = vec![(2, 0.7)];
            }
            reading
        };
        let mut reading = steady_and_unsure(vec![(4, 0.7)]);
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (None, 0.0));
        assert!(reading.lists_unreadable((0, 9), MarkKind::Value));
        // A value read steadily against the table stands; one that follows it stands too.
        let mut reading = steady_and_unsure(vec![(4, 0.85)]);
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (Some(4), 0.85));
        let mut reading = steady_and_unsure(vec![(6, 0.7)]);
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (Some(6), 0.7));
        // Too few steady witnesses: nothing is said against the value.
        let mut reading = steady_and_unsure(vec![(4, 0.7)]);
        reading.value_confidence[0][0] = 0.7;
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (Some(4), 0.7));
    }

    #[test]
    fn a_tile_without_the_value_its_board_shows_elsewhere_has_it_listed_unreadable() {
        // A board of 9 tiles with a value on 8: the last tile's is listed, not passed over.
        let mut reading = wordament_row_unseen_last("STARLINEK");
        reading.game.certain = false; // the table cannot settle it
        weigh_values(&mut reading);
        doubt_unseen_values(&mut reading);
        assert_eq!(last_value(&reading), (None, 0.0));
        assert_eq!(reading.mark_doubts.len(), 1);
        let doubt = &reading.mark_doubts[0];
        assert_eq!((doubt.row, doubt.col, doubt.kind), (0, 8, MarkKind::Value));
        assert!(doubt.choices.is_empty(), "nothing was read: {doubt:?}");
        assert_eq!(doubt.to_string(), "(0,8): value unreadable, left out");
        // Run again: a value already doubted is not listed twice.
        doubt_unseen_values(&mut reading);
        assert_eq!(reading.mark_doubts.len(), 1);
        // A hole is no tile; a board without values (the reading judged it shows none) has
        // none to hide.
        let mut reading = wordament_row_unseen_last("STARLINEK");
        reading.board.tiles[0][8] = ".".into();
        doubt_unseen_values(&mut reading);
        assert!(reading.mark_doubts.is_empty());
        let mut reading = wordament_row_unseen_last("STARLINEK");
        reading.board.values = None;
        doubt_unseen_values(&mut reading);
        assert!(reading.mark_doubts.is_empty());
        // A board that shows values, where most were not found, has every other listed.
        let mut reading = wordament_row_unseen_last("STARLINEKSTARLINEKSTA");
        let values = reading.board.values.as_mut().unwrap();
        values[0][..14].fill(None);
        doubt_unseen_values(&mut reading);
        assert_eq!(reading.mark_doubts.len(), 15, "values on 6 of 21 tiles");
        // A board the table settles has nothing to list.
        let mut reading = wordament_row_unseen_last("STARLINEK");
        weigh_values(&mut reading);
        doubt_unseen_values(&mut reading);
        assert!(reading.mark_doubts.is_empty());
    }

    #[test]
    fn an_uncertain_game_or_a_special_tile_is_left_alone() {
        let mut reading = wordament_row("STARLINEK", vec![(6, 0.45)]);
        reading.game.certain = false;
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (None, 0.0));
        let mut reading = wordament_row("STARLINEK", vec![(6, 0.45)]);
        reading.board.tiles[0][8] = "QU".into();
        weigh_values(&mut reading);
        assert_eq!(last_value(&reading), (None, 0.0));
    }

    #[test]
    fn spellcast_prints_a_letters_value_doubled_on_its_dl_tile() {
        let rules = Rules::new(Game::Spellcast);
        assert_eq!(printed_value(Game::Spellcast, &rules, 'V', "DL"), 10);
        assert_eq!(printed_value(Game::Spellcast, &rules, 'V', ""), 5);
        let bwf = Rules::new(Game::Bwf);
        assert_eq!(printed_value(Game::Bwf, &bwf, 'Q', "DL"), 10);
    }

    /// A Wordament row whose last tile is read `I` as `readings` say (the first its reading,
    /// the others its alternatives) and whose value is read `value`, 95% sure; every other
    /// letter and value read 99% sure and following the table.
    fn wordament_row_last_letter(readings: &[(&str, f32)], value: u32) -> BoardReading {
        let mut reading = wordament_row("STARLINEI", vec![(value, 0.95)]);
        let (read, sure) = readings[0];
        reading.board.tiles[0][8] = read.to_string();
        reading.confidence[0][8] = sure;
        reading.alternatives[0][8] = readings[1..]
            .iter()
            .map(|&(a, p)| (a.to_string(), p))
            .collect();
        reading
    }

    fn last_letter(reading: &BoardReading) -> (String, f32) {
        (reading.board.tiles[0][8].clone(), reading.confidence[0][8])
    }

    #[test]
    fn a_sure_letter_whose_steady_value_is_another_letters_is_doubted() {
        let wordament = Rules::new(Game::Wordament);
        let h = wordament.letter_value('H');
        assert_ne!(h, wordament.letter_value('I'));
        let mut reading = wordament_row_last_letter(&[("I", 0.99), ("H", 0.009)], h);
        weigh_letters(&mut reading);
        let (letter, sure) = last_letter(&reading);
        assert_eq!(letter, "I", "H is far less likely in the picture");
        assert!(sure < DOUBT_BELOW, "the value says H: {sure}");
        let value_sure = reading.value_confidence[0][8];
        assert!(
            value_sure < WITNESS_SURE,
            "nor is the value promised: {value_sure}"
        );
        assert_eq!(reading.board.values.as_ref().unwrap()[0][8], Some(h));
    }

    #[test]
    fn a_letter_whose_alternative_prints_the_steady_value_becomes_that_alternative() {
        let h = Rules::new(Game::Wordament).letter_value('H');
        let mut reading = wordament_row_last_letter(&[("I", 0.69), ("H", 0.3)], h);
        weigh_letters(&mut reading);
        let (letter, sure) = last_letter(&reading);
        assert_eq!(letter, "H");
        assert!((DOUBT_BELOW..WITNESS_SURE).contains(&sure), "{sure}");
        assert_eq!(
            reading.alternatives[0][8][0].0, "I",
            "the reading read is kept"
        );
        assert_eq!(reading.value_confidence[0][8], 0.95, "the value stands");
    }

    #[test]
    fn a_letter_its_value_agrees_with_or_a_board_off_its_table_is_left_alone() {
        let wordament = Rules::new(Game::Wordament);
        let i = wordament.letter_value('I');
        let mut agrees = wordament_row_last_letter(&[("I", 0.99), ("H", 0.009)], i);
        weigh_letters(&mut agrees);
        assert_eq!(last_letter(&agrees), ("I".to_string(), 0.99));
        // Three of the other values off the table: another language's table, not a witness.
        let h = wordament.letter_value('H');
        let mut off = wordament_row_last_letter(&[("I", 0.99), ("H", 0.009)], h);
        let values = off.board.values.as_mut().unwrap();
        for v in values[0].iter_mut().take(3) {
            *v = Some(v.unwrap() + 1);
        }
        weigh_letters(&mut off);
        assert_eq!(last_letter(&off), ("I".to_string(), 0.99));
    }

    #[test]
    fn where_the_game_is_not_sure_every_other_steady_value_must_follow_the_table() {
        let wordament = Rules::new(Game::Wordament);
        let h = wordament.letter_value('H');
        let uncertain = |off: usize| {
            let mut reading = wordament_row_last_letter(&[("I", 0.69), ("H", 0.3)], h);
            reading.game.certain = false;
            let values = reading.board.values.as_mut().unwrap();
            for v in values[0].iter_mut().take(off) {
                *v = Some(v.unwrap() + 1);
            }
            weigh_letters(&mut reading);
            last_letter(&reading).0
        };
        assert_eq!(uncertain(0), "H", "all eight follow Wordament's table");
        // Seven of eight follow (a table of another language): not weighed.
        assert_eq!(uncertain(1), "I");
    }
}
