#!/usr/bin/env python3
"""Wall time of `wordsnap read IMAGE`, whole process (start-up, model load, decode, read), as a
user runs it.

    python3 benches/reader/time_read.py --bin BIN [--bin BIN2 ...] [--runs N] IMAGE...

Each image is read once untimed by each binary (warm-up: the file and the binary in the page
cache), then `--runs` times (default 30) by each binary in turn, alternating, so that two builds
share whatever else the machine is doing. Prints, per image and binary, the median, the fastest
and the slowest run in milliseconds, and the load average before and after (the machine's other
work shows there: compare builds only side by side, from one run of this script). Also the median
CPU time of the runs (user and system, over every thread): the work done, which a busy shared
machine still inflates (cache and cores shared), so it too is compared side by side only.
"""
import argparse
import os
import statistics
import subprocess
import time


def read_once(binary, image):
    """Wall time and CPU time (user + system, both cores) of one run, in milliseconds."""
    start = time.perf_counter()
    child = subprocess.Popen([binary, "read", image], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = (time.perf_counter() - start) * 1000.0
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"{binary} read {image}: exit {code}\n{child.stderr.read().decode()}")
    child.stderr.close()
    return elapsed, (usage.ru_utime + usage.ru_stime) * 1000.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", action="append", required=True, help="a wordsnap binary (repeatable)")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("images", nargs="+")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for image in args.images:
        times = {b: [] for b in args.bin}
        for b in args.bin:
            read_once(b, image)
        for _ in range(args.runs):
            for b in args.bin:
                times[b].append(read_once(b, image))
        for b in args.bin:
            t = [wall for wall, _ in times[b]]
            cpu = [used for _, used in times[b]]
            print(
                f"{os.path.basename(image)}  {b}: median {statistics.median(t):.1f} ms, "
                f"fastest {min(t):.1f}, slowest {max(t):.1f} ({len(t)} runs); "
                f"CPU median {statistics.median(cpu):.1f} ms"
            )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
