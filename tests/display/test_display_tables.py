"""Probability tables and OFC boards in the REPL and notebooks."""

import json
import re
from fractions import Fraction

import pytest

import pyrankcore
from pyrankcore import _display
from pyrankcore.ofc import Board


@pytest.fixture(scope="module")
def five():
    return pyrankcore.probabilities("high", 5)


@pytest.fixture(scope="module")
def jokers():
    return pyrankcore.probabilities("high", 5, wild="jokers")


def test_the_table_repr_is_one_aligned_line_per_row(five):
    lines = repr(five).splitlines()
    assert lines[0] == "HandProbabilities: 5-card hands, high, 52 cards (one deck): 2,598,960 hands"
    assert lines[1].split() == ["hand", "count", "probability", "odds", "against"]
    assert len(lines) == 2 + len(five.rows)
    for line, row in zip(lines[2:], five.rows):
        assert line.startswith(row.name)
        count, pct, odds = re.fullmatch(
            r"(?:[A-Za-z ]+?)\s+([\d,]+)\s+([\d.]+)%\s+([\d,.]+) : 1", line
        ).groups()
        assert int(count.replace(",", "")) == row.count
        assert float(pct) == pytest.approx(100 * row.probability, rel=1e-3)
        assert float(odds.replace(",", "")) == pytest.approx(row.odds_against, abs=0.005)
    # the published five-card counts, read back from the text
    read = {}
    for line in lines[2:]:
        name, count = re.match(r"(.+?)\s{2,}([\d,]+)", line).groups()
        read[name] = int(count.replace(",", ""))
    assert read == {
        "Straight Flush": 40,
        "Four of a Kind": 624,
        "Full House": 3744,
        "Flush": 5108,
        "Straight": 10200,
        "Three of a Kind": 54912,
        "Two Pair": 123552,
        "Pair": 1098240,
        "High Card": 1302540,
    }


def test_a_row_repr_shows_count_probability_and_odds(five):
    assert repr(five["Four of a Kind"]) == (
        "ProbabilityRow('Four of a Kind', count=624, probability=0.02401%, odds='4,164.00 : 1')"
    )


def test_the_markdown_text_is_unchanged(five):
    # str() is what the CLI prints: a title, a blank line and a Markdown table
    lines = str(five).splitlines()
    assert lines[:4] == [
        "5-card hands, high, 52 cards (one deck): 2,598,960 hands",
        "",
        "| hand | count | probability | odds against |",
        "|---|--:|--:|--:|",
    ]
    assert lines[4] == "| Straight Flush | 40 | 0.001539% | 64,973.00 : 1 |"


@pytest.mark.parametrize("name", ["five", "jokers"])
def test_the_html_table_has_a_row_per_category(name, request, read_html):
    table = request.getfixturevalue(name)
    html = read_html(table._repr_html_())
    assert html["caption"].endswith(f"{table.total:,} hands")
    assert html["header"] == ["hand", "count", "probability", "odds against"]
    assert [r[0] for r in html["texts"]] == [row.name for row in table.rows]
    for cells, row in zip(html["texts"], table.rows):
        assert int(cells[1].replace(",", "")) == row.count
        assert cells[3] == row.odds


@pytest.mark.parametrize("name", ["five", "jokers"])
def test_as_dict_is_plain_json_and_each_row_is_its_own_as_dict(name, request):
    table = request.getfixturevalue(name)
    d = table.as_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["rows"] == [row.as_dict() for row in table.rows]
    assert sum(r["count"] for r in d["rows"]) == d["total"] == table.total
    for r, row in zip(d["rows"], table.rows):
        assert Fraction(r["count"], d["total"]) == row.fraction


def test_to_frame_has_the_rows_by_name(jokers):
    pytest.importorskip("pandas")
    frame = jokers.to_frame()
    assert frame.shape == (len(jokers.rows), 3)
    assert frame.index.name == "name"
    assert list(frame.columns) == ["count", "probability", "odds_against"]
    assert list(frame.index) == [row.name for row in jokers.rows]
    assert frame.loc["Five of a Kind", "count"] == 13  # one per rank with the joker
    for row in jokers.rows:
        assert frame.loc[row.name, "count"] == row.count
        assert frame.loc[row.name, "probability"] == row.probability
        assert frame.loc[row.name, "odds_against"] == row.odds_against
    assert frame["count"].sum() == jokers.total


def test_probabilities_to_frame_without_pandas_says_how_to_install_it(five, no_pandas):
    with pytest.raises(ImportError, match=r"HandProbabilities.to_frame\(\).*pip install pandas"):
        five.to_frame()


# ---------------------------------------------------------------- OFC boards

IVEY = Board("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
FOULED = Board("As Ks 2c", "Ah Ad Kh Qh Jh", "9c 8c 7d 4d 3s")
DOUBLE = Board("Qs Qs 2c", "Ah Ah Kh Qh Jh", "9c 9c 9d 9d 9s", decks=2)


@pytest.mark.parametrize("board", [IVEY, FOULED, DOUBLE], ids=["legal", "fouled", "two_decks"])
def test_the_board_repr_still_builds_the_board(board):
    assert eval(repr(board), {"Board": Board}) == board


@pytest.mark.parametrize("board", [IVEY, FOULED, DOUBLE], ids=["legal", "fouled", "two_decks"])
def test_as_dict_has_the_rows_strengths_and_royalties(board):
    d = board.as_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["decks"] == board.decks and d["fouled"] is board.fouled
    assert d["royalties"] == board.royalties
    assert [r["row"] for r in d["rows"]] == ["front", "middle", "back"]
    assert tuple(r["strength"] for r in d["rows"]) == board.strengths
    assert tuple(r["royalty"] for r in d["rows"]) == board.row_royalties
    # card by card: a double-deck row may repeat a card
    cards = [[pyrankcore.parse_cards(c)[0] for c in r["cards"].split()] for r in d["rows"]]
    assert cards == [list(board.front), list(board.middle), list(board.back)]
    words = "; ".join(f"{r['row']} {r['hand']}" for r in d["rows"])
    assert board.describe().startswith(words)


def test_the_board_rows_in_words():
    rows = DOUBLE.as_dict()["rows"]
    assert [r["hand"] for r in rows] == [
        "Pair of Queens (Q-Q-2)",
        "Flush, Ace high (A-A-K-Q-J)",
        "Five of a Kind, Nines",
    ]
    assert DOUBLE.royalties == 30 and FOULED.as_dict()["royalties"] == 0


@pytest.mark.parametrize("board", [IVEY, FOULED, DOUBLE], ids=["legal", "fouled", "two_decks"])
def test_the_board_html_is_a_row_per_row_of_the_board(board, read_html):
    table = read_html(board._repr_html_())
    assert table["header"] == ["row", "cards", "hand", "royalty"]
    expected = [
        [r["row"], r["cards"], r["hand"], str(r["royalty"])] for r in board.as_dict()["rows"]
    ]
    assert table["texts"] == expected
    assert ("fouled" in table["caption"]) is board.fouled
    assert ("two decks" in table["caption"]) is (board.decks == 2)


def test_board_to_frame_has_the_three_rows():
    pytest.importorskip("pandas")
    frame = DOUBLE.to_frame()
    assert frame.shape == (3, 4) and frame.index.name == "row"
    assert list(frame.index) == ["front", "middle", "back"]
    assert list(frame.columns) == ["cards", "strength", "hand", "royalty"]
    assert tuple(int(x) for x in frame["strength"]) == DOUBLE.strengths
    assert tuple(int(x) for x in frame["royalty"]) == DOUBLE.row_royalties


def test_board_to_frame_without_pandas_says_how_to_install_it(no_pandas):
    with pytest.raises(ImportError, match=r"Board.to_frame\(\).*pip install pandas"):
        IVEY.to_frame()


# ------------------------------------------------------- the shared helpers


def test_html_escapes_every_piece_of_text(read_html):
    text = "<script>alert('x')</script> & \"quotes\""
    html = _display.html_table(
        [text], [[_display.Cell(text, title=text, weight=0.5)]], caption=text, footer=text
    )
    assert "<script>" not in html
    table = read_html(html)
    assert table["caption"] == text and table["header"] == [text]
    assert table["texts"] == [[text]] and table["paragraphs"] == [text]
    assert table["rows"][0][0]["attrs"]["title"] == text


def test_text_table_pads_each_column_to_its_widest_cell():
    text = _display.text_table(("a", "bb"), [["xxx", 1], ["y", 22]], "<>")
    assert text.splitlines() == ["a    bb", "xxx   1", "y    22"]


@pytest.mark.parametrize(
    "weight, text", [(1.0, "1"), (0.0, "."), (0.5, ".50"), (0.041, ".04"), (0.004, "<.01")]
)
def test_weights_in_a_grid_read_at_a_glance(weight, text):
    assert _display.weight_text(weight) == text
