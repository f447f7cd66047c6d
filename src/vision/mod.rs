//! Reading boards from screenshots: image -> grid -> tiles -> letters.
pub mod ocr;
