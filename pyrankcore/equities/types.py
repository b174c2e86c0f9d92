"""The results of :func:`pyrankcore.equity`: :class:`EquityResult` (one per
call, with the integer tallies behind it) and :class:`PlayerEquity` (one
per seat), and the text table the CLI prints.

Both show percentages in the REPL (``repr``) and a table in a notebook
(``_repr_html_``); ``as_dict()`` gives plain JSON types and
``EquityResult.to_frame()`` a pandas DataFrame, one row per seat."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from typing import Any

from pyrankcore import _core, _display
from pyrankcore.errors import InvalidArgumentError

__all__ = ["EquityResult", "PlayerEquity", "format_table"]

UNIT: int = _core.EQ_UNIT  # pot units: every share of a pot is a whole number
# Tally columns of the kernels (src/prc_equity_settle.h).
(
    WINS,
    TIES,
    UNITS,
    HI_UNITS,
    LO_UNITS,
    HI_WINS,
    HI_TIES,
    LO_WINS,
    LO_TIES,
    SQ_LO,
    SQ_HI,
) = range(_core.EQ_NSTAT)
# The counts a result keeps: the squares' two words become one Python int.
N_COUNTS = SQ_LO + 1
# PlayerEquity's fields that only hi-lo games fill (None otherwise).
HILO_FIELDS = ("high", "low", "scoops", "high_wins", "high_ties", "low_wins", "low_ties")


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result.

    equity: share of the pots won (ties split); win: share of deals where
    the player takes the whole pot alone (hi-lo: scoops); tie: share of
    deals where the player takes part of the pot but not all of it. wins,
    ties, total: the integer counts behind win and tie (deals). std_error:
    the Monte Carlo standard error of equity (None when exact). Hi-lo
    games only (None otherwise): high and low, the shares of the pots won
    with the high and the low hand (they add up to equity); scoops (=
    wins); high_wins/high_ties and low_wins/low_ties, deals with the best
    high (qualifying low) alone or shared. The repr shows the shares as
    percentages (in hi-lo, win as "scoop" and tie as "split": a player
    who takes the low while another takes the high splits the pot);
    ``as_dict()`` gives every field as plain JSON types.
    """

    hand: str
    equity: float
    win: float
    tie: float
    wins: int
    ties: int
    total: int
    std_error: float | None
    exact: bool
    trials: int
    high: float | None = None
    low: float | None = None
    scoops: int | None = None
    high_wins: int | None = None
    high_ties: int | None = None
    low_wins: int | None = None
    low_ties: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """Every field as plain JSON types (the hi-lo ones None outside
        hi-lo games)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def _cells(self) -> list[tuple[str, str]]:
        """(label, value) pairs shown by the repr and the HTML row."""
        # In hi-lo a "tie" is any share of the pot short of a scoop (one
        # player's high beside another's low too), so two players can both
        # show 55% there: the columns say what they count.
        hilo = self.high is not None and self.low is not None
        cells = [
            ("equity", _display.percent(self.equity)),
            ("scoop" if hilo else "win", _display.percent(self.win)),
            ("split" if hilo else "tie", _display.percent(self.tie)),
        ]
        if self.std_error is not None:
            cells.append(("std err", _display.percent(self.std_error)))
        if self.high is not None and self.low is not None:
            cells += [("high", _display.percent(self.high)), ("low", _display.percent(self.low))]
        return cells

    def _how(self) -> str:
        return (
            f"exact, {self.trials:,} deals"
            if self.exact
            else f"Monte Carlo, {self.trials:,} trials"
        )

    def __repr__(self) -> str:
        shown = ", ".join(f"{label} {value}" for label, value in self._cells())
        return f"PlayerEquity({self.hand!r}: {shown}; {self._how()})"

    def _repr_html_(self) -> str:
        cells = self._cells()
        return _display.html_table(
            ["hand"] + [label for label, _ in cells],
            [[_display.Cell(self.hand, header=True)] + [value for _, value in cells]],
            caption=self._how(),
        )


@dataclass(frozen=True)
class EquityResult:
    """The result of :func:`equity`: ``players`` (one :class:`PlayerEquity`
    per seat), ``exact``, ``trials`` (deals enumerated or sampled), and the
    integer tallies behind them. Results of runs with the same inputs add
    up: ``a + b`` (the counts are integers; split jobs merge exactly).

    The repr shows each seat's equity, win and tie as percentages (the
    standard error and the high and low shares where they apply) with the
    number of deals or trials; ``_repr_html_`` is the same table for a
    notebook. ``as_dict()``: plain JSON types; ``to_frame()``: a pandas
    DataFrame, one row per seat."""

    variant: str
    hands: tuple[str, ...]
    board: str
    dead: str
    exact: bool
    hilo: bool
    trials: int
    counts: tuple[tuple[int, ...], ...]
    weighted: tuple[tuple[float, ...], ...] | None = None
    weight_total: float | None = None
    _players: tuple[PlayerEquity, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def players(self) -> tuple[PlayerEquity, ...]:
        if self._players is None:
            object.__setattr__(self, "_players", self._make_players())
        assert self._players is not None
        return self._players

    @property
    def equities(self) -> list[float]:
        """Each player's equity, in seat order."""
        return [p.equity for p in self.players]

    def __len__(self) -> int:
        return len(self.hands)

    def __getitem__(self, seat: int) -> PlayerEquity:
        return self.players[seat]

    def _make_players(self) -> tuple[PlayerEquity, ...]:
        out = []
        n = self.trials
        for seat, c in enumerate(self.counts):
            if self.weighted is not None and self.weight_total:
                w, total_w = self.weighted[seat], self.weight_total
                share = [x / total_w for x in w]
                eq = share[UNITS] / UNIT
            else:
                share = [x / n if n else 0.0 for x in c]
                eq = c[UNITS] / (UNIT * n) if n else 0.0
            se = None
            if not self.exact and n > 1:
                mean_sq = c[SQ_LO] / (UNIT * UNIT * n)
                var = max(mean_sq - eq * eq, 0.0)
                se = math.sqrt(var / n)
            extra: dict[str, Any] = {}
            if self.hilo:
                extra = {
                    "high": share[HI_UNITS] / UNIT,
                    "low": share[LO_UNITS] / UNIT,
                    "scoops": c[WINS],
                    "high_wins": c[HI_WINS],
                    "high_ties": c[HI_TIES],
                    "low_wins": c[LO_WINS],
                    "low_ties": c[LO_TIES],
                }
            out.append(
                PlayerEquity(
                    hand=self.hands[seat],
                    equity=eq,
                    win=share[WINS],
                    tie=share[TIES],
                    wins=c[WINS],
                    ties=c[TIES],
                    total=n,
                    std_error=se,
                    exact=self.exact,
                    trials=n,
                    **extra,
                )
            )
        return tuple(out)

    def __add__(self, other: object) -> EquityResult:
        if not isinstance(other, EquityResult):
            return NotImplemented
        mine = (self.variant, self.hands, self.board, self.dead, self.exact, self.hilo)
        theirs = (other.variant, other.hands, other.board, other.dead, other.exact, other.hilo)
        if mine != theirs or (self.weighted is None) != (other.weighted is None):
            raise InvalidArgumentError(
                f"only results of the same inputs add up: {mine} and {theirs}"
            )
        counts = tuple(
            tuple(a + b for a, b in zip(x, y)) for x, y in zip(self.counts, other.counts)
        )
        weighted = None
        weight_total = None
        if self.weighted is not None and other.weighted is not None:
            weighted = tuple(
                tuple(a + b for a, b in zip(x, y)) for x, y in zip(self.weighted, other.weighted)
            )
            weight_total = (self.weight_total or 0.0) + (other.weight_total or 0.0)
        return EquityResult(
            self.variant,
            self.hands,
            self.board,
            self.dead,
            self.exact,
            self.hilo,
            self.trials + other.trials,
            counts,
            weighted,
            weight_total,
        )

    def __str__(self) -> str:
        return format_table(self)

    def _title(self) -> str:
        how = (
            f"exact, {self.trials:,} deals"
            if self.exact
            else f"Monte Carlo, {self.trials:,} trials"
        )
        board = f", board {self.board}" if self.board else ""
        dead = f", dead {self.dead}" if self.dead else ""
        return f"{self.variant}{board}{dead} ({how})"

    def _table(self) -> tuple[list[str], list[list[str]]]:
        players = self.players
        header = ["hand"] + [label for label, _ in players[0]._cells()] if players else ["hand"]
        rows = [[p.hand] + [value for _, value in p._cells()] for p in players]
        return header, rows

    def __repr__(self) -> str:
        header, rows = self._table()
        table = _display.text_table(header, rows, "<" + ">" * (len(header) - 1))
        return f"EquityResult: {self._title()}\n{table}"

    def _repr_html_(self) -> str:
        header, rows = self._table()
        cells = [[_display.Cell(row[0], header=True)] + row[1:] for row in rows]
        return _display.html_table(header, cells, caption=self._title())

    def as_dict(self) -> dict[str, Any]:
        """The inputs, the shares of each seat (``players``: each
        :meth:`PlayerEquity.as_dict`) and the integer tallies behind them,
        as plain JSON types."""
        return {
            "variant": self.variant,
            "hands": list(self.hands),
            "board": self.board,
            "dead": self.dead,
            "exact": self.exact,
            "hilo": self.hilo,
            "trials": self.trials,
            "players": [p.as_dict() for p in self.players],
            "counts": [[int(x) for x in c] for c in self.counts],
            "weighted": None
            if self.weighted is None
            else [[float(x) for x in w] for w in self.weighted],
            "weight_total": None if self.weight_total is None else float(self.weight_total),
        }

    def to_frame(self) -> Any:
        """A pandas DataFrame with one row per seat (index ``seat``) and a
        column per :class:`PlayerEquity` field; the hi-lo columns only for
        hi-lo games; ``std_error`` is float64, NaN for an exact result
        (no sampling error to give). Needs pandas (``pip install pandas``)."""
        pd = _display.require_pandas("EquityResult.to_frame()")
        columns = [f.name for f in fields(PlayerEquity) if self.hilo or f.name not in HILO_FIELDS]
        records = [p.as_dict() for p in self.players]
        frame = pd.DataFrame.from_records(records, columns=columns)
        # None in every row would make a column of Python objects
        frame["std_error"] = frame["std_error"].astype("float64")
        frame.index.name = "seat"
        return frame


def format_table(result: EquityResult) -> str:
    """The result as a text table (the CLI prints it)."""
    how = (
        f"exact, {result.trials:,} deals"
        if result.exact
        else f"Monte Carlo, {result.trials:,} trials"
    )
    board = f", board {result.board}" if result.board else ""
    lines = [f"{result.variant}{board} ({how})"]
    width = max([4] + [len(h) for h in result.hands])
    win, tie = ("scoop", "split") if result.hilo else ("win", "tie")  # see PlayerEquity._cells
    # (title, PlayerEquity field) of each column after the hand
    columns = [("equity", "equity"), (win, "win"), (tie, "tie")]
    if not result.exact:
        columns.append(("std err", "std_error"))
    if result.hilo:
        columns += [("high", "high"), ("low", "low")]
    lines.append(f"{'hand':<{width}}" + "".join(f"  {title:>8}" for title, _ in columns))
    for p in result.players:
        cells = "".join(f"  {getattr(p, name) or 0.0:>8.4%}" for _, name in columns)
        lines.append(f"{p.hand:<{width}}{cells}")
    return "\n".join(lines)
