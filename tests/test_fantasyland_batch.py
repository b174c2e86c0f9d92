"""ofc.solve_fantasyland_batch: many hands at once, equal to one at a time."""

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore import _args, ofc
from pyrankcore.errors import DuplicateCardError, HandSizeError, InvalidCardError


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
