"""Hand-strength features for every hand of a board at once, for card
abstraction (bucketing hands by strength in bots and solvers).

Against an opponent holding a random hand (or a weighted range) that shares
no card with the hand or the board:

- :func:`hand_strength` (HS): the share of the opponent's hands the hand
  beats now, ties counted half, on the board as it is;
- :func:`ehs` (expected hand strength): the same on the final board,
  averaged over every way to complete it (the hand's equity when both
  players' cards are all in);
- :func:`ehs2`: the average of the square of the river hand strength over
  the completions (high for hands with potential as well as made hands);
- :func:`equity_histogram`: the distribution of the river hand strength
  over the completions, in equal bins of [0, 1] (the input of earth
  mover's distance clustering).

Every function returns one value per combo of
:func:`pyrankcore.boards.hole_combos` order (or of *combos*), NaN where the
combo shares a card with the board. Each completed board is ranked once for
every combo and swept once (see :mod:`pyrankcore.boards`), so a flop's
1,081 runouts take milliseconds each, not a hand at a time.

>>> import numpy as np
>>> import pyrankcore as prc
>>> from pyrankcore.boards import hole_combos
>>> from pyrankcore.features import ehs, hand_strength
>>> combos = hole_combos()
>>> row = {prc.format_cards(c): i for i, c in enumerate(combos)}
>>> hs = hand_strength("Ah Kh Qh 7c 2d")
>>> float(hs[row["Th Jh"]]), round(float(hs[row["2c 2s"]]), 4)   # the royal; a set
(1.0, 0.9273)
>>> e = ehs("Ah Kh Qh")                          # all in on the flop: already the nuts
>>> float(e[row["Th Jh"]])
1.0
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

import numpy as np

from pyrankcore import _core
from pyrankcore.boards import SortedBoard, board_game, board_rows, combo_array
from pyrankcore.errors import HandSizeError, InvalidArgumentError
from pyrankcore.ranges import parse_range

__all__ = [
    "StrengthFeatures",
    "ehs",
    "ehs2",
    "equity_histogram",
    "hand_strength",
    "river_strengths",
    "strength_features",
]


def _opponent(opponent: Any, combos: np.ndarray) -> np.ndarray:
    """The opponent's mass per combo: 1 each (a random hand), or weights
    (an array over *combos*, or a range text)."""
    if opponent is None:
        return np.ones(len(combos))
    if isinstance(opponent, str):
        index = {tuple(sorted(r)): i for i, r in enumerate(combos.tolist())}
        mass = np.zeros(len(combos))
        for cards, w in parse_range(opponent, hole_cards=combos.shape[1]):
            i = index.get(tuple(sorted(cards)))
            if i is not None:
                mass[i] = w
        return mass
    mass = np.asarray(opponent, dtype=np.float64)
    if mass.shape != (len(combos),):
        raise InvalidArgumentError(
            f"opponent must be None, a range or {len(combos)} weights, got shape {mass.shape}"
        )
    if not bool(np.isfinite(mass).all()) or bool((mass < 0).any()):
        raise InvalidArgumentError("opponent weights must be finite and >= 0")
    return mass


def _strength_now(sb: SortedBoard, mass: np.ndarray) -> np.ndarray:
    beat, tie, apart = _core.board_masses(sb.strengths, sb.order, sb.subsets, mass)
    with np.errstate(invalid="ignore", divide="ignore"):
        hs = (beat + tie / 2) / apart
    hs[(sb.strengths < 0) | (apart == 0)] = np.nan
    return hs


def hand_strength(
    board: Any, game: Any = "Hold'em", *, combos: Any = None, opponent: Any = None
) -> np.ndarray:
    """Each combo's hand strength on *board* as it is (3 to 5 cards): the
    opponent's mass it beats plus half what it ties, over all of the
    opponent's mass that shares no card with it. *opponent*: None (a random
    hand), a range text, or one weight per combo."""
    tables, omaha, hole = board_game(game)
    board_ids, single = board_rows(board)
    if not single:
        raise InvalidArgumentError("board: one board")
    rows = combo_array(combos, tables, hole)
    sb = SortedBoard.from_resolved(tables, omaha, board_ids, rows, combos is None)
    return _strength_now(sb, _opponent(opponent, rows))


def river_strengths(
    board: Any, game: Any = "Hold'em", *, combos: Any = None, opponent: Any = None
) -> np.ndarray:
    """The hand strength of every combo on every completion of *board* to
    five cards: a (completions, combos) float64 array, NaN where the combo
    shares a card with that final board (completions in the order of
    ``itertools.combinations`` over the cards left)."""
    tables, _ids, finals, rows, mass = _completions(board, game, combos, opponent)
    out = np.empty((len(finals), len(rows)))
    _core.board_hand_strengths(tables, finals, rows, mass, out)
    return out


def _completions(
    board: Any, game: Any, combos: Any, opponent: Any
) -> tuple[Any, Any, Any, Any, Any]:
    """The arguments read once: the ranking's tables, the board as a (1,
    nb) array, every completion of it to five cards, the combos and the
    opponent's mass over them."""
    tables, omaha, hole = board_game(game)
    if omaha:
        raise InvalidArgumentError("features take hold'em-style games (two hole cards)")
    rows = combo_array(combos, tables, hole)
    if rows.shape[1] != 2:
        raise HandSizeError("features take two-card combos")
    board_ids, single = board_rows(board)
    if not single or not 3 <= board_ids.shape[1] <= 5:
        raise HandSizeError(f"board: one board of 3 to 5 cards, got {board_ids.shape[1]}")
    ids = board_ids[0].tolist()
    mass = _opponent(opponent, rows)
    left = [c for c in range(52) if tables.deck_mask >> c & 1 and c not in ids]
    finals = np.array(
        [ids + list(more) for more in itertools.combinations(left, 5 - len(ids))], dtype=np.uint8
    ).reshape(-1, 5)
    return tables, board_ids, finals, rows, mass


def _moments(
    board: Any, game: Any, combos: Any, opponent: Any, bins: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """EHS, EHS² and the histogram, summed over the completions in C."""
    return _summed(*_completions(board, game, combos, opponent), bins)


def _summed(
    tables: Any, board_ids: Any, finals: Any, rows: Any, mass: Any, bins: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    count, total, squares, hist = _core.board_hand_strengths(tables, finals, rows, mass, None, bins)
    with np.errstate(invalid="ignore", divide="ignore"):
        live = count > 0
        first = np.where(live, total / np.maximum(count, 1), np.nan)
        second = np.where(live, squares / np.maximum(count, 1), np.nan)
        shares = hist / count[:, None]
    return first, second, shares


def ehs(
    board: Any, game: Any = "Hold'em", *, combos: Any = None, opponent: Any = None
) -> np.ndarray:
    """Each combo's expected hand strength: the river hand strength averaged
    over the completions of *board* that miss it (its all-in equity against
    the opponent). Arguments as :func:`hand_strength`."""
    return _moments(board, game, combos, opponent, 1)[0]


def ehs2(
    board: Any, game: Any = "Hold'em", *, combos: Any = None, opponent: Any = None
) -> np.ndarray:
    """Each combo's EHS²: the square of the river hand strength averaged over
    the completions of *board*."""
    return _moments(board, game, combos, opponent, 1)[1]


def equity_histogram(
    board: Any, game: Any = "Hold'em", *, bins: int = 10, combos: Any = None, opponent: Any = None
) -> np.ndarray:
    """Each combo's distribution of river hand strength over the completions
    of *board*: an (n, bins) array of shares (each row sums to 1; NaN rows
    for combos on the board), bin j holding strengths in [j/bins,
    (j+1)/bins) and the last bin 1.0 too."""
    _check_bins(bins)
    return _moments(board, game, combos, opponent, bins)[2]


class StrengthFeatures(NamedTuple):
    """Every feature of every combo, from one pass over the completions:
    hand strength now, EHS, EHS² and the (n, bins) river histogram."""

    hs: np.ndarray
    ehs: np.ndarray
    ehs2: np.ndarray
    histogram: np.ndarray


def strength_features(
    board: Any, game: Any = "Hold'em", *, bins: int = 10, combos: Any = None, opponent: Any = None
) -> StrengthFeatures:
    """:func:`hand_strength`, :func:`ehs`, :func:`ehs2` and
    :func:`equity_histogram` at once, the completions ranked and swept
    once for all of them."""
    _check_bins(bins)
    tables, board_ids, finals, rows, mass = _completions(board, game, combos, opponent)
    first, second, shares = _summed(tables, board_ids, finals, rows, mass, bins)
    now = SortedBoard.from_resolved(tables, False, board_ids, rows, combos is None)
    return StrengthFeatures(_strength_now(now, mass), first, second, shares)


def _check_bins(bins: Any) -> None:
    if not isinstance(bins, int) or isinstance(bins, bool) or not 1 <= bins <= 1000:
        raise InvalidArgumentError(f"bins must be an int from 1 to 1000, got {bins!r}")
