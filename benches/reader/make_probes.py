#!/usr/bin/env python3
"""Makes the reader's probes: perturbed copies of real screenshots that stand in for devices and
captures nobody here has seen (README.md beside this file says what each one is).

    python3 benches/reader/make_probes.py /work/shared/real-screens /work/real-gathered/tune \
        --out /work/probes --bin target/release/wordsnap

Each source folder holds images with their ground truth STEM.json beside them. Each probe is a
folder OUT/NAME holding every source image perturbed, with its STEM.json copied beside it (none
of these perturbations changes what the board says). A held-out folder is never a source: any
source path with "heldout" in it is refused.

Deterministic: the random draws of `mix` come from a generator seeded by the probe, the image's
stem and the copy number, so an image's draw does not depend on which other images are given.
The geometry-based probes (crop, bannerA, bannerB, tiny, glassA, glassB, markup) take the
board's box from `BIN read --json` of the clean image, so they depend on the binary given; the
box used for each image is written to OUT/geometry.json, and OUT/manifest.txt lists what was
made from what.
Needs Python 3, Pillow and numpy only.
"""
import argparse
import io
import json
import os
import random
import shutil
import subprocess
import sys
import zlib

import numpy as np
from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_trails import random_path  # noqa: E402

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")


# ---------------------------------------------------------------------------------------------
# Building blocks. Each takes and returns an RGB image, except `jpeg_bytes`.


def jpeg_bytes(im, quality):
    """The image encoded as JPEG at `quality` (Pillow's encoder, 4:2:0 subsampling, no
    optimisation flags)."""
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=quality)
    return buf.getvalue()


def jpeg(im, quality):
    """The image after a round trip through JPEG at `quality`."""
    return Image.open(io.BytesIO(jpeg_bytes(im, quality))).convert("RGB")


def scale(im, factor, resample=Image.LANCZOS):
    """The image scaled by `factor` (each side rounded, at least 1 px)."""
    size = (max(1, round(im.width * factor)), max(1, round(im.height * factor)))
    return im.resize(size, resample)


def levels(im, fn):
    """Each channel's level v (0-255, as float) mapped by fn, rounded and clipped."""
    a = np.asarray(im, dtype=np.float64)
    return Image.fromarray(np.clip(np.rint(fn(a)), 0, 255).astype(np.uint8), "RGB")


def gamma(im, g):
    """255 * (v / 255) ** g: g > 1 darkens, g < 1 lightens."""
    return levels(im, lambda a: 255.0 * (a / 255.0) ** g)


def dim(im, k, add):
    """A modal dim: each channel v * k + add."""
    return levels(im, lambda a: a * k + add)


def hue_third(im):
    """Hues turned a third of the way round (+120 degrees). In RGB a turn of exactly 120 degrees
    is a permutation of the channels (red becomes green, green blue, blue red), so this is exact:
    lightness and saturation are untouched."""
    r, g, b = im.split()
    return Image.merge("RGB", (b, r, g))


def warm(im):
    """A warm cast (a night-light screen filter or a yellowish camera white balance): red
    x1.06 + 8, green x1.0 + 2, blue x0.85."""
    a = np.asarray(im, dtype=np.float64)
    out = np.empty_like(a)
    out[..., 0] = a[..., 0] * 1.06 + 8
    out[..., 1] = a[..., 1] + 2
    out[..., 2] = a[..., 2] * 0.85
    return Image.fromarray(np.clip(np.rint(out), 0, 255).astype(np.uint8), "RGB")


def negative(im):
    """Every channel v -> 255 - v: a dark theme made of a light one (dark letters on light tiles
    become light letters on dark tiles), hues turned half way round."""
    return levels(im, lambda a: 255.0 - a)


def hue_turn(im, turn):
    """Hues turned by `turn` (0-255, a whole turn), lightness and saturation kept as Pillow's HSV
    gives them (a theme of other colours; unlike `hue_third` not a permutation of the channels)."""
    h, s, v = im.convert("HSV").split()
    h = h.point(lambda x: (x + turn) % 256)
    return Image.merge("HSV", (h, s, v)).convert("RGB")


def night(im):
    """A dark theme that keeps the hues: the negative with its hues turned back half way round
    (dark tiles of the game's own colours, light letters)."""
    return hue_turn(negative(im), 128)


def pixelated(im, k):
    """Shrunk k times (box filter) and blown up again without smoothing: a small screenshot shown
    enlarged, blocky."""
    w, h = im.size
    small = im.resize((max(1, w // k), max(1, h // k)), Image.BOX)
    return small.resize((w, h), Image.NEAREST)


def font(size):
    """Pillow's built-in scalable font (Aileron, shipped inside Pillow >= 10.1), so the text drawn
    does not depend on the fonts installed."""
    return ImageFont.load_default(size=max(8, int(size)))


# ---------------------------------------------------------------------------------------------
# Geometry from the binary.


def board_box(binary, path):
    """(x, y, width, height, rows, cols) of the board that `BIN read --json` finds in the clean
    image; None when it finds none (or the output cannot be parsed)."""
    run = subprocess.run([binary, "read", "--json", path], capture_output=True, text=True)
    try:
        read = json.loads(run.stdout.splitlines()[0])
        g = read["grid"]
        box = (int(g["x"]), int(g["y"]), int(g["width"]), int(g["height"]),
               int(read["rows"]), int(read["cols"]))
    except (IndexError, KeyError, TypeError, ValueError):
        return None
    if box[2] <= 0 or box[3] <= 0 or box[4] <= 0 or box[5] <= 0:
        return None
    return box


# ---------------------------------------------------------------------------------------------
# Geometry-based probes.


def crop(im, box, margin=0.12):
    """Cropped round the board with a margin of `margin` (12%) of the board's width (left and
    right) and height (top and bottom), clipped to the image."""
    x, y, w, h, _, _ = box
    mx, my = round(margin * w), round(margin * h)
    return im.crop((max(0, x - mx), max(0, y - my), min(im.width, x + w + mx), min(im.height, y + h + my)))


def banner(im, box, cover):
    """A phone notification banner (light grey #EDEDED, rounded corners, an app icon and two lines
    of dark text, the second cut at a word to fit) over the board's top edge. Its bottom edge lies `cover` of the first row's height
    below the board's top (0.2: the row's corner marks; 0.45: the top half of its letters too). It
    spans the board's width plus a fifth of a tile on each side (clipped to the image) and is 0.8
    of a row high (its top clipped at the image's top)."""
    x, y, w, h, rows, cols = box
    ph, pw = h / rows, w / cols
    bottom = y + cover * ph
    top = bottom - 0.8 * ph
    left = max(0.0, x - 0.2 * pw)
    right = min(im.width - 1.0, x + w + 0.2 * pw)
    out = im.copy()
    d = ImageDraw.Draw(out)
    radius = max(2, round(0.12 * ph))
    d.rounded_rectangle((round(left), round(top), round(right), round(bottom)), radius=radius, fill=(237, 237, 237))
    # The text sits in the banner's band that is visible (inside the image).
    vis_top = max(top, 0.0)
    band = bottom - vis_top
    line = band / 4.2
    pad = 0.35 * line
    icon = 1.6 * line
    ix, iy = left + pad * 2, vis_top + pad * 1.5
    d.rounded_rectangle((round(ix), round(iy), round(ix + icon), round(iy + icon)), radius=max(1, round(icon / 4)), fill=(52, 120, 246))
    tx = ix + icon + pad * 2
    f1, f2 = font(line * 1.05), font(line * 0.95)
    d.text((tx, iy), "Messages  \u00b7  now", font=f1, fill=(40, 40, 40))
    words = "Sam: are you playing tonight? I just beat your score".split()
    while len(words) > 1 and d.textlength(" ".join(words), font=f2) > right - pad * 2 - tx:
        words = words[:-1]
    d.text((tx, iy + line * 1.45), " ".join(words), font=f2, fill=(60, 60, 60))
    return out


def turn(im, degrees):
    """Turned `degrees` counter-clockwise (bicubic), the canvas grown to hold it all, the corners
    filled with the colour of the image's top-left pixel (a photo of a screen held askew)."""
    return im.rotate(degrees, resample=Image.BICUBIC, expand=True, fillcolor=im.getpixel((0, 0)))


def noise(im, sigma):
    """Gaussian noise of `sigma` levels on each channel (a camera's sensor noise); the generator
    is seeded by the image's own pixels, so an image's draw does not depend on the others."""
    rng = np.random.default_rng(zlib.crc32(im.tobytes()))
    a = np.asarray(im).astype(np.float32) + rng.normal(0.0, sigma, (im.height, im.width, 3))
    return Image.fromarray(np.clip(a, 0, 255).round().astype(np.uint8), "RGB")


def seeded(im, salt):
    """A numpy generator seeded by the image's own pixels and `salt`, so an image's draw does
    not depend on the others."""
    return np.random.default_rng([zlib.crc32(im.tobytes()), salt])


def glare_alpha(im, rng):
    """A soft round spot of light (a lamp or a window reflected on the screen): per pixel, the
    opacity of white over it, peaking at 0.35-0.6 at a point in the middle 60% of the image and
    falling off as a Gaussian of 15-35% of its shorter side."""
    h, w = im.height, im.width
    cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
    r, peak = rng.uniform(0.15, 0.35) * min(w, h), rng.uniform(0.35, 0.6)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    return peak * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))


def moire_factor(im, rng):
    """Fine tilted stripes (a camera's pixels beating against the screen's): per pixel, a factor
    of 0.8-1.0, a sine of period 3-6 pixels at any angle, 10-20% deep."""
    h, w = im.height, im.width
    period, angle, depth = rng.uniform(3.0, 6.0), rng.uniform(0.0, np.pi), rng.uniform(0.1, 0.2)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    wave = np.sin(2 * np.pi * (xx * np.cos(angle) + yy * np.sin(angle)) / period)
    return 1.0 - depth * (0.5 + 0.5 * wave)


def glare(im):
    """White light over a soft spot of the image (see `glare_alpha`)."""
    a = np.asarray(im).astype(np.float32)
    alpha = glare_alpha(im, seeded(im, 1))[..., None]
    return Image.fromarray(np.clip(a * (1 - alpha) + 255 * alpha, 0, 255).astype(np.uint8), "RGB")


def moire(im):
    """The image darkened in fine stripes (see `moire_factor`), sharp: no camera's blur."""
    a = np.asarray(im).astype(np.float32) * moire_factor(im, seeded(im, 2))[..., None]
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "RGB")


def screen_photo(im):
    """A photo of the screen held straight: the stripes of `moire`, half the light of `glare`,
    sensor noise (6 levels), the lens's blur (Gaussian, 0.8 px) and the camera's JPEG (quality
    80)."""
    rng = seeded(im, 3)
    a = np.asarray(im).astype(np.float32)
    alpha = 0.5 * glare_alpha(im, rng)[..., None]
    a = a * moire_factor(im, rng)[..., None] * (1 - alpha) + 255 * alpha
    a = a + rng.normal(0.0, 6.0, a.shape)
    photo = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "RGB")
    return jpeg_bytes(photo.filter(ImageFilter.GaussianBlur(0.8)), 80)


def stretch(im, kx, ky):
    """Scaled by `kx` across and `ky` down (an app that exports a screenshot at another aspect)."""
    return im.resize((max(1, round(im.width * kx)), max(1, round(im.height * ky))), Image.LANCZOS)


def glass_banner(im, box, cover):
    """An iOS-like notification banner of frosted glass over the board's top edge: what lies
    under it blurred (radius 20) and blended 72% towards (245, 245, 247), rounded corners, a soft
    shadow (black at 30/255 under it, 4 px lower, blurred 12 px) and a line of dark text. Its
    bottom edge lies `cover` of the first row's height below the board's top; it spans the board's
    width plus a sixteenth of it each side and is 0.8 of a row high (clipped to the image)."""
    x, y, w, h, rows, cols = box
    ph = h / rows
    bottom = round(y + cover * ph)
    top = max(0, round(bottom - 0.8 * ph))
    left, right = max(0, round(x - w / 16)), min(im.width, round(x + w + w / 16))
    radius = round(0.15 * ph)
    shadow = Image.new("L", im.size, 0)
    ImageDraw.Draw(shadow).rounded_rectangle((left, top + 4, right, bottom + 4), radius=radius, fill=30)
    out = Image.composite(Image.new("RGB", im.size, (0, 0, 0)), im, shadow.filter(ImageFilter.GaussianBlur(12)))
    under = out.crop((left, top, right, bottom)).filter(ImageFilter.GaussianBlur(20))
    glass = out.copy()
    glass.paste(Image.blend(under, Image.new("RGB", under.size, (245, 245, 247)), 0.72), (left, top))
    mask = Image.new("L", im.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((left, top, right, bottom), radius=radius, fill=255)
    out = Image.composite(glass, out, mask)
    ImageDraw.Draw(out).text((left + 40, top + 10), "Messages  now", font=font(max(10, (bottom - top) / 6)), fill=(30, 30, 30))
    return out


def tiny(im, box):
    """Scaled (Lanczos) so that the tiles are about 34 px apart (the mean of the row and column
    pitch read from the clean image)."""
    x, y, w, h, rows, cols = box
    pitch = (w / cols + h / rows) / 2
    return scale(im, 34.0 / pitch)


# ---------------------------------------------------------------------------------------------
# The desktop probe.


def wallpaper(W, H, channels):
    """A W x H gradient wallpaper: `channels(xx, yy)` gives the red, green and blue levels from
    the across and down positions (numpy arrays from 0 to 1), clipped and truncated to 8 bits."""
    yy = np.linspace(0, 1, H)[:, None]
    xx = np.linspace(0, 1, W)[None, :]
    bg = np.empty((H, W, 3))
    for c, level in enumerate(channels(xx, yy)):
        bg[..., c] = level
    return Image.fromarray(np.clip(bg, 0, 255).astype(np.uint8), "RGB")


def desk(im):
    """The screenshot shrunk (Lanczos; never enlarged) into a 1920x1080 desktop: a blue gradient
    wallpaper with two icon labels, an emulator window (a dark title bar with its title and window
    buttons, a 6 px frame, a side toolbar of buttons) holding the screenshot, and a taskbar along
    the bottom with a start button, app buttons and a clock."""
    W, H, TASK, TITLE, FRAME, TOOL = 1920, 1080, 48, 32, 6, 56
    out = wallpaper(W, H, lambda xx, yy: (
        20 + 40 * xx + 0 * yy, 60 + 50 * yy + 10 * xx, 120 + 80 * (1 - yy)))
    d = ImageDraw.Draw(out)
    label = font(14)
    for i, name in enumerate(["Recycle Bin", "notes.txt", "Android Studio"]):
        iy = 24 + i * 100
        d.rounded_rectangle((40, iy, 88, iy + 48), radius=6, fill=(230, 200, 90) if i == 1 else (200, 210, 225))
        d.text((64, iy + 54), name, font=label, fill=(255, 255, 255), anchor="mt")
    # Window: content area at most 1920 - 2*180 wide, and as tall as the screen allows.
    max_w = W - 360 - 2 * FRAME - TOOL
    max_h = H - TASK - 2 * 20 - TITLE - 2 * FRAME
    k = min(1.0, max_w / im.width, max_h / im.height)
    shot = scale(im, k) if k < 1.0 else im
    win_w = shot.width + 2 * FRAME + TOOL
    win_h = shot.height + TITLE + 2 * FRAME
    wx = (W - win_w) // 2
    wy = max(20, (H - TASK - win_h) // 2)
    d.rectangle((wx, wy, wx + win_w - 1, wy + win_h - 1), fill=(43, 43, 48))
    d.rectangle((wx, wy, wx + win_w - 1, wy + TITLE - 1), fill=(60, 63, 65))
    d.text((wx + 12, wy + TITLE // 2), "Android Emulator - Pixel_6_API_34:5554", font=font(15), fill=(220, 220, 220), anchor="lm")
    for j, c in enumerate([(236, 95, 90), (245, 190, 80), (98, 197, 84)]):
        cx = wx + win_w - 20 - j * 24
        d.ellipse((cx - 7, wy + TITLE // 2 - 7, cx + 7, wy + TITLE // 2 + 7), fill=c)
    out.paste(shot, (wx + FRAME, wy + TITLE + FRAME))
    tx = wx + FRAME + shot.width + 8
    for j in range(8):
        by = wy + TITLE + FRAME + 10 + j * 48
        if by + 36 > wy + win_h - FRAME:
            break
        d.rounded_rectangle((tx, by, tx + 36, by + 36), radius=6, fill=(75, 78, 82))
        d.ellipse((tx + 11, by + 11, tx + 25, by + 25), outline=(200, 200, 200), width=2)
    # Taskbar.
    d.rectangle((0, H - TASK, W - 1, H - 1), fill=(32, 32, 36))
    d.rectangle((8, H - TASK + 8, 40, H - 8), fill=(0, 120, 215))
    for j, name in enumerate(["Files", "Browser", "Emulator", "Terminal"]):
        bx = 60 + j * 150
        d.rectangle((bx, H - TASK + 6, bx + 140, H - 6), fill=(58, 58, 64) if name == "Emulator" else (44, 44, 50))
        d.text((bx + 70, H - TASK // 2), name, font=font(15), fill=(235, 235, 235), anchor="mm")
    d.text((W - 16, H - TASK // 2 - 9), "21:47", font=font(15), fill=(235, 235, 235), anchor="rm")
    d.text((W - 16, H - TASK // 2 + 10), "24/11/2026", font=font(12), fill=(200, 200, 200), anchor="rm")
    return out


def messaging_app(im):
    """The screenshot as a messaging app sends it: its longest side brought down to 1280 px
    (bilinear; never enlarged), then JPEG q60."""
    k = min(1.0, 1280 / max(im.size))
    small = scale(im, k, Image.BILINEAR) if k < 1.0 else im
    return jpeg_bytes(small, 60)


def palette(im, colours):
    """The screenshot saved with a palette of `colours` (median cut, Floyd-Steinberg dithering),
    as a PNG optimiser or a GIF does."""
    quantized = im.quantize(colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.FLOYDSTEINBERG)
    return quantized.convert("RGB")


def padded(im, k):
    """The screenshot at its own size on a canvas `k` times as wide and high (a small window on a
    large screen): a dark blue gradient wallpaper, the screenshot a third of the way across and
    halfway down."""
    W, H = round(im.width * k), round(im.height * k)
    out = wallpaper(W, H, lambda xx, yy: (
        30 + 30 * xx + 0 * yy, 50 + 40 * yy + 0 * xx, 90 + 60 * (1 - yy)))
    out.paste(im, ((W - im.width) // 3, (H - im.height) // 2))
    return out


def marked_up(im, box):
    """The screenshot as shared in a README or a bug report: a red frame drawn round the board
    (a 40th of its width off it, a 120th of its width thick, at least 4 and 3 px) and a red
    stroke pointing at its top-left corner from outside."""
    out = im.copy()
    d = ImageDraw.Draw(out)
    x, y, w, h = box[:4]
    m, t = max(4, w // 40), max(3, w // 120)
    x0, y0, x1, y1 = x - m, y - m, x + w + m, y + h + m
    d.rectangle([x0, y0, x1, y1], outline=(230, 20, 20), width=t)
    d.line([(max(0, x0 - 6 * m), y0 - 3 * m), (x0 - 2, y0 + m)], fill=(230, 20, 20), width=t)
    return out


def cut_column(im, box, side, shown):
    """The screenshot cropped by its left (`side` "l") or right ("r") edge through the board's
    first or last column, `shown` of that column's pitch left in the image (a crop through the
    board's outer tiles)."""
    x, y, w, h, rows, cols = box
    pitch = w / cols
    if side == "r":
        return im.crop((0, 0, int(x + w - (1 - shown) * pitch), im.height))
    return im.crop((int(x + (1 - shown) * pitch), 0, im.width, im.height))


def perspective_coefficients(corners_out, corners_in):
    """The eight coefficients of Pillow's PERSPECTIVE transform that take each output corner
    (x, y) to its input corner (u, v): u = (a x + b y + c) / (g x + h y + 1), v = (d x + e y + f)
    / (g x + h y + 1), solved from the four corner pairs."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(corners_out, corners_in):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.append(v)
    return np.linalg.solve(np.array(rows, float), np.array(rhs, float)).tolist()


def keystone(im, k, side):
    """A photo of the screen taken a little from below (`side` "top": the top edge `k` of the
    width narrower, centred) or from the right (`side` "left": the left edge `k` of the height
    shorter): the image mapped onto that trapezium (bicubic), on its own canvas size, the
    corners outside it filled with a dark grey (30, 30, 30)."""
    W, H = im.size
    if side == "top":
        d = k * W / 2
        out = [(d, 0), (W - d, 0), (W, H), (0, H)]
    else:
        d = k * H / 2
        out = [(0, d), (W, 0), (W, H), (0, H - d)]
    coefficients = perspective_coefficients(out, [(0, 0), (W, 0), (W, H), (0, H)])
    return im.transform((W, H), Image.PERSPECTIVE, coefficients, Image.BICUBIC,
                        fillcolor=(30, 30, 30))


# ---------------------------------------------------------------------------------------------
# The mixed probe.

# The eleven mild perturbations `mix` draws from (name, function).
MILD = [
    ("x0.7", lambda im: scale(im, 0.7)),
    ("x0.85", lambda im: scale(im, 0.85)),
    ("x1.2", lambda im: scale(im, 1.2)),
    ("jpeg50", lambda im: jpeg(im, 50)),
    ("jpeg75", lambda im: jpeg(im, 75)),
    ("gamma1.3", lambda im: gamma(im, 1.3)),
    ("gamma0.8", lambda im: gamma(im, 0.8)),
    ("dim0.6+15", lambda im: dim(im, 0.6, 15)),
    ("blur0.8", lambda im: im.filter(ImageFilter.GaussianBlur(0.8))),
    ("warm", warm),
    ("sat0.6", lambda im: ImageEnhance.Color(im).enhance(0.6)),
]


# Prefixed to the seeds of `mix` and `mix10` (see `--salt`); empty for the draws measured in
# BENCHMARKS.md.
SALT = ""


def mix_draw(stem, copy):
    """The two distinct mild perturbations (in the order applied) for copy 1 or 2 of `stem`."""
    rng = random.Random(f"{SALT}mix:{stem}:{copy}")
    return rng.sample(range(len(MILD)), 2)


# ---------------------------------------------------------------------------------------------
# Probes. Each maker takes (image, box) and returns a list of (suffix, Image-or-JPEG-bytes, note);
# an empty list leaves the image out. `box` is None when the clean image gave no board.

GEOMETRY = {"crop", "bannerA", "bannerB", "tiny", "glassA", "glassB", "markup", "gmix", "tmix", "alert",
            "swipe"} | {
    f"cut{side}{shown}" for side in "lr" for shown in (35, 50, 65, 80)}


def one(im):
    return [("", im, "")]


PROBES = {
    "s045": lambda im, box: one(scale(im, 0.45)),
    "s060": lambda im, box: one(scale(im, 0.6)),
    "s075": lambda im, box: one(scale(im, 0.75)),
    "s133": lambda im, box: one(scale(im, 1.33)),
    "s150": lambda im, box: one(scale(im, 1.5)),
    "jpg55": lambda im, box: one(jpeg_bytes(im, 55)),
    "q35": lambda im, box: one(jpeg_bytes(im, 35)),
    "blur": lambda im, box: one(im.filter(ImageFilter.GaussianBlur(1.2))),
    "dark": lambda im, box: one(gamma(im, 1.6)),
    "bright": lambda im, box: one(gamma(im, 0.6)),
    "sharp": lambda im, box: one(im.filter(ImageFilter.UnsharpMask(radius=2, percent=150, threshold=3))),
    "web": lambda im, box: one(jpeg_bytes(scale(im, 0.7, Image.BILINEAR), 70)),
    "dim": lambda im, box: one(dim(im, 0.45, 10)),
    "hue": lambda im, box: one(hue_third(im)),
    "crop": lambda im, box: one(crop(im, box)),
    "desk": lambda im, box: one(desk(im)),
    "bannerA": lambda im, box: one(banner(im, box, 0.2)),
    "bannerB": lambda im, box: one(banner(im, box, 0.45)),
    "tiny": lambda im, box: one(tiny(im, box)),
    # Second round (session 20): kinds of damage no rule was tuned on; written to their own
    # folder (`--out /work/probes2 --only rot1 rotm2 noise aniso tall lowc gray glassA glassB`).
    "rot1": lambda im, box: one(turn(im, 1.0)),
    "rotm2": lambda im, box: one(turn(im, -2.0)),
    "noise": lambda im, box: one(noise(im, 10.0)),
    "aniso": lambda im, box: one(stretch(im, 0.85, 1.0)),
    "tall": lambda im, box: one(stretch(im, 1.0, 0.88)),
    "lowc": lambda im, box: one(ImageEnhance.Contrast(im).enhance(0.55)),
    "gray": lambda im, box: one(im.convert("L").convert("RGB")),
    "glassA": lambda im, box: one(glass_banner(im, box, 0.18)),
    "glassB": lambda im, box: one(glass_banner(im, box, 0.3)),
    # Third round (session 22): the screenshot saved turned (no Exif orientation), a quarter
    # anticlockwise, half a turn, a quarter clockwise; the truth is the board standing upright,
    # as the reader reads it (`--out /work/probes3 --only turn90 turn180 turn270`).
    "turn90": lambda im, box: one(im.rotate(90, expand=True)),
    "turn180": lambda im, box: one(im.rotate(180, expand=True)),
    "turn270": lambda im, box: one(im.rotate(270, expand=True)),
    # Fourth round (session 23): how screenshots travel and are shown (`--out /work/probes4
    # --only msgapp pal64 pad2 markup`).
    "msgapp": lambda im, box: one(messaging_app(im)),
    "pal64": lambda im, box: one(palette(im, 64)),
    "pad2": lambda im, box: one(padded(im, 2.0)),
    "markup": lambda im, box: one(marked_up(im, box)),
    # Sixth round (session 24): cropped through the first or last column, 35 to 80% of it left
    # (`--out /work/probes6 --only cutl35 cutl50 ... cutr80`).
    **{f"cut{side}{shown}": (lambda side, shown: lambda im, box: one(
        cut_column(im, box, side, shown / 100)))(side, shown)
       for side in "lr" for shown in (35, 50, 65, 80)},
    # Seventh round (session 25): a photo of the screen taken a little askew, the top edge 4% or
    # 8% narrower, or the left edge 6% shorter (`--out /work/probes7 --only ks4 ks8 ksl6`).
    "ks4": lambda im, box: one(keystone(im, 0.04, "top")),
    "ks8": lambda im, box: one(keystone(im, 0.08, "top")),
    "ksl6": lambda im, box: one(keystone(im, 0.06, "left")),
    # Eighth round (session 28): themes and colours no game was seen in (`--out /work/probes16
    # --only neg night hue60 hue200 sat desat pix2`).
    "neg": lambda im, box: one(negative(im)),
    "night": lambda im, box: one(night(im)),
    "hue60": lambda im, box: one(hue_turn(im, 43)),
    "hue200": lambda im, box: one(hue_turn(im, 142)),
    "sat": lambda im, box: one(ImageEnhance.Color(im).enhance(1.8)),
    "desat": lambda im, box: one(ImageEnhance.Color(im).enhance(0.35)),
    "pix2": lambda im, box: one(pixelated(im, 2)),
    # Session 42: light and stripes of a screen photographed (`--out /work/probes30 --only glare
    # moire screenphoto`).
    "glare": lambda im, box: one(glare(im)),
    "moire": lambda im, box: one(moire(im)),
    "screenphoto": lambda im, box: one(screen_photo(im)),
}


def make_mix(im, stem):
    made = []
    for copy in (1, 2):
        out = im
        names = []
        for i in mix_draw(stem, copy):
            name, fn = MILD[i]
            out = fn(out)
            names.append(name)
        made.append((f"_mix{copy}", out, "+".join(names)))
    return made


# The wider mix (session 23): the mild perturbations and eleven more, of how screenshots travel
# and are shown; ten copies of each image, each with two or three of them.
WIDER = MILD + [
    ("x0.55", lambda im: scale(im, 0.55)),
    ("x1.4", lambda im: scale(im, 1.4)),
    ("jpeg40", lambda im: jpeg(im, 40)),
    ("msgapp", lambda im: Image.open(io.BytesIO(messaging_app(im))).convert("RGB")),
    ("pal64", lambda im: palette(im, 64)),
    ("pad1.5", lambda im: padded(im, 1.5)),
    ("noise6", lambda im: noise(im, 6.0)),
    ("rot0.5", lambda im: turn(im, 0.5)),
    ("lowc0.75", lambda im: ImageEnhance.Contrast(im).enhance(0.75)),
    ("sat1.4", lambda im: ImageEnhance.Color(im).enhance(1.4)),
    ("sharp", lambda im: im.filter(ImageFilter.UnsharpMask(radius=1.5, percent=120, threshold=2))),
]


def make_mix10(im, stem):
    made = []
    for copy in range(10):
        rng = random.Random(f"{SALT}mix10:{stem}:{copy}")
        ops = rng.sample(WIDER, rng.choice([2, 3]))
        out = im
        for _, fn in ops:
            out = fn(out)
        made.append((f"_m{copy}", out, "+".join(name for name, _ in ops)))
    return made


# The geometric mix (session 27): the named probes' geometric damage drawn afresh, each copy with
# its own random parameters over a range round the named probes' fixed ones, then half the time
# one mild perturbation. The named probes were run with fixed parameters, and rules were made on
# what they showed; these draws check that the rules hold between and a little beyond them.
def geometric_draw(rng):
    """One (name, fn(im, box)) geometric perturbation with parameters drawn from `rng`."""
    kind = rng.choice(["banner", "glass", "crop", "cut", "keystone", "turn", "scale", "stretch",
                       "pad", "markup"])
    if kind == "banner":
        cover = rng.uniform(0.1, 0.5)
        return f"banner{cover:.2f}", lambda im, box: banner(im, box, cover)
    if kind == "glass":
        cover = rng.uniform(0.1, 0.4)
        return f"glass{cover:.2f}", lambda im, box: glass_banner(im, box, cover)
    if kind == "crop":
        margin = rng.uniform(0.03, 0.25)
        return f"crop{margin:.2f}", lambda im, box: crop(im, box, margin)
    if kind == "cut":
        side, shown = rng.choice("lr"), rng.uniform(0.3, 0.95)
        return f"cut{side}{shown:.2f}", lambda im, box: cut_column(im, box, side, shown)
    if kind == "keystone":
        k, side = rng.uniform(0.02, 0.1), rng.choice(["top", "left"])
        return f"ks{side}{k:.3f}", lambda im, box: keystone(im, k, side)
    if kind == "turn":
        degrees = rng.uniform(-2.5, 2.5)
        return f"turn{degrees:.2f}", lambda im, box: turn(im, degrees)
    if kind == "scale":
        factor = rng.uniform(0.4, 1.6)
        return f"x{factor:.2f}", lambda im, box: scale(im, factor)
    if kind == "stretch":
        kx, ky = rng.uniform(0.8, 1.2), rng.uniform(0.85, 1.15)
        return f"stretch{kx:.2f}x{ky:.2f}", lambda im, box: stretch(im, kx, ky)
    if kind == "pad":
        k = rng.uniform(1.2, 2.5)
        return f"pad{k:.2f}", lambda im, box: padded(im, k)
    return "markup", marked_up


def make_gmix(im, stem, box):
    made = []
    for copy in range(6):
        rng = random.Random(f"{SALT}gmix:{stem}:{copy}")
        name, fn = geometric_draw(rng)
        out, names = fn(im, box), [name]
        if isinstance(out, bytes):
            out = Image.open(io.BytesIO(out)).convert("RGB")
        if rng.random() < 0.5:
            mild_name, mild = rng.choice(MILD)
            out, names = mild(out), names + [mild_name]
        made.append((f"_g{copy}", out, "+".join(names)))
    return made


# The theme mix (session 28): the eighth round's colours drawn at random parameters (a hue turn
# of any angle, the negative, the night theme, saturation, pixelation), each copy then given one
# geometric damage as `gmix` draws it: two kinds of damage no rule was made on together.
def theme_draw(rng):
    """One (name, fn(im)) change of colours with parameters drawn from `rng`."""
    kind = rng.choice(["hue", "neg", "night", "sat", "pix"])
    if kind == "hue":
        turn_by = rng.randrange(16, 240)
        return f"hue{turn_by}", lambda im: hue_turn(im, turn_by)
    if kind == "neg":
        return "neg", negative
    if kind == "night":
        return "night", night
    if kind == "sat":
        k = rng.choice([rng.uniform(0.2, 0.6), rng.uniform(1.4, 2.0)])
        return f"sat{k:.2f}", lambda im: ImageEnhance.Color(im).enhance(k)
    k = rng.choice([2, 3])
    return f"pix{k}", lambda im: pixelated(im, k)


def alert(im, box, rng):
    """A system alert over the board's middle (a low-battery warning, "Allow notifications?"): the
    whole screen dimmed (x0.6), then a rounded panel of light or dark grey with a bold title, two
    lines of text and two buttons, its width 0.55-0.9 of the board's and its height 0.25-0.5 of
    it, placed at random round the board's centre (its box may reach past the board's sides)."""
    x, y, w, h, _, _ = box
    dark = rng.random() < 0.4
    out = dim(im, 0.6, 0)
    aw, ah = rng.uniform(0.55, 0.9) * w, rng.uniform(0.25, 0.5) * h
    cx, cy = x + w * rng.uniform(0.35, 0.65), y + h * rng.uniform(0.35, 0.65)
    left, top = cx - aw / 2, cy - ah / 2
    d = ImageDraw.Draw(out)
    panel, ink = ((44, 44, 46), (235, 235, 240)) if dark else ((242, 242, 247), (20, 20, 20))
    d.rounded_rectangle((left, top, left + aw, top + ah), radius=0.08 * min(aw, ah), fill=panel)
    line = ah / 7
    title = rng.choice(["Low Battery", "Allow Notifications?", "Update Available", "Connection Lost"])
    d.text((cx, top + 1.1 * line), title, font=font(line * 0.95), fill=ink, anchor="mm")
    for i, text in enumerate(["You can change this later in", "Settings at any time."]):
        d.text((cx, top + (2.4 + 1.1 * i) * line), text, font=font(line * 0.7), fill=ink, anchor="mm")
    d.line((left, top + 5 * line, left + aw, top + 5 * line), fill=(128, 128, 128), width=1)
    d.line((cx, top + 5 * line, cx, top + ah), fill=(128, 128, 128), width=1)
    for bx, label in ((cx - aw / 4, "Close"), (cx + aw / 4, "OK")):
        d.text((bx, top + 6 * line), label, font=font(line * 0.8), fill=(10, 132, 255), anchor="mm")
    return out


def make_alerts(im, stem, box):
    made = []
    for copy in range(3):
        rng = random.Random(f"{SALT}alert:{stem}:{copy}")
        made.append((f"_a{copy}", alert(im, box, rng), ""))
    return made


# The swipe mix (session 41): a word being swiped drawn over the board, in the ways games draw it
# (a translucent light band, an opaque coloured line with round joints, the swiped tiles tinted);
# the tiles' letters and marks under it are unchanged, so the truth is the board's.
SWIPE_COLOURS = [(255, 255, 255), (255, 214, 64), (150, 90, 230), (60, 150, 255), (90, 220, 120),
                 (255, 120, 60)]


def swipe(im, box, rng):
    """A swipe drawn over the board along a random path: one of `band` (a light translucent band
    0.15-0.3 of a pitch wide, opacity 0.35-0.75), `line` (an opaque line of one of
    `SWIPE_COLOURS`, 0.06-0.14 of a pitch wide, a disc at each tile's centre) or `tint` (each
    swiped tile's square, 0.9 of a pitch, overlaid with a colour at opacity 0.3-0.55, and a thin
    line of it at opacity 0.8); centres a little off (up to 0.08 of a pitch). Returns the image and
    its note."""
    x, y, w, h, rows, cols = box
    pw, ph = w / cols, h / rows
    pitch = min(pw, ph)
    path = random_path(rng, 2, 5, rows, cols)
    centres = [(x + (c + 0.5) * pw + rng.uniform(-0.08, 0.08) * pitch,
                y + (r + 0.5) * ph + rng.uniform(-0.08, 0.08) * pitch) for r, c in path]
    kind = rng.choice(["band", "line", "tint"])
    colour = rng.choice(SWIPE_COLOURS)
    layer = Image.new("RGBA", im.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    if kind == "band":
        width = rng.uniform(0.15, 0.3) * pitch
        alpha = rng.uniform(0.35, 0.75)
        colour = rng.choice([(255, 255, 255), (255, 250, 220), (230, 240, 255)])
        fill = colour + (round(255 * alpha),)
        draw.line(centres, fill=fill, width=max(2, round(width)), joint="curve")
        note = f"band{width / pitch:.2f}a{alpha:.2f}"
    elif kind == "line":
        width = rng.uniform(0.06, 0.14) * pitch
        fill = colour + (255,)
        draw.line(centres, fill=fill, width=max(2, round(width)), joint="curve")
        rad = width * 0.9
        for cx, cy in centres:
            draw.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], fill=fill)
        note = f"line{width / pitch:.2f}"
    else:
        alpha = rng.uniform(0.3, 0.55)
        side = 0.45 * pitch
        for (r, c) in path:
            cx, cy = x + (c + 0.5) * pw, y + (r + 0.5) * ph
            draw.rectangle([cx - side, cy - side, cx + side, cy + side], fill=colour + (round(255 * alpha),))
        width = max(2, round(0.04 * pitch))
        draw.line(centres, fill=colour + (204,), width=width, joint="curve")
        note = f"tint{alpha:.2f}"
    out = Image.alpha_composite(im.convert("RGBA"), layer).convert("RGB")
    return out, f"{note}:{colour[0]},{colour[1]},{colour[2]}:{len(path)}"


def make_swipes(im, stem, box):
    made = []
    for copy in range(4):
        rng = random.Random(f"{SALT}swipe:{stem}:{copy}")
        out, note = swipe(im, box, rng)
        made.append((f"_w{copy}", out, note))
    return made


def make_tmix(im, stem, box):
    made = []
    for copy in range(4):
        rng = random.Random(f"{SALT}tmix:{stem}:{copy}")
        theme_name, theme = theme_draw(rng)
        name, fn = geometric_draw(rng)
        out = fn(theme(im), box)
        if isinstance(out, bytes):
            out = Image.open(io.BytesIO(out)).convert("RGB")
        made.append((f"_t{copy}", out, f"{theme_name}+{name}"))
    return made


# ---------------------------------------------------------------------------------------------


def sources(folders):
    """(folder, path) of every image in `folders` that has its STEM.json beside it, sorted."""
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            stem, suffix = os.path.splitext(path)
            if suffix.lower() in IMAGE_SUFFIXES and os.path.isfile(stem + ".json"):
                yield folder, path


def save(result, out_dir, stem):
    """Writes a probe image: JPEG bytes as STEM.jpg (exactly as encoded), an image as STEM.png."""
    if isinstance(result, bytes):
        dest = os.path.join(out_dir, stem + ".jpg")
        with open(dest, "wb") as f:
            f.write(result)
    else:
        dest = os.path.join(out_dir, stem + ".png")
        result.save(dest)
    return dest


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", help="source folders (never a held-out one)")
    parser.add_argument("--out", required=True, help="folder to write one folder per probe into")
    parser.add_argument("--bin", default="target/release/wordsnap",
                        help="wordsnap binary, for the board's box in the clean image (default: %(default)s)")
    parser.add_argument("--only", nargs="*", help="make only these probes (names as in README.md)")
    parser.add_argument("--salt", default="",
                        help="draw `mix` and `mix10` afresh: a set to check a change on, never tuned on "
                             "(empty, the default, draws the sets measured in BENCHMARKS.md)")
    args = parser.parse_args()
    global SALT
    SALT = f"{args.salt}:" if args.salt else ""
    names = list(PROBES) + ["mix", "mix10", "gmix", "tmix", "alert", "swipe"]
    if args.only:
        unknown = [n for n in args.only if n not in names]
        if unknown:
            parser.error(f"unknown probe(s): {' '.join(unknown)} (known: {' '.join(names)})")
        names = [n for n in names if n in args.only]
    for folder in args.folders:
        if "heldout" in os.path.abspath(folder).lower():
            parser.error(f"{folder}: held-out images are never a probe's source")
        if not os.path.isdir(folder):
            parser.error(f"{folder}: not a folder")

    paths = list(sources(args.folders))
    stems = [os.path.splitext(os.path.basename(p))[0] for _, p in paths]
    dupes = {s for s in stems if stems.count(s) > 1}
    if dupes:
        sys.exit(f"the same stem in two sources: {' '.join(sorted(dupes))}")

    os.makedirs(args.out, exist_ok=True)
    boxes = {}
    if GEOMETRY & set(names):
        for _, path in paths:
            boxes[path] = board_box(args.bin, path)
        with open(os.path.join(args.out, "geometry.json"), "w") as f:
            json.dump({os.path.basename(p): b and dict(zip(("x", "y", "width", "height", "rows", "cols"), b))
                       for p, b in boxes.items()}, f, indent=1, sort_keys=True)
            f.write("\n")

    manifest = [f"sources: {' '.join(args.folders)} ({len(paths)} images)", f"binary for geometry: {args.bin}"]
    for name in names:
        out_dir = os.path.join(args.out, name)
        if os.path.isdir(out_dir):
            shutil.rmtree(out_dir)
        os.makedirs(out_dir)
        made, skipped = 0, []
        for _, path in paths:
            stem = os.path.splitext(os.path.basename(path))[0]
            box = boxes.get(path)
            if name in GEOMETRY and box is None:
                skipped.append(stem)
                continue
            im = Image.open(path).convert("RGB")
            if name == "mix":
                results = make_mix(im, stem)
            elif name == "mix10":
                results = make_mix10(im, stem)
            elif name == "gmix":
                results = make_gmix(im, stem, box)
            elif name == "tmix":
                results = make_tmix(im, stem, box)
            elif name == "alert":
                results = make_alerts(im, stem, box)
            elif name == "swipe":
                results = make_swipes(im, stem, box)
            else:
                results = PROBES[name](im, box)
            for suffix, result, note in results:
                dest = save(result, out_dir, stem + suffix)
                shutil.copyfile(os.path.splitext(path)[0] + ".json", os.path.join(out_dir, stem + suffix + ".json"))
                made += 1
                if note:
                    manifest.append(f"{name}/{os.path.basename(dest)}: {note}")
        line = f"{name}: {made} images"
        if skipped:
            line += f"; left out (no board read in the clean image): {' '.join(skipped)}"
        print(line, flush=True)
        manifest.append(line)
    with open(os.path.join(args.out, "manifest.txt" if not args.only else "manifest_only.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
