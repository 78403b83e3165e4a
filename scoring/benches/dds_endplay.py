"""Time DDS itself (through Python's `endplay`, which bundles DDS 2.9) on the
same deals as `benches/dd.rs`, single-threaded, and write its tables in the
DD cache format so the Rust tests can compare pons-dds with DDS.

    pip install endplay
    taskset -c 0 python3 scoring/benches/dds_endplay.py \
        scoring/tests/data/random_deals.txt [COUNT] [CACHE_OUT]

Prints ms per table (mean and median over COUNT deals, default all).
The cache line is `N:<deal> <20 hex digits>`, digits for declarers N, S,
E, W, each over strains NT, S, H, D, C (see scoring/src/cache.rs).
"""
import statistics
import sys
import time

import endplay._dds as dds
from endplay.dds import calc_dd_table
from endplay.types import Deal, Denom, Player

dds.SetMaxThreads(1)

path = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else None
out = open(sys.argv[3], "w") if len(sys.argv) > 3 else None

deals = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
if count:
    deals = deals[:count]

SEATS = [Player.north, Player.south, Player.east, Player.west]
DENOMS = [Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]

times = []
if out:
    out.write("# bidbook dd-cache 1: tables solved by DDS 2.9 (endplay)\n")
for pbn in deals:
    deal = Deal(pbn)
    start = time.perf_counter()
    table = calc_dd_table(deal)
    times.append((time.perf_counter() - start) * 1000)
    if out:
        digits = "".join("%x" % table[d, s] for s in SEATS for d in DENOMS)
        out.write(f"{pbn} {digits}\n")

print(f"DDS (endplay) single thread: {len(times)} tables, "
      f"mean {statistics.mean(times):.1f} ms/table, median {statistics.median(times):.1f} ms/table, "
      f"total {sum(times) / 1000:.2f} s")
