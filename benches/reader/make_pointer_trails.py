#!/usr/bin/env python3
"""Makes the pointer-trail probe: 24 tall phone boards (Wordament-like and Word Streak-like, from
`fixtures/make_phone_fixtures.py`) under Android's pointer-location overlay after a swipe across
the tiles: the bar of numbers at the top, the two hairlines through the last touch, and the
touch's whole path, a thin red line through 3 to 5 neighbouring tiles' centres (each a little
off), with a yellow ring at every third sample. The fixtures' own overlay shows a short trail that
ends on one tile; here it runs through the letters of the word swiped.

    python3 benches/reader/make_pointer_trails.py --out /work/probes12/ptrail
    wordsnap eval /work/probes12/ptrail

The truth is each board (`STEM.json` beside each image). Deterministic: one generator, seeded 77
(or `--seed`). Needs Python 3 and Pillow, and the fonts the fixtures use.
"""
import argparse
import json
import os
import random
import sys

from PIL import ImageDraw

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fixtures"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_phone_fixtures as fixtures  # noqa: E402
from make_trails import random_path  # noqa: E402

# Each layout: how it is drawn, and its board's first tile's top-left corner, pitch and tile side
# (as `make_phone_fixtures.py` draws them).
LAYOUTS = [
    (lambda rng: fixtures.wordament_phone(rng, (1080, 2400)), (16, 330), 268, 250),
    (lambda rng: fixtures.streak_phone(rng, (1080, 1920)), (50, 500), 245, 228),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="folder to write the boards into")
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--count", type=int, default=24)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    for k in range(args.count):
        draw, (x0, y0), pitch, tile = LAYOUTS[k % len(LAYOUTS)]
        image, truth = draw(rng)
        centres = [(x0 + c * pitch + tile / 2 + rng.uniform(-20, 20),
                    y0 + r * pitch + tile / 2 + rng.uniform(-20, 20))
                   for r, c in random_path(rng, 2, 4)]
        fixtures.pointer_path(ImageDraw.Draw(image), image.size, centres)
        stem = os.path.join(args.out, f"ptrail_{k:02d}")
        fixtures.save_png(image, stem + ".png")
        with open(stem + ".json", "w") as f:
            json.dump(truth, f)
    print(f"{args.out}: {args.count} boards")


if __name__ == "__main__":
    main()
