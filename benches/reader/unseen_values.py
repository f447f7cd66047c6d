#!/usr/bin/env python3
"""Values (or badges) a tile shows that a read leaves out in silence, per set and probe.

    python3 benches/reader/unseen_values.py BIN [--probes DIR] [--jobs N] [--kind value|badge]

Runs `BIN read --json` on every image that has its ground truth `STEM.json` beside it, in the
sets of `eval_all.sh` (real-screens, tune, heldout, fixtures/phones, fixtures/screens, then every
probe folder under --probes, default /work/probes), and counts, over the tiles whose truth prints
a value and whose read is on a grid of the truth's size:

  missed    the read reports no value there (null)
  doubted   ... of those, listed in `unreadable_marks` (said to be unreadable)
  silent    ... of those, not listed (left out in silence, as if the tile showed none)

and `false_doubts`: value doubts listed on a tile whose truth prints no value (or on an image
whose truth has no values). Images read on a grid of another size, or not read at all, are
counted in `skipped`. One line per set, then the totals. `--kind badge` counts bonus badges the
same way (`bonuses`, badge doubts).
"""
import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IMAGE_EXTS = (".png", ".jpg", ".jpeg", ".bmp", ".webp", ".gif")


def sets(probes):
    pairs = [
        ("real-screens", "/work/shared/real-screens"),
        ("tune", "/work/real-gathered/tune"),
        ("heldout", "/work/real-gathered/heldout"),
        ("phones", os.path.join(ROOT, "fixtures/phones")),
        ("screens", os.path.join(ROOT, "fixtures/screens")),
    ]
    if os.path.isdir(probes):
        for name in sorted(os.listdir(probes)):
            path = os.path.join(probes, name)
            if os.path.isdir(path) and any(f.endswith(".json") for f in os.listdir(path)):
                pairs.append((name, path))
    return [(n, d) for n, d in pairs if os.path.isdir(d)]


def images(folder):
    out = []
    for f in sorted(os.listdir(folder)):
        stem, ext = os.path.splitext(f)
        truth = os.path.join(folder, stem + ".json")
        if ext.lower() in IMAGE_EXTS and os.path.isfile(truth):
            out.append((os.path.join(folder, f), truth))
    return out


def tally(binary, image, truth_path, kind):
    """(missed, doubted, false_doubts, skipped) for one image, for `kind` ("value" or "badge")."""
    with open(truth_path) as f:
        truth = json.load(f)
    run = subprocess.run([binary, "read", "--json", image], capture_output=True, text=True)
    if run.returncode != 0:
        return (0, 0, 0, 1)
    read = json.loads(run.stdout)
    if (read["rows"], read["cols"]) != (truth["rows"], truth["cols"]):
        return (0, 0, 0, 1)
    key = "values" if kind == "value" else "bonuses"
    truth_marks = truth.get(key)
    read_marks = read.get(key)
    doubts = {
        (d["row"], d["col"])
        for d in read.get("unreadable_marks", [])
        if d["kind"] == kind
    }
    shows = lambda r, c: truth_marks is not None and truth_marks[r][c] not in (None, "")
    missed = doubted = 0
    for r in range(truth["rows"]):
        for c in range(truth["cols"]):
            if not shows(r, c):
                continue
            if read_marks is None or read_marks[r][c] in (None, ""):
                missed += 1
                doubted += (r, c) in doubts
    false_doubts = sum(1 for (r, c) in doubts if not shows(r, c))
    return (missed, doubted, false_doubts, 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--probes", default="/work/probes")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--kind", choices=["value", "badge"], default="value",
        help="count printed values (default) or bonus badges",
    )
    args = parser.parse_args()
    binary = os.path.realpath(args.binary)
    print(f"{'set':<14} {'missed':>7} {'doubted':>8} {'silent':>7} {'false_doubts':>13} {'skipped':>8}")
    total = [0, 0, 0, 0]
    with ThreadPoolExecutor(args.jobs) as pool:
        for name, folder in sets(args.probes):
            rows = list(pool.map(lambda p: tally(binary, *p, args.kind), images(folder)))
            missed, doubted, false_doubts, skipped = (sum(x) for x in zip(*rows)) if rows else (0,) * 4
            for i, v in enumerate((missed, doubted, false_doubts, skipped)):
                total[i] += v
            print(f"{name:<14} {missed:>7} {doubted:>8} {missed - doubted:>7} {false_doubts:>13} {skipped:>8}")
            sys.stdout.flush()
    missed, doubted, false_doubts, skipped = total
    print(f"{'total':<14} {missed:>7} {doubted:>8} {missed - doubted:>7} {false_doubts:>13} {skipped:>8}")


if __name__ == "__main__":
    main()
