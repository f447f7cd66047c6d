//! From the model's texts to board notation: tiles, point values, bonus badges, confidences.

use super::grid::Lattice;
use super::ocr::{CropReading, TileReader};
use super::tiles::TileCrops;
use super::{BoardReading, GridBox, VisionError};
use image::GrayImage;
use image::imageops::{rotate90, rotate180, rotate270};

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

/// The badge labels the games print.
const BADGES: [&str; 5] = ["DL", "TL", "DW", "TW", "2X"];

/// A main tile's text in board notation with its confidence: `U/L` either/or, `RE-` prefix,
/// `-ING` suffix, digits turned into the letters they resemble (with half the confidence).
/// An empty or malformed reading gives `""` and confidence 0.
pub fn tile_notation(reading: &CropReading) -> (String, f32) {
    let mut confidence = reading.confidence;
    let mut text: String = reading
        .text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if text.chars().any(|c| c.is_ascii_digit()) {
        text = swap_lookalikes(&text, &LOOKALIKES);
        confidence *= 0.5;
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
    if valid {
        (text, confidence)
    } else {
        (String::new(), 0.0)
    }
}

/// What a corner mark says: a point value or a bonus badge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mark {
    /// A printed point value.
    Value(u32),
    /// A bonus badge label.
    Bonus(String),
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

/// Interprets a corner mark's text (`12`, `DL`, `2X`) with how sure it is: the reading's
/// confidence, halved for a value read through letters that look like digits (a bar read as
/// `I`, taken for `1`). `None` for anything else.
pub fn mark(reading: &CropReading) -> Option<(Mark, f32)> {
    let text = reading.text.trim();
    if reading.confidence < 0.3 || text.is_empty() {
        return None;
    }
    if BADGES.contains(&text) {
        return Some((Mark::Bonus(text.to_string()), reading.confidence));
    }
    // A value crop holds digits only: letters the model saw are digits that look alike.
    let digits = swap_lookalikes(text, &DIGIT_LOOKALIKES);
    if digits.len() <= 2 && digits.chars().all(|c| c.is_ascii_digit()) {
        let sure = reading.confidence * if digits == text { 1.0 } else { 0.5 };
        return digits
            .parse()
            .ok()
            .filter(|&v| v > 0)
            .map(|v| (Mark::Value(v), sure));
    }
    None
}

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

/// Reads letters that face every way, as on dice in a tray photographed from above.
///
/// The uncertain main crops (indices into `crops`, among `mains`) are read turned by 90, 180 and
/// 270 degrees. When enough of them read surely turned (see [`TURNED_TILES_AT_LEAST`]), the
/// board's letters face every way: then every main crop is read in all four turns and keeps the
/// surest reading (see [`TURNED_DOUBT_RATIO`]). A turned letter can read surely as another
/// letter upright: a T on its side reads as an H at 99%, the T the right way up at 99.999%.
/// The kept crop replaces the upright one, so `--debug` shows what was read.
fn read_turned_letters(
    reader: &TileReader,
    mains: &[usize],
    crops: &mut [GrayImage],
    readings: &mut [CropReading],
) -> Result<(), VisionError> {
    let uncertain: Vec<usize> = mains
        .iter()
        .copied()
        .filter(|&k| tile_notation(&readings[k]).1 < TURN_BELOW)
        .collect();
    if uncertain.len() < TURNED_TILES_AT_LEAST {
        return Ok(());
    }
    let mut turned = read_turns(reader, crops, &uncertain)?;
    let surely_turned = turned
        .iter()
        .filter(|(k, turns)| {
            let best = turns
                .iter()
                .map(|(_, r)| tile_notation(r).1)
                .fold(0.0, f32::max);
            best >= TURNED_AT_LEAST && best > tile_notation(&readings[*k]).1
        })
        .count();
    if surely_turned < TURNED_TILES_AT_LEAST.max(mains.len() / 4) {
        return Ok(());
    }
    let upright: Vec<usize> = mains
        .iter()
        .copied()
        .filter(|k| !uncertain.contains(k))
        .collect();
    turned.extend(read_turns(reader, crops, &upright)?);
    let doubt = |r: &CropReading| 1.0 - tile_notation(r).1;
    for (k, turns) in turned {
        let best = turns
            .into_iter()
            .min_by(|a, b| doubt(&a.1).total_cmp(&doubt(&b.1)))
            .expect("three turns");
        if doubt(&best.1) * TURNED_DOUBT_RATIO < doubt(&readings[k]) {
            (crops[k], readings[k]) = best;
        }
    }
    Ok(())
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
            [
                rotate90(&crops[k]),
                rotate180(&crops[k]),
                rotate270(&crops[k]),
            ]
        })
        .collect();
    let mut readings = reader
        .read(&turned)
        .map_err(|e| VisionError::Ocr(format!("{e:#}")))?
        .into_iter();
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

/// Reads every cell's crops in one model call and assembles the board reading.
pub fn read_cells(
    lattice: &Lattice,
    cells: &[TileCrops],
    scale: f32,
    reader: &TileReader,
) -> Result<BoardReading, VisionError> {
    let mut crops: Vec<GrayImage> = Vec::new();
    let mut owners = Vec::new(); // (cell index, None for main / Some(k) for mark k)
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
    let mut readings = reader
        .read(&crops)
        .map_err(|e| VisionError::Ocr(format!("{e:#}")))?;
    let mains: Vec<usize> = (0..owners.len())
        .filter(|&k| owners[k].1.is_none())
        .collect();
    read_turned_letters(reader, &mains, &mut crops, &mut readings)?;
    let (rows, cols) = (lattice.rows, lattice.cols);
    let mut tiles = vec![vec![String::new(); cols]; rows];
    let mut confidence = vec![vec![0.0f32; cols]; rows];
    let mut alternatives = vec![vec![Vec::new(); cols]; rows];
    let mut values = vec![vec![None; cols]; rows];
    let mut value_confidence = vec![vec![0.0f32; cols]; rows];
    let mut bonuses = vec![vec![String::new(); cols]; rows];
    let mut bonus_confidence = vec![vec![0.0f32; cols]; rows];
    let mut value_boxes = vec![None; rows * cols];
    let mut bonus_boxes = vec![None; rows * cols];
    for cell in cells {
        if cell.main.is_none() && !cell.unreadable {
            tiles[cell.row][cell.col] = ".".into();
            confidence[cell.row][cell.col] = 1.0;
        }
    }
    let mut debug = Vec::new();
    for ((i, kind), (reading, crop)) in owners.iter().zip(readings.iter().zip(crops)) {
        let (r, c) = (cells[*i].row, cells[*i].col);
        match kind {
            None => {
                let (text, conf) = tile_notation(reading);
                tiles[r][c] = text;
                confidence[r][c] = conf;
                alternatives[r][c] = reading.alternatives.clone();
                debug.push((format!("{r}-{c}-tile"), crop, reading.text.clone()));
            }
            Some(k) => {
                // Of several marks read as values (a digit, and an icon or a piece of the
                // tile's edge that looks like one), the surest wins.
                match mark(reading) {
                    Some((Mark::Value(v), sure)) if value_confidence[r][c] < sure => {
                        values[r][c] = Some(v);
                        value_confidence[r][c] = sure;
                        value_boxes[*i] = Some(cells[*i].marks[*k].0);
                    }
                    Some((Mark::Bonus(b), sure)) if bonuses[r][c].is_empty() => {
                        bonuses[r][c] = b;
                        bonus_confidence[r][c] = sure;
                        bonus_boxes[*i] = Some(cells[*i].marks[*k].0);
                    }
                    _ => {}
                }
                debug.push((format!("{r}-{c}-mark{k}"), crop, reading.text.clone()));
            }
        }
    }
    let letter_tiles = tiles.iter().flatten().filter(|t| t.as_str() != ".").count();
    let valued = values.iter().flatten().filter(|v| v.is_some()).count();
    let (l, t, r, b) = lattice.board_box();
    let px = |v: f32| (v * scale).max(0.0) as u32;
    Ok(BoardReading {
        board: crate::board::BoardJson {
            rows,
            cols,
            tiles,
            // Values only when most tiles show one: a stray mark is not a scoring system.
            values: (valued * 2 > letter_tiles).then_some(values),
            bonuses: bonuses
                .iter()
                .flatten()
                .any(|b| !b.is_empty())
                .then_some(bonuses),
        },
        confidence,
        value_confidence,
        bonus_confidence,
        alternatives,
        grid: GridBox {
            x: px(l),
            y: px(t),
            width: px(r) - px(l),
            height: px(b) - px(t),
        },
        cells: cells.iter().map(|c| c.cell).collect(),
        value_boxes,
        bonus_boxes,
        game: super::game::GameGuess::neutral(rows, cols, "the image's colours were not measured"),
        crops: debug,
    })
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
    fn values_read_through_lookalikes_are_half_as_sure() {
        assert_eq!(mark(&reading("12", 0.9)), Some((Mark::Value(12), 0.9)));
        assert_eq!(mark(&reading("I", 0.9)), Some((Mark::Value(1), 0.45)));
    }
}
