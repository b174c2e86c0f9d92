"""pyrankcore.plot: each picture renders to a PNG of the right size, is not
blank, carries the labels it promises and draws the numbers of its input;
bad inputs raise the library's errors."""

import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("matplotlib", reason="the pictures need matplotlib (the plot extra)")

from matplotlib.figure import Figure  # noqa: E402

import pyrankcore  # noqa: E402
from pyrankcore import GRID_NAMES, ofc, plot  # noqa: E402
from pyrankcore.errors import (  # noqa: E402
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    RangeSyntaxError,
)


def cell(name):
    return divmod(GRID_NAMES.index(name), 13)


def grid_data(fig):
    return np.asarray(fig.axes[0].images[0].get_array())


# ------------------------------------------------------------------ ranges


def test_range_grid_renders_with_its_labels(check_png):
    fig = plot.range_grid("TT+, AKs, 76s-54s:0.5")
    assert isinstance(fig, Figure)
    found = check_png(fig)
    for name in ("AA", "TT", "AKs", "AKo", "72o", "22"):
        assert name in found
    assert "76s\n0.5" in found  # a partial weight is written in its cell
    assert "40 combos (3.0% of 1,326)" in found  # 5 pairs x 6 + 4 + 3 x 4 x 0.5
    assert "weight" in found  # the colour bar
    assert found.count("A") >= 2 and found.count("2") >= 2  # both rank axes


def test_range_grid_shades_each_class_by_its_weighted_share(texts):
    w = grid_data(plot.range_grid("AsKs, QQ:0.5, 72o"))
    assert w[cell("AKs")] == 0.25
    assert w[cell("QQ")] == 0.5
    assert w[cell("72o")] == 1.0
    assert w.sum() == 1.75
    found = texts(plot.range_grid("AsKs, QQ:0.5, 72o, 76s:0.001"))
    assert {"AKs\n0.25", "QQ\n0.5", "72o", "76s\n0.001"} <= set(found)
    # suited above the diagonal, offsuit below
    assert cell("AKs") == (0, 1) and cell("AKo") == (1, 0)


def test_range_grid_takes_parse_range_output():
    text = "TT-77, A5s-A2s:0.25, KQo"
    assert np.array_equal(
        grid_data(plot.range_grid(text)), grid_data(plot.range_grid(pyrankcore.parse_range(text)))
    )


def test_range_grid_refuses_bad_ranges():
    with pytest.raises(RangeSyntaxError):
        plot.range_grid("AKx")
    with pytest.raises(InvalidArgumentError, match="two cards"):
        plot.range_grid(pyrankcore.parse_range("AAKK", hole_cards=4))
    with pytest.raises(InvalidArgumentError, match="listed twice"):
        plot.range_grid([((51, 47), 1.0), ((47, 51), 1.0)])
    with pytest.raises(InvalidArgumentError, match=r"\(0, 1\]"):
        plot.range_grid([((51, 47), 1.5)])
    with pytest.raises(DuplicateCardError):
        plot.range_grid([((51, 51), 1.0)])
    with pytest.raises(TypeError):
        plot.range_grid([((51, 47), "1")])
    with pytest.raises(TypeError):
        plot.range_grid(42)


# ---------------------------------------------------------- preflop matrix


def fake_matrix(seed=1):
    """A 169 x 169 matrix shaped like the preflop matrix: m + m.T == 1."""
    upper = np.random.default_rng(seed).uniform(size=(169, 169))
    return (upper + 1.0 - upper.T) / 2


class Labelled:
    """A matrix-like object that only converts to an array."""

    def __init__(self, m):
        self.m = m

    def __array__(self, dtype=None, copy=None):
        return self.m


PAIRS = [name for name in GRID_NAMES if len(name) == 2]


def tick_labels(ax):
    return [t for t in ax.get_xticklabels() + ax.get_yticklabels() if t.get_text()]


def test_preflop_heatmap_of_the_whole_matrix(texts):
    # drawn, not saved: the PNG of a heatmap is checked with some hands below
    m = fake_matrix()
    fig = plot.preflop_heatmap(Labelled(m))
    found = texts(fig)
    assert np.array_equal(grid_data(fig), m)
    assert "Hold'em preflop equity, heads-up" in found
    # readable labels: 169 rows cannot each take a 7-point label, so the
    # pairs are labelled on both axes, at their own rows
    labels = tick_labels(fig.axes[0])
    assert [t.get_text() for t in labels] == PAIRS + PAIRS
    assert min(t.get_fontsize() for t in labels) >= plot.MIN_LABEL_POINTS
    assert list(fig.axes[0].get_yticks()) == [GRID_NAMES.index(p) for p in PAIRS]
    # the values: each class against a random hand, written on the grid
    weights = pyrankcore.preflop.random_hand_weights()
    value = (weights * m).sum(axis=1) / weights.sum(axis=1)
    cells = {t.split("\n")[0]: t.split("\n")[1] for t in found if "\n" in t}
    assert set(cells) == set(GRID_NAMES)
    assert all(cells[name] == f"{v:.0%}" for name, v in zip(GRID_NAMES, value))
    assert "against a random hand" in found
    # the cell under the pointer, in words
    row, col = GRID_NAMES.index("AKs"), GRID_NAMES.index("QQ")
    assert fig.axes[0].format_coord(col, row) == f"AKs against QQ: {m[row, col]:.1%}"
    # into an axes of the caller's own: the matrix alone, labelled the same
    own = Figure()
    drawn = plot.preflop_heatmap(m, ax=own.add_subplot())
    assert drawn is own and "against a random hand" not in texts(own)
    assert [t.get_text() for t in tick_labels(own.axes[0])] == PAIRS + PAIRS


def test_random_hand_weights_count_the_combos_that_share_no_card():
    w = pyrankcore.preflop.random_hand_weights()
    assert (w.sum(axis=1) == 1225).all()  # C(50, 2) for every class
    aa, ak_suited, ak_off = (GRID_NAMES.index(h) for h in ("AA", "AKs", "AKo"))
    assert w[aa, aa] == 1 and w[aa, ak_suited] == 2 and w[aa, ak_off] == 6
    assert w[ak_suited, ak_suited] == 3 and w[ak_suited, ak_off] == 6


def test_preflop_heatmap_values_against_a_random_hand(preflop_cache_dir, monkeypatch, texts):
    # Published equities of a hand against a random hand: AA 85.2%, KK 82.4%,
    # AKs 67.0%, 72o 34.6%, 32o 32.3%.
    monkeypatch.setenv("PYRANKCORE_CACHE_DIR", str(preflop_cache_dir))
    m = np.asarray(pyrankcore.preflop_matrix())
    w = pyrankcore.preflop.random_hand_weights()
    value = dict(zip(GRID_NAMES, (w * m).sum(axis=1) / w.sum(axis=1)))
    published = {"AA": 0.852, "KK": 0.824, "AKs": 0.670, "72o": 0.346, "32o": 0.323}
    for name, equity in published.items():
        assert value[name] == pytest.approx(equity, abs=0.0006), name
    found = texts(plot.preflop_heatmap())
    assert {"AA\n85%", "KK\n82%", "72o\n35%"} <= set(found)


def test_preflop_heatmap_of_many_hands_labels_every_few(texts):
    m = fake_matrix()
    hands = list(GRID_NAMES[:100])
    fig = plot.preflop_heatmap(m, hands=hands)
    labels = tick_labels(fig.axes[0])
    assert min(t.get_fontsize() for t in labels) >= plot.MIN_LABEL_POINTS
    shown = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert shown[0] == hands[0] and 10 <= len(shown) < 100
    assert "against a random hand" not in texts(fig)  # values: for the whole matrix


def test_preflop_heatmap_of_some_hands_writes_the_equities(check_png, texts):
    m = fake_matrix()
    hands = ["AA", "KK", "AKs", "72o"]
    fig = plot.preflop_heatmap(m, hands=hands)
    found = check_png(fig)
    index = [GRID_NAMES.index(h) for h in hands]
    assert np.array_equal(grid_data(fig), m[np.ix_(index, index)])
    assert found.count("50%") >= 4  # the diagonal
    assert f"{m[index[0], index[3]]:.0%}" in found
    # a small matrix of its own, named by hands=
    small = np.array([[0.5, 0.8195], [0.1805, 0.5]])
    fig = plot.preflop_heatmap(small, hands=["AA", "KK"])
    assert {"82%", "18%"} <= set(texts(fig))


def test_preflop_heatmap_reads_the_cached_matrix(preflop_cache_dir, monkeypatch):
    monkeypatch.setenv("PYRANKCORE_CACHE_DIR", str(preflop_cache_dir))
    fig = plot.preflop_heatmap(hands=["AA", "KK"])
    data = grid_data(fig)
    assert round(float(data[0, 1]), 4) == 0.8195  # AA against KK
    assert data[0, 1] + data[1, 0] == pytest.approx(1.0)


def test_preflop_heatmap_refuses_bad_matrices():
    with pytest.raises(InvalidArgumentError, match="square"):
        plot.preflop_heatmap(np.zeros((3, 4)))
    with pytest.raises(InvalidArgumentError, match="hands="):
        plot.preflop_heatmap(np.full((3, 3), 0.5))
    with pytest.raises(InvalidArgumentError, match="between 0 and 1"):
        plot.preflop_heatmap(fake_matrix() * 2)
    with pytest.raises(InvalidArgumentError, match="between 0 and 1"):
        plot.preflop_heatmap(np.full((169, 169), np.nan))
    with pytest.raises(InvalidArgumentError, match="unknown grid names"):
        plot.preflop_heatmap(fake_matrix(), hands=["AA", "AKx"])
    with pytest.raises(InvalidArgumentError, match="needs 3 hands"):
        plot.preflop_heatmap(np.full((3, 3), 0.5), hands=["AA", "KK"])
    with pytest.raises(InvalidArgumentError, match="different"):
        plot.preflop_heatmap(fake_matrix(), hands=["AA", "AA"])
    with pytest.raises(TypeError):
        plot.preflop_heatmap(fake_matrix(), hands="AA")


# ------------------------------------------------------------------ equity

FLOP = "Kd 7s 2c"


@pytest.fixture(scope="module")
def streets():
    boards = [FLOP, FLOP + " 9h", FLOP + " 9h Qc"]
    return [pyrankcore.equity("Hold'em", ["AhKh", "QsQd"], b, exact=True) for b in boards]


def bar_parts(ax):
    """(x or y, left or bottom, width or height) of every bar, in drawing order."""
    return [(p.get_x(), p.get_y(), p.get_width(), p.get_height()) for p in ax.patches]


def test_equity_chart_of_one_result(streets, check_png, texts):
    result = streets[0]
    fig = plot.equity_chart(result)
    found = check_png(fig)
    for label in (*result.hands, "win", "tie (split pots)"):
        assert label in found
    assert f"Hold'em, board {result.board} (exact, 990 deals)" in found
    for p in result.players:
        ties = f" (ties {p.tie:.1%})" if p.tie else ""
        assert f"{p.equity:.1%}{ties}" in found
    assert "100%" in found and "120%" not in found
    tied = pyrankcore.equity("Hold'em", ["AhKc", "AdKs"], FLOP, exact=True)
    p = tied.players[0]
    assert p.tie > 0.9
    assert f"{p.equity:.1%} (ties {p.tie:.1%})" in texts(plot.equity_chart(tied))
    bars = bar_parts(fig.axes[0])
    # two players: the wins, then the split-pot shares stacked on them
    wins, splits = bars[:2], bars[2:4]
    for p, (_, _, w, _), (left, _, s, _) in zip(result.players, wins, splits):
        assert w == pytest.approx(p.win) and left == pytest.approx(p.win)
        assert w + s == pytest.approx(p.equity)
        assert p.win == p.wins / 990


def test_equity_chart_by_street(streets, check_png, texts):
    fig = plot.equity_chart(streets)
    found = check_png(fig)
    assert f"flop\n{streets[0].board}" in found
    assert f"turn\n{streets[1].board}" in found
    assert f"river\n{streets[2].board}" in found
    assert set(streets[0].hands) == {"Ah Kh", "Qs Qd"} <= set(found)
    assert "Hold'em: equity by street" in found
    heights = [h for _, _, _, h in bar_parts(fig.axes[0])]
    # per player: three win bars, then three split bars
    aces_win = heights[:3]
    assert aces_win == pytest.approx([r.players[0].win for r in streets])
    fig = plot.equity_chart(streets, streets=["3", "4", "5"])
    assert {"3", "4", "5"} <= set(texts(fig))


def test_equity_chart_of_a_hilo_result(check_png, texts):
    result = pyrankcore.equity("Omaha Hi-Lo 8", ["As2sQdJd", "3h4c8hKc"], "5s7dKh")
    fig = plot.equity_chart(result)
    found = check_png(fig)
    for label in ("high half", "low half", "scoop (whole pot)", *result.hands):
        assert label in found
    bars = bar_parts(fig.axes[0])
    highs, lows, scoops = bars[:2], bars[2:4], bars[4:6]
    for p, h, lo, sc in zip(result.players, highs, lows, scoops):
        assert h[2] == pytest.approx(p.high)
        assert lo[2] == pytest.approx(p.low) and lo[0] == pytest.approx(p.high)
        assert h[2] + lo[2] == pytest.approx(p.equity)
        assert sc[2] == pytest.approx(p.win)
    by_street = plot.equity_chart([result, result], streets=["a", "b"])
    assert "scoop" in texts(by_street)


def test_equity_chart_refuses_bad_input(streets):
    hilo = pyrankcore.equity("Omaha Hi-Lo 8", ["As2sQdJd", "3h4c8hKc"], "5s7dKh")
    three = pyrankcore.equity("Hold'em", ["AhKh", "QsQd", "5c5d"], FLOP + " 9h Qc")
    with pytest.raises(InvalidArgumentError):
        plot.equity_chart([])
    with pytest.raises(InvalidArgumentError, match="same players"):
        plot.equity_chart([streets[0], three])
    with pytest.raises(InvalidArgumentError, match="same players"):
        plot.equity_chart([streets[0], hilo])
    with pytest.raises(InvalidArgumentError, match="3 street labels"):
        plot.equity_chart(streets, streets=["flop"])
    with pytest.raises(InvalidArgumentError, match="sequence"):
        plot.equity_chart(streets[0], streets=["flop"])
    with pytest.raises(TypeError):
        plot.equity_chart([streets[0], "flop"])
    with pytest.raises(TypeError):
        plot.equity_chart("AhKh")
    with pytest.raises(TypeError):
        plot.equity_chart(streets, streets="abc")


# ----------------------------------------------------------- probabilities


@pytest.fixture(scope="module")
def five_cards():
    return pyrankcore.probabilities("high", 5)


def test_probability_chart(five_cards, check_png):
    table = five_cards
    fig = plot.probability_chart(table)
    found = check_png(fig)
    for row in table.rows:
        assert row.name in found
    assert "5-card hands, high: 52 cards, 2,598,960 hands" in found
    assert any(t.endswith(f"({table['Straight Flush'].odds})") for t in found)
    widths = [w for _, _, w, _ in bar_parts(fig.axes[0])]
    assert widths == [r.probability for r in table.rows]
    assert fig.axes[0].get_xscale() == "log"
    linear = plot.probability_chart(table, log=False)
    assert linear.axes[0].get_xscale() == "linear"
    assert linear.axes[0].get_xlim() == (0.0, 1.0)


def test_probability_chart_refuses_other_input(five_cards):
    with pytest.raises(TypeError):
        plot.probability_chart({"Flush": 5108})
    with pytest.raises(TypeError):
        plot.probability_chart(five_cards, log="yes")


# --------------------------------------------------------------------- OFC

ROWS = ("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")  # royalties 1 + 0 + 6


def card_texts(fig):
    from matplotlib.text import Text

    return {t.get_text(): t.get_color() for t in fig.findobj(Text) if "\n" in t.get_text()}


def test_ofc_board_draws_the_cards_in_suit_colours(check_png):
    board = ofc.Board(*ROWS)
    fig = plot.ofc_board(board, rules=ofc.Rules())
    found = check_png(fig)
    assert {"front", "middle", "back", "royalties 7"} <= set(found)
    assert any(t.startswith("Full House, Threes full of Twos") and "+6" in t for t in found)
    cards = card_texts(fig)
    assert len(cards) == 13
    assert cards["6\n\u2660"] != cards["6\n\u2663"] != cards["4\n\u2665"]
    assert cards["3\n\u2665"] == cards["4\n\u2665"]


def test_ofc_board_shows_the_standard_royalties_by_default(check_png, texts):
    # A player reading a board expects its royalties: without rules= they
    # are the standard ones, the same as rules=ofc.Rules().
    fig = plot.ofc_board(ROWS)  # rows as text
    found = texts(fig)
    assert found == texts(plot.ofc_board(ROWS, rules=ofc.Rules()))
    assert "royalties 7" in found
    assert any(t.startswith("Full House, Threes full of Twos") and "+6" in t for t in found)
    no_front = ofc.Rules(royalties=ofc.RoyaltyTable(front_pairs=(0,) * 13))
    assert "royalties 6" in texts(plot.ofc_board(ROWS, rules=no_front))
    # royalties=False draws the board alone
    bare = texts(plot.ofc_board(ROWS, royalties=False))
    assert "OFC board" in bare and not any("+" in t or "royalties" in t for t in bare)
    with pytest.raises(InvalidArgumentError, match="royalties=False"):
        plot.ofc_board(ROWS, rules=ofc.Rules(), royalties=False)
    with pytest.raises(TypeError, match="royalties"):
        plot.ofc_board(ROWS, royalties="no")
    fouled = plot.ofc_board(("Ah Ad Kc", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d"))
    assert "fouled board" in check_png(fouled)


def test_ofc_board_double_deck(texts):
    rows = ("Qs Qs 2c", "Ah Ah Kh Qh Jh", "9c 9c 9d 9d 9s")
    fig = plot.ofc_board(ofc.Board(*rows, decks=2), rules=ofc.Rules(decks=2))
    found = texts(fig)
    assert "royalties 30 (double deck)" in found
    # the default rules follow the board's decks
    assert texts(plot.ofc_board(ofc.Board(*rows, decks=2))) == found
    assert any(t.startswith("Five of a Kind, Nines") for t in found)
    with pytest.raises(InvalidArgumentError, match="double-deck"):
        plot.ofc_board(ofc.Board(*rows, decks=2), rules=ofc.Rules())


def test_ofc_board_refuses_bad_input():
    with pytest.raises(HandSizeError):
        plot.ofc_board(("6s 6c", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d"))
    with pytest.raises(DuplicateCardError):
        plot.ofc_board(("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 6s"))
    with pytest.raises(TypeError):
        plot.ofc_board(ROWS, rules={"decks": 2})
    with pytest.raises(TypeError):
        plot.ofc_board(42)


# --------------------------------------------------- axes and matplotlib


def test_each_function_draws_into_a_given_axes(streets, five_cards):
    fig = Figure(figsize=(10, 8))
    axes = fig.subplots(2, 3).flat
    drawn = [
        plot.range_grid("AA", ax=axes[0]),
        plot.preflop_heatmap(np.full((2, 2), 0.5), hands=["AA", "KK"], ax=axes[1]),
        plot.equity_chart(streets[0], ax=axes[2]),
        plot.equity_chart(streets, ax=axes[3]),
        plot.probability_chart(five_cards, ax=axes[4]),
        plot.ofc_board(ROWS, ax=axes[5]),
    ]
    assert all(f is fig for f in drawn)
    assert all(ax.has_data() or ax.texts for ax in fig.axes[:6])
    sub = Figure().subfigures(1, 2)[1]
    assert plot.range_grid("AA", ax=sub.add_subplot()) is sub.figure
    with pytest.raises(TypeError, match="Axes"):
        plot.range_grid("AA", ax=fig)


def test_a_missing_matplotlib_says_what_to_install(monkeypatch):
    for name in list(sys.modules):
        if name == "matplotlib" or name.startswith("matplotlib."):
            monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(ImportError, match=r'pip install "pyrankcore\[plot\]"') as info:
        plot.range_grid("AA")
    assert "pip install matplotlib" in str(info.value)


def test_importing_pyrankcore_and_its_plot_module_needs_no_matplotlib(tmp_path):
    code = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "import pyrankcore, pyrankcore.plot\n"
        "print(sorted(m for m in sys.modules if m.startswith('matplotlib.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


# ------------------------------------------------------------ notebooks


def test_figures_show_themselves_in_a_notebook():
    # A Figure made without pyplot has no display of its own: a notebook
    # printed "<Figure size 640x560 with 2 Axes>" unless %matplotlib inline
    # ran. The figures carry _repr_png_, which Jupyter calls.
    import pickle

    fig = plot.range_grid("AA")
    assert isinstance(fig, Figure) and isinstance(fig, plot.PictureFigure)
    png = fig._repr_png_()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000
    again = pickle.loads(pickle.dumps(fig))
    assert type(again) is plot.PictureFigure
    # a figure of the user's own (ax=) stays theirs
    own = Figure()
    assert type(plot.range_grid("AA", ax=own.add_subplot())) is Figure


def test_ipython_displays_the_figure_as_a_png():
    pytest.importorskip("IPython")
    from IPython.core.formatters import DisplayFormatter

    data, _ = DisplayFormatter().format(plot.ofc_board(ROWS))
    assert data["image/png"].startswith(b"\x89PNG")


def test_the_notebook_display_imports_no_pyplot(tmp_path):
    code = (
        "import sys; from pyrankcore import plot\n"
        "assert 'matplotlib' not in sys.modules\n"
        "png = plot.range_grid('AA')._repr_png_()\n"
        "assert png[:4] == b'\\x89PNG' and 'matplotlib.pyplot' not in sys.modules\n"
    )
    # outside the checkout, whose source folder would shadow the installed package
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120, cwd=tmp_path)
