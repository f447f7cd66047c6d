//! From the model's texts to board notation: tiles, point values, bonus badges, confidences.

use super::cover_edge;
use super::cover_side::{self, Cover};
use super::crossing;
use super::die_marks;
use super::doubt::DOUBT_BELOW;
use super::fill::{self, Colour, Colours};
use super::game::Corner;
use super::grid::{Lattice, NoLattice, median};
use super::ocr::{CropReading, TileReader};
use super::path_line;
use super::print;
use super::rect::{PixelBox, Rect};
use super::tiles::{self, TileCrops};
use super::turn::{Facing, Turn};
use super::{BoardReading, MarkDoubt, MarkKind, VisionError};
use image::{DynamicImage, GrayImage};
use rayon::prelude::*;
use std::sync::OnceLock;

/// Digits the model may read in a main tile, where only letters belong, and the letters they
/// stand for. A tile read this way keeps half its confidence.
const LOOKALIKES: [(char, char); 6] = [
    ('0', 'O'),
    ('1', 'I'),
    ('5', 'S'),
    ('8', 'B'),
    ('2', 'Z'),
    ('6', 'G'),
];

/// The badge labels the games print, as board notation writes them.
const BADGES: [&str; 5] = ["DL", "TL", "DW", "TW", "2X"];

/// Badge labels printed in another language or style, and the badge each is: a multiplier and
/// the initial of what it multiplies. Word Blitz in French prints `2L`/`3L` (lettre) and
/// `2M`/`3M` (mot) where its English boards print `DL`/`TL`/`DW`/`TW`; `2W`/`3W` are the same
/// labels with the English initial.
const LOCALISED_BADGES: [(&str, &str); 6] = [
    ("2L", "DL"),
    ("3L", "TL"),
    ("2M", "DW"),
    ("3M", "TW"),
    ("2W", "DW"),
    ("3W", "TW"),
];

/// The badge a printed label is, in board notation (`3M` is `TW`), or `None` for a text that
/// is no badge's label.
fn badge_of(label: &str) -> Option<&'static str> {
    let label = label.trim();
    BADGES.iter().copied().find(|b| *b == label).or_else(|| {
        LOCALISED_BADGES
            .iter()
            .find(|(printed, _)| *printed == label)
            .map(|(_, badge)| *badge)
    })
}

/// A reading that goes through a look-alike (a digit read where a letter must be, a bar read
/// where a digit must be) keeps this share of its probability: the model saw another shape.
const LOOKALIKE_SHARE: f32 = 0.5;

/// One text as a tile in board notation with its probability: `U/L` either/or, `RE-` prefix,
/// `-ING` suffix, digits turned into the letters they resemble (with [`LOOKALIKE_SHARE`] of the
/// probability).
/// `None` for a text that is not a tile (empty or malformed).
fn notation_of(text: &str, probability: f32) -> Option<(String, f32)> {
    let mut probability = probability;
    let mut text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if text.chars().any(|c| c.is_ascii_digit()) {
        text = swap_lookalikes(&text, &LOOKALIKES);
        probability *= LOOKALIKE_SHARE;
    }
    let letters = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_uppercase());
    let valid = match (
        text.strip_prefix('-'),
        text.strip_suffix('-'),
        text.split_once('/'),
    ) {
        (Some(rest), _, None) => letters(rest),
        (None, Some(rest), None) => letters(rest),
        (None, None, Some((a, b))) => letters(a) && letters(b),
        (None, None, None) => letters(&text),
        _ => false,
    };
    valid.then_some((text, probability))
}

/// Every tile a main crop may show, in board notation with its probability, most probable
/// first: the model's text and its alternatives, each through [`notation_of`]; readings that
/// give the same tile (`0` and `O`) add up, and texts that are not a tile are left out.
pub fn tile_choices(reading: &CropReading) -> Vec<(String, f32)> {
    let mut out: Vec<(String, f32)> = Vec::new();
    let texts = std::iter::once((reading.text.as_str(), reading.confidence))
        .chain(reading.alternatives.iter().map(|(t, p)| (t.as_str(), *p)));
    for (tile, p) in texts.filter_map(|(t, p)| notation_of(t, p)) {
        match out.iter_mut().find(|(o, _)| *o == tile) {
            Some(seen) => seen.1 = (seen.1 + p).min(1.0),
            None => out.push((tile, p)),
        }
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out
}

/// A main tile's text in board notation with its confidence: the most probable of
/// [`tile_choices`]. When the model's most probable reading is nothing at all, or no reading is
/// a tile, the tile is unreadable: `""` with confidence 0 (the choices are still its
/// alternatives).
pub fn tile_notation(reading: &CropReading) -> (String, f32) {
    if reading.text.trim().is_empty() {
        return (String::new(), 0.0);
    }
    tile_choices(reading)
        .into_iter()
        .next()
        .unwrap_or((String::new(), 0.0))
}

/// What a corner mark says: a point value or a bonus badge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mark {
    /// A printed point value.
    Value(u32),
    /// A bonus badge label.
    Bonus(String),
}

impl Mark {
    /// What the mark says, as a doubt lists it (`"6"`, `"DL"`).
    fn label(&self) -> String {
        match self {
            Mark::Value(v) => v.to_string(),
            Mark::Bonus(b) => b.clone(),
        }
    }
}

/// `choices` as a doubt lists them: each mark's label with its probability.
fn labelled(choices: &[(Mark, f32)]) -> Vec<(String, f32)> {
    choices.iter().map(|(m, p)| (m.label(), *p)).collect()
}

/// `text` with each character that appears first in a pair of `lookalikes` replaced by the
/// second.
fn swap_lookalikes(text: &str, lookalikes: &[(char, char)]) -> String {
    text.chars()
        .map(|c| {
            lookalikes
                .iter()
                .find(|(from, _)| *from == c)
                .map_or(c, |(_, to)| *to)
        })
        .collect()
}

/// Marks whose reading is less sure than this are not marks at all (an icon, a piece of the
/// tile's rim) rather than unreadable values or badges.
const MARK_NOISE_BELOW: f32 = 0.3;

/// What one text in a mark crop means (`12`, `DL`, `2X`), with its probability: letters that
/// look like digits stand for them (`S` for `5`), and a value read through a bar (`I` taken for
/// `1`) keeps [`LOOKALIKE_SHARE`] of its probability. `None` for anything else.
fn mark_of(text: &str, probability: f32) -> Option<(Mark, f32)> {
    let text = text.trim();
    if let Some(badge) = badge_of(text) {
        return Some((Mark::Bonus(badge.to_string()), probability));
    }
    // A value crop holds digits only: letters the model saw are digits that look alike.
    let digits = swap_lookalikes(text, &DIGIT_LOOKALIKES);
    if !text.is_empty() && digits.len() <= 2 && digits.chars().all(|c| c.is_ascii_digit()) {
        // Any straight stroke (a tile's edge, part of an icon) reads as a bar; the other
        // lookalikes need a digit's whole shape, so they count in full.
        let through_bar = text.chars().any(|c| BAR_LOOKALIKES.contains(&c));
        let sure = probability * if through_bar { LOOKALIKE_SHARE } else { 1.0 };
        return digits
            .parse()
            .ok()
            .filter(|&v| v > 0)
            .map(|v| (Mark::Value(v), sure));
    }
    None
}

/// Every meaning a corner mark's reading may have, with its probability, most probable first
/// (readings with the same meaning add up). Empty when the model's most probable reading is a
/// value or badge less sure than [`MARK_NOISE_BELOW`], or is neither (a letter) and its other
/// readings give values less than [`MARK_NOISE_BELOW`] together.
///
/// A small digit the model reads as a letter at less than even odds (a 7 px `6` as `E` 43%,
/// with `4` 23% and `6` 21% next) is a value it could not read, not a letter: its meanings are
/// the values among its readings, each as probable as the model says (so less than the letter,
/// and the value is left out as unreadable, or weighed with the game's table), never the letter.
pub fn mark_choices(reading: &CropReading) -> Vec<(Mark, f32)> {
    let others = reading
        .alternatives
        .iter()
        .filter_map(|(t, p)| mark_of(t, *p));
    let Some(first) = mark_of(&reading.text, reading.confidence) else {
        let values: Vec<(Mark, f32)> = others
            .filter(|(m, _)| matches!(m, Mark::Value(_)))
            .collect();
        let together: f32 = values.iter().map(|(_, p)| p).sum();
        if together < MARK_NOISE_BELOW {
            return Vec::new();
        }
        return merged(values);
    };
    if reading.confidence < MARK_NOISE_BELOW {
        return Vec::new();
    }
    merged(std::iter::once(first).chain(others).collect())
}

/// Meanings with the same mark added up, most probable first.
fn merged(meanings: Vec<(Mark, f32)>) -> Vec<(Mark, f32)> {
    let mut out: Vec<(Mark, f32)> = Vec::new();
    for (m, p) in meanings {
        match out.iter_mut().find(|(o, _)| *o == m) {
            Some(seen) => seen.1 = (seen.1 + p).min(1.0),
            None => out.push((m, p)),
        }
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// The most probable meaning of a corner mark (see [`mark_choices`]).
#[cfg(test)]
fn mark(reading: &CropReading) -> Option<(Mark, f32)> {
    mark_choices(reading).into_iter().next()
}

/// Letters that are a bar, read in a value crop for a `1`.
const BAR_LOOKALIKES: [char; 2] = ['I', 'L'];

/// Letters the model may read in a value crop, and the digits they stand for.
const DIGIT_LOOKALIKES: [(char, char); 8] = [
    ('O', '0'),
    ('D', '0'),
    ('I', '1'),
    ('L', '1'),
    ('Z', '2'),
    ('S', '5'),
    ('B', '8'),
    ('G', '6'),
];

/// Main tiles read with less confidence than this are read again turned a quarter, a half and
/// three quarters, to tell whether the board's letters face every way (dice in a tray).
const TURN_BELOW: f32 = 0.9;

/// A turned reading counts as sure at this confidence.
const TURNED_AT_LEAST: f32 = 0.8;

/// A board counts as one of turned letters when at least this many tiles, and a quarter of its
/// tiles, read surely turned and not surely upright: a tray of dice photographed from above has
/// most letters turned, a screenshot none, and a few letters blurred or crossed by a swipe line
/// that happen to read as another letter upside down (C and J, M and W) must not turn a
/// screenshot's tiles.
const TURNED_TILES_AT_LEAST: usize = 3;

/// On a board of turned letters, a turned reading replaces the upright one only when its doubt
/// (one minus its confidence) is this many times smaller: some letters read as others when
/// turned (N on its side is a Z, M upside down a W), and the model is then about as sure both
/// ways, so the upright reading stands; a letter truly turned reads far surer the right way up.
const TURNED_DOUBT_RATIO: f32 = 4.0;

/// A board's letters all lie one way (an image saved on its side or upside down, not dice that
/// face every way) when at least this share of the letters that read surely turned read surest
/// in one and the same turn ... Measured on the 99 real screenshots of our sets, each turned a
/// quarter, a half and three quarters: 60-100%; a rendered tray of dice 46%, the photo of dice
/// in a tray (upright or damaged by the probes) 17-33%.
const ONE_WAY_SHARE: f32 = 0.55;

/// ... and when, read in that turn, the letters' doubts (one minus the confidence) are on
/// average (geometric mean) at least this many times smaller than read upright or in the other
/// turn their shape allows. Measured on the same turned screenshots: 4.0-58 for a quarter
/// either way, 61-305 for half a turn; 2.3 on the rendered tray of dice.
const ONE_WAY_DOUBT_RATIO: f32 = 3.0;

/// The board's letters lie on their side when their median text box is at least this many
/// times as wide as it is high. Measured on every real image and fixture upright: 0.59-0.98
/// (a photo of dice, 1.21 a rendered tray of dice turned every way); the same images turned a
/// quarter: 1.07-1.71.
const LYING_ASPECT: f32 = 1.0;

/// Whether the board's letters, whose main text boxes are `texts`, lie on their side (see
/// [`LYING_ASPECT`]): the image was saved turned a quarter, or the board is dice turned every
/// way.
fn letters_lie_on_their_side(texts: impl Iterator<Item = PixelBox>) -> bool {
    let aspects: Vec<f32> = texts
        .map(|text| text.width() as f32 / text.height().max(1) as f32)
        .collect();
    !aspects.is_empty() && median(aspects) >= LYING_ASPECT
}

/// Reads letters that face every way, as on dice in a tray photographed from above, and tells
/// whether they all lie one way (the whole image turned: the [`Turn`] that stands them upright).
///
/// The uncertain main crops (indices into `crops`, among `voters`: the main crops of `mains`
/// whose cells lie in the image, but for a few pixels) are read turned by 90, 180 and 270
/// degrees; every main crop is, when the letters lie on their side (`lying`). When enough
/// uncertain ones read surely turned (see [`TURNED_TILES_AT_LEAST`]), the board's letters face
/// every way: then every main crop is read in all four turns and keeps the surest reading (see
/// [`TURNED_DOUBT_RATIO`]). A turned letter can read surely as another letter upright: a T on
/// its side reads as an H at 99%, the T the right way up at 99.999%. The kept crop replaces the
/// upright one, so `--debug` shows what was read.
///
/// When as many letters read surely turned and agree on one turn (see [`ONE_WAY_SHARE`]), that
/// turn is returned ([`Facing::OneWay`]): the caller reads the image again turned so, since a
/// letter that reads alike both ways (`N` on its side is a `Z`, `M` upside down a `W`) cannot be
/// told apart crop by crop, and values and badges lie in another corner. Unless letters still
/// face every way (see [`faces_every_way`]): [`Facing::EveryWay`], leaning that way.
///
/// A die that reads surely as one letter one way and as another letter another way is settled
/// by the bar printed under it, when it has one (see [`settles_turn_twins`]), else shares its
/// probability between the two as its ink tells (see [`share_with_a_turned_rival`]): those
/// shares come back with the facing, for [`keep_turn_shares`].
fn read_turned_letters(
    reader: &TileReader,
    mains: &[usize],
    voters: &[usize],
    lying: bool,
    crops: &mut [GrayImage],
    readings: &mut [CropReading],
) -> Result<(Facing, Vec<(usize, TurnShare)>), VisionError> {
    let uncertain: Vec<usize> = voters
        .iter()
        .copied()
        .filter(|&k| tile_notation(&readings[k]).1 < TURN_BELOW)
        .collect();
    if !lying && uncertain.len() < TURNED_TILES_AT_LEAST {
        return Ok((Facing::Upright, Vec::new()));
    }
    let first = if lying { mains } else { &uncertain[..] };
    let mut turned = read_turns(reader, crops, first)?;
    let surely_turned = surely_turned(&turned, readings);
    let enough = TURNED_TILES_AT_LEAST.max(mains.len() / 4);
    let uncertain_turned = surely_turned
        .iter()
        .filter(|(k, _)| uncertain.contains(k))
        .count();
    // A board upside down may have only a few letters that read unsure upright (most read as
    // well, or as surely as another letter, upside down): three that agree are enough when they
    // read far surer turned (see [`one_way_turn`]).
    let one_way = if surely_turned.len() >= TURNED_TILES_AT_LEAST {
        one_way_turn(&turned, readings, lying, &surely_turned)
    } else {
        Turn::None
    };
    let mut every_main_turned = lying;
    let read_the_others_turned = |turned: &mut Vec<(usize, Turns)>| {
        let others: Vec<usize> = mains
            .iter()
            .copied()
            .filter(|k| !uncertain.contains(k))
            .collect();
        turned.extend(read_turns(reader, crops, &others)?);
        Ok::<(), VisionError>(())
    };
    if uncertain_turned < enough {
        if one_way == Turn::None {
            return Ok((Facing::Upright, Vec::new()));
        }
        // A few letters agree on a turn: the whole image turned, unless others stand upright.
        if !every_main_turned {
            read_the_others_turned(&mut turned)?;
            every_main_turned = true;
        }
        if !faces_every_way(&turned, readings, one_way) {
            return Ok((Facing::OneWay(one_way), Vec::new()));
        }
    }
    if !every_main_turned {
        read_the_others_turned(&mut turned)?;
    }
    let facing = if one_way == Turn::None || faces_every_way(&turned, readings, one_way) {
        Facing::EveryWay { lean: one_way }
    } else {
        Facing::OneWay(one_way)
    };
    let doubt = |r: &CropReading| 1.0 - tile_notation(r).1;
    // Each die's letter kept, and its rival: the surest other letter any way up.
    let mut rivals = Vec::new();
    for (k, mut turns) in turned {
        let underlined = underlined_reading(&crops[k], &readings[k], &turns);
        let surest = (0..turns.len())
            .min_by(|&a, &b| doubt(&turns[a].1).total_cmp(&doubt(&turns[b].1)))
            .expect("three turns");
        let best = turns.swap_remove(surest);
        let mut others = turns;
        if far_surer(tile_notation(&best.1).1, tile_notation(&readings[k]).1) {
            let upright_crop = std::mem::replace(&mut crops[k], best.0);
            others.push((upright_crop, std::mem::replace(&mut readings[k], best.1)));
        } else {
            others.push(best);
        }
        let kept = tile_notation(&readings[k]).0;
        let rival = others
            .into_iter()
            .filter(|(_, r)| tile_notation(r).0 != kept)
            .min_by(|a, b| doubt(&a.1).total_cmp(&doubt(&b.1)));
        if let Some(rival) = rival {
            rivals.push((k, kept, underlined, rival));
        }
    }
    // The board's letter height: that of most dice, each turned the way it reads.
    let heights: Vec<f32> = mains
        .iter()
        .filter_map(|&k| die_marks::letter_size(&crops[k]))
        .map(|(_, h)| h as f32)
        .collect();
    let letter_height = (!heights.is_empty()).then(|| median(heights));
    let mut shares = Vec::new();
    for (k, kept, underlined, (rival_crop, rival)) in rivals {
        match underlined {
            Some((crop, reading)) if settles_turn_twins(&reading, &readings[k], &rival) => {
                (crops[k], readings[k]) = (crop, reading);
            }
            _ => {
                let ink = DieInk::of(&crops[k], letter_height);
                let Some(share) = share_with_a_turned_rival(&mut readings[k], &rival, ink) else {
                    continue;
                };
                // The rival's letter won (by the die's ink): the second model reads its crop.
                if share.kept != kept {
                    crops[k] = rival_crop;
                }
                shares.push((k, share));
            }
        }
    }
    Ok((facing, shares))
}

/// How a die's probability is split between the two letters it reads as in two turns, when they
/// are turn twins or its ink told which it shows (see [`share_with_a_turned_rival`]): the second
/// model, which reads the die one way only, must not undo the split (see [`keep_turn_shares`]).
#[derive(Clone, Debug, PartialEq)]
struct TurnShare {
    /// The letter kept, first.
    kept: String,
    /// The other letter, its first alternative.
    rival: String,
    /// The kept letter's share of the two letters' probability.
    kept_share: f32,
}

/// Splits each die's probability of the two letters it reads as in two turns (see
/// [`TurnShare`], the die's reading index first) again as the turn test split it, once the
/// second model has been weighed in: that model reads the die's crop one way only, so a `Z` it
/// reads surely says nothing of whether the die is an `N` on its side.
fn keep_turn_shares(shares: &[(usize, TurnShare)], readings: &mut [CropReading]) {
    for (k, share) in shares {
        let reading = &mut readings[*k];
        let mut texts: Vec<(String, f32)> =
            std::iter::once((reading.text.clone(), reading.confidence))
                .chain(reading.alternatives.iter().cloned())
                .collect();
        let probability = |texts: &[(String, f32)], letter: &str| {
            texts
                .iter()
                .filter(|(t, _)| notation_of(t, 1.0).is_some_and(|(n, _)| n == letter))
                .map(|(_, p)| p)
                .sum::<f32>()
        };
        let both = (probability(&texts, &share.kept) + probability(&texts, &share.rival)).min(1.0);
        texts.retain(|(t, _)| {
            notation_of(t, 1.0).is_none_or(|(n, _)| n != share.kept && n != share.rival)
        });
        texts.push((share.kept.clone(), both * share.kept_share));
        texts.push((share.rival.clone(), both * (1.0 - share.kept_share)));
        texts.sort_by(|a, b| b.1.total_cmp(&a.1));
        let mut texts = texts.into_iter();
        let (text, confidence) = texts.next().expect("two letters at least");
        *reading = CropReading {
            text,
            confidence,
            alternatives: texts.filter(|(t, _)| !t.trim().is_empty()).collect(),
        };
    }
}

/// The crop and reading of a die's letter turned upright by the bar printed under it (see
/// [`die_marks::underline_turn`]), of the crop as it stands (`upright`, read as `reading`) and
/// read in every other turn (`turns`: a quarter, a half, three quarters clockwise).
fn underlined_reading(
    upright: &GrayImage,
    reading: &CropReading,
    turns: &Turns,
) -> Option<(GrayImage, CropReading)> {
    let turn = die_marks::underline_turn(upright)?;
    match (turn.quarters() as usize).checked_sub(1) {
        None => Some((upright.clone(), reading.clone())),
        Some(q) => turns.get(q).cloned(),
    }
}

/// Whether the reading of a die turned upright by its underline (`underlined`) settles which of
/// two turn twins (see [`TURN_TWINS`]) the die shows: `kept` and `rival` are twins and it reads
/// as one of them.
fn settles_turn_twins(underlined: &CropReading, kept: &CropReading, rival: &CropReading) -> bool {
    let (letter, other) = (tile_notation(kept).0, tile_notation(rival).0);
    let read = tile_notation(underlined).0;
    are_turn_twins(&letter, &other) && (read == letter || read == other)
}

/// A board whose letters mostly lie one way still faces every way when at least this many of
/// its letters read surely upright and far less surely in that turn: an app that turns each
/// die at random (a real Boggle app's board, most of its letters upside down, two upright and
/// three on their side, was read turned as a whole, 14 of 16 letters wrong at up to 100%). An
/// image saved turned has few such (its letters that read surely upright mostly read alike
/// turned: `O`, `S`, `N` upside down), but may have two: the caller then reads it turned too
/// (see [`Facing::EveryWay`]).
const UPRIGHT_LETTERS_FACING_EVERY_WAY: usize = 2;

/// Whether a board whose letters that read surely turned mostly agree on `turn` still faces
/// every way: at least [`UPRIGHT_LETTERS_FACING_EVERY_WAY`] of its letters read surely upright
/// and far less surely in that turn (see [`upright_letters`]), and they are no more than the
/// letters that read surely turned (see [`surely_turned`]). A board that stands upright but for
/// a few letters a swipe crosses (which may read surely as other letters turned: a `C` as a
/// `U`) is not one: most of its letters read surely upright.
fn faces_every_way(turned: &[(usize, Turns)], readings: &[CropReading], turn: Turn) -> bool {
    let upright = upright_letters(turned, readings, turn);
    upright >= UPRIGHT_LETTERS_FACING_EVERY_WAY && upright <= surely_turned(turned, readings).len()
}

/// How many of the letters read in every turn (`turned`) read surely upright (at least
/// [`TURN_BELOW`]) and far less surely in `turn` (see [`far_surer`]).
fn upright_letters(turned: &[(usize, Turns)], readings: &[CropReading], turn: Turn) -> usize {
    let Some(q) = (turn.quarters() as usize).checked_sub(1) else {
        return 0;
    };
    turned
        .iter()
        .filter(|(k, turns)| {
            let upright = tile_notation(&readings[*k]).1;
            let turned = turns.get(q).map_or(0.0, |(_, r)| tile_notation(r).1);
            upright >= TURN_BELOW && far_surer(upright, turned)
        })
        .count()
}

/// Whether a reading at confidence `p` is far surer than one at `q`: its doubt (one minus its
/// confidence) [`TURNED_DOUBT_RATIO`] times smaller.
fn far_surer(p: f32, q: f32) -> bool {
    (1.0 - p) * TURNED_DOUBT_RATIO < 1.0 - q
}

/// On a board of letters that face every way, where a letter reads surely as one letter one
/// way and as another letter another way (`kept`, the reading kept by [`TURNED_DOUBT_RATIO`],
/// and `rival`, the surest other letter any way up), and neither is [`TURNED_DOUBT_RATIO`] times
/// surer (or they are [`TURN_TWINS`], however sure either is): which way
/// the die faces cannot be told from the model's readings (an `A` upside down reads as a `V` at
/// 99%, a `G` as a `Q`, the model having never seen a turned letter), so the two share the
/// probability in proportion to their confidences, the kept one the larger share, and the rival
/// becomes its first alternative. Measured on the two real photos of dice in a tray: 3 letters
/// of 32 read so, one of them wrong at 99% before. When the die's ink tells which of the two it
/// shows (see [`DieInk`]), that one comes first and the other's share is cut (see
/// [`RULED_OUT_BY_INK`]). The split comes back (a [`TurnShare`]) when the second model must
/// not undo it: for turn twins, or when the ink told.
fn share_with_a_turned_rival(
    kept: &mut CropReading,
    rival: &CropReading,
    ink: DieInk,
) -> Option<TurnShare> {
    let ((letter, p), (other, q)) = (tile_notation(kept), tile_notation(rival));
    if letter == other
        || letter.is_empty()
        || other.is_empty()
        || p.min(q) < TURNED_AT_LEAST
        || (!are_turn_twins(&letter, &other) && (far_surer(p, q) || far_surer(q, p)))
    {
        return None;
    }
    let told = ink.tells(&letter, &other);
    let twins = are_turn_twins(&letter, &other);
    let (p, q, letter, other) = match told {
        Some(true) => (p, q / RULED_OUT_BY_INK, letter, other),
        Some(false) => (q, p / RULED_OUT_BY_INK, other, letter),
        None => (p, q, letter, other),
    };
    // Settled by the ink, the letter kept is the surer one (the other's share cut by at least
    // four from at most one, the kept one's at least `TURNED_AT_LEAST`); else the one read first.
    let (larger, smaller) = (p.max(q) / (p + q), p.min(q) / (p + q));
    kept.alternatives
        .retain(|(t, _)| notation_of(t, 1.0).is_none_or(|(n, _)| n != other && n != letter));
    kept.text = letter.clone();
    kept.confidence = larger;
    kept.alternatives.insert(0, (other.clone(), smaller));
    // The second model, reading the die the kept way only, may still weigh in on two letters
    // that differ in shape (a `D` and the `Q` it reads as turned), not on twins or on what the
    // ink told.
    (twins || told.is_some()).then_some(TurnShare {
        kept: letter,
        rival: other,
        kept_share: larger,
    })
}

/// When a die's ink tells which of the two letters it reads as one way and another it shows
/// (see [`DieInk`]), the other is this many times less probable than its reading says: the
/// shares are kept below the sure band, the ink's measure being simple (a hole blurred shut or
/// a swipe closing one is possible) and tried on few real dice (8 on the boards we have).
const RULED_OUT_BY_INK: f32 = 4.0;

/// A letter fits the board's letter height when its ink is within this share of it ...
const FITS_LETTER_HEIGHT: f32 = 0.08;

/// ... and misses it when it is off by more than this share.
const MISSES_LETTER_HEIGHT: f32 = 0.15;

/// What a die's ink, turned the way its kept letter reads, says of which of two letters it
/// shows, beyond the model's readings of it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct DieInk {
    /// The holes of its ink (see [`die_marks::holes_in`]): an `A` upside down reads as a `V` at
    /// 99%, but keeps its hole; a `Y` upside down reads as an `A`, without one.
    holes: Option<usize>,
    /// Whether the letter stands as it reads, by its size against the board's letter height:
    /// `Some(true)` when its height fits the board's and its width misses it, `Some(false)`
    /// when its width fits and its height misses (see [`FITS_LETTER_HEIGHT`]). An `N` on its
    /// side reads as a `Z` whose width, not height, is the board's letter height.
    stands: Option<bool>,
}

impl DieInk {
    /// The ink of a die's crop, turned the way its kept letter reads, on a board whose letters
    /// are `letter_height` high (see [`DieInk`]).
    fn of(crop: &GrayImage, letter_height: Option<f32>) -> DieInk {
        let stands = letter_height
            .zip(die_marks::letter_size(crop))
            .and_then(|(cap, (w, h))| {
                let off = |side: u32| (side as f32 - cap).abs() / cap;
                let (w, h) = (off(w), off(h));
                if h <= FITS_LETTER_HEIGHT && w > MISSES_LETTER_HEIGHT {
                    Some(true)
                } else if w <= FITS_LETTER_HEIGHT && h > MISSES_LETTER_HEIGHT {
                    Some(false)
                } else {
                    None
                }
            });
        DieInk {
            holes: die_marks::holes_in(crop),
            stands,
        }
    }

    /// Whether the ink tells the letter kept (`Some(true)`) or the other (`Some(false)`): by its
    /// holes when the two letters' differ and it has one's; else, for letters that are each
    /// other on their side ([`QUARTER_TWINS`]), by whether it stands as it reads.
    fn tells(&self, kept: &str, other: &str) -> Option<bool> {
        let holes_of = die_marks::holes_of_text;
        if let Some(h) = self.holes
            && holes_of(kept) != holes_of(other)
        {
            if holes_of(kept) == Some(h) {
                return Some(true);
            }
            if holes_of(other) == Some(h) {
                return Some(false);
            }
        }
        self.stands
            .filter(|_| is_one_of_the_pairs(&QUARTER_TWINS, kept, other))
    }
}

/// Letters that are each other on their side: an `N` turned a quarter is a `Z`.
const QUARTER_TWINS: [(&str, &str); 1] = [("N", "Z")];

/// Letters that are each other turned: `M` upside down is a `W`, `N` on its side a `Z`. On a die
/// that faces any way, the model's readings do not tell them apart, however surely it reads one
/// of them: the bar an app prints under them may (see [`settles_turn_twins`]), and for `N` and
/// `Z` the letter's size may (see [`DieInk`]).
const TURN_TWINS: [(&str, &str); 2] = [("M", "W"), ("N", "Z")];

/// Whether `a` and `b` are [`TURN_TWINS`].
fn are_turn_twins(a: &str, b: &str) -> bool {
    is_one_of_the_pairs(&TURN_TWINS, a, b)
}

/// Whether `a` and `b` are one of `pairs`, either way round.
fn is_one_of_the_pairs(pairs: &[(&str, &str)], a: &str, b: &str) -> bool {
    pairs
        .iter()
        .any(|&(x, y)| (a == x && b == y) || (a == y && b == x))
}

/// Each letter of `turned` that reads surely turned (at least [`TURNED_AT_LEAST`], and surer
/// than upright in `readings`), with the turn it reads surest in (1 to 3 quarters clockwise).
fn surely_turned(turned: &[(usize, Turns)], readings: &[CropReading]) -> Vec<(usize, usize)> {
    turned
        .iter()
        .filter_map(|(k, turns)| {
            let (quarter, best) = turns
                .iter()
                .map(|(_, r)| tile_notation(r).1)
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(&b.1))?;
            (best >= TURNED_AT_LEAST && best > tile_notation(&readings[*k]).1)
                .then_some((*k, quarter + 1))
        })
        .collect()
}

/// The turn that stands every letter of the board upright, if they all lie one way: the turns
/// their shape allows (a quarter either way for letters lying on their side, else half a turn),
/// the one whose readings of the letters read in all turns (`turned`) are surest, when
/// [`ONE_WAY_SHARE`] of the letters that read surely turned (`surely_turned`: each with its
/// surest turn in quarters) read surest in it and it beats the others by [`ONE_WAY_DOUBT_RATIO`].
fn one_way_turn(
    turned: &[(usize, Turns)],
    readings: &[CropReading],
    lying: bool,
    surely_turned: &[(usize, usize)],
) -> Turn {
    // Mean log doubt of the letters read in each turn (0: upright, as read first).
    let log_doubt = |r: &CropReading| (1.0 - tile_notation(r).1).max(1e-4).ln();
    let mut mean = [0.0f32; 4];
    for (k, turns) in turned {
        mean[0] += log_doubt(&readings[*k]);
        for (q, (_, r)) in turns.iter().enumerate() {
            mean[q + 1] += log_doubt(r);
        }
    }
    mean.iter_mut()
        .for_each(|m| *m /= turned.len().max(1) as f32);
    let allowed: &[usize] = if lying { &[1, 3] } else { &[2] };
    let Some(&best) = allowed
        .iter()
        .min_by(|&&a, &&b| mean[a].total_cmp(&mean[b]))
    else {
        return Turn::None;
    };
    let votes = surely_turned.iter().filter(|&&(_, q)| q == best).count();
    let margin = ONE_WAY_DOUBT_RATIO.ln();
    // Upright, and the other turn the letters' shape allows.
    let mut others = std::iter::once(0).chain(allowed.iter().copied().filter(|&q| q != best));
    let beats_others = others.all(|q| mean[best] + margin <= mean[q]);
    if beats_others && votes as f32 >= ONE_WAY_SHARE * surely_turned.len() as f32 {
        Turn::from_quarters(best)
    } else {
        Turn::None
    }
}

/// A crop turned by 90, 180 and 270 degrees, each with its reading.
type Turns = Vec<(GrayImage, CropReading)>;

/// The crops `which` turned by 90, 180 and 270 degrees, with their readings (one model call).
fn read_turns(
    reader: &TileReader,
    crops: &[GrayImage],
    which: &[usize],
) -> Result<Vec<(usize, Turns)>, VisionError> {
    let turned: Vec<GrayImage> = which
        .iter()
        .flat_map(|&k| {
            [Turn::Quarter, Turn::Half, Turn::ThreeQuarters].map(|t| t.apply_grey(&crops[k]))
        })
        .collect();
    let mut readings = read_crops(reader, &turned)?.into_iter();
    let mut crops = turned.into_iter();
    Ok(which
        .iter()
        .map(|&k| {
            let turns = (0..3)
                .map(|_| {
                    (
                        crops.next().expect("crop"),
                        readings.next().expect("reading"),
                    )
                })
                .collect();
            (k, turns)
        })
        .collect())
}

/// Values and badges of every tile, with their confidences and the marks that could not be read.
struct MarkGrids {
    values: Vec<Vec<Option<u32>>>,
    value_confidence: Vec<Vec<f32>>,
    bonuses: Vec<Vec<String>>,
    bonus_confidence: Vec<Vec<f32>>,
    doubts: Vec<MarkDoubt>,
}

/// Each tile's value and badge from its surest mark readings: one read at least
/// [`DOUBT_BELOW`] sure is reported; a less sure one is unreadable (no value or badge, and a
/// [`MarkDoubt`] with what it may be), never a guess.
fn settle_marks(
    value_marks: &[Vec<Vec<(Mark, f32)>>],
    badge_marks: &[Vec<Vec<(Mark, f32)>>],
) -> MarkGrids {
    let (rows, cols) = (value_marks.len(), value_marks.first().map_or(0, Vec::len));
    let mut out = MarkGrids {
        values: vec![vec![None; cols]; rows],
        value_confidence: vec![vec![0.0; cols]; rows],
        bonuses: vec![vec![String::new(); cols]; rows],
        bonus_confidence: vec![vec![0.0; cols]; rows],
        doubts: Vec::new(),
    };
    for r in 0..rows {
        for c in 0..cols {
            for (kind, choices) in [
                (MarkKind::Value, &value_marks[r][c]),
                (MarkKind::Badge, &badge_marks[r][c]),
            ] {
                let Some((best, sure)) = choices.first() else {
                    continue;
                };
                if *sure < DOUBT_BELOW {
                    out.doubts.push(MarkDoubt {
                        row: r,
                        col: c,
                        kind,
                        choices: labelled(choices),
                    });
                    continue;
                }
                match best {
                    Mark::Value(v) => {
                        out.values[r][c] = Some(*v);
                        out.value_confidence[r][c] = *sure;
                    }
                    Mark::Bonus(b) => {
                        out.bonuses[r][c] = b.clone();
                        out.bonus_confidence[r][c] = *sure;
                    }
                }
            }
        }
    }
    out
}

/// A single letter whose text box is less high than this share of the board's usual letter
/// height is partly hidden (a swipe trail, a banner or a finger over it): what is left of an S
/// reads as a C, surely.
const LETTER_HEIGHT_AT_LEAST: f32 = 0.66;

/// A letter crop with more ink than this share of its pixels is not a letter alone: the crop
/// took in a block of shadow or of the tile's edge (a solid square in its margin has 0.44; the
/// boldest capitals about 0.27).
const INK_SHARE_AT_MOST: f32 = 0.3;

/// A single letter cut at one edge (the other where the board's letters' edge lies, within
/// [`LETTER_KEPT_EDGE`] of their height) that lost at least this share of its height is partly
/// hidden, though less than [`LETTER_HEIGHT_AT_LEAST`] asks: a banner over the top of a row left
/// of an `O` a `U`, of an `E` an `L`, read at 99%. Measured on every set and probe: letters cut
/// by the banner probe's edge lost 0.32-0.39; whole letters (dice turned every way in a photo,
/// letters crossed by a touch trace) at most 0.23 with one edge kept.
const LETTER_CUT_SHARE: f32 = 0.28;
/// See [`LETTER_CUT_SHARE`].
const LETTER_KEPT_EDGE: f32 = 0.15;

/// The most confidence a reading of an odd-looking letter keeps: below the doubt threshold, so
/// the tile is solved as its likely readings and listed as doubtful.
const ODD_LETTER_CONFIDENCE: f32 = 0.5;

/// Fewest single letters on a board for their usual height to be known.
const USUAL_HEIGHT_FROM: usize = 4;

/// The strips of a tile's ground right above and right below where the board's letters lie are
/// this share of the letters' height high (at least [`COVER_STRIP_PIXELS`]) ...
const COVER_STRIP: f32 = 0.15;
/// See [`COVER_STRIP`].
const COVER_STRIP_PIXELS: f32 = 2.0;
/// ... and span the middle of the cell, this share of its width off each side (clear of the
/// corner marks).
const COVER_STRIP_INSET: f32 = 0.25;
/// A tile is covered at its top or bottom when the ground above and below where letters lie
/// differ by more than this (RGB levels) from how they usually differ on the board's tiles ...
const COVERED_DISTANCE: f32 = 60.0;
/// ... and its letter is cut by the cover when it starts lower or ends higher than the board's
/// letters by at least this share of their height. Measured on every set and probe but the
/// held-out one: whole letters on tiles whose grounds differ that much lose at most 0.08 (a
/// touch overlay, a BWF tile's shading); letters a banner cuts 0.26-0.34, among them a `T` cut
/// to its stem, read `I` at 94%, which the cut-letter rule missed because the banner's edge
/// made its box reach the tile's bottom.
const COVER_CUT_SHARE: f32 = 0.2;

/// The fills of the ground of `cell` in strips right above and right below where the board's
/// letters lie in their cells (`letters`, see [`COVER_STRIP`]); `None` when a strip does not fit
/// in the cell.
fn grounds_around(
    colours: &Colours,
    cell: PixelBox,
    letters: VerticalSpan,
) -> Option<(Colour, Colour)> {
    let strip = (COVER_STRIP * letters.height()).max(COVER_STRIP_PIXELS);
    let inset = COVER_STRIP_INSET * cell.width() as f32;
    let (left, right) = (cell.left as f32 + inset, cell.right as f32 - inset);
    let top = cell.top as f32 + letters.top - 1.0;
    let bottom = cell.top as f32 + letters.bottom + 1.0;
    if top - strip < cell.top as f32 || bottom + strip > cell.bottom as f32 {
        return None;
    }
    let above = Rect::new(left, top - strip, right, top);
    let below = Rect::new(left, bottom, right, bottom + strip);
    Some((colours.fill(above, None)?, colours.fill(below, None)?))
}

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the readings of letters that something covers
/// from above or below (a phone's notification banner, a popup over the board's edge): the
/// ground right above where the board's letters lie is not the ground right below, unlike on
/// the board's other tiles (see [`COVERED_DISTANCE`]), and the letter starts or ends short of
/// where theirs do (see [`COVER_CUT_SHARE`]), or reaches the edge of a cover across its row
/// (see [`COVER_TOUCH`]). What a cover leaves of a letter is often another letter (a `T`
/// without its bar is an `I`), read surely. `mains` are indices into `readings`, each the main
/// text of its cell in `cells` (by `owners`) with its span in the cell (`spans`); `edges` the
/// board's cover edges. Returns the readings (indices into `readings`) so covered, with the side
/// the cover comes from.
fn doubt_covered_letters(
    image: &DynamicImage,
    cells: &[TileCrops],
    edges: &CoverEdges,
    spans: &[Option<VerticalSpan>],
    mains: &[usize],
    owners: &[(usize, Option<usize>)],
    readings: &mut [CropReading],
) -> Vec<(usize, Cover)> {
    let mut covered_cells = Vec::new();
    let known: Vec<VerticalSpan> = spans.iter().flatten().copied().collect();
    let Some(letters) = (known.len() >= USUAL_HEIGHT_FROM)
        .then(|| VerticalSpan::usual(&known))
        .flatten()
    else {
        return covered_cells;
    };
    let colours = Colours::new(image, 1.0);
    let differences: Vec<Option<Colour>> = mains
        .iter()
        .map(|&k| {
            let (above, below) = grounds_around(&colours, cells[owners[k].0].cell, letters)?;
            Some([0, 1, 2].map(|c| above[c] - below[c]))
        })
        .collect();
    let Some(usual) = median_colour(differences.iter().flatten().copied().collect()) else {
        return covered_cells;
    };
    for ((&k, difference), span) in mains.iter().zip(&differences).zip(spans) {
        let cell = &cells[owners[k].0];
        let grounds_differ =
            difference.is_some_and(|d| fill::distance(d, usual) > COVERED_DISTANCE);
        // A cover of about the tiles' colour (frosted glass over cream tiles) leaves the grounds
        // alike: a letter cut short where a cover's edge runs across its row is covered too.
        let cut_at_an_edge = || {
            span.is_some_and(|s| {
                let lost = (s.top - letters.top).max(letters.bottom - s.bottom);
                lost >= COVER_EDGE_CUT_SHARE * letters.height() && edges.touching(cell, s).is_some()
            })
        };
        let Some(span) = span.filter(|_| grounds_differ || cut_at_an_edge()) else {
            continue;
        };
        let (lost_above, lost_below) = (span.top - letters.top, letters.bottom - span.bottom);
        let side = if lost_above.max(lost_below) >= COVER_CUT_SHARE * letters.height() {
            Some(if lost_above >= lost_below {
                Cover::Above
            } else {
                Cover::Below
            })
        } else {
            edges.touching(cell, span)
        };
        if let Some(side) = side {
            let r = &mut readings[k];
            r.confidence = r.confidence.min(ODD_LETTER_CONFIDENCE);
            covered_cells.push((k, side));
        }
    }
    covered_cells
}

/// A letter that ends at least this share of the letters' height short of where theirs do, and
/// reaches a cover's edge (see [`COVER_TOUCH`]), is covered whatever the grounds around it: an
/// `O` whose top a frosted banner of the tiles' own cream hid (4 of its 31 px, 0.13) was read
/// `U` at 95%. Capitals stand within 0.05 of one height (an `O`'s overshoot).
const COVER_EDGE_CUT_SHARE: f32 = 0.08;

/// A letter whose ink reaches a cover's edge, within this share of the cell's height (at least
/// [`COVER_TOUCH_PIXELS`]), may have lost a part under it however little of it is gone (an `N`
/// that lost its top corner is read `Z`).
const COVER_TOUCH: f32 = 0.01;
/// See [`COVER_TOUCH`].
const COVER_TOUCH_PIXELS: f32 = 1.0;

/// The edges of covers across the board's rows (see [`cover_edge::cover_edges`]), from above and
/// from below, each found when first asked for, once per board: the letters a cover's edge
/// touches and the badges it hides are both judged from them.
struct CoverEdges<'a> {
    image: &'a DynamicImage,
    cells: &'a [TileCrops],
    rows: usize,
    above: OnceLock<Vec<Option<f32>>>,
    below: OnceLock<Vec<Option<f32>>>,
}

impl<'a> CoverEdges<'a> {
    /// None found yet, over the board of `rows` rows of `cells` in `image`.
    fn new(image: &'a DynamicImage, cells: &'a [TileCrops], rows: usize) -> Self {
        CoverEdges {
            image,
            cells,
            rows,
            above: OnceLock::new(),
            below: OnceLock::new(),
        }
    }

    /// Where a cover over each row begins, from above when `from_above`, else from below (see
    /// [`cover_edge::cover_edges`]).
    fn across(&self, from_above: bool) -> &[Option<f32>] {
        let edges = if from_above { &self.above } else { &self.below };
        edges.get_or_init(|| cover_edge::cover_edges(self.image, self.cells, self.rows, from_above))
    }

    /// Finds the edges from above and from below now, at once (see [`read_cells`]).
    fn find_both(&self) {
        rayon::join(|| self.across(true), || self.across(false));
    }

    /// Where a cover over `row` begins, from above when `from_above`, else from below; `None`
    /// where none comes over it.
    fn edge(&self, row: usize, from_above: bool) -> Option<f32> {
        self.across(from_above).get(row).copied().flatten()
    }

    /// Whether a cover comes over `row` from above or from below.
    fn covers_row(&self, row: usize) -> bool {
        [true, false]
            .into_iter()
            .any(|from_above| self.edge(row, from_above).is_some())
    }

    /// Whether a cover over `row` reaches into `area` (a part of one of its cells): its edge
    /// from above lies below the area's top, or its edge from below above the area's bottom. A
    /// board's frame, or the page round it, is found as a cover over its first and last rows
    /// with its edge beyond their tiles: it reaches no tile's middle.
    fn reaches(&self, row: usize, area: PixelBox) -> bool {
        self.edge(row, true)
            .is_some_and(|edge| edge >= area.top as f32)
            || self
                .edge(row, false)
                .is_some_and(|edge| edge < area.bottom as f32)
    }

    /// The side of the cover whose edge the letter of `cell` (its vertical span in the cell:
    /// `span`) reaches (see [`COVER_TOUCH`]); `None` when it reaches none.
    fn touching(&self, cell: &TileCrops, span: VerticalSpan) -> Option<Cover> {
        let touch = (COVER_TOUCH * cell.cell.height() as f32).max(COVER_TOUCH_PIXELS);
        let (top, bottom) = (
            cell.cell.top as f32 + span.top,
            cell.cell.top as f32 + span.bottom,
        );
        let edge = |side: Cover| self.edge(cell.row, side == Cover::Above);
        if edge(Cover::Above).is_some_and(|edge| (top - edge).abs() <= touch) {
            Some(Cover::Above)
        } else if edge(Cover::Below).is_some_and(|edge| (edge - bottom).abs() <= touch) {
            Some(Cover::Below)
        } else {
            None
        }
    }
}

impl Cover {
    /// Whether `mark` lies in the half of `cell` this cover comes from.
    fn hides_half_of(self, mark: PixelBox, cell: PixelBox) -> bool {
        let in_top_half = mark.top + mark.bottom < cell.top + cell.bottom;
        let in_left_half = mark.left + mark.right < cell.left + cell.right;
        match self {
            Cover::Above => in_top_half,
            Cover::Below => !in_top_half,
            Cover::Left => in_left_half,
            Cover::Right => !in_left_half,
        }
    }
}

/// Each tile's cover, row-major: the tiles taken in or marked as covered (see
/// [`Lattice::is_covered`]) and the tiles whose letter a cover cuts (`covered_cells`: indices
/// into `cells`, see [`doubt_covered_letters`] and [`doubt_odd_letters`]). A covered tile's side
/// is its row's when the whole first or last row is covered (a banner from above, a popup from
/// below), else the image edge its cell runs furthest past (a crop through a column or a corner
/// tile; see [`side_past_image_edge`]), else its place on the board's rim. `image` is the
/// image's width and height in the lattice's pixels.
fn tile_covers(
    lattice: &Lattice,
    cells: &[TileCrops],
    covered_cells: &[(usize, Cover)],
    image: (f32, f32),
) -> Vec<Option<Cover>> {
    let (rows, cols) = (lattice.rows, lattice.cols);
    let hole = |i: usize| lattice.holes.get(i) == Some(&true);
    let whole_row = |r: usize| (r * cols..(r + 1) * cols).all(|i| lattice.is_covered(i) || hole(i));
    // The side of the board's rim a tile lies on, rows first.
    let rim = |r: usize, c: usize| match (r, c) {
        (0, _) => Some(Cover::Above),
        (r, _) if r + 1 == rows => Some(Cover::Below),
        (_, 0) => Some(Cover::Left),
        (_, c) if c + 1 == cols => Some(Cover::Right),
        _ => None,
    };
    let mut covers: Vec<Option<Cover>> = (0..rows * cols)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            if !lattice.is_covered(i) || hole(i) {
                return None;
            }
            let edge_row = matches!(rim(r, c), Some(Cover::Above | Cover::Below));
            if edge_row && whole_row(r) {
                return rim(r, c);
            }
            side_past_image_edge(lattice, r, c, image).or(rim(r, c))
        })
        .collect();
    for &(k, side) in covered_cells {
        let cell = &cells[k];
        if let Some(slot) = covers.get_mut(cell.row * cols + cell.col) {
            slot.get_or_insert(side);
        }
    }
    covers
}

/// The side of the image whose edge cell `(row, col)` of `lattice` runs furthest past (see
/// [`Lattice::past_image_edges`]); `None` when the cell lies inside the image (`image`: its width
/// and height in the lattice's pixels).
fn side_past_image_edge(
    lattice: &Lattice,
    row: usize,
    col: usize,
    image: (f32, f32),
) -> Option<Cover> {
    let sides = [Cover::Left, Cover::Right, Cover::Above, Cover::Below];
    lattice
        .past_image_edges(row, col, image)
        .into_iter()
        .zip(sides)
        .filter(|&(past, _)| past > 0.0)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, side)| side)
}

/// The per-channel median of `colours`; `None` when there are fewer than
/// [`USUAL_HEIGHT_FROM`] (too few tiles to tell what is usual).
fn median_colour(colours: Vec<Colour>) -> Option<Colour> {
    (colours.len() >= USUAL_HEIGHT_FROM)
        .then(|| fill::median(&colours))
        .flatten()
}

/// Lowers the confidence of main readings whose crop does not look like one whole letter (see
/// [`LETTER_HEIGHT_AT_LEAST`], [`LETTER_CUT_SHARE`], [`INK_SHARE_AT_MOST`]) to at most
/// [`ODD_LETTER_CONFIDENCE`]: the model reads such crops as some letter, often surely and wrongly.
/// `mains` are indices into `crops` and `readings`; `spans` where each main text's box lies in
/// its cell (`None` when the cell has none). Returns the readings (indices into `readings`) of
/// letters cut short from above or below, with the side: something covers their tile there.
fn doubt_odd_letters(
    mains: &[usize],
    spans: &[Option<VerticalSpan>],
    crops: &[GrayImage],
    readings: &mut [CropReading],
) -> Vec<(usize, Cover)> {
    let mut cut = Vec::new();
    let single = |r: &CropReading| r.text.chars().count() == 1;
    let singles: Vec<VerticalSpan> = mains
        .iter()
        .zip(spans)
        .filter(|&(&k, _)| single(&readings[k]))
        .filter_map(|(_, &span)| span)
        .collect();
    let usual = (singles.len() >= USUAL_HEIGHT_FROM)
        .then(|| VerticalSpan::usual(&singles))
        .flatten();
    for (&k, &span) in mains.iter().zip(spans) {
        if !single(&readings[k]) {
            continue;
        }
        let span = span.unwrap_or_default();
        let cover = usual.and_then(|u| cut_side(span, u, LETTER_CUT_SHARE, LETTER_KEPT_EDGE));
        let short = usual.is_some_and(|u| span.height() < LETTER_HEIGHT_AT_LEAST * u.height());
        if short || cover.is_some() || ink_share(&crops[k]) > INK_SHARE_AT_MOST {
            let r = &mut readings[k];
            r.confidence = r.confidence.min(ODD_LETTER_CONFIDENCE);
        }
        cut.extend(cover.map(|side| (k, side)));
    }
    cut
}

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of main readings of tiles in a row
/// taken in under a cover (see [`Lattice::covered`]): what shows of a letter whose other part is
/// hidden reads as other letters, surely (the lower half of an `H` as `TT`, of an `N` as `TV`),
/// whether it reads as one letter or several. `mains` are indices into `readings` and `owners`
/// (whose first is the cell's index in the lattice, row-major).
fn doubt_letters_of_covered_rows(
    lattice: &Lattice,
    owners: &[(usize, Option<usize>)],
    mains: &[usize],
    readings: &mut [CropReading],
) {
    for &k in mains {
        if lattice.is_covered(owners[k].0) {
            let r = &mut readings[k];
            r.confidence = r.confidence.min(ODD_LETTER_CONFIDENCE);
        }
    }
}

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of main readings whose text a
/// cover over part of the board lies against (an alert's side or corner through the letter; see
/// [`cover_side`]): what is left of a `W` reads `I`, surely. `mains` are indices into
/// `readings`, each with its cell and text box in `texts` (see [`main_text_box`]). Returns the
/// readings so covered, with the side the cover comes from.
fn doubt_letters_beside_covers(
    image: &DynamicImage,
    mains: &[usize],
    texts: &[Option<(&TileCrops, PixelBox)>],
    readings: &mut [CropReading],
) -> Vec<(usize, Cover)> {
    let letters: Vec<Option<cover_side::LetterBox>> = texts
        .iter()
        .map(|t| t.map(|(cell, text)| (text, cell.cell)))
        .collect();
    let sides = cover_side::covered_sides(image, &letters);
    let mut covered = Vec::new();
    for (&k, side) in mains.iter().zip(sides) {
        let Some(side) = side else {
            continue;
        };
        let r = &mut readings[k];
        r.confidence = r.confidence.min(ODD_LETTER_CONFIDENCE);
        covered.push((k, side));
    }
    covered
}

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of main readings whose letter a
/// stroke of a colour its tile does not show crosses (a swipe's path line; see [`crossing`]).
/// Cells a swipe trail was lifted off are left to the lift (see [`read_lifted_letters`]); in
/// rows a cover comes over (see [`CoverEdges`]), where the cover's edge runs through the ground
/// round the letters, only what crosses the letter's own box counts. `mains` are indices into
/// `readings`, each with its cell and text box in `texts`.
fn doubt_crossed_letters(
    image: &DynamicImage,
    edges: &CoverEdges,
    mains: &[usize],
    texts: &[Option<(&TileCrops, PixelBox)>],
    readings: &mut [CropReading],
) {
    let letters: Vec<Option<crossing::LetterBox>> = texts
        .iter()
        .map(|t| {
            t.filter(|(cell, _)| cell.lifted_main.is_none())
                .map(|(cell, text)| crossing::LetterBox {
                    text,
                    cell: cell.cell,
                    marks: cell.marks.iter().map(|(b, _)| *b).collect(),
                    ground_shown: !edges.reaches(cell.row, crossing::ring_area(cell.cell)),
                })
        })
        .collect();
    let crossed = crossing::crossed_letters(image, &letters);
    for (&k, crossed) in mains.iter().zip(crossed) {
        if crossed {
            let r = &mut readings[k];
            r.confidence = r.confidence.min(ODD_LETTER_CONFIDENCE);
        }
    }
}

/// A text of one character whose box is at most this share of its height wide is a line, not
/// a letter: a game's font draws its narrowest letter (`I`) with a stem of about a tenth of its
/// height or more (measured on every real image: 0.109 at the narrowest), while the divider
/// between an alert's two buttons, one pixel wide, read as an `I` at 99% on a tile it covers.
const HAIRLINE_SHARE: f32 = 0.05;

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of main readings of one character
/// whose box is a hairline (see [`HAIRLINE_SHARE`]). `mains` are indices into `readings`, each
/// with its cell and text box in `texts`.
fn doubt_hairlines(
    mains: &[usize],
    texts: &[Option<(&TileCrops, PixelBox)>],
    readings: &mut [CropReading],
) {
    for (&k, text) in mains.iter().zip(texts) {
        let Some((_, text)) = text else {
            continue;
        };
        let thin = text.width() as f32 <= HAIRLINE_SHARE * text.height() as f32;
        if thin && readings[k].text.trim().chars().count() == 1 {
            let r = &mut readings[k];
            r.confidence = r.confidence.min(ODD_LETTER_CONFIDENCE);
        }
    }
}

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of main readings with a hyphen
/// (`RE-`, `-ING`) whose crop holds a single piece of ink: a printed hyphen stands apart from
/// the letters, so one piece read with a hyphen is a letter crossed by a line running out of
/// it (a touch trace, a swipe's edge), which the model reads as `E-`, surely; the letters
/// without the hyphen become as likely. `mains` are indices into `crops` and `readings`.
fn doubt_joined_hyphens(mains: &[usize], crops: &[GrayImage], readings: &mut [CropReading]) {
    for &k in mains {
        if readings[k].text.contains('-') && ink_pieces(&crops[k]) < 2 {
            let r = &mut readings[k];
            r.confidence = r.confidence.min(ODD_LETTER_CONFIDENCE);
            // The letters without the hyphen are as likely.
            let letters = r.text.replace('-', "");
            r.alternatives.retain(|(t, _)| *t != letters);
            r.alternatives.insert(0, (letters, r.confidence));
        }
    }
}

/// A main text of two or more characters (a digram, a prefix or suffix tile, an either/or
/// pair) whose box centre lies farther than this share of its cell's width off the centres of
/// the texts beside it in its row has lost a part or gained one: a game centres such a tile's
/// print as a whole, so a hyphen, a slash or a letter left out of the box (or a stray mark
/// taken in) moves it aside. Measured on every set and probe (537 such readings on rows of 3 or
/// more texts): those read right lie at most 0.044 off their row (a board turned 2 degrees);
/// wrong ones lie 0.070-0.181 off (`IC` for `-IC` at 93% when the hyphen's ink was lost at low
/// contrast, `U/` for `U/L`, `OVER` for `OVER-`).
const SPECIAL_OFF_CENTRE: f32 = 0.06;
/// A single letter whose box centre lies farther than this share of its cell's width off the
/// centres of the texts beside it in its row is not the whole letter, or not a letter: games
/// centre their letters, so what is left of one a cover or a swipe's band cuts, or a box that
/// took in the tile's edge instead (the top of an `S` under an alert's panel, boxed with the
/// ground beside it, read `K` at 95%), lies aside. Measured on every real image (3,112 letters in
/// rows of 3 or more texts): at most 0.062 off their row. On ten probe sets (alerts, swipes,
/// `tmix`, `gmix`, banners, `mix10`, frosted glass, `tiny`, 4K desktops), 4 letters read wrong at
/// 90% or more lie 0.096-0.191 off (that `K`; an `H` under a Word Hunt band read `F` and `I`; a
/// Boggle photo's `R` read `I`), and 89 read right (28 in the alert probe's rows of covered
/// letters, 34 on `tmix` and `gmix`, 18 on the swipe probes).
const LETTER_OFF_CENTRE: f32 = 0.09;
/// A single letter's row tells where its letters lie when it holds at least this many other
/// texts; with fewer (a row of three, or of four with one tile unread), the whole board's texts
/// do: the median of two is their mean, which one text aside pulls aside.
const LETTER_ROW_FROM: usize = 3;

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of main readings whose box lies
/// off centre in its row (see [`SPECIAL_OFF_CENTRE`] for texts of two or more characters,
/// [`LETTER_OFF_CENTRE`] for single letters). `mains` are
/// indices into `readings`, each the main text of its cell in `cells` (by `owners`); `recut`
/// says which were cut again (see [`Recut`]).
fn doubt_off_centre_texts(
    cells: &[TileCrops],
    owners: &[(usize, Option<usize>)],
    mains: &[usize],
    recut: &Recut,
    image_width: u32,
    readings: &mut [CropReading],
) {
    // Each main text's row, its box centre's offset from its cell's, in cell widths, and
    // whether its cell runs past the image's left or right edge (its box is cut there, so its
    // centre is not the tile's).
    let offsets: Vec<Option<(usize, f32, bool)>> = mains
        .iter()
        .map(|&k| {
            let (cell, text) = main_text_box(cells, owners, recut, k)?;
            let centre = |left: u32, right: u32| (left + right) as f32 / 2.0;
            let off = centre(text.left, text.right) - centre(cell.cell.left, cell.cell.right);
            let cut = cell.cell.left == 0 || cell.cell.right + 1 >= image_width;
            Some((cell.row, off / cell.cell.width().max(1) as f32, cut))
        })
        .collect();
    for (n, &k) in mains.iter().enumerate() {
        let Some((row, off, cut)) = offsets[n] else {
            continue;
        };
        // The other texts' offsets: in the same row, or on the whole board; for a single
        // letter, only those of cells the image's edges leave whole.
        let single = readings[k].text.trim().chars().count() < 2;
        let others = |same_row: bool| -> Vec<f32> {
            let others = offsets.iter().enumerate().filter_map(|(m, o)| match o {
                Some((r, o, cut)) if m != n && (!same_row || *r == row) && !(single && *cut) => {
                    Some(*o)
                }
                _ => None,
            });
            others.collect()
        };
        let beside = others(true);
        let (usual, most_off) = if !single {
            if beside.len() < 2 {
                continue;
            }
            (median(beside), SPECIAL_OFF_CENTRE)
        } else if cut {
            continue;
        } else if beside.len() >= LETTER_ROW_FROM {
            (median(beside), LETTER_OFF_CENTRE)
        } else {
            // Two texts beside it would make one that lies aside look usual: the board's.
            let all = others(false);
            if all.len() < LETTER_ROW_FROM {
                continue;
            }
            (median(all), LETTER_OFF_CENTRE)
        };
        if (off - usual).abs() > most_off {
            let r = &mut readings[k];
            r.confidence = r.confidence.min(ODD_LETTER_CONFIDENCE);
        }
    }
}

/// A piece of ink counts as a hyphen or a letter when it is at least this share of the
/// tallest piece's height wide (a printed hyphen is a third to a half of its letters' height):
/// what is left of a touch trace's ring beside a letter does not.
const PIECE_MIN_WIDTH: f32 = 0.2;

/// How many separate pieces of ink (darker than mid-grey) a crop holds, of at least
/// [`PIECE_MIN_WIDTH`].
fn ink_pieces(crop: &GrayImage) -> usize {
    let pieces = tiles::crop_ink_pieces(crop);
    let tallest = pieces.iter().map(|(_, b)| b.height()).max().unwrap_or(0) as f32;
    pieces
        .iter()
        .filter(|(_, b)| b.width() as f32 >= PIECE_MIN_WIDTH * tallest)
        .count()
}

/// A main text whose box leaves out more than this share of the ink in its cell's middle is a
/// piece of its letter. Measured: whole letters of every real screenshot of our sets leave out
/// at most 0.52 (a Wordament `P` beside its value); the stems of `E`, `H`, `L`, `P` cut from the
/// rest of their letter (a small Wordament screenshot scaled to 0.75) leave out 0.60-0.79.
const INK_BESIDE_AT_MOST: f32 = 0.58;

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of one-letter main readings whose
/// box leaves out much of the ink in its cell's middle (see [`INK_BESIDE_AT_MOST`]): the model
/// reads the stem of an `E` as an `I`, surely. Letters cut again (see [`Recut`]) were found in
/// the cell itself or joined with the ink beside them, and are left alone.
fn doubt_letter_pieces(
    cells: &[TileCrops],
    owners: &[(usize, Option<usize>)],
    recut: &Recut,
    readings: &mut [CropReading],
) {
    doubt_letters_not_cut_again(owners, recut, readings, |reading, i| {
        reading.text.chars().count() == 1 && cells[i].ink_beside_main > INK_BESIDE_AT_MOST
    });
}

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of the main readings not cut
/// again (see [`Recut`]) for which `odd` holds, given the reading and the index of its cell.
fn doubt_letters_not_cut_again(
    owners: &[(usize, Option<usize>)],
    recut: &Recut,
    readings: &mut [CropReading],
    odd: impl Fn(&CropReading, usize) -> bool,
) {
    for (k, &(i, mark)) in owners.iter().enumerate() {
        let r = &mut readings[k];
        if mark.is_none() && !recut.holds(k) && odd(r, i) {
            r.confidence = r.confidence.min(ODD_LETTER_CONFIDENCE);
        }
    }
}

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of main readings beside which a
/// glyph cut by the image's edge may lie (see `TileCrops::main_cut_by_image_edge`): a `QU` whose
/// `U` the edge cut to its left stem reads `Q` at 100%. Letters cut again (see [`Recut`]) are
/// left alone.
fn doubt_letters_cut_by_image_edges(
    cells: &[TileCrops],
    owners: &[(usize, Option<usize>)],
    recut: &Recut,
    readings: &mut [CropReading],
) {
    doubt_letters_not_cut_again(owners, recut, readings, |_, i| {
        cells[i].main_cut_by_image_edge
    });
}

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of main readings in cells a
/// drawn swipe line runs into from a neighbour (see [`path_line`]): the path's first and last
/// letters, which a thin line only runs into, show it on one side, where it takes a stroke off
/// them (an `O` a white line runs into from the right reads `C` at 100%). Cells a swipe trail
/// was lifted off are left to the lift (see [`read_lifted_letters`]), and letters cut again
/// (see [`Recut`]) alone.
fn doubt_letters_on_drawn_lines(
    image: &DynamicImage,
    cells: &[TileCrops],
    owners: &[(usize, Option<usize>)],
    recut: &Recut,
    readings: &mut [CropReading],
) {
    let lattice_cells: Vec<path_line::Cell> = cells
        .iter()
        .map(|c| path_line::Cell {
            row: c.row,
            col: c.col,
            cell: c.cell,
        })
        .collect();
    let on_lines = path_line::cells_on_drawn_lines(image, &lattice_cells);
    doubt_letters_not_cut_again(owners, recut, readings, |_, i| {
        on_lines[i] && cells[i].lifted_main.is_none()
    });
}

/// A letter that the cut under a lifted trail reads otherwise lists that reading as an
/// alternative at most this share of the letter's own (lowered) confidence: strictly below it,
/// so the letter as cut stays the reading (a band is found and lifted where no trail is drawn
/// too, and the letter cut again then reads wrong).
const LIFT_RIVAL_SHARE: f32 = 0.9;

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of main readings where a swipe
/// trail was lifted off the cell and the letter cut again from the lifted image read otherwise
/// and was passed over (`passed_over`, see [`read_lifted_letters`]), and lists that reading as
/// an alternative (see [`LIFT_RIVAL_SHARE`]): the band a trail leaves over a letter can take a
/// stroke off it, and what is left reads surely as another letter (an `O` a band leaves by its
/// right side reads `C` at 99%, while the lifted `O` reads 99% too). Letters cut again (see
/// [`Recut`]) are left alone. Rows under a cover are not: a banner's edge is lifted as a band
/// too, and a Wordament `I` under one read `T` so, as surely (doubted, and its value, which the
/// game's table would have settled, is listed unreadable); but a band over a board's first row
/// is found as a cover's edge as well, and the `O` under it read `C` at 99%.
fn doubt_letters_a_lift_reads_otherwise(
    passed_over: &[(usize, CropReading)],
    recut: &Recut,
    readings: &mut [CropReading],
) {
    for (k, again) in passed_over {
        let (rival, rival_sure) = tile_notation(again);
        let r = &mut readings[*k];
        if recut.holds(*k) || rival.is_empty() || rival == tile_notation(r).0 {
            continue;
        }
        r.confidence = r.confidence.min(ODD_LETTER_CONFIDENCE);
        let rival_sure = rival_sure.min(tile_notation(r).1 * LIFT_RIVAL_SHARE);
        r.alternatives
            .retain(|(t, _)| notation_of(t, 1.0).is_none_or(|(n, _)| n != rival));
        r.alternatives.insert(0, (rival, rival_sure));
    }
}

/// A mark beside a main text read `I`, at most this share of the text's height away from it,
/// can be a piece of its letter (see [`doubt_stems_beside_marks`]).
const STEM_PIECE_GAP: f32 = 0.35;

/// ... when it is at least this share of the text's height high ...
const STEM_PIECE_HEIGHT: f32 = 0.25;

/// ... and this share of it wide (a sharpened stem's halo beside it is a hairline) ...
const STEM_PIECE_WIDTH: f32 = 0.2;

/// ... and at least this share of it lies within the text's height (on its line).
const STEM_PIECE_ON_LINE: f32 = 0.8;

/// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the confidence of main readings `I` beside a mark
/// of their cell on their line (see [`STEM_PIECE_GAP`], [`STEM_PIECE_HEIGHT`],
/// [`STEM_PIECE_WIDTH`], [`STEM_PIECE_ON_LINE`]): the model reads a lone stem as `I`, surely,
/// and a swipe trail across a `K` cuts its arms off the stem into pieces that are taken for
/// corner marks (read `I` at 96%). A game's values and badges lie in the tile's corners, above
/// or below the letter's line. Measured on the sets of real screenshots, our renders and the
/// trail probes: marks beside a main text on its line are pieces of a trail, beside wide letters
/// read right, but for that `K`.
fn doubt_stems_beside_marks(
    cells: &[TileCrops],
    owners: &[(usize, Option<usize>)],
    recut: &Recut,
    readings: &mut [CropReading],
) {
    for k in 0..owners.len() {
        if owners[k].1.is_some() || readings[k].text != "I" {
            continue;
        }
        let Some((cell, stem)) = main_text_box(cells, owners, recut, k) else {
            continue;
        };
        if cell
            .marks
            .iter()
            .any(|(mark, _)| is_piece_beside(*mark, stem))
        {
            readings[k].confidence = readings[k].confidence.min(ODD_LETTER_CONFIDENCE);
        }
    }
}

/// Whether `mark` lies beside `text` on its line and is large enough to be a piece of its
/// letter (see [`doubt_stems_beside_marks`]).
fn is_piece_beside(mark: PixelBox, text: PixelBox) -> bool {
    let th = text.height() as f32;
    let on_line = mark.bottom.min(text.bottom) as f32 - mark.top.max(text.top) as f32;
    let gap = (mark.left as f32 - text.right as f32).max(text.left as f32 - mark.right as f32);
    (0.0..=STEM_PIECE_GAP * th).contains(&gap)
        && mark.height() as f32 >= STEM_PIECE_HEIGHT * th
        && mark.width() as f32 >= STEM_PIECE_WIDTH * th
        && on_line >= STEM_PIECE_ON_LINE * mark.height() as f32
}

/// The share of a crop's pixels that are ink (darker than mid-grey).
fn ink_share(crop: &GrayImage) -> f32 {
    let ink = crop.pixels().filter(|p| p[0] < 128).count();
    ink as f32 / (crop.width() * crop.height()).max(1) as f32
}

/// A letter cut again where a trail was lifted off its tile is kept when it reads at least this
/// surely, however surely the letter cut from the image as it is reads: that one lost the
/// strokes the band lightens, and what is left of an `O` whose right side the trail leaves by is
/// a `C`, read at 99-100%, while the lifted `O` reads at 99%. Measured on rendered Word Hunt
/// boards swiped along random paths and along rows and columns (trails over white, green and
/// yellow tiles, opacity 0.6-0.88): 6 such letters read wrong at 99-100% before, none after; the
/// one read wrong at 90% or more left (a `K` cut to its stem) reads `I` both ways. Measured on
/// the sets and probes of real screenshots too: nothing else changes. Not in a row under a
/// cover: a banner's edge or soft shadow is lifted as a band too, and letters cut again from it
/// read wrong and surely (a Wordament `L` as `T` at 95%). Nor where it does not lie over the
/// letter as cut (see `TileCrops::lifted_in_place`): there it may only replace a letter read
/// under this, by reading surer.
const LIFTED_SURE: f32 = 0.9;

/// Reads the main texts cut again where a swipe trail was lifted off a cell (see
/// [`super::trail`]), in one model call, and keeps each where it reads surer than the text cut
/// from the image as it is, or surely, outside rows under a cover and over the letter as cut
/// (see [`LIFTED_SURE`]). Returns the indices (into `crops`) of the kept ones, and the
/// readings passed over (see [`doubt_letters_a_lift_reads_otherwise`]).
fn read_lifted_letters(
    reader: &TileReader,
    cells: &[TileCrops],
    owners: &[(usize, Option<usize>)],
    edges: &CoverEdges,
    crops: &mut [GrayImage],
    readings: &mut [CropReading],
) -> Result<Reread, VisionError> {
    let sureness = |r: &CropReading| tile_notation(r).1;
    // A letter under the trail elsewhere than the text as cut (see
    // `TileCrops::lifted_in_place`) may stand for that text only where it did not read surely.
    let lifted: Vec<(usize, GrayImage)> = owners
        .iter()
        .enumerate()
        .filter(|(_, (_, kind))| kind.is_none())
        .filter(|&(k, &(i, _))| cells[i].lifted_in_place() || sureness(&readings[k]) < LIFTED_SURE)
        .filter_map(|(k, &(i, _))| {
            let (_, crop) = cells[i].lifted_main.as_ref()?;
            Some((k, crop.clone()))
        })
        .collect();
    // A banner's edge or shadow is lifted as a band too: not under a cover.
    keep_surer_readings(reader, lifted, crops, readings, sureness, |k, again| {
        let cell = &cells[owners[k].0];
        !edges.covers_row(cell.row) && cell.lifted_in_place() && sureness(again) >= LIFTED_SURE
    })
}

/// A letter joined from pieces (see `tiles::joined_column`) is kept only when the model reads
/// it, one letter, at least this surely (where it was a piece read as one letter before) ...
const JOINED_SURE: f32 = 0.9;

/// ... and is reported at most this sure: the join is the reader's own guess at which pieces
/// make one letter, so the reading is not promised (below 90%).
const JOINED_AT_MOST: f32 = 0.85;

/// Reads the main texts joined with the pieces of ink above or below them (see
/// `tiles::joined_column`: a letter a light band split), in one model call, where the text as
/// cut read as one letter (a piece of a letter), and keeps each that reads as one letter, surely
/// (see [`JOINED_SURE`]) and surer than the text as cut, at most [`JOINED_AT_MOST`] sure. Texts
/// already cut again from a lifted trail (`lifted`) are left alone. Rows under a cover are not
/// left out: a trail's round end is found as a cover's edge. Returns the indices (into `crops`)
/// of the kept ones.
fn read_joined_letters(
    reader: &TileReader,
    cells: &[TileCrops],
    owners: &[(usize, Option<usize>)],
    lifted: &[usize],
    crops: &mut [GrayImage],
    readings: &mut [CropReading],
) -> Result<Vec<usize>, VisionError> {
    let one_letter = |r: &CropReading| {
        let (text, sure) = tile_notation(r);
        let letter = text.chars().count() == 1 && text.chars().all(char::is_alphabetic);
        letter.then_some(sure)
    };
    let joined: Vec<(usize, GrayImage)> = owners
        .iter()
        .enumerate()
        .filter(|&(k, &(_, kind))| {
            kind.is_none() && !lifted.contains(&k) && one_letter(&readings[k]).is_some()
        })
        .filter_map(|(k, &(i, _))| {
            let (_, crop) = cells[i].joined_main.as_ref()?;
            Some((k, crop.clone()))
        })
        .collect();
    // Both readings are rated alike: one letter read at least `JOINED_SURE` surely, else
    // nothing; so a joined reading is kept only as such a letter, surer than the piece.
    let sureness = |r: &CropReading| {
        one_letter(r)
            .filter(|&sure| sure >= JOINED_SURE)
            .unwrap_or(0.0)
    };
    let kept = keep_surer_readings(reader, joined, crops, readings, sureness, |_, _| false)?.kept;
    for &k in &kept {
        let r = &mut readings[k];
        r.confidence = r.confidence.min(JOINED_AT_MOST);
    }
    Ok(kept)
}

/// The main readings read again from another cut of their cell and kept (indices into the
/// readings): from the image with a swipe trail lifted off, or joined from pieces.
struct Recut {
    /// Cut again from the lifted image (see [`read_lifted_letters`]).
    lifted: Vec<usize>,
    /// Joined from pieces (see [`read_joined_letters`]).
    joined: Vec<usize>,
}

impl Recut {
    /// Whether reading `k` was cut again either way.
    fn holds(&self, k: usize) -> bool {
        self.lifted.contains(&k) || self.joined.contains(&k)
    }
}

/// What reading crops again gave (see [`keep_surer_readings`]).
#[derive(Default)]
struct Reread {
    /// The indices (into the crops and readings) whose new reading was kept.
    kept: Vec<usize>,
    /// The new readings passed over, each with the index of the reading it did not replace.
    passed_over: Vec<(usize, CropReading)>,
}

/// Reads the crops `again` (each with the index into `crops` and `readings` it may replace) in
/// one model call, and keeps each new crop and reading where `sureness` rates it higher than the
/// reading it would replace, or where `preferred` holds for it (its index and new reading).
fn keep_surer_readings(
    reader: &TileReader,
    again: Vec<(usize, GrayImage)>,
    crops: &mut [GrayImage],
    readings: &mut [CropReading],
    sureness: impl Fn(&CropReading) -> f32,
    preferred: impl Fn(usize, &CropReading) -> bool,
) -> Result<Reread, VisionError> {
    if again.is_empty() {
        return Ok(Reread::default());
    }
    let (indices, images): (Vec<usize>, Vec<GrayImage>) = again.into_iter().unzip();
    let read_again = read_crops(reader, &images)?;
    let mut reread = Reread::default();
    for ((k, crop), reading) in indices.into_iter().zip(images).zip(read_again) {
        if preferred(k, &reading) || sureness(&reading) > sureness(&readings[k]) {
            (crops[k], readings[k]) = (crop, reading);
            reread.kept.push(k);
        } else {
            reread.passed_over.push((k, reading));
        }
    }
    Ok(reread)
}

/// Reads crops with the model (one call), its failure as [`VisionError::Ocr`].
fn read_crops(reader: &TileReader, crops: &[GrayImage]) -> Result<Vec<CropReading>, VisionError> {
    reader.read(crops).map_err(|e| VisionError::Ocr(e.into()))
}

/// Corner marks read as a value or badge with less confidence than this are read again from
/// their colour crop (see [`tiles::colour_crop`]).
const COLOUR_AGAIN_BELOW: f32 = 0.9;

/// Reads again, from the smallest colour channel, the corner marks that read as a value or a
/// badge but unsurely (in one model call), and keeps each colour reading that is surer. Marks that
/// read as neither are left alone: a colour crop must not turn an icon into a value.
fn read_colour_marks(
    image: &DynamicImage,
    reader: &TileReader,
    cells: &[TileCrops],
    owners: &[(usize, Option<usize>)],
    crops: &mut [GrayImage],
    readings: &mut [CropReading],
) -> Result<(), VisionError> {
    let colour_crop = |reading: &CropReading, cell: &TileCrops, mark: usize| {
        let (text, _) = cell.marks.get(mark)?;
        // Read as neither (a letter, see [`mark_choices`]): left alone too.
        mark_of(&reading.text, reading.confidence)?;
        let sure = mark_choices(reading).first()?.1;
        (sure < COLOUR_AGAIN_BELOW).then(|| tiles::colour_crop(image, *text))
    };
    // A reading that is no value or badge rates 0: below every mark read again.
    let sureness = |r: &CropReading| mark_choices(r).first().map_or(0.0, |c| c.1);
    read_marks_again(
        reader,
        cells,
        owners,
        crops,
        readings,
        colour_crop,
        sureness,
    )
}

/// Reads again, in one model call, the crop `pick` gives for a corner mark (given its reading,
/// its cell and its index among the cell's marks), for every mark it gives one for, and keeps
/// each new reading that `sureness` rates higher (see [`keep_surer_readings`]).
fn read_marks_again(
    reader: &TileReader,
    cells: &[TileCrops],
    owners: &[(usize, Option<usize>)],
    crops: &mut [GrayImage],
    readings: &mut [CropReading],
    pick: impl Fn(&CropReading, &TileCrops, usize) -> Option<GrayImage>,
    sureness: impl Fn(&CropReading) -> f32,
) -> Result<(), VisionError> {
    let again: Vec<(usize, GrayImage)> = owners
        .iter()
        .enumerate()
        .filter_map(|(k, &(i, mark))| Some((k, pick(&readings[k], &cells[i], mark?)?)))
        .collect();
    keep_surer_readings(reader, again, crops, readings, sureness, |_, _| false)?;
    Ok(())
}

/// How sure a reading is of a badge: its most probable meaning's probability when that is a
/// badge, else 0.
fn badge_sureness(reading: &CropReading) -> f32 {
    match mark_choices(reading).first() {
        Some((Mark::Bonus(_), p)) => *p,
        _ => 0.0,
    }
}

/// Reads again the label printed inside each corner mark that reads as no badge, nor as a value
/// at least [`COLOUR_AGAIN_BELOW`] sure (see `tiles::nested_label`), in one model call, and keeps
/// each label that reads as a badge surer than the mark did. A round badge at a phone's
/// resolution (Ruzzle's, about 20 px) stands out more than its label, so it is the mark, and
/// reads as an `O` or a `Q`: the tile's badge would be lost, with no doubt listed. Only a badge
/// is taken from a label: the `2` inside a `12` whose reading failed is no value of the tile.
fn read_mark_labels(
    full: &GrayImage,
    reader: &TileReader,
    cells: &[TileCrops],
    owners: &[(usize, Option<usize>)],
    crops: &mut [GrayImage],
    readings: &mut [CropReading],
) -> Result<(), VisionError> {
    let label_crop = |reading: &CropReading, cell: &TileCrops, mark: usize| {
        let label = cell.mark_labels.get(mark)?.as_ref()?;
        let surely_a_value = mark_choices(reading)
            .first()
            .is_some_and(|(m, p)| matches!(m, Mark::Value(_)) && *p >= COLOUR_AGAIN_BELOW);
        (badge_sureness(reading) == 0.0 && !surely_a_value).then(|| label.crop(full))
    };
    read_marks_again(
        reader,
        cells,
        owners,
        crops,
        readings,
        label_crop,
        badge_sureness,
    )
}

/// Reads every cell's crops in one model call and assembles the board reading. `full` is the
/// image's grey copy at full resolution, which `cells` were cut from. With the reading comes
/// which way the board's letters face (see [`read_turned_letters`]): upright, all one way (the
/// turn that would stand them upright) or every way.
pub fn read_cells(
    image: &DynamicImage,
    full: &GrayImage,
    lattice: &Lattice,
    cells: &[TileCrops],
    scale: f32,
    reader: &TileReader,
) -> Result<(BoardReading, Facing), VisionError> {
    let (mut crops, owners) = gather_crops(cells);
    // Most boards ask for the cover edges below: they are found while the model reads (its
    // recurrent layer leaves a core idle).
    let edges = CoverEdges::new(image, cells, lattice.rows);
    let (readings, ()) = rayon::join(|| read_crops(reader, &crops), || edges.find_both());
    let mut readings = readings?;
    let mains: Vec<usize> = (0..owners.len())
        .filter(|&k| owners[k].1.is_none())
        .collect();
    refuse_numbers(lattice, &mains, &readings)?;
    let lift = read_lifted_letters(reader, cells, &owners, &edges, &mut crops, &mut readings)?;
    let (lifted, lifts_passed_over) = (lift.kept, lift.passed_over);
    let joined = read_joined_letters(reader, cells, &owners, &lifted, &mut crops, &mut readings)?;
    let recut = Recut { lifted, joined };
    read_colour_marks(image, reader, cells, &owners, &mut crops, &mut readings)?;
    read_mark_labels(full, reader, cells, &owners, &mut crops, &mut readings)?;
    // Each main reading's cell and text box (turning a crop below keeps its box).
    let texts: Vec<Option<(&TileCrops, PixelBox)>> = mains
        .iter()
        .map(|&k| main_text_box(cells, &owners, &recut, k))
        .collect();
    let lying = letters_lie_on_their_side(texts.iter().flatten().map(|(_, text)| *text));
    // A tile far past the image's edge shows a part of its letter, which may read surely as
    // another letter turned: it has no vote on whether letters face every way.
    let size = (image.width() as f32 / scale, image.height() as f32 / scale);
    let voters: Vec<usize> = mains
        .iter()
        .copied()
        .filter(|&k| {
            let cell = &cells[owners[k].0];
            !lattice.far_past_image_edge(cell.row, cell.col, size)
        })
        .collect();
    let (turn, turn_shares) =
        read_turned_letters(reader, &mains, &voters, lying, &mut crops, &mut readings)?;
    let first_confidence: Vec<f32> = readings.iter().map(|r| r.confidence).collect();
    weigh_second_opinion(reader, &mains, &crops, &mut readings)?;
    // The print test weighs the second opinion's confidences as they come (see below).
    let second_confidence: Vec<f32> = readings.iter().map(|r| r.confidence).collect();
    keep_turn_shares(&turn_shares, &mut readings);
    let before_tests: Vec<f32> = readings.iter().map(|r| r.confidence).collect();
    let spans: Vec<Option<VerticalSpan>> = texts
        .iter()
        .map(|t| t.map(|(cell, text)| VerticalSpan::of(text, cell.cell)))
        .collect();
    let mut covered = doubt_odd_letters(&mains, &spans, &crops, &mut readings);
    covered.extend(doubt_letters_beside_covers(
        image,
        &mains,
        &texts,
        &mut readings,
    ));
    doubt_hairlines(&mains, &texts, &mut readings);
    doubt_crossed_letters(image, &edges, &mains, &texts, &mut readings);
    covered.extend(doubt_covered_letters(
        image,
        cells,
        &edges,
        &spans,
        &mains,
        &owners,
        &mut readings,
    ));
    let covered_cells: Vec<(usize, Cover)> = covered
        .into_iter()
        .map(|(k, side)| (owners[k].0, side))
        .collect();
    doubt_letter_pieces(cells, &owners, &recut, &mut readings);
    doubt_letters_cut_by_image_edges(cells, &owners, &recut, &mut readings);
    doubt_letters_a_lift_reads_otherwise(&lifts_passed_over, &recut, &mut readings);
    doubt_letters_on_drawn_lines(image, cells, &owners, &recut, &mut readings);
    doubt_stems_beside_marks(cells, &owners, &recut, &mut readings);
    doubt_joined_hyphens(&mains, &crops, &mut readings);
    doubt_off_centre_texts(cells, &owners, &mains, &recut, image.width(), &mut readings);
    doubt_letters_of_covered_rows(lattice, &owners, &mains, &mut readings);
    let mut grids = CellGrids::new(lattice.rows, lattice.cols, cells);
    let (width, height) = (image.width(), image.height());
    let in_lattice_pixels = (width as f32 / scale, height as f32 / scale);
    grids.covers = tile_covers(lattice, cells, &covered_cells, in_lattice_pixels);
    for ((i, kind), (reading, crop)) in owners.iter().zip(readings.iter().zip(crops)) {
        let cell = &cells[*i];
        match kind {
            None => grids.add_main(cell, reading, crop),
            Some(k) => grids.add_mark(*i, cell, *k, reading, crop),
        }
    }
    let mut reading = grids.into_reading(&edges, lattice, cells, scale, in_lattice_pixels);
    // Print the first model never saw, or that the two models read apart (see `print`).
    let letters_read: Vec<usize> = mains
        .iter()
        .copied()
        .filter(|&k| !readings[k].text.trim().is_empty())
        .collect();
    let doubted = |k: usize| readings[k].confidence < before_tests[k];
    reading.unfamiliar_print = [&first_confidence, &second_confidence]
        .iter()
        .any(|confidence| {
            print::is_unfamiliar(letters_read.iter().map(|&k| (confidence[k], doubted(k))))
        });
    Ok((reading, turn))
}

/// Weighs the second model's reading of every main crop with the first's (see
/// [`TileReader::second_opinion`] and [`super::ocr::mixed`]), in one model call, once the crops
/// are final (turned upright where the letters lie turned, cut again under a lifted trail). Only
/// letters: corner marks (small digits) and the turn tests stay the first model's, which reads
/// them better.
fn weigh_second_opinion(
    reader: &TileReader,
    mains: &[usize],
    crops: &[GrayImage],
    readings: &mut [CropReading],
) -> Result<(), VisionError> {
    let main_crops: Vec<GrayImage> = mains.iter().map(|&k| crops[k].clone()).collect();
    let Some(second) = reader
        .second_opinion(&main_crops)
        .map_err(|e| VisionError::Ocr(e.into()))?
    else {
        return Ok(());
    };
    for (&k, other) in mains.iter().zip(&second) {
        readings[k] = super::ocr::mixed(&readings[k], other);
    }
    Ok(())
}

/// The cell of reading `k` (a main text; see `owners`) with the box of the text it read: the
/// text cut again from a lifted trail or joined from pieces when `recut` says so, else the main
/// text as cut.
fn main_text_box<'a>(
    cells: &'a [TileCrops],
    owners: &[(usize, Option<usize>)],
    recut: &Recut,
    k: usize,
) -> Option<(&'a TileCrops, PixelBox)> {
    let cell = &cells[owners[k].0];
    let main = if recut.lifted.contains(&k) {
        &cell.lifted_main
    } else if recut.joined.contains(&k) {
        &cell.joined_main
    } else {
        &cell.main
    };
    main.as_ref().map(|(text, _)| (cell, *text))
}

/// Refuses a lattice whose tiles mostly hold numbers (see [`NoLattice::Numbers`]): a calendar's
/// month or a number puzzle is a lattice of like tiles too, but a word game's tiles show
/// letters. Measured over every set and probe (1,570 boards): at most 2 of a board's 16 tiles
/// read as a number (turned dice read `3` and `7`); a month reads 30 of 37, a 4x4 number puzzle
/// 16 of 16.
/// `mains` are the indices of the tiles' main readings in `readings`.
fn refuse_numbers(
    lattice: &Lattice,
    mains: &[usize],
    readings: &[CropReading],
) -> Result<(), VisionError> {
    let texts = mains.iter().map(|&k| readings[k].text.trim());
    let read: Vec<&str> = texts.filter(|t| !t.is_empty()).collect();
    let numbers = read
        .iter()
        .filter(|t| t.chars().all(|c| c.is_ascii_digit()))
        .count();
    if numbers * 2 > read.len() {
        return Err(VisionError::NoGrid(NoLattice::Numbers {
            rows: lattice.rows,
            cols: lattice.cols,
            numbers,
        }));
    }
    Ok(())
}

/// A mark that may be a badge (see [`badge_hint`]): what it may be, with probabilities, and its
/// box.
type BadgeHint = (Vec<(String, f32)>, PixelBox);

/// A badge's label is two letters: the first is the badge's kind of square (`D`ouble,
/// `T`riple), the second what it doubles (`L`etter, `W`ord).
const BADGE_FIRST_LETTERS: [(&str, [&str; 2]); 2] = [("D", ["DL", "DW"]), ("T", ["TL", "TW"])];

/// What a corner mark that is no value or badge may still be as a badge: a mark the model reads
/// as a badge, too unsurely to be a mark at all (see [`MARK_NOISE_BELOW`]), may be that badge,
/// or one of the others it reads; a mark it reads as `D` or `T` alone is a badge's label whose
/// second letter was not found with it (a `W` on a yellow badge fades in grey), and may be
/// either badge of that letter, half as probable each. `None` for anything else.
fn badge_hint(reading: &CropReading) -> Option<Vec<(String, f32)>> {
    let text = reading.text.trim();
    if badge_of(text).is_some() {
        let badges = std::iter::once((text, reading.confidence))
            .chain(reading.alternatives.iter().map(|(t, p)| (t.as_str(), *p)))
            .filter_map(|(t, p)| Some((Mark::Bonus(badge_of(t)?.to_string()), p)))
            .collect();
        return Some(labelled(&merged(badges)));
    }
    let (_, badges) = BADGE_FIRST_LETTERS
        .iter()
        .find(|(first, _)| *first == text)?;
    let half = reading.confidence / 2.0;
    Some(badges.iter().map(|b| (b.to_string(), half)).collect())
}

/// What a mark read as the second letter of a badge's label may be: `L`, `W` or `M` (French
/// `mot`, see [`LOCALISED_BADGES`]) alone (the first letter or digit faded), or after a letter
/// that is no badge's first (`BL` for a blurred `DL`): either badge of that second letter, half
/// as probable each. `None` for anything else. Only a mark centred at the place of the board's
/// badges is taken so (see [`read_smallest_channel_badges`]): elsewhere an `L` is as likely a
/// stray stroke.
fn badge_label_end(reading: &CropReading) -> Option<Vec<(String, f32)>> {
    let text = reading.text.trim();
    let last = match text.len() {
        1 | 2 => text.chars().last()?,
        _ => return None,
    };
    let multiplied = match last {
        'L' => 'L',
        'W' | 'M' => 'W',
        _ => return None,
    };
    if badge_of(text).is_some() {
        return None;
    }
    let half = reading.confidence / 2.0;
    Some(
        ['D', 'T']
            .iter()
            .map(|first| (format!("{first}{multiplied}"), half))
            .collect(),
    )
}

/// The corner of their cells the badges read lie in (left, top), from where their boxes'
/// centres lie from their cells' centres; `None` when no badge was read.
fn badge_corner(cells: &[PixelBox], bonus_boxes: &[Option<PixelBox>]) -> Option<(bool, bool)> {
    let (mut dx, mut dy, mut n) = (0.0, 0.0, 0);
    for (cell, badge) in cells.iter().zip(bonus_boxes) {
        if let Some(b) = badge {
            let ((bx, by), (cx, cy)) = (b.centre(), cell.centre());
            dx += bx - cx;
            dy += by - cy;
            n += 1;
        }
    }
    (n > 0).then_some((dx < 0.0, dy < 0.0))
}

/// Lists as an unreadable badge each badge hint (see [`badge_hint`]) on a tile with no badge
/// read nor doubted, on a board with badges read, when the hint lies in the corner the badges
/// lie in: a badge whose label was read in part, or too unsurely, is said to be there, never
/// passed over as if the tile had none (and never guessed). `hints`, `bonus_boxes` and
/// `cell_boxes` (each cell's box) are row-major.
fn doubt_badge_hints(
    hints: &[Option<BadgeHint>],
    bonuses: &[Vec<String>],
    bonus_boxes: &[Option<PixelBox>],
    cell_boxes: &[PixelBox],
    doubts: &mut Vec<MarkDoubt>,
) {
    let cols = bonuses.first().map_or(0, Vec::len);
    let Some(corner) = badge_corner(cell_boxes, bonus_boxes) else {
        return;
    };
    for (i, hint) in hints.iter().enumerate() {
        let Some((choices, mark)) = hint else {
            continue;
        };
        let (r, c) = (i / cols, i % cols);
        let ((mx, my), (cx, cy)) = (mark.centre(), cell_boxes[i].centre());
        if bonuses[r][c].is_empty() && (mx < cx, my < cy) == corner {
            list_unreadable_badge(doubts, (r, c), choices.clone());
        }
    }
}

/// On a board with a badge read, looks again for a badge on every other tile in the image's
/// smallest colour channel, in the corner of the tile the badges read lie in (see
/// [`tiles::smallest_channel_marks`]), in one model call, and reports each mark there that reads
/// as a badge at least [`DOUBT_BELOW`] sure (the surest of a tile's), with its own confidence;
/// an unreadable-badge doubt on that tile is then dropped. A mark there that reads as a badge
/// less surely is listed as an unreadable badge, with what it may be, and so is one that reads
/// as anything at the place of the board's badges (see [`doubt_marks_at_the_badge_place`]).
/// Other marks are left alone: values were read in grey.
pub fn read_smallest_channel_badges(
    image: &DynamicImage,
    lattice: &Lattice,
    scale: f32,
    reader: &TileReader,
    reading: &mut BoardReading,
) -> Result<(), VisionError> {
    let Some(bonuses) = reading.board.bonuses.as_ref() else {
        return Ok(());
    };
    let cols = lattice.cols;
    let without: Vec<usize> = (0..lattice.rows * cols)
        .filter(|&i| bonuses[i / cols][i % cols].is_empty() && lattice.holes.get(i) != Some(&true))
        .collect();
    let Some(corner) = badge_corner(&reading.cells, &reading.bonus_boxes) else {
        return Ok(());
    };
    let (marks, crops): (Vec<(usize, PixelBox)>, Vec<GrayImage>) = without
        .par_iter()
        .flat_map_iter(|&i| {
            tiles::smallest_channel_marks(image, lattice, scale, (i / cols, i % cols), corner)
                .into_iter()
                .map(move |(pixels, crop)| ((i, pixels), crop))
        })
        .unzip();
    if marks.is_empty() {
        return Ok(());
    }
    let readings = read_crops(reader, &crops)?;
    // For `--debug`, numbered within each cell like its grey marks.
    let mut seen = vec![0usize; lattice.rows * cols];
    for (((i, _), crop), r) in marks.iter().zip(&crops).zip(&readings) {
        let k = seen[*i];
        seen[*i] += 1;
        let name = format!("{}-{}-smallest-channel-mark{k}", i / cols, i % cols);
        reading.crops.push((name, crop.clone(), r.text.clone()));
    }
    let place = BadgePlace::of(
        (0..lattice.rows * cols).filter_map(|i| Some((reading.bonus_boxes[i]?, reading.cells[i]))),
    );
    let mut best: Vec<Option<(String, f32, PixelBox)>> = vec![None; lattice.rows * cols];
    let mut unsure: Vec<Option<Vec<(Mark, f32)>>> = vec![None; lattice.rows * cols];
    let mut at_badge_place = vec![false; lattice.rows * cols];
    for ((i, pixels), r) in marks.iter().zip(&readings) {
        let mark_place = PlaceInCell::of(*pixels, reading.cells[*i]);
        at_badge_place[*i] |= place.as_ref().is_some_and(|p| p.holds(&mark_place));
        let choices = mark_choices(r);
        let Some((Mark::Bonus(b), p)) = choices.first() else {
            // A label's second letter alone, where the badges are: a badge whose label was
            // read in part (the mark is the label, smaller than the badges read whole).
            let centred = place
                .as_ref()
                .is_some_and(|p| mark_place.is_centred_at_badge_place(&p.median));
            if let Some(part) = badge_label_end(r).filter(|_| centred && unsure[*i].is_none()) {
                unsure[*i] = Some(part.into_iter().map(|(b, p)| (Mark::Bonus(b), p)).collect());
            }
            continue;
        };
        if *p < DOUBT_BELOW {
            if unsure[*i].as_ref().is_none_or(|u| u[0].1 < *p) {
                unsure[*i] = Some(choices.clone());
            }
        } else if best[*i].as_ref().is_none_or(|(_, q, _)| p > q) {
            best[*i] = Some((b.clone(), *p, *pixels));
        }
    }
    // A badge read there, but unsurely, or a mark read as anything at the badges' place, is
    // listed unreadable (never guessed, nor passed over).
    for (i, choices) in unsure.into_iter().enumerate() {
        let (r, c) = (i / cols, i % cols);
        if best[i].is_some() {
            continue;
        }
        let Some(choices) = choices.or_else(|| at_badge_place[i].then(Vec::new)) else {
            continue;
        };
        let listed = reading
            .mark_doubts
            .iter_mut()
            .find(|d| d.is_at((r, c), MarkKind::Badge));
        match listed {
            // Listed from its grey mark, with nothing it may be: what this one reads tells.
            Some(doubt) if doubt.choices.is_empty() => doubt.choices = labelled(&choices),
            Some(_) => {}
            None => reading.mark_doubts.push(MarkDoubt {
                row: r,
                col: c,
                kind: MarkKind::Badge,
                choices: labelled(&choices),
            }),
        }
    }
    for (i, found) in best.into_iter().enumerate() {
        let Some((badge, p, pixels)) = found else {
            continue;
        };
        let (r, c) = (i / cols, i % cols);
        if let Some(bonuses) = reading.board.bonuses.as_mut() {
            bonuses[r][c] = badge;
        }
        reading.bonus_confidence[r][c] = p;
        reading.bonus_boxes[i] = Some(pixels);
        reading
            .mark_doubts
            .retain(|d| !d.is_at((r, c), MarkKind::Badge));
    }
    Ok(())
}

/// Every crop of every cell, in one list for one model call, with whose it is: (cell index,
/// `None` for the main text or `Some(k)` for mark `k`).
fn gather_crops(cells: &[TileCrops]) -> (Vec<GrayImage>, Vec<(usize, Option<usize>)>) {
    let mut crops: Vec<GrayImage> = Vec::new();
    let mut owners = Vec::new();
    for (i, cell) in cells.iter().enumerate() {
        if let Some((_, img)) = &cell.main {
            crops.push(img.clone());
            owners.push((i, None));
        }
        for (k, (_, img)) in cell.marks.iter().enumerate() {
            crops.push(img.clone());
            owners.push((i, Some(k)));
        }
    }
    (crops, owners)
}

/// A mark read as a value: its meanings, most probable first, and its box.
type ValueCandidate = (Vec<(Mark, f32)>, PixelBox);

/// The fewest tiles whose surest value readings lie in one corner for that corner to be the
/// board's value corner (see [`CellGrids::choose_values`]).
const USUAL_CORNER_TILES: usize = 4;

/// A board shows values, even where most are too small or too faint to be found, when at least
/// this many value readings lie at one place in their cells (see [`values_at_one_place`]).
/// Measured over every set and probe: boards without printed values have at most 1 reading at
/// one place; boards whose values were found on fewer than half of the tiles (tiles about 34 px
/// apart, a SpellCast crop at 0.45x) have 4 to 9.
const VALUES_AT_ONE_PLACE: usize = 3;
/// Value readings lie at one place when their centres are at most this share of the cell's
/// width and height apart ...
const ONE_PLACE_SPREAD: f32 = 0.04;
/// ... and their heights at most this ratio apart ...
const ONE_PLACE_HEIGHT_RATIO: f32 = 1.33;
/// ... and that place is off the cell's middle by at least this share of the cell (a main
/// letter read as a digit sits in the middle).
const ONE_PLACE_OFF_MIDDLE: f32 = 0.2;

/// On a board that shows values, where most of them were not found or not read surely enough
/// to report (see [`CellGrids::shows_values`]), the values read are at the edge of what can be
/// read: each is at most this sure, so it is listed with its alternatives. Measured: on boards
/// whose tiles are about 34 px apart, 4 of the 14 values read at 85% among few found were wrong
/// (`1` for a `3` or `5`), and a `3` for a `1` at 65% among 3 reported of 16.
const FEW_VALUES_CONFIDENCE: f32 = 0.5;

/// A mark lies at the place of the board's badges when its centre lies within their box (their
/// median), or at most this share of the cell's width and height from their centre where their
/// box is smaller ...
const BADGE_PLACE_SPREAD: f32 = 0.04;
/// A badge read in part lies at the badges' place when its box covers at least this share of
/// the place's height (see [`PlaceInCell::is_read_at_badge_place`]).
const BADGE_PART_OVERLAP: f32 = 0.5;
/// ... it is at most this many times their width and height (a badge's label, or a part of it:
/// the `D` of a `DW` whose `W` split off) ...
const BADGE_SIZE_RATIO: f32 = 4.0 / 3.0;
/// ... and at least this share of their height (a speck is not a label).
const BADGE_LEAST_HEIGHT: f32 = 0.5;

/// How many of a board's values were read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ValuesFound {
    /// On most tiles, surely enough to report.
    Most,
    /// On fewer than half the tiles: found on a few tiles, at one place in each, or found on
    /// most but read surely enough to report on fewer than half.
    Few,
}

/// Where a mark (a value or badge reading) lies in its cell: its centre as shares of the cell's
/// width and height, and its width and height as shares of the cell's.
#[derive(Debug, Clone, Copy)]
struct PlaceInCell {
    x: f32,
    y: f32,
    width: f32,
    height: f32,
}

impl PlaceInCell {
    /// Where `mark` lies in `cell`.
    fn of(mark: PixelBox, cell: PixelBox) -> PlaceInCell {
        let (w, h) = (cell.width().max(1) as f32, cell.height().max(1) as f32);
        PlaceInCell {
            x: ((mark.left + mark.right) as f32 / 2.0 - cell.left as f32) / w,
            y: ((mark.top + mark.bottom) as f32 / 2.0 - cell.top as f32) / h,
            width: mark.width() as f32 / w,
            height: mark.height() as f32 / h,
        }
    }

    /// The per-field median of `places` (not empty).
    fn median(places: &[PlaceInCell]) -> PlaceInCell {
        let of = |field: fn(&PlaceInCell) -> f32| median(places.iter().map(field).collect());
        PlaceInCell {
            x: of(|p| p.x),
            y: of(|p| p.y),
            width: of(|p| p.width),
            height: of(|p| p.height),
        }
    }

    /// Whether this mark is of `badge`'s size or a part of it (see [`BADGE_SIZE_RATIO`],
    /// [`BADGE_LEAST_HEIGHT`]), wherever it lies.
    fn is_of_badge_size(&self, badge: &PlaceInCell) -> bool {
        self.width <= BADGE_SIZE_RATIO * badge.width
            && self.height <= BADGE_SIZE_RATIO * badge.height
            && self.height >= BADGE_LEAST_HEIGHT * badge.height
    }

    /// Whether the centre of this mark lies where `badge` lies in its tile (see
    /// [`BADGE_PLACE_SPREAD`]), whatever its size.
    fn is_centred_at_badge_place(&self, badge: &PlaceInCell) -> bool {
        (self.x - badge.x).abs() <= BADGE_PLACE_SPREAD.max(badge.width / 2.0)
            && (self.y - badge.y).abs() <= BADGE_PLACE_SPREAD.max(badge.height / 2.0)
    }

    /// Whether this badge, as read, lies at the place of the board's badges (their median,
    /// `badge`): centred there (see [`PlaceInCell::is_centred_at_badge_place`]), or read in part
    /// there, centred across and covering at least [`BADGE_PART_OVERLAP`] of the place's height
    /// (a badge half hidden under a banner, read from its lower half and the label).
    fn is_read_at_badge_place(&self, badge: &PlaceInCell) -> bool {
        let across = (self.x - badge.x).abs() <= BADGE_PLACE_SPREAD.max(badge.width / 2.0);
        let (top, bottom) = (self.y - self.height / 2.0, self.y + self.height / 2.0);
        let (place_top, place_bottom) =
            (badge.y - badge.height / 2.0, badge.y + badge.height / 2.0);
        let overlap = bottom.min(place_bottom) - top.max(place_top);
        self.is_centred_at_badge_place(badge)
            || (across && overlap >= BADGE_PART_OVERLAP * badge.height)
    }

    /// The top and bottom of this place in `cell` (full-resolution pixels).
    fn rows_in(&self, cell: PixelBox) -> (f32, f32) {
        let h = cell.height().max(1) as f32;
        let middle = cell.top as f32 + self.y * h;
        (
            middle - self.height * h / 2.0,
            middle + self.height * h / 2.0,
        )
    }

    /// Whether this value reading lies off the cell's middle (see [`ONE_PLACE_OFF_MIDDLE`]).
    fn is_off_middle(&self) -> bool {
        (self.x - 0.5).abs().max((self.y - 0.5).abs()) >= ONE_PLACE_OFF_MIDDLE
    }

    /// Whether this value reading and `other` lie at one place (see [`ONE_PLACE_SPREAD`]).
    fn is_near(&self, other: &PlaceInCell) -> bool {
        self.within(other, ONE_PLACE_SPREAD)
            && size_ratio(self.height, other.height) <= ONE_PLACE_HEIGHT_RATIO
    }

    /// Whether the centres of this mark and `other` are at most `spread` apart both ways.
    fn within(&self, other: &PlaceInCell, spread: f32) -> bool {
        (self.x - other.x).abs() <= spread && (self.y - other.y).abs() <= spread
    }
}

/// The larger of two sizes over the smaller (1 when they are equal).
fn size_ratio(a: f32, b: f32) -> f32 {
    a.max(b) / a.min(b).max(f32::EPSILON)
}

/// Lists as an unreadable badge each tile a cover hides in part (see [`tile_covers`]) with no
/// badge read nor doubted, on a board with badges read in the half of their tiles the cover
/// comes from: the cover hides where such a tile's badge would be, so whether it has one cannot
/// be seen, and is never passed over as if it had none. `covers`, `bonus_boxes` and
/// `cell_boxes` (each cell's box) are row-major.
fn doubt_badges_under_covers(
    covers: &[Option<Cover>],
    bonuses: &[Vec<String>],
    bonus_boxes: &[Option<PixelBox>],
    cell_boxes: &[PixelBox],
    doubts: &mut Vec<MarkDoubt>,
) {
    let Some((_, badges_on_top)) = badge_corner(cell_boxes, bonus_boxes) else {
        return;
    };
    let badges_side = if badges_on_top {
        Cover::Above
    } else {
        Cover::Below
    };
    let cols = bonuses.first().map_or(0, Vec::len);
    for (i, badge) in bonuses.iter().flatten().enumerate() {
        let hidden = covers.get(i).copied().flatten() == Some(badges_side) && badge.is_empty();
        if hidden {
            list_unreadable_badge(doubts, (i / cols, i % cols), Vec::new());
        }
    }
}

/// A cover hides a badge's place when it hides more than this share of the place's height.
const HIDDEN_BADGE_SHARE: f32 = 0.15;

/// Lists as an unreadable badge each tile with no badge read nor doubted whose badge place (see
/// [`BadgePlace`]) a cover over its row hides in part, as seen across the row (see
/// [`cover_edge::cover_edges`]): a banner over a row's top can hide its badges while its
/// letters stay whole, and what shows of a badge beyond the banner's edge is rarely read.
/// `place` is the board's badge place (see [`BadgePlace::of_board`]); `bonuses` is row-major;
/// `edges` the board's cover edges.
fn doubt_badges_past_cover_edges(
    edges: &CoverEdges,
    place: &BadgePlace,
    cells: &[TileCrops],
    bonuses: &[Vec<String>],
    doubts: &mut Vec<MarkDoubt>,
) {
    let from_above = place.median.y < 0.5;
    let edges = edges.across(from_above);
    list_badges_past_edges(place, edges, from_above, cells, bonuses, doubts);
}

/// Lists as an unreadable badge each tile of `cells` with no badge read where the cover edge of
/// its row (`edges`, one per row, of covers from above when `from_above`, else from below) hides
/// more than [`HIDDEN_BADGE_SHARE`] of a badge read at any of the board's places (`place.read`):
/// the badges of one board stand a little apart in their cells (the lattice's cells are not the
/// tiles to the pixel), and a Word Streak `TL` whose label a banner cut by a quarter lay 14 px
/// above the badges' median place, which the banner did not reach.
fn list_badges_past_edges(
    place: &BadgePlace,
    edges: &[Option<f32>],
    from_above: bool,
    cells: &[TileCrops],
    bonuses: &[Vec<String>],
    doubts: &mut Vec<MarkDoubt>,
) {
    for cell in cells.iter().filter(|c| bonuses[c.row][c.col].is_empty()) {
        let Some(edge) = edges.get(cell.row).copied().flatten() else {
            continue;
        };
        let hidden = |badge: &PlaceInCell| {
            let (top, bottom) = badge.rows_in(cell.cell);
            let hidden = if from_above {
                edge - top
            } else {
                bottom - edge
            };
            hidden > HIDDEN_BADGE_SHARE * (bottom - top)
        };
        if place.read.iter().any(hidden) {
            list_unreadable_badge(doubts, (cell.row, cell.col), Vec::new());
        }
    }
}

/// Lists as an unreadable badge each tile with no badge read where the place of a badge read on
/// the board (`places`, in their tiles; SpellCast prints its letter bonuses on the left edge and
/// its word bonus in the top-right corner) runs past the image's edge by more than
/// [`HIDDEN_BADGE_SHARE`] of its width or height: a crop through the board's outer tiles cuts
/// their badges away, read or not. `image` is the image's width and height in the lattice's
/// pixels; `bonuses` is row-major.
fn doubt_badges_past_image_edges(
    places: &[PlaceInCell],
    lattice: &Lattice,
    (width, height): (f32, f32),
    bonuses: &[Vec<String>],
    doubts: &mut Vec<MarkDoubt>,
) {
    // How much of a span from `start` to `end` lies outside 0..`limit`.
    let lost = |start: f32, end: f32, limit: f32| (-start).max(0.0) + (end - limit).max(0.0);
    for (row, col) in (0..lattice.rows).flat_map(|r| (0..lattice.cols).map(move |c| (r, c))) {
        let hole = lattice.holes.get(row * lattice.cols + col) == Some(&true);
        if hole || !bonuses[row][col].is_empty() {
            continue;
        }
        let cell = lattice.cell_box(row, col);
        let cut_away = |place: &PlaceInCell| {
            let (w, h) = (place.width * cell.width(), place.height * cell.height());
            let (x, y) = (
                cell.left + place.x * cell.width(),
                cell.top + place.y * cell.height(),
            );
            let lost_across = lost(x - w / 2.0, x + w / 2.0, width);
            let lost_down = lost(y - h / 2.0, y + h / 2.0, height);
            lost_across > HIDDEN_BADGE_SHARE * w || lost_down > HIDDEN_BADGE_SHARE * h
        };
        if places.iter().any(cut_away) {
            list_unreadable_badge(doubts, (row, col), Vec::new());
        }
    }
}

/// Each badge read on the board, as its box with its cell's box: `bonuses` and each tile's badge
/// box (`bonus_boxes`), row-major, with `cells`' boxes.
fn badge_boxes_read<'a>(
    cells: &'a [TileCrops],
    bonuses: &'a [Vec<String>],
    bonus_boxes: &'a [Option<PixelBox>],
) -> impl Iterator<Item = (PixelBox, PixelBox)> + 'a {
    let cols = bonuses.first().map_or(0, Vec::len);
    cells
        .iter()
        .filter(|cell| !bonuses[cell.row][cell.col].is_empty())
        .filter_map(move |cell| {
            let mark = bonus_boxes
                .get(cell.row * cols + cell.col)
                .copied()
                .flatten()?;
            Some((mark, cell.cell))
        })
}

/// Where the board's badges lie in their tiles and how large they were read: a badge is read
/// from its label or its whole disc, so a mark of the size of any of them counts.
struct BadgePlace {
    /// The median place of the badges read.
    median: PlaceInCell,
    /// Each badge read.
    read: Vec<PlaceInCell>,
}

impl BadgePlace {
    /// The place of the badges read (`read`: each badge's box with its cell's box), when every
    /// one of them lies at their median place (see [`PlaceInCell::is_read_at_badge_place`]);
    /// `None` when none was read, or when they lie at several places (SpellCast prints its
    /// letter bonuses on a tile's left edge and its word bonus in the top-right corner), where
    /// no one place tells a badge from other marks.
    fn of(read: impl Iterator<Item = (PixelBox, PixelBox)>) -> Option<BadgePlace> {
        let read: Vec<PlaceInCell> = read
            .map(|(mark, cell)| PlaceInCell::of(mark, cell))
            .collect();
        if read.is_empty() {
            return None;
        }
        let median = PlaceInCell::median(&read);
        read.iter()
            .all(|p| p.is_read_at_badge_place(&median))
            .then_some(BadgePlace { median, read })
    }

    /// The place of the badges read on the board (see [`BadgePlace::of`]): `bonuses` and each
    /// tile's badge box (`bonus_boxes`), row-major, with `cells`' boxes.
    fn of_board(
        cells: &[TileCrops],
        bonuses: &[Vec<String>],
        bonus_boxes: &[Option<PixelBox>],
    ) -> Option<BadgePlace> {
        BadgePlace::of(badge_boxes_read(cells, bonuses, bonus_boxes))
    }

    /// Whether `mark` lies at this place and is of the size of a badge read there, or a part of
    /// one (see [`PlaceInCell::is_of_badge_size`]).
    fn holds(&self, mark: &PlaceInCell) -> bool {
        mark.is_centred_at_badge_place(&self.median)
            && self.read.iter().any(|badge| mark.is_of_badge_size(badge))
    }
}

/// Lists as an unreadable badge each tile with no badge read nor doubted that shows a mark, read
/// as anything, at the place the board's badges are read at and of their size or a part of it
/// (see [`BadgePlace`]), or a mark with a label printed inside it there (a badge whose top a
/// banner's edge cuts is found as one mark with the edge, twice a badge's height, its label
/// where the labels are): a game draws its badges at one place on the tiles that have one, so
/// such a mark is a badge whose label could not be read (too small, blurred or dimmed, or split
/// in two), never passed over as if the tile had none.
/// The marks looked for again in the smallest colour channel are weighed so too (see
/// [`read_smallest_channel_badges`]). Measured over every set and probe (1,569 images), with
/// those: 17 badges missed in silence are listed, and no tile without a badge is.
/// `place` is the board's badge place (see [`BadgePlace::of_board`]).
fn doubt_marks_at_the_badge_place(
    place: &BadgePlace,
    cells: &[TileCrops],
    bonuses: &[Vec<String>],
    doubts: &mut Vec<MarkDoubt>,
) {
    for cell in cells.iter().filter(|c| bonuses[c.row][c.col].is_empty()) {
        let labels = cell.mark_labels.iter().flatten().map(|label| label.text);
        let marked = cell
            .marks
            .iter()
            .map(|(mark, _)| *mark)
            .chain(labels)
            .any(|mark| place.holds(&PlaceInCell::of(mark, cell.cell)));
        if marked {
            list_unreadable_badge(doubts, (cell.row, cell.col), Vec::new());
        }
    }
}

/// On a board where no badge was read, two marks on two tiles lie at one badge-like place when
/// their centres are at most this share of the cell's width and height apart (a label too small
/// to read is found whole on one tile and in part on another) ...
const UNREAD_BADGE_SPREAD: f32 = 0.08;
/// ... that place lies within this share of the cell of one of its corners, both ways (a game
/// draws its badges in a tile's corner), its centre at least [`UNREAD_BADGE_EDGE`] inside the
/// cell (a mark centred on the cell's edge is the gap's or the next tile's) ...
const UNREAD_BADGE_CORNER: f32 = 0.3;
/// See [`UNREAD_BADGE_CORNER`].
const UNREAD_BADGE_EDGE: f32 = 0.05;
/// ... it lies off the place of the board's values: farther than this share of the cell from
/// their median centre, one way or the other ...
const UNREAD_BADGE_OFF_VALUES: f32 = 0.1;
/// ... and each mark is at least this share of the values' median width and height (a badge is
/// no smaller than a printed value; a speck of noise is).
const UNREAD_BADGE_SIZE: f32 = 0.5;

/// On a board where no badge was read but values were, at one place (see
/// [`values_at_one_place`]), the tiles that show a mark read as no value, in a corner and off the
/// values' place, at one place with such a mark on another tile (see [`UNREAD_BADGE_SPREAD`]):
/// badges too small to read (tiles about 34 px apart) are still found as marks, at one place on
/// the tiles that carry one. Whether they are badges depends on the game (SpellCast draws gems
/// there too): see `game::doubt_unseen_badges`. Where no value was read at one place, the
/// values' own marks could not be told from such marks, and none is given. `bonuses` and
/// `value_boxes` are row-major.
fn unread_badge_marks(
    cells: &[TileCrops],
    bonuses: &[Vec<String>],
    value_boxes: &[Option<PixelBox>],
) -> Vec<(usize, usize)> {
    let cols = bonuses.first().map_or(0, Vec::len);
    if bonuses.iter().flatten().any(|b| !b.is_empty()) {
        return Vec::new();
    }
    let value_of = |cell: &TileCrops| {
        value_boxes
            .get(cell.row * cols + cell.col)
            .copied()
            .flatten()
    };
    let value_places: Vec<PlaceInCell> = cells
        .iter()
        .filter_map(|cell| Some(PlaceInCell::of(value_of(cell)?, cell.cell)))
        .collect();
    if values_at_one_place(&value_places) < VALUES_AT_ONE_PLACE {
        return Vec::new();
    }
    let values = PlaceInCell::median(&value_places);
    let in_a_corner = |v: f32| {
        (UNREAD_BADGE_EDGE..=UNREAD_BADGE_CORNER).contains(&v)
            || (1.0 - UNREAD_BADGE_CORNER..=1.0 - UNREAD_BADGE_EDGE).contains(&v)
    };
    let badge_like = |p: &PlaceInCell| {
        in_a_corner(p.x)
            && in_a_corner(p.y)
            && !p.within(&values, UNREAD_BADGE_OFF_VALUES)
            && p.width >= UNREAD_BADGE_SIZE * values.width
            && p.height >= UNREAD_BADGE_SIZE * values.height
    };
    let candidates: Vec<((usize, usize), PlaceInCell)> = cells
        .iter()
        .flat_map(|cell| {
            let value = value_of(cell);
            cell.marks
                .iter()
                .filter(move |(mark, _)| Some(*mark) != value)
                .map(|(mark, _)| ((cell.row, cell.col), PlaceInCell::of(*mark, cell.cell)))
        })
        .filter(|(_, p)| badge_like(p))
        .collect();
    let mut tiles: Vec<(usize, usize)> = candidates
        .iter()
        .filter(|(at, place)| {
            candidates
                .iter()
                .any(|(other, p)| other != at && p.within(place, UNREAD_BADGE_SPREAD))
        })
        .map(|(at, _)| *at)
        .collect();
    tiles.dedup();
    tiles
}

/// Lists the badge of the tile at `at` as unreadable, with what it may be (`choices`), unless
/// it is listed already.
pub(crate) fn list_unreadable_badge(
    doubts: &mut Vec<MarkDoubt>,
    (row, col): (usize, usize),
    choices: Vec<(String, f32)>,
) {
    if !doubts.iter().any(|d| d.is_at((row, col), MarkKind::Badge)) {
        doubts.push(MarkDoubt {
            row,
            col,
            kind: MarkKind::Badge,
            choices,
        });
    }
}

/// The most value readings of `places` that lie at one place off their cells' middle: a game
/// prints its values at the same place on every tile, while stray marks read as digits (a
/// fragment of a letter, a shadow) lie anywhere.
fn values_at_one_place(places: &[PlaceInCell]) -> usize {
    places
        .iter()
        .filter(|p| p.is_off_middle())
        .map(|p| places.iter().filter(|q| p.is_near(q)).count())
        .max()
        .unwrap_or(0)
}

/// Where a text lies in its cell, top to bottom: pixels below the cell's top.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct VerticalSpan {
    top: f32,
    bottom: f32,
}

impl VerticalSpan {
    /// The span of `mark` in `cell`.
    fn of(mark: PixelBox, cell: PixelBox) -> VerticalSpan {
        VerticalSpan {
            top: mark.top as f32 - cell.top as f32,
            bottom: mark.bottom as f32 - cell.top as f32,
        }
    }

    /// The median top and bottom of `spans`; `None` when there are none.
    fn usual(spans: &[VerticalSpan]) -> Option<VerticalSpan> {
        let median = |mut v: Vec<f32>| {
            v.sort_by(f32::total_cmp);
            v[v.len() / 2]
        };
        (!spans.is_empty()).then(|| VerticalSpan {
            top: median(spans.iter().map(|s| s.top).collect()),
            bottom: median(spans.iter().map(|s| s.bottom).collect()),
        })
    }

    /// Its height in pixels.
    fn height(self) -> f32 {
        self.bottom - self.top
    }

    /// The span in the cell turned upside down (its bottom becomes its top).
    fn upside_down(self) -> VerticalSpan {
        VerticalSpan {
            top: -self.bottom,
            bottom: -self.top,
        }
    }
}

/// Values read at least this sure show where the board's whole values lie.
const SURE_VALUE: f32 = 0.9;

/// A value that lost at least this share of its usual height at its top ...
const CUT_SHARE: f32 = 0.25;
/// ... while its bottom lies within this share of the usual height of the usual bottom, was cut
/// short by something over it.
const KEPT_EDGE: f32 = 0.2;
/// A value found less high than this share of the board's usual value height is a piece of
/// one. Measured over every set and probe (9,566 values with a usual height): right values are
/// at least 0.68 of it (banner-cut ones; 0.78 otherwise), and the two below 0.6 were wrong.
const SHORT_VALUE_SHARE: f32 = 0.6;

/// Where a board's values start in their tiles (pixels right of the tile's left edge) and how
/// high they are.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ValueStart {
    left: f32,
    height: f32,
}

/// A value printed from the left of its tile that starts at least this share of the values'
/// height right of where the board's values start lost its leading digit (see [`starts_late`]).
const LATE_START: f32 = 0.25;

/// Whether a value starting `left` pixels into its tile starts late against the board's `usual`
/// start: at least [`LATE_START`] of the values' height. Measured on every real screenshot of
/// our sets: whole values printed from the left start at most 0.18 of their height late (a `1`,
/// whose stem sits in the middle of its advance); the `2` of a `12` whose thin `1` was lost
/// (a sharpened capture) starts 0.29-0.35 late.
fn starts_late(left: f32, usual: ValueStart) -> bool {
    usual.height > 0.0 && left - usual.left >= LATE_START * usual.height
}

/// Whether a text's `span` was cut short from above, against the `usual` span of its kind (the
/// board's values, or its letters): its bottom within `kept` of the usual height from where they
/// end, and at least `cut` of that height lost at its top (a banner or a popup over the tile's
/// top).
///
/// For values, measured on every set and probe: banner probes' cut values lose 0.32-0.43 of
/// the height, whole values read at 90% or more at most 0.14. Only cuts from above count for
/// values: a digit's bottom stroke (the bar of a `2`, the foot of a `4`) is thin and fades under
/// blur, so whole small values often end short at the bottom.
fn is_cut_from_above(span: VerticalSpan, usual: VerticalSpan, cut: f32, kept: f32) -> bool {
    let height = usual.height();
    let (top_lower, bottom_lower) = (span.top - usual.top, span.bottom - usual.bottom);
    height > 0.0 && top_lower - bottom_lower >= cut * height && bottom_lower.abs() <= kept * height
}

/// The side a text's `span` was cut short from, against the `usual` span of its kind (see
/// [`is_cut_from_above`], and the same turned upside down for a cut from below); `None` when
/// it was not cut.
fn cut_side(span: VerticalSpan, usual: VerticalSpan, cut: f32, kept: f32) -> Option<Cover> {
    if is_cut_from_above(span, usual, cut, kept) {
        Some(Cover::Above)
    } else {
        is_cut_from_above(span.upside_down(), usual.upside_down(), cut, kept)
            .then_some(Cover::Below)
    }
}

/// A digit drawn in fewer pixel rows than this is smaller than any text the recognition model was
/// trained on (capitals 8 px high and up, `models/train/gen.py`): at 4-5 px a `3`, `6`, `8` or `9`
/// cannot even show its three bars and the gaps between them. The model still reads such print,
/// mostly right (tiles 34 px apart: 33 of 34 values 4 px high), but not as surely as it says (a
/// `1` read `4` at 97%). A digit's box takes in a row of the edge's smoothing above and below
/// its ink: a box 8 px high holds a digit of 6-7 px (a Wordament `2` 4 px wide and 8 px high, on a
/// board shrunk into a window on a 1920x1080 desktop, read `7` at 96%).
const LEGIBLE_DIGIT_PIXELS: u32 = 9;
/// The most confidence a value printed smaller than [`LEGIBLE_DIGIT_PIXELS`] keeps: still
/// reported (at least the doubt threshold), but below the 90% that promises a right read.
const SMALL_DIGIT_CONFIDENCE: f32 = 0.85;

/// Two marks read as values share a line when they overlap by at least this share of the
/// shorter one's height ...
const VALUE_LINE_OVERLAP: f32 = 0.5;
/// ... and lie side by side at most this many times the taller one's height apart: the digits
/// of one value (`12`), found apart when a sharpened or blurred capture split the ink between
/// them ...
const VALUE_DIGIT_GAP: f32 = 1.0;
/// ... and the taller is at most this many times as high as the shorter (the digits of one
/// value are of one height; a letter's stroke beside a value is taller).
const VALUE_DIGIT_HEIGHTS: f32 = 1.5;

/// Whether `other` lies beside `mark` on its line, apart from it, and is as high (see
/// [`VALUE_LINE_OVERLAP`], [`VALUE_DIGIT_GAP`] and [`VALUE_DIGIT_HEIGHTS`]).
fn beside_on_its_line(other: PixelBox, mark: PixelBox) -> bool {
    let shared_height = other.bottom.min(mark.bottom) as f32 - other.top.max(mark.top) as f32;
    let shorter = other.height().min(mark.height()) as f32;
    let taller = other.height().max(mark.height()) as f32;
    let gap = other.left.max(mark.left) as f32 - other.right.min(mark.right) as f32;
    shared_height >= VALUE_LINE_OVERLAP * shorter
        && (0.0..=VALUE_DIGIT_GAP * taller).contains(&gap)
        && taller <= VALUE_DIGIT_HEIGHTS * shorter.max(1.0)
}

/// The most a value or badge is sure on a tile whose letter could not be read (see
/// [`CellGrids::doubt_marks_of_unread_letters`]).
const UNREAD_LETTER_MARK_CONFIDENCE: f32 = 0.5;

/// Scales a mark's meanings so the surest keeps at most `cap`.
fn cap_choices(choices: &mut [(Mark, f32)], cap: f32) {
    let best = choices.first().map_or(0.0, |c| c.1);
    if best > cap {
        let share = cap / best;
        choices.iter_mut().for_each(|c| c.1 *= share);
    }
}

/// The values among a mark's meanings, with their probabilities.
fn value_readings(choices: &[(Mark, f32)]) -> Vec<(u32, f32)> {
    choices
        .iter()
        .filter_map(|(m, p)| match m {
            Mark::Value(v) => Some((*v, *p)),
            Mark::Bonus(_) => None,
        })
        .collect()
}

/// The board reading being assembled from the model's readings, cell by cell.
struct CellGrids {
    rows: usize,
    cols: usize,
    tiles: Vec<Vec<String>>,
    confidence: Vec<Vec<f32>>,
    alternatives: Vec<Vec<Vec<(String, f32)>>>,
    value_boxes: Vec<Option<PixelBox>>,
    bonus_boxes: Vec<Option<PixelBox>>,
    /// The surest value reading of each tile, with its other meanings (chosen by
    /// [`CellGrids::choose_values`] from `value_candidates`).
    value_marks: Vec<Vec<Vec<(Mark, f32)>>>,
    /// Every mark of each cell read as a value, with its meanings and box, row-major.
    value_candidates: Vec<Vec<ValueCandidate>>,
    /// The surest badge reading of each tile, with its other meanings.
    badge_marks: Vec<Vec<Vec<(Mark, f32)>>>,
    /// Each cell's surest mark that reads as part of a badge, or as a badge too unsurely to be a
    /// mark at all (see [`badge_hint`]), with what it may be and its box, row-major.
    badge_hints: Vec<Option<BadgeHint>>,
    /// Each tile's cover, if a cover hides a part of it (see [`tile_covers`]), row-major.
    covers: Vec<Option<Cover>>,
    /// The crops with what they read, for `--debug`.
    debug: Vec<(String, GrayImage, String)>,
}

impl CellGrids {
    /// Empty grids, with the holes (cells with no text and no ink) already in.
    fn new(rows: usize, cols: usize, cells: &[TileCrops]) -> CellGrids {
        let mut grids = CellGrids {
            rows,
            cols,
            tiles: vec![vec![String::new(); cols]; rows],
            confidence: vec![vec![0.0f32; cols]; rows],
            alternatives: vec![vec![Vec::new(); cols]; rows],
            value_boxes: vec![None; rows * cols],
            bonus_boxes: vec![None; rows * cols],
            value_marks: vec![vec![Vec::new(); cols]; rows],
            value_candidates: vec![Vec::new(); rows * cols],
            badge_marks: vec![vec![Vec::new(); cols]; rows],
            badge_hints: vec![None; rows * cols],
            covers: vec![None; rows * cols],
            debug: Vec::new(),
        };
        for cell in cells {
            if cell.main.is_none() && !cell.unreadable {
                grids.tiles[cell.row][cell.col] = ".".into();
                grids.confidence[cell.row][cell.col] = 1.0;
            }
        }
        grids
    }

    /// A cell's main text: its tile, confidence and other likely tiles.
    fn add_main(&mut self, cell: &TileCrops, reading: &CropReading, crop: GrayImage) {
        let (r, c) = (cell.row, cell.col);
        let (text, conf) = tile_notation(reading);
        self.alternatives[r][c] = tile_choices(reading)
            .into_iter()
            .filter(|(t, _)| *t != text)
            .collect();
        self.tiles[r][c] = text;
        self.confidence[r][c] = conf;
        self.debug
            .push((format!("{r}-{c}-tile"), crop, reading.text.clone()));
    }

    /// Mark `k` of cell `i`. Of several marks read as values (a digit, and an icon or a piece of
    /// the tile's edge that looks like one), the surest wins; so for badges.
    fn add_mark(
        &mut self,
        i: usize,
        cell: &TileCrops,
        k: usize,
        reading: &CropReading,
        crop: GrayImage,
    ) {
        let (r, c) = (cell.row, cell.col);
        let choices = mark_choices(reading);
        let sure = choices.first().map_or(0.0, |c| c.1);
        match choices.first() {
            Some((Mark::Value(_), _)) => {
                self.value_candidates[i].push((choices, cell.marks[k].0));
            }
            Some((Mark::Bonus(_), _)) => {
                let slot = &mut self.badge_marks[r][c];
                if slot.first().is_none_or(|s| s.1 < sure) {
                    *slot = choices;
                    self.bonus_boxes[i] = Some(cell.marks[k].0);
                }
            }
            None => {
                if let Some(hint) = badge_hint(reading) {
                    let slot = &mut self.badge_hints[i];
                    if slot.as_ref().is_none_or(|(h, _)| h[0].1 < hint[0].1) {
                        *slot = Some((hint, cell.marks[k].0));
                    }
                }
            }
        }
        self.debug
            .push((format!("{r}-{c}-mark{k}"), crop, reading.text.clone()));
    }

    /// Each tile's value reading, from the marks of its cell read as values: a game prints its
    /// values in one corner of every tile, so when most tiles' surest value readings lie in one
    /// corner, a reading in another corner is an icon that looks like a digit (SpellCast's gem
    /// reads as an `8`) and loses to the surest reading in that corner, or is dropped. Without
    /// such a corner, the surest reading wins. A reading with another mark beside it on its line
    /// (see [`beside_on_its_line`]), read as a digit or not (a `0` read as an `O`), may be one
    /// digit of a value whose digits were found apart: it keeps at most
    /// [`ODD_LETTER_CONFIDENCE`]; so does one beside which a digit broken into pieces too small
    /// to be marks, or cut by the image's edge, lies (see
    /// `TileCrops::marks_with_broken_ink_beside`). A value printed smaller than
    /// [`LEGIBLE_DIGIT_PIXELS`] keeps at most [`SMALL_DIGIT_CONFIDENCE`].
    fn choose_values(&mut self, cells: &[TileCrops]) {
        let cell_box = |i: usize| cells.iter().find(|c| c.row * self.cols + c.col == i);
        let surest = |candidates: &[ValueCandidate]| {
            candidates
                .iter()
                .max_by(|a, b| a.0[0].1.total_cmp(&b.0[0].1))
                .cloned()
        };
        let corner_of = |i: usize, mark: PixelBox| cell_box(i).map(|c| Corner::of(mark, c.cell));
        let corners: Vec<Corner> = (0..self.value_candidates.len())
            .filter_map(|i| corner_of(i, surest(&self.value_candidates[i])?.1))
            .collect();
        let usual = Corner::ALL
            .into_iter()
            .map(|k| (k, corners.iter().filter(|&&c| c == k).count()))
            .max_by_key(|&(_, n)| n)
            .filter(|&(_, n)| n >= USUAL_CORNER_TILES && 2 * n > corners.len())
            .map(|(k, _)| k);
        for i in 0..self.value_candidates.len() {
            let candidates: Vec<_> = self.value_candidates[i]
                .iter()
                .filter(|(_, b)| usual.is_none() || corner_of(i, *b) == usual)
                .cloned()
                .collect();
            if let Some((mut choices, place)) = surest(&candidates) {
                let beside = cell_box(i).is_some_and(|c| {
                    c.marks.iter().any(|(b, _)| beside_on_its_line(*b, place))
                        || c.marks_with_broken_ink_beside.contains(&place)
                });
                if beside {
                    cap_choices(&mut choices, ODD_LETTER_CONFIDENCE);
                }
                if place.height() < LEGIBLE_DIGIT_PIXELS {
                    cap_choices(&mut choices, SMALL_DIGIT_CONFIDENCE);
                }
                self.value_marks[i / self.cols][i % self.cols] = choices;
                self.value_boxes[i] = Some(place);
            }
        }
    }

    /// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the readings of values cut short from above
    /// (see [`is_cut_from_above`]): what is left of a `2` under a banner's edge reads as a `4`,
    /// surely. So for a value found much shorter than the board's (see [`SHORT_VALUE_SHARE`]):
    /// a piece of a digit (the hook of a `2` whose foot a sharpened capture split off, read `2`
    /// at 76%, next to the `0` of its `20`). Values sit at one height in their tiles, so the
    /// board's values read at least [`SURE_VALUE`] sure tell where a whole value's top and bottom
    /// lie.
    fn doubt_cut_values(&mut self, cells: &[TileCrops]) {
        let placed: Vec<(usize, VerticalSpan)> = (0..self.value_boxes.len())
            .filter_map(|i| {
                let mark = self.value_boxes[i]?;
                let cell = cells.iter().find(|c| c.row * self.cols + c.col == i)?;
                Some((i, VerticalSpan::of(mark, cell.cell)))
            })
            .collect();
        let sure: Vec<VerticalSpan> = placed
            .iter()
            .filter(|(i, _)| {
                let choices = &self.value_marks[i / self.cols][i % self.cols];
                choices.first().is_some_and(|c| c.1 >= SURE_VALUE)
            })
            .map(|&(_, span)| span)
            .collect();
        let Some(usual) = (sure.len() >= USUAL_CORNER_TILES)
            .then(|| VerticalSpan::usual(&sure))
            .flatten()
        else {
            return;
        };
        for (i, span) in placed {
            let short = span.height() < SHORT_VALUE_SHARE * usual.height();
            if !short && !is_cut_from_above(span, usual, CUT_SHARE, KEPT_EDGE) {
                continue;
            }
            cap_choices(
                &mut self.value_marks[i / self.cols][i % self.cols],
                ODD_LETTER_CONFIDENCE,
            );
        }
    }

    /// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the readings of values that start late (see
    /// [`starts_late`]) on a board whose values are printed from the left of their tiles: the
    /// thin `1` of a `12` lost, the `2` left reads `2`, surely. The board's values read at least
    /// [`SURE_VALUE`] sure tell where a value starts and how high it is.
    fn doubt_late_values(&mut self, cells: &[TileCrops]) {
        let placed: Vec<(usize, PixelBox, PixelBox)> = (0..self.value_boxes.len())
            .filter_map(|i| {
                let mark = self.value_boxes[i]?;
                let cell = cells.iter().find(|c| c.row * self.cols + c.col == i)?;
                Some((i, mark, cell.cell))
            })
            .collect();
        let sure: Vec<&(usize, PixelBox, PixelBox)> = placed
            .iter()
            .filter(|(i, _, _)| {
                let choices = &self.value_marks[i / self.cols][i % self.cols];
                choices.first().is_some_and(|c| c.1 >= SURE_VALUE)
            })
            .collect();
        let from_the_left = sure
            .iter()
            .filter(|(_, mark, cell)| {
                matches!(
                    Corner::of(*mark, *cell),
                    Corner::TopLeft | Corner::BottomLeft
                )
            })
            .count();
        if sure.len() < USUAL_CORNER_TILES || 2 * from_the_left <= sure.len() {
            return;
        }
        let usual = ValueStart {
            left: median(
                sure.iter()
                    .map(|(_, m, c)| m.left as f32 - c.left as f32)
                    .collect(),
            ),
            height: median(sure.iter().map(|(_, m, _)| m.height() as f32).collect()),
        };
        for (i, mark, cell) in placed {
            if starts_late(mark.left as f32 - cell.left as f32, usual) {
                cap_choices(
                    &mut self.value_marks[i / self.cols][i % self.cols],
                    ODD_LETTER_CONFIDENCE,
                );
            }
        }
    }

    /// Lowers to at most [`ODD_LETTER_CONFIDENCE`] the value readings of tiles a cover hides in
    /// part (see [`tile_covers`]: a row taken in under a cover, or a tile whose letter a cover
    /// cuts) when the value lies in the half of its tile the cover comes from: like the letter,
    /// what the cover leaves of a value is often another digit (a Ruzzle `1` under a banner's
    /// edge read as a `2` at 81%), or the cover's own print reads as one (a banner's `?` read as
    /// a `2` at 66%), while a value at the tile's other end (Boggle With Friends' bottom corner
    /// under a banner from above) shows whole.
    fn doubt_values_under_covers(&mut self, cells: &[TileCrops]) {
        for cell in cells {
            let i = cell.row * self.cols + cell.col;
            let Some(value) = self.value_boxes.get(i).copied().flatten() else {
                continue;
            };
            let cover = self.covers.get(i).copied().flatten();
            if cover.is_some_and(|side| side.hides_half_of(value, cell.cell)) {
                cap_choices(
                    &mut self.value_marks[cell.row][cell.col],
                    ODD_LETTER_CONFIDENCE,
                );
            }
        }
    }

    /// Whether the board shows values, and how many of them were read: values only when most
    /// tiles show one, or when the few found lie at one place in their tiles (see
    /// [`values_at_one_place`]); a stray mark is not a scoring system. Unreadable values count:
    /// the tile shows one. [`ValuesFound::Most`] when most tiles' values are read at least
    /// [`DOUBT_BELOW`] sure.
    fn shows_values(&self, cells: &[TileCrops]) -> Option<ValuesFound> {
        let cols = self.cols;
        let letter_tiles = self
            .tiles
            .iter()
            .flatten()
            .filter(|t| t.as_str() != ".")
            .count();
        let valued = self
            .value_marks
            .iter()
            .flatten()
            .filter(|c| !c.is_empty())
            .count();
        let reported = self
            .value_marks
            .iter()
            .flatten()
            .filter(|c| c.first().is_some_and(|m| m.1 >= DOUBT_BELOW))
            .count();
        if valued * 2 > letter_tiles {
            return Some(if reported * 2 > letter_tiles {
                ValuesFound::Most
            } else {
                ValuesFound::Few
            });
        }
        let places: Vec<PlaceInCell> = (0..self.value_boxes.len())
            .filter_map(|i| {
                let mark = self.value_boxes[i]?;
                let cell = cells.iter().find(|c| c.row * cols + c.col == i)?;
                Some(PlaceInCell::of(mark, cell.cell))
            })
            .collect();
        (values_at_one_place(&places) >= VALUES_AT_ONE_PLACE).then_some(ValuesFound::Few)
    }

    /// Caps at [`UNREAD_LETTER_MARK_CONFIDENCE`] the value and badge readings of each tile whose
    /// letter could not be read at all (not a hole): whatever hid the letter (an alert's panel,
    /// a finger, glare) may lie over the tile's corner too, and a mark read there may be the
    /// cover's own print (a `5` read at 100% from the `s` of an alert's text over a Word Streak
    /// tile, in the alert probe). Such a board is not read whole anyway; its marks are listed
    /// with what they may be.
    fn doubt_marks_of_unread_letters(&mut self) {
        for (r, row) in self.tiles.iter().enumerate() {
            for (c, tile) in row.iter().enumerate() {
                if tile.is_empty() {
                    cap_choices(&mut self.value_marks[r][c], UNREAD_LETTER_MARK_CONFIDENCE);
                    cap_choices(&mut self.badge_marks[r][c], UNREAD_LETTER_MARK_CONFIDENCE);
                }
            }
        }
    }

    /// The board reading: values only when the board shows values (see [`Self::shows_values`]),
    /// badges when any tile shows one.
    fn into_reading(
        mut self,
        edges: &CoverEdges,
        lattice: &Lattice,
        cells: &[TileCrops],
        scale: f32,
        image: (f32, f32),
    ) -> BoardReading {
        self.choose_values(cells);
        self.doubt_cut_values(cells);
        self.doubt_late_values(cells);
        let (rows, cols) = (self.rows, self.cols);
        self.doubt_values_under_covers(cells);
        let shows_values = self.shows_values(cells);
        if shows_values == Some(ValuesFound::Few) {
            for choices in self.value_marks.iter_mut().flatten() {
                cap_choices(choices, FEW_VALUES_CONFIDENCE);
            }
        }
        self.doubt_marks_of_unread_letters();
        let marks = settle_marks(&self.value_marks, &self.badge_marks);
        let value_choices = self
            .value_marks
            .iter()
            .map(|row| row.iter().map(|choices| value_readings(choices)).collect())
            .collect();
        let MarkGrids {
            values,
            value_confidence,
            bonuses,
            bonus_confidence,
            mut doubts,
        } = marks;
        if shows_values.is_none() {
            doubts.retain(|d| d.kind != MarkKind::Value);
        }
        let cell_boxes: Vec<PixelBox> = cells.iter().map(|c| c.cell).collect();
        doubt_badge_hints(
            &self.badge_hints,
            &bonuses,
            &self.bonus_boxes,
            &cell_boxes,
            &mut doubts,
        );
        let place = BadgePlace::of_board(cells, &bonuses, &self.bonus_boxes);
        if let Some(place) = &place {
            doubt_marks_at_the_badge_place(place, cells, &bonuses, &mut doubts);
        }
        let unread_badge_marks = unread_badge_marks(cells, &bonuses, &self.value_boxes);
        doubt_badges_under_covers(
            &self.covers,
            &bonuses,
            &self.bonus_boxes,
            &cell_boxes,
            &mut doubts,
        );
        if let Some(place) = &place {
            doubt_badges_past_cover_edges(edges, place, cells, &bonuses, &mut doubts);
        }
        let places: Vec<PlaceInCell> = badge_boxes_read(cells, &bonuses, &self.bonus_boxes)
            .map(|(mark, cell)| PlaceInCell::of(mark, cell))
            .collect();
        doubt_badges_past_image_edges(&places, lattice, image, &bonuses, &mut doubts);
        let board = lattice.board_box();
        let (l, t, r, b) = (board.left, board.top, board.right, board.bottom);
        let px = |v: f32| (v * scale).max(0.0) as u32;
        BoardReading {
            board: crate::board::BoardJson {
                rows,
                cols,
                tiles: self.tiles,
                values: shows_values.is_some().then_some(values),
                bonuses: bonuses
                    .iter()
                    .flatten()
                    .any(|b| !b.is_empty())
                    .then_some(bonuses),
            },
            confidence: self.confidence,
            value_confidence,
            value_choices,
            bonus_confidence,
            alternatives: self.alternatives,
            mark_doubts: doubts,
            grid: PixelBox::new(px(l), px(t), px(r), px(b)).into(),
            cells: cell_boxes,
            value_boxes: self.value_boxes,
            bonus_boxes: self.bonus_boxes,
            game: super::game::GameGuess::neutral(
                rows,
                cols,
                "the image's colours were not measured",
            ),
            unread_badge_marks,
            short_sides: Vec::new(),
            unfamiliar_print: false,
            turned: Turn::None,
            crops: self.debug,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(text: &str, confidence: f32) -> CropReading {
        CropReading {
            text: text.into(),
            confidence,
            alternatives: vec![],
        }
    }

    /// What `one_way_turn` takes: each letter's readings in the three turns, its upright
    /// readings, and the surest turn of each letter that reads surely turned.
    type TurnedLetters = (Vec<(usize, Turns)>, Vec<CropReading>, Vec<(usize, usize)>);

    /// Letters each read upright at the first confidence and in the three turns (quarters 1 to
    /// 3) at the others, as `one_way_turn` takes them.
    fn turned_letters(letters: &[(f32, [f32; 3])]) -> TurnedLetters {
        let readings: Vec<CropReading> = letters.iter().map(|(up, _)| reading("E", *up)).collect();
        let turned: Vec<(usize, Turns)> = letters
            .iter()
            .enumerate()
            .map(|(k, (_, turns))| {
                let turns = turns
                    .iter()
                    .map(|&c| (GrayImage::new(1, 1), reading("E", c)))
                    .collect();
                (k, turns)
            })
            .collect();
        let surely = surely_turned(&turned, &readings);
        (turned, readings, surely)
    }

    #[test]
    fn a_die_that_reads_surely_as_two_letters_two_ways_is_doubted_between_them() {
        let shared = |kept: (&str, f32), rival: (&str, f32)| {
            let mut kept = reading(kept.0, kept.1);
            share_with_a_turned_rival(&mut kept, &reading(rival.0, rival.1), DieInk::default());
            tile_choices(&kept)
        };
        // An `A` upside down reads as a `V` as surely as the `A` turned upright reads.
        let choices = shared(("V", 0.9899), ("A", 0.9908));
        assert_eq!(choices[0].0, "V", "the kept reading stays first");
        assert_eq!(choices[1].0, "A");
        assert!((choices[0].1 - 0.5).abs() < 0.01 && (choices[1].1 - 0.5).abs() < 0.01);
        // A `T` turned upright reads far surer than the `H` it reads as on its side, and a
        // rival read unsurely or as the same letter changes nothing.
        for (kept, rival) in [
            (("T", 0.99999), ("H", 0.99)),
            (("T", 0.99), ("H", 0.7)),
            (("O", 0.97), ("O", 0.88)),
        ] {
            assert_eq!(shared(kept, rival), [(kept.0.to_string(), kept.1)]);
        }
    }

    #[test]
    fn the_holes_of_a_die_settle_which_of_two_letters_it_shows() {
        let settled = |kept: (&str, f32), rival: (&str, f32), holes| {
            let mut kept = reading(kept.0, kept.1);
            let ink = DieInk {
                holes: Some(holes),
                stands: None,
            };
            share_with_a_turned_rival(&mut kept, &reading(rival.0, rival.1), ink);
            tile_choices(&kept)
        };
        // An `A` upside down read as a `V` keeps its hole: the `A` it reads as turned upright
        // comes first, doubted.
        let choices = settled(("V", 0.9899), ("A", 0.9908), 1);
        assert_eq!((choices[0].0.as_str(), choices[1].0.as_str()), ("A", "V"));
        assert!(choices[0].1 > 0.75 && choices[0].1 < 0.9, "{choices:?}");
        // A `Y` upside down read as an `A` has no hole.
        let choices = settled(("A", 0.97), ("Y", 0.95), 0);
        assert_eq!((choices[0].0.as_str(), choices[1].0.as_str()), ("Y", "A"));
        // Holes that are neither letter's, or letters with as many holes, share as before.
        let choices = settled(("V", 0.99), ("A", 0.985), 2);
        assert_eq!(choices[0].0, "V");
        assert!((choices[0].1 - 0.5).abs() < 0.01);
        let choices = settled(("W", 0.99), ("M", 0.99), 0);
        assert!((choices[0].1 - 0.5).abs() < 0.01);
    }

    #[test]
    fn an_n_on_its_side_is_told_from_a_z_by_the_board_s_letter_height() {
        // Letters 34 px high; the die read as a `Z` is 34 px wide and 28 high: an `N` on its side.
        let on_its_side = DieInk {
            holes: Some(0),
            stands: Some(false),
        };
        assert_eq!(on_its_side.tells("Z", "N"), Some(false));
        // Holes settle first; a letter that stands as it reads keeps it; twins of a half turn
        // (an `M` upside down is as high as a `W`) are not told by their size.
        assert_eq!(on_its_side.tells("V", "A"), Some(true));
        let standing = DieInk {
            holes: None,
            stands: Some(true),
        };
        assert_eq!(standing.tells("N", "Z"), Some(true));
        assert_eq!(standing.tells("M", "W"), None);
        // The ink of a crop: a bar 34 px wide, 28 high on a board of 34 px letters.
        let crop = GrayImage::from_fn(50, 44, |x, y| {
            image::Luma([if (8..42).contains(&x) && (8..36).contains(&y) {
                0
            } else {
                255
            }])
        });
        assert_eq!(DieInk::of(&crop, Some(34.0)).stands, Some(false));
        assert_eq!(DieInk::of(&crop, Some(28.0)).stands, Some(true));
        assert_eq!(DieInk::of(&crop, Some(31.0)).stands, None);
        assert_eq!(DieInk::of(&crop, None).stands, None);
    }

    #[test]
    fn turn_twins_share_however_surely_one_of_them_reads() {
        let mut kept = reading("W", 0.999);
        share_with_a_turned_rival(&mut kept, &reading("M", 0.95), DieInk::default());
        let choices = tile_choices(&kept);
        assert_eq!(choices[0].0, "W");
        assert_eq!(choices[1].0, "M");
        assert!(
            choices[0].1 < 0.6,
            "an M on its side may be a W: {choices:?}"
        );
        // Not twins: the far surer reading stands.
        let mut kept = reading("T", 0.999);
        share_with_a_turned_rival(&mut kept, &reading("H", 0.95), DieInk::default());
        assert_eq!(tile_choices(&kept), [("T".to_string(), 0.999)]);
    }

    #[test]
    fn letters_that_read_surely_upright_and_not_in_the_turn_are_counted() {
        // Upright 99%, upside down 30%: a letter standing upright; upright 99% and upside down
        // 99%: one that reads alike both ways (an `O`); upright 40%: one turned.
        let (turned, readings, _) = turned_letters(&[
            (0.99, [0.2, 0.3, 0.2]),
            (0.99, [0.2, 0.99, 0.2]),
            (0.4, [0.2, 0.99, 0.2]),
            (0.99, [0.2, 0.5, 0.2]),
        ]);
        assert_eq!(upright_letters(&turned, &readings, Turn::Half), 2);
        assert_eq!(upright_letters(&turned, &readings, Turn::None), 0);
    }

    #[test]
    fn a_board_faces_every_way_only_when_its_upright_letters_are_not_the_most() {
        let upright = (0.99, [0.2, 0.3, 0.2]);
        let upside_down = (0.4, [0.2, 0.99, 0.2]);
        // Dice an app turns at random: two upright, most upside down.
        let mut dice = vec![upright; 2];
        dice.extend([upside_down; 6]);
        let (turned, readings, _) = turned_letters(&dice);
        assert!(faces_every_way(&turned, &readings, Turn::Half));
        // A screenshot standing upright, a few of its letters crossed by a swipe that read
        // surely as other letters upside down.
        let mut swiped = vec![upright; 8];
        swiped.extend([upside_down; 3]);
        let (turned, readings, _) = turned_letters(&swiped);
        assert!(!faces_every_way(&turned, &readings, Turn::Half));
        // One letter upright is no evidence.
        let mut saved_turned = vec![upright; 1];
        saved_turned.extend([upside_down; 6]);
        let (turned, readings, _) = turned_letters(&saved_turned);
        assert!(!faces_every_way(&turned, &readings, Turn::Half));
    }

    #[test]
    fn letters_that_all_read_surer_one_way_turn_the_image() {
        // Lying on their side: most read surest a quarter clockwise, N/Z-like ones alike.
        let mut lying = vec![(0.6, [0.999, 0.5, 0.9]); 10];
        lying.extend([(0.99, [0.99, 0.2, 0.99]); 4]);
        lying.push((0.7, [0.8, 0.4, 0.95]));
        let (turned, readings, surely) = turned_letters(&lying);
        assert_eq!(
            one_way_turn(&turned, &readings, true, &surely),
            Turn::Quarter
        );
        // Only a quarter either way is open to letters lying on their side.
        let (turned, readings, surely) = turned_letters(&[(0.5, [0.3, 0.999, 0.3]); 8]);
        assert_eq!(one_way_turn(&turned, &readings, true, &surely), Turn::None);
        assert_eq!(one_way_turn(&turned, &readings, false, &surely), Turn::Half);
    }

    #[test]
    fn dice_facing_every_way_do_not_turn_the_image() {
        // Each surely turned, but in turns spread over all three (a tray of dice).
        let mut dice = Vec::new();
        for q in 0..9 {
            let mut turns = [0.3; 3];
            turns[q % 3] = 0.999;
            dice.push((0.5, turns));
        }
        let (turned, readings, surely) = turned_letters(&dice);
        assert_eq!(one_way_turn(&turned, &readings, true, &surely), Turn::None);
        assert_eq!(one_way_turn(&turned, &readings, false, &surely), Turn::None);
        // All one way, but hardly surer than upright: not enough to turn a whole image.
        let (turned, readings, surely) = turned_letters(&[(0.8, [0.85, 0.2, 0.2]); 8]);
        assert_eq!(one_way_turn(&turned, &readings, true, &surely), Turn::None);
    }

    #[test]
    fn a_badge_label_read_from_its_second_letter_may_be_either_badge_of_it() {
        let either = |a: &str, b: &str| Some(vec![(a.to_string(), 0.4), (b.to_string(), 0.4)]);
        assert_eq!(badge_label_end(&reading("W", 0.8)), either("DW", "TW"));
        assert_eq!(badge_label_end(&reading("L", 0.8)), either("DL", "TL"));
        // A blurred D read as B: still the end of a label.
        assert_eq!(badge_label_end(&reading("BL", 0.8)), either("DL", "TL"));
        // French `mot` (word), its digit faded.
        assert_eq!(badge_label_end(&reading("M", 0.8)), either("DW", "TW"));
        // A whole badge, a value, a letter that ends no label, a longer text: not so.
        for text in ["DL", "TW", "3M", "2L", "5", "O", "E", "DLW"] {
            assert_eq!(badge_label_end(&reading(text, 0.8)), None, "{text}");
        }
    }

    #[test]
    fn a_badge_label_printed_in_french_is_the_badge_it_names() {
        // Word Blitz's French boards: 2L/3L (lettre), 2M/3M (mot).
        for (printed, badge) in [("2L", "DL"), ("3L", "TL"), ("2M", "DW"), ("3M", "TW")] {
            assert_eq!(
                mark(&reading(printed, 0.95)),
                Some((Mark::Bonus(badge.into()), 0.95)),
                "{printed}"
            );
        }
        // Alternatives in either spelling add up as one badge.
        let mut unsure = reading("2M", 0.5);
        unsure.alternatives = vec![("DW".into(), 0.2), ("3M".into(), 0.1), ("2".into(), 0.1)];
        assert_eq!(
            mark_choices(&unsure),
            vec![
                (Mark::Bonus("DW".into()), 0.7),
                (Mark::Bonus("TW".into()), 0.1),
                (Mark::Value(2), 0.1)
            ]
        );
        // A digit and a letter that name no badge are no mark.
        assert_eq!(mark(&reading("2Q", 0.95)), None);
        assert_eq!(badge_of(" 3M "), Some("TW"));
        assert_eq!(badge_of("4L"), None);
    }

    #[test]
    fn a_badge_label_read_in_part_or_unsurely_is_a_badge_hint() {
        let owned = |v: &[(&str, f32)]| -> Vec<(String, f32)> {
            v.iter().map(|(t, p)| (t.to_string(), *p)).collect()
        };
        assert_eq!(
            badge_hint(&reading("D", 0.9)),
            Some(owned(&[("DL", 0.45), ("DW", 0.45)]))
        );
        assert_eq!(
            badge_hint(&reading("T", 0.5)),
            Some(owned(&[("TL", 0.25), ("TW", 0.25)]))
        );
        let mut unsure = reading("DL", 0.2);
        unsure.alternatives = owned(&[("O", 0.15), ("DW", 0.1)]);
        assert_eq!(
            badge_hint(&unsure),
            Some(owned(&[("DL", 0.2), ("DW", 0.1)]))
        );
        for other in ["O", "5", "", "DLX", "L"] {
            assert_eq!(badge_hint(&reading(other, 0.9)), None, "{other}");
        }
    }

    /// The boxes of one row of `n` cells 10 px wide.
    fn row_of_cells(n: u32) -> Vec<PixelBox> {
        (0..n)
            .map(|c| PixelBox::new(10 * c, 0, 10 * c + 10, 10))
            .collect()
    }

    #[test]
    fn a_badge_hint_in_the_badges_corner_of_a_tile_without_one_is_a_doubt() {
        let cells = row_of_cells(3);
        let top_left = |c: u32| Some(PixelBox::new(10 * c, 0, 10 * c + 3, 3));
        let bottom_right = |c: u32| Some(PixelBox::new(10 * c + 7, 7, 10 * c + 10, 10));
        let hint = |b: Option<PixelBox>| Some((vec![("DL".to_string(), 0.4)], b.unwrap()));
        let bonuses = vec![vec!["TW".to_string(), String::new(), String::new()]];
        let bonus_boxes = vec![top_left(0), None, None];
        // Tile 1's hint lies top left, where the badge read lies; tile 2's bottom right.
        let hints = vec![None, hint(top_left(1)), hint(bottom_right(2))];
        let mut doubts = Vec::new();
        doubt_badge_hints(&hints, &bonuses, &bonus_boxes, &cells, &mut doubts);
        assert_eq!(doubts.len(), 1, "{doubts:?}");
        assert_eq!((doubts[0].row, doubts[0].col), (0, 1));
        assert_eq!(doubts[0].kind, MarkKind::Badge);
        // Listed once, and never where a badge was read or on a board with none.
        doubt_badge_hints(&hints, &bonuses, &bonus_boxes, &cells, &mut doubts);
        assert_eq!(doubts.len(), 1);
        let mut doubts = Vec::new();
        let hints = vec![hint(top_left(0)), None, None];
        doubt_badge_hints(&hints, &bonuses, &bonus_boxes, &cells, &mut doubts);
        assert!(doubts.is_empty());
        let none = vec![vec![String::new(); 3]];
        let hints = vec![None, hint(top_left(1)), None];
        doubt_badge_hints(&hints, &none, &[None, None, None], &cells, &mut doubts);
        assert!(doubts.is_empty());
    }

    #[test]
    fn tiles_in_notation() {
        assert_eq!(tile_notation(&reading("QU", 0.9)), ("QU".into(), 0.9));
        assert_eq!(tile_notation(&reading("U/L", 0.9)).0, "U/L");
        assert_eq!(tile_notation(&reading("-IC", 0.9)).0, "-IC");
        assert_eq!(tile_notation(&reading("OVER-", 0.9)).0, "OVER-");
        assert_eq!(tile_notation(&reading("0", 0.8)), ("O".into(), 0.4));
        assert_eq!(tile_notation(&reading("", 0.9)), (String::new(), 0.0));
        assert_eq!(tile_notation(&reading("A/", 0.9)), (String::new(), 0.0));
        assert_eq!(tile_notation(&reading("-A-", 0.9)), (String::new(), 0.0));
    }

    #[test]
    fn marks_are_values_or_badges() {
        let mark = |r: &CropReading| mark(r).map(|(m, _)| m);
        assert_eq!(mark(&reading("12", 0.9)), Some(Mark::Value(12)));
        assert_eq!(mark(&reading("DL", 0.9)), Some(Mark::Bonus("DL".into())));
        assert_eq!(mark(&reading("2X", 0.9)), Some(Mark::Bonus("2X".into())));
        assert_eq!(mark(&reading("Q", 0.9)), None);
        assert_eq!(mark(&reading("7", 0.1)), None);
        assert_eq!(mark(&reading("0", 0.9)), None);
        assert_eq!(mark(&reading("S", 0.9)), Some(Mark::Value(5)));
        assert_eq!(mark(&reading("1Z", 0.9)), Some(Mark::Value(12)));
    }

    #[test]
    fn values_read_through_a_bar_are_half_as_sure() {
        assert_eq!(mark(&reading("12", 0.9)), Some((Mark::Value(12), 0.9)));
        assert_eq!(mark(&reading("I", 0.9)), Some((Mark::Value(1), 0.45)));
        // An S needs a 5's whole shape: it counts in full.
        assert_eq!(mark(&reading("S", 0.9)), Some((Mark::Value(5), 0.9)));
    }

    #[test]
    fn a_small_digit_read_as_a_letter_is_an_unreadable_value_not_the_letter() {
        let with = |alternatives: Vec<(&str, f32)>| CropReading {
            text: "E".into(),
            confidence: 0.43,
            alternatives: alternatives
                .into_iter()
                .map(|(t, p)| (t.to_string(), p))
                .collect(),
        };
        // Values among the other readings: they are its meanings, each as probable as read.
        let choices = mark_choices(&with(vec![("4", 0.23), ("6", 0.21), ("G", 0.03)]));
        assert_eq!(choices.len(), 2);
        assert_eq!(choices[0].0, Mark::Value(6));
        assert!((choices[0].1 - 0.24).abs() < 1e-6, "G is a 6: {choices:?}");
        assert_eq!(choices[1], (Mark::Value(4), 0.23));
        // Together unsure enough to be unreadable, never read.
        let settled = settle_marks(&[vec![choices]], &[vec![vec![]]]);
        assert_eq!(settled.values, vec![vec![None]]);
        assert_eq!(settled.doubts.len(), 1);
        // A letter with hardly any value among its readings is no value (an icon, a rim).
        assert!(mark_choices(&with(vec![("4", 0.1), ("K", 0.2)])).is_empty());
        // Badges among a letter's readings are not taken up.
        assert!(mark_choices(&with(vec![("DL", 0.4)])).is_empty());
    }

    #[test]
    fn readings_of_one_value_add_up_and_the_text_ranks_first() {
        let r = CropReading {
            text: "5".into(),
            confidence: 0.46,
            alternatives: vec![("S".into(), 0.4), ("6".into(), 0.01)],
        };
        let choices = mark_choices(&r);
        assert_eq!(choices[0].0, Mark::Value(5));
        assert!((choices[0].1 - 0.86).abs() < 1e-6, "{choices:?}");
        assert_eq!(choices[1], (Mark::Value(6), 0.01));
    }

    #[test]
    fn unsure_marks_are_doubts_not_guesses() {
        let value = vec![vec![vec![(Mark::Value(4), 0.47), (Mark::Value(6), 0.22)]]];
        let badge = vec![vec![vec![(Mark::Bonus("DW".into()), 0.9)]]];
        let settled = settle_marks(&value, &badge);
        assert_eq!(settled.values, vec![vec![None]]);
        assert_eq!(settled.bonuses, vec![vec!["DW".to_string()]]);
        assert_eq!(settled.doubts.len(), 1);
        let d = &settled.doubts[0];
        assert_eq!((d.row, d.col, d.kind), (0, 0, MarkKind::Value));
        assert_eq!(
            d.choices,
            vec![("4".to_string(), 0.47), ("6".to_string(), 0.22)]
        );
        assert_eq!(
            d.to_string(),
            "(0,0): value unreadable, left out; it may be 4 47%, 6 22%"
        );
    }

    /// A 30x40 crop: white, with a black box of `w` x `h` in its middle.
    fn crop_with_ink(w: u32, h: u32) -> GrayImage {
        GrayImage::from_fn(30, 40, |x, y| {
            let inside =
                x >= (30 - w) / 2 && x < (30 + w) / 2 && y >= (40 - h) / 2 && y < (40 + h) / 2;
            image::Luma([if inside { 0 } else { 255 }])
        })
    }

    /// A `rows` x `cols` lattice of 100 px cells from (0, 0), with the cells `covered` (row-major)
    /// taken in under a cover.
    fn lattice_with_covered(rows: usize, cols: usize, covered: Vec<bool>) -> Lattice {
        Lattice {
            rows,
            cols,
            x0: 50.0,
            y0: 50.0,
            px: 100.0,
            py: 100.0,
            glyph_height: 40.0,
            dark: true,
            cells: vec![None; rows * cols],
            score: 0.0,
            holes: vec![false; rows * cols],
            covered,
        }
    }

    /// A 3x3 board of 100-pixel cells with no crops, for the value choice.
    fn three_by_three() -> (Vec<TileCrops>, CellGrids) {
        let cells: Vec<TileCrops> = (0..9)
            .map(|i| {
                let (row, col) = (i / 3, i % 3);
                let (x, y) = (col as u32 * 100, row as u32 * 100);
                TileCrops::blank(row, col, PixelBox::new(x, y, x + 100, y + 100))
            })
            .collect();
        let grids = CellGrids::new(3, 3, &cells);
        (cells, grids)
    }

    #[test]
    fn marks_on_a_tile_whose_letter_could_not_be_read_are_not_sure() {
        let (_, mut grids) = three_by_three();
        // Tile 0 read `A`, tile 1 nothing at all (under an alert's panel); both show a `5`.
        grids.tiles[0][0] = "A".into();
        grids.tiles[0][1] = String::new();
        for c in 0..2 {
            grids.value_marks[0][c] = vec![(Mark::Value(5), 0.99), (Mark::Value(3), 0.01)];
            grids.badge_marks[0][c] = vec![(Mark::Bonus("DL".into()), 0.95)];
        }
        grids.doubt_marks_of_unread_letters();
        assert_eq!(grids.value_marks[0][0][0].1, 0.99);
        assert_eq!(grids.badge_marks[0][0][0].1, 0.95);
        let (mark, sure) = grids.value_marks[0][1][0].clone();
        assert_eq!(mark, Mark::Value(5));
        assert!((sure - 0.5).abs() < 1e-6);
        assert!(grids.value_marks[0][1][1].1 < 0.01);
        assert!((grids.badge_marks[0][1][0].1 - 0.5).abs() < 1e-6);
    }

    /// A 3x3 board's badges with a `DL` read on tile 0, in its top-left corner (10..30, 8..20),
    /// and the badges' boxes.
    fn a_dl_on_the_first_tile() -> (Vec<Vec<String>>, Vec<Option<PixelBox>>) {
        let mut bonuses = vec![vec![String::new(); 3]; 3];
        bonuses[0][0] = "DL".into();
        let mut bonus_boxes = vec![None; 9];
        bonus_boxes[0] = Some(PixelBox::new(10, 8, 30, 20));
        (bonuses, bonus_boxes)
    }

    #[test]
    fn a_mark_where_the_boards_badges_are_is_an_unreadable_badge() {
        let (mut cells, _) = three_by_three();
        let (bonuses, bonus_boxes) = a_dl_on_the_first_tile();
        let mark_at = |i: usize, (l, t, r, b): (u32, u32, u32, u32)| {
            let (x, y) = ((i % 3) as u32 * 100, (i / 3) as u32 * 100);
            (
                PixelBox::new(x + l, y + t, x + r, y + b),
                GrayImage::new(1, 1),
            )
        };
        // Tile 4: a mark of the badge's size at its place (its label read as nothing); tile 5:
        // a value in the other corner; tile 7: a letter's fragment at the place, but small;
        // tile 8: the left part of a label whose right part split off, as high as the badge.
        cells[4].marks.push(mark_at(4, (11, 9, 31, 21)));
        cells[5].marks.push(mark_at(5, (80, 80, 90, 94)));
        cells[7].marks.push(mark_at(7, (18, 12, 22, 16)));
        cells[8].marks.push(mark_at(8, (10, 8, 18, 20)));
        let mut doubts = Vec::new();
        let place = BadgePlace::of_board(&cells, &bonuses, &bonus_boxes).expect("a place");
        doubt_marks_at_the_badge_place(&place, &cells, &bonuses, &mut doubts);
        assert_eq!(doubts.len(), 2, "{doubts:?}");
        assert!(doubts[0].is_at((1, 1), MarkKind::Badge));
        assert!(doubts[0].choices.is_empty());
        assert!(doubts[1].is_at((2, 2), MarkKind::Badge));
        // Without a badge read on the board there is no place to look at.
        let none = vec![vec![String::new(); 3]; 3];
        assert!(BadgePlace::of_board(&cells, &none, &[None; 9]).is_none());
    }

    #[test]
    fn a_mark_with_a_label_where_the_boards_badges_are_is_an_unreadable_badge() {
        let (mut cells, _) = three_by_three();
        let (bonuses, bonus_boxes) = a_dl_on_the_first_tile();
        // Tile 6 (at 0, 200): a badge found as one mark with the edge of a banner over its top,
        // twice a badge's height, its label inside where the labels are.
        let mark = PixelBox::new(8, 200, 32, 226);
        cells[6].marks.push((mark, GrayImage::new(1, 1)));
        let window = cells[6].cell;
        cells[6].mark_labels.push(Some(tiles::MarkLabel {
            text: PixelBox::new(12, 209, 26, 220),
            dark: false,
            window,
        }));
        let place = BadgePlace::of_board(&cells, &bonuses, &bonus_boxes).expect("a place");
        let mut doubts = Vec::new();
        doubt_marks_at_the_badge_place(&place, &cells, &bonuses, &mut doubts);
        assert_eq!(doubts.len(), 1, "{doubts:?}");
        assert!(doubts[0].is_at((2, 0), MarkKind::Badge));
        // The mark alone is too high for a badge.
        cells[6].mark_labels[0] = None;
        let mut doubts = Vec::new();
        doubt_marks_at_the_badge_place(&place, &cells, &bonuses, &mut doubts);
        assert!(doubts.is_empty(), "{doubts:?}");
    }

    #[test]
    fn marks_at_one_corner_place_on_a_board_with_no_badge_read_are_badges_too_small_to_read() {
        let (mut cells, _) = three_by_three();
        let at = |i: usize, (l, t, r, b): (u32, u32, u32, u32)| {
            let (x, y) = ((i % 3) as u32 * 100, (i / 3) as u32 * 100);
            PixelBox::new(x + l, y + t, x + r, y + b)
        };
        // Values read in the top-right corner of tiles 0 to 5; tile 6's value was not read,
        // its mark lies at the values' place.
        let mut value_boxes = vec![None; 9];
        for (i, cell) in cells.iter_mut().enumerate() {
            let value = at(i, (75, 15, 85, 28));
            cell.marks.push((value, GrayImage::new(1, 1)));
            if i < 6 {
                value_boxes[i] = Some(value);
            }
        }
        // Marks read as nothing in the top-left corner of tiles 1 and 4 (one whole, one a
        // part); a lone mark low on tile 2; one in the top-left corner of tile 8 far from the
        // others' place; a speck at their place on tile 7, smaller than a value.
        cells[7]
            .marks
            .push((at(7, (14, 14, 18, 18)), GrayImage::new(1, 1)));
        cells[1]
            .marks
            .push((at(1, (8, 10, 24, 22)), GrayImage::new(1, 1)));
        cells[4]
            .marks
            .push((at(4, (12, 10, 22, 22)), GrayImage::new(1, 1)));
        cells[2]
            .marks
            .push((at(2, (10, 80, 20, 90)), GrayImage::new(1, 1)));
        cells[8]
            .marks
            .push((at(8, (25, 24, 29, 29)), GrayImage::new(1, 1)));
        // Marks centred on the cell's left edge of tiles 3 and 5 (the gap's).
        cells[3]
            .marks
            .push((at(3, (0, 10, 4, 22)), GrayImage::new(1, 1)));
        cells[5]
            .marks
            .push((at(5, (0, 12, 4, 24)), GrayImage::new(1, 1)));
        let none = vec![vec![String::new(); 3]; 3];
        assert_eq!(
            unread_badge_marks(&cells, &none, &value_boxes),
            [(0, 1), (1, 1)]
        );
        // A badge read on the board: its own place tells (see `BadgePlace`); nothing here.
        let mut bonuses = none.clone();
        bonuses[2][2] = "DL".into();
        assert!(unread_badge_marks(&cells, &bonuses, &value_boxes).is_empty());
        // No value read at one place: the values' own marks could be taken for badges.
        assert!(unread_badge_marks(&cells, &none, &[None; 9]).is_empty());
    }

    /// The confidences [`doubt_off_centre_texts`] leaves to the first six of `cells`, each
    /// holding one of `texts` (read 95% sure) in the box from `left` to `right` of `boxes`, in an
    /// image `image_width` wide.
    fn off_centre_confidences(
        cells: &mut [TileCrops],
        boxes: [(u32, u32); 6],
        texts: [&str; 6],
        image_width: u32,
    ) -> Vec<f32> {
        for (cell, (left, right)) in cells.iter_mut().zip(boxes) {
            let top = cell.cell.top + 30;
            let text = PixelBox::new(left, top, right, top + 40);
            cell.main = Some((text, GrayImage::new(1, 1)));
        }
        let owners: Vec<(usize, Option<usize>)> = (0..6).map(|i| (i, None)).collect();
        let mains: Vec<usize> = (0..6).collect();
        let mut readings: Vec<CropReading> = texts.iter().map(|t| reading(t, 0.95)).collect();
        let recut = Recut {
            lifted: Vec::new(),
            joined: Vec::new(),
        };
        doubt_off_centre_texts(cells, &owners, &mains, &recut, image_width, &mut readings);
        readings.iter().map(|r| r.confidence).collect()
    }

    #[test]
    fn a_special_tile_off_centre_in_its_row_is_doubted() {
        let (mut cells, _) = three_by_three();
        // The first row's texts: `A` centred, `IC` 14 px right of centre (its hyphen left out),
        // `B` 2 px left; the second row's `QU` 10 px right of its cell's centre, on a board
        // turned a little (the texts of its row sit 5 px right).
        let boxes = [
            (40, 60),
            (134, 194),
            (236, 260),
            (40, 80),
            (150, 160),
            (250, 260),
        ];
        let texts = ["A", "IC", "B", "QU", "N", "T"];
        assert_eq!(
            off_centre_confidences(&mut cells, boxes, texts, 1000),
            [0.95, ODD_LETTER_CONFIDENCE, 0.95, 0.95, 0.95, 0.95]
        );
    }

    /// A single letter whose box lies aside in its row (the top of an `S` boxed with the
    /// tile's ground left of it) is doubted; letters a few pixels off, or in a row that sits
    /// aside as a whole (a board turned a little), are not, nor a letter in a cell the image's
    /// edge cuts (its cell's centre is not its tile's).
    #[test]
    fn a_letter_off_centre_in_its_row_is_doubted() {
        // Two rows of three cells 100 px wide, from x = 100.
        let mut cells: Vec<TileCrops> = (0..6)
            .map(|i| {
                let (row, col) = (i / 3, i % 3);
                let (x, y) = (100 + col as u32 * 100, row as u32 * 100);
                TileCrops::blank(row, col, PixelBox::new(x, y, x + 100, y + 100))
            })
            .collect();
        // The first row: `O` centred, `K` 19 px left of centre, `S` 3 px right; the second row
        // sits 6 px right, one letter half a pixel off that. Rows of three texts: each letter
        // is weighed against the board's other texts.
        let boxes = [
            (130, 170),
            (211, 251),
            (333, 373),
            (136, 176),
            (238, 274),
            (336, 377),
        ];
        let texts = ["O", "K", "S", "E", "W", "N"];
        let odd = ODD_LETTER_CONFIDENCE;
        assert_eq!(
            off_centre_confidences(&mut cells, boxes, texts, 500),
            [0.95, odd, 0.95, 0.95, 0.95, 0.95]
        );
        // In an image that ends at x = 300, the middle column's cells run to its edge.
        assert_eq!(
            off_centre_confidences(&mut cells, boxes, texts, 300),
            [0.95; 6]
        );
    }

    #[test]
    fn a_letter_the_lift_reads_otherwise_is_doubted_and_stays_first() {
        // Read `C` as cut and `O` under the lifted trail, both at 99% (an `O` a band leaves by
        // its right side); read `A` both ways; `E` as cut and nothing lifted; the fourth was
        // cut again and kept (lifted), so left alone.
        let mut readings = vec![
            reading("C", 0.99),
            reading("A", 0.98),
            reading("E", 0.97),
            reading("T", 0.96),
        ];
        readings[0].alternatives = vec![("O".into(), 0.004), ("G".into(), 0.003)];
        let passed_over = vec![
            (0, reading("O", 0.99)),
            (1, reading("A", 0.9)),
            (2, reading("", 0.0)),
            (3, reading("I", 0.97)),
        ];
        let recut = Recut {
            lifted: vec![3],
            joined: Vec::new(),
        };
        doubt_letters_a_lift_reads_otherwise(&passed_over, &recut, &mut readings);
        let confidences: Vec<f32> = readings.iter().map(|r| r.confidence).collect();
        assert_eq!(confidences, [ODD_LETTER_CONFIDENCE, 0.98, 0.97, 0.96]);
        // The letter as cut stays the reading; the lifted one comes next, strictly below it
        // (its own small probability replaced, not added to).
        let choices = tile_choices(&readings[0]);
        assert_eq!(choices[0], ("C".to_string(), ODD_LETTER_CONFIDENCE));
        assert_eq!(choices[1].0, "O");
        assert!(choices[1].1 < choices[0].1, "{choices:?}");
        assert_eq!(choices.iter().filter(|(t, _)| t == "O").count(), 1);
    }

    #[test]
    fn a_hairline_read_as_a_letter_is_doubted() {
        let (cells, _) = three_by_three();
        // Boxes 60 px high: an `I` 6 px wide (a tenth of its height, kept), a divider 1 px
        // wide read `I` (doubted), a 3 px `I` (at the limit, doubted) and a `QU` 2 px wide
        // (two letters are no hairline's reading).
        let widths = [6, 1, 3, 2];
        let texts = ["I", "I", "I", "QU"];
        let boxes: Vec<Option<(&TileCrops, PixelBox)>> = cells
            .iter()
            .zip(widths)
            .map(|(cell, w)| {
                let (x, y) = (cell.cell.left + 40, cell.cell.top + 20);
                Some((cell, PixelBox::new(x, y, x + w, y + 60)))
            })
            .collect();
        let mains: Vec<usize> = (0..4).collect();
        let mut readings: Vec<CropReading> = texts.iter().map(|t| reading(t, 0.99)).collect();
        doubt_hairlines(&mains, &boxes, &mut readings);
        let confidences: Vec<f32> = readings.iter().map(|r| r.confidence).collect();
        assert_eq!(
            confidences,
            [0.99, ODD_LETTER_CONFIDENCE, ODD_LETTER_CONFIDENCE, 0.99]
        );
    }

    #[test]
    fn badges_a_covers_edge_hides_are_unreadable() {
        let (cells, _) = three_by_three();
        // A `DL` read on tile 3 (row 1), in its top-left corner (rows 108..120).
        let mut bonuses = vec![vec![String::new(); 3]; 3];
        bonuses[1][0] = "DL".into();
        let mut bonus_boxes = vec![None; 9];
        bonus_boxes[3] = Some(PixelBox::new(10, 108, 30, 120));
        let place = BadgePlace::of_board(&cells, &bonuses, &bonus_boxes).expect("a place");
        let doubts_under = |edge: f32| {
            let edges = [Some(edge), None, None];
            let mut doubts = Vec::new();
            list_badges_past_edges(&place, &edges, true, &cells, &bonuses, &mut doubts);
            doubts
        };
        // A banner down to row 15 of the first row hides most of its badge places (8..20).
        let doubts = doubts_under(15.0);
        assert_eq!(doubts.len(), 3, "{doubts:?}");
        assert!((0..3).all(|c| doubts[c].is_at((0, c), MarkKind::Badge)));
        // One that ends above them, or within the first 15% of their height, hides none.
        assert!(doubts_under(4.0).is_empty());
        assert!(doubts_under(9.5).is_empty());
    }

    #[test]
    fn a_cover_edge_over_any_badge_read_place_lists_the_badges_under_it() {
        let (cells, _) = three_by_three();
        // Three badges read in their tiles' top-left corners (rows 1 and 2), one of them 5
        // pixels higher in its cell than the other two: their median place is rows 12..24.
        let mut bonuses = vec![vec![String::new(); 3]; 3];
        let mut bonus_boxes = vec![None; 9];
        for (i, top) in [(3usize, 107), (4, 112), (7, 212)] {
            let x = 100 * (i as u32 % 3);
            bonuses[i / 3][i % 3] = "TL".into();
            bonus_boxes[i] = Some(PixelBox::new(x + 10, top, x + 30, top + 12));
        }
        let place = BadgePlace::of_board(&cells, &bonuses, &bonus_boxes).expect("a place");
        // A banner down to row 10 of the first row hides a quarter of the highest place (7..19),
        // none of the median one.
        let edges = [Some(10.0), None, None];
        let mut doubts = Vec::new();
        list_badges_past_edges(&place, &edges, true, &cells, &bonuses, &mut doubts);
        assert_eq!(doubts.len(), 3, "{doubts:?}");
    }

    #[test]
    fn badges_read_at_two_places_give_no_one_place() {
        let cell = |i: u32| PixelBox::new(i * 100, 0, i * 100 + 100, 100);
        // Two badges in the top-left corner, one read from its label and one from its disc.
        let label = (PixelBox::new(10, 8, 30, 20), cell(0));
        let disc = (PixelBox::new(102, 2, 136, 30), cell(1));
        let place = BadgePlace::of([label, disc].into_iter()).expect("one place");
        assert!(
            place.median.x < 0.25 && place.median.y < 0.25,
            "{:?}",
            place.median
        );
        // A mark there of either size counts: a label, or a disc whose label was not found.
        let at = |l, t, r, b| PlaceInCell::of(PixelBox::new(l, t, r, b), cell(0));
        assert!(place.holds(&at(11, 9, 31, 21)));
        assert!(place.holds(&at(3, 2, 37, 30)));
        assert!(!place.holds(&at(3, 2, 60, 50)));
        // A badge half hidden under a banner, read from its lower half: centred across, lower
        // and taller, over most of the place's height.
        let part = (PixelBox::new(210, 12, 230, 30), cell(2));
        assert!(BadgePlace::of([label, label, part].into_iter()).is_some());
        // A letter bonus on the left edge and a word bonus in the top-right corner (SpellCast).
        let word = (PixelBox::new(275, 5, 295, 20), cell(2));
        assert!(BadgePlace::of([label, word].into_iter()).is_none());
        assert!(BadgePlace::of(std::iter::empty()).is_none());
    }

    #[test]
    fn badges_under_the_cover_of_a_covered_row_are_unreadable() {
        // The first row is covered from above; badges are read in the top-left corner (tile 4).
        let (cells, _) = three_by_three();
        let lattice = lattice_with_covered(3, 3, [vec![true; 3], vec![false; 6]].concat());
        let covers = tile_covers(&lattice, &cells, &[], (300.0, 300.0));
        let cell_boxes: Vec<PixelBox> = (0..9)
            .map(|i| {
                let (x, y) = ((i % 3) * 100, (i / 3) * 100);
                PixelBox::new(x, y, x + 100, y + 100)
            })
            .collect();
        let mut bonuses = vec![vec![String::new(); 3]; 3];
        bonuses[1][1] = "DL".into();
        bonuses[0][2] = "TW".into();
        let mut bonus_boxes = vec![None; 9];
        bonus_boxes[4] = Some(PixelBox::new(110, 108, 130, 120));
        bonus_boxes[2] = Some(PixelBox::new(210, 8, 230, 20));
        let mut doubts = Vec::new();
        doubt_badges_under_covers(&covers, &bonuses, &bonus_boxes, &cell_boxes, &mut doubts);
        let at: Vec<(usize, usize)> = doubts.iter().map(|d| (d.row, d.col)).collect();
        assert_eq!(at, vec![(0, 0), (0, 1)], "{doubts:?}");
        // Badges in the top corners show whole below a cover from below: nothing to doubt.
        let lattice = lattice_with_covered(3, 3, [vec![false; 6], vec![true; 3]].concat());
        let covers = tile_covers(&lattice, &cells, &[], (300.0, 300.0));
        let mut doubts = Vec::new();
        doubt_badges_under_covers(&covers, &bonuses, &bonus_boxes, &cell_boxes, &mut doubts);
        assert!(doubts.is_empty(), "{doubts:?}");
    }

    #[test]
    fn a_tile_the_image_edge_cuts_is_covered_from_that_edge() {
        let (cells, _) = three_by_three();
        // The first column runs 0.3 of a pitch past the image's left edge: its corner tiles are
        // covered from the left too, not from above and below.
        let column = (0..9).map(|i| i % 3 == 0).collect();
        let mut lattice = lattice_with_covered(3, 3, column);
        lattice.x0 = 20.0;
        let covers = tile_covers(&lattice, &cells, &[], (270.0, 300.0));
        let left: Vec<usize> = (0..9).filter(|&i| covers[i] == Some(Cover::Left)).collect();
        assert_eq!(left, vec![0, 3, 6], "{covers:?}");
        // A whole first row under a banner stays covered from above, its corner tile too.
        let covered = (0..9).map(|i| i % 3 == 0 || i < 3).collect();
        let mut lattice = lattice_with_covered(3, 3, covered);
        lattice.x0 = 20.0;
        let covers = tile_covers(&lattice, &cells, &[], (270.0, 300.0));
        let above = Some(Cover::Above);
        assert_eq!(covers[..4], [above, above, above, Some(Cover::Left)]);
    }

    #[test]
    fn badges_whose_place_the_image_edge_cuts_away_are_unreadable() {
        // Badges in the top-left corner; the first column runs 0.3 of a pitch past the image's
        // left edge, the last column fits (its right part past the edge holds no badge).
        let place = PlaceInCell {
            x: 0.2,
            y: 0.15,
            width: 0.2,
            height: 0.12,
        };
        let mut lattice = lattice_with_covered(3, 3, vec![false; 9]);
        lattice.x0 = 20.0;
        let mut bonuses = vec![vec![String::new(); 3]; 3];
        bonuses[1][0] = "DL".into();
        let mut doubts = Vec::new();
        doubt_badges_past_image_edges(&[place], &lattice, (250.0, 300.0), &bonuses, &mut doubts);
        let at: Vec<(usize, usize)> = doubts.iter().map(|d| (d.row, d.col)).collect();
        assert_eq!(at, vec![(0, 0), (2, 0)], "{doubts:?}");
        // A second place, in the top-right corner (SpellCast's word bonus): the last column's
        // tiles lose it past the right edge.
        let corner = PlaceInCell { x: 0.85, ..place };
        let mut doubts = Vec::new();
        let places = [place, corner];
        doubt_badges_past_image_edges(&places, &lattice, (250.0, 300.0), &bonuses, &mut doubts);
        let at: Vec<(usize, usize)> = doubts.iter().map(|d| (d.row, d.col)).collect();
        assert_eq!(
            at,
            vec![(0, 0), (0, 2), (1, 2), (2, 0), (2, 2)],
            "{doubts:?}"
        );
        // Inside the image, nothing to doubt.
        lattice.x0 = 50.0;
        let mut doubts = Vec::new();
        doubt_badges_past_image_edges(&places, &lattice, (300.0, 300.0), &bonuses, &mut doubts);
        assert!(doubts.is_empty(), "{doubts:?}");
    }

    #[test]
    fn a_piece_beside_a_stem_on_its_line_is_told_from_corner_marks() {
        // A stem 100 px high, as a `K` cut by a trail leaves it.
        let stem = PixelBox::new(100, 100, 120, 200);
        // The K's leg cut off beside its foot, and its arm beside its top.
        assert!(is_piece_beside(PixelBox::new(135, 165, 170, 200), stem));
        assert!(is_piece_beside(PixelBox::new(130, 100, 165, 145), stem));
        // A value in the corner above the letter's line; a value beside the letter's top that
        // rises above it; a speck; a mark too far off; a mark over the stem; a sharpened stem's
        // halo beside it.
        assert!(!is_piece_beside(PixelBox::new(120, 110, 122, 180), stem));
        assert!(!is_piece_beside(PixelBox::new(130, 60, 150, 95), stem));
        assert!(!is_piece_beside(PixelBox::new(130, 80, 150, 115), stem));
        assert!(!is_piece_beside(PixelBox::new(130, 150, 140, 160), stem));
        assert!(!is_piece_beside(PixelBox::new(160, 150, 190, 190), stem));
        assert!(!is_piece_beside(PixelBox::new(110, 150, 140, 190), stem));
    }

    /// A value reading `v` at `p`, at (dx, dy) in cell `i` of [`three_by_three`].
    fn candidate(i: usize, dx: u32, dy: u32, v: u32, p: f32) -> ValueCandidate {
        let (x, y) = ((i % 3) as u32 * 100 + dx, (i / 3) as u32 * 100 + dy);
        (
            vec![(Mark::Value(v), p)],
            PixelBox::new(x, y, x + 10, y + 14),
        )
    }

    /// A value `v` read `p` sure in cell `i` of [`three_by_three`], its box from `top` to
    /// `bottom` below the cell's top, in the top-right corner.
    fn place_value(grids: &mut CellGrids, i: usize, v: u32, p: f32, (top, bottom): (u32, u32)) {
        let (x, y) = ((i % 3) as u32 * 100 + 80, (i / 3) as u32 * 100);
        grids.value_marks[i / 3][i % 3] = vec![(Mark::Value(v), p), (Mark::Value(2), 0.01)];
        grids.value_boxes[i] = Some(PixelBox::new(x, y + top, x + 10, y + bottom));
    }

    /// [`three_by_three`] with a `1` read 99% sure in the top-right corner of each of its
    /// first six cells, 14 pixels high: the board's usual values.
    fn with_usual_values() -> (Vec<TileCrops>, CellGrids) {
        let (cells, mut grids) = three_by_three();
        for i in 0..6 {
            place_value(&mut grids, i, 1, 0.99, (10, 24));
        }
        (cells, grids)
    }

    #[test]
    fn a_value_cut_short_from_above_is_doubted() {
        let (cells, mut grids) = with_usual_values();
        // What a banner's edge left of a `2` (its lower 10 of 14 pixels), read as a `4`.
        place_value(&mut grids, 6, 4, 0.91, (14, 24));
        // A whole value a little lower in its tile (the lattice's rows drift), and one whose
        // thin bottom stroke faded.
        place_value(&mut grids, 7, 3, 0.97, (13, 27));
        place_value(&mut grids, 8, 2, 0.97, (10, 19));
        grids.doubt_cut_values(&cells);
        let sure = |r: usize, c: usize| grids.value_marks[r][c][0].1;
        assert!(sure(2, 0) <= ODD_LETTER_CONFIDENCE, "{}", sure(2, 0));
        // The other readings keep their share of the probability.
        assert!((grids.value_marks[2][0][1].1 - 0.01 * 0.5 / 0.91).abs() < 1e-6);
        assert_eq!((sure(2, 1), sure(2, 2), sure(0, 0)), (0.97, 0.97, 0.99));
    }

    #[test]
    fn a_piece_of_a_value_is_doubted() {
        let (cells, mut grids) = with_usual_values();
        // The hook of a `2` whose foot split off (7 of 14 pixels), not cut from above; and a
        // whole value whose thin bottom stroke faded (9 of 14).
        place_value(&mut grids, 6, 2, 0.76, (10, 17));
        place_value(&mut grids, 7, 2, 0.97, (10, 19));
        grids.doubt_cut_values(&cells);
        let sure = |r: usize, c: usize| grids.value_marks[r][c][0].1;
        assert!(sure(2, 0) <= ODD_LETTER_CONFIDENCE, "{}", sure(2, 0));
        assert_eq!(sure(2, 1), 0.97);
    }

    #[test]
    fn values_on_the_covered_side_of_a_covered_row_are_never_sure() {
        let (cells, mut grids) = three_by_three();
        // The first row is covered from above: a value in the top of its tiles keeps at most
        // half its confidence, one at the bottom of its tile keeps it, and so do the values of
        // the rows below.
        place_value(&mut grids, 0, 2, 0.81, (10, 24));
        place_value(&mut grids, 1, 3, 0.99, (70, 84));
        place_value(&mut grids, 3, 1, 0.99, (10, 24));
        let lattice = lattice_with_covered(3, 3, [vec![true; 3], vec![false; 6]].concat());
        grids.covers = tile_covers(&lattice, &cells, &[], (300.0, 300.0));
        grids.doubt_values_under_covers(&cells);
        let sure = |r: usize, c: usize| grids.value_marks[r][c][0].1;
        assert_eq!(
            (sure(0, 0), sure(0, 1), sure(1, 0)),
            (ODD_LETTER_CONFIDENCE, 0.99, 0.99)
        );
    }

    #[test]
    fn values_on_the_covered_side_of_a_tile_whose_letter_a_cover_cuts_are_never_sure() {
        let (cells, mut grids) = three_by_three();
        // No row is taken in under a cover, but a banner from above cuts the letter of tile 0,
        // and a popup from below the letter of tile 4: their values on those sides are doubted.
        place_value(&mut grids, 0, 2, 0.66, (10, 24));
        place_value(&mut grids, 4, 1, 0.99, (10, 24));
        place_value(&mut grids, 5, 1, 0.99, (10, 24));
        grids.value_boxes[4] = Some(PixelBox::new(180, 170, 190, 184));
        let lattice = lattice_with_covered(3, 3, vec![false; 9]);
        grids.covers = tile_covers(
            &lattice,
            &cells,
            &[(0, Cover::Above), (4, Cover::Below)],
            (300.0, 300.0),
        );
        grids.doubt_values_under_covers(&cells);
        let sure = |r: usize, c: usize| grids.value_marks[r][c][0].1;
        assert!((sure(0, 0) - ODD_LETTER_CONFIDENCE).abs() < 1e-6);
        assert!((sure(1, 1) - ODD_LETTER_CONFIDENCE).abs() < 1e-6);
        assert_eq!(sure(1, 2), 0.99);
    }

    /// A value `v` read `p` sure in cell `i` of [`three_by_three`], 14 px high, starting `left`
    /// pixels into the cell's top-left corner.
    fn place_left_value(grids: &mut CellGrids, i: usize, v: u32, p: f32, left: u32) {
        let (x, y) = ((i % 3) as u32 * 100 + left, (i / 3) as u32 * 100 + 6);
        grids.value_marks[i / 3][i % 3] = vec![(Mark::Value(v), p)];
        grids.value_boxes[i] = Some(PixelBox::new(x, y, x + 8, y + 14));
    }

    #[test]
    fn a_value_printed_from_the_left_that_starts_late_is_doubted() {
        let (cells, mut grids) = three_by_three();
        for i in 0..6 {
            place_left_value(&mut grids, i, 2, 0.99, 6);
        }
        // A `1`, its stem in the middle of its advance: 2 px (0.14 of the height) late.
        place_left_value(&mut grids, 6, 1, 0.99, 8);
        // The `2` of a `12` whose `1` was lost: 5 px (0.36) late.
        place_left_value(&mut grids, 7, 2, 0.99, 11);
        // A `12` read whole starts early.
        place_left_value(&mut grids, 8, 12, 0.99, 3);
        grids.doubt_late_values(&cells);
        let sure = |r: usize, c: usize| grids.value_marks[r][c][0].1;
        assert!(sure(2, 1) <= ODD_LETTER_CONFIDENCE, "{}", sure(2, 1));
        assert_eq!((sure(2, 0), sure(2, 2), sure(0, 0)), (0.99, 0.99, 0.99));
        // Printed from the right (Ruzzle), where a value starts says nothing of a lost digit.
        let (cells, mut grids) = three_by_three();
        for i in 0..6 {
            place_left_value(&mut grids, i, 2, 0.99, 80);
        }
        place_left_value(&mut grids, 7, 1, 0.99, 86);
        grids.doubt_late_values(&cells);
        assert_eq!(grids.value_marks[2][1][0].1, 0.99);
    }

    #[test]
    fn a_value_reading_off_the_boards_value_corner_loses() {
        let (cells, mut grids) = three_by_three();
        for i in 0..9 {
            grids.value_candidates[i].push(candidate(i, 80, 80, 3, 0.6));
        }
        // A gem in the bottom-left corner of the middle tile, read as an 8 more surely.
        grids.value_candidates[4].push(candidate(4, 5, 80, 8, 0.7));
        // The top-left tile shows only the gem: its reading is dropped.
        grids.value_candidates[0] = vec![candidate(0, 5, 80, 8, 0.7)];
        grids.choose_values(&cells);
        assert_eq!(grids.value_marks[1][1][0].0, Mark::Value(3));
        assert!(grids.value_marks[0][0].is_empty());
        assert_eq!(grids.value_boxes[4], Some(candidate(4, 80, 80, 3, 0.6).1));
        // With no usual corner (values scattered), the surest reading wins.
        let (cells, mut grids) = three_by_three();
        grids.value_candidates[4] = vec![candidate(4, 80, 80, 3, 0.6), candidate(4, 5, 80, 8, 0.7)];
        grids.choose_values(&cells);
        assert_eq!(grids.value_marks[1][1][0].0, Mark::Value(8));
    }

    #[test]
    fn a_value_with_another_beside_it_on_its_line_is_doubted() {
        let (mut cells, mut grids) = three_by_three();
        for i in 0..9 {
            grids.value_candidates[i].push(candidate(i, 5, 5, 2, 0.99));
        }
        // The `1` and `2` of a `12` found apart (2 px between them), the `1` surer.
        grids.value_candidates[4] = vec![candidate(4, 5, 5, 1, 1.0), candidate(4, 17, 5, 2, 0.99)];
        // A value with a badge's leftover far off its line, and one with a mark far along it.
        grids.value_candidates[5].push(candidate(5, 5, 40, 7, 0.6));
        grids.value_candidates[6].push(candidate(6, 40, 5, 7, 0.6));
        for (cell, candidates) in cells.iter_mut().zip(&grids.value_candidates) {
            cell.marks = candidates
                .iter()
                .map(|(_, b)| (*b, GrayImage::new(1, 1)))
                .collect();
        }
        // The `0` of a `20` read as a letter, beside the `2`; a letter's stroke beside the value
        // of tile 8, twice as high.
        let mark = |i: usize, dx: u32, h: u32| {
            let (x, y) = ((i % 3) as u32 * 100 + dx, (i / 3) as u32 * 100 + 5);
            (PixelBox::new(x, y, x + 10, y + h), GrayImage::new(1, 1))
        };
        cells[7].marks.push(mark(7, 17, 14));
        cells[8].marks.push(mark(8, 17, 30));
        // Beside the value of tile 3, a digit broken into pieces too small to be marks.
        let broken = grids.value_candidates[3][0].1;
        cells[3].marks_with_broken_ink_beside.push(broken);
        grids.choose_values(&cells);
        let sure = |r: usize, c: usize| grids.value_marks[r][c][0].clone();
        assert_eq!(sure(1, 1), (Mark::Value(1), ODD_LETTER_CONFIDENCE));
        assert_eq!(sure(1, 2), (Mark::Value(2), 0.99));
        assert_eq!(sure(2, 0), (Mark::Value(2), 0.99));
        assert_eq!(sure(0, 0), (Mark::Value(2), 0.99));
        assert!((sure(2, 1).1 - ODD_LETTER_CONFIDENCE).abs() < 1e-6);
        assert_eq!(sure(2, 2), (Mark::Value(2), 0.99));
        assert!((sure(1, 0).1 - ODD_LETTER_CONFIDENCE).abs() < 1e-6);
    }

    #[test]
    fn values_at_one_place_off_the_middle_are_counted_and_stray_readings_are_not() {
        let cell = PixelBox::new(100, 100, 200, 200);
        let place = |x: u32, y: u32| PlaceInCell::of(PixelBox::new(x, y, x + 6, y + 10), cell);
        // Three values in the top-right corner, within 2% of each other, and stray readings
        // (a letter in the middle, a mark in another corner).
        let places = [
            place(170, 110),
            place(171, 111),
            place(169, 110),
            place(147, 145),
            place(110, 180),
        ];
        assert_eq!(values_at_one_place(&places), 3);
        // Readings in the middle do not count however many lie together.
        let middle = [place(147, 145), place(147, 146), place(148, 145)];
        assert_eq!(values_at_one_place(&middle), 0);
        // Nor do readings of very different heights.
        let tall = PlaceInCell::of(PixelBox::new(170, 105, 176, 125), cell);
        assert_eq!(values_at_one_place(&[place(170, 110), tall]), 1);
    }

    #[test]
    fn a_value_printed_smaller_than_the_models_training_is_not_promised() {
        let (cells, mut grids) = three_by_three();
        for i in 0..9 {
            grids.value_candidates[i].push(candidate(i, 5, 5, 2, 0.99));
        }
        // A digit's box 8 px high (a digit of 6-7 px and a row of smoothing at each end), and
        // one 9 px high.
        let (x, y) = (105, 5);
        grids.value_candidates[1] = vec![(
            vec![(Mark::Value(4), 0.97)],
            PixelBox::new(x, y, x + 5, y + 8),
        )];
        grids.value_candidates[2] = vec![(
            vec![(Mark::Value(4), 0.97)],
            PixelBox::new(x + 100, y, x + 105, y + 9),
        )];
        grids.choose_values(&cells);
        assert_eq!(
            grids.value_marks[0][1][0],
            (Mark::Value(4), SMALL_DIGIT_CONFIDENCE)
        );
        assert_eq!(grids.value_marks[0][2][0], (Mark::Value(4), 0.97));
    }

    /// A white crop with black boxes `(x0, y0, x1, y1)`.
    fn crop_with_boxes(boxes: &[(u32, u32, u32, u32)]) -> GrayImage {
        GrayImage::from_fn(60, 40, |x, y| {
            let inked = boxes
                .iter()
                .any(|&(x0, y0, x1, y1)| (x0..x1).contains(&x) && (y0..y1).contains(&y));
            image::Luma([if inked { 0 } else { 255 }])
        })
    }

    #[test]
    fn a_hyphen_joined_to_its_letter_is_doubted() {
        // An `E`-like block with a line running out of it to the right: one piece.
        let joined = crop_with_boxes(&[(5, 5, 25, 35), (25, 19, 55, 21)]);
        // The same letter and a hyphen apart from it: two pieces.
        let apart = crop_with_boxes(&[(5, 5, 25, 35), (32, 18, 44, 22)]);
        // A leftover of a ring, a few pixels wide, does not count as a hyphen.
        let speck = crop_with_boxes(&[(5, 5, 25, 35), (20, 19, 55, 21), (50, 30, 53, 33)]);
        let crops = vec![joined, apart, speck];
        let mut readings = vec![
            reading("E-", 0.98),
            reading("E-", 0.98),
            reading("E-", 0.98),
        ];
        doubt_joined_hyphens(&[0, 1, 2], &crops, &mut readings);
        assert_eq!(readings[0].confidence, ODD_LETTER_CONFIDENCE);
        assert_eq!(readings[0].alternatives[0], ("E".to_string(), 0.5));
        assert_eq!(
            readings[1].confidence, 0.98,
            "a hyphen apart from its letter"
        );
        assert_eq!(readings[2].confidence, ODD_LETTER_CONFIDENCE);
    }

    /// A letter's span in its cell, from `top` to `bottom` pixels below the cell's top.
    fn span(top: f32, bottom: f32) -> Option<VerticalSpan> {
        Some(VerticalSpan { top, bottom })
    }

    #[test]
    fn odd_looking_letters_lose_their_confidence() {
        // Letters 40 px high from 30 px below their cell's top: one 20 px high (half hidden),
        // one crop mostly ink, one cut at its top by 12 px (a banner's edge), one cut at its
        // bottom by 12 px, and one 8 px lower in its cell and 6 px shorter (whole: a die
        // turned a little, its bottom off the line).
        let spans = [
            span(30.0, 70.0),
            span(30.0, 70.0),
            span(30.0, 70.0),
            span(30.0, 70.0),
            span(30.0, 70.0),
            span(40.0, 60.0),
            span(30.0, 70.0),
            span(42.0, 70.0),
            span(30.0, 58.0),
            span(38.0, 72.0),
            None,
        ];
        let mut crops = vec![crop_with_ink(6, 30); spans.len()];
        crops[6] = crop_with_ink(28, 36);
        let mut readings: Vec<CropReading> = spans.iter().map(|_| reading("E", 0.99)).collect();
        readings[3] = reading("QU", 0.99);
        let mains: Vec<usize> = (0..spans.len()).collect();
        let cut = doubt_odd_letters(&mains, &spans, &crops, &mut readings);
        let confidences: Vec<f32> = readings.iter().map(|r| r.confidence).collect();
        assert_eq!(
            confidences,
            vec![0.99, 0.99, 0.99, 0.99, 0.99, 0.5, 0.5, 0.5, 0.5, 0.99, 0.5]
        );
        // The letters cut at one end tell that a cover hides their tiles' end.
        assert_eq!(cut, vec![(7, Cover::Above), (8, Cover::Below)]);
    }

    /// A 3x3 board of light blue tiles 100 px square whose letters lie 30 to 70 px below their
    /// cell's top, with a white banner down to 45 px over the first tile and down to 28 px over
    /// the second (over the ground above its letter, not the letter).
    #[test]
    fn letters_cut_by_a_cover_over_their_tile_lose_their_confidence() {
        let image = DynamicImage::ImageRgb8(image::RgbImage::from_fn(300, 300, |x, y| {
            let banner = (x < 100 && y < 45) || (x < 200 && y < 28);
            image::Rgb(if banner {
                [245, 245, 245]
            } else {
                [120, 200, 245]
            })
        }));
        let mut spans = vec![span(30.0, 70.0); 9];
        // What the banner left of the first letter; a whole letter lower in its uncovered tile.
        spans[0] = span(45.0, 70.0);
        spans[2] = span(40.0, 70.0);
        assert_only_the_first_letter_covered(&image, &spans, "I");
    }

    /// Runs [`doubt_covered_letters`] on the 3x3 board of [`three_by_three`] in `image`, its
    /// letters read `text` at 99% and lying at `spans`, and checks that only the first tile's
    /// letter is covered (from above) and loses its confidence.
    fn assert_only_the_first_letter_covered(
        image: &DynamicImage,
        spans: &[Option<VerticalSpan>],
        text: &str,
    ) {
        let (cells, _) = three_by_three();
        let mains: Vec<usize> = (0..9).collect();
        let owners: Vec<(usize, Option<usize>)> = (0..9).map(|i| (i, None)).collect();
        let mut readings: Vec<CropReading> = (0..9).map(|_| reading(text, 0.99)).collect();
        let edges = CoverEdges::new(image, &cells, 3);
        let covered =
            doubt_covered_letters(image, &cells, &edges, spans, &mains, &owners, &mut readings);
        assert_eq!(covered, vec![(0, Cover::Above)]);
        let confidences: Vec<f32> = readings.iter().map(|r| r.confidence).collect();
        let mut expected = vec![0.99; 9];
        expected[0] = ODD_LETTER_CONFIDENCE;
        assert_eq!(confidences, expected);
    }

    /// A 3x3 board of light blue tiles (120, 200, 245) 100 px apart on a dark ground, with a
    /// banner of colour `banner` over the whole first row down to pixel row `bottom` (excluded).
    fn tiles_under_a_banner(bottom: u32, banner: [u8; 3]) -> DynamicImage {
        DynamicImage::ImageRgb8(image::RgbImage::from_fn(300, 300, |x, y| {
            let ground = !(6..94).contains(&(x % 100)) || !(6..94).contains(&(y % 100));
            image::Rgb(if y < bottom {
                banner
            } else if ground {
                [30, 40, 60]
            } else {
                [120, 200, 245]
            })
        }))
    }

    /// A 3x3 board of light blue tiles 100 px apart on a dark ground, with a white banner over
    /// the whole first row down to pixel row 31. Letters lie 30 to 70 px below their cell's top
    /// on the other rows; in the first, one starts right under the banner's edge (at 32: it lost
    /// 2 px, too little to tell by its span), two a few pixels lower.
    #[test]
    fn letters_that_reach_a_covers_edge_lose_their_confidence() {
        let image = tiles_under_a_banner(32, [245, 245, 245]);
        let mut spans = vec![span(30.0, 70.0); 9];
        spans[0] = span(32.0, 70.0);
        spans[1] = span(36.0, 70.0);
        spans[2] = span(35.0, 70.0);
        assert_only_the_first_letter_covered(&image, &spans, "Z");
    }

    /// As above, but the banner is of about the tiles' own colour (frosted glass over them), so
    /// the grounds above and below the letters are alike, and it comes down to pixel row 36: the
    /// first letter starts right under its edge, 6 px short of where the others start (0.15 of
    /// their height; an `O` so cut reads `U`); two start 10 px short, clear of the edge.
    #[test]
    fn letters_cut_at_the_edge_of_a_cover_of_the_tiles_colour_lose_their_confidence() {
        let image = tiles_under_a_banner(36, [132, 206, 240]);
        let mut spans = vec![span(30.0, 70.0); 9];
        spans[0] = span(36.0, 70.0);
        spans[1] = span(40.0, 70.0);
        spans[2] = span(40.0, 70.0);
        assert_only_the_first_letter_covered(&image, &spans, "U");
    }

    /// The lower half of an `H` under a banner reads `TT`, surely: a tile of a row under a
    /// cover keeps at most half its confidence, whatever it reads as; its neighbour below, and
    /// the marks, keep theirs.
    #[test]
    fn letters_of_a_covered_row_are_never_sure() {
        let lattice = lattice_with_covered(2, 1, vec![true, false]);
        let mut readings = vec![reading("TT", 0.96), reading("3", 0.99), reading("H", 0.99)];
        let owners = [(0, None), (0, Some(0)), (1, None)];
        doubt_letters_of_covered_rows(&lattice, &owners, &[0, 2], &mut readings);
        let confidences: Vec<f32> = readings.iter().map(|r| r.confidence).collect();
        assert_eq!(confidences, vec![0.5, 0.99, 0.99]);
    }

    #[test]
    fn too_few_letters_have_no_usual_height() {
        let mut readings = vec![reading("E", 0.99), reading("A", 0.99)];
        let crops = vec![crop_with_ink(6, 30); 2];
        let spans = [span(30.0, 70.0), span(30.0, 40.0)];
        doubt_odd_letters(&[0, 1], &spans, &crops, &mut readings);
        assert!(readings.iter().all(|r| r.confidence == 0.99));
    }
}
