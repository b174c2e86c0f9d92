"""Card abstraction for one flop: every hand's features from
``pyrankcore.features``, bucketed by k-means in plain NumPy, two ways.

    python docs/flop_buckets.py [BOARD] [BUCKETS]

* **By EHS²** (the expected square of the hand's river strength): one
  number a hand, so the buckets are intervals of EHS².
* **By the river-equity histogram** (the share of runouts that leave the
  hand at each level of strength): hands with the same EHS² but different
  shapes (a made hand against a draw) land apart. Between two histograms
  on one axis the earth mover's distance is the L1 distance of their
  cumulative sums; k-means needs squared L2 distances, so it runs on the
  cumulative sums, the usual stand-in (Johanson et al. 2013 cluster by the
  earth mover's distance itself).

Buckets are numbered from the weakest (0) to the strongest by their hands'
mean EHS. ``docs/make_pictures.py`` draws the flop's 13 x 13 grid of
buckets from :func:`bucket_grid`; the page is docs/features.md.
"""

from __future__ import annotations

import sys
from typing import NamedTuple

import numpy as np

import pyrankcore as prc
from pyrankcore import features
from pyrankcore.boards import hole_combos

BOARD = "Qs 9d 7h"
BUCKETS = 8
RANKS = "AKQJT98765432"  # the grid's rows and columns, aces first


def kmeans(points: np.ndarray, k: int, *, seed: int = 0, rounds: int = 100) -> np.ndarray:
    """Lloyd's k-means with k-means++ seeding over the rows of *points*
    (n, d): each row's cluster, 0..k-1. Deterministic for a seed."""
    points = np.asarray(points, dtype=np.float64)
    n = len(points)
    if not 1 <= k <= n:
        raise ValueError(f"k must be 1..{n} for {n} points, got {k}")
    rng = np.random.default_rng(seed)
    centres = [points[rng.integers(n)]]
    nearest = ((points - centres[0]) ** 2).sum(axis=1)
    for _ in range(1, k):
        # k-means++: the next centre drawn in proportion to the squared
        # distance to the nearest centre so far
        total = nearest.sum()
        pick = rng.choice(n, p=nearest / total) if total > 0 else rng.integers(n)
        centres.append(points[pick])
        nearest = np.minimum(nearest, ((points - centres[-1]) ** 2).sum(axis=1))
    centre = np.array(centres)
    labels = np.zeros(n, dtype=np.intp)
    for _ in range(rounds):
        distance = ((points[:, None, :] - centre[None, :, :]) ** 2).sum(axis=2)
        labels = distance.argmin(axis=1)
        moved = np.array(
            [
                points[labels == j].mean(axis=0) if (labels == j).any() else centre[j]
                for j in range(k)
            ]
        )
        if np.array_equal(moved, centre):
            break
        centre = moved
    return labels


def by_strength(labels: np.ndarray, ehs: np.ndarray) -> np.ndarray:
    """*labels* renumbered so that bucket 0 has the lowest mean EHS."""
    used = np.unique(labels)
    order = used[np.argsort([ehs[labels == j].mean() for j in used], kind="stable")]
    rank = np.empty(labels.max() + 1, dtype=np.intp)
    rank[order] = np.arange(len(order))
    return rank[labels]


class FlopBuckets(NamedTuple):
    combos: np.ndarray  # (n, 2) card ids of the hands that miss the board
    ehs: np.ndarray
    ehs2: np.ndarray
    by_ehs2: np.ndarray  # each hand's bucket, 0 = weakest
    by_histogram: np.ndarray


def flop_buckets(board: str = BOARD, k: int = BUCKETS, *, bins: int = 10) -> FlopBuckets:
    """Every hand of the flop *board* (against a random hand), bucketed."""
    f = features.strength_features(board, bins=bins, potential=False)
    live = ~np.isnan(f.ehs)  # combos that share a card with the board are NaN
    ehs, ehs2, histogram = f.ehs[live], f.ehs2[live], f.histogram[live]
    return FlopBuckets(
        hole_combos("Hold'em")[live],
        ehs,
        ehs2,
        by_strength(kmeans(ehs2[:, None], k), ehs),
        by_strength(kmeans(np.cumsum(histogram, axis=1), k), ehs),
    )


def grid_cell(combo: np.ndarray) -> tuple[int, int]:
    """(row, column) of a two-card hand on the 13 x 13 grid: pairs on the
    diagonal, suited hands above it, offsuit below."""
    first, second = sorted(12 - int(c) // 4 for c in combo)  # 0 = ace
    if first == second or int(combo[0]) % 4 == int(combo[1]) % 4:
        return first, second
    return second, first


def bucket_grid(buckets: np.ndarray, combos: np.ndarray) -> np.ndarray:
    """The 13 x 13 grid of the bucket most of each class's hands are in
    (the higher on a tie; -1 where every hand of the class hits the board)."""
    votes = np.zeros((13, 13, int(buckets.max()) + 1), dtype=np.int64)
    for combo, bucket in zip(combos, buckets):
        row, column = grid_cell(combo)
        votes[row, column, bucket] += 1
    grid = votes.shape[2] - 1 - votes[:, :, ::-1].argmax(axis=2)
    grid[votes.sum(axis=2) == 0] = -1
    return grid


def bucket_figure(b: FlopBuckets, board: str = BOARD):  # -> matplotlib Figure
    """The two bucketings side by side on the 13 x 13 grid (matplotlib,
    without pyplot)."""
    from matplotlib.figure import Figure

    k = int(max(b.by_ehs2.max(), b.by_histogram.max())) + 1
    fig = Figure(figsize=(9.6, 4.4), layout="constrained")
    axes = fig.subplots(1, 2)
    for ax, labels, title in (
        (axes[0], b.by_ehs2, "by EHS²"),
        (axes[1], b.by_histogram, "by river-equity histogram"),
    ):
        grid = bucket_grid(labels, b.combos)
        shown = np.ma.masked_less(grid, 0)
        image = ax.imshow(shown, cmap="viridis", vmin=0, vmax=k - 1)
        for row in range(13):
            for column in range(13):
                if grid[row, column] >= 0:
                    dark = grid[row, column] < k / 2
                    ax.text(
                        column,
                        row,
                        str(grid[row, column]),
                        ha="center",
                        va="center",
                        fontsize=7,
                        color="white" if dark else "black",
                    )
        ax.set_xticks(range(13), list(RANKS))
        ax.set_yticks(range(13), list(RANKS))
        ax.tick_params(length=0, labelsize=8)
        ax.set_title(f"{k} buckets {title}", fontsize=10)
    fig.colorbar(image, ax=list(axes), shrink=0.8, label="bucket (0 = weakest)")
    fig.suptitle(
        f"Flop {board}: each class's most common bucket (suited above the diagonal)", fontsize=10
    )
    return fig


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    board = args[0] if args else BOARD
    k = int(args[1]) if len(args) > 1 else BUCKETS
    b = flop_buckets(board, k)
    print(f"flop {prc.format_cards(prc.parse_cards(board))}: {len(b.combos)} hands, {k} buckets")
    print("bucket   by EHS²: hands  mean EHS   by histogram: hands  mean EHS")
    for j in range(k):
        a, h = b.by_ehs2 == j, b.by_histogram == j
        print(f"{j:>6} {a.sum():>16} {b.ehs[a].mean():>9.3f} {h.sum():>21} {b.ehs[h].mean():>9.3f}")


if __name__ == "__main__":
    main()
