"""The Monte Carlo sampler against its distribution: combos of two or
three players drawn with the product of their weights among the sets that
fit (chi-square on the joint frequencies of small ranges that clash), and
boards dealt uniformly from the cards left, never a card twice. The deals
come from the hold'em loop itself (``equity_monte_carlo_deals``)."""

import math
from collections import Counter
from itertools import product

import numpy as np
import pytest

import pyrankcore
from pyrankcore import _core
from pyrankcore.equities.planning import plan
from pyrankcore.errors import InvalidArgumentError

TRIALS = 30_000


def _chi_square_limit(df: int, z: float = 5.0) -> float:
    """The chi-square value a sample exceeds with probability below about
    3e-7 (z standard deviations; Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def _seat(text_weights):
    """(combos as an (n, 2) uint8 array, integer weights) of [(cards, weight)]."""
    cards = np.array([pyrankcore.parse_cards(c) for c, _ in text_weights], dtype=np.uint8)
    return cards, np.array([w for _, w in text_weights], dtype=np.uint64)


def _joint_counts(seats, trials, board="", seed=(5, 6)):
    p, _ = plan("Hold'em", ["AA"] * len(seats), board, trials=10)
    record, stats = _core._testing.equity_monte_carlo_deals(p.spec, seats, seed[0], seed[1], trials)
    combos = [{frozenset(map(int, c)): i for i, c in enumerate(cards)} for cards, _ in seats]
    picks = Counter(
        tuple(combos[s][frozenset(map(int, row[2 * s : 2 * s + 2]))] for s in range(len(seats)))
        for row in record
    )
    return record, stats, picks


def _expected(seats):
    """Probability of each set of combos that fits: the product of weights."""
    masks = [[sum(1 << int(c) for c in cards) for cards in seat[0]] for seat in seats]
    weights = {}
    for pick in product(*(range(len(m)) for m in masks)):
        cards = [masks[s][i] for s, i in enumerate(pick)]
        if sum(bin(m).count("1") for m in cards) == bin(np.bitwise_or.reduce(cards)).count("1"):
            weights[pick] = math.prod(int(seats[s][1][i]) for s, i in enumerate(pick))
    total = sum(weights.values())
    return {k: w / total for k, w in weights.items()}


def _chi_square(picks, expected, trials):
    assert set(picks) <= set(expected)  # never a set that does not fit
    return sum((picks.get(k, 0) - trials * e) ** 2 / (trials * e) for k, e in expected.items())


# AsAh fits only 2c2d of the second player and 7c7d fits all five: a
# sampler that kept the first combo and drew only the second again would
# draw AsAh about half the time, not 2/17 of it
FIRST = [("AsAh", 2), ("7c7d", 3)]
SECOND = [("AsKd", 1), ("AhKd", 4), ("AsQd", 1), ("AhQd", 2), ("2c2d", 5)]


@pytest.mark.parametrize(
    "scale",
    [1, 2**40],  # small weights: no set drawn again; large: every set drawn again
)
def test_two_ranges_draw_each_set_by_its_weight(scale):
    seats = [_seat([(c, w * scale) for c, w in s]) for s in (FIRST, SECOND)]
    expected = _expected(seats)
    _, _, picks = _joint_counts(seats, TRIALS)
    assert _chi_square(picks, expected, TRIALS) < _chi_square_limit(len(expected) - 1)


def test_three_ranges_draw_each_set_by_its_weight():
    third = [("Kc7h", 1), ("QsJs", 2), ("2h2s", 3)]
    seats = [_seat(s) for s in (FIRST, SECOND, third)]
    expected = _expected(seats)
    _, _, picks = _joint_counts(seats, TRIALS)
    assert _chi_square(picks, expected, TRIALS) < _chi_square_limit(len(expected) - 1)


def test_the_chi_square_fails_a_sampler_that_keeps_the_first_combo():
    # the statistic of the wrong marginal (the first player's weights
    # alone) is far beyond the limit: the test above can fail
    seats = [_seat(s) for s in (FIRST, SECOND)]
    expected = _expected(seats)
    wrong = Counter()
    first = {0: 2 / 5, 1: 3 / 5}
    for (i, j), e in expected.items():
        fit = sum(v for (a, _), v in expected.items() if a == i)
        wrong[(i, j)] = round(TRIALS * first[i] * e / fit)
    assert _chi_square(wrong, expected, TRIALS) > 10 * _chi_square_limit(len(expected) - 1)


@pytest.mark.parametrize(
    ("hands", "board"),
    [(["AhKh", "QsQd"], ""), (["AKs,QQ+", "TT-77,AQo"], ""), (["AhKh", "QsQd", "7c6c"], "Kd7s")],
)
def test_boards_are_uniform_over_the_cards_left(hands, board):
    p, _ = plan("Hold'em", hands, board, trials=TRIALS, seed=3)
    record, stats = _core._testing.equity_monte_carlo_deals(
        p.spec, list(p.draws), p.seed[0], p.seed[1], TRIALS
    )
    holes, dealt = record[:, : 2 * len(hands)], record[:, 2 * len(hands) :]
    known = list(pyrankcore.parse_cards(board)) if board else []
    both = np.concatenate([holes, dealt, np.tile(np.array(known, dtype=np.uint8), (TRIALS, 1))], 1)
    assert all(len(set(row)) == len(row) for row in both.tolist())  # never a card twice
    assert int(stats[:, 2].sum()) == TRIALS * 5040  # every trial settled
    if "," in hands[0]:
        return
    # fixed hands: each card left is equally likely at each place of the board
    left = 52 - 2 * len(hands) - len(known)
    for column in dealt.T:
        counts = np.bincount(column, minlength=52)
        assert np.count_nonzero(counts) == left
        expect = TRIALS / left
        chi = ((counts[counts > 0] - expect) ** 2 / expect).sum()
        assert chi < _chi_square_limit(left - 1)


def test_the_recording_refuses_other_games_and_sizes():
    p, _ = plan("Omaha", ["AsKsQdJd", "9h9c8h7c"], trials=10)
    with pytest.raises(InvalidArgumentError, match="hold'em"):
        _core._testing.equity_monte_carlo_deals(p.spec, list(p.draws), 1, 2, 10)
    p, _ = plan("Hold'em", ["AA", "KK"], trials=10)
    with pytest.raises(InvalidArgumentError, match="trials"):
        _core._testing.equity_monte_carlo_deals(p.spec, list(p.draws), 1, 2, -1)


def test_two_ranges_that_never_fit_raise_at_once():
    # every combo of both holds the ace of spades: no draw is made
    aces = ",".join("As" + c for c in ("Kd", "Qd", "Jd"))
    with pytest.raises(InvalidArgumentError, match="never fit"):
        pyrankcore.equity("Hold'em", [aces, aces], trials=1000, seed=1)
