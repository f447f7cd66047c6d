#!/usr/bin/env python3
"""Writes N uniform random 4x4 boards (each tile a random letter, q as [qu]), one per line.

Usage: python3 benches/random_boards.py N SEED > boards.txt
"""
import random
import sys

n, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
for _ in range(n):
    print("".join("[qu]" if c == "q" else c for c in (rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(16))))
