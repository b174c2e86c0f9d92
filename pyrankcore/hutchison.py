"""Edward Hutchison's point counts for Omaha starting hands.

Two published systems, each a sum of simple parts of a four-card hand:

``"Omaha"`` (high): the *Hutchison Point Count System for Omaha Poker* as
the author published it on his own pages (hutchisonpoker.com/Omaha.htm,
formerly erh.homestead.com/omaha.html):

1. Suits: for each suit held two or more times, points by the highest card
   of that suit: A 8, K 6, Q 5, J 4, T or 9 3, 8 2, 7 or lower 1; deduct 2
   for a suit held more than twice.
2. Pairs: for each pair, A 18, K 16, Q 14, J 13, T 12, 9 10, 8 8, 7 or
   lower 7; three or four of a rank earn no pair points.
3. Straights: cards with no more than a three-card gap between them earn
   25 (four cards), 18 (three) or 8 (two), less 2 a gap (at most 6), less 4
   when an Ace is used; an Ace with one wheel card (2 to 5) adds 6, with two
   or more 12.

The claim: the total, divided by two, approximates the hand's win
percentage (share of pots, ties split) played to the end against nine
opponents, found with Mike Caro's Poker Probe at 50,000 deals a hand. An
earlier edition (copied at scribd.com and thepokerforum.com, 25,000 deals)
used half the points (A suited 4, pair of Aces 9, ...), a different
straight table, and claimed the total itself is within one point of the win
percentage for about 70% of hands; :attr:`HutchisonCount.win_percent`
follows the later edition (total / 2).

``"Omaha Hi-Lo"``: the *Hutchison Point Count System for Omaha High-Low
Poker* (Canadian Poker Monthly, December 1997; ehutchison.homestead.com):

* High-only hands: four cards Ten or higher with two pair, a pair and two
  suited cards, or two suits held twice each, and no three of a rank
  (:attr:`HutchisonCount.high_only`).
* 1. The two lowest ranks (Ace low): A-2 20, A-3 17, A-4 13, A-5 10, 2-3 15,
  2-4 12, 3-4 11, 4-5 8, other 0. 2. The other ranks ("kickers"), each rank
  once and none that repeats step 1: 3 9, 4 6, 5 4, J/Q/K 2, 6 or T 1
  (four of a kind has one rank, step 1's: no kicker points).
  3. Pairs: A 8, K 6, Q 5, J 2, 2 3, T/4/3 1; half for three of a rank,
  none for four. 4. Suits held twice, by their highest card: A 4, K 3, Q or
  J 2, T/9/8 1; half for a suit held three times, none for four.

Its claim is a threshold, not a percentage: a random hand wins about 10%
of the pots ten-handed, and the hands the count calls playable win at
least 15% of them. The play line used here, more than 20 points (or a
high-only hand), is the one the article's summaries quote
(:attr:`HutchisonCount.playable`); more than 30 points is its line for
considering a raise (:attr:`HutchisonCount.consider_raising`).

Rulings where the text leaves a choice (each one is tested):

* Straights (high): "no more than a three-card gap" is read as at most
  three ranks missing inside a group (K-Q-J-8 is one group, less 4; K-T-6-2
  is not, though no two neighbours are more than three apart). The distinct
  ranks, Ace high, are cut into runs of neighbours in the way that earns
  the most, and every run of two or more cards within the gap limit scores
  (K-Q-5-4: 8 + 8). An Ace with wheel cards takes the wheel points
  instead of the wheel cards being scored again (the author's As 3s Kd 4d:
  12 for A-3-4 and 4 for A-K). A group whose deductions exceed its points
  adds nothing (A-T would be 8 - 6 - 4 = -2): the step adds straight value.
* The author's worked example As Kd Qh Ts is given 23 straight points and
  31 in all; his rule gives 25 - 2 - 4 = 19 and 27 (the example leaves out
  the Ace deduction). This module follows the rule.
* One copy of the hi-lo tables gives 4 points to a Six or Ten kicker; the
  author's article gives 1.

Measured agreement (``python bench/hutchison_agreement.py``, whose defaults
are this setup: ``--hands 400 --seed 1 --trials 40000 --threads 2 --game
both``, i.e. 400 random hands, 40,000 deals each against nine random hands,
pyrankcore's equity; 3 minutes on 2 threads of an AMD EPYC):

* Omaha: points and equity correlate 0.77; total / 2 is 0.13 points below
  the equity on average (mean absolute difference 1.47) and within one
  point of it for 42% of hands, not the 70% the earlier edition claimed.
  The author's examples: AsKsAhKh 27 claimed, 26.4 measured; 9s8s9d8d 16
  and 15.8; QsQd9h9c 14 and 14.8; As3sKd4d 15 and 14.8; AsKdQhTs 13.5 (his
  text: 15.5) and 16.2. Reading the gap limit between neighbours only
  (K-T-6-2 one group) agrees less: correlation 0.75, 39% within one point.
* Omaha Hi-Lo: points and equity correlate 0.91; of the 61 hands called
  playable, 69% win at least 15% of the pots (mean 16.6%); of the other
  339, 99.7% win less (mean 8.8%).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pyrankcore import _catalogue, _core
from pyrankcore.errors import HandSizeError, InvalidCardError, UnknownGameError

if TYPE_CHECKING:
    from pyrankcore._typing import CardsLike
    from pyrankcore.variants import Variant

__all__ = ["HutchisonCount", "hutchison_points"]

ACE = 14
DECK_SIZE = 52  # ids 52 and 53 are jokers
TEN = 10

# Omaha high (the author's pages; the later, doubled edition).
HIGH_SUIT_POINTS = {14: 8, 13: 6, 12: 5, 11: 4, 10: 3, 9: 3, 8: 2}
HIGH_SUIT_LOW_CARD = 1  # highest card of the suit 7 or lower
HIGH_SUIT_LONG_DEDUCTION = 2  # a suit held more than twice
HIGH_PAIR_POINTS = {14: 18, 13: 16, 12: 14, 11: 13, 10: 12, 9: 10, 8: 8}
HIGH_PAIR_LOW_PAIR = 7  # sevens or lower
STRAIGHT_GROUP_POINTS = {2: 8, 3: 18, 4: 25}
STRAIGHT_MAX_GAP = 3  # ranks missing inside one group
STRAIGHT_GAP_DEDUCTION = 2
STRAIGHT_MAX_GAP_DEDUCTION = 6  # the text's cap; three gaps at most reach it exactly
STRAIGHT_ACE_DEDUCTION = 4
WHEEL_RANKS = frozenset({2, 3, 4, 5})
WHEEL_POINTS = {1: 6, 2: 12, 3: 12}  # by the number of wheel ranks beside the Ace

# Omaha Hi-Lo (Canadian Poker Monthly, December 1997).
LOW_PAIR_POINTS = {
    (1, 2): 20,
    (1, 3): 17,
    (1, 4): 13,
    (1, 5): 10,
    (2, 3): 15,
    (2, 4): 12,
    (3, 4): 11,
    (4, 5): 8,
}
KICKER_POINTS = {3: 9, 4: 6, 5: 4, 11: 2, 12: 2, 13: 2, 6: 1, 10: 1}
HILO_PAIR_POINTS = {14: 8, 13: 6, 12: 5, 11: 2, 2: 3, 10: 1, 4: 1, 3: 1}
HILO_SUIT_POINTS = {14: 4, 13: 3, 12: 2, 11: 2, 10: 1, 9: 1, 8: 1}
# The article's lines: play with more than 20 points, consider raising with
# more than 30.
HILO_PLAY_LINE = 20
HILO_RAISE_LINE = 30
# The share of the pair or suit points kept with 2, 3 or 4 cards of it.
HILO_SHARE_BY_COUNT = {2: 1.0, 3: 0.5, 4: 0.0}

OMAHA = "Omaha"
OMAHA_HI_LO = "Omaha Hi-Lo"


@dataclass(frozen=True)
class HutchisonCount:
    """A hand's Hutchison point count: the total and its parts.

    ``game`` is "Omaha" or "Omaha Hi-Lo". Omaha: ``total = suits + pairs +
    straights``. Omaha Hi-Lo: ``total = low_cards + kickers + pairs +
    suits``, and ``high_only`` says whether the hand qualifies as a
    playable high-only hand. Parts a system does not have are 0.
    """

    game: str
    total: float
    suits: float
    pairs: float
    straights: float = 0.0
    low_cards: float = 0.0
    kickers: float = 0.0
    high_only: bool = False

    @property
    def playable(self) -> bool | None:
        """Omaha Hi-Lo: the article's play line, more than 20 points (or a
        high-only hand); None for Omaha, whose count predicts a percentage."""
        if self.game != OMAHA_HI_LO:
            return None
        return self.total > HILO_PLAY_LINE or self.high_only

    @property
    def consider_raising(self) -> bool | None:
        """Omaha Hi-Lo: the article's raise line, more than 30 points;
        None for Omaha."""
        return self.total > HILO_RAISE_LINE if self.game == OMAHA_HI_LO else None

    @property
    def win_percent(self) -> float | None:
        """Omaha: the win percentage the count predicts (total / 2) against
        nine opponents; None for Omaha Hi-Lo, whose count is a threshold."""
        return self.total / 2 if self.game == OMAHA else None

    def __repr__(self) -> str:
        if self.game == OMAHA:
            parts = [("suits", self.suits), ("pairs", self.pairs), ("straights", self.straights)]
        else:
            parts = [
                ("low_cards", self.low_cards),
                ("kickers", self.kickers),
                ("pairs", self.pairs),
                ("suits", self.suits),
            ]
        text = ", ".join(f"{name}={_number(value)}" for name, value in parts)
        extra = f", high_only={self.high_only}" if self.game == OMAHA_HI_LO else ""
        return f"HutchisonCount({self.game!r}, total={_number(self.total)}, {text}{extra})"


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def hutchison_points(hand: CardsLike, game: str | Variant = OMAHA) -> HutchisonCount:
    """Edward Hutchison's point count of a four-card Omaha starting hand.

    >>> hutchison_points("As Ks Ah Kh")
    HutchisonCount('Omaha', total=54, suits=16, pairs=34, straights=4)
    >>> hutchison_points("As 2s 3d Kd", "Omaha Hi-Lo").total
    38.0

    Parameters
    ----------
    hand
        Four cards, as :func:`pyrankcore.parse_cards` accepts them.
    game
        "Omaha" (the high system) or "Omaha Hi-Lo" (the hi-lo system); any
        name or :class:`~pyrankcore.Variant` of those two games is accepted.

    Returns
    -------
    HutchisonCount
        The total and its parts. The scales and the rulings are in the
        module docstring.

    Raises
    ------
    HandSizeError
        Not exactly four cards.
    InvalidCardError, DuplicateCardError
        A bad card (a joker included), or a card twice.
    UnknownGameError
        A game other than Omaha or Omaha Hi-Lo 8.
    TypeError
        Arguments of the wrong type.
    """
    system = _system(game)
    ids = _core.parse_cards(hand)
    if len(ids) != 4:
        raise HandSizeError(f"a Hutchison point count needs 4 cards, got {len(ids)}")
    for card in ids:
        if card >= DECK_SIZE:
            raise InvalidCardError(f"Omaha has no jokers: {_core.format_cards([card])}")
    ranks = [card // 4 + 2 for card in ids]
    suits = [card % 4 for card in ids]
    if system == OMAHA:
        return _omaha_high(ranks, suits)
    return _omaha_hi_lo(ranks, suits)


def _system(game: object) -> str:
    """The point system of *game*: a name or Variant of Omaha or Omaha Hi-Lo 8."""
    found = _catalogue.lookup(game)
    if found == _catalogue.OMAHA:
        return OMAHA
    if found == _catalogue.OMAHA_HI_LO:
        return OMAHA_HI_LO
    raise UnknownGameError(
        f"the Hutchison point count covers Omaha and Omaha Hi-Lo 8, not {found.name}"
    )


def _suit_groups(ranks: list[int], suits: list[int]) -> list[list[int]]:
    """The ranks held in each suit held at least twice."""
    by_suit: dict[int, list[int]] = {}
    for rank, suit in zip(ranks, suits):
        by_suit.setdefault(suit, []).append(rank)
    return [group for group in by_suit.values() if len(group) >= 2]


def _omaha_high(ranks: list[int], suits: list[int]) -> HutchisonCount:
    suit_points = 0
    for group in _suit_groups(ranks, suits):
        suit_points += HIGH_SUIT_POINTS.get(max(group), HIGH_SUIT_LOW_CARD)
        if len(group) > 2:
            suit_points -= HIGH_SUIT_LONG_DEDUCTION
    counts = Counter(ranks)
    pair_points = sum(
        HIGH_PAIR_POINTS.get(rank, HIGH_PAIR_LOW_PAIR) for rank, n in counts.items() if n == 2
    )
    straight_points = _straight_points(set(counts))
    return _count(OMAHA, suits=suit_points, pairs=pair_points, straights=straight_points)


def _count(game: str, *, high_only: bool = False, **parts: float) -> HutchisonCount:
    """The count of *game* whose total is the sum of its *parts*, added in
    the order given (the article's)."""
    points = {name: float(value) for name, value in parts.items()}
    return HutchisonCount(game, sum(points.values()), high_only=high_only, **points)


def _straight_points(distinct: set[int]) -> int:
    points = 0
    if ACE in distinct:
        wheel = distinct & WHEEL_RANKS
        if wheel:
            # The wheel cards count with the Ace here, not again below.
            points += WHEEL_POINTS[len(wheel)]
            distinct = distinct - wheel
    return points + _best_split(sorted(distinct, reverse=True))


def _best_split(ordered: list[int]) -> int:
    """The most straight points the ranks (highest first) earn when cut into
    runs of neighbours, each run scored as one group."""
    best = _group_points(ordered)
    for cut in range(1, len(ordered)):
        best = max(best, _group_points(ordered[:cut]) + _best_split(ordered[cut:]))
    return best


def _group_points(group: list[int]) -> int:
    if len(group) < 2:
        return 0
    gaps = group[0] - group[-1] + 1 - len(group)
    if gaps > STRAIGHT_MAX_GAP:
        return 0
    value = STRAIGHT_GROUP_POINTS[len(group)]
    value -= min(STRAIGHT_GAP_DEDUCTION * gaps, STRAIGHT_MAX_GAP_DEDUCTION)
    if ACE in group:
        value -= STRAIGHT_ACE_DEDUCTION
    return max(value, 0)


def _omaha_hi_lo(ranks: list[int], suits: list[int]) -> HutchisonCount:
    counts = Counter(ranks)
    suit_groups = _suit_groups(ranks, suits)
    high_only = (
        min(ranks) >= TEN
        and max(counts.values()) <= 2
        and (
            sorted(counts.values()) == [2, 2]
            or (2 in counts.values() and bool(suit_groups))
            or sorted(len(g) for g in suit_groups) == [2, 2]
        )
    )
    low_ranks = sorted({1 if rank == ACE else rank for rank in ranks})
    lowest_two = (low_ranks[0], low_ranks[1]) if len(low_ranks) >= 2 else None
    low_points = LOW_PAIR_POINTS.get(lowest_two, 0) if lowest_two else 0
    # Step one's cards earn no kicker points ("Do not award any kicker pts.
    # for a card that duplicates a card used in step one"); four of a kind
    # has one rank, whose two lowest cards are step one's (a pair: 0).
    used = set(low_ranks[:2])
    kicker_points = sum(KICKER_POINTS.get(rank, 0) for rank in low_ranks if rank not in used)
    pair_points = sum(
        HILO_PAIR_POINTS.get(rank, 0) * HILO_SHARE_BY_COUNT[n]
        for rank, n in counts.items()
        if n >= 2
    )
    suit_points = sum(
        HILO_SUIT_POINTS.get(max(group), 0) * HILO_SHARE_BY_COUNT[len(group)]
        for group in suit_groups
    )
    return _count(
        OMAHA_HI_LO,
        high_only=high_only,
        low_cards=low_points,
        kickers=kicker_points,
        pairs=pair_points,
        suits=suit_points,
    )
