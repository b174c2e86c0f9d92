"""Suit orders, suit tie-breaks and the "no unbeatable hand" rules.

Standard poker ranks no suit: hands equal apart from their suits tie, and
:func:`pyrankcore.evaluate` stays exactly that, a total order of strengths
("larger wins, equal ties") with no suit in it. This module adds the house
rules of the rule text (shared/rules/, "Ranking of suits" and "No
Unbeatable Hand") as a layer above the strengths:

* :data:`SUIT_ORDERS`: every suit order the text names, highest suit first,
  by name ("spades-hearts-diamonds-clubs" is the standard one), with the
  regions the text gives as aliases ("italy", "germany", ...).
* :class:`SuitRule`: a suit order plus one of the text's three tie-breaks for
  hands equal apart from suit; :func:`suited_strength` turns a hand into a
  wider integer (:data:`SUITED_DTYPE`, uint32) that orders such hands. The
  same rule as a ranking option, ``ranking("high", suit_tiebreak=...,
  suit_order=...)``, makes :func:`pyrankcore.evaluate` and
  :func:`pyrankcore.evaluate_batch` return these values natively (this
  module stays the slow reference they are tested against).
* ``unbeatable="italian"`` or ``"greek"`` in :func:`compare`, :func:`winners`
  and :func:`pyrankcore.showdown`: the minimum straight flush beats the
  maximum one (Italy); the Imperial Flush, A-K-Q-J-10 of hearts, loses only
  to four of a kind of the deck's lowest rank (Greece). These rules make
  cycles (a beats b beats c beats a), which no strength can express, so they
  live only in the functions that compare hands; ``evaluate`` ignores them.

>>> from pyrankcore.suits import SuitRule, compare
>>> rule = SuitRule(suit_tiebreak="main_group")            # spades high
>>> compare("8s 8c Jd 9c 3d", "8h 8d Js 9h 3c", suit_rule=rule)   # the 8 of spades
1
>>> compare("8s 8c Jd 9c 3d", "8h 8d Js 9h 3c")            # standard poker: a tie
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from pyrankcore import _core, games
from pyrankcore._args import whole_number
from pyrankcore._rankings import (
    ACE,
    DEFAULT_SUIT_ORDER,
    SUIT_ORDER_ALIASES,
    SUIT_ORDERS,
    SUIT_TIEBREAKS,
    Ranking,
    resolve_suit_order,
    show_value,
    suit_order_ranks,
)
from pyrankcore.errors import (
    InvalidArgumentError,
    InvalidOptionError,
    OptionTypeError,
)
from pyrankcore.games import ResolvedGame
from pyrankcore.hands import Category, best_five, category
from pyrankcore.seats import parse_seats
from pyrankcore.variants import evaluate_seat

if TYPE_CHECKING:
    from pyrankcore._typing import CardsLike, Game

__all__ = [
    "DEFAULT_SUIT_ORDER",
    "SUITED_DTYPE",
    "SUIT_KEY_BITS",
    "SUIT_ORDERS",
    "SUIT_ORDER_ALIASES",
    "SUIT_TIEBREAKS",
    "UNBEATABLE_RULES",
    "SuitRule",
    "compare",
    "resolve_suit_order",
    "split_suited",
    "suit_ranks",
    "suited_strength",
    "winners",
]

# SUIT_ORDERS, SUIT_ORDER_ALIASES, SUIT_TIEBREAKS and resolve_suit_order live
# in pyrankcore._rankings (a Ranking checks its suit options with them).
UNBEATABLE_RULES = ("italian", "greek")

# suited_strength = strength << SUIT_KEY_BITS | suit key: five suits of 2 bits.
SUIT_KEY_BITS = 10
# Strengths are uint16, so suited strengths need 26 bits: uint32 holds them.
SUITED_DTYPE = "uint32"


def _value_error(option: str, value: object, allowed: str) -> InvalidOptionError:
    return InvalidOptionError(f"invalid {option}={show_value(value)}; {option} must be {allowed}")


@cache
def _ranks_of(name: str) -> tuple[int, int, int, int]:
    # Card ids number suits c, d, h, s = 0..3; the highest suit gets 3.
    return suit_order_ranks(name)


def suit_ranks(suit_order: str = DEFAULT_SUIT_ORDER) -> tuple[int, int, int, int]:
    """Rank of each suit under *suit_order* (3 = highest), indexed by the
    card id's suit (c, d, h, s = 0..3).

    >>> suit_ranks()                  # the standard order is the card ids' own
    (0, 1, 2, 3)
    >>> suit_ranks("germany")         # clubs high, diamonds low
    (3, 0, 1, 2)
    """
    return _ranks_of(resolve_suit_order(suit_order))


@dataclass(frozen=True, kw_only=True)
class SuitRule:
    """A house rule that breaks ties between hands equal apart from suit.

    suit_tiebreak: which card's suit decides, from the rule text:

    * ``"highest_card"``: "Compare the suit of the highest card in the hand"
      (in a straight, its top card: the five of a wheel).
    * ``"main_group"``: "Compare the suit of the highest paired card - for
      example if two people have J-J-7-7-K the highest jack wins": the
      highest-suited card of the hand's main group (the trips of a full
      house, the higher pair of two pair); a hand with no group compares its
      highest card.
    * ``"highest_unpaired"``: "Compare the suit of the highest unpaired card -
      for example if two people have K-K-7-5-4 compare the 7's"; a hand with
      no unpaired card (a full house) compares its highest card.

    If that card's suits are equal too (the same card, shared from a board),
    the other cards' suits are compared in the order the hand is read
    (:func:`pyrankcore.best_five`; within a rank, highest suit first), so two
    hands tie only when they play the same ranks in the same suits.

    suit_order: a name :func:`resolve_suit_order` accepts; stored canonical.
    The higher suit wins, in low games too (the text gives no other rule).
    """

    suit_tiebreak: str
    suit_order: str = DEFAULT_SUIT_ORDER

    def __post_init__(self) -> None:
        """Validate both fields and store the canonical suit order name."""
        if not isinstance(self.suit_tiebreak, str):
            raise OptionTypeError(
                f"suit_tiebreak must be one of {', '.join(map(repr, SUIT_TIEBREAKS))}, "
                f"not {type(self.suit_tiebreak).__name__} ({show_value(self.suit_tiebreak)})"
            )
        if self.suit_tiebreak not in SUIT_TIEBREAKS:
            raise _value_error(
                "suit_tiebreak",
                self.suit_tiebreak,
                "one of " + ", ".join(map(repr, SUIT_TIEBREAKS)),
            )
        object.__setattr__(self, "suit_order", resolve_suit_order(self.suit_order))

    @property
    def ranks(self) -> tuple[int, int, int, int]:
        """:func:`suit_ranks` of this rule's order."""
        return _ranks_of(self.suit_order)


def split_suited(value: int) -> tuple[int, int]:
    """(strength, suit key) of a :func:`suited_strength`.

    >>> split_suited(7462 << 10 | 1023)
    (7462, 1023)
    """
    value = whole_number(value, "value", 0)
    return value >> SUIT_KEY_BITS, value & ((1 << SUIT_KEY_BITS) - 1)


# ------------------------------------------------------------------ games


@dataclass(frozen=True)
class _Game:
    tables: Any  # _core.GameTables of the plain ranking
    ranking: Ranking
    resolved: ResolvedGame | None  # a variant with one ranking, or None
    omaha: bool = False  # exactly two hole cards and three board cards
    rule: SuitRule | None = None  # the ranking's own suit tie-break, if any


def _split_ranking(tables: Any) -> tuple[Any, SuitRule | None]:
    """(plain tables, the ranking's SuitRule or None): a ranking with a suit
    tie-break is ranked here as its plain ranking plus that rule."""
    if tables.base is None:
        return tables, None
    r = tables.ranking
    rule = None
    if r.suit_tiebreak is not None:
        rule = SuitRule(suit_tiebreak=r.suit_tiebreak, suit_order=r.suit_order)
    return tables.base, rule


def _effective_rule(g: _Game, suit_rule: SuitRule | None) -> SuitRule | None:
    """The rule that breaks ties: the ranking's own, or *suit_rule*; a
    *suit_rule* that differs from the ranking's is refused."""
    if g.rule is None:
        return suit_rule
    if suit_rule is not None and suit_rule != g.rule:
        raise InvalidOptionError(
            f"invalid suit_rule={show_value(suit_rule, 80)}; the game's ranking already "
            f"breaks ties by suit ({g.rule}): suit_rule must be None or that rule"
        )
    return g.rule


def _resolve(game: Any) -> _Game:
    """The game of compare, winners and suited_strength, resolved once: a
    ranking, or a variant with one ranking (its own hole cards rule)."""
    resolved = games.resolve(game, omaha=None)
    tables, rule = _split_ranking(resolved.tables)
    variant = None if resolved.variant is None else resolved
    return _Game(tables, tables.ranking, variant, resolved.is_omaha, rule)


def _check_rules(g: _Game, suit_rule: SuitRule | None, unbeatable: str | None) -> None:
    if suit_rule is not None and not isinstance(suit_rule, SuitRule):
        raise OptionTypeError(
            f"suit_rule must be None or a SuitRule, not {type(suit_rule).__name__} "
            f"({show_value(suit_rule)})"
        )
    check_unbeatable(unbeatable)
    if (suit_rule is not None or unbeatable is not None) and g.tables.has_wild:
        option = "suit_rule" if suit_rule is not None else "unbeatable"
        raise InvalidArgumentError(
            f"{option} is not supported in wild-card games ({g.ranking.name}): "
            "a wild card has no suit of its own"
        )
    r = g.ranking
    if unbeatable is not None and (r.low or not r.straights or not r.flushes):
        raise InvalidOptionError(
            f"invalid unbeatable={unbeatable!r} for {r.name}: the rule needs a high "
            "ranking in which straight flushes count"
        )


def check_unbeatable(unbeatable: object) -> None:
    """None, or one of UNBEATABLE_RULES; OptionTypeError or
    InvalidOptionError naming the value otherwise."""
    if unbeatable is None:
        return
    allowed = "None, " + " or ".join(map(repr, UNBEATABLE_RULES))
    if not isinstance(unbeatable, str):
        raise OptionTypeError(
            f"unbeatable must be {allowed}, not {type(unbeatable).__name__} "
            f"({show_value(unbeatable)})"
        )
    if unbeatable not in UNBEATABLE_RULES:
        raise _value_error("unbeatable", unbeatable, allowed)


# ------------------------------------------------------------------ plays

_OTHER, _LOW_SPECIAL, _TOP_SPECIAL = 0, 1, 2
_IMPERIAL = frozenset(4 * r + 2 for r in range(8, 13))  # A-K-Q-J-10 of hearts


@dataclass(frozen=True)
class _Play:
    """The five a hand plays: key (larger wins) and its place in a cycle."""

    key: tuple[int, int]  # (1 for the Greek Imperial Flush else 0, suited strength)
    kind: int

    @property
    def qualifies(self) -> bool:
        return self.key[1] > 0


def _suit_key(tables: Any, ranking: Ranking, five: list[int], rule: SuitRule) -> int:
    ranks = rule.ranks
    order = best_five(five, tables)  # significance order; suits s, h, d, c within a rank
    seq: list[int] = []
    i = 0
    while i < len(order):  # within each rank: the rule's highest suit first
        j = i
        while j < len(order) and order[j] >> 2 == order[i] >> 2:
            j += 1
        seq += sorted(order[i:j], key=lambda c: ranks[c & 3], reverse=True)
        i = j
    counts = [0] * 13
    for c in seq:
        counts[c >> 2] += 1

    def highest_card() -> int:
        if len(seq) == 5 and ranking.straight_top({c >> 2 for c in seq}) is not None:
            return seq[0]  # a straight is read from its top card
        return max(seq, key=lambda c: (ranking.value(c >> 2), ranks[c & 3]))

    first: int
    if rule.suit_tiebreak == "main_group":
        first = seq[0]
    elif rule.suit_tiebreak == "highest_unpaired":
        single = [c for c in seq if counts[c >> 2] == 1]
        first = single[0] if single else highest_card()
    else:
        first = highest_card()
    digits = [first] + [c for c in seq if c != first]
    key = 0
    for k in range(5):
        key = key << 2 | (ranks[digits[k] & 3] if k < len(digits) else 0)
    return key


@cache
def _italian_bounds(tables: Any) -> tuple[int, int]:
    """Strengths of the minimum and maximum straight flush of the deck."""
    ranking = tables.ranking
    low = ranking.lowest_rank
    wheel = [4 * ACE + 3] + [4 * r + 3 for r in range(low, low + 4)]
    lowest = _core.evaluate(wheel, tables)
    if category(lowest, tables) != Category.STRAIGHT_FLUSH:  # no wheel in this game
        lowest = _core.evaluate([4 * r + 3 for r in range(low, low + 5)], tables)
    return lowest, _core.evaluate([4 * r + 3 for r in range(8, 13)], tables)


def _fives(g: _Game, hole: list[int], board: list[int]) -> list[list[int]]:
    if g.omaha:
        return [list(h) + list(b) for h in combinations(hole, 2) for b in combinations(board, 3)]
    cards = hole + board
    if len(cards) <= 5:
        return [cards]
    return [list(f) for f in combinations(cards, 5)]


def _play(
    g: _Game,
    hole: list[int],
    board: list[int],
    suit_rule: SuitRule | None,
    unbeatable: str | None,
    strength: int | None = None,
) -> _Play:
    """The five cards a hand plays under the rules, as a _Play (the cards are
    already checked: sizes, deck, repeats). *strength*: the hand's plain
    strength, where the caller has it already."""
    if strength is None:
        strength = (
            _core.evaluate_omaha(hole, board, g.tables)
            if g.omaha
            else _core.evaluate(hole + board, g.tables)
        )
    if strength == 0:
        return _Play((0, 0), _OTHER)
    best: tuple[int, int] | None = None
    for five in _fives(g, hole, board):
        if _core.evaluate(five, g.tables) != strength:
            continue
        imperial = int(unbeatable == "greek" and set(five) == _IMPERIAL)
        suit = 0 if suit_rule is None else _suit_key(g.tables, g.ranking, five, suit_rule)
        key = (imperial, strength << SUIT_KEY_BITS | suit)
        if best is None or key > best:
            best = key
        if suit_rule is None and unbeatable is None:
            break
    assert best is not None  # the full hand's strength is that of one of its fives
    kind = _OTHER
    if unbeatable == "italian":
        lowest, highest = _italian_bounds(g.tables)
        kind = {lowest: _LOW_SPECIAL, highest: _TOP_SPECIAL}.get(strength, _OTHER)
    elif unbeatable == "greek":
        if best[0]:
            kind = _TOP_SPECIAL
        elif category(strength, g.tables) == Category.FOUR_OF_A_KIND:
            fives = [f for f in _fives(g, hole, board) if _core.evaluate(f, g.tables) == strength]
            low = g.ranking.lowest_rank
            if sum(c >> 2 == low for c in fives[0]) == 4:
                kind = _LOW_SPECIAL
    return _Play(best, kind)


def _compare_plays(a: _Play, b: _Play) -> int:
    if a.kind == _LOW_SPECIAL and b.kind == _TOP_SPECIAL:
        return 1  # "the minimum beats the maximum"; the quads beat the Imperial Flush
    if a.kind == _TOP_SPECIAL and b.kind == _LOW_SPECIAL:
        return -1
    return (a.key > b.key) - (a.key < b.key)


def _winning_seats(plays: Sequence[_Play]) -> list[int]:
    """Seats that share the pot; [] when no hand qualifies."""
    seats = [i for i, p in enumerate(plays) if p.qualifies]
    if not seats:
        return []
    lows = [i for i in seats if plays[i].kind == _LOW_SPECIAL]
    tops = [i for i in seats if plays[i].kind == _TOP_SPECIAL]
    if not (lows and tops):
        best = max(plays[i].key for i in seats)
        return [i for i in seats if plays[i].key == best]
    best_low = max(plays[i].key for i in lows)
    best_top = max(plays[i].key for i in tops)
    # Hands that beat the low special hand but lose to the top one close the
    # cycle: the best of them splits with the best of the two special kinds.
    middle = [i for i in seats if plays[i].kind == _OTHER and best_low < plays[i].key < best_top]
    won = [i for i in lows if plays[i].key == best_low]
    if middle:
        best_middle = max(plays[i].key for i in middle)
        won += [i for i in middle if plays[i].key == best_middle]
        won += [i for i in tops if plays[i].key == best_top]
    return sorted(won)


def _plays_of(
    g: _Game,
    hands: Sequence[CardsLike],
    board: CardsLike | None,
    suit_rule: SuitRule | None,
    unbeatable: str | None,
    caller: str | None = None,
) -> list[_Play]:
    """Each seat's play: the seat preamble (naming *caller* for no hands),
    a variant's own card counts and rules, then the plays."""
    parsed, board_ids = parse_seats(hands, board, caller=caller)
    plays = []
    for h in parsed:
        strength = None
        if g.resolved is not None:  # the variant's card counts and rules
            high, low = evaluate_seat(g.resolved, h, board_ids)
            strength = _plain(g, high if high is not None else low)
        plays.append(_play(g, h, board_ids, suit_rule, unbeatable, strength))
    return plays


def _plain(g: _Game, strength: int | None) -> int | None:
    """A strength of the game's own tables as one of its plain tables (a
    suit tie-break ranking's are suited); None where it cannot be read."""
    if strength is None or g.rule is not None:
        return None
    return strength


def seat_winners(
    tables: Any,
    omaha: bool,
    hands: list[list[int]],
    board: list[int],
    strengths: Sequence[int | None],
    suit_rule: SuitRule | None,
    unbeatable: str | None,
) -> list[int]:
    """Winners of one half of a pot under a suit rule or an *unbeatable*
    rule: for showdown, which has checked the cards and ranked each seat
    (*strengths*, under *tables*) already."""
    plain_tables, rule = _split_ranking(tables)
    g = _Game(plain_tables, plain_tables.ranking, None, omaha, rule)
    _check_rules(g, suit_rule, unbeatable)
    suit_rule = _effective_rule(g, suit_rule)
    plain = [None if tables.suited else s for s in strengths]
    return _winning_seats(
        [_play(g, h, board, suit_rule, unbeatable, s) for h, s in zip(hands, plain)]
    )


# ------------------------------------------------------------------ public


def suited_strength(
    cards: CardsLike, game: Game, suit_rule: SuitRule, *, board: CardsLike | None = ()
) -> int:
    """The hand's strength with a suit tie-break: ``strength << 10 | suit key``.

    Larger wins and equal ties, like strengths; hands of different strength
    keep their order (the suit key, 10 bits, only orders hands of one
    strength), and equal values mean the same ranks in the same suits. The
    values fit :data:`SUITED_DTYPE` (uint32); 0 is still "no qualifying
    hand". With 6 or 7 cards, the five that play are the best ones by
    strength, then by suit.

    >>> rule = SuitRule(suit_tiebreak="highest_card", suit_order="italy")
    >>> split_suited(suited_strength("Ah Kh Qh Jh Th", "high", rule))   # hearts: 3 3 3 3 3
    (7462, 1023)

    Parameters
    ----------
    cards
        The hand (5 to 7 cards; 1 to 5 for ``incomplete``), or the hole cards
        when *board* is given.
    game
        A ranking (name or :class:`~pyrankcore.Ranking`) or a variant with
        one ranking ("Omaha": two hole cards and three board cards).
    suit_rule
        A :class:`SuitRule`.
    board
        Community cards, if any.

    Raises
    ------
    InvalidArgumentError
        A wild-card game (a wild card has no suit of its own).
    OptionTypeError
        *suit_rule* is not a SuitRule.
    InvalidCardError, DuplicateCardError, HandSizeError, UnknownGameError
        As :func:`pyrankcore.evaluate` raises them.
    """
    if not isinstance(suit_rule, SuitRule):
        raise OptionTypeError(
            f"suit_rule must be a SuitRule, not {type(suit_rule).__name__} "
            f"({show_value(suit_rule)})"
        )
    g = _resolve(game)
    _check_rules(g, suit_rule, None)
    (play,) = _plays_of(g, [cards], board, _effective_rule(g, suit_rule), None)
    return play.key[1]


def compare(
    a: CardsLike,
    b: CardsLike,
    game: Game = "high",
    *,
    board: CardsLike | None = (),
    suit_rule: SuitRule | None = None,
    unbeatable: str | None = None,
) -> int:
    """Compare two hands under the house rules of suits: 1 if hand *a* beats
    hand *b*, -1 if it loses, 0 for a tie.

    Without options this is the order of strengths (``evaluate``). With
    *suit_rule*, hands equal apart from suit are ordered by it. With
    *unbeatable*:

    * ``"italian"``: "the minimum beats the maximum, the maximum beats the
      medium and the medium beats the minimum". The minimum straight flush
      is the lowest the game's deck can make (A-5-6-7-8 with 40 cards,
      5-4-3-2-A with 52), the maximum is 10-J-Q-K-A; everything else is as
      usual, so the minimum still loses to every medium one.
    * ``"greek"``: A-K-Q-J-10 of hearts, the Imperial Flush, beats every
      other hand, the other royal flushes included, except four of a kind of
      the lowest rank in the deck (6-6-6-6 with 36 cards), which beats it.

    These rules are cycles, so compare is not a total order with them
    (``evaluate`` stays one: it knows no such rule). compare is
    antisymmetric: ``compare(a, b) == -compare(b, a)``. A hand that does not
    qualify (a low game's qualifier) loses to one that does.

    >>> from pyrankcore import stripped_deck
    >>> deck36 = stripped_deck("6")
    >>> compare("As 6s 7s 8s 9s", "Ah Kh Qh Jh Th", deck36, unbeatable="italian")
    1
    >>> compare("As 6s 7s 8s 9s", "Ah Kh Qh Jh Th", deck36)
    -1

    Parameters
    ----------
    a, b
        Two players' cards (hole cards when *board* is given).
    game
        A ranking (name or :class:`~pyrankcore.Ranking`, e.g.
        ``stripped_deck("6")``) or a variant with one ranking. A ranking
        with a suit tie-break (``ranking("high", suit_tiebreak=...)``)
        brings its own rule: *suit_rule* must then be None or the same.
    board
        Community cards, if any.
    suit_rule
        A :class:`SuitRule`, or None for standard poker (suits never count)
        or for the rule of the game's ranking.
    unbeatable
        None, ``"italian"`` or ``"greek"``; only in high rankings with
        straight flushes.

    Raises
    ------
    InvalidOptionError
        A bad *unbeatable* or *suit_rule* (the message names the option and
        the value; a wrong type is also a TypeError).
    InvalidArgumentError
        An option in a wild-card game.
    InvalidCardError, DuplicateCardError, HandSizeError, UnknownGameError
        Bad cards (the same card in both hands included) or game.
    """
    g = _resolve(game)
    _check_rules(g, suit_rule, unbeatable)
    suit_rule = _effective_rule(g, suit_rule)
    pa, pb = _plays_of(g, [a, b], board, suit_rule, unbeatable)
    return _compare_plays(pa, pb)


def winners(
    hands: Sequence[CardsLike],
    game: Game = "high",
    *,
    board: CardsLike | None = (),
    suit_rule: SuitRule | None = None,
    unbeatable: str | None = None,
) -> list[int]:
    """Settle seats under the house rules of suits: the seats (indexes into
    *hands*) of the hands that win or share the pot.

    This is the suit-rule settlement of one pot, as :func:`compare` orders
    two hands (:func:`pyrankcore.showdown` splits pots, odd chips and the
    halves of hi-lo games). When a rule of *unbeatable* closes
    a cycle, the pot is split as the text says: "In the very rare case where
    three players hold a straight flush, one minimum, one medium and one
    maximum, the pot is split between them" (Italy), and with the Imperial
    Flush, the lowest four of a kind and "a hand in the showdown that beats
    the four of a kind but is lower than the Imperial Flush ... the pot would
    be split" (Greece). The best hand of each of the three parts shares (a
    lower medium hand loses to the best medium one); without a middle hand,
    the minimum (or the four of a kind) wins alone. [] when no hand
    qualifies (a low game's qualifier).

    >>> from pyrankcore import stripped_deck
    >>> winners(["As 6s 7s 8s 9s", "Ah Kh Qh Jh Th", "Tc Jc Qc Kc 9c"],
    ...         stripped_deck("6"), unbeatable="italian")
    [0, 1, 2]
    """
    g = _resolve(game)
    _check_rules(g, suit_rule, unbeatable)
    suit_rule = _effective_rule(g, suit_rule)
    return _winning_seats(_plays_of(g, hands, board, suit_rule, unbeatable, caller="winners"))
