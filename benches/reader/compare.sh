#!/bin/bash
# compare.sh OUT_A OUT_B: the summary lines (written by eval_all.sh) that differ between two runs,
# each set's line from A then from B; sets found in only one run are listed too.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 OUT_A OUT_B" >&2
  exit 2
fi
A=$1/summary.txt
B=$2/summary.txt
awk -v A="$1" -v B="$2" '
  FNR == 1 { f++; if (f == 1) header = $0; next }
  f == 1 { a[$1] = $0; order[++n] = $1; next }
  { b[$1] = $0; if (!($1 in a)) order[++n] = $1 }
  END {
    printf "  %s\n", header
    for (i = 1; i <= n; i++) {
      k = order[i]
      ina = k in a; inb = k in b
      if (ina && inb && a[k] == b[k]) continue
      changed++
      printf "- %s\n", ina ? a[k] : k " (absent in " A ")"
      printf "+ %s\n", inb ? b[k] : k " (absent in " B ")"
    }
    if (!changed) print "no differences"
  }' "$A" "$B"
