"""OFC batches: ``score_batch`` and ``royalties_batch`` over (N, players, 13)
deals equal to ``score`` and the boards' royalties one by one, and
``solve_fantasyland_batch`` equal to ``solve_fantasyland`` one hand at a
time; bad rows named; threads and progress.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
from ofc_boards import A, B, custom_middle_quads_16, deals, mixed_deals
from references import ofc_reference as ref

import pyrankcore
import pyrankcore as prc
from pyrankcore import Category, DuplicateCardError, HandSizeError, InvalidCardError, _args, ofc
from pyrankcore.errors import InvalidArgumentError, InvalidOptionError
from pyrankcore.ofc import (
    STANDARD_ROYALTIES,
    Board,
    RoyaltyTable,
    Rules,
    royalties_batch,
    score,
    score_batch,
)

# ------------------------------------------------------- scores and royalties


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_batch_equals_scalar_score(players):
    arr = mixed_deals(300, players, players)
    for rules in (None, Rules.pineapple(), Rules(shoot_the_moon=True, row_points=3)):
        got = score_batch(arr, rules)
        want = [score([Board.from_cards([int(c) for c in b]) for b in deal], rules) for deal in arr]
        assert got.tolist() == want


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_royalties_batch_equals_scalar(players):
    arr = mixed_deals(200, players, 50 + players)
    custom = Rules(royalties=custom_middle_quads_16())
    for rules in (None, custom):
        got = royalties_batch(arr, rules)
        assert got.dtype == np.int32 and got.shape == (200, players)
        want = [
            [sum(Board.from_cards([int(c) for c in b]).row_royalties_under(rules)) for b in deal]
            for deal in arr
        ]
        assert got.tolist() == want
    flat = royalties_batch(arr[:, 0])
    assert flat.shape == (200,)
    assert flat.tolist() == royalties_batch(arr)[:, 0].tolist()
    assert royalties_batch(arr, threads=3).tolist() == royalties_batch(arr).tolist()


def test_royalties_batch_matches_reference():
    arr = mixed_deals(300, 1, 77)[:, 0]
    got = royalties_batch(arr)
    want = [ref.RefBoard.from_ids(b).royalties() for b in arr]
    assert got.tolist() == want


def test_batch_rejects_bad_card_ids_naming_the_row():
    arr = deals(6, 2, 9)
    bad = arr.copy()
    bad[3, 1, 7] = 52
    with pytest.raises(InvalidCardError, match="row 3"):
        score_batch(bad)
    with pytest.raises(InvalidCardError, match="row 3"):
        royalties_batch(bad)
    bad = arr.copy()
    bad[4, 0, 0] = -1
    with pytest.raises(InvalidCardError, match="row 4"):
        score_batch(bad)
    with pytest.raises(InvalidCardError, match="row 4"):
        royalties_batch(bad[:, 0])


def test_batch_rejects_duplicates_naming_the_row():
    arr = deals(6, 3, 10)
    within = arr.copy()
    within[2, 1, 12] = within[2, 1, 0]  # twice on one board
    with pytest.raises(DuplicateCardError, match="row 2"):
        score_batch(within)
    with pytest.raises(DuplicateCardError, match="row 2"):
        royalties_batch(within)
    across = arr.copy()
    across[5, 2, 4] = across[5, 0, 9]  # on two players' boards
    with pytest.raises(DuplicateCardError, match="row 5"):
        score_batch(across)
    with pytest.raises(DuplicateCardError, match="row 5"):
        royalties_batch(across)
    # the first bad row is the one named
    both = within.copy()
    both[5] = across[5]
    with pytest.raises(DuplicateCardError, match="row 2"):
        score_batch(both)


@pytest.mark.parametrize("shape", [(4, 2, 12), (4, 2, 14), (4,), (13,), (2, 2, 2, 13), (4, 26)])
def test_batch_rejects_bad_shapes(shape):
    arr = np.arange(int(np.prod(shape))).reshape(shape) % 52
    with pytest.raises(HandSizeError):
        score_batch(arr)
    with pytest.raises(HandSizeError):
        royalties_batch(arr)


def test_batch_player_counts():
    one = deals(3, 1, 1)
    with pytest.raises(ValueError, match="2 to 4"):
        score_batch(one)
    with pytest.raises(ValueError, match="2 to 4"):
        score_batch(one[:, 0])  # (N, 13) is a single player
    five = np.concatenate([deals(3, 4, 2), deals(3, 1, 3)], axis=1)
    with pytest.raises(ValueError):
        score_batch(five)


def test_batch_rejects_bad_types():
    with pytest.raises(TypeError):
        score_batch(None)
    with pytest.raises(TypeError):
        royalties_batch(None)
    with pytest.raises(TypeError):
        score_batch(deals(2, 2, 1).astype(float))
    with pytest.raises(TypeError):
        royalties_batch(deals(2, 1, 1).astype(float))


def test_batch_empty():
    """N = 0 deals: an empty result, as evaluate_batch does for 0 rows."""
    assert pyrankcore.evaluate_batch(np.zeros((0, 5), dtype=np.int64)).shape == (0,)
    assert score_batch(np.zeros((0, 2, 13), dtype=np.int64)).shape == (0, 2)
    assert royalties_batch(np.zeros((0, 2, 13), dtype=np.int64)).shape == (0, 2)
    assert royalties_batch(np.zeros((0, 13), dtype=np.int64)).shape == (0,)


def test_score_batch_threads_and_dtypes():
    arr = mixed_deals(200, 3, 7)
    base = score_batch(arr)
    assert score_batch(arr, threads=4).tolist() == base.tolist()
    for dtype in (np.uint8, np.int16, np.uint32, np.int64):
        assert score_batch(arr.astype(dtype)).tolist() == base.tolist()
    assert score_batch(np.asfortranarray(arr)).tolist() == base.tolist()
    assert score_batch(arr.tolist()).tolist() == base.tolist()
    assert (base.sum(axis=1) == 0).all()


def test_batch_with_the_largest_royalties_scores_exactly():
    """Points are capped at MAX_POINTS, so the largest totals still fit the
    batch's integers and score exactly; a larger entry is refused."""
    big = ofc.MAX_POINTS
    table = RoyaltyTable(
        back=tuple(
            (c, big if c == Category.STRAIGHT_FLUSH else p) for c, p in STANDARD_ROYALTIES.back
        )
    )
    rules = Rules(royalties=table)
    deal = np.array([[A.cards, B.cards]])
    assert royalties_batch(deal, rules).tolist() == [[9 + 2 + big, 0]]
    assert score_batch(deal, rules).tolist() == [score([A, B], rules)]
    with pytest.raises(InvalidOptionError, match="back"):
        RoyaltyTable(back=((Category.STRAIGHT_FLUSH, 2**31 - 1),))


# ----------------------------------------------------------- Fantasyland


@pytest.mark.parametrize("k", [13, 14, 15, 17])
def test_batch_equals_one_hand_at_a_time(k):
    hands = prc.random_hands(40 if k < 17 else 10, k, seed=k)
    expected = [ofc.solve_fantasyland(h) for h in hands.tolist()]
    assert ofc.solve_fantasyland_batch(hands) == expected


def test_hands_of_different_sizes_keep_their_order():
    hands = [h.tolist() for h in prc.random_hands(6, 13, seed=1)]
    hands += [h.tolist() for h in prc.random_hands(6, 16, seed=2)]
    rng = np.random.default_rng(0)
    rng.shuffle(hands)
    texts = [prc.format_cards(h) for h in hands]
    got = ofc.solve_fantasyland_batch(texts)
    assert got == [ofc.solve_fantasyland(h) for h in hands]


def test_rules_and_stay_value_are_applied():
    rules = ofc.Rules.pineapple()
    hands = prc.random_hands(20, 14, seed=5)
    got = ofc.solve_fantasyland_batch(hands, rules, stay_value=12.5)
    assert got == [ofc.solve_fantasyland(h, rules, 12.5) for h in hands.tolist()]


def test_threads_equal_one_thread(monkeypatch):
    monkeypatch.setattr(_args, "cpu_count", lambda: 4)
    hands = prc.random_hands(200, 14, seed=9)
    assert ofc.solve_fantasyland_batch(hands, threads=4) == ofc.solve_fantasyland_batch(hands)


def test_progress_goes_to_stderr(capsys):
    ofc.solve_fantasyland_batch(prc.random_hands(3, 13, seed=4), progress=True)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "3" in captured.err


def test_progress_without_tqdm_is_the_one_line_of_the_package(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now fails
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    ofc.solve_fantasyland_batch(prc.random_hands(3, 13, seed=4), progress=True)
    assert capsys.readouterr().err == "\rFantasyland: 3/3 hands\n"


@pytest.mark.parametrize("n", [0, 2])
def test_threads_and_progress_follow_the_one_rule(n):
    """threads= and progress= are checked as everywhere in the package, even
    when there is no hand to solve."""
    hands = prc.random_hands(n, 13, seed=1)
    with pytest.raises(TypeError, match="threads must be an int or None, not str"):
        ofc.solve_fantasyland_batch(hands, threads="2")
    with pytest.raises(InvalidArgumentError, match="threads must be at least 1, got 0"):
        ofc.solve_fantasyland_batch(hands, threads=0)
    for bad in (1, "yes", None):
        with pytest.raises(TypeError, match="progress must be True or False"):
            ofc.solve_fantasyland_batch(hands, progress=bad)
    got = ofc.solve_fantasyland_batch(hands, threads=np.int64(2), progress=np.False_)
    assert got == [ofc.solve_fantasyland(h) for h in hands.tolist()]


def test_bad_hands_are_named():
    hands = prc.random_hands(5, 13, seed=3).astype(np.int64)
    hands[3, 2] = 77
    with pytest.raises(InvalidCardError, match="row 3: invalid card id 77"):
        ofc.solve_fantasyland_batch(hands)
    hands[3, 2] = hands[3, 1]
    with pytest.raises(DuplicateCardError, match="row 3"):
        ofc.solve_fantasyland_batch(hands)
    with pytest.raises(HandSizeError):
        ofc.solve_fantasyland_batch(prc.random_hands(2, 12, seed=1))
    with pytest.raises(HandSizeError):
        ofc.solve_fantasyland_batch(["As Ks Qs"])
    with pytest.raises(TypeError):
        ofc.solve_fantasyland_batch("As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h")
    with pytest.raises(TypeError):
        ofc.solve_fantasyland_batch(prc.random_hands(2, 13, seed=1), threads="2")


def test_empty_batch():
    assert ofc.solve_fantasyland_batch(np.zeros((0, 14), dtype=np.uint8)) == []
    assert ofc.solve_fantasyland_batch([]) == []


@pytest.mark.parametrize("decks", [1, 2])
def test_a_bad_card_in_a_list_of_hands_names_the_hand(decks):
    good = "As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h"
    rules = ofc.Rules(decks=decks)
    bad_card = "Xx Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h"
    with pytest.raises(InvalidCardError, match=r"^hand 2: invalid card 'Xx'"):
        ofc.solve_fantasyland_batch([good, good, bad_card], rules)
    # a card more often than the decks hold it
    repeat = "As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 5h" + (" 5h" if decks == 2 else "")
    with pytest.raises(DuplicateCardError, match=r"^(hand|row) 1: .*5h"):
        ofc.solve_fantasyland_batch([good, repeat, good], rules)
