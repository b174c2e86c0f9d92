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
  wider integer (:data:`SUITED_DTYPE`, uint32) that orders such hands. A
  rule is a ranking option, ``ranking("high", suit_tiebreak=...,
  suit_order=...)``, and the compiled core is the one place that breaks
  ties by suit (src/prc_suits.h): :func:`pyrankcore.evaluate`,
  :func:`pyrankcore.evaluate_batch`, and :func:`compare`, :func:`winners`
  and :func:`suited_strength` here, which rank hands under the ranking
  the rule makes. This module parses suit orders and rules and settles
  the cycles below.
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
from typing import TYPE_CHECKING, Any, cast

from pyrankcore import _core, games
from pyrankcore._args import whole_number
from pyrankcore._rankings import (
    ACE,
    DEFAULT_SUIT_ORDER,
    SUIT_ORDER_ALIASES,
    SUIT_ORDERS,
    SUIT_TIEBREAKS,
    Ranking,
    ranking,
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
from pyrankcore.hands import Category, category
from pyrankcore.seats import parse_seats
from pyrankcore.variants import evaluate_seat

if TYPE_CHECKING:
    from pyrankcore._core import GameTables
    from pyrankcore._typing import CardsLike, Game, SuitTiebreakName

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


def _own_rule(tables: GameTables) -> SuitRule | None:
    """The SuitRule of a suit tie-break ranking's tables, else None."""
    r = tables.ranking
    if r.suit_tiebreak is None:
        return None
    return SuitRule(suit_tiebreak=r.suit_tiebreak, suit_order=r.suit_order or DEFAULT_SUIT_ORDER)


def _plain_tables(tables: GameTables) -> GameTables:
    """The tables of the ranking without its suit options."""
    return tables if tables.base is None else tables.base


@cache
def _suited_tables(plain: Ranking, rule: SuitRule) -> GameTables:
    """The tables of *plain* with *rule* as its suit tie-break: the compiled
    core ranks the hands (src/prc_suits.h), once built kept."""
    tiebreak = cast("SuitTiebreakName", rule.suit_tiebreak)  # checked by SuitRule
    return _core.tables_of(ranking(plain, suit_tiebreak=tiebreak, suit_order=rule.suit_order))


def _ranked_by(
    tables: GameTables, suit_rule: SuitRule | None, unbeatable: str | None
) -> GameTables:
    """The options checked against the game, and the tables that rank its
    hands: its own (plain, or suited by its ranking's rule), or its plain
    ranking with *suit_rule*. A *suit_rule* that differs from the ranking's
    own is refused."""
    _check_rules(tables, suit_rule, unbeatable)
    own = _own_rule(tables)
    if suit_rule is None or suit_rule == own:
        return tables
    if own is not None:
        raise InvalidOptionError(
            f"invalid suit_rule={show_value(suit_rule, 80)}; the game's ranking already "
            f"breaks ties by suit ({own}): suit_rule must be None or that rule"
        )
    return _suited_tables(_plain_tables(tables).ranking, suit_rule)


def _check_rules(tables: GameTables, suit_rule: SuitRule | None, unbeatable: str | None) -> None:
    if suit_rule is not None and not isinstance(suit_rule, SuitRule):
        raise OptionTypeError(
            f"suit_rule must be None or a SuitRule, not {type(suit_rule).__name__} "
            f"({show_value(suit_rule)})"
        )
    check_unbeatable(unbeatable)
    r = _plain_tables(tables).ranking
    if (suit_rule is not None or unbeatable is not None) and tables.has_wild:
        option = "suit_rule" if suit_rule is not None else "unbeatable"
        raise InvalidArgumentError(
            f"{option} is not supported in wild-card games ({r.name}): "
            "a wild card has no suit of its own"
        )
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
_IMPERIAL = [4 * r + 2 for r in range(8, 13)]  # A-K-Q-J-10 of hearts


@dataclass(frozen=True)
class _Play:
    """A hand's value under the rules: key (larger wins) and its place in a cycle."""

    key: tuple[int, int]  # (1 for the Greek Imperial Flush else 0, strength)
    kind: int

    @property
    def qualifies(self) -> bool:
        return self.key[1] > 0


@cache
def _italian_bounds(tables: Any) -> tuple[int, int]:
    """Strengths of the minimum and maximum straight flush of the deck
    (*tables*: GameTables, typed Any as category() is)."""
    ranking = tables.ranking
    low = ranking.lowest_rank
    wheel = [4 * ACE + 3] + [4 * r + 3 for r in range(low, low + 4)]
    lowest = _core.evaluate(wheel, tables)
    if category(lowest, tables) != Category.STRAIGHT_FLUSH:  # no wheel in this game
        lowest = _core.evaluate([4 * r + 3 for r in range(low, low + 5)], tables)
    return lowest, _core.evaluate([4 * r + 3 for r in range(8, 13)], tables)


def _holds_imperial(omaha: bool, hole: list[int], board: list[int]) -> bool:
    """The hand can play the Imperial Flush (whether it does depends on its
    strength, which the caller has)."""
    if not set(_IMPERIAL) <= set(hole + board):
        return False
    return not omaha or len(set(_IMPERIAL) & set(hole)) == 2


def _plays_lowest_quads(
    plain: Any, omaha: bool, hole: list[int], board: list[int], strength: int
) -> bool:
    """The hand plays four of a kind of the deck's lowest rank (*plain*:
    GameTables, typed Any as category() is)."""
    if category(strength, plain) != Category.FOUR_OF_A_KIND:
        return False
    if omaha:
        fives = [list(h) + list(b) for h in combinations(hole, 2) for b in combinations(board, 3)]
    else:
        fives = [list(f) for f in combinations(hole + board, min(5, len(hole + board)))]
    low: int = plain.ranking.lowest_rank
    played = next(f for f in fives if _core.evaluate(f, plain) == strength)
    return sum(c >> 2 == low for c in played) == 4


def _play(
    tables: GameTables,
    omaha: bool,
    hole: list[int],
    board: list[int],
    unbeatable: str | None,
    value: int | None = None,
) -> _Play:
    """A hand's value under *tables* (plain or suited strengths) and its
    place in an *unbeatable* cycle (the cards are already checked: sizes,
    deck, repeats). *value*: its strength under *tables*, where the caller
    has it already."""
    if value is None:
        value = (
            _core.evaluate_omaha(hole, board, tables)
            if omaha
            else _core.evaluate(hole + board, tables)
        )
    if value == 0 or unbeatable is None:
        return _Play((0, value), _OTHER)
    plain = _plain_tables(tables)
    strength = value >> SUIT_KEY_BITS if tables.suited else value
    if unbeatable == "italian":
        lowest, highest = _italian_bounds(plain)
        kind = {lowest: _LOW_SPECIAL, highest: _TOP_SPECIAL}.get(strength, _OTHER)
        return _Play((0, value), kind)
    if _holds_imperial(omaha, hole, board) and _core.evaluate(_IMPERIAL, plain) == strength:
        # the Imperial Flush plays, whatever other five tie with it
        return _Play((1, _core.evaluate(_IMPERIAL, tables)), _TOP_SPECIAL)
    if _plays_lowest_quads(plain, omaha, hole, board, strength):
        return _Play((0, value), _LOW_SPECIAL)
    return _Play((0, value), _OTHER)


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
    game: ResolvedGame,
    tables: GameTables,
    hands: Sequence[CardsLike],
    board: CardsLike | None,
    unbeatable: str | None,
    caller: str | None = None,
) -> list[_Play]:
    """Each seat's play under *tables*: the seat preamble (naming *caller*
    for no hands), a variant's own card counts and rules, then the plays."""
    parsed, board_ids = parse_seats(hands, board, caller=caller)
    checked_by = game.tables if game.variant is not None else _plain_tables(game.tables)
    plays = []
    for h in parsed:
        if game.variant is not None:  # the variant's card counts and rules
            high, low = evaluate_seat(game, h, board_ids)
            value = high if high is not None else low
        else:  # bad cards get the errors of the ranking without suit options
            value = _core.evaluate(h + board_ids, checked_by)
        known = value if tables is checked_by else None
        plays.append(_play(tables, game.is_omaha, h, board_ids, unbeatable, known))
    return plays


def seat_winners(
    tables: GameTables,
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
    ranked_by = _ranked_by(tables, suit_rule, unbeatable)
    if ranked_by is not tables:
        strengths = [None] * len(hands)
    return _winning_seats(
        [_play(ranked_by, omaha, h, board, unbeatable, s) for h, s in zip(hands, strengths)]
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
    g = games.resolve(game, omaha=None)
    (play,) = _plays_of(g, _ranked_by(g.tables, suit_rule, None), [cards], board, None)
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
    g = games.resolve(game, omaha=None)
    pa, pb = _plays_of(g, _ranked_by(g.tables, suit_rule, unbeatable), [a, b], board, unbeatable)
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
    g = games.resolve(game, omaha=None)
    tables = _ranked_by(g.tables, suit_rule, unbeatable)
    return _winning_seats(_plays_of(g, tables, hands, board, unbeatable, caller="winners"))
