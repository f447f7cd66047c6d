#!/usr/bin/env python3
"""Makes the SpellCast-window probe: the real SpellCast board crop of real-screens
(`spellcast_discord_crop_5x5.png`, the only real SpellCast capture the project has, a crop of the
board alone) pasted into a drawn Discord activity window, as a whole-window capture shows it:
player cards with avatars, names and scores, a round title, the word being spelled and its
points above the board, power-up buttons with gem costs, a timer; half of the landscape windows
inside Discord's own chrome (server column, channel list, title bar), a fifth of the images a
phone in portrait. The board's tiles are shuffled (each tile with its value and gem; the `V`
with its `DL` badge and the `N` with its `2X` badge, whose badges reach past their cells, stay in
place), so each board is new; it is scaled with its window (boards of about 300 to 1000 px).
JPEG (quality 70, 85 or 92) for two images in five, PNG for the others.

    python3 benches/reader/make_spellcast_windows.py --seed 1 --count 24 --out /work/probes31/spellwin1
    wordsnap eval /work/probes31/spellwin1

The truth is each board (`STEM.json` beside each image), the crop's own truth shuffled with it.
Deterministic for a seed. Needs Python 3, Pillow and the Lato, Open Sans, DejaVu and Roboto fonts
(Debian: fonts-lato fonts-open-sans fonts-dejavu-core fonts-roboto).
"""

import argparse
import json
import os
import random

from PIL import Image, ImageDraw, ImageFilter, ImageFont

SRC = "/work/shared/real-screens/spellcast_discord_crop_5x5"


FONTS = [
    "/usr/share/fonts/truetype/lato/Lato-Black.ttf",
    "/usr/share/fonts/truetype/lato/Lato-Bold.ttf",
    "/usr/share/fonts/truetype/open-sans/OpenSans-ExtraBold.ttf",
    "/usr/share/fonts/truetype/open-sans/OpenSans-Semibold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Bold.ttf",
]
WORDS = ["QUEEN", "SPELL", "MAGIC", "GEMS", "FLOAT", "CAST", "BOOK", "LEMON", "PRINCE", "YOLK"]
NAMES = ["alice", "Bob_the_Builder", "zed", "Mira", "kappa99", "Nightowl", "Jo", "TheCaster"]


def font(rng, size):
    """One of FONTS drawn at random, `size` px (at least 8)."""
    return ImageFont.truetype(rng.choice(FONTS), max(8, int(size)))


def shuffled_board(rng, source):
    """The crop with its tiles shuffled (cells 72.75 px apart across, 72 down, the first centred
    at (55.5, 54.5); each moved as a 68-px square, tile, value and gem together), and its truth
    shuffled alike."""
    im = Image.open(source + ".png").convert("RGB")
    with open(source + ".json") as f:
        truth = json.load(f)
    fixed = {(2, 0), (3, 4)}
    cells = [(r, c) for r in range(5) for c in range(5) if (r, c) not in fixed]
    order = cells[:]
    rng.shuffle(order)
    out = im.copy()
    t = {k: [row[:] for row in truth[k]] for k in ("tiles", "values", "bonuses")}
    half = 34
    for dst, src in zip(cells, order):
        sx, sy = 55.5 + 72.75 * src[1], 54.5 + 72 * src[0]
        dx, dy = 55.5 + 72.75 * dst[1], 54.5 + 72 * dst[0]
        patch = im.crop((round(sx - half), round(sy - half), round(sx + half), round(sy + half)))
        out.paste(patch, (round(dx - half), round(dy - half)))
        for k in t:
            t[k][dst[0]][dst[1]] = truth[k][src[0]][src[1]]
    return out, {"rows": 5, "cols": 5, **t}


def rounded(d, box, r, fill, outline=None, width=1):
    """A rounded rectangle on the drawing `d`."""
    d.rounded_rectangle(box, radius=r, fill=fill, outline=outline, width=width)


def background(rng, w, h):
    """The activity's backdrop, w x h: a dark blue-purple gradient with soft blurred blobs."""
    top = (rng.randint(10, 40), rng.randint(10, 30), rng.randint(40, 90))
    bot = (rng.randint(30, 80), rng.randint(10, 40), rng.randint(60, 120))
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    for y in range(h):
        k = y / max(1, h - 1)
        d.line([(0, y), (w, y)], fill=tuple(int(a + (b - a) * k) for a, b in zip(top, bot)))
    for _ in range(rng.randint(3, 8)):  # soft blobs
        x, y, r = rng.randint(0, w), rng.randint(0, h), rng.randint(w // 20, w // 6)
        c = tuple(rng.randint(40, 140) for _ in range(3))
        d.ellipse((x - r, y - r, x + r, y + r), fill=c)
    return im.filter(ImageFilter.GaussianBlur(max(w, h) / 60))


def player_card(d, rng, x, y, w, h, name, score):
    """A player's card at (x, y), w x h: a round avatar, the name and the score."""
    rounded(
        d,
        (x, y, x + w, y + h),
        h // 5,
        (rng.randint(30, 60), rng.randint(25, 50), rng.randint(70, 110)),
    )
    r = h * 0.35
    cx, cy = x + h * 0.5, y + h * 0.5
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=tuple(rng.randint(60, 230) for _ in range(3)))
    d.text((x + h, y + h * 0.12), name, font=font(rng, h * 0.28), fill=(235, 235, 245))
    d.text((x + h, y + h * 0.5), str(score), font=font(rng, h * 0.36), fill=(255, 215, 90))


def button(d, rng, x, y, w, h, label, cost):
    """A power-up button at (x, y), w x h: its label, a gem and the gems it costs."""
    rounded(
        d,
        (x, y, x + w, y + h),
        h // 4,
        (rng.randint(90, 160), rng.randint(40, 90), rng.randint(150, 220)),
    )
    d.text((x + w * 0.12, y + h * 0.22), label, font=font(rng, h * 0.42), fill=(255, 255, 255))
    gx = x + w * 0.78
    d.polygon(
        [
            (gx, y + h * 0.25),
            (gx + h * 0.15, y + h * 0.5),
            (gx, y + h * 0.75),
            (gx - h * 0.15, y + h * 0.5),
        ],
        fill=(230, 90, 220),
    )
    d.text((gx + h * 0.2, y + h * 0.25), str(cost), font=font(rng, h * 0.38), fill=(255, 255, 255))


def discord_chrome(rng, w, h):
    """Discord's desktop window: server column, channel list, title bar; returns the image and the
    activity area box."""
    im = Image.new("RGB", (w, h), (49, 51, 56))
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, 72, h), fill=(30, 31, 34))
    for i in range(min(12, h // 60)):
        y = 12 + i * 58
        d.ellipse((12, y, 60, y + 48), fill=tuple(rng.randint(50, 200) for _ in range(3)))
    d.rectangle((72, 0, 312, h), fill=(43, 45, 49))
    f = font(rng, 15)
    for i, ch in enumerate(
        ["# general", "# memes", "# spellcast", "Voice", "  alice", "  Bob", "# off-topic"]
    ):
        d.text((88, 60 + i * 34), ch, font=f, fill=(148, 155, 164))
    d.rectangle((312, 0, w, 48), fill=(49, 51, 56))
    d.text((330, 14), "SpellCast", font=font(rng, 16), fill=(242, 243, 245))
    return im, (312, 48, w, h - rng.choice([0, 60]))


def landscape(rng, board, w, h, chrome):
    """A landscape window, w x h, with the board in it (inside Discord's chrome when `chrome`)."""
    if chrome:
        im, (ax, ay, ax2, ay2) = discord_chrome(rng, w, h)
    else:
        im, (ax, ay, ax2, ay2) = Image.new("RGB", (w, h)), (0, 0, w, h)
    aw, ah = ax2 - ax, ay2 - ay
    im.paste(background(rng, aw, ah), (ax, ay))
    d = ImageDraw.Draw(im)
    bh = int(ah * rng.uniform(0.5, 0.72))
    b = board.resize((bh * board.width // board.height, bh), Image.LANCZOS)
    bx = ax + (aw - b.width) // 2 + rng.randint(-aw // 20, aw // 20)
    by = ay + int(ah * 0.2) + rng.randint(0, max(1, ah - bh - int(ah * 0.22)) // 2)
    by = min(by, ay2 - bh - 4)
    im.paste(b, (bx, by))
    # round title and word being spelled above the board
    d.text(
        (bx + b.width * 0.3, ay + ah * 0.03),
        f"ROUND {rng.randint(1, 5)}/5",
        font=font(rng, ah * 0.04),
        fill=(230, 230, 255),
    )
    if rng.random() < 0.7:
        word = rng.choice(WORDS)
        d.text(
            (bx + b.width * 0.25, by - ah * 0.11),
            word,
            font=font(rng, ah * 0.07),
            fill=(255, 255, 255),
        )
        d.text(
            (bx + b.width * 0.75, by - ah * 0.09),
            f"+{rng.randint(5, 60)}",
            font=font(rng, ah * 0.045),
            fill=(120, 255, 160),
        )
    # player cards on the left
    n = rng.randint(2, 6)
    cw, ch = int(aw * 0.17), int(ah * 0.085)
    for i in range(n):
        x, y = ax + int(aw * 0.02), ay + int(ah * 0.12) + i * int(ch * 1.25)
        if x + cw < bx - 8 and y + ch < ay2:
            player_card(d, rng, x, y, cw, ch, rng.choice(NAMES), rng.randint(0, 250))
    # buttons on the right
    bw, bhh = int(aw * 0.13), int(ah * 0.07)
    for i, (label, cost) in enumerate([("SHUFFLE", 1), ("SWAP", 3), ("HINT", 4)]):
        x, y = bx + b.width + int(aw * 0.03), by + i * int(bhh * 1.4)
        if x + bw < ax2:
            button(d, rng, x, y, bw, bhh, label, cost)
    if rng.random() < 0.5:
        d.text(
            (ax2 - aw * 0.12, ay + ah * 0.03),
            f"0:{rng.randint(10, 59)}",
            font=font(rng, ah * 0.05),
            fill=(255, 255, 255),
        )
    return im


def portrait(rng, board, w, h):
    """A phone in portrait, w x h: player cards above the board, the word, buttons under it."""
    im = background(rng, w, h)
    d = ImageDraw.Draw(im)
    bw = int(w * rng.uniform(0.82, 0.95))
    b = board.resize((bw, bw * board.height // board.width), Image.LANCZOS)
    bx, by = (w - bw) // 2, int(h * rng.uniform(0.3, 0.42))
    im.paste(b, (bx, by))
    cw, ch = int(w * 0.3), int(h * 0.05)
    for i in range(rng.randint(2, 3)):
        player_card(
            d,
            rng,
            int(w * 0.03) + i * int(cw * 1.05),
            int(h * 0.08),
            cw,
            ch,
            rng.choice(NAMES),
            rng.randint(0, 250),
        )
    d.text((w * 0.3, h * 0.18), rng.choice(WORDS), font=font(rng, h * 0.04), fill=(255, 255, 255))
    bwid, bh = int(w * 0.28), int(h * 0.05)
    for i, (label, cost) in enumerate([("SHUFFLE", 1), ("SWAP", 3), ("HINT", 4)]):
        button(
            d,
            rng,
            int(w * 0.04) + i * int(bwid * 1.1),
            by + b.height + int(h * 0.04),
            bwid,
            bh,
            label,
            cost,
        )
    return im


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="folder to write the images into")
    parser.add_argument(
        "--seed",
        type=int,
        required=True,
        help="the draw's seed (a fresh one for a set never tuned on)",
    )
    parser.add_argument("--count", type=int, default=24, help="images to make")
    parser.add_argument(
        "--source",
        default=SRC,
        help="the crop's path without its extension (STEM.png and STEM.json)",
    )
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    sizes = [(1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (1600, 900)]
    for i in range(args.count):
        board, truth = shuffled_board(rng, args.source)
        kind = rng.choice(["land", "land", "chrome", "chrome", "phone"])
        if kind == "phone":
            w, h = rng.choice([(1080, 2340), (1170, 2532), (720, 1600)])
            im = portrait(rng, board, w, h)
        else:
            w, h = rng.choice(sizes)
            im = landscape(rng, board, w, h, kind == "chrome")
        stem = os.path.join(args.out, f"spellwin_{args.seed}_{i:02d}_{kind}_{w}x{h}")
        if rng.random() < 0.4:
            im.save(stem + ".jpg", quality=rng.choice([70, 85, 92]))
        else:
            im.save(stem + ".png")
        with open(stem + ".json", "w") as f:
            json.dump(truth, f)
    print(f"{args.out}: {args.count} images")


if __name__ == "__main__":
    main()
