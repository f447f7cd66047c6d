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
        text = text
            .chars()
            .map(|c| {
                LOOKALIKES
                    .iter()
                    .find(|(d, _)| *d == c)
                    .map_or(c, |(_, l)| *l)
            })
            .collect();
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

/// Interprets a corner mark's text (`12`, `DL`, `2X`); `None` for anything else.
pub fn mark(reading: &CropReading) -> Option<Mark> {
    let text = reading.text.trim();
    if reading.confidence < 0.3 || text.is_empty() {
        return None;
    }
    if BADGES.contains(&text) {
        return Some(Mark::Bonus(text.to_string()));
    }
    // A value crop holds digits only: letters the model saw are digits that look alike.
    let digits: String = text
        .chars()
        .map(|c| {
            DIGIT_LOOKALIKES
                .iter()
                .find(|(l, _)| *l == c)
                .map_or(c, |(_, d)| *d)
        })
        .collect();
    if digits.len() <= 2 && digits.chars().all(|c| c.is_ascii_digit()) {
        return digits.parse().ok().filter(|&v| v > 0).map(Mark::Value);
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
/// three quarters (letters on dice in a tray face every way).
const TURN_BELOW: f32 = 0.9;

/// A turned reading replaces the upright one only when at least this sure.
const TURNED_AT_LEAST: f32 = 0.8;

/// Turned readings are kept only when at least this many tiles of the board, and a quarter of
/// its tiles, read surely turned: a tray of dice photographed from above has most letters
/// turned, a screenshot none, and a few letters blurred or crossed by a swipe line that happen
/// to read as another letter upside down (C and J, M and W) must not be turned.
const TURNED_TILES_AT_LEAST: usize = 3;

/// Reads the uncertain main crops (indices `mains` into `crops`) again turned by 90, 180 and
/// 270 degrees and keeps, for each, the surest of its four readings, when enough tiles read
/// surely turned (see [`TURNED_TILES_AT_LEAST`]). The kept crop replaces the upright one, so
/// `--debug` shows what was read.
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
    let turned: Vec<GrayImage> = uncertain
        .iter()
        .flat_map(|&k| {
            [
                rotate90(&crops[k]),
                rotate180(&crops[k]),
                rotate270(&crops[k]),
            ]
        })
        .collect();
    let turned_readings = reader
        .read(&turned)
        .map_err(|e| VisionError::Ocr(format!("{e:#}")))?;
    let mut better = Vec::new();
    for (j, &k) in uncertain.iter().enumerate() {
        let upright = tile_notation(&readings[k]).1;
        let best = (0..3)
            .map(|t| 3 * j + t)
            .max_by(|&a, &b| {
                let score = |i: usize| tile_notation(&turned_readings[i]).1;
                score(a).total_cmp(&score(b))
            })
            .expect("three turns");
        let sure = tile_notation(&turned_readings[best]).1;
        if sure >= TURNED_AT_LEAST && sure > upright {
            better.push((k, best));
        }
    }
    if better.len() >= TURNED_TILES_AT_LEAST.max(mains.len() / 4) {
        for (k, best) in better {
            crops[k] = turned[best].clone();
            readings[k] = turned_readings[best].clone();
        }
    }
    Ok(())
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
                // Of several marks read as values (a digit, and an icon that looks like one),
                // the surest wins.
                match mark(reading) {
                    Some(Mark::Value(v)) if value_confidence[r][c] < reading.confidence => {
                        values[r][c] = Some(v);
                        value_confidence[r][c] = reading.confidence;
                    }
                    Some(Mark::Bonus(b)) if bonuses[r][c].is_empty() => bonuses[r][c] = b,
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
        confidence,
        alternatives,
        grid: GridBox {
            x: px(l),
            y: px(t),
            width: px(r) - px(l),
            height: px(b) - px(t),
        },
        cells: cells.iter().map(|c| c.cell).collect(),
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
        assert_eq!(mark(&reading("12", 0.9)), Some(Mark::Value(12)));
        assert_eq!(mark(&reading("DL", 0.9)), Some(Mark::Bonus("DL".into())));
        assert_eq!(mark(&reading("2X", 0.9)), Some(Mark::Bonus("2X".into())));
        assert_eq!(mark(&reading("Q", 0.9)), None);
        assert_eq!(mark(&reading("7", 0.1)), None);
        assert_eq!(mark(&reading("0", 0.9)), None);
        assert_eq!(mark(&reading("S", 0.9)), Some(Mark::Value(5)));
        assert_eq!(mark(&reading("1Z", 0.9)), Some(Mark::Value(12)));
    }
}
