"""pyrankcore.dask: Fantasyland solving and the preflop matrix on a
cluster equal the one-machine calls."""

import pytest

import pyrankcore
from pyrankcore import ofc, preflop
from pyrankcore.errors import DuplicateCardError, HandSizeError, InvalidCardError

pytest.importorskip("dask.array")  # pyrankcore.dask raises a plain ImportError without it
prd = pytest.importorskip("pyrankcore.dask")

HANDS = [
    "As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h",
    "Qs Qd 2c 3d 4h 5s 7c 8d 9h Js Kc Kd Ac 6d",
    "2c 3c 4c 5c 6c 7d 8d 9d Td Jd Qh Kh Ah",
    "Ks Kh Kd 9c 9d 9h 5s 5h 4c 4d 3c 3s 2d",
    "Ts Js Qs Ks As 2d 3d 4d 5d 6d 7h 8h 9h Th",
]


def test_fantasyland_on_the_cluster_equals_one_machine(on_cluster):
    array = pyrankcore.random_hands(7, 14, seed=6)
    assert prd.solve_fantasyland_batch(array, hands_per_task=3) == ofc.solve_fantasyland_batch(
        array
    )
    rules = ofc.Rules(fantasyland_min="KK", stay="classic")
    want = ofc.solve_fantasyland_batch(HANDS, rules, stay_value=4.0)
    got = prd.solve_fantasyland_batch(HANDS, rules, stay_value=4.0, hands_per_task=2)
    assert got == want and len(got) == len(HANDS)


def test_a_bad_fantasyland_hand_is_named_by_its_index_in_all_the_hands():
    hands = pyrankcore.random_hands(7, 13, seed=2)
    hands[5, 7] = hands[5, 2]
    with pytest.raises(DuplicateCardError) as local:
        ofc.solve_fantasyland_batch(hands)
    with pytest.raises(DuplicateCardError) as lazy:
        prd.solve_fantasyland_batch(hands, hands_per_task=2)
    assert str(lazy.value) == str(local.value) and str(lazy.value).startswith("row 5: ")
    with pytest.raises(HandSizeError, match="^hand 4: Fantasyland hands have 13 to 17"):
        prd.solve_fantasyland_batch([*HANDS[:4], "As Ad Ah"], hands_per_task=2)
    # a bad or repeated card in a list of hands: the hand's index in the list
    bad = [*HANDS[:4], "Xx Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h"]
    with pytest.raises(InvalidCardError, match="^hand 4: invalid card 'Xx'"):
        ofc.solve_fantasyland_batch(bad)
    with pytest.raises(InvalidCardError, match="^hand 4: invalid card 'Xx'"):
        prd.solve_fantasyland_batch(bad, hands_per_task=2)
    repeated = [*HANDS[:3], "As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 5h"]
    with pytest.raises(DuplicateCardError, match="^hand 3: duplicate card 5h"):
        prd.solve_fantasyland_batch(repeated, hands_per_task=2)
    with pytest.raises(TypeError, match="hands must be"):
        prd.solve_fantasyland_batch("As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h")
    with pytest.raises(pyrankcore.InvalidArgumentError, match="hands_per_task"):
        prd.solve_fantasyland_batch(HANDS, hands_per_task=0)


def test_preflop_entries_on_the_cluster_equal_one_machine(on_cluster, monkeypatch):
    monkeypatch.setattr(prd, "PREFLOP_TASK_PAIRS", 2)  # three tasks
    names = pyrankcore.GRID_NAMES
    pairs = [
        (names.index("AA"), names.index("KK")),
        (names.index("KK"), names.index("AA")),
        (names.index("72o"), names.index("72o")),
        (names.index("AKs"), names.index("QQ")),
        (names.index("T9s"), names.index("22")),
    ]
    got = prd.preflop_entries(pairs)
    assert got == preflop.entries(pairs)
    assert got[pairs[0]] + got[pairs[1]] == pytest.approx(1, abs=1e-12)
    assert got[pairs[2]] == 0.5
