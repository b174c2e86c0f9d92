"""Hand categories, descriptions in players' words, Cactus-Kev numbering."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from pyrankcore import _core

__all__ = ["Category", "category", "describe", "to_cactus_kev", "from_cactus_kev"]

N_CLASSES = 7462

RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
              "Ten", "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens",
                "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces")


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


CATEGORY_NAMES = ("High Card", "Pair", "Two Pair", "Three of a Kind", "Straight",
                  "Flush", "Full House", "Four of a Kind", "Straight Flush")


def category(strength: int, game: str = "high") -> Category:
    """Category of a strength, e.g. ``category(7462) is Category.STRAIGHT_FLUSH``.

    Raises ValueError for a strength outside 1..7462.
    """
    _core.check_game(game)
    cat, _ = _core.class_info(_as_strength(strength))
    return Category(cat)


def describe(strength: int, game: str = "high") -> str:
    """A strength in a player's words, e.g. "Full House, Kings full of Nines".

    >>> describe(7462)
    'Royal Flush'
    >>> from pyrankcore import evaluate
    >>> describe(evaluate("Kh Kd Ks 9c 9d"))
    'Full House, Kings full of Nines'
    """
    _core.check_game(game)
    cat, ranks = _core.class_info(_as_strength(strength))
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


def _as_strength(strength: Any) -> int:
    if isinstance(strength, bool) or not hasattr(strength, "__index__"):
        raise TypeError(f"strength must be an int, not {type(strength).__name__}")
    value = strength.__index__()
    if not 1 <= value <= N_CLASSES:
        raise ValueError(f"strength {value} is not a high hand strength (1..7462)")
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
            raise ValueError(
                f"{what} {arr.reshape(-1)[bad]} at index {bad} is not in 1..7462"
            )
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
