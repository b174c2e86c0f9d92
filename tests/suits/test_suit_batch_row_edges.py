"""The suit tie-break row loops at their edges: every five-card hand of a
20-card deck, a bad row inside a full step of the vector loops (16 rows)
and in the rows after the last full step, and rows that end at an
unreadable page. The vector loops (AVX2, AVX-512) read 16 rows a step and
hand a step holding a bad row, and the rows after the last full step, to
the POPCNT loop; every loop must give what the scalar subset search gives
and stop at the same first bad row.
"""

import itertools
import subprocess
import sys
import textwrap
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from references import guard_page, row_loops

import pyrankcore as prc
from pyrankcore import _core


def scalar(rows, r):
    """The subset search: one evaluate() per hand."""
    return [prc.evaluate(row, r) for row in np.asarray(rows, dtype=np.int64).tolist()]


@pytest.mark.parametrize(
    ("base", "ranks", "tiebreak", "order"),
    [
        ("high", (8, 9, 10, 11, 12), "highest_card", "germany"),
        ("deuce_seven", (0, 1, 2, 3, 5), "main_group", "italy"),
    ],
)
def test_every_five_card_hand_of_a_20_card_deck(base, ranks, tiebreak, order):
    r = prc.ranking(base, suit_tiebreak=tiebreak, suit_order=order)
    deck = [4 * rank + suit for rank in ranks for suit in range(4)]
    rows = np.array(list(combinations(deck, 5)), dtype=np.uint8)
    assert len(rows) == 15504
    got = row_loops.agree(row_loops.every_kernel(lambda: prc.evaluate_batch(rows, r)))
    assert got.tolist() == scalar(rows, r)


def flush_heavy(rng, n, k):
    """Rows of two suits (clubs and one other), so that most hold five of
    one suit."""
    other = rng.integers(1, 4, size=(n, 1))
    ranks = np.argsort(rng.random((n, 26)), axis=1)[:, :k]  # of 26 cards
    return (4 * (ranks >> 1) + (ranks & 1) * other).astype(np.uint8)


@pytest.mark.parametrize("base", ["high", "deuce_seven"])
def test_a_bad_row_inside_a_vector_step_and_after_the_last(base):
    """48 rows (three full steps of 16), one bad row at a step's first,
    middle and last row and in a later step; 53 rows, one bad in the 5
    after the last full step. The rows before it are written, the rest not."""
    r = prc.ranking(base, suit_tiebreak="main_group", suit_order="italy")
    tables = _core.tables_of(r)
    rng = np.random.default_rng(3)
    for k in (5, 6, 7):
        for n, bad in [(48, 0), (48, 7), (48, 15), (48, 16), (48, 31), (48, 47), (53, 50)]:
            rows = flush_heavy(rng, n, k)
            rows[bad, k - 1] = rows[bad, 0]  # a repeated card

            def run(rows=rows):
                out = np.full(len(rows), 0xDEADBEEF, dtype=np.uint32)
                first = _core.evaluate_suited_rows(rows, out, 0, len(rows), tables)
                return np.append(out, first)

            got = row_loops.agree(row_loops.every_kernel(run))
            assert got[-1] == bad, (k, n, bad)
            assert got[:bad].tolist() == scalar(rows[:bad], r)
            assert (got[bad:-1] == 0xDEADBEEF).all()


@pytest.mark.parametrize("base", ["high", "short_deck", "deuce_seven"])
def test_an_invalid_id_at_every_place_of_a_vector_step(base):
    """An id past the deck (52, 53, 63, 64, 128, 255) or a card the
    ranking's deck lacks, at every card position of rows 0, 9 and 15 of the
    second of three full steps: the vector loops hand the step to the
    scalar code, which stops at that row; the rows before it are written,
    the rest not."""
    plain = prc.ranking(base)
    r = prc.ranking(plain, suit_tiebreak="highest_unpaired", suit_order="germany")
    tables = _core.tables_of(r)
    deck = np.array([c for c in range(52) if c >> 2 in plain.deck_ranks])
    outside = [c for c in range(52) if c >> 2 not in plain.deck_ranks][:1]
    rng = np.random.default_rng(11)
    for k in (5, 6, 7):
        for bad_id in (52, 53, 63, 64, 128, 255, *outside):
            for bad, pos in itertools.product((16, 25, 31), range(k)):
                rows = np.array([rng.choice(deck, k, replace=False) for _ in range(48)])
                rows = rows.astype(np.uint8)
                rows[bad, pos] = bad_id

                def run(rows=rows):
                    out = np.full(len(rows), 0xDEADBEEF, dtype=np.uint32)
                    first = _core.evaluate_suited_rows(rows, out, 0, len(rows), tables)
                    return np.append(out, first)

                got = row_loops.agree(row_loops.every_kernel(run))
                assert got[-1] == bad, (k, bad_id, bad, pos)
                assert got[:bad].tolist() == scalar(rows[:bad], r)
                assert (got[bad:-1] == 0xDEADBEEF).all()


# Run in a child: a read past the last row is a fault, an exit code.
GUARD_PAGE = (
    guard_page.CHILD_IMPORT
    + """
import numpy as np
import pyrankcore as prc
from pyrankcore import _core
rng = np.random.default_rng(5)
# eight-or-better: 56 strengths, so the suit tables build at once
games = [prc.ranking("ace_five_8", suit_tiebreak="main_group", suit_order="italy")]
checked = 0
for kernel in _core.row_loops():
    _core._testing.select_row_kernel(kernel)
    for game in games:
        tables = _core.tables_of(game)
        for n in (1, 16, 17, 33):
            for k in (5, 6, 7):
                cards = np.argsort(rng.random((n, 52)), axis=1)[:, :k]
                rows = before_a_guard_page(cards, np.uint8)
                out = before_a_guard_page(np.zeros(n), np.uint32)
                for start in (0, 1, max(n - 16, 0)):
                    assert _core.evaluate_suited_rows(rows, out, start, n, tables) == -1
                assert out.tolist() == [prc.evaluate(h, game) for h in cards.tolist()]
                checked += 1
_core._testing.select_row_kernel("best")
print("OK", checked)
"""
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="mprotect through ctypes")
def test_rows_ending_at_an_unreadable_page():
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(GUARD_PAGE)],
        capture_output=True,
        text=True,
        timeout=120,
        # outside the checkout: the installed package, not the source folder
        cwd=Path(__file__).resolve().parent,
    )
    assert done.returncode == 0 and done.stdout.startswith("OK"), done.stderr[-2000:]
