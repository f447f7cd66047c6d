#!/usr/bin/env bash
# Rebuilds the tile OCR model from a clean clone, then measures it through the Rust reader.
#
#   bash models/train/reproduce.sh            # full recipe of the shipped model (about 35-40 min on 2 cores)
#   QUICK=1 bash models/train/reproduce.sh    # smoke run: 2,000 crops, 1 epoch (a few minutes; a poor model)
#
# Writes models/train/data/tile_ocr.onnx; copy it over models/tile_ocr.onnx to ship it.
# Steps: the Debian font packages (fonts.tsv must match them), a Python venv with
# requirements.txt, train.py train, then `wordsnap eval --model` on fixtures/screens.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

export DEBIAN_FRONTEND=noninteractive
# The font packages are the ones gen.py names (TRAIN_PACKAGES, HELD_OUT_PACKAGES), read without
# importing it (its imports need the venv made below).
font_packages="$(python3 - "$here/gen.py" <<'EOF'
import ast, sys
for node in ast.parse(open(sys.argv[1]).read()).body:
    if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") in ("TRAIN_PACKAGES", "HELD_OUT_PACKAGES"):
        print(" ".join(ast.literal_eval(node.value)))
EOF
)"
$sudo apt-get update
# shellcheck disable=SC2086
$sudo apt-get install -y --no-install-recommends python3-venv $font_packages

if [ ! -x "$here/.venv/bin/python" ]; then python3 -m venv "$here/.venv"; fi
"$here/.venv/bin/pip" install -q -r "$here/requirements.txt"
py="$here/.venv/bin/python"

"$py" "$here/fonts.py" check

out="$here/data/tile_ocr.onnx"
if [ "${QUICK:-}" = 1 ]; then
  "$py" "$here/train.py" train --n-train 2000 --n-val 1000 --epochs 1 --out "$out"
else
  # The recipe of the shipped model (see README.md here for its accuracy).
  "$py" "$here/train.py" train --n-train 120000 --epochs 6 --seed 1 --procs 2 --out "$out"
fi

cd "$repo"
if [ "${QUICK:-}" = 1 ]; then
  # A 1-epoch model reads poorly: show the numbers, do not fail on them.
  cargo run --release -- eval --model "$out" fixtures/screens || echo "(smoke run: a poor model is expected)"
else
  cargo run --release -- eval --model "$out" fixtures/screens
fi
