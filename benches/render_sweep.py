#!/usr/bin/env python3
"""Round-trip sweep of the reader on boards drawn by `wordsnap render`.

For one seed: 4 styles x 5 sizes x 4 board kinds (Boggle 4x4, Big Boggle 5x5, Super Big Boggle
6x6, Wordament 4x4 with one special tile, title-case faces such as In/Th/Er included), each a
random board rendered to PNG and read back with `wordsnap read --json`. Prints every board read
wrong and the count read fully right.

    cargo build --release
    python3 benches/render_sweep.py 1 3 4 5 7 8
"""
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDSNAP = os.path.join(ROOT, "target", "release", "wordsnap")
LETTERS = "EEEEAAAIIIOOONNRRTTLLSSUDGBCMPFHVWYKJXQZ"
SPECIALS = ["QU", "IN", "TH", "ER", "A/E", "RE-", "-ING", "U/L", "OVER-", "-ED"]
STYLES = ["light", "dark", "wordament", "wood"]
SIZES = ["600x600", "1080x1920", "400x300", "1920x1080", "360x640"]
KINDS = [(4, "boggle"), (5, "bigboggle"), (6, "superbigboggle"), (4, "wordament")]


def board_text(tiles):
    return " ".join(
        "".join("[" + t.lower() + "]" if len(t) > 1 else t.lower() for t in row) for row in tiles
    )


def sweep(seed, out_dir):
    rng = random.Random(seed)
    right = total = 0
    for style in STYLES:
        for size in SIZES:
            for side, game in KINDS:
                tiles = [[rng.choice(LETTERS) for _ in range(side)] for _ in range(side)]
                tiles = [["QU" if t == "Q" else t for t in row] for row in tiles]
                if game == "wordament":
                    tiles[rng.randrange(side)][rng.randrange(side)] = rng.choice(SPECIALS)
                png = os.path.join(out_dir, f"{seed}_{style}_{size}_{game}.png")
                subprocess.run(
                    [WORDSNAP, "render", "--board", board_text(tiles), "--style", style,
                     "--size", size, "--game", game, "--out", png],
                    check=True, capture_output=True)
                read = subprocess.run([WORDSNAP, "read", "--json", png],
                                      capture_output=True, text=True)
                total += 1
                got = json.loads(read.stdout)["tiles"] if read.stdout.strip() else None
                if got == tiles:
                    right += 1
                else:
                    print(f"WRONG seed {seed} {style} {size} {game}: read {got}, drawn {tiles}")
    print(f"seed {seed}: {right}/{total} boards read fully right")
    return right, total


if __name__ == "__main__":
    seeds = [int(s) for s in sys.argv[1:]] or [1]
    with tempfile.TemporaryDirectory() as out_dir:
        results = [sweep(s, out_dir) for s in seeds]
    right, total = map(sum, zip(*results))
    print(f"all: {right}/{total} boards read fully right")
    sys.exit(0 if right == total else 1)
