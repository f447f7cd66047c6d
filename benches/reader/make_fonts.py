#!/usr/bin/env python3
"""Makes the unseen-fonts probe: every phone layout of `make_phones.py` (Wordament, Ruzzle, Word
Streak, Letterpress, Word Hunt, a 6x6 board) drawn with its letters and values in a typeface the
recognition model never trained on (none of them is in `models/train/fonts.tsv`): heavy rounded
display faces like the ones casual games print their tiles in, condensed and comic ones, and
plain sans faces of other designers. Each font draws every layout `--copies` times with new
letters, values and shades.

    apt-get install fonts-cherrybomb fonts-lemonada fonts-mplus fonts-bebas-neue \\
        fonts-comic-neue fonts-dosis fonts-karla fonts-play fonts-sora fonts-clear-sans fonts-go \\
        fonts-tuffy fonts-staypuft fonts-rocknroll fonts-national-park fonts-junction \\
        fonts-paratype fonts-averia-sans-gwf
    python3 benches/reader/make_fonts.py --seed 54 --copies 1 --out /work/probes54/fonts54
    wordsnap eval /work/probes54/fonts54

Stems are `FONT_LAYOUT_COPY`. Fonts that are not installed are skipped with a note (the draw of
the others does not change). `--font NAME=PATH` (repeatable) draws with those fonts instead of
the list below: a second set of faces checks what was measured on the first, e.g. upright solid
faces of Debian's `fonts-aenigma`, `fonts-fantasque-sans`, `fonts-karmilla` and `fonts-tiresias`,
chosen by their look alone, before any was read:

    python3 benches/reader/make_fonts.py --seed 55 --copies 1 --out /work/probes55/fonts55 \
        $(sed 's/^/--font /' benches/reader/fonts55.txt)

Deterministic for a seed and the installed font files. Needs Python 3 and Pillow.
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_phones  # noqa: E402
from make_phones import fixtures  # noqa: E402

# (short name, font file): none of them is in models/train/fonts.tsv.
FONTS = [
    ("cherrybomb", "/usr/share/fonts/opentype/cherrybomb/CherryBomb-Regular.otf"),
    ("lemonada", "/usr/share/fonts/opentype/lemonada/Lemonada-Bold.otf"),
    ("mplus", "/usr/share/fonts/opentype/mplus/Mplus1-Black.otf"),
    ("bebas", "/usr/share/fonts/opentype/bebas-neue/BebasNeue-Bold.otf"),
    ("comicneue", "/usr/share/fonts/opentype/comic-neue/ComicNeue-Bold.otf"),
    ("dosis", "/usr/share/fonts/opentype/dosis/Dosis-ExtraBold.otf"),
    ("karla", "/usr/share/fonts/truetype/karla/Karla-ExtraBold.otf"),
    ("play", "/usr/share/fonts/truetype/play/Play-Bold.ttf"),
    ("sora", "/usr/share/fonts/opentype/sora/Sora-ExtraBold.otf"),
    ("clearsans", "/usr/share/fonts/truetype/clear-sans/ClearSans-Bold.ttf"),
    ("go", "/usr/share/fonts/fonts-go/Go-Bold.ttf"),
    ("tuffy", "/usr/share/fonts/truetype/tuffy/Tuffy_Bold.ttf"),
    ("staypuft", "/usr/share/fonts/truetype/staypuft/StayPuft.ttf"),
    ("rocknroll", "/usr/share/fonts/truetype/rocknroll/RocknRollOne-Regular.ttf"),
    ("nationalpark", "/usr/share/fonts/opentype/national-park/NationalPark-Heavy.otf"),
    ("junction", "/usr/share/fonts/opentype/junction/Junction.otf"),
    ("ptsans", "/usr/share/fonts/truetype/paratype/PTS75F.ttf"),
    ("averia", "/usr/share/fonts/truetype/averia-gwf/AveriaSansGWF-Bold.ttf"),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="folder to write the boards into")
    parser.add_argument("--seed", type=int, required=True, help="the draw's seed")
    parser.add_argument("--copies", type=int, default=2, help="boards per font and layout")
    parser.add_argument("--font", action="append", default=[], metavar="NAME=PATH",
                        help="draw with this font instead of the default list (repeatable)")
    args = parser.parse_args()
    fonts = [tuple(f.split("=", 1)) for f in args.font] or FONTS
    os.makedirs(args.out, exist_ok=True)
    made = 0
    for name, path in fonts:
        if not os.path.exists(path):
            print(f"skipped (not installed): {path}", file=sys.stderr)
            continue
        # The layouts print their letters and values in these two faces.
        fixtures.ROBOTO = fixtures.LATO = path
        rng = random.Random(f"{args.seed}-{name}")
        made += make_phones.draw_layouts(rng, args.copies, args.out, prefix=f"{name}_")
    print(f"{args.out}: {made} boards")


if __name__ == "__main__":
    main()
