"""Draw the documentation's pictures into docs/images/ (or the folder given).

    python docs/make_pictures.py [FOLDER]

Needs matplotlib (``pip install ".[plot]"``). Every input is fixed and
every equity exact, so the pictures change only when the library or
matplotlib does; the preflop matrix comes from its cache (computed on the
first call, see ``pyrankcore.preflop_matrix``).
"""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

from PIL import Image  # matplotlib's own dependency

import pyrankcore
from pyrankcore import ofc, plot

FOLDER = Path(__file__).resolve().parent / "images"
DPI = 100  # the pages show them at this size
# Saved with a palette of this many colours: a third of the bytes of
# matplotlib's RGBA files (a heatmap's shades and antialiased text) and no
# visible difference; no metadata (matplotlib's version) either.
COLOURS = 256


def range_picture():
    return plot.range_grid("TT+, AJs+, KQs, AQo+, A5s-A2s:0.5, 98s-65s:0.5")


def preflop_picture():
    hands = ["AA", "KK", "QQ", "TT", "77", "22", "AKs", "AKo", "AQs", "KQs", "JTs", "76s", "72o"]
    return plot.preflop_heatmap(pyrankcore.preflop_matrix(), hands=hands)


def streets_picture():
    hands = ["AhKh", "QsQd"]
    boards = ["", "Kd 7s 2c", "Kd 7s 2c 9h", "Kd 7s 2c 9h Qc"]
    results = [pyrankcore.equity("Hold'em", hands, board, exact=True) for board in boards]
    return plot.equity_chart(results)


def hilo_picture():
    result = pyrankcore.equity(
        "Omaha Hi-Lo 8", ["As2sQdJd", "3h4c8hKc", "AdKs9c8d"], "5s7dKh", exact=True
    )
    return plot.equity_chart(result)


def probabilities_picture():
    return plot.probability_chart(pyrankcore.probabilities("high", 5))


# The board docs/pictures.md draws in its code, the same as its picture (a
# test checks that they agree).
OFC_ROWS = ("Qh Qd 4c", "9s 9h 9d Jc 2s", "Th 8h 7h 4h 2h")


def ofc_picture():
    return plot.ofc_board(ofc.Board(*OFC_ROWS))  # the standard royalties


def solver_picture():
    # docs/river_cfr.py, the worked solver, beside this script
    spec = importlib.util.spec_from_file_location(
        "river_cfr", Path(__file__).with_name("river_cfr.py")
    )
    river_cfr = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(river_cfr)
    game = river_cfr.RiverGame(river_cfr.BOARD, (river_cfr.OOP_RANGE, river_cfr.IP_RANGE))
    return river_cfr.convergence_figure(game.solve(500))


def buckets_picture():
    # docs/flop_buckets.py, the card-abstraction example, beside this script
    spec = importlib.util.spec_from_file_location(
        "flop_buckets", Path(__file__).with_name("flop_buckets.py")
    )
    flop_buckets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(flop_buckets)
    return flop_buckets.bucket_figure(flop_buckets.flop_buckets())


# file name -> the function that draws it, in the order the pages show them
PICTURES = {
    "range_grid.png": range_picture,
    "preflop_heatmap.png": preflop_picture,
    "equity_streets.png": streets_picture,
    "equity_hilo.png": hilo_picture,
    "probabilities.png": probabilities_picture,
    "ofc_board.png": ofc_picture,
    "river_cfr.png": solver_picture,
    "flop_buckets.png": buckets_picture,
}


def main(argv: list[str] | None = None) -> list[Path]:
    """Write every picture; returns the paths written."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1:
        raise SystemExit("usage: python docs/make_pictures.py [FOLDER]")
    folder = Path(args[0]) if args else FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, draw in PICTURES.items():
        path = folder / name
        buffer = io.BytesIO()
        draw().savefig(buffer, format="png", dpi=DPI)
        buffer.seek(0)
        with Image.open(buffer) as image:
            image.convert("RGB").quantize(COLOURS).save(path, optimize=True)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in main():
        print(f"{path} ({path.stat().st_size:,} bytes)")
