"""The wild-card row loops (src/prc_wild.h, prc_wild_rows) read one table
per hand size and take the lowest rank's cards out without branches; the
scalar kernel (prc_wild_eval, behind evaluate() and the batch of wider
dtypes) reads the per-count tables. They must agree on every row, under
every row loop this CPU runs: random rows, flush-heavy rows, rows with many
wild cards, and bad rows (every invalid id, duplicates at every position),
for 5, 6 and 7 cards; and order hands as the brute-force reference in
tests/references/wild_reference.py does.
"""

import random
from itertools import combinations

import numpy as np
import pytest
from references import row_loops
from references import wild_reference as wr
from references.wild_reference import Spec

import pyrankcore as prc
from pyrankcore import _core

SPECS = [
    Spec("high", ("jokers",)),
    Spec("high", ("2",)),
    Spec("high", ("Jh Js",)),
    Spec("high", ("jokers", "2")),
    Spec("high", ("lowest",)),
    Spec("high", ("jokers", "lowest")),
    Spec("high", ("2",), natural_beats_wild="plain"),
    Spec("high", ("jokers",), double_ace_flush=True),
    Spec("high", bug=True),
    Spec("short_deck", ("lowest",)),
    Spec("ace_five", ("lowest",)),
    Spec("ace_five_8", ("jokers", "2")),
    Spec("deuce_seven", ("2",)),
    Spec("deuce_seven", ("lowest",), natural_beats_wild=True),
    Spec("deuce_seven", ("jokers",), natural_beats_wild="graded"),
    Spec(prc.stripped_deck("7"), ("lowest",)),
]
IDS = [repr(s.base if isinstance(s.base, str) else s.base.name) + repr(s.options()) for s in SPECS]


def game(spec):
    return prc.ranking(spec.base, **spec.options())


def rows_of(spec, k, rng):
    """Random rows, rows of at most two suits (plus wild cards), and rows
    with up to four cards that are always wild."""
    deck = spec.deck()
    wilds = wr.wild_candidates(spec)
    jokers = [52, 53] if spec.has_jokers else []
    rows = [rng.sample(deck + jokers, k) for _ in range(250)]
    for _ in range(250):
        suits = rng.sample(range(4), 2)
        cards = [c for c in deck if c & 3 in suits] + jokers
        rows.append(rng.sample(cards, k))
    rows += [wr.random_hand(rng, spec, k, rng.randrange(5)) for _ in range(150)] if wilds else []
    return np.array(rows, dtype=np.uint8)


def old_path(rows, r):
    """The scalar kernel: a batch of int16 ids goes row by row through it."""
    return prc.evaluate_batch(np.asarray(rows, dtype=np.int16), r)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_row_loops_equal_the_scalar_kernel(spec):
    r = game(spec)
    rng = random.Random(repr(spec))
    for k in (5, 6, 7):
        rows = rows_of(spec, k, rng)
        got = row_loops.agree(row_loops.every_kernel(lambda rows=rows: prc.evaluate_batch(rows, r)))
        assert got.tolist() == old_path(rows, r).tolist(), k
        sample = rows[::37].tolist()
        assert got[::37].tolist() == [prc.evaluate(h, r) for h in sample], k


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_row_loops_order_hands_as_the_reference(spec):
    r = game(spec)
    rng = random.Random(repr(spec) + " reference")
    hands = [wr.random_hand(rng, spec, 7, rng.randrange(4)) for _ in range(40)]
    hands += [rng.sample(spec.deck(), 7) for _ in range(20)]
    strengths = prc.evaluate_batch(np.array(hands, dtype=np.uint8), r)
    keys = [wr.best_key(h, spec) for h in hands]
    wr.assert_same_order(strengths, keys, hands, repr(spec))


def bad_cases(spec, rng):
    """(k, rows, first bad row): ids outside the deck at every position,
    and a repeat at every pair of positions."""
    deck = spec.deck() + ([52, 53] if spec.has_jokers else [])
    # cards the deck lacks, the jokers where they are not in it, and the
    # ids around the card tables' edges (64: past a 64-bit card mask)
    outside = [c for c in range(52) if c not in deck][:2]
    outside += [c for c in (52, 53, 54, 63, 64, 127, 128, 254, 255) if c not in deck]
    for k in (5, 6, 7):
        for pos in range(k):
            for bad_id in outside:
                rows = [rng.sample(deck, k) for _ in range(5)]
                rows[3][pos] = bad_id
                yield k, rows, 3
        for a, b in combinations(range(k), 2):
            rows = [rng.sample(deck, k) for _ in range(5)]
            rows[2][b] = rows[2][a]
            yield k, rows, 2


@pytest.mark.parametrize(
    "spec",
    [Spec("high", ("jokers",)), Spec("high", ("2",)), Spec("short_deck", ("lowest",))],
    ids=repr,
)
def test_first_bad_row_and_the_rows_before_it(spec):
    r = game(spec)
    rng = random.Random(repr(spec) + " bad")
    for k, rows, bad in bad_cases(spec, rng):
        arr = np.array(rows, dtype=np.uint8)

        def run(arr=arr):
            out = np.full(len(arr), 0xBEEF, dtype=np.uint16)
            first = _core.evaluate_rows(arr, out, 0, len(arr), r)
            return np.append(out.astype(np.int64), first)

        got = row_loops.agree(row_loops.every_kernel(run))
        assert got[-1] == bad, (k, rows[bad])
        assert got[:bad].tolist() == old_path(rows[:bad], r).tolist()
        assert (got[bad:-1] == 0xBEEF).all()  # rows from the bad one: unwritten
