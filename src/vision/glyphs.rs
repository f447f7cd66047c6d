//! Finding glyph-like blobs: ink that stands out from its neighbourhood, dark or light.
//!
//! The image is thresholded against its local mean (an integral-image box filter), once for ink
//! darker than its surroundings and once for lighter ink. Connected components of each mask are
//! the blobs; letters of one line are then merged into text boxes (`QU`, `U/L`, `-IC`).

use super::rect::PixelBox;
use image::GrayImage;

/// How many grey levels (of 255) a pixel must stand out from its neighbourhood's mean to be
/// ink: a margin over the small level changes of a plain tile or background (gradients,
/// compression noise). One margin for the board search and for each cell, so a letter found
/// on the board is ink in its cell too.
pub const INK_DELTA: i32 = 16;

/// The shape of text, for [`looks_like_text`]: a blob shorter than this many pixels is dust,
/// too small for the model to read.
const MIN_TEXT_HEIGHT: u32 = 7;
/// At most this wide for its height: room for the widest tile texts (`-TION`, `OVER-`) as one
/// merged run; wider is a bar or a row of tiles.
const MAX_TEXT_ASPECT: f32 = 5.5;
/// At least this wide for its height: an `I` or `1` in a narrow font; thinner is a line.
const MIN_TEXT_ASPECT: f32 = 0.08;
/// At least this share of the blob's box is ink: less is an outline (a tile's rim, a ring).
const MIN_TEXT_FILL: f32 = 0.08;
/// At most this share of the blob's box is ink, unless it is thin (see [`THIN_TEXT`]): more is
/// a filled block (a tile, a badge's background), not a glyph.
const MAX_TEXT_FILL: f32 = 0.92;
/// A blob narrower (or flatter) than this share of its other side may fill its box: `I`, `l`,
/// `-`.
const THIN_TEXT: f32 = 0.35;

/// The line rules of [`merge_lines`], as shares of the taller glyph's height: two glyphs of one
/// text are at most this far apart (letters of `QU` are close; the next tile's text is a tile
/// pitch away).
const MAX_LETTER_GAP: f32 = 0.34;
/// Two glyphs of one line have heights at least this close (`U` beside `Q`, not a small corner
/// digit beside a letter) ...
const SIMILAR_HEIGHT: f32 = 0.62;
/// ... and overlap vertically by at least this share of the shorter one.
const MIN_LINE_OVERLAP: f32 = 0.6;
/// A mark (the hyphen of `RE-`, `-IC`) is shorter than this share of the glyph beside it ...
const MARK_HEIGHT: f32 = 0.45;
/// ... with its centre at most this far from the glyph's middle (a hyphen sits mid-height; a
/// corner value sits at the top or bottom) ...
const MARK_CENTRE_OFFSET: f32 = 0.22;
/// ... and at least this wide (a hyphen, not a dot of dust).
const MARK_MIN_WIDTH: f32 = 0.15;

/// A connected component of ink, in the coordinates of the image it was found in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Blob {
    /// Left edge (inclusive).
    pub x0: u32,
    /// Top edge (inclusive).
    pub y0: u32,
    /// Right edge (exclusive).
    pub x1: u32,
    /// Bottom edge (exclusive).
    pub y1: u32,
    /// Ink pixels.
    pub area: u32,
    /// True for ink darker than its surroundings.
    pub dark: bool,
    /// How many connected components make it up (1 for a blob, more for merged text: `QU`,
    /// `12`, `0:23`).
    pub parts: u32,
}

impl Blob {
    /// The same ink mirrored about the image's diagonal (see [`InkMasks::mirrored`]).
    pub fn mirrored(&self) -> Blob {
        Blob {
            x0: self.y0,
            y0: self.x0,
            x1: self.y1,
            y1: self.x1,
            ..*self
        }
    }

    /// The blob's box.
    pub fn bounds(&self) -> PixelBox {
        PixelBox::new(self.x0, self.y0, self.x1, self.y1)
    }
    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.x1 - self.x0
    }
    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.y1 - self.y0
    }
    /// Centre x.
    pub fn cx(&self) -> f32 {
        (self.x0 + self.x1) as f32 / 2.0
    }
    /// Centre y.
    pub fn cy(&self) -> f32 {
        (self.y0 + self.y1) as f32 / 2.0
    }
    /// The smallest box holding both.
    pub fn union(&self, other: &Blob) -> Blob {
        Blob {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
            area: self.area + other.area,
            dark: self.dark,
            parts: self.parts + other.parts,
        }
    }
}

/// The two ink masks of an image: 255 where ink is darker (or lighter) than its neighbourhood.
pub struct InkMasks {
    /// Ink darker than the local mean.
    pub dark: GrayImage,
    /// Ink lighter than the local mean.
    pub light: GrayImage,
}

impl InkMasks {
    /// The mask of one polarity.
    pub fn get(&self, dark: bool) -> &GrayImage {
        if dark { &self.dark } else { &self.light }
    }

    /// Both masks mirrored about their diagonal: the pixel at (x, y) goes to (y, x), so that
    /// columns become rows.
    pub fn mirrored(&self) -> InkMasks {
        let mirror = |mask: &GrayImage| {
            GrayImage::from_fn(mask.height(), mask.width(), |x, y| *mask.get_pixel(y, x))
        };
        InkMasks {
            dark: mirror(&self.dark),
            light: mirror(&self.light),
        }
    }
}

/// Thresholds `gray` against its mean over a (2r+1)^2 window (cut off at the image's edges),
/// with a margin of `delta` levels: a pixel is dark ink when `p + delta < mean` and light ink
/// when `p - delta > mean`, with `mean` the window's sum divided by its pixel count, rounded down.
///
/// The window sums slide: one sum per column over the window's rows, moved down a row at a time,
/// and across each row a running sum of those column sums. A few additions per pixel and one
/// row of sums in memory, where an integral image took eight bytes per pixel and a pass of its
/// own.
pub fn ink_masks(gray: &GrayImage, radius: u32, delta: i32) -> InkMasks {
    debug_assert!(
        delta >= 0,
        "a negative margin would mark pixels as both dark and light"
    );
    let (w, h) = (gray.width() as usize, gray.height() as usize);
    let (r, delta) = (radius as usize, delta as i64);
    let pixels = gray.as_raw();
    let mut dark = vec![0u8; pixels.len()];
    let mut light = vec![0u8; pixels.len()];
    let row = |y: usize| &pixels[y * w..(y + 1) * w];
    // column[x]: the sum of column x over the window's rows [top, bottom).
    let mut column = vec![0u32; w];
    // Each row's window sums (see [`mark_row`]), kept from row to row.
    let mut sums = Vec::with_capacity(w);
    for y in 0..(r + 1).min(h) {
        column
            .iter_mut()
            .zip(row(y))
            .for_each(|(c, &p)| *c += p as u32);
    }
    for y in 0..h {
        if y > 0 {
            if y + r < h {
                column
                    .iter_mut()
                    .zip(row(y + r))
                    .for_each(|(c, &p)| *c += p as u32);
            }
            if y > r {
                column
                    .iter_mut()
                    .zip(row(y - r - 1))
                    .for_each(|(c, &p)| *c -= p as u32);
            }
        }
        let rows = ((y + r).min(h - 1) + 1 - y.saturating_sub(r)) as i64;
        let at = y * w;
        let row_masks = (&mut dark[at..at + w], &mut light[at..at + w]);
        mark_row(
            &pixels[at..at + w],
            &column,
            (r, rows, delta),
            &mut sums,
            row_masks,
        );
    }
    let image =
        |raw| GrayImage::from_raw(w as u32, h as u32, raw).expect("a buffer of the image's size");
    InkMasks {
        dark: image(dark),
        light: image(light),
    }
}

/// Marks the dark and light ink of pixels whose windows of `count` pixels sum to `sums`, as
/// [`mark_row`] does, in 32 bits: `(255 + delta + 1) * count` must fit.
fn mark_whole_windows(
    pixels: &[u8],
    sums: &[u32],
    count: u32,
    delta: u32,
    (dark, light): (&mut [u8], &mut [u8]),
) {
    for (((&p, &sum), d), l) in pixels.iter().zip(sums).zip(dark).zip(light) {
        let p = p as u32;
        *d = if (p + delta + 1) * count <= sum {
            255
        } else {
            0
        };
        *l = if p.saturating_sub(delta) * count > sum {
            255
        } else {
            0
        };
    }
}

/// Marks one row's dark and light ink, given each column's sum over the window's `rows` rows:
/// the window's sum slides across the row, columns coming in on the right and leaving on the
/// left. Near the edges the window is cut off and holds fewer columns; in between it holds
/// `2 * r + 1`, and that stretch, most of the row, runs without bounds or edge checks.
fn mark_row(
    pixels: &[u8],
    column: &[u32],
    (r, rows, delta): (usize, i64, i64),
    sums: &mut Vec<u32>,
    (dark, light): (&mut [u8], &mut [u8]),
) {
    let w = pixels.len();
    // With mean = floor(sum / count): p + delta < mean exactly when
    // (p + delta + 1) * count <= sum, and p - delta > mean exactly when
    // (p - delta) * count > sum (never both, as delta >= 0); no division per pixel.
    let ink = |p: u8, sum: u32, count: i64| {
        let (p, sum) = (p as i64, sum as i64);
        let dark = (p + delta + 1) * count <= sum;
        let light = (p - delta) * count > sum;
        (if dark { 255 } else { 0 }, if light { 255 } else { 0 })
    };
    let columns_at = |x: usize| ((x + r).min(w - 1) + 1 - x.saturating_sub(r)) as i64;
    let mut sum: u32 = column[..r.min(w)].iter().sum();
    // Near the edges: the window's columns as far as the row goes.
    let edge = |x: usize, sum: &mut u32| {
        if x + r < w {
            *sum += column[x + r];
        }
        if x > r {
            *sum -= column[x - r - 1];
        }
        ink(pixels[x], *sum, columns_at(x) * rows)
    };
    let inner_start = (r + 1).min(w);
    let inner_end = w.saturating_sub(r).max(inner_start);
    for x in 0..inner_start {
        (dark[x], light[x]) = edge(x, &mut sum);
    }
    if inner_start < inner_end {
        // Whole windows: one column comes in, one leaves. The sums first, then the marks, in
        // 32 bits where the products fit (they do but for windows of millions of pixels): a loop
        // the compiler runs several pixels at a time.
        let count = (2 * r + 1) as i64 * rows;
        let inner = inner_start..inner_end;
        let coming = &column[inner.start + r..inner.end + r];
        let leaving = &column[inner.start - r - 1..];
        sums.clear();
        sums.extend(coming.iter().zip(leaving).map(|(&c, &l)| {
            sum = sum + c - l;
            sum
        }));
        let pixels = &pixels[inner.clone()];
        let marks = (&mut dark[inner.clone()], &mut light[inner]);
        match u32::try_from((u8::MAX as i64 + delta + 1) * count) {
            Ok(_) => mark_whole_windows(pixels, sums, count as u32, delta as u32, marks),
            Err(_) => {
                for (((&p, &sum), d), li) in
                    pixels.iter().zip(sums.iter()).zip(marks.0).zip(marks.1)
                {
                    (*d, *li) = ink(p, sum, count);
                }
            }
        }
    }
    for x in inner_end..w {
        (dark[x], light[x]) = edge(x, &mut sum);
    }
}

/// The blobs of both masks, dark and light, labelled in one pass: the masks never overlap, so
/// they are combined into one image (1 = dark ink, 2 = light ink) whose components are those of
/// each mask. One labelling instead of two: one pass over the pixels. Same rules as [`blobs`].
pub fn blobs_of_both(masks: &InkMasks, min_area: u32) -> Vec<Blob> {
    blobs_of_pair(&masks.dark, &masks.light, min_area)
}

/// The blobs of a dark-ink mask and a light-ink mask of the same size that never overlap,
/// labelled in one pass as [`blobs_of_both`] does; blobs come in the order of their first pixel,
/// so each polarity's blobs keep the order [`blobs`] gives them.
pub fn blobs_of_pair(dark: &GrayImage, light: &GrayImage, min_area: u32) -> Vec<Blob> {
    let combined: Vec<u8> = dark
        .as_raw()
        .iter()
        .zip(light.as_raw())
        .map(|(&d, &l)| {
            if d > 0 {
                1
            } else if l > 0 {
                2
            } else {
                0
            }
        })
        .collect();
    let combined =
        GrayImage::from_raw(dark.width(), dark.height(), combined).expect("masks of the same size");
    labelled_blobs(&combined, min_area, |v| v == 1)
}

/// The connected components of a mask as blobs (components of fewer than `min_area` pixels and
/// components touching the image border are left out).
pub fn blobs(mask: &GrayImage, dark: bool, min_area: u32) -> Vec<Blob> {
    labelled_blobs(mask, min_area, |_| dark)
}

/// The components of equal non-zero values of `image` as blobs; `is_dark` tells a component's
/// polarity from its value.
fn labelled_blobs(image: &GrayImage, min_area: u32, is_dark: impl Fn(u8) -> bool) -> Vec<Blob> {
    let (w, h) = image.dimensions();
    components(image)
        .into_iter()
        .map(|(value, b)| Blob {
            dark: is_dark(value),
            ..b
        })
        .filter(|b| b.area >= min_area && b.x0 > 0 && b.y0 > 0 && b.x1 < w && b.y1 < h)
        .collect()
}

/// A horizontal run of pixels of one non-zero value.
struct Run {
    y: u32,
    x0: u32,
    /// One past the run's last pixel.
    x1: u32,
    value: u8,
}

/// The 8-connected components of equal non-zero values of `image`, each with its value and its
/// box and area (as a [`Blob`] of one part), in the order of their first pixel in raster order
/// (the order `imageproc::region_labelling::connected_components` numbers them in).
///
/// Runs of equal pixels in a row are joined to the runs of the row above that touch them
/// (diagonals included) with a union-find over runs, which are far fewer than pixels: this is
/// several times faster than labelling every pixel, and reading a screenshot labels millions of
/// mask pixels (the corner marks of every tile at full resolution).
pub(crate) fn components(image: &GrayImage) -> Vec<(u8, Blob)> {
    let (w, h) = image.dimensions();
    let raw = image.as_raw();
    let mut runs: Vec<Run> = Vec::new();
    let mut parent: Vec<usize> = Vec::new();
    let mut above = 0..0;
    for y in 0..h {
        let row = &raw[(y * w) as usize..((y + 1) * w) as usize];
        let first_here = runs.len();
        let mut next_above = above.start;
        let mut x = 0;
        while x < w {
            let value = row[x as usize];
            if value == 0 {
                x = end_of_zeros(row, x);
                continue;
            }
            let x0 = x;
            while x < w && row[x as usize] == value {
                x += 1;
            }
            let here = runs.len();
            runs.push(Run {
                y,
                x0,
                x1: x,
                value,
            });
            parent.push(here);
            // Runs above that end before this one's left neighbour touch no later run either.
            while next_above < above.end && runs[next_above].x1 < x0 {
                next_above += 1;
            }
            let mut j = next_above;
            while j < above.end && runs[j].x0 <= x {
                if runs[j].value == value {
                    join(&mut parent, here, j);
                }
                j += 1;
            }
        }
        above = first_here..runs.len();
    }
    let mut index_of_root = vec![usize::MAX; runs.len()];
    let mut out: Vec<(u8, Blob)> = Vec::new();
    for (i, run) in runs.iter().enumerate() {
        let root = find(&mut parent, i);
        let piece = Blob {
            x0: run.x0,
            y0: run.y,
            x1: run.x1,
            y1: run.y + 1,
            area: run.x1 - run.x0,
            dark: false,
            parts: 1,
        };
        if index_of_root[root] == usize::MAX {
            index_of_root[root] = out.len();
            out.push((run.value, piece));
        } else {
            let b = &mut out[index_of_root[root]].1;
            *b = Blob {
                parts: 1,
                ..b.union(&piece)
            };
        }
    }
    out
}

/// Where the run of zeros at `x` in `row` ends: eight pixels at a time, then one at a time (a
/// mask's rows are mostly zeros).
fn end_of_zeros(row: &[u8], x: u32) -> u32 {
    let mut x = x as usize;
    while let Some(eight) = row.get(x..x + 8) {
        if eight != [0; 8] {
            break;
        }
        x += 8;
    }
    while row.get(x) == Some(&0) {
        x += 1;
    }
    x as u32
}

/// The root of run `i`'s component (the component's first run), halving the path on the way.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Joins the components of runs `a` and `b`; the root stays the earlier run, so a component's
/// root is its first run in raster order.
fn join(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    let (first, second) = (ra.min(rb), ra.max(rb));
    parent[second] = first;
}

/// True when a blob is shaped like a main glyph or a run of glyphs (not a tile, a line or dust).
pub fn looks_like_text(b: &Blob, max_height: u32) -> bool {
    let (w, h) = (b.width() as f32, b.height() as f32);
    let fill = b.area as f32 / (w * h);
    b.height() >= MIN_TEXT_HEIGHT
        && b.height() <= max_height
        && w <= h * MAX_TEXT_ASPECT
        && w >= h * MIN_TEXT_ASPECT
        && fill >= MIN_TEXT_FILL
        && (fill <= MAX_TEXT_FILL || w < h * THIN_TEXT || h < w * THIN_TEXT)
}

/// Merges the glyphs of one tile's text into text boxes: blobs of the same polarity on the same
/// line with a gap under a third of the line height, and small marks (a hyphen, a dot) centred
/// on a glyph's line right next to it.
///
/// Each pass takes the boxes in turn (first by their left edge) and joins each to the first
/// earlier box it continues (see [`same_line`]); passes repeat until one joins nothing.
pub fn merge_lines(blobs: &[Blob]) -> Vec<Blob> {
    let mut boxes: Vec<Blob> = blobs.to_vec();
    boxes.sort_by_key(|b| b.x0);
    loop {
        let (out, merged) = merge_pass(boxes);
        if !merged {
            return out;
        }
        boxes = out;
    }
}

/// One pass of [`merge_lines`]; returns the boxes and whether any were joined. The earlier
/// boxes a box may continue are looked up in a [`BoxGrid`] rather than all compared with it:
/// [`same_line`] needs the two to overlap vertically and to lie at most [`MAX_LETTER_GAP`] of
/// the taller one's height apart across, so only boxes near it can join it (a page of noise or a
/// fine checkerboard holds tens of thousands of blobs, which pair by pair took seconds).
fn merge_pass(boxes: Vec<Blob>) -> (Vec<Blob>, bool) {
    let mut tallest = boxes.iter().map(Blob::height).max().unwrap_or(1);
    let mut grid = BoxGrid::new(&boxes, tallest);
    let mut out: Vec<Blob> = Vec::with_capacity(boxes.len());
    let mut merged = false;
    let mut near = Vec::new();
    for b in boxes {
        // Within reach of the tallest box so far (joined boxes may grow taller).
        let reach = (tallest as f32 * MAX_LETTER_GAP).ceil() as u32 + 1;
        grid.near(&b, reach, &mut near);
        match near.iter().copied().find(|&i| same_line(&out[i], &b)) {
            Some(i) => {
                let grown = out[i].union(&b);
                grid.grow(i, &out[i], &grown);
                tallest = tallest.max(grown.height());
                out[i] = grown;
                merged = true;
            }
            None => {
                grid.add(out.len(), &b);
                out.push(b);
            }
        }
    }
    (out, merged)
}

/// The boxes of a pass of [`merge_pass`] by square buckets of the image: each box's index is
/// listed in every bucket its box overlaps.
struct BoxGrid {
    /// The side of a bucket, in pixels.
    side: u32,
    /// Buckets across.
    across: usize,
    /// Buckets down.
    down: usize,
    /// Row-major buckets of box indices.
    buckets: Vec<Vec<usize>>,
}

impl BoxGrid {
    /// An empty grid over the extent of `boxes`, with buckets as large as the `tallest` box.
    fn new(boxes: &[Blob], tallest: u32) -> BoxGrid {
        let side = tallest.max(16);
        let right = boxes.iter().map(|b| b.x1).max().unwrap_or(0);
        let bottom = boxes.iter().map(|b| b.y1).max().unwrap_or(0);
        let (across, down) = ((right / side + 1) as usize, (bottom / side + 1) as usize);
        BoxGrid {
            side,
            across,
            down,
            buckets: vec![Vec::new(); across * down],
        }
    }

    /// The buckets (columns and rows) overlapping the span `x0..x1`, `y0..y1`.
    fn span(&self, (x0, x1): (u32, u32), (y0, y1): (u32, u32)) -> [std::ops::Range<usize>; 2] {
        let cells = |a: u32, b: u32, n: usize| {
            let first = ((a / self.side) as usize).min(n);
            let last = ((b.max(a + 1) - 1) / self.side) as usize;
            first..(last + 1).min(n)
        };
        [cells(x0, x1, self.across), cells(y0, y1, self.down)]
    }

    /// Lists box `i` in the buckets `b` overlaps.
    fn add(&mut self, i: usize, b: &Blob) {
        let [columns, rows] = self.span((b.x0, b.x1), (b.y0, b.y1));
        for row in rows {
            for column in columns.clone() {
                self.buckets[row * self.across + column].push(i);
            }
        }
    }

    /// Lists box `i`, grown from `was` to `now`, in the buckets `now` overlaps and `was` did not.
    fn grow(&mut self, i: usize, was: &Blob, now: &Blob) {
        let [old_columns, old_rows] = self.span((was.x0, was.x1), (was.y0, was.y1));
        let [columns, rows] = self.span((now.x0, now.x1), (now.y0, now.y1));
        for row in rows {
            for column in columns.clone() {
                if !(old_rows.contains(&row) && old_columns.contains(&column)) {
                    self.buckets[row * self.across + column].push(i);
                }
            }
        }
    }

    /// Fills `found` with the indices, in increasing order, of the boxes listed in the buckets
    /// that `b`, widened by `reach` pixels across and a pixel up and down, overlaps.
    fn near(&self, b: &Blob, reach: u32, found: &mut Vec<usize>) {
        found.clear();
        let across = (b.x0.saturating_sub(reach), b.x1 + reach);
        let down = (b.y0.saturating_sub(1), b.y1 + 1);
        let [columns, rows] = self.span(across, down);
        for row in rows {
            for column in columns.clone() {
                found.extend(&self.buckets[row * self.across + column]);
            }
        }
        found.sort_unstable();
        found.dedup();
    }
}

/// True when `b` continues the text of `a` on the same line.
fn same_line(a: &Blob, b: &Blob) -> bool {
    if a.dark != b.dark {
        return false;
    }
    let (ha, hb) = (a.height() as f32, b.height() as f32);
    let big = ha.max(hb);
    let gap = (b.x0 as f32 - a.x1 as f32).max(a.x0 as f32 - b.x1 as f32);
    // Side by side (or interleaved: the halves of a W split at a thin joint), not far apart, and
    // not one inside the other (a letter inside a tile's rim).
    let inside = |o: &Blob, i: &Blob| o.bounds().holds(&i.bounds());
    if gap > big * MAX_LETTER_GAP || inside(a, b) || inside(b, a) {
        return false;
    }
    let overlap = (a.y1.min(b.y1) as f32 - a.y0.max(b.y0) as f32).max(0.0);
    let similar = ha.min(hb) / big > SIMILAR_HEIGHT && overlap > MIN_LINE_OVERLAP * ha.min(hb);
    // A small mark (hyphen) centred on the other's line.
    let (small, large) = if ha < hb { (a, b) } else { (b, a) };
    let mark = (small.height() as f32) < MARK_HEIGHT * large.height() as f32
        && small.width() >= small.height()
        && (small.cy() - large.cy()).abs() < MARK_CENTRE_OFFSET * large.height() as f32
        && small.width() as f32 >= MARK_MIN_WIDTH * large.height() as f32;
    similar || mark
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;
    use proptest::prelude::*;

    fn blob(x0: u32, y0: u32, x1: u32, y1: u32) -> Blob {
        Blob {
            x0,
            y0,
            x1,
            y1,
            area: (x1 - x0) * (y1 - y0) / 2,
            dark: true,
            parts: 1,
        }
    }

    #[test]
    fn merges_letters_of_one_tile_but_not_of_neighbours() {
        // "QU" (gap 3) in one tile, "A" one tile pitch to the right.
        let boxes = merge_lines(&[
            blob(10, 10, 30, 40),
            blob(33, 10, 53, 40),
            blob(100, 10, 120, 40),
        ]);
        assert_eq!(boxes.len(), 2);
        assert_eq!((boxes[0].x0, boxes[0].x1), (10, 53));
    }

    #[test]
    fn joins_a_hyphen_but_not_a_corner_digit() {
        let hyphen = blob(2, 23, 8, 27);
        let digit = blob(32, 35, 38, 44);
        let boxes = merge_lines(&[blob(10, 10, 30, 40), hyphen, digit]);
        assert_eq!(boxes.len(), 2);
        assert!(boxes.iter().any(|b| b.x0 == 2 && b.x1 == 30));
    }

    /// The blobs of imageproc's pixel labelling, in label order: what [`components`] must match.
    fn blobs_by_imageproc(image: &GrayImage) -> Vec<(u8, Blob)> {
        use imageproc::region_labelling::{Connectivity, connected_components};
        let labels = connected_components(image, Connectivity::Eight, Luma([0u8]));
        let mut boxes: Vec<Option<(u8, Blob)>> = Vec::new();
        for (x, y, label) in labels.enumerate_pixels() {
            let l = label[0] as usize;
            if l == 0 {
                continue;
            }
            if boxes.len() <= l {
                boxes.resize(l + 1, None);
            }
            let first = (
                image.get_pixel(x, y)[0],
                Blob {
                    area: 0,
                    dark: false,
                    ..blob(x, y, x + 1, y + 1)
                },
            );
            let b = &mut boxes[l].get_or_insert(first).1;
            (b.x0, b.y0) = (b.x0.min(x), b.y0.min(y));
            (b.x1, b.y1) = (b.x1.max(x + 1), b.y1.max(y + 1));
            b.area += 1;
        }
        boxes.into_iter().flatten().collect()
    }

    /// Random masks of three values (none, dark, light), with diagonal contacts. (At least 2x2:
    /// imageproc 0.27 panics on a 1x1 image with ink.)
    fn masks() -> impl Strategy<Value = GrayImage> {
        (2u32..24, 2u32..24).prop_flat_map(|(w, h)| {
            let value = prop_oneof![3 => Just(0u8), 2 => Just(1u8), 1 => Just(2u8)];
            proptest::collection::vec(value, (w * h) as usize)
                .prop_map(move |pixels| GrayImage::from_raw(w, h, pixels).unwrap())
        })
    }

    /// The masks by the definition: each window's sum added up pixel by pixel.
    fn ink_masks_by_definition(gray: &GrayImage, radius: u32, delta: i32) -> InkMasks {
        let (w, h) = gray.dimensions();
        let mut masks = InkMasks {
            dark: GrayImage::new(w, h),
            light: GrayImage::new(w, h),
        };
        for (x, y, p) in gray.enumerate_pixels() {
            let (xs, ys) = (
                x.saturating_sub(radius)..=(x + radius).min(w - 1),
                y.saturating_sub(radius)..=(y + radius).min(h - 1),
            );
            let (mut sum, mut count) = (0i64, 0i64);
            for wy in ys {
                for wx in xs.clone() {
                    sum += gray.get_pixel(wx, wy).0[0] as i64;
                    count += 1;
                }
            }
            let (p, mean) = (p.0[0] as i64, sum / count);
            if p + (delta as i64) < mean {
                masks.dark.put_pixel(x, y, Luma([255]));
            } else if p - (delta as i64) > mean {
                masks.light.put_pixel(x, y, Luma([255]));
            }
        }
        masks
    }

    /// Pixels whose level lies at the edge of their window's mean (random images rarely do): a
    /// 5x3 image of 59s, radius 1, margin 7, one middle pixel changed. At 50 the window sums to
    /// exactly (50 + 7 + 1) * 9, its mean 58 just above 50 + 7: dark; at 51 not; at 67 the mean
    /// is 59, just below 67 - 7: light; at 66 not.
    #[test]
    fn ink_at_the_edge_of_the_mean_is_marked_as_defined() {
        for middle in [49u8, 50, 51, 66, 67, 68, 69] {
            let mut gray = GrayImage::from_pixel(5, 3, Luma([59]));
            gray.put_pixel(2, 1, Luma([middle]));
            let (fast, slow) = (ink_masks(&gray, 1, 7), ink_masks_by_definition(&gray, 1, 7));
            assert_eq!(fast.dark, slow.dark, "dark, middle {middle}");
            assert_eq!(fast.light, slow.light, "light, middle {middle}");
        }
        let dark_at_edge = ink_masks(
            &GrayImage::from_fn(5, 3, |x, y| Luma([if (x, y) == (2, 1) { 50 } else { 59 }])),
            1,
            7,
        );
        assert_eq!(dark_at_edge.dark.get_pixel(2, 1).0[0], 255);
    }

    /// [`merge_lines`] by its definition: every box compared with every earlier one, pass after
    /// pass.
    fn merge_lines_pair_by_pair(blobs: &[Blob]) -> Vec<Blob> {
        let mut boxes: Vec<Blob> = blobs.to_vec();
        boxes.sort_by_key(|b| b.x0);
        let mut merged = true;
        while merged {
            merged = false;
            let mut out: Vec<Blob> = Vec::new();
            'next: for b in boxes {
                for a in out.iter_mut() {
                    if same_line(a, &b) {
                        *a = a.union(&b);
                        merged = true;
                        continue 'next;
                    }
                }
                out.push(b);
            }
            boxes = out;
        }
        boxes
    }

    /// Random glyph boxes crowded on a small page (letters, hyphens, tall and flat pieces of
    /// both polarities), so that many lie on one line and joined boxes join others.
    fn line_blobs() -> impl Strategy<Value = Vec<Blob>> {
        let one = (0u32..160, 0u32..120, 1u32..40, 1u32..40, any::<bool>()).prop_map(
            |(x0, y0, w, h, dark)| Blob {
                x0,
                y0,
                x1: x0 + w,
                y1: y0 + h,
                area: w * h / 2 + 1,
                dark,
                parts: 1,
            },
        );
        proptest::collection::vec(one, 0..80)
    }

    /// Random grey images from 1x1 up, with a radius that may exceed them.
    fn greys() -> impl Strategy<Value = (GrayImage, u32, i32)> {
        (1u32..30, 1u32..30, 0u32..12, 0i32..40).prop_flat_map(|(w, h, radius, delta)| {
            proptest::collection::vec(any::<u8>(), (w * h) as usize)
                .prop_map(move |pixels| (GrayImage::from_raw(w, h, pixels).unwrap(), radius, delta))
        })
    }

    proptest! {
        /// Run labelling finds the same components, boxes, areas and order as labelling every
        /// pixel.
        #[test]
        fn run_labelling_matches_pixel_labelling(image in masks()) {
            prop_assert_eq!(components(&image), blobs_by_imageproc(&image));
        }

        /// Merging through the grid of buckets gives the boxes, in the order, that comparing every
        /// box with every earlier one gives.
        #[test]
        fn merge_lines_matches_merging_pair_by_pair(blobs in line_blobs()) {
            prop_assert_eq!(merge_lines(&blobs), merge_lines_pair_by_pair(&blobs));
        }

        /// Sliding window sums give the masks the definition gives, at the edges too.
        #[test]
        fn ink_masks_match_their_definition((gray, radius, delta) in greys()) {
            let (fast, slow) = (ink_masks(&gray, radius, delta), ink_masks_by_definition(&gray, radius, delta));
            prop_assert_eq!(fast.dark, slow.dark);
            prop_assert_eq!(fast.light, slow.light);
        }
    }

    #[test]
    fn finds_dark_and_light_ink() {
        let mut img = GrayImage::from_pixel(40, 40, Luma([128]));
        for y in 10..20 {
            for x in 10..14 {
                img.put_pixel(x, y, Luma([20]));
                img.put_pixel(x + 15, y, Luma([240]));
            }
        }
        let masks = ink_masks(&img, 8, 20);
        assert_eq!(blobs(&masks.dark, true, 4).len(), 1);
        assert_eq!(blobs(&masks.light, false, 4).len(), 1);
    }
}
