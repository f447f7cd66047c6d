#!/bin/bash
# eval_all.sh BIN OUT_DIR: `BIN eval DIR` on every real set and every probe folder.
#
# Sets (each skipped, with a note on stderr, when absent): /work/shared/real-screens,
# /work/real-gathered/tune, /work/real-gathered/heldout, fixtures/phones, fixtures/screens (relative
# to the repository root), then every folder under $PROBES (default /work/probes) that holds a
# .json file (so /work/probes/bin is left out). Each eval's full output goes to OUT_DIR/NAME.txt;
# OUT_DIR/summary.txt gets one line per set, in the order above (probes sorted by name):
#
#   name boards fully_right grids tiles values badges confidently_wrong (tiles/values/badges)
#
# parsed from eval's closing lines ("none" where the truth has nothing of that kind). At most 2
# evals run at once. Compare two runs with compare.sh OUT_A OUT_B.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 BIN OUT_DIR" >&2
  exit 2
fi
BIN=$(realpath "$1")
OUT=$2
PROBES=${PROBES:-/work/probes}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$OUT"
OUT=$(realpath "$OUT")

# name=dir pairs, in summary order.
sets=()
for pair in real-screens=/work/shared/real-screens tune=/work/real-gathered/tune \
            heldout=/work/real-gathered/heldout phones="$ROOT/fixtures/phones" \
            screens="$ROOT/fixtures/screens"; do
  dir=${pair#*=}
  if [ -d "$dir" ]; then sets+=("$pair"); else echo "skipped (absent): $dir" >&2; fi
done
if [ -d "$PROBES" ]; then
  for dir in "$PROBES"/*/; do
    dir=${dir%/}
    compgen -G "$dir/*.json" > /dev/null || continue
    sets+=("$(basename "$dir")=$dir")
  done
fi

# Run the evals, two at a time.
printf '%s\n' "${sets[@]}" | xargs -d '\n' -P 2 -I{} bash -c '
  pair=$1; name=${pair%%=*}; dir=${pair#*=}
  "$2" eval "$dir" > "$3/$name.txt" 2>&1 || true
' _ {} "$BIN" "$OUT"

# One summary line per set.
summary() {
  local name=$1 file=$2
  awk -v name="$name" '
    function num(s) { sub(/ \(.*/, "", s); return s }
    /images fully right, grids/ {
      # "9/9 images fully right, grids 9/9, tiles 211/211 (100.0%), values 32/32 (100.0%),
      #  bonuses 16/16 (100.0%), 43 ms per image"
      split($0, f, ", ")
      split(f[1], a, " "); split(a[1], b, "/")
      boards = b[2]; fully = b[1]
      grids = f[2]; sub(/^grids /, "", grids)
      tiles = num(substr(f[3], 7)); values = num(substr(f[4], 8)); badges = num(substr(f[5], 9))
    }
    /^confidently wrong \(wrong at/ {
      # "confidently wrong (wrong at >= 90%): 0 (tiles 0, values 0, badges 0)"
      s = $0; sub(/^[^:]*: /, "", s)
      split(s, c, " "); cw = c[1]
      t = s; gsub(/[^0-9 ]/, "", t); split(t, d, " +")   # d: total, tiles, values, badges
      detail = d[2] "/" d[3] "/" d[4]
    }
    END {
      if (boards == "") { printf "%-14s eval failed: see %s.txt\n", name, name; exit }
      printf "%-14s %6s %11s %11s %11s %9s %9s %6s (%s)\n", name, boards, fully, grids, tiles, values, badges, cw, detail
    }' "$file"
}
{
  printf '%-14s %6s %11s %11s %11s %9s %9s %s\n' name boards fully_right grids tiles values badges \
    "confidently_wrong (tiles/values/badges)"
  for pair in "${sets[@]}"; do
    name=${pair%%=*}
    summary "$name" "$OUT/$name.txt"
  done
} > "$OUT/summary.txt"
cat "$OUT/summary.txt"
