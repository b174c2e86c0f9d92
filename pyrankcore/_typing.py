"""Type aliases of pyrankcore's public signatures, for type checkers.

The package imports this module only under ``TYPE_CHECKING``, and the
aliases are strings (PEP 613), so importing it at run time imports nothing
else (no NumPy, no variants): it stays cheap even when a user does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Any, NewType, TypeAlias

    import numpy as np
    import numpy.typing as npt

    from pyrankcore._rankings import Ranking
    from pyrankcore.ofc import Board
    from pyrankcore.variants import Variant

__all__ = [
    "AnyGame",
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
    "RankingName",
    "Strengths",
    "SuitTiebreakName",
    "SuitedRanking",
    "SuitedStrengths",
    "VariantName",
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
# The built-in names (pyrankcore.GAMES; the variant catalogue, pyrankcore.VARIANTS;
# the suit tie-breaks), generated from the catalogue by
# tests/packaging/test_typing_names.py, which checks that they match.
# BEGIN GENERATED NAMES
RankingName: TypeAlias = Literal[
    "high",
    "ace_five",
    "ace_five_8",
    "deuce_seven",
    "ace_six",
    "incomplete",
    "short_deck",
]
# Names and aliases as the catalogue spells them; variant() also takes
# them in any case, with underscores or extra spaces.
VariantName: TypeAlias = Literal[
    "Hold'em",
    "holdem",
    "texas holdem",
    "Short-deck Hold'em",
    "short deck",
    "short deck holdem",
    "six plus holdem",
    "Omaha",
    "omaha high",
    "plo",
    "Omaha Hi-Lo 8",
    "omaha hi-lo",
    "omaha/8",
    "omaha eight or better",
    "o8",
    "Big O",
    "five-card omaha hi-lo",
    "big o hi-lo",
    "Courchevel",
    "five-card omaha",
    "plo5",
    "Six-card Omaha",
    "plo6",
    "6-card omaha",
    "Razz",
    "Seven-card Stud",
    "stud",
    "seven card stud",
    "Stud Hi-Lo 8",
    "stud hi-lo",
    "stud/8",
    "seven card stud hi-lo",
    "2-7 Single Draw",
    "deuce to seven single draw",
    "kansas city lowball",
    "2-7 Triple Draw",
    "deuce to seven triple draw",
    "A-5 Draw",
    "ace to five draw",
    "california lowball",
    "Six-card Omaha Hi-Lo 8",
    "six-card omaha hi-lo",
    "6-card omaha hi-lo",
    "plo6 hi-lo",
    "big o six",
    "Binglao",
    "binglao high",
    "Binglao Hi-Lo 8",
    "binglao hi-lo",
    "binglao/8",
    "Roll Your Own",
    "roll your own stud",
    "roll-your-own",
    "ryo",
    "Dakota",
    "Mexican Stud",
    "stud loco",
    "Mexican Stud (no wild)",
    "mexican stud no wild",
    "mexican stud natural",
    "stud loco no wild",
    "Mexican Stud (down card wild)",
    "mexican stud down wild",
    "mexican stud wild",
    "stud loco down wild",
    "Mississippi Mud",
    "mud",
    "Mississippi Mud A-6",
    "mississippi mud ace to six",
    "mississippi mud a6",
    "Pick a Partner",
    "Psycho",
]
SuitTiebreakName: TypeAlias = Literal[
    "highest_card",
    "main_group",
    "highest_unpaired",
]
# END GENERATED NAMES
# A ranking: a built-in name, a Ranking, or a variant with one ranking (a
# Variant or its name). For a name held in a str (read from a file or a
# command line), pass ranking(name) or variant(name): they check it at run
# time and return the typed object.
Game: TypeAlias = "RankingName | VariantName | Ranking | Variant"
# A game as the package's own layers pass it down: any name, checked at run
# time where it is resolved.
AnyGame: TypeAlias = "str | Game"
# A NumPy integer array (card ids, strengths), any integer dtype.
IntArray: TypeAlias = "npt.NDArray[np.integer[Any]]"
# An (N, k) matrix of card ids: an integer array or rows of ids.
CardArray: TypeAlias = "IntArray | Sequence[Sequence[CardId]]"
# (N, players, 13) or (N, 13) card ids of OFC boards, each in row order.
OfcBoardArray: TypeAlias = (
    "IntArray | Sequence[Sequence[CardId]] | Sequence[Sequence[Sequence[CardId]]]"
)
if TYPE_CHECKING:
    # A Ranking with a suit tie-break, as ranking(..., suit_tiebreak=...)
    # returns it: evaluate_batch gives it uint32 suited strengths. For type
    # checkers only: at run time it is a Ranking.
    SuitedRanking = NewType("SuitedRanking", Ranking)
# Strengths of a batch: uint16, larger wins.
Strengths: TypeAlias = "npt.NDArray[np.uint16]"
# Suited strengths of a batch (a ranking with a suit tie-break): uint32.
SuitedStrengths: TypeAlias = "npt.NDArray[np.uint32]"
# An OFC board: a Board, (front, middle, back) rows, "front / middle / back"
# text, or 13 cards in row order.
BoardLike: TypeAlias = "Board | Sequence[CardsLike]"
