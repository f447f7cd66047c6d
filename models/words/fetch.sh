#!/usr/bin/env bash
# Rebuilds models/words/word-list.txt.gz (the embedded English list) from the npm package
# `word-list` (MIT, Sindre Sorhus). gzip -n leaves out the name and time, so the output is
# byte-for-byte reproducible for the same package version.
set -euo pipefail
version="${1:-4.1.0}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "word-list@$version" >/dev/null 2>&1 && tar xzf "word-list-$version.tgz")
gzip -9n -c "$work/package/words.txt" > "$here/word-list.txt.gz"
cp "$work/package/license" "$here/LICENSE-word-list"
echo "wrote $here/word-list.txt.gz ($(wc -l < "$work/package/words.txt") words, word-list $version)"
