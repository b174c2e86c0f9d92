"""The bug in lowball under text 002's rule, ``bug="lowest_card"``.

Text 002: "In lowball, the joker plays as the lowest card not already in the
hand."  The other texts make a wild card in low poker a fitter, the card
that makes the best low (000: "in deuce-to-seven low poker it could be used
as a seven").  The two differ where the lowest missing card makes a straight:
6-5-4-3 and the bug is 6-5-4-3-2, a straight, in deuce-to-seven, and 2-3-4-5
and the bug is the wheel in ace-to-six.  Ruling: the fitter (``bug=True``)
stays the default, as most players play it; text 002's rule is the option,
applied as written, straights included.  "The hand" is the five that play
(as the Omaha ruling reads "not already present in the hand"), and the bug's
suit is free, so it never makes a flush.

The reference below substitutes every card the rule allows for each bug of
every five-card subset and ranks the result with the base game's wild-free
key (pyrankcore._rankings.Ranking.key); it knows nothing of the wild tables.
"""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement, product

import numpy as np
import pytest
from references import row_loops
from references.wild_reference import assert_same_order, cards, show

import pyrankcore as prc
from pyrankcore._rankings import RANKINGS
from pyrankcore.errors import InvalidOptionError, OptionTypeError

JOKERS = (52, 53)
ACE = 12
# The lowest card first, as each game counts it: aces high in deuce-to-seven.
LOW_FIRST = {
    "deuce_seven": list(range(13)),
    "ace_six": [ACE, *range(12)],
    "ace_five": [ACE, *range(12)],
    "ace_five_8": [ACE, *range(12)],
}
NO_LOW = (-1000,)


def reference_key(hand, base):
    """The best key of the hand: every five-card subset, each bug in it
    given every card not in the hand whose rank is the lowest its five lack
    (a second bug the next lowest)."""
    plain = RANKINGS[base]
    deck = [c for c in range(52) if c not in hand]
    best = None
    for five in combinations(hand, 5):
        naturals = [c for c in five if c not in JOKERS]
        n_bug = 5 - len(naturals)
        held = {c // 4 for c in naturals}
        wanted = [r for r in LOW_FIRST[base] if r not in held][:n_bug]
        choices = [[c for c in deck if c // 4 == r] for r in wanted]
        for stand_ins in product(*choices):
            played = naturals + list(stand_ins)
            counts = [0] * 13
            for c in played:
                counts[c // 4] += 1
            flush = len({c % 4 for c in played}) == 1
            key = plain.key(tuple(counts), flush)
            key = NO_LOW if key is None else key
            if best is None or key > best:
                best = key
    return best


def ev(text, game):
    return int(prc.evaluate(text, game))


@pytest.mark.parametrize("base", ["deuce_seven", "ace_six"])
def test_the_rule_texts_examples(base):
    g = prc.ranking(base, bug="lowest_card")
    fitter = prc.ranking(base, bug=True)
    plain = base
    if base == "deuce_seven":
        # 002: the lowest card 6-5-4-3 lacks is the deuce: a six-high straight
        assert ev("6c 5d 4h 3s Jk", g) == ev("6c 5d 4h 3s 2d", g)
        assert prc.describe(ev("6c 5d 4h 3s Jk", g), g) == prc.describe(
            ev("6c 5d 4h 3s 2d", plain), plain
        )
        # the fitter takes the best card instead: an eight (7 and 2 straighten)
        assert ev("6c 5d 4h 3s Jk", fitter) == ev("8c 6c 5d 4h 3s", fitter)
        # 6-5-4-2: the lowest card lacking is a three, a straight again
        assert ev("6c 5d 4h 2s Jk", g) == ev("6c 5d 4h 3c 2s", g)
        assert ev("6c 5d 4h 2s Jk", fitter) == ev("7c 6c 5d 4h 2s", fitter)
        # where the lowest card makes no straight, both rules agree
        assert ev("8c 7d 6h 5s Jk", g) == ev("8c 7d 6h 5s 2c", g) == ev("8c 7d 6h 5s Jk", fitter)
    else:
        # ace-to-six: the ace is the lowest card; 2-3-4-5 and the bug is the wheel
        assert ev("2c 3d 4h 5s Jk", g) == ev("Ac 2c 3d 4h 5s", g)
        assert prc.category(ev("2c 3d 4h 5s Jk", g), g) == prc.Category.STRAIGHT
        assert ev("2c 3d 4h 5s Jk", fitter) == ev("7c 2c 3d 4h 5s", fitter)
        # 6-5-4-3 and the bug: the ace, no straight, as the fitter
        assert ev("6c 5d 4h 3s Jk", g) == ev("6c 5d 4h 3s Ac", g) == ev("6c 5d 4h 3s Jk", fitter)


def test_the_bug_never_makes_a_flush():
    g = prc.ranking("deuce_seven", bug="lowest_card")
    assert ev("9h 7h 5h 4h Jk", g) == ev("9h 7h 5h 4h 2c", g)
    assert prc.category(ev("9h 7h 5h 4h Jk", g), g) == prc.Category.HIGH_CARD


@pytest.mark.parametrize("base", ["deuce_seven", "ace_six", "ace_five_8"])
def test_every_rank_pattern_of_five_cards_against_the_reference(base):
    """Every rank pattern of four natural cards and a bug, and of three and
    two bugs, in mixed suits (five-card draw's hands), plus one suited
    variant of each pattern that can be one suit."""
    g = prc.ranking(base, bug="lowest_card")
    hands = []
    for n_bug in (1, 2):
        for ranks in combinations_with_replacement(range(13), 5 - n_bug):
            if max(ranks.count(r) for r in ranks) > 4:
                continue
            seen: dict[int, int] = {}
            hand = []
            for r in ranks:
                hand.append(4 * r + seen.get(r, 0))
                seen[r] = seen.get(r, 0) + 1
            hands.append(hand + list(JOKERS[:n_bug]))
            if len(set(ranks)) == len(ranks):
                hands.append([4 * r + 2 for r in ranks] + list(JOKERS[:n_bug]))
    keys = [reference_key(h, base) for h in hands]
    strengths = prc.evaluate_batch(np.array(hands, dtype=np.uint8), g)
    assert_same_order(strengths, keys, hands, f"{base}[bug=lowest_card], five cards")
    # the batch is the scalar call
    assert [int(s) for s in strengths[:50]] == [int(prc.evaluate(h, g)) for h in hands[:50]]


@pytest.mark.parametrize("base", ["deuce_seven", "ace_six"])
def test_random_hands_of_five_to_seven_cards_against_the_reference(base):
    """Hands leaning to one suit, where a five of natural cards may be a
    flush: the bug must then stand for a card in another suit."""
    g = prc.ranking(base, bug="lowest_card")
    rng = random.Random(sum(map(ord, base)))
    hands = []
    while len(hands) < 500:
        size = rng.choice((5, 6, 7))
        n_bug = rng.choice((0, 1, 1, 2))
        suit = rng.randrange(4)
        suited = rng.sample([c for c in range(52) if c % 4 == suit], rng.randint(2, size - n_bug))
        rest = [c for c in range(52) if c not in suited]
        hand = suited + rng.sample(rest, size - n_bug - len(suited)) + list(JOKERS[:n_bug])
        hands.append(hand)
    keys = [reference_key(h, base) for h in hands]
    strengths = [prc.evaluate(h, g) for h in hands]
    assert_same_order(strengths, keys, hands, f"{base}[bug=lowest_card], 5-7 cards")


def test_in_ace_to_five_both_rules_are_the_same():
    # no straights or flushes: the lowest card lacking is the best one
    for base in ("ace_five", "ace_five_8"):
        hands = prc.random_hands(3000, 7, seed=11, game=prc.ranking(base, bug=True))
        lowest = prc.evaluate_batch(hands, prc.ranking(base, bug="lowest_card"))
        fitter = prc.evaluate_batch(hands, prc.ranking(base, bug=True))
        assert np.array_equal(lowest, fitter)


def test_the_option_names_and_refusals():
    g = prc.ranking("deuce_seven", bug="lowest_card")
    assert g.name == "deuce_seven[bug=lowest_card]"
    assert g.bug == "lowest_card"
    assert prc.ranking("deuce_seven", bug="fitter") == prc.ranking("deuce_seven", bug=True)
    with pytest.raises(InvalidOptionError, match=r"bug='lowest_card'.*lowball"):
        prc.ranking("high", bug="lowest_card")
    with pytest.raises(InvalidOptionError, match=r"bug='lowest'"):
        prc.ranking("deuce_seven", bug="lowest")
    with pytest.raises(OptionTypeError, match="bug"):
        prc.ranking("deuce_seven", bug=1)
    with pytest.raises(InvalidOptionError, match="wild="):
        prc.ranking("deuce_seven", bug="lowest_card", wild="2")


def test_the_reference_tells_the_rules_apart():
    # the reference is able to fail: under the fitter's order it disagrees
    hand = cards("6c 5d 4h 3s Jk")
    other = cards("8c 6d 5h 4s 3c")
    assert reference_key(hand, "deuce_seven") < reference_key(other, "deuce_seven")
    fitter = prc.ranking("deuce_seven", bug=True)
    assert ev("6c 5d 4h 3s Jk", fitter) == ev("8c 6d 5h 4s 3c", fitter)
    assert show(hand) == "6c 5d 4h 3s Jk"


@pytest.mark.parametrize("base", ["deuce_seven", "ace_six"])
def test_every_row_loop_equals_the_scalar_kernel(base):
    g = prc.ranking(base, bug="lowest_card")
    rng = random.Random(base)
    for k in (5, 6, 7):
        rows = [rng.sample(range(52), k - 2) + list(JOKERS) for _ in range(300)]
        rows += [rng.sample(range(52), k - 1) + [JOKERS[0]] for _ in range(300)]
        rows += [rng.sample([c for c in range(52) if c % 4 < 2], k - 1) + [53] for _ in range(300)]
        rows = np.array([rng.sample(row, k) for row in rows], dtype=np.uint8)
        got = row_loops.agree(row_loops.every_kernel(lambda rows=rows: prc.evaluate_batch(rows, g)))
        scalar = prc.evaluate_batch(rows.astype(np.int16), g)  # row by row
        assert got.tolist() == scalar.tolist(), k
        assert got[::61].tolist() == [prc.evaluate(h, g) for h in rows[::61].tolist()], k
