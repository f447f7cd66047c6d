//! Tile text recognition: reads the letters, point values and badges on
//! cropped game tiles with a small CRNN model run through `ocrs`.
//!
//! The model (`models/tile_ocr.onnx`, trained by `models/train/train.py`) is
//! embedded in the binary. It follows the ocrs recognition-model contract:
//! input `[N, 1, 32, W]` greyscale in `[-0.5, 0.5]`, output `[T, N, C]`
//! log-probabilities with `T = W / 4`, class 0 = CTC blank and class `i` =
//! `ALPHABET[i - 1]`.
//!
//! # Crop contract
//! Each crop given to [`TileReader::read`] is a greyscale image with DARK ink
//! on a LIGHT background (background near 255, ink near 0), framing the text
//! with a margin of roughly 10-30% of the text height on each side. Any size
//! works (text height about 8 to 300 px); ocrs resizes every crop to a height
//! of 32 px keeping its aspect ratio.
//!
//! # Confidence
//! ocrs 0.13 returns only characters and their boxes, no probabilities. The
//! text comes from `OcrEngine::recognize_text`; the confidence is computed by
//! running the same model again on exactly the input ocrs prepared for the crop
//! (`OcrEngine::prepare_recognition_input`, padded to a multiple of 50 px like
//! ocrs pads its batches). Along the greedy CTC path (only over the frames ocrs
//! keeps, i.e. those inside the crop), each emitted character gets its peak
//! probability over the frames where it is the best class; the confidence is
//! the product of these peaks (for an empty reading, the lowest blank
//! probability over the text frames). Alternatives replace the least certain
//! character with the next most probable classes at its peak frame (a blank
//! there means "drop this character"), each scored by the confidence scaled by
//! `p(alternative) / p(chosen)`.

use std::collections::HashMap;
use std::path::Path;

use anyhow::{Context, anyhow};
use image::GrayImage;
use ocrs::{ImageSource, OcrEngine, OcrEngineParams};
use rten_imageproc::{RectF, RotatedRect};
use rten_tensor::prelude::*;
use rten_tensor::{NdTensor, NdTensorView};

/// Characters the model can output, in class order (class 0 is the CTC blank).
pub const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-";

/// The embedded recognition model.
static MODEL_BYTES: &[u8] = include_bytes!("../../models/tile_ocr.onnx");

/// Gap, in pixels, between crops composed onto the shared canvas.
const GAP: u32 = 2;

/// Widest canvas row before starting a new row of crops.
const MAX_ROW_WIDTH: u32 = 2048;

/// One crop's reading.
#[derive(Debug, Clone, PartialEq)]
pub struct CropReading {
    /// Recognised text, uppercase characters of [`ALPHABET`]; empty when nothing was read.
    pub text: String,
    /// Confidence in `text`, 0..1 (see the module documentation for how it is computed).
    pub confidence: f32,
    /// Next best guesses with their scores, best first; never contains `text` itself.
    pub alternatives: Vec<(String, f32)>,
}

/// Reads tile crops with the tile OCR model; create it once and reuse it.
pub struct TileReader {
    /// The ocrs engine (recognition model only, no detection model).
    engine: OcrEngine,
    /// A second instance of the same model, used to compute confidences.
    model: rten::Model,
}

impl TileReader {
    /// Loads the model embedded in the binary (`models/tile_ocr.onnx`).
    pub fn new() -> anyhow::Result<TileReader> {
        let a = rten::Model::load_static_slice(MODEL_BYTES)
            .context("loading embedded tile OCR model")?;
        let b = rten::Model::load_static_slice(MODEL_BYTES)
            .context("loading embedded tile OCR model")?;
        Self::from_models(a, b)
    }

    /// Loads a model from an ONNX (or `.rten`) file instead of the embedded one.
    pub fn from_file(path: &Path) -> anyhow::Result<TileReader> {
        let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        let a = rten::Model::load(bytes.clone())
            .with_context(|| format!("loading {}", path.display()))?;
        let b = rten::Model::load(bytes).with_context(|| format!("loading {}", path.display()))?;
        Self::from_models(a, b)
    }

    fn from_models(engine_model: rten::Model, model: rten::Model) -> anyhow::Result<TileReader> {
        let engine = OcrEngine::new(OcrEngineParams {
            detection_model: None,
            recognition_model: Some(engine_model),
            alphabet: Some(ALPHABET.to_string()),
            ..Default::default()
        })?;
        Ok(TileReader { engine, model })
    }

    /// Reads every crop in one `recognize_text` call (the crops are composed
    /// onto one canvas, one text-line box per crop). Returns one reading per
    /// crop, in order. Crops with a zero dimension read as empty text with
    /// confidence 0.
    pub fn read(&self, crops: &[GrayImage]) -> anyhow::Result<Vec<CropReading>> {
        let empty = || CropReading {
            text: String::new(),
            confidence: 0.0,
            alternatives: Vec::new(),
        };
        if crops.is_empty() {
            return Ok(Vec::new());
        }
        let (canvas, places) = compose(crops);
        let Some(canvas) = canvas else {
            return Ok(crops.iter().map(|_| empty()).collect());
        };
        let (cw, ch) = canvas.dimensions();
        let input = self
            .engine
            .prepare_input(ImageSource::from_bytes(canvas.as_raw(), (cw, ch))?)?;

        // One line (made of one word box) per non-empty crop.
        let used: Vec<usize> = (0..crops.len()).filter(|&i| places[i].is_some()).collect();
        let lines: Vec<Vec<RotatedRect>> = used
            .iter()
            .map(|&i| {
                let (x, y) = places[i].expect("placed crop");
                let (w, h) = crops[i].dimensions();
                let r = RectF::from_tlbr(y as f32, x as f32, (y + h) as f32, (x + w) as f32);
                vec![RotatedRect::from_rect(r)]
            })
            .collect();
        let texts = self.engine.recognize_text(&input, &lines)?;

        // Confidence: rerun the model on exactly what ocrs fed it, grouped by
        // padded width as ocrs groups its batches.
        let mut prepared = Vec::with_capacity(lines.len());
        for line in &lines {
            prepared.push(self.engine.prepare_recognition_input(&input, line)?);
        }
        let mut groups: HashMap<usize, Vec<usize>> = HashMap::new();
        for (k, p) in prepared.iter().enumerate() {
            groups
                .entry(p.size(1).next_multiple_of(50))
                .or_default()
                .push(k);
        }
        let mut scored: Vec<Option<Scored>> = vec![None; lines.len()];
        for (width, members) in groups {
            let height = prepared[members[0]].size(0);
            let mut batch = NdTensor::full([members.len(), 1, height, width], -0.5f32);
            for (j, &k) in members.iter().enumerate() {
                let p = &prepared[k];
                batch
                    .slice_mut((j, 0, .., ..p.size(1)))
                    .copy_from(&p.view());
            }
            let out: NdTensor<f32, 3> = self
                .model
                .run_one(batch.view().into(), None)?
                .try_into()
                .map_err(|_| anyhow!("tile OCR model output is not 3-D"))?;
            let frames = out.size(0);
            if frames == 0 || out.size(2) != ALPHABET.len() + 1 {
                return Err(anyhow!(
                    "unexpected tile OCR model output shape {:?}",
                    out.shape()
                ));
            }
            let ds = (width as f32 / frames as f32).round() as usize;
            for (j, &k) in members.iter().enumerate() {
                let seq = out.slice((.., j, ..));
                let keep = prepared[k].size(1).div_ceil(ds.max(1)).clamp(1, frames);
                scored[k] = Some(score_sequence(seq, keep));
            }
        }

        let mut result: Vec<CropReading> = crops.iter().map(|_| empty()).collect();
        for (k, &i) in used.iter().enumerate() {
            let text: String = texts[k]
                .as_ref()
                .map(|l| l.to_string())
                .unwrap_or_default()
                .to_uppercase();
            let s = scored[k].take().expect("every line scored");
            result[i] = s.into_reading(text);
        }
        Ok(result)
    }
}

/// Lays the crops out in rows on one white canvas. Returns the canvas (None if
/// every crop is empty) and the top-left position of each non-empty crop.
fn compose(crops: &[GrayImage]) -> (Option<GrayImage>, Vec<Option<(u32, u32)>>) {
    let max_w = crops.iter().map(|c| c.width()).max().unwrap_or(0);
    let row_limit = MAX_ROW_WIDTH.max(max_w + 2 * GAP);
    let mut places = Vec::with_capacity(crops.len());
    let (mut x, mut y, mut row_h, mut canvas_w) = (GAP, GAP, 0u32, 0u32);
    for c in crops {
        let (w, h) = c.dimensions();
        if w == 0 || h == 0 {
            places.push(None);
            continue;
        }
        if x + w + GAP > row_limit && x > GAP {
            x = GAP;
            y += row_h + GAP;
            row_h = 0;
        }
        places.push(Some((x, y)));
        x += w + GAP;
        canvas_w = canvas_w.max(x);
        row_h = row_h.max(h);
    }
    if canvas_w == 0 {
        return (None, places);
    }
    let mut canvas = GrayImage::from_pixel(canvas_w, y + row_h + GAP, image::Luma([255]));
    for (c, p) in crops.iter().zip(&places) {
        if let Some((px, py)) = p {
            image::imageops::replace(&mut canvas, c, i64::from(*px), i64::from(*py));
        }
    }
    (Some(canvas), places)
}

/// Greedy CTC reading of one crop with per-character probabilities.
#[derive(Clone, Debug)]
struct Scored {
    /// Greedy text from the model output (should equal ocrs' text).
    text: String,
    /// For each emitted character: (peak probability, probabilities of all classes at the peak frame).
    chars: Vec<(f32, Vec<f32>)>,
    /// Lowest blank probability over the kept frames, and the best non-blank
    /// (class, probability) seen anywhere (used for empty readings).
    min_blank: f32,
    best_nonblank: Option<(usize, f32)>,
}

/// Scores the first `keep` frames of a `[T, C]` log-probability sequence.
fn score_sequence(seq: NdTensorView<f32, 2>, keep: usize) -> Scored {
    let classes = seq.size(1);
    let mut text = String::new();
    let mut chars: Vec<(f32, Vec<f32>)> = Vec::new();
    let mut prev = 0usize;
    let mut min_blank = 1.0f32;
    let mut best_nonblank: Option<(usize, f32)> = None;
    for t in 0..keep {
        let probs: Vec<f32> = (0..classes).map(|c| seq[[t, c]].exp()).collect();
        let (best, &p) = probs
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .expect("non-empty class axis");
        min_blank = min_blank.min(probs[0]);
        for (c, &pc) in probs.iter().enumerate().skip(1) {
            if best_nonblank.is_none_or(|(_, bp)| pc > bp) {
                best_nonblank = Some((c, pc));
            }
        }
        if best != 0 {
            if best != prev {
                text.push(class_char(best));
                chars.push((p, probs));
            } else if let Some(last) = chars.last_mut()
                && p > last.0
            {
                *last = (p, probs);
            }
        }
        prev = best;
    }
    Scored {
        text,
        chars,
        min_blank,
        best_nonblank,
    }
}

fn class_char(class: usize) -> char {
    ALPHABET.chars().nth(class - 1).unwrap_or('?')
}

impl Scored {
    /// Builds the final reading for the text ocrs returned.
    fn into_reading(self, text: String) -> CropReading {
        if self.text != text {
            // Cannot happen with the same model and input; stay honest if it does.
            let alternatives = if self.text.is_empty() {
                Vec::new()
            } else {
                vec![(self.text.clone(), 0.0)]
            };
            return CropReading {
                text,
                confidence: 0.0,
                alternatives,
            };
        }
        if self.chars.is_empty() {
            let alternatives = self
                .best_nonblank
                .map(|(c, p)| vec![(class_char(c).to_string(), p)])
                .unwrap_or_default();
            return CropReading {
                text,
                confidence: self.min_blank,
                alternatives,
            };
        }
        let confidence: f32 = self.chars.iter().map(|(p, _)| *p).product();
        let (weakest, (p_weak, probs)) = self
            .chars
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.0.total_cmp(&b.1.0))
            .expect("non-empty chars");
        let mut ranked: Vec<(usize, f32)> = probs.iter().copied().enumerate().collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        let chars: Vec<char> = text.chars().collect();
        let mut alternatives: Vec<(String, f32)> = Vec::new();
        for &(class, p) in ranked.iter() {
            if alternatives.len() >= 3 {
                break;
            }
            let mut alt: Vec<char> = chars.clone();
            if class == 0 {
                alt.remove(weakest);
            } else {
                alt[weakest] = class_char(class);
            }
            let alt: String = alt.into_iter().collect();
            if alt == text || alternatives.iter().any(|(a, _)| *a == alt) {
                continue;
            }
            let score = (confidence * p / p_weak.max(1e-6)).clamp(0.0, 1.0);
            alternatives.push((alt, score));
        }
        CropReading {
            text,
            confidence: confidence.clamp(0.0, 1.0),
            alternatives,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/ocr")
    }

    /// Loads `fixtures/ocr/labels.tsv` (file name, tab, expected text).
    fn load_fixtures() -> Vec<(GrayImage, String)> {
        let dir = fixture_dir();
        let labels =
            std::fs::read_to_string(dir.join("labels.tsv")).expect("fixtures/ocr/labels.tsv");
        labels
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let (name, text) = l.split_once('\t').expect("name<TAB>text");
                let img = image::open(dir.join(name))
                    .expect("fixture image")
                    .to_luma8();
                (img, text.to_string())
            })
            .collect()
    }

    #[test]
    fn empty_input_reads_nothing() {
        let reader = TileReader::new().unwrap();
        assert!(reader.read(&[]).unwrap().is_empty());
        let r = reader.read(&[GrayImage::new(0, 5)]).unwrap();
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].text, "");
    }

    #[test]
    fn blank_crop_reads_empty_or_unsure() {
        let reader = TileReader::new().unwrap();
        let r = reader
            .read(&[GrayImage::from_pixel(40, 40, image::Luma([255]))])
            .unwrap();
        assert!(r[0].text.is_empty() || r[0].confidence < 0.5, "{:?}", r[0]);
    }

    #[test]
    fn compose_places_crops_without_overlap() {
        let crops: Vec<GrayImage> = (0..40)
            .map(|i| GrayImage::new(30 + i * 7, 20 + i))
            .collect();
        let (canvas, places) = compose(&crops);
        let canvas = canvas.unwrap();
        let rects: Vec<(u32, u32, u32, u32)> = crops
            .iter()
            .zip(&places)
            .map(|(c, p)| {
                let (x, y) = p.unwrap();
                (x, y, x + c.width(), y + c.height())
            })
            .collect();
        for (i, a) in rects.iter().enumerate() {
            assert!(a.2 <= canvas.width() && a.3 <= canvas.height());
            for b in &rects[i + 1..] {
                assert!(a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1);
            }
        }
    }

    #[test]
    fn reads_a_board_of_fixture_crops() {
        let fixtures = load_fixtures();
        let reader = TileReader::new().unwrap();
        let crops: Vec<GrayImage> = fixtures.iter().take(16).map(|(c, _)| c.clone()).collect();
        let readings = reader.read(&crops).unwrap();
        assert_eq!(readings.len(), 16);
        let ok = readings
            .iter()
            .zip(&fixtures)
            .filter(|(r, (_, t))| r.text == *t)
            .count();
        // Accuracy is measured over all 1,000 crops below (99%); these 16 hold two that model v3
        // misses (an italic `T` read `I`, a blurred `CJD` read `CD`), so 14 is this batch's floor.
        assert!(ok >= 14, "only {ok}/16 correct");
        for r in &readings {
            assert!((0.0..=1.0).contains(&r.confidence));
            assert!(
                r.alternatives
                    .iter()
                    .all(|(a, s)| *a != r.text && (0.0..=1.0).contains(s))
            );
        }
    }

    /// Held-out fonts (Roboto, Lato): at least 99% of the fixture crops must read exactly.
    #[test]
    fn held_out_accuracy_at_least_99_percent() {
        let fixtures = load_fixtures();
        assert!(
            fixtures.len() >= 1000,
            "need >= 1000 fixtures, have {}",
            fixtures.len()
        );
        let reader = TileReader::new().unwrap();
        let mut correct = 0;
        let mut wrong = Vec::new();
        let mut conf_right = 0.0;
        for board in fixtures.chunks(16) {
            let crops: Vec<GrayImage> = board.iter().map(|(c, _)| c.clone()).collect();
            for (r, (_, truth)) in reader.read(&crops).unwrap().iter().zip(board) {
                if r.text == *truth {
                    correct += 1;
                    conf_right += r.confidence;
                } else {
                    wrong.push((truth.clone(), r.text.clone(), r.confidence));
                }
            }
        }
        let acc = correct as f64 / fixtures.len() as f64;
        eprintln!(
            "held-out accuracy {acc:.4} ({correct}/{}), mean confidence when right {:.3}, errors {wrong:?}",
            fixtures.len(),
            conf_right / correct.max(1) as f32
        );
        assert!(acc >= 0.99, "accuracy {acc:.4} < 0.99; errors {wrong:?}");
    }
}
