"""Properties of the suit tie-breaks and the unbeatable-hand rules (hypothesis)."""

import doctest
from itertools import combinations

import pytest

import pyrankcore as prc
from pyrankcore import suits
from pyrankcore.suits import (
    SUIT_ORDERS,
    SUIT_TIEBREAKS,
    SuitRule,
    compare,
    split_suited,
    suited_strength,
    winners,
)

hypothesis = pytest.importorskip("hypothesis")

from hypothesis import assume, given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

rules = st.builds(
    lambda t, o: SuitRule(suit_tiebreak=t, suit_order=o),
    st.sampled_from(SUIT_TIEBREAKS),
    st.sampled_from(sorted(SUIT_ORDERS)),
)
# A 24-card deck (nines up) makes equal ranks in different suits common.
SMALL = [4 * r + s for r in range(7, 13) for s in range(4)]


def deal(deck, sizes):
    """Disjoint hands of the given sizes from *deck*."""
    return st.permutations(deck).map(
        lambda cards: [
            sorted(cards[sum(sizes[:i]) : sum(sizes[: i + 1])]) for i in range(len(sizes))
        ]
    )


def test_module_doctests():
    result = doctest.testmod(suits, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 10


@given(deal(SMALL, [5, 5]), rules)
def test_a_rule_never_reorders_hands_of_different_strength(hands, rule):
    a, b = hands
    sa, sb = prc.evaluate(a), prc.evaluate(b)
    assume(sa != sb)
    assert compare(a, b, suit_rule=rule) == compare(a, b) == (1 if sa > sb else -1)
    assert (suited_strength(a, "high", rule) > suited_strength(b, "high", rule)) == (sa > sb)


@given(deal(SMALL, [5, 5]), rules)
def test_disjoint_hands_never_tie_under_a_rule(hands, rule):
    a, b = hands
    assert compare(a, b, suit_rule=rule) != 0
    assert len(winners([a, b], suit_rule=rule)) == 1


@given(
    st.lists(st.sampled_from(SMALL), min_size=5, max_size=5, unique=True),
    st.lists(st.sampled_from(SMALL), min_size=5, max_size=5, unique=True),
    rules,
)
def test_equal_suited_strengths_only_for_the_same_cards(a, b, rule):
    # Overlapping hands allowed: only the same five cards may tie.
    va, vb = suited_strength(a, "high", rule), suited_strength(b, "high", rule)
    assert (va == vb) == (sorted(a) == sorted(b))
    assert split_suited(va)[0] == prc.evaluate(a)


@given(deal(list(range(52)), [2, 2, 2, 5]), rules)
def test_holdem_winners_are_among_the_plain_winners(dealt, rule):
    *hands, board = dealt
    plain = winners(hands, "Hold'em", board=board)
    ruled = winners(hands, "Hold'em", board=board, suit_rule=rule)
    assert set(ruled) <= set(plain)
    assert plain == [
        i
        for i, s in enumerate(prc.evaluate(h + board) for h in hands)
        if s == max(prc.evaluate(h + board) for h in hands)
    ]
    # The suit rule only splits a pot between hands that play the same cards.
    if len(ruled) > 1:
        strengths = {suited_strength(hands[i], "Hold'em", rule, board=board) for i in ruled}
        assert len(strengths) == 1


def _straight_flushes(deck):
    """Every straight flush of a stripped deck, as card lists."""
    game = prc.stripped_deck(deck)
    low = game.lowest_rank
    ranks = list(range(low, 13))
    out = []
    for s in range(4):
        out.append([48 + s] + [4 * r + s for r in range(low, low + 4)])  # ace low
        for top in range(low + 4, 13):
            out.append([4 * r + s for r in range(top - 4, top + 1)])
    assert all(len(set(h)) == 5 and all(c >> 2 in ranks for c in h) for h in out)
    return game, out


@pytest.mark.parametrize("lowest", ["5", "6", "7"])
def test_italian_rule_on_every_pair_of_straight_flushes(lowest):
    game, hands = _straight_flushes(lowest)
    strengths = sorted({prc.evaluate(h, game) for h in hands})
    minimum, maximum = strengths[0], strengths[-1]
    for a, b in combinations(hands, 2):
        if set(a) & set(b):
            continue
        sa, sb = prc.evaluate(a, game), prc.evaluate(b, game)
        got = compare(a, b, game, unbeatable="italian")
        assert got == -compare(b, a, game, unbeatable="italian")
        if {sa, sb} == {minimum, maximum}:
            assert got == (1 if sa == minimum else -1)
        else:
            assert got == (sa > sb) - (sa < sb)


other_games = st.sampled_from(["high", prc.stripped_deck("6"), prc.stripped_deck("7")])


@given(deal(SMALL, [5, 5, 5]), other_games, st.sampled_from(["italian", "greek"]))
def test_unbeatable_rules_leave_ordinary_hands_alone(hands, game, rule):
    # No straight flush, no Imperial Flush, no lowest four of a kind: as usual.
    for h in hands:
        cat = prc.category(prc.evaluate(h, game), game)
        assume(cat not in (prc.Category.STRAIGHT_FLUSH, prc.Category.FOUR_OF_A_KIND))
    assert winners(hands, game, unbeatable=rule) == winners(hands, game)
    a, b, _ = hands
    assert compare(a, b, game, unbeatable=rule) == compare(a, b, game)
