//! Opening an image file with clear errors and limits (never a panic, never a huge allocation).
//!
//! Limits: files up to [`MAX_FILE_BYTES`], images up to [`MAX_SIDE`] pixels a side and
//! [`MAX_DECODED_BYTES`] decoded (`image::Limits`), so a small file that claims to be a huge
//! image (a decompression bomb) is refused before anything is allocated.

use super::VisionError;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use rayon::prelude::*;
use std::io::Cursor;
use std::path::Path;

/// The largest width or height accepted, in pixels.
pub const MAX_SIDE: u32 = 16_384;
/// The smallest width or height that can hold a 3x3 grid of readable tiles.
pub const MIN_SIDE: u32 = 24;
/// The largest image file accepted, in bytes (256 MiB).
pub const MAX_FILE_BYTES: u64 = 256 << 20;
/// The most memory the decoder may allocate, in bytes (1 GiB).
pub const MAX_DECODED_BYTES: u64 = 1 << 30;

/// How a truncated image showed ([`VisionError::Truncated`]).
#[derive(Debug, thiserror::Error)]
pub enum Truncation {
    /// A JPEG whose last scan has no end-of-image marker after it (the JPEG decoder would fill
    /// the missing end with grey and report success, so this is checked before decoding).
    #[error("the JPEG has no end-of-image marker after its last scan")]
    NoJpegEnd,
    /// The decoder ran out of data. Its error is kept whole for callers to inspect; it is shown
    /// in the message (as the decoder words it) rather than reported as `source()`, so that a
    /// printed chain of causes does not repeat it.
    #[error("{0}")]
    Decoder(image::ImageError),
}

/// Which size limit an image broke ([`VisionError::TooLarge`]), with the sizes involved.
#[derive(Debug, thiserror::Error)]
pub enum Oversize {
    /// The file has more bytes than the limit ([`MAX_FILE_BYTES`]).
    #[error("the file has {bytes} bytes, more than the limit of {limit}")]
    File {
        /// The file's size in bytes.
        bytes: u64,
        /// The most bytes accepted.
        limit: u64,
    },
    /// A stream went on past the limit ([`MAX_FILE_BYTES`]); it is not read further.
    #[error("the input has more than {limit} bytes, the limit")]
    Stream {
        /// The most bytes accepted.
        limit: u64,
    },
    /// The decoder's limits refused the image before decoding it: more than `max_side` pixels
    /// a side or more than `max_decoded_bytes` to decode. The decoder's error is kept for
    /// callers to inspect, not shown (its wording adds nothing to the limits).
    #[error("larger than {max_side}x{max_side} pixels or {} MiB decoded", max_decoded_bytes >> 20)]
    Decoder {
        /// The largest width or height accepted ([`MAX_SIDE`]).
        max_side: u32,
        /// The most memory decoding may take ([`MAX_DECODED_BYTES`]).
        max_decoded_bytes: u64,
        /// The decoder's own error.
        error: image::error::LimitError,
    },
    /// A decoded image wider or taller than [`MAX_SIDE`].
    #[error("{width}x{height} pixels")]
    Pixels {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
}

/// Decodes an image file, checking that it is an image of a usable size.
pub fn load(path: &Path) -> Result<DynamicImage, VisionError> {
    let size = std::fs::metadata(path).map_err(VisionError::Io)?.len();
    if size > MAX_FILE_BYTES {
        return Err(VisionError::TooLarge(Oversize::File {
            bytes: size,
            limit: MAX_FILE_BYTES,
        }));
    }
    let bytes = std::fs::read(path).map_err(VisionError::Io)?;
    decode(&bytes)
}

/// Reads an image from a stream (a pipe: `wordsnap read -`) to its end and decodes it, with the
/// same checks and limits as [`load`]; a stream longer than [`MAX_FILE_BYTES`] is refused
/// without holding more than that in memory.
pub fn load_from(input: impl std::io::Read) -> Result<DynamicImage, VisionError> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    input
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(VisionError::Io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(VisionError::TooLarge(Oversize::Stream {
            limit: MAX_FILE_BYTES,
        }));
    }
    decode(&bytes)
}

/// Decodes an image held in memory, with the same checks and limits as [`load`].
pub fn decode(bytes: &[u8]) -> Result<DynamicImage, VisionError> {
    if bytes.is_empty() {
        return Err(VisionError::NotAnImage("the file is empty".into()));
    }
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(VisionError::Io)?;
    let Some(format) = reader.format() else {
        return Err(VisionError::NotAnImage(
            "not a known image format (PNG, JPEG, WebP, BMP, GIF)".into(),
        ));
    };
    if format == ImageFormat::Jpeg && !jpeg_is_complete(bytes) {
        // The JPEG decoder fills a missing end with grey and reports success: check first.
        return Err(VisionError::Truncated(Truncation::NoJpegEnd));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    reader.limits(limits.clone());
    let mut decoder = reader.into_decoder().map_err(decode_error)?;
    // As `ImageReader::decode` does: the decoded size counts against the allocation limit.
    limits
        .reserve(decoder.total_bytes())
        .map_err(decode_error)?;
    decoder.set_limits(limits).map_err(decode_error)?;
    // A photo taken with the phone on its side is saved so, with its Exif orientation saying
    // how to stand it up (as every viewer shows it); an unreadable orientation is ignored.
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder).map_err(decode_error)?;
    image.apply_orientation(orientation);
    check_size(&image)?;
    Ok(without_alpha(image))
}

/// An 8-bit sRGB image with an alpha channel as the same image without it (any other image as
/// it is). Every stage of the reader takes the red, green and blue of a pixel and ignores its
/// alpha, and reads 8-bit RGB in place where it copies anything else to it (a third of
/// screenshots are saved with an alpha channel, iOS ones nearly all): one copy here, in
/// parallel, instead of one whole-image copy in each stage that needs colour.
pub fn without_alpha(image: DynamicImage) -> DynamicImage {
    use image::metadata::CicpColorPrimaries;
    let DynamicImage::ImageRgba8(rgba) = &image else {
        return image;
    };
    if image.color_space().primaries != CicpColorPrimaries::SRgb {
        return image;
    }
    let (width, height) = rgba.dimensions();
    let mut rgb = vec![0u8; rgba.as_raw().len() / 4 * 3];
    rgb.par_chunks_mut(GREY_CHUNK * 3)
        .zip(rgba.as_raw().par_chunks(GREY_CHUNK * 4))
        .for_each(|(to, from)| {
            for (pixel, rgba) in to.chunks_exact_mut(3).zip(from.chunks_exact(4)) {
                pixel.copy_from_slice(&rgba[..3]);
            }
        });
    let rgb = image::RgbImage::from_raw(width, height, rgb).expect("three levels per pixel");
    DynamicImage::ImageRgb8(rgb)
}

/// The error for a failed decode: limits are "too large", a file that ends early is
/// "truncated", anything else a decode error with the decoder's message as its source.
fn decode_error(error: image::ImageError) -> VisionError {
    match error {
        image::ImageError::Limits(error) => VisionError::TooLarge(Oversize::Decoder {
            max_side: MAX_SIDE,
            max_decoded_bytes: MAX_DECODED_BYTES,
            error,
        }),
        image::ImageError::IoError(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            VisionError::Truncated(Truncation::Decoder(image::ImageError::IoError(e)))
        }
        other if other.to_string().contains("unexpected end of file") => {
            VisionError::Truncated(Truncation::Decoder(other))
        }
        other => VisionError::Decode(other),
    }
}

/// Whether a JPEG's last scan is followed by its end-of-image marker (`FF D9`). Marker bytes
/// cannot occur inside entropy-coded data (an `FF` there is followed by `00` or a restart
/// marker), and an embedded thumbnail's markers all come before the main image's scans.
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let last = |marker: u8| bytes.windows(2).rposition(|w| w == [0xFF, marker]);
    match (last(0xDA), last(0xD9)) {
        (Some(scan), Some(end)) => end > scan,
        // Every JPEG image has a scan: none means the file ends before it.
        (None, _) | (Some(_), None) => false,
    }
}

/// Fails for images too small to hold a board.
pub fn check_size(image: &DynamicImage) -> Result<(), VisionError> {
    let (w, h) = (image.width(), image.height());
    if w < MIN_SIDE || h < MIN_SIDE {
        return Err(VisionError::TooSmall(w, h));
    }
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(VisionError::TooLarge(Oversize::Pixels {
            width: w,
            height: h,
        }));
    }
    Ok(())
}

/// The luminance weights of sRGB's red, green and blue that `image` 0.25 uses: the Y row of the
/// BT.709-primaries, D65-white RGB-to-XYZ matrix as `moxcms` derives it, to the bit.
const SRGB_LUMA_WEIGHTS: [f32; 3] = [
    f32::from_bits(0x3e59_c05b), // 0.212_647_84
    f32::from_bits(0x3f37_15fc), // 0.715_179_2
    f32::from_bits(0x3d93_cf75), // 0.072_173_04
];

/// The grey copy of an image, the same pixels as [`DynamicImage::to_luma8`] gives.
///
/// For 8-bit sRGB images (nearly every screenshot) the weighted sum is taken from three
/// 256-entry tables of each channel's weighted level, added in the order `image` adds them, so
/// every pixel comes out bit for bit as `to_luma8`'s; `to_luma8` itself goes through `f32`
/// colour-space code one block of pixels at a time, which took an eighth of a whole read of a
/// 1080x2400 screenshot. Other pixel types and colour spaces go through `to_luma8`.
pub fn to_grey(image: &DynamicImage) -> image::GrayImage {
    grey_of(image, None)
}

/// The grey copy of `image`, as [`to_grey`] gives it, taken from `earlier`'s grey copy
/// (`earlier_grey`) wherever the two images' pixels are the same: for an image that is `earlier`
/// with a few thin strokes lifted off (an overlay's hairlines), most of the grey copy is then
/// copied rather than computed again.
pub fn to_grey_after(
    image: &DynamicImage,
    earlier: &DynamicImage,
    earlier_grey: &image::GrayImage,
) -> image::GrayImage {
    let size = (image.width(), image.height());
    let alike = (earlier.width(), earlier.height()) == size
        && earlier.color() == image.color()
        && earlier.color_space() == image.color_space()
        && earlier_grey.dimensions() == size;
    let earlier_raw = match earlier {
        DynamicImage::ImageRgb8(rgb) => Some(rgb.as_raw()),
        DynamicImage::ImageRgba8(rgba) => Some(rgba.as_raw()),
        _ => None,
    };
    match earlier_raw.filter(|_| alike) {
        Some(raw) => grey_of(image, Some((raw, earlier_grey.as_raw()))),
        None => to_grey(image),
    }
}

/// [`to_grey`], reusing the grey levels of `earlier` (an image of the same size and pixel type,
/// as raw pixels, and its grey levels) where its pixels are `image`'s.
fn grey_of(image: &DynamicImage, earlier: Option<(&[u8], &[u8])>) -> image::GrayImage {
    use image::metadata::CicpColorPrimaries;
    if image.color_space().primaries != CicpColorPrimaries::SRgb {
        return image.to_luma8();
    }
    let (width, height) = (image.width(), image.height());
    let grey = match image {
        DynamicImage::ImageRgb8(rgb) => weighted_sums::<3>(rgb.as_raw(), earlier),
        DynamicImage::ImageRgba8(rgba) => weighted_sums::<4>(rgba.as_raw(), earlier),
        other => return other.to_luma8(),
    };
    image::GrayImage::from_raw(width, height, grey).expect("one level per pixel")
}

/// One grey level per pixel of interleaved 8-bit pixels of `N` channels, red, green and blue
/// first (alpha, if any, is ignored, as `to_luma8` ignores it). With `earlier` (the raw pixels
/// of an image of the same size and kind, and their grey levels), each run of
/// [`GREY_REUSE_RUN`] pixels that `earlier` shows alike takes its grey levels from there.
fn weighted_sums<const N: usize>(raw: &[u8], earlier: Option<(&[u8], &[u8])>) -> Vec<u8> {
    let table = |weight: f32| -> [f32; 256] {
        std::array::from_fn(|level| level as f32 * (1.0 / 255.0) * weight)
    };
    let [red, green, blue] = SRGB_LUMA_WEIGHTS.map(table);
    let weigh = |levels: &mut [u8], pixels: &[u8]| {
        for (level, pixel) in levels.iter_mut().zip(pixels.chunks_exact(N)) {
            let luma = red[pixel[0] as usize] + green[pixel[1] as usize] + blue[pixel[2] as usize];
            // Rounds half away from zero as `f32::round` does, for these levels (0 to 255,
            // checked for every colour by a test) without its library call.
            *level = (luma * 255.0 + 0.5) as u8;
        }
    };
    let mut grey = vec![0; raw.len() / N];
    // In parallel, a band of rows' worth of pixels at a time (a 1080x2400 screenshot is about
    // 40 of them).
    grey.par_chunks_mut(GREY_CHUNK)
        .zip(raw.par_chunks(GREY_CHUNK * N))
        .enumerate()
        .for_each(|(band, (levels, pixels))| {
            let Some((earlier_raw, earlier_grey)) = earlier else {
                weigh(levels, pixels);
                return;
            };
            let first = band * GREY_CHUNK;
            let runs = levels
                .chunks_mut(GREY_REUSE_RUN)
                .zip(pixels.chunks(GREY_REUSE_RUN * N));
            for (k, (levels, pixels)) in runs.enumerate() {
                let at = first + k * GREY_REUSE_RUN;
                if earlier_raw[at * N..at * N + pixels.len()] == *pixels {
                    levels.copy_from_slice(&earlier_grey[at..at + levels.len()]);
                } else {
                    weigh(levels, pixels);
                }
            }
        });
    grey
}

/// Pixels compared at a time in [`weighted_sums`] with an earlier image: a hairline crossing a
/// row changes one run, the rest of the row is copied.
const GREY_REUSE_RUN: usize = 64;

/// Pixels per parallel piece of work in [`weighted_sums`] and [`without_alpha`].
const GREY_CHUNK: usize = 1 << 16;

#[cfg(test)]
mod tests {
    use super::*;

    /// An RGBA screenshot decodes to its red, green and blue, as every stage read it before;
    /// other images decode as they are.
    #[test]
    fn alpha_is_dropped_from_8_bit_colour_only() {
        let encode = |image: &DynamicImage| {
            let mut png = Vec::new();
            image
                .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
                .unwrap();
            png
        };
        let rgba = DynamicImage::ImageRgba8(image::RgbaImage::from_fn(300, 260, |x, y| {
            image::Rgba([x as u8, y as u8, (x * y) as u8, (x + y) as u8])
        }));
        let decoded = decode(&encode(&rgba)).unwrap();
        assert!(matches!(decoded, DynamicImage::ImageRgb8(_)));
        assert_eq!(decoded.to_rgb8(), rgba.to_rgb8());
        assert_eq!(to_grey(&decoded), to_grey(&rgba));
        let deep = DynamicImage::ImageRgba16(rgba.to_rgba16());
        assert!(matches!(
            decode(&encode(&deep)).unwrap(),
            DynamicImage::ImageRgba16(_)
        ));
    }

    #[test]
    fn grey_copies_match_image_to_luma8_for_every_colour() {
        // Every 24-bit colour once, as RGB and as RGBA with varying alpha.
        let rgb = image::RgbImage::from_fn(4096, 4096, |x, y| {
            image::Rgb([
                (x % 256) as u8,
                (y % 256) as u8,
                ((x / 256) * 16 + y / 256) as u8,
            ])
        });
        let rgb = DynamicImage::ImageRgb8(rgb);
        assert_eq!(to_grey(&rgb), rgb.to_luma8());
        let rgba = DynamicImage::ImageRgba8(image::RgbaImage::from_fn(256, 256, |x, y| {
            image::Rgba([x as u8, y as u8, (x ^ y) as u8, (x + y) as u8])
        }));
        assert_eq!(to_grey(&rgba), rgba.to_luma8());
        let grey = DynamicImage::ImageLuma8(image::GrayImage::from_fn(9, 7, |x, y| {
            image::Luma([(x * y) as u8])
        }));
        assert_eq!(to_grey(&grey), grey.to_luma8());
    }

    /// An image with a few strokes drawn over an earlier one gets, from the earlier one's grey
    /// copy, the grey copy it would get on its own; so does an image of another pixel kind.
    #[test]
    fn a_grey_copy_taken_after_an_earlier_image_is_its_own() {
        let earlier = image::RgbImage::from_fn(700, 300, |x, y| {
            image::Rgb([(x * 3) as u8, (y * 5) as u8, (x ^ y) as u8])
        });
        let mut later = earlier.clone();
        for y in 0..300 {
            later.put_pixel(133, y, image::Rgb([250, 0, 0]));
        }
        for x in 0..700 {
            later.put_pixel(x, 71, image::Rgb([0, 250, 9]));
        }
        let (earlier, later) = (
            DynamicImage::ImageRgb8(earlier),
            DynamicImage::ImageRgb8(later),
        );
        let earlier_grey = to_grey(&earlier);
        assert_eq!(
            to_grey_after(&later, &earlier, &earlier_grey),
            later.to_luma8()
        );
        let later_rgba = DynamicImage::ImageRgba8(later.to_rgba8());
        assert_eq!(
            to_grey_after(&later_rgba, &earlier, &earlier_grey),
            later.to_luma8()
        );
    }

    /// A photo whose Exif data says it was taken on its side loads standing up, as a viewer
    /// shows it.
    #[test]
    fn exif_orientation_stands_photos_up() {
        use image::ImageEncoder;
        // Exif (TIFF, big-endian): one entry, Orientation (0x0112) = 6, "turn 90 clockwise".
        let exif = b"MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0".to_vec();
        let lying = image::RgbImage::from_fn(60, 40, |x, y| image::Rgb([x as u8, y as u8, 7]));
        let mut png = Vec::new();
        let mut encoder = image::codecs::png::PngEncoder::new(&mut png);
        encoder.set_exif_metadata(exif).unwrap();
        encoder
            .write_image(lying.as_raw(), 60, 40, image::ExtendedColorType::Rgb8)
            .unwrap();
        let loaded = decode(&png).unwrap();
        assert_eq!(loaded.to_rgb8(), image::imageops::rotate90(&lying));
    }

    #[test]
    fn images_load_from_a_stream() {
        let mut png = Vec::new();
        DynamicImage::new_rgb8(40, 30)
            .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
            .unwrap();
        let image = load_from(Cursor::new(&png)).unwrap();
        assert_eq!((image.width(), image.height()), (40, 30));
        assert!(matches!(
            load_from(std::io::empty()),
            Err(VisionError::NotAnImage(_))
        ));
    }

    #[test]
    fn truncated_jpegs_are_caught() {
        let mut jpeg = Vec::new();
        let noise =
            image::RgbImage::from_fn(64, 64, |x, y| image::Rgb([(x * y) as u8, x as u8, 9]));
        DynamicImage::ImageRgb8(noise)
            .write_to(&mut Cursor::new(&mut jpeg), ImageFormat::Jpeg)
            .unwrap();
        assert!(jpeg_is_complete(&jpeg));
        assert!(decode(&jpeg).is_ok());
        for cut in [jpeg.len() - 2, jpeg.len() * 2 / 3, 300] {
            let error = decode(&jpeg[..cut]).unwrap_err();
            assert!(
                matches!(
                    error,
                    VisionError::Truncated(Truncation::NoJpegEnd | Truncation::Decoder(_))
                ),
                "{error:?}"
            );
        }
    }

    #[test]
    fn a_header_claiming_a_huge_image_is_refused_before_decoding() {
        // A PNG header claiming 100000x100000 pixels, with no data to speak of.
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr = b"IHDR".to_vec();
        ihdr.extend(100_000u32.to_be_bytes());
        ihdr.extend(100_000u32.to_be_bytes());
        ihdr.extend([8, 0, 0, 0, 0]);
        png.extend(13u32.to_be_bytes());
        png.extend(&ihdr);
        png.extend(crc32(&ihdr).to_be_bytes());
        let error = decode(&png).unwrap_err();
        assert!(
            matches!(
                error,
                VisionError::TooLarge(Oversize::Decoder {
                    max_side: MAX_SIDE,
                    max_decoded_bytes: MAX_DECODED_BYTES,
                    ..
                })
            ),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            "the image is too large: larger than 16384x16384 pixels or 1024 MiB decoded"
        );
    }

    /// The CRC the PNG format puts after each chunk.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
}
