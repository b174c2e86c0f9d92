"""The C row loops: the portable loop, the POPCNT, AVX2 and AVX-512 loops
(each where this CPU runs it; the best is chosen at import) give the same
strengths and flag the same rows, for every game and size; the loop in use
is the best this CPU runs, by an independent reading of its features."""

import os
import platform
import shutil
import subprocess
import sys
from math import comb
from pathlib import Path

import numpy as np
import pytest
from references.hands import every_hand, every_hand_counts
from row_loops import KERNELS, agree, every_kernel

import pyrankcore as prc
from pyrankcore import _core


@pytest.fixture(params=KERNELS)
def kernel(request):
    """Run the test under each row loop this CPU runs."""
    chosen = _core._testing.select_row_kernel(request.param)
    assert chosen == request.param
    yield chosen
    _core._testing.select_row_kernel("best")


def deck_of(game):
    mask = _core.tables_of(game).deck_mask
    return [c for c in range(52) if mask >> c & 1]


@pytest.mark.parametrize("game", prc.GAMES)
def test_every_five_card_hand_every_kernel(game):
    hands = every_hand(deck_of(game), 5)
    fast = agree(every_kernel(lambda: prc.evaluate_batch(hands, game)))
    counts = np.bincount(fast, minlength=_core.CLASS_COUNTS[game] + 1)
    assert (counts == every_hand_counts(5, game)).all()


def sizes_of(games, sizes):
    """(game, k) for each game and each of *sizes* the game deals: only
    those, so no test is collected that could never run."""
    pairs = []
    for game in games:
        t = _core.tables_of(game)
        pairs += [(game, k) for k in sizes if t.min_cards <= k <= t.max_cards]
    return pairs


@pytest.mark.parametrize(("game", "k"), sizes_of(prc.GAMES, [1, 2, 3, 4, 6, 7]))
def test_random_rows_every_kernel(game, k):
    hands = prc.random_hands(100_000, k, seed=k, game=game)
    fast = agree(every_kernel(lambda: prc.evaluate_batch(hands, game)))
    sample = hands[:2000].tolist()
    assert fast[:2000].tolist() == [prc.evaluate(h, game) for h in sample]


# Rows of a batch of 40: the bad one in the scalar loop's rows (1), inside
# a vector loop's step (17) and in the rows after the last step (38).
BAD_ROWS = (1, 17, 38)


def first_bad(rows, game):
    out = np.zeros(len(rows), dtype=np.uint16)
    return _core.evaluate_rows(np.ascontiguousarray(rows, dtype=np.uint8), out, 0, len(rows), game)


@pytest.mark.parametrize(
    ("game", "k"), sizes_of(["high", "short_deck", "ace_five", "incomplete"], [3, 5, 7])
)
@pytest.mark.parametrize("at", BAD_ROWS)
def test_every_invalid_id_at_every_position_is_flagged(game, k, at, kernel):
    deck = deck_of(game)
    base = np.array(deck[-k:], dtype=np.uint8)
    outside = [c for c in range(52) if c not in deck]
    for bad_id in list(range(52, 256)) + outside:
        for pos in range(k):
            rows = np.tile(base, (40, 1))
            rows[at, pos] = bad_id
            assert first_bad(rows, game) == at, (bad_id, pos)


@pytest.mark.parametrize("k", [2, 5, 6, 7])
@pytest.mark.parametrize("at", BAD_ROWS)
def test_duplicates_at_every_pair_of_positions_are_flagged(k, at, kernel):
    game = "high" if k >= 5 else "incomplete"
    base = np.array([51, 46, 41, 36, 31, 26, 21][:k], dtype=np.uint8)
    for i in range(k):
        for j in range(k):
            if i != j:
                rows = np.tile(base, (40, 1))
                rows[at, j] = rows[at, i]
                assert first_bad(rows, game) == at, (i, j)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 64, 65])
def test_a_bad_last_row_is_found_at_every_length(n, kernel):
    rows = prc.random_hands(n, 7, seed=n)
    assert first_bad(rows, "high") == -1
    rows[-1, 3] = 200
    assert first_bad(rows, "high") == n - 1
    rows[0, 0] = rows[0, 1]
    assert first_bad(rows, "high") == 0


# Each architecture's tiers, in order (arm64: NEON is part of its base).
ARM64 = platform.machine().lower() in {"aarch64", "arm64"}
TIERS = ("portable", "neon") if ARM64 else ("portable", "popcnt", "avx2", "avx512")


def test_the_kernel_switch_reports_its_choice():
    try:
        assert _core._testing.select_row_kernel("portable") == "portable"
        assert KERNELS[0] == "portable"
        # the loops are tiers: each CPU runs a prefix of them
        assert KERNELS == TIERS[: len(KERNELS)]
        # A loop the CPU lacks falls back to the best one below it.
        assert _core._testing.select_row_kernel(TIERS[-1]) == KERNELS[-1]
    finally:
        assert _core._testing.select_row_kernel("best") == KERNELS[-1]
    with pytest.raises(ValueError, match="kind"):
        _core._testing.select_row_kernel("sse9")


@pytest.mark.parametrize("game", ["high", "deuce_seven", "ace_five_8"])
def test_every_six_card_hand_every_kernel(game):
    six_card_hands = every_hand(range(52), 6)
    fast = agree(every_kernel(lambda: prc.evaluate_batch(six_card_hands, game)))
    counts = np.bincount(fast, minlength=_core.CLASS_COUNTS[game] + 1)
    assert (counts == every_hand_counts(6, game)).all()


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("game", ["high", "short_deck", "deuce_seven"])
def test_a_bad_row_at_every_position_of_three_steps(k, game, kernel):
    """The vector loop takes two blocks of 16 rows a step: a bad row
    anywhere in a step (or in the rows after the last step) is the one
    reported, and the rows before it are written."""
    deck = deck_of(game)
    n = 32 * 3 + 5
    rows = prc.random_hands(n, k, seed=k, game=game)
    expected = prc.evaluate_batch(rows, game)
    outside = next(c for c in range(52) if c not in deck) if len(deck) < 52 else 52
    for pos in range(n):
        for bad in (outside, 255, int(rows[pos, 0])):
            broken = rows.copy()
            broken[pos, k - 1] = bad
            out = np.zeros(n, dtype=np.uint16)
            got = _core.evaluate_rows(broken, out, 0, n, game)
            assert got == pos, (pos, bad)
            assert (out[:pos] == expected[:pos]).all()


@pytest.mark.parametrize(
    "start, stop", [(0, 16), (1, 33), (3, 40), (15, 16), (16, 80), (31, 97), (5, 5)]
)
def test_row_spans_that_cross_blocks(start, stop, kernel):
    """Threads hand the loop spans that start and stop anywhere."""
    rows = prc.random_hands(128, 7, seed=start * 100 + stop)
    expected = [prc.evaluate(r) for r in rows.tolist()]
    out = np.zeros(128, dtype=np.uint16)
    assert _core.evaluate_rows(rows, out, start, stop, "high") == -1
    assert out[start:stop].tolist() == expected[start:stop]
    assert not out[:start].any() and not out[stop:].any()


def seven_card_chunks(deck):
    """Every 7-card hand of *deck*, in chunks: the two lowest cards fixed,
    the other five any 5-subset of the cards above them. The 5-subsets come
    in order of their lowest card, so those above a card are a tail of them.
    Every chunk is a tail of one buffer holding the 5-subsets once, with the
    two fixed cards written in front (two bytes a row, not a copy of seven):
    use each chunk before taking the next."""
    deck = sorted(deck)
    five = every_hand(deck, 5)
    tails = np.searchsorted(five[:, 0], deck, side="right")  # rows whose lowest card > deck[i]
    rows = np.empty((len(five), 7), dtype=np.uint8)
    rows[:, 2:] = five
    for a in range(len(deck)):
        for b in range(a + 1, len(deck)):
            chunk = rows[tails[b] :]
            if len(chunk):
                chunk[:, 0] = deck[a]
                chunk[:, 1] = deck[b]
                yield chunk


@pytest.mark.parametrize("game", ["high", "deuce_seven", "short_deck"])
def test_every_seven_card_hand_every_kernel(game):
    """All 133,784,560 seven-card hands (8,347,680 for short deck) through
    every row loop: the loops agree hand by hand and the counts per
    strength equal the independent enumeration (enumerate_counts)."""
    counts = np.zeros(_core.CLASS_COUNTS[game] + 1, dtype=np.int64)
    for chunk in seven_card_chunks(deck_of(game)):
        values = agree(every_kernel(lambda c=chunk: prc.evaluate_batch(c, game)))
        counts += np.bincount(values, minlength=len(counts))
    assert counts.sum() == comb(len(deck_of(game)), 7)
    assert (counts == every_hand_counts(7, game)).all()


WILD_GAMES = [
    prc.ranking("high", wild="jokers"),
    prc.ranking("high", wild="2"),
    prc.ranking("high", wild=("jokers", "2")),
    prc.ranking("high", wild="Jh Js"),
    prc.ranking("high", bug=True),
    prc.ranking("high", wild="jokers", natural_beats_wild=True),
    prc.ranking("high", wild="jokers", double_ace_flush=True),
    prc.ranking("deuce_seven", wild="jokers"),
    prc.ranking("ace_five_8", wild=("jokers", "2")),
    prc.ranking("short_deck", wild="jokers"),
    prc.ranking("high", wild="lowest"),
]


@pytest.mark.parametrize("game", WILD_GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_wild_games_every_kernel(game, k):
    """Wild-card games have their own row loops (scalar and AVX-512, which
    sends flush candidates and bad blocks to the scalar kernel): every loop
    gives the strengths one evaluate() call gives."""
    hands = prc.random_hands(20_000, k, seed=k, game=game)
    if game.jokers:
        assert (hands >= 52).any()
    fast = agree(every_kernel(lambda: prc.evaluate_batch(hands, game)))
    sample = hands[:1500].tolist()
    assert fast[:1500].tolist() == [prc.evaluate(h, game) for h in sample]


@pytest.mark.parametrize("game", WILD_GAMES[:1] + WILD_GAMES[-2:-1], ids=lambda g: g.name)
def test_wild_games_flag_the_first_bad_row(game, kernel):
    """A bad row anywhere in a block (an id past the deck, a repeat, a card
    the deck lacks) is the one reported; the rows before it are written."""
    n = 16 * 3 + 5
    rows = prc.random_hands(n, 7, seed=3, game=game)
    expected = prc.evaluate_batch(rows, game)
    missing = next((c for c in range(52) if not _core.tables_of(game).deck_mask >> c & 1), 54)
    for pos in range(n):
        for bad in (54, 255, missing, int(rows[pos, 0])):
            broken = rows.copy()
            broken[pos, 6] = bad
            out = np.zeros(n, dtype=np.uint16)
            assert _core.evaluate_rows(broken, out, 0, n, game) == pos, (pos, bad)
            assert (out[:pos] == expected[:pos]).all()


# What each x86-64 tier needs, as Linux's /proc/cpuinfo (and py-cpuinfo)
# name the features, underscores dropped. The kernel lists a feature only
# when the OS runs it (AVX state saved), as the loops' own check requires.
TIER_FEATURES = {
    "popcnt": {"popcnt"},
    "avx2": {"popcnt", "avx", "avx2", "bmi1", "bmi2"},
    "avx512": {
        "popcnt",
        "avx",
        "avx2",
        "bmi1",
        "bmi2",
        "avx512f",
        "avx512bw",
        "avx512vbmi",
        "avx512vpopcntdq",
        "avx512bitalg",
    },
}


def cpu_flags():
    """The CPU's feature flags from a source independent of the extension,
    or None where there is none."""
    if sys.platform.startswith("linux") and os.path.exists("/proc/cpuinfo"):
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    return {w.replace("_", "") for w in line.split(":", 1)[1].split()}
        return set()
    try:
        import cpuinfo  # py-cpuinfo, optional
    except ImportError:
        return None
    return {w.replace("_", "") for w in cpuinfo.get_cpu_info().get("flags", [])}


def test_the_loop_in_use_is_the_best_this_cpu_runs():
    """A wheel that falls back to a slower loop than the CPU runs fails
    here (a broken detection, a tier compiled out)."""
    x86 = platform.machine().lower() in {"x86_64", "amd64"}
    flags = cpu_flags() if x86 else set()
    if flags is None:
        pytest.skip("no independent source of CPU features (no /proc/cpuinfo, no py-cpuinfo)")
    expected = "neon" if ARM64 else "portable"
    for tier, needs in TIER_FEATURES.items():
        if needs <= flags:
            expected = tier
    assert _core.row_loops()[-1] == expected, sorted(flags & set().union(*TIER_FEATURES.values()))
    assert _core._testing.select_row_kernel("best") == expected
    assert _core.row_loop() == expected


ROOT = Path(__file__).resolve().parents[2]  # the checkout
# Every kernel header of src/ (each includes what it needs); prc_kernels.h,
# the Cython module's view of them, must come before them all, so the
# kernels' own unit (prc_kernels.c) is compiled on its own.
HEADERS = sorted(p.name for p in (ROOT / "src").glob("prc_*.h") if p.name != "prc_kernels.h")


@pytest.mark.skipif(
    platform.machine().lower() not in {"x86_64", "amd64"} or shutil.which("cc") is None,
    reason="needs an x86-64 C compiler",
)
def test_the_msvc_path_compiles(tmp_path):
    """MSVC compiles the POPCNT, AVX2 and AVX-512 loops with no target
    attributes and detects the CPU with __cpuidex and _xgetbv. Without MSVC
    here, PRC_MSVC_STYLE takes that path on GCC or Clang, with the
    instruction sets switched on by flags, as MSVC has them on for
    intrinsics: every header must compile so, and the extension's kernel
    unit (external entry points checked against their prototypes)."""
    root = ROOT
    generated = root / "src" / "generated"
    if not (generated / "prc_tables.h").exists():
        pytest.skip("no generated tables (a build from this checkout makes them)")
    source = tmp_path / "msvc_style.c"
    # An attribute GCC and Clang refuse: only MSVC's path (no attributes) compiles it.
    source.write_text(
        "".join(f'#include "{h}"\n' for h in HEADERS)
        + 'PRC_TARGET("no-such-feature") static int no_attributes(void) { return 0; }\n'
        + "int main(void) { return no_attributes() + (prc_tier_best() < 0); }\n"
    )
    flags = [
        "-mpopcnt",
        "-mavx2",
        "-mbmi",
        "-mbmi2",
        "-mxsave",
        "-mavx512f",
        "-mavx512bw",
        "-mavx512vbmi",
        "-mavx512vpopcntdq",
        "-mavx512bitalg",
    ]
    common = ["cc", "-DPRC_MSVC_STYLE", "-Werror", "-Wall", *flags]
    common += [f"-I{root / 'src'}", f"-I{generated}"]
    result = subprocess.run(
        [*common, "-Wno-unused-function", "-O1", "-c", str(source), "-o", str(tmp_path / "o.o")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    kernels = root / "src" / "prc_kernels.c"
    result = subprocess.run(
        [*common, "-fsyntax-only", str(kernels)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-3000:]


def test_tests_that_switch_the_tier_run_on_one_thread(request):
    """The row-loop tier is one per process: tests/conftest.py marks every
    test that switches it (the kernel fixture, every_kernel, the switch
    itself) thread_unsafe, so pytest-run-parallel runs it on one thread and
    no other test runs under the tier it chose."""
    marked = {
        item.originalname: item.get_closest_marker("thread_unsafe") is not None
        for item in request.session.items
        if item.module is request.module
    }
    expected = {
        "test_every_invalid_id_at_every_position_is_flagged": True,  # the kernel fixture
        "test_every_six_card_hand_every_kernel": True,  # every_kernel
        "test_the_kernel_switch_reports_its_choice": True,  # the switch itself
        "test_the_msvc_path_compiles": False,
    }
    for name, want in expected.items():
        if name in marked:  # not deselected
            assert marked[name] == want, name
    assert marked[request.node.originalname] is False
