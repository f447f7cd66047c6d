#!/usr/bin/env bash
# Rebuilds a tile OCR model from a clean clone, then measures it through the Rust reader.
#
#   bash models/train/reproduce.sh            # full recipe of the first model (about 35-40 min on 2 cores)
#   bash models/train/reproduce.sh second     # full recipe of the second-opinion model (as long)
#   QUICK=1 bash models/train/reproduce.sh    # smoke run: 2,000 crops, 1 epoch (a few minutes; a poor model)
#
# Writes models/train/data/tile_ocr.onnx (or tile_ocr_second.onnx); copy it over the file of the
# same name in models/ to ship it.
# Steps: the Debian font packages (fonts.tsv must match them), a Python venv with
# requirements.txt, train.py train, then `wordsnap eval --model` on fixtures/screens.
set -euo pipefail
model="${1:-first}"
case "$model" in
  first) out_name=tile_ocr.onnx; eval_flag=--model ;;
  second) out_name=tile_ocr_second.onnx; eval_flag=--second-model ;;
  *) echo "usage: reproduce.sh [first|second]" >&2; exit 2 ;;
esac
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

export DEBIAN_FRONTEND=noninteractive
# The font packages are the ones gen.py names (TRAIN_PACKAGES, SECOND_EXTRA_PACKAGES,
# HELD_OUT_PACKAGES: fonts.py check wants every one), read without
# importing it (its imports need the venv made below).
font_packages="$(python3 - "$here/gen.py" <<'EOF'
import ast, sys
for node in ast.parse(open(sys.argv[1]).read()).body:
    if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") in ("TRAIN_PACKAGES", "SECOND_EXTRA_PACKAGES", "HELD_OUT_PACKAGES"):
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

out="$here/data/$out_name"
if [ "${QUICK:-}" = 1 ]; then
  "$py" "$here/train.py" train --pool "$model" --n-train 2000 --n-val 1000 --epochs 1 --out "$out"
else
  # The recipe of the shipped models (see README.md here for their accuracy).
  "$py" "$here/train.py" train --pool "$model" --n-train 120000 --epochs 6 --seed 1 --procs 2 \
    --out "$out"
fi

cd "$repo"
if [ "${QUICK:-}" = 1 ]; then
  # A 1-epoch model reads poorly: show the numbers, do not fail on them.
  cargo run --release -- eval "$eval_flag" "$out" fixtures/screens || echo "(smoke run: a poor model is expected)"
else
  cargo run --release -- eval "$eval_flag" "$out" fixtures/screens
fi
