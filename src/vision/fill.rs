//! Tile fills: the colour of a lattice cell around its text, sampled in the original colour
//! image.
//!
//! The grid is searched in grey levels, and grey can hide what colour shows at a glance: blue
//! tiles on an orange ground can have the same grey level. So where the grid finder must tell a
//! tile from the ground around the tiles, it asks the colours.

use super::rect::Rect;
use image::{DynamicImage, GenericImageView};

/// A colour: red, green and blue levels (0..255).
pub(crate) type Colour = [f32; 3];

/// Side of the square grid of samples a fill is taken on.
const FILL_SAMPLES: usize = 8;

/// The original colour image, sampled in the coordinates of the analysis copy the grid is
/// searched in.
pub(crate) struct Colours<'a> {
    image: &'a DynamicImage,
    /// Original pixels per analysis pixel.
    scale: f32,
    /// Whether points are given mirrored about the image's diagonal (`x` down, `y` across).
    mirrored: bool,
}

impl<'a> Colours<'a> {
    /// `image` seen through an analysis copy that is `scale` times smaller.
    pub(crate) fn new(image: &'a DynamicImage, scale: f32) -> Colours<'a> {
        Colours {
            image,
            scale,
            mirrored: false,
        }
    }

    /// The same image seen mirrored about its diagonal (its columns as rows), as the analysis
    /// masks are by [`super::glyphs::InkMasks::mirrored`]; nothing is copied.
    pub(crate) fn mirrored(&self) -> Colours<'a> {
        Colours {
            mirrored: !self.mirrored,
            ..*self
        }
    }

    /// The colour at a point of the analysis copy; `None` off the image.
    pub(crate) fn at(&self, x: f32, y: f32) -> Option<Colour> {
        let (w, h) = self.image.dimensions();
        let (x, y) = if self.mirrored { (y, x) } else { (x, y) };
        let (x, y) = (x * self.scale, y * self.scale);
        if x < 0.0 || y < 0.0 || x >= w as f32 || y >= h as f32 {
            return None;
        }
        let p = self.image.get_pixel(x as u32, y as u32).0;
        Some([p[0] as f32, p[1] as f32, p[2] as f32])
    }

    /// The fill of `area`: the per-channel median colour on a [`FILL_SAMPLES`]-square grid over
    /// it, leaving out the samples inside `skip` (the text on a tile); `None` when no sample is
    /// left.
    pub(crate) fn fill(&self, area: Rect, skip: Option<Rect>) -> Option<Colour> {
        let mut samples: [Vec<f32>; 3] = Default::default();
        for ((x, y), colour) in self.samples(area, FILL_SAMPLES) {
            let skipped =
                skip.is_some_and(|s| x >= s.left && x < s.right && y >= s.top && y < s.bottom);
            if skipped {
                continue;
            }
            if let Some(c) = colour {
                for (channel, v) in samples.iter_mut().zip(c) {
                    channel.push(v);
                }
            }
        }
        channel_medians(samples)
    }

    /// The points of an `n`-square grid over `area` (the middle of each of its `n` x `n`
    /// parts), row by row, each with its colour (`None` off the image).
    pub(crate) fn samples(
        &self,
        area: Rect,
        n: usize,
    ) -> impl Iterator<Item = ((f32, f32), Option<Colour>)> + '_ {
        let parts = n as f32;
        (0..n * n).map(move |k| {
            let x = area.left + ((k % n) as f32 + 0.5) / parts * area.width();
            let y = area.top + ((k / n) as f32 + 0.5) / parts * area.height();
            ((x, y), self.at(x, y))
        })
    }
}

/// The per-channel median of `colours` (of an even count, the upper of the two middle levels);
/// `None` when there are none.
pub(crate) fn median(colours: &[Colour]) -> Option<Colour> {
    channel_medians([0, 1, 2].map(|k| colours.iter().map(|c| c[k]).collect()))
}

/// The median of each channel's levels; `None` when they are empty.
fn channel_medians(channels: [Vec<f32>; 3]) -> Option<Colour> {
    if channels[0].is_empty() {
        return None;
    }
    Some(channels.map(|mut channel| {
        let middle = channel.len() / 2;
        *channel.select_nth_unstable_by(middle, f32::total_cmp).1
    }))
}

/// The distance between two colours (Euclidean, in levels).
pub(crate) fn distance(a: Colour, b: Colour) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).powi(2))
        .sum::<f32>()
        .sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    #[test]
    fn a_fill_leaves_out_the_text_and_reads_through_the_scale() {
        // A blue square with a white bar in its middle, in an image twice the analysis size.
        let mut img = RgbImage::from_pixel(100, 100, Rgb([30, 160, 225]));
        for y in 30..70 {
            for x in 40..60 {
                img.put_pixel(x, y, Rgb([255, 255, 255]));
            }
        }
        let image = DynamicImage::ImageRgb8(img);
        let colours = Colours::new(&image, 2.0);
        let area = Rect::new(10.0, 10.0, 40.0, 40.0);
        let text = Rect::new(18.0, 13.0, 32.0, 37.0);
        assert_eq!(colours.fill(area, Some(text)), Some([30.0, 160.0, 225.0]));
        // With the text left in, the bar (a third of the samples) does not move the median.
        assert_eq!(colours.fill(area, None), Some([30.0, 160.0, 225.0]));
        // Everything skipped, or off the image: no fill.
        assert_eq!(colours.fill(area, Some(area)), None);
        assert_eq!(colours.fill(Rect::new(60.0, 60.0, 90.0, 90.0), None), None);
        assert!((distance([0.0, 0.0, 0.0], [3.0, 4.0, 0.0]) - 5.0).abs() < 1e-6);
    }
}
