"""Exact heads-up equity by the sweep (pyrankcore/equities/sweep.py) gives
the integer tallies of enumerating every pair of combos and every deal,
on random spots: ranges with weights, dead cards, fixed, partial and random
hands, every street, hold'em, short deck and Omaha; the planner takes it
where it is faster; threads, tasks and Ctrl-C."""

import dataclasses

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore.equities import planning
from pyrankcore.equities.inputs import read_inputs
from pyrankcore.equities.run import run_exact_task, run_locally
from pyrankcore.equities.sweep import job_arguments, sweep_job, sweep_seconds


def enumerated(monkeypatch, *args, **kwargs):
    """The result by the enumeration kernels: the planner without the sweep."""
    with monkeypatch.context() as m:
        m.setattr(planning, "sweep_seconds", lambda inputs: None)
        return prc.equity(*args, exact=True, **kwargs)


def swept(variant, hands, board, dead=""):
    """The result by the sweep, whether or not the planner would take it."""
    inputs = read_inputs(variant, hands, board, dead)
    assert sweep_seconds(inputs) is not None
    p = planning.Plan(inputs, exact=True, seconds=0.0, sweep=sweep_job(inputs))
    return run_locally(p, None, 1, False)


def same(a, b):
    assert a.counts == b.counts
    assert a.trials == b.trials
    if a.weighted is None:
        assert b.weighted is None
    else:
        np.testing.assert_allclose(a.weighted, b.weighted, rtol=1e-9)
        assert a.weight_total == pytest.approx(b.weight_total, rel=1e-12)
    for x, y in zip(a.players, b.players):
        assert x.equity == pytest.approx(y.equity, rel=1e-9, abs=1e-12)


def random_range(rng, n, weighted, exclude=()):
    combos = [c for c in prc.parse_range("random") if not set(c[0]) & set(exclude)]
    picks = rng.choice(len(combos), n, replace=False)
    parts = []
    for i in picks:
        cards, _ = combos[i]
        text = prc.format_cards(cards).replace(" ", "")
        if weighted:
            text += f":{rng.choice([0.25, 0.5, 1.0])}"
        parts.append(text)
    return ",".join(parts)


def deal_spot(rng, n_board, n_dead):
    """A shuffled deck, the board (its first n_board cards) and the dead
    cards (the next n_dead) as text."""
    deck = list(range(52))
    rng.shuffle(deck)
    dead = prc.format_cards(deck[n_board : n_board + n_dead]) if n_dead else ""
    return deck, prc.format_cards(deck[:n_board]), dead


@pytest.mark.parametrize("seed", range(8))
def test_random_holdem_spots_match_enumeration(monkeypatch, seed):
    rng = np.random.default_rng(seed)
    n_board = [5, 4, 4, 3][seed % 4] if seed < 6 else 5
    deck, board, dead = deal_spot(rng, n_board, seed % 3)
    weighted = seed % 2 == 1
    size = 60 if n_board == 3 else 150
    partial = prc.format_cards(deck[-1:])  # a hand given in part: one card
    hands = [
        random_range(rng, size, weighted),
        ["random", partial, random_range(rng, 30, weighted)][seed % 3],
    ]
    if seed == 7:
        hands = ["random", "random"]
    a = enumerated(monkeypatch, "Hold'em", hands, board, dead=dead)
    b = swept("Hold'em", hands, board, dead=dead)
    same(a, b)


@pytest.mark.parametrize(
    ("variant", "hands", "board", "dead"),
    [
        ("Hold'em", ["AhKh", "random"], "2c 3d 4h 5s 9c", ""),
        ("Hold'em", ["AKs,QQ+", "random"], "Qs 9d 7h 2c", ""),
        ("Hold'em", ["AKs:0.5,QQ+", "JJ-99,AQo:0.3"], "Qs 9d 7h 2c", "3h"),
        ("Hold'em", ["Kd", "QQ+"], "Qs 9d 7h 2c", ""),
        ("Hold'em", ["AA", "KK,AA"], "As 9d 7h 2c 3c", ""),
        ("Short-deck Hold'em", ["random", "AKs,TT+"], "As 9d 7h 6c", ""),
        ("Omaha", ["AsKsQdJd,9h9c8h7c", "Ah2h5c6c:0.5,KcKdQhQs"], "Kh 7d 2c Ts 4s", ""),
        ("Omaha", ["AsKsQdJd", "9h9c8h7c,Ah2h5c6c"], "Kh 7d 2c Ts", "3c"),
    ],
)
def test_spots_match_enumeration(monkeypatch, variant, hands, board, dead):
    same(
        enumerated(monkeypatch, variant, hands, board, dead=dead),
        swept(variant, hands, board, dead=dead),
    )


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AsKs2d3d", "9h9c8h7c"], "Ah 4c 5d Ts Jh", ""),
        (["As2s3d4d,KcKdQhQs", "Ah2h5c6c:0.5,9h9c8h7c"], "Kh 7d 3c Ts 4s", ""),
        (["As2s3d4d", "random"], "Kh 7d 3c Ts 4s", ""),
        (["As2s3d4d:0.3,7c8c9dTd", "Ah2h5c6c,2h3h4c5c"], "Kh 7d 3c 4s", "2c"),
        (["Ah2h3c4c,AdKd2s3s", "A2**"], "5h 6d 8c Ks Qs", ""),  # lows everywhere
        (["KhKdQcQs", "JhJdTcTs"], "2h 3d 4c Ks Qd", "Ac As"),  # no low possible but one
    ],
)
def test_hilo_heads_up_matches_enumeration(monkeypatch, hands, board, dead):
    same(
        enumerated(monkeypatch, "Omaha Hi-Lo 8", hands, board, dead=dead),
        swept("Omaha Hi-Lo 8", hands, board, dead=dead),
    )


@pytest.mark.parametrize("seed", range(10))
def test_three_to_six_players_match_enumeration(monkeypatch, seed):
    rng = np.random.default_rng(100 + seed)
    players = 3 + seed % 4
    n_board = 5 if seed % 3 else 4
    deck, board, dead = deal_spot(rng, n_board, seed % 2)
    weighted = seed % 4 in (1, 2)
    sizes = {3: 12, 4: 6, 5: 4, 6: 3}[players]
    hands = [random_range(rng, sizes, weighted, deck[: n_board + 1]) for _ in range(players)]
    # a fixed hand, a hand given in part and a random hand among them
    hands[seed % players] = prc.format_cards(deck[-2:]).replace(" ", "")
    if players == 3 and n_board == 5:
        hands[(seed + 1) % players] = "random" if seed % 2 else prc.format_cards(deck[-3:-2])
    a = enumerated(monkeypatch, "Hold'em", hands, board, dead=dead)
    b = swept("Hold'em", hands, board, dead=dead)
    same(a, b)


@pytest.mark.parametrize("seed", range(8))
def test_three_players_match_enumeration(monkeypatch, seed):
    # three players take a path of their own (no combination visited):
    # weights, dead cards, turn and river, a random hand and a fixed one
    rng = np.random.default_rng(300 + seed)
    n_board = 4 if seed % 4 == 3 else 5
    deck, board, dead = deal_spot(rng, n_board, 2 if seed % 2 else 0)
    weighted = seed % 4 in (1, 2)
    hands = [random_range(rng, 25, weighted, deck[: n_board + 2]) for _ in range(3)]
    if seed in (2, 5):
        hands[seed % 3] = "random"
    if seed == 6:
        hands[0] = prc.format_cards(deck[-2:]).replace(" ", "")
    same(
        enumerated(monkeypatch, "Hold'em", hands, board, dead=dead),
        swept("Hold'em", hands, board, dead=dead),
    )


def omaha_range(rng, n, weighted, exclude=(), cards=4):
    """n distinct random combos of *cards* cards, none holding a card of
    *exclude*, some weighted."""
    deck = [c for c in range(52) if c not in set(exclude)]
    picked: set[tuple[int, ...]] = set()
    while len(picked) < n:
        picked.add(tuple(sorted(int(c) for c in rng.choice(deck, cards, replace=False))))
    parts = []
    for combo in sorted(picked):
        text = prc.format_cards(list(combo)).replace(" ", "")
        if weighted:
            text += f":{rng.choice([0.25, 0.5, 1.0])}"
        parts.append(text)
    return ",".join(parts)


HOLDEM_HI_LO = dataclasses.replace(
    prc.variant("Hold'em"), name="Hold'em Hi-Lo 8 (test)", aliases=(), low="ace_five_8"
)


@pytest.mark.parametrize("seed", range(12))
def test_omaha_and_hi_lo_three_to_six_players_match_enumeration(monkeypatch, seed):
    # Omaha high, Omaha hi-lo and hold'em hi-lo with three to six players:
    # weighted ranges, dead cards, river and turn, a fixed hand, a hand
    # given in part and a random hand among them
    rng = np.random.default_rng(500 + seed)
    variant = ["Omaha", "Omaha Hi-Lo 8", HOLDEM_HI_LO][seed % 3]
    cards = 2 if variant is HOLDEM_HI_LO else 4
    players = 3 + seed % 4
    n_board = 4 if seed % 5 == 1 else 5
    deck, board, dead = deal_spot(rng, n_board, seed % 2)
    weighted = seed % 4 in (1, 2)
    size = {3: 14, 4: 7, 5: 6, 6: 5}[players] if n_board == 5 else 4
    taken = deck[: n_board + 1] + deck[-cards - 1 :]  # the fixed hands too
    for _ in range(20):  # ranges drawn again until some combination fits
        hands = [omaha_range(rng, size, weighted, taken, cards) for _ in range(players)]
        hands[seed % players] = prc.format_cards(deck[-cards:]).replace(" ", "")
        if players == 3 and n_board == 5:
            hands[(seed + 1) % 3] = (
                "random" if seed % 2 else prc.format_cards(deck[-cards - 1 : -cards])
            )
        try:
            a = enumerated(monkeypatch, variant, hands, board, dead=dead)
        except prc.InvalidArgumentError as e:
            assert "never fit" in str(e)
            continue
        b = swept(variant, hands, board, dead=dead)
        same(a, b)
        return
    raise AssertionError("no spot drawn whose ranges fit together")


@pytest.mark.parametrize(
    ("variant", "hands", "board"),
    [
        # four players with the same ranks: every high ties, lows tie too
        ("Omaha Hi-Lo 8", ["Ah2h9c9d", "Ad2d9h9s", "Ac2c8h8s", "As2sTcTd"], "3h 4d 5c Ks Qd"),
        # no low possible, and lows for everyone
        ("Omaha Hi-Lo 8", ["KhKdQcQs,AhAd2c3c", "JhJdTcTs", "9h9d8c8s"], "Kc Qd Jc 9s 8d"),
        ("Omaha Hi-Lo 8", ["Ah2h3c4c,AdKd2s3s", "A2**", "Ac5d6h7s"], "5h 6d 8c Ks Qs"),
        ("Omaha", ["AsKsQdJd,AhKhQcJc:0.5", "AdKdQhJh", "AcKcQsJs"], "2c 3d 7h 8s 9c"),
        (HOLDEM_HI_LO, ["2c3c,2d3d", "4c4d,2h3h", "A4,A5s"], "As Ks Qs Js Ts"),
        (HOLDEM_HI_LO, ["A2", "A3", "23", "KK"], "4h 5d 8c Ks Qd"),
    ],
)
def test_multiway_hi_lo_and_omaha_ties_match_enumeration(monkeypatch, variant, hands, board):
    same(enumerated(monkeypatch, variant, hands, board), swept(variant, hands, board))


def test_three_players_where_everything_ties(monkeypatch):
    hands = ["2c3c,2d3d", "4c4d,2h3h", "random"]
    same(
        enumerated(monkeypatch, "Hold'em", hands, "As Ks Qs Js Ts"),
        swept("Hold'em", hands, "As Ks Qs Js Ts"),
    )
    hands = ["AhKh,AdKd:0.5", "AcKc,QQ", "AK"]
    same(
        enumerated(monkeypatch, "Hold'em", hands, "Ks 7d 2c 9h 4s"),
        swept("Hold'em", hands, "Ks 7d 2c 9h 4s"),
    )


def test_ties_among_many_players_split_as_showdown_does(monkeypatch):
    # a board that plays for everyone, then one where two of four share
    same(
        enumerated(monkeypatch, "Hold'em", ["2c3c", "2d3d", "2h3h", "4c4d"], "As Ks Qs Js Ts"),
        swept("Hold'em", ["2c3c", "2d3d", "2h3h", "4c4d"], "As Ks Qs Js Ts"),
    )
    hands = ["AhKh,AdKd", "AcKc", "QQ", "random"]
    same(
        enumerated(monkeypatch, "Hold'em", hands, "Ks 7d 2c 9h 4s"),
        swept("Hold'em", hands, "Ks 7d 2c 9h 4s"),
    )


def test_deal_counts_of_random_hands():
    # every pair of hands that leave the board and each other, and every
    # completion of the board from the cards left: 47 cards on the river,
    # 48 on the turn
    r = prc.equity("Hold'em", ["random", "random"], "2c3d4h5s9c")
    assert r.trials == 1081 * 990
    assert r.counts[0] == r.counts[1]
    assert r.players[0].equity == pytest.approx(0.5)
    t = prc.equity("Hold'em", ["random", "random"], "2c3d4h5s")
    assert t.trials == 1128 * 1035 * 44


def test_threads_and_tasks_add_up_to_one_run():
    args = ("Hold'em", ["AKs:0.5,QQ+", "random"], "Qs 9d 7h")
    one = prc.equity(*args)
    two = prc.equity(*args, threads=2)
    assert one.counts == two.counts
    np.testing.assert_allclose(one.weighted, two.weighted, rtol=1e-12)
    p, _ = planning.plan(*args)
    tasks = planning.exact_tasks(p, 7)
    assert tasks[0][0] == 0 and tasks[-1][1] == p.sweep.boards
    assert all(a[1] == b[0] for a, b in zip(tasks, tasks[1:]))
    # three players on the river: one board split by the first seat's combos
    args = ("Hold'em", ["AKs:0.5,QQ+", "random", "JJ-99,AQo"], "Qs 9d 7h 2c 3d")
    p, _ = planning.plan(*args, exact=True)
    tasks = planning.exact_tasks(p, 5)
    assert len(tasks) == 5 and all(t[:2] == (0, 1) for t in tasks)
    parts = [run_exact_task(p, t) for t in tasks]
    whole = prc.equity(*args, exact=True)
    assert planning.exact_tasks(p, 1) == [(0, 1, 0, len(p.sweep.combos))]
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    assert total.counts == whole.counts
    np.testing.assert_allclose(total.weighted, whole.weighted, rtol=1e-12)
    assert prc.equity(*args, exact=True, threads=2).counts == whole.counts


def test_the_planner_takes_the_sweep_only_where_it_applies():
    def kind(*args, **kw):
        p, _ = planning.plan(*args, **kw)
        return "sweep" if p.sweep is not None else "exact" if p.exact else "monte carlo"

    assert kind("Hold'em", ["random", "random"], "2c3d4h") == "sweep"
    assert kind("Hold'em", ["AKs,QQ+", "random"], "Qs9d7h") == "sweep"
    # preflop with narrow ranges stays on the rank-board path
    assert kind("Hold'em", ["AKs", "QQ"]) == "exact"
    # hi-lo heads-up with a wide range is swept, and so are Omaha and hi-lo
    # three-handed with a random hand on the turn; on the river enumeration
    # ranks no more hands than the sweep and skips its arrays
    assert kind("Omaha Hi-Lo 8", ["A2**", "random"], "Kh 7d 2c Ts 4s") == "sweep"
    assert kind("Omaha Hi-Lo 8", ["AsKsQdJd", "9h9c8h7c", "random"], "Kh 7d 2c Ts") == "sweep"
    assert kind("Omaha", ["AsKsQdJd", "9h9c8h7c", "random"], "Kh 7d 2c Ts") == "sweep"
    assert kind("Hold'em", ["random", "random", "random"], "Ks 7d 2c 9h 4s") == "sweep"
    assert kind("Omaha", ["AsKsQdJd", "9h9c8h7c", "random"], "Kh 7d 2c Ts 4s") == "exact"
    # single hands on the flop: enumeration (a few hundred deals)
    assert kind("Omaha", ["AsKsQdJd", "9h9c8h7c", "Ah3h5c6c"], "Kh 7d 2c") == "exact"
    assert kind("Seven-card Stud", ["AsAh Kd", "QcQd Jh"]) != "sweep"
    # Monte Carlo when asked
    assert kind("Hold'em", ["random", "random"], "2c3d4h", exact=False) == "monte carlo"


def kernel_args(job):
    """equity_sweep's arguments for every board of *job*, up to the first
    seat's combos."""
    return [*job_arguments(job), 0, job.boards]


def test_a_raised_stop_flag_stops_the_sweep():
    inputs = read_inputs("Hold'em", ["random", "random"], "2c3d4h", ())
    assert sweep_seconds(inputs) is not None
    job = sweep_job(inputs)
    stop = np.ones(1, dtype=np.int32)
    with pytest.raises(KeyboardInterrupt):
        prc._core.equity_sweep(*kernel_args(job), 0, -1, stop)


def test_the_sweep_kernel_refuses_bad_arrays():
    inputs = read_inputs("Hold'em", ["AKs", "random"], "2c3d4h", ())
    job = sweep_job(inputs)
    core = prc._core
    args = kernel_args(job)
    bad_counts = job.counts.copy()
    bad_counts[0, 0] = 0.5
    with pytest.raises(prc.InvalidArgumentError, match="whole numbers"):
        core.equity_sweep(*args[:6], bad_counts, *args[7:])
    with pytest.raises(prc.InvalidArgumentError, match="boards"):
        core.equity_sweep(*args[:9], 0, job.boards + 1)
    with pytest.raises(prc.InvalidCardError):
        core.equity_sweep(*args[:4], np.array([0, 0], dtype=np.uint8), *args[5:])
    weights = np.full_like(job.counts, np.nan)
    with pytest.raises(prc.InvalidArgumentError, match="finite"):
        core.equity_sweep(*args[:7], weights, *args[8:])


def test_a_sweep_plan_pickles_and_runs_on_dask():
    import pickle

    p, _ = planning.plan("Hold'em", ["AKs:0.5,QQ+", "random", "JJ-99"], "Qs 9d 7h 2c 3d")
    assert p.sweep is not None
    copy = pickle.loads(pickle.dumps(p))
    task = planning.exact_tasks(copy, 1)[0]
    assert run_exact_task(copy, task).counts == run_exact_task(p, task).counts
    dask = pytest.importorskip("pyrankcore.dask")
    pytest.importorskip("distributed")
    args = ("Hold'em", ["random", "random"], "2c 3d 4h 5s")
    here = prc.equity(*args, exact=True)
    there = dask.equity(*args, exact=True, threads=1)
    assert there.counts == here.counts
