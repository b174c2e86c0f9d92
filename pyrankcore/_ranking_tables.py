"""A ranking's lookup tables, built from its hand keys.

Pure standard library, like pyrankcore._ranking_data: the table generator
(src/tablegen/gen_tables.py) loads this file by path to emit the built-in
tables, and the compiled core calls it at run time for custom rankings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyrankcore._ranking_data import Counts, Key, RankingData


def subsets_of_counts(counts: Counts) -> Iterator[Counts]:
    """Sub-multisets with one card fewer."""
    for r, c in enumerate(counts):
        if c:
            yield counts[:r] + (c - 1,) + counts[r + 1 :]


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
    values: dict[Counts, int] = {}
    for counts in sorted(multisets, key=sum):
        size = sum(counts)
        if size < direct or any(c and r not in deck for r, c in enumerate(counts)):
            values[counts] = 0
        elif size <= 5:
            values[counts] = strength_of(ranking.key(counts))
        else:
            values[counts] = max(values[s] for s in subsets_of_counts(counts))
    table = {}
    for counts, v in values.items():
        table[slot_of(counts)] = v
    flush = [0] * 8192
    if ranking.flushes:
        by_bits = sorted(range(8192), key=lambda m: bin(m).count("1"))
        for mask in by_bits:
            bits = bin(mask).count("1")
            if bits < 5 or any(mask >> r & 1 and r not in deck for r in range(13)):
                continue
            if bits == 5:
                counts = tuple(mask >> r & 1 for r in range(13))
                flush[mask] = strength_of(ranking.key(counts, True))
            elif bits <= 7:  # best flush among the suit's 5-card subsets
                flush[mask] = max(flush[mask & ~(1 << b)] for b in range(13) if mask >> b & 1)
    return table, flush, classes
