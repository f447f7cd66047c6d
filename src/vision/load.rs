//! Opening an image file with clear errors and limits (never a panic, never a huge allocation).

use super::VisionError;
use image::{DynamicImage, ImageReader, Limits};
use std::path::Path;

/// The largest width or height accepted, in pixels.
pub const MAX_SIDE: u32 = 16_384;
/// The smallest width or height that can hold a 3x3 grid of readable tiles.
pub const MIN_SIDE: u32 = 24;

/// Decodes an image file, checking that it is an image of a usable size.
pub fn load(path: &Path) -> Result<DynamicImage, VisionError> {
    let meta = std::fs::metadata(path).map_err(|e| VisionError::Io(e.to_string()))?;
    if meta.len() == 0 {
        return Err(VisionError::NotAnImage("the file is empty".into()));
    }
    let reader = ImageReader::open(path)
        .map_err(|e| VisionError::Io(e.to_string()))?
        .with_guessed_format()
        .map_err(|e| VisionError::Io(e.to_string()))?;
    if reader.format().is_none() {
        return Err(VisionError::NotAnImage(
            "not a known image format (PNG, JPEG, WebP, BMP, GIF)".into(),
        ));
    }
    let mut reader = reader;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(1 << 30);
    reader.limits(limits);
    let image = reader.decode().map_err(|e| match e {
        image::ImageError::Limits(_) => VisionError::TooLarge(format!(
            "larger than {MAX_SIDE}x{MAX_SIDE} pixels or 1 GiB decoded"
        )),
        other => VisionError::NotAnImage(format!("cannot decode: {other}")),
    })?;
    check_size(&image)?;
    Ok(image)
}

/// Fails for images too small to hold a board.
pub fn check_size(image: &DynamicImage) -> Result<(), VisionError> {
    let (w, h) = (image.width(), image.height());
    if w < MIN_SIDE || h < MIN_SIDE {
        return Err(VisionError::TooSmall(w, h));
    }
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(VisionError::TooLarge(format!("{w}x{h} pixels")));
    }
    Ok(())
}
