"""The wild-card row loops (src/prc_wild.h, prc_wild_rows) read one table
per hand size and take the lowest rank's cards out without branches; the
scalar kernel (prc_wild_eval, behind evaluate() and the batch of wider
dtypes) reads the per-count tables; the vector loops (AVX2, AVX-512) take
16 rows a step. They must agree on every row, under every row loop this CPU
runs: random rows, flush-heavy rows, rows with many wild cards, the lowest
rank at every rank and count, and bad rows (every invalid id, duplicates at
every position, at every place of a step), for 5, 6 and 7 cards, on spans
that start and end anywhere and on rows that end at an unreadable page; and
order hands as the brute-force reference in tests/references/wild_reference.py
does.
"""

import random
import subprocess
import sys
import tempfile
from itertools import combinations

import numpy as np
import pytest
from references import guard_page, row_loops
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
    Spec("high", ("2",), natural_beats_wild="more_wild"),
    Spec("deuce_seven", ("jokers",), natural_beats_wild="more_wild"),
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
    if spec.lowest:
        rows += lowest_rank_rows(spec, k, rng)
    return np.array(rows, dtype=np.uint8)


def lowest_rank_rows(spec, k, rng):
    """Rows that test how a loop finds the lowest rank: one to four cards of
    it, at every rank of the deck (so in either half of a 64-bit card mask:
    nines are ids 28..31, tens 32..35), and hands of aces and jokers alone
    (no rank is wild then)."""
    deck = spec.deck()
    jokers = [52, 53] if spec.has_jokers else []
    rows = []
    for low in sorted({c // 4 for c in deck}):
        higher = [c for c in deck if c // 4 > low] + jokers
        for n in range(1, 5):
            if len(higher) >= k - n:
                rows.append(rng.sample([c for c in deck if c // 4 == low], n))
                rows[-1] += rng.sample(higher, k - n)
    if len(jokers) + 4 >= k:
        rows.append(rng.sample([48, 49, 50, 51], k - 2) + jokers)
    return [rng.sample(row, k) for row in rows]  # the lowest rank at any position


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


STEP_ROWS = 40  # more than two steps of the vector loops (16 rows), and a tail


def bad_cases(spec, rng):
    """(k, rows, first bad row): every id outside the deck (0..255) at some
    position, and a repeat at every pair of positions; the bad row moves
    through every place of a step of the vector loops and the tail after
    the last step."""
    deck = spec.deck() + ([52, 53] if spec.has_jokers else [])
    outside = [c for c in range(256) if c not in deck]
    place = 0
    for k in (5, 6, 7):
        cases = [(pos % k, bad_id, None) for pos, bad_id in enumerate(outside)]
        cases += [(a, None, b) for a, b in combinations(range(k), 2)]
        for pos, bad_id, repeat_at in cases:
            rows = [rng.sample(deck, k) for _ in range(STEP_ROWS)]
            bad = place % STEP_ROWS
            place += 7  # 7 and 40 are coprime: every place comes round
            if bad_id is None:
                rows[bad][repeat_at] = rows[bad][pos]
            else:
                rows[bad][pos] = bad_id
            yield k, rows, bad


@pytest.mark.parametrize(
    "spec",
    [
        Spec("high", ("jokers",)),
        Spec("high", ("2",)),
        Spec("short_deck", ("lowest",)),
        Spec("high", ("jokers", "lowest")),
    ],
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
        if bad:
            assert got[:bad].tolist() == old_path(rows[:bad], r).tolist()
        assert (got[bad:-1] == 0xBEEF).all()  # rows from the bad one: unwritten


@pytest.mark.parametrize(
    "spec",
    [Spec("high", ("2",)), Spec("high", ("lowest",)), Spec("ace_five", ("lowest",))],
    ids=repr,
)
def test_spans_that_start_and_end_anywhere_in_a_step(spec):
    """evaluate_rows(start, stop), as a thread's share of a batch: the loops
    fill exactly out[start:stop], whatever the span's ends."""
    r = game(spec)
    rng = random.Random(repr(spec) + " spans")
    for k in (5, 7):
        rows = np.ascontiguousarray(rows_of(spec, k, rng)[::9][:STEP_ROWS])
        want = old_path(rows, r)
        for start, stop in [(0, 16), (1, 17), (3, 35), (8, 40), (15, 32), (17, 18), (20, 20)]:

            def run(rows=rows, start=start, stop=stop):
                out = np.full(len(rows), 0xBEEF, dtype=np.uint16)
                assert _core.evaluate_rows(rows, out, start, stop, r) == -1
                return out

            got = row_loops.agree(row_loops.every_kernel(run))
            assert got[start:stop].tolist() == want[start:stop].tolist(), (k, start, stop)
            assert (got[:start] == 0xBEEF).all() and (got[stop:] == 0xBEEF).all()


# Rows that end exactly at an unreadable page, under every row loop and
# span: a loop that reads a byte past its last row or writes past its last
# output faults. In a child process: a fault is an exit code there.
GUARD_PAGE = (
    guard_page.CHILD_IMPORT
    + """
import numpy as np
import pyrankcore as prc
from pyrankcore import _core
games = [prc.ranking("high", wild=w) for w in ("jokers", "2", "lowest", ("jokers", "lowest"))]
checked = 0
for g in games:
    for k in (5, 6, 7):
        for n in (1, 15, 16, 17, 33):
            cards = prc.random_hands(n, k, seed=n, game=g)
            want = prc.evaluate_batch(cards.astype(np.int16), g)
            rows = before_a_guard_page(cards, np.uint8)
            for kernel in _core.row_loops():
                _core._testing.select_row_kernel(kernel)
                for start in (0, 1, max(n - 16, 0)):
                    out = before_a_guard_page(np.zeros(n), np.uint16)
                    assert _core.evaluate_rows(rows, out, start, n, g) == -1
                    assert (out[start:] == want[start:]).all()
                    checked += 1
_core._testing.select_row_kernel("best")
print("OK", checked)
"""
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="mprotect through ctypes")
def test_row_loops_never_touch_memory_past_the_last_row():
    proc = subprocess.run(
        [sys.executable, "-c", GUARD_PAGE],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tempfile.gettempdir(),  # never the checkout: it would shadow the install
    )
    assert proc.returncode == 0 and proc.stdout.startswith("OK"), proc.stderr[-2000:]


def test_aces_are_never_the_lowest_card():
    """Aces and jokers alone: no natural card is wild. In ace-to-five low
    that matters (A-A-A with two fitters is trips, not a wheel); a vector
    loop must take the same rule, in every lane of a step."""
    r = prc.ranking("ace_five", wild=("jokers", "lowest"))
    rng = random.Random("aces")
    rows = [rng.sample([48, 49, 50, 51], 3) + [52, 53] for _ in range(20)]
    rows += [rng.sample(range(52), 3) + [52, 53] for _ in range(20)]
    rows = np.array([rng.sample(row, 5) for row in rows], dtype=np.uint8)
    got = row_loops.agree(row_loops.every_kernel(lambda: prc.evaluate_batch(rows, r)))
    assert got.tolist() == old_path(rows, r).tolist()
    trips = prc.evaluate([48, 49, 50, 52, 53], r)
    assert trips < prc.evaluate([0, 4, 8, 12, 48], r)  # beaten by a natural wheel
    assert (got[:20] == trips).all()
