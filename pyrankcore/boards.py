"""Every hand on a board at once: the strength of every hole-card combo on
a board, sorted, with its tie groups, for one board or many.

Solvers and range tools rank every combo a player may hold on the same
board, again and again. :func:`board_strengths` does it in one call (one
lookup per combo, without the GIL, over many boards on several threads);
:class:`SortedBoard` keeps one board's combos sorted by strength, which is
what :mod:`pyrankcore.solver`'s showdown and fold values and exact range
equity sweep over.

The combo order
---------------
Unless a call is given its own list, the combos are every combo of the
game's deck in one documented order, :func:`hole_combos`: the k-card
subsets of the deck's card ids (rank * 4 + suit) in lexicographic order of
their ascending ids. For hold'em that is 1,326 combos (630 in short deck),
from 2c 2d (ids 0, 1), 2c 2h, ... to Ah As (ids 50, 51); for Omaha's four
hole cards 270,725. A combo that shares a card with the board has strength
-1; every other strength is the ranking's (larger wins; 0 is "no
qualifying low" in a low game with a qualifier).

>>> import pyrankcore as prc
>>> from pyrankcore.boards import board_strengths, hole_combos
>>> combos = hole_combos()
>>> s = board_strengths("Ah Kh Qh 7c 2d", combos=combos)
>>> len(s), int((s < 0).sum())
(1326, 245)
>>> best = combos[s.argmax()]
>>> prc.format_cards(best)
'Th Jh'
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from pyrankcore import _core
from pyrankcore._args import thread_count
from pyrankcore._work import run_tasks
from pyrankcore.errors import HandSizeError, InvalidArgumentError
from pyrankcore.games import resolve
from pyrankcore.ranges import parse_range

if TYPE_CHECKING:
    from pyrankcore._core import GameTables

__all__ = [
    "SortedBoard",
    "all_combos",
    "board_game",
    "board_rows",
    "board_strengths",
    "combo_array",
    "combo_index",
    "hole_combos",
]

# Boards ranked per task when many boards are spread over threads (and
# between which a run stops on Ctrl-C).
BOARDS_PER_TASK = 64
# Reach entries swept per task: a few milliseconds of hold'em vectors.
VALUES_PER_TASK = 1 << 19
_INF = float("inf")


_ALL_COMBOS: dict[int, Any] = {}


def all_combos(k: int) -> Any:
    """Every k-card combo of the 52-card deck, (C(52, k), k) uint8, in
    lexicographic order of its sorted ids; row i is the combo whose
    :func:`combo_index` is i (built once per k, then shared)."""
    table = _ALL_COMBOS.get(k)
    if table is None:
        table = np.array(list(itertools.combinations(range(52), k)), dtype=np.uint8)
        table.setflags(write=False)
        _ALL_COMBOS[k] = table
    return table


def combo_index(cards: Any) -> Any:
    """The row of each combo (an (n, k) array of distinct ids, any order)
    in :func:`all_combos`: its lexicographic rank among the k-subsets of
    the deck. Position j of a sorted combo skips, for each smaller card v
    it could have held there, the C(51 - v, k - 1 - j) combos that hold v."""
    c = np.sort(np.asarray(cards, dtype=np.int64), axis=1)
    k = c.shape[1]
    index = np.zeros(len(c), dtype=np.int64)
    prev = np.zeros(len(c), dtype=np.int64)  # the first card position j may take
    for j in range(k):
        skipped = np.concatenate(
            ([0], np.cumsum([math.comb(51 - v, k - 1 - j) for v in range(52)]))
        )
        index += skipped[c[:, j]] - skipped[prev]
        prev = c[:, j] + 1
    return index


# Names resolved before (a name always means the same tables): a solver
# calls these functions with the same game name again and again.
_BY_NAME: dict[tuple[str, str | None], tuple[GameTables, bool, int]] = {}


def board_game(game: Any, half: str | None = None) -> tuple[GameTables, bool, int]:
    """*game* resolved once for the functions of this module and
    :mod:`pyrankcore.solver`: the ranking's tables (*half* of a split-pot
    variant), whether hands play Omaha's two-plus-three, and the hole cards
    the game deals (the most it deals)."""
    if isinstance(game, str):
        known = _BY_NAME.get((game, half))
        if known is not None:
            return known
        resolved = _board_game(game, half)
        if len(_BY_NAME) < 256:
            _BY_NAME[(game, half)] = resolved
        return resolved
    return _board_game(game, half)


def _board_game(game: Any, half: str | None) -> tuple[GameTables, bool, int]:
    g = resolve(game, omaha=None).plain("board strengths")
    omaha = g.is_omaha
    hole = 2
    if g.variant is not None:
        hole = max(g.variant.hole_cards)
        if max(g.variant.board_cards, default=0) == 0:
            raise InvalidArgumentError(
                f"{g.name} deals no board: board strengths take a board game"
            )
    if half not in (None, "high", "low"):
        raise InvalidArgumentError(f"half must be 'high', 'low' or None, not {half!r}")
    if g.high is not None and g.low is not None and half is None:
        raise InvalidArgumentError(
            f"{g.name} splits the pot: name the half to rank, half='high' or half='low'"
        )
    tables: GameTables | None = g.low if half == "low" or g.high is None else g.high
    if tables is None:  # a variant without the half asked for
        tables = g.high if g.high is not None else g.low
    assert tables is not None  # a game has a high or a low ranking
    return tables, omaha, hole


def hole_combos(game: Any = "Hold'em", hole_cards: int | None = None) -> np.ndarray:
    """Every combo of *hole_cards* cards (default: as many as the game
    deals; hold'em 2, Omaha 4) of the game's deck, in the documented order
    (see the module): an (n, k) uint8 array of card ids.

    >>> hole_combos().shape, hole_combos("Omaha").shape
    ((1326, 2), (270725, 4))
    >>> hole_combos("Short-deck Hold'em").shape
    (630, 2)
    """
    tables, _omaha, hole = board_game(game, "high")
    k = hole if hole_cards is None else hole_cards
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 6:
        raise InvalidArgumentError(f"hole_cards must be 1 to 6, got {hole_cards!r}")
    return _deck_combos(tables, k).copy()


def _deck_combos(tables: GameTables, k: int) -> np.ndarray:
    """Every k-card combo of the ranking's deck (read-only: shared)."""
    if tables.deck_mask == (1 << 52) - 1 and k in (2, 4):
        table: np.ndarray = all_combos(k)
        return table
    ids = [c for c in range(52) if tables.deck_mask >> c & 1]
    rows = np.array(list(itertools.combinations(ids, k)), dtype=np.uint8).reshape(-1, k)
    rows.setflags(write=False)
    return rows


def board_rows(board: Any) -> tuple[np.ndarray, bool]:
    """Boards as a (B, nb) uint8 array, and whether one board was given."""
    if isinstance(board, np.ndarray) and board.ndim == 2:
        if board.dtype.kind not in "iu":
            raise TypeError(f"boards must be an integer array of card ids, not {board.dtype}")
        if board.size and (board.min() < 0 or board.max() > 51):
            raise InvalidArgumentError("boards: card ids must be 0..51")
        return np.ascontiguousarray(board, dtype=np.uint8), False
    try:
        ids = _core.parse_cards(board)
    except ValueError as bad:
        raise type(bad)(f"board: {bad}") from None
    return np.array([ids], dtype=np.uint8).reshape(1, len(ids)), True


def _masks_of(rows: np.ndarray) -> np.ndarray:
    """Each row's card-id bit mask (uint64); ids must be 0..51."""
    bits = np.left_shift(np.uint64(1), rows.astype(np.uint64))
    masks: np.ndarray = (
        np.bitwise_or.reduce(bits, axis=1) if rows.size else np.zeros(len(rows), np.uint64)
    )
    return masks


def combo_array(combos: Any, tables: GameTables, k: int) -> np.ndarray:
    """A combos argument as an (n, k) uint8 array: None (every combo of
    the ranking's deck, read-only), an array of ids, a range text
    ("AKs,QQ+"), or a sequence of hands ("AhKh" or lists of ids)."""
    if combos is None:
        return _deck_combos(tables, k)
    if isinstance(combos, str):
        return np.array([c for c, _w in parse_range(combos, hole_cards=k)], dtype=np.uint8).reshape(
            -1, k
        )
    if isinstance(combos, np.ndarray):
        if combos.ndim != 2 or combos.dtype.kind not in "iu":
            raise InvalidArgumentError("combos must be an (n, k) integer array of card ids")
        if combos.size and (combos.min() < 0 or combos.max() > 51):
            raise InvalidArgumentError("combos: card ids must be 0..51")
        return np.ascontiguousarray(combos, dtype=np.uint8)
    if isinstance(combos, Sequence):
        try:
            rows = [_core.parse_cards(c) for c in combos]
        except ValueError as bad:
            raise type(bad)(f"combos: {bad}") from None
        if rows and len({len(r) for r in rows}) != 1:
            raise HandSizeError("combos: every combo must hold the same number of cards")
        width = len(rows[0]) if rows else k
        return np.array(rows, dtype=np.uint8).reshape(len(rows), width)
    raise TypeError(
        f"combos must be None, an array, a range or a list of hands, not {type(combos).__name__}"
    )


def board_strengths(
    board: Any,
    game: Any = "Hold'em",
    *,
    combos: Any = None,
    half: str | None = None,
    threads: int | None = None,
) -> np.ndarray:
    """The strength of every combo on a board, or on each of many boards.

    Parameters
    ----------
    board
        One board ("Ah Kh Qh", 3 to 5 cards in hold'em and Omaha), or many
        as a (B, nb) integer array of card ids.
    game
        A variant ("Hold'em", "Short-deck Hold'em", "Omaha", "Big O", ...)
        or a ranking ("high", "ace_five_8", a :class:`~pyrankcore.Ranking`
        without wild cards). A ranking plays hold'em style: the best five
        of the hole cards and the board.
    combos
        None (every combo of the deck, :func:`hole_combos` order), an (n,
        k) array of card ids, a range ("AKs,QQ+") or a list of hands.
    half
        For a split-pot variant ("Omaha Hi-Lo 8"): "high" or "low".
    threads
        Threads for many boards (the GIL is released); None means one.

    Returns
    -------
    numpy.ndarray
        int32, shape (n,) for one board, (B, n) for many: each combo's
        strength, -1 where it shares a card with the board.

    Raises
    ------
    InvalidCardError, DuplicateCardError
        A card that is not in the deck, or one held twice (by a combo, a
        board, or a combo and the board is fine: that combo gets -1).
    HandSizeError
        Hand sizes the game does not rank (a 4-card board in a ranking of
        five cards, 3 hole cards in Omaha, ...).
    InvalidArgumentError
        A ranking with wild cards or a suit tie-break, a split-pot variant
        without *half*, more than 270,725 combos.
    """
    tables, omaha, hole = board_game(game, half)
    rows, single = board_rows(board)
    combo_rows = combo_array(combos, tables, hole)
    out = np.empty((rows.shape[0], combo_rows.shape[0]), dtype=np.int32)
    n_boards = rows.shape[0]
    n_threads = thread_count(threads, n_boards, BOARDS_PER_TASK)
    # the deck's own combos need no check; a caller's are checked once
    own = combos is None
    if n_boards <= BOARDS_PER_TASK:
        _core.board_strengths_into(tables, omaha, rows, combo_rows, out, 0, n_boards, not own)
    else:
        bounds = list(range(0, n_boards, BOARDS_PER_TASK)) + [n_boards]
        _core.board_strengths_into(tables, omaha, rows, combo_rows, out, 0, 0, not own)
        # short tasks on worker threads, the calling thread waiting for
        # them: Ctrl-C stops the run after the tasks under way
        run_tasks(
            list(zip(bounds, bounds[1:])),
            lambda t: _core.board_strengths_into(
                tables, omaha, rows, combo_rows, out, t[0], t[1], False
            ),
            n_threads,
            stop=np.zeros(1, dtype=np.int32),
        )
    return out[0] if single else out


class SortedBoard:
    """One board's combos ranked and sorted, prepared once for the sweeps
    of :mod:`pyrankcore.solver` (and for anyone who wants the order).

    Attributes (NumPy arrays, read-only):

    combos
        (n, k) uint8 card ids (:func:`hole_combos` order unless given).
    strengths
        (n,) int32, -1 for combos that share a card with the board.
    order
        (m,) int32: the indices of the m other combos, weakest first
        (equal strengths in index order).
    groups
        (g + 1,) int32 offsets into *order*: tie group j is
        ``order[groups[j]:groups[j + 1]]``.
    subsets
        (n, 2) or (n, 14) uint16: each combo's cards (and for four-card
        combos its pairs and triples), which the card-removal sums are
        indexed by (see ``pyrankcore._core.pxd`` for Cython).

    >>> sb = SortedBoard("Ah Kh Qh 7c 2d")
    >>> len(sb.combos), len(sb.order), len(sb.groups) - 1
    (1326, 1081, 98)
    """

    def __init__(
        self, board: Any, game: Any = "Hold'em", *, combos: Any = None, half: str | None = None
    ) -> None:
        tables, omaha, hole = board_game(game, half)
        rows, single = board_rows(board)
        if not single:
            raise InvalidArgumentError("SortedBoard takes one board; board_strengths takes many")
        self._build(tables, omaha, rows, combo_array(combos, tables, hole), combos is None)

    @classmethod
    def from_resolved(
        cls, tables: GameTables, omaha: bool, board: np.ndarray, combos: np.ndarray, own: bool
    ) -> SortedBoard:
        """A SortedBoard from arguments read already (:func:`board_game`,
        :func:`board_rows` (one board, shape (1, nb)), :func:`combo_array`),
        for the modules that resolve the game once for several calls. own:
        *combos* are the deck's own (checked and distinct already)."""
        sb = cls.__new__(cls)
        sb._build(tables, omaha, board, combos, own)
        return sb

    def _build(
        self, tables: GameTables, omaha: bool, rows: np.ndarray, combo_rows: np.ndarray, own: bool
    ) -> None:
        k = combo_rows.shape[1]
        if k not in _core.SWEEP_HOLE_CARDS:
            raise HandSizeError(
                f"card removal is counted for combos of 2 or 4 cards, not {k}: "
                "board_strengths ranks combos of any size"
            )
        if not own and len(np.unique(_masks_of(combo_rows))) != len(combo_rows):
            raise InvalidArgumentError("combos: a combo is listed twice")
        strengths = np.empty((1, len(combo_rows)), dtype=np.int32)
        _core.board_strengths_into(tables, omaha, rows, combo_rows, strengths, 0, 1, not own)
        self.board = rows[0]
        self.combos = combo_rows
        self.strengths = strengths[0]
        self.order = _core.sort_strengths(self.strengths)
        ranked = self.strengths[self.order]
        starts = np.flatnonzero(np.diff(ranked)) + 1
        self.groups = np.concatenate(([0], starts, [len(ranked)])).astype(np.int32)
        if len(ranked) == 0:
            self.groups = np.zeros(1, dtype=np.int32)
        self.subsets = _core.combo_subsets(combo_rows)
        self._index: dict[tuple[int, ...], int] | None = None
        self._terminal: _core.TerminalBoard | None = None
        for a in (self.board, self.combos, self.strengths, self.order, self.groups, self.subsets):
            a.setflags(write=False)

    def __len__(self) -> int:
        return len(self.combos)

    def index(self, hand: Any) -> int:
        """The row of *hand* ("As Ad", or card ids, in any order) in
        :attr:`combos`; ValueError when it is not listed."""
        key = tuple(sorted(_core.parse_cards(hand)))
        if self._index is None:
            self._index = {tuple(sorted(r)): i for i, r in enumerate(self.combos.tolist())}
        try:
            return self._index[key]
        except KeyError:
            raise InvalidArgumentError(
                f"{_core.format_cards(hand)} is not one of the combos"
            ) from None

    def __repr__(self) -> str:
        return (
            f"SortedBoard({_core.format_cards(self.board)!r}: {len(self.combos):,} combos, "
            f"{len(self.order):,} miss the board, {len(self.groups) - 1:,} tie groups)"
        )

    def _reach(self, reach: Any) -> tuple[np.ndarray, bool]:
        """The reach as (R, n) C-contiguous float32 or float64 rows (other
        number types as float64), and whether one vector was given. Its
        values are checked by the kernel as it reads them."""
        arr = reach if type(reach) is np.ndarray else np.asarray(reach)
        if arr.dtype != np.float64 and arr.dtype != np.float32:
            if arr.dtype.kind not in "fiu":
                raise TypeError(f"reach must be a float array, not {arr.dtype}")
            arr = arr.astype(np.float64)
        one = arr.ndim == 1
        rows = arr.reshape(1, -1) if one else arr
        n = len(self.combos)
        if rows.ndim != 2 or rows.shape[1] != n:
            raise InvalidArgumentError(
                f"reach must have shape ({n},) or (R, {n}) (one entry per combo), got {arr.shape}"
            )
        if not rows.flags.c_contiguous:
            rows = np.ascontiguousarray(rows)
        return rows, one

    @property
    def terminal(self) -> _core.TerminalBoard:
        """The board's sorted data checked once for terminal values
        (``TerminalBoard.values_into`` checks only the reach), made on
        first use."""
        if self._terminal is None:
            self._terminal = _core.TerminalBoard(self.strengths, self.order, self.subsets)
        return self._terminal

    def _values(
        self, reach: Any, a: float, b: float, c: float, fold: bool, threads: int | None
    ) -> np.ndarray:
        for name, value in (("win", a), ("tie", b), ("lose", c)):
            if type(value) is not float and (
                not isinstance(value, (int, float)) or isinstance(value, bool)
            ):
                raise TypeError(f"{name} must be a number, not {type(value).__name__}")
            if value != value or value in (_INF, -_INF):
                raise InvalidArgumentError(f"{name} must be finite, got {value!r}")
        rows, one = self._reach(reach)
        out = np.empty(rows.shape, dtype=rows.dtype)
        terminal = self.terminal
        R = rows.shape[0]
        # vectors per task: a few milliseconds each, so that a long call
        # stops soon after Ctrl-C
        per_task = max(1, VALUES_PER_TASK // max(len(self.combos), 1))
        n_threads = 1 if threads is None else thread_count(threads, R, 4)
        if n_threads <= 1 and R <= per_task:
            terminal.values_into(rows, out, a, b, c, fold)
        else:
            bounds = list(range(0, R, per_task)) + [R]
            run_tasks(
                list(zip(bounds, bounds[1:])),
                lambda t: terminal.values_into(rows[t[0] : t[1]], out[t[0] : t[1]], a, b, c, fold),
                n_threads,
                stop=np.zeros(1, dtype=np.int32),
            )
        return out[0] if one else out

    def showdown_values(
        self,
        reach: Any,
        *,
        win: float = 1.0,
        tie: float = 0.0,
        lose: float = -1.0,
        threads: int | None = None,
    ) -> np.ndarray:
        """Every combo's showdown value against an opponent's reach: for
        combo i, ``win * W + tie * T + lose * L``, where W, T and L are the
        opponent's reach over the combos that share no card with i and that
        i beats, ties and loses to.

        *reach*: (n,) or (R, n), one entry per combo of :attr:`combos` (the
        opponent holding that combo), finite and >= 0; float32 in gives
        float32 out (the sums are float64 either way). Returns the same
        shape; combos that share a card with the board get 0. *threads*
        spreads R vectors over threads.

        Against every hand the opponent may hold (reach 1 each), As Ad
        makes the wheel on this board: of the 990 hands that leave its
        cards it beats 741, ties 79 (the other wheels) and loses to 170.

        >>> import numpy as np
        >>> sb = SortedBoard("2c 3d 4h 5s 9c")
        >>> v = sb.showdown_values(np.ones(len(sb)), win=1.0, tie=0.5, lose=0.0)
        >>> float(v[sb.index("As Ad")])
        780.5
        """
        return self._values(reach, win, tie, lose, False, threads)

    def fold_values(
        self, reach: Any, *, amount: float = 1.0, threads: int | None = None
    ) -> np.ndarray:
        """Every combo's value at a fold: ``amount`` times the opponent's
        reach over the combos that share no card with it (card removal);
        shapes and types as :meth:`showdown_values`."""
        return self._values(reach, amount, 0.0, 0.0, True, threads)
