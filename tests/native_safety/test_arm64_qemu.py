"""The row loops on arm64, checked from any machine: arm64/driver.c (every
kernel header and the generated tables) is cross-compiled with
aarch64-linux-gnu-gcc and run under qemu-aarch64, and each of its loops
(portable and NEON) must give, row span by row span, the strengths and the
first bad row that this machine's loop gives on the same rows: the rows of
every built-in ranking, Omaha (single and hi-lo), wild-card and suit
tie-break rankings (whose run-time tables the driver loads from files this
machine writes); random, flush-heavy and adversarial rows (every invalid id
at every position, a repeat at every pair of positions, bad rows at every
place of a step, spans that start and stop anywhere and end at an
unreadable page; the driver fails a loop that writes outside its span)."""

import random
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from references import wild_reference as wr

import pyrankcore as prc
from pyrankcore import _core

CROSS_CC = "aarch64-linux-gnu-gcc"
QEMU = "qemu-aarch64"
ROOT = Path(__file__).resolve().parents[2]  # the checkout
GENERATED = ROOT / "src" / "generated"
DRIVER = Path(__file__).resolve().parent / "arm64" / "driver.c"
ARM64_LOOPS = ["portable", "neon"]  # best last, as the driver lists them

pytestmark = pytest.mark.skipif(
    shutil.which(CROSS_CC) is None or shutil.which(QEMU) is None,
    reason=f"needs {CROSS_CC} and {QEMU} (Debian: gcc-aarch64-linux-gnu, qemu-user)",
)


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    """The driver, cross-compiled once (static: qemu needs no arm64 libraries)."""
    if not (GENERATED / "prc_tables.c").exists():
        pytest.skip("no generated tables (a build from this checkout makes them)")
    binary = tmp_path_factory.mktemp("arm64") / "driver"
    result = subprocess.run(
        [
            CROSS_CC,
            "-O3",  # the extension's flag
            "-static",
            "-Wall",
            "-Werror",
            "-Wno-unused-function",
            f"-I{ROOT / 'src'}",
            f"-I{GENERATED}",
            str(DRIVER),
            str(GENERATED / "prc_tables.c"),
            "-o",
            str(binary),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return binary


def write(tmp_path, name, array, dtype=np.uint8):
    """*array* as a file the driver reads; its path, as text."""
    path = tmp_path / name
    path.write_bytes(np.ascontiguousarray(array, dtype=dtype).tobytes())
    return str(path)


def run(driver, tmp_path, spans, *args):
    """The driver's output under qemu, for the command *args* (the spans'
    file comes last); it must succeed."""
    spans_file = write(tmp_path, "spans", np.array(spans).reshape(-1, 2), np.int64)
    command = [QEMU, str(driver), *map(str, args), spans_file]
    result = subprocess.run(command, capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr.decode(errors="replace")[-2000:]
    return result.stdout


def expected(spans, n, fill, width=1, dtype=np.uint16):
    """(first bad row, strengths) of each span as this machine's loop gives
    them: fill(out, start, stop) fills the n rows' out (width strengths a
    row) and returns the first bad row."""
    out = np.zeros((n, width), dtype=dtype)
    results = []
    for start, stop in spans:
        out[start:stop] = 0
        results.append((fill(out, start, stop), out[start:stop].reshape(-1).copy()))
    return results


def assert_every_loop_gives(data, spans, want):
    """Every arm64 loop in the driver's output *data* gives each span's
    first bad row and strengths as *want* (expected) has them."""
    at = 0
    for (start, stop), (want_bad, want_out) in zip(spans, want):
        size = want_out.nbytes
        for loop in ARM64_LOOPS:
            bad = int(np.frombuffer(data, np.int64, 1, at)[0])
            got = np.frombuffer(data, want_out.dtype, len(want_out), at + 8)
            at += 8 + size
            assert bad == want_bad, (loop, start, stop)
            assert np.array_equal(got, want_out), (loop, start, stop)
    assert at == len(data)


def check(driver, tmp_path, rows, spans, game):
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    index = -1 if game == "high" else prc.GAMES.index(game)
    deck = f"{_core.tables_of(game).deck_mask:x}"
    data = run(
        driver, tmp_path, spans, "rows", rows.shape[1], index, deck, write(tmp_path, "rows", rows)
    )
    want = expected(
        spans, len(rows), lambda out, a, b: _core.evaluate_rows(rows, out[:, 0], a, b, game)
    )
    assert_every_loop_gives(data, spans, want)


def deck_of(game):
    mask = _core.tables_of(game).deck_mask
    return [c for c in range(52) if mask >> c & 1]


def flush_heavy(n, k, game, rng):
    """Rows with k - 2 or more cards of one suit (all of them often)."""
    deck = np.array(deck_of(game), dtype=np.uint8)
    rows = np.empty((n, k), dtype=np.uint8)
    for i in range(n):
        suit = rng.integers(4)
        suited, other = deck[deck % 4 == suit], deck[deck % 4 != suit]
        m = min(int(rng.integers(max(k - 2, 0), k + 1)), len(suited))
        row = np.concatenate(
            [rng.choice(suited, m, replace=False), rng.choice(other, k - m, replace=False)]
        )
        rows[i] = rng.permutation(row)
    return rows


def test_the_driver_runs_every_arm64_loop(driver):
    """NEON is part of arm64's base: the driver has it, and its loop
    choice names match pyrankcore's tier names."""
    result = subprocess.run([QEMU, str(driver), "loops"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ARM64_LOOPS


GAME_SIZES = [
    (game, k)
    for game in prc.GAMES
    for k in range(1, 8)
    if _core.tables_of(game).min_cards <= k <= _core.tables_of(game).max_cards
]


@pytest.mark.parametrize("game, k", GAME_SIZES)
def test_random_and_flush_heavy_rows(driver, tmp_path, game, k):
    rng = np.random.default_rng(k)
    n = 3000 if game == "high" else 600
    rows = np.concatenate(
        [prc.random_hands(n, k, seed=k, game=game), flush_heavy(n // 2, k, game, rng)]
    )
    # the whole batch, and spans that start and stop anywhere (the last
    # ones end at the unreadable page after the last row)
    total = len(rows)
    spans = [(0, total)] + [(s, s + length) for s in (0, 1, 7, 15) for length in range(0, 41)]
    spans += [(total - length, total) for length in range(0, 41)]
    check(driver, tmp_path, rows, spans, game)


def with_bad_ids(base, bad_ids):
    """Copies of the row *base* with each of bad_ids at each position."""
    rows = []
    for bad_id in bad_ids:
        for pos in range(len(base)):
            row = base.copy()
            row[pos] = bad_id
            rows.append(row)
    return rows


def with_repeats(base):
    """Copies of the row *base* with each card repeated at each other position."""
    rows = []
    for i in range(len(base)):
        for j in range(len(base)):
            if i != j:
                row = base.copy()
                row[j] = row[i]
                rows.append(row)
    return rows


def bad_rows_of(base, bad_ids):
    return with_bad_ids(base, bad_ids) + with_repeats(base)


def bad_row_cases(game, k, bad_rows, good=None):
    """Spans of valid rows (of *game*, or from *good* in turn), each with
    one bad row (from bad_rows) at a place that walks through the 16-row
    steps; the last span ends at the end of the rows (the unreadable page)."""
    if good is None:
        good = prc.random_hands(41 * len(bad_rows) + 64, k, seed=k + 100, game=game)
    rows, spans, at = [], [], 0
    for case, bad in enumerate(bad_rows):
        length = 1 + case % 40
        block = good[np.arange(at, at + length) % len(good)].copy()
        block[case % length] = bad
        rows.append(block)
        spans.append((at, at + length))
        at += length
    # the first row of each span starts at any place of a step, too
    rows = np.concatenate(rows)
    shift = [(s + case % 3, e) for case, (s, e) in enumerate(spans) if s + case % 3 <= e]
    return rows, spans + shift


@pytest.mark.parametrize(
    "game, k", [("high", 5), ("high", 6), ("high", 7), ("short_deck", 7), ("deuce_seven", 6)]
)
def test_every_invalid_id_at_every_position(driver, tmp_path, game, k):
    base = prc.random_hands(1, k, seed=k, game=game)[0]
    outside = [c for c in range(52) if c not in deck_of(game)]
    rows, spans = bad_row_cases(game, k, with_bad_ids(base, list(range(52, 256)) + outside))
    check(driver, tmp_path, rows, spans, game)


@pytest.mark.parametrize("game, k", [("high", 5), ("high", 7), ("incomplete", 3), ("ace_six", 6)])
def test_a_repeat_at_every_pair_of_positions(driver, tmp_path, game, k):
    base = prc.random_hands(1, k, seed=k, game=game)[0]
    # each pair at several places of a step
    rows, spans = bad_row_cases(game, k, with_repeats(base) * 4)
    check(driver, tmp_path, rows, spans, game)


# Omaha: the driver loads the game's pattern tables, as this machine built
# them, from a file (the tables are data; the loops are what is checked).


def omaha_tables_file(tmp_path, game):
    """The game's Omaha tables in the driver's TABLES format."""
    path = tmp_path / f"tables_{len(list(tmp_path.glob('tables_*')))}"
    path.write_bytes(_core._testing.omaha_driver_tables(game))
    return path


def omaha_game_args(tmp_path, game, builtin=None):
    """The driver's GAME DECK TABLES for *game*; a ranking that is not built
    in gives the index of *builtin*, one whose flushes count alike (the
    loops read the game struct's deck and flush mode, and the tables)."""
    return [
        str(prc.GAMES.index(builtin or game)),
        f"{_core.tables_of(game).deck_mask:x}",
        str(omaha_tables_file(tmp_path, game)),
    ]


def check_omaha(driver, tmp_path, rows, nh, spans, game, low=None, low_builtin=None):
    """rows: hole cards then board cards; low: the low game of a hi-lo pass
    (low_builtin: see omaha_game_args). Every arm64 loop must give each
    span's strengths and first bad row as this machine's Omaha loop does."""
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    holes, boards = np.ascontiguousarray(rows[:, :nh]), np.ascontiguousarray(rows[:, nh:])
    args = ["omaha", nh, boards.shape[1], write(tmp_path, "holes", holes)]
    args += [write(tmp_path, "boards", boards)] + omaha_game_args(tmp_path, game)
    if low is None:
        width, fill = (
            1,
            lambda out, a, b: _core.evaluate_omaha_rows(holes, boards, out[:, 0], a, b, game),
        )
    else:
        args += omaha_game_args(tmp_path, low, low_builtin)
        width, fill = (
            2,
            lambda out, a, b: _core.evaluate_omaha_rows_hilo(holes, boards, out, a, b, game, low),
        )
    data = run(driver, tmp_path, spans, *args)
    assert_every_loop_gives(data, spans, expected(spans, len(rows), fill, width))


# (game, low game of a hi-lo pass or None): flushes dominant (high,
# short_deck), ignored with a low from rank sets (ace_five_8) or from
# pattern rows (ace_five)
OMAHA_GAMES = [
    ("high", None),
    ("short_deck", None),
    ("ace_five_8", None),
    ("high", "ace_five_8"),
    ("high", "ace_five"),
]


@pytest.mark.parametrize("game, low", OMAHA_GAMES)
@pytest.mark.parametrize("nh, nb", [(4, 5), (5, 5), (6, 5), (4, 4), (5, 4), (6, 4), (5, 3)])
def test_omaha_random_and_flush_heavy_rows(driver, tmp_path, game, low, nh, nb):
    rng = np.random.default_rng(nh * 10 + nb)
    n = 700
    rows = np.concatenate(
        [
            prc.random_hands(n, nh + nb, seed=nh * 10 + nb, game=game),
            flush_heavy(n // 2, nh + nb, game, rng),
        ]
    )
    total = len(rows)
    spans = [(0, total)] + [
        (s, s + length) for s in (0, 1, 9, 15) for length in (0, 15, 16, 33, 47)
    ]
    spans += [(total - length, total) for length in (0, 1, 16, 17, 32, 35)]
    check_omaha(driver, tmp_path, rows, nh, spans, game, low)


@pytest.mark.parametrize(
    "game, low",
    [("high", None), ("short_deck", None), ("high", "ace_five_8"), ("high", "ace_five")],
)
@pytest.mark.parametrize("nh, nb", [(4, 5), (5, 5), (6, 5), (6, 4)])
def test_omaha_every_invalid_id_and_repeat_at_every_position(driver, tmp_path, game, low, nh, nb):
    k = nh + nb
    base = prc.random_hands(1, k, seed=k, game=game)[0]
    outside = [c for c in range(52) if c not in deck_of(game)]
    rows, spans = bad_row_cases(game, k, bad_rows_of(base, [52, 53, 63, 64, 100, 255] + outside))
    check_omaha(driver, tmp_path, rows, nh, spans, game, low)


@pytest.mark.parametrize("nh", [4, 6])
def test_omaha_hilo_whose_low_deck_is_smaller(driver, tmp_path, nh):
    """A row is bad when either game's deck lacks one of its cards: a low
    on a 36-card deck rejects a deuce that the high game holds."""
    low = prc.stripped_deck("6", flushes=False)
    k = nh + 5
    base = prc.random_hands(1, k, seed=k, game="short_deck")[0]
    bad_rows = []
    for card in (0, 7, 15):  # a deuce, a three, a five
        for pos in range(k):
            if card not in base:
                row = base.copy()
                row[pos] = card
                bad_rows.append(row)
    rows, spans = bad_row_cases("short_deck", k, bad_rows)
    check_omaha(driver, tmp_path, rows, nh, spans, "high", low, "ace_five")


# Wild-card rankings: the driver loads the ranking's tables, as this machine
# built them, from a file.

WILD_SPECS = [
    wr.Spec("high", ("jokers",)),
    wr.Spec("high", ("2",)),
    wr.Spec("high", ("Jh Js",)),
    wr.Spec("high", ("jokers", "2")),
    wr.Spec("high", ("lowest",)),
    wr.Spec("high", ("jokers", "lowest")),
    wr.Spec("high", bug=True),
    wr.Spec("high", ("jokers",), double_ace_flush=True),
    wr.Spec("ace_five", ("lowest",)),
    wr.Spec("ace_five", ("jokers", "lowest")),
    wr.Spec("deuce_seven", ("2",)),
    wr.Spec("deuce_seven", ("jokers",), natural_beats_wild="graded"),
    wr.Spec("deuce_seven", ("lowest",), natural_beats_wild=True),
    wr.Spec("high", ("jokers", "2"), natural_beats_wild=True),  # tiered flush tables
    wr.Spec("ace_five_8", ("jokers", "2")),
    wr.Spec("short_deck", ("lowest",)),
    wr.Spec(prc.stripped_deck("7"), ("lowest",)),
]
WILD_IDS = [
    repr(s.base if isinstance(s.base, str) else s.base.name) + repr(s.options()) for s in WILD_SPECS
]


def wild_tables_file(tmp_path, ranking):
    """The ranking's wild tables in the driver's TABLES format."""
    path = tmp_path / "wild_tables"
    path.write_bytes(_core._testing.wild_driver_tables(ranking))
    return path


def check_wild(driver, tmp_path, rows, spans, ranking):
    """Every arm64 loop must give each span's strengths and first bad row
    as this machine's wild row loop does."""
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    tables = wild_tables_file(tmp_path, ranking)
    data = run(
        driver, tmp_path, spans, "wild", rows.shape[1], tables, write(tmp_path, "rows", rows)
    )
    want = expected(
        spans, len(rows), lambda out, a, b: _core.evaluate_rows(rows, out[:, 0], a, b, ranking)
    )
    assert_every_loop_gives(data, spans, want)


def wild_rows(spec, k, rng):
    """Random rows, rows of two suits and the wild cards, rows with up to
    four wild cards, the lowest rank at every rank and count, aces with the
    jokers alone, and every deuce with both jokers."""
    deck = spec.deck()
    jokers = [52, 53] if spec.has_jokers else []
    rows = [rng.sample(deck + jokers, k) for _ in range(300)]
    for _ in range(300):
        suits = rng.sample(range(4), 2)
        rows.append(rng.sample([c for c in deck if c & 3 in suits] + jokers, k))
    if wr.wild_candidates(spec):
        rows += [wr.random_hand(rng, spec, k, rng.randrange(5)) for _ in range(200)]
    for low in sorted({c // 4 for c in deck}):
        higher = [c for c in deck if c // 4 > low] + jokers
        for n in range(1, 5):
            if len(higher) >= k - n:
                row = rng.sample([c for c in deck if c // 4 == low], n) + rng.sample(higher, k - n)
                rows.append(rng.sample(row, k))
    if jokers and k <= 6:  # aces and jokers alone: aces are never the lowest card
        rows += [rng.sample(rng.sample([48, 49, 50, 51], k - 2) + jokers, k) for _ in range(20)]
    if jokers and 0 in spec.wild_ranks:  # every deuce and both jokers: 6 wild cards
        wild, others, n = [0, 1, 2, 3, *jokers], [c for c in deck if c >= 4], min(k, 6)
        rows += [rng.sample(rng.sample(wild, n) + rng.sample(others, k - n), k) for _ in range(20)]
    return np.array(rows, dtype=np.uint8)


@pytest.mark.parametrize("spec", WILD_SPECS, ids=WILD_IDS)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_wild_random_and_flush_heavy_rows(driver, tmp_path, spec, k):
    rows = wild_rows(spec, k, random.Random(f"{spec!r} {k}"))
    total = len(rows)
    spans = [(0, total)] + [(s, s + n) for s in (0, 1, 9, 15) for n in (0, 15, 16, 33, 47)]
    spans += [(total - n, total) for n in (0, 1, 16, 17, 32, 35)]
    check_wild(driver, tmp_path, rows, spans, prc.ranking(spec.base, **spec.options()))


@pytest.mark.parametrize("spec", WILD_SPECS[:6], ids=WILD_IDS[:6])
@pytest.mark.parametrize("k", [5, 7])
def test_wild_every_invalid_id_and_repeat_at_every_position(driver, tmp_path, spec, k):
    deck = spec.deck() + ([52, 53] if spec.has_jokers else [])
    base = wild_rows(spec, k, random.Random(k))[0]
    bad_rows = bad_rows_of(base, [c for c in range(256) if c not in deck])
    good = wild_rows(spec, k, random.Random(k + 1))
    rows, spans = bad_row_cases(None, k, bad_rows, good)
    check_wild(driver, tmp_path, rows, spans, prc.ranking(spec.base, **spec.options()))


# Suit tie-break rankings: the driver loads the ranking's plain tables and
# its plans from a file, and sets up the rest as the extension does.

SUITED = [
    ("high", "highest_card", "germany"),
    ("high", "main_group", "italy"),
    ("deuce_seven", "main_group", "italy"),
    ("ace_five", "highest_unpaired", None),
    ("short_deck", "highest_card", None),
    ("incomplete", "main_group", None),  # 1 to 5 cards (its plans that search: 1 to 4)
]
SUITED_IDS = [f"{base}-{tiebreak}-{order}" for base, tiebreak, order in SUITED]


def suited_ranking(base, tiebreak, order):
    return prc.ranking(base, suit_tiebreak=tiebreak, **({"suit_order": order} if order else {}))


def check_suited(driver, tmp_path, rows, spans, ranking):
    """Every arm64 loop must give each span's suited strengths and first bad
    row as this machine's suit row loop does."""
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    tables = tmp_path / "suited_tables"
    tables.write_bytes(_core._testing.suited_driver_tables(ranking))
    data = run(
        driver, tmp_path, spans, "suited", rows.shape[1], tables, write(tmp_path, "rows", rows)
    )
    t = _core.tables_of(ranking)
    fill = lambda out, a, b: _core.evaluate_suited_rows(rows, out[:, 0], a, b, t)  # noqa: E731
    assert_every_loop_gives(data, spans, expected(spans, len(rows), fill, 1, np.uint32))


@pytest.mark.parametrize("base, tiebreak, order", SUITED, ids=SUITED_IDS)
def test_suited_random_and_flush_heavy_rows(driver, tmp_path, base, tiebreak, order):
    ranking = suited_ranking(base, tiebreak, order)
    rng = np.random.default_rng(len(base))
    sizes = range(1, 6) if base == "incomplete" else range(5, 8)
    for k in sizes:
        rows = np.concatenate(
            [prc.random_hands(1500, k, seed=k, game=base), flush_heavy(500, k, base, rng)]
        )
        total = len(rows)
        spans = [(0, total)] + [(s, s + n) for s in (0, 1, 9, 15) for n in (0, 15, 16, 33, 47)]
        spans += [(total - n, total) for n in (0, 1, 16, 17, 32, 35)]
        check_suited(driver, tmp_path, rows, spans, ranking)


@pytest.mark.parametrize("base, tiebreak, order", SUITED[:5], ids=SUITED_IDS[:5])
@pytest.mark.parametrize("k", [5, 7])
def test_suited_every_invalid_id_and_repeat_at_every_position(
    driver, tmp_path, base, tiebreak, order, k
):
    base_row = prc.random_hands(1, k, seed=k, game=base)[0]
    outside = [c for c in range(52) if c not in deck_of(base)]
    bad_rows = bad_rows_of(base_row, [52, 53, 63, 64, 100, 255] + outside)
    rows, spans = bad_row_cases(base, k, bad_rows)
    check_suited(driver, tmp_path, rows, spans, suited_ranking(base, tiebreak, order))
