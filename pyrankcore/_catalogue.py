"""The data of each variant (DESIGN's "a variant: a game at the table"):
its name, aliases, rankings and card counts, checked, and the catalogue.

Why the data and the :class:`pyrankcore.Variant` a user holds are two
classes: the resolver (:mod:`pyrankcore.games`, which turns a name or a
variant into a resolved game) reads this catalogue, and ``Variant`` adds
``evaluate()``, which calls the resolver. One class would put the resolver
above and below the variants at once (an import cycle, or a hook the
resolver installs). So :class:`VariantRecord` is the data and lives here,
with the errors and the rankings below the resolver;
:mod:`pyrankcore.variants` builds its ``Variant`` objects (a subclass that
adds evaluation) from :data:`RECORDS`, and a record and the Variant built
from it are equal.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from pyrankcore._args import order_hint
from pyrankcore._rankings import RANKINGS, Ranking, show_value
from pyrankcore.errors import (
    HandSizeError,
    InvalidArgumentError,
    InvalidOptionError,
    OptionTypeError,
    UnknownGameError,
)

# Hands of the home games reach ten cards (Pick a Partner: a team's two
# up-cards and eight others); a variant's hand holds up to this many.
MAX_HAND = 10
DECLARATIONS = ("high", "low", "both")
# What a player who declares both must do: "win_or_tie" each way (ties
# share that half, as every tie does), or win each way "outright".
BOTH_WAYS_RULES = ("win_or_tie", "outright")


@dataclass(frozen=True, eq=False)
class VariantRecord:
    """The data of a poker game: the fields of :class:`pyrankcore.variants.Variant`
    (which documents them), checked on construction.

    Records are data: two records with the same fields are equal, whatever
    their class (a catalogue record equals the ``Variant`` built from it).
    """

    name: str
    hole_cards: tuple[int, ...]
    board_cards: tuple[int, ...] = (0,)
    high: str | None = "high"
    low: str | None = None
    omaha: bool = False
    stud: bool = False
    aliases: tuple[str, ...] = ()
    declare: tuple[str, ...] = ()
    down_wild: bool = False
    must_use_up: int = 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, VariantRecord):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f.name) for f in fields(VariantRecord))

    def __post_init__(self) -> None:
        """Check every field, so a bad Variant fails here, not at showdown."""
        if not isinstance(self.name, str):
            raise OptionTypeError(f"Variant name must be a str, not {show_value(self.name)}")
        if not self.name:
            raise InvalidOptionError("Variant name must be a non-empty str")
        for field_name in ("omaha", "stud"):
            if not isinstance(getattr(self, field_name), bool):
                raise OptionTypeError(
                    f"Variant {field_name} must be True or False, "
                    f"not {show_value(getattr(self, field_name))}"
                )
        for field_name in ("hole_cards", "board_cards"):
            _check_counts(field_name, getattr(self, field_name))
        self._check_rankings()
        if self.omaha:
            if not all(4 <= h <= 6 for h in self.hole_cards) or not all(
                3 <= b <= 5 for b in self.board_cards
            ):
                raise InvalidOptionError(
                    "an Omaha Variant has 4 to 6 hole cards and 3 to 5 board cards"
                )
        elif not all(1 <= h + b <= MAX_HAND for h in self.hole_cards for b in self.board_cards):
            raise InvalidOptionError(
                f"a Variant's hand (hole cards plus board) must hold 1 to {MAX_HAND} cards"
            )
        if not isinstance(self.aliases, tuple) or not all(isinstance(a, str) for a in self.aliases):
            raise OptionTypeError(
                f"Variant aliases must be a tuple of str, not {show_value(self.aliases)}"
            )
        self._check_home_fields()

    def _check_rankings(self) -> None:
        if self.high is None and self.low is None:
            raise InvalidOptionError("a Variant needs a high or a low ranking (or both)")
        for field_name in ("high", "low"):
            name = getattr(self, field_name)
            if name is None or isinstance(name, Ranking):
                continue
            if not isinstance(name, str):
                raise OptionTypeError(
                    f"Variant {field_name} must be a ranking name or None, not {show_value(name)}"
                )
            if name not in RANKINGS:
                raise InvalidOptionError(
                    f"Variant {field_name} {show_value(name)} is not a ranking; "
                    f"choose one of {', '.join(RANKINGS)}"
                )

    def _check_home_fields(self) -> None:
        """declare, down_wild, must_use_up (the home games' rules)."""
        if not isinstance(self.declare, tuple) or not all(isinstance(d, str) for d in self.declare):
            raise OptionTypeError(
                f"Variant declare must be a tuple of str, not {show_value(self.declare)}"
            )
        if self.declare and (
            not {"high", "low"} <= set(self.declare) <= set(DECLARATIONS)
            or self.high is None
            or self.low is None
        ):
            raise InvalidOptionError(
                "Variant declare must list 'high' and 'low' (and may add 'both'), "
                f"in a game with a high and a low ranking; got {show_value(self.declare)}"
            )
        if not isinstance(self.down_wild, bool):
            raise OptionTypeError(
                f"Variant down_wild must be True or False, not {show_value(self.down_wild)}"
            )
        if self.down_wild and (self.omaha or not isinstance(self.high, str)):
            raise InvalidOptionError(
                "a down_wild Variant needs a built-in high ranking name and no Omaha rule"
            )
        if isinstance(self.must_use_up, bool) or not isinstance(self.must_use_up, int):
            raise OptionTypeError(
                f"Variant must_use_up must be an int, not {show_value(self.must_use_up)}"
            )
        if not 0 <= self.must_use_up <= 5 or (self.must_use_up and self.omaha):
            raise InvalidOptionError(
                f"Variant must_use_up must be 0..5 (and 0 in Omaha), got {self.must_use_up}"
            )

    @property
    def home_rules(self) -> bool:
        """Declarations, a face-down wild card or up-cards that must play."""
        return bool(self.declare or self.down_wild or self.must_use_up)

    def check_sizes(self, n_hole: int, n_board: int) -> None:
        """HandSizeError unless a hand of *n_hole* cards and a board of
        *n_board* cards are dealt in this game."""
        if n_hole not in self.hole_cards:
            raise HandSizeError(
                f"{self.name}: a hand has {_either(self.hole_cards)} cards, got {n_hole}"
            )
        if n_board not in self.board_cards:
            if self.board_cards == (0,):
                raise HandSizeError(
                    f"{self.name} has no board (every card is a player's own), "
                    f"got {n_board} board card{'s' if n_board > 1 else ''}"
                )
            raise HandSizeError(
                f"{self.name}: the board has {_either(self.board_cards)} cards, got {n_board}"
            )


def _check_counts(field_name: str, sizes: Any) -> None:
    if not isinstance(sizes, tuple):
        raise OptionTypeError(
            f"Variant {field_name} must be a tuple of card counts, not {show_value(sizes)}"
        )
    if not sizes:
        raise InvalidOptionError(f"Variant {field_name} must list at least one count")
    for size in sizes:
        if isinstance(size, bool) or not isinstance(size, int):
            raise OptionTypeError(f"Variant {field_name} must hold ints, not {show_value(size)}")
        if not 0 <= size <= MAX_HAND:
            raise InvalidOptionError(
                f"Variant {field_name} must hold counts in 0..{MAX_HAND}, got {size}"
            )


def _either(sizes: tuple[int, ...]) -> str:
    return " or ".join(str(s) for s in sizes)


# ------------------------------------------------------------------ the catalogue

# The card counts the families of games share: a flop, turn and river
# board, and the stud streets (a hand is settled at any of them).
FLOP_TURN_RIVER = (3, 4, 5)
STUD_STREETS = (5, 6, 7)


def _holdem(name: str, high: str, aliases: tuple[str, ...]) -> VariantRecord:
    """A hold'em game: two hole cards and a board, one ranking."""
    return VariantRecord(name, (2,), FLOP_TURN_RIVER, high=high, aliases=aliases)


def _omaha(
    name: str, hole_cards: tuple[int, ...], aliases: tuple[str, ...], *, hi_lo: bool = False
) -> VariantRecord:
    """An Omaha game (two hole cards and three board cards play): high, or
    hi-lo with the eight-or-better low when *hi_lo*."""
    low = "ace_five_8" if hi_lo else None
    return VariantRecord(name, hole_cards, FLOP_TURN_RIVER, low=low, omaha=True, aliases=aliases)


def _stud(
    name: str, high: str | None, low: str | None, aliases: tuple[str, ...] = ()
) -> VariantRecord:
    """A seven-card stud game (a bring-in, so ``stud``): high, low or hi-lo."""
    return VariantRecord(name, STUD_STREETS, high=high, low=low, stud=True, aliases=aliases)


def _lowball_draw(name: str, low: str, aliases: tuple[str, ...]) -> VariantRecord:
    """A five-card draw game won by the lowest hand alone."""
    return VariantRecord(name, (5,), high=None, low=low, aliases=aliases)


HOLDEM = _holdem("Hold'em", "high", ("holdem", "texas holdem"))
SHORT_DECK_HOLDEM = _holdem(
    "Short-deck Hold'em", "short_deck", ("short deck", "short deck holdem", "six plus holdem")
)
OMAHA = _omaha("Omaha", (4,), ("omaha high", "plo"))
OMAHA_HI_LO = _omaha(
    "Omaha Hi-Lo 8", (4,), ("omaha hi-lo", "omaha/8", "omaha eight or better", "o8"), hi_lo=True
)
BIG_O = _omaha("Big O", (5,), ("five-card omaha hi-lo", "big o hi-lo"), hi_lo=True)
COURCHEVEL = _omaha("Courchevel", (5,), ("five-card omaha", "plo5"))
SIX_CARD_OMAHA = _omaha("Six-card Omaha", (6,), ("plo6", "6-card omaha"))
RAZZ = _stud("Razz", None, "ace_five")
SEVEN_CARD_STUD = _stud("Seven-card Stud", "high", None, ("stud", "seven card stud"))
STUD_HI_LO = _stud(
    "Stud Hi-Lo 8", "high", "ace_five_8", ("stud hi-lo", "stud/8", "seven card stud hi-lo")
)
DEUCE_SEVEN_SINGLE_DRAW = _lowball_draw(
    "2-7 Single Draw", "deuce_seven", ("deuce to seven single draw", "kansas city lowball")
)
# The same showdown as the single draw: only the draws before it differ.
DEUCE_SEVEN_TRIPLE_DRAW = replace(
    DEUCE_SEVEN_SINGLE_DRAW, name="2-7 Triple Draw", aliases=("deuce to seven triple draw",)
)
ACE_FIVE_DRAW = _lowball_draw("A-5 Draw", "ace_five", ("ace to five draw", "california lowball"))
SIX_CARD_OMAHA_HI_LO = _omaha(
    "Six-card Omaha Hi-Lo 8",
    (6,),
    ("six-card omaha hi-lo", "6-card omaha hi-lo", "plo6 hi-lo", "big o six"),
    hi_lo=True,
)
# Binglao: a die roll picks 4, 5 or 6 hole cards and high or hi-lo 8 (see
# BINGLAO_ROLLS); these two name the game when the roll is not given.
BINGLAO = _omaha("Binglao", (4, 5, 6), ("binglao high",))
BINGLAO_HI_LO = _omaha("Binglao Hi-Lo 8", (4, 5, 6), ("binglao hi-lo", "binglao/8"), hi_lo=True)

# Home games (the home games rule text). None has a bring-in in its text, and each has a
# dealer, so none is ``stud`` here: odd chips go in seat order.
ROLL_YOUR_OWN = VariantRecord(
    "Roll Your Own", STUD_STREETS, aliases=("roll your own stud", "roll-your-own", "ryo")
)
DAKOTA = VariantRecord("Dakota", STUD_STREETS, low="ace_five", declare=DECLARATIONS, down_wild=True)
# The home games text's Mexican Stud: "four cards face up and one face down ... a
# showdown", five-card stud rolled your own, the cards speak; the text names
# no wild card.
MEXICAN_STUD = VariantRecord(
    "Mexican Stud",
    (5,),
    aliases=(
        "stud loco",
        "Mexican Stud (no wild)",
        "mexican stud no wild",
        "mexican stud natural",
        "stud loco no wild",
    ),
)
# The usual home rule on top: the face-down card, and every card of its rank,
# is wild for its owner's high hand.
MEXICAN_STUD_DOWN_WILD = VariantRecord(
    "Mexican Stud (down card wild)",
    (5,),
    down_wild=True,
    aliases=("mexican stud down wild", "mexican stud wild", "stud loco down wild"),
)
# A game played without wild cards as the text writes it, and the name of its
# home-rule version with the face-down card wild (for the message to a caller
# who gives face-down cards to the plain game).
DOWN_WILD_VERSIONS = {MEXICAN_STUD.name: MEXICAN_STUD_DOWN_WILD.name}
MISSISSIPPI_MUD = VariantRecord(
    "Mississippi Mud", (5,), low="ace_five", declare=("high", "low"), aliases=("mud",)
)
MISSISSIPPI_MUD_ACE_SIX = VariantRecord(
    "Mississippi Mud A-6",
    (5,),
    low="ace_six",
    declare=DECLARATIONS,
    aliases=("mississippi mud ace to six", "mississippi mud a6"),
)
PICK_A_PARTNER = VariantRecord("Pick a Partner", (5, 6, 7, 8, 9, 10), must_use_up=2)
PSYCHO = VariantRecord("Psycho", STUD_STREETS, low="ace_five", declare=DECLARATIONS)

# The catalogue, in the order pyrankcore.VARIANTS lists it.
RECORDS = (
    HOLDEM,
    SHORT_DECK_HOLDEM,
    OMAHA,
    OMAHA_HI_LO,
    BIG_O,
    COURCHEVEL,
    SIX_CARD_OMAHA,
    RAZZ,
    SEVEN_CARD_STUD,
    STUD_HI_LO,
    DEUCE_SEVEN_SINGLE_DRAW,
    DEUCE_SEVEN_TRIPLE_DRAW,
    ACE_FIVE_DRAW,
    SIX_CARD_OMAHA_HI_LO,
    BINGLAO,
    BINGLAO_HI_LO,
    ROLL_YOUR_OWN,
    DAKOTA,
    MEXICAN_STUD,
    MEXICAN_STUD_DOWN_WILD,
    MISSISSIPPI_MUD,
    MISSISSIPPI_MUD_ACE_SIX,
    PICK_A_PARTNER,
    PSYCHO,
)

# Binglao's die: 1-2 four hole cards, 3-4 five, 5-6 six; odd high, even hi-lo.
BINGLAO_ROLLS = {
    1: OMAHA,
    2: OMAHA_HI_LO,
    3: COURCHEVEL,
    4: BIG_O,
    5: SIX_CARD_OMAHA,
    6: SIX_CARD_OMAHA_HI_LO,
}


def normal_name(name: str) -> str:
    """A name as the catalogue looks it up: case, underscores, apostrophes
    and runs of spaces do not matter."""
    return " ".join(name.lower().replace("_", " ").replace("'", "").split())


_BY_NAME = {normal_name(n): r for r in RECORDS for n in (r.name,) + r.aliases}


def find(name: str) -> VariantRecord | None:
    """The catalogue record a name or alias names, else None."""
    return _BY_NAME.get(normal_name(name))


def lookup(game: object) -> VariantRecord:
    """*game* itself (a record), or the record its name names.

    Raises TypeError for other types and UnknownGameError for an unknown
    name (a ranking name is pointed out as such)."""
    if isinstance(game, VariantRecord):
        return game
    if not isinstance(game, str):
        raise TypeError(
            f"a variant is a name or a Variant, not {type(game).__name__}{order_hint(game)}"
        )
    found = find(game)
    if found is None:
        hint = order_hint(game)
        if hint:  # swapped arguments: the order matters, not the list of names
            raise UnknownGameError(f"unknown poker variant {show_value(game)}{hint}")
        if game in RANKINGS:
            hint = " (that is a ranking: showdown() accepts it, variant() does not)"
        raise UnknownGameError(
            f"unknown poker variant {show_value(game)}{hint}; choose one of {variant_names()}"
        )
    return found


def record_of(game: object) -> VariantRecord | None:
    """The variant *game* is or names; None for a ranking (a built-in name,
    which is looked up first, so "short_deck" is the ranking), a Ranking,
    tables, or a name that is neither."""
    if isinstance(game, VariantRecord):
        return game
    if isinstance(game, str) and game not in RANKINGS:
        return find(game)
    return None


def one_ranking(v: VariantRecord, omaha: bool | None) -> str | Ranking:
    """The one ranking of a variant (Razz -> ace_five), for functions that
    rank hands; a clear error for split-pot variants and, unless *omaha* is
    None (either), for an Omaha variant where *omaha* is False or another
    variant where it is True."""
    rankings = [g for g in (v.high, v.low) if g is not None]
    if len(rankings) != 1:
        raise InvalidArgumentError(
            f"{v.name} is a split-pot variant with two rankings "
            f"({v.high} for high, {v.low} for low): evaluate each half with "
            f"its ranking, or settle the pot with showdown()"
        )
    if omaha is not None and v.omaha and not omaha:
        raise InvalidArgumentError(
            f"{v.name} hands use exactly two hole cards: "
            f"call evaluate_omaha(hole, board, {rankings[0]!r})"
        )
    if omaha and not v.omaha:
        raise InvalidArgumentError(
            f"{v.name} is not an Omaha variant: call evaluate(cards, {rankings[0]!r})"
        )
    return rankings[0]


def variant_names(limit: int = 200) -> str:
    """The variants' names for a message, cut near *limit* characters (the
    whole list is pyrankcore.VARIANTS)."""
    text = ""
    for i, v in enumerate(RECORDS):
        if len(text) + len(v.name) > limit:
            return f"{text}, ... ({len(RECORDS) - i} more in pyrankcore.VARIANTS)"
        text = f"{text}, {v.name}" if text else v.name
    return text
