"""Type aliases of pyrankcore's public signatures, for type checkers.

The package imports this module only under ``TYPE_CHECKING``, and the
aliases are strings (PEP 613), so importing it at run time imports nothing
else (no NumPy, no variants): it stays cheap even when a user does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Any, TypeAlias

    import numpy as np
    import numpy.typing as npt

    from pyrankcore._rankings import Ranking
    from pyrankcore.ofc import Board
    from pyrankcore.variants import Variant

__all__ = [
    "BoardLike",
    "CardArray",
    "CardId",
    "CardLike",
    "CardObject",
    "CardsLike",
    "Game",
    "IntArray",
    "Integer",
    "OfcBoardArray",
    "Strengths",
    "SuitedStrengths",
]


class CardObject(Protocol):
    """A card of another library, duck-typed: ``eval7.Card`` (int rank 0..12
    and suit 0..3) or a pokerkit ``Card`` (str enum rank and suit)."""

    @property
    def rank(self) -> object: ...

    @property
    def suit(self) -> object: ...


# An int or a NumPy integer scalar (a strength, a count).
Integer: TypeAlias = "int | np.integer[Any]"
# One card id 0..51 (rank * 4 + suit).
CardId: TypeAlias = "Integer"
# One card: its text ("As", "10d", "A♠"), its id, or another library's card.
CardLike: TypeAlias = "str | CardId | CardObject"
# Anything parse_cards accepts: text of any number of cards, one card, a
# sequence (or an iterator) of single cards, or a 1-d NumPy integer array.
# Sets and dicts are refused at run time (no order); bytes too.
CardsLike: TypeAlias = (
    "str | CardId | CardObject | Sequence[CardLike] | Iterator[CardLike] | IntArray"
)
# A ranking name (pyrankcore.GAMES), a Ranking, or a Variant (or its name).
Game: TypeAlias = "str | Ranking | Variant"
# A NumPy integer array (card ids, strengths), any integer dtype.
IntArray: TypeAlias = "npt.NDArray[np.integer[Any]]"
# An (N, k) matrix of card ids: an integer array or rows of ids.
CardArray: TypeAlias = "IntArray | Sequence[Sequence[CardId]]"
# (N, players, 13) or (N, 13) card ids of OFC boards, each in row order.
OfcBoardArray: TypeAlias = (
    "IntArray | Sequence[Sequence[CardId]] | Sequence[Sequence[Sequence[CardId]]]"
)
# Strengths of a batch: uint16, larger wins.
Strengths: TypeAlias = "npt.NDArray[np.uint16]"
# Suited strengths of a batch (a ranking with a suit tie-break): uint32.
SuitedStrengths: TypeAlias = "npt.NDArray[np.uint32]"
# An OFC board: a Board, (front, middle, back) rows, or 13 cards in row order.
BoardLike: TypeAlias = "Board | Sequence[CardsLike]"
