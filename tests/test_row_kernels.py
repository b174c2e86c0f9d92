"""The C row loops: the portable loop and the POPCNT loop chosen at run time
give the same strengths and flag the same rows, for every game and size."""

import itertools
from math import comb

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore import _core

KERNELS = ["portable", "fast"]


@pytest.fixture(params=KERNELS)
def kernel(request):
    """Run the test under each row loop (fast = the best for this CPU)."""
    chosen = _core._select_row_kernel(request.param == "fast")
    yield chosen
    _core._select_row_kernel(True)


def both_kernels(fn):
    """fn() under the portable loop and under the best loop for this CPU."""
    try:
        _core._select_row_kernel(False)
        portable = fn()
    finally:
        _core._select_row_kernel(True)
    return portable, fn()


def deck_of(game):
    mask = _core.resolve_game(game).deck_mask
    return [c for c in range(52) if mask >> c & 1]


@pytest.fixture(scope="module")
def five_card_hands():
    cache = {}

    def get(game):
        deck = tuple(deck_of(game))
        if deck not in cache:
            n = comb(len(deck), 5)
            flat = itertools.chain.from_iterable(itertools.combinations(deck, 5))
            cache[deck] = np.fromiter(flat, dtype=np.uint8, count=5 * n).reshape(n, 5)
        return cache[deck]

    return get


@pytest.mark.parametrize("game", prc.GAMES)
def test_every_five_card_hand_both_kernels(game, five_card_hands):
    hands = five_card_hands(game)
    portable, fast = both_kernels(lambda: prc.evaluate_batch(hands, game))
    assert (portable == fast).all()
    counts = np.bincount(fast, minlength=_core.CLASS_COUNTS[game] + 1)
    assert (counts == _core.enumerate_counts(5, game)).all()


@pytest.mark.parametrize("game", prc.GAMES)
@pytest.mark.parametrize("k", [1, 2, 3, 4, 6, 7])
def test_random_rows_both_kernels(game, k):
    t = _core.resolve_game(game)
    if not t.min_cards <= k <= t.max_cards:
        pytest.skip(f"{game} has no {k}-card hands")
    hands = prc.random_hands(100_000, k, seed=k, game=game)
    portable, fast = both_kernels(lambda: prc.evaluate_batch(hands, game))
    assert (portable == fast).all()
    sample = hands[:2000].tolist()
    assert fast[:2000].tolist() == [prc.evaluate(h, game) for h in sample]


def first_bad(rows, game):
    out = np.zeros(len(rows), dtype=np.uint16)
    return _core.evaluate_rows(np.ascontiguousarray(rows, dtype=np.uint8), out, 0, len(rows), game)


@pytest.mark.parametrize("game", ["high", "short_deck", "ace_five", "incomplete"])
@pytest.mark.parametrize("k", [3, 5, 7])
def test_every_invalid_id_at_every_position_is_flagged(game, k, kernel):
    t = _core.resolve_game(game)
    if not t.min_cards <= k <= t.max_cards:
        pytest.skip(f"{game} has no {k}-card hands")
    deck = deck_of(game)
    base = np.array(deck[-k:], dtype=np.uint8)
    outside = [c for c in range(52) if c not in deck]
    for bad_id in list(range(52, 256)) + outside:
        for pos in range(k):
            rows = np.tile(base, (3, 1))
            rows[2, pos] = bad_id
            assert first_bad(rows, game) == 2, (bad_id, pos)


@pytest.mark.parametrize("k", [2, 5, 6, 7])
def test_duplicates_at_every_pair_of_positions_are_flagged(k, kernel):
    game = "high" if k >= 5 else "incomplete"
    base = np.array([51, 46, 41, 36, 31, 26, 21][:k], dtype=np.uint8)
    for i in range(k):
        for j in range(k):
            if i != j:
                rows = np.tile(base, (2, 1))
                rows[1, j] = rows[1, i]
                assert first_bad(rows, game) == 1, (i, j)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 64, 65])
def test_a_bad_last_row_is_found_at_every_length(n, kernel):
    rows = prc.random_hands(n, 7, seed=n)
    assert first_bad(rows, "high") == -1
    rows[-1, 3] = 200
    assert first_bad(rows, "high") == n - 1
    rows[0, 0] = rows[0, 1]
    assert first_bad(rows, "high") == 0


def test_the_kernel_switch_reports_its_choice():
    assert _core._select_row_kernel(False) == "portable"
    assert _core._select_row_kernel(True) in ("popcnt", "portable")


@pytest.fixture(scope="module")
def six_card_hands():
    n = comb(52, 6)
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), 6))
    return np.fromiter(flat, dtype=np.uint8, count=6 * n).reshape(n, 6)


@pytest.mark.parametrize("game", ["high", "deuce_seven", "ace_five_8"])
def test_every_six_card_hand_both_kernels(game, six_card_hands):
    portable, fast = both_kernels(lambda: prc.evaluate_batch(six_card_hands, game))
    assert (portable == fast).all()
    counts = np.bincount(fast, minlength=_core.CLASS_COUNTS[game] + 1)
    assert (counts == _core.enumerate_counts(6, game)).all()
