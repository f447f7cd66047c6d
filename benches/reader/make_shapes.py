#!/usr/bin/env python3
"""Makes boards with holes out of real screenshots' own tiles: a probe of the shapes GamePigeon
Word Hunt plays (5x5 with holes, the `X` and the `O`) in the looks of real games, where the
committed fixtures with holes are all drawn in one font.

    python3 benches/reader/make_shapes.py /work/shared/real-screens /work/real-gathered/tune \
        --geometry /work/probes/geometry.json --out /work/probes35/shapes

Each source image's board box (rows, columns and the lattice's box, as `wordsnap read --json`
gave it; `make_probes.py` writes it to OUT/geometry.json) is cut into its cells. A new 5x5
lattice is laid over the same box (cells 4/5 as large as a 4x4 board's; a 5x5 board keeps
its own), and each of its cells takes one of the source's cells, drawn at random with the tile's
letter, value and badge (a 4x4 board's 16 tiles fill 20 or 21 cells, so some tiles appear
twice), scaled to the new cell. The shape's holes are filled with the board's ground: the median
colour of the outer rim of every source cell (the gap between tiles). Boards whose tiles touch
(no gap to take a ground from: Letterpress) and boards of other sizes are skipped, as are cells
whose rim is not the ground, and tiles with a badge (a badge standing over the cell's edge
would be cut in two; Ruzzle's all do, so Ruzzle boards are skipped). Letterpress boards are
skipped by name too: their cells' rims are tiles of a few colours, and a "hole" filled with
their median is a blank tile, not the ground; so are boards whose gap is of their tiles' shade
(see `GROUND_OFF_TILE`).

Shapes (`.` a hole, `#` a tile), both as GamePigeon Word Hunt plays them (the committed
fixtures `fixtures/phones/wordhunt_1080x1920_x_title` and `wordhunt_1080x2400_o_title`):

    X: ##.##   the middle of each edge a hole     O: .###.   the corners and the centre
       #####                                         #####
       .###.                                         ##.##
       #####                                         #####
       ##.##                                         .###.

and `full`, a whole 5x5 board, Word Hunt's third size (`--shapes full`; the default is `X O`).

Deterministic: draws are seeded by `--seed`, the image's stem and the shape. The truth
(STEM_SHAPE.json) is written beside each image, and OUT/manifest.txt lists the draws.
Needs Python 3, Pillow and numpy only.
"""
import argparse
import json
import os
import random

import numpy as np
from PIL import Image

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")
SHAPES = {
    "X": {(0, 2), (2, 0), (2, 4), (4, 2)},
    "O": {(0, 0), (0, 4), (2, 2), (4, 0), (4, 4)},
    "full": set(),
}
# A cell's rim, whose median is the ground between tiles: this share of the cell's side.
RIM_SHARE = 0.03
# Cells whose rim lies farther than this (mean RGB distance) from the board's ground hold
# something over the gap (a badge, a tile that touches its neighbours): not used.
RIM_DISTANCE = 40.0
# Boards whose cells' rims lie this far from one another have no ground between tiles.
GROUND_SPREAD = 30.0
# The tiles' own fill is taken between these shares of the cell's side in from its edge (off
# the gap, short of the letter) ...
TILE_BAND = (0.12, 0.2)
# ... and a board whose ground lies nearer it than this (mean RGB distance) shows no gap a hole
# could be told by (thin gaps of a tile's shade: a hole would look like a blank tile).
GROUND_OFF_TILE = 40.0


def cells_of(box):
    """The cells (x0, y0, x1, y1 in pixels, rounded) of a lattice of `rows` x `cols` over the box
    (x, y, width, height, rows, cols), in reading order."""
    x, y, w, h, rows, cols = box
    return [
        (round(x + c * w / cols), round(y + r * h / rows), round(x + (c + 1) * w / cols),
         round(y + (r + 1) * h / rows))
        for r in range(rows) for c in range(cols)
    ]


def rim(a, share):
    """The pixels of the outer rim of an HxWx3 array."""
    h, w = a.shape[:2]
    k = max(1, round(share * min(h, w)))
    return np.concatenate([a[:k].reshape(-1, 3), a[-k:].reshape(-1, 3), a[:, :k].reshape(-1, 3),
                           a[:, -k:].reshape(-1, 3)])


def ground_and_usable(im, cells):
    """The board's ground colour (None when it has none) and which cells' rims show it."""
    a = np.asarray(im, dtype=np.float32)
    rims = [np.median(rim(a[y0:y1, x0:x1], RIM_SHARE), axis=0) for x0, y0, x1, y1 in cells]
    ground = np.median(np.array(rims), axis=0)
    off_ground = [float(np.abs(r - ground).mean()) for r in rims]
    near = [d <= RIM_DISTANCE for d in off_ground]
    spread = np.median(off_ground)
    if spread > GROUND_SPREAD or sum(near) < len(cells) // 2:
        return None, near
    bands = []
    for x0, y0, x1, y1 in cells:
        k = round(TILE_BAND[0] * min(x1 - x0, y1 - y0))
        bands.append(np.median(rim(a[y0 + k:y1 - k, x0 + k:x1 - k], TILE_BAND[1] - TILE_BAND[0]),
                               axis=0))
    tile = np.median(np.array(bands), axis=0)
    if float(np.abs(tile - ground).mean()) < GROUND_OFF_TILE:
        return None, near
    return tuple(int(v) for v in ground), near


def truth_at(truth, i):
    """The letter, value and badge of the source's tile `i` (reading order)."""
    cols = truth["cols"]
    r, c = divmod(i, cols)
    value = truth["values"][r][c] if truth.get("values") else None
    badge = truth["bonuses"][r][c] if truth.get("bonuses") else None
    return truth["tiles"][r][c], value, badge


def make(im, truth, box, shape, rng):
    """The image with a 5x5 board of `shape` laid over the box, and its truth."""
    x, y, w, h, _, _ = box
    cells = cells_of(box)
    ground, usable = ground_and_usable(im, cells)
    if ground is None:
        return None
    tiles_at = [truth_at(truth, i) for i in range(len(cells))]
    pool = [i for i, (letter, _, badge) in enumerate(tiles_at)
            if usable[i] and letter not in (".", "") and not badge]
    if len(pool) < 8:
        return None
    out = im.copy()
    holes = SHAPES[shape]
    n = 5
    new_cells = cells_of((x, y, w, h, n, n))
    tiles, values, badges = [], [], []
    for r in range(n):
        row_t, row_v, row_b = [], [], []
        for c in range(n):
            x0, y0, x1, y1 = new_cells[r * n + c]
            if (r, c) in holes:
                out.paste(ground, (x0, y0, x1, y1))
                row_t.append(".")
                row_v.append(None)
                row_b.append("")
                continue
            i = rng.choice(pool)
            sx0, sy0, sx1, sy1 = cells[i]
            tile = im.crop((sx0, sy0, sx1, sy1)).resize((x1 - x0, y1 - y0), Image.LANCZOS)
            out.paste(tile, (x0, y0))
            letter, value, badge = tiles_at[i]
            row_t.append(letter)
            row_v.append(value)
            row_b.append(badge or "")
        tiles.append(row_t)
        values.append(row_v)
        badges.append(row_b)
    new = {"rows": n, "cols": n, "tiles": tiles}
    if truth.get("values"):
        new["values"] = values
    if truth.get("bonuses"):
        new["bonuses"] = badges
    return out, new


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", help="source folders (never a held-out one)")
    parser.add_argument("--geometry", required=True,
                        help="board boxes by file name (make_probes.py's OUT/geometry.json)")
    parser.add_argument("--out", required=True, help="folder to write the images into")
    parser.add_argument("--seed", default="35", help="seed of the draws (default: %(default)s)")
    parser.add_argument("--shapes", nargs="+", choices=sorted(SHAPES), default=["X", "O"],
                        help="shapes to lay (default: %(default)s)")
    args = parser.parse_args()
    for folder in args.folders:
        if "heldout" in os.path.abspath(folder).lower():
            parser.error(f"{folder}: held-out images are never a probe's source")
    with open(args.geometry) as f:
        geometry = json.load(f)
    os.makedirs(args.out, exist_ok=True)
    manifest = [f"sources: {' '.join(args.folders)}; geometry: {args.geometry}; seed {args.seed}"]
    for folder in args.folders:
        for name in sorted(os.listdir(folder)):
            stem, suffix = os.path.splitext(name)
            truth_path = os.path.join(folder, stem + ".json")
            if suffix.lower() not in IMAGE_SUFFIXES or not os.path.isfile(truth_path):
                continue
            g = geometry.get(name)
            with open(truth_path) as f:
                truth = json.load(f)
            if stem.lower().startswith(("ruzzle", "letterpress")):
                manifest.append(f"{name}: skipped (Ruzzle's badges stand over the gap, cut by a "
                                "cell; Letterpress's tiles touch: no ground between them)")
                continue
            if not g or (g["rows"], g["cols"]) not in ((4, 4), (5, 5)) or \
                    (g["rows"], g["cols"]) != (truth["rows"], truth["cols"]):
                manifest.append(f"{name}: skipped (no 4x4 or 5x5 box agreeing with the truth)")
                continue
            box = (g["x"], g["y"], g["width"], g["height"], g["rows"], g["cols"])
            im = Image.open(os.path.join(folder, name)).convert("RGB")
            for shape in args.shapes:
                rng = random.Random(f"{args.seed}:{stem}:{shape}")
                made = make(im, truth, box, shape, rng)
                if made is None:
                    manifest.append(f"{name}: {shape} skipped (no ground between tiles)")
                    continue
                out, new = made
                out_stem = f"{stem}_{shape}"
                out.save(os.path.join(args.out, out_stem + ".png"))
                with open(os.path.join(args.out, out_stem + ".json"), "w") as f:
                    json.dump(new, f)
                manifest.append(f"{out_stem}.png: {shape} from {name}")
    with open(os.path.join(args.out, "manifest.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
