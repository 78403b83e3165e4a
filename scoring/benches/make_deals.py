"""Write the fixed random deals the benchmark, the DDS comparison and the
par check read: tests/data/random_deals.txt, one PBN deal (`N:` form) a
line. Reproducible: Python's Mersenne Twister with seed 2026.

    python3 scoring/benches/make_deals.py > scoring/tests/data/random_deals.txt
"""
import random

RANKS = "AKQJT98765432"
rng = random.Random(2026)
print("# 300 random deals, seed 2026 (scoring/benches/make_deals.py)")
for _ in range(300):
    cards = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = sorted(cards[13 * h : 13 * h + 13])
        hands.append(".".join("".join(RANKS[r] for s2, r in mine if s2 == s) for s in range(4)))
    print("N:" + " ".join(hands))
