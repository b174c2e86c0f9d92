"""pyrankcore.equity: published counts, an independent slow reference, Monte
Carlo against exact, reproducibility, merging, errors.

The reference below enumerates the missing cards with itertools and ranks
hands with tests/reference.py and tests/low_reference.py (no tables, no
kernels); shares are Fractions, so expected equities are exact."""

from fractions import Fraction
from itertools import combinations

import low_reference as lowref
import pytest
import reference as ref

import pyrankcore
from pyrankcore import equities as eq_mod
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    RangeSyntaxError,
    UnknownGameError,
)

equity = pyrankcore.equity


def ids(text):
    return ref.cards(text)


def _winners(values):
    """Seats with the best value (None = does not qualify); [] if none does."""
    live = [v for v in values if v is not None]
    if not live:
        return []
    best = max(live)
    return [i for i, v in enumerate(values) if v == best]


def reference_equity(hands, board, final_board=5, omaha=False, hilo=False, deck=None):
    """(wins, ties, shares) per seat over every completion of the board:
    the rules of showdown, written again with slow evaluators."""
    used = {c for h in hands for c in h} | set(board)
    deck = [c for c in (deck or range(52)) if c not in used]
    n = len(hands)
    wins, ties, shares = [0] * n, [0] * n, [Fraction(0)] * n
    total = 0
    for extra in combinations(deck, final_board - len(board)):
        full = list(board) + list(extra)
        total += 1
        if omaha:
            highs = [
                max(
                    ref.best_value(list(h2) + list(b3))
                    for h2 in combinations(h, 2)
                    for b3 in combinations(full, 3)
                )
                for h in hands
            ]
        else:
            highs = [ref.best_value(list(h) + full) for h in hands]
        part = [Fraction(0)] * n
        lows = []
        if hilo:
            for h in hands:
                vals = [
                    lowref.ACE_FIVE_8.value_of_cards(list(h2) + list(b3))
                    for h2 in combinations(h, 2)
                    for b3 in combinations(full, 3)
                ]
                vals = [v for v in vals if v is not None]
                lows.append(max(vals) if vals else None)
        low_w = _winners(lows) if hilo else []
        high_w = _winners(highs)
        pot_high = Fraction(1, 2) if low_w else Fraction(1)
        for s in high_w:
            part[s] += pot_high / len(high_w)
        for s in low_w:
            part[s] += Fraction(1, 2) / len(low_w)
        for s in range(n):
            if part[s] == 1:
                wins[s] += 1
            elif part[s] > 0:
                ties[s] += 1
            shares[s] += part[s]
    return wins, ties, [x / total for x in shares], total


def check_against_reference(result, expected):
    wins, ties, shares, total = expected
    assert result.exact
    assert result.trials == total
    for seat, p in enumerate(result.players):
        assert (p.wins, p.ties, p.total) == (wins[seat], ties[seat], total)
        assert p.equity == pytest.approx(float(shares[seat]), abs=1e-12)


# --------------------------------------------------------------------------
# published vectors (PokerStove / OMPEval): every one of 1,712,304 boards


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


# --------------------------------------------------------------------------
# the slow reference


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


def test_ranges_enumerate_combos_and_drop_blocked_ones(monkeypatch):
    # Until pyrankcore.ranges lands, a range is injected at _player_combos:
    # seat 0 holds AhKh or AsKs or KdQd (weights 1), seat 1 QsQd; the board
    # has Ks, so AsKs is blocked.
    real = eq_mod._player_combos

    def fake(entry, hole_cards, *context):
        if entry == "AKs-ish":
            return [
                (tuple(ids("Ah Kh")), 1.0),
                (tuple(ids("As Ks")), 1.0),
                (tuple(ids("Kd Qd")), 1.0),
            ], entry
        return real(entry, hole_cards, *context)

    monkeypatch.setattr(eq_mod, "_player_combos", fake)
    board = ids("Ks 7s 2c")
    r = equity("Hold'em", ["AKs-ish", "QsQd"], "Ks7s2c")
    # KdQd collides with QsQd? no: Qd is seat 1's card, so KdQd is blocked too
    expected = reference_equity([ids("Ah Kh"), ids("Qs Qd")], board)
    check_against_reference(r, expected)


def test_weighted_ranges_count_once_and_weigh_equity(monkeypatch):
    real = eq_mod._player_combos

    def fake(entry, hole_cards, *context):
        if entry == "two":
            return [(tuple(ids("Ah Kh")), 1.0), (tuple(ids("Jc Tc")), 0.5)], entry
        return real(entry, hole_cards, *context)

    monkeypatch.setattr(eq_mod, "_player_combos", fake)
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


# --------------------------------------------------------------------------
# string ranges (pyrankcore.ranges), against combos written out here


def card_of(rank, suit):
    return 4 * "23456789TJQKA".index(rank) + "cdhs".index(suit)


def suited(hi, lo):
    return [(card_of(hi, s), card_of(lo, s)) for s in "cdhs"]


def offsuit(hi, lo):
    return [(card_of(hi, a), card_of(lo, b)) for a in "cdhs" for b in "cdhs" if a != b]


def pair(rank):
    return [(card_of(rank, a), card_of(rank, b)) for a, b in combinations("cdhs", 2)]


AKS_QQ_PLUS = suited("A", "K") + pair("Q") + pair("K") + pair("A")
TT_77_AQO = pair("T") + pair("9") + pair("8") + pair("7") + offsuit("A", "Q")


def reference_range_equity(ranges, board, **kw):
    """Every combination of one combo per seat with no card twice (and none
    on the board), each with every completion of the board: summed wins,
    ties and deals, and the equity as a Fraction over all deals."""
    used_board = set(board)
    n = len(ranges)
    wins, ties, units, total = [0] * n, [0] * n, [Fraction(0)] * n, 0
    pairs = 0

    def rec(seat, chosen, used):
        nonlocal total, pairs
        if seat == n:
            w, t, shares, deals = reference_equity(chosen, board, **kw)
            pairs += 1
            total += deals
            for s in range(n):
                wins[s] += w[s]
                ties[s] += t[s]
                units[s] += shares[s] * deals
            return
        for combo in ranges[seat]:
            if used.intersection(combo):
                continue
            rec(seat + 1, chosen + [list(combo)], used | set(combo))

    rec(0, [], used_board)
    return wins, ties, [u / total for u in units], total, pairs


def check_range_result(result, expected):
    wins, ties, shares, total, _pairs = expected
    assert result.exact and result.trials == total
    for seat, p in enumerate(result.players):
        assert (p.wins, p.ties, p.total) == (wins[seat], ties[seat], total)
        assert p.equity == pytest.approx(float(shares[seat]), abs=1e-12)


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


def omaha_pattern(fixed, rank_a, rank_b=None):
    """Hands of four: the fixed cards plus two more of rank_a (or, with
    rank_b, double-suited: Xa Xb Ya Yb for two suits a < b)."""
    if rank_b is None:
        return [
            tuple(ids(fixed)) + (card_of(rank_a, x), card_of(rank_a, y))
            for x, y in combinations("cdhs", 2)
        ]
    return [
        (card_of(rank_a, x), card_of(rank_a, y), card_of(rank_b, x), card_of(rank_b, y))
        for x, y in combinations("cdhs", 2)
    ]


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


# --------------------------------------------------------------------------
# hold'em from preflop: the rank-board path and suit isomorphism


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
    p, _ = eq_mod.plan("Hold'em", hands, dead=dead, exact=True)
    assert eq_mod.fast_spec(p.spec)
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
        p, _ = eq_mod.plan(*args, exact=False)
        assert not eq_mod.fast_spec(p.spec)


def test_suit_classes_give_the_same_counts(monkeypatch):
    # Ranges preflop are enumerated one assignment per suit pattern; the
    # counts must be those of every assignment enumerated on its own.
    args = ("Hold'em", ["AKs,QQ+:0.5", "TT-77,AQo"])
    p, _ = eq_mod.plan(*args, dead="Ah", exact=True)
    assert p.mult is not None and int(p.mult.sum()) > len(p.assignments)
    grouped = equity(*args, dead="Ah", exact=True)
    monkeypatch.setattr(eq_mod, "suit_classes", lambda holes, dead, w: (holes, None, w))
    p_all, _ = eq_mod.plan(*args, dead="Ah", exact=True)
    assert p_all.mult is None and len(p_all.assignments) == int(p.mult.sum())
    plain = equity(*args, dead="Ah", exact=True)
    assert grouped.counts == plain.counts and grouped.trials == plain.trials
    for a, b in zip(grouped.players, plain.players):
        assert a.equity == pytest.approx(b.equity, abs=1e-12)


def test_preflop_ranges_go_exact_by_default():
    r = equity("Hold'em", ["AKs,QQ+", "TT-77,AQo"])
    assert r.exact


# --------------------------------------------------------------------------
# Monte Carlo


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        ("Hold'em", ["AhKh", "QsQd"], ""),
        ("Hold'em", ["AhKh", "QsQd", "7c6c"], "Kd7s2c"),
        ("Hold'em", ["AKs,QQ+", "TT-77,AQo"], ""),  # ranges: combos drawn per trial
        ("Hold'em", ["AKs,QQ+", "JhTh", "22-55"], "9h"),
        ("Omaha Hi-Lo 8", ["As2sQdJd", "3h4c8hKc"], "5s7dKh"),
    ],
)
def test_monte_carlo_within_three_standard_errors(game, hands, board):
    exact = equity(game, hands, board, exact=True)
    assert exact.exact
    mc = equity(game, hands, board, trials=300_000, seed=2026)
    assert not mc.exact and mc.trials == 300_000
    for e, m in zip(exact.players, mc.players):
        assert m.std_error is not None and 0 < m.std_error < 0.005
        assert abs(m.equity - e.equity) <= 3 * m.std_error
    assert sum(m.equity for m in mc.players) == pytest.approx(1.0, abs=1e-12)


def test_same_seed_same_answer_with_one_and_two_threads():
    kwargs = dict(trials=500_000, seed=7)
    one = equity("Hold'em", ["AhKh", "QsQd", "random"], **kwargs)
    two = equity("Hold'em", ["AhKh", "QsQd", "random"], threads=2, **kwargs)
    assert one.counts == two.counts and one == two
    other = equity("Hold'em", ["AhKh", "QsQd", "random"], trials=500_000, seed=8)
    assert other.counts != one.counts


def test_split_runs_add_up_to_the_whole():
    p, _ = eq_mod.plan("Omaha", ["AsKsQdJd", "9h9c8h7c"], exact=False, trials=300_000, seed=3)
    whole = eq_mod.run_monte_carlo_task(p, (0, 5))
    parts = [eq_mod.run_monte_carlo_task(p, t) for t in [(0, 1), (1, 3), (3, 5)]]
    assert parts[0] + parts[1] + parts[2] == whole
    assert whole.trials == 300_000
    pe, _ = eq_mod.plan("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")
    tasks = eq_mod.exact_tasks(pe, 16)
    assert len(tasks) > 1
    total = eq_mod._total(pe, [eq_mod.run_exact_task(pe, t) for t in tasks])
    assert total == equity("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")


def test_adding_results_of_other_inputs_is_refused():
    a = equity("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")
    b = equity("Hold'em", ["AhKh", "QsQc"], "Kd7s2c")
    with pytest.raises(InvalidArgumentError):
        a + b
    doubled = a + a
    assert doubled.players[0].wins == 2 * a.players[0].wins
    assert doubled.players[0].equity == pytest.approx(a.players[0].equity)


def test_target_se_stops_early_and_is_reproducible():
    r = equity("Hold'em", ["AhKh", "QsQd"], target_se=0.002, seed=1)
    assert r.trials < 2_000_000
    assert max(p.std_error for p in r.players) <= 0.002
    assert r == equity("Hold'em", ["AhKh", "QsQd"], target_se=0.002, seed=1, threads=2)


def test_stud_and_draw_default_to_monte_carlo():
    r = equity("Seven-card Stud", ["AsAd Kc", "QsQd Jh", "9c9h 2d"], dead="Qc 2s", seed=1)
    assert not r.exact and r.trials == eq_mod.DEFAULT_TRIALS
    assert r.players[0].equity > r.players[1].equity > 0.05
    d = equity("2-7 Triple Draw", ["2c3d4h7s", "8c"], seed=1, trials=100_000)
    assert not d.exact and d.players[0].equity > 0.6
    hilo = equity("Stud Hi-Lo 8", ["As2s3s", "KdKhQs"], seed=1, trials=100_000)
    assert hilo.players[0].low > 0.2 and hilo.players[1].low < hilo.players[0].low
    assert hilo.players[0].scoops is not None


def test_exact_true_on_an_infeasible_size_names_the_count():
    with pytest.raises(InvalidArgumentError, match=r"exact enumeration of [\d,]+ deals"):
        equity("Seven-card Stud", ["As", "Kd", "Qc"], exact=True)


# --------------------------------------------------------------------------
# errors


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        (("Hold'em", ["AhKh"]), {}, InvalidArgumentError),
        (("Hold'em", ["AhKh"] * 11), {}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "AhQs"]), {}, DuplicateCardError),
        (("Hold'em", ["AhKh", "QsQd"], "Ah2c3c"), {}, DuplicateCardError),
        (("Hold'em", ["AhKh", "QsQd"]), {"dead": "Qs"}, DuplicateCardError),
        (("Hold'em", ["AhKhQc", "QsQd"]), {}, HandSizeError),
        (("Hold'em", ["AhKh", "QsQd"], "2c3c4c5c6c7c"), {}, HandSizeError),
        (("Hold'em", ["AhKh", "Xx"]), {}, RangeSyntaxError),  # not cards: read as a range
        (("Short-deck Hold'em", ["AhKh", "2s2d"]), {}, InvalidCardError),
        (("Razz", ["As2s3s", "KdQdJd"], "2c2d2h"), {}, HandSizeError),
        (("Seven-card Stud", ["AsAd"] + [""] * 7), {}, HandSizeError),
        (("Nope", ["AhKh", "QsQd"]), {}, UnknownGameError),
        (("high", ["AhKh", "QsQd"]), {}, InvalidArgumentError),
        (("Hold'em", "AhKh QsQd"), {}, TypeError),
        (("Hold'em", ["AhKh", "QsQd"]), {"trials": 0}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "QsQd"]), {"trials": 1.5}, TypeError),
        (("Hold'em", ["AhKh", "QsQd"]), {"target_se": 0}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "QsQd"]), {"seed": -1, "exact": False}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "QsQd"]), {"threads": 0}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "QsQd"]), {"exact": True, "trials": 10}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "QsQd"]), {"exact": "yes"}, TypeError),
    ],
)
def test_bad_input_raises(args, kwargs, error):
    with pytest.raises(error):
        equity(*args, **kwargs)


def test_kernel_refuses_bad_specs_without_crashing():
    import numpy as np

    core = pyrankcore._core
    holes = np.zeros((1, 2, 8), dtype=np.uint8)
    good = ("high", None, False, 5, (), (2, 2), (2, 2), ())
    with pytest.raises(HandSizeError):
        core.equity_exact(good, np.zeros((1, 3, 8), dtype=np.uint8), 0, 1, 0, 64)
    with pytest.raises(InvalidArgumentError):
        core.equity_exact(good, holes, 0, 2, 0, 64)
    holes[0, 0, 0] = 200
    with pytest.raises(InvalidCardError):
        core.equity_exact(good, holes, 0, 1, 0, 64)
    for bad in [
        ("high", None, False, 6, (), (2, 2), (2, 2), ()),
        ("high", None, False, 5, (), (2, 2), (3, 2), ()),
        ("high", None, False, 5, (), (9, 2), (2, 2), ()),
        ("high", None, False, 5, (60,), (2, 2), (2, 2), ()),
        (None, None, False, 5, (), (2, 2), (2, 2), ()),
        ("high", None, False, 5, (), (2,) * 11, (2,) * 11, ()),
    ]:
        with pytest.raises((HandSizeError, InvalidArgumentError, InvalidCardError)):
            core.equity_exact(bad, np.zeros((1, len(bad[5]), 8), dtype=np.uint8), 0, 1, 0, 64)
    ranges = [(np.zeros((1, 2), dtype=np.uint8), np.array([0]))] * 2
    with pytest.raises(InvalidArgumentError):
        core.equity_monte_carlo(good, ranges, 1, 2, 10, 0, 1)


def test_str_is_a_table():
    text = str(equity("Hold'em", ["AhKh", "QsQd"], "Kd7s2c"))
    assert "Ah Kh" in text and "equity" in text and "exact" in text


def test_progress_bar_gives_the_same_answer():
    pytest.importorskip("tqdm")
    args = ("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")
    assert equity(*args, progress=True) == equity(*args)
    mc = dict(trials=200_000, seed=3)
    assert equity(*args, progress=True, **mc) == equity(*args, **mc)
    with pytest.raises(TypeError):
        equity(*args, progress="yes")


@pytest.mark.parametrize(
    "game", ["Dakota", "Mississippi Mud", "Mexican Stud", "Pick a Partner", "Psycho"]
)
def test_home_games_with_their_own_showdown_rules_are_refused(game):
    """Declarations, face-down wild cards and up-cards that must play are not
    cards that speak: equity refuses those games instead of answering wrong."""
    with pytest.raises(InvalidArgumentError, match=game):
        equity(game, ["AsKs", "QdQc"])


def test_large_omaha_ranges_run_by_monte_carlo():
    """A 4-card range past 4,096 combos ("AA**" has 6,961) keeps its weights
    below 2**32 and runs; all-equal weights stay exact."""
    r = equity("Omaha", ["AA**", "KsKd9h8h"], trials=20_000, seed=1)
    assert not r.exact and r.trials == 20_000
    assert 0.5 < r.players[0].equity < 0.9
    assert abs(sum(p.equity for p in r.players) - 1) < 1e-9


def test_wild_card_rankings_are_refused_not_misranked():
    import dataclasses

    wild = dataclasses.replace(
        pyrankcore.variant("Hold'em"), high=pyrankcore.ranking("high", wild="2")
    )
    with pytest.raises(InvalidArgumentError, match="wild"):
        equity(wild, ["2c2d", "AsAh"], "Kd 7s 3c", exact=True)


# --------------------------------------------------------------------------
# exact enumeration: its cost counted first, ranges never built in Python


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
    p, _ = eq_mod.plan("Hold'em", ["AsKs,QdJd,7h7c:0.5", "QsQh,9c8c"], "2c 3d 4h", exact=True)
    whole = eq_mod._total(p, [eq_mod.run_exact_task(p, t) for t in eq_mod.exact_tasks(p, 1)])
    parts = eq_mod._total(p, [eq_mod.run_exact_task(p, t) for t in eq_mod.exact_tasks(p, 5)])
    assert whole.counts == parts.counts
    assert whole.equities == pytest.approx(parts.equities, abs=1e-12)


def test_exact_cost_guard_names_the_cost_and_the_ways_out():
    with pytest.raises(InvalidArgumentError) as info:
        equity("Hold'em", ["random"] * 5, "2c3d4h5s9c", exact=True)
    message = str(info.value)
    assert "hours" in message or "days" in message
    for way_out in ("trials=", "target_se=", "pyrankcore.dask"):
        assert way_out in message


# --------------------------------------------------------------------------
# weights: Monte Carlo draws combos in proportion to them, however small


@pytest.mark.parametrize(
    "seat",
    [
        "AA:0.0000001,KK:0.00000001",
        "AA:0.000000000001,72o:0.000001",
        "AA:0.000000000001,72o:0.000000000002",
    ],
)
def test_monte_carlo_agrees_with_exact_for_tiny_weights(seat):
    exact = equity("Hold'em", [seat, "QQ"], exact=True).players[0].equity
    mc = equity("Hold'em", [seat, "QQ"], trials=400_000, seed=3).players[0]
    assert abs(mc.equity - exact) < 4 * mc.std_error


def test_integer_weights_keep_a_doubles_precision():
    weights = [1e-12, 3e-12, 1.0, 0.5]
    w = [int(x) for x in eq_mod.integer_weights(weights)]
    assert 2**52 <= sum(w) <= 2**53
    for mine, given in zip(w, weights):
        assert mine > 0
        assert abs(mine / sum(w) - given / sum(weights)) <= 2**-52
    # tiny weights alone: their ratios exactly
    a, b, c = (int(x) for x in eq_mod.integer_weights([1e-12, 2e-12, 1e-12]))
    assert b == 2 * a and c == a and a + b + c >= 2**52
    assert list(eq_mod.integer_weights([0.25] * 3)) == [1, 1, 1]


# --------------------------------------------------------------------------
# a comma in a seat's text makes a range, in every game that takes ranges


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
    p, _ = eq_mod.plan("Omaha", ["AsKs,QdJd", "QsQhTc9c"], "2c 3d 4h", trials=1000)
    combos = [set(c) for c, _w in p.combos[0]]
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


# --------------------------------------------------------------------------
# ranges that rarely or never fit: errors and the cost models


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


def test_exact_none_picks_enumeration_when_few_combinations_fit():
    # 24**8 combinations, 3,265,920 of them fit: stepping skips the rest,
    # while Monte Carlo would redraw about 34,000 times per trial
    # (the plan is what equity() runs: its result's .exact is the plan's)
    p, _ = eq_mod.plan("Hold'em", ["AA,KK,QQ,JJ"] * 8, "2c3d4h5s")
    assert p.exact
    assert p.seconds < 200  # not the 1.1e11 combinations at 3 ns each
    p, _ = eq_mod.plan("Hold'em", ["AA,KK,QQ,JJ"] * 7, "2c3d4h5s9s")
    assert p.exact


def test_a_sample_without_fitting_combinations_does_not_count_one():
    # five seats, each with 40 combos holding card 0 and one of its own:
    # 41**5 combinations, of which 1 + 5 * 40 fit (at most one seat holds
    # card 0), too few for the sample to meet
    combos = [
        [((0, 1 + j), 1.0) for j in range(40)] + [((41 + 2 * s, 42 + 2 * s), 1.0)] for s in range(5)
    ]
    fit = eq_mod.count_fitting(combos)
    assert fit.seen == 0
    assert eq_mod.count_combinations(combos) >= 201  # errs high, never low


def test_counted_prefixes_match_a_direct_count():
    combos = eq_mod.plan("Hold'em", ["AA,KK", "AKs,KQs", "AA,QQ"], "2c3d4h", trials=10)[0].combos
    fit = eq_mod.count_fitting(combos)
    cards = [[set(c) for c, _ in seat] for seat in combos]
    expect = [1]
    for k in range(1, 4):
        n = 0
        for pick in __import__("itertools").product(*cards[:k]):
            n += sum(len(c) for c in pick) == len(set().union(*pick))
        expect.append(n)
    assert list(fit.prefixes) == expect


def test_exact_cost_message_says_one_deal():
    with pytest.raises(InvalidArgumentError, match=r" 1 deal each"):
        equity("Omaha", ["AA**", "KK**", "QQ**"], "2c3d4h5s9c", exact=True)


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


# --------------------------------------------------------------------------
# messages


def test_comma_text_that_is_no_hand_gets_no_example():
    with pytest.raises(InvalidArgumentError) as info:
        equity("Seven-card Stud", ["AsAd,Kx", "QsQd Jh"], trials=100)
    assert "without commas" in str(info.value)
    assert "e.g." not in str(info.value) and "AsAd Kx" not in str(info.value)


def test_a_mistyped_hand_names_the_bad_card():
    with pytest.raises(InvalidCardError) as info:
        equity("Hold'em", ["AhKx", "QsQd"], trials=100)
    assert "Kx" in str(info.value) and "rank" not in str(info.value)
    # range text still gets the range message
    with pytest.raises(RangeSyntaxError):
        equity("Hold'em", ["AKx", "QsQd"], trials=100)


@pytest.mark.parametrize(("weights", "why"), [(-1, "integers"), (0.5, "integers")])
def test_monte_carlo_kernel_refuses_weights_that_are_not_counts(weights, why):
    import numpy as np

    p, _ = eq_mod.plan("Hold'em", ["AA", "KK"], trials=100)
    ranges = [(c, np.full(len(c), weights)) for c, _w in eq_mod._range_arrays(p)]
    with pytest.raises(InvalidArgumentError, match=why):
        pyrankcore._core.equity_monte_carlo(p.spec, ranges, 1, 2, 100, 0, 1)
