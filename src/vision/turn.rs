//! A board whose letters all lie one way: a screenshot or photo saved on its side or upside
//! down. Its letters read turned (an `N` on its side is a `Z`, an `A` upside down a `V`, at
//! 99%) and its values and badges sit in the wrong corner, so the reader turns the whole image
//! upright and reads it again (see [`super::read_image`]).

use super::rect::PixelBox;
use image::DynamicImage;
use image::imageops::{rotate90, rotate180, rotate270};

/// Which way a board's letters face, as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Facing {
    /// Upright as the image stands.
    Upright,
    /// All one way: the image turned so stands them upright (a screenshot saved turned).
    OneWay(Turn),
    /// Every way, each letter read its surest way: dice in a tray, or dice an app turns at
    /// random. `lean` is the turn that most of the letters read surely turned agree on, if any:
    /// an image saved turned, a few of whose letters read surely upright as other letters, looks
    /// alike, so the image is read in that turn too and the read kept if it stands upright.
    EveryWay {
        /// The turn most letters read surely turned agree on ([`Turn::None`] where none).
        lean: Turn,
    },
}

/// How far an image is turned clockwise to stand its board's letters upright.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Turn {
    /// The letters stand upright as the image is.
    #[default]
    None,
    /// A quarter turn clockwise (the image was saved turned a quarter anticlockwise).
    Quarter,
    /// Half a turn.
    Half,
    /// Three quarters clockwise (a quarter anticlockwise).
    ThreeQuarters,
}

impl Turn {
    /// The turn of `quarters` quarter turns clockwise (modulo four).
    pub fn from_quarters(quarters: usize) -> Turn {
        match quarters % 4 {
            0 => Turn::None,
            1 => Turn::Quarter,
            2 => Turn::Half,
            _ => Turn::ThreeQuarters,
        }
    }

    /// Quarter turns clockwise, 0 to 3.
    pub fn quarters(self) -> u32 {
        match self {
            Turn::None => 0,
            Turn::Quarter => 1,
            Turn::Half => 2,
            Turn::ThreeQuarters => 3,
        }
    }

    /// Degrees clockwise: 0, 90, 180 or 270.
    pub fn degrees(self) -> u32 {
        90 * self.quarters()
    }

    /// The image turned (a copy).
    pub fn apply(self, image: &DynamicImage) -> DynamicImage {
        match self {
            Turn::None => image.clone(),
            Turn::Quarter => image.rotate90(),
            Turn::Half => image.rotate180(),
            Turn::ThreeQuarters => image.rotate270(),
        }
    }

    /// A grey crop turned.
    pub(crate) fn apply_grey(self, crop: &image::GrayImage) -> image::GrayImage {
        match self {
            Turn::None => crop.clone(),
            Turn::Quarter => rotate90(crop),
            Turn::Half => rotate180(crop),
            Turn::ThreeQuarters => rotate270(crop),
        }
    }

    /// Where a box of the turned image lies in the image before the turn, whose size is
    /// `(width, height)`.
    pub fn box_back(self, b: PixelBox, (width, height): (u32, u32)) -> PixelBox {
        // Clockwise by a quarter, a pixel (x, y) of the original goes to (height-1-y, x): so
        // the turned box's columns are the original's rows counted from the bottom.
        match self {
            Turn::None => b,
            Turn::Quarter => PixelBox::new(b.top, height - b.right, b.bottom, height - b.left),
            Turn::Half => PixelBox::new(
                width - b.right,
                height - b.bottom,
                width - b.left,
                height - b.top,
            ),
            Turn::ThreeQuarters => PixelBox::new(width - b.bottom, b.left, width - b.top, b.right),
        }
    }
}

impl std::fmt::Display for Turn {
    /// `turned 90° clockwise` (empty for [`Turn::None`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Turn::None => Ok(()),
            turn => write!(f, "turned {}° clockwise", turn.degrees()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    /// A box drawn on an image, turned with the image and mapped back, is the box drawn.
    #[test]
    fn boxes_map_back_through_every_turn() {
        let (w, h) = (7, 5);
        let drawn = PixelBox::new(1, 2, 4, 3);
        let mut image = RgbImage::new(w, h);
        for y in drawn.top..drawn.bottom {
            for x in drawn.left..drawn.right {
                image.put_pixel(x, y, Rgb([255, 255, 255]));
            }
        }
        let image = DynamicImage::ImageRgb8(image);
        for q in 0..4 {
            let turn = Turn::from_quarters(q);
            let turned = turn.apply(&image).to_rgb8();
            let lit: Vec<(u32, u32)> = turned
                .enumerate_pixels()
                .filter(|(_, _, p)| p[0] == 255)
                .map(|(x, y, _)| (x, y))
                .collect();
            let found = PixelBox::new(
                lit.iter().map(|p| p.0).min().unwrap(),
                lit.iter().map(|p| p.1).min().unwrap(),
                lit.iter().map(|p| p.0).max().unwrap() + 1,
                lit.iter().map(|p| p.1).max().unwrap() + 1,
            );
            assert_eq!(turn.box_back(found, (w, h)), drawn, "{turn:?}");
        }
    }

    #[test]
    fn turns_count_quarters_clockwise() {
        assert_eq!(Turn::from_quarters(5), Turn::Quarter);
        assert_eq!(Turn::ThreeQuarters.degrees(), 270);
        assert_eq!(Turn::Half.to_string(), "turned 180° clockwise");
        assert_eq!(Turn::None.to_string(), "");
    }
}
