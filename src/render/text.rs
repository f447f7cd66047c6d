//! Anti-aliased text from the bundled font (DejaVu Sans Bold, `assets/`), drawn onto a pixmap.

use ab_glyph::{Font as _, FontRef, Glyph, PxScale, ScaleFont, point};
use tiny_skia::{Color, Pixmap};

/// The bundled font file.
const FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// Horizontal alignment of a line of text relative to its anchor point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// The anchor is the left end.
    Left,
    /// The anchor is the middle.
    Centre,
    /// The anchor is the right end.
    Right,
}

/// The bundled font, ready to draw text.
#[derive(Debug, Clone)]
pub struct Font {
    font: FontRef<'static>,
}

impl Font {
    /// The bundled DejaVu Sans Bold.
    pub fn bundled() -> Font {
        Font {
            font: FontRef::try_from_slice(FONT_BYTES).expect("the bundled font is a valid TTF"),
        }
    }

    /// The width in pixels of `text` at `size` pixels per em.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        self.layout(text, size).1
    }

    /// The height of capital letters at `size` pixels per em.
    pub fn cap_height(&self, size: f32) -> f32 {
        size * 0.73
    }

    /// The largest size, at most `max`, at which `text` is at most `width` pixels wide.
    pub fn fit(&self, text: &str, max: f32, width: f32) -> f32 {
        let w = self.width(text, max);
        if w <= width || w <= 0.0 {
            max
        } else {
            max * width / w
        }
    }

    fn layout(&self, text: &str, size: f32) -> (Vec<Glyph>, f32) {
        let scaled = self.font.as_scaled(PxScale::from(size));
        let mut caret = 0.0;
        let mut prev = None;
        let mut glyphs = Vec::with_capacity(text.len());
        for ch in text.chars() {
            let id = scaled.glyph_id(ch);
            if let Some(p) = prev {
                caret += scaled.kern(p, id);
            }
            glyphs.push(id.with_scale_and_position(size, point(caret, 0.0)));
            caret += scaled.h_advance(id);
            prev = Some(id);
        }
        (glyphs, caret)
    }

    /// Draws one line of text. `(x, y)` is the anchor: `y` is the vertical middle of capital
    /// letters, `x` the left end, middle or right end as `align` says.
    pub fn draw(
        &self,
        pixmap: &mut Pixmap,
        text: &str,
        size: f32,
        (x, y): (f32, f32),
        align: Align,
        color: Color,
    ) {
        let (glyphs, width) = self.layout(text, size);
        let left = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        let baseline = y + self.cap_height(size) / 2.0;
        for mut glyph in glyphs {
            glyph.position = point(glyph.position.x + left, baseline);
            if let Some(outline) = self.font.outline_glyph(glyph) {
                let b = outline.px_bounds();
                outline.draw(|gx, gy, coverage| {
                    let px = b.min.x as i32 + gx as i32;
                    let py = b.min.y as i32 + gy as i32;
                    blend(pixmap, px, py, color, coverage);
                });
            }
        }
    }
}

/// Blends `color` at `coverage` over one pixel of a premultiplied pixmap.
fn blend(pixmap: &mut Pixmap, x: i32, y: i32, color: Color, coverage: f32) {
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    if x < 0 || y < 0 || x >= w || y >= h {
        return;
    }
    let a = (color.alpha() * coverage.clamp(0.0, 1.0)).clamp(0.0, 1.0);
    let i = (y * w + x) as usize * 4;
    let data = pixmap.data_mut();
    let src = [color.red(), color.green(), color.blue()];
    for (k, s) in src.iter().enumerate() {
        let d = data[i + k] as f32;
        data[i + k] = (s * a * 255.0 + d * (1.0 - a)).round() as u8;
    }
    let da = data[i + 3] as f32;
    data[i + 3] = (a * 255.0 + da * (1.0 - a)).round() as u8;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_measured_and_drawn() {
        let font = Font::bundled();
        let w = font.width("QU", 40.0);
        assert!(w > 40.0 && w < 80.0, "{w}");
        assert!(font.fit("QUEEN", 40.0, 50.0) < 40.0);
        let mut pixmap = Pixmap::new(100, 60).unwrap();
        pixmap.fill(Color::WHITE);
        font.draw(
            &mut pixmap,
            "A",
            40.0,
            (50.0, 30.0),
            Align::Centre,
            Color::BLACK,
        );
        let dark = pixmap.pixels().iter().filter(|p| p.red() < 128).count();
        assert!(dark > 100, "{dark} dark pixels");
        // Nothing drawn far from the anchor.
        assert_eq!(pixmap.pixel(2, 2).unwrap().red(), 255);
    }
}
