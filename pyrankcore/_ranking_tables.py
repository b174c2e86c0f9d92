"""A ranking's lookup tables, built from its hand keys.

Pure standard library, like pyrankcore._ranking_data: the table generator
(src/tablegen/gen_tables.py) loads this file by path to emit the built-in
tables, and the compiled core calls it at run time for custom rankings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyrankcore._ranking_data import Counts, Key, RankingData


def build_values(
    ranking: RankingData, multisets: Iterable[Counts], slot_of: Callable[[Counts], int]
) -> tuple[dict[int, int], list[int], list[Key]]:
    """(rank table by slot, flush table by 13-bit mask, classes) for a game.

    multisets: every count vector of 0..7 cards (the perfect hash's domain);
    slot_of(counts) gives its slot. Sizes outside the game's range get 0.
    """
    classes = ranking.classes()
    strength = {k: i + 1 for i, k in enumerate(classes)}

    def strength_of(key: Key | None) -> int:
        return 0 if key is None else strength.get(key, 0)

    direct = max(ranking.min_cards, 1)
    deck = set(ranking.deck_ranks)
    outside = [r for r in range(13) if r not in deck]
    values: dict[Counts, int] = {}
    # Smaller multisets first, so a 6- or 7-card one finds the values of its
    # subsets; the loops are written out (this runs for every custom ranking
    # and in the table generator: tens of thousands of multisets).
    for counts in sorted(multisets, key=sum):
        size = sum(counts)
        if size < direct or any(counts[r] for r in outside):
            values[counts] = 0
        elif size <= 5:
            values[counts] = strength_of(ranking.key(counts))
        else:
            best = 0
            for r in range(13):
                c = counts[r]
                if c:
                    v = values[counts[:r] + (c - 1,) + counts[r + 1 :]]
                    if v > best:
                        best = v
            values[counts] = best
    table = {}
    for counts, v in values.items():
        table[slot_of(counts)] = v
    flush = [0] * 8192
    outside_mask = sum(1 << r for r in outside)
    if ranking.flushes:
        by_bits = sorted(range(8192), key=lambda m: bin(m).count("1"))
        for mask in by_bits:
            bits = bin(mask).count("1")
            if bits < 5 or mask & outside_mask:
                continue
            if bits == 5:
                counts = tuple(mask >> r & 1 for r in range(13))
                flush[mask] = strength_of(ranking.key(counts, True))
            elif bits <= 7:  # best flush among the suit's 5-card subsets
                flush[mask] = max(flush[mask & ~(1 << b)] for b in range(13) if mask >> b & 1)
    return table, flush, classes
