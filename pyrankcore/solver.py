"""Building blocks for solvers: the values of a hand at a showdown and at a
fold, for every hand a player may hold at once, with card removal.

A counterfactual-regret solver (CFR, CFR+) asks, at each terminal node and
for each of a player's hands, how much of the opponent's reach that hand
beats, ties and loses to at a showdown, and how much of it could be there
at all at a fold (the opponent cannot hold a card the hand holds). Done
pair by pair that is n * m work per node; here a board is ranked and sorted
once (:class:`~pyrankcore.boards.SortedBoard`) and each node costs one
sweep: running sums of the opponent's reach in all, per card and, for
Omaha's four-card hands, per pair and triple of cards, so that a hand's
compatible reach is the total less the reach holding any of its cards,
counted by inclusion and exclusion.

For many calls on one board, build the :class:`SortedBoard` once and call
its methods (every hand list is then the board's ``combos``); from Cython,
``from pyrankcore cimport showdown_values`` takes the same arrays without
the GIL (see ``pyrankcore/_core.pxd``). The functions here take two hand
lists of any size and do the bookkeeping.

>>> import numpy as np
>>> from pyrankcore.solver import showdown_values
>>> v = showdown_values("Ks 7d 2c 9h 4s", ["As Kd", "7c 7h"], ["Ac Kc", "9s 9d", "Qh Jh"],
...                     np.array([1.0, 1.0, 1.0]))
>>> v.tolist()   # AK ties AK, loses to 99, beats QJ; 77 loses to 99 only
[0.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from pyrankcore.boards import SortedBoard, board_game, board_rows, combo_array
from pyrankcore.errors import InvalidArgumentError

__all__ = ["SortedBoard", "fold_values", "showdown_values"]


def _union(
    board: Any, hands: Any, opponent_hands: Any, game: Any, half: str | None
) -> tuple[SortedBoard, np.ndarray, np.ndarray]:
    """The sorted board of both lists' combos, and where each list's combos
    are in it."""
    tables, omaha, hole = board_game(game, half)
    board_ids, single = board_rows(board)
    if not single:
        raise InvalidArgumentError("board: one board (these values are per board)")
    mine = combo_array(hands, tables, hole)
    theirs = mine if opponent_hands is None else combo_array(opponent_hands, tables, hole)
    if mine.shape[1] != theirs.shape[1]:
        raise InvalidArgumentError("hands and opponent_hands must hold the same number of cards")
    for name, rows in (("hands", mine), ("opponent_hands", theirs)):
        if len({tuple(sorted(r)) for r in rows.tolist()}) != len(rows):
            raise InvalidArgumentError(f"{name}: a hand is listed twice")
    keys: dict[tuple[int, ...], int] = {}
    union: list[tuple[int, ...]] = []
    where = []
    for rows in (mine, theirs):
        at = np.empty(len(rows), dtype=np.int64)
        for i, r in enumerate(rows.tolist()):
            key = tuple(sorted(r))
            j = keys.get(key)
            if j is None:
                j = keys[key] = len(union)
                union.append(key)
            at[i] = j
        where.append(at)
    combos = np.array(union, dtype=np.uint8).reshape(len(union), mine.shape[1])
    return SortedBoard.from_resolved(tables, omaha, board_ids, combos, False), where[0], where[1]


def _spread(reach: Any, at: np.ndarray, size: int) -> tuple[np.ndarray, bool, Any]:
    """The opponent's reach over their hands, placed at their rows of the
    union: (R, size) float64, whether one vector was given, the dtype out."""
    arr = np.asarray(reach)
    if arr.dtype.kind not in "fiu":
        raise TypeError(f"opponent_reach must be a float array, not {arr.dtype}")
    one = arr.ndim == 1
    rows = arr.reshape(1, -1) if one else arr
    if rows.ndim != 2 or rows.shape[1] != len(at):
        raise InvalidArgumentError(
            f"opponent_reach must have shape ({len(at)},) or (R, {len(at)}) "
            f"(one entry per opponent hand), got {arr.shape}"
        )
    full = np.zeros((rows.shape[0], size), dtype=np.float64)
    full[:, at] = rows
    dtype = np.float32 if arr.dtype == np.float32 else np.float64
    return full, one, dtype


def _values(
    board: Any,
    hands: Any,
    opponent_hands: Any,
    opponent_reach: Any,
    game: Any,
    half: str | None,
    values: Callable[[SortedBoard, np.ndarray], np.ndarray],
) -> np.ndarray:
    """*values* (the sorted board of both lists, the opponent's reach over
    it) at the rows of *hands*, one vector or R as given."""
    sb, mine, theirs = _union(board, hands, opponent_hands, game, half)
    full, one, dtype = _spread(opponent_reach, theirs, len(sb))
    out = values(sb, full)[:, mine].astype(dtype, copy=False)
    return out[0] if one else out


def showdown_values(
    board: Any,
    hands: Any,
    opponent_hands: Any,
    opponent_reach: Any,
    *,
    game: Any = "Hold'em",
    win: float = 1.0,
    tie: float = 0.0,
    lose: float = -1.0,
    half: str | None = None,
    threads: int | None = None,
) -> np.ndarray:
    """For each of *hands*, its showdown value against the opponent's reach.

    Value of hand i: ``win * W + tie * T + lose * L``, where W, T and L
    are the opponent's reach over the *opponent_hands* that share no card
    with hand i (nor the board) and that i beats, ties and loses to. For a
    pot P of which the hand put in P/2: win=P/2, tie=0, lose=-P/2; with a
    rake r taken from the pot: win=P/2 - r, tie=-r/2.

    Parameters
    ----------
    board
        The final board ("Ks 7d 2c 9h 4s").
    hands, opponent_hands
        The two players' hand lists: None (every combo, in
        :func:`pyrankcore.boards.hole_combos` order; for opponent_hands,
        the same list as *hands*), an (n, k) array of card ids, a range
        text or a list of hands. Hold'em hands have 2 cards, Omaha's 4.
    opponent_reach
        (m,) or (R, m): the opponent's reach (probability of holding each
        hand and getting here), finite and >= 0, one vector or R at once.
        float32 in gives float32 out.
    game, half
        As :func:`pyrankcore.boards.board_strengths`.
    win, tie, lose
        The payoff of each outcome per unit of reach.
    threads
        Spread the R vectors over threads.

    Returns
    -------
    numpy.ndarray
        (n,) or (R, n): one value per hand (0 for a hand that shares a card
        with the board).
    """

    def values(sb: SortedBoard, full: np.ndarray) -> np.ndarray:
        return sb.showdown_values(full, win=win, tie=tie, lose=lose, threads=threads)

    return _values(board, hands, opponent_hands, opponent_reach, game, half, values)


def fold_values(
    board: Any,
    hands: Any,
    opponent_hands: Any,
    opponent_reach: Any,
    *,
    game: Any = "Hold'em",
    amount: float = 1.0,
    half: str | None = None,
    threads: int | None = None,
) -> np.ndarray:
    """For each of *hands*, *amount* times the opponent's reach over the
    *opponent_hands* that share no card with it (nor with the board): its
    value when one player folds. The board may be any street's (3 to 5
    cards); arguments and shapes as :func:`showdown_values`.

    >>> fold_values("Ks 7d 2c", ["As Kd"], ["Ac Kc", "As Qh", "Qh Jh"], [1.0, 1.0, 1.0]).tolist()
    [2.0]
    """

    def values(sb: SortedBoard, full: np.ndarray) -> np.ndarray:
        return sb.fold_values(full, amount=amount, threads=threads)

    return _values(board, hands, opponent_hands, opponent_reach, game, half, values)
