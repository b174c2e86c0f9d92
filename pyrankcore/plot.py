"""Pictures of ranges, equities, probability tables and OFC boards.

Each function draws with matplotlib's object-oriented API and returns a
:class:`matplotlib.figure.Figure` (a :class:`PictureFigure`, which adds only
``_repr_png_``): no pyplot state, no GUI and no backend needed
(``fig.savefig("x.png")`` works anywhere). A Jupyter notebook shows the
figure when it is a cell's value, without ``%matplotlib inline``: a Figure
made without pyplot has no display of its own, so ``_repr_png_`` renders it.
Pass ``ax=`` to draw into an axes of your own figure instead; the figure
returned is then that axes' figure.

matplotlib is an optional dependency (``pip install "pyrankcore[plot]"``,
or ``pip install ".[plot]"`` from a checkout); it is imported when a
function is first called, so ``import pyrankcore.plot`` works without it
and a call without it raises ImportError saying what to install.

* :func:`range_grid`: a hold'em range on the 13 x 13 grid, each class
  shaded by the weight of its combos in the range;
* :func:`preflop_heatmap`: :func:`pyrankcore.preflop_matrix` (or a part of
  it) as a heatmap;
* :func:`equity_chart`: win and tie (hi-lo: high half, low half and scoop)
  per player of an :class:`~pyrankcore.EquityResult`, or of a sequence of
  them street by street;
* :func:`probability_chart`: a :func:`pyrankcore.probabilities` table;
* :func:`ofc_board`: an OFC board, with its royalties (the standard ones
  unless other rules are given).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Real
from typing import TYPE_CHECKING, Any

import numpy as np

from pyrankcore._core import format_cards, parse_cards
from pyrankcore._figures import (
    cell_words,
    check_cmap,
    new_axes,
    percent_axis,
    picture_figure_class,
    value_grid,
)
from pyrankcore.equities import EquityResult
from pyrankcore.errors import DuplicateCardError, InvalidArgumentError
from pyrankcore.hands import describe
from pyrankcore.ofc import Board, Rules
from pyrankcore.ofc.board import as_board
from pyrankcore.ofc.two_decks import describe_five
from pyrankcore.preflop import preflop_matrix, random_hand_weights
from pyrankcore.probabilities import HandProbabilities
from pyrankcore.ranges import GRID_NAMES, grid_name, parse_range

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from pyrankcore.ranges import WeightedCombo

# PictureFigure, the figures' class, is an attribute too (made on first use,
# see __getattr__), not listed here: a star import would import matplotlib.
__all__ = [
    "equity_chart",
    "ofc_board",
    "preflop_heatmap",
    "probability_chart",
    "range_grid",
]

# Figure sizes in inches; matplotlib's default 100 dpi makes them pixels x 100.
GRID_SIZE = (6.4, 5.6)
HEATMAP_SIZE = (9.0, 8.0)
SMALL_HEATMAP_SIZE = (7.5, 6.5)  # up to MAX_ANNOTATED hands
FULL_HEATMAP_SIZE = (15.0, 7.5)  # all 169: the matrix and the grid of values
# Tick labels no smaller than this (points): a large matrix labels some rows.
MIN_LABEL_POINTS = 7.0
BAR_SIZE = (7.0, 3.6)
PROBABILITY_SIZE = (7.5, 4.0)
BOARD_SIZE = (7.5, 2.7)
# Sub-matrices up to this size get their equities written in the cells.
MAX_ANNOTATED = 20
COMBOS_IN_DECK = 1326
RANKS_HIGH_FIRST = "AKQJT98765432"
# Combos of each grid class, in grid order: pairs 6, suited 4, offsuit 12.
CLASS_SIZES = np.array(
    [6 if len(name) == 2 else 4 if name.endswith("s") else 12 for name in GRID_NAMES]
).reshape(13, 13)
# A four-colour deck: suits are told apart at a glance.
SUIT_SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
SUIT_COLOURS = {"s": "#1a1a1a", "h": "#c62828", "d": "#1565c0", "c": "#2e7d32"}
# Bundled with matplotlib and holding the suit symbols, so no font is missing.
CARD_FONT = "DejaVu Sans"
STREET_NAMES = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}
ROW_NAMES = ("front", "middle", "back")


def __getattr__(name: str) -> Any:
    """``pyrankcore.plot.PictureFigure``: the figures' class, made on first
    use (importing it imports matplotlib)."""
    if name == "PictureFigure":
        return picture_figure_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ------------------------------------------------------------------ ranges


def _grid_weights(hand_range: str | Sequence[WeightedCombo]) -> np.ndarray:
    """13 x 13 array: the weighted share of each class's combos in the range."""
    if isinstance(hand_range, str):
        entries: Sequence[Any] = parse_range(hand_range)  # each entry is checked below
    elif isinstance(hand_range, Sequence):
        entries = hand_range
    else:
        raise TypeError(
            "a range is range text or parse_range()'s list of (combo, weight), "
            f"not {type(hand_range).__name__}"
        )
    totals = dict.fromkeys(GRID_NAMES, 0.0)
    seen: set[frozenset[int]] = set()
    for entry in entries:
        if not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise TypeError(f"a range entry is a (combo, weight) pair, not {entry!r}")
        combo, weight = entry
        cards = parse_cards(combo)
        if len(cards) != 2:
            raise InvalidArgumentError(
                f"the range grid shows hold'em hands of two cards, not {len(cards)} ({combo!r})"
            )
        key = frozenset(cards)
        if len(key) != 2:
            raise DuplicateCardError(f"combo {combo!r} repeats a card")
        if key in seen:
            raise InvalidArgumentError(f"combo {format_cards(cards)} is listed twice")
        seen.add(key)
        if not isinstance(weight, Real) or isinstance(weight, bool):
            raise TypeError(f"a weight is a real number, not {type(weight).__name__}")
        if not 0.0 < float(weight) <= 1.0:
            raise InvalidArgumentError(f"a weight must be in (0, 1], got {weight!r}")
        totals[grid_name(cards)] += float(weight)
    shares = [totals[name] / size for name, size in zip(GRID_NAMES, CLASS_SIZES.flat)]
    return np.array(shares).reshape(13, 13)


def range_grid(
    hand_range: str | Sequence[WeightedCombo],
    *,
    ax: Axes | None = None,
    cmap: str = "Greens",
    title: str | None = None,
) -> Figure:
    """A hold'em range on the 13 x 13 grid of starting hands.

    *hand_range* is range text (``"TT+, AKs, 76s-54s:0.5"``) or the list
    :func:`pyrankcore.parse_range` returns. Each cell is one class of
    :data:`pyrankcore.GRID_NAMES` (pairs on the diagonal, suited hands
    above it, offsuit below), shaded by the weighted share of its combos in
    the range (1: every combo at full weight); a cell between 0 and 1 shows
    that share too. The title counts the combos (weighted) and their share
    of all 1,326.

    Raises RangeSyntaxError for bad range text, InvalidArgumentError for
    combos of other than two cards (an Omaha range), a combo listed twice,
    a weight outside (0, 1] or an unknown colormap, and TypeError for
    anything else.
    """
    weights = _grid_weights(hand_range)
    fig, ax = new_axes(ax, GRID_SIZE)
    check_cmap(cmap)
    image = ax.imshow(weights, cmap=cmap, vmin=0.0, vmax=1.0)
    colours = image.cmap
    for i, name in enumerate(GRID_NAMES):
        row, col = divmod(i, 13)
        w = float(weights[row, col])
        label = name if w in (0.0, 1.0) else f"{name}\n{w:.2g}"
        dark = sum(colours(w)[:3]) < 1.5
        ax.text(
            col,
            row,
            label,
            ha="center",
            va="center",
            fontsize=6.5,
            color="white" if dark else "#333333",
            in_layout=False,  # inside the axes: the layout need not measure 169 texts
        )
    ticks = range(13)
    ax.set_xticks(ticks, list(RANKS_HIGH_FIRST))
    ax.set_yticks(ticks, list(RANKS_HIGH_FIRST))
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    combos = float((weights * CLASS_SIZES).sum())
    ax.set_title(
        title
        if title is not None
        else f"{combos:,.4g} combos ({combos / COMBOS_IN_DECK:.1%} of {COMBOS_IN_DECK:,})"
    )
    fig.colorbar(image, ax=ax, shrink=0.8, label="weight")
    return fig


# ---------------------------------------------------------- preflop matrix


def _equity_matrix(matrix: Any) -> np.ndarray:
    """*matrix* as a float64 array: InvalidArgumentError for ragged rows,
    TypeError for anything but real numbers (text, complex numbers, None)."""
    try:
        raw = np.asarray(matrix)
    except ValueError:
        raise InvalidArgumentError(
            "an equity matrix is square: its rows differ in length"
        ) from None
    if raw.dtype.kind not in "biufO":
        raise TypeError(f"an equity matrix holds real numbers, not dtype {raw.dtype}")
    try:
        return raw.astype(np.float64)
    except (TypeError, ValueError):
        raise TypeError(
            f"an equity matrix holds real numbers, not {type(matrix).__name__} of other values"
        ) from None


def preflop_heatmap(
    matrix: Any = None,
    *,
    hands: Sequence[str] | None = None,
    ax: Axes | None = None,
    cmap: str = "RdYlGn",
) -> Figure:
    """The preflop equity matrix as a heatmap: row hand against column hand.

    *matrix* is :func:`pyrankcore.preflop_matrix`'s 169 x 169 matrix (or
    anything ``numpy.asarray`` turns into it); None calls
    ``preflop_matrix()``. Its rows and columns are the classes of
    :data:`pyrankcore.GRID_NAMES`. *hands* (grid names) picks some of them,
    in that order; a square matrix of another size needs *hands* to name
    its rows. Up to 20 hands get their equities written in the cells.
    Tick labels are never smaller than 7 points: where the rows are too many
    to label each, the whole matrix labels its pairs (AA to 22), a part of
    it every few hands. The whole matrix in a figure of its own comes with
    its values beside it: each class's equity against a random hand (the
    matrix's row averaged over the combos that share no card with it), on
    the 13 x 13 grid, written in the cells. An interactive window shows the
    cell under the pointer ("AKs against QQ: 46.2%").

    Raises InvalidArgumentError for a matrix that is not square, has values
    outside [0, 1] or does not match *hands*, for an unknown grid name and
    an unknown colormap; TypeError for a matrix of anything but real numbers.
    """
    m = _equity_matrix(preflop_matrix() if matrix is None else matrix)
    if m.ndim != 2 or m.shape[0] != m.shape[1]:
        raise InvalidArgumentError(f"an equity matrix is square, not of shape {m.shape}")
    if not np.all(np.isfinite(m)) or m.min(initial=0.0) < 0.0 or m.max(initial=0.0) > 1.0:
        raise InvalidArgumentError("equities must lie between 0 and 1")
    if hands is not None:
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise TypeError(f"hands is a list of grid names, not {type(hands).__name__}")
        names = list(hands)
        unknown = [h for h in names if h not in GRID_NAMES]
        if unknown:
            raise InvalidArgumentError(
                f"unknown grid names {unknown}; grid names are like AA, AKs, AKo"
            )
        if len(set(names)) != len(names) or not names:
            raise InvalidArgumentError("hands must name different grid classes, at least one")
        if m.shape[0] == len(GRID_NAMES):
            index = [GRID_NAMES.index(h) for h in names]
            m = m[np.ix_(index, index)]
        elif m.shape[0] != len(names):
            raise InvalidArgumentError(
                f"a {m.shape[0]} x {m.shape[0]} matrix needs {m.shape[0]} hands, got {len(names)}"
            )
    elif m.shape[0] == len(GRID_NAMES):
        names = list(GRID_NAMES)
    else:
        raise InvalidArgumentError(
            f"a {m.shape[0]} x {m.shape[0]} matrix needs hands= to name its rows "
            f"(the full matrix is {len(GRID_NAMES)} x {len(GRID_NAMES)})"
        )
    n = len(names)
    whole = names == list(GRID_NAMES)
    with_values = whole and ax is None
    if with_values:
        size = FULL_HEATMAP_SIZE
    else:
        size = SMALL_HEATMAP_SIZE if n <= MAX_ANNOTATED else HEATMAP_SIZE
    check_cmap(cmap)
    fig, ax = new_axes(ax, size, 2 if with_values else 1)
    image = ax.imshow(m, cmap=cmap, vmin=0.0, vmax=1.0, interpolation="nearest")
    fontsize = min(9.0, 240.0 / n)
    shown = list(range(n))
    if fontsize < MIN_LABEL_POINTS:
        # Too many rows to label each readably: label the pairs of the whole
        # grid (every 14th class, AA to 22), else every k-th hand.
        fontsize = MIN_LABEL_POINTS
        step = math.ceil(n * MIN_LABEL_POINTS / 240.0)
        shown = [i for i, name in enumerate(names) if len(name) == 2] if whole else shown[::step]
        ax.set_xticks(range(0, n, 13) if whole else [], minor=True)
        ax.set_yticks(range(0, n, 13) if whole else [], minor=True)
    labels = [names[i] for i in shown]
    ax.set_xticks(shown, labels, rotation=90, fontsize=fontsize)
    ax.set_yticks(shown, labels, fontsize=fontsize)
    ax.tick_params(length=3)
    ax.format_coord = cell_words(m, names)  # type: ignore[method-assign]  # hover text
    if n <= MAX_ANNOTATED:
        for (row, col), value in np.ndenumerate(m):
            ax.text(
                col,
                row,
                f"{value:.0%}",
                ha="center",
                va="center",
                fontsize=fontsize,
                in_layout=False,
            )
    note = "the pairs; minor ticks: the rows of the 13 x 13 grid" if whole else "every few hands"
    ax.set_xlabel("against" if len(shown) == n else f"against (labels: {note})")
    ax.set_ylabel("hand")
    ax.set_title("Hold'em preflop equity, heads-up")
    axes = [ax]
    if with_values:
        w = random_hand_weights()  # each class against a random hand, on the grid
        against_random = (w * m).sum(axis=1) / w.sum(axis=1)
        axes.append(value_grid(fig, against_random, GRID_NAMES, cmap, "against a random hand"))
    bar = fig.colorbar(image, ax=axes, shrink=0.8, label="equity")
    percent_axis(bar.ax.yaxis)
    return fig


# ------------------------------------------------------------------ equity


def _street_labels(results: Sequence[EquityResult]) -> list[str]:
    labels = []
    for r in results:
        n = len(parse_cards(r.board)) if r.board else 0
        name = STREET_NAMES.get(n, f"{n} cards")
        labels.append(f"{name}\n{r.board}" if r.board else name)
    if len(set(labels)) != len(labels):  # no board, or the same one: number them
        labels = [f"{i}" for i in range(1, len(results) + 1)]
    return labels


def _how(result: EquityResult) -> str:
    if result.exact:
        return f"exact, {result.trials:,} deals"
    return f"Monte Carlo, {result.trials:,} trials"


def equity_chart(
    results: EquityResult | Sequence[EquityResult],
    *,
    streets: Sequence[str] | None = None,
    ax: Axes | None = None,
) -> Figure:
    """Each player's equity from :func:`pyrankcore.equity`, split into its parts.

    One result: a bar per player, its equity made of the pots won alone
    (``win``) and the shares of split pots (``equity - win``), with the
    equity and the share of deals tied (``tie``) written beside it; in a
    hi-lo game, of the high and the low halves, with the share of deals
    scooped (``win``) under it. A sequence of results (the same players street by
    street, e.g. flop, turn and river): a group of such bars per street,
    labelled by *streets* or else by the board (preflop, flop, turn, river).

    Raises TypeError for anything but results, and InvalidArgumentError for
    an empty sequence, results of different hands or of different games, or
    *streets* of the wrong length.
    """
    if isinstance(results, EquityResult):
        if streets is not None:
            raise InvalidArgumentError("streets= labels a sequence of results, not one")
        fig, ax = new_axes(ax, BAR_SIZE)
        _player_bars(ax, results)
        return fig
    if isinstance(results, str) or not isinstance(results, Sequence):
        raise TypeError(
            f"equity_chart takes an EquityResult or a sequence of them, not "
            f"{type(results).__name__}"
        )
    runs = list(results)
    if not runs:
        raise InvalidArgumentError("equity_chart needs at least one result")
    for r in runs:
        if not isinstance(r, EquityResult):
            raise TypeError(f"equity_chart takes EquityResults, not {type(r).__name__}")
    if len({(r.hands, r.variant) for r in runs}) != 1:  # one legend and title for all
        raise InvalidArgumentError(
            "the results of a street chart must have the same players and the same game"
        )
    if streets is None:
        labels = _street_labels(runs)
    else:
        if isinstance(streets, str) or not all(isinstance(s, str) for s in streets):
            raise TypeError("streets is a sequence of str, one label per result")
        labels = list(streets)
        if len(labels) != len(runs):
            raise InvalidArgumentError(
                f"{len(runs)} results need {len(runs)} street labels, got {len(labels)}"
            )
    fig, ax = new_axes(ax, BAR_SIZE)
    _street_bars(ax, runs, labels)
    return fig


def _parts(result: EquityResult) -> tuple[tuple[str, str], list[tuple[float, float]]]:
    """The names of the two parts of each player's equity, and the parts."""
    if result.hilo:
        return ("high half", "low half"), [(p.high or 0.0, p.low or 0.0) for p in result.players]
    # A split pot's share is what the player's equity holds beyond the wins.
    return ("win", "tie (split pots)"), [
        (p.win, max(p.equity - p.win, 0.0)) for p in result.players
    ]


def _player_bars(ax: Axes, result: EquityResult) -> None:
    (first, second), parts = _parts(result)
    seats = np.arange(len(result.players))
    height = 0.5 if result.hilo else 0.6
    lower = [a for a, _ in parts]
    upper = [b for _, b in parts]
    ax.barh(seats, lower, height=height, color="C0", label=first)
    ax.barh(seats, upper, height=height, left=lower, color="C1", label=second)
    if result.hilo:
        scoops = [p.win for p in result.players]
        ax.barh(seats + 0.36, scoops, height=0.16, color="#555555", label="scoop (whole pot)")
    for seat, p in enumerate(result.players):
        ties = f" (ties {p.tie:.1%})" if p.tie and not result.hilo else ""
        ax.text(p.equity + 0.01, seat, f"{p.equity:.1%}{ties}", va="center", fontsize=9)
    ax.set_yticks(seats, list(result.hands))
    ax.invert_yaxis()
    ax.set_xlim(0.0, 1.2)  # room for the text beside a bar of 100%
    ax.set_xticks(np.linspace(0.0, 1.0, 6))
    percent_axis(ax.xaxis)
    ax.set_xlabel("share of the pot")
    board = f", board {result.board}" if result.board else ""
    ax.set_title(f"{result.variant}{board} ({_how(result)})")
    ax.legend(loc="lower right", fontsize=8)


def _street_bars(ax: Axes, runs: list[EquityResult], labels: list[str]) -> None:
    from matplotlib.patches import Patch

    players = len(runs[0].hands)
    width = 0.8 / players
    streets = np.arange(len(runs))
    (first, second), _ = _parts(runs[0])
    for seat in range(players):
        parts = [_parts(r)[1][seat] for r in runs]
        x = streets - 0.4 + width * (seat + 0.5)
        colour = f"C{seat}"
        lower = [a for a, _ in parts]
        upper = [b for _, b in parts]
        ax.bar(x, lower, width=width * 0.92, color=colour)
        ax.bar(x, upper, width=width * 0.92, bottom=lower, color=colour, alpha=0.45, hatch="//")
        if runs[0].hilo:
            scoops = [r.players[seat].win for r in runs]
            ax.plot(x, scoops, linestyle="none", marker="_", markersize=14, color="black")
        if len(runs) * players <= 16:
            for xi, r in zip(x, runs):
                eq = r.players[seat].equity
                ax.text(xi, eq + 0.015, f"{eq:.0%}", ha="center", fontsize=8)
    last = runs[-1]
    handles: list[Artist] = [
        Patch(color=f"C{seat}", label=last.hands[seat]) for seat in range(players)
    ]
    handles += [
        Patch(facecolor="#999999", label=first),
        Patch(facecolor="#999999", alpha=0.45, hatch="//", label=second),
    ]
    if runs[0].hilo:
        from matplotlib.lines import Line2D

        handles.append(
            Line2D(
                [], [], linestyle="none", marker="_", markersize=14, color="black", label="scoop"
            )
        )
    ax.legend(handles=handles, fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.set_xticks(streets, labels)
    ax.set_ylim(0.0, 1.08)
    percent_axis(ax.yaxis)
    ax.set_ylabel("share of the pot")
    ax.set_title(f"{last.variant}: equity by street")


# ----------------------------------------------------------- probabilities


def probability_chart(
    table: HandProbabilities, *, log: bool = True, ax: Axes | None = None
) -> Figure:
    """A :func:`pyrankcore.probabilities` table as bars, strongest hand on top.

    Each row's probability is a bar (on a log scale unless ``log=False``:
    the rarest hands are millions of times rarer than the commonest); the
    right axis gives the probability and the odds against.

    Raises TypeError for anything but a HandProbabilities.
    """
    if not isinstance(table, HandProbabilities):
        raise TypeError(
            f"probability_chart takes probabilities()'s table, not {type(table).__name__}"
        )
    if not isinstance(log, bool):
        raise TypeError(f"log must be True or False, not {type(log).__name__}")
    fig, ax = new_axes(ax, PROBABILITY_SIZE)
    rows = np.arange(len(table.rows))
    values = [r.probability for r in table.rows]
    ax.barh(rows, values, color="C0", height=0.7)
    ax.set_yticks(rows, [r.name for r in table.rows])
    ax.invert_yaxis()
    if log:
        ax.set_xscale("log")
        ax.set_xlim(10 ** math.floor(math.log10(min(values))), 1.0)
    else:
        ax.set_xlim(0.0, 1.0)
        percent_axis(ax.xaxis)
    right = ax.secondary_yaxis("right")
    right.set_yticks(rows, [f"{_percent_text(r.probability)}  ({r.odds})" for r in table.rows])
    right.tick_params(length=0)
    ax.set_xlabel("probability")
    decks = "" if table.decks == 1 else f", {table.decks} decks"
    ax.set_title(
        f"{table.cards}-card hands, {table.game}: {table.deck_size} cards{decks}, "
        f"{table.total:,} hands"
    )
    return fig


def _percent_text(p: float) -> str:
    """A probability as a percentage with four significant digits."""
    return f"{p * 100:.4g}%"


# --------------------------------------------------------------------- OFC


def ofc_board(
    board: Board | Sequence[Any],
    *,
    rules: Rules | None = None,
    royalties: bool = True,
    ax: Axes | None = None,
) -> Figure:
    """An Open-Face Chinese poker board: front, middle and back rows of cards.

    *board* is a :class:`pyrankcore.ofc.Board`, or (front, middle, back)
    rows, the text "front / middle / back" or 13 cards as
    :func:`pyrankcore.ofc.score` takes them. Cards show
    their suits in four colours; each row is described in words, and a
    fouled board says so. Each row's royalties and their total are shown
    under *rules* (a :class:`pyrankcore.ofc.Rules`); by default the
    standard royalties, ``Rules()`` (``Rules(decks=2)`` for a double-deck
    :class:`~pyrankcore.ofc.Board`), as a player expects to see them.
    ``royalties=False`` draws the board alone.

    >>> from pyrankcore import ofc
    >>> fig = ofc_board(ofc.Board("Qh Qd 4c", "9s 9h 9d Jc 2s", "Th 8h 7h 4h 2h"))
    >>> fig.axes[0].get_title()
    'royalties 13'

    Raises TypeError for a board or rules of the wrong type, the card
    errors of :class:`~pyrankcore.ofc.Board` for bad rows, and
    InvalidArgumentError for a double-deck board under single-deck rules,
    and for *rules* with ``royalties=False``.
    """
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a pyrankcore.ofc.Rules or None, not {type(rules).__name__}")
    if not isinstance(royalties, bool):
        raise TypeError(f"royalties must be True or False, not {type(royalties).__name__}")
    if rules is not None and not royalties:
        raise InvalidArgumentError("rules= gives the royalties that royalties=False leaves out")
    the_board = as_board(board, rules.decks if rules is not None else _decks_of(board))
    if rules is None and royalties:
        rules = Rules(decks=the_board.decks)
    fig, ax = new_axes(ax, BOARD_SIZE)
    from matplotlib.patches import FancyBboxPatch

    rows = (the_board.front, the_board.middle, the_board.back)
    row_royalties = the_board.row_royalties_under(rules) if rules is not None else None
    words = _row_words(the_board)
    card_w, card_h, gap = 0.8, 1.1, 0.15
    for i, (name, cards) in enumerate(zip(ROW_NAMES, rows)):
        y = -i * (card_h + 0.3)
        offset = (5 - len(cards)) * (card_w + gap) / 2  # the front is centred
        ax.text(-0.3, y + card_h / 2, name, ha="right", va="center", fontsize=10)
        for j, card in enumerate(cards):
            x = offset + j * (card_w + gap)
            ax.add_patch(
                FancyBboxPatch(
                    (x, y),
                    card_w,
                    card_h,
                    boxstyle="round,pad=0,rounding_size=0.08",
                    facecolor="white",
                    edgecolor="#444444",
                    linewidth=1.0,
                )
            )
            text = format_cards([card])
            rank, suit = text[:-1], text[-1]
            ax.text(
                x + card_w / 2,
                y + card_h / 2,
                f"{rank}\n{SUIT_SYMBOLS.get(suit, suit)}",
                ha="center",
                va="center",
                fontsize=13,
                fontweight="bold",
                fontfamily=CARD_FONT,
                color=SUIT_COLOURS.get(suit, "#7b1fa2"),
                linespacing=1.1,
            )
        note = words[i]
        if row_royalties is not None:
            note += f"  (+{row_royalties[i]})" if row_royalties[i] else ""
        ax.text(5 * (card_w + gap) + 0.2, y + card_h / 2, note, va="center", fontsize=9)
    ax.set_xlim(-1.6, 11.4)
    ax.set_ylim(-2 * (card_h + 0.3) - 0.15, card_h + 0.15)
    ax.set_aspect("equal")
    ax.axis("off")
    if the_board.fouled:
        title = "fouled board"
    elif row_royalties is not None:
        title = f"royalties {sum(row_royalties)}"
    else:
        title = "OFC board"
    if the_board.decks == 2:
        title += " (double deck)"
    ax.set_title(title)
    return fig


def _decks_of(board: Any) -> int:
    return board.decks if isinstance(board, Board) else 1


def _row_words(board: Board) -> list[str]:
    front, middle, back = board.strengths
    five = describe if board.decks == 1 else describe_five
    return [describe(front, "incomplete"), five(middle), five(back)]
