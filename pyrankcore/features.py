"""Hand-strength features for every hand of a board at once, for card
abstraction (bucketing hands by strength in bots and solvers).

Against an opponent holding a random hand (or a weighted range) that shares
no card with the hand, the board or the dead cards:

- :func:`hand_strength` (HS): the share of the opponent's hands the hand
  beats now, ties counted half, on the board as it is;
- :func:`ehs` (expected hand strength): the same on the final board,
  averaged over every way to complete it (the hand's equity when both
  players' cards are all in);
- :func:`ehs2`: the average of the square of the river hand strength over
  the completions (high for hands with potential as well as made hands);
- :func:`equity_histogram`: the distribution of the river hand strength
  over the completions, in equal bins of [0, 1] (the input of earth
  mover's distance clustering);
- :func:`potential`: positive and negative hand potential (PPot, NPot,
  after Papp 1998 and Billings et al. 2002), from the hand-potential
  matrix of where the hand stands now against where it stands at the river.

Every function returns one value per combo of
:func:`pyrankcore.boards.hole_combos` order (or of *combos*), NaN where the
combo shares a card with the board or a dead card. *board* is one board
("Ah Kh Qh", an array of ids) or many boards as a (B, nb) integer array,
and then every result gains a leading axis of B; ``threads=`` spreads the
work (boards and runouts) over threads, with the same result as one
thread. Each completed board is ranked once for every combo and swept once
(see :mod:`pyrankcore.boards`), so a flop's 1,081 runouts take
milliseconds each, not a hand at a time. Hold'em-style games (two hole
cards: hold'em, short deck, a ranking played hold'em style); Omaha's
hand strength too, but its features over runouts are refused (270,725
combos a board: see the features page for what they would cost).

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

import inspect
import itertools
import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict, TypeVar

import numpy as np

from pyrankcore import _core
from pyrankcore._args import thread_count
from pyrankcore._work import run_tasks
from pyrankcore.boards import SortedBoard, board_game, board_rows, combo_array
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
)
from pyrankcore.ranges import parse_range

if TYPE_CHECKING:  # typing.Unpack from Python 3.11; mypy knows both
    from typing_extensions import Unpack

__all__ = [
    "FeatureOptions",
    "HandPotential",
    "StrengthFeatures",
    "ehs",
    "ehs2",
    "equity_histogram",
    "hand_strength",
    "opponent_weights",
    "potential",
    "river_strengths",
    "strength_features",
]

# Runouts per task: a board's completions are summed in slices of this
# many, in order, whatever the number of threads (so threads give the
# same floating-point sums as one), and Ctrl-C is seen between slices.
RUNOUTS_PER_TASK = 128
# The share of a combo's total mass over the runouts below which a
# hand-potential count of weights that are not whole numbers is the rounding
# of a zero (sums of a thousand doubles a runout round by about 1e-16 of
# their size); one opponent hand on one runout weighs more unless the
# weights span over seven orders of magnitude.
ROUNDING = 2.0**-44


def opponent_weights(opponent: Any, combos: np.ndarray) -> np.ndarray:
    """The *opponent* argument of the features as one float64 weight per row
    of *combos* (an (n, k) array of ids): 1 each for None (a random hand),
    a range text's weights (0 for the combos it leaves out), or an array
    of n finite weights >= 0, checked.

    >>> from pyrankcore.boards import hole_combos
    >>> w = opponent_weights("AA,KK:0.5", hole_combos())
    >>> float(w.sum()), len(w)
    (9.0, 1326)
    """
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
    mass = np.array(opponent, dtype=np.float64)
    if mass.shape != (len(combos),):
        raise InvalidArgumentError(
            f"opponent must be None, a range or {len(combos)} weights, got shape {mass.shape}"
        )
    if not bool(np.isfinite(mass).all()) or bool((mass < 0).any()):
        raise InvalidArgumentError("opponent weights must be finite and >= 0")
    return mass


class FeatureOptions(TypedDict, total=False):
    """The keywords every feature function takes (each None by default), as
    :func:`hand_strength` documents them: ``combos``, ``opponent``,
    ``dead`` and ``threads``. A type checker reads them from here (PEP 692),
    ``help()`` and :func:`inspect.signature` show them one by one."""

    combos: Any
    opponent: Any
    dead: Any
    threads: int | None


_F = TypeVar("_F", bound=Callable[..., Any])


def _spelled_out(fn: _F) -> _F:
    """*fn* with the FeatureOptions in its run-time signature one by one,
    keyword-only and None by default, in place of ``**options``."""
    sig = inspect.signature(fn)
    kept = [p for p in sig.parameters.values() if p.kind is not p.VAR_KEYWORD]
    keys = FeatureOptions.__annotations__
    kind = inspect.Parameter.KEYWORD_ONLY
    spelled = [
        inspect.Parameter(k, kind, default=None, annotation=getattr(a, "__forward_arg__", a))
        for k, a in keys.items()
    ]
    fn.__signature__ = sig.replace(parameters=[*kept, *spelled])  # type: ignore[attr-defined]
    return fn


class _Job(NamedTuple):
    """The arguments of a feature call, read and checked once."""

    tables: Any
    omaha: bool
    boards: np.ndarray  # (B, nb) uint8
    single: bool
    rows: np.ndarray  # (n, 2) uint8 combos
    mass: np.ndarray  # (n,) the opponent's, zero on dead cards
    own: bool  # rows are the deck's own combos
    dead: int  # the dead cards' id mask
    hit: np.ndarray  # (n,) combos that hold a dead card
    threads: Any


def _dead_mask(dead: Any, deck: int) -> int:
    if dead is None:
        return 0
    try:
        ids = _core.parse_cards(dead)
    except ValueError as bad:
        raise type(bad)(f"dead: {bad}") from None
    mask = 0
    for c in ids:
        if not deck >> c & 1:
            raise InvalidCardError(f"dead: {_core.format_cards([c])} is not in the deck")
        mask |= 1 << c
    return mask


def _check_boards(boards: np.ndarray, deck: int, dead: int) -> None:
    """Every board's ids in the deck, none twice, none dead; the error names
    the board."""
    live = np.array([deck >> c & 1 for c in range(52)], dtype=bool)
    dead_ids = np.array([dead >> c & 1 for c in range(52)], dtype=bool)
    bad = ~live[boards].all(axis=1)
    if bad.any():
        b = int(np.argmax(bad))
        raise InvalidCardError(f"board {b}: a card that is not in the deck")
    s = np.sort(boards, axis=1)
    twice = (s[:, 1:] == s[:, :-1]).any(axis=1) if boards.shape[1] > 1 else np.zeros(len(s), bool)
    if twice.any():
        b = int(np.argmax(twice))
        raise DuplicateCardError(f"board {b}: a card twice ({_core.format_cards(boards[b])})")
    gone = dead_ids[boards].any(axis=1)
    if gone.any():
        b = int(np.argmax(gone))
        raise InvalidArgumentError(f"board {b}: a card on the board is dead")


def _job(
    caller: str,
    board: Any,
    game: Any,
    options: Mapping[str, Any],
    sizes: tuple[int, ...],
    omaha_now: bool = False,
) -> _Job:
    """The arguments of *caller* (a feature function) read and checked:
    *options* its FeatureOptions; *omaha_now*: Omaha's four-card combos
    are taken (the strength now only; see the module notes)."""
    for key in options:
        if key not in FeatureOptions.__annotations__:
            raise TypeError(f"{caller}() got an unexpected keyword argument {key!r}")
    combos = options.get("combos")
    tables, omaha, hole = board_game(game)
    if omaha and not omaha_now:
        raise InvalidArgumentError(
            "features over runouts take hold'em-style games (two hole cards): "
            "Omaha's 270,725 combos a board take minutes a flop (hand_strength takes Omaha)"
        )
    rows = combo_array(combos, tables, hole)
    if rows.shape[1] != (4 if omaha else 2):
        raise HandSizeError(
            f"features take {'four' if omaha else 'two'}-card combos, not {rows.shape[1]}"
        )
    boards, single = board_rows(board)
    nb = boards.shape[1]
    if nb not in sizes:
        raise HandSizeError(
            f"board: {nb} cards; this feature takes boards of {' or '.join(map(str, sizes))} cards"
        )
    mask = _dead_mask(options.get("dead"), tables.deck_mask)
    _check_boards(boards, tables.deck_mask, mask)
    mass = opponent_weights(options.get("opponent"), rows)
    hit = np.zeros(len(rows), dtype=bool)
    if mask:
        bits = np.array([mask >> c & 1 for c in range(52)], dtype=bool)
        hit = bits[rows].any(axis=1)
        mass = np.where(hit, 0.0, mass)
    threads = options.get("threads")
    return _Job(tables, omaha, boards, single, rows, mass, combos is None, mask, hit, threads)


def _runouts(job: _Job, b: int) -> np.ndarray:
    """Every completion of board b to five cards from the live deck, in the
    order of ``itertools.combinations`` over the cards left."""
    ids = job.boards[b].tolist()
    taken = job.dead
    for c in ids:
        taken |= 1 << c
    left = [c for c in range(52) if job.tables.deck_mask >> c & 1 and not taken >> c & 1]
    more = list(itertools.combinations(left, 5 - len(ids)))
    finals = np.empty((len(more), 5), dtype=np.uint8)
    finals[:, : len(ids)] = ids
    finals[:, len(ids) :] = np.array(more, dtype=np.uint8).reshape(len(more), 5 - len(ids))
    return finals


def _now(job: _Job, b: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(beat, tie, apart) per combo on board b as it is."""
    sb = SortedBoard.from_resolved(job.tables, job.omaha, job.boards[b : b + 1], job.rows, job.own)
    beat, tie, apart = _core.board_masses(sb.strengths, sb.order, sb.subsets, job.mass)
    apart = np.where(sb.strengths < 0, 0.0, apart)
    return beat, tie, apart


def _strength(beat: np.ndarray, tie: np.ndarray, apart: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        hs: np.ndarray = (beat + tie / 2) / apart
    hs[apart <= 0] = np.nan
    return hs


class _Sums(NamedTuple):
    """One board's sums over its runouts."""

    seen: np.ndarray  # runouts that miss the combo
    total: np.ndarray
    squares: np.ndarray
    hist: np.ndarray
    counts: np.ndarray | None  # (n, 3, 2) potential counts


def _run(job: _Job, bins: int, with_moments: bool, with_potential: bool) -> list[_Sums]:
    """Every board's sums over its runouts (the moments and histogram, the
    potential counts, or both), slices of RUNOUTS_PER_TASK spread over
    threads and added in order."""
    finals = [_runouts(job, b) for b in range(len(job.boards))]
    tasks = [
        (b, lo, min(lo + RUNOUTS_PER_TASK, len(f)))
        for b, f in enumerate(finals)
        for lo in range(0, len(f), RUNOUTS_PER_TASK)
    ]
    # the combos that meet a board meet all its runouts: left out of the walk
    live = [~np.isin(job.rows, board).any(axis=1) for board in job.boards]
    rows = [np.ascontiguousarray(job.rows[keep]) for keep in live]
    mass = [np.ascontiguousarray(job.mass[keep]) for keep in live]
    stop = np.zeros(1, dtype=np.int32)
    n_threads = thread_count(job.threads, len(tasks), 1)

    def work(task: tuple[int, int, int]) -> tuple[Any, ...]:
        b, lo, hi = task
        return _core.board_feature_sums(
            job.tables,
            job.boards[b : b + 1],
            finals[b][lo:hi],
            rows[b],
            mass[b],
            bins if with_moments else 0,
            with_potential,
            stop=stop,
        )

    parts = run_tasks(tasks, work, n_threads, stop=stop if n_threads > 1 else None)
    n = len(job.rows)
    sums = [
        _Sums(np.zeros(n), np.zeros(n), np.zeros(n), np.zeros((n, bins)), None) for _ in job.boards
    ]
    for (b, _lo, _hi), (seen, total, squares, hist, counts) in zip(tasks, parts):
        s, keep = sums[b], live[b]
        if with_moments:
            s.seen[keep] += seen
            s.total[keep] += total
            s.squares[keep] += squares
            s.hist[keep] += hist
        if counts is not None:
            if s.counts is None:
                s = sums[b] = s._replace(counts=np.zeros((n, 3, 2)))
            assert s.counts is not None
            s.counts[keep] += counts
    return sums


def _means(s: _Sums) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    with np.errstate(invalid="ignore", divide="ignore"):
        live = s.seen > 0
        first = np.where(live, s.total / np.maximum(s.seen, 1), np.nan)
        second = np.where(live, s.squares / np.maximum(s.seen, 1), np.nan)
        shares = s.hist / s.seen[:, None]
    return first, second, shares


def _matrix(job: _Job, b: int, s: _Sums, now: tuple[np.ndarray, ...]) -> np.ndarray:
    """The (n, 3, 3) hand-potential matrix of board b: the ahead and tied
    columns counted over the runouts, the behind column the rest of each
    row's total (every opponent hand apart from the hero meets the same
    number of runouts); NaN rows for combos that collide or face nothing."""
    beat, tie, apart = now
    assert s.counts is not None
    left = bin(job.tables.deck_mask & ~job.dead & ((1 << 52) - 1)).count("1") - job.boards.shape[1]
    runs = math.comb(left - 4, 5 - job.boards.shape[1])
    rows = np.stack([beat, tie, apart - beat - tie], axis=1) * runs
    m = np.empty((len(job.rows), 3, 3))
    m[:, :, :2] = s.counts
    m[:, :, 2] = rows - s.counts.sum(axis=2)
    if not bool((job.mass == np.round(job.mass)).all()):
        # Weights that are not whole numbers are summed with rounding, and
        # a count that is 0 comes out as the rounding of sums that cancel;
        # made 0 again, a hand that is never behind gets PPot 0, not the
        # ratio of two roundings. (Whole weights sum exactly.)
        noise = ROUNDING * apart * runs
        m[np.abs(m) <= noise[:, None, None]] = 0.0
    m[(apart <= 0) | job.hit] = np.nan
    return m


def _pots(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """PPot and NPot from hand-potential matrices (..., 3, 3)."""
    total = m.sum(axis=-1)
    up = m[..., 2, 0] + m[..., 2, 1] / 2 + m[..., 1, 0] / 2
    down = m[..., 0, 2] + m[..., 1, 2] / 2 + m[..., 0, 1] / 2
    below = total[..., 2] + total[..., 1] / 2
    above = total[..., 0] + total[..., 1] / 2
    with np.errstate(invalid="ignore", divide="ignore"):
        ppot = np.where(below > 0, up / np.where(below > 0, below, 1), 0.0)
        npot = np.where(above > 0, down / np.where(above > 0, above, 1), 0.0)
    nan = np.isnan(total).any(axis=-1)
    ppot[nan] = np.nan
    npot[nan] = np.nan
    return ppot, npot


class StrengthFeatures(NamedTuple):
    """Every feature of every combo: hand strength now, EHS, EHS², the
    (n, bins) river histogram, PPot and NPot (NaN on a river board, or
    with ``potential=False``); each with a leading board axis for many
    boards."""

    hs: np.ndarray
    ehs: np.ndarray
    ehs2: np.ndarray
    histogram: np.ndarray
    ppot: np.ndarray
    npot: np.ndarray


class HandPotential(NamedTuple):
    """:func:`potential`'s result: PPot and NPot per combo, and the
    hand-potential matrix they come from, (n, 3, 3): ``matrix[i, now,
    river]`` is the opponent's mass summed over runouts (a random
    opponent: a count of opponent hands times runouts) where combo i is
    ahead (0), tied (1) or behind (2) now and at the river."""

    ppot: np.ndarray
    npot: np.ndarray
    matrix: np.ndarray


def _compute(
    job: _Job, bins: int, want_moments: bool, want_potential: bool
) -> tuple[StrengthFeatures, np.ndarray]:
    """Every feature of every board of *job*, and the hand-potential
    matrices, stacked on a board axis (none for one board)."""
    n = len(job.rows)
    B = len(job.boards)
    nan = np.full((B, n), np.nan)
    hs = nan.copy()
    first, second, shares = nan.copy(), nan.copy(), np.full((B, n, bins), np.nan)
    ppot, npot = nan.copy(), nan.copy()
    matrix = np.full((B, n if want_potential else 0, 3, 3), np.nan)
    sums = []
    if want_moments or want_potential:
        sums = _run(job, bins, want_moments, want_potential)
    for b in range(B):
        now = _now(job, b)
        hs[b] = _strength(*now)
        if sums:
            first[b], second[b], shares[b] = _means(sums[b])
        if want_potential:
            matrix[b] = _matrix(job, b, sums[b], now)
    if want_potential:
        ppot, npot = _pots(matrix)
    for a in (hs, first, second, shares, ppot, npot):
        a[:, job.hit] = np.nan
    out = StrengthFeatures(hs, first, second, shares, ppot, npot)
    if job.single:
        return StrengthFeatures(*(a[0] for a in out)), matrix[0]
    return out, matrix


@_spelled_out
def hand_strength(
    board: Any, game: Any = "Hold'em", **options: Unpack[FeatureOptions]
) -> np.ndarray:
    """Each combo's hand strength on *board* as it is (3 to 5 cards): the
    opponent's mass it beats plus half what it ties, over all of the
    opponent's mass that shares no card with it.

    Parameters
    ----------
    board
        One board ("Ah Kh Qh 7c"), or many as a (B, nb) integer array.
    game
        A hold'em-style variant or ranking ("Hold'em", "Short-deck
        Hold'em", "high"); here also an Omaha variant ("Omaha", four-card
        combos, two plus three), whose other features are refused.

    Other Parameters
    ----------------
    combos : array_like or str, optional
        None (every combo of the deck, :func:`~pyrankcore.boards.hole_combos`
        order), an (n, 2) array of ids, a range or a list of hands.
    opponent : str or array_like, optional
        None (a random hand), a range text ("QQ+,AK:0.5"), or one weight
        per combo.
    dead : str or array_like, optional
        Cards out of play ("2c 7d"): no opponent hand or runout holds them,
        and combos that do get NaN.
    threads : int, optional
        Threads for many boards (one value per board either way).

    Returns
    -------
    numpy.ndarray
        float64, (n,) for one board, (B, n) for many.

    Examples
    --------
    >>> hs = hand_strength("Ah Kh Qh 7c", opponent="QQ+,AK")
    >>> hs.shape, float(np.nanmax(hs))      # Jh Th has the royal flush: it beats them all
    ((1326,), 1.0)

    Raises
    ------
    HandSizeError
        A board of other than 3 to 5 cards, combos of other than the game's
        hole cards.
    InvalidCardError, DuplicateCardError
        A card outside the deck, or twice on a board.
    InvalidArgumentError
        A dead card on the board, opponent weights of the wrong shape or
        negative; Omaha (but for the hand strength).
    """
    job = _job("hand_strength", board, game, options, (3, 4, 5), omaha_now=True)
    return _compute(job, 1, False, False)[0].hs


@_spelled_out
def river_strengths(
    board: Any, game: Any = "Hold'em", **options: Unpack[FeatureOptions]
) -> np.ndarray:
    """The hand strength of every combo on every completion of *board* (one
    board) to five cards: a (completions, combos) float64 array, NaN where
    the combo shares a card with that final board (completions in the
    order of ``itertools.combinations`` over the cards left; *threads* is
    taken and not needed). Options as :func:`hand_strength`.

    >>> river_strengths("Qs 9d 7h 2c").shape      # 48 rivers, 1,326 combos
    (48, 1326)
    """
    job = _job("river_strengths", board, game, options, (3, 4, 5))
    if not job.single:
        raise InvalidArgumentError("river_strengths takes one board")
    finals = _runouts(job, 0)
    live = ~np.isin(job.rows, job.boards[0]).any(axis=1)
    rows, mass = np.ascontiguousarray(job.rows[live]), np.ascontiguousarray(job.mass[live])
    river = np.empty((len(finals), len(rows)))
    _core.board_feature_sums(job.tables, job.boards, finals, rows, mass, 1, False, river=river)
    out = np.full((len(finals), len(job.rows)), np.nan)
    out[:, live] = river
    out[:, job.hit] = np.nan
    return out


@_spelled_out
def ehs(board: Any, game: Any = "Hold'em", **options: Unpack[FeatureOptions]) -> np.ndarray:
    """Each combo's expected hand strength: the river hand strength averaged
    over the completions of *board* that miss it (its all-in equity against
    the opponent). Arguments and errors as :func:`hand_strength`.

    >>> import numpy as np
    >>> river = "Ah Kh Qh 7c 2d"        # nothing to come: EHS is the hand strength
    >>> bool(np.allclose(ehs(river), hand_strength(river), equal_nan=True))
    True
    """
    job = _job("ehs", board, game, options, (3, 4, 5))
    return _compute(job, 1, True, False)[0].ehs


@_spelled_out
def ehs2(board: Any, game: Any = "Hold'em", **options: Unpack[FeatureOptions]) -> np.ndarray:
    """Each combo's EHS²: the square of the river hand strength averaged over
    the completions of *board*. Arguments as :func:`hand_strength`.

    >>> e2 = ehs2("Ah Kh Qh")
    >>> e2.shape, float(e2[~np.isnan(e2)].max())     # the royal flush made: 1 on every runout
    ((1326,), 1.0)
    """
    job = _job("ehs2", board, game, options, (3, 4, 5))
    return _compute(job, 1, True, False)[0].ehs2


@_spelled_out
def equity_histogram(
    board: Any, game: Any = "Hold'em", *, bins: int = 10, **options: Unpack[FeatureOptions]
) -> np.ndarray:
    """Each combo's distribution of river hand strength over the completions
    of *board*: an (n, bins) array of shares ((B, n, bins) for many boards;
    each row sums to 1; NaN rows for combos that collide), bin j holding
    strengths in [j/bins, (j+1)/bins) and the last bin 1.0 too. Arguments
    as :func:`hand_strength`.

    >>> h = equity_histogram("Qs 9d 7h", bins=4)
    >>> h.shape, float(np.nansum(h[0]))
    ((1326, 4), 1.0)
    """
    _check_bins(bins)
    job = _job("equity_histogram", board, game, options, (3, 4, 5))
    return _compute(job, bins, True, False)[0].histogram


@_spelled_out
def potential(
    board: Any, game: Any = "Hold'em", **options: Unpack[FeatureOptions]
) -> HandPotential:
    """Each combo's positive and negative hand potential on a flop or turn.

    For combo i, over every opponent hand o that shares no card with i, the
    board or the dead cards (weighted by *opponent*) and every runout r to
    the river (both cards to come from the flop: the two-card potential;
    the river card from the turn) that shares no card with i or o, the
    hand-potential matrix ``HP[now, river]`` sums the weight of o where i
    stands ahead (0), tied (1) or behind (2) against o on the board now and
    on the final board. With ``T[now]`` its row sums:

    - PPot = (HP[behind, ahead] + HP[behind, tied] / 2 + HP[tied, ahead] / 2)
      / (T[behind] + T[tied] / 2): the chance of pulling ahead from
      behind, a tie counting half;
    - NPot = (HP[ahead, behind] + HP[ahead, tied] / 2 + HP[tied, behind] / 2)
      / (T[ahead] + T[tied] / 2): the chance of falling behind from ahead.

    A denominator of 0 (never behind, or never ahead, now) gives 0.
    Arguments and errors as :func:`hand_strength`; the board has 3 or 4
    cards. Papp's (1998) example, A♦Q♣ on 3♥4♣J♥ against a random hand:

    >>> import pyrankcore as prc
    >>> from pyrankcore.boards import hole_combos
    >>> p = potential("3h 4c Jh")
    >>> i = [prc.format_cards(c) for c in hole_combos()].index("Qc Ad")
    >>> p.matrix[i].astype(int).tolist()
    [[449005, 3211, 169504], [0, 8370, 540], [91981, 1036, 346543]]
    >>> round(float(p.ppot[i]), 3), round(float(p.npot[i]), 3)
    (0.208, 0.274)
    """
    job = _job("potential", board, game, options, (3, 4))
    f, matrix = _compute(job, 1, False, True)
    return HandPotential(f.ppot, f.npot, matrix)


@_spelled_out
def strength_features(
    board: Any,
    game: Any = "Hold'em",
    *,
    bins: int = 10,
    potential: bool = True,
    **options: Unpack[FeatureOptions],
) -> StrengthFeatures:
    """:func:`hand_strength`, :func:`ehs`, :func:`ehs2`,
    :func:`equity_histogram` and (``potential=True``, on a flop or turn)
    :func:`potential`'s PPot and NPot at once, the completions ranked and
    swept once for all of them.

    >>> f = strength_features("Qs 9d 7h 2c", bins=5)
    >>> f.hs.shape, f.histogram.shape, f.ppot.shape
    ((1326,), (1326, 5), (1326,))
    """
    _check_bins(bins)
    if not isinstance(potential, bool):
        raise TypeError(f"potential must be True or False, not {type(potential).__name__}")
    job = _job("strength_features", board, game, options, (3, 4, 5))
    return _compute(job, bins, True, potential and job.boards.shape[1] < 5)[0]


def _check_bins(bins: Any) -> None:
    if not isinstance(bins, int) or isinstance(bins, bool) or not 1 <= bins <= 1000:
        raise InvalidArgumentError(f"bins must be an int from 1 to 1000, got {bins!r}")
