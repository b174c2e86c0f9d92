"""A game resolved once: a ranking name, Ranking or Variant -> its tables.

This is the package's one resolver. Every public function calls
:func:`resolve` once, at its entry, and passes the :class:`ResolvedGame` (or
its tables) down. The compiled core takes tables, or a Ranking, whose tables
it builds; a variant or a name given to it (the public
``evaluate(cards, "razz")``) it hands to this resolver, so nothing below
looks a name up again.

>>> from pyrankcore.games import resolve
>>> g = resolve("Omaha Hi-Lo 8", omaha=True)
>>> g.name, g.high.name, g.low.name
('Omaha Hi-Lo 8', 'high', 'ace_five_8')
>>> resolve("razz").tables.name
'ace_five'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pyrankcore import _catalogue, _core, _rankings
from pyrankcore._args import order_hint
from pyrankcore.errors import UnknownGameError

if TYPE_CHECKING:
    from pyrankcore._catalogue import VariantRecord
    from pyrankcore._core import GameTables
    from pyrankcore._typing import AnyGame

__all__ = ["ResolvedGame", "ranking_tables", "resolve"]


@dataclass(frozen=True)
class ResolvedGame:
    """A game as the kernels see it: a ranking, or a variant's rankings.

    name: the variant's name, or the ranking's.
    variant: the variant (a catalogue record or the user's Variant), or
        None for a ranking.
    high, low: the tables of each half of a variant (None where it has no
        such half); a ranking is held as ``high``.
    omaha: what the caller ranks: True Omaha hands, False hands of 5 to 10
        cards, None either (as the variant deals them).

    Whether its strengths are suited (uint32) is a property of the game
    (:attr:`suited`, :attr:`dtype`), not a flag of the caller: a caller that
    reads plain uint16 strengths asks for :meth:`plain`. It pickles as the
    game it was resolved from and is resolved again on unpickling (a Dask
    worker rebuilds the tables it needs).
    """

    name: str
    variant: VariantRecord | None
    high: GameTables | None
    low: GameTables | None
    omaha: bool | None = False

    @property
    def tables(self) -> GameTables:
        """The tables of the game's one ranking.

        InvalidArgumentError for a split-pot variant, and for an Omaha
        variant where the caller ranks other hands (or the reverse)."""
        if self.variant is None:
            assert self.high is not None  # a ranking is held as high
            return self.high
        return self._variant_tables

    @cached_property  # read on every evaluate(cards, "razz"): kept once found
    def _variant_tables(self) -> GameTables:
        assert self.variant is not None
        _catalogue.one_ranking(self.variant, self.omaha)
        one = self.high if self.high is not None else self.low
        assert one is not None  # a variant has a high or a low ranking
        return one

    @property
    def halves(self) -> tuple[GameTables | None, GameTables | None]:
        """(high, low) tables."""
        return self.high, self.low

    @property
    def is_omaha(self) -> bool:
        """The hands use exactly two hole cards and three board cards."""
        return self.variant is not None and self.variant.omaha

    @property
    def suited(self) -> bool:
        """A half has a suit tie-break: its strengths are suited strengths
        (``strength << 10 | suit key``, uint32)."""
        return any(t is not None and t.suited for t in (self.high, self.low))

    @property
    def dtype(self) -> str:
        """The dtype of the game's strengths: uint32 where suited, else uint16."""
        return "uint32" if self.suited else "uint16"

    def plain(self, purpose: str) -> ResolvedGame:
        """This game, for a caller that reads plain (uint16) strengths only:
        InvalidArgumentError naming *purpose* where a half is suited."""
        for half in (self.high, self.low):
            if half is not None:
                _core.plain_tables(half, purpose)
        return self

    def check_sizes(self, n_hole: int, n_board: int) -> None:
        """A variant's own card counts ("Big O" deals five hole cards);
        HandSizeError naming them. A ranking takes any counts its tables do."""
        if self.variant is not None:
            self.variant.check_sizes(n_hole, n_board)

    def __reduce__(self) -> tuple[Any, ...]:
        source = self.variant if self.variant is not None else self.tables.ranking
        return _resolve_again, (source, self.omaha)


def _resolve_again(game: Any, omaha: bool | None) -> ResolvedGame:
    return resolve(game, omaha=omaha)


def resolve(
    game: AnyGame | VariantRecord | GameTables | ResolvedGame, *, omaha: bool | None = False
) -> ResolvedGame:
    """Resolve *game* (a ranking name, a Ranking, a variant or its name,
    GameTables, or a game resolved already) once.

    *omaha*: the caller ranks Omaha hands (True), other hands (False), or
    either, as a variant deals them (None); :attr:`ResolvedGame.tables`
    checks it.

    Raises UnknownGameError for an unknown name, TypeError for another type.
    """
    if isinstance(game, ResolvedGame):
        return game if game.omaha == omaha else replace(game, omaha=omaha)
    record = _catalogue.record_of(game)
    if record is None:
        tables = _tables_of(game)
        return ResolvedGame(tables.name, None, tables, None, omaha)
    high, low = (
        None if half is None else _core.tables_of(half) for half in (record.high, record.low)
    )
    return ResolvedGame(record.name, record, high, low, omaha)


def _tables_of(game: Any) -> GameTables:
    """The tables of a ranking (a built-in name, a Ranking, GameTables); the
    message of an unknown name lists the variants too."""
    if isinstance(game, str) and game not in _core.CLASS_COUNTS:
        name = _rankings.show_value(game)
        hint = order_hint(game)
        if hint:  # swapped arguments: the order matters, not the list of names
            raise UnknownGameError(f"unknown ranking or variant {name}{hint}")
        raise UnknownGameError(
            f"unknown ranking or variant {name}; rankings: "
            f"{', '.join(_core.GAMES)}; variants: {_catalogue.variant_names()}"
        )
    return _core.tables_of(game)


def ranking_tables(
    game: AnyGame | VariantRecord | GameTables | ResolvedGame, *, omaha: bool | None = False
) -> GameTables:
    """The tables of *game*'s one ranking: GameTables as they are (a game
    resolved already and passed down: no second resolution), else
    ``resolve(game, ...).tables``."""
    if isinstance(game, _core.GameTables):
        return _core.tables_of(game)
    if isinstance(game, ResolvedGame):
        return game.tables
    return resolve(game, omaha=omaha).tables


# The core's one door to this resolver: what it is given other than tables
# (a name passed to the public evaluate(), a variant) is resolved here. A
# name always resolves to the same game, so names are kept.
_BY_NAME: dict[tuple[str, bool | None], ResolvedGame] = {}
_MAX_NAMES = 1024


def _for_core(game: Any, omaha: bool | None) -> ResolvedGame:
    if type(game) is str:
        key = (game, omaha)
        found = _BY_NAME.get(key)
        if found is None:
            found = resolve(game, omaha=omaha)
            if len(_BY_NAME) < _MAX_NAMES:  # spellings of names are many
                _BY_NAME[key] = found
        return found
    return resolve(game, omaha=omaha)


_core.install_resolver(_for_core)
