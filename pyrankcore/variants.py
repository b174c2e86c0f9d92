"""Poker games as players name them: the :class:`Variant` type and the catalogue.

Each :class:`Variant` (DESIGN's "variant": a game at the table) knows its
card counts and its rankings (high, low or both); :func:`variant` finds
one by the name players use. The catalogue's data lives in
:mod:`pyrankcore._catalogue`, below the resolver that reads it (its
docstring says why the data is a class of its own); this module builds
the ``Variant`` objects from it. Settling a pot (showdown, odd chips,
declarations, the bring-in) is :mod:`pyrankcore.pots`.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from pyrankcore import _catalogue, _core, games
from pyrankcore._args import whole_number
from pyrankcore._catalogue import VariantRecord
from pyrankcore._rankings import RANK_CHARS, ranking
from pyrankcore.errors import HandSizeError, InvalidArgumentError
from pyrankcore.games import ResolvedGame
from pyrankcore.seats import check_no_repeats, optional_cards

if TYPE_CHECKING:
    from pyrankcore._typing import CardsLike

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
    "MEXICAN_STUD_DOWN_WILD",
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
    "variant",
]


class Variant(VariantRecord):
    """A poker game: how many cards a player holds, the board, the rankings.

    high, low: ranking names (or None); a game with both splits the pot.
    omaha: the hand must use exactly two hole cards and three board cards.
    stud: no button; odd chips and the bring-in go by suit.
    declare: the declarations players may make at showdown ("high", "low",
        "both"); empty when the cards speak. showdown() then needs
        ``declarations=``.
    down_wild: the player's lowest face-down card, and every card of its
        rank in the hand, is wild for that player's high hand (Dakota,
        "Mexican Stud (down card wild)"); the face-down cards are given with
        ``down=``.
    must_use_up: that many face-up cards (``up=``) must be in the five that
        play (Pick a Partner: the team's two up-cards).
    """

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
        board_ids = optional_cards(board)
        game = games.resolve(self, omaha=None)
        return evaluate_seat(game, hole_ids, board_ids, down=down, up=up)


def evaluate_seat(
    game: ResolvedGame,
    hole: list[int],
    board: list[int],
    *,
    down: Any = None,
    up: Any = None,
) -> tuple[int | None, int | None]:
    """:meth:`Variant.evaluate` of card ids already parsed, under a variant
    already resolved: the variant's card counts, then (high, low)."""
    v = game.variant
    assert v is not None  # a variant, not a ranking
    v.check_sizes(len(hole), len(board))
    if down is not None or up is not None or v.down_wild or v.must_use_up:
        return _evaluate_home(game, v, hole, board, down, up)
    if v.omaha:
        return (
            None if game.high is None else _core.evaluate_omaha(hole, board, game.high),
            None if game.low is None else _core.evaluate_omaha(hole, board, game.low),
        )
    cards = hole + board
    check_no_repeats(cards)
    return (
        None if game.high is None else _core.evaluate(cards, game.high),
        None if game.low is None else _core.evaluate(cards, game.low),
    )


def _evaluate_home(
    game: ResolvedGame, v: VariantRecord, hole: list[int], board: list[int], down: Any, up: Any
) -> tuple[int | None, int | None]:
    """evaluate_seat() for the face-down wild card and must-use up-cards."""
    cards = hole + board
    check_no_repeats(cards)
    down_ids = _own_cards(v, down, hole, "down", "face-down", v.down_wild)
    up_ids = _own_cards(v, up, hole, "up", "face-up", bool(v.must_use_up))
    high: Any = game.high
    if v.down_wild:
        if not down_ids:
            raise InvalidArgumentError(
                f"{v.name}: give the player's face-down cards (down=): the lowest "
                "one is wild for the high hand"
            )
        wild_rank = RANK_CHARS[min(c >> 2 for c in down_ids)]
        high = _core.tables_of(ranking(v.high, wild=wild_rank))  # type: ignore[arg-type]
    if v.must_use_up:
        if up_ids is None and len(cards) != 5:
            raise InvalidArgumentError(
                f"{v.name}: give the {v.must_use_up} face-up cards that must play "
                f"(up=) for a hand of {len(cards)} cards"
            )
        if up_ids is not None and len(up_ids) != v.must_use_up:
            raise HandSizeError(
                f"{v.name}: {v.must_use_up} face-up cards must play, got {len(up_ids)} in up="
            )
    rest = [c for c in cards if up_ids is None or c not in up_ids]
    fixed = up_ids or []

    def strength(tables: Any) -> int:
        if not fixed:
            return _core.evaluate(cards, tables)
        return max(
            _core.evaluate(fixed + list(more), tables)
            for more in combinations(rest, 5 - len(fixed))
        )

    return (
        None if high is None else strength(high),
        None if game.low is None else strength(game.low),
    )


def _own_cards(
    v: VariantRecord, given: Any, hole: list[int], keyword: str, what: str, used: bool
) -> list[int] | None:
    """The cards given as *keyword* (None if not given): refused where
    the game has no use for them, and each must be in the hand."""
    if given is None:
        return None
    if not used:
        wild_version = _catalogue.DOWN_WILD_VERSIONS.get(v.name) if keyword == "down" else None
        note = (
            f" ({v.name} is the rule text's game, without wild cards; the game with "
            f"the face-down card wild is {wild_version!r})"
            if wild_version
            else ""
        )
        raise InvalidArgumentError(
            f"{v.name} has no rule for {what} cards: {keyword}= is not used there{note}"
        )
    ids = optional_cards(given)
    for c in ids:
        if c not in hole:
            raise InvalidArgumentError(
                f"{v.name}: {what} card {_core.format_card(c)} is not in the hand"
            )
    return ids


def _built(record: VariantRecord) -> Variant:
    return Variant(**{name: getattr(record, name) for name in record.__dataclass_fields__})


VARIANTS = tuple(_built(r) for r in _catalogue.RECORDS)
_VARIANT_OF = {v.name: v for v in VARIANTS}
# The catalogue's records (module constants, alive as long as the module)
# by identity: a name's record needs no field-by-field comparison.
_VARIANT_OF_RECORD = {id(r): (r, v) for r, v in zip(_catalogue.RECORDS, VARIANTS)}

HOLDEM = _VARIANT_OF[_catalogue.HOLDEM.name]
SHORT_DECK_HOLDEM = _VARIANT_OF[_catalogue.SHORT_DECK_HOLDEM.name]
OMAHA = _VARIANT_OF[_catalogue.OMAHA.name]
OMAHA_HI_LO = _VARIANT_OF[_catalogue.OMAHA_HI_LO.name]
BIG_O = _VARIANT_OF[_catalogue.BIG_O.name]
COURCHEVEL = _VARIANT_OF[_catalogue.COURCHEVEL.name]
SIX_CARD_OMAHA = _VARIANT_OF[_catalogue.SIX_CARD_OMAHA.name]
RAZZ = _VARIANT_OF[_catalogue.RAZZ.name]
SEVEN_CARD_STUD = _VARIANT_OF[_catalogue.SEVEN_CARD_STUD.name]
STUD_HI_LO = _VARIANT_OF[_catalogue.STUD_HI_LO.name]
DEUCE_SEVEN_SINGLE_DRAW = _VARIANT_OF[_catalogue.DEUCE_SEVEN_SINGLE_DRAW.name]
DEUCE_SEVEN_TRIPLE_DRAW = _VARIANT_OF[_catalogue.DEUCE_SEVEN_TRIPLE_DRAW.name]
ACE_FIVE_DRAW = _VARIANT_OF[_catalogue.ACE_FIVE_DRAW.name]
SIX_CARD_OMAHA_HI_LO = _VARIANT_OF[_catalogue.SIX_CARD_OMAHA_HI_LO.name]
BINGLAO = _VARIANT_OF[_catalogue.BINGLAO.name]
BINGLAO_HI_LO = _VARIANT_OF[_catalogue.BINGLAO_HI_LO.name]
ROLL_YOUR_OWN = _VARIANT_OF[_catalogue.ROLL_YOUR_OWN.name]
DAKOTA = _VARIANT_OF[_catalogue.DAKOTA.name]
MEXICAN_STUD = _VARIANT_OF[_catalogue.MEXICAN_STUD.name]
MEXICAN_STUD_DOWN_WILD = _VARIANT_OF[_catalogue.MEXICAN_STUD_DOWN_WILD.name]
# The text's game under another of its names ("Mexican Stud (no wild)").
MEXICAN_STUD_NO_WILD = MEXICAN_STUD
MISSISSIPPI_MUD = _VARIANT_OF[_catalogue.MISSISSIPPI_MUD.name]
MISSISSIPPI_MUD_ACE_SIX = _VARIANT_OF[_catalogue.MISSISSIPPI_MUD_ACE_SIX.name]
PICK_A_PARTNER = _VARIANT_OF[_catalogue.PICK_A_PARTNER.name]
PSYCHO = _VARIANT_OF[_catalogue.PSYCHO.name]


def variant(name: str | Variant) -> Variant:
    """A Variant by the name players use ("Hold'em", "Omaha Hi-Lo 8", "Razz").

    >>> variant("omaha hi-lo").low
    'ace_five_8'
    """
    return as_variant(_catalogue.lookup(name))


def as_variant(record: VariantRecord) -> Variant:
    """The Variant of a record: itself, or the catalogue's own Variant (a
    record the resolver found by name)."""
    if isinstance(record, Variant):
        return record
    catalogued = _VARIANT_OF_RECORD.get(id(record))
    if catalogued is not None and catalogued[0] is record:
        return catalogued[1]
    known = _VARIANT_OF.get(record.name)
    return known if known == record else _built(record)


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
    return as_variant(_catalogue.BINGLAO_ROLLS[whole_number(roll, "roll", 1, 6)])
