"""Counting every k-card hand of a deck by the key of its best five, for
:func:`pyrankcore.probabilities`: rank multisets are walked once each and
their suit assignments counted combinatorially (see that module's notes).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from itertools import product
from math import comb
from typing import Any

from pyrankcore import _core
from pyrankcore._rankings import ACE, JOKERS, Ranking
from pyrankcore._work import ProgressBar, progress_bar

__all__ = ["Key", "better", "count_hands", "deck_size", "key_order"]

# The key of a best five (the ranking's comparison key), or None for a hand
# that does not qualify for a low.
Key = tuple[int, ...] | None
_SUITS = range(4)

# Seven cards take seconds of pure Python to count, so the last tables
# counted are kept (read only) for a notebook's re-run or the same question
# asked twice: {(ranking, cards, decks, jokers): counts}, oldest first.
# The lock keeps threads that count at once (free-threaded Python) from
# evicting the same table twice; counting itself runs outside it.
_COUNTED_TABLES = 16
_counted: dict[tuple[Ranking, int, int, int], dict[Key, int]] = {}
_counted_lock = threading.Lock()


def count_hands(
    ranking: Ranking, k: int, decks: int, n_jokers: int, *, progress: bool = False
) -> dict[Key, int]:
    """{key of the best five: number of hands} over every *k*-card hand of
    *decks* decks and *n_jokers* jokers (read only: it may be shared)."""
    total = comb(deck_size(ranking, decks, n_jokers), k)
    key = (ranking, k, decks, n_jokers)
    with _counted_lock:
        counts = _counted.get(key)
    bar = progress_bar(progress, total, "hand", "counting hands")
    try:
        if counts is not None:
            if bar is not None:  # asked for a bar: it fills at once
                bar.update(total)
            return counts
        if decks == 1 and not ranking.has_wild:
            counts = _enumerated(ranking, k, bar)
        else:
            counts = _tally(ranking, k, decks, n_jokers, own=decks > 1, bar=bar)
    finally:
        if bar is not None:
            bar.close()
    with _counted_lock:
        if key not in _counted and len(_counted) >= _COUNTED_TABLES:
            _counted.pop(next(iter(_counted)))
        _counted[key] = counts
    return counts


def key_order(key: Key) -> tuple[int, tuple[int, ...]]:
    """Sorts keys weakest first, a hand without a low below every low."""
    return (0, ()) if key is None else (1, key)


def better(a: Key, b: Key) -> bool:
    return key_order(a) > key_order(b)


def deck_size(ranking: Ranking, decks: int, n_jokers: int) -> int:
    """Cards in *decks* decks of the ranking's ranks, and *n_jokers* jokers."""
    return 4 * decks * len(ranking.deck_ranks) + n_jokers


def _enumerated(ranking: Ranking, k: int, bar: ProgressBar | None) -> dict[Key, int]:
    """{key: number of hands} from the evaluator run on every k-card hand of
    one deck, in C: for a natural game with one deck this is faster than
    walking rank multisets in Python (seven cards: a third of a second against
    ten), and gives the same table."""
    strengths = _core.enumerate_counts(
        k, _core.plain_tables(_core.tables_of(ranking), "probabilities")
    )
    if bar is not None:
        bar.update(int(strengths.sum()))
    classes = ranking.classes()
    out: dict[Key, int] = {}
    for strength in strengths.nonzero()[0].tolist():
        _add(out, classes[strength - 1] if strength else None, int(strengths[strength]))
    return out


def _multisets(caps: list[tuple[int, int]], size: int) -> Iterator[tuple[list[int], int]]:
    """(counts over the 13 ranks, ways) for every multiset of *size* cards:
    caps holds (rank, copies of the rank in the deck); ways is the product
    of C(copies, count) (the physical cards that realise the multiset)."""
    counts = [0] * 13

    def walk(i: int, left: int, ways: int) -> Iterator[tuple[list[int], int]]:
        if left == 0:
            yield counts, ways
            return
        if i == len(caps):
            return
        rank, cap = caps[i]
        for c in range(min(cap, left), -1, -1):
            counts[rank] = c
            yield from walk(i + 1, left - c, ways * comb(cap, c))
        counts[rank] = 0

    yield from walk(0, size, 1)


def _tally(
    ranking: Ranking, k: int, decks: int, n_jokers: int, own: bool, bar: ProgressBar | None = None
) -> dict[Key, int]:
    """{key of the best five: number of hands} over every k-card hand
    (counted on *bar* as they are classified).

    *own*: rank classes with the ranking's keys (any number of decks,
    natural games) instead of the evaluator (one deck, any game)."""
    ranks = ranking.deck_ranks
    wild_ids = ranking.wild_ids
    # Copies of each natural card; cards that are always wild form a pool
    # (all wild cards are alike to the evaluator: only their number counts).
    avail = [[0] * 4 for _ in range(13)]
    pool: list[int] = list(JOKERS[:n_jokers]) if ranking.jokers else []
    for r in ranks:
        for s in _SUITS:
            card = 4 * r + s
            if card in wild_ids:
                pool.append(card)
            else:
                avail[r][s] = decks
    if ranking.jokers and n_jokers > 2:  # pragma: no cover - wild cards need one deck
        raise AssertionError("more than two jokers")
    symmetric = all(len(set(avail[r])) == 1 for r in ranks)
    totals = [sum(avail[r]) for r in range(13)]
    caps = [(r, totals[r]) for r in ranks if totals[r]]
    classify = _own_classifier(ranking) if own else _evaluator_classifier(ranking, pool, avail)
    out: dict[Key, int] = {}
    lowest_wild = ranking.wild_lowest
    flushes = ranking.flushes
    for w_pool in range(min(len(pool), k) + 1):
        pool_ways = comb(len(pool), w_pool)
        for counts_list, ways in _multisets(caps, k - w_pool):
            c = tuple(counts_list)
            relevant = [r for r in ranks if c[r]]
            w = w_pool
            if lowest_wild and relevant and min(relevant) != ACE:
                # The evaluator's rule: the lowest natural rank by index
                # (deuce first) is wild, unless all natural cards are aces.
                low = min(relevant)
                w += c[low]
                relevant = [r for r in relevant if r != low]
            need = 5 - w  # natural cards of one suit that make a flush
            n_rel = sum(c[r] for r in relevant)
            base = ways * pool_ways
            if bar is not None:
                bar.update(base)
            if not flushes or need <= 0 or n_rel < need:
                _add(out, classify(c, w_pool, None), base)
            elif n_rel < 2 * need:  # at most one suit can hold a flush
                _count_one_suit(
                    out, classify, c, w_pool, relevant, need, avail, totals, base, symmetric
                )
            else:
                _count_spread(out, classify, c, w_pool, relevant, avail, totals, base)
    return out


def _add(out: dict[Key, int], key: Key, n: int) -> None:
    if n:
        out[key] = out.get(key, 0) + n


def _count_one_suit(
    out: dict[Key, int],
    classify: Callable[..., Key],
    c: tuple[int, ...],
    w_pool: int,
    relevant: list[int],
    need: int,
    avail: list[list[int]],
    totals: list[int],
    base: int,
    symmetric: bool,
) -> None:
    """Hands of one rank multiset, split by what the flush suit holds."""
    rel_ways = 1
    for r in relevant:
        rel_ways *= comb(totals[r], c[r])
    rest = base // rel_ways  # the pool's and the wild lowest rank's share
    flush_ways = 0
    for s in (0,) if symmetric else _SUITS:
        options = []
        for r in relevant:
            a = avail[r][s]
            opts = [
                (j, comb(a, j) * comb(totals[r] - a, c[r] - j)) for j in range(min(a, c[r]) + 1)
            ]
            options.append([o for o in opts if o[1]])
        if sum(max(j for j, _ in o) for o in options) < need:
            continue
        mult = 4 if symmetric else 1
        for combo in product(*options):
            held = sum(j for j, _ in combo)
            if held < need:
                continue
            ways = mult
            in_suit = [0] * 13
            for r, (j, n) in zip(relevant, combo):
                ways *= n
                in_suit[r] = j
            flush_ways += ways
            if ways:
                _add(out, classify(c, w_pool, (s, tuple(in_suit))), ways * rest)
    if rel_ways > flush_ways:
        _add(out, classify(c, w_pool, None), (rel_ways - flush_ways) * rest)


def _count_spread(
    out: dict[Key, int],
    classify: Callable[..., Key],
    c: tuple[int, ...],
    w_pool: int,
    relevant: list[int],
    avail: list[list[int]],
    totals: list[int],
    base: int,
) -> None:
    """Hands of one rank multiset with few natural cards and several wild
    ones: every spread of the natural cards over the suits."""
    rel_ways = 1
    for r in relevant:
        rel_ways *= comb(totals[r], c[r])
    rest = base // rel_ways
    options = []
    for r in relevant:
        opts = []
        for spread in product(*(range(min(avail[r][s], c[r]) + 1) for s in _SUITS)):
            if sum(spread) == c[r]:
                n = 1
                for s in _SUITS:
                    n *= comb(avail[r][s], spread[s])
                opts.append((spread, n))
        options.append(opts)
    for combo in product(*options):
        ways = rest
        suits = []
        for _, n in combo:
            ways *= n
        for r, (spread, _) in zip(relevant, combo):
            suits.append((r, spread))
        _add(out, classify(c, w_pool, ("spread", tuple(suits))), ways)


# -------------------------------------------------------------- classifiers


def _evaluator_classifier(
    ranking: Ranking, pool: list[int], avail: list[list[int]]
) -> Callable[..., Key]:
    """Key of a class from the evaluator, on one representative hand (one
    deck: every card at most once)."""
    tables = _core.plain_tables(_core.tables_of(ranking), "probabilities")
    classes = ranking.classes()
    cache: dict[Any, Key] = {}

    def classify(c: tuple[int, ...], w_pool: int, flush: Any) -> Key:
        if flush is None:
            cache_key: Any = (c, w_pool)
        elif flush[0] == "spread":
            # Suits are interchangeable to the evaluator: one evaluation per
            # spread up to a relabelling of the suits.
            by_suit = sorted(
                tuple(r for r, spread in flush[1] for _ in range(spread[s])) for s in _SUITS
            )
            cache_key = (c, w_pool, tuple(by_suit))
        else:
            cache_key = (c, w_pool, flush[1])
        key = cache.get(cache_key, ())
        if key != ():
            return key
        hand = _representative(c, w_pool, flush, pool, avail)
        strength = _core.evaluate(hand, tables)
        key = classes[strength - 1] if strength else None
        cache[cache_key] = key
        return key

    return classify


def _representative(
    c: tuple[int, ...], w_pool: int, flush: Any, pool: list[int], avail: list[list[int]]
) -> list[int]:
    """Card ids of one hand of a class (one deck: each card once). The flush
    suit holds exactly what the class says; every other card goes to the
    least loaded suit it can, so no other suit gets a flush. Cards of a wild
    lowest rank, whose suits do not matter, may take any suit."""
    hand = list(pool[:w_pool])
    load = [0] * 4
    suits: dict[int, list[int]] = {r: [] for r in range(13) if c[r]}
    flush_suit = None
    if flush is not None and flush[0] == "spread":
        for r, spread in flush[1]:
            suits[r] = [s for s in _SUITS for _ in range(spread[s])]
    elif flush is not None:
        flush_suit, in_suit = flush
        for r in suits:
            suits[r] = [flush_suit] * in_suit[r]
    for r in suits:
        for s in suits[r]:
            load[s] += 1
    fixed = {r for r in suits if suits[r]} if flush is not None else set()
    for r in sorted(suits, key=lambda r: -c[r]):
        if flush is not None and flush[0] == "spread" and r in fixed:
            continue
        free = [s for s in _SUITS if avail[r][s] and s not in suits[r]]
        free.sort(key=lambda s: (s == flush_suit, load[s]))
        for s in free[: c[r] - len(suits[r])]:
            suits[r].append(s)
            load[s] += 1
    for r, held in suits.items():
        hand += [4 * r + s for s in held]
    return hand


def _own_classifier(ranking: Ranking) -> Callable[..., Key]:
    """Key of a class from the ranking's keys over the best five cards
    (repeated cards allowed): for any number of decks, natural games."""
    keys: dict[tuple[tuple[int, ...], bool], Key] = {}
    rank_best: dict[tuple[int, ...], list[tuple[Key, tuple[int, ...]]]] = {}
    flush_best: dict[tuple[int, ...], Key] = {}

    def key5(x: tuple[int, ...], flush: bool) -> Key:
        k = (x, flush)
        if k not in keys:
            keys[k] = ranking.key(x, flush)
        return keys[k]

    def by_strength(c: tuple[int, ...]) -> list[tuple[Key, tuple[int, ...]]]:
        found = rank_best.get(c)
        if found is None:
            subs = [(key5(x, False), x) for x in _five_subsets(c)]
            found = sorted(subs, key=lambda item: key_order(item[0]), reverse=True)
            rank_best[c] = found
        return found

    def best_flush(held: tuple[int, ...]) -> Key:
        if held not in flush_best:
            best: Key = None
            for x in _five_subsets(held):
                key = key5(x, True)
                if ranking.low is False and better(key5(x, False), key):
                    key = key5(x, False)  # both a flush and better (3+ decks)
                if better(key, best):
                    best = key
            flush_best[held] = best
        return flush_best[held]

    def classify(c: tuple[int, ...], w_pool: int, flush: Any) -> Key:
        ordered = by_strength(c)
        if flush is None:
            return ordered[0][0]
        _, held = flush
        mono = best_flush(held)
        if not ranking.low:
            return mono if better(mono, ordered[0][0]) else ordered[0][0]
        # A low avoids the flush if it can: the best five that hold a card
        # outside the flush suit, or the flush if nothing else is left.
        for key, x in ordered:
            if any(x[r] and c[r] > held[r] for r in range(13)):
                return mono if better(mono, key) else key
        return mono

    return classify


def _five_subsets(c: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct five-card sub-multisets of a rank multiset."""
    present = [r for r in range(13) if c[r]]
    out = []
    x = [0] * 13

    def walk(i: int, left: int) -> None:
        if left == 0:
            out.append(tuple(x))
            return
        if i == len(present):
            return
        r = present[i]
        for n in range(min(c[r], left), -1, -1):
            x[r] = n
            walk(i + 1, left - n)
        x[r] = 0

    walk(0, 5)
    return out
