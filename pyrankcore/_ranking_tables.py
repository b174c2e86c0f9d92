"""A ranking's lookup tables, built from its hand keys.

Pure standard library, like pyrankcore._ranking_data: the table generator
(src/tablegen/gen_tables.py) loads this file by path to emit the built-in
tables. The compiled core builds a custom ranking's tables by the same rule
in C (``_core._custom_arrays``); tests hold the two against each other.
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
    # A pattern's value by its counts as one integer, a byte a rank (no
    # count exceeds 4), so that a pattern less one card of rank r is its
    # integer less 1 << 8r: no tuple to build per subset.
    values: dict[int, int] = {}
    table: dict[int, int] = {}
    rank_bits = [(r, 1 << (8 * r)) for r in range(13)]
    # Smaller multisets first, so a 6- or 7-card one finds the values of its
    # subsets (tens of thousands of multisets a game).
    for counts in sorted(multisets, key=sum):
        code = int.from_bytes(bytes(counts), "little")
        size = sum(counts)
        if size < direct or any(counts[r] for r in outside):
            v = 0
        elif size <= 5:
            v = strength_of(ranking.key(counts))
        else:
            v = 0
            for r, bit in rank_bits:
                if counts[r]:
                    w = values[code - bit]
                    if w > v:
                        v = w
        values[code] = v
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
