"""pyrankcore.equity, exact enumeration: published counts, the slow
reference (equity_reference.py), the rank-board path and suit classes of
hold'em from preflop, ranges combined in C, the cost guard."""

import low_reference as lowref
import pytest
from references.equity_reference import check_against_reference, ids, reference_equity

import pyrankcore
from pyrankcore.equities import planning as plan_mod
from pyrankcore.equities import run
from pyrankcore.equities.planning import plan
from pyrankcore.errors import InvalidArgumentError

equity = pyrankcore.equity


def test_published_ahkh_v_qsqd_preflop():
    r = equity("Hold'em", ["AhKh", "QsQd"])
    a, b = r.players
    assert r.exact and r.trials == 1_712_304
    assert (a.wins, b.wins, a.ties, b.ties) == (787_966, 917_606, 6_732, 6_732)
    assert a.total == b.total == 1_712_304
    assert a.equity == pytest.approx((787_966 + 6_732 / 2) / 1_712_304, abs=1e-15)
    assert a.equity + b.equity == pytest.approx(1.0, abs=1e-15)


def test_published_aces_v_kings_preflop():
    r = equity("holdem", ["AdAc", "KhKs"], threads=2)
    a, b = r.players
    assert (a.wins, b.wins, a.ties, b.ties) == (1_388_072, 317_694, 6_538, 6_538)


def test_three_way_flop_matches_reference():
    hands = [ids("Ah Kh"), ids("Qs Qd"), ids("7c 6c")]
    board = ids("Kd 7s 2c")
    r = equity("Hold'em", ["AhKh", "QsQd", "7c6c"], "Kd7s2c")
    check_against_reference(r, reference_equity(hands, board))


def test_turn_with_dead_cards_matches_reference():
    hands = [ids("Jh Th"), ids("As Ac")]
    board = ids("9h 8h 2s Kd")
    dead = ids("Qh 7c")
    r = equity("Hold'em", ["JhTh", "AsAc"], "9h8h2sKd", dead="Qh 7c")
    deck = [c for c in range(52) if c not in dead]
    check_against_reference(r, reference_equity(hands, board, deck=deck))


def test_omaha_flop_matches_reference():
    hands = [ids("As Ks Qd Jd"), ids("9h 9c 8h 7c")]
    board = ids("Ts 8d 2h")
    r = equity("Omaha", ["AsKsQdJd", "9h9c8h7c"], "Ts8d2h")
    check_against_reference(r, reference_equity(hands, board, omaha=True))


def test_omaha_hi_lo_flop_matches_reference():
    hands = [ids("As 2s Qd Jd"), ids("3h 4c 8h Kc")]
    board = ids("5s 7d Kh")
    r = equity("Omaha Hi-Lo 8", ["As2sQdJd", "3h4c8hKc"], "5s7dKh")
    expected = reference_equity(hands, board, omaha=True, hilo=True)
    wins, ties, shares, total = expected
    for seat, p in enumerate(r.players):
        assert p.scoops == p.wins == wins[seat]
        assert p.ties == ties[seat]
        assert p.equity == pytest.approx(float(shares[seat]), abs=1e-12)
        assert p.high + p.low == pytest.approx(p.equity, abs=1e-12)
    # somebody makes a low on some turn and river, and not on others
    assert 0 < sum(p.low for p in r.players) < 0.5


def test_short_deck_turn_matches_reference_deck():
    # the short deck (6..A): 36 cards; a reference over that deck, with the
    # short-deck ranking (flush over full house, A-6-7-8-9 straight)
    hands = [ids("Ah Kh"), ids("9s 9d")]
    board = ids("Qh Th 6c 9c")
    r = equity("Short-deck Hold'em", ["AhKh", "9s9d"], "QhTh6c9c")
    deck = [c for c in range(52) if c // 4 >= 4 and c not in hands[0] + hands[1] + board]
    wins = [0, 0]
    for river in deck:
        vals = [lowref.SHORT_DECK.value_of_cards(h + board + [river]) for h in hands]
        if vals[0] != vals[1]:
            wins[vals.index(max(vals))] += 1
    assert r.trials == len(deck) == 36 - 8
    assert [p.wins for p in r.players] == wins


def test_razz_exact_small_matches_reference():
    # six cards known each, one down card to come: 40 * 39 deals
    a, b = ids("As 2d 3h 8c Kd Ks"), ids("4c 5d 6h 7s Qc Qd")
    r = equity("Razz", ["As2d3h8cKdKs", "4c5d6h7sQcQd"], exact=True)
    deck = [c for c in range(52) if c not in a + b]
    wins = [0, 0]
    ties = 0
    total = 0
    for x in deck:
        for y in deck:
            if x == y:
                continue
            total += 1
            va = lowref.ACE_FIVE.value_of_cards(a + [x])
            vb = lowref.ACE_FIVE.value_of_cards(b + [y])
            if va == vb:
                ties += 1
            else:
                wins[0 if va > vb else 1] += 1
    assert r.trials == total == 40 * 39
    assert [p.wins for p in r.players] == wins
    assert [p.ties for p in r.players] == [ties, ties]


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["AhKh", "QsQd"], ""),
        (["AdAc", "KhKs"], ""),
        (["7c2d", "7h2s"], ""),  # the same ranks: ties by the board
        (["AsKs", "QsJs"], ""),  # both flush draws in one suit
        (["5h4h", "AcAd", "KhQh"], ""),  # three ways, two hearts each twice
        (["9c8c", "TdTh"], "2c 3c 4d"),  # dead cards: fewer boards of clubs
        (["Ac2c", "KdQd", "JhTh", "9s8s"], ""),  # four flush suits
    ],
)
def test_rank_board_path_equals_board_by_board(hands, dead):
    # The same kernel call with the rank-board path on and off: the
    # integer tallies must be identical (the board-by-board loop is the one
    # checked against the reference and the published counts above).
    core = pyrankcore._core
    p, _ = plan("Hold'em", hands, dead=dead, exact=True)
    assert p.spec.rank_board
    fast = core.equity_exact(p.spec, p.assignments, 0, 1, 0, 64, False, True)
    slow = core.equity_exact(p.spec, p.assignments, 0, 1, 0, 64, False, False)
    assert fast.tolist() == slow.tolist()


def test_rank_board_path_only_where_it_applies():
    for args in (
        ("Hold'em", ["AhKh", "QsQd"], "2c"),  # a known board
        ("Hold'em", ["AhKh", "Qs"]),  # a card still to come
        ("Short-deck Hold'em", ["AhKh", "QsQd"]),
        ("Omaha", ["AsKsQdJd", "9h9c8h7c"]),
    ):
        p, _ = plan(*args, exact=False)
        assert not p.spec.rank_board


def test_suit_classes_give_the_same_counts(monkeypatch):
    # Ranges preflop are enumerated one assignment per suit pattern; the
    # counts must be those of every assignment enumerated on its own.
    args = ("Hold'em", ["AKs,QQ+:0.5", "TT-77,AQo"])
    p, _ = plan(*args, dead="Ah", exact=True)
    assert p.mult is not None and int(p.mult.sum()) > len(p.assignments)
    grouped = equity(*args, dead="Ah", exact=True)
    monkeypatch.setattr(plan_mod, "suit_classes", lambda holes, dead, w: (holes, None, w))
    p_all, _ = plan(*args, dead="Ah", exact=True)
    assert p_all.mult is None and len(p_all.assignments) == int(p.mult.sum())
    plain = equity(*args, dead="Ah", exact=True)
    assert grouped.counts == plain.counts and grouped.trials == plain.trials
    for a, b in zip(grouped.players, plain.players):
        assert a.equity == pytest.approx(b.equity, abs=1e-12)


def test_preflop_ranges_go_exact_by_default():
    r = equity("Hold'em", ["AKs,QQ+", "TT-77,AQo"])
    assert r.exact


def test_exact_over_whole_ranges_builds_nothing_per_combination():
    # Every combo against every combo on a river: 1,081 * 990 deals. The
    # engine makes the combinations in C; nothing per combination is kept
    # (a list of them would take hundreds of MB).
    import tracemalloc

    tracemalloc.start()
    try:
        r = equity("Hold'em", ["*", "*"], "2c3d4h5s9c", exact=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 32 * 2**20, peak
    assert r.exact and r.trials == 1081 * 990
    # the seats are alike: every deal is counted once from each side
    assert r.players[0].wins == r.players[1].wins
    assert r.players[0].equity == pytest.approx(0.5, abs=1e-12)


def test_exact_ranges_count_the_same_as_fixed_hands():
    # a range of combos on a flop: the sum of each combination's deals
    hands = ["AsKs,QdJd,7h7c", "QsQh,9c8c"]
    r = equity("Hold'em", hands, "2c 3d 4h", exact=True)
    wins = ties = total = 0
    for a in ["AsKs", "QdJd", "7h7c"]:
        for b in ["QsQh", "9c8c"]:
            one = equity("Hold'em", [a, b], "2c 3d 4h", exact=True)
            wins += one.players[0].wins
            ties += one.players[0].ties
            total += one.trials
    assert (r.players[0].wins, r.players[0].ties, r.trials) == (wins, ties, total)


def test_exact_ranges_split_into_tasks_add_up():
    p, _ = plan("Hold'em", ["AsKs,QdJd,7h7c:0.5", "QsQh,9c8c"], "2c 3d 4h", exact=True)
    whole = run.total(p, [run.run_exact_task(p, t) for t in plan_mod.exact_tasks(p, 1)])
    parts = run.total(p, [run.run_exact_task(p, t) for t in plan_mod.exact_tasks(p, 5)])
    assert whole.counts == parts.counts
    assert whole.equities == pytest.approx(parts.equities, abs=1e-12)


def test_exact_cost_guard_names_the_cost_and_the_ways_out():
    with pytest.raises(InvalidArgumentError) as info:
        equity("Hold'em", ["random"] * 5, "2c3d4h5s9c", exact=True)
    message = str(info.value)
    assert "hours" in message or "days" in message
    for way_out in ("trials=", "target_se=", "pyrankcore.dask"):
        assert way_out in message


def test_exact_true_on_an_infeasible_size_names_the_count():
    with pytest.raises(InvalidArgumentError, match=r"exact enumeration of [\d,]+ deals"):
        equity("Seven-card Stud", ["As", "Kd", "Qc"], exact=True)


def test_exact_cost_message_says_one_deal():
    with pytest.raises(InvalidArgumentError, match=r" 1 deal each"):
        equity("Omaha", ["AA**", "KK**", "QQ**", "JJ**"], "2c3d4h5s9c", exact=True)


def test_exact_none_picks_enumeration_when_few_combinations_fit():
    # 24**8 combinations, 3,265,920 of them fit: stepping skips the rest,
    # while Monte Carlo would redraw about 34,000 times per trial
    # (the plan is what equity() runs: its result's .exact is the plan's)
    p, _ = plan("Hold'em", ["AA,KK,QQ,JJ"] * 8, "2c3d4h5s")
    assert p.exact
    assert p.seconds < 200  # not the 1.1e11 combinations at 3 ns each
    p, _ = plan("Hold'em", ["AA,KK,QQ,JJ"] * 7, "2c3d4h5s9s")
    assert p.exact


def test_weights_too_small_to_multiply_keep_their_ratios():
    tiny = "0." + "0" * 199
    small = equity("Hold'em", [f"AKs:{tiny}1, QQ:{tiny}2", f"JJ:{tiny}1"], "Qs9d7h2c", exact=True)
    plain = equity("Hold'em", ["AKs:0.1, QQ:0.2", "JJ:0.1"], "Qs9d7h2c", exact=True)
    assert small.equities == pytest.approx(plain.equities, abs=1e-12)
    assert small.equities[0] == pytest.approx(0.6545454545454545, abs=1e-12)


def test_weights_whose_products_all_underflow_raise_not_fall_back_to_unweighted():
    # each range's weight-1 combo clashes with every combo of the other
    # range: the one combination that fits weighs 1e-400, below any float
    tiny = "0." + "0" * 199 + "1"
    with pytest.raises(InvalidArgumentError, match="product of weights"):
        equity("Hold'em", [f"AsAh,AdKs:{tiny}", f"AsAd,AhKh:{tiny}"], "2c3d4h", exact=True)


def test_weighted_exact_is_the_same_with_any_number_of_threads():
    hands = ["AKs:0.3, 99:0.7, 87s:0.11", "JJ:0.5, T9s, QQ:0.9"]
    one, two, three = (
        equity("Hold'em", hands, "Qs 9d 7h", exact=True, threads=t) for t in (1, 2, 3)
    )
    assert one == two == three
    assert one.weight_total == two.weight_total == three.weight_total
