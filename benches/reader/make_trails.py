#!/usr/bin/env python3
"""Makes the swipe-trail probe: 40 Word Hunt-like boards drawn mid-swipe, each along a random path
of 4 to 7 tiles, the trail a translucent white band through the tiles' centres.

    python3 benches/reader/make_trails.py --out /work/probes5/trails
    python3 benches/reader/make_trails.py --lines --out /work/probes5/lines
    python3 benches/reader/make_trails.py --seed 26 --count 80 --out /work/probes8/trails26
    bash benches/reader/eval_all.sh BIN OUT   (with PROBES=/work/probes5)

Each board is drawn by `fixtures/make_phone_fixtures.py`'s `wordhunt_swipe` (random letters, cream
tiles, the path's tiles in one of four highlight colours: green, yellow, white, light green, with
dark letters), in Lato or Roboto (fonts the model never trained on) at 130 or 150 px, on a
1170x2532, 1080x1920 or 1125x2436 screen, the trail's opacity drawn from 0.6-0.88. The truth is the
board (`STEM.json` beside each image). Deterministic: one generator, seeded 2311 (or `--seed`).
Needs Python 3 and Pillow, and the Lato and Roboto fonts the fixtures use.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fixtures"))
import make_phone_fixtures as fixtures  # noqa: E402

HIGHLIGHTS = [((130, 225, 120), (40, 90, 40)), ((245, 215, 90), (90, 70, 10)),
              ((250, 250, 248), (10, 10, 10)), ((150, 230, 150), (10, 10, 10))]
SCREENS = [(1170, 2532), (1080, 1920), (1125, 2436)]


def random_path(rng, fewest=3, most=6, rows=4, cols=4):
    """A path of adjacent tiles (8 ways) on a `rows` x `cols` board, no tile twice, `fewest` + 1
    to `most` + 1 long (shorter when it runs into a corner)."""
    r, c = rng.randrange(rows), rng.randrange(cols)
    path = [(r, c)]
    for _ in range(rng.randrange(fewest, most + 1)):
        steps = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in path]
        if not steps:
            break
        r, c = rng.choice(steps)
        path.append((r, c))
    return path


# The straight swipes of `--lines`: a whole row or column, or most of one.
LINES = {
    "row0": [(0, 0), (0, 1), (0, 2), (0, 3)],
    "row1": [(1, 0), (1, 1), (1, 2), (1, 3)],
    "row3": [(3, 3), (3, 2), (3, 1), (3, 0)],
    "col0": [(0, 0), (1, 0), (2, 0), (3, 0)],
    "row0half": [(0, 0), (0, 1), (0, 2)],
    "col3": [(3, 3), (2, 3), (1, 3), (0, 3)],
}


def lines(out):
    """36 boards swiped along a straight line (each of `LINES` over green, yellow and white
    tiles, at opacity 0.7 and 0.83), 1170x2532, Roboto 150 px; one generator, seeded 5 (`col3`,
    added last, leaves the 30 boards drawn before it as they were)."""
    rng = random.Random(5)
    for line, path in LINES.items():
        for colour, (highlight, ink) in zip(("green", "yellow", "white"), HIGHLIGHTS[:3]):
            for opacity in (0.7, 0.83):
                image, truth = fixtures.wordhunt_swipe(rng, (1170, 2532), path, highlight, ink, opacity,
                                                       fixtures.font(fixtures.ROBOTO, 150))
                stem = os.path.join(out, f"{line}_{colour}_{int(opacity * 100)}")
                image.save(stem + ".png")
                with open(stem + ".json", "w") as f:
                    json.dump(truth, f)
    print(f"{out}: {len(LINES) * 6} boards")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="folder to write the boards into")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2311,
                        help="the random paths' seed (2311 draws the set measured in BENCHMARKS.md; "
                             "another draws a fresh set to check a change on, never tuned on)")
    parser.add_argument("--lines", action="store_true",
                        help="draw the 36 straight swipes instead (see `lines`)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.lines:
        lines(args.out)
        return
    rng = random.Random(args.seed)
    for i in range(args.count):
        highlight, ink = rng.choice(HIGHLIGHTS)
        opacity = rng.uniform(0.6, 0.88)
        letter_font = fixtures.font(rng.choice([fixtures.LATO, fixtures.ROBOTO]), rng.choice([130, 150]))
        screen = rng.choice(SCREENS)
        image, truth = fixtures.wordhunt_swipe(rng, screen, random_path(rng), highlight, ink, opacity, letter_font)
        stem = os.path.join(args.out, f"trail_{i:02d}")
        image.save(stem + ".png")
        with open(stem + ".json", "w") as f:
            json.dump(truth, f)
    print(f"{args.out}: {args.count} boards")


if __name__ == "__main__":
    main()
