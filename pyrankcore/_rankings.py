"""Ranking systems as data: how five cards (or fewer) compare under each game.

Pure standard library, with no import of the rest of the package, because the
table generator (src/tablegen/gen_tables.py) loads this file at build time to
emit the built-in tables, and pyrankcore loads it at run time to build tables
for custom stripped decks. One definition serves both, so they cannot drift.

A ranking maps a hand pattern (13 rank counts, plus whether all five cards
share a suit) to a key: a tuple where larger is better, or None for a hand
that does not qualify (an eight-or-better low that fails). Strengths are the
positions of the distinct keys in sorted order, from 1; 0 = no qualifying
hand. The kernels never see keys, only the strengths tabulated from them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache
from itertools import combinations
from operator import index
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, SupportsIndex

if __name__ == "pyrankcore._rankings":
    from pyrankcore.errors import InvalidOptionError, OptionTypeError, UnknownGameError
else:  # loaded by file path at build time (gen_tables.py): never import the package
    # Same bases as the real classes, so the error contract holds either way.
    class InvalidOptionError(ValueError):  # type: ignore[no-redef]
        """A ranking option outside its allowed values."""

    class OptionTypeError(InvalidOptionError, TypeError):  # type: ignore[no-redef]
        """A ranking option of the wrong type."""

    class UnknownGameError(ValueError):  # type: ignore[no-redef]
        """A ranking name that is not built in."""


# Categories (standard names); the order a ranking uses is its own.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
FIVE_OF_A_KIND = 9  # only with wild cards (a wild card joins four of a kind)
CATEGORY_NAMES = (
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
    "Five of a Kind",
)
ACE = 12

# How flushes reach the kernel (mirrored by PRC_FLUSH_* in prc_eval.h).
FLUSH_IGNORED = 0  # suits never matter: only the rank table is used
FLUSH_DOMINANT = 1  # a flush beats every hand that can share seven cards
FLUSH_LOW = 2  # flushes hurt: with 6-7 cards, search the 5-subsets

_SHAPES = {  # group sizes, largest first -> category
    (1, 1, 1, 1, 1): HIGH_CARD,
    (2, 1, 1, 1): PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): TRIPS,
    (3, 2): FULL_HOUSE,
    (4, 1): QUADS,
    (5,): FIVE_OF_A_KIND,
    # incomplete hands (fewer than five cards)
    (1,): HIGH_CARD,
    (1, 1): HIGH_CARD,
    (1, 1, 1): HIGH_CARD,
    (1, 1, 1, 1): HIGH_CARD,
    (2,): PAIR,
    (2, 1): PAIR,
    (2, 1, 1): PAIR,
    (2, 2): TWO_PAIR,
    (3,): TRIPS,
    (3, 1): TRIPS,
    (4,): QUADS,
}


RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
JOKERS = (52, 53)  # card ids of the two jokers

# Suit orders of the rule texts ("Ranking of suits"), highest suit first; the
# suit words joined by "-" are the canonical names. pyrankcore.suits
# re-exports these and documents them; they live here so that a Ranking can
# check and normalise its suit options without importing the package.
_SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
SUIT_ORDERS: dict[str, tuple[str, str, str, str]] = {
    "spades-hearts-diamonds-clubs": ("s", "h", "d", "c"),  # standard poker, bridge
    "spades-hearts-clubs-diamonds": ("s", "h", "c", "d"),
    "spades-diamonds-clubs-hearts": ("s", "d", "c", "h"),
    "hearts-spades-diamonds-clubs": ("h", "s", "d", "c"),  # Greece, Turkey
    "hearts-diamonds-spades-clubs": ("h", "d", "s", "c"),  # Austria, Sweden
    "hearts-diamonds-clubs-spades": ("h", "d", "c", "s"),  # Italy
    "diamonds-spades-hearts-clubs": ("d", "s", "h", "c"),  # Brazil
    "diamonds-hearts-spades-clubs": ("d", "h", "s", "c"),  # Brazil
    "clubs-spades-hearts-diamonds": ("c", "s", "h", "d"),  # Germany
}
DEFAULT_SUIT_ORDER = "spades-hearts-diamonds-clubs"
# Regions the text names with one order each (Brazil has two: name them).
SUIT_ORDER_ALIASES: dict[str, str] = {
    "standard": DEFAULT_SUIT_ORDER,
    "bridge": DEFAULT_SUIT_ORDER,
    "greece": "hearts-spades-diamonds-clubs",
    "turkey": "hearts-spades-diamonds-clubs",
    "austria": "hearts-diamonds-spades-clubs",
    "sweden": "hearts-diamonds-spades-clubs",
    "italy": "hearts-diamonds-clubs-spades",
    "germany": "clubs-spades-hearts-diamonds",
}
# The text's three rules "when hands are equal apart from suit", in its order.
SUIT_TIEBREAKS = ("highest_card", "main_group", "highest_unpaired")
_SUIT_ORDER_ALLOWED = (
    "a suit order named in the rule text ("
    + ", ".join(repr(n) for n in SUIT_ORDERS)
    + "), a region ("
    + ", ".join(repr(a) for a in SUIT_ORDER_ALIASES)
    + "), the four suit words highest first joined by '-', or four letters such as 'hdcs'"
)


def resolve_suit_order(value, option: str = "suit_order", where: str = "") -> str:
    """The canonical name of a suit order: suit words, highest first.

    Accepts a name of :data:`SUIT_ORDERS`, a region of
    :data:`SUIT_ORDER_ALIASES` ("italy"), any order of the four suit words
    ("clubs-diamonds-hearts-spades") or four suit letters ("hdcs"); case,
    spaces and underscores do not matter.

    Raises
    ------
    OptionTypeError
        *value* is not a str (a TypeError).
    InvalidOptionError
        Anything else: the message names *option* and *value*.

    >>> resolve_suit_order("Italy")
    'hearts-diamonds-clubs-spades'
    >>> resolve_suit_order("shcd")
    'spades-hearts-clubs-diamonds'
    """
    if not isinstance(value, str):
        raise _option_type_error(option, value, "a suit order name (a str)", where)
    text = "-".join(value.strip().lower().replace("_", " ").replace(",", " ").split())
    if text in SUIT_ORDER_ALIASES:
        return SUIT_ORDER_ALIASES[text]
    if text == "brazil":
        raise _option_error(
            option,
            value,
            "one of Brazil's two orders in the rule text: "
            "'diamonds-spades-hearts-clubs' or 'diamonds-hearts-spades-clubs'",
            where,
        )
    if len(text) == 4 and sorted(text) == sorted("cdhs"):
        return "-".join(_SUIT_WORDS[c] for c in text)
    words = text.replace(" ", "-").split("-")
    if sorted(words) == sorted(_SUIT_WORDS.values()):
        return "-".join(words)
    raise _option_error(option, value, _SUIT_ORDER_ALLOWED, where)


def suit_order_ranks(name: str) -> tuple[int, int, int, int]:
    """Rank of each suit (3 = highest) under a canonical suit order name,
    indexed by the card id's suit (c, d, h, s = 0..3)."""
    letters = [w[0] for w in name.split("-")]
    return tuple(3 - letters.index(s) for s in SUIT_CHARS)  # type: ignore[return-value]


_BOOL_FIELDS = (
    "bug",
    "double_ace_flush",
    "low",
    "ace_low",
    "straights",
    "flushes",
    "wheel",
    "broadway",
    "ace_pair_high",
    "flush_over_full_house",
    "trips_over_straight",
)


def show_value(value, limit: int = 40) -> str:
    """repr of a user's value, cut to a readable length for a message (the
    one helper every error message of the package uses)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _option_error(option: str, value, allowed: str, where: str = "") -> InvalidOptionError:
    prefix = f"{where}: " if where else ""
    return InvalidOptionError(
        f"{prefix}invalid {option}={show_value(value)}; {option} must be {allowed}"
    )


def _option_type_error(option: str, value, allowed: str, where: str = "") -> OptionTypeError:
    prefix = f"{where}: " if where else ""
    return OptionTypeError(
        f"{prefix}{option} must be {allowed}, not {type(value).__name__} ({show_value(value)})"
    )


def check_choice(option: str, value, choices: tuple[str, ...]) -> None:
    """Refuse *value* unless it is one of the str *choices* (the one check
    for options that name a rule, with the package's two messages)."""
    allowed = " or ".join(repr(c) for c in choices)
    if not isinstance(value, str):
        raise _option_type_error(option, value, allowed)
    if value not in choices:
        raise _option_error(option, value, allowed)


def _as_int(
    option: str, value, low: int, high: int, where: str = "", allowed: str | None = None
) -> int:
    """An int option (NumPy integers too, never a bool) in low..high;
    *allowed* words the allowed values for messages."""
    allowed = allowed or f"an int {low}..{high}"
    if isinstance(value, bool):
        raise _option_type_error(option, value, allowed, where)
    try:
        number = index(value)
    except TypeError:
        raise _option_type_error(option, value, allowed, where) from None
    if not low <= number <= high:
        raise _option_error(option, value, allowed, where)
    return number


def _as_rank(
    option: str, value, low: int, high: int, where: str = "", or_none: bool = False
) -> int:
    """A rank given as an index (0 = deuce) or a character ("8", "T", "10")."""
    allowed = ("None or " if or_none else "") + (
        f"a rank {RANK_CHARS[low]}..{RANK_CHARS[high]} as a character "
        f"or an index {low}..{high} (0 = deuce)"
    )
    if isinstance(value, str):
        text = "T" if value.strip() == "10" else value.strip().upper()
        if len(text) != 1 or text not in RANK_CHARS:
            raise _option_error(option, value, allowed, where)
        rank = RANK_CHARS.index(text)
        if not low <= rank <= high:
            raise _option_error(option, value, allowed, where)
        return rank
    return _as_int(option, value, low, high, where, allowed)


@dataclass(frozen=True)
class Ranking:
    """How hands compare in one game. Built-ins are in RANKINGS.

    Fields
    ------
    name: the game name users pass (e.g. "ace_five").
    low: True when the lowest hand wins (the key is negated).
    ace_low: aces rank below deuces (ace-to-five, ace-to-six).
    straights, flushes: whether those combinations count.
    lowest_rank: lowest rank in the deck (0 = deuce; 4 = six for short deck).
        The ace also completes a straight below this rank (A-6-7-8-9).
    wheel: whether the ace makes the lowest straight at all (not in
        deuce-to-seven, where A-2-3-4-5 is no straight).
    broadway: with ace_low, whether A-K-Q-J-T still counts as a straight.
    ace_pair_high: with ace_low, pairs (and sets) of aces rank above kings.
    flush_over_full_house, trips_over_straight: stripped-deck orders.
    qualifier: for a low, the highest rank allowed (8-or-better: 6 = eight);
        the hand also needs five different ranks.
    min_cards, max_cards: hand sizes the game accepts.
    wild: the wild cards as canonical text, None for none: "jokers" (card
        ids 52 and 53), ranks ("2": deuces wild), cards ("Jh Js": one-eyed
        jacks) and "lowest" (each hand's lowest natural rank; aces never),
        in that order, e.g. "jokers 2". Given to :func:`ranking` as text or
        a tuple of texts; stored canonical so equal rankings compare equal.
    bug: the jokers are bugs: an ace, or any card that completes a straight
        or a flush. In low games a bug is a full fitter (the rule texts: "in
        lowball, the joker plays as the lowest card not already in the hand").
    natural_beats_wild: a house rule for hands otherwise equal, counting
        the wild cards among the five that play. False: wild cards are as
        good as natural cards. "plain": a hand without wild cards beats the
        same hand made with them; hands made with one or more wild cards
        tie (each class splits into PLAIN_TIERS strengths). True (or
        "graded", stored as True): fewer wild cards win, so a natural hand
        beats all (each class splits into GRADED_TIERS strengths, one per
        count of wild cards used). See :func:`wild_tier`.
    double_ace_flush: each wild card may duplicate a card held, so a flush
        can hold two or more aces (A-A-K-Q-J, A-A-A-K-Q); flushes compare
        card by card, highest first. Five cards of one rank are five of a
        kind, never a flush: four natural aces and a wild card, or an ace
        and four wild cards, make five aces. High games only; not with
        natural_beats_wild=True (the classes would not fit uint16
        strengths); "plain" is allowed.
    suit_tiebreak: a house rule of the rule texts ("Ranking of suits") for
        hands equal apart from suit: None (standard poker: they tie),
        "highest_card", "main_group" or "highest_unpaired" (see
        :class:`pyrankcore.suits.SuitRule`). With it, ``evaluate`` returns
        *suited strengths*, ``strength << 10 | suit key`` (uint32 arrays in
        batches); the suits decide only between equal strengths. Not with
        wild cards (a wild card has no suit of its own).
    suit_order: the suit order of the house (a name
        :func:`resolve_suit_order` accepts, stored canonical: suit words,
        highest first), or None. With suit_tiebreak it defaults to the
        standard order (spades, hearts, diamonds, clubs). Alone, it changes no
        strength: it is the order odd chips and the bring-in follow in
        :func:`pyrankcore.showdown` and :func:`pyrankcore.bring_in`.
    """

    name: str
    low: bool = False
    ace_low: bool = False
    straights: bool = True
    flushes: bool = True
    lowest_rank: int = 0
    wheel: bool = True
    broadway: bool = True
    ace_pair_high: bool = False
    flush_over_full_house: bool = False
    trips_over_straight: bool = False
    qualifier: int | None = None
    min_cards: int = 5
    max_cards: int = 7
    wild: str | None = None
    bug: bool = False
    natural_beats_wild: bool | str = False
    double_ace_flush: bool = False
    suit_tiebreak: str | None = None
    suit_order: str | None = None

    def __post_init__(self) -> None:
        """Check every field, so that nothing the kernels cannot handle (more
        than 7 cards: a fixed stack buffer) ever reaches them; store ranks
        given as text as indexes, so equal rankings compare and hash equal.

        Raises OptionTypeError (a TypeError) for a field of the wrong type and
        InvalidOptionError (a ValueError) for one outside its values.
        """
        if not isinstance(self.name, str):
            raise _option_type_error("name", self.name, "a non-empty str")
        if not self.name.strip():
            raise _option_error("name", self.name, "a non-empty str")
        where = f"ranking {show_value(self.name)}"
        for option in _BOOL_FIELDS:
            value = getattr(self, option)
            if not isinstance(value, bool):
                raise _option_type_error(option, value, "True or False", where)
        set_field = object.__setattr__  # frozen: normalise in place, once
        set_field(self, "lowest_rank", _as_rank("lowest_rank", self.lowest_rank, 0, 8, where))
        # The kernels hold at most 7 cards and compare 5-card hands.
        set_field(self, "min_cards", _as_int("min_cards", self.min_cards, 1, 5, where))
        set_field(self, "max_cards", _as_int("max_cards", self.max_cards, 5, 7, where))
        if self.qualifier is not None:
            qualifier = _as_rank("qualifier", self.qualifier, 0, ACE, where, or_none=True)
            # A qualifying low needs five different ranks at or below the
            # qualifier; with fewer, no hand could ever qualify.
            below = [r for r in self.deck_ranks if self.value(r) <= qualifier]
            if len(below) < 5:
                allowed = (
                    "None or a rank that leaves at least five ranks of the deck "
                    f"at or below it (here {RANK_CHARS[qualifier]} leaves {len(below)})"
                )
                raise _option_error("qualifier", self.qualifier, allowed, where)
            set_field(self, "qualifier", qualifier)
        if self.wild is not None:
            set_field(self, "wild", _canonical_wild(self, self.wild, where))
        if self.double_ace_flush and not (self.wild is not None or self.bug):
            raise _option_error(
                "double_ace_flush", True, "False in a game without wild cards", where
            )
        if self.double_ace_flush and (self.low or not self.flushes):
            raise _option_error(
                "double_ace_flush", True, "False in a game where flushes do not win", where
            )
        set_field(self, "natural_beats_wild", _natural_beats_wild(self.natural_beats_wild, where))
        if self.double_ace_flush and self.natural_beats_wild is True:
            raise _option_error(
                "double_ace_flush",
                True,
                "False with natural_beats_wild=True or 'graded' (together they make "
                "more classes than uint16 strengths hold; 'plain' fits)",
                where,
            )
        if self.natural_beats_wild and not (self.wild is not None or self.bug):
            raise _option_error(
                "natural_beats_wild",
                self.natural_beats_wild,
                "False in a game without wild cards",
                where,
            )
        if self.wild is not None or self.bug:
            if self.min_cards < 5:
                raise _option_error(
                    "wild" if self.wild is not None else "bug",
                    self.wild if self.wild is not None else self.bug,
                    "unset for a game of fewer than five cards",
                    where,
                )
            if self.bug and self.wild is not None:
                raise _option_error(
                    "wild",
                    self.wild,
                    "None with bug=True (the bug is the only wild card of its game; "
                    "a bug with other wild cards is not supported)",
                    where,
                )

        self._check_suit_options(where)

    def _check_suit_options(self, where: str) -> None:
        """suit_tiebreak and suit_order: checked, and stored canonical."""
        set_field = object.__setattr__
        tiebreak = self.suit_tiebreak
        if tiebreak is not None:
            allowed = "None or one of " + ", ".join(map(repr, SUIT_TIEBREAKS))
            if not isinstance(tiebreak, str):
                raise _option_type_error("suit_tiebreak", tiebreak, allowed, where)
            if tiebreak not in SUIT_TIEBREAKS:
                raise _option_error("suit_tiebreak", tiebreak, allowed, where)
            if self.has_wild:
                raise _option_error(
                    "suit_tiebreak",
                    tiebreak,
                    "None in a wild-card game (a wild card has no suit of its own)",
                    where,
                )
        if self.suit_order is not None:
            set_field(self, "suit_order", resolve_suit_order(self.suit_order, where=where))
        elif tiebreak is not None:
            set_field(self, "suit_order", DEFAULT_SUIT_ORDER)

    @property
    def suited(self) -> bool:
        """Hands equal apart from suit are ordered (suit_tiebreak is set):
        strengths are suited strengths."""
        return self.suit_tiebreak is not None

    def without_suits(self) -> Ranking:
        """This ranking without suit_tiebreak and suit_order: the plain
        strengths that suited strengths extend, under the plain name
        (``high[suit_tiebreak=...]`` -> ``high``)."""
        if self.suit_tiebreak is None and self.suit_order is None:
            return self
        name = self.name
        if name.endswith("]") and "[" in name:
            head, _, labels = name[:-1].rpartition("[")
            kept = [
                label
                for label in labels.split(",")
                if label.split("=")[0] not in ("suit_tiebreak", "suit_order")
            ]
            name = f"{head}[{','.join(kept)}]" if kept else head
        return replace(self, name=name, suit_tiebreak=None, suit_order=None)

    # ----------------------------------------------------------------- shape
    @property
    def flush_mode(self) -> int:
        if not self.flushes:
            return FLUSH_IGNORED
        return FLUSH_LOW if self.low else FLUSH_DOMINANT

    @property
    def deck_ranks(self) -> tuple[int, ...]:
        return tuple(range(self.lowest_rank, 12)) + (ACE,)

    @property
    def has_wild(self) -> bool:
        """Any wild card (or bug) in this game."""
        return self.wild is not None or self.bug

    @property
    def jokers(self) -> bool:
        """The deck holds the two jokers (card ids 52 and 53)."""
        return self.bug or (self.wild is not None and "jokers" in self.wild.split())

    @property
    def wild_lowest(self) -> bool:
        """Each hand's lowest natural rank is wild."""
        return self.wild is not None and "lowest" in self.wild.split()

    @property
    def wild_ids(self) -> frozenset[int]:
        """Card ids that are always wild (jokers, wild ranks and cards; a
        bug counts: its limits live in the tables)."""
        ids: set[int] = set(JOKERS) if self.jokers else set()
        for token in (self.wild or "").split():
            if len(token) == 1:
                ids.update(4 * RANK_CHARS.index(token) + s for s in range(4))
            elif token not in ("jokers", "lowest"):
                ids.add(_card_id(token))
        return frozenset(ids)

    def category_order(self) -> tuple[int, ...]:
        """Categories weakest first, as this game orders them."""
        order = [
            HIGH_CARD,
            PAIR,
            TWO_PAIR,
            TRIPS,
            STRAIGHT,
            FLUSH,
            FULL_HOUSE,
            QUADS,
            STRAIGHT_FLUSH,
        ]
        if self.trips_over_straight:
            order[3], order[4] = STRAIGHT, TRIPS
        order.append(FIVE_OF_A_KIND)  # the top, and only with wild cards
        if self.flush_over_full_house:
            i, j = order.index(FLUSH), order.index(FULL_HOUSE)
            order[i], order[j] = order[j], order[i]
        return tuple(order)

    def value(self, rank: int) -> int:
        """Comparison value of a rank (larger = higher card)."""
        if self.ace_low:
            return -1 if rank == ACE else rank
        return rank

    # ------------------------------------------------------------------ keys
    def straight_top(self, ranks: set[int]) -> int | None:
        """Comparison value of the top card of a straight, or None."""
        if not self.straights or len(ranks) != 5:
            return None
        values = sorted(self.value(r) for r in ranks)
        if values[4] - values[0] == 4:
            return values[4]
        if ACE in ranks:
            rest = sorted(r for r in ranks if r != ACE)
            low = self.lowest_rank
            if self.wheel and not self.ace_low and rest == list(range(low, low + 4)):
                return low + 3  # A-6-7-8-9 in short deck
            if self.ace_low and self.broadway and rest == [8, 9, 10, 11]:
                return 12  # A-K-Q-J-T above K-high
        return None

    def key(self, counts, flush: bool = False):
        """Comparable key of a hand pattern (larger is better) or None."""
        size = sum(counts)
        if not 1 <= size <= 5:
            raise ValueError(f"{self.name}: keys are for 1-5 card patterns")
        present = [r for r in range(13) if counts[r]]

        def group_value(r):
            v = self.value(r)
            if self.ace_low and self.ace_pair_high and r == ACE and counts[r] > 1:
                return 13
            return v

        groups = sorted(present, key=lambda r: (counts[r], group_value(r)), reverse=True)
        shape = tuple(counts[r] for r in groups)
        values = tuple(group_value(r) for r in groups)
        if self.qualifier is not None and (
            shape != (1, 1, 1, 1, 1) or max(self.value(r) for r in present) > self.qualifier
        ):
            return None
        flush = flush and self.flushes and size == 5
        top = self.straight_top(set(present)) if size == 5 else None
        tiebreak: tuple[int, ...]
        if top is not None:
            cat, tiebreak = (STRAIGHT_FLUSH if flush else STRAIGHT), (top,)
        elif flush and shape != (1, 1, 1, 1, 1):  # double_ace_flush: card by card
            cat = FLUSH
            tiebreak = tuple(
                sorted((self.value(r) for r in present for _ in range(counts[r])), reverse=True)
            )
        elif flush:
            cat, tiebreak = FLUSH, values
        else:
            cat, tiebreak = _SHAPES[shape], values
        tiebreak = tiebreak + (-99,) * (5 - len(tiebreak))  # missing kicker
        key = (self.category_order().index(cat), cat) + tiebreak
        if self.low:
            return tuple(-x for x in key)
        return key

    # -------------------------------------------------------------- classes
    def patterns(self):
        """Every hand pattern of the sizes this game compares directly:
        (counts, flush) for 5 cards, and 1-4 cards for incomplete hands."""
        ranks = self.deck_ranks
        sizes = range(self.min_cards, 6) if self.min_cards < 5 else (5,)
        for size in sizes:
            for combo in _multisets(ranks, size):
                tally = [0] * 13
                for r in combo:
                    tally[r] += 1
                counts = tuple(tally)
                yield counts, False
                if size == 5 and self.flushes and max(counts) == 1:
                    yield counts, True
        # Five of a kind (the bug makes only five aces). Never the best low:
        # a wild card there takes a rank the hand lacks, so low games keep
        # their numbering.
        if self.has_wild and not self.low:
            for r in (ACE,) if self.bug else ranks:
                yield tuple(5 if i == r else 0 for i in range(13)), False
        if self.double_ace_flush:  # flushes whose ranks repeat
            for combo in _multisets(ranks, 5):
                if len(set(combo)) < 5:
                    yield tuple(combo.count(r) for r in range(13)), True

    def classes(self) -> list[tuple[int, ...]]:
        """Sorted distinct keys; strength of a key = its index + 1. With
        natural_beats_wild each key is followed by minus the wild cards
        used, from wild_tiers - 1 down to 0 (fewer wins; with "plain", -1
        stands for one or more): wild_tiers classes per hand class."""
        return list(_class_keys(self._class_shape(), self.wild_tiers))

    @property
    def wild_tiers(self) -> int:
        """Strengths per hand class: 1, or with natural_beats_wild one per
        tier of wild cards used (GRADED_TIERS or PLAIN_TIERS)."""
        if self.natural_beats_wild == "plain":
            return PLAIN_TIERS
        return GRADED_TIERS if self.natural_beats_wild else 1

    def _class_shape(self) -> Ranking:
        """This ranking without what its hand classes do not depend on (its
        name, which cards are wild, suit options, natural_beats_wild), so
        that rankings that differ only there share one list of keys."""
        return replace(
            self,
            name="classes",
            wild="jokers" if self.wild is not None else None,
            natural_beats_wild=False,
            suit_tiebreak=None,
            suit_order=None,
        )


@lru_cache(maxsize=16)
def _sorted_keys(ranking: Ranking) -> tuple[tuple[int, ...], ...]:
    """The sorted distinct keys of a ranking's hand patterns, computed once
    per shape of ranking (about 0.1 s: every wild-card ranking of a base
    game shares them)."""
    keys = {ranking.key(c, f) for c, f in ranking.patterns()}
    keys.discard(None)
    return tuple(sorted(keys))


@lru_cache(maxsize=8)
def _class_keys(ranking: Ranking, tiers: int) -> tuple[tuple[int, ...], ...]:
    """:meth:`Ranking.classes` of a shape of ranking, with *tiers* strengths
    per hand class."""
    keys = _sorted_keys(ranking)
    if tiers == 1:
        return keys
    return tuple(k + (-used,) for k in keys for used in range(tiers - 1, -1, -1))


# natural_beats_wild: each hand class splits into tiers by wild cards used.
GRADED_TIERS = 8  # True / "graded": 0..7 wild cards, fewer wins
PLAIN_TIERS = 2  # "plain": natural, or made with wild cards
NATURAL_BEATS_WILD_RULES = ("graded", "plain")


def _natural_beats_wild(value, where: str) -> bool | str:
    """natural_beats_wild as stored: False, True (the graded rule, today's
    meaning of True) or "plain"."""
    allowed = 'False, True, "graded" or "plain"'
    if isinstance(value, bool):
        return value
    if not isinstance(value, str):
        raise _option_type_error("natural_beats_wild", value, allowed, where)
    word = value.strip().lower()
    if word not in NATURAL_BEATS_WILD_RULES:
        raise _option_error("natural_beats_wild", value, allowed, where)
    return True if word == "graded" else word


def wild_tier(strength: int, tiers: int = GRADED_TIERS) -> tuple[int, int]:
    """(strength of the same hand without the natural_beats_wild rule, tier)
    of a natural_beats_wild strength (>= 1). The tier is the wild cards used
    (graded, the default) or, with tiers=PLAIN_TIERS, 0 for a natural hand
    and 1 for one made with wild cards."""
    return (strength - 1) // tiers + 1, tiers - 1 - (strength - 1) % tiers


def wild_use_words(ranking: Ranking, strength: int) -> str:
    """How the hand of a natural_beats_wild strength was made, as words for
    :func:`pyrankcore.describe`: " (natural)", " (2 wild cards)" or, under
    the plain rule, " (wild)"; "" for a ranking without the rule."""
    if not ranking.natural_beats_wild:
        return ""
    used = wild_tier(strength, ranking.wild_tiers)[1]
    if used == 0:
        return " (natural)"
    if ranking.natural_beats_wild == "plain":
        return " (wild)"
    return f" ({used} wild card{'s' if used > 1 else ''})"


def _card_id(text: str) -> int:
    """Id of a card in canonical text ("Jh")."""
    return 4 * RANK_CHARS.index(text[0]) + SUIT_CHARS.index(text[1])


_WILD_ALLOWED = (
    '"jokers", a rank ("2", "T" or "10"), card text ("Jh Js"), "lowest", or a tuple of them'
)


def _canonical_wild(ranking: Ranking, value, where: str) -> str:
    """The wild option as canonical text: "jokers", the wild ranks, the wild
    cards not already wild through their rank, "lowest"; space-separated."""
    parts = list(value) if isinstance(value, (tuple, list)) else [value]
    if not parts or not all(isinstance(p, str) for p in parts):
        raise _option_type_error("wild", value, _WILD_ALLOWED, where)
    tokens = [t for p in parts for t in p.replace(",", " ").split()]
    if not tokens:
        raise _option_error("wild", value, _WILD_ALLOWED, where)
    jokers = lowest = False
    ranks: set[int] = set()
    cards: set[int] = set()
    for token in tokens:
        word = token.lower()
        if word in ("jokers", "joker", "jk"):
            jokers = True
            continue
        if word == "lowest":
            lowest = True
            continue
        text = "T" + token[2:] if token.startswith("10") else token
        rank = RANK_CHARS.find(text[0].upper()) if text else -1
        if rank < 0 or len(text) > 2 or (len(text) == 2 and text[1].lower() not in SUIT_CHARS):
            raise _option_error("wild", token, _WILD_ALLOWED, where)
        if rank not in ranking.deck_ranks:
            raise _option_error(
                "wild",
                token,
                f"a rank or card of the deck (it starts at {RANK_CHARS[ranking.lowest_rank]})",
                where,
            )
        if len(text) == 1:
            ranks.add(rank)
        else:
            cards.add(4 * rank + SUIT_CHARS.index(text[1].lower()))
    cards = {c for c in cards if c // 4 not in ranks}
    words = ["jokers"] if jokers else []
    words += [RANK_CHARS[r] for r in sorted(ranks)]
    words += [RANK_CHARS[c // 4] + SUIT_CHARS[c % 4] for c in sorted(cards)]
    words += ["lowest"] if lowest else []
    return " ".join(words)


def _multisets(ranks, size, start=0):
    """Rank multisets (sorted tuples, at most 4 of a rank) of a given size."""
    if size == 0:
        yield ()
        return
    for i in range(start, len(ranks)):
        for rest in _multisets(ranks, size - 1, i):
            combo = (ranks[i],) + rest
            if combo.count(ranks[i]) <= 4:
                yield combo


def subsets_of_counts(counts):
    """Sub-multisets with one card fewer."""
    for r, c in enumerate(counts):
        if c:
            yield counts[:r] + (c - 1,) + counts[r + 1 :]


# Built-in rankings. Keep names stable: they are the public game names.
HIGH = Ranking("high")
RANKINGS = {
    "high": HIGH,
    "ace_five": Ranking("ace_five", low=True, ace_low=True, straights=False, flushes=False),
    "ace_five_8": Ranking(
        "ace_five_8", low=True, ace_low=True, straights=False, flushes=False, qualifier=6
    ),
    "deuce_seven": Ranking("deuce_seven", low=True, wheel=False),
    "ace_six": Ranking("ace_six", low=True, ace_low=True, broadway=False),
    "incomplete": Ranking("incomplete", min_cards=1, max_cards=5),
    "short_deck": Ranking("short_deck", lowest_rank=4, flush_over_full_house=True),
}


def stripped_deck(
    lowest: str | SupportsIndex,
    *,
    flush_over_full_house: bool = True,
    trips_over_straight: bool = False,
    straights: bool = True,
    flushes: bool = True,
    name: str | None = None,
) -> Ranking:
    """High ranking for a deck stripped below rank *lowest*.

    *lowest* is a rank character ("6", "7", "T") or a rank index (0 = deuce).
    The ace also sits just below the lowest rank, so with sixes low A-6-7-8-9
    is the lowest straight. Defaults follow the rule texts for stripped decks
    (a flush above a full house). The 20-card ace-to-ten deck of early poker
    had six hand types: ``stripped_deck("T", straights=False, flushes=False)``.

    Raises
    ------
    OptionTypeError
        An option of the wrong type (a TypeError).
    InvalidOptionError
        An option outside its values, e.g. *lowest* above ten (a ValueError).

    >>> stripped_deck("7").deck_ranks[:2]
    (5, 6)
    """
    lowest = _as_rank("lowest", lowest, 0, 8, "stripped_deck")
    if name is not None and not isinstance(name, str):
        raise _option_type_error("name", name, "None or a non-empty str", "stripped_deck")
    return Ranking(
        name or f"stripped_{'23456789TJQKA'[lowest]}",
        lowest_rank=lowest,
        straights=straights,
        flushes=flushes,
        flush_over_full_house=flush_over_full_house,
        trips_over_straight=trips_over_straight,
    )


def ranking(name: str | Ranking, **options: Any) -> Ranking:
    """A built-in ranking (or a Ranking) with house-rule options, e.g.
    ``ranking("ace_six", broadway=True, ace_pair_high=True)`` or
    ``ranking("short_deck", trips_over_straight=True)``.

    Options are the fields of :class:`Ranking` other than ``name``; ranks may
    be given as text (``qualifier="8"`` is stored as 6). The name gets the
    options that differ from the base, e.g. ``ace_five[qualifier=6]``.

    Raises
    ------
    TypeError
        *name* is not a str.
    UnknownGameError
        *name* is not a built-in ranking.
    OptionTypeError
        An unknown option, or an option of the wrong type (``low="yes"``).
    InvalidOptionError
        An option outside its values (``max_cards=8``, ``qualifier="3"``).

    Wild cards are options too: ``wild=`` ("jokers", a rank such as "2",
    cards such as "Jh Js", "lowest", or a tuple of them), ``bug=True``, and
    two house rules (see :class:`Ranking`):

    * ``natural_beats_wild``: True or "graded" (fewer wild cards among the
      five that play win), or "plain" (a hand without wild cards beats the
      same hand made with them; one wild card or more tie).
    * ``double_ace_flush=True``: every wild card may duplicate a card held,
      so a flush may hold two or more aces (A-A-A-9-5 beats A-A-K-9-5);
      five cards of one rank are five of a kind, never a flush, so four
      natural aces and a wild card are five aces. Not with the graded
      natural_beats_wild.

    Combinations the tables cannot rank are refused here, with the reason.

    >>> ranking("short_deck", trips_over_straight=True).name
    'short_deck[trips_over_straight]'
    >>> ranking("ace_five", qualifier="8").qualifier
    6
    >>> ranking("high", wild=("2", "jokers")).name
    'high[wild=jokers 2]'

    Suit tie-breaks are options too: ``suit_tiebreak=`` ("highest_card",
    "main_group" or "highest_unpaired") and ``suit_order=`` (see
    :class:`Ranking`); evaluate() then returns suited strengths.

    >>> ranking("high", suit_tiebreak="main_group", suit_order="Italy").name
    'high[suit_order=hearts-diamonds-clubs-spades,suit_tiebreak=main_group]'
    """
    if isinstance(name, Ranking):  # house rules on top of a custom ranking
        base = name
        name = base.name
    elif not isinstance(name, str):
        raise TypeError(f"a ranking name is a str or a Ranking, not {type(name).__name__}")
    elif name not in RANKINGS:
        raise UnknownGameError(
            f"unknown ranking {show_value(name)}; choose one of {tuple(RANKINGS)}"
        )
    else:
        base = RANKINGS[name]
    allowed = tuple(f.name for f in fields(base) if f.name != "name")
    for key in options:
        if key not in allowed:
            raise OptionTypeError(
                f"unknown option {show_value(key)} for ranking {name!r}; "
                f"the options are {', '.join(allowed)}"
            )
    # Validate and normalise first, then compare normalised values, so that
    # qualifier="8" and qualifier=6 make the same ranking with the same name.
    candidate = replace(base, **options)
    # (every field: an option may set another, as suit_tiebreak sets suit_order)
    changed = sorted(k for k in allowed if getattr(candidate, k) != getattr(base, k))
    if not changed:
        return base
    label = ",".join(
        k if getattr(candidate, k) is True else f"{k}={getattr(candidate, k)}" for k in changed
    )  # e.g. high[wild=jokers 2] or high[bug]
    return replace(candidate, name=f"{name}[{label}]")


# ----------------------------------------------------------------- tables


def build_values(ranking: Ranking, multisets, slot_of):
    """(rank table by slot, flush table by 13-bit mask, classes) for a game.

    multisets: every count vector of 0..7 cards (the perfect hash's domain);
    slot_of(counts) gives its slot. Sizes outside the game's range get 0.
    """
    classes = ranking.classes()
    strength = {k: i + 1 for i, k in enumerate(classes)}
    direct = max(ranking.min_cards, 1)
    deck = set(ranking.deck_ranks)
    values = {}
    for counts in sorted(multisets, key=sum):
        size = sum(counts)
        if size < direct or any(c and r not in deck for r, c in enumerate(counts)):
            values[counts] = 0
        elif size <= 5:
            values[counts] = strength.get(ranking.key(counts), 0)
        else:
            values[counts] = max(values[s] for s in subsets_of_counts(counts))
    table = {}
    for counts, v in values.items():
        table[slot_of(counts)] = v
    flush = [0] * 8192
    if ranking.flushes:
        by_bits = sorted(range(8192), key=lambda m: bin(m).count("1"))
        for mask in by_bits:
            bits = bin(mask).count("1")
            if bits < 5 or any(mask >> r & 1 and r not in deck for r in range(13)):
                continue
            if bits == 5:
                counts = tuple(mask >> r & 1 for r in range(13))
                flush[mask] = strength.get(ranking.key(counts, True), 0)
            elif bits <= 7:  # best flush among the suit's 5-card subsets
                flush[mask] = max(flush[mask & ~(1 << b)] for b in range(13) if mask >> b & 1)
    return table, flush, classes


def best_of_five(ranking: Ranking, cards):
    """Reference: best strength over all five-card subsets (slow, for tests)."""
    classes = {k: i + 1 for i, k in enumerate(ranking.classes())}
    best = 0
    for five in combinations(cards, 5):
        counts = [0] * 13
        for c in five:
            counts[c >> 2] += 1
        flush = len({c & 3 for c in five}) == 1
        best = max(best, classes.get(ranking.key(tuple(counts), flush), 0))
    return best
