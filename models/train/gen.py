"""Synthetic tile-crop renderer for the wordsnap tile OCR model.

Renders crops that follow the segmentation -> OCR crop contract:
dark ink on a light background, crop = text bounding box plus a margin of
roughly 5-35% of the text height per side, any size (text height 8..300 px),
with edge leftovers, rotation, blur, noise, JPEG, low resolution, underlines,
outlines and shadows.

Every sample is a pure function of (seed, index), so runs are reproducible.
"""

from __future__ import annotations

import io
import math
import os
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-"
BLANK_RATE = 0.02  # share of empty crops (label "")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MODEL_HEIGHT = 32

# The training fonts are the font files of these Debian 12 packages (read from dpkg's file
# lists), so fonts installed on the machine for other work (the reader's font probe,
# benches/reader/make_fonts.py, draws with faces the model must never see) never slip into
# training. The first model's list (model v3, models/tile_ocr.onnx).
TRAIN_PACKAGES = [
    "fonts-dejavu-core", "fonts-dejavu-extra", "fonts-liberation2", "fonts-freefont-ttf",
    "fonts-urw-base35", "fonts-noto-core", "fonts-open-sans", "fonts-cantarell",
    "fonts-crosextra-carlito", "fonts-crosextra-caladea", "fonts-croscore", "fonts-firacode",
    "fonts-inconsolata", "fonts-linuxlibertine", "fonts-comfortaa", "fonts-oxygen", "fonts-hack",
    "fonts-league-spartan", "fonts-quicksand", "fonts-jura", "fonts-cabin", "fonts-texgyre",
    "fonts-b612", "fonts-sil-andika", "fonts-vollkorn", "fonts-inter", "fonts-manrope",
    "fonts-jetbrains-mono", "fonts-mplus",
]
# The second model (model v4, models/tile_ocr_second.onnx, whose readings of letters the reader
# weighs with the first's) is trained on the first's packages and these: sans, rounded,
# condensed, outlined, sketched and display faces in capitals (none a face of the font probe).
SECOND_EXTRA_PACKAGES = [
    "fonts-adf-gillius", "fonts-adf-universalis", "fonts-adf-switzera", "fonts-adf-verana",
    "fonts-adf-libris", "fonts-allerta", "fonts-opendin", "fonts-roadgeek", "fonts-routed-gothic",
    "fonts-eurofurence", "fonts-beteckna", "fonts-opendyslexic", "fonts-humor-sans",
    "fonts-rampart", "fonts-radisnoir", "fonts-yusei-magic", "fonts-klee", "fonts-komatuna",
    "fonts-cabinsketch", "fonts-century-catalogue", "fonts-quattrocento", "fonts-gfs-neohellenic",
    "fonts-morisawa-bizud-gothic", "fonts-train", "fonts-summersby",
]
# Each model's training packages, by the name train.py's --pool takes.
POOLS = {"first": TRAIN_PACKAGES, "second": TRAIN_PACKAGES + SECOND_EXTRA_PACKAGES}
# Held-out packages (never used for training; used for evaluation): Roboto and Lato.
HELD_OUT_PACKAGES = ["fonts-roboto-unhinted", "fonts-lato"]
# Font files whose path contains one of these (lowercase) are never used:
# symbol / dingbat / script / math faces and non-Latin Noto families.
EXCLUDE = [
    "symbol", "dingbat", "d050000l", "z003", "chorus", "math", "emoji",
    "/urw-base35/c059", "/urw-base35/p052",
]

BOLD_WORDS = ["bold", "black", "heavy", "extrabold", "semibold", "demi", "ultra", "-bd", "-b."]
LIGHT_WORDS = ["light", "thin", "hairline", "extralight"]
SLANT_WORDS = ["italic", "oblique", "-it.", "-i."]

MULTI = ["QU", "TH", "IN", "ER", "AN", "HE", "RE", "CH", "EN", "ST", "ON", "AT", "ES", "ED",
         "ND", "OU", "EA", "TI", "TO", "IT", "IS", "OR", "AR", "ING", "ION", "ENT", "TION"]
PREFIXES = ["RE-", "IN-", "OVER-", "UN-", "DE-", "PRE-", "DIS-", "EX-", "CO-", "MIS-", "SUB-", "NON-"]
SUFFIXES = ["-IC", "-ING", "-ED", "-ER", "-LY", "-S", "-ES", "-EST", "-TION", "-ISM", "-NESS", "-FUL", "-ABLE"]
BADGES = ["DL", "TL", "DW", "TW", "2X", "3X"]
# Share of MULTI tiles rendered in title case ("Qu", "Th", "Ing"); label stays upper case.
TITLE_CASE_RATE = 0.35


def package_files(package: str) -> list[str]:
    """The files a Debian package installed (dpkg's file list), or none when it is not installed."""
    for name in (package, package + ":all", package + ":amd64"):
        path = f"/var/lib/dpkg/info/{name}.list"
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                return [line.strip() for line in f if line.strip()]
    return []


def font_files(held_out: bool, pool: str = "first") -> dict[str, str]:
    """Every font file of the held-out packages, or of a model's training packages (POOLS),
    with its package."""
    files: dict[str, str] = {}
    for package in HELD_OUT_PACKAGES if held_out else POOLS[pool]:
        for f in package_files(package):
            if f.lower().endswith((".ttf", ".otf")) and os.path.isfile(f):
                files.setdefault(f, package)
    return files


def list_fonts(held_out: bool, pool: str = "first") -> list[str]:
    """Usable Latin font files, either a model's training pool (POOLS) or the held-out pool."""
    out = []
    for f in sorted(font_files(held_out, pool)):
        low = f.lower()
        if any(e in low for e in EXCLUDE):
            continue
        if "/noto/" in low:
            base = os.path.basename(f)
            if not base.split("-")[0] in ("NotoSans", "NotoSerif", "NotoSansMono", "NotoSansDisplay", "NotoSerifDisplay"):
                continue
        if "/mplus/" in low and "mplus-1p" not in low and "mplus-2p" not in low:
            continue
        if not _font_ok(f):
            continue
        out.append(f)
    return out


def _font_ok(path: str) -> bool:
    """True when the font has distinct, non-empty glyphs for every alphabet character."""
    try:
        font = ImageFont.truetype(path, 40)

        def glyph(ch):
            im = Image.new("L", (80, 80), 0)
            ImageDraw.Draw(im).text((10, 10), ch, font=font, fill=255)
            return im.tobytes()

        missing = glyph("\uffff")
        seen = set()
        for ch in ALPHABET:
            g = glyph(ch)
            if g == missing or max(g) == 0:
                return False
            seen.add(g)
        return len(seen) == len(ALPHABET)
    except Exception:
        return False


SERIF_WORDS = ["serif", "termes", "pagella", "bonum", "schola", "vollkorn", "libertine", "tinos",
               "caladea", "libertinus", "linlibertine"]


def family_key(path: str) -> str:
    return os.path.basename(path).split("-")[0].split("_")[0].lower()


def font_weights(paths: list[str]) -> list[float]:
    """Sampling weights: every family gets about the same mass, bold faces dominate."""
    counts: dict = {}
    for p in paths:
        counts[family_key(p)] = counts.get(family_key(p), 0) + 1
    return [font_weight(p) / counts[family_key(p)] ** 0.7 for p in paths]


def font_weight(path: str) -> float:
    """Style weight: bold faces dominate, slanted and serif faces are rarer."""
    low = os.path.basename(path).lower()
    w = 1.5
    if any(b in low for b in BOLD_WORDS):
        w = 3.0
    elif any(b in low for b in LIGHT_WORDS):
        w = 0.6
    if any(s in low for s in SLANT_WORDS):
        w *= 0.15
    if any(s in low for s in SERIF_WORDS) and "sans" not in low:
        w *= 0.5
    return w


def random_text(rng: random.Random) -> tuple[str, str]:
    """Returns (rendered string, label)."""
    r = rng.random()
    if r < 0.70:
        c = rng.choice(LETTERS)
        return c, c
    r = rng.random()
    if r < 0.30:
        if rng.random() < 0.6:
            t = rng.choice(MULTI)
        else:
            t = "".join(rng.choice(LETTERS) for _ in range(rng.choice([2, 2, 3])))
        # Multi-letter dice faces (Big Boggle "Qu", "Th", "In", "Er", "He", "An"...)
        # and wordsnap's practice renderer print them in title case.
        if t in MULTI and rng.random() < TITLE_CASE_RATE:
            return t[0] + t[1:].lower(), t
        return t, t
    if r < 0.55:
        n = rng.choice([str(i) for i in range(1, 13)] + ["20"] * 2 + ["1", "2", "3", "4"])
        if rng.random() < 0.25:
            n = str(rng.randint(0, 99))
        return n, n
    if r < 0.70:
        b = rng.choice(BADGES)
        if b[1] == "X" and rng.random() < 0.3:
            return b[0] + "x", b
        return b, b
    if r < 0.80:
        a = rng.choice(LETTERS)
        b = rng.choice(LETTERS)
        return f"{a}/{b}", f"{a}/{b}"
    if r < 0.90:
        t = rng.choice(PREFIXES) if rng.random() < 0.7 else "".join(
            rng.choice(LETTERS) for _ in range(rng.randint(1, 4))) + "-"
    else:
        t = rng.choice(SUFFIXES) if rng.random() < 0.7 else "-" + "".join(
            rng.choice(LETTERS) for _ in range(rng.randint(1, 4)))
    shown = t.replace("-", "\u2013") if rng.random() < 0.15 else t
    return shown, t


_font_cache: dict = {}


def get_font(path: str, size: int) -> ImageFont.FreeTypeFont:
    key = (path, size)
    f = _font_cache.get(key)
    if f is None:
        if len(_font_cache) > 4000:
            _font_cache.clear()
        f = ImageFont.truetype(path, size)
        _font_cache[key] = f
    return f


_cap_cache: dict = {}


def cap_ratio(path: str) -> float:
    """Cap height / font size for a font."""
    r = _cap_cache.get(path)
    if r is None:
        f = get_font(path, 200)
        b = f.getbbox("H")
        r = max(0.3, (b[3] - b[1]) / 200.0)
        _cap_cache[path] = r
    return r


def draw_text_layer(rng, text, font_path, cap_h):
    """Renders text as an ink-coverage layer (float32, 0..1) and returns it."""
    size = max(4, int(round(cap_h / cap_ratio(font_path))))
    font = get_font(font_path, size)
    tracking = rng.uniform(-0.04, 0.18) * size if len(text) > 1 else 0.0
    widths = [font.getlength(c) for c in text]
    total = sum(widths) + tracking * (len(text) - 1)
    pad = int(size * 0.6) + 4
    W = int(total + 2 * pad + size * 0.5)
    H = int(size * 1.6 + 2 * pad)
    img = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(img)
    stroke = 0
    if rng.random() < 0.25:
        stroke = max(1, int(round(size * rng.uniform(0.01, 0.05))))
    x = pad
    for c, w in zip(text, widths):
        d.text((x, pad), c, font=font, fill=255, stroke_width=stroke, stroke_fill=255)
        x += w + tracking
    return img, size


def render_sample(rng: random.Random, fonts, weights, max_cap: float = 300.0):
    """Renders one crop. Returns (uint8 greyscale crop HxW, label)."""
    shown, label = random_text(rng)
    blank = rng.random() < BLANK_RATE
    font_path = rng.choices(fonts, weights=weights, k=1)[0]
    # Text (cap) height in the final crop, log-uniform over 8..300 px.
    cap_h = math.exp(rng.uniform(math.log(8), math.log(max_cap)))
    # Render at a comfortable resolution then rescale to the target size
    # (also a way to get low-resolution looks).
    # (Large crops are rendered at <= 110 px and upscaled; small ones at >= 24 px.)
    render_h = min(max(cap_h, 24.0), 110.0)
    layer, size = draw_text_layer(rng, shown, font_path, render_h)
    a = np.asarray(layer, dtype=np.float32) / 255.0

    # Thickness change (erode/dilate the ink layer).
    r = rng.random()
    if r < 0.12 and render_h > 20:
        k = 3 if render_h < 80 else 5
        layer = Image.fromarray((a * 255).astype(np.uint8)).filter(ImageFilter.MaxFilter(k))
        a = np.asarray(layer, dtype=np.float32) / 255.0
    elif r < 0.24 and render_h > 30:
        k = 3 if render_h < 100 else 5
        layer = Image.fromarray((a * 255).astype(np.uint8)).filter(ImageFilter.MinFilter(k))
        a2 = np.asarray(layer, dtype=np.float32) / 255.0
        if a2.max() > 0.5:
            a = a2

    # Style: plain, hollow/outlined, or shadowed. Build ink "darkness" map.
    style = rng.random()
    ink = a.copy()
    if style < 0.06 and render_h > 16:
        # Outlined letter: dark outline, lighter fill.
        k = max(3, int(render_h * rng.uniform(0.04, 0.1)) | 1)
        inner = np.asarray(Image.fromarray((a * 255).astype(np.uint8)).filter(ImageFilter.MinFilter(k)),
                           dtype=np.float32) / 255.0
        fill_dark = rng.uniform(0.0, 0.55)
        ink = np.clip(a - inner * (1 - fill_dark), 0, 1)
    elif style < 0.16:
        # Drop shadow: a lighter offset copy behind the ink.
        dx = int(round(render_h * rng.uniform(-0.08, 0.08)))
        dy = int(round(render_h * rng.uniform(0.02, 0.1)))
        sh = np.roll(np.roll(a, dy, axis=0), dx, axis=1) * rng.uniform(0.25, 0.6)
        ink = np.maximum(a, sh)

    # Rotation.
    if rng.random() < 0.7:
        ang = rng.uniform(-10, 10) if rng.random() < 0.5 else rng.uniform(-3, 3)
        im = Image.fromarray((ink * 255).astype(np.uint8)).rotate(ang, resample=Image.BICUBIC, expand=True)
        main = Image.fromarray((a * 255).astype(np.uint8)).rotate(ang, resample=Image.BICUBIC, expand=True)
        ink = np.asarray(im, dtype=np.float32) / 255.0
        a = np.asarray(main, dtype=np.float32) / 255.0

    # Bounding box of the text (the main glyph coverage).
    ys, xs = np.nonzero(ink > 0.25)
    if len(ys) == 0:
        ys, xs = np.nonzero(ink > 0.01)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    th = y1 - y0  # text height at render scale
    # Segmentation bbox jitter: a box a bit loose/tight around the ink.
    margins = [rng.uniform(0.05, 0.35) for _ in range(4)]
    if rng.random() < 0.1:
        margins = [rng.uniform(0.0, 0.08) for _ in range(4)]
    ml, mt, mr, mb = [int(round(m * th)) for m in margins]
    H, W = ink.shape
    big = np.zeros((H + 2 * th + 8, W + 2 * th + 8), np.float32)
    oy, ox = th + 4, th + 4
    big[oy:oy + H, ox:ox + W] = ink
    cy0, cy1 = oy + y0 - mt, oy + y1 + mb
    cx0, cx1 = ox + x0 - ml, ox + x1 + mr
    # Underline (Boggle dice M/W/N/Z, etc.), drawn in the bottom margin.
    if rng.random() < (0.35 if label in ("M", "W", "N", "Z", "6", "9") else 0.05) and mb >= max(3, 0.12 * th):
        ut = max(1, int(round(th * rng.uniform(0.04, 0.1))))
        uy = oy + y1 + int(round((mb - ut) * rng.uniform(0.2, 0.7)))
        ux0 = ox + x0 + int((x1 - x0) * rng.uniform(-0.1, 0.15))
        ux1 = ox + x1 - int((x1 - x0) * rng.uniform(-0.1, 0.15))
        big[uy:uy + ut, max(ux0, cx0):min(ux1, cx1)] = 1.0
    crop = big[cy0:cy1, cx0:cx1].copy()
    text_box = (mt, mt + th, ml, ml + (x1 - x0))
    if blank:
        # An empty crop (no text): only background, edge marks and noise.
        crop[:] = 0.0
        label = ""
    crop = add_edge_marks(rng, crop, text_box, fonts, weights, th)

    # Now scale the crop so the text is cap_h high (approximately; th is the
    # full ink height which may be larger than the cap height).
    scale = cap_h / max(1.0, render_h)
    ch, cw = crop.shape
    nh, nw = max(3, int(round(ch * scale))), max(3, int(round(cw * scale)))
    im = Image.fromarray((np.clip(crop, 0, 1) * 255).astype(np.uint8))
    if (nh, nw) != (ch, cw):
        im = im.resize((nw, nh), Image.BILINEAR if rng.random() < 0.5 else Image.LANCZOS, reducing_gap=None)
    # Low-resolution look: shrink then enlarge.
    # (never below ~9 px of text height: that would be unreadable, not low-res).
    if rng.random() < 0.2 and cap_h > 14:
        f = rng.uniform(1.5, min(4.0, cap_h / 9.0))
        sm = im.resize((max(2, int(nw / f)), max(2, int(nh / f))), Image.BILINEAR)
        im = sm.resize((nw, nh), rng.choice([Image.NEAREST, Image.BILINEAR, Image.BICUBIC]))
    cov = np.asarray(im, dtype=np.float32) / 255.0

    # Grey levels: background and ink after contrast normalisation.
    # (The crop contract says contrast is stretched: ink near 0, background near 255.)
    bg = rng.uniform(220, 255) if rng.random() < 0.8 else rng.uniform(190, 255)
    fg = rng.uniform(0, 30) if rng.random() < 0.8 else rng.uniform(0, 70)
    img = bg + (fg - bg) * cov
    if rng.random() < 0.2:
        # Background gradient / uneven lighting.
        gy = np.linspace(0, 1, img.shape[0])[:, None]
        gx = np.linspace(0, 1, img.shape[1])[None, :]
        g = rng.uniform(-40, 40) * gy + rng.uniform(-40, 40) * gx
        img = img + g * (1 - cov)
    out = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    if rng.random() < 0.3:
        radius = min(rng.uniform(0.3, 1.2) * max(1.0, cap_h / 32), 0.3 + 0.06 * cap_h)
        out = out.filter(ImageFilter.GaussianBlur(radius))
    arr = np.asarray(out, dtype=np.float32)
    if rng.random() < 0.4:
        nprng = np.random.default_rng(rng.getrandbits(32))
        arr = arr + nprng.normal(0, rng.uniform(2, 10), arr.shape)
    out = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    if rng.random() < 0.3:
        buf = io.BytesIO()
        out.save(buf, format="JPEG", quality=rng.randint(25, 90))
        out = Image.open(io.BytesIO(buf.getvalue())).convert("L")
    return np.asarray(out, dtype=np.uint8), label


def add_edge_marks(rng, crop, text_box, fonts, weights, th):
    """Adds leftovers of neighbouring marks at the crop edges (never over the text)."""
    if rng.random() > 0.35:
        return crop
    ch, cw = crop.shape
    ty0, ty1, tx0, tx1 = text_box
    mark = np.zeros_like(crop)
    n = 1 if rng.random() < 0.7 else 2
    for _ in range(n):
        kind = rng.random()
        if kind < 0.4:
            # Piece of a corner digit / letter (point value, badge).
            s = max(6, int(th * rng.uniform(0.25, 0.5)))
            f = get_font(rng.choices(fonts, weights=weights, k=1)[0], s)
            t = rng.choice(["1", "2", "3", "4", "5", "8", "10", "12", "A", "DL", "TW"])
            im = Image.new("L", (s * 3, s * 2), 0)
            ImageDraw.Draw(im).text((s // 2, s // 3), t, font=f, fill=255)
            g = np.asarray(im, dtype=np.float32) / 255.0
            gh, gw = g.shape
            cy = rng.choice([0, ch]) + rng.randint(-gh // 2, gh // 4) - gh // 2
            cx = rng.choice([0, cw]) + rng.randint(-gw // 2, gw // 4) - gw // 2
            _paste(mark, g, cy, cx)
        elif kind < 0.8:
            # Tile border / frame line near one edge.
            t = max(1, int(th * rng.uniform(0.03, 0.1)))
            side = rng.randrange(4)
            off = rng.randint(0, max(1, int(th * 0.06)))
            val = rng.uniform(0.5, 1.0)
            if side == 0:
                mark[off:off + t, :] = np.maximum(mark[off:off + t, :], val)
            elif side == 1:
                mark[ch - off - t:ch - off, :] = np.maximum(mark[ch - off - t:ch - off, :], val)
            elif side == 2:
                mark[:, off:off + t] = np.maximum(mark[:, off:off + t], val)
            else:
                mark[:, cw - off - t:cw - off] = np.maximum(mark[:, cw - off - t:cw - off], val)
        else:
            # Check mark / blob / arc at a corner.
            im = Image.new("L", (cw, ch), 0)
            d = ImageDraw.Draw(im)
            w = max(1, int(th * rng.uniform(0.04, 0.1)))
            cx = rng.choice([0, cw])
            cy = rng.choice([0, ch])
            s = th * rng.uniform(0.2, 0.45)
            sx = 1 if cx == 0 else -1
            sy = 1 if cy == 0 else -1
            if rng.random() < 0.5:
                pts = [(cx + sx * s * 0.1, cy + sy * s * 0.5), (cx + sx * s * 0.4, cy + sy * s * 0.8),
                       (cx + sx * s * 0.9, cy + sy * s * 0.1)]
                d.line(pts, fill=255, width=w)
            else:
                d.ellipse([cx - s, cy - s, cx + s, cy + s], outline=255, width=w)
            mark = np.maximum(mark, np.asarray(im, dtype=np.float32) / 255.0)
    # Keep marks out of the text box (with a small safety pad).
    p = max(1, int(th * 0.04))
    mark[max(0, ty0 - p):ty1 + p, max(0, tx0 - p):tx1 + p] = 0
    return np.maximum(crop, mark)


def _paste(dst, src, y, x):
    H, W = dst.shape
    h, w = src.shape
    sy0, sx0 = max(0, -y), max(0, -x)
    dy0, dx0 = max(0, y), max(0, x)
    dy1, dx1 = min(H, y + h), min(W, x + w)
    if dy1 <= dy0 or dx1 <= dx0:
        return
    dst[dy0:dy1, dx0:dx1] = np.maximum(dst[dy0:dy1, dx0:dx1], src[sy0:sy0 + dy1 - dy0, sx0:sx0 + dx1 - dx0])


def ocrs_width(h: int, w: int) -> int:
    """Width ocrs 0.13 resizes a line of size h x w to (model height 32)."""
    aspect = np.float32(w) / np.float32(h)
    return int(min(max(np.float32(MODEL_HEIGHT) * aspect, 10.0), 2400.0))
