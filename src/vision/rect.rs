//! Boxes: [`Rect`] in the analysis image (the lattice's cells and board, and the parts of them
//! the reader looks at), [`PixelBox`] in whole pixels of an image (a cell, its text and its
//! marks at full resolution).

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
        let (ink, area) = self.ink_and_area(mask);
        if area == 0 {
            return 0.0;
        }
        ink as f32 / area as f32
    }

    /// How many pixels of `mask` inside the box are ink (non-zero), and how many pixels of the
    /// mask the box covers.
    pub fn ink_and_area(&self, mask: &GrayImage) -> (u32, u32) {
        let (w, h) = mask.dimensions();
        let (x0, y0) = (self.left.max(0.0) as u32, self.top.max(0.0) as u32);
        let (x1, y1) = (
            (self.right.max(0.0) as u32).min(w),
            (self.bottom.max(0.0) as u32).min(h),
        );
        if x1 <= x0 || y1 <= y0 {
            return (0, 0);
        }
        let ink = (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| mask.get_pixel(x, y)[0] > 0)
            .count();
        (ink as u32, (x1 - x0) * (y1 - y0))
    }

    /// The box in full-resolution pixels (`scale` of them per analysis pixel), clamped to an
    /// image of `(w, h)` pixels.
    pub fn to_pixels(self, scale: f32, (w, h): (u32, u32)) -> PixelBox {
        let clamp = |v: f32, max: u32| (v.max(0.0) as u32).min(max);
        PixelBox::new(
            clamp(self.left * scale, w),
            clamp(self.top * scale, h),
            clamp((self.right * scale).ceil(), w),
            clamp((self.bottom * scale).ceil(), h),
        )
    }
}

impl From<PixelBox> for Rect {
    /// The pixel box with the same edges, in the same pixels.
    fn from(b: PixelBox) -> Rect {
        Rect::new(b.left as f32, b.top as f32, b.right as f32, b.bottom as f32)
    }
}

/// A box of whole pixels of an image (the full-resolution screenshot unless said otherwise):
/// left and top edges included, right and bottom edges excluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PixelBox {
    /// Left edge (included).
    pub left: u32,
    /// Top edge (included).
    pub top: u32,
    /// Right edge (excluded).
    pub right: u32,
    /// Bottom edge (excluded).
    pub bottom: u32,
}

impl PixelBox {
    /// The box from its edges.
    pub const fn new(left: u32, top: u32, right: u32, bottom: u32) -> PixelBox {
        PixelBox {
            left,
            top,
            right,
            bottom,
        }
    }

    /// The whole of an image of `(w, h)` pixels.
    pub const fn whole((w, h): (u32, u32)) -> PixelBox {
        PixelBox::new(0, 0, w, h)
    }

    /// Width (0 for a box whose right edge is not past its left one).
    pub fn width(&self) -> u32 {
        self.right.saturating_sub(self.left)
    }

    /// Height (0 for a box whose bottom edge is not below its top one).
    pub fn height(&self) -> u32 {
        self.bottom.saturating_sub(self.top)
    }

    /// The number of pixels in the box.
    pub fn area(&self) -> u32 {
        self.width() * self.height()
    }

    /// Whether the box holds no pixel.
    pub fn is_empty(&self) -> bool {
        self.right <= self.left || self.bottom <= self.top
    }

    /// The centre, `((left + right) / 2, (top + bottom) / 2)`.
    pub fn centre(&self) -> (f32, f32) {
        (
            (self.left + self.right) as f32 / 2.0,
            (self.top + self.bottom) as f32 / 2.0,
        )
    }

    /// Whether the point `(x, y)` lies in the box (left and top edges included, right and
    /// bottom excluded).
    pub fn contains(&self, (x, y): (f32, f32)) -> bool {
        x >= self.left as f32
            && x < self.right as f32
            && y >= self.top as f32
            && y < self.bottom as f32
    }

    /// Whether the pixel at column `x`, row `y` lies in the box: whether its centre does (see
    /// [`PixelBox::contains`]), in whole numbers.
    pub fn holds_pixel(&self, x: u32, y: u32) -> bool {
        (self.left..self.right).contains(&x) && (self.top..self.bottom).contains(&y)
    }

    /// Whether `inner` lies wholly inside the box (its edges on the box's count as inside).
    pub fn holds(&self, inner: &PixelBox) -> bool {
        self.left <= inner.left
            && inner.right <= self.right
            && self.top <= inner.top
            && inner.bottom <= self.bottom
    }

    /// Whether the box and `other` share a pixel.
    pub fn overlaps(&self, other: &PixelBox) -> bool {
        self.left < other.right
            && other.left < self.right
            && self.top < other.bottom
            && other.top < self.bottom
    }

    /// The smallest box holding both boxes.
    pub fn union(&self, other: &PixelBox) -> PixelBox {
        PixelBox::new(
            self.left.min(other.left),
            self.top.min(other.top),
            self.right.max(other.right),
            self.bottom.max(other.bottom),
        )
    }

    /// The part of the box inside `area` (its edges moved in to `area`'s where they lie
    /// outside it).
    pub fn clamp_to_box(&self, area: PixelBox) -> PixelBox {
        PixelBox::new(
            self.left.max(area.left),
            self.top.max(area.top),
            self.right.min(area.right),
            self.bottom.min(area.bottom),
        )
    }

    /// The part of the box inside an image of `(w, h)` pixels.
    pub fn clamp_to(&self, dims: (u32, u32)) -> PixelBox {
        self.clamp_to_box(PixelBox::whole(dims))
    }

    /// Whether the box lies inside an image of `(w, h)` pixels.
    pub fn fits_in(&self, (w, h): (u32, u32)) -> bool {
        self.right <= w && self.bottom <= h
    }

    /// The box grown by `dx` on the left and right and `dy` on the top and bottom (the left and
    /// top edges stop at 0).
    pub fn outset(&self, dx: u32, dy: u32) -> PixelBox {
        PixelBox::new(
            self.left.saturating_sub(dx),
            self.top.saturating_sub(dy),
            self.right + dx,
            self.bottom + dy,
        )
    }

    /// The box shrunk by `dx` on the left and right and `dy` on the top and bottom (the right
    /// and bottom edges stop at 0).
    pub fn inset(&self, dx: u32, dy: u32) -> PixelBox {
        PixelBox::new(
            self.left + dx,
            self.top + dy,
            self.right.saturating_sub(dx),
            self.bottom.saturating_sub(dy),
        )
    }

    /// The box moved right by `dx` and down by `dy` (from a crop's pixels to the image's, when
    /// the crop starts at `(dx, dy)`).
    pub fn shifted(&self, dx: u32, dy: u32) -> PixelBox {
        PixelBox::new(
            self.left + dx,
            self.top + dy,
            self.right + dx,
            self.bottom + dy,
        )
    }

    /// The box in the pixels of a crop of the image that starts at `(x, y)` (which must not lie
    /// right of or below the box's top-left corner).
    pub fn relative_to(&self, (x, y): (u32, u32)) -> PixelBox {
        PixelBox::new(self.left - x, self.top - y, self.right - x, self.bottom - y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    #[test]
    fn a_pixel_box_is_the_rect_of_its_edges() {
        let b = PixelBox::new(3, 4, 10, 20);
        assert_eq!(Rect::from(b), Rect::new(3.0, 4.0, 10.0, 20.0));
        assert_eq!(Rect::from(b).to_pixels(1.0, (100, 100)), b);
    }

    #[test]
    fn insets_outsets_and_pixels() {
        let r = Rect::new(10.0, 20.0, 50.0, 40.0);
        assert_eq!(r.inset_share(0.25), Rect::new(20.0, 25.0, 40.0, 35.0));
        assert_eq!(r.outset(2.0), Rect::new(8.0, 18.0, 52.0, 42.0));
        assert_eq!(r.to_pixels(2.0, (90, 1000)), PixelBox::new(20, 40, 90, 80));
        assert_eq!(
            Rect::new(-5.0, -5.0, 1.5, 1.5).to_pixels(1.0, (9, 9)),
            PixelBox::new(0, 0, 2, 2)
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

    #[test]
    fn a_pixel_is_held_when_its_centre_is_contained() {
        let b = PixelBox::new(3, 5, 7, 8);
        for (x, y) in (0..10).flat_map(|x| (0..10).map(move |y| (x, y))) {
            let centre = (x as f32 + 0.5, y as f32 + 0.5);
            assert_eq!(b.holds_pixel(x, y), b.contains(centre), "pixel ({x}, {y})");
        }
        assert!(b.holds_pixel(3, 5) && !b.holds_pixel(7, 5) && !b.holds_pixel(3, 8));
    }

    #[test]
    fn pixel_boxes_measure_meet_and_clamp() {
        let b = PixelBox::new(10, 20, 30, 60);
        assert_eq!((b.width(), b.height(), b.area()), (20, 40, 800));
        assert_eq!(b.centre(), (20.0, 40.0));
        assert!(b.contains((10.0, 20.0)) && !b.contains((30.0, 40.0)));
        assert!(b.overlaps(&PixelBox::new(29, 59, 40, 70)));
        assert!(
            !b.overlaps(&PixelBox::new(30, 20, 40, 60)),
            "edges that touch do not overlap"
        );
        assert!(b.holds(&b) && b.holds(&PixelBox::new(15, 20, 30, 50)));
        assert!(
            !b.holds(&PixelBox::new(9, 25, 20, 30)) && !b.holds(&PixelBox::new(15, 25, 20, 61))
        );
        assert_eq!(
            b.union(&PixelBox::new(0, 50, 15, 70)),
            PixelBox::new(0, 20, 30, 70)
        );
        assert_eq!(b.clamp_to((25, 100)), PixelBox::new(10, 20, 25, 60));
        assert!(b.fits_in((30, 60)) && !b.fits_in((29, 60)));
        assert_eq!(b.outset(15, 5), PixelBox::new(0, 15, 45, 65));
        assert_eq!(b.inset(2, 3), PixelBox::new(12, 23, 28, 57));
        assert_eq!(b.shifted(1, 2).relative_to((1, 2)), b);
        assert!(PixelBox::new(5, 5, 5, 9).is_empty() && PixelBox::new(5, 5, 4, 9).width() == 0);
    }
}
