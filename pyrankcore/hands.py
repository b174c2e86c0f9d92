"""Hand categories, descriptions in players' words, Cactus-Kev numbering."""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import Any

from pyrankcore import _core
from pyrankcore._rankings import HIGH

__all__ = ["Category", "category", "describe", "from_cactus_kev", "to_cactus_kev"]

N_CLASSES = 7462

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


def category(strength: int, game: Any = "high") -> Category:
    """Category of a strength, e.g. ``category(7462) is Category.STRAIGHT_FLUSH``.

    For low games the category is the standard name of the five cards
    (a deuce-to-seven 7-5-4-3-2 is HIGH_CARD). Raises ValueError for a
    strength the game does not have (0, "no qualifying hand", has none).
    """
    tables = _core.resolve_game(game)
    if tables.name == "high" and tables.ranking == HIGH:
        cat, _ = _core.class_info(_as_strength(strength))
        return Category(cat)
    key = _class_key(tables, _as_strength(strength, tables, allow_zero=False))
    return Category(key[1])


def describe(strength: int, game: Any = "high") -> str:
    """A strength in a player's words.

    >>> describe(7462)
    'Royal Flush'
    >>> from pyrankcore import evaluate
    >>> describe(evaluate("Kh Kd Ks 9c 9d"))
    'Full House, Kings full of Nines'
    >>> describe(evaluate("8c 6d 5h 3s 2c", "deuce_seven"), "deuce_seven")
    'Eight-Six-Five low'
    >>> describe(evaluate("5c 4d 3h 2s Ac", "ace_five"), "ace_five")
    'Wheel'
    """
    tables = _core.resolve_game(game)
    if tables.name == "high" and tables.ranking == HIGH:
        cat, ranks = _core.class_info(_as_strength(strength))
        return _high_words(cat, ranks)
    value = _as_strength(strength, tables, allow_zero=True)
    if value == 0:
        return "No qualifying low"
    ranking = tables.ranking
    key = _class_key(tables, value)
    cat, values = key[1], [v for v in key[2:] if v != -99]
    group_ranks = [_rank_of_value(v) for v in values]
    if ranking.low and cat == Category.HIGH_CARD:
        return _low_words(ranking, values)
    words = _high_words(cat, group_ranks + [0] * (5 - len(group_ranks)))
    if ranking.min_cards < 5:
        cards = _expand(cat, group_ranks)
        if len(cards) < 5:
            words += " (" + "-".join(RANK_CHARS[r] for r in cards) + ")"
    return words


RANK_CHARS = "23456789TJQKA"


def _high_words(cat: int, ranks: Any) -> str:
    top = ranks[0]
    if cat == Category.STRAIGHT_FLUSH:
        if top == 12:
            return "Royal Flush"
        return f"Straight Flush, {RANK_NAMES[top]} high"
    if cat == Category.FOUR_OF_A_KIND:
        return f"Four of a Kind, {RANK_PLURALS[top]}"
    if cat == Category.FULL_HOUSE:
        return f"Full House, {RANK_PLURALS[top]} full of {RANK_PLURALS[ranks[1]]}"
    if cat == Category.FLUSH:
        return f"Flush, {RANK_NAMES[top]} high"
    if cat == Category.STRAIGHT:
        return f"Straight, {RANK_NAMES[top]} high"
    if cat == Category.THREE_OF_A_KIND:
        return f"Three of a Kind, {RANK_PLURALS[top]}"
    if cat == Category.TWO_PAIR:
        return f"Two Pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[1]]}"
    if cat == Category.PAIR:
        return f"Pair of {RANK_PLURALS[top]}"
    return f"High Card, {RANK_NAMES[top]}"


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
    if isinstance(strength, bool) or not hasattr(strength, "__index__"):
        raise TypeError(f"strength must be an int, not {type(strength).__name__}")
    value: int = strength.__index__()
    if tables is None:
        if not 1 <= value <= N_CLASSES:
            raise ValueError(f"strength {value} is not a high hand strength (1..7462)")
        return value
    qualifies = tables.ranking.qualifier is not None
    low = 0 if (allow_zero and qualifies) else 1
    if not low <= value <= tables.n_classes:
        raise ValueError(
            f"strength {value} is not a {tables.name} strength ({low}..{tables.n_classes})"
        )
    return value


def _convert(values: Any, what: str) -> Any:
    """7463 - x for an int or an integer array, checking the range."""
    if type(values).__module__ == "numpy" and getattr(values, "ndim", 0) > 0:
        import numpy as np

        arr = np.asarray(values)
        if arr.dtype.kind not in "iu":
            raise TypeError(f"{what} array must hold integers, not {arr.dtype}")
        if arr.size and (arr.min() < 1 or arr.max() > N_CLASSES):
            bad = int(np.flatnonzero((arr < 1) | (arr > N_CLASSES))[0])
            raise ValueError(f"{what} {arr.reshape(-1)[bad]} at index {bad} is not in 1..7462")
        return (N_CLASSES + 1 - arr.astype(np.int32)).astype(np.uint16)
    if isinstance(values, bool) or not hasattr(values, "__index__"):
        raise TypeError(f"{what} must be an int, not {type(values).__name__}")
    value = values.__index__()
    if not 1 <= value <= N_CLASSES:
        raise ValueError(f"{what} {value} is not in 1..7462")
    return N_CLASSES + 1 - value


def to_cactus_kev(strength: Any) -> Any:
    """Strength (larger wins) to Cactus-Kev rank (1 = royal flush, 7462 worst),
    the numbering of treys and phevaluator. Works on ints and arrays."""
    return _convert(strength, "strength")


def from_cactus_kev(rank: Any) -> Any:
    """Cactus-Kev rank (1 = best) to strength (larger wins)."""
    return _convert(rank, "Cactus-Kev rank")
