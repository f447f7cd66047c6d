//! Recognising the game a screenshot shows, from evidence the reader measures: the grid's size and
//! holes, special tiles, where printed values sit on the tile and which game's letter table they
//! follow, the labels of the bonus badges, whether the tiles touch or stand apart, and the colours
//! of the tiles and of the ground around them.
//!
//! Each piece of evidence votes for the games it fits (and against those it rules out), with a
//! weight that says how telling it is; the game with the most votes wins, and its reason names the
//! evidence that voted for it. When no game gathers enough votes, or two are too close, the guess
//! says the evidence is weak and falls back to the neutral rules of the Boggle family for the
//! grid's size. The weights are stated next to each vote in [`votes`]; they are few and round on
//! purpose (the evidence is chosen to be telling, not fitted to particular images).

use super::rect::PixelBox;
use super::{BoardReading, MarkKind};
use crate::score::{Game, Rules};
use image::{DynamicImage, RgbImage};
use std::fmt;

/// The fewest votes a game needs to be taken as certain.
pub const CERTAIN_VOTES: f32 = 4.0;

/// The lead in votes the winner needs over the runner-up to be taken as certain.
pub const CERTAIN_MARGIN: f32 = 1.5;

/// The weight of the winner's strongest vote for it to be taken as certain: votes of what several
/// games share (size, no printed values, dark letters on light tiles, a ground of a colour two
/// games use) add up without telling the game. Lexica, an open-source game with Word Hunt's
/// 4x4 size, no values and dark letters on cream tiles apart on an orange ground, gathered
/// Word Hunt four such votes and was named Word Hunt as certain (4 of 18 real Lexica screenshots).
pub const CERTAIN_STRONGEST: f32 = CLEAR;

// The weights of votes (see [`votes`]), from the strongest evidence down.

/// Evidence only one game shows (holes, special tiles, the 2X badge).
const ONLY_ONE_GAME: f32 = 5.0;
/// Strong evidence: where most values sit, tiles that touch.
const STRONG: f32 = 3.0;
/// Clear evidence: the value table, the ground's colour, the tiles' colours.
const CLEAR: f32 = 2.0;
/// What several games share (size, having values or not, badges).
const SHARED: f32 = 1.0;
/// Evidence a game never shows (values where it prints none, a size it does not have).
const RULED_OUT: f32 = -3.0;

// Thresholds on the evidence for a vote.

/// Values vote for the corner most of them sit in when at least this share does ...
const VALUE_CORNER_SHARE: f32 = 0.6;
/// ... with a [`STRONG`] vote from this share, a [`CLEAR`] one below it.
const VALUE_CORNER_SURE: f32 = 0.8;
/// Values vote for a game's letter table when at least this share of them follows it.
const VALUE_TABLE_SHARE: f32 = 0.85;
/// Tiles touch when fewer than this share of the boundaries between them show the ground.
const TOUCHING_GAPS: f32 = 0.25;
/// Tiles stand apart when more than this share of the boundaries show the ground.
const APART_GAPS: f32 = 0.6;
/// Letters are light on their tiles when more than this share of the tiles have light letters
/// ...
const LIGHT_LETTERS: f32 = 0.6;
/// ... and dark when fewer than this share.
const DARK_LETTERS: f32 = 0.4;
/// A tile fill lighter than this (luma, 0-255) is a light tile.
const LIGHT_TILE_LUMA: f32 = 150.0;
/// Letterpress's owned tiles come in at least this many fill colours ...
const OWNER_COLOURS: usize = 3;
/// ... and at least one tile in this many is vivid.
const VIVID_ONE_IN: usize = 5;

// Measuring the evidence in the image. Boxes in shares of a cell: (left, top, right, bottom).

/// A tile's fill is sampled on a ring inside its cell: in this box ...
const FILL_RING_OUTER: (f32, f32, f32, f32) = (0.1, 0.1, 0.9, 0.9);
/// ... and outside this range of the cell across and down (where the letter is), ...
const FILL_RING_INNER: std::ops::Range<f32> = 0.24..0.76;
/// ... on a grid of this many samples a side.
const FILL_SAMPLES: u32 = 24;
/// A tile's letter is sampled in this box (the middle of the cell) ...
const LETTER_BOX: (f32, f32, f32, f32) = (0.3, 0.3, 0.7, 0.7);
/// ... on a grid of this many samples a side; its dark and light ends leave out the most extreme
/// tenth of the samples.
const LETTER_SAMPLES: u32 = 20;
/// The seam between two tiles is sampled along the middle of their shared edge, from this share
/// of it ...
const SEAM_FROM: f32 = 0.3;
/// ... over this share of it ...
const SEAM_LENGTH: f32 = 0.4;
/// ... at this many places.
const SEAM_SAMPLES: u32 = 16;
/// A seam within this RGB distance of a tile's fill is that tile, not the ground between tiles.
const SEAM_IS_TILE: f32 = 40.0;
/// The ground around the board is sampled on a band from this share of a pitch out ...
const SURROUND_NEAR: f32 = 0.25;
/// ... to this share ...
const SURROUND_FAR: f32 = 0.75;
/// ... at this many samples a pitch (at least a pixel apart) ...
const SURROUND_SAMPLES_PER_PITCH: f32 = 12.0;
/// ... and only counts when at least this share of the band lies in the image (else the image
/// is a crop of the board alone).
const SURROUND_IN_IMAGE: f32 = 0.3;
/// Fills within this RGB distance of each other are one colour (when counting the tiles'
/// colours).
const SAME_COLOUR: f32 = 60.0;
/// Badges read at this confidence or more count as evidence.
const SURE_BADGE: f32 = 0.5;
/// The value table is judged on at least this many single-letter tiles with values.
const MIN_TABLE_PAIRS: usize = 4;

/// The game a screenshot shows, with the evidence that says so.
#[derive(Debug, Clone, PartialEq)]
pub struct GameGuess {
    /// The game whose rules to use (the neutral Boggle rules for the size when not certain).
    pub game: Game,
    /// The evidence, in a few words (`X-shaped holes, green ground`).
    pub reason: String,
    /// Whether the evidence is strong enough to take the game as shown; when false, `game` is
    /// the neutral Boggle-family game for the grid's size.
    pub certain: bool,
    /// Letterpress only: which tiles no player owns yet (true), told by their colour: an
    /// unowned tile has the board's ground colour, an owned one a player's colour. `None` for
    /// other games, or when the ground's colour is not known (a crop of the board alone).
    pub unowned: Option<Vec<bool>>,
}

impl GameGuess {
    /// The neutral guess for a grid of this size, when nothing about its look was measured.
    pub fn neutral(rows: usize, cols: usize, why: &str) -> GameGuess {
        GameGuess {
            game: neutral_game(rows, cols),
            reason: why.to_string(),
            certain: false,
            unowned: None,
        }
    }
}

impl fmt::Display for GameGuess {
    /// `wordhunt (X-shaped holes, green ground)`, or
    /// `boggle (weak evidence: ...; neutral rules)` when not certain.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.certain {
            write!(f, "{} ({})", self.game, self.reason)
        } else {
            write!(
                f,
                "{} (weak evidence: {}; neutral rules)",
                self.game, self.reason
            )
        }
    }
}

/// The Boggle-family game for a grid's size: Boggle for 4x4 and smaller, Big Boggle for 5x5,
/// Super Big Boggle for 6x6 and larger.
pub fn neutral_game(rows: usize, cols: usize) -> Game {
    match rows.max(cols) {
        0..=4 => Game::Boggle,
        5 => Game::Bigboggle,
        _ => Game::Superbigboggle,
    }
}

/// A corner of a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Corner {
    /// Top left.
    TopLeft,
    /// Top right.
    TopRight,
    /// Bottom left.
    BottomLeft,
    /// Bottom right.
    BottomRight,
}

impl Corner {
    /// The four corners.
    pub const ALL: [Corner; 4] = [
        Corner::TopLeft,
        Corner::TopRight,
        Corner::BottomLeft,
        Corner::BottomRight,
    ];

    /// The corner of `cell` that `mark` lies towards (by its centre).
    pub(crate) fn of(mark: PixelBox, cell: PixelBox) -> Corner {
        let (mx, my) = mark.centre();
        let (cx, cy) = cell.centre();
        match (mx < cx, my < cy) {
            (true, true) => Corner::TopLeft,
            (false, true) => Corner::TopRight,
            (true, false) => Corner::BottomLeft,
            (false, false) => Corner::BottomRight,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Corner::TopLeft => "top-left",
            Corner::TopRight => "top-right",
            Corner::BottomLeft => "bottom-left",
            Corner::BottomRight => "bottom-right",
        }
    }
}

/// The shapes of Word Hunt's boards with holes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoleShape {
    /// Holes in the middle of each edge (Word Hunt's X board).
    X,
    /// Holes in the corners and the centre (Word Hunt's O board).
    O,
    /// Holes in another pattern.
    Other,
}

// Naming colours (see [`Colour::name`]): value and saturation in 0..1, hues in degrees.

/// Darker than this value is `dark`.
const DARK_VALUE: f32 = 0.22;
/// Less saturated than this is `white` (lighter than [`WHITE_VALUE`]) or `grey`.
const GREY_SATURATION: f32 = 0.12;
/// See [`GREY_SATURATION`].
const WHITE_VALUE: f32 = 0.85;
/// Saturated at least this much (and at least [`VIVID_VALUE`] light), a colour is vivid; a
/// warm colour less saturated and lighter than [`CREAM_VALUE`] is `cream`.
const VIVID_SATURATION: f32 = 0.35;
/// See [`VIVID_SATURATION`].
const VIVID_VALUE: f32 = 0.3;
/// See [`VIVID_SATURATION`].
const CREAM_VALUE: f32 = 0.7;
/// A warm colour darker than this is `brown`.
const BROWN_VALUE: f32 = 0.6;
/// Warm hues are those below this one ...
const WARM_HUES_END: f32 = 45.0;
/// ... and from this one up, where red begins again.
const RED_HUES_FROM: f32 = 345.0;
/// Hue names, each for the hues below its bound (and above the previous one); `pink` above the
/// last, `red` again from [`RED_HUES_FROM`].
const HUE_NAMES: [(f32, &str); 7] = [
    (15.0, "red"),
    (WARM_HUES_END, "orange"),
    (70.0, "yellow"),
    (165.0, "green"),
    (195.0, "teal"),
    (255.0, "blue"),
    (290.0, "purple"),
];

/// A colour, with the few words the reasons use for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colour(pub [u8; 3]);

impl Colour {
    /// Hue in degrees (0..360), saturation and value (0..1).
    pub fn hsv(self) -> (f32, f32, f32) {
        let [r, g, b] = self.0.map(|c| c as f32 / 255.0);
        let max = r.max(g).max(b);
        let min = r.min(g).min(b);
        let d = max - min;
        let hue = if d == 0.0 {
            0.0
        } else if max == r {
            60.0 * ((g - b) / d).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / d + 2.0)
        } else {
            60.0 * ((r - g) / d + 4.0)
        };
        let sat = if max == 0.0 { 0.0 } else { d / max };
        (hue, sat, max)
    }

    /// Perceived lightness, 0..255.
    pub fn luma(self) -> f32 {
        let [r, g, b] = self.0.map(f32::from);
        0.299 * r + 0.587 * g + 0.114 * b
    }

    /// Distance to another colour (Euclidean in RGB, 0..442).
    pub fn distance(self, other: Colour) -> f32 {
        self.0
            .iter()
            .zip(other.0)
            .map(|(&a, b)| (a as f32 - b as f32).powi(2))
            .sum::<f32>()
            .sqrt()
    }

    /// The colour's name in a reason: `white`, `grey`, `dark`, `cream`, `brown` or a hue (see
    /// `HUE_NAMES`).
    pub fn name(self) -> &'static str {
        let (h, s, v) = self.hsv();
        if v < DARK_VALUE {
            return "dark";
        }
        if s < GREY_SATURATION {
            return if v > WHITE_VALUE { "white" } else { "grey" };
        }
        let warm = !(WARM_HUES_END..RED_HUES_FROM).contains(&h);
        if s < VIVID_SATURATION && v > CREAM_VALUE && warm {
            return "cream";
        }
        if warm && v < BROWN_VALUE {
            return "brown";
        }
        if h >= RED_HUES_FROM {
            return "red";
        }
        HUE_NAMES
            .iter()
            .find(|(below, _)| h < *below)
            .map_or("pink", |(_, name)| name)
    }

    /// Whether the colour is clearly a colour (not white, grey, black or pale cream).
    pub fn is_vivid(self) -> bool {
        let (_, s, v) = self.hsv();
        s >= VIVID_SATURATION && v >= VIVID_VALUE
    }
}

/// What a screenshot shows that tells games apart, measured on the reading and the image.
#[derive(Debug, Clone, PartialEq)]
pub struct Evidence {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// The shape of the holes, when the board has some.
    pub holes: Option<HoleShape>,
    /// Tiles with letters (not holes).
    pub tiles: usize,
    /// Wordament's special tiles read surely (at [`SURE_SPECIAL_TILE`] or more): digrams other
    /// than QU, either/or, prefix-only, suffix-only.
    pub special_tiles: usize,
    /// Tiles that show a printed value: every tile of a board the reader found values on
    /// (a value too small, blurred or under a banner to be read is still printed there).
    pub values: usize,
    /// The corner most values sit in, and the share of values there.
    pub value_corner: Option<(Corner, f32)>,
    /// The games whose letter table the printed values follow best (several when their tables
    /// agree on the letters of this board), and the share of values they match.
    pub value_table: Option<(Vec<Game>, f32)>,
    /// The labels of the bonus badges read with some confidence (`DL`, `2X`...), sorted.
    pub badges: Vec<String>,
    /// The typical fill colour of the tiles.
    pub tile_fill: Colour,
    /// Tiles whose fill is clearly a colour (not white, grey, cream or black).
    pub vivid_tiles: usize,
    /// How many clearly different fill colours the tiles have.
    pub fill_kinds: usize,
    /// The share of tiles whose letters are lighter than their fill.
    pub light_letters: f32,
    /// The share of boundaries between neighbouring tiles where the ground shows between them
    /// (0 when the tiles touch, as Letterpress's do).
    pub gaps: f32,
    /// The colour around the grid (between the tiles when the image is a crop of the board).
    pub ground: Option<Colour>,
    /// Each cell's fill colour, row-major (`None` for holes).
    pub fills: Vec<Option<Colour>>,
}

/// Measures the evidence of a reading in its image.
pub fn measure(image: &DynamicImage, reading: &BoardReading) -> Evidence {
    // Screenshots mostly decode to 8-bit RGB: read those in place rather than copy them.
    let rgb = match image.as_rgb8() {
        Some(rgb) => std::borrow::Cow::Borrowed(rgb),
        None => std::borrow::Cow::Owned(image.to_rgb8()),
    };
    let board = &reading.board;
    let (rows, cols) = (board.rows, board.cols);
    let notation: Vec<&str> = board.tiles.iter().flatten().map(String::as_str).collect();
    let is_tile: Vec<bool> = notation.iter().map(|t| *t != ".").collect();
    let tiles = is_tile.iter().filter(|&&t| t).count();
    let fills: Vec<Option<Colour>> = (0..notation.len())
        .map(|i| (is_tile[i] && i < reading.cells.len()).then(|| tile_fill(&rgb, reading.cells[i])))
        .collect();
    let present: Vec<Colour> = fills.iter().flatten().copied().collect();
    let tile_fill = median_colour(&present).unwrap_or(Colour([128, 128, 128]));
    let light = (0..notation.len())
        .filter_map(|i| {
            fills[i].map(|f| letter_is_light(&rgb, reading.cells[i], f) as usize as f32)
        })
        .sum::<f32>();
    let (gaps, gap_colour) = gaps(&rgb, reading, &fills);
    let ground = surround(&rgb, reading, SURROUND_IN_IMAGE).or(gap_colour);
    Evidence {
        rows,
        cols,
        holes: hole_shape(rows, cols, &is_tile),
        tiles,
        special_tiles: special_tiles(reading),
        values: count_values(reading),
        value_corner: majority_corner(reading, &reading.value_boxes, |i| shows_value(reading, i)),
        value_table: value_tables(reading),
        badges: badge_labels(reading),
        tile_fill,
        vivid_tiles: present.iter().filter(|c| c.is_vivid()).count(),
        fill_kinds: colour_kinds(&present),
        light_letters: if present.is_empty() {
            0.0
        } else {
            light / present.len() as f32
        },
        gaps,
        ground,
        fills,
    }
}

/// Recognises the game of a reading in its image.
pub fn recognise(image: &DynamicImage, reading: &BoardReading) -> GameGuess {
    let evidence = measure(image, reading);
    let mut guess = decide(&evidence);
    if guess.game == Game::Letterpress {
        guess.unowned = unowned_tiles(&evidence);
    }
    guess
}

/// How close (in RGB distance) a Letterpress tile's fill must be to the ground's colour to count
/// as unowned. The games' unowned tiles alternate two shades within about 20 of the ground;
/// the players' colours lie 60 or more away from it in every theme of the real screenshots.
pub const UNOWNED_DISTANCE: f32 = 40.0;

/// Letterpress: the tiles whose fill has the ground's colour (see [`UNOWNED_DISTANCE`]).
pub fn unowned_tiles(e: &Evidence) -> Option<Vec<bool>> {
    let ground = e.ground?;
    Some(
        e.fills
            .iter()
            .map(|f| f.is_some_and(|f| f.distance(ground) <= UNOWNED_DISTANCE))
            .collect(),
    )
}

/// A vote: a weight for a game, and the evidence it stands for.
type Vote = (Game, f32, String);

/// The games a screenshot may show (the neutral Boggle family is the fallback, not a candidate).
const CANDIDATES: [Game; 7] = [
    Game::Wordament,
    Game::Ruzzle,
    Game::Wordhunt,
    Game::Scramble,
    Game::Bwf,
    Game::Spellcast,
    Game::Letterpress,
];

/// The games that print letter values on their tiles.
pub(crate) const VALUED: [Game; 5] = [
    Game::Wordament,
    Game::Ruzzle,
    Game::Scramble,
    Game::Bwf,
    Game::Spellcast,
];

/// Every vote the evidence casts. Weights: `ONLY_ONE_GAME` (5) for evidence only one game shows
/// (holes, special tiles, the 2X badge), `STRONG` (3) for where values sit and for tiles that
/// touch, `CLEAR` (2) for the value table and the ground's colour, `SHARED` (1) for what several
/// games share (size, having values or not); negative weights (`RULED_OUT` and less) for
/// evidence a game never shows.
pub fn votes(e: &Evidence) -> Vec<Vote> {
    let mut v: Vec<Vote> = Vec::new();
    let mut vote = |games: &[Game], weight: f32, why: String| {
        for &g in games {
            v.push((g, weight, why.clone()));
        }
    };
    // Holes: only Word Hunt shapes its board.
    if let Some(shape) = e.holes {
        let why = match shape {
            HoleShape::X => "X-shaped holes".to_string(),
            HoleShape::O => "O-shaped holes".to_string(),
            HoleShape::Other => "holes in the grid".to_string(),
        };
        vote(&[Game::Wordhunt], ONLY_ONE_GAME, why);
    }
    if e.special_tiles > 0 {
        vote(
            &[Game::Wordament],
            ONLY_ONE_GAME,
            format!(
                "{} special tile{}",
                e.special_tiles,
                plural(e.special_tiles)
            ),
        );
    }
    badge_votes(e, &mut vote);
    value_votes(e, &mut vote);
    look_votes(e, &mut vote);
    // Last: among votes of one weight, the first cast is named first, and the size tells least.
    size_votes(e, &mut vote);
    v
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn badge_votes(e: &Evidence, vote: &mut impl FnMut(&[Game], f32, String)) {
    if e.badges.is_empty() {
        return;
    }
    let list = e.badges.join("/");
    if e.badges.iter().any(|b| b == "2X") {
        vote(&[Game::Spellcast], ONLY_ONE_GAME, "2X badge".into());
    }
    let word_badges = e.badges.iter().any(|b| b == "DW" || b == "TW");
    let letter_badges = e.badges.iter().any(|b| b == "DL" || b == "TL");
    if word_badges || letter_badges {
        vote(
            &[Game::Ruzzle, Game::Scramble, Game::Bwf],
            SHARED,
            format!("{list} badges"),
        );
    }
    if letter_badges && !word_badges {
        vote(&[Game::Spellcast], SHARED, format!("{list} badges"));
    }
    if word_badges {
        vote(&[Game::Spellcast], -CLEAR, String::new());
    }
    // Wordament, Word Hunt and Letterpress have no badges.
    vote(
        &[Game::Wordament, Game::Wordhunt, Game::Letterpress],
        -SHARED,
        String::new(),
    );
}

fn value_votes(e: &Evidence, vote: &mut impl FnMut(&[Game], f32, String)) {
    let valued = e.tiles > 0 && e.values * 2 > e.tiles;
    if !valued {
        vote(
            &[Game::Wordhunt, Game::Letterpress],
            SHARED,
            "no printed values".into(),
        );
        vote(&VALUED, RULED_OUT, String::new());
        return;
    }
    vote(&VALUED, SHARED, String::new());
    vote(
        &[Game::Wordhunt, Game::Letterpress],
        RULED_OUT,
        String::new(),
    );
    if let Some((corner, share)) = e.value_corner.filter(|(_, s)| *s >= VALUE_CORNER_SHARE) {
        let why = format!("values in the {} corner", corner.name());
        let weight = if share >= VALUE_CORNER_SURE {
            STRONG
        } else {
            CLEAR
        };
        match corner {
            Corner::TopLeft => vote(&[Game::Wordament], weight, why),
            // Scramble's values sit there too, but it is the rarer game: it needs its own
            // marks (its letter table, its purple ground) to win over Ruzzle.
            Corner::TopRight => {
                vote(&[Game::Ruzzle], weight, why.clone());
                vote(&[Game::Scramble], weight - SHARED, why);
            }
            Corner::BottomRight => vote(&[Game::Bwf, Game::Spellcast], weight, why),
            Corner::BottomLeft => {}
        }
    }
    if let Some((games, share)) = e
        .value_table
        .as_ref()
        .filter(|(_, s)| *s >= VALUE_TABLE_SHARE)
    {
        for &game in games {
            vote(
                &[game],
                CLEAR,
                format!("values follow {game}'s table ({:.0}%)", share * 100.0),
            );
        }
    }
}

/// Votes for the games whose boards have the grid's size (Word Hunt plays 4x4 and 5x5 boards,
/// with or without holes; see `scoring.md` in the shared rules), against those that never do.
fn size_votes(e: &Evidence, vote: &mut impl FnMut(&[Game], f32, String)) {
    let size = format!("{}x{} grid", e.rows, e.cols);
    match (e.rows, e.cols) {
        (4, 4) => {
            vote(
                &[
                    Game::Ruzzle,
                    Game::Wordament,
                    Game::Scramble,
                    Game::Bwf,
                    Game::Wordhunt,
                ],
                SHARED,
                size,
            );
            vote(
                &[Game::Spellcast, Game::Letterpress],
                RULED_OUT,
                String::new(),
            );
        }
        (5, 5) => {
            vote(
                &[Game::Spellcast, Game::Letterpress, Game::Wordhunt],
                SHARED,
                size,
            );
            vote(
                &[Game::Ruzzle, Game::Wordament, Game::Scramble],
                RULED_OUT,
                String::new(),
            );
        }
        _ => vote(&CANDIDATES, RULED_OUT, String::new()),
    }
}

fn look_votes(e: &Evidence, vote: &mut impl FnMut(&[Game], f32, String)) {
    let valued = e.tiles > 0 && e.values * 2 > e.tiles;
    if e.gaps < TOUCHING_GAPS && e.tiles > 0 {
        vote(&[Game::Letterpress], STRONG, "tiles touch".into());
    } else if e.gaps > APART_GAPS {
        vote(&[Game::Letterpress], -SHARED, String::new());
    }
    // Word Hunt's rounded tiles always stand apart on its ground: 0.875 to 1.0 of the seams show
    // it on every real screenshot and probe of Word Hunt (122), at most 0.43 on Letterpress's
    // (1,393), whose tiles touch even blurred or sharpened. Tiles not apart are clear evidence
    // against Word Hunt.
    if e.gaps <= APART_GAPS && e.tiles > 0 {
        vote(&[Game::Wordhunt], -CLEAR, String::new());
    }
    // Letterpress colours owned tiles in the players' colours.
    if !valued && e.fill_kinds >= OWNER_COLOURS && e.vivid_tiles * VIVID_ONE_IN >= e.tiles {
        vote(
            &[Game::Letterpress],
            CLEAR,
            format!("tiles in {} colours", e.fill_kinds),
        );
    }
    let fill = e.tile_fill.name();
    if e.light_letters > LIGHT_LETTERS && e.tile_fill.is_vivid() {
        vote(
            &[Game::Wordament],
            SHARED,
            format!("light letters on {fill} tiles"),
        );
    }
    // Of the games without printed values, only Word Hunt draws light tiles with dark letters
    // apart from each other on a screen (Letterpress's touch; Boggle's are dice in a photo).
    if !valued
        && e.gaps > APART_GAPS
        && e.light_letters < DARK_LETTERS
        && e.tile_fill.luma() > LIGHT_TILE_LUMA
    {
        vote(
            &[Game::Wordhunt],
            SHARED,
            "dark letters on light tiles".into(),
        );
    }
    let Some(ground) = e.ground else { return };
    let name = ground.name();
    let on = format!("{fill} tiles on {name}");
    match name {
        "green" | "teal" => vote(&[Game::Wordhunt], CLEAR, on),
        "purple" => vote(&[Game::Scramble], CLEAR, on),
        "blue" => vote(&[Game::Ruzzle, Game::Wordament], SHARED, on),
        "brown" | "orange" | "red" => vote(&[Game::Bwf, Game::Wordhunt], SHARED, on),
        "dark" => vote(&[Game::Spellcast], SHARED, on),
        _ => {}
    }
}

/// Decides the game from the evidence: the candidate with the most votes, when it has at least
/// [`CERTAIN_VOTES`], leads by [`CERTAIN_MARGIN`] and one of its votes weighs at least
/// [`CERTAIN_STRONGEST`]; else the neutral game for the size.
pub fn decide(e: &Evidence) -> GameGuess {
    let votes = votes(e);
    let total = |g: Game| -> f32 {
        votes
            .iter()
            .filter(|(game, _, _)| *game == g)
            .map(|(_, w, _)| w)
            .sum()
    };
    let mut ranked: Vec<(Game, f32)> = CANDIDATES.iter().map(|&g| (g, total(g))).collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (best, score) = ranked[0];
    let runner_up = ranked[1].1;
    let reasons = |g: Game| -> Vec<String> {
        let mut out: Vec<(f32, String)> = votes
            .iter()
            .filter(|(game, w, why)| *game == g && *w > 0.0 && !why.is_empty())
            .map(|(_, w, why)| (*w, why.clone()))
            .collect();
        out.sort_by(|a, b| b.0.total_cmp(&a.0));
        out.into_iter().map(|(_, why)| why).take(3).collect()
    };
    let strongest = votes
        .iter()
        .filter(|(game, _, _)| *game == best)
        .map(|(_, w, _)| *w)
        .fold(f32::NEG_INFINITY, f32::max);
    if score >= CERTAIN_VOTES
        && score - runner_up >= CERTAIN_MARGIN
        && strongest >= CERTAIN_STRONGEST
    {
        return GameGuess {
            game: best,
            reason: reasons(best).join(", "),
            certain: true,
            unowned: None,
        };
    }
    let mut why = vec![format!("{}x{} grid", e.rows, e.cols)];
    if score > 0.0 {
        let mut lean = format!("closest {best}");
        let r = reasons(best);
        if !r.is_empty() {
            lean.push_str(&format!(" ({})", r.join(", ")));
        }
        if score - runner_up < CERTAIN_MARGIN {
            lean.push_str(&format!(" or {}", ranked[1].0));
        }
        why.push(lean);
    } else {
        why.push("no game's marks".into());
    }
    GameGuess {
        game: neutral_game(e.rows, e.cols),
        reason: why.join(", "),
        certain: false,
        unowned: None,
    }
}

/// The game a screenshot's file name names by its first words (`ruzzle_android.png`,
/// `boggle_with_friends_round3.png`, `word_hunt_crop.jpg`), as the real screenshots are named;
/// `None` when it names none. `eval` checks the recognised game against it.
pub fn game_in_file_name(name: &str) -> Option<Game> {
    let name = name.to_ascii_lowercase().replace(['-', ' '], "_");
    const PREFIXES: [(&str, Game); 14] = [
        ("boggle_with_friends", Game::Bwf),
        ("bwf", Game::Bwf),
        ("spellcast", Game::Spellcast),
        ("letterpress", Game::Letterpress),
        ("wordament", Game::Wordament),
        ("word_hunt", Game::Wordhunt),
        ("wordhunt", Game::Wordhunt),
        ("ruzzle", Game::Ruzzle),
        ("word_streak", Game::Scramble),
        ("streak", Game::Scramble),
        ("scramble", Game::Scramble),
        ("superbigboggle", Game::Superbigboggle),
        ("bigboggle", Game::Bigboggle),
        ("boggle", Game::Boggle),
    ];
    PREFIXES
        .iter()
        .find(|(prefix, _)| {
            name.strip_prefix(prefix)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['_', '.']))
        })
        .map(|&(_, game)| game)
}

/// The multi-letter tiles a game prints on a board `side` tiles across (its longer side), for
/// the games known to print no others: Letterpress prints one letter per tile, Boggle's and
/// Boggle With Friends' `Q` reads `Qu`, and Big Boggle's dice have the faces `An`, `Er`, `He`,
/// `In`, `Qu` and `Th` (../shared/scoring.md). SpellCast prints one letter per tile (its `Q`
/// tile in ../shared/real-screens reads `Q`), and so does Word Hunt on its 4x4 boards (every
/// tile of the real screenshots here); `Qu` is let through there, as no source here says they
/// never print one. A larger board taken for Word Hunt may be Big Boggle's (both are 5x5, of
/// light tiles without values), whose dice print two letters: its set is not known. `None` for
/// games with other tiles (Wordament's, see [`never_prints`]) or whose set is not known here.
fn multi_letter_tiles(game: Game, side: usize) -> Option<&'static [&'static str]> {
    match game {
        Game::Letterpress => Some(&[]),
        Game::Spellcast => Some(&["QU"]),
        Game::Wordhunt if side == 4 => Some(&["QU"]),
        Game::Boggle | Game::Bwf => Some(&["QU"]),
        Game::Bigboggle | Game::Superbigboggle => Some(&["AN", "ER", "HE", "IN", "QU", "TH"]),
        _ => None,
    }
}

/// Wordament's tiles of plain letters hold at most this many: a digram (`QU`, `TH`); its longer
/// tiles are prefixes (`OVER-`), suffixes (`-ING`) or either/or pairs (`A/E`), which print
/// their mark (../shared/scoring.md).
const WORDAMENT_DIGRAM_LETTERS: usize = 2;

/// Whether `game` never prints `tile` (as the reader writes it, upper case) on a board `side`
/// tiles across: a tile of more than one letter outside its set (see [`multi_letter_tiles`]),
/// or on Wordament a tile of more than [`WORDAMENT_DIGRAM_LETTERS`] plain letters (a prefix
/// whose hyphen was lost to a downscaled capture reads `OVER`).
fn never_prints(game: Game, side: usize, tile: &str) -> bool {
    let letters = tile.chars().count();
    match game {
        Game::Wordament => {
            letters > WORDAMENT_DIGRAM_LETTERS && tile.chars().all(char::is_alphabetic)
        }
        _ => multi_letter_tiles(game, side)
            .is_some_and(|allowed| letters > 1 && !allowed.contains(&tile.to_uppercase().as_str())),
    }
}

/// The most confidence a tile the recognised game never prints keeps: below the doubt
/// threshold, so the tile is solved as its likely readings and listed as doubtful.
const FOREIGN_TILE_CONFIDENCE: f32 = 0.5;

/// Deals with the tiles that the game, once recognised surely, never prints (see
/// [`never_prints`]): a `W` whose top a banner hides reads as `VV`, surely, on a Letterpress
/// board; an `A` a swipe trail crosses reads `AA` on a Word Hunt board.
///
/// On every game but Wordament, a tile's other readings the game never prints are left out
/// (they are no tile of it), and a tile read as one becomes the likeliest of its other readings
/// (the likeliest tile the board can hold there), as sure as the model read that one and at
/// most [`FOREIGN_TILE_CONFIDENCE`]; with no other reading, it stays as read, at most
/// [`FOREIGN_TILE_CONFIDENCE`] sure. On Wordament, such a tile stays as read, at most that sure,
/// and the prefix and the suffix its letters make (`OVER-`, `-OVER`) become its likely readings
/// too, sharing what the reading lost. Run after the game is recognised.
pub(crate) fn doubt_foreign_tiles(reading: &mut BoardReading) {
    if !reading.game.certain {
        return;
    }
    let game = reading.game.game;
    let side = reading.board.rows.max(reading.board.cols);
    let foreign = |tile: &str| never_prints(game, side, &tile.to_uppercase());
    let cells = reading.board.tiles.iter_mut().flatten();
    let confidences = reading.confidence.iter_mut().flatten();
    let alternatives = reading.alternatives.iter_mut().flatten();
    for ((tile, confidence), others) in cells.zip(confidences).zip(alternatives) {
        if game != Game::Wordament {
            others.retain(|(t, _)| !t.is_empty() && !foreign(t));
        }
        if !foreign(tile) {
            continue;
        }
        let lost = (*confidence - FOREIGN_TILE_CONFIDENCE).max(0.0);
        *confidence = confidence.min(FOREIGN_TILE_CONFIDENCE);
        if game == Game::Wordament {
            for affix in [format!("{tile}-"), format!("-{tile}")] {
                others.retain(|(t, _)| *t != affix);
                others.push((affix, lost / 2.0));
            }
            others.sort_by(|a, b| b.1.total_cmp(&a.1));
            continue;
        }
        others.sort_by(|a, b| b.1.total_cmp(&a.1));
        if !others.is_empty() {
            let (printed, p) = others.remove(0);
            *tile = printed;
            *confidence = p.min(FOREIGN_TILE_CONFIDENCE);
        }
    }
}

/// The games whose boards carry bonus badges (`DL`, `TL`, `DW`, `TW`, `2X`).
const BADGED: [Game; 4] = [Game::Ruzzle, Game::Scramble, Game::Bwf, Game::Spellcast];

/// The games that draw nothing but their badges in a tile's corner besides its value (SpellCast
/// draws gems there too).
const ONLY_BADGES_IN_CORNERS: [Game; 3] = [Game::Ruzzle, Game::Scramble, Game::Bwf];

/// A board where no badge was read but at least this many tiles show a badge's mark too small
/// to read (see [`BoardReading::unread_badge_marks`]) shows badges that cannot be read (see
/// [`doubt_unseen_badges`]).
const UNREAD_BADGES: usize = 2;

/// On a board of a game that carries badges (see [`BADGED`]), recognised surely, where no badge
/// was read, lists every tile's badge as unreadable (with nothing it may be) when either none was
/// listed either while the values could not be read on at least half of the tiles, or, on a
/// game that draws nothing else in a tile's corner (see [`ONLY_BADGES_IN_CORNERS`]), at least
/// [`UNREAD_BADGES`] tiles show a badge's mark too small or blurred to read (see
/// [`BoardReading::unread_badge_marks`]): the corner marks cannot be read, so that no badge was
/// read tells nothing, and the tiles' badges must not be passed over as if there were none.
/// Measured over every set and probe: a Ruzzle board with its tiles 34 px apart read every value
/// unreadable and 7 of its 7 badges not at all; another, its values read on 9 tiles, showed 4 of
/// its 6 badges as marks too small to read and missed 2 under its swipe; a Word Streak board
/// read every value and showed 2 of its 4 badges so. Run after the unread values are listed
/// (see [`super::table::doubt_unseen_values`]).
pub(crate) fn doubt_unseen_badges(reading: &mut BoardReading) {
    if !reading.game.certain || !BADGED.contains(&reading.game.game) {
        return;
    }
    let any_badge = reading
        .board
        .bonuses
        .iter()
        .flatten()
        .flatten()
        .any(|b| !b.is_empty());
    let badge_listed = reading
        .mark_doubts
        .iter()
        .any(|d| d.kind == MarkKind::Badge);
    let badges_seen = reading.unread_badge_marks.len() >= UNREAD_BADGES
        && ONLY_BADGES_IN_CORNERS.contains(&reading.game.game);
    if any_badge || (badge_listed && !badges_seen) {
        return;
    }
    let tiles: Vec<(usize, usize)> = reading
        .board
        .tiles
        .iter()
        .enumerate()
        .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, t)| (r, c, t)))
        .filter(|(_, _, t)| *t != ".")
        .map(|(r, c, _)| (r, c))
        .collect();
    let unread_values = tiles
        .iter()
        .filter(|&&at| reading.lists_unreadable(at, MarkKind::Value))
        .count();
    if (unread_values * 2 < tiles.len() && !badges_seen) || tiles.is_empty() {
        return;
    }
    for at in tiles {
        super::notation::list_unreadable_badge(&mut reading.mark_doubts, at, Vec::new());
    }
}

/// On a board of a game that carries badges (see [`BADGED`]), recognised surely, lists as
/// unreadable (with nothing it may be) the badge of each tile whose letter was read under
/// [`super::doubt::DOUBT_BELOW`], no badge read or listed there. What hides or spoils a tile's
/// letter (a system alert over the board, a swipe's trail, the image's edge) may hide its badge
/// as well, and that none was read tells nothing: a Boggle With Friends `DL` under an alert, and
/// a `DW` whose tile's value showed below it, were passed over as if the tiles had none. Such a
/// tile is in doubt already, so the needless listings cost little: over every probe, badges
/// missed in silence 24 -> 8, listed where the tile shows none 296 -> 420, on real screenshots
/// none either way.
pub(crate) fn doubt_badges_of_unsure_tiles(reading: &mut BoardReading) {
    if !reading.game.certain || !BADGED.contains(&reading.game.game) {
        return;
    }
    let cols = reading.board.cols;
    let unread: Vec<(usize, usize)> = (0..reading.board.rows * cols)
        .map(|i| (i / cols, i % cols))
        .filter(|&(r, c)| {
            let badge_read = reading
                .board
                .bonuses
                .as_ref()
                .is_some_and(|b| !b[r][c].is_empty());
            reading.board.tiles[r][c] != "."
                && reading.confidence[r][c] < super::doubt::DOUBT_BELOW
                && !badge_read
                && !reading.lists_unreadable((r, c), MarkKind::Badge)
        })
        .collect();
    for at in unread {
        super::notation::list_unreadable_badge(&mut reading.mark_doubts, at, Vec::new());
    }
}

/// A cell read as a hole whose fill lies farther than this (RGB levels) from the ground around
/// the board ...
const HOLE_OFF_GROUND: f32 = 60.0;
/// The ground is sampled as for the game's evidence (see [`SURROUND_IN_IMAGE`]), but one side
/// of the band in the image is enough: a board as wide as the screen has ground above it only.
const HOLE_GROUND_IN_IMAGE: f32 = 0.15;

/// Makes unreadable (a tile whose letter was not found: `""` at 0, solved as a wildcard) every
/// cell read as a hole that shows a tile rather than the ground: a hole in a shaped board shows
/// the ground around the board, and a cell whose fill is far from the ground's (see
/// [`HOLE_OFF_GROUND`]), like one of the board's tiles' (within
/// [`grid::TILE_FILL_DISTANCE`](super::grid::TILE_FILL_DISTANCE)) and nearer it than the ground
/// is a tile whose print was too faint to find (dark letters on a dimmed dark tile). A cell like
/// no tile stays a hole: the board's own ground between its tiles (the grid took it for a hole
/// by that colour), which may be far from the page around the board (a brown board in an orange
/// frame on a black desktop). Nothing changes when the ground is not known (a crop of the board
/// alone). Run before the game is recognised: holes vote for Word Hunt.
pub(crate) fn unhole_tiles(image: &DynamicImage, reading: &mut BoardReading) {
    let holes: Vec<usize> = (0..reading.cells.len())
        .filter(|&i| reading.board.tiles[i / reading.board.cols][i % reading.board.cols] == ".")
        .collect();
    if holes.is_empty() {
        return;
    }
    let rgb = match image.as_rgb8() {
        Some(rgb) => std::borrow::Cow::Borrowed(rgb),
        None => std::borrow::Cow::Owned(image.to_rgb8()),
    };
    let Some(ground) = surround(&rgb, reading, HOLE_GROUND_IN_IMAGE) else {
        return;
    };
    let cols = reading.board.cols;
    let tiles: Vec<Colour> = (0..reading.cells.len())
        .filter(|i| !holes.contains(i) && !reading.board.tiles[i / cols][i % cols].is_empty())
        .map(|i| tile_fill(&rgb, reading.cells[i]))
        .collect();
    for i in holes {
        let fill = tile_fill(&rgb, reading.cells[i]);
        let to_ground = fill.distance(ground);
        let to_tiles = tiles
            .iter()
            .map(|t| fill.distance(*t))
            .fold(f32::INFINITY, f32::min);
        if to_ground > HOLE_OFF_GROUND
            && to_tiles <= super::grid::TILE_FILL_DISTANCE
            && to_tiles < to_ground
        {
            let (r, c) = (i / cols, i % cols);
            reading.board.tiles[r][c] = String::new();
            reading.confidence[r][c] = 0.0;
        }
    }
}

/// The confidence a special tile must be read with to count: one special tile decides for
/// Wordament, so a doubtful reading (a touch mark taken for a hyphen) must not.
pub const SURE_SPECIAL_TILE: f32 = 0.9;

/// The special tiles read at [`SURE_SPECIAL_TILE`] or more.
fn special_tiles(reading: &BoardReading) -> usize {
    reading
        .board
        .tiles
        .iter()
        .flatten()
        .zip(reading.confidence.iter().flatten())
        .filter(|(t, c)| is_special(t) && **c >= SURE_SPECIAL_TILE)
        .count()
}

/// Wordament's special tiles: more than one letter (except QU, which Boggle dice have too),
/// either/or, prefix- or suffix-only.
fn is_special(notation: &str) -> bool {
    let letters = notation.chars().filter(|c| c.is_alphabetic()).count();
    notation.contains(['/', '-']) || (letters > 1 && !notation.eq_ignore_ascii_case("QU"))
}

/// The printed value of the cell with row-major index `i`.
fn value_at(reading: &BoardReading, i: usize) -> Option<u32> {
    let cols = reading.board.cols.max(1);
    reading
        .board
        .values
        .as_ref()
        .and_then(|v| v.get(i / cols)?.get(i % cols).copied().flatten())
}

/// Whether the tile at index `i` (row-major) shows a value: the games that print values print
/// one on every tile, so every tile of a board the reader found values on does, read or not.
fn shows_value(reading: &BoardReading, i: usize) -> bool {
    let cols = reading.board.cols.max(1);
    let tile = reading
        .board
        .tiles
        .get(i / cols)
        .and_then(|row| row.get(i % cols));
    reading.board.values.is_some() && tile.is_some_and(|t| t != ".")
}

fn count_values(reading: &BoardReading) -> usize {
    (0..reading.board.rows * reading.board.cols)
        .filter(|&i| shows_value(reading, i))
        .count()
}

/// The corner most marks of a kind sit in, and their share.
fn majority_corner(
    reading: &BoardReading,
    boxes: &[Option<PixelBox>],
    counts: impl Fn(usize) -> bool,
) -> Option<(Corner, f32)> {
    let corners: Vec<Corner> = boxes
        .iter()
        .enumerate()
        .filter(|&(i, b)| b.is_some() && counts(i) && i < reading.cells.len())
        .map(|(i, b)| Corner::of(b.expect("filtered"), reading.cells[i]))
        .collect();
    let (corner, n) = Corner::ALL
        .iter()
        .map(|&c| (c, corners.iter().filter(|&&k| k == c).count()))
        .max_by_key(|&(_, n)| n)?;
    (n > 0).then(|| (corner, n as f32 / corners.len() as f32))
}

/// The games whose letter table the printed values of single-letter tiles follow best (several
/// when their tables agree on these letters), and the share of values they match.
fn value_tables(reading: &BoardReading) -> Option<(Vec<Game>, f32)> {
    let cols = reading.board.cols.max(1);
    let pairs: Vec<(char, u32)> = (0..reading.board.rows * reading.board.cols)
        .filter_map(|i| {
            let tile = reading.board.tiles.get(i / cols)?.get(i % cols)?;
            let mut chars = tile.chars();
            let letter = chars.next().filter(|c| c.is_ascii_alphabetic())?;
            chars.next().is_none().then_some(())?;
            Some((letter, value_at(reading, i)?))
        })
        .collect();
    if pairs.len() < MIN_TABLE_PAIRS {
        return None;
    }
    let shares: Vec<(Game, f32)> = VALUED
        .iter()
        .map(|&g| {
            let rules = Rules::new(g);
            let hits = pairs
                .iter()
                .filter(|&&(c, v)| rules.letter_value(c) == v)
                .count();
            (g, hits as f32 / pairs.len() as f32)
        })
        .collect();
    let best = shares.iter().map(|s| s.1).fold(0.0, f32::max);
    let games = shares.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
    Some((games, best))
}

/// The labels of the badges read at [`SURE_BADGE`] or more, sorted, each once.
fn badge_labels(reading: &BoardReading) -> Vec<String> {
    let Some(bonuses) = &reading.board.bonuses else {
        return vec![];
    };
    let mut labels: Vec<String> = bonuses
        .iter()
        .flatten()
        .zip(reading.bonus_confidence.iter().flatten())
        .filter(|(b, c)| !b.is_empty() && **c >= SURE_BADGE)
        .map(|(b, _)| b.to_ascii_uppercase())
        .collect();
    labels.sort();
    labels.dedup();
    labels
}

/// The shape of a board's holes, when it has some (and is not mostly holes).
fn hole_shape(rows: usize, cols: usize, is_tile: &[bool]) -> Option<HoleShape> {
    let holes: Vec<(usize, usize)> = (0..is_tile.len())
        .filter(|&i| !is_tile[i])
        .map(|i| (i / cols, i % cols))
        .collect();
    if holes.is_empty() || holes.len() * 3 > is_tile.len() {
        return None;
    }
    let (lr, lc) = (rows - 1, cols - 1);
    let (mr, mc) = (rows / 2, cols / 2);
    let odd = rows % 2 == 1 && cols % 2 == 1;
    let x = [(0, mc), (mr, 0), (mr, lc), (lr, mc)];
    let o = [(0, 0), (0, lc), (lr, 0), (lr, lc), (mr, mc)];
    let same =
        |set: &[(usize, usize)]| holes.len() == set.len() && set.iter().all(|p| holes.contains(p));
    Some(if odd && same(&x) {
        HoleShape::X
    } else if odd && same(&o) {
        HoleShape::O
    } else {
        HoleShape::Other
    })
}

/// Samples of the pixels of `rect` (left, top, right, bottom in fractions of `cell`), about
/// `n` x `n` of them, clipped to the image.
fn sample(
    rgb: &RgbImage,
    cell: PixelBox,
    rect: (f32, f32, f32, f32),
    n: u32,
    keep: impl Fn(f32, f32) -> bool,
) -> Vec<Colour> {
    let (l, t) = (cell.left, cell.top);
    let (w, h) = (cell.width() as f32, cell.height() as f32);
    let mut out = Vec::new();
    for j in 0..n {
        for i in 0..n {
            let fx = rect.0 + (rect.2 - rect.0) * (i as f32 + 0.5) / n as f32;
            let fy = rect.1 + (rect.3 - rect.1) * (j as f32 + 0.5) / n as f32;
            if !keep(fx, fy) {
                continue;
            }
            let (x, y) = (l as f32 + fx * w, t as f32 + fy * h);
            if x >= 0.0 && y >= 0.0 && (x as u32) < rgb.width() && (y as u32) < rgb.height() {
                out.push(Colour(rgb.get_pixel(x as u32, y as u32).0));
            }
        }
    }
    out
}

/// The per-channel median of some colours; `None` when there are none.
pub(crate) fn median_colour(colours: &[Colour]) -> Option<Colour> {
    if colours.is_empty() {
        return None;
    }
    let channel = |k: usize| {
        let mut v: Vec<u8> = colours.iter().map(|c| c.0[k]).collect();
        v.sort_unstable();
        v[v.len() / 2]
    };
    Some(Colour([channel(0), channel(1), channel(2)]))
}

/// The fill of a tile: the median colour of a ring inside its cell, between the cell's edge
/// (where the ground between tiles shows) and its middle (where the letter is).
fn tile_fill(rgb: &RgbImage, cell: PixelBox) -> Colour {
    let ring = sample(rgb, cell, FILL_RING_OUTER, FILL_SAMPLES, |x, y| {
        !(FILL_RING_INNER.contains(&x) && FILL_RING_INNER.contains(&y))
    });
    median_colour(&ring).unwrap_or(Colour([128, 128, 128]))
}

/// Whether a tile's letter is lighter than its fill: of the middle of the cell, the pixels
/// furthest from the fill's lightness, on either side, decide.
fn letter_is_light(rgb: &RgbImage, cell: PixelBox, fill: Colour) -> bool {
    let mut luma: Vec<f32> = sample(rgb, cell, LETTER_BOX, LETTER_SAMPLES, |_, _| true)
        .iter()
        .map(|c| c.luma())
        .collect();
    if luma.is_empty() {
        return false;
    }
    luma.sort_by(f32::total_cmp);
    let dark = luma[luma.len() / 10];
    let light = luma[luma.len() * 9 / 10];
    let f = fill.luma();
    light - f > f - dark
}

/// The share of boundaries between neighbouring tiles where something other than the two tiles'
/// fills shows (the ground between tiles), and the median colour of what shows there.
fn gaps(rgb: &RgbImage, reading: &BoardReading, fills: &[Option<Colour>]) -> (f32, Option<Colour>) {
    let (rows, cols) = (reading.board.rows, reading.board.cols);
    let cells = &reading.cells;
    let mut apart = 0usize;
    let mut total = 0usize;
    let mut between = Vec::new();
    for i in 0..rows * cols {
        let (r, c) = (i / cols, i % cols);
        let mut neighbours = Vec::new();
        if c + 1 < cols {
            neighbours.push((i + 1, true));
        }
        if r + 1 < rows {
            neighbours.push((i + cols, false));
        }
        for (j, beside) in neighbours {
            let (Some(Some(a)), Some(Some(b))) = (fills.get(i), fills.get(j)) else {
                continue;
            };
            if j >= cells.len() {
                continue;
            }
            let seam = seam_colour(rgb, cells[i], cells[j], beside);
            let Some(seam) = seam else { continue };
            total += 1;
            if seam.distance(*a) > SEAM_IS_TILE && seam.distance(*b) > SEAM_IS_TILE {
                apart += 1;
                between.push(seam);
            }
        }
    }
    if total == 0 {
        return (1.0, None);
    }
    (apart as f32 / total as f32, median_colour(&between))
}

/// The median colour of the seam between two neighbouring cells (`beside`: `b` is right of `a`,
/// else below it): a thin strip on the line halfway between them, along the middle of the edge.
fn seam_colour(rgb: &RgbImage, a: PixelBox, b: PixelBox, beside: bool) -> Option<Colour> {
    // The share along the edge of the `k`-th sample.
    let seam_at = |k: u32| SEAM_FROM + SEAM_LENGTH * k as f32 / (SEAM_SAMPLES - 1) as f32;
    let mut out = Vec::new();
    if beside {
        let x = (a.right + b.left) / 2;
        let (t, h) = (a.top as f32, a.height() as f32);
        for k in 0..SEAM_SAMPLES {
            let y = (t + h * seam_at(k)) as u32;
            for dx in [x.saturating_sub(1), x, x + 1] {
                if dx < rgb.width() && y < rgb.height() {
                    out.push(Colour(rgb.get_pixel(dx, y).0));
                }
            }
        }
    } else {
        let y = (a.bottom + b.top) / 2;
        let (l, w) = (a.left as f32, a.width() as f32);
        for k in 0..SEAM_SAMPLES {
            let x = (l + w * seam_at(k)) as u32;
            for dy in [y.saturating_sub(1), y, y + 1] {
                if x < rgb.width() && dy < rgb.height() {
                    out.push(Colour(rgb.get_pixel(x, dy).0));
                }
            }
        }
    }
    median_colour(&out)
}

/// The median colour of a band around the grid, half a tile wide, a quarter of a tile out (what
/// the board sits on); `None` when the grid fills the image.
fn surround(rgb: &RgbImage, reading: &BoardReading, in_image: f32) -> Option<Colour> {
    let g = reading.grid;
    let pitch = g.width as f32 / reading.board.cols.max(1) as f32;
    let (near, far) = (SURROUND_NEAR * pitch, SURROUND_FAR * pitch);
    let (x0, y0) = (g.x as f32, g.y as f32);
    let (x1, y1) = ((g.x + g.width) as f32, (g.y + g.height) as f32);
    let mut out = Vec::new();
    let step = (pitch / SURROUND_SAMPLES_PER_PITCH).max(1.0);
    let mut y = y0 - far;
    while y < y1 + far {
        let mut x = x0 - far;
        while x < x1 + far {
            let outside = x < x0 - near || x > x1 + near || y < y0 - near || y > y1 + near;
            if outside
                && x >= 0.0
                && y >= 0.0
                && (x as u32) < rgb.width()
                && (y as u32) < rgb.height()
            {
                out.push(Colour(rgb.get_pixel(x as u32, y as u32).0));
            }
            x += step;
        }
        y += step;
    }
    // Too little of the band is in the image: a crop of the board alone.
    let band = 4.0 * (x1 - x0 + 2.0 * far) * (far - near) / (step * step);
    if (out.len() as f32) < in_image * band {
        return None;
    }
    median_colour(&out)
}

/// How many clearly different colours a set of fills has: groups of fills within
/// [`SAME_COLOUR`] of each other (greedy), counting only groups that hold at least two tiles.
fn colour_kinds(fills: &[Colour]) -> usize {
    let mut groups: Vec<(Colour, usize)> = Vec::new();
    for &f in fills {
        match groups.iter_mut().find(|(c, _)| c.distance(f) < SAME_COLOUR) {
            Some(g) => g.1 += 1,
            None => groups.push((f, 1)),
        }
    }
    groups.iter().filter(|(_, n)| *n >= 2).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::MarkDoubt;

    /// A one-row reading of `tiles`, each read at 98%, of `game` (`certain` or not).
    fn reading_of(tiles: &[&str], game: Game, certain: bool) -> BoardReading {
        let board = crate::board::BoardJson {
            rows: 1,
            cols: tiles.len(),
            tiles: vec![tiles.iter().map(|t| t.to_string()).collect()],
            values: None,
            bonuses: None,
        };
        let mut guess = GameGuess::neutral(1, tiles.len(), "test");
        (guess.game, guess.certain) = (game, certain);
        BoardReading::one_row(board, [0.98, 0.0, 0.0], guess)
    }

    /// A reading of `tiles` in `game` whose values were listed unreadable on the first
    /// `unread` tiles.
    fn unread_values(tiles: &[&str], game: Game, unread: usize) -> BoardReading {
        let mut reading = reading_of(tiles, game, true);
        reading.board.values = Some(vec![vec![None; tiles.len()]]);
        for col in 0..unread {
            reading.mark_doubts.push(MarkDoubt {
                row: 0,
                col,
                kind: MarkKind::Value,
                choices: Vec::new(),
            });
        }
        reading
    }

    fn badges_listed(reading: &BoardReading) -> Vec<usize> {
        let badges = reading
            .mark_doubts
            .iter()
            .filter(|d| d.kind == MarkKind::Badge);
        badges.map(|d| d.col).collect()
    }

    #[test]
    fn badges_of_a_board_whose_values_cannot_be_read_are_unreadable_not_absent() {
        // Ruzzle carries badges; values unread on 3 of 4 tiles: every tile's badge is listed
        // (but the hole's).
        let mut reading = unread_values(&["A", "B", "C", "D", "."], Game::Ruzzle, 3);
        doubt_unseen_badges(&mut reading);
        assert_eq!(badges_listed(&reading), vec![0, 1, 2, 3]);
        // Values read on most tiles: the marks are readable, so no badge read means none.
        let mut reading = unread_values(&["A", "B", "C", "D"], Game::Ruzzle, 1);
        doubt_unseen_badges(&mut reading);
        assert!(badges_listed(&reading).is_empty());
        // A game without badges, or one not recognised surely: nothing to list.
        let mut reading = unread_values(&["A", "B", "C", "D"], Game::Wordament, 4);
        doubt_unseen_badges(&mut reading);
        assert!(badges_listed(&reading).is_empty());
        let mut reading = unread_values(&["A", "B", "C", "D"], Game::Ruzzle, 4);
        reading.game.certain = false;
        doubt_unseen_badges(&mut reading);
        assert!(badges_listed(&reading).is_empty());
        // A badge read somewhere: the board's badges are readable.
        let mut reading = unread_values(&["A", "B", "C", "D"], Game::Ruzzle, 4);
        reading.board.bonuses = Some(vec![vec!["DL".into(), "".into(), "".into(), "".into()]]);
        doubt_unseen_badges(&mut reading);
        assert!(badges_listed(&reading).is_empty());
    }

    #[test]
    fn the_badge_of_a_tile_whose_letter_cannot_be_read_is_unreadable() {
        // Boggle With Friends: values unread on the first 2 tiles; letters unsure on tiles 1, 2
        // and 3, and a badge read on tile 2: tiles 1 and 3 may hide theirs.
        let mut reading = unread_values(&["A", "B", "C", "D", "."], Game::Bwf, 2);
        reading.confidence[0][1] = 0.3;
        reading.confidence[0][2] = 0.3;
        reading.confidence[0][3] = 0.3;
        let mut bonuses = vec![vec![String::new(); 5]];
        bonuses[0][2] = "DL".into();
        reading.board.bonuses = Some(bonuses);
        doubt_badges_of_unsure_tiles(&mut reading);
        assert_eq!(badges_listed(&reading), vec![1, 3]);
        // Listed once only; and never on a game without badges, or one not recognised surely.
        doubt_badges_of_unsure_tiles(&mut reading);
        assert_eq!(badges_listed(&reading), vec![1, 3]);
        for (game, certain) in [(Game::Wordament, true), (Game::Bwf, false)] {
            let mut reading = unread_values(&["A", "B"], game, 2);
            reading.game.certain = certain;
            reading.confidence[0][0] = 0.3;
            doubt_badges_of_unsure_tiles(&mut reading);
            assert!(badges_listed(&reading).is_empty(), "{game:?} {certain}");
        }
    }

    #[test]
    fn badges_seen_too_small_to_read_on_a_board_with_none_read_leave_no_tile_without_doubt() {
        let listing = |game: Game, cols: &[(usize, bool)]| {
            let mut reading = unread_values(&["A", "B", "C", "D"], game, 0);
            for &(col, mark) in cols {
                if mark {
                    reading.unread_badge_marks.push((0, col));
                } else {
                    reading.mark_doubts.push(MarkDoubt {
                        row: 0,
                        col,
                        kind: MarkKind::Badge,
                        choices: Vec::new(),
                    });
                }
            }
            doubt_unseen_badges(&mut reading);
            let mut listed = badges_listed(&reading);
            listed.sort();
            listed
        };
        // Two badges seen as marks but not read, the values read: no tile can be said to have
        // none.
        assert_eq!(
            listing(Game::Ruzzle, &[(1, true), (3, true)]),
            vec![0, 1, 2, 3]
        );
        // One badge's mark, or badges listed for other reasons (under a banner): the others
        // were readable.
        assert!(listing(Game::Ruzzle, &[(2, true)]).is_empty());
        assert_eq!(listing(Game::Ruzzle, &[(1, false), (2, false)]), vec![1, 2]);
        // SpellCast draws gems in the corners: marks there tell nothing of its badges.
        assert!(listing(Game::Spellcast, &[(1, true), (3, true)]).is_empty());
    }

    #[test]
    fn every_tile_of_a_board_with_values_shows_one_read_or_not() {
        // Values found on one tile of three (the others too small to read): the board shows
        // values, so it is no Word Hunt or Letterpress board; a hole shows none.
        let mut reading = reading_of(&["A", "B", "C", "."], Game::Boggle, false);
        assert_eq!(count_values(&reading), 0);
        reading.board.values = Some(vec![vec![Some(1), None, None, None]]);
        assert_eq!(count_values(&reading), 3);
    }

    /// A row of four 100 px cells on a dark grey ground: two magenta tiles with letters, a
    /// magenta tile whose letter was not found, and a hole showing the ground.
    /// A Boggle reading of `tiles` in one row of four 100 px cells from (100, 100).
    fn one_row_of_four(tiles: &[&str]) -> BoardReading {
        let mut reading = reading_of(tiles, Game::Boggle, false);
        reading.cells = (0..4)
            .map(|i| PixelBox::new(100 + 100 * i, 100, 200 + 100 * i, 200))
            .collect();
        reading.grid = super::super::GridBox {
            x: 100,
            y: 100,
            width: 400,
            height: 100,
        };
        reading
    }

    #[test]
    fn a_hole_that_shows_a_tile_is_an_unreadable_tile() {
        let (ground, magenta) = ([40u8, 40, 40], [200u8, 40, 120]);
        let image = DynamicImage::ImageRgb8(RgbImage::from_fn(600, 300, |x, y| {
            let tile = (100..400).contains(&x) && (100..200).contains(&y);
            image::Rgb(if tile { magenta } else { ground })
        }));
        let mut reading = one_row_of_four(&["A", "B", ".", "."]);
        unhole_tiles(&image, &mut reading);
        assert_eq!(reading.board.tiles[0], ["A", "B", "", "."]);
        assert_eq!(reading.confidence[0], [0.98, 0.98, 0.0, 0.98]);
    }

    #[test]
    fn a_hole_like_no_tile_stays_a_hole() {
        // Cream tiles on a brown board on a black page: the brown cell is far from the page
        // and nearer the tiles than the page, but like no tile: the board's own ground.
        let (page, cream, brown) = ([20u8, 20, 20], [235u8, 217, 182], [163u8, 124, 89]);
        let image = DynamicImage::ImageRgb8(RgbImage::from_fn(600, 300, |x, y| {
            let on_board = (100..200).contains(&y);
            image::Rgb(match x {
                100..300 if on_board => cream,
                300..400 if on_board => brown,
                _ => page,
            })
        }));
        let mut reading = one_row_of_four(&["A", "B", ".", "."]);
        unhole_tiles(&image, &mut reading);
        assert_eq!(reading.board.tiles[0], ["A", "B", ".", "."]);
        assert_eq!(reading.confidence[0], [0.98, 0.98, 0.98, 0.98]);
    }

    #[test]
    fn tiles_the_game_never_prints_are_doubted() {
        let tiles = ["VV", "QU", "A", "TH", ".", "OVER", "OVER-", "-ING", "A/E"];
        let doubted = |game: Game, certain: bool| -> Vec<f32> {
            let mut reading = reading_of(&tiles, game, certain);
            doubt_foreign_tiles(&mut reading);
            reading.confidence[0].clone()
        };
        let (d, s) = (0.5, 0.98);
        assert_eq!(
            doubted(Game::Letterpress, true),
            [d, d, s, d, s, d, d, d, d]
        );
        assert_eq!(doubted(Game::Bwf, true), [d, s, s, d, s, d, d, d, d]);
        assert_eq!(doubted(Game::Bigboggle, true), [d, s, s, s, s, d, d, d, d]);
        // SpellCast: a gem's outline joined to an `O` reads `AO`.
        assert_eq!(doubted(Game::Spellcast, true), [d, s, s, d, s, d, d, d, d]);
        // Wordament prints digrams, prefixes, suffixes and either/or pairs of its own, but no
        // plain tile of more than two letters (a prefix that lost its hyphen).
        assert_eq!(doubted(Game::Wordament, true), [s, s, s, s, s, d, s, s, s]);
        // The prefix and suffix it may be are its likely readings, sharing what it lost.
        let mut reading = reading_of(&tiles, Game::Wordament, true);
        doubt_foreign_tiles(&mut reading);
        let over = &reading.alternatives[0][5];
        assert_eq!(over.len(), 2);
        for (affix, (t, p)) in ["OVER-", "-OVER"].iter().zip(over) {
            assert_eq!((t.as_str(), (p * 100.0).round()), (*affix, 24.0));
        }
        assert!(reading.alternatives[0][6].is_empty());
        // An unsure guess says nothing.
        assert_eq!(doubted(Game::Letterpress, false), [s; 9]);
    }

    /// A tile the game never prints becomes the likeliest of its other readings the game prints,
    /// as sure as that one was read; readings the game never prints leave every tile's list.
    #[test]
    fn a_foreign_tile_becomes_its_likeliest_printed_reading() {
        let alternatives = |pairs: &[(&str, f32)]| -> Vec<(String, f32)> {
            pairs.iter().map(|&(t, p)| (t.to_string(), p)).collect()
        };
        let mut reading = reading_of(&["AA", "A", "VV", "E"], Game::Wordhunt, true);
        reading.alternatives[0][0] = alternatives(&[("AX", 0.04), ("A", 0.22)]);
        reading.alternatives[0][1] = alternatives(&[("AA", 0.3), ("R", 0.01)]);
        doubt_foreign_tiles(&mut reading);
        assert_eq!(reading.board.tiles[0], ["A", "A", "VV", "E"]);
        assert_eq!(reading.confidence[0], [0.22, 0.98, 0.5, 0.98]);
        assert!(reading.alternatives[0][0].is_empty());
        assert_eq!(reading.alternatives[0][1], alternatives(&[("R", 0.01)]));
        // A larger board taken for Word Hunt may be Big Boggle's, whose dice print two letters.
        let mut reading = reading_of(&["HE", "A", "T", "S", "O"], Game::Wordhunt, true);
        reading.alternatives[0][0] = alternatives(&[("H", 0.01)]);
        doubt_foreign_tiles(&mut reading);
        assert_eq!(reading.board.tiles[0][0], "HE");
        assert_eq!(reading.confidence[0][0], 0.98);
        // Wordament prints digrams: `AA` may be one, and stays.
        let mut reading = reading_of(&["AA"], Game::Wordament, true);
        reading.alternatives[0][0] = alternatives(&[("A", 0.22)]);
        doubt_foreign_tiles(&mut reading);
        assert_eq!(reading.board.tiles[0], ["AA"]);
    }

    fn evidence() -> Evidence {
        Evidence {
            rows: 4,
            cols: 4,
            holes: None,
            tiles: 16,
            special_tiles: 0,
            values: 0,
            value_corner: None,
            value_table: None,
            badges: vec![],
            tile_fill: Colour([240, 230, 210]),
            vivid_tiles: 0,
            fill_kinds: 1,
            light_letters: 0.0,
            gaps: 1.0,
            ground: None,
            fills: vec![Some(Colour([240, 230, 210])); 16],
        }
    }

    /// [`evidence`] of a full 5x5 board.
    fn evidence_5x5() -> Evidence {
        Evidence {
            rows: 5,
            cols: 5,
            tiles: 25,
            ..evidence()
        }
    }

    #[test]
    fn x_and_o_holes_are_word_hunt() {
        let mut e = evidence_5x5();
        e.tiles = 21;
        e.holes = Some(HoleShape::X);
        e.ground = Some(Colour([40, 140, 60]));
        let guess = decide(&e);
        assert_eq!(guess.game, Game::Wordhunt);
        assert!(guess.certain);
        assert!(
            guess.reason.starts_with("X-shaped holes"),
            "{}",
            guess.reason
        );
    }

    #[test]
    fn hole_shapes() {
        let mut x = vec![true; 25];
        for i in [2, 10, 14, 22] {
            x[i] = false;
        }
        assert_eq!(hole_shape(5, 5, &x), Some(HoleShape::X));
        let mut o = vec![true; 25];
        for i in [0, 4, 12, 20, 24] {
            o[i] = false;
        }
        assert_eq!(hole_shape(5, 5, &o), Some(HoleShape::O));
        assert_eq!(hole_shape(4, 4, &[true; 16]), None);
    }

    #[test]
    fn values_top_left_with_special_tiles_are_wordament() {
        let mut e = evidence();
        e.values = 16;
        e.special_tiles = 1;
        e.value_corner = Some((Corner::TopLeft, 1.0));
        e.tile_fill = Colour([240, 140, 20]);
        e.light_letters = 1.0;
        let guess = decide(&e);
        assert_eq!((guess.game, guess.certain), (Game::Wordament, true));
    }

    #[test]
    fn values_bottom_right_tell_bwf_from_spellcast_by_size() {
        let mut e = evidence();
        e.values = 16;
        e.value_corner = Some((Corner::BottomRight, 1.0));
        e.badges = vec!["DL".into(), "DW".into()];
        assert_eq!(decide(&e).game, Game::Bwf);
        e.rows = 5;
        e.cols = 5;
        e.tiles = 25;
        e.values = 25;
        e.badges = vec!["2X".into(), "DL".into()];
        assert_eq!(decide(&e).game, Game::Spellcast);
    }

    #[test]
    fn touching_tiles_without_values_are_letterpress() {
        let mut e = evidence_5x5();
        e.gaps = 0.0;
        e.fill_kinds = 4;
        e.vivid_tiles = 12;
        let guess = decide(&e);
        assert_eq!((guess.game, guess.certain), (Game::Letterpress, true));
    }

    #[test]
    fn a_plain_four_by_four_word_hunt_board_is_named_without_its_dark_letters() {
        // A dimmed board: its tiles are too dark to count as light tiles with dark letters; its
        // green ground, the lack of values and its size still name it.
        let mut e = evidence();
        e.tile_fill = Colour([110, 60, 30]);
        e.ground = Some(Colour([40, 140, 60]));
        let guess = decide(&e);
        assert_eq!(
            (guess.game, guess.certain),
            (Game::Wordhunt, true),
            "{guess}"
        );
    }

    #[test]
    fn votes_that_several_games_share_never_name_a_game_surely() {
        // Lexica's look: a plain 4x4 board without values, dark letters on cream tiles apart
        // on an orange ground. Word Hunt leads on votes other games share too.
        let mut e = evidence();
        e.ground = Some(Colour([235, 175, 60]));
        let guess = decide(&e);
        assert!(!guess.certain, "{guess}");
        assert_eq!(guess.game, Game::Boggle);
        assert!(guess.reason.contains("closest wordhunt"), "{guess}");
        // Word Hunt's own green ground is telling.
        e.ground = Some(Colour([40, 140, 60]));
        let guess = decide(&e);
        assert!(guess.certain && guess.game == Game::Wordhunt, "{guess}");
    }

    #[test]
    fn tiles_that_do_not_stand_apart_are_not_word_hunt() {
        // A Letterpress board whose seams, sharpened, no longer measure as touching, on a teal
        // ground: Word Hunt's tiles would stand apart.
        let mut e = evidence_5x5();
        e.gaps = 0.4;
        e.fill_kinds = 3;
        e.vivid_tiles = 10;
        e.ground = Some(Colour([40, 150, 150]));
        let guess = decide(&e);
        assert_eq!(
            (guess.game, guess.certain),
            (Game::Letterpress, true),
            "{guess}"
        );
        e.gaps = 1.0;
        assert_ne!(decide(&e).game, Game::Letterpress);
    }

    #[test]
    fn a_phantom_badge_without_values_is_weak_evidence() {
        let mut e = evidence();
        e.badges = vec!["TW".into()];
        e.ground = Some(Colour([20, 40, 120]));
        let guess = decide(&e);
        assert_eq!((guess.game, guess.certain), (Game::Boggle, false));
        assert!(guess.to_string().contains("weak evidence"), "{guess}");
        assert!(guess.to_string().ends_with("; neutral rules)"), "{guess}");
    }

    #[test]
    fn games_named_by_file_names() {
        let named = |n: &str| game_in_file_name(n);
        assert_eq!(
            named("boggle_with_friends_1920x1200_qu.png"),
            Some(Game::Bwf)
        );
        assert_eq!(named("boggle_physical_photo.jpg"), Some(Game::Boggle));
        assert_eq!(named("word_hunt_board_crop_444.jpg"), Some(Game::Wordhunt));
        assert_eq!(named("word_streak_android.png"), Some(Game::Scramble));
        assert_eq!(
            named("streak_1080x1920_touch_debug.png"),
            Some(Game::Scramble)
        );
        assert_eq!(named("Letterpress-iPad.PNG"), Some(Game::Letterpress));
        assert_eq!(named("lato_bonus_4x4.png"), None);
        assert_eq!(named("rusty.png"), None);
    }

    #[test]
    fn neutral_games_by_size() {
        assert_eq!(neutral_game(4, 4), Game::Boggle);
        assert_eq!(neutral_game(5, 5), Game::Bigboggle);
        assert_eq!(neutral_game(6, 6), Game::Superbigboggle);
    }

    #[test]
    fn colour_names() {
        assert_eq!(Colour([40, 140, 60]).name(), "green");
        assert_eq!(Colour([20, 60, 160]).name(), "blue");
        assert_eq!(Colour([250, 250, 250]).name(), "white");
        assert_eq!(Colour([10, 10, 10]).name(), "dark");
        assert_eq!(Colour([240, 225, 190]).name(), "cream");
        assert_eq!(Colour([110, 60, 30]).name(), "brown");
        assert_eq!(Colour([110, 50, 160]).name(), "purple");
    }
}
