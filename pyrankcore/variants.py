"""Poker games as players name them, and who wins the pot at showdown.

Each :class:`Variant` knows its card counts and its rankings (high, low or
both), so ``showdown(OMAHA_HI_LO, hands, board, pot)`` needs no knowledge of
the ranking rules. Everything here is a thin layer over the core kernels.

Split-pot conventions (from the rule texts in shared/rules/):

* Hi-lo games split the pot into a high half and a low half; if nobody
  qualifies for low, the high hand(s) win the whole pot. An odd chip left by
  halving the pot goes to the high half.
* Tied hands share their part equally. Odd chips go one at a time to the
  tied winners in seat order, seat 0 being the first seat clockwise from the
  button; in stud games (no button), to the winner holding the highest card
  by suit (spades, hearts, diamonds, clubs), in that order.
* Declaration games (Mississippi Mud, Dakota, Psycho): each player declares
  high, low or (where the game allows it) both; see :func:`showdown`. A
  player who declares both must win or tie both ways; ``both_ways="outright"``
  is the strict house rule (a tie either way loses).

House rules (keyword options, off by default; see :mod:`pyrankcore.suits`):
``showdown(..., suit_rule=...)`` breaks ties between hands equal apart from
suit, ``unbeatable="italian" | "greek"`` makes the top hand beatable, and
``suit_order=`` (in ``showdown`` and ``bring_in``) replaces spades, hearts,
diamonds, clubs wherever a suit decides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from pyrankcore import _core
from pyrankcore._rankings import RANK_CHARS, Ranking, check_choice, ranking, show_value
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidOptionError,
    OptionTypeError,
    UnknownGameError,
)

if TYPE_CHECKING:
    from typing import TypeGuard

    from pyrankcore._typing import CardLike, CardsLike, Game
    from pyrankcore.suits import SuitRule

__all__ = [
    "ACE_FIVE_DRAW",
    "BIG_O",
    "BINGLAO",
    "BINGLAO_HI_LO",
    "COURCHEVEL",
    "DAKOTA",
    "DEUCE_SEVEN_SINGLE_DRAW",
    "DEUCE_SEVEN_TRIPLE_DRAW",
    "HOLDEM",
    "MEXICAN_STUD",
    "MEXICAN_STUD_NO_WILD",
    "MISSISSIPPI_MUD",
    "MISSISSIPPI_MUD_ACE_SIX",
    "OMAHA",
    "OMAHA_HI_LO",
    "PICK_A_PARTNER",
    "PSYCHO",
    "RAZZ",
    "ROLL_YOUR_OWN",
    "SEVEN_CARD_STUD",
    "SHORT_DECK_HOLDEM",
    "SIX_CARD_OMAHA",
    "SIX_CARD_OMAHA_HI_LO",
    "STUD_HI_LO",
    "VARIANTS",
    "Variant",
    "binglao",
    "bring_in",
    "showdown",
    "variant",
]


@dataclass(frozen=True)
class Variant:
    """A poker game: how many cards a player holds, the board, the rankings.

    high, low: ranking names (or None); a game with both splits the pot.
    omaha: the hand must use exactly two hole cards and three board cards.
    stud: no button; odd chips and the bring-in go by suit.
    declare: the declarations players may make at showdown ("high", "low",
        "both"); empty when the cards speak. showdown() then needs
        ``declarations=``.
    down_wild: the player's lowest face-down card, and every card of its
        rank in the hand, is wild for that player's high hand (Dakota,
        Mexican Stud); the face-down cards are given with ``down=``.
    must_use_up: that many face-up cards (``up=``) must be in the five that
        play (Pick a Partner: the team's two up-cards).
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
            sizes = getattr(self, field_name)
            if not isinstance(sizes, tuple):
                raise OptionTypeError(
                    f"Variant {field_name} must be a tuple of card counts, not {show_value(sizes)}"
                )
            if not sizes:
                raise InvalidOptionError(f"Variant {field_name} must list at least one count")
            for size in sizes:
                if isinstance(size, bool) or not isinstance(size, int):
                    raise OptionTypeError(
                        f"Variant {field_name} must hold ints, not {show_value(size)}"
                    )
                if not 0 <= size <= MAX_HAND:
                    raise InvalidOptionError(
                        f"Variant {field_name} must hold counts in 0..{MAX_HAND}, got {size}"
                    )
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
            if name not in _core.GAMES:
                raise InvalidOptionError(
                    f"Variant {field_name} {show_value(name)} is not a ranking; "
                    f"choose one of {', '.join(_core.GAMES)}"
                )
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

    def evaluate(
        self,
        hole: CardsLike,
        board: CardsLike | None = (),
        *,
        down: CardsLike | None = None,
        up: CardsLike | None = None,
    ) -> tuple[int | None, int | None]:
        """(high strength, low strength) of one player's cards; None where the
        game has no such half; a low of 0 does not qualify.

        *down*: the player's face-down cards, among *hole* (``down_wild``
        games: the lowest of them, aces high, and every card of its rank in
        the hand are wild for the high hand). *up*: the face-up cards that
        must play (``must_use_up`` games; may be left out for a hand of
        exactly five cards). Both are refused in other games.
        """
        hole_ids = _core.parse_cards(hole)
        board_ids = _core.parse_cards(board) if _has_cards(board) else []
        self._check_sizes(len(hole_ids), len(board_ids))
        if down is not None or up is not None or self.down_wild or self.must_use_up:
            return self._evaluate_home(hole_ids, board_ids, down, up)
        if self.omaha:
            return tuple(  # type: ignore[return-value]
                None if g is None else _core.evaluate_omaha(hole_ids, board_ids, g)
                for g in (self.high, self.low)
            )
        cards = hole_ids + board_ids
        _check_no_repeats(cards)
        return tuple(  # type: ignore[return-value]
            None if g is None else _core.evaluate(cards, g) for g in (self.high, self.low)
        )

    def _evaluate_home(
        self, hole: list[int], board: list[int], down: Any, up: Any
    ) -> tuple[int | None, int | None]:
        """evaluate() for the face-down wild card and must-use up-cards."""
        cards = hole + board
        _check_no_repeats(cards)
        down_ids = self._own_cards(down, hole, "down", "face-down", self.down_wild)
        up_ids = self._own_cards(up, hole, "up", "face-up", bool(self.must_use_up))
        high: Any = self.high
        if self.down_wild:
            if not down_ids:
                raise InvalidArgumentError(
                    f"{self.name}: give the player's face-down cards (down=): the lowest "
                    "one is wild for the high hand"
                )
            wild_rank = RANK_CHARS[min(c >> 2 for c in down_ids)]
            high = ranking(self.high, wild=wild_rank)  # type: ignore[arg-type]
        if self.must_use_up:
            if up_ids is None and len(cards) != 5:
                raise InvalidArgumentError(
                    f"{self.name}: give the {self.must_use_up} face-up cards that must play "
                    f"(up=) for a hand of {len(cards)} cards"
                )
            if up_ids is not None and len(up_ids) != self.must_use_up:
                raise HandSizeError(
                    f"{self.name}: {self.must_use_up} face-up cards must play, "
                    f"got {len(up_ids)} in up="
                )
        rest = [c for c in cards if up_ids is None or c not in up_ids]
        fixed = up_ids or []

        def strength(game: Any) -> int:
            if not fixed:
                return _core.evaluate(cards, game)
            return max(
                _core.evaluate(fixed + list(more), game)
                for more in combinations(rest, 5 - len(fixed))
            )

        return (
            None if high is None else strength(high),
            None if self.low is None else strength(self.low),
        )

    def _own_cards(
        self, given: Any, hole: list[int], keyword: str, what: str, used: bool
    ) -> list[int] | None:
        """The cards given as *keyword* (None if not given): refused where
        the game has no use for them, and each must be in the hand."""
        if given is None:
            return None
        if not used:
            raise InvalidArgumentError(
                f"{self.name} has no rule for {what} cards: {keyword}= is not used there"
            )
        ids = _core.parse_cards(given) if _has_cards(given) else []
        for c in ids:
            if c not in hole:
                raise InvalidArgumentError(
                    f"{self.name}: {what} card {_core.format_card(c)} is not in the hand"
                )
        return ids

    def _check_sizes(self, n_hole: int, n_board: int) -> None:
        if n_hole not in self.hole_cards:
            raise HandSizeError(
                f"{self.name}: a hand has {_either(self.hole_cards)} cards, got {n_hole}"
            )
        if n_board not in self.board_cards:
            raise HandSizeError(
                f"{self.name}: the board has {_either(self.board_cards)} cards, got {n_board}"
            )


# Hands of the home games reach ten cards (Pick a Partner: a team's two
# up-cards and eight others); evaluate() ranks up to ten.
MAX_HAND = 10
DECLARATIONS = ("high", "low", "both")
# What a player who declares both must do: "win_or_tie" each way (ties
# share that half, as every tie does), or win each way "outright".
BOTH_WAYS_RULES = ("win_or_tie", "outright")


def _either(sizes: tuple[int, ...]) -> str:
    return " or ".join(str(s) for s in sizes)


def _has_cards(board: Any) -> TypeGuard[CardsLike]:
    if board is None:
        return False
    try:
        return len(board) > 0
    except TypeError:
        return True


def _check_ordered(value: Any, what: str) -> None:
    """*value* must be a sized, indexable sequence (one entry per seat): a set,
    a dict or a generator has no seat order, so it is refused."""
    if (
        isinstance(value, (str, bytes, Set, Mapping))
        or not hasattr(value, "__len__")
        or not hasattr(value, "__getitem__")
    ):
        raise TypeError(
            f"{what} must be a sequence in seat order (list or tuple), not {type(value).__name__}"
        )


def _check_seats(hands: list[list[int]], board: list[int]) -> None:
    """No card twice across the players' hands and the board; the message
    says where each copy is (cards within one hand or the board are already
    checked by parse_cards)."""
    seat_of: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        for c in hand:
            other = seat_of.get(c)
            if other is not None and other != seat:
                raise DuplicateCardError(
                    f"duplicate card {_core.format_card(c)} in the hands of seats {other} and {seat}"
                )
            seat_of[c] = seat
    for c in board:
        if c in seat_of:
            raise DuplicateCardError(
                f"duplicate card {_core.format_card(c)} in seat {seat_of[c]}'s hand and on the board"
            )


# The seat checks equity shares, under public names.
has_cards = _has_cards
check_ordered = _check_ordered
check_seats = _check_seats


def _check_no_repeats(cards: list[int]) -> None:
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise DuplicateCardError(
                f"duplicate card {_core.format_card(c)} (in the hand and on the board)"
            )
        seen.add(c)


HOLDEM = Variant("Hold'em", (2,), (3, 4, 5), aliases=("holdem", "texas holdem"))
SHORT_DECK_HOLDEM = Variant(
    "Short-deck Hold'em",
    (2,),
    (3, 4, 5),
    high="short_deck",
    aliases=("short deck", "short deck holdem", "six plus holdem"),
)
OMAHA = Variant("Omaha", (4,), (3, 4, 5), omaha=True, aliases=("omaha high", "plo"))
OMAHA_HI_LO = Variant(
    "Omaha Hi-Lo 8",
    (4,),
    (3, 4, 5),
    low="ace_five_8",
    omaha=True,
    aliases=("omaha hi-lo", "omaha/8", "omaha eight or better", "o8"),
)
BIG_O = Variant(
    "Big O",
    (5,),
    (3, 4, 5),
    low="ace_five_8",
    omaha=True,
    aliases=("five-card omaha hi-lo", "big o hi-lo"),
)
COURCHEVEL = Variant(
    "Courchevel",
    (5,),
    (3, 4, 5),
    omaha=True,
    aliases=("five-card omaha", "plo5"),
)
SIX_CARD_OMAHA = Variant(
    "Six-card Omaha",
    (6,),
    (3, 4, 5),
    omaha=True,
    aliases=("plo6", "6-card omaha"),
)
RAZZ = Variant("Razz", (5, 6, 7), high=None, low="ace_five", stud=True)
SEVEN_CARD_STUD = Variant(
    "Seven-card Stud",
    (5, 6, 7),
    stud=True,
    aliases=("stud", "seven card stud"),
)
STUD_HI_LO = Variant(
    "Stud Hi-Lo 8",
    (5, 6, 7),
    low="ace_five_8",
    stud=True,
    aliases=("stud hi-lo", "stud/8", "seven card stud hi-lo"),
)
DEUCE_SEVEN_SINGLE_DRAW = Variant(
    "2-7 Single Draw",
    (5,),
    high=None,
    low="deuce_seven",
    aliases=("deuce to seven single draw", "kansas city lowball"),
)
DEUCE_SEVEN_TRIPLE_DRAW = Variant(
    "2-7 Triple Draw",
    (5,),
    high=None,
    low="deuce_seven",
    aliases=("deuce to seven triple draw",),
)
ACE_FIVE_DRAW = Variant(
    "A-5 Draw",
    (5,),
    high=None,
    low="ace_five",
    aliases=("ace to five draw", "california lowball"),
)

SIX_CARD_OMAHA_HI_LO = Variant(
    "Six-card Omaha Hi-Lo 8",
    (6,),
    (3, 4, 5),
    low="ace_five_8",
    omaha=True,
    aliases=("six-card omaha hi-lo", "6-card omaha hi-lo", "plo6 hi-lo", "big o six"),
)
# Binglao: a die roll picks 4, 5 or 6 hole cards and high or hi-lo 8 (see
# binglao()); these two name the game when the roll is not given.
BINGLAO = Variant("Binglao", (4, 5, 6), (3, 4, 5), omaha=True, aliases=("binglao high",))
BINGLAO_HI_LO = Variant(
    "Binglao Hi-Lo 8",
    (4, 5, 6),
    (3, 4, 5),
    low="ace_five_8",
    omaha=True,
    aliases=("binglao hi-lo", "binglao/8"),
)

# Home games (rule text 004). None has a bring-in in its text, and each has a
# dealer, so none is ``stud`` here: odd chips go in seat order.
ROLL_YOUR_OWN = Variant(
    "Roll Your Own",
    (5, 6, 7),
    aliases=("roll your own stud", "roll-your-own", "ryo"),
)
DAKOTA = Variant(
    "Dakota",
    (5, 6, 7),
    low="ace_five",
    declare=DECLARATIONS,
    down_wild=True,
)
MEXICAN_STUD = Variant("Mexican Stud", (5,), down_wild=True, aliases=("stud loco",))
# The text itself names no wild card in Mexican Stud: this is the game as
# written, five-card stud rolled your own, the cards speak.
MEXICAN_STUD_NO_WILD = Variant(
    "Mexican Stud (no wild)",
    (5,),
    aliases=("mexican stud no wild", "mexican stud natural", "stud loco no wild"),
)
MISSISSIPPI_MUD = Variant(
    "Mississippi Mud", (5,), low="ace_five", declare=("high", "low"), aliases=("mud",)
)
MISSISSIPPI_MUD_ACE_SIX = Variant(
    "Mississippi Mud A-6",
    (5,),
    low="ace_six",
    declare=DECLARATIONS,
    aliases=("mississippi mud ace to six", "mississippi mud a6"),
)
PICK_A_PARTNER = Variant("Pick a Partner", (5, 6, 7, 8, 9, 10), must_use_up=2)
PSYCHO = Variant("Psycho", (5, 6, 7), low="ace_five", declare=DECLARATIONS)

VARIANTS = (
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
    MEXICAN_STUD_NO_WILD,
    MISSISSIPPI_MUD,
    MISSISSIPPI_MUD_ACE_SIX,
    PICK_A_PARTNER,
    PSYCHO,
)


def _norm(name: str) -> str:
    return " ".join(name.lower().replace("_", " ").replace("'", "").split())


_BY_NAME = {_norm(n): v for v in VARIANTS for n in (v.name,) + v.aliases}


def variant(name: str | Variant) -> Variant:
    """A Variant by the name players use ("Hold'em", "Omaha Hi-Lo 8", "Razz").

    >>> variant("omaha hi-lo").low
    'ace_five_8'
    """
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str):
        raise TypeError(f"a variant is a name or a Variant, not {type(name).__name__}")
    found = _BY_NAME.get(_norm(name))
    if found is None:
        hint = ""
        if name in _core.GAMES:
            hint = " (that is a ranking: showdown() accepts it, variant() does not)"
        raise UnknownGameError(
            f"unknown poker variant {show_value(name)}{hint}; choose one of {variant_names()}"
        )
    return found


def omaha_variant_of(game: object) -> Variant | None:
    """The Omaha variant *game* names or is, else None (a ranking, an
    unknown name, another variant): the Omaha entry points check its hole
    and board counts."""
    if isinstance(game, Variant):
        v = game
    elif isinstance(game, str) and game not in _core.GAMES:
        v = _BY_NAME.get(_norm(game))  # type: ignore[assignment]
        if v is None:
            return None
    else:
        return None
    return v if v.omaha else None


def variant_names(limit: int = 200) -> str:
    """The variants' names for a message, cut near *limit* characters (the
    whole list is pyrankcore.VARIANTS)."""
    text = ""
    for i, v in enumerate(VARIANTS):
        if len(text) + len(v.name) > limit:
            return f"{text}, ... ({len(VARIANTS) - i} more in pyrankcore.VARIANTS)"
        text = f"{text}, {v.name}" if text else v.name
    return text


# Binglao's die: 1-2 four hole cards, 3-4 five, 5-6 six; odd high, even hi-lo.
_BINGLAO_ROLLS = {
    1: OMAHA,
    2: OMAHA_HI_LO,
    3: COURCHEVEL,
    4: BIG_O,
    5: SIX_CARD_OMAHA,
    6: SIX_CARD_OMAHA_HI_LO,
}


def binglao(roll: int) -> Variant:
    """The Omaha game a Binglao die roll (1..6) deals.

    The rule text says only that the roll "determines how many private cards
    will be dealt to each player and whether the game will be High or
    High-Low 8 or Better"; this takes the usual table: 1 four-card Omaha,
    2 Omaha Hi-Lo 8, 3 five-card Omaha, 4 five-card hi-lo (Big O),
    5 six-card Omaha, 6 six-card hi-lo.

    >>> binglao(4).name
    'Big O'
    """
    if isinstance(roll, bool) or not isinstance(roll, int):
        raise TypeError(f"a die roll is an int 1..6, not {type(roll).__name__}")
    if roll not in _BINGLAO_ROLLS:
        raise InvalidArgumentError(f"a die roll is 1..6, got {show_value(roll)}")
    return _BINGLAO_ROLLS[roll]


def showdown(
    game: Game,
    hands: Sequence[CardsLike],
    board: CardsLike | None = (),
    pot: int = 0,
    *,
    suit_rule: SuitRule | None = None,
    suit_order: str | None = None,
    unbeatable: str | None = None,
    declarations: Sequence[str] | None = None,
    down: Sequence[CardsLike] | None = None,
    up: Sequence[CardsLike] | None = None,
    both_ways: str | None = None,
) -> list[int]:
    """Each player's share of *pot* at showdown, in seat order.

    Parameters
    ----------
    game
        A Variant or its name ("Omaha Hi-Lo 8"), or a ranking: a name in
        ``pyrankcore.GAMES`` ("high", "ace_five_8", ...) or a
        :class:`~pyrankcore.Ranking`. Ranking names are looked up first, so
        "short_deck" is the ranking. With a ranking, each player's hand is
        the best five of their cards plus the board (as many cards in total
        as :func:`pyrankcore.evaluate` takes for it: 5 to 7 for the
        five-card rankings), the larger strength wins, and the whole pot
        goes to the best hand(s), low rankings included.
    hands
        One entry per player still in the hand, in seat order (seat 0 = first
        clockwise from the button). Stud: all of a player's cards.
    board
        The community cards (none in stud and draw games).
    pot
        Chips in the pot (a non-negative int).
    suit_rule
        A :class:`~pyrankcore.suits.SuitRule`: hands equal apart from suit
        no longer tie (in both halves of a hi-lo pot; the higher suit wins).
        None (the default): standard poker, suits never count, unless the
        game's ranking has a suit tie-break of its own
        (``ranking("high", suit_tiebreak=...)``): then hands are ranked by
        it, and a *suit_rule* must be None or the same rule.
    suit_order
        The suit order for odd chips in stud games (a name
        :func:`~pyrankcore.suits.resolve_suit_order` accepts). Default: the
        order of *suit_rule*, else the ``suit_order`` of the game's ranking
        (``ranking("high", suit_order=...)``), else spades, hearts, diamonds,
        clubs. It may not differ from *suit_rule*'s or the ranking's order.
    unbeatable
        None, ``"italian"`` or ``"greek"``: the rules of the text that make
        the top hand beatable (see :func:`pyrankcore.suits.compare`); the
        high half only. The three-way cycles split the pot.
    declarations
        Declaration games (``Variant.declare``: Mississippi Mud, Dakota,
        Psycho): each seat's "high", "low" or "both", in seat order. The
        high half goes to the best high hand among those who declared high
        or both, the low half to the best low among low or both. A player
        who declares both must win or tie both ways (see *both_ways*), or
        gets nothing and drops out of both halves. If only one half has contenders left, they
        take the whole pot; if none is left (everyone declared both and
        failed), nobody wins and every share is 0: the pot stays for the
        next deal.
    down
        Each seat's face-down cards (Dakota, Mexican Stud: the lowest one
        and every card of its rank are wild for that player's high hand).
    up
        Each seat's face-up cards that must play (Pick a Partner: the
        team's two up-cards; each hand is a partnership's cards).
    both_ways
        What "win both ways" means for a player who declares both:
        ``"win_or_tie"`` (the default, as None) -- a tie one way still
        counts, and the player shares that half; or ``"outright"`` -- a tie
        with another contender either way loses the whole pot, as a loss
        does. Only in games that allow the "both" declaration.

    Returns
    -------
    list[int]
        Chips won by each player; they sum to *pot*.

    Raises
    ------
    TypeError
        *pot* not an int, *hands* not a sequence in seat order (a str, set,
        dict or generator), or *game* of the wrong type.
    InvalidArgumentError
        A negative pot, no hands, or (with a ranking that has a qualifier,
        such as "ace_five_8") no hand qualifies: a ranking alone does not
        say who gets such a pot, so showdown raises rather than invent a
        house rule. Hi-lo variants settle that case themselves (the high
        hands take the pot). Also *both_ways* in a game without the "both"
        declaration, and home-game keywords with a ranking.
    DuplicateCardError
        A card twice: the message names the seats, or the seat and the board.
    InvalidCardError, HandSizeError, UnknownGameError
        Bad cards, card counts or game names.
    InvalidOptionError
        A bad *suit_rule*, *suit_order*, *unbeatable* or *both_ways* (named
        in the message), or *unbeatable* in a game with no high ranking.

    >>> showdown("Hold'em", ["As Ad", "Kc Kd"], "2c 7d 9h Js 3s", 100)
    [100, 0]
    >>> showdown("ace_five", ["5c 4d 3h 2s Ac", "6c 4h 3d 2c Ad"], pot=11)
    [11, 0]
    """
    by_ranking: Any = None
    if isinstance(game, Ranking) or (isinstance(game, str) and game in _core.GAMES):
        by_ranking = game
    v = None if by_ranking is not None else variant(game)  # type: ignore[arg-type]
    house_rules = suit_rule is not None or unbeatable is not None
    if house_rules or suit_order is not None:
        from pyrankcore import suits

        suits._check_unbeatable(unbeatable)
        chip_order = _chip_suit_order(suit_rule, suit_order)
        if unbeatable is not None and v is not None and v.high is None:
            raise InvalidOptionError(
                f"invalid unbeatable={unbeatable!r} for {v.name}: it has no high hand"
            )
    else:
        chip_order = None
    chip_order = _with_ranking_order(v if v is not None else by_ranking, chip_order)
    if isinstance(pot, bool) or not isinstance(pot, int):
        raise TypeError(f"pot must be an int number of chips, not {type(pot).__name__}")
    if pot < 0:
        raise InvalidArgumentError(f"pot must be >= 0 chips, got {show_value(pot)}")
    _check_ordered(hands, "hands")
    if len(hands) < 1:
        raise InvalidArgumentError("showdown needs at least one hand")
    board_ids = _core.parse_cards(board) if _has_cards(board) else []
    parsed = [_core.parse_cards(h) for h in hands]
    _check_seats(parsed, board_ids)
    home = (declarations, down, up, both_ways)
    if v is None and any(x is not None for x in home):
        raise InvalidArgumentError(
            "declarations=, down=, up= and both_ways= need a variant that uses them "
            "(e.g. 'Dakota'), not a ranking"
        )
    if both_ways is not None:
        _check_both_ways(v, both_ways)  # type: ignore[arg-type]
    if v is not None and (
        v.declare or v.down_wild or v.must_use_up or any(x is not None for x in home)
    ):
        if house_rules or suit_order is not None:
            raise InvalidArgumentError(
                f"{v.name}: suit_rule=, suit_order= and unbeatable= are not supported "
                "in the home games (declarations, face-down wild cards, up-cards)"
            )
        return _home_showdown(
            v, parsed, board_ids, pot, declarations, down, up, chip_order, both_ways
        )

    if v is None:
        strengths = [_core.evaluate(h + board_ids, by_ranking) for h in parsed]
        winners = _winners(strengths)
        if not winners:
            name = by_ranking if isinstance(by_ranking, str) else by_ranking.name
            raise InvalidArgumentError(
                f"no hand qualifies under {show_value(name)}, so no hand wins the pot; "
                "settle it with a variant that has a high half (e.g. 'Omaha Hi-Lo 8')"
            )
        if house_rules:
            winners = suits._seat_winners(
                by_ranking, False, parsed, board_ids, suit_rule, unbeatable
            )
        return _split(pot, sorted(winners), len(parsed))

    results = [v.evaluate(h, board_ids) for h in parsed]
    highs = [r[0] for r in results]
    lows = [r[1] for r in results]

    shares = [0] * len(parsed)
    low_winners = _winners(lows) if v.low is not None else []
    high_winners = _winners(highs) if v.high is not None else []
    if house_rules:
        if v.high is not None:
            high_winners = suits._seat_winners(
                v.high, v.omaha, parsed, board_ids, suit_rule, unbeatable
            )
        if v.low is not None:
            low_winners = suits._seat_winners(v.low, v.omaha, parsed, board_ids, suit_rule, None)
    if v.high is not None and v.low is not None and low_winners:
        high_part = pot - pot // 2  # the odd chip of the whole pot goes high
        parts = [(high_part, high_winners), (pot // 2, low_winners)]
    elif v.high is not None:
        parts = [(pot, high_winners)]
    else:
        # Low-only games (razz, 2-7): the best low wins; every hand qualifies.
        parts = [(pot, low_winners)]
    for chips, winners in parts:
        part = _split(chips, _odd_chip_order(v, winners, parsed, chip_order), len(parsed))
        shares = [a + b for a, b in zip(shares, part)]
    return shares


def _per_seat(value: Any, what: str, seats: int) -> list[Any]:
    """One entry per seat, or a clear error."""
    _check_ordered(value, what)
    if len(value) != seats:
        raise InvalidArgumentError(
            f"{what} must have one entry per hand ({seats}), got {len(value)}"
        )
    return list(value)


def _check_both_ways(v: Variant, both_ways: Any) -> None:
    check_choice("both_ways", both_ways, BOTH_WAYS_RULES)
    if "both" not in v.declare:
        raise InvalidArgumentError(
            f"{v.name} has no 'both' declaration: both_ways= is not used there"
        )


def _declarations(v: Variant, declarations: Any, seats: int) -> list[str] | None:
    if not v.declare:
        if declarations is not None:
            raise InvalidArgumentError(f"{v.name} has no declarations: the cards speak")
        return None
    if declarations is None:
        raise InvalidArgumentError(
            f"{v.name} is played with declarations: pass declarations=[...], one of "
            f"{', '.join(repr(d) for d in v.declare)} per hand"
        )
    out = []
    for seat, d in enumerate(_per_seat(declarations, "declarations", seats)):
        if not isinstance(d, str):
            raise TypeError(f"seat {seat}'s declaration must be a str, not {type(d).__name__}")
        word = d.strip().lower()
        if word not in v.declare:
            raise InvalidArgumentError(
                f"seat {seat} declared {show_value(d)}; {v.name} allows "
                f"{', '.join(repr(x) for x in v.declare)}"
            )
        out.append(word)
    return out


def _home_showdown(
    v: Variant,
    hands: list[list[int]],
    board: list[int],
    pot: int,
    declarations: Any,
    down: Any,
    up: Any,
    chip_order: str | None = None,
    both_ways: str | None = None,
) -> list[int]:
    """showdown() for declarations, face-down wild cards and up-cards."""
    seats = len(hands)
    words = _declarations(v, declarations, seats)
    if v.down_wild and down is None:
        raise InvalidArgumentError(
            f"{v.name}: pass down=[...], each hand's face-down cards (the lowest is wild)"
        )
    downs = [None] * seats if down is None else _per_seat(down, "down", seats)
    ups = [None] * seats if up is None else _per_seat(up, "up", seats)
    results = [
        v.evaluate(h, board, down=d, up=u) for h, d, u in zip(hands, downs, ups, strict=True)
    ]
    highs = [r[0] for r in results]
    lows = [r[1] for r in results]
    if words is None:  # the cards speak
        high_seats = list(range(seats)) if v.high is not None else []
        low_seats = list(range(seats)) if v.low is not None else []
    else:
        high_seats = [s for s in range(seats) if words[s] in ("high", "both")]
        low_seats = [s for s in range(seats) if words[s] in ("low", "both")]
        best_high = max((highs[s] or 0 for s in high_seats), default=0)
        best_low = max((lows[s] or 0 for s in low_seats), default=0)
        # "A player who goes 'both ways' must win both ways or gets none of
        # the pot": judged against every contender at once (those who fail
        # too), then out of both halves.
        failed = {
            s
            for s in range(seats)
            if words[s] == "both" and (highs[s] != best_high or not lows[s] or lows[s] != best_low)
        }
        if both_ways == "outright":
            failed |= {
                s
                for s in range(seats)
                if words[s] == "both"
                and (
                    any(highs[t] == highs[s] for t in high_seats if t != s)
                    or any(lows[t] == lows[s] for t in low_seats if t != s)
                )
            }
        high_seats = [s for s in high_seats if s not in failed]
        low_seats = [s for s in low_seats if s not in failed]
    high_winners = [high_seats[i] for i in _winners([highs[s] for s in high_seats])]
    low_winners = [low_seats[i] for i in _winners([lows[s] for s in low_seats])]
    if high_winners and low_winners:
        parts = [(pot - pot // 2, high_winners), (pot // 2, low_winners)]
    else:
        parts = [(pot, high_winners or low_winners)]
    shares = [0] * seats
    for chips, winners in parts:
        if winners:
            part = _split(chips, _odd_chip_order(v, winners, hands, chip_order), seats)
            shares = [a + b for a, b in zip(shares, part)]
    return shares


def _split(chips: int, order: list[int], seats: int) -> list[int]:
    """*chips* shared by the seats in *order*; odd chips to the first ones."""
    shares = [0] * seats
    base, odd = divmod(chips, len(order))
    for i, seat in enumerate(order):
        shares[seat] += base + (1 if i < odd else 0)
    return shares


def _winners(strengths: Sequence[int | None]) -> list[int]:
    best = max((s for s in strengths if s), default=0)
    if best == 0:
        return []
    return [i for i, s in enumerate(strengths) if s == best]


def _odd_chip_order(
    v: Variant, winners: list[int], hands: list[list[int]], suit_order: str | None = None
) -> list[int]:
    if not v.stud:
        return sorted(winners)
    if suit_order is None:
        # Highest card by suit: rank first, then spades > hearts > diamonds > clubs
        # (card id = rank * 4 + suit already orders cards exactly this way).
        return sorted(winners, key=lambda seat: max(hands[seat]), reverse=True)
    ranks = _suit_ranks(suit_order)
    return sorted(
        winners,
        key=lambda seat: max((c >> 2, ranks[c & 3]) for c in hands[seat]),
        reverse=True,
    )


def _suit_ranks(suit_order: str) -> tuple[int, int, int, int]:
    from pyrankcore.suits import suit_ranks

    return suit_ranks(suit_order)


def _chip_suit_order(suit_rule: Any, suit_order: str | None) -> str | None:
    """The suit order odd chips follow: *suit_order*, else *suit_rule*'s."""
    from pyrankcore.suits import SuitRule, resolve_suit_order

    if suit_rule is not None and not isinstance(suit_rule, SuitRule):
        raise OptionTypeError(
            f"suit_rule must be None or a SuitRule, not {type(suit_rule).__name__} "
            f"({show_value(suit_rule)})"
        )
    if suit_order is None:
        return None if suit_rule is None else str(suit_rule.suit_order)
    order = resolve_suit_order(suit_order)
    if suit_rule is not None and order != suit_rule.suit_order:
        raise InvalidOptionError(
            f"invalid suit_order={show_value(suit_order)}; suit_order must be the "
            f"suit_rule's order ({suit_rule.suit_order!r}) or None"
        )
    return order


def _ranking_suit_order(game: Any) -> str | None:
    """The suit order set on the ranking(s) of *game* (a Variant or a
    Ranking; None for names and rankings without one); a variant whose two
    rankings set different orders is refused."""
    halves = (game.high, game.low) if isinstance(game, Variant) else (game,)
    orders = {r.suit_order for r in halves if isinstance(r, Ranking) and r.suit_order}
    if len(orders) > 1:
        raise InvalidArgumentError(
            f"{game.name}: its high and low rankings set different suit orders "
            f"({', '.join(sorted(orders))}); odd chips and the bring-in need one"
        )
    return orders.pop() if orders else None


def _with_ranking_order(game: Any, order: str | None) -> str | None:
    """The suit order odd chips and the bring-in follow: *order* (given by
    the caller, canonical), else the ranking's; the two must agree."""
    own = _ranking_suit_order(game)
    if own is None:
        return order
    if order is not None and order != own:
        raise InvalidOptionError(
            f"invalid suit_order={show_value(order)}; the game's ranking sets the suit "
            f"order {own!r}: suit_order (and suit_rule's order) must be None or that order"
        )
    return own


def bring_in(
    game: str | Variant, up_cards: Sequence[CardLike], *, suit_order: str | None = None
) -> int:
    """Seat index of the player who must bring in (stud games).

    *up_cards* holds each player's face-up card, in seat order. Seven-card
    stud and stud hi-lo: the lowest card brings in (aces high; between equal
    ranks the lowest suit: clubs, diamonds, hearts, spades). Razz: the
    highest card (aces low; between equal ranks the highest suit).
    *suit_order* (a name :func:`~pyrankcore.suits.resolve_suit_order`
    accepts, e.g. "germany": clubs highest) replaces that suit order; by
    default the variant's ranking's ``suit_order`` does, where it sets one
    (``ranking("high", suit_order="germany")``), and a *suit_order* given
    here must then agree with it.

    >>> bring_in("Seven-card Stud", ["Ah", "2d", "2c", "Ks"])
    2
    >>> bring_in("Razz", ["Ah", "Kd", "Ks", "5s"])
    2

    Raises
    ------
    TypeError
        *up_cards* is not a sequence in seat order (a str, set, dict or
        generator has no seats).
    InvalidArgumentError
        A variant without a bring-in (not stud), or no up-cards.
    UnknownGameError, InvalidCardError, HandSizeError, DuplicateCardError
        An unknown variant, or bad up-cards.
    InvalidOptionError
        A *suit_order* that is not a suit order (named in the message).
    """
    v = variant(game)
    order = None if suit_order is None else _chip_suit_order(None, suit_order)
    order = _with_ranking_order(v, order)  # a ranking's suit_order is the default
    # Suit ranks by card id suit (3 = highest); the default is the ids' own order.
    ranks = (0, 1, 2, 3) if order is None else _suit_ranks(order)
    if not v.stud:
        raise InvalidArgumentError(f"{v.name} is not a stud game: it has no bring-in")
    _check_ordered(up_cards, "up_cards")
    if len(up_cards) == 0:
        raise InvalidArgumentError("up_cards must hold one card per player, got none")
    cards = []
    for card in up_cards:
        ids = _core.parse_cards(card)
        if len(ids) != 1:
            raise HandSizeError(f"each player shows exactly one up-card, got {show_value(card)}")
        cards.append(ids[0])
    _check_seats([[c] for c in cards], [])  # names both seats
    if v.high is None:  # razz: aces low, the highest card brings in

        def razz_key(c: int) -> tuple[int, int]:
            rank = -1 if c >> 2 == 12 else c >> 2
            return (rank, ranks[c & 3])

        return max(range(len(cards)), key=lambda i: razz_key(cards[i]))
    return min(range(len(cards)), key=lambda i: (cards[i] >> 2, ranks[cards[i] & 3]))
