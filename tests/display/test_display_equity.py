"""Equity results in the REPL and notebooks: repr and HTML show the
attributes' numbers as percentages, as_dict is plain JSON, to_frame is the
same numbers in a DataFrame."""

import json
import re

import pytest

import pyrankcore
from pyrankcore.equities import EquityResult, PlayerEquity

PERCENT = re.compile(r"(\d+\.\d{4})%")


@pytest.fixture(scope="module")
def exact():
    # 990 deals: turn and river from the 45 cards left
    return pyrankcore.equity("Hold'em", ["AhKh", "QsQd"], board="Kd7s2c")


@pytest.fixture(scope="module")
def sampled():
    return pyrankcore.equity("Hold'em", ["AhKh", "QsQd", "7c6c"], trials=20_000, seed=3)


@pytest.fixture(scope="module")
def hilo():
    return pyrankcore.equity(
        "Omaha Hi-Lo 8", ["As Ad 2h 3c", "Ks Kd Qh Jh"], trials=20_000, seed=1, threads=1
    )


def shown(p):
    """The shares the repr and HTML show for a player, in their order."""
    values = [p.equity, p.win, p.tie]
    if p.std_error is not None:
        values.append(p.std_error)
    if p.high is not None:
        values += [p.high, p.low]
    return values


def assert_percents(text, values):
    got = [float(x) for x in PERCENT.findall(text)]
    assert len(got) == len(values), text
    for g, v in zip(got, values):
        assert g == pytest.approx(100 * v, abs=5.1e-5)


@pytest.mark.parametrize("name", ["exact", "sampled", "hilo"])
def test_the_repr_shows_every_share_as_a_percentage_and_no_raw_tallies(name, request):
    result = request.getfixturevalue(name)
    text = repr(result)
    lines = text.splitlines()
    assert lines[0].startswith(f"EquityResult: {result.variant}")
    assert f"{result.trials:,}" in lines[0]
    assert ("exact" in lines[0]) is result.exact
    assert ("Monte Carlo" in lines[0]) is not result.exact
    assert len(lines) == 2 + len(result)  # title, header, one line per seat
    for line, p in zip(lines[2:], result.players):
        assert line.startswith(p.hand)
        assert_percents(line, shown(p))
    # the pot-unit tallies (units of 1/5040 of a pot) stay attributes, out of sight
    for counts in result.counts:
        assert str(counts[2]) not in text and f"{counts[2]:,}" not in text
    assert "std err" in lines[1] if not result.exact else "std err" not in lines[1]
    assert ("high" in lines[1]) is result.hilo
    assert lines[1].split()[1:4] == (
        ["equity", "scoop", "split"] if result.hilo else ["equity", "win", "tie"]
    )


def test_the_board_and_dead_cards_are_in_the_title():
    r = pyrankcore.equity("Hold'em", ["AhKh", "QsQd"], board="Kd7s2c", dead="2d")
    title = repr(r).splitlines()[0]
    assert "board Kd 7s 2c" in title and "dead 2d" in title and "946 deals" in title  # C(44, 2)


def test_a_player_repr_shows_its_shares_and_how_they_were_counted(exact, hilo):
    p = exact[0]
    assert repr(p).startswith("PlayerEquity('Ah Kh': ")
    assert_percents(repr(p), shown(p))
    assert "exact, 990 deals" in repr(p)
    q = hilo[1]
    assert_percents(repr(q), shown(q))
    assert "Monte Carlo, 20,000 trials" in repr(q)


@pytest.mark.parametrize("name", ["exact", "sampled", "hilo"])
def test_the_html_table_has_a_row_per_seat_with_its_shares(name, request, read_html):
    result = request.getfixturevalue(name)
    table = read_html(result._repr_html_())
    assert table["caption"].startswith(result.variant)  # "Hold'em", unescaped back
    assert "&#x27;" in result._repr_html_() or "'" not in result.variant
    # hi-lo: a player splits whenever another takes the high or the low, so
    # "tie" would read high for both players; the columns say scoop and split
    shares = ["scoop", "split"] if result.hilo else ["win", "tie"]
    assert table["header"][:4] == ["hand", "equity", *shares]
    assert len(table["rows"]) == len(result)
    for row, p in zip(table["rows"], result.players):
        assert row[0]["tag"] == "th" and row[0]["text"] == p.hand
        assert_percents(" ".join(c["text"] for c in row[1:]), shown(p))


def test_a_player_has_a_one_row_table(exact, read_html):
    table = read_html(exact[1]._repr_html_())
    assert table["texts"][0][0] == "Qs Qd" and len(table["rows"]) == 1
    assert_percents(" ".join(table["texts"][0][1:]), shown(exact[1]))


@pytest.mark.parametrize("name", ["exact", "sampled", "hilo"])
def test_as_dict_is_plain_json_with_the_attributes(name, request):
    result = request.getfixturevalue(name)
    d = result.as_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["hands"] == list(result.hands) and d["trials"] == result.trials
    assert d["exact"] is result.exact and d["hilo"] is result.hilo
    assert d["counts"] == [list(c) for c in result.counts]
    for pd_, p in zip(d["players"], result.players):
        assert pd_ == p.as_dict()
        assert pd_["equity"] == p.equity and pd_["wins"] == p.wins and pd_["ties"] == p.ties
        assert pd_["std_error"] == p.std_error and pd_["high"] == p.high
    # the counts give the shares back: what the dict is for
    for p, c in zip(d["players"], d["counts"]):
        assert p["wins"] == c[0] and p["ties"] == c[1]


def test_results_still_add_up_and_compare_by_counts():
    a = pyrankcore.equity("Hold'em", ["AhKh", "QsQd"], trials=5_000, seed=1, threads=1)
    b = pyrankcore.equity("Hold'em", ["AhKh", "QsQd"], trials=5_000, seed=2, threads=1)
    both = a + b
    assert both.trials == 10_000 and "10,000 trials" in repr(both)
    assert isinstance(both, EquityResult) and isinstance(both[0], PlayerEquity)
    assert both.as_dict()["counts"] == [
        [x + y for x, y in zip(ca, cb)] for ca, cb in zip(a.counts, b.counts)
    ]


@pytest.mark.parametrize("name", ["exact", "sampled", "hilo"])
def test_to_frame_has_a_row_per_seat_and_a_column_per_field(name, request):
    pytest.importorskip("pandas")
    result = request.getfixturevalue(name)
    frame = result.to_frame()
    hilo_columns = ["high", "low", "scoops", "high_wins", "high_ties", "low_wins", "low_ties"]
    base = ["hand", "equity", "win", "tie", "wins", "ties", "total", "std_error", "exact"]
    expected = base + ["trials"] + (hilo_columns if result.hilo else [])
    assert list(frame.columns) == expected
    assert frame.shape == (len(result), len(expected))
    assert frame.index.name == "seat" and list(frame.index) == list(range(len(result)))
    for seat, p in enumerate(result.players):
        for column in expected:
            value = frame.loc[seat, column]
            attr = getattr(p, column)
            if attr is None:
                assert value is None or value != value  # None or NaN
            else:
                assert value == attr, column


@pytest.mark.parametrize("name", ["exact", "sampled", "hilo"])
def test_to_frame_std_error_is_a_float_column(name, request):
    # an exact result has no sampling error: NaN, not a column of None objects
    pytest.importorskip("pandas")
    result = request.getfixturevalue(name)
    column = result.to_frame()["std_error"]
    assert column.dtype == "float64"
    if result.exact:
        assert column.isna().all()
    else:
        assert column.tolist() == [p.std_error for p in result.players]


def test_to_frame_without_pandas_says_how_to_install_it(exact, no_pandas):
    with pytest.raises(ImportError, match=r"pip install pandas"):
        exact.to_frame()
