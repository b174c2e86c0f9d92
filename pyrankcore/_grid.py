"""The 13 x 13 grid of hold'em starting hands (:data:`GRID_NAMES`) and
:class:`Range`, the list :func:`pyrankcore.parse_range` returns, which
shows a hold'em range on that grid. Public through
:mod:`pyrankcore.ranges`."""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeAlias

from pyrankcore import _display
from pyrankcore._core import format_cards
from pyrankcore._rankings import RANK_CHARS, show_value
from pyrankcore.errors import InvalidArgumentError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "GRID_NAMES",
    "GRID_RANKS",
    "Combo",
    "Range",
    "WeightedCombo",
    "grid_index",
    "grid_position",
]

# A set of hole cards: card ids, highest first.
Combo: TypeAlias = tuple[int, ...]
# One entry of a parsed range: (combo, weight in (0, 1]).
WeightedCombo: TypeAlias = tuple[Combo, float]

GRID_RANKS = "AKQJT98765432"  # the grid's rows and columns, top to bottom
SHOWN_ENTRIES = 20  # entries an Omaha range shows in the REPL or a notebook


def _grid_names() -> tuple[str, ...]:
    names = []
    for row in range(12, -1, -1):
        for col in range(12, -1, -1):
            if row == col:
                names.append(RANK_CHARS[row] * 2)
            elif col < row:  # right of the diagonal: suited
                names.append(RANK_CHARS[row] + RANK_CHARS[col] + "s")
            else:  # left of it: offsuit, higher rank (the column's) first
                names.append(RANK_CHARS[col] + RANK_CHARS[row] + "o")
    return tuple(names)


# The 169 starting-hand names in the usual 13x13 grid, row by row from the
# top left: AA, AKs, ..., A2s, AKo, KK, KQs, ..., 22. Pairs lie on the
# diagonal, suited hands above it, offsuit hands below.
GRID_NAMES: tuple[str, ...] = _grid_names()
_GRID_INDEX = {name: i for i, name in enumerate(GRID_NAMES)}


def grid_position(combo: Combo) -> int:
    """The index in GRID_NAMES of a two-card combo (highest card first)."""
    high, low = 12 - (combo[0] >> 2), 12 - (combo[1] >> 2)  # grid rows: ace first
    if high == low or combo[0] & 3 != combo[1] & 3:
        return 13 * low + high  # pairs on the diagonal, offsuit below it
    return 13 * high + low  # suited above it


def _check_entry(entry: Any) -> None:
    """Refuse an entry that is not (combo, weight) with a weight in (0, 1],
    as range text allows: a NaN, infinite or negative weight would make
    every equity and grid computed from the range meaningless."""
    if not isinstance(entry, tuple) or len(entry) != 2:
        raise TypeError(f"a range entry is a (combo, weight) tuple, not {show_value(entry)}")
    weight = entry[1]
    if isinstance(weight, bool) or not isinstance(weight, numbers.Real):
        raise TypeError(f"a range weight is a number, not {type(weight).__name__}")
    if not 0.0 < float(weight) <= 1.0:  # NaN fails too
        raise InvalidArgumentError(
            f"the weight {show_value(weight)} of {show_value(entry[0])} is outside (0, 1]"
        )


class Range(list[WeightedCombo]):
    """A parsed range: the list of (combo, weight) :func:`parse_range`
    returns, highest combo first, with the *text* it was parsed from and
    its *hole_cards*.

    It is a list in every way (indexing, ``len``, ``==``, ``sorted``; a
    slice or a sum is a plain list). For a hold'em range, :meth:`grid`
    gives the weight of each of the 169 hand classes; the repr prints that
    13 x 13 grid (``1``: every combo of the class, ``.``: none, ``.50``:
    half the weight) and ``_repr_html_`` shades it in a notebook. An Omaha
    range shows its first entries instead. ``as_dict()`` gives plain JSON
    types and ``to_frame()`` a pandas DataFrame. Each weight is a number in
    (0, 1], as in range text (a TypeError or InvalidArgumentError
    otherwise). :func:`pyrankcore.equity` takes a Range for a seat as it
    takes the range's text.

    >>> r = parse_range("AKs, QQ+, AhKd:0.5")
    >>> len(r), r.text, r.weight
    (23, 'AKs, QQ+, AhKd:0.5', 22.5)
    >>> r.class_weights()
    {'AA': 1.0, 'AKs': 1.0, 'AKo': 0.041666666666666664, 'KK': 1.0, 'QQ': 1.0}
    """

    def __init__(
        self, entries: Iterable[WeightedCombo] = (), *, text: str = "", hole_cards: int = 2
    ) -> None:
        super().__init__(entries)
        # one quick pass for what parse_range makes; the slow one names the fault
        if not all(
            type(e) is tuple and len(e) == 2 and type(e[1]) is float and 0.0 < e[1] <= 1.0
            for e in self
        ):
            for entry in self:
                _check_entry(entry)
        self.text = text
        self.hole_cards = hole_cards

    @property
    def weight(self) -> float:
        """The sum of the weights: the number of combos, each counted by
        its weight."""
        return float(sum(w for _, w in self))

    def _check_holdem(self, what: str) -> None:
        if self.hole_cards != 2:
            raise InvalidArgumentError(
                f"{what} is for hold'em ranges (hole_cards=2); this range has "
                f"hole_cards={self.hole_cards}"
            )

    def class_weights(self) -> dict[str, float]:
        """{grid name: weight} of the hand classes in the range, in
        :data:`GRID_NAMES` order: the class's combos' weights summed and
        divided by its number of combos (6, 4 or 12), so 1.0 is the whole
        class. Hold'em ranges only (InvalidArgumentError otherwise)."""
        self._check_holdem("class_weights()")
        sums = [0.0] * len(GRID_NAMES)
        for combo, w in self:
            sums[grid_position(combo)] += w
        sizes = {0: 6, 1: 4, 2: 12}  # pair, suited, offsuit
        kinds = [0 if len(n) == 2 else 1 if n[2] == "s" else 2 for n in GRID_NAMES]
        return {n: sums[i] / sizes[kinds[i]] for i, n in enumerate(GRID_NAMES) if sums[i]}

    def grid(self) -> npt.NDArray[np.float64]:
        """The 13 x 13 grid of :meth:`class_weights` as a float64 array:
        rows and columns A, K, ..., 2; pairs on the diagonal, suited hands
        above it, offsuit below (``grid().ravel()[i]`` belongs to
        ``GRID_NAMES[i]``); 0 where the range has none of a class."""
        import numpy as np

        weights = self.class_weights()
        cells = [weights.get(name, 0.0) for name in GRID_NAMES]
        return np.array(cells, dtype=np.float64).reshape(13, 13)

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON types: text, hole_cards, ``entries`` (a list of
        {"cards": "As Ks", "weight": 1.0}) and, for hold'em, ``classes``
        (:meth:`class_weights`; None for Omaha)."""
        return {
            "text": self.text,
            "hole_cards": self.hole_cards,
            "entries": [{"cards": format_cards(list(c)), "weight": w} for c, w in self],
            "classes": self.class_weights() if self.hole_cards == 2 else None,
        }

    def to_frame(self, grid: bool = False) -> Any:
        """A pandas DataFrame with one row per entry: columns cards (text),
        weight and, for hold'em, hand (its grid name). ``grid=True``: the
        13 x 13 :meth:`grid` with the ranks as index and columns (hold'em
        only). Needs pandas (``pip install pandas``)."""
        pd = _display.require_pandas("Range.to_frame()")
        if grid:
            self._check_holdem("to_frame(grid=True)")
            ranks = list(GRID_RANKS)
            return pd.DataFrame(self.grid(), index=ranks, columns=ranks)
        records = self.as_dict()["entries"]
        if self.hole_cards == 2:
            for record, (combo, _) in zip(records, self):
                record["hand"] = GRID_NAMES[grid_position(combo)]
        columns = ["cards", "weight"] + (["hand"] if self.hole_cards == 2 else [])
        return pd.DataFrame.from_records(records, columns=columns)

    def _title(self) -> str:
        n = len(self)
        return (
            f"Range({self.text!r}, hole_cards={self.hole_cards}): {n:,} "
            f"combo{'s' if n != 1 else ''}, weight {_display.number(self.weight)}"
        )

    def _first_entries(self) -> list[list[str]]:
        return [[format_cards(list(c)), f"{w:g}"] for c, w in self[:SHOWN_ENTRIES]]

    def _more(self) -> str | None:
        more = len(self) - SHOWN_ENTRIES
        return f"... and {more:,} more" if more > 0 else None

    def __repr__(self) -> str:
        if self.hole_cards != 2:
            lines = [
                self._title(),
                _display.text_table(("cards", "weight"), self._first_entries(), "<>"),
            ]
            more = self._more()
            return "\n".join(lines + ([more] if more else []))
        weights = self.class_weights()
        rows = [
            [rank]
            + [_display.weight_text(weights.get(GRID_NAMES[13 * r + c], 0.0)) for c in range(13)]
            for r, rank in enumerate(GRID_RANKS)
        ]
        table = _display.text_table([""] + list(GRID_RANKS), rows, "<" + ">" * 13)
        return f"{self._title()}\n{table}"

    def _repr_html_(self) -> str:
        if self.hole_cards != 2:
            return _display.html_table(
                ["cards", "weight"],
                self._first_entries(),
                caption=self._title(),
                footer=self._more(),
            )
        weights = self.class_weights()
        rows = []
        for r in range(13):
            row = []
            for c in range(13):
                name = GRID_NAMES[13 * r + c]
                w = weights.get(name, 0.0)
                text = name if w in (0.0, 1.0) else f"{name} {_display.weight_text(w)}"
                row.append(_display.Cell(text, weight=w, title=f"{name}: weight {w:g}"))
            rows.append(row)
        return _display.html_table(None, rows, caption=self._title())


# Users import Range from pyrankcore.ranges: help(), pickles and the
# module's doctests name it there.
Range.__module__ = "pyrankcore.ranges"


def grid_index(name: str) -> int:
    """The position of a grid name (``"AKs"``) in :data:`GRID_NAMES`: its
    row and column in the preflop matrix, ``13 * row + column`` in the
    13 x 13 grid.

    >>> grid_index("AA"), grid_index("AKo"), grid_index("22")
    (0, 13, 168)
    """
    if not isinstance(name, str):
        raise TypeError(f"a grid name is a str, not {type(name).__name__}")
    if name not in _GRID_INDEX:
        raise InvalidArgumentError(
            f"unknown grid name {show_value(name)}; grid names are like AA, AKs, AKo "
            "(pyrankcore.GRID_NAMES lists them)"
        )
    return _GRID_INDEX[name]
