"""Open-Face Chinese poker: boards, fouls, royalties, scoring, Fantasyland.

Rules follow the OFC sections of the rule texts (shared/rules/): a board is a
3-card front, a 5-card middle and a 5-card back; the back must be at least as
strong as the middle and the middle at least as strong as the front, or the
board is fouled. The front is compared with the middle as the rule texts
compare hands of unequal size (the ``incomplete`` ranking: a present kicker
beats a missing one), so front K-K-A against middle K-K-Q-7-3 is a foul.

Every house rule is a field of :class:`Rules`; the defaults are the standard
game (1-6 scoring, the standard royalty table, classic Fantasyland).

Double deck (``Rules(decks=2)``, ``Board(..., decks=2)``): two 52-card decks
shuffled together. Cards keep their ids 0..51; a card id may appear at most
twice in a deal (on one board or across the boards), so a row can repeat a
card. Rows rank as with one deck, plus five of a kind above the straight
flush; five cards of one suit are a flush even with a repeated card
(A-A-K-Q-J of spades, compared card by card like any flush), on the
double-deck scale (:data:`DD_N_CLASSES` strengths).

The package by trade: :mod:`~pyrankcore.ofc.rules` (house rules, royalty
tables, deals), :mod:`~pyrankcore.ofc.two_decks` (the double-deck scale),
:mod:`~pyrankcore.ofc.board` (boards and scoring),
:mod:`~pyrankcore.ofc.solver` (Fantasyland and its solver) and
:mod:`~pyrankcore.ofc.batch` (many deals at once).

>>> b = Board("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
>>> b.royalties, b.fouled
(7, False)
"""

# Public names outside __all__ (as before the package was split), re-exported
# explicitly: the category enum the royalty tables are keyed by, and the
# constants of the rules.
from pyrankcore.hands import Category as Category
from pyrankcore.ofc.batch import royalties_batch, score_batch
from pyrankcore.ofc.board import Board, score
from pyrankcore.ofc.rules import DECK_SIZE as DECK_SIZE
from pyrankcore.ofc.rules import DEFAULT_RULES as DEFAULT_RULES
from pyrankcore.ofc.rules import (
    MAX_PLAYERS,
    OFC_DEALT,
    PINEAPPLE_DEALT,
    STANDARD_ROYALTIES,
    RoyaltyTable,
    Rules,
    check_deal,
)
from pyrankcore.ofc.rules import MAX_POINTS as MAX_POINTS
from pyrankcore.ofc.rules import MOST_DEALT as MOST_DEALT
from pyrankcore.ofc.solver import (
    fantasyland,
    solve_fantasyland,
    solve_fantasyland_batch,
    stays_in_fantasyland,
)
from pyrankcore.ofc.two_decks import DD_N_CLASSES

__all__ = [
    "DD_N_CLASSES",
    "MAX_PLAYERS",
    "OFC_DEALT",
    "PINEAPPLE_DEALT",
    "STANDARD_ROYALTIES",
    "Board",
    "RoyaltyTable",
    "Rules",
    "check_deal",
    "fantasyland",
    "royalties_batch",
    "score",
    "score_batch",
    "solve_fantasyland",
    "solve_fantasyland_batch",
    "stays_in_fantasyland",
]
