"""OFC house rules and the table: :class:`Rules`, :class:`RoyaltyTable`, how
many players a deal seats and how many cards it deals (:func:`check_deal`),
and the royalty of a front by its strength.

Private to the package, for its other modules: :data:`HIGH_STARTS`,
:data:`ROYAL_FLUSH`, the ranks :data:`QUEEN`, :data:`KING`, :data:`ACE`,
:func:`check_decks`, :func:`as_rules`, :func:`check_players`,
:func:`high_to_incomplete` and :func:`front_royalty`.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

from pyrankcore import _args, _core
from pyrankcore._rankings import check_choice, show_value
from pyrankcore.errors import InvalidArgumentError, InvalidOptionError, OptionTypeError
from pyrankcore.hands import Category

# Category boundaries of the 1..7462 high strengths (first strength of each,
# then the end), generated with the tables.
HIGH_STARTS = _core.CATEGORY_STARTS
ROYAL_FLUSH = _core.N_CLASSES
# Ranks (0 = deuce) that name a Fantasyland minimum.
QUEEN, KING, ACE = 10, 11, 12

# Point values are capped so that every sum in the solver and the int32
# batch results stays far from overflow.
MAX_POINTS = 1_000_000
_POINTS = f"an int 0..{MAX_POINTS:,}"

# Players a deal seats, by number of decks: as many boards of 13 cards as
# the decks hold. The OFC rules set no maximum for two decks ("allowing
# more people to play"); eight boards fill them. Whether a deal fits (17
# cards a player in Pineapple: six players at most) is check_deal's count.
MAX_PLAYERS: Mapping[int, int] = MappingProxyType({1: 4, 2: 8})
DECK_SIZE = 52
# Cards a player is dealt in a hand: 13 in OFC (five, then one at a time);
# 17 in Pineapple (five, then four times three, one of each three
# discarded); in Fantasyland, 13 to 17 as :func:`fantasyland` says.
OFC_DEALT, PINEAPPLE_DEALT, MOST_DEALT = 13, 17, 17


# ------------------------------------------------------------ option checks


def _type_error(option: str, value: Any, allowed: str) -> OptionTypeError:
    """The error for an option of the wrong type, naming what it allows."""
    return OptionTypeError(
        f"{option} must be {allowed}, not {type(value).__name__} ({show_value(value)})"
    )


def _option_int(option: str, value: Any, allowed: str) -> int:
    """A whole number (an int or NumPy integer, not a bool or a float) as an
    int; anything else is an OptionTypeError saying what *option* allows."""
    if not _args.is_whole_number(value):
        raise _type_error(option, value, allowed)
    return operator.index(value)


def _check_points(option: str, value: Any) -> int:
    """A points value: a whole number in 0..MAX_POINTS, as an int."""
    points = _option_int(option, value, _POINTS)
    if not 0 <= points <= MAX_POINTS:
        raise InvalidOptionError(
            f"invalid {option}={show_value(points)}; {option} must be {_POINTS}"
        )
    return points


def check_decks(value: Any) -> int:
    """The ``decks`` option of Rules and Board: 1 or 2, as an int."""
    decks = _option_int("decks", value, "1 or 2")
    if decks not in (1, 2):
        raise InvalidOptionError(f"invalid decks={show_value(decks)}; decks must be 1 or 2")
    return decks


def _per_rank(option: str, value: Any) -> tuple[int, ...]:
    """13 points, one per rank (deuce first), as a tuple (the table is hashed)."""
    allowed = f"a sequence of 13 ints 0..{MAX_POINTS:,} (deuce .. ace)"
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise _type_error(option, value, allowed)
    if len(value) != 13:
        raise InvalidOptionError(
            f"invalid {option}={show_value(value)}; {option} must be {allowed}, got {len(value)} entries"
        )
    return tuple(_check_points(f"{option}[{r}]", v) for r, v in enumerate(value))


def _category_points(option: str, value: Any) -> tuple[tuple[Category, int], ...]:
    """(Category, points) pairs from pairs or a mapping, each category once."""
    allowed = f"(Category, points) pairs or a mapping of Category to {_POINTS}"
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise _type_error(option, value, allowed)
    else:
        items = list(value)
    pairs: list[tuple[Category, int]] = []
    for item in items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise OptionTypeError(
                f"each entry of {option} must be a (Category, points) pair, "
                f"not {type(item).__name__} ({show_value(item)})"
            )
        cat = _option_int(f"a category in {option}", item[0], "a Category")
        if not 0 <= cat <= max(Category):
            raise InvalidOptionError(
                f"invalid category {show_value(cat)} in {option}; a Category is 0..9 "
                "(HIGH_CARD .. FIVE_OF_A_KIND)"
            )
        category_ = Category(cat)
        if any(c == category_ for c, _ in pairs):
            raise InvalidOptionError(f"{option} lists {category_.name} twice")
        pairs.append((category_, _check_points(f"{option}[{category_.name}]", item[1])))
    return tuple(pairs)


# ------------------------------------------------------------------ tables


@dataclass(frozen=True)
class RoyaltyTable:
    """Royalty points per row. ``front_pairs[r]`` is the bonus for a pair of
    rank r on top (r = 0 deuce .. 12 ace), ``front_trips[r]`` for three of
    rank r. Middle and back map a Category to points; ``*_royal`` is the
    royal flush (a straight flush ace high).

    Five of a kind (double deck only) scores the row's STRAIGHT_FLUSH points
    unless the row lists ``Category.FIVE_OF_A_KIND`` itself (the OFC rules:
    "some suggest giving this hand the same royalties as the straight
    flush")."""

    front_pairs: tuple[int, ...] = (0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    front_trips: tuple[int, ...] = tuple(range(10, 23))
    middle: tuple[tuple[Category, int], ...] = (
        (Category.THREE_OF_A_KIND, 2),
        (Category.STRAIGHT, 4),
        (Category.FLUSH, 8),
        (Category.FULL_HOUSE, 12),
        (Category.FOUR_OF_A_KIND, 20),
        (Category.STRAIGHT_FLUSH, 30),
    )
    middle_royal: int = 50
    back: tuple[tuple[Category, int], ...] = (
        (Category.STRAIGHT, 2),
        (Category.FLUSH, 4),
        (Category.FULL_HOUSE, 6),
        (Category.FOUR_OF_A_KIND, 10),
        (Category.STRAIGHT_FLUSH, 15),
    )
    back_royal: int = 25

    def __post_init__(self) -> None:
        """Check every field; store sequences as tuples (tables are cached by
        their RoyaltyTable, so it must stay hashable).

        Raises OptionTypeError (a TypeError) for a field of the wrong type and
        InvalidOptionError (a ValueError) for one outside its values; both
        name the field and what it allows.
        """
        set_field = object.__setattr__  # frozen: normalise once, here
        set_field(self, "front_pairs", _per_rank("front_pairs", self.front_pairs))
        set_field(self, "front_trips", _per_rank("front_trips", self.front_trips))
        set_field(self, "middle", _category_points("middle", self.middle))
        set_field(self, "back", _category_points("back", self.back))
        set_field(self, "middle_royal", _check_points("middle_royal", self.middle_royal))
        set_field(self, "back_royal", _check_points("back_royal", self.back_royal))


STANDARD_ROYALTIES = RoyaltyTable()


@dataclass(frozen=True)
class Rules:
    """House rules, defaulting to the standard game.

    royalties: the royalty table.
    row_points, scoop_bonus: points per row won and for winning all three
        (1 and 3: the "1-6" system).
    majority_bonus: points for winning two or three of the three rows
        against an opponent (the OFC rules: "players are also paid an
        additional unit if they win in two or three of the hands"); 0 by
        default. It adds to the scoop bonus, so a scoop pays both:
        ``Rules(majority_bonus=1, scoop_bonus=0)`` is the text's variant.
    fantasyland: whether Fantasyland is played.
    fantasyland_cards: cards dealt in Fantasyland, "fixed" (``fixed_cards``)
        or "progressive" (QQ 14, KK 15, AA 16, trips 17).
    fixed_cards: 13 (classic) or 14 (Pineapple, one discarded).
    fantasyland_min: the weakest front that enters Fantasyland, "QQ"
        (standard), "KK" or "AA" (the "AA+" house rule the rule text
        suggests for Pineapple and double deck).
    decks: 1, or 2 for double-deck OFC (a card id may appear twice in a
        deal; five of a kind; see the package docstring). One deck seats 2
        to 4 players, two decks 2 to 8 (:data:`MAX_PLAYERS`; a deal of 17
        cards a player, as in Pineapple, fits six: :func:`check_deal`).
    stay: "classic" (trips on top, full house or better in the middle, or
        quads or better on the bottom) or "pineapple" (trips on top or quads
        or better on the bottom).
    shoot_the_moon: a legal board with a jack-high (or weaker) back collects
        ``moon_bonus`` from every other player.
    """

    royalties: RoyaltyTable = field(default_factory=RoyaltyTable)
    row_points: int = 1
    scoop_bonus: int = 3
    fantasyland: bool = True
    fantasyland_cards: str = "fixed"
    fixed_cards: int = 13
    stay: str = "classic"
    shoot_the_moon: bool = False
    moon_bonus: int = 20
    fantasyland_min: str = "QQ"
    decks: int = 1
    majority_bonus: int = 0  # added last, so positional Rules(...) calls keep their meaning

    def __post_init__(self) -> None:
        """Check every field.

        Raises OptionTypeError (a TypeError) for a field of the wrong type and
        InvalidOptionError (a ValueError) for one outside its values; both
        name the field and what it allows.
        """
        if not isinstance(self.royalties, RoyaltyTable):
            raise _type_error("royalties", self.royalties, "a RoyaltyTable")
        set_field = object.__setattr__  # frozen: store NumPy integers as ints, once, here
        for name in ("row_points", "scoop_bonus", "majority_bonus", "moon_bonus"):
            set_field(self, name, _check_points(name, getattr(self, name)))
        for name in ("fantasyland", "shoot_the_moon"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise _type_error(name, value, "True or False")
        check_choice("fantasyland_cards", self.fantasyland_cards, ("fixed", "progressive"))
        check_choice("stay", self.stay, ("classic", "pineapple"))
        check_choice("fantasyland_min", self.fantasyland_min, ("QQ", "KK", "AA"))
        set_field(self, "decks", check_decks(self.decks))
        fixed = _option_int("fixed_cards", self.fixed_cards, "an int 13..17")
        set_field(self, "fixed_cards", fixed)
        if not 13 <= fixed <= 17:
            raise InvalidOptionError(
                f"invalid fixed_cards={show_value(fixed)}; fixed_cards must be an int 13..17"
            )

    @classmethod
    def double_deck(cls, **changes: Any) -> Rules:
        """Double-deck OFC: ``decks=2`` (other rules as given)."""
        return cls(**{"decks": 2, **changes})

    @classmethod
    def pineapple(cls, **changes: Any) -> Rules:
        """Pineapple OFC: 14 cards in Fantasyland, stay with trips on top or
        quads or better on the bottom."""
        return cls(**{"fixed_cards": 14, "stay": "pineapple", **changes})


DEFAULT_RULES = Rules()


def as_rules(rules: Any) -> Rules:
    """*rules* or the defaults; anything but a Rules or None is refused here,
    not later as an AttributeError (and ``rules=""`` is not the defaults)."""
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise _type_error("rules", rules, "an ofc.Rules or None")
    return rules


# ------------------------------------------------------------------- deals


def check_players(players: int, decks: int) -> None:
    """Refuse a player count the decks do not seat (2 to MAX_PLAYERS[decks])."""
    most = MAX_PLAYERS[decks]
    if 2 <= players <= most:
        return
    with_decks = "one deck" if decks == 1 else f"{decks} decks"
    text = f"OFC is scored for 2 to {most} players with {with_decks}, got {players}"
    if players > most and decks == 1:
        text += f"; Rules(decks=2) allows up to {MAX_PLAYERS[2]}"
    raise InvalidArgumentError(text)


def check_deal(dealt: Sequence[int], rules: Rules | None = None) -> int:
    """Cards a hand deals, after checking that the decks hold them.

    *dealt* holds the cards each player is dealt, in any order:
    :data:`OFC_DEALT` (13), :data:`PINEAPPLE_DEALT` (17: five, then three
    at a time, one of each three discarded), or for a player in
    Fantasyland what :func:`fantasyland` gave (13 to 17). Returns the
    total, at most 52 cards a deck (``rules.decks``).

    >>> check_deal([PINEAPPLE_DEALT] * 3)          # Pineapple: three players
    51
    >>> check_deal([PINEAPPLE_DEALT] * 6, Rules(decks=2))
    102

    Raises
    ------
    TypeError
        *dealt* is not a sequence, or an entry is not an int.
    InvalidArgumentError
        An entry outside 13..17, a player count outside 2 to
        ``MAX_PLAYERS[rules.decks]`` (4 with one deck, 8 with two), or a
        deal needing more cards than the decks hold.
    """
    rules = as_rules(rules)
    if isinstance(dealt, (str, bytes, Mapping)) or not isinstance(dealt, Sequence):
        raise TypeError(
            f"dealt must be a sequence of card counts, one per player, not {type(dealt).__name__}"
        )
    counts = [_args.whole_number(n, f"dealt[{seat}]") for seat, n in enumerate(dealt)]
    for seat, n in enumerate(counts):
        if not OFC_DEALT <= n <= MOST_DEALT:
            raise InvalidArgumentError(
                f"dealt[{seat}]={show_value(n)}: an OFC player is dealt "
                f"{OFC_DEALT} to {MOST_DEALT} cards"
            )
    check_players(len(counts), rules.decks)
    total = sum(counts)
    held = DECK_SIZE * rules.decks
    if total > held:
        decks_hold = "one deck holds" if rules.decks == 1 else f"{rules.decks} decks hold"
        raise InvalidArgumentError(
            f"this deal needs {total} cards ({' + '.join(map(str, counts))}); {decks_hold} {held}"
        )
    return total


# ---------------------------------------------------- one-deck row scales


@cache
def high_to_incomplete() -> list[int]:
    """incomplete-scale strength of every 5-card high strength (same order:
    the incomplete ranking of five cards is the high ranking)."""
    incomplete = _core.tables_of("incomplete").ranking.classes()
    high = _core.tables_of("high").ranking.classes()
    index = {k: i + 1 for i, k in enumerate(incomplete)}
    return [0] + [index[key] for key in high]


@cache
def front_royalty(table: RoyaltyTable) -> list[int]:
    """Royalty by 3-card front strength (incomplete scale, either deck count:
    three cards hold no flush)."""
    classes = _core.tables_of("incomplete").ranking.classes()
    out = [0] * (len(classes) + 1)
    for s, key in enumerate(classes, start=1):
        cat, ranks = key[1], key[2:]
        if cat == Category.PAIR:
            out[s] = table.front_pairs[ranks[0]]
        elif cat == Category.THREE_OF_A_KIND:
            out[s] = table.front_trips[ranks[0]]
    return out
