"""Hand categories, descriptions in players' words, Cactus-Kev numbering."""

from __future__ import annotations

from dataclasses import replace
from enum import IntEnum
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, overload

from pyrankcore import _core, games
from pyrankcore._args import whole_number
from pyrankcore._rankings import (
    ACE,
    CATEGORY_NAMES,
    HIGH,
    RANK_CHARS,
    RANKINGS,
    Ranking,
    wild_use_words,
)
from pyrankcore.errors import InvalidArgumentError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pyrankcore._typing import CardsLike, Game, IntArray, Integer

__all__ = ["Category", "best_five", "category", "describe", "from_cactus_kev", "to_cactus_kev"]

N_CLASSES: int = _core.N_CLASSES  # generated with the tables

RANK_NAMES = (
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
RANK_PLURALS = (
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Sevens",
    "Eights",
    "Nines",
    "Tens",
    "Jacks",
    "Queens",
    "Kings",
    "Aces",
)


class Category(IntEnum):
    """Five-card hand categories, weakest first (larger value wins)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9  # only in games with wild cards

    def __str__(self) -> str:
        """The category's name in words ("Two Pair"): an IntEnum prints as
        its number, and ``print(category(s))`` showing ``2`` reads as a
        fault. ``int(c)`` and ``f"{c:d}"`` still give the number."""
        return CATEGORY_NAMES[self.value]

    def __format__(self, spec: str) -> str:
        # a number's presentation type ("d", "x", ".1f") formats the number
        if spec and spec[-1] in "bcdoxXneEfFgG%":
            return int.__format__(self, spec)
        return format(str(self), spec)


# The categories of a game without wild cards, weakest first.
NATURAL_CATEGORIES = tuple(c for c in Category if c != Category.FIVE_OF_A_KIND)


@overload
def category(strength: Integer, game: Game = "high") -> Category: ...
@overload
def category(strength: IntArray, game: Game = "high") -> npt.NDArray[np.uint8]: ...
def category(strength: Integer | IntArray, game: Game = "high") -> Any:
    """Category of a strength, or of every strength in an integer array.

    >>> category(7462) is Category.STRAIGHT_FLUSH
    True
    >>> import numpy as np
    >>> category(np.array([[7462, 1], [5000, 3000]])).tolist()
    [[8, 0], [3, 1]]

    For low games the category is the standard name of the five cards (a
    deuce-to-seven 7-5-4-3-2 is HIGH_CARD). For a ranking with a suit
    tie-break, *strength* is a suited strength (``strength << 10 | suit
    key``) and the category is that of its plain strength.

    Parameters
    ----------
    strength
        An int, a NumPy integer scalar, or a NumPy integer array.
    game
        A ranking name or :class:`~pyrankcore.Ranking`.

    Returns
    -------
    Category or numpy.ndarray
        A Category for a scalar; for an array, a uint8 array of the same
        shape holding Category values.

    Raises
    ------
    TypeError
        *strength* is not an integer (a float, str, bool, None, or an array
        of another dtype).
    InvalidArgumentError
        A strength the game does not have (0, "no qualifying hand", has no
        category); for an array, the message names the first such element
        and its index.
    """
    tables = games.ranking_tables(game)
    if type(strength).__module__ == "numpy" and hasattr(strength, "ndim") and strength.ndim >= 0:
        import numpy as np

        if isinstance(strength, np.ndarray):
            if tables.suited:
                strength, tables = _unsuit_array(strength, tables, np), _base(tables)
            return _category_array(strength, tables, np)
    value = whole_number(strength, "strength")
    if tables.suited:
        value, tables = _unsuit(value, tables, allow_zero=False), _base(tables)
    if tables.name == "high" and tables.ranking == HIGH:
        cat, _ = _core.class_info(_as_strength(value))
        return Category(cat)
    key = _class_key(tables, _as_strength(value, tables, allow_zero=False))
    return Category(key[1])


def _base(tables: Any) -> Any:
    """The plain tables of a suit tie-break ranking's tables."""
    assert tables.base is not None
    return tables.base


def _suited_range(tables: Any) -> tuple[int, int]:
    """The suited strengths of a suit tie-break ranking: low..high."""
    return 1 << _core.SUIT_KEY_BITS, ((tables.n_classes + 1) << _core.SUIT_KEY_BITS) - 1


def _unsuit(value: int, tables: Any, allow_zero: bool) -> int:
    """The plain strength of a suited strength (checked: the message names
    the suited range)."""
    low, high = _suited_range(tables)
    if value == 0 and allow_zero and tables.ranking.qualifier is not None:
        return 0
    if not low <= value <= high:
        raise InvalidArgumentError(
            f"strength {value} is not a suited strength of {tables.name} ({low}..{high}: "
            f"strength << {_core.SUIT_KEY_BITS} | suit key)"
        )
    return value >> _core.SUIT_KEY_BITS


def _unsuit_array(arr: Any, tables: Any, np: Any) -> Any:
    """Plain strengths of an array of suited strengths (checked)."""
    if arr.dtype.kind not in "iu":
        raise TypeError(f"strength array must hold integers, not dtype {arr.dtype}")
    low, high = _suited_range(tables)
    bad = (arr < low) | (arr > high)
    if bad.any():
        flat = int(np.flatnonzero(bad.reshape(-1))[0])
        where: Any = (
            flat if arr.ndim == 1 else tuple(int(i) for i in np.unravel_index(flat, arr.shape))
        )
        raise InvalidArgumentError(
            f"strength {int(arr.reshape(-1)[flat])} at index {where} is not a suited strength "
            f"of {tables.name} ({low}..{high})"
        )
    return arr.astype(np.int64) >> _core.SUIT_KEY_BITS


def _category_array(arr: Any, tables: Any, np: Any) -> Any:
    if arr.dtype.kind not in "iu":
        raise TypeError(f"strength array must hold integers, not dtype {arr.dtype}")
    n = tables.n_classes
    bad = (arr < 1) | (arr > n)
    if bad.any():
        flat = int(np.flatnonzero(bad.reshape(-1))[0])
        where: Any = (
            flat if arr.ndim == 1 else tuple(int(i) for i in np.unravel_index(flat, arr.shape))
        )
        value = int(arr.reshape(-1)[flat])
        raise InvalidArgumentError(
            f"strength {value} at index {where} is not a {tables.name} strength (1..{n})"
        )
    lookup = np.asarray(_category_table(tables.ranking), dtype=np.uint8)
    return lookup[arr.astype(np.intp)] if arr.size else np.zeros(arr.shape, dtype=np.uint8)


@cache
def _category_table(ranking: Any) -> list[int]:
    """Category of every strength of a ranking (index 0 unused)."""
    if ranking == HIGH:
        return [0] + [_core.class_info(s)[0] for s in range(1, N_CLASSES + 1)]
    keys = _classes(ranking)
    return [0] + [int(-k[1] if ranking.low else k[1]) for k in keys]


@overload
def describe(strength: Integer, game: Game = "high") -> str: ...
@overload
def describe(strength: IntArray, game: Game = "high") -> npt.NDArray[np.str_]: ...
def describe(strength: Integer | IntArray, game: Game = "high") -> Any:
    """A strength in a player's words, or every strength of an integer
    array (a NumPy array of str of the same shape).

    *strength* is an int, a NumPy integer scalar or a NumPy integer array.
    Raises TypeError for any other type (an array of another dtype too) and
    InvalidArgumentError for a strength the game does not have (0 is "No
    qualifying low" where the game has a qualifier); for an array the
    message names the first such element and its index. For a ranking with
    a suit tie-break it is a suited strength, described as its plain
    strength (the suits are not named).

    >>> describe(7462)
    'Royal Flush'
    >>> from pyrankcore import evaluate
    >>> describe(evaluate("Kh Kd Ks 9c 9d"))
    'Full House, Kings full of Nines'
    >>> describe(evaluate("8c 6d 5h 3s 2c", "deuce_seven"), "deuce_seven")
    'Eight-Six-Five low'
    >>> describe(evaluate("5c 4d 3h 2s Ac", "ace_five"), "ace_five")
    'Wheel'
    >>> import numpy as np
    >>> describe(np.array([[7462, 1], [5000, 3000]])).tolist()
    [['Royal Flush', 'High Card, Seven'], ['Three of a Kind, Twos', 'Pair of Nines']]
    """
    tables = games.ranking_tables(game)
    if type(strength).__module__ == "numpy" and hasattr(strength, "ndim"):
        import numpy as np

        if isinstance(strength, np.ndarray):
            return _describe_array(strength, tables, np)
    return _describe_one(strength, tables)


def _describe_array(arr: Any, tables: Any, np: Any) -> Any:
    """describe for each element of an integer array, each distinct value
    described once."""
    if arr.dtype.kind not in "iu":
        raise TypeError(f"strength array must hold integers, not dtype {arr.dtype}")
    flat = arr.reshape(-1)
    values, inverse = np.unique(flat, return_inverse=True)
    words: list[str] = []
    errors: dict[int, InvalidArgumentError] = {}
    for value in values.tolist():
        try:
            words.append(_describe_one(value, tables))
        except InvalidArgumentError as error:
            errors[value] = error
    if errors:  # name the first bad element in the array's order
        first = int(np.flatnonzero(np.isin(flat, list(errors)))[0])
        value = int(flat[first])
        where: Any = (
            first if arr.ndim == 1 else tuple(int(i) for i in np.unravel_index(first, arr.shape))
        )
        message, prefix = str(errors[value]), f"strength {value} "
        if message.startswith(prefix):
            message = f"{prefix}at index {where} {message[len(prefix) :]}"
        else:  # pragma: no cover - every strength message starts with the value
            message += f" (at index {where})"
        raise InvalidArgumentError(message)
    return np.array(words, dtype=np.str_)[inverse.reshape(-1)].reshape(arr.shape)


def _describe_one(strength: Any, tables: Any) -> str:
    strength = whole_number(strength, "strength")
    if tables.suited:  # suits order hands of one strength; the words are the same
        strength, tables = _unsuit(strength, tables, allow_zero=True), _base(tables)
    if tables.name == "high" and tables.ranking == HIGH:
        cat, ranks = _core.class_info(_as_strength(strength))
        return _high_words(cat, ranks)
    value = _as_strength(strength, tables, allow_zero=True)
    if value == 0:
        return "No qualifying low"
    ranking = tables.ranking
    key = _class_key(tables, value)
    suffix = ""
    if ranking.natural_beats_wild:  # the last field is the wild cards used
        key, suffix = key[:-1], wild_use_words(ranking, value)
    cat, values = key[1], [v for v in key[2:] if v != -99]
    group_ranks = [_rank_of_value(v) for v in values]
    if ranking.low and cat == Category.HIGH_CARD:
        return _low_words(ranking, values) + suffix
    words = _high_words(cat, group_ranks + [0] * (5 - len(group_ranks))) + suffix
    if ranking.min_cards < 5:
        cards = _expand(cat, group_ranks)
        if len(cards) < 5:
            words += " (" + "-".join(RANK_CHARS[r] for r in cards) + ")"
    return words


# The words of each high category: {n[i]} names the i-th rank of the hand's
# ranks, {p[i]} the same rank in the plural.
_HIGH_WORDS: dict[int, str] = {
    Category.FIVE_OF_A_KIND: "Five of a Kind, {p[0]}",
    Category.STRAIGHT_FLUSH: "Straight Flush, {n[0]} high",
    Category.FOUR_OF_A_KIND: "Four of a Kind, {p[0]}",
    Category.FULL_HOUSE: "Full House, {p[0]} full of {p[1]}",
    Category.FLUSH: "Flush, {n[0]} high",
    Category.STRAIGHT: "Straight, {n[0]} high",
    Category.THREE_OF_A_KIND: "Three of a Kind, {p[0]}",
    Category.TWO_PAIR: "Two Pair, {p[0]} and {p[1]}",
    Category.PAIR: "Pair of {p[0]}",
}


def _high_words(cat: int, ranks: Any) -> str:
    if cat == Category.STRAIGHT_FLUSH and ranks[0] == 12:
        return "Royal Flush"
    words = _HIGH_WORDS.get(cat, "High Card, {n[0]}")
    return words.format(n=[RANK_NAMES[r] for r in ranks], p=[RANK_PLURALS[r] for r in ranks])


def _low_words(ranking: Any, values: list[int]) -> str:
    """No-pair low: named by its top cards, down to where the rest are the
    lowest possible ("Seven-Five low" = 7-5 and the three lowest cards)."""
    ranks = [_rank_of_value(v) for v in values]
    if ranking.ace_low and not ranking.straights and values == [3, 2, 1, 0, -1]:
        return "Wheel"
    if not ranking.ace_low and values == [5, 3, 2, 1, 0]:
        return "Number one (7-5-4-3-2)"
    domain = sorted(ranking.value(r) for r in ranking.deck_ranks)
    named = 1
    while named < len(values):
        rest = values[named:]
        lowest = sorted(v for v in domain if v not in values[:named])
        if sorted(rest) == lowest[: len(rest)]:
            break
        named += 1
    return "-".join(RANK_NAMES[r] for r in ranks[:named]) + " low"


def _rank_of_value(value: int) -> int:
    """Comparison value (ace-low games give the ace -1 or 13) to a rank."""
    return 12 if value in (-1, 13) else value


def _expand(cat: int, ranks: list[int]) -> list[int]:
    """Every card rank of a class, from its group ranks."""
    shapes = {
        Category.PAIR: (2,),
        Category.TWO_PAIR: (2, 2),
        Category.THREE_OF_A_KIND: (3,),
        Category.FULL_HOUSE: (3, 2),
        Category.FOUR_OF_A_KIND: (4,),
    }
    sizes = shapes.get(Category(cat), ())
    cards = []
    for i, r in enumerate(ranks):
        cards += [r] * (sizes[i] if i < len(sizes) else 1)
    return cards


@cache
def _classes(ranking: Any) -> list[Any]:
    return list(ranking.classes())


def _class_key(tables: Any, strength: int) -> Any:
    key = _classes(tables.ranking)[strength - 1]
    return tuple(-x for x in key) if tables.ranking.low else key


def _as_strength(strength: Any, tables: Any = None, allow_zero: bool = False) -> int:
    value = whole_number(strength, "strength")
    if tables is None:
        if not 1 <= value <= N_CLASSES:
            raise InvalidArgumentError(f"strength {value} is not a high hand strength (1..7462)")
        return value
    qualifies = tables.ranking.qualifier is not None
    low = 0 if (allow_zero and qualifies) else 1
    if not low <= value <= tables.n_classes:
        raise InvalidArgumentError(
            f"strength {value} is not a {tables.name} strength ({low}..{tables.n_classes})"
        )
    return value


def _convert(values: Integer | IntArray, what: str) -> int | npt.NDArray[np.uint16]:
    """7463 - x for an int or an integer array, checking the range."""
    if type(values).__module__ == "numpy" and getattr(values, "ndim", None) == 0:
        values = values[()]  # type: ignore[index]  # a 0-d array is a scalar
    if type(values).__module__ == "numpy" and getattr(values, "ndim", 0) > 0:
        import numpy as np

        arr = np.asarray(values)
        if arr.dtype.kind not in "iu":
            raise TypeError(f"{what} array must hold integers, not {arr.dtype}")
        if arr.size and (arr.min() < 1 or arr.max() > N_CLASSES):
            bad = int(np.flatnonzero((arr < 1) | (arr > N_CLASSES))[0])
            raise InvalidArgumentError(
                f"{what} {arr.reshape(-1)[bad]} at index {bad} is not in 1..7462"
            )
        return (N_CLASSES + 1 - arr.astype(np.int32)).astype(np.uint16)
    value = whole_number(values, what)
    if not 1 <= value <= N_CLASSES:
        raise InvalidArgumentError(f"{what} {value} is not in 1..7462")
    return N_CLASSES + 1 - value


@overload
def to_cactus_kev(strength: Integer) -> int: ...
@overload
def to_cactus_kev(strength: IntArray) -> npt.NDArray[np.uint16]: ...
def to_cactus_kev(strength: Integer | IntArray) -> int | npt.NDArray[np.uint16]:
    """Strength (larger wins) to Cactus-Kev rank (1 = royal flush, 7462 worst),
    the numbering of treys and phevaluator. Works on ints and arrays."""
    return _convert(strength, "strength")


@overload
def from_cactus_kev(rank: Integer) -> int: ...
@overload
def from_cactus_kev(rank: IntArray) -> npt.NDArray[np.uint16]: ...
def from_cactus_kev(rank: Integer | IntArray) -> int | npt.NDArray[np.uint16]:
    """Cactus-Kev rank (1 = best) to strength (larger wins)."""
    return _convert(rank, "Cactus-Kev rank")


# ----------------------------------------------------------------- best five


def best_five(cards: CardsLike, game: Game = "high") -> list[int]:
    """The five cards (ids) that make the best hand, most significant first.

    For 5 to 10 cards, the five-card subset with the highest strength under
    *game*; with fewer than five cards (the ``incomplete`` ranking), those
    cards. ``evaluate(best_five(c, g), g) == evaluate(c, g)`` always holds.

    Order: the larger group first, then the higher group (a full house gives
    the three, then the pair; two pair the higher pair, the lower, the
    kicker); within a rank, spades, hearts, diamonds, clubs. A straight
    starts at its top card, so the wheel's ace comes last. Rankings where
    the ace is low order it as low: an ace-to-five low lists the highest
    card first and the ace last (8-6-4-2-A), as it is read.

    When no five cards qualify (an eight-or-better low with no eight-low),
    the result is the best five under the same ranking without its
    qualifier, e.g. the best ace-to-five low for ``ace_five_8``; its
    strength under *game* is then 0, like the whole hand's. Ties between
    subsets of equal strength (different suits) go to the first found; with
    a suit tie-break ranking (``ranking("high", suit_tiebreak=...)``) they
    are ordered by it, and the five are those that win the tie-break.

    >>> from pyrankcore import format_cards
    >>> format_cards(best_five("Kh Kd 9s 9c 2d 3h Ks"))
    'Ks Kh Kd 9s 9c'
    >>> format_cards(best_five("5c 4d 3h 2s Ac Kd Qh"))
    '5c 4d 3h 2s Ac'
    >>> format_cards(best_five("8c 6d 4h 2s Ad Kc Kh", "ace_five"))
    '8c 6d 4h 2s Ad'

    Parameters
    ----------
    cards
        Card text or ids, as :func:`pyrankcore.parse_cards` accepts.
    game
        A ranking name or :class:`~pyrankcore.Ranking`.

    Returns
    -------
    list[int]
        Five card ids (or all the cards, if fewer).

    Raises
    ------
    InvalidCardError, DuplicateCardError, HandSizeError, UnknownGameError
        As :func:`pyrankcore.evaluate` raises them for the same arguments.
    """
    tables = games.ranking_tables(game)
    ids = _core.parse_cards(cards)
    best = _core.evaluate(ids, tables)  # checks the cards, size and deck
    if tables.has_wild:
        raise InvalidArgumentError(
            f"best_five does not support wild-card games ({tables.name}): the cards a "
            "wild card stands for are not cards of the hand"
        )
    # A suit tie-break ranking searches by suited strength (the five that
    # win the tie-break) and reads the five as its plain ranking does.
    ranking: Ranking = tables.ranking if tables.base is None else tables.base.ranking
    if len(ids) <= 5:
        return _significance_order(ranking, ids)
    search: Any = tables
    if best == 0 and ranking.qualifier is not None:
        # No five qualifies: search the ranking without its qualifier (with
        # the same suit tie-break, if any) and read the five with it.
        ranking = _without_qualifier(ranking)
        search = ranking
        if tables.suited:
            search = replace(
                ranking,
                suit_tiebreak=tables.ranking.suit_tiebreak,
                suit_order=tables.ranking.suit_order,
            )
        search = _core.tables_of(search)  # once, not per subset
    chosen: list[int] = []
    top = -1
    # At most 252 subsets (10 cards): correctness over speed.
    for five in combinations(ids, 5):
        s = _core.evaluate(list(five), search)
        if s > top:
            top, chosen = s, list(five)
    return _significance_order(ranking, chosen)


def _without_qualifier(ranking: Ranking) -> Ranking:
    """The ranking with no qualifier: a built-in one where the fields match
    (ace_five_8 -> ace_five), so no new tables are built."""
    plain = replace(ranking, qualifier=None)
    for builtin in RANKINGS.values():
        if replace(builtin, name=ranking.name) == plain:
            return builtin
    return replace(plain, name=f"{ranking.name}[qualifier=None]")


def _significance_order(ranking: Ranking, cards: list[int]) -> list[int]:
    """Cards in the order the ranking compares them (see best_five)."""
    counts = [0] * 13
    for c in cards:
        counts[c >> 2] += 1
    ranks = {c >> 2 for c in cards}
    top = ranking.straight_top(ranks) if len(cards) == 5 else None

    def value(rank: int) -> int:
        if top is not None and rank == ACE:
            # In a straight the ace is either its top card or its bottom one.
            return 14 if top == ranking.value(ACE) or top == ACE else -2
        v = ranking.value(rank)
        if ranking.ace_low and ranking.ace_pair_high and rank == ACE and counts[rank] > 1:
            return 13  # pairs of aces rank above kings in this game
        return v

    return sorted(cards, key=lambda c: (counts[c >> 2], value(c >> 2), c & 3), reverse=True)
