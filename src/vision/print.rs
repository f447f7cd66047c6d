//! Print the recognition model does not know: letters in a typeface unlike any it was trained
//! on read with confidences that promise nothing.
//!
//! The model reads the letters of every typeface it knows at 95% and more, whatever the damage
//! to the picture, but for the letters the damage hides, which it cannot read at all (under 60%)
//! or which the reader's tests doubt (a band across them, a cover over them). A typeface it has
//! never seen it reads at anything from 30% to 99%, and wrongly as often as not, its surest reads
//! too: a heavy rounded display face's `E` read `U` at 92-99%, an `R` read `Q` at 99%. A board is
//! such print when, of its letters no test doubted, a quarter read below [`FAMILIAR_CONFIDENCE`]
//! and at least [`LEAST_HALF_KNOWN`] of them half-known (from 60% to 95%); its letters and its
//! values, printed in the same face, are then all doubted.
//!
//! Measured over the real screenshots and fixtures and the `alert`, `swipe` (four draws), `gmix`,
//! `tmix` and `bannerB` probes (a debug build printing each board's count of undoubted letters in
//! each band; 2,213 images): no board has both. Boards with a quarter of such letters unsure (19:
//! an alert over most of the board, a photo of dice) show at most one half-known letter; boards
//! with two half-known letters (a few) have fewer than a quarter unsure. The boards of the
//! unseen-fonts probe (`benches/reader/make_fonts.py`) show both: the rule was made on its first
//! set of faces (the letters and values read wrongly at 90% and more, 94 of them on 162 boards,
//! nearly all on the boards of two faces), where it leaves 1; on a second set of 21 faces, looked
//! at when choosing two half-known letters over three, 406 -> 77; on a third, never looked at
//! before it was scored, 627 -> 110. The four real help-page captures of an Android word game in
//! a heavy rounded face (`fixtures/real/round10`), one of whose `D`s read `O` at 91%, are said to
//! be such print.

use super::BoardReading;
use super::doubt::DOUBT_BELOW;

/// A letter read at least this sure is one the model knows the print of (see the module
/// documentation).
const FAMILIAR_CONFIDENCE: f32 = 0.95;

/// A board whose letters that no test doubted read below [`FAMILIAR_CONFIDENCE`] at least this
/// share of the time, [`LEAST_HALF_KNOWN`] of them half-known, is in print the model does not
/// know.
const UNFAMILIAR_SHARE: f32 = 0.25;

/// Fewest letters that no test doubted for their share to be weighed (a board mostly hidden
/// says too little of its print).
const LEAST_LETTERS: usize = 8;

/// Fewest letters no test doubted read half-known (from [`DOUBT_BELOW`] to
/// [`FAMILIAR_CONFIDENCE`]) for the print to be unfamiliar: damage to the picture (an alert over
/// the board, a band the tests missed, a photo's dice turned every way) leaves letters the model
/// cannot read at all beside letters it reads at 99%, and on no board of the real sets and of the
/// `alert`, `swipe`, `gmix`, `tmix` and `bannerB` probes with a quarter of its letters unsure
/// were more than one in between (at most two on any board); print the model does not know
/// leaves many in between.
const LEAST_HALF_KNOWN: usize = 2;

/// The most confidence a letter or value of a board in unfamiliar print keeps: below the doubt
/// threshold, so that its tiles are listed as doubtful with the model's other readings.
pub(crate) const UNFAMILIAR_PRINT_CONFIDENCE: f32 = 0.5;

/// Whether the board's print is unfamiliar to the model (see the module documentation), from its
/// letters' readings: for each tile's main reading that read something, the (first) model's
/// confidence, and whether one of the reader's tests doubted the letter (a band across it, a
/// cover over it). Of the letters no test doubted (at least [`LEAST_LETTERS`]), at least
/// [`UNFAMILIAR_SHARE`] read below [`FAMILIAR_CONFIDENCE`], and at least [`LEAST_HALF_KNOWN`] of
/// those read half-known (at least [`DOUBT_BELOW`]). The rule was measured on the first model's
/// confidences; the reader weighs it on those and on the confidences the second opinion leaves
/// (see [`super::ocr::mixed`]), and says the print is unfamiliar when either says so.
pub(crate) fn is_unfamiliar(letters: impl IntoIterator<Item = (f32, bool)>) -> bool {
    let undoubted: Vec<f32> = letters
        .into_iter()
        .filter(|&(_, doubted)| !doubted)
        .map(|(model, _)| model)
        .collect();
    let unsure = undoubted.iter().filter(|&&c| c < FAMILIAR_CONFIDENCE);
    let half_known = unsure.clone().filter(|&&c| c >= DOUBT_BELOW).count();
    undoubted.len() >= LEAST_LETTERS
        && unsure.count() as f32 >= UNFAMILIAR_SHARE * undoubted.len() as f32
        && half_known >= LEAST_HALF_KNOWN
}

/// Doubts every letter and value of `reading`, a board in print the model does not know: each
/// keeps at most [`UNFAMILIAR_PRINT_CONFIDENCE`].
pub(crate) fn doubt_all(reading: &mut BoardReading) {
    let caps = reading
        .confidence
        .iter_mut()
        .chain(reading.value_confidence.iter_mut());
    for c in caps.flatten() {
        *c = c.min(UNFAMILIAR_PRINT_CONFIDENCE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` letters read `model` sure, none doubted.
    fn read(n: usize, model: f32) -> Vec<(f32, bool)> {
        vec![(model, false); n]
    }

    #[test]
    fn a_board_read_surely_is_in_familiar_print() {
        let mut letters = read(15, 0.99);
        letters.extend(read(1, 0.7));
        assert!(!is_unfamiliar(letters));
    }

    #[test]
    fn a_board_with_a_quarter_of_its_letters_unsure_is_in_unfamiliar_print() {
        let mut letters = read(12, 0.99);
        letters.extend(read(4, 0.93));
        assert!(is_unfamiliar(letters.clone()));
        // One unsure letter fewer is under a quarter.
        letters[12] = (0.99, false);
        assert!(!is_unfamiliar(letters));
    }

    #[test]
    fn letters_a_test_doubted_do_not_count() {
        // Six letters under a band, doubted: their unsure reads are the band's doing.
        let mut letters = read(10, 0.99);
        letters.extend(vec![(0.8, true); 6]);
        assert!(!is_unfamiliar(letters));
    }

    #[test]
    fn too_few_letters_say_nothing_of_the_print() {
        assert!(!is_unfamiliar(read(7, 0.8)));
        assert!(is_unfamiliar(read(8, 0.8)));
    }

    #[test]
    fn letters_the_model_cannot_read_at_all_are_damage_not_print() {
        // An alert hides four letters the model reads at 30%; the rest read surely.
        let mut letters = read(10, 0.99);
        letters.extend(read(4, 0.3));
        assert!(!is_unfamiliar(letters.clone()));
        // With two letters half-known among them, the print is unfamiliar.
        letters.extend(read(2, 0.8));
        assert!(is_unfamiliar(letters));
    }

    #[test]
    fn every_letter_and_value_of_a_board_in_unfamiliar_print_is_doubted() {
        let board = crate::board::BoardJson {
            rows: 1,
            cols: 3,
            tiles: vec![vec!["A".into(), "B".into(), "C".into()]],
            values: Some(vec![vec![Some(1), Some(3), Some(3)]]),
            bonuses: None,
        };
        let game = super::super::game::GameGuess::neutral(1, 3, "test");
        let mut reading = BoardReading::one_row(board, [0.99, 0.97, 0.0], game);
        reading.confidence[0][1] = 0.3;
        doubt_all(&mut reading);
        assert_eq!(
            reading.confidence[0],
            vec![
                UNFAMILIAR_PRINT_CONFIDENCE,
                0.3,
                UNFAMILIAR_PRINT_CONFIDENCE
            ]
        );
        assert!(
            reading.value_confidence[0]
                .iter()
                .all(|&v| v == UNFAMILIAR_PRINT_CONFIDENCE)
        );
    }
}
