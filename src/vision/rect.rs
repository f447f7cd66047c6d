//! Boxes in the analysis image: the lattice's cells and board, and the parts of them the reader
//! looks at.

use super::tiles::PixelBox;
use image::GrayImage;

/// A box in analysis-image coordinates: left and top edges included, right and bottom edges
/// excluded.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub left: f32,
    /// Top edge.
    pub top: f32,
    /// Right edge.
    pub right: f32,
    /// Bottom edge.
    pub bottom: f32,
}

impl Rect {
    /// The box from its edges.
    pub fn new(left: f32, top: f32, right: f32, bottom: f32) -> Rect {
        Rect {
            left,
            top,
            right,
            bottom,
        }
    }

    /// Width.
    pub fn width(&self) -> f32 {
        self.right - self.left
    }

    /// Height.
    pub fn height(&self) -> f32 {
        self.bottom - self.top
    }

    /// The box grown by `by` on every side.
    pub fn outset(&self, by: f32) -> Rect {
        Rect::new(
            self.left - by,
            self.top - by,
            self.right + by,
            self.bottom + by,
        )
    }

    /// The box with `share` of its width off the left and right and of its height off the top
    /// and bottom (0.25 keeps the middle half).
    pub fn inset_share(&self, share: f32) -> Rect {
        let (mx, my) = (share * self.width(), share * self.height());
        Rect::new(
            self.left + mx,
            self.top + my,
            self.right - mx,
            self.bottom - my,
        )
    }

    /// The share of set pixels of `mask` in the box (0 when the box is outside the image).
    pub fn ink_share(&self, mask: &GrayImage) -> f32 {
        let (w, h) = mask.dimensions();
        let (x0, y0) = (self.left.max(0.0) as u32, self.top.max(0.0) as u32);
        let (x1, y1) = (
            (self.right.max(0.0) as u32).min(w),
            (self.bottom.max(0.0) as u32).min(h),
        );
        if x1 <= x0 || y1 <= y0 {
            return 0.0;
        }
        let ink = (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| mask.get_pixel(x, y)[0] > 0)
            .count();
        ink as f32 / ((x1 - x0) * (y1 - y0)) as f32
    }

    /// The box in full-resolution pixels (`scale` of them per analysis pixel), clamped to an
    /// image of `(w, h)` pixels.
    pub fn to_pixels(self, scale: f32, (w, h): (u32, u32)) -> PixelBox {
        let clamp = |v: f32, max: u32| (v.max(0.0) as u32).min(max);
        (
            clamp(self.left * scale, w),
            clamp(self.top * scale, h),
            clamp((self.right * scale).ceil(), w),
            clamp((self.bottom * scale).ceil(), h),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    #[test]
    fn insets_outsets_and_pixels() {
        let r = Rect::new(10.0, 20.0, 50.0, 40.0);
        assert_eq!(r.inset_share(0.25), Rect::new(20.0, 25.0, 40.0, 35.0));
        assert_eq!(r.outset(2.0), Rect::new(8.0, 18.0, 52.0, 42.0));
        assert_eq!(r.to_pixels(2.0, (90, 1000)), (20, 40, 90, 80));
        assert_eq!(
            Rect::new(-5.0, -5.0, 1.5, 1.5).to_pixels(1.0, (9, 9)),
            (0, 0, 2, 2)
        );
    }

    #[test]
    fn ink_share_counts_set_pixels_inside_the_image() {
        let mut mask = GrayImage::new(10, 10);
        for x in 0..5 {
            mask.put_pixel(x, 0, Luma([255]));
        }
        assert_eq!(Rect::new(0.0, 0.0, 10.0, 2.0).ink_share(&mask), 0.25);
        assert_eq!(Rect::new(-4.0, -4.0, 5.0, 1.0).ink_share(&mask), 1.0);
        assert_eq!(Rect::new(20.0, 20.0, 30.0, 30.0).ink_share(&mask), 0.0);
    }
}
