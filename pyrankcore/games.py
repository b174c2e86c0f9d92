"""A game resolved once: a ranking name, Ranking or Variant -> its tables.

Every public function calls :func:`resolve` once, at its entry, and passes
the :class:`ResolvedGame` (or its tables) down; nothing below resolves the
same game again.

>>> from pyrankcore.games import resolve
>>> g = resolve("Omaha Hi-Lo 8", omaha=True)
>>> g.name, g.high.name, g.low.name
('Omaha Hi-Lo 8', 'high', 'ace_five_8')
>>> resolve("razz").tables.name
'ace_five'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pyrankcore import _catalogue, _core

if TYPE_CHECKING:
    from pyrankcore._catalogue import VariantRecord
    from pyrankcore._core import GameTables
    from pyrankcore._typing import AnyGame

__all__ = ["ResolvedGame", "ranking_tables", "resolve"]


@dataclass(frozen=True)
class ResolvedGame:
    """A game as the kernels see it.

    name: the variant's name, or the ranking's.
    variant: the variant (a catalogue record or the user's Variant), or
        None for a ranking.
    high, low: the tables of each half of a variant (None where it has no
        such half); a ranking is held as ``high``.
    omaha: what the caller ranks: True Omaha hands, False hands of 5 to 10
        cards, None either (as the variant deals them).
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
        if self.variant is not None:
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


def resolve(
    game: AnyGame | VariantRecord | GameTables,
    *,
    omaha: bool | None = False,
    suited: bool = False,
    purpose: str | None = None,
) -> ResolvedGame:
    """Resolve *game* (a ranking name, a Ranking, a variant or its name, or
    GameTables) once.

    *omaha*: the caller ranks Omaha hands (True), other hands (False), or
    either, as a variant deals them (None); :attr:`ResolvedGame.tables`
    checks it. *suited*: the caller takes suited strengths; a ranking with
    a suit tie-break is refused otherwise, naming *purpose*.

    Raises UnknownGameError for an unknown name, TypeError for another
    type, InvalidArgumentError for a suit tie-break the caller does not take.
    """
    record = _catalogue.record_of(game)
    if record is None:
        tables = _core.resolve_game(game, suited=suited, purpose=purpose)
        return ResolvedGame(tables.name, None, tables, None, omaha)
    high, low = (
        None if half is None else _core.resolve_game(half, suited=suited, purpose=purpose)
        for half in (record.high, record.low)
    )
    return ResolvedGame(record.name, record, high, low, omaha)


def ranking_tables(
    game: AnyGame | VariantRecord | GameTables,
    *,
    omaha: bool | None = False,
    suited: bool = False,
    purpose: str | None = None,
) -> GameTables:
    """The tables of *game*'s one ranking: GameTables as they are (a game
    resolved already and passed down: no second resolution), else
    ``resolve(game, ...).tables``."""
    if isinstance(game, _core.GameTables):
        return _core.resolve_game(game, suited=suited, purpose=purpose)
    return resolve(game, omaha=omaha, suited=suited, purpose=purpose).tables
