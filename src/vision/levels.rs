//! Grey-level histograms: the order statistics the reader takes of image regions (a tile's
//! median ground, its darkest or lightest ink, a percentile of a cell) in linear time.
//!
//! Grey levels are bytes, so a histogram of 256 counts answers "the k-th smallest level" exactly
//! as a sorted copy of the pixels would, without sorting them (sorting took about a fifth of a
//! tall phone screenshot's read).

use super::rect::PixelBox;
use image::GrayImage;

/// The grey levels of some pixels, as counts per level.
#[derive(Clone)]
pub(crate) struct Levels {
    counts: [u32; 256],
    len: usize,
}

impl Levels {
    /// The histogram of `values`.
    pub(crate) fn of(values: impl IntoIterator<Item = u8>) -> Levels {
        let mut counts = [0u32; 256];
        let mut len = 0;
        for v in values {
            counts[v as usize] += 1;
            len += 1;
        }
        Levels { counts, len }
    }

    /// The histogram of a slice of levels (a whole image's or crop's buffer), counted as
    /// [`Levels::in_image`] counts a box.
    pub(crate) fn of_slice(values: &[u8]) -> Levels {
        let mut tally = Tally::new();
        tally.add(values);
        tally.levels()
    }

    /// The histogram of the rows that `rows` hands to the closure it is given, counted as
    /// [`Levels::in_image`] counts a box.
    pub(crate) fn of_rows(rows: impl FnOnce(&mut dyn FnMut(&[u8]))) -> Levels {
        let mut tally = Tally::new();
        rows(&mut |row| tally.add(row));
        tally.levels()
    }

    /// The histogram of a box of an image, read row by row from its buffer; the box is cut to
    /// the image.
    pub(crate) fn in_image(image: &GrayImage, area: PixelBox) -> Levels {
        let (w, h) = image.dimensions();
        let PixelBox {
            left: l,
            top: t,
            right: r,
            bottom: b,
        } = area.clamp_to((w, h));
        let mut tally = Tally::new();
        if l < r && t < b {
            let raw = image.as_raw();
            for y in t..b {
                let row = (y * w) as usize;
                tally.add(&raw[row + l as usize..row + r as usize]);
            }
        }
        tally.levels()
    }

    /// These levels less those of `part`, which must be some of the same pixels (the levels of
    /// a box inside this one's box): the levels of the pixels outside `part`.
    pub(crate) fn without(&self, part: &Levels) -> Levels {
        Levels {
            counts: std::array::from_fn(|v| self.counts[v].saturating_sub(part.counts[v])),
            len: self.len.saturating_sub(part.len),
        }
    }

    /// How many pixels were counted.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The `k`-th smallest level (0-based), as `sorted[k]` of a sorted copy; past the end, the
    /// largest level (0 when there are no pixels).
    pub(crate) fn nth(&self, k: usize) -> u8 {
        let mut seen = 0usize;
        let mut largest = 0u8;
        for (level, &count) in self.counts.iter().enumerate() {
            if count == 0 {
                continue;
            }
            seen += count as usize;
            largest = level as u8;
            if seen > k {
                return largest;
            }
        }
        largest
    }

    /// The median level (`sorted[len / 2]`).
    pub(crate) fn median(&self) -> u8 {
        self.nth(self.len / 2)
    }

    /// The level at quantile `q` in 0..=1 (`sorted[(len - 1) * q]`).
    pub(crate) fn quantile(&self, q: f32) -> u8 {
        self.nth((self.len.saturating_sub(1) as f32 * q) as usize)
    }

    /// How many pixels have a level for which `keep` holds.
    pub(crate) fn count_where(&self, keep: impl Fn(u8) -> bool) -> usize {
        (0..=255u8)
            .filter(|&v| keep(v))
            .map(|v| self.counts[v as usize] as usize)
            .sum()
    }

    /// The sum over all pixels of `weight(level)`.
    pub(crate) fn sum_of(&self, weight: impl Fn(u8) -> f32) -> f32 {
        (0..=255u8)
            .map(|v| self.counts[v as usize] as f32 * weight(v))
            .sum()
    }
}

/// Counts per level kept in [`TALLY_TABLES`] tables, consecutive pixels going to different
/// tables: a screenshot is mostly runs of one level, and counting a run in one table makes each
/// increment wait for the one before it to be stored (about four times slower than counting
/// pixels of different levels). The tables are added up when the counting is done.
struct Tally {
    tables: [[u32; 256]; TALLY_TABLES],
    len: usize,
}

/// How many tables a [`Tally`] spreads its counts over.
const TALLY_TABLES: usize = 4;

impl Tally {
    /// Nothing counted yet.
    fn new() -> Tally {
        Tally {
            tables: [[0; 256]; TALLY_TABLES],
            len: 0,
        }
    }

    /// Counts some more levels.
    fn add(&mut self, values: &[u8]) {
        let mut runs = values.chunks_exact(TALLY_TABLES);
        for four in &mut runs {
            for (table, &v) in self.tables.iter_mut().zip(four) {
                table[v as usize] += 1;
            }
        }
        for &v in runs.remainder() {
            self.tables[0][v as usize] += 1;
        }
        self.len += values.len();
    }

    /// The counts added up.
    fn levels(&self) -> Levels {
        Levels {
            counts: std::array::from_fn(|v| self.tables.iter().map(|table| table[v]).sum()),
            len: self.len,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Order statistics agree with a sorted copy of the same values.
    #[test]
    fn nth_matches_a_sorted_copy() {
        let values: Vec<u8> = (0..997u32).map(|i| ((i * 7919 + 13) % 251) as u8).collect();
        let mut sorted = values.clone();
        sorted.sort_unstable();
        let levels = Levels::of(values.iter().copied());
        assert_eq!(levels.len(), sorted.len());
        for k in [0, 1, 10, 498, 996] {
            assert_eq!(levels.nth(k), sorted[k], "k = {k}");
        }
        assert_eq!(levels.median(), sorted[sorted.len() / 2]);
        assert_eq!(levels.quantile(0.9), sorted[(996.0 * 0.9f32) as usize]);
        assert_eq!(
            levels.count_where(|v| v < 100),
            sorted.iter().filter(|&&v| v < 100).count()
        );
    }

    /// A slice, or rows handed over one by one, count as `of` counts the same levels: runs of
    /// one level and lengths that are no multiple of the tables' count included.
    #[test]
    fn slices_and_rows_count_as_of_counts() {
        let values: Vec<u8> = (0..1003u32)
            .map(|i| if i % 97 < 60 { 200 } else { (i * 31) as u8 })
            .collect();
        let want = Levels::of(values.iter().copied());
        let by_slice = Levels::of_slice(&values);
        let by_rows = Levels::of_rows(|count| values.chunks(7).for_each(count));
        for got in [by_slice, by_rows] {
            assert_eq!(got.len(), want.len());
            assert!(
                (0..=255u8).all(|v| got.count_where(|w| w == v) == want.count_where(|w| w == v))
            );
        }
    }

    /// No pixels: every statistic is 0 rather than a panic.
    #[test]
    fn empty_levels_are_zero() {
        let levels = Levels::of(std::iter::empty());
        assert_eq!(levels.median(), 0);
        assert_eq!(levels.nth(5), 0);
        assert_eq!(levels.quantile(0.5), 0);
    }

    /// An image's box from its buffer counts what a pixel-by-pixel walk counts, and a box past the
    /// image is cut to it.
    #[test]
    fn in_image_matches_a_walk_over_the_box() {
        let image = GrayImage::from_fn(13, 9, |x, y| image::Luma([(x * 17 + y * 29) as u8]));
        for (l, t, r, b) in [(0, 0, 13, 9), (2, 3, 7, 8), (5, 5, 6, 6)] {
            let a = Levels::in_image(&image, PixelBox::new(l, t, r, b));
            let c = Levels::of((t..b).flat_map(|y| {
                (l..r)
                    .map(move |x| (x, y))
                    .map(|(x, y)| image.get_pixel(x, y)[0])
            }));
            assert_eq!(a.len(), c.len());
            assert!(
                (0..a.len()).all(|k| a.nth(k) == c.nth(k)),
                "box {l},{t},{r},{b}"
            );
        }
        assert_eq!(
            Levels::in_image(&image, PixelBox::new(10, 7, 20, 20)).len(),
            6
        );
        assert_eq!(
            Levels::in_image(&image, PixelBox::new(20, 20, 30, 30)).len(),
            0
        );
    }

    /// A box less a box inside it counts the ring between them.
    #[test]
    fn without_leaves_the_ring() {
        let image = GrayImage::from_fn(10, 8, |x, y| image::Luma([(x * 23 + y * 7) as u8]));
        let (outer, inner) = (PixelBox::new(1, 1, 9, 7), PixelBox::new(3, 2, 6, 5));
        let ring: Vec<u8> = (outer.top..outer.bottom)
            .flat_map(|y| (outer.left..outer.right).map(move |x| (x, y)))
            .filter(|&(x, y)| !inner.contains((x as f32, y as f32)))
            .map(|(x, y)| image.get_pixel(x, y)[0])
            .collect();
        let got = Levels::in_image(&image, outer).without(&Levels::in_image(&image, inner));
        let want = Levels::of(ring.iter().copied());
        assert_eq!(got.len(), want.len());
        assert!((0..got.len()).all(|k| got.nth(k) == want.nth(k)));
    }
}
