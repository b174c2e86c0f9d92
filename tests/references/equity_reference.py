"""The slow reference for equity tests: every completion of the board
enumerated with itertools, hands ranked by tests/reference.py and
tests/low_reference.py (no tables, no kernels); shares are Fractions, so
expected equities are exact. Also ranges written out combo by combo."""

from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import pytest

from references import low_reference as lowref
from references import reference as ref


def ids(text):
    return ref.cards(text)


def _winners(values):
    """Seats with the best value (None = does not qualify); [] if none does."""
    live = [v for v in values if v is not None]
    if not live:
        return []
    best = max(live)
    return [i for i, v in enumerate(values) if v == best]


@lru_cache(maxsize=1 << 16)
def _high_value(cards):
    """ref.best_value of a sorted tuple of cards, remembered: a range's
    combos meet the same boards once per opposing combo."""
    return ref.best_value(list(cards))


def reference_equity(hands, board, final_board=5, omaha=False, hilo=False, deck=None):
    """(wins, ties, shares) per seat over every completion of the board:
    the rules of showdown, written again with slow evaluators."""
    used = {c for h in hands for c in h} | set(board)
    deck = [c for c in (deck or range(52)) if c not in used]
    n = len(hands)
    wins, ties, shares = [0] * n, [0] * n, [Fraction(0)] * n
    total = 0
    for extra in combinations(deck, final_board - len(board)):
        full = list(board) + list(extra)
        total += 1
        if omaha:
            highs = [
                max(
                    ref.best_value(list(h2) + list(b3))
                    for h2 in combinations(h, 2)
                    for b3 in combinations(full, 3)
                )
                for h in hands
            ]
        else:
            highs = [_high_value(tuple(sorted([*h, *full]))) for h in hands]
        part = [Fraction(0)] * n
        lows = []
        if hilo:
            for h in hands:
                vals = [
                    lowref.ACE_FIVE_8.value_of_cards(list(h2) + list(b3))
                    for h2 in combinations(h, 2)
                    for b3 in combinations(full, 3)
                ]
                vals = [v for v in vals if v is not None]
                lows.append(max(vals) if vals else None)
        low_w = _winners(lows) if hilo else []
        high_w = _winners(highs)
        pot_high = Fraction(1, 2) if low_w else Fraction(1)
        for s in high_w:
            part[s] += pot_high / len(high_w)
        for s in low_w:
            part[s] += Fraction(1, 2) / len(low_w)
        for s in range(n):
            if part[s] == 1:
                wins[s] += 1
            elif part[s] > 0:
                ties[s] += 1
            shares[s] += part[s]
    return wins, ties, [x / total for x in shares], total


def check_against_reference(result, expected):
    wins, ties, shares, total = expected
    assert result.exact
    assert result.trials == total
    for seat, p in enumerate(result.players):
        assert (p.wins, p.ties, p.total) == (wins[seat], ties[seat], total)
        assert p.equity == pytest.approx(float(shares[seat]), abs=1e-12)


def card_of(rank, suit):
    return 4 * "23456789TJQKA".index(rank) + "cdhs".index(suit)


def suited(hi, lo):
    return [(card_of(hi, s), card_of(lo, s)) for s in "cdhs"]


def offsuit(hi, lo):
    return [(card_of(hi, a), card_of(lo, b)) for a in "cdhs" for b in "cdhs" if a != b]


def pair(rank):
    return [(card_of(rank, a), card_of(rank, b)) for a, b in combinations("cdhs", 2)]


AKS_QQ_PLUS = suited("A", "K") + pair("Q") + pair("K") + pair("A")


TT_77_AQO = pair("T") + pair("9") + pair("8") + pair("7") + offsuit("A", "Q")


def reference_range_equity(ranges, board, **kw):
    """Every combination of one combo per seat with no card twice (and none
    on the board), each with every completion of the board: summed wins,
    ties and deals, and the equity as a Fraction over all deals."""
    used_board = set(board)
    n = len(ranges)
    wins, ties, units, total = [0] * n, [0] * n, [Fraction(0)] * n, 0
    pairs = 0

    def rec(seat, chosen, used):
        nonlocal total, pairs
        if seat == n:
            w, t, shares, deals = reference_equity(chosen, board, **kw)
            pairs += 1
            total += deals
            for s in range(n):
                wins[s] += w[s]
                ties[s] += t[s]
                units[s] += shares[s] * deals
            return
        for combo in ranges[seat]:
            if used.intersection(combo):
                continue
            rec(seat + 1, chosen + [list(combo)], used | set(combo))

    rec(0, [], used_board)
    return wins, ties, [u / total for u in units], total, pairs


def check_range_result(result, expected):
    wins, ties, shares, total, _pairs = expected
    assert result.exact and result.trials == total
    for seat, p in enumerate(result.players):
        assert (p.wins, p.ties, p.total) == (wins[seat], ties[seat], total)
        assert p.equity == pytest.approx(float(shares[seat]), abs=1e-12)


def omaha_pattern(fixed, rank_a, rank_b=None):
    """Hands of four: the fixed cards plus two more of rank_a (or, with
    rank_b, double-suited: Xa Xb Ya Yb for two suits a < b)."""
    if rank_b is None:
        return [
            tuple(ids(fixed)) + (card_of(rank_a, x), card_of(rank_a, y))
            for x, y in combinations("cdhs", 2)
        ]
    return [
        (card_of(rank_a, x), card_of(rank_a, y), card_of(rank_b, x), card_of(rank_b, y))
        for x, y in combinations("cdhs", 2)
    ]
