#!/usr/bin/env python3
"""Makes the large-desktop probe: each source screenshot shrunk into a window on a large desktop, as a
full-screen capture of a game window not made full screen shows it (an emulator or a browser on a
large monitor). The desktop is a gradient wallpaper; the window has a dark frame and a title bar
with its title; a taskbar of labelled buttons runs along the bottom. The screenshot is scaled
(Lanczos) so that its board's tiles are a pitch apart drawn from the screen's range: 26-45 px on
1920x1080, 28-60 px on 2560x1440, 30-70 px on 3840x2160 (the issue's smallest tiles, about 30 px,
up to tiles a reader of a 4K capture meets), 30-70 px on an ultrawide 3440x1440 and 40-100 px on a
5120x2880 (Retina) screen; the window is put at a random place. With `--icons`, a cluttered
desktop's grid of labelled icons (5 columns of 6) fills the top-left corner, the window right of
it. PNG.

    python3 benches/reader/make_big_desktops.py /work/shared/real-screens /work/real-gathered/tune \\
        --screen 3840x2160 --seed 2 --out /work/probes33/big3840x2160 --bin target/release/wordsnap
    wordsnap eval /work/probes33/big3840x2160

The board's box in each clean source (for its pitch) is read with `--bin` (`read --json`); a
source in which it finds no board is left out. The truth is the source's (`STEM.json` copied
beside each image). Deterministic for a seed. Needs Python 3, Pillow, numpy (for the wallpaper)
and make_probes.py beside this script.
"""

import argparse
import os
import random
import shutil
import sys

from PIL import Image, ImageDraw

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_probes as mp  # noqa: E402

# Pitch range (px) of the board's tiles for each screen size.
PITCHES = {(1920, 1080): (26, 45), (2560, 1440): (28, 60), (3440, 1440): (30, 70),
           (3840, 2160): (30, 70), (5120, 2880): (40, 100)}
TASKBAR_LABELS = ["Files", "Browser", "Emulator", "Terminal", "Mail", "Music"]
TITLES = ["Android Emulator - Pixel_7_API_34:5554", "BlueStacks App Player", "Discord",
          "Word game - Chromium"]


ICON_LABELS = ["Recycle Bin", "notes.txt", "Google Chrome", "Steam", "Discord", "report.docx",
               "Photos", "Zoom", "Spotify", "BlueStacks", "budget.xlsx", "Games"]


def icon_grid(d, k):
    """A cluttered desktop's icons, 5 columns of 6 from the top-left corner (a rounded square and
    a white label under it, drawn at the screen's scale `k`); returns the grid's right edge."""
    for c in range(5):
        for r in range(6):
            x, y = round((20 + 100 * c) * k), round((20 + 110 * r) * k)
            fill = (230, 200, 90) if (r + c) % 3 == 0 else (200, 210, 225)
            d.rounded_rectangle((x + round(25 * k), y, x + round(73 * k), y + round(48 * k)),
                                radius=round(6 * k), fill=fill)
            d.text((x + round(49 * k), y + round(55 * k)), ICON_LABELS[(r * 5 + c) % len(ICON_LABELS)],
                   font=mp.font(round(13 * k)), fill=(255, 255, 255), anchor="mt")
    return round(520 * k)


def desktop(shot, screen, rng, icons=False):
    """`shot` in a framed window with a title bar at a random place on a `screen` (W, H) desktop
    with a gradient wallpaper and a taskbar (both drawn at the screen's scale), and with `icons`
    a grid of labelled icons (see `icon_grid`) left of the window; None when the window does not
    fit."""
    W, H = screen
    k = H / 1080
    taskbar, title, frame = round(48 * k), round(32 * k), max(2, round(4 * k))
    out = mp.wallpaper(W, H, lambda xx, yy: (20 + 40 * xx, 60 + 50 * yy + 10 * xx, 120 + 80 * (1 - yy)))
    d = ImageDraw.Draw(out)
    left = icon_grid(d, k) if icons else 0
    win_w, win_h = shot.width + 2 * frame, shot.height + title + 2 * frame
    if win_w > W - left - 40 or win_h > H - taskbar - 40:
        return None
    wx = rng.randint(left + 20, W - win_w - 20)
    wy = rng.randint(20, H - taskbar - win_h - 20)
    d.rectangle((wx, wy, wx + win_w - 1, wy + win_h - 1), fill=(43, 43, 48))
    # The title as the window's width allows it, cut short as a window manager does.
    name, label = rng.choice(TITLES), mp.font(round(15 * k))
    while name and d.textlength(name, font=label) > win_w - round(24 * k):
        name = name[:-1]
    d.text((wx + round(12 * k), wy + title // 2), name, font=label, fill=(220, 220, 220), anchor="lm")
    out.paste(shot, (wx + frame, wy + title + frame))
    d.rectangle((0, H - taskbar, W - 1, H - 1), fill=(32, 32, 36))
    for j, name in enumerate(TASKBAR_LABELS):
        bx = round((60 + j * 150) * k)
        d.rectangle((bx, H - taskbar + round(6 * k), bx + round(140 * k), H - round(6 * k)),
                    fill=(50, 50, 56))
        d.text((bx + round(70 * k), H - taskbar // 2), name, font=mp.font(round(15 * k)),
               fill=(235, 235, 235), anchor="mm")
    d.text((W - round(16 * k), H - taskbar // 2), "21:47", font=mp.font(round(15 * k)),
           fill=(235, 235, 235), anchor="rm")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", help="source folders (never a held-out one)")
    parser.add_argument("--out", required=True, help="folder to write the images and truths to")
    parser.add_argument("--screen", default="3840x2160", choices=[f"{w}x{h}" for w, h in PITCHES])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--icons", action="store_true",
                        help="draw a grid of 5x6 labelled desktop icons left of the window")
    parser.add_argument("--bin", default="target/release/wordsnap",
                        help="wordsnap binary, for the board's box in the clean image (default: %(default)s)")
    args = parser.parse_args()
    for folder in args.folders:
        if "heldout" in os.path.abspath(folder).lower():
            parser.error(f"{folder}: held-out images are never a probe's source")
    screen = tuple(int(v) for v in args.screen.split("x"))
    lo, hi = PITCHES[screen]
    os.makedirs(args.out, exist_ok=True)
    made = 0
    for _, path in mp.sources(args.folders):
        stem = os.path.splitext(os.path.basename(path))[0]
        box = mp.board_box(args.bin, path)
        if box is None:
            print(f"left out (no board read in the clean image): {stem}")
            continue
        x, y, w, h, rows, cols = box
        rng = random.Random(f"{args.seed}:{args.screen}:{stem}")
        pitch = (w / cols + h / rows) / 2
        shot = mp.scale(Image.open(path).convert("RGB"), rng.uniform(lo, hi) / pitch)
        out = desktop(shot, screen, rng, args.icons)
        if out is None:
            print(f"left out (its window does not fit the screen): {stem}")
            continue
        out.save(os.path.join(args.out, f"{stem}_d{args.seed}.png"))
        truth = os.path.join(args.out, f"{stem}_d{args.seed}.json")
        shutil.copyfile(os.path.splitext(path)[0] + ".json", truth)
        made += 1
    print(f"{made} images in {args.out}")


if __name__ == "__main__":
    main()
