"""The rank-board path of exact enumeration (src/prc_equity_ranks.h):
Omaha from preflop (high, hi-lo, four to six hole cards, dead cards, three
players) and hold'em rows that share a hand's ranks (the showdowns by
ranks kept from one assignment to the next) give the same integer
tallies as the board-by-board loop."""

import numpy as np
import pytest

import pyrankcore
from pyrankcore.equities import cost
from pyrankcore.equities.planning import exact_tasks, plan

core = pyrankcore._core


def _ranges_tallies(p, fast):
    stats, _, _ = core.equity_exact_ranges(p.spec, list(p.ranges), 0, p.combinations, 0, 64, fast)
    return stats.tolist()


@pytest.mark.parametrize(
    ("variant", "hands", "dead"),
    [
        ("Omaha", ["AsKsQdJd", "9h9c8h7c"], ""),
        ("Omaha Hi-Lo 8", ["AsKsQdJd", "9h9c8h7c"], ""),
        ("Omaha", ["AsKsQsJs", "9s8s7s6s"], "2s 3s 4s"),  # one suit, few of it left
        ("Omaha Hi-Lo 8", ["As2s3d4d", "Ah2h5c6c", "KcKdQhQs"], ""),  # three ways
        ("Big O", ["AsKs2d3d4h", "9h9c8h7c6d"], ""),
        ("Six-card Omaha", ["AsKsQdJd2c3c", "9h9c8h7cTsTd"], ""),
    ],
)
def test_omaha_rank_board_path_equals_board_by_board(variant, hands, dead):
    p, _ = plan(variant, hands, dead=dead, exact=True)
    assert p.ranges is not None
    fast = _ranges_tallies(p, True)
    assert fast == _ranges_tallies(p, False)
    # and pyrankcore.equity reports them (the squared units stay 0)
    r = pyrankcore.equity(variant, hands, dead=dead, exact=True)
    assert [list(c)[:-1] for c in r.counts] == [row[:-2] for row in fast]


def test_holdem_rows_of_one_hand_class_count_as_each_row_alone():
    # Rows that share the ranks of every hand (AKs v QQ, suits renamed)
    # follow each other; each row's tallies must be those of the same row
    # enumerated alone and board by board.
    p, _ = plan("Hold'em", ["AKs", "QQ,JTo"], exact=True)
    rows = np.ascontiguousarray(p.assignments)
    together = core.equity_exact(p.spec, rows, 0, len(rows), 0, 64, True, True)
    for a in range(len(rows)):
        alone = core.equity_exact(p.spec, rows, a, a + 1, 0, 64, False, True)
        assert together[a].tolist() == alone.tolist()
    for a in (0, len(rows) - 1):
        slow = core.equity_exact(p.spec, rows, a, a + 1, 0, 64, False, False)
        assert together[a].tolist() == slow.tolist()


def test_holdem_rank_board_path_ten_players():
    # the outcome counts of ten seats (2**10 sets of winners)
    hands = ["AhKh", "QsQd", "JcTc", "9d9h", "8s7s", "6c6d", "5h4h", "3s2s", "AcQc", "KdJd"]
    p, _ = plan("Hold'em", hands, exact=True)
    fast = core.equity_exact(p.spec, p.assignments, 0, 1, 0, 64, False, True)
    slow = core.equity_exact(p.spec, p.assignments, 0, 1, 0, 64, False, False)
    assert fast.tolist() == slow.tolist()


def test_omaha_from_preflop_splits_assignments_not_first_cards():
    # The rank-board path takes whole assignments: with threads, an Omaha
    # preflop run is split by assignments (one here), never by the first
    # dealt card (tasks the rank-board path cannot take), and any number of
    # threads gives the same tallies.
    p, _ = plan("Omaha Hi-Lo 8", ["AsKsQdJd", "9h9c8h7c"], exact=True)
    assert exact_tasks(p, 16) == [(0, 1, 0, 64)]
    one = pyrankcore.equity("Omaha Hi-Lo 8", ["AsKsQdJd", "9h9c8h7c"], exact=True, threads=1)
    two = pyrankcore.equity("Omaha Hi-Lo 8", ["AsKsQdJd", "9h9c8h7c"], exact=True, threads=2)
    assert one.counts == two.counts and one.trials == two.trials
    # a known board card: the first dealt card splits the work again
    p, _ = plan("Omaha", ["AsKsQdJd", "9h9c8h7c"], "2c", exact=True)
    assert len(exact_tasks(p, 16)) > 1


def test_one_hand_per_seat_counts_its_fit_as_the_arrays_do():
    # count_fitting's shortcut for one combo per seat against the arrays
    # it takes for more (a second, unused combo makes the same seats go
    # through the arrays)
    ah_kh, qs_qd, ah_qd = ((50, 46), 1.0), ((43, 41), 1.0), ((50, 41), 1.0)
    for seats in ([ah_kh, qs_qd], [ah_kh, ah_qd], [qs_qd, ah_kh, ah_qd]):
        one = cost.count_fitting([(c,) for c in seats])
        arrays = cost.count_fitting([(c, c) for c in seats])
        assert one.prefixes == tuple(x // 2**k for k, x in enumerate(arrays.prefixes))
        assert one.fitting == (1 if seats == [ah_kh, qs_qd] else 0)
