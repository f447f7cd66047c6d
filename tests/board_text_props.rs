//! Board text and board JSON round-trip every board the library can represent: random tiles of
//! every kind (long and non-ASCII letters, either/or, prefix, suffix, holes, wildcards, doubtful
//! tiles with their readings and probabilities), printed values and bonus badges.

use proptest::prelude::*;
use wordsnap::board::{Board, Bonus, Cell, MAX_READINGS, MAX_VALUE, Probability, Reading, Tile};

/// Letters as the library keeps them: lower case, every character a letter.
fn letters() -> impl Strategy<Value = String> {
    let letter = prop_oneof![
        6 => prop::char::range('a', 'z'),
        2 => prop::sample::select(vec!['é', 'ß', 'ø', 'ñ', 'ç', 'ς', 'σ', 'ǆ', 'я', 'ω', 'ﬁ', 'ı']),
        1 => any::<char>(),
    ];
    let short = prop::collection::vec(letter.clone(), 1..=4);
    let long = prop::collection::vec(letter, 5..=wordsnap::board::MAX_TILE_LETTERS);
    prop_oneof![8 => short, 1 => long].prop_filter_map("not all letters", |chars| {
        let s: String = chars.into_iter().flat_map(char::to_lowercase).collect();
        s.chars().all(char::is_alphabetic).then_some(s)
    })
}

/// A tile that may be a reading of a doubtful tile.
fn plain_tile() -> impl Strategy<Value = Tile> {
    prop_oneof![
        4 => letters().prop_map(Tile::Letters),
        1 => (letters(), letters()).prop_map(|(a, b)| Tile::Either(a, b)),
        1 => letters().prop_map(Tile::Prefix),
        1 => letters().prop_map(Tile::Suffix),
    ]
}

fn tile() -> impl Strategy<Value = Tile> {
    let reading = (plain_tile(), 0u16..=1000).prop_map(|(tile, p)| Reading {
        tile,
        probability: Probability::from_permille(p).unwrap(),
    });
    let doubtful = prop::collection::vec(reading, 1..=MAX_READINGS)
        .prop_filter_map("readings repeat", |readings| Tile::doubtful(readings).ok());
    prop_oneof![
        8 => plain_tile(),
        1 => Just(Tile::Hole),
        1 => Just(Tile::Wildcard),
        2 => doubtful,
    ]
}

fn bonus() -> impl Strategy<Value = Option<Bonus>> {
    prop::option::of(prop::sample::select(vec![
        Bonus::DL,
        Bonus::TL,
        Bonus::DW,
        Bonus::TW,
        Bonus::X2,
    ]))
}

fn cell() -> impl Strategy<Value = Cell> {
    (tile(), prop::option::of(0..=MAX_VALUE), bonus()).prop_map(|(tile, value, bonus)| Cell {
        tile,
        value,
        bonus,
    })
}

fn board() -> impl Strategy<Value = Board> {
    (1usize..=8, 1usize..=8)
        .prop_filter("at most 64 cells", |(r, c)| r * c <= 64)
        .prop_flat_map(|(rows, cols)| {
            prop::collection::vec(cell(), rows * cols).prop_map(move |cells| {
                let tiles = cells.iter().map(|c| c.tile.clone()).collect();
                let mut board = Board::new(rows, cols, tiles).unwrap();
                for (i, c) in cells.into_iter().enumerate() {
                    board.set_cell(i, c);
                }
                board
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn board_text_round_trips(board in board()) {
        let text = board.to_text();
        let back = Board::parse(&text);
        prop_assert_eq!(back.as_ref(), Ok(&board), "text {}", text);
    }

    #[test]
    fn board_json_round_trips(board in board()) {
        let json = serde_json::to_string(&board.to_json()).unwrap();
        let back = Board::parse(&json);
        prop_assert_eq!(back.as_ref(), Ok(&board), "json {}", json);
    }

    #[test]
    fn cell_text_round_trips(cell in cell()) {
        prop_assume!(!cell.tile.is_hole());
        let text = cell.text();
        prop_assert_eq!(Cell::parse(&text), Ok(cell), "text {}", text);
    }
}
