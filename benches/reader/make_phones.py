#!/usr/bin/env python3
"""Makes a fresh draw of the phone-layout probe: every tall phone layout of
`fixtures/make_phone_fixtures.py` (Wordament with panels, with Android's pointer overlay; Ruzzle
with bars and the word being swiped; Word Streak with stat boxes, with the overlay; Letterpress
with its header; Word Hunt with an O- or X-shaped title; a 6x6 board over a word list) drawn
`--copies` times each with new random letters, values and tile shades, on the layout's screen
size. The fixtures in `fixtures/phones` are one draw of each, which the tests and the rules were
made on; a fresh draw checks that what reads them right reads their letters right in general.

    python3 benches/reader/make_phones.py --seed 26 --out /work/probes11/phones26
    wordsnap eval /work/probes11/phones26

The truth is each board (`STEM.json` beside each image). Deterministic for a seed. Needs Python 3
and Pillow, and the fonts the fixtures use.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fixtures"))
import make_phone_fixtures as fixtures  # noqa: E402

LAYOUTS = [
    ("wordament_1080x1920_panels", lambda rng: fixtures.wordament_phone(rng, (1080, 1920))),
    ("wordament_1080x2400_touch_debug",
     lambda rng: fixtures.wordament_phone(rng, (1080, 2400), touch_debug=True)),
    ("ruzzle_1080x2340_bars_word", lambda rng: fixtures.ruzzle_phone(rng, (1080, 2340))),
    ("streak_1080x2400_stat_boxes", lambda rng: fixtures.streak_phone(rng, (1080, 2400))),
    ("streak_1080x1920_touch_debug",
     lambda rng: fixtures.streak_phone(rng, (1080, 1920), touch_debug=True)),
    ("letterpress_1080x2400_header", lambda rng: fixtures.letterpress_phone(rng, (1080, 2400))),
    ("wordhunt_1080x2400_o_title", lambda rng: fixtures.wordhunt_phone(rng, (1080, 2400), "O")),
    ("wordhunt_1080x1920_x_title", lambda rng: fixtures.wordhunt_phone(rng, (1080, 1920), "X")),
    ("lato_1080x1920_6x6_words", lambda rng: fixtures.small_board_phone(rng, (1080, 1920))),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="folder to write the boards into")
    parser.add_argument("--seed", type=int, required=True,
                        help="the draw's seed (a fresh one for a set never tuned on)")
    parser.add_argument("--copies", type=int, default=6, help="boards per layout")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    made = draw_layouts(random.Random(args.seed), args.copies, args.out)
    print(f"{args.out}: {made} boards")


def draw_layouts(rng, copies, out, prefix=""):
    """Draws every layout `copies` times with `rng` into `out` (`PREFIXLAYOUT_COPY.png`, its
    truth `.json` beside it); returns how many boards were written."""
    for name, draw in LAYOUTS:
        for copy in range(copies):
            image, truth = draw(rng)
            stem = os.path.join(out, f"{prefix}{name}_{copy}")
            fixtures.save_png(image, stem + ".png")
            with open(stem + ".json", "w") as f:
                json.dump(truth, f)
    return len(LAYOUTS) * copies


if __name__ == "__main__":
    main()
