"""Contract fuzzing: every public entry point, hostile input.

The contract (pyrankcore/errors.py): a call either returns, or raises a
PyrankcoreError that is also a ValueError (a bad value), or a TypeError (a
wrong type). Nothing else escapes (no KeyError, IndexError, AttributeError,
OverflowError, RecursionError, ZeroDivisionError, SystemError, plain
ValueError), and messages stay readable (short) even for huge input.

Every value drawn here is small enough that a correct implementation answers
at once: sizes that would be *valid* but slow (a billion random hands) are
left out on purpose, so a hang is a bug.
"""

import contextlib
import io
import math
import os

import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import pyrankcore as prc  # noqa: E402
from pyrankcore import ofc  # noqa: E402
from pyrankcore.cli import main as cli_main  # noqa: E402
from pyrankcore.errors import PyrankcoreError  # noqa: E402

FUZZ = settings(
    deadline=None,
    # FUZZ_EXAMPLES=5000 for a long local hunt; CI keeps the whole file short.
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "40")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# Short, whatever the input: user values are cut (about 60 to 100 characters);
# the fixed part may list the choices (every ranking and variant: ~260).
MAX_MESSAGE = 400


def check(fn, *args, **kwargs):
    """Call fn; return (result, None) or (None, exception) when the exception
    is one the contract allows; fail on anything else."""
    try:
        result = fn(*args, **kwargs)
    except PyrankcoreError as exc:
        assert isinstance(exc, ValueError), f"{type(exc).__name__} is not a ValueError"
        _check_message(exc)
        return None, exc
    except TypeError as exc:
        _check_message(exc)
        return None, exc
    except BaseException as exc:  # noqa: BLE001 - the point of the test
        pytest.fail(
            f"{getattr(fn, '__qualname__', fn)}(*{_short(args)}, **{_short(kwargs)}) "
            f"raised {type(exc).__name__}: {_short(exc)}"
        )
    return result, None


def _short(x, n=300):
    text = repr(x)
    return text if len(text) <= n else text[: n - 3] + "..."


def _check_message(exc):
    message = str(exc)
    assert message, f"{type(exc).__name__} without a message"
    assert len(message) < MAX_MESSAGE, f"message of {len(message)} chars: {message[:200]}..."


# ----------------------------------------------------------------- values


# Any character but a lone surrogate, as st.text() draws them. Said through
# the Unicode categories: st.text()'s own alphabet is found by encoding every
# code point, seconds in a fresh checkout (hypothesis keeps it on disk after).
TEXT = st.characters(codec=None)


class WrongCard:
    """A card object of another library, gone wrong."""

    def __init__(self, rank, suit):
        self.rank = rank
        self.suit = suit

    def __repr__(self):
        return f"WrongCard({self.rank!r}, {self.suit!r})"


class NoSuit:
    rank = 12


INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]

SCALARS = [
    None,
    True,
    False,
    0,
    1,
    -1,
    5,
    51,
    52,
    2**31,
    2**63,
    2**64,
    -(2**64),
    10**100,
    0.0,
    1.5,
    float("nan"),
    float("inf"),
    -float("inf"),
    1j,
    b"As",
    bytearray(b"As"),
    memoryview(b"As Ks"),
    "",
    " ",
    ",",
    "x" * 10_000,
    "As" * 5_000,
    "As Ks Qs Js Ts",
    "As  Ks Qs Js Ts",
    "As, Ks,Qs,, Js Ts",
    " As Ks Qs Js Ts",
    "As Ks Qs Js Ts ",
    "As,Ks,Qs,Js,Ts,",
    "10s Js Qs Ks As",
    "A♠ K♠ Q♠ J♠ T♠",
    "\x00\uffff\U0001f0a1 é ∞",
    "1",
    "10",
    "high",
    "Razz",
    "nonexistent game",
    "HIGH",
    object(),
    int,
    WrongCard(12, 3),
    WrongCard("A", "s"),
    WrongCard(13, 0),
    WrongCard(-1, 0),
    WrongCard(2**70, 0),
    WrongCard("Ace", "spades"),
    WrongCard("", ""),
    WrongCard(None, None),
    WrongCard(1.0, 2.0),
    WrongCard(True, 1),
    WrongCard("A", 3),
    WrongCard(np.int64(12), np.uint8(3)),
    NoSuit(),
]

CONTAINERS = [
    [],
    (),
    {},
    set(),
    frozenset(),
    {51, 50, 49, 48, 47},
    {"a": 1},
    [[0, 1], [2, 3]],
    [[[0]]],
    [[0, 1, 2, 3, 4], [5]],  # ragged
    [[], [0]],
    [[0, 1, 2, 3, 4], [[5]]],
    [0, 1, 2, 3, 4],
    [48, 49, 50, 51, 44, 40, 36],
    [51, 51, 50, 49, 48],
    [0, 1, 2, 3, -1],
    [0, 1, 2, 3, 52],
    [0, 1, 2, 3, 2**64],
    [0, 1, 2, 3, 10**100],
    [0, 1, 2, 3, None],
    [0, 1, 2, 3, 4.0],
    [0, 1, 2, 3, True],
    ["As", "Ks", "Qs", "Js", "Ts"],
    ["As Ks", "Qs", "Js", "Ts"],
    ["As", "", "Qs", "Js", "Ts"],
    [WrongCard(12, 3), WrongCard(11, 3), WrongCard(10, 3), WrongCard(9, 3), WrongCard(8, 3)],
    [WrongCard(12, 3), WrongCard(13, 3), WrongCard(10, 3), WrongCard(9, 3), WrongCard(8, 3)],
    list(range(52)),
    list(range(60)),
    [0] * 10_000,
    list(range(13)),
    [np.int64(5), np.uint8(6), np.int8(7), np.uint64(8), np.int16(9)],
    [np.float64(5), 6, 7, 8, 9],
    iter([0, 1, 2, 3, 4]),
    range(5),
]


def _arrays():
    out = []
    for dt in INT_DTYPES:
        out.append(np.array([[0, 1, 2, 3, 4], [48, 49, 50, 51, 44]], dtype=dt))
        out.append(np.array([0, 1, 2, 3, 4, 5, 6], dtype=dt))
        out.append(np.array([[0, 1, 2, 3, np.iinfo(dt).max]], dtype=dt))
        out.append(np.array([[np.iinfo(dt).min, 1, 2, 3, 4]], dtype=dt))
        out.append(np.array(7, dtype=dt))
        out.append(dt(5))
        out.append(dt(np.iinfo(dt).max))
    out += [
        np.array([[0, 1, 2, 3, 4]], dtype=np.float64),
        np.array([[0, 1, 2, 3, np.nan]]),
        np.array([[True, False, True, False, True]]),
        np.array([[0, 1, 2, 3, 4]], dtype=object),
        np.array([[0, 1, 2, 3, None]], dtype=object),
        np.array(["As", "Ks"]),
        np.zeros((2, 3, 4), dtype=np.int64),
        np.zeros((2, 2, 13), dtype=np.uint8),
        np.arange(26, dtype=np.int32).reshape(2, 13),
        np.arange(52, dtype=np.int64).reshape(2, 2, 13),
        np.arange(52, dtype=np.int64).reshape(1, 4, 13),
        np.arange(65, dtype=np.int64).reshape(1, 5, 13),
        np.zeros((0, 5), dtype=np.uint8),
        np.zeros((0, 0), dtype=np.uint8),
        np.zeros((3, 0), dtype=np.uint8),
        np.zeros(0, dtype=np.uint8),
        np.arange(70, dtype=np.int64).reshape(10, 7)[:, ::2],  # non-contiguous
        np.arange(35, dtype=np.int64).reshape(5, 7).T,  # Fortran order, (7, 5)
        np.arange(10, dtype=np.int64).reshape(2, 5).astype(">i8"),  # big-endian
        np.float64(5.0),
        np.bool_(True),
        np.str_("As"),
    ]
    ro = np.array([[0, 1, 2, 3, 4]], dtype=np.uint8)
    ro.flags.writeable = False
    out.append(ro)
    return out


ARRAYS = _arrays()

hostile = st.one_of(
    st.sampled_from(SCALARS),
    st.sampled_from(CONTAINERS),
    st.sampled_from(ARRAYS),
    st.integers(),
    st.floats(),
    st.text(TEXT, max_size=40),
    st.lists(st.integers(min_value=-5, max_value=60), max_size=9),
    st.lists(st.one_of(st.integers(), st.text(TEXT, max_size=4), st.none()), max_size=8),
    st.lists(st.lists(st.integers(-3, 60), max_size=8), max_size=4),
)

GAME_NAMES = list(prc.GAMES)
VARIANT_NAMES = [v.name for v in prc.VARIANTS]
RANKINGS = [prc.ranking("ace_five", qualifier="8"), prc.stripped_deck("7")]

games = st.one_of(
    st.sampled_from(GAME_NAMES + VARIANT_NAMES + RANKINGS),
    st.sampled_from(["nonexistent game", "", "Hold'em ", "RAZZ", "x" * 10_000, "\x00"]),
    hostile,
)

valid_cards = st.sampled_from(
    [
        "As Ks Qs Js Ts",
        "2c 3d 4h 5s 7c 8d",
        [0, 5, 10, 15, 20, 25, 30],
        np.array([48, 49, 50, 51, 44], dtype=np.uint8),
        "Ah Kh Qh",
    ]
)
cards = st.one_of(valid_cards, hostile)


def maybe(valid, hostile_=hostile):
    """Mostly hostile, sometimes a valid value (so that later checks run)."""
    return st.one_of(valid, hostile_)


thread_values = st.one_of(
    st.none(), st.sampled_from([1, 2, 0, -1, 2**64, 1.0, "2", True, np.int64(2)]), hostile
)


def out_values(n=2):
    good = np.empty(n, dtype=np.uint16)
    return st.one_of(
        st.none(),
        st.just(good),
        st.sampled_from(
            [
                np.empty(n + 1, dtype=np.uint16),
                np.empty(n, dtype=np.uint32),
                np.empty((n, 1), dtype=np.uint16),
                np.empty(2 * n, dtype=np.uint16)[::2],
                [0] * n,
            ]
        ),
        hostile,
    )


# ------------------------------------------------------------ cards, text


@FUZZ
@given(cards)
def test_parse_cards(x):
    check(prc.parse_cards, x)


@FUZZ
@given(cards)
def test_format_cards(x):
    check(prc.format_cards, x)


@FUZZ
@given(cards, games)
def test_evaluate(x, game):
    check(prc.evaluate, x, game)


@FUZZ
@given(maybe(st.sampled_from(["As Ks", [0, 1, 2, 3], "Ah Kh Qh Jh Th 9h"])), cards, games)
def test_evaluate_omaha(hole, board, game):
    check(prc.evaluate_omaha, hole, board, game)


@FUZZ
@given(cards, games)
def test_best_five(x, game):
    check(prc.best_five, x, game)


# ------------------------------------------------------------------ batch


batch_cards = st.one_of(
    st.sampled_from(ARRAYS),
    hostile,
    st.lists(st.lists(st.integers(-3, 60), min_size=5, max_size=5), min_size=1, max_size=3).map(
        np.array
    ),
)


@FUZZ
@given(batch_cards, games, out_values(), thread_values)
def test_evaluate_batch(arr, game, out, threads):
    check(prc.evaluate_batch, arr, game, out=out, threads=threads)


@FUZZ
@given(batch_cards, batch_cards, games, out_values(), thread_values)
def test_evaluate_omaha_batch(holes, boards, game, out, threads):
    check(prc.evaluate_omaha_batch, holes, boards, game, out=out, threads=threads)


# ---------------------------------------------------------------- strengths


strengths = st.one_of(
    st.integers(-10, 8000),
    st.sampled_from([0, 1, 7462, 7463, 2**16, 2**64, -(2**64), 10**100]),
    st.sampled_from(ARRAYS),
    st.lists(st.integers(-5, 8000), max_size=4).map(np.array),
    hostile,
)


@FUZZ
@given(strengths, games)
def test_describe(s, game):
    check(prc.describe, s, game)


@FUZZ
@given(strengths, games)
def test_category(s, game):
    check(prc.category, s, game)


@FUZZ
@given(strengths)
def test_cactus_kev(s):
    check(prc.to_cactus_kev, s)
    check(prc.from_cactus_kev, s)


# ------------------------------------------------------------------ deals


small_n = st.one_of(st.integers(-3, 50), hostile.filter(lambda v: not _big_valid_int(v)))


def _big_valid_int(v):
    # A large but valid count would be slow, not wrong: leave it out.
    try:
        return not isinstance(v, (bool, float)) and 1000 < int(v) < 2**40
    except Exception:  # noqa: BLE001
        return False


@FUZZ
@given(
    small_n,
    maybe(st.integers(0, 10)),
    maybe(st.one_of(st.none(), st.integers(0, 2**64))),
    maybe(st.one_of(st.none(), st.sampled_from(["As Ks", [0, 1, 2], list(range(50))]))),
    games,
)
def test_random_hands(n, k, seed, exclude, game):
    check(prc.random_hands, n, k, seed=seed, exclude=exclude, game=game)


# --------------------------------------------------------------- rankings


OPTION_NAMES = [
    "low",
    "ace_low",
    "straights",
    "flushes",
    "lowest_rank",
    "wheel",
    "broadway",
    "ace_pair_high",
    "flush_over_full_house",
    "trips_over_straight",
    "qualifier",
    "min_cards",
    "max_cards",
    "name",
    "bogus",
    "",
]
option_values = st.one_of(
    st.sampled_from([True, False, None, 0, 1, 4, 5, 7, 8, 12, 13, -1, "8", "T", "A", "11"]),
    hostile,
)


@FUZZ
@given(
    maybe(st.sampled_from(GAME_NAMES)),
    st.dictionaries(st.sampled_from(OPTION_NAMES), option_values, max_size=3),
)
def test_ranking(name, options):
    r, _ = check(prc.ranking, name, **options)
    if r is not None:
        check(prc.evaluate, "As Ks Qs Js Ts 9s 8s", r)
        check(prc.evaluate_batch, np.array([[0, 1, 2, 3, 4]]), r)


@FUZZ
@given(st.dictionaries(st.sampled_from(OPTION_NAMES[:-2]), option_values, max_size=4), hostile)
def test_ranking_class(options, name):
    options.setdefault("name", name)
    r, _ = check(prc.Ranking, **options)
    if r is not None:
        check(prc.evaluate, "As Ks Qs Js Ts 9s 8s", r)
        check(prc.describe, 1, r)


@FUZZ
@given(
    maybe(st.sampled_from(["6", "7", "T", 0, 4, 8])),
    st.dictionaries(
        st.sampled_from(
            ["flush_over_full_house", "trips_over_straight", "straights", "flushes", "name"]
        ),
        option_values,
        max_size=3,
    ),
)
def test_stripped_deck(lowest, options):
    check(prc.stripped_deck, lowest, **options)


# --------------------------------------------------------------- variants


@FUZZ
@given(games)
def test_variant(name):
    check(prc.variant, name)


@FUZZ
@given(
    games,
    maybe(st.sampled_from([["As Ks", "Qd Qc"], [[0, 1, 2, 3], [4, 5, 6, 7]], ["As"]])),
    cards,
    maybe(st.one_of(st.integers(-3, 1000), st.sampled_from([2**64, -(2**64), 10**100]))),
)
def test_showdown(game, hands, board, pot):
    check(prc.showdown, game, hands, board, pot)


@FUZZ
@given(games, maybe(st.sampled_from([["As", "2c", "Kd"], [0, 1], "As 2c"])))
def test_bring_in(game, up):
    check(prc.bring_in, game, up)


# -------------------------------------------------------------------- OFC


BOARD_CARDS = "6s 6c 4h Td Ts 9c Qs 8c 3h 3d 3s 2h 2d"
OTHER_BOARD = "Ah Kd Qd 9h 9d 5h 5d 4c Ks Js 9s 8s 7s"
rows = st.one_of(st.sampled_from(["6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d"]), cards)
rules_values = st.one_of(st.none(), st.just(ofc.Rules()), hostile)
RULE_FIELDS = [
    "royalties",
    "row_points",
    "scoop_bonus",
    "fantasyland",
    "fantasyland_cards",
    "fixed_cards",
    "stay",
    "shoot_the_moon",
    "moon_bonus",
]
ROYALTY_FIELDS = [
    "front_pairs",
    "front_trips",
    "middle",
    "middle_royal",
    "back",
    "back_royal",
]
rule_values = st.one_of(
    st.sampled_from(
        [0, 1, 13, 14, 17, 18, -1, 10**9, "fixed", "progressive", "classic", "pineapple"]
    ),
    st.just(((prc.Category.FLUSH, 3),)),
    st.just(((99, 3),)),
    st.just((("FLUSH", 3),)),
    st.just(((prc.Category.FLUSH,),)),
    st.just(tuple(range(13))),
    st.just(tuple(range(12))),
    hostile,
)


@FUZZ
@given(rows, rows, rows, rules_values)
def test_board(front, middle, back, rules):
    b, _ = check(ofc.Board, front, middle, back)
    if b is not None:
        repr(b)
        b.describe()
        assert b.royalties >= 0
        check(b.row_royalties_under, rules)


@FUZZ
@given(cards)
def test_board_from_cards(x):
    check(ofc.Board.from_cards, x)


boards = st.one_of(
    st.just([BOARD_CARDS, OTHER_BOARD]),
    st.lists(st.one_of(st.sampled_from([BOARD_CARDS, OTHER_BOARD]), cards), max_size=5),
    hostile,
)


@FUZZ
@given(boards, rules_values)
def test_score(bs, rules):
    check(ofc.score, bs, rules)


@FUZZ
@given(maybe(st.just(BOARD_CARDS)), rules_values)
def test_fantasyland(board, rules):
    check(ofc.fantasyland, board, rules)
    check(ofc.stays_in_fantasyland, board, rules)


@FUZZ
@given(
    maybe(st.sampled_from([BOARD_CARDS, "As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h"])),
    rules_values,
    maybe(st.sampled_from([0.0, 1, 5.5, -1, float("nan"), float("inf"), 10**100])),
)
def test_solve_fantasyland(x, rules, stay_value):
    check(ofc.solve_fantasyland, x, rules, stay_value)


@FUZZ
@given(st.dictionaries(st.sampled_from(RULE_FIELDS), rule_values, max_size=3))
def test_rules(options):
    r, _ = check(ofc.Rules, **options)
    if r is not None:
        check(ofc.score, [BOARD_CARDS, OTHER_BOARD], r)
        check(ofc.fantasyland, BOARD_CARDS, r)


@FUZZ
@given(st.dictionaries(st.sampled_from(ROYALTY_FIELDS), rule_values, max_size=3))
def test_royalty_table(options):
    t, _ = check(ofc.RoyaltyTable, **options)
    if t is not None:
        r, _ = check(ofc.Rules, royalties=t)
        check(ofc.royalties_batch, np.arange(13).reshape(1, 13), r)


@FUZZ
@given(st.one_of(st.sampled_from(ARRAYS), hostile), rules_values, thread_values)
def test_ofc_batches(arr, rules, threads):
    check(ofc.royalties_batch, arr, rules, threads=threads)
    check(ofc.score_batch, arr, rules, threads=threads)
    solve_batch = getattr(ofc, "solve_fantasyland_batch", None)
    if solve_batch is not None:
        check(solve_batch, arr, rules, threads=threads)


# -------------------------------------------------------------------- CLI


cli_words = st.one_of(
    st.sampled_from(
        [
            "eval",
            "demo",
            "--game",
            "--json",
            "--hands",
            "--cards",
            "--seed",
            "--threads",
            "high",
            "nonexistent",
            "As",
            "Ks",
            "As Ks Qs Js Ts",
            "0",
            "-1",
            "5",
            "8",
            "1.5",
            "nan",
            "99999999999999999999999",
            "-99999999999999999999999",
            "x" * 10_000,
            "\x00",
            "é∞",
            "",
            "--",
            "-",
        ]
    ),
    st.text(TEXT, max_size=12),
)


def _cli_safe(argv):
    # `demo` with a large valid --hands is slow, not wrong.
    if "demo" in argv and "--help" not in argv and "-h" not in argv:
        try:
            i = argv.index("--hands")
            return int(argv[i + 1]) <= 1000
        except (ValueError, IndexError):
            return False  # the 10,000,000 default: too slow here
    return True


@FUZZ
@given(
    st.lists(cli_words, max_size=6).map(lambda ws: ["eval", *ws])
    | st.lists(cli_words, max_size=6).map(lambda ws: ["demo", "--hands", "50", *ws])
    | st.lists(cli_words, max_size=6)
)
def test_cli(argv):
    if not _cli_safe(argv):
        return
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            status = cli_main(argv)
        except BaseException as exc:  # noqa: BLE001
            pytest.fail(f"main({_short(argv)}) raised {type(exc).__name__}: {_short(exc)}")
    assert status in (0, 2), (_short(argv), status)
    if not argv:  # no command: the usage, as argparse prints it
        assert status == 2 and err.getvalue().startswith("usage: pyrankcore")
    elif status == 2:
        lines = err.getvalue().splitlines()
        assert len(lines) == 1, (_short(argv), err.getvalue()[:300])
        assert lines[-1].startswith("pyrankcore"), (_short(argv), err.getvalue()[:300])
        assert len(lines[-1]) < MAX_MESSAGE, (_short(argv), lines[-1][:300])


# ----------------------------------------------- single vs batch agreement


@FUZZ
@given(
    st.lists(st.integers(-3, 60), min_size=5, max_size=7),
    st.sampled_from(list(prc.GAMES)),
)
def test_evaluate_matches_batch(row, game):
    single, single_exc = check(prc.evaluate, row, game)
    batch, batch_exc = check(prc.evaluate_batch, np.array([row]), game)
    if single_exc is None and batch_exc is None:
        assert int(batch[0]) == single
    else:
        assert type(single_exc) is type(batch_exc), (row, game, single_exc, batch_exc)


@pytest.mark.parametrize("raw", [b"As", bytearray(b"As"), memoryview(b"As")])
def test_bytes_are_a_type_error(raw):
    # Iterating bytes gives ints (65 for "A"): refuse them, like bytes.
    with pytest.raises(TypeError, match=type(raw).__name__):
        prc.parse_cards(raw)


def test_ragged_lists_are_hand_size_errors():
    ragged = [[0, 1, 2, 3, 4], [5]]
    with pytest.raises(prc.HandSizeError):
        prc.evaluate_batch(ragged)
    with pytest.raises(prc.HandSizeError):
        prc.evaluate_omaha_batch([[0, 1, 2, 3]], [[10, 11, 12], [13]])
    with pytest.raises(prc.HandSizeError):
        ofc.royalties_batch([list(range(13)), [0]])


def test_harness_fails_on_a_stray_exception():
    # A sanity check of the harness itself: it fails on a stray exception.
    with pytest.raises(pytest.fail.Exception):
        check(math.sqrt, -1)
