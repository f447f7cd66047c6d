//! Drag planning: which words, in which order, and the pointer actions that trace each path.

use crate::render::Rect;
use crate::solve::FoundWord;
use std::time::Duration;

/// The order words are replayed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// Best score first (the solver's order).
    #[default]
    Score,
    /// Longest first.
    Length,
    /// Short mouse travel: the best `--limit` words, toured nearest-neighbour from end to start.
    Travel,
}

/// Picks the words to replay: the first `limit` in the chosen order (`Travel` picks the best
/// `limit` by score, then tours them starting nearest to `start`, a tile position).
pub fn choose(
    words: &[FoundWord],
    limit: Option<usize>,
    order: Order,
    start: (f32, f32),
) -> Vec<FoundWord> {
    let limit = limit.unwrap_or(usize::MAX);
    let mut chosen: Vec<FoundWord> = words.to_vec();
    if order == Order::Length {
        chosen.sort_by(|a, b| b.letters().cmp(&a.letters()).then(b.score.cmp(&a.score)));
    }
    chosen.truncate(limit);
    if order == Order::Travel {
        chosen = travel_order(chosen, start);
    }
    chosen
}

fn pos(cell: (usize, usize)) -> (f32, f32) {
    (cell.1 as f32, cell.0 as f32)
}

fn dist(a: (f32, f32), b: (f32, f32)) -> f32 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// Nearest-neighbour tour: from `start`, always the word whose first tile is closest to where
/// the previous word ended (ties keep the better score).
pub fn travel_order(mut words: Vec<FoundWord>, start: (f32, f32)) -> Vec<FoundWord> {
    let mut out = Vec::with_capacity(words.len());
    let mut here = start;
    while !words.is_empty() {
        let best = (0..words.len())
            .min_by(|&a, &b| {
                let da = dist(here, pos(words[a].path[0]));
                let db = dist(here, pos(words[b].path[0]));
                da.total_cmp(&db)
            })
            .unwrap_or(0);
        let word = words.remove(best);
        here = pos(*word.path.last().unwrap_or(&word.path[0]));
        out.push(word);
    }
    out
}

/// Total distance (in tiles) the pointer travels between words, from `start`.
pub fn travel_between(words: &[FoundWord], start: (f32, f32)) -> f32 {
    let mut here = start;
    let mut total = 0.0;
    for w in words {
        total += dist(here, pos(w.path[0]));
        here = pos(*w.path.last().unwrap_or(&w.path[0]));
    }
    total
}

/// How fast to drag.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// Intermediate points between two tile centres.
    pub steps: usize,
    /// Pause after each intermediate point.
    pub step: Duration,
    /// Pause on each tile centre.
    pub settle: Duration,
    /// Pause after pressing and before releasing.
    pub hold: Duration,
}

impl Timing {
    /// The default pace divided by `speed` (2.0 is twice as fast).
    pub fn new(speed: f64) -> Timing {
        let speed = if speed.is_finite() && speed > 0.0 {
            speed
        } else {
            1.0
        };
        // At most a minute a pause, however slow the pace (the CLI allows 0.01 and up).
        let ms = |m: f64| Duration::from_secs_f64((m / speed / 1000.0).min(60.0));
        Timing {
            steps: 4,
            step: ms(2.0),
            settle: ms(6.0),
            hold: ms(12.0),
        }
    }
}

/// One thing the replayer does.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Move the pointer to a screen position.
    MoveTo(i32, i32),
    /// Press the left button.
    Press,
    /// Release the left button.
    Release,
    /// Wait.
    Pause(Duration),
}

/// The actions that trace one word.
#[derive(Debug, Clone, PartialEq)]
pub struct WordPlan {
    /// The word.
    pub word: String,
    /// Its score.
    pub score: u32,
    /// Its tiles.
    pub path: Vec<(usize, usize)>,
    /// What to do.
    pub actions: Vec<Action>,
}

/// Plans one word: move to the first tile's centre, press, glide through every tile centre with
/// intermediate points, release on the last.
pub fn plan_word(
    word: &FoundWord,
    centre: impl Fn((usize, usize)) -> (f32, f32),
    timing: &Timing,
) -> WordPlan {
    let at = |p: (f32, f32)| Action::MoveTo(p.0.round() as i32, p.1.round() as i32);
    let mut actions = Vec::new();
    let first = centre(word.path[0]);
    actions.push(at(first));
    actions.push(Action::Pause(timing.settle));
    actions.push(Action::Press);
    actions.push(Action::Pause(timing.hold));
    let mut here = first;
    for &cell in &word.path[1..] {
        let next = centre(cell);
        for k in 1..=timing.steps {
            let t = k as f32 / (timing.steps + 1) as f32;
            actions.push(at((
                here.0 + (next.0 - here.0) * t,
                here.1 + (next.1 - here.1) * t,
            )));
            actions.push(Action::Pause(timing.step));
        }
        actions.push(at(next));
        actions.push(Action::Pause(timing.settle));
        here = next;
    }
    actions.push(Action::Pause(timing.hold));
    actions.push(Action::Release);
    WordPlan {
        word: word.word.clone(),
        score: word.score,
        path: word.path.clone(),
        actions,
    }
}

/// A drag that would leave the board on screen: [`check_inside`] refuses it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{word}' would move to ({x}, {y}), outside the board")]
pub struct OutsideBoard {
    /// The word whose drag it is.
    pub word: String,
    /// The screen point outside the board.
    pub x: i32,
    /// The screen point outside the board.
    pub y: i32,
}

/// Checks that every point the plan moves to lies inside `bounds` (the board on screen).
pub fn check_inside(plan: &WordPlan, bounds: Rect) -> Result<(), OutsideBoard> {
    for a in &plan.actions {
        if let Action::MoveTo(x, y) = *a
            && !bounds.contains(x as f32, y as f32)
        {
            return Err(OutsideBoard {
                word: plan.word.clone(),
                x,
                y,
            });
        }
    }
    Ok(())
}

/// The plan's total pause time.
pub fn duration(plan: &WordPlan) -> Duration {
    plan.actions
        .iter()
        .map(|a| match a {
            Action::Pause(d) => *d,
            _ => Duration::ZERO,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(w: &str, score: u32, path: &[(usize, usize)]) -> FoundWord {
        FoundWord {
            word: w.into(),
            score,
            path: path.to_vec(),
            paths: vec![],
            certainty: 1.0,
            readings: vec![],
        }
    }

    fn words() -> Vec<FoundWord> {
        vec![
            word("aaaa", 5, &[(3, 3), (3, 2), (2, 2), (2, 3)]),
            word("bbb", 3, &[(0, 0), (0, 1), (1, 1)]),
            word("ccccc", 2, &[(1, 1), (1, 2), (2, 2), (2, 1), (3, 0)]),
            word("dd", 1, &[(2, 3), (3, 3)]),
        ]
    }

    #[test]
    fn score_and_length_orders() {
        let by_score = choose(&words(), Some(2), Order::Score, (0.0, 0.0));
        assert_eq!(
            by_score.iter().map(|w| w.word.as_str()).collect::<Vec<_>>(),
            ["aaaa", "bbb"]
        );
        let by_length = choose(&words(), None, Order::Length, (0.0, 0.0));
        assert_eq!(by_length[0].word, "ccccc");
        assert_eq!(by_length[3].word, "dd");
    }

    #[test]
    fn travel_order_tours_nearest_first_and_travels_less() {
        let all = words();
        let toured = choose(&all, None, Order::Travel, (0.0, 0.0));
        let names: Vec<&str> = toured.iter().map(|w| w.word.as_str()).collect();
        assert_eq!(names, ["bbb", "ccccc", "aaaa", "dd"]);
        assert!(travel_between(&toured, (0.0, 0.0)) < travel_between(&all, (0.0, 0.0)));
        // The limit picks the best words before touring.
        let two = choose(&all, Some(2), Order::Travel, (0.0, 0.0));
        assert_eq!(two.len(), 2);
        assert!(two.iter().all(|w| w.score >= 3));
    }

    #[test]
    fn a_plan_presses_first_passes_every_centre_and_releases_last() {
        let w = word("bbb", 3, &[(0, 0), (0, 1), (1, 1)]);
        let centre = |(r, c): (usize, usize)| (c as f32 * 100.0 + 50.0, r as f32 * 100.0 + 50.0);
        let plan = plan_word(&w, centre, &Timing::new(1.0));
        assert_eq!(plan.actions[0], Action::MoveTo(50, 50));
        let press = plan
            .actions
            .iter()
            .position(|a| *a == Action::Press)
            .unwrap();
        assert_eq!(plan.actions.last(), Some(&Action::Release));
        let moves: Vec<(i32, i32)> = plan.actions[press..]
            .iter()
            .filter_map(|a| match a {
                Action::MoveTo(x, y) => Some((*x, *y)),
                _ => None,
            })
            .collect();
        assert!(moves.contains(&(150, 50)));
        assert_eq!(moves.last(), Some(&(150, 150)));
        assert_eq!(moves.len(), 2 * 5);
        assert!(check_inside(&plan, Rect::new(0.0, 0.0, 200.0, 200.0)).is_ok());
        assert!(check_inside(&plan, Rect::new(0.0, 0.0, 120.0, 200.0)).is_err());
    }

    #[test]
    fn speed_scales_the_pauses() {
        let w = word("bbb", 3, &[(0, 0), (0, 1), (1, 1)]);
        let centre = |(r, c): (usize, usize)| (c as f32, r as f32);
        let slow = duration(&plan_word(&w, centre, &Timing::new(1.0)));
        let fast = duration(&plan_word(&w, centre, &Timing::new(2.0)));
        assert!(fast < slow && fast * 3 > slow);
        assert_eq!(Timing::new(-1.0), Timing::new(1.0));
    }
}
