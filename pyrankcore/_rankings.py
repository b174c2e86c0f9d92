"""Rankings as users make them (DESIGN's "ranking"): :class:`Ranking` (the
fields and hand keys of pyrankcore._ranking_data, with every option
checked; that module's docstring says why the data is a class of its
own), the built-in rankings, :func:`ranking` and :func:`stripped_deck`,
and the one wording of option errors.

This is where the rest of the package imports ranking names from; the data
and table modules below it import nothing from the package, so the table
generator can load them before the package is built.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from operator import index
from typing import TYPE_CHECKING, Any, overload

from pyrankcore._args import is_whole_number
from pyrankcore._ranking_data import (
    ACE,
    BUG_LOWEST_CARD,
    BUILT_IN_RANKINGS,
    CATEGORY_NAMES,
    DEFAULT_SUIT_ORDER,
    FLUSH_DOMINANT,
    FLUSH_LOW,
    HIGH_CARD,
    JOKERS,
    MORE_WILD,
    NATURAL_BEATS_WILD_RULES,
    RANK_CHARS,
    SUIT_CHARS,
    SUIT_ORDER_ALIASES,
    SUIT_ORDERS,
    SUIT_TIEBREAKS,
    SUIT_WORDS,
    RankingData,
    suit_order_ranks,
    wild_use_words,
)
from pyrankcore._ranking_tables import build_values
from pyrankcore.errors import InvalidOptionError, OptionTypeError, UnknownGameError

if TYPE_CHECKING:
    from typing import SupportsIndex

    from pyrankcore._typing import SuitedRanking, SuitTiebreakName

__all__ = [
    # ranking data, for the modules that import it from here
    "ACE",
    "BUG_LOWEST_CARD",
    "CATEGORY_NAMES",
    "DEFAULT_SUIT_ORDER",
    "FLUSH_DOMINANT",
    "FLUSH_LOW",
    "HIGH_CARD",
    "JOKERS",
    "MORE_WILD",
    "RANK_CHARS",
    "SUIT_CHARS",
    "SUIT_ORDER_ALIASES",
    "SUIT_ORDERS",
    "SUIT_TIEBREAKS",
    "build_values",
    "suit_order_ranks",
    "wild_use_words",
    # rankings as users make them, and their checks
    "HIGH",
    "RANKINGS",
    "Ranking",
    "as_rank",
    "check_choice",
    "ranking",
    "resolve_suit_order",
    "show_value",
    "stripped_deck",
]

_SUIT_ORDER_ALLOWED = (
    "a suit order named in the rule text ("
    + ", ".join(repr(n) for n in SUIT_ORDERS)
    + "), a region ("
    + ", ".join(repr(a) for a in SUIT_ORDER_ALIASES)
    + "), the four suit words highest first joined by '-', or four letters such as 'hdcs'"
)


def resolve_suit_order(value: Any, option: str = "suit_order", where: str = "") -> str:
    """The canonical name of a suit order: suit words, highest first.

    Accepts a name of :data:`SUIT_ORDERS`, a region of
    :data:`SUIT_ORDER_ALIASES` ("italy"), any order of the four suit words
    ("clubs-diamonds-hearts-spades") or four suit letters ("hdcs"); case,
    spaces and underscores do not matter.

    >>> resolve_suit_order("Italy")
    'hearts-diamonds-clubs-spades'
    >>> resolve_suit_order("shcd")
    'spades-hearts-clubs-diamonds'

    Raises
    ------
    OptionTypeError
        *value* is not a str (a TypeError).
    InvalidOptionError
        Anything else: the message names *option* and *value*.
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
    if len(text) == 4 and sorted(text) == sorted(SUIT_CHARS):
        return "-".join(SUIT_WORDS[c] for c in text)
    words = text.replace(" ", "-").split("-")
    if sorted(words) == sorted(SUIT_WORDS.values()):
        return "-".join(words)
    raise _option_error(option, value, _SUIT_ORDER_ALLOWED, where)


# Ranking fields that are True or False.
_BOOL_FIELDS = (
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


def show_value(value: Any, limit: int = 40) -> str:
    """repr of a user's value, cut to a readable length for a message (the
    one helper every error message of the package uses)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _option_error(option: str, value: Any, allowed: str, where: str = "") -> InvalidOptionError:
    prefix = f"{where}: " if where else ""
    return InvalidOptionError(
        f"{prefix}invalid {option}={show_value(value)}; {option} must be {allowed}"
    )


def _option_type_error(option: str, value: Any, allowed: str, where: str = "") -> OptionTypeError:
    prefix = f"{where}: " if where else ""
    return OptionTypeError(
        f"{prefix}{option} must be {allowed}, not {type(value).__name__} ({show_value(value)})"
    )


def check_choice(option: str, value: Any, choices: tuple[str, ...]) -> None:
    """Refuse *value* unless it is one of the str *choices* (the one check
    for options that name a rule, with the package's two messages)."""
    allowed = " or ".join(repr(c) for c in choices)
    if not isinstance(value, str):
        raise _option_type_error(option, value, allowed)
    if value not in choices:
        raise _option_error(option, value, allowed)


def _as_int(
    option: str, value: Any, low: int, high: int, where: str = "", allowed: str | None = None
) -> int:
    """A whole-number option (the package's one rule: an int or NumPy
    integer, never a bool) in low..high, with the option messages;
    *allowed* words the allowed values for them."""
    allowed = allowed or f"an int {low}..{high}"
    if not is_whole_number(value):
        raise _option_type_error(option, value, allowed, where)
    number = index(value)
    if not low <= number <= high:
        raise _option_error(option, value, allowed, where)
    return number


def as_rank(
    option: str, value: Any, low: int, high: int, where: str = "", or_none: bool = False
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
class Ranking(RankingData):
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
        the hand also needs five different ranks. Low rankings only: the
        "eight or better" of poker is a rule for the low hand, and a high
        hand has no counterpart of it (the games that ask a minimum of a
        high hand, jacks or better, set a category, not a top rank), so
        ``ranking("high", qualifier="8")`` is refused.
    min_cards, max_cards: hand sizes the game accepts.
    wild: the wild cards as canonical text, None for none: "jokers" (card
        ids 52 and 53), ranks ("2": deuces wild), cards ("Jh Js": one-eyed
        jacks) and "lowest" (each hand's lowest natural rank; aces never),
        in that order, e.g. "jokers 2". Given to :func:`ranking` as text or
        a tuple of texts; stored canonical so equal rankings compare equal.
    bug: the jokers are bugs: an ace, or any card that completes a straight
        or a flush (True). In low games a bug is a full fitter, the card
        that makes the best low, as the texts say of wild cards in low poker
        (True, or "fitter", stored as True). ``bug="lowest_card"`` (low
        games only) is the list of poker hands' rule, "in lowball, the joker plays as the
        lowest card not already in the hand": the bug takes the lowest rank
        the five that play lack, even where that makes a straight (6-5-4-3
        and the bug is 6-5-4-3-2, a straight in deuce-to-seven; 2-3-4-5 and
        the bug is the wheel in ace-to-six). In ace-to-five, where straights
        do not count, both rules give the same hands. The bug's suit is
        free: it never makes a flush.
    natural_beats_wild: a house rule for hands otherwise equal, counting
        the wild cards among the five that play. False: wild cards are as
        good as natural cards. "plain": a hand without wild cards beats the
        same hand made with them; hands made with one or more wild cards
        tie (each class splits into PLAIN_TIERS strengths). True (or
        "graded", stored as True): fewer wild cards win, so a natural hand
        beats all (each class splits into GRADED_TIERS strengths, one per
        count of wild cards used). "more_wild": the ranking page's other rule
        allows, "a hand with more wild cards beats an otherwise equal hand
        with fewer wild cards", read as written: more wild cards among the
        five that play win, so a natural hand loses to the same hand made
        with a wild card (GRADED_TIERS strengths per class, as True). See
        :func:`wild_tier`.
    double_ace_flush: each wild card may duplicate a card held, so a flush
        can hold two or more aces (A-A-K-Q-J, A-A-A-K-Q); flushes compare
        card by card, highest first. Five cards of one rank are five of a
        kind, never a flush: four natural aces and a wild card, or an ace
        and four wild cards, make five aces. High games only; not with
        natural_beats_wild=True or "more_wild" (the classes would not fit
        uint16 strengths); "plain" is allowed.
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
        set_field(self, "bug", _bug_rule(self, self.bug, where))
        set_field(self, "lowest_rank", as_rank("lowest_rank", self.lowest_rank, 0, 8, where))
        # The kernels hold at most 7 cards and compare 5-card hands.
        set_field(self, "min_cards", _as_int("min_cards", self.min_cards, 1, 5, where))
        set_field(self, "max_cards", _as_int("max_cards", self.max_cards, 5, 7, where))
        if self.qualifier is not None:
            qualifier = as_rank("qualifier", self.qualifier, 0, ACE, where, or_none=True)
            # A qualifying low needs five different ranks at or below the
            # qualifier; with fewer, no hand could ever qualify.
            below = [r for r in self.deck_ranks if self.value(r) <= qualifier]
            if len(below) < 5:
                allowed = (
                    "None or a rank that leaves at least five ranks of the deck "
                    f"at or below it (here {RANK_CHARS[qualifier]} leaves {len(below)})"
                )
                raise _option_error("qualifier", self.qualifier, allowed, where)
            if not self.low:
                raise _option_error(
                    "qualifier",
                    self.qualifier,
                    "None in a high ranking: a qualifier is the top rank of a qualifying "
                    'low (ranking("ace_five", qualifier="8"))',
                    where,
                )
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
        if self.double_ace_flush and self.natural_beats_wild in (True, MORE_WILD):
            raise _option_error(
                "double_ace_flush",
                True,
                "False with natural_beats_wild=True, 'graded' or 'more_wild' (together "
                "they make more classes than uint16 strengths hold; 'plain' fits)",
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


def _bool_or_word(option: str, value: Any, words: tuple[str, ...], allowed: str, where: str) -> Any:
    """An option that is True, False or one of *words* (any case, spaces
    around): the bool, or the word in lower case."""
    if isinstance(value, bool):
        return value
    if not isinstance(value, str):
        raise _option_type_error(option, value, allowed, where)
    word = value.strip().lower()
    if word not in words:
        raise _option_error(option, value, allowed, where)
    return word


def _bug_rule(ranking: Ranking, value: Any, where: str) -> bool | str:
    """bug as stored: False, True (the standard bug; "fitter" is its name in
    low games) or "lowest_card" (low games only)."""
    allowed = 'False, True, "fitter" or "lowest_card" (low games)'
    rule = _bool_or_word("bug", value, ("fitter", BUG_LOWEST_CARD), allowed, where)
    if rule == BUG_LOWEST_CARD and not ranking.low:
        raise _option_error(
            "bug",
            value,
            "True or False in a high ranking (the lowest-card bug is a rule of lowball)",
            where,
        )
    return True if rule == "fitter" else rule


def _natural_beats_wild(value: Any, where: str) -> bool | str:
    """natural_beats_wild as stored: False, True (the graded rule, today's
    meaning of True), "plain" or "more_wild"."""
    allowed = 'False, True, "graded", "plain" or "more_wild"'
    rule = _bool_or_word("natural_beats_wild", value, NATURAL_BEATS_WILD_RULES, allowed, where)
    return True if rule == "graded" else rule


_WILD_ALLOWED = (
    '"jokers", a rank ("2", "T" or "10"), card text ("Jh Js"), "lowest", or a tuple of them'
)


def _canonical_wild(ranking: Ranking, value: Any, where: str) -> str:
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


# Built-in rankings, checked like every other.
RANKINGS = {name: Ranking(name, **options) for name, options in BUILT_IN_RANKINGS.items()}
HIGH = RANKINGS["high"]


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

    >>> stripped_deck("7").deck_ranks[:2]
    (5, 6)

    Raises
    ------
    OptionTypeError
        An option of the wrong type (a TypeError).
    InvalidOptionError
        An option outside its values, e.g. *lowest* above ten (a ValueError).
    """
    lowest = as_rank("lowest", lowest, 0, 8, "stripped_deck")
    if name is not None and not isinstance(name, str):
        raise _option_type_error("name", name, "None or a non-empty str", "stripped_deck")
    return Ranking(
        name or f"stripped_{RANK_CHARS[lowest]}",
        lowest_rank=lowest,
        straights=straights,
        flushes=flushes,
        flush_over_full_house=flush_over_full_house,
        trips_over_straight=trips_over_straight,
    )


# A name in a str is checked at run time: ranking() is how a name read from
# a file or a command line becomes a typed Ranking.
@overload
def ranking(
    name: str | Ranking, *, suit_tiebreak: SuitTiebreakName, **options: Any
) -> SuitedRanking: ...
@overload
def ranking(
    name: SuitedRanking, *, suit_tiebreak: SuitTiebreakName = ..., **options: Any
) -> SuitedRanking: ...
@overload
def ranking(name: str | Ranking, *, suit_tiebreak: None = None, **options: Any) -> Ranking: ...
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

    Notes
    -----
    Wild cards are options too: ``wild=`` ("jokers", a rank such as "2",
    cards such as "Jh Js", "lowest", or a tuple of them), ``bug=True`` (in
    low games also ``bug="lowest_card"``, see :class:`Ranking`), and two
    house rules (see :class:`Ranking`):

    * ``natural_beats_wild``: True or "graded" (fewer wild cards among the
      five that play win), "plain" (a hand without wild cards beats the
      same hand made with them; one wild card or more tie), or "more_wild"
      (more wild cards win: the ranking page's extension, read as written).
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
