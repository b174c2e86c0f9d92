"""Exact hand probabilities: how many k-card hands fall in each category.

Nothing is sampled and no big deck is dealt hand by hand. The counter walks
the rank multisets of the k cards (at most ``4 * decks`` of a rank) and, for
each, counts the suit assignments combinatorially: a flush needs five cards
of one suit (fewer with wild cards), and with seven cards at most one suit
can get there, so it is enough to enumerate what that one suit holds of each
rank (the other suits are counted with binomial coefficients, never listed).
Where several suits could make a flush (three or more wild cards among
seven), the few natural cards left are spread over the suits one assignment
at a time. Each class of hands (rank multiset, wild cards, the flush suit's
ranks) is ranked once: with one deck by evaluating a representative hand
with the game's own tables, with several decks by the ranking's keys over
the best five cards (see :func:`probabilities` for the rulings).

>>> t = probabilities("high", 5)
>>> t.total, t["Four of a Kind"].count, t["Four of a Kind"].odds
(2598960, 624, '4,164.00 : 1')
>>> t["Four of a Kind"]
ProbabilityRow('Four of a Kind', count=624, probability=0.02401%, odds='4,164.00 : 1')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import comb
from typing import TYPE_CHECKING, Any

from pyrankcore import _core, _display, games
from pyrankcore._args import flag, is_whole_number, optional_whole_number, whole_number
from pyrankcore._hand_counts import Key, better, count_hands, deck_size, key_order
from pyrankcore._rankings import (
    ACE,
    CATEGORY_NAMES,
    HIGH_CARD,
    Ranking,
    as_rank,
    show_value,
)
from pyrankcore.errors import InvalidArgumentError
from pyrankcore.hands import RANK_NAMES

if TYPE_CHECKING:
    from fractions import Fraction

    from pyrankcore._typing import Game

__all__ = ["HandProbabilities", "ProbabilityRow", "probabilities"]

NO_LOW = "No qualifying low"
MAX_DECKS = 8
_HEADER = ("hand", "count", "probability", "odds against")  # the tables people read
_COLUMNS = ["name", "count", "probability", "odds_against"]  # as_dict, to_frame
# A comparable key of a hand (larger is better), or None: no qualifying hand.


@dataclass(frozen=True)
class ProbabilityRow:
    """One line of a probability table.

    name: the category ("Full House") or, in a low game, the class group
        ("Eight-low", "Pair", "No qualifying low").
    count: the number of hands (exact).
    fraction: count / total as an exact Fraction; probability: as a float.
    odds_against: (total - count) / count, as in "649,739 : 1"; ``odds`` is
        that text.
    """

    name: str
    count: int
    fraction: Fraction
    probability: float
    odds_against: float

    @property
    def odds(self) -> str:
        """The odds against, as text: ``"4,164.00 : 1"``."""
        return f"{self.odds_against:,.2f} : 1"

    def as_dict(self) -> dict[str, Any]:
        """name, count, probability and odds_against as plain JSON types."""
        return {k: getattr(self, k) for k in _COLUMNS}

    def _cells(self) -> list[str]:
        return [self.name, f"{self.count:,}", _display.short_percent(self.probability), self.odds]

    def __repr__(self) -> str:
        shares = f"count={self.count}, probability={_display.short_percent(self.probability)}"
        return f"ProbabilityRow({self.name!r}, {shares}, odds={self.odds!r})"


@dataclass(frozen=True)
class HandProbabilities:
    """The exact table :func:`probabilities` returns.

    game: the ranking's name; cards: cards per hand; decks: decks shuffled
    together; deck_size: cards in play (jokers included); jokers: how many
    of them are jokers; total: all hands, C(deck_size, cards); rows: one
    :class:`ProbabilityRow` per category (or class group) that occurs,
    strongest first. ``table["Flush"]`` finds a row by name. ``str()``
    is a Markdown table, the repr an aligned one, ``_repr_html_`` an HTML
    one; ``as_dict()`` and ``to_frame()`` (pandas) hold the same rows.
    """

    game: str
    cards: int
    decks: int
    deck_size: int
    jokers: int
    total: int
    rows: tuple[ProbabilityRow, ...]

    def __getitem__(self, name: str) -> ProbabilityRow:
        for row in self.rows:
            if row.name == name:
                return row
        raise KeyError(name)

    @property
    def counts(self) -> dict[str, int]:
        """{name: count}, strongest first."""
        return {row.name: row.count for row in self.rows}

    def as_dict(self) -> dict[str, Any]:
        """The table as plain JSON types (the CLI's ``--json`` object)."""
        return {
            "game": self.game,
            "cards": self.cards,
            "decks": self.decks,
            "deck_size": self.deck_size,
            "jokers": self.jokers,
            "total": self.total,
            "rows": [r.as_dict() for r in self.rows],
        }

    def to_frame(self) -> Any:
        """A pandas DataFrame of :attr:`rows` (index ``name``; columns count,
        probability, odds_against). Needs pandas (``pip install pandas``)."""
        pd = _display.require_pandas("HandProbabilities.to_frame()")
        records = [r.as_dict() for r in self.rows]
        return pd.DataFrame.from_records(records, columns=_COLUMNS).set_index("name")

    def _title(self) -> str:
        decks = "one deck" if self.decks == 1 else f"{self.decks} decks"
        jokers = f", {self.jokers} joker{'s' if self.jokers != 1 else ''}" if self.jokers else ""
        deck = f"{self.deck_size} cards ({decks}{jokers})"
        return f"{self.cards}-card hands, {self.game}, {deck}: {self.total:,} hands"

    def __str__(self) -> str:
        table = _display.markdown_table(_HEADER, [r._cells() for r in self.rows], "<>>>")
        return "\n".join([self._title(), "", *table])

    def __repr__(self) -> str:
        table = _display.text_table(_HEADER, [r._cells() for r in self.rows], "<>>>")
        return f"HandProbabilities: {self._title()}\n{table}"

    def _repr_html_(self) -> str:
        rows = [[_display.Cell(r.name, header=True), *r._cells()[1:]] for r in self.rows]
        return _display.html_table(_HEADER, rows, caption=self._title())


def probabilities(
    game: Game = "high",
    cards: int = 5,
    *,
    deck: str | int | None = None,
    decks: int = 1,
    wild: str | tuple[str, ...] | None = None,
    jokers: int | None = None,
    progress: bool = False,
) -> HandProbabilities:
    """Exact number of *cards*-card hands in each category, with the
    probability and the odds against.

    >>> t = probabilities("high", 7)
    >>> t["Straight Flush"].count, t["High Card"].count, t.total
    (41584, 23294460, 133784560)
    >>> probabilities("high", 5, wild="jokers")["Five of a Kind"].count
    13
    >>> probabilities("ace_five_8", 5).counts["Eight-low"]
    35840

    Parameters
    ----------
    game
        A ranking name, a :class:`~pyrankcore.Ranking` (stripped decks, wild
        cards, house rules) or a variant with one ranking.
    cards
        Cards per hand, 5 to 7 (the best five count).
    deck
        Strip the deck: its lowest rank as text (``"7"``: 32 cards) or its
        size (32, 36, ..., 52). The ranking keeps its rules, and the ace also
        completes the straight below the lowest rank (A-7-8-9-T), as in every
        stripped deck. None: the game's own deck.
    decks
        Decks shuffled together (1 to 8): a card can then repeat.
    wild
        Wild cards, as :func:`~pyrankcore.ranking` takes them (``"jokers"``,
        ``"2"``, ``"Jh Js"``, ``"lowest"``), added to the game's.
    jokers
        Jokers in the deck when the game has them: 1 to 2 per deck; default
        one per deck (the 53-card deck of the published joker table).
    progress
        Show a progress bar on stderr counting the hands classified (seven
        cards from several decks take seconds).

    Notes
    -----
    Rows are the categories that occur, strongest first. Low games are
    grouped for lows: a no-pair low by its top card ("Seven-low",
    "Eight-low", ...), any other hand by its category ("Pair", and
    "Straight" or "Flush" where those count against a low), and "No
    qualifying low" where the game has a qualifier.

    Rulings: with several decks a card may repeat, so five (or more) of a
    rank is five of a kind, above the straight flush; five cards of one suit
    are a flush even with a repeated card (A-A-K-Q-J of spades), as in
    double-deck OFC, and a hand that is both a flush and something better
    (three decks: A-A-A-K-K of one suit) counts as the better. In a low game
    five cards of one suit are a flush whatever their ranks. Wild cards need
    one deck (the evaluator ranks them; with repeated cards it cannot).

    Raises
    ------
    TypeError
        An argument of the wrong type.
    UnknownGameError
        An unknown game.
    InvalidArgumentError
        A value outside its range (``cards=8``, ``decks=0``, ``deck=30``),
        a wild card outside the deck, wild cards with several decks.
    """
    from fractions import Fraction  # on first use: keeps `import pyrankcore` quick

    tables = _core.plain_tables(games.ranking_tables(game), "probabilities")
    ranking: Ranking = tables.ranking
    k = whole_number(cards, "cards", 5, ranking.max_cards)
    n_decks = whole_number(decks, "decks", 1, MAX_DECKS)
    show = flag(progress, "progress")
    jokers = optional_whole_number(jokers, "jokers")
    label = []
    if deck is not None:
        lowest = _deck_lowest(deck)
        if lowest != ranking.lowest_rank:
            ranking = replace(ranking, lowest_rank=lowest)
            label.append(f"deck={4 * len(ranking.deck_ranks)}")
    if wild is not None:
        if isinstance(wild, str):
            extra = [wild]
        elif isinstance(wild, tuple) and all(isinstance(w, str) for w in wild):
            extra = list(wild)
        else:
            raise TypeError(f"wild must be a str or a tuple of str, not {type(wild).__name__}")
        ranking = replace(ranking, wild=" ".join(extra + ([ranking.wild] if ranking.wild else [])))
        label.append(f"wild={ranking.wild}")
    if label:
        ranking = replace(ranking, name=f"{ranking.name}[{','.join(label)}]")
    n_jokers = 0
    if ranking.jokers:
        n_jokers = n_decks if jokers is None else whole_number(jokers, "jokers", 1, 2 * n_decks)
    elif jokers is not None:
        raise InvalidArgumentError(
            f"jokers={show_value(jokers)} is for a game with jokers (wild='jokers' or bug=True)"
        )
    if n_decks > 1 and ranking.has_wild:
        raise InvalidArgumentError(
            f"decks={n_decks} with wild cards: wild cards are counted with one deck only"
        )
    n_cards = deck_size(ranking, n_decks, n_jokers)
    total = comb(n_cards, k)
    counts = count_hands(ranking, k, n_decks, n_jokers, progress=show)
    if sum(counts.values()) != total:  # pragma: no cover - a counting check
        raise AssertionError(f"counted {sum(counts.values())} hands, expected {total}")
    groups: dict[str, list[Any]] = {}
    for key, n in counts.items():
        name = _group(ranking, key)
        entry = groups.setdefault(name, [key, 0])
        if better(key, entry[0]):
            entry[0] = key
        entry[1] += n
    order = sorted(groups.items(), key=lambda item: key_order(item[1][0]), reverse=True)
    rows = tuple(
        ProbabilityRow(
            name=name,
            count=n,
            fraction=Fraction(n, total),
            probability=n / total,
            odds_against=(total - n) / n,
        )
        for name, (_, n) in order
        if n
    )
    return HandProbabilities(ranking.name, k, n_decks, n_cards, n_jokers, total, rows)


def _deck_lowest(deck: Any) -> int:
    """The lowest rank of a stripped deck given as a rank or a card count."""
    if is_whole_number(deck) and deck > 12:
        size = int(deck)
        if size % 4 or not 20 <= size <= 52:
            raise InvalidArgumentError(
                f"invalid deck={size}; a deck size is a multiple of 4 from 20 to 52"
            )
        return 13 - size // 4
    if isinstance(deck, str) or is_whole_number(deck):
        return as_rank("deck", deck, 0, 8, "probabilities")
    raise TypeError(f"deck must be a rank (str) or a deck size (int), not {type(deck).__name__}")


def _group(ranking: Ranking, key: Key) -> str:
    """The row a hand's key falls in: its category, or for a no-pair low
    its top card."""
    if key is None:
        return NO_LOW
    plain = tuple(-x for x in key) if ranking.low else key
    cat = plain[1]
    if ranking.low and cat == HIGH_CARD:
        top = plain[2]
        return f"{RANK_NAMES[ACE if top < 0 else top]}-low"
    return CATEGORY_NAMES[cat]
