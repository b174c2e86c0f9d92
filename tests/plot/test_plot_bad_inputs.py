"""Odd inputs to the pictures get the library's errors (TypeError for a
wrong type), never one from NumPy or matplotlib, and a board is taken as
text the way the command line and pyrankcore.ofc take it."""

import numpy as np
import pytest

pytest.importorskip("matplotlib", reason="the pictures need matplotlib (the plot extra)")

from matplotlib import colormaps  # noqa: E402

import pyrankcore  # noqa: E402
from pyrankcore import ofc, plot  # noqa: E402
from pyrankcore.errors import InvalidArgumentError  # noqa: E402

IVEY = "6s 6c 4h / Td Ts 9c Qs 8c / 3h 3d 3s 2h 2d"
TWO = ["AA", "KK"]


@pytest.mark.parametrize(
    "draw",
    [
        lambda **kw: plot.range_grid("AKs", **kw),
        lambda **kw: plot.preflop_heatmap(np.full((2, 2), 0.5), hands=TWO, **kw),
    ],
    ids=["range_grid", "preflop_heatmap"],
)
def test_an_unknown_colormap_is_the_librarys_error(draw):
    with pytest.raises(InvalidArgumentError, match="unknown colormap 'no such map'"):
        draw(cmap="no such map")
    with pytest.raises(TypeError, match="cmap must be a colormap name or a Colormap, not int"):
        draw(cmap=5)
    # A Colormap object draws as a name does.
    assert draw(cmap=colormaps["viridis"]).axes[0].images[0].get_cmap().name == "viridis"


@pytest.mark.parametrize(
    ("matrix", "error", "words"),
    [
        ([[0.5], [0.5, 0.5]], InvalidArgumentError, "rows differ in length"),
        ("abc", TypeError, "real numbers"),
        (np.full((2, 2), 0.5 + 0.5j), TypeError, "real numbers, not dtype complex128"),
        ({"AA": 0.5}, TypeError, "real numbers"),
    ],
    ids=["ragged", "text", "complex", "dict"],
)
def test_a_heatmap_of_no_numbers_is_the_librarys_error(matrix, error, words):
    with pytest.raises(error, match=words):
        plot.preflop_heatmap(matrix, hands=TWO)


def test_a_heatmap_takes_integers_and_nested_lists():
    fig = plot.preflop_heatmap([[0, 1], [1, 0]], hands=TWO)
    assert np.array_equal(np.asarray(fig.axes[0].images[0].get_array()), [[0.0, 1.0], [1.0, 0.0]])


def _rows_drawn(fig):
    return [t.get_text() for t in fig.axes[0].texts]


def test_ofc_board_takes_the_text_the_command_line_takes():
    as_text = plot.ofc_board(IVEY, rules=ofc.Rules())
    as_rows = plot.ofc_board(tuple(r.strip() for r in IVEY.split("/")), rules=ofc.Rules())
    assert _rows_drawn(as_text) == _rows_drawn(as_rows)
    assert as_text.axes[0].get_title() == "royalties 7"
    with pytest.raises(InvalidArgumentError, match="three rows separated by '/'"):
        plot.ofc_board("6s 6c 4h / Td Ts 9c Qs 8c")


def test_a_street_chart_is_of_the_same_hands_in_the_same_game():
    flop = pyrankcore.equity("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")
    other_hands = pyrankcore.equity("Hold'em", ["AhKh", "JsJd"], "Kd7s2c")
    other_game = pyrankcore.equity("Short-deck Hold'em", ["AhKh", "QsQd"], "Kd7s6c")
    for mixed in ([flop, other_hands], [flop, other_game]):
        with pytest.raises(InvalidArgumentError, match="same players and the same game"):
            plot.equity_chart(mixed)
