"""pyrankcore.equity with ranges: combos paired and blocked as the slow
reference does, weights, comma text, ranges that rarely or never fit and
how the plan counts the combinations that fit."""

from fractions import Fraction

import pytest
from references.equity_reference import (
    AKS_QQ_PLUS,
    TT_77_AQO,
    check_against_reference,
    check_range_result,
    ids,
    omaha_pattern,
    reference_equity,
    reference_range_equity,
)

import pyrankcore
from pyrankcore.equities import cost
from pyrankcore.equities import inputs as inputs_mod
from pyrankcore.equities.planning import plan
from pyrankcore.errors import InvalidArgumentError

equity = pyrankcore.equity


def test_ranges_enumerate_combos_and_drop_blocked_ones(monkeypatch):
    # Until pyrankcore.ranges lands, a range is injected at _player_combos:
    # seat 0 holds AhKh or AsKs or KdQd (weights 1), seat 1 QsQd; the board
    # has Ks, so AsKs is blocked.
    real = inputs_mod.player_combos

    def fake(entry, hole_cards, *context):
        if entry == "AKs-ish":
            return [
                (tuple(ids("Ah Kh")), 1.0),
                (tuple(ids("As Ks")), 1.0),
                (tuple(ids("Kd Qd")), 1.0),
            ], entry
        return real(entry, hole_cards, *context)

    monkeypatch.setattr(inputs_mod, "player_combos", fake)
    board = ids("Ks 7s 2c")
    r = equity("Hold'em", ["AKs-ish", "QsQd"], "Ks7s2c")
    # KdQd collides with QsQd? no: Qd is seat 1's card, so KdQd is blocked too
    expected = reference_equity([ids("Ah Kh"), ids("Qs Qd")], board)
    check_against_reference(r, expected)


def test_weighted_ranges_count_once_and_weigh_equity(monkeypatch):
    real = inputs_mod.player_combos

    def fake(entry, hole_cards, *context):
        if entry == "two":
            return [(tuple(ids("Ah Kh")), 1.0), (tuple(ids("Jc Tc")), 0.5)], entry
        return real(entry, hole_cards, *context)

    monkeypatch.setattr(inputs_mod, "player_combos", fake)
    board = ids("9s 7s 2c 3d")
    r = equity("Hold'em", ["two", "QhQd"], "9s7s2c3d")
    one = reference_equity([ids("Ah Kh"), ids("Qh Qd")], board)
    two = reference_equity([ids("Jc Tc"), ids("Qh Qd")], board)
    p = r.players[0]
    assert p.wins == one[0][0] + two[0][0]
    assert p.total == one[3] + two[3]
    expected = (one[2][0] * 1 + two[2][0] * Fraction(1, 2)) / Fraction(3, 2)
    assert p.equity == pytest.approx(float(expected), abs=1e-12)
    # Monte Carlo draws combos by weight: the same equity within 4 SE
    assert 0.1 < expected < 0.3
    mc = equity("Hold'em", ["two", "QhQd"], "9s7s2c3d", trials=200_000, seed=5)
    assert abs(mc.players[0].equity - float(expected)) < 4 * mc.players[0].std_error


def test_written_out_ranges_match_the_parser():
    from pyrankcore.ranges import parse_range

    def as_sets(combos):
        return sorted(tuple(sorted(c)) for c in combos)

    assert as_sets(c for c, _ in parse_range("AKs,QQ+")) == as_sets(AKS_QQ_PLUS)
    assert as_sets(c for c, _ in parse_range("TT-77,AQo")) == as_sets(TT_77_AQO)
    assert (len(AKS_QQ_PLUS), len(TT_77_AQO)) == (22, 36)


def test_range_v_range_on_the_river_matches_reference():
    # one deal per pair of combos: the pairing, blocking and summing alone
    board = ids("Qs 9d 7h 3c 2s")
    r = equity("Hold'em", ["AKs,QQ+", "TT-77,AQo"], "Qs9d7h3c2s")
    expected = reference_range_equity([AKS_QQ_PLUS, TT_77_AQO], board)
    check_range_result(r, expected)
    # the board blocks QsQx, 9d9x, 7h7x and the AQo with Qs; pairs that
    # share a card (AhQd v AhKh...) are skipped, not counted
    assert expected[4] == r.trials < 22 * 36


def test_range_v_range_on_the_turn_matches_reference():
    board = ids("Kd 8s 7c 2h")
    r = equity("Hold'em", ["AKs,QQ+", "TT-77,AQo"], "Kd8s7c2h")
    check_range_result(r, reference_range_equity([AKS_QQ_PLUS, TT_77_AQO], board))


def test_range_v_hand_on_the_turn_matches_reference():
    board = ids("Jc 8h 4d 2s")
    r = equity("Hold'em", ["JhTh", "AKs,QQ+"], "Jc8h4d2s")
    expected = reference_range_equity([[tuple(ids("Jh Th"))], AKS_QQ_PLUS], board)
    check_range_result(r, expected)
    assert r.players[0].hand == "Jh Th" and r.players[1].hand == "AKs,QQ+"


def test_range_v_range_preflop_is_the_mean_over_combo_pairs():
    # Preflop, every pair of combos deals the same 1,712,304 boards, so the
    # range equity is the mean of the hand-v-hand equities (each checked
    # against published counts and the reference above) over the pairs
    # that do not share a card, written out here.
    r = equity("Hold'em", ["AKs,QQ+", "TT-77,AQo"], exact=True)
    pairs = [(a, b) for a in AKS_QQ_PLUS for b in TT_77_AQO if not set(a) & set(b)]
    wins = ties = 0
    share = Fraction(0)
    cache = {}
    for a, b in pairs:
        key = (a, b)
        if key not in cache:
            one = equity("Hold'em", [list(a), list(b)], exact=True).players[0]
            cache[key] = (one.wins, one.ties, Fraction(one.wins) + Fraction(one.ties, 2))
        w, t, units = cache[key]
        wins += w
        ties += t
        share += units
    p = r.players[0]
    assert r.trials == len(pairs) * 1_712_304
    assert (p.wins, p.ties) == (wins, ties)
    assert p.equity == pytest.approx(float(share / r.trials), abs=1e-12)
    assert 0.7 < p.equity < 0.8


def test_omaha_pattern_ranges_on_the_river_match_reference():
    from pyrankcore.ranges import parse_range

    aces_kings = omaha_pattern("As Ad", "K")
    queens_jacks = omaha_pattern("", "Q", "J")
    for text, mine in (("AsAdKK", aces_kings), ("QxQyJxJy", queens_jacks)):
        got = sorted(tuple(sorted(c)) for c, _ in parse_range(text, hole_cards=4))
        assert got == sorted(tuple(sorted(c)) for c in mine)
    board = ids("9d 8d 5c 4d 2h")
    r = equity("Omaha", ["AsAdKK", "QxQyJxJy"], "9d8d5c4d2h")
    expected = reference_range_equity([aces_kings, queens_jacks], board, omaha=True)
    check_range_result(r, expected)
    # QdJd makes a flush, beaten only by AdKd
    assert 0 < r.players[1].wins < r.trials


def test_comma_text_is_a_range_in_holdem():
    r = equity("Hold'em", ["AsKs,QdJd", "QsQh"], "2c 3d 4h")
    a = equity("Hold'em", ["AsKs", "QsQh"], "2c 3d 4h")
    b = equity("Hold'em", ["QdJd", "QsQh"], "2c 3d 4h")
    assert r.hands[0] == "AsKs,QdJd" and r.trials == a.trials + b.trials
    assert r.players[0].wins == a.players[0].wins + b.players[0].wins
    # two combos that share a card are two choices, not one hand
    shared = equity("Hold'em", ["AsKs,AsQs", "QQ"], "2c 3d 4h")
    assert shared.trials == 2 * 6 * 990 - 3 * 990  # QsQx blocks AsQs


def test_comma_text_is_a_range_in_omaha():
    p, _ = plan("Omaha", ["AsKs,QdJd", "QsQhTc9c"], "2c 3d 4h", trials=1000)
    combos = [set(c) for c, _w in p.inputs.combos[0]]
    assert len(combos) > 1 and all(len(c) == 4 for c in combos)
    as_ks, qd_jd = set(ids("As Ks")), set(ids("Qd Jd"))
    assert all(as_ks <= c or qd_jd <= c for c in combos)
    assert set(ids("As Ks Qd Jd")) in combos


@pytest.mark.parametrize(
    ("variant", "hands", "fixed"),
    [
        ("Seven-card Stud", ["As,Ks,Qd", "2c3c4c"], "As Ks Qd"),
        ("Hold'em", ["As,Ks", "QsQh"], "As Ks"),
    ],
)
def test_comma_text_that_is_no_range_says_how_to_write_a_hand(variant, hands, fixed):
    with pytest.raises(InvalidArgumentError) as info:
        equity(variant, hands, trials=1000)
    assert "without commas" in str(info.value) and repr(fixed) in str(info.value)


def _ace_spades_range():
    """51 combos, every one holding the ace of spades."""
    return ",".join(
        "As" + c for c in (pyrankcore.format_cards([i]) for i in range(52)) if c != "As"
    )


def test_ranges_that_never_fit_raise_however_many_combinations():
    # 51**4 combinations: above the count made one by one, so the plan
    # samples and the run finds that nothing fits
    with pytest.raises(InvalidArgumentError, match="never fit"):
        equity("Hold'em", [_ace_spades_range()] * 4, "2c3d4h5h")


def test_exact_true_on_ranges_that_cannot_fit_says_so_not_a_cost():
    # six Omaha hands with two aces each: only four aces
    with pytest.raises(InvalidArgumentError, match="never fit") as info:
        equity("Omaha", ["AA**"] * 6, "2c3d4h", exact=True)
    assert "cluster" not in str(info.value)


def test_a_sample_without_fitting_combinations_does_not_count_one():
    # five seats, each with 40 combos holding card 0 and one of its own:
    # 41**5 combinations, of which 1 + 5 * 40 fit (at most one seat holds
    # card 0), too few for the sample to meet
    combos = [
        [((0, 1 + j), 1.0) for j in range(40)] + [((41 + 2 * s, 42 + 2 * s), 1.0)] for s in range(5)
    ]
    fit = cost.count_fitting(combos)
    assert fit.seen == 0
    assert cost.count_combinations(combos) >= 201  # errs high, never low


def test_counted_prefixes_match_a_direct_count():
    combos = plan("Hold'em", ["AA,KK", "AKs,KQs", "AA,QQ"], "2c3d4h", trials=10)[0].inputs.combos
    fit = cost.count_fitting(combos)
    cards = [[set(c) for c, _ in seat] for seat in combos]
    expect = [1]
    for k in range(1, 4):
        n = 0
        for pick in __import__("itertools").product(*cards[:k]):
            n += sum(len(c) for c in pick) == len(set().union(*pick))
        expect.append(n)
    assert list(fit.prefixes) == expect


def test_large_omaha_ranges_run_by_monte_carlo():
    """A 4-card range past 4,096 combos ("AA**" has 6,961) keeps its weights
    below 2**32 and runs; all-equal weights stay exact."""
    r = equity("Omaha", ["AA**", "KsKd9h8h"], trials=20_000, seed=1)
    assert not r.exact and r.trials == 20_000
    assert 0.5 < r.players[0].equity < 0.9
    assert abs(sum(p.equity for p in r.players) - 1) < 1e-9


def test_a_parsed_range_is_taken_as_its_text_is():
    r = pyrankcore.parse_range("AKs, QQ+, AhKd:0.5")
    by_text = pyrankcore.equity("Hold'em", ["AKs, QQ+, AhKd:0.5", "JcJd"], "2c 7d 9h")
    assert pyrankcore.equity("Hold'em", [r, "JcJd"], "2c 7d 9h") == by_text
    omaha = pyrankcore.parse_range("AAxx", hole_cards=4)
    mc = pyrankcore.equity("Omaha", [omaha, "KsKdQh2c"], trials=2000, seed=5)
    assert mc == pyrankcore.equity("Omaha", ["AAxx", "KsKdQh2c"], trials=2000, seed=5)
    # a range of the wrong hand size says what to do
    with pytest.raises(pyrankcore.InvalidArgumentError, match="hole_cards=4 or pass its text"):
        pyrankcore.equity("Omaha", [r, "KsKdQh2c"])
    with pytest.raises(pyrankcore.InvalidArgumentError, match="seat 1: the range is empty"):
        pyrankcore.equity("Hold'em", ["JcJd", pyrankcore.Range()])
