"""The font manifest: which font files the models are trained and tested on, where they come from.

`gen.py` draws every training crop with the usable font files of the Debian packages it names
for a model (`gen.POOLS`, `gen.list_fonts`). A model is only reproducible with the same font
files, so `fonts.tsv` lists each one with its pool (`train`: the first model's; `second`: the
ones only the second model trains on too; `heldout`), its Debian package (the one
`gen.font_files` took it from), the package version, the licence its copyright file states and
the file's SHA-256. `train.py` refuses to render data when the installed fonts differ from the
manifest.

    python fonts.py write    # rewrite fonts.tsv from the fonts installed now
    python fonts.py check    # exit 1, listing the differences, when they differ from fonts.tsv
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import gen

MANIFEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fonts.tsv")
COLUMNS = ["pool", "path", "package", "version", "licence", "sha256"]


def sha256(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def version_of(package: str) -> str:
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    return out.stdout.strip() if out.returncode == 0 else "?"


def licence_of(package: str) -> str:
    """The distinct `License:` names in the package's machine-readable copyright file."""
    path = f"/usr/share/doc/{package}/copyright"
    names: list[str] = []
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("License:"):
                    name = line.split(":", 1)[1].strip()
                    if name and name not in names:
                        names.append(name)
    except OSError:
        return "?"
    return " / ".join(names) if names else "see " + path


def pooled_files() -> list[tuple[str, str, str]]:
    """(pool, path, package) of every font file gen.py uses now: the first model's training
    fonts ("train"), the ones only the second model trains on too ("second"), then the
    held-out fonts ("heldout")."""
    out = []
    first = set(gen.list_fonts(False, "first"))
    for label, held_out, pool in (("train", False, "first"), ("second", False, "second"),
                                  ("heldout", True, "first")):
        packages = gen.font_files(held_out, pool)
        for path in gen.list_fonts(held_out, pool):
            if label == "second" and path in first:
                continue
            out.append((label, path, packages[path]))
    return out


def current() -> list[dict]:
    """One row per font file gen.py uses now (see pooled_files)."""
    return [{
        "pool": pool,
        "path": path,
        "package": package,
        "version": version_of(package),
        "licence": licence_of(package),
        "sha256": sha256(path),
    } for pool, path, package in pooled_files()]


def read_manifest() -> list[dict]:
    with open(MANIFEST, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if not line.startswith("#")]
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line]


def differences(manifest: list[dict], now: list[dict]) -> list[str]:
    """What differs between the manifest and the installed fonts, one line per file."""
    want = {(r["pool"], r["path"]): r["sha256"] for r in manifest}
    have = {(r["pool"], r["path"]): r["sha256"] for r in now}
    out = []
    for key in sorted(want.keys() | have.keys()):
        if key not in have:
            out.append(f"missing: {key[1]} ({key[0]})")
        elif key not in want:
            out.append(f"not in the manifest: {key[1]} ({key[0]})")
        elif want[key] != have[key]:
            out.append(f"different file (sha256): {key[1]}")
    return out


def check() -> list[str]:
    """The differences between fonts.tsv and the fonts installed now (empty when they match)."""
    return differences(read_manifest(), [
        {"pool": pool, "path": path, "sha256": sha256(path)}
        for pool, path, _ in pooled_files()
    ])


def write() -> None:
    rows = current()
    with open(MANIFEST, "w", encoding="utf-8") as f:
        f.write("# Written by `python models/train/fonts.py write`; checked by train.py.\n")
        f.write("\t".join(COLUMNS) + "\n")
        for r in rows:
            f.write("\t".join(r[c] for c in COLUMNS) + "\n")
    print(f"{MANIFEST}: {len(rows)} font files")


def main() -> None:
    if sys.argv[1:] == ["write"]:
        write()
    elif sys.argv[1:] == ["check"]:
        diffs = check()
        for d in diffs:
            print(d)
        if diffs:
            sys.exit(f"{len(diffs)} font files differ from {MANIFEST}")
        print(f"fonts match {MANIFEST}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
