"""Train the wordsnap tile OCR model (CRNN + CTC) and export it to ONNX.

The model follows the ocrs 0.13 recognition-model contract:
input  [N, 1, 32, W] greyscale in [-0.5, 0.5] (W dynamic, height fixed),
output [T, N, C] log-probabilities, T = floor(W / 4), class 0 = CTC blank,
class i = ALPHABET[i - 1].

Training inputs are prepared exactly like ocrs prepares a line box:
bilinear (half-pixel, no antialias) resize to height 32 and width
int(32 * w / h) clamped to [10, 2400], then right-padded with -0.5 (black) to
the next multiple of 50 px. The CTC loss only sees the frames that cover the
text (ocrs drops characters emitted past the box's right edge) and padding
frames are pushed towards blank.

Usage: see README.md.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import multiprocessing as mp
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fonts  # noqa: E402
import gen  # noqa: E402

ALPHABET = gen.ALPHABET
H = gen.MODEL_HEIGHT
DS = 4  # width downsampling factor of the model
CHUNK = 1000


# ----------------------------------------------------------------------------
# Data generation
# ----------------------------------------------------------------------------

def ocrs_prepare(crop: np.ndarray) -> np.ndarray:
    """Resize an HxW uint8 crop the way ocrs 0.13 does (no padding), as uint8."""
    h, w = crop.shape
    rw = gen.ocrs_width(h, w)
    t = torch.from_numpy(crop.astype(np.float32))[None, None]
    r = F.interpolate(t, size=(H, rw), mode="bilinear", align_corners=False, antialias=False)
    return np.clip(r[0, 0].numpy() + 0.5, 0, 255).astype(np.uint8)


_worker_fonts = {}


def _fonts(held_out: bool, pool: str):
    if (held_out, pool) not in _worker_fonts:
        fonts = gen.list_fonts(held_out, pool)
        _worker_fonts[held_out, pool] = (fonts, gen.font_weights(fonts))
    return _worker_fonts[held_out, pool]


def make_chunk(args):
    """Renders one chunk of CHUNK samples; deterministic in (seed, split, index)."""
    path, seed, held_out, idx, pool = args
    if os.path.exists(path):
        return path
    torch.set_num_threads(1)
    fonts, weights = _fonts(held_out, pool)
    rng = random.Random(seed * 1_000_003 + idx * 7919 + (1 if held_out else 0))
    imgs, labels = [], []
    for _ in range(CHUNK):
        crop, label = gen.render_sample(rng, fonts, weights)
        imgs.append(ocrs_prepare(crop))
        labels.append(label)
    widths = np.array([im.shape[1] for im in imgs], np.int32)
    pix = np.concatenate([im.reshape(-1) for im in imgs])
    tmp = path + ".tmp.npz"
    np.savez(tmp, pix=pix, widths=widths, labels=np.array(labels))
    os.replace(tmp, path)
    return path


def data_key() -> str:
    """What the rendered chunks depend on besides (seed, index): the renderer's source, this
    file's preparation code and the font manifest. Chunks live in a folder named by this key,
    so a change to any of them renders fresh data instead of reusing stale chunks."""
    h = hashlib.sha256()
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("gen.py", "train.py", "fonts.tsv"):
        with open(os.path.join(here, name), "rb") as f:
            h.update(name.encode() + b"\0" + f.read())
    h.update(str(CHUNK).encode())
    return h.hexdigest()[:16]


def generate(data_dir: str, seed: int, n_train: int, n_val: int, procs: int, font_pool: str):
    """Renders (or finds cached) the training chunks from `font_pool`'s fonts (gen.POOLS) and
    the held-out chunks; returns their paths."""
    data_dir = os.path.join(data_dir, data_key() + ("" if font_pool == "first" else "-" + font_pool))
    os.makedirs(data_dir, exist_ok=True)
    print(f"data chunks in {data_dir}", flush=True)
    jobs = [(os.path.join(data_dir, f"train_{seed}_{i:04d}.npz"), seed, False, i, font_pool)
            for i in range(math.ceil(n_train / CHUNK))]
    jobs += [(os.path.join(data_dir, f"heldout_{seed}_{i:04d}.npz"), seed, True, i, font_pool)
             for i in range(math.ceil(n_val / CHUNK))]
    t = time.time()
    with mp.get_context("fork").Pool(procs) as pool:
        for k, _ in enumerate(pool.imap(make_chunk, jobs)):
            if k % 10 == 0:
                print(f"  chunk {k + 1}/{len(jobs)} ({time.time() - t:.0f}s)", flush=True)
    return [j[0] for j in jobs if not j[2]], [j[0] for j in jobs if j[2]]


def load_chunks(paths):
    samples = []
    for p in paths:
        z = np.load(p)
        pix, widths, labels = z["pix"], z["widths"], z["labels"]
        off = 0
        for w, l in zip(widths, labels):
            n = H * int(w)
            samples.append((pix[off:off + n].reshape(H, int(w)), str(l)))
            off += n
    return samples


# ----------------------------------------------------------------------------
# Model
# ----------------------------------------------------------------------------

def conv_bn(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TileCRNN(nn.Module):
    """Small CRNN: 5 conv blocks (width / 4, height 32 -> 1), BiGRU(64), linear."""

    def __init__(self, n_classes: int = len(ALPHABET) + 1):
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(1, 24), nn.MaxPool2d(2, 2),            # 16 x W/2
            conv_bn(24, 48), nn.MaxPool2d(2, 2),           # 8 x W/4
            conv_bn(48, 64),
            conv_bn(64, 64), nn.MaxPool2d((2, 1), (2, 1)),  # 4 x W/4
            conv_bn(64, 96), nn.MaxPool2d((2, 1), (2, 1)),  # 2 x W/4
            nn.Conv2d(96, 128, (2, 1), bias=False), nn.BatchNorm2d(128), nn.ReLU(inplace=True),  # 1 x W/4
        )
        self.rnn = nn.GRU(128, 64, bidirectional=True, batch_first=False)
        self.out = nn.Linear(128, n_classes)

    def forward(self, x):
        f = self.features(x)            # [N, 128, 1, T]
        f = f.squeeze(2).permute(2, 0, 1)  # [T, N, 128]
        y, _ = self.rnn(f)
        return F.log_softmax(self.out(y), dim=-1)  # [T, N, C]


# ----------------------------------------------------------------------------
# Training
# ----------------------------------------------------------------------------

def encode(label: str):
    return [ALPHABET.index(c) + 1 for c in label]


def make_batches(samples, batch_size, rng):
    """Groups samples by padded width (as ocrs groups lines) and batches them."""
    buckets: dict = {}
    for i, (img, _) in enumerate(samples):
        gw = int(math.ceil(img.shape[1] / 50) * 50)
        buckets.setdefault(gw, []).append(i)
    batches = []
    for gw, idx in sorted(buckets.items()):
        rng.shuffle(idx)
        bs = max(8, min(batch_size, batch_size * 100 // gw))
        for k in range(0, len(idx), bs):
            batches.append((gw, idx[k:k + bs]))
    rng.shuffle(batches)
    return batches


def to_tensor(samples, gw, idx):
    x = torch.full((len(idx), 1, H, gw), -0.5)
    widths = []
    for j, i in enumerate(idx):
        img = samples[i][0]
        w = img.shape[1]
        x[j, 0, :, :w] = torch.from_numpy(img.astype(np.float32) / 255.0 - 0.5)
        widths.append(w)
    return x, widths


def text_frames(w: int, T: int) -> int:
    """Number of output frames whose emissions ocrs keeps for a line of width w."""
    return max(1, min(T, math.ceil(w / DS)))


def decode_like_ocrs(logp: torch.Tensor, widths, gw):
    """Greedy CTC decode, dropping emissions past the box edge as ocrs does."""
    T = logp.shape[0]
    ds = round(gw / T)
    best = logp.argmax(-1).T.tolist()  # [N, T]
    out = []
    for seq, w in zip(best, widths):
        s, prev = [], 0
        for t, c in enumerate(seq):
            if c != 0 and c != prev and t * ds < w:
                s.append(ALPHABET[c - 1])
            prev = c
        out.append("".join(s))
    return out


def evaluate(model, samples, batch_size=128):
    model.eval()
    rng = random.Random(0)
    correct = 0
    errors = []
    with torch.no_grad():
        for gw, idx in make_batches(samples, batch_size, rng):
            x, widths = to_tensor(samples, gw, idx)
            pred = decode_like_ocrs(model(x), widths, gw)
            for i, p in zip(idx, pred):
                if p == samples[i][1]:
                    correct += 1
                elif len(errors) < 30:
                    errors.append((samples[i][1], p))
    model.train()
    return correct / max(1, len(samples)), errors


def train(args):
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    print("generating data ...", flush=True)
    t0 = time.time()
    train_paths, val_paths = generate(args.data_dir, args.seed, args.n_train, args.n_val, args.procs,
                                      args.pool)
    print(f"data ready in {time.time() - t0:.0f}s", flush=True)
    torch.set_num_threads(1)
    train_s = load_chunks(train_paths)
    val_s = load_chunks(val_paths)
    print(f"{len(train_s)} train, {len(val_s)} held-out samples", flush=True)

    model = TileCRNN()
    print("params:", sum(p.numel() for p in model.parameters()), flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    n_batches = len(make_batches(train_s, args.batch, random.Random(0)))
    total = n_batches * args.epochs
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=total, pct_start=0.1)
    ctc = nn.CTCLoss(blank=0, reduction="mean", zero_infinity=True)
    step = 0
    for epoch in range(args.epochs):
        t = time.time()
        run_loss = 0.0
        for b, (gw, idx) in enumerate(make_batches(train_s, args.batch, rng)):
            x, widths = to_tensor(train_s, gw, idx)
            logp = model(x)
            T = logp.shape[0]
            in_lens = torch.tensor([text_frames(w, T) for w in widths])
            targets = [encode(train_s[i][1]) for i in idx]
            tgt = torch.tensor([c for tt in targets for c in tt])
            tgt_lens = torch.tensor([len(tt) for tt in targets])
            loss = ctc(logp, tgt, in_lens, tgt_lens)
            # Padding frames (past the text) must be blank.
            mask = torch.arange(T)[:, None] >= in_lens[None, :]
            if mask.any():
                loss = loss + (-logp[:, :, 0][mask]).mean()
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            sched.step()
            step += 1
            run_loss += loss.item()
            if (b + 1) % 200 == 0:
                print(f"epoch {epoch} batch {b + 1}/{n_batches} loss {run_loss / 200:.4f} "
                      f"({time.time() - t:.0f}s)", flush=True)
                run_loss = 0.0
        acc, errs = evaluate(model, val_s)
        print(f"epoch {epoch} done in {time.time() - t:.0f}s; held-out acc {acc:.4f}; errors {errs[:15]}",
              flush=True)
        torch.save(model.state_dict(), os.path.join(args.data_dir, "model.pt"))
    export(model, args.out)
    print(f"total {time.time() - t0:.0f}s", flush=True)


def export(model, path):
    model.eval()
    dummy = torch.full((1, 1, H, 100), 0.5)
    torch.onnx.export(
        model, dummy, path, input_names=["line_images"], output_names=["chars"],
        dynamic_axes={"line_images": {0: "batch", 3: "width"}, "chars": {0: "seq", 1: "batch"}},
        opset_version=17, dynamo=False)
    print("exported", path, os.path.getsize(path), "bytes", flush=True)


def export_fixtures(args):
    """Writes held-out-font crops (native size PNGs) and labels.tsv for the Rust test."""
    from PIL import Image
    fonts = gen.list_fonts(True)
    weights = gen.font_weights(fonts)
    rng = random.Random(args.seed + 424242)
    os.makedirs(args.fixtures, exist_ok=True)
    lines = []
    for i in range(args.n_fixtures):
        crop, label = gen.render_sample(rng, fonts, weights, max_cap=args.fixture_max_cap)
        name = f"{i:05d}.png"
        Image.fromarray(crop).save(os.path.join(args.fixtures, name), optimize=True)
        lines.append(f"{name}\t{label}\n")
    with open(os.path.join(args.fixtures, "labels.tsv"), "w") as f:
        f.writelines(lines)
    print("wrote", len(lines), "fixtures to", args.fixtures)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser()
    p.add_argument("command", choices=["train", "fixtures", "export"])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--data-dir", default=os.path.join(here, "data"))
    p.add_argument("--n-train", type=int, default=120_000)
    p.add_argument("--n-val", type=int, default=4_000)
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--epochs", type=int, default=6)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--pool", choices=sorted(gen.POOLS), default="first",
                   help="the training fonts: the first model's packages, or the second model's "
                        "(gen.POOLS)")
    p.add_argument("--out", default=os.path.join(here, "..", "tile_ocr.onnx"))
    p.add_argument("--fixtures", default=os.path.join(here, "..", "..", "fixtures", "ocr"))
    p.add_argument("--n-fixtures", type=int, default=1200)
    p.add_argument("--fixture-max-cap", type=float, default=300.0)
    p.add_argument("--allow-font-drift", action="store_true",
                   help="render with the installed fonts even when they differ from fonts.tsv")
    args = p.parse_args()
    if args.command in ("train", "fixtures") and not args.allow_font_drift:
        diffs = fonts.check()
        if diffs:
            print("\n".join(diffs[:20]), file=sys.stderr)
            sys.exit(f"{len(diffs)} font files differ from fonts.tsv: install the packages the "
                     "README lists (same versions), or pass --allow-font-drift")
    if args.command == "train":
        train(args)
    elif args.command == "fixtures":
        export_fixtures(args)
    else:
        torch.set_num_threads(1)
        model = TileCRNN()
        model.load_state_dict(torch.load(os.path.join(args.data_dir, "model.pt")))
        export(model, args.out)


if __name__ == "__main__":
    main()
