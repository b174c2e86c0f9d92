"""Home games and split-pot games (rule texts 003 and 004 in shared/rules/).

Hands of 8 to 10 cards (best five), the games' own rules (declarations, the
face-down wild card of Dakota and "Mexican Stud (down card wild)", Pick a
Partner's up-cards that must play), and each text's example. Pots are worked out by hand in
the comments.
"""

import random
from itertools import combinations

import numpy as np
import pytest
from references import wild_reference as wr
from references.low_reference import ACE_FIVE, ACE_FIVE_8, ACE_SIX, DEUCE_SEVEN, SHORT_DECK
from references.reference import strength as high_strength

import pyrankcore as prc
from pyrankcore import variants
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidOptionError,
    OptionTypeError,
)
from pyrankcore.pots import showdown
from pyrankcore.variants import Variant, binglao, variant

# --------------------------------------------------------------------------
# 8 to 10 cards: the best five, against brute force over every 5-card subset

LOW_RULES = {
    "ace_five": ACE_FIVE,
    "ace_five_8": ACE_FIVE_8,
    "deuce_seven": DEUCE_SEVEN,
    "ace_six": ACE_SIX,
    "short_deck": SHORT_DECK,
}


def _deals(n, k, seed, deck=range(52)):
    rng = random.Random(seed)
    return [rng.sample(list(deck), k) for _ in range(n)]


@pytest.mark.parametrize("k", [8, 9, 10])
def test_high_of_8_to_10_cards_is_the_best_five(k):
    for hand in _deals(60, k, seed=k):
        expected = max(high_strength(list(five)) for five in combinations(hand, 5))
        assert prc.evaluate(hand) == expected, prc.format_cards(hand)
        assert prc.evaluate(prc.format_cards(hand)) == expected


@pytest.mark.parametrize("game", sorted(LOW_RULES))
@pytest.mark.parametrize("k", [8, 10])
def test_other_rankings_of_8_to_10_cards_are_the_best_five(game, k):
    rules = LOW_RULES[game]
    deck = rules.deck()
    for hand in _deals(25, k, seed=k + len(game), deck=deck):
        expected = max(rules.strength(list(five)) for five in combinations(hand, 5))
        assert prc.evaluate(hand, game) == expected, (game, prc.format_cards(hand))


def test_ten_cards_find_what_seven_cannot_hold():
    # a royal flush spread over ten cards, the other five cards junk
    assert prc.evaluate("As 2c Ks 3d Qs 4h Js 7c Ts 8d") == 7462
    # A-5 low: the wheel among ten cards, paired and high cards discarded
    hand = "Kc Kd Qh 5s 4d 3c 2h Ac 9d 9s"
    assert prc.evaluate(hand, "ace_five") == prc.evaluate("5s 4d 3c 2h Ac", "ace_five")


@pytest.mark.parametrize(
    "game", ["high", "ace_five_8", "deuce_seven", "short_deck", prc.stripped_deck("7")]
)
@pytest.mark.parametrize("k", [8, 9, 10])
def test_batch_equals_scalar_for_8_to_10_cards(game, k):
    hands = prc.random_hands(700, k, seed=k, game=game)
    got = prc.evaluate_batch(hands, game)
    assert got.dtype == np.uint16 and got.shape == (700,)
    assert got.tolist() == [prc.evaluate(h, game) for h in hands.tolist()]
    # other dtypes, threads and a caller's out array give the same
    out = np.zeros(700, dtype=np.uint16)
    again = prc.evaluate_batch(hands.astype(np.int64), game, out=out, threads=2)
    assert again is out and again.tolist() == got.tolist()


def test_batch_of_many_rows_crosses_blocks():
    hands = prc.random_hands(2000, 10, seed=5)  # 240,000 subsets: several blocks
    got = prc.evaluate_batch(hands)
    sample = range(0, 2000, 97)
    assert [int(got[i]) for i in sample] == [prc.evaluate(hands[i].tolist()) for i in sample]
    assert prc.evaluate_batch(np.zeros((0, 9), dtype=np.uint8)).shape == (0,)


# ----------------------------------------------------------- wild cards


def _same_order(strengths, keys, what):
    pairs = sorted(zip(keys, strengths))
    for (k1, s1), (k2, s2) in zip(pairs, pairs[1:]):
        if k1 == k2:
            assert s1 == s2, what
        else:
            assert s1 < s2, what


@pytest.mark.parametrize(
    "spec",
    [wr.Spec("high", ("jokers",)), wr.Spec("high", ("lowest",)), wr.Spec("ace_five", ("jokers",))],
    ids=str,
)
def test_wild_hands_of_8_to_10_cards_follow_the_reference(spec):
    g = prc.ranking(spec.base, **spec.options())
    rng = random.Random(3)
    hands = [wr.random_hand(rng, spec, 8 + i % 3, rng.choice([0, 1, 2])) for i in range(90)]
    strengths = [prc.evaluate(h, g) for h in hands]
    _same_order(strengths, [wr.best_key(h, spec) for h in hands], repr(spec))
    for k in (8, 9, 10):
        rows = [h for h in hands if len(h) == k]
        got = prc.evaluate_batch(np.array(rows, dtype=np.uint8), g).tolist()
        assert got == [prc.evaluate(h, g) for h in rows]


def test_lowest_card_wild_looks_at_all_ten_cards():
    # The lowest card is the three: one wild card, four aces. A 7-card subset
    # without the low cards would make both nines wild (five aces): the rule
    # is the whole hand's, so that reading is wrong.
    g = prc.ranking("high", wild="lowest")
    hand = "As Ad Ac 9h 9d Kh Qd 3c 4s 5h"
    s = prc.evaluate(hand, g)
    assert prc.category(s, g) == prc.Category.FOUR_OF_A_KIND
    assert s == prc.evaluate(hand, prc.ranking("high", wild="3"))
    naive = max(prc.evaluate(list(seven), g) for seven in combinations(prc.parse_cards(hand), 7))
    assert prc.category(naive, g) == prc.Category.FIVE_OF_A_KIND
    arr = np.array([prc.parse_cards(hand)] * 3, dtype=np.uint8)
    assert prc.evaluate_batch(arr, g).tolist() == [s] * 3
    # natural cards all aces (the rest jokers and wild deuces): aces are
    # never wild, so the rule adds nothing
    jl = prc.ranking("high", wild=("jokers", "2", "lowest"))
    aces = "As Ad Ac Ah Jk Jk 2c 2d"
    assert prc.describe(prc.evaluate(aces, jl), jl) == "Five of a Kind, Aces"
    assert prc.evaluate(aces, jl) == prc.evaluate(aces, prc.ranking("high", wild=("jokers", "2")))


# ---------------------------------------------------------------- errors


def test_eleven_cards_and_more_are_refused_with_the_count():
    with pytest.raises(HandSizeError, match="expected 5 to 10 cards, got 11"):
        prc.evaluate(list(range(11)))
    with pytest.raises(HandSizeError, match="got 11"):
        prc.evaluate_batch(np.zeros((2, 11), dtype=np.uint8))
    with pytest.raises(HandSizeError, match="incomplete hands have 1 to 5 cards, got 8"):
        prc.evaluate(list(range(8)), "incomplete")


def test_bad_rows_of_8_to_10_cards_are_named():
    good = prc.random_hands(4, 9, seed=2).astype(np.int64)
    bad = good.copy()
    bad[2, 8] = bad[2, 0]
    with pytest.raises(DuplicateCardError, match="row 2: duplicate card"):
        prc.evaluate_batch(bad)
    bad = good.copy()
    bad[3, 5] = 300
    with pytest.raises(InvalidCardError, match="row 3: invalid card id 300"):
        prc.evaluate_batch(bad)
    with pytest.raises(DuplicateCardError):
        prc.evaluate("As Kd Qh Jc 9s 8d 7h As")
    with pytest.raises(InvalidCardError, match="not in the short_deck deck"):
        prc.evaluate("As Kd Qh Jc 9s 8d 7h 2c", "short_deck")


# --------------------------------------------------------- declarations


def test_mississippi_mud_splits_between_the_high_and_the_low_declarers():
    # 004: "Active players declare whether they are competing for high hand
    # or the low hand ... the pot is split between the high and low winners,
    # using ace-to-five ranking."  Seat 1 (kings up) wins high; the wheel
    # (seat 0) beats 6-4-3-2-A for low. 11 chips: the odd one goes high.
    hands = ["As 2d 3h 4s 5c", "Kh Kd 7c 7d 2s", "Ah 2h 3d 4c 6c"]
    got = showdown("Mississippi Mud", hands, pot=11, declarations=["low", "high", "low"])
    assert got == [5, 6, 0]
    # the wheel would also be the best high here, but seat 0 declared low
    assert showdown("Mississippi Mud", hands, pot=11, declarations=["low", "low", "low"]) == [
        11,
        0,
        0,
    ]
    # no "both" in the ace-to-five game: the text's players declare high or low
    with pytest.raises(InvalidArgumentError, match="allows 'high', 'low'"):
        showdown("Mississippi Mud", hands, pot=11, declarations=["both", "high", "low"])


def test_both_ways_must_win_both_ways_or_gets_nothing():
    # 004 (the ace-to-six variation): "A-2-3-4-5 counts as a straight ... A
    # player who goes 'both ways' must win both ways or gets none of the pot."
    # Seat 0's wheel is the best high (a straight) but under ace-to-six a
    # straight is a poor low: 7-6-4-3-2 (seat 2) wins low. Seat 0 gets
    # nothing; the high half goes to the best remaining high, seat 1's kings.
    hands = ["As 2d 3h 4s 5c", "Kh Kd 9c 8d 2s", "7c 6h 4d 3c 2h"]
    got = showdown("Mississippi Mud A-6", hands, pot=20, declarations=["both", "high", "low"])
    assert got == [0, 10, 10]


def test_both_ways_winner_scoops_and_ties_share():
    psycho = "Psycho"
    # seat 0: straight flush for high and 7-5-3-2-A? no: a 7-card stud hand
    # with a wheel: A-2-3-4-5 of hearts is a straight flush (high) and the
    # best A-5 low: declared both, it wins both ways and takes all 15 chips.
    a = "Ah 2h 3h 4h 5h Kc Qd"
    b = "Ks Kd Kh 9c 9d 8s 7c"
    c = "6c 4s 3d 2c 8h Js Td"
    assert showdown(psycho, [a, b, c], pot=15, declarations=["both", "high", "low"]) == [15, 0, 0]
    # A tie one way still counts: seat 0 wheel (both), seat 2 holds a wheel
    # too and declares low. Seat 0 wins high and ties low: high half (8) to
    # seat 0, low half (7) split 4-3 (odd chip to the first seat from the
    # button), so seat 0 gets 8 + 4.
    c2 = "5c 4s 3d 2c As Js Td"
    assert showdown(psycho, [a, b, c2], pot=15, declarations=["both", "high", "low"]) == [12, 0, 3]
    # Losing one way: seat 1 (both) has the best high but seat 2 has a
    # better low; seat 1 gets nothing and seat 0 (high) takes the high half.
    d = "Qs Qh 9h 8c 6d 5d Jd"
    got = showdown(psycho, [d, b, c], pot=15, declarations=["high", "both", "low"])
    assert got == [8, 0, 7]


# "A player who goes 'both ways' must win both ways or gets none of the pot"
# (004). both_ways="win_or_tie" (the default) lets a tie count as a win of
# that half, shared; both_ways="outright" reads "win" strictly: a tie either
# way loses the whole pot, as a loss does.
PSYCHO_WHEEL = "Ah 2h 3h 4h 5h Kc Qd"  # straight flush for high, the wheel for low
PSYCHO_KINGS = "Ks Kd Kh 9c 9d 8s 7c"  # kings full
PSYCHO_WHEEL_LOW = "5c 4s 3d 2c As Js Td"  # a wheel too (a straight for high)


def test_both_ways_outright_a_tie_one_way_loses_the_pot():
    hands = [PSYCHO_WHEEL, PSYCHO_KINGS, PSYCHO_WHEEL_LOW]
    decl = ["both", "high", "low"]
    # win or tie: seat 0 wins high (8 of 15) and ties low (4 of 7, odd chip by seat)
    assert showdown("Psycho", hands, pot=15, declarations=decl) == [12, 0, 3]
    assert showdown("Psycho", hands, pot=15, declarations=decl, both_ways="win_or_tie") == [
        12,
        0,
        3,
    ]
    # outright: the tied low costs seat 0 everything; the kings take the
    # high half, the other wheel the low half
    assert showdown("Psycho", hands, pot=15, declarations=decl, both_ways="outright") == [0, 8, 7]


def test_both_ways_outright_when_nobody_ties_changes_nothing():
    # the text's Mississippi Mud A-6 case and a clean scoop
    hands = ["As 2d 3h 4s 5c", "Kh Kd 9c 8d 2s", "7c 6h 4d 3c 2h"]
    for rule in ("win_or_tie", "outright"):
        got = showdown(
            "Mississippi Mud A-6",
            hands,
            pot=20,
            declarations=["both", "high", "low"],
            both_ways=rule,
        )
        assert got == [0, 10, 10]
    clean = [PSYCHO_WHEEL, PSYCHO_KINGS, "6c 4s 3d 2c 8h Js Td"]
    got = showdown(
        "Psycho", clean, pot=15, declarations=["both", "high", "low"], both_ways="outright"
    )
    assert got == [15, 0, 0]


def test_two_players_tied_both_ways():
    # the same wheel both ways for seats 0 and 1; seat 2 (two pair) goes high
    hands = ["As 2d 3c 4h 5s Kc Qd", "Ah 2c 3d 4s 5h Kd Qc", "Ks Kh 9s 9h 8c 7c 6d"]
    decl = ["both", "both", "high"]
    # win or tie: the two wheels share both halves, 3 + 3 each
    assert showdown("Psycho", hands, pot=12, declarations=decl) == [6, 6, 0]
    # outright: each tied the other both ways, so both lose; seat 2 is the
    # only contender left and takes the whole pot
    assert showdown("Psycho", hands, pot=12, declarations=decl, both_ways="outright") == [0, 0, 12]
    # with nobody else, the pot stays for the next deal
    got = showdown("Psycho", hands[:2], pot=10, declarations=["both", "both"], both_ways="outright")
    assert got == [0, 0]


def test_both_ways_is_judged_against_every_contender_at_once():
    # Seats 0 and 1 declare both and hold the same seven-high straight flush;
    # seat 0 has the wheel for low, seat 1 only 7-6-5-4-3, so seat 1 fails
    # either way. Seat 0 tied seat 1's high: that counts as a win under
    # "win_or_tie", and as a tie under "outright" although seat 1 itself
    # fails (every declaration is judged against the hands as declared, at
    # once), so seat 2 (low) takes the pot.
    hands = ["7h 6h 5h 4h 3h Ac 2d", "7s 6s 5s 4s 3s Kc Kd", "6c 4c 3c 2c 8d Js Td"]
    decl = ["both", "both", "low"]
    assert showdown("Psycho", hands, pot=10, declarations=decl) == [10, 0, 0]
    assert showdown("Psycho", hands, pot=10, declarations=decl, both_ways="outright") == [0, 0, 10]


def test_bad_both_ways_are_refused():
    hands = ["As 2d 3h 4s 5c 9d Th", "Kh Kd 9c 8d 2s 3c 4c"]
    decl = ["high", "low"]
    with pytest.raises(InvalidOptionError, match="invalid both_ways='strict'"):
        showdown("Psycho", hands, pot=4, declarations=decl, both_ways="strict")
    with pytest.raises(OptionTypeError, match="both_ways must be 'win_or_tie' or 'outright'"):
        showdown("Psycho", hands, pot=4, declarations=decl, both_ways=True)
    with pytest.raises(InvalidArgumentError, match="Mississippi Mud has no 'both' declaration"):
        showdown(
            "Mississippi Mud",
            [h[:14] for h in hands],
            pot=4,
            declarations=decl,
            both_ways="outright",
        )
    with pytest.raises(InvalidArgumentError, match="Seven-card Stud has no 'both'"):
        showdown("Seven-card Stud", hands, pot=4, both_ways="win_or_tie")
    with pytest.raises(InvalidArgumentError, match="not a ranking"):
        showdown("high", hands, pot=4, both_ways="outright")


def test_everyone_declares_one_way_and_everyone_fails_both():
    hands = ["As 2d 3h 4s 5c 9d Th", "Kh Kd 9c 8d 2s 3c 4c", "7c 6h 4d 3d 2h Jc Js"]
    decl_low = ["low"] * 3
    # all low: the best low (seat 0's wheel) takes the whole pot
    assert showdown("Psycho", hands, pot=9, declarations=decl_low) == [9, 0, 0]
    # all high: seat 0's straight beats kings and jacks
    assert showdown("Psycho", hands, pot=9, declarations=["high"] * 3) == [9, 0, 0]
    # Two players, both declare both; each wins one way: both get nothing,
    # the pot stays for the next deal.
    two = ["Kh Kd Ks 9c 8d Qs Jh", "7c 6h 4d 3d 2h Tc 9s"]
    assert showdown("Psycho", two, pot=10, declarations=["both", "both"]) == [0, 0]
    # one of them fails, the other declared high: the high hand takes it all
    assert showdown("Psycho", two, pot=10, declarations=["high", "both"]) == [10, 0]


def test_dakota_lowest_face_down_card_is_wild_for_high_only():
    # 004: "Each player's lowest face down card is wild for the high hand.
    # There are no wild cards for the low hand." (and "any others of the
    # same rank are wild for that player only")
    dakota = variant("Dakota")
    hand = "4c 9d Ks 4h Kd Kh 7s"  # face down: 4c 9d Ks; up: 4h Kd Kh 7s
    high, low = dakota.evaluate(hand, down="4c 9d Ks")
    # both fours are wild: three kings and two wild cards = five kings
    assert prc.describe(high, prc.ranking("high", wild="4")) == "Five of a Kind, Kings"
    # the low has no wild card: 9-7-4-K-K... the best A-5 low of the seven
    assert low == prc.evaluate(hand, "ace_five")
    # with 9d Ks 7s face down the seven is wild instead (one card): four kings
    high2, _ = dakota.evaluate(hand, down="9d Ks 7s")
    assert prc.category(high2, prc.ranking("high", wild="7")) == prc.Category.FOUR_OF_A_KIND
    # in the pot: seat 0 declares high with five kings, seat 1 high with a
    # natural straight flush (below five of a kind), seat 2 low
    hands = [hand, "9s 8s 7h 6s 5s Ts 2c", "Ac 2d 3c 5h 6h Qc Jc"]
    downs = ["4c 9d Ks", "9s 8s 2c", "Ac Qc Jc"]
    got = showdown("Dakota", hands, pot=30, declarations=["high", "high", "low"], down=downs)
    assert got == [15, 0, 15]


def test_mexican_stud_face_down_card_wild_has_its_own_name():
    # The usual home rule on top of 004's game: the face-down card, and every
    # card of its rank, is wild for its owner's high hand.
    hands = ["2c 2d Ah Kd Qs", "9s 9h 9c Ad 3s"]
    # seat 0: both deuces wild with A-K-Q, an ace-high straight; seat 1: the
    # three is wild, four nines
    mexican = variant("Mexican Stud (down card wild)")
    assert mexican is prc.variants.MEXICAN_STUD_DOWN_WILD and mexican.down_wild
    for alias in ("mexican stud down wild", "Mexican Stud Wild", "stud loco down wild"):
        assert variant(alias) is mexican
    high0, _ = mexican.evaluate(hands[0], down="2c")
    assert high0 == prc.evaluate("Ah Kd Qs Jc Td")
    assert showdown(mexican, hands, pot=10, down=["2c", "3s"]) == [0, 10]
    # the ace face down: aces are wild (just that one), so three deuces
    high1, _ = mexican.evaluate(hands[0], down="Ah")
    assert prc.category(high1, prc.ranking("high", wild="A")) == prc.Category.THREE_OF_A_KIND
    # against trip nines (the three wild) the straight wins
    other = ["2c 2d Ah Kd Qs", "9s 9h 8c 7d 3s"]
    assert showdown(mexican, other, pot=10, down=["2c", "3s"]) == [10, 0]
    with pytest.raises(InvalidArgumentError, match="face-down cards"):
        showdown(mexican, other, pot=10)


def test_mexican_stud_is_the_rule_texts_game_without_a_wild_card():
    # 004's Mexican Stud: "four cards face up and one face down ... a
    # showdown" -- the text names no wild card, so the plain name plays so.
    plain = variant("Mexican Stud")
    assert plain in prc.VARIANTS and plain is not variant("Mexican Stud (down card wild)")
    assert plain is prc.variants.MEXICAN_STUD is prc.variants.MEXICAN_STUD_NO_WILD
    for alias in (
        "stud loco",
        "Mexican Stud (no wild)",
        "mexican stud no wild",
        "Mexican Stud Natural",
        "stud loco no wild",
    ):
        assert variant(alias) is plain
    assert not plain.down_wild and plain.hole_cards == (5,) and plain.low is None
    hands = ["2c 2d Ah Kd Qs", "9s 9h 8c 7d 3s"]
    # without the wild card a pair of deuces loses to the nines; with it,
    # seat 0's deuces make a straight
    assert showdown("Mexican Stud", hands, pot=10) == [0, 10]
    assert showdown("Mexican Stud (down card wild)", hands, pot=10, down=["2c", "3s"]) == [10, 0]
    assert plain.evaluate(hands[0]) == (prc.evaluate(hands[0]), None)
    # a caller who gives face-down cards is told where the wild game went
    for call in (
        lambda: showdown(plain, hands, pot=10, down=["2c", "3s"]),
        lambda: plain.evaluate(hands[0], down="2c"),
    ):
        with pytest.raises(InvalidArgumentError, match="no rule for face-down cards") as info:
            call()
        assert "'Mexican Stud (down card wild)'" in str(info.value)
    # other games without face-down wild cards get no such note
    with pytest.raises(InvalidArgumentError) as info:
        showdown("Roll Your Own", hands, pot=10, down=["2c", "3s"])
    assert "down card wild" not in str(info.value)
    with pytest.raises(HandSizeError, match="a hand has 5 cards, got 7"):
        showdown(plain, ["2c 2d Ah Kd Qs 3c 4c", "9s 9h 8c 7d 3s 4d 5d"], pot=10)


def test_pick_a_partner_up_cards_must_play():
    # 004: "Each partnership combines their remaining eight cards and selects
    # three of them to use with their two upcards to form a poker hand."
    # Team 0's up-cards are two aces; among the eight other cards are four
    # kings, but only three can join the aces: a full house, not four kings.
    team0 = "As Ad Kc Kd Kh Ks 2c 3d 7h 8s"
    team1 = "Qs Qd Qc Qh 4c 5d 6h 9s Tc Jd"
    g = variant("Pick a Partner")
    high, _ = g.evaluate(team0, up="As Ad")
    assert prc.category(high) == prc.Category.FULL_HOUSE
    assert prc.evaluate(team0) > high  # four kings, without the rule
    # Team 1's up-cards are the queens of spades and diamonds: four queens
    assert showdown("Pick a Partner", [team0, team1], pot=10, up=["As Ad", "Qs Qd"]) == [0, 10]
    # with low up-cards team 1 can still add three of its queens
    high1, _ = g.evaluate(team1, up="4c 5d")
    assert prc.category(high1) == prc.Category.THREE_OF_A_KIND
    # after the three are chosen, a team's five cards simply play
    assert g.evaluate("As Ad Kc Kd Kh") == (prc.evaluate("As Ad Kc Kd Kh"), None)
    with pytest.raises(InvalidArgumentError, match="up="):
        g.evaluate(team0)
    with pytest.raises(HandSizeError, match="2 face-up cards must play, got 1"):
        g.evaluate(team0, up="As")
    with pytest.raises(InvalidArgumentError, match="face-up card Qs is not in the hand"):
        g.evaluate(team0, up="As Qs")


def test_roll_your_own_is_seven_card_stud_high():
    # 004: "a showdown in which the highest hand wins the pot"
    hands = ["As Ad Kc Kd 2h 7s 9c", "Qs Qd Qc 3h 4d 8c Th"]
    assert showdown("Roll Your Own", hands, pot=7) == [0, 7]
    assert variant("roll-your-own") is variants.ROLL_YOUR_OWN


# ------------------------------------------------------- text 003 games


def test_omaha_hi_lo_example_flush_and_a_six_low():
    # 003: "This player has a club flush A-8-6-4-2 for high ... The low hand
    # is 6-4-3-2-A using the 2 and either a 6 or the 4 from the player's
    # hand." (the cards were pictures; these fit the words)
    hole, board = "2c 8c 6h 4d", "Ac 6c 4c 3d Kh"
    high, low = variant("Omaha Hi-Lo 8").evaluate(hole, board)
    assert high == prc.evaluate("Ac 8c 6c 4c 2c")
    assert low == prc.evaluate("6h 4c 3d 2c Ac", "ace_five_8")


def test_stud_hi_lo_low_omits_the_ten_and_a_six():
    # 003: "10-8-6-6-3-2-A can omit the 10 and one of the 6's to create a
    # qualifying hand for low."
    _, low = variant("Stud Hi-Lo 8").evaluate("Td 8c 6h 6s 3d 2c Ah")
    assert low == prc.evaluate("8c 6h 3d 2c Ah", "ace_five_8") > 0


@pytest.mark.parametrize(
    "name, holes, low",
    [
        ("Big O", 5, "ace_five_8"),
        ("Courchevel", 5, None),
        ("Six-card Omaha", 6, None),
        ("Six-card Omaha Hi-Lo 8", 6, "ace_five_8"),
    ],
)
def test_five_and_six_card_omaha_use_exactly_two_hole_cards(name, holes, low):
    # 003: "hands must use exactly two private cards and three board cards"
    v = variant(name)
    assert v.hole_cards == (holes,) and v.omaha and v.low == low
    hole = "As Ks Qs Js 2c 3c"[: 3 * holes - 1]
    board = "Ts 9s 8d 7d 4h"
    high, _ = v.evaluate(hole, board)
    # four spades in the hand and two on the board make no flush (two hole
    # cards only): Q-J with T-9-8, a straight
    assert high == prc.evaluate_omaha(hole, board) == prc.evaluate("Qs Js Ts 9s 8d")


def test_binglao_die_roll_picks_the_game():
    # 003: "The result of the roll determines how many private cards will be
    # dealt to each player and whether the game will be High or High-Low 8"
    games = [binglao(r) for r in range(1, 7)]
    assert [g.hole_cards[0] for g in games] == [4, 4, 5, 5, 6, 6]
    assert [g.low for g in games] == [None, "ace_five_8"] * 3
    with pytest.raises(InvalidArgumentError, match="1..6, got 7"):
        binglao(7)
    with pytest.raises(TypeError):
        binglao("3")  # type: ignore[arg-type]
    hands = ["As 2s 3d Kh", "Ks Kd Qc Jc 9h"]  # a 4-card and a 5-card hand
    got = showdown("Binglao Hi-Lo 8", hands, board="Kc 4h 5d 8s Qh", pot=10)
    assert got == [5, 5]  # seat 1 three kings high, seat 0 the low


@pytest.mark.parametrize(
    "name",
    [
        "Razz",
        "Stud Hi-Lo 8",
        "Big O",
        "Courchevel",
        "Six-card Omaha",
        "Six-card Omaha Hi-Lo 8",
        "Binglao",
        "Binglao Hi-Lo 8",
        "Roll Your Own",
        "Dakota",
        "Mexican Stud",
        "Mexican Stud (down card wild)",
        "Mississippi Mud",
        "Mississippi Mud A-6",
        "Pick a Partner",
        "Psycho",
    ],
)
def test_every_named_game_is_a_variant(name):
    v = variant(name)
    assert v in prc.VARIANTS and variant(name.upper()) is v


# ------------------------------------------------------------ bad input


def test_bad_declarations_are_refused():
    hands = ["As 2d 3h 4s 5c 9d Th", "Kh Kd 9c 8d 2s 3c 4c"]
    with pytest.raises(InvalidArgumentError, match="seat 1 declared 'middle'"):
        showdown("Psycho", hands, pot=4, declarations=["high", "middle"])
    with pytest.raises(InvalidArgumentError, match="one entry per hand"):
        showdown("Psycho", hands, pot=4, declarations=["high"])
    with pytest.raises(TypeError, match="seat 0's declaration must be a str"):
        showdown("Psycho", hands, pot=4, declarations=[1, "low"])
    with pytest.raises(TypeError, match="sequence in seat order"):
        showdown("Psycho", hands, pot=4, declarations="high")
    with pytest.raises(InvalidArgumentError, match="played with declarations"):
        showdown("Psycho", hands, pot=4)
    with pytest.raises(InvalidArgumentError, match="has no declarations"):
        showdown("Seven-card Stud", hands, pot=4, declarations=["high", "low"])
    with pytest.raises(InvalidArgumentError, match="not a ranking"):
        showdown("high", hands, pot=4, declarations=["high", "low"])
    # case and spaces are forgiven
    assert showdown("Psycho", hands, pot=4, declarations=[" HIGH", "Low"]) == [2, 2]


def test_bad_face_down_cards_are_refused():
    hands = ["2c 2d Ah Kd Qs", "9s 9h 9c Ad 3s"]
    with pytest.raises(InvalidArgumentError, match="pass down="):
        showdown("Mexican Stud (down card wild)", hands, pot=10)
    with pytest.raises(InvalidArgumentError, match="face-down card 3s is not in the hand"):
        showdown("Mexican Stud (down card wild)", hands, pot=10, down=["3s", "3s"])
    with pytest.raises(InvalidArgumentError, match="no rule for face-down cards"):
        showdown("Seven-card Stud", ["As Ad Kc Kd 2h", "Qs Qd Qc 3h 4d"], pot=10, down=["As", "Qs"])
    with pytest.raises(InvalidArgumentError, match="give the player's face-down cards"):
        variant("Dakota").evaluate("4c 9d Ks 4h Kd Kh 7s", down="")


def test_variant_home_fields_are_checked():
    with pytest.raises(InvalidOptionError, match="declare"):
        Variant("x", (5,), declare=("high", "low"))  # no low ranking
    with pytest.raises(InvalidOptionError, match="declare"):
        Variant("x", (5,), low="ace_five", declare=("high", "sideways"))
    with pytest.raises(OptionTypeError):
        Variant("x", (5,), down_wild=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="must_use_up"):
        Variant("x", (5,), must_use_up=6)
    with pytest.raises(InvalidOptionError, match="1 to 10 cards"):
        Variant("x", (6,), (5,))


def test_showdown_without_the_new_keywords_is_unchanged():
    assert showdown("Hold'em", ["As Ad", "Kc Kd"], "2c 7d 9h Js 3s", 100) == [100, 0]
    assert showdown(
        "Omaha Hi-Lo 8",
        ["As 2d Kh Kc", "3c 4d Qh Qs", "Ah 2s 7h 7c"],
        board="5c 6d Jh Ks 8s",
        pot=101,
    ) == [76, 0, 25]
