"""The suit tie-break row loop (src/prc_suits.h, prc_suited_rows) picks the
five cards that play from rank groups; the scalar kernel behind
``evaluate()`` (prc_suited_checked) searches every five-card subset. Both
must give the same suited strength for every hand, under every row loop
this CPU runs: exhaustively on 20-card decks (where suits decide often and
flushes are everywhere), and on random and flush-heavy hands of every base
ranking and suit option, including rankings built from options.
"""

import random
from itertools import combinations

import numpy as np
import pytest
from references import row_loops

import pyrankcore as prc
from pyrankcore import _core
from pyrankcore._rankings import Ranking
from pyrankcore.suits import SUIT_TIEBREAKS

ORDERS = ("standard", "italy", "germany", "diamonds-hearts-spades-clubs")

# Rankings a suit tie-break can be put on: the built-in games, stripped
# decks, and a ranking made of Ranking options (aces low with pairs of aces
# high). The last three build their tables at run time (a second each).
BASES = {name: prc.ranking(name) for name in prc.GAMES}
BASES["stripped_T"] = prc.stripped_deck("T")
BASES["stripped_7_trips"] = prc.stripped_deck("7", trips_over_straight=True)
BASES["aces_low_pairs_high"] = Ranking(
    "aces_low_pairs_high",
    low=True,
    ace_low=True,
    ace_pair_high=True,
    straights=False,
    flushes=False,
)


def deck_of(r):
    return [c for c in range(52) if c >> 2 in r.deck_ranks]


def scalar(rows, r):
    """The subset search: one evaluate() per hand."""
    return [prc.evaluate(row, r) for row in np.asarray(rows, dtype=np.int64).tolist()]


def batch_every_loop(rows, r):
    """evaluate_batch under each row loop (asserting they agree)."""
    arr = np.ascontiguousarray(rows, dtype=np.uint8)
    return row_loops.agree(row_loops.every_kernel(lambda: prc.evaluate_batch(arr, r)))


def hands_of_ranks(ranks):
    """Every 7-card hand of the 20 cards of these five ranks."""
    deck = [4 * r + s for r in ranks for s in range(4)]
    return np.array(list(combinations(deck, 7)), dtype=np.uint8)


@pytest.mark.parametrize(
    ("base", "ranks", "tiebreak", "order"),
    [
        ("stripped_T", (8, 9, 10, 11, 12), "highest_card", "italy"),
        ("stripped_T", (8, 9, 10, 11, 12), "main_group", "standard"),
        ("stripped_T", (8, 9, 10, 11, 12), "highest_unpaired", "germany"),
        # deuce-to-seven's best low is 7-5-4-3-2: suited, it is a flush,
        # which the five that play must avoid
        ("deuce_seven", (0, 1, 2, 3, 5), "highest_unpaired", "diamonds-hearts-spades-clubs"),
        # ace-to-six: A-2-3-4-6, and the wheel straight counts against
        ("ace_six", (12, 0, 1, 2, 4), "main_group", "italy"),
    ],
)
def test_every_seven_card_hand_of_a_20_card_deck(base, ranks, tiebreak, order):
    r = prc.ranking(BASES[base], suit_tiebreak=tiebreak, suit_order=order)
    rows = hands_of_ranks(ranks)
    assert len(rows) == 77520
    got = batch_every_loop(rows, r)
    assert got.tolist() == scalar(rows, r)


def test_every_six_card_hand_of_a_20_card_deck():
    r = prc.ranking(BASES["stripped_T"], suit_tiebreak="highest_unpaired", suit_order="italy")
    deck = deck_of(BASES["stripped_T"])
    rows = np.array(list(combinations(deck, 6)), dtype=np.uint8)
    assert len(rows) == 38760
    assert batch_every_loop(rows, r).tolist() == scalar(rows, r)


def random_rows(rng, deck, k, n):
    return [rng.sample(deck, k) for _ in range(n)]


def flush_heavy_rows(rng, deck, k, n):
    """Hands of at most two suits: five or more of one suit in most."""
    rows = []
    for _ in range(n):
        suits = rng.sample(range(4), 2)
        cards = [c for c in deck if c & 3 in suits]
        rows.append(rng.sample(cards, k))
    return rows


def same_ranks_rows(rng, deck, k, n):
    """Hands of few ranks: pairs, trips and quads, where suits decide."""
    rows = []
    ranks = sorted({c >> 2 for c in deck})
    while len(rows) < n:
        chosen = rng.sample(ranks, 3)
        cards = [c for c in deck if c >> 2 in chosen]
        if len(cards) >= k:
            rows.append(rng.sample(cards, k))
    return rows


@pytest.mark.parametrize("base", sorted(BASES))
@pytest.mark.parametrize("tiebreak", SUIT_TIEBREAKS)
def test_random_and_flush_heavy_hands_every_base(base, tiebreak):
    plain = BASES[base]
    order = ORDERS[(sorted(BASES).index(base) + SUIT_TIEBREAKS.index(tiebreak)) % 4]
    r = prc.ranking(plain, suit_tiebreak=tiebreak, suit_order=order)
    rng = random.Random(f"{base} {tiebreak}")
    deck = deck_of(plain)
    for k in range(max(plain.min_cards, 5), plain.max_cards + 1):
        rows = (
            random_rows(rng, deck, k, 200)
            + flush_heavy_rows(rng, deck, k, 200)
            + same_ranks_rows(rng, deck, k, 100)
        )
        assert batch_every_loop(rows, r).tolist() == scalar(rows, r), (base, tiebreak, k)


@pytest.mark.parametrize("order", ORDERS)
def test_many_random_seven_card_hands_every_order(order):
    rng = random.Random(order)
    rows = random_rows(rng, list(range(52)), 7, 2000) + flush_heavy_rows(
        rng, list(range(52)), 7, 1000
    )
    for tiebreak in SUIT_TIEBREAKS:
        r = prc.ranking("high", suit_tiebreak=tiebreak, suit_order=order)
        assert batch_every_loop(rows, r).tolist() == scalar(rows, r), tiebreak


def bad_rows_cases(deck_ids, outside):
    """(rows, index of the first bad row) with one bad row placed in the
    middle: every invalid id (and a card the deck lacks) at every
    position, and a repeat at every pair of positions."""
    rng = random.Random(5)
    for k in (5, 6, 7):
        for pos in range(k):
            for bad_id in (*outside, 52, 53, 128, 255):
                rows = random_rows(rng, deck_ids, k, 9)
                rows[4][pos] = bad_id
                yield k, rows, 4
        for a, b in combinations(range(k), 2):
            rows = random_rows(rng, deck_ids, k, 9)
            rows[6][b] = rows[6][a]
            yield k, rows, 6


@pytest.mark.parametrize("base", ["high", "short_deck", "deuce_seven"])
def test_first_bad_row_and_the_rows_before_it(base):
    plain = BASES[base]
    r = prc.ranking(plain, suit_tiebreak="main_group", suit_order="italy")
    tables = _core.tables_of(r)
    outside = [c for c in range(52) if c >> 2 not in plain.deck_ranks][:2]
    for k, rows, bad in bad_rows_cases(deck_of(plain), outside):
        arr = np.array(rows, dtype=np.uint8)

        def run(arr=arr):
            out = np.full(len(arr), 0xDEADBEEF, dtype=np.uint32)
            first = _core.evaluate_suited_rows(arr, out, 0, len(arr), tables)
            return np.append(out, first)

        got = row_loops.agree(row_loops.every_kernel(run))
        assert got[-1] == bad, (k, rows[bad])
        assert got[:bad].tolist() == scalar(rows[:bad], r)
        assert (got[bad:-1] == 0xDEADBEEF).all()  # rows from the bad one: unwritten
