"""The native core never crashes: threads, lazily built tables, hostile sizes.

Crash tests run in subprocesses, so a segfault fails one test instead of
killing the run, and so that the very first call of a fresh process (when
the lazily built tables do not exist yet) is a threaded one.
"""

import os
import subprocess
import sys
import tempfile
import textwrap
import threading

import numpy as np
import pytest
from references import guard_page

import pyrankcore as prc
from pyrankcore import _args, _core, batch
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    PyrankcoreError,
)

OMAHA_GAMES = ["high", "ace_five", "ace_five_8", "deuce_seven", "ace_six", "short_deck"]
CUSTOM = "prc.stripped_deck('7')"


def run_child(code, timeout=240):
    """Run *code* in a fresh interpreter; return (returncode, output)."""
    env = dict(os.environ)
    # Under AddressSanitizer (LD_PRELOAD of its runtime), let a failed
    # allocation return NULL like the real allocator instead of aborting.
    env["ASAN_OPTIONS"] = ":".join(
        filter(None, [env.get("ASAN_OPTIONS", ""), "allocator_may_return_null=1"])
    )
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=tempfile.gettempdir(),  # never the checkout: it would shadow the install
    )
    return proc.returncode, proc.stdout + proc.stderr


# The child deals hands from the game's deck, then makes several threads
# race to the first call, each call itself split over threads. Results are
# checked against the scalar call of the same process.
FIRST_CALL_OMAHA = """
import threading, sys
import numpy as np
import pyrankcore as prc
game = {game}
n = {rows}
deal = prc.random_hands(n, 9, seed=5, game=game if isinstance(game, str) else "high")
if not isinstance(game, str):
    deal = prc.random_hands(n, 9, seed=5, exclude=[c for c in range(52) if c // 4 < 5])
holes, boards = deal[:, :4], deal[:, 4:]
results, errors = {{}}, []
def work(i):
    try:
        results[i] = prc.evaluate_omaha_batch(holes, boards, game, threads=2)
    except BaseException as exc:
        errors.append(exc)
def scalar():
    try:
        results["scalar"] = [prc.evaluate_omaha(holes[i].tolist(), boards[i].tolist(), game)
                             for i in range(200)]
    except BaseException as exc:
        errors.append(exc)
threads = [threading.Thread(target=work, args=(i,)) for i in range(3)]
threads.append(threading.Thread(target=scalar))
for t in threads: t.start()
for t in threads: t.join()
assert not errors, errors
for i in range(3):
    assert (results[i] == results[0]).all()
assert results["scalar"] == results[0][:200].tolist()
print("OK")
"""

# A child script's first call, made by three threads at once: no thread
# fails and all three get the same array, which in_threads returns. Put
# before the scripts that use it (after their .format).
IN_THREADS = """
import threading
def in_threads(call, n=3):
    results, errors = [None] * n, []
    def work(i):
        try:
            results[i] = call()
        except BaseException as exc:
            errors.append(exc)
    threads = [threading.Thread(target=work, args=(i,)) for i in range(n)]
    for t in threads: t.start()
    for t in threads: t.join()
    assert not errors, errors
    assert all((r == results[0]).all() for r in results)
    return results[0]
"""

FIRST_CALL_BATCH = """
import numpy as np
import pyrankcore as prc
game = {game}
deal = prc.random_hands(400_000, 7, seed=9, exclude=[c for c in range(52) if c // 4 < 5])
first = in_threads(lambda: prc.evaluate_batch(deal, game, threads=2))
assert first[:100].tolist() == [prc.evaluate(h, game) for h in deal[:100].tolist()]
print("OK")
"""


@pytest.mark.parametrize("attempt", [1, 2])
@pytest.mark.parametrize("game", [repr(g) for g in OMAHA_GAMES] + [CUSTOM])
def test_first_call_is_a_threaded_omaha_batch(game, attempt):
    rc, out = run_child(FIRST_CALL_OMAHA.format(game=game, rows=300_000))
    assert rc == 0 and out.strip().endswith("OK"), out[-2000:]


FIRST_CALL_HI_LO = """
import numpy as np
import pyrankcore as prc
deal = prc.random_hands({rows}, {holes} + 5, seed=11)
holes, boards = deal[:, :{holes}], deal[:, {holes}:]
first = in_threads(lambda: prc.evaluate_omaha_batch(holes, boards, {variant!r}, threads=2))
assert (first[:, 0] == prc.evaluate_omaha_batch(holes, boards, "high")).all()
assert (first[:, 1] == prc.evaluate_omaha_batch(holes, boards, "ace_five_8")).all()
print("OK")
"""


@pytest.mark.parametrize(
    ("variant", "holes"), [("Omaha Hi-Lo 8", 4), ("Six-card Omaha Hi-Lo 8", 6)]
)
def test_first_call_is_a_threaded_hi_lo_omaha_batch(variant, holes):
    """The hi-lo pass's tables (both games' pattern rows and the
    eight-or-better lows' rank-set table) are built on first use, here from
    threads: every thread, and each half called alone, agree."""
    rc, out = run_child(
        IN_THREADS + FIRST_CALL_HI_LO.format(rows=200_000, holes=holes, variant=variant)
    )
    assert rc == 0 and out.strip().endswith("OK"), out[-2000:]


@pytest.mark.parametrize("attempt", [1, 2])
def test_first_call_is_a_threaded_batch_of_a_custom_ranking(attempt):
    rc, out = run_child(IN_THREADS + FIRST_CALL_BATCH.format(game=CUSTOM))
    assert rc == 0 and out.strip().endswith("OK"), out[-2000:]


SUITED = [
    "prc.ranking('high', suit_tiebreak='main_group', suit_order='italy')",
    "prc.ranking(prc.stripped_deck('7'), suit_tiebreak='highest_card')",
]


@pytest.mark.parametrize("game", SUITED)
def test_first_call_is_a_threaded_batch_of_a_suit_tiebreak_ranking(game):
    """The suit tables (per-strength info) are built on first use."""
    rc, out = run_child(IN_THREADS + FIRST_CALL_BATCH.format(game=game))
    assert rc == 0 and out.strip().endswith("OK"), out[-2000:]


@pytest.mark.parametrize("game", SUITED[:1] + ["prc.ranking('high', suit_order='germany')"])
def test_first_call_is_a_threaded_omaha_batch_of_a_suit_ranking(game):
    """Suited Omaha, and a suit order alone (which shares the plain
    ranking's Omaha tables), first used from threads."""
    rc, out = run_child(FIRST_CALL_OMAHA.format(game=game, rows=300_000))
    assert rc == 0 and out.strip().endswith("OK"), out[-2000:]


# compare and winners under a suit rule build the suited ranking's tables
# on first use: three threads race to that first use, each settling the
# same pairs of hold'em hands; where the plain strengths differ, the suit
# rule must not change the order.
FIRST_CALL_SUIT_RULE = """
import numpy as np
import pyrankcore as prc
from pyrankcore.suits import SuitRule, compare, winners
rule = SuitRule(suit_tiebreak={tiebreak!r}, suit_order={order!r})
deal = prc.random_hands(400, 9, seed=13)
def settle():
    out = []
    for row in deal.tolist():
        a, b, board = row[:2], row[2:4], row[4:]
        out.append(compare(a, b, board=board, suit_rule=rule))
        out.append(len(winners([a, b], board=board, suit_rule=rule)))
    return np.array(out)
first = in_threads(settle)
for i, row in enumerate(deal.tolist()):
    a, b, board = row[:2], row[2:4], row[4:]
    plain = prc.evaluate(a + board), prc.evaluate(b + board)
    if plain[0] != plain[1]:
        assert first[2 * i] == (1 if plain[0] > plain[1] else -1), (i, row)
        assert first[2 * i + 1] == 1
    else:
        assert first[2 * i + 1] == (2 if first[2 * i] == 0 else 1)
print("OK")
"""


@pytest.mark.parametrize(
    ("tiebreak", "order"), [("highest_card", "germany"), ("main_group", "italy")]
)
def test_first_call_is_a_threaded_compare_under_a_suit_rule(tiebreak, order):
    rc, out = run_child(IN_THREADS + FIRST_CALL_SUIT_RULE.format(tiebreak=tiebreak, order=order))
    assert rc == 0 and out.strip().endswith("OK"), out[-2000:]


FIRST_CALL_WILD = """
import threading
import numpy as np
import pyrankcore as prc
game = {game}
deal = prc.random_hands(300_000, 7, seed=11, game=game)
results, errors = {{}}, []
def work(i):
    try:
        if i == 3:
            results[i] = np.array([prc.evaluate(h, game) for h in deal[:2000].tolist()])
        else:
            results[i] = prc.evaluate_batch(deal, game, threads=2)
    except BaseException as exc:
        errors.append(exc)
threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
for t in threads: t.start()
for t in threads: t.join()
assert not errors, errors
assert (results[0] == results[1]).all() and (results[0] == results[2]).all()
assert (results[0][:2000] == results[3]).all()
print("OK")
"""


@pytest.mark.parametrize(
    "game",
    [
        "prc.ranking('high', wild=('jokers', '2'))",
        "prc.ranking('deuce_seven', wild='jokers', natural_beats_wild=True)",
        "prc.ranking('short_deck', bug=True)",
        # a suit order alone shares the plain ranking's tables, wild ones too
        "prc.ranking('high', wild=('jokers',), suit_order='italy')",
        "prc.ranking('high', bug=True, suit_order='germany')",
    ],
)
def test_first_call_is_a_threaded_batch_of_a_wild_ranking(game):
    """Wild-card tables are built on first use: racing first calls (batches
    split over threads, and one call at a time) all see complete tables."""
    rc, out = run_child(FIRST_CALL_WILD.format(game=game))
    assert rc == 0 and out.strip().endswith("OK"), out[-2000:]


def test_hand_sizes_past_the_kernel_buffers_never_reach_c():
    # A Ranking whose sizes were forced past validation (as a bug elsewhere
    # could do) is still refused before any kernel sees it.
    code = """
    import dataclasses, numpy as np
    import pyrankcore as prc
    from pyrankcore.errors import PyrankcoreError
    r = prc.ranking("high", flushes=False)
    for field, value in (("max_cards", 52), ("max_cards", 8), ("max_cards", 12),
                         ("min_cards", 0), ("min_cards", -3)):
        bad = dataclasses.replace(r, name=f"forced_{field}_{value}")
        object.__setattr__(bad, field, value)
        for call in (lambda: prc.evaluate(list(range(52)), bad),
                     lambda: prc.evaluate(list(range(8)), bad),
                     lambda: prc.evaluate_batch(np.arange(12)[None], bad),
                     lambda: prc.evaluate_batch(np.arange(52)[None], bad)):
            try:
                call()
            except PyrankcoreError:
                pass
            else:
                raise SystemExit(f"{field}={value} was accepted")
    print("OK")
    """
    rc, out = run_child(code)
    assert rc == 0 and out.strip().endswith("OK"), out[-2000:]


def test_kernel_entry_points_check_their_spans():
    hands = prc.random_hands(10, 7, seed=1)
    out = np.zeros(10, dtype=np.uint16)
    with pytest.raises(InvalidArgumentError):
        _core.evaluate_rows(hands, out, 0, 11)
    with pytest.raises(InvalidArgumentError):
        _core.evaluate_rows(hands, np.zeros(5, dtype=np.uint16), 0, 10)
    with pytest.raises(HandSizeError):
        _core.evaluate_rows(np.zeros((2, 9), dtype=np.uint8), out, 0, 2)
    holes, boards = hands[:, :4].copy(), hands[:, 4:].copy()
    with pytest.raises(HandSizeError):  # two-card boards: no three to use
        _core.evaluate_omaha_rows(holes, boards[:, :2].copy(), out, 0, 10)
    with pytest.raises(InvalidArgumentError):
        _core.evaluate_omaha_rows(holes, boards, out, 5, 20)


# --------------------------------------------------------------------------
# Threads


def test_an_exception_in_a_worker_thread_reaches_the_caller(monkeypatch):
    real = _core.evaluate_rows

    def failing(cards, out, start, stop, game):
        if start > 0:
            raise RuntimeError("worker failed")
        return real(cards, out, start, stop, game)

    monkeypatch.setattr(_core, "evaluate_rows", failing)
    monkeypatch.setattr(_args, "cpu_count", lambda: 4)
    hands = prc.random_hands(4 * batch.MIN_ROWS_PER_THREAD, 7, seed=2)
    with pytest.raises(RuntimeError, match="worker failed"):
        prc.evaluate_batch(hands, threads=4)


def test_threads_are_capped_by_work_and_cores(monkeypatch):
    monkeypatch.setattr(_args, "cpu_count", lambda: 8)
    assert _args.thread_count(10_000, 20_000, batch.MIN_ROWS_PER_THREAD) == 1
    assert _args.thread_count(10_000, 10**9, batch.MIN_ROWS_PER_THREAD) == 8
    assert _args.thread_count(3, 10**9, batch.MIN_ROWS_PER_THREAD) == 3
    assert _args.thread_count(None, 10**9, batch.MIN_ROWS_PER_THREAD) == 1
    started = []
    real_thread = threading.Thread

    class Counting(real_thread):
        def start(self):
            started.append(self)
            super().start()

    monkeypatch.setattr(threading, "Thread", Counting)
    hands = prc.random_hands(20_000, 7, seed=3)
    got = prc.evaluate_batch(hands, threads=10_000)
    assert len(started) == 0
    assert (got == prc.evaluate_batch(hands)).all()


@pytest.mark.parametrize("bad", [0, -1])
def test_threads_below_one_are_a_library_value_error(bad):
    with pytest.raises(InvalidArgumentError):
        prc.evaluate_batch(prc.random_hands(3, 7, seed=1), threads=bad)
    with pytest.raises(InvalidArgumentError):
        prc.evaluate_omaha_batch(
            prc.random_hands(3, 4, seed=1), np.array([[51, 47, 43]] * 3), threads=bad
        )


def test_threads_equal_one_thread(monkeypatch):
    monkeypatch.setattr(_args, "cpu_count", lambda: 4)
    hands = prc.random_hands(5 * batch.MIN_ROWS_PER_THREAD, 9, seed=11)
    one = prc.evaluate_batch(hands[:, :7])
    assert (prc.evaluate_batch(hands[:, :7], threads=4) == one).all()
    omaha_one = prc.evaluate_omaha_batch(hands[:, :4], hands[:, 4:])
    assert (prc.evaluate_omaha_batch(hands[:, :4], hands[:, 4:], threads=3) == omaha_one).all()


# --------------------------------------------------------------------------
# Outputs that overlap inputs


def test_out_overlapping_the_cards_is_refused():
    n = 4 * batch.MIN_ROWS_PER_THREAD
    buf = np.zeros(n * 8, dtype=np.uint16)
    cards = buf[: n * 7].reshape(n, 7)
    cards[:] = prc.random_hands(n, 7, seed=4)
    with pytest.raises(InvalidArgumentError, match="share memory"):
        prc.evaluate_batch(cards, out=buf[n * 6 : n * 7], threads=2)
    # a separate buffer is fine, and the cards are untouched
    before = cards.copy()
    prc.evaluate_batch(cards, out=buf[n * 7 :], threads=2)
    assert (cards == before).all()


def test_out_overlapping_omaha_inputs_is_refused():
    n = 1000
    buf = np.zeros(n * 10, dtype=np.uint16)
    deal = prc.random_hands(n, 9, seed=6)
    holes = buf[: n * 4].reshape(n, 4)
    holes[:] = deal[:, :4]
    with pytest.raises(InvalidArgumentError, match="share memory"):
        prc.evaluate_omaha_batch(holes, deal[:, 4:], out=buf[n * 3 : n * 4])


@pytest.mark.parametrize(
    "out, error",
    [
        (np.zeros(4, dtype=np.uint16), InvalidArgumentError),
        (np.zeros((3, 1), dtype=np.uint16), InvalidArgumentError),
        (np.zeros(6, dtype=np.uint16)[::2], InvalidArgumentError),
        (np.zeros(3, dtype=np.int32), TypeError),
        ([0, 0, 0], TypeError),
    ],
)
def test_bad_out_arrays(out, error):
    with pytest.raises(error):
        prc.evaluate_batch(prc.random_hands(3, 7, seed=1), out=out)


# --------------------------------------------------------------------------
# Errors name what the user gave, in the same order as evaluate


def test_omaha_errors_report_the_users_card_id():
    holes = np.array([[51, 47, 300, 1]])
    with pytest.raises(InvalidCardError, match="300"):
        prc.evaluate_omaha_batch(holes, np.array([[43, 39, 35]]))
    with pytest.raises(InvalidCardError, match="-7"):
        prc.evaluate_omaha_batch(np.array([[51, 47, -7, 1]]), np.array([[43, 39, 35]]))


def test_omaha_duplicates_say_where_they_are():
    board = np.array([[43, 39, 35]])
    with pytest.raises(DuplicateCardError, match="hand and on the board"):
        prc.evaluate_omaha_batch(np.array([[51, 47, 43, 1]]), board)
    with pytest.raises(DuplicateCardError, match="in the hand$"):
        prc.evaluate_omaha_batch(np.array([[51, 47, 47, 1]]), board)
    with pytest.raises(DuplicateCardError, match="in the hand$"):
        prc.evaluate_omaha("As Ks Ks 2c", "Qs Js Ts")
    with pytest.raises(DuplicateCardError, match="hand and on the board"):
        prc.evaluate_omaha("As Ks Qs 2c", "Qs Js Ts")


BAD_HANDS = [
    ([0, 1, 2, 3, 99], "high", InvalidCardError),
    ([0, 1, 2, 3, 3], "high", DuplicateCardError),
    ([0, 1, 2, 3, 3, 60], "high", InvalidCardError),  # a bad id before a repeat
    ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "high", HandSizeError),  # 5 to 10 cards
    ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 99], "high", HandSizeError),  # size before ids
    ([0, 1, 2, 3, 4, 5, 6, 99], "high", InvalidCardError),  # 8 cards: a bad id
    ([0, 1, 2, 3, 4, 5, 6, 7, 7], "high", DuplicateCardError),  # 9 cards: a repeat
    ([0, 20, 21, 22, 22], "short_deck", InvalidCardError),  # deck before repeat
    ([20, 21, 22, 23, 23], "short_deck", DuplicateCardError),
    ([20, 21, 22, 23, 99], "short_deck", InvalidCardError),
]


@pytest.mark.parametrize("hand, game, error", BAD_HANDS)
def test_same_bad_hand_same_error_from_evaluate_and_batch(hand, game, error):
    with pytest.raises(error):
        prc.evaluate(hand, game)
    with pytest.raises(error):
        prc.evaluate(np.array(hand), game)
    with pytest.raises(error):
        prc.evaluate_batch(np.array([hand]), game)


def test_echoed_input_is_cut_to_a_readable_length():
    text = "As " * 2000 + "Xx"
    with pytest.raises(InvalidCardError) as info:
        prc.parse_cards(text)
    assert len(str(info.value)) < 200
    with pytest.raises(InvalidCardError) as info:
        prc.evaluate([10**500, 1, 2, 3, 4])
    assert len(str(info.value)) < 200


# --------------------------------------------------------------------------
# Deals


@pytest.mark.parametrize("bad", [1.0, "10", True, np.True_, np.float64(3), None, [3]])
def test_random_hands_rejects_non_integers(bad):
    for kwargs in ({"n": bad}, {"n": 3, "k": bad}, {"n": 3, "seed": bad}):
        if kwargs.get("seed", 0) is None:
            continue  # seed=None is the documented default
        with pytest.raises(TypeError):
            prc.random_hands(**kwargs)


@pytest.mark.parametrize("n", [2**63, 2**41, -1])
def test_random_hands_rejects_impossible_sizes(n):
    with pytest.raises(InvalidArgumentError):
        prc.random_hands(n, 7)


def test_random_hands_seeds():
    with pytest.raises(InvalidArgumentError):
        prc.random_hands(3, 7, seed=-1)
    with pytest.raises(InvalidArgumentError):
        prc.random_hands(3, 7, seed=2**64)
    a = prc.random_hands(50, 7, seed=np.int64(12))
    assert (a == prc.random_hands(50, 7, seed=12)).all()


def test_random_hands_deal_from_the_games_deck():
    hands = prc.random_hands(20_000, 9, seed=8, game="short_deck")
    assert hands.min() >= 16  # sixes and up: ids 16..51
    assert len(np.unique(hands)) == 36
    with pytest.raises(HandSizeError):
        prc.random_hands(1, 37, game="short_deck")
    sorted_rows = np.sort(hands, axis=1)
    assert (np.diff(sorted_rows, axis=1) > 0).all()  # distinct in every row


# --------------------------------------------------------------------------
# The Fantasyland solver's memory


def test_solver_reports_memory_exhaustion_instead_of_crashing():
    if not hasattr(os, "fork") or sys.platform != "linux":
        pytest.skip("address-space limits are set with setrlimit on Linux")
    code = """
    import resource
    import pyrankcore as prc
    from pyrankcore import ofc
    hand = "As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h 9c 9d"
    ofc.solve_fantasyland(hand)          # every table and import warmed up
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[0])
    size = pages * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (size + 256 * 1024, resource.RLIM_INFINITY))
    try:
        ofc.solve_fantasyland(hand)
    except MemoryError:
        print("MemoryError")
    else:
        print("solved within the limit")
    """
    rc, out = run_child(code)
    assert rc == 0, out[-2000:]
    assert out.strip().splitlines()[-1] in ("MemoryError", "solved within the limit")


# --------------------------------------------------------------------------
# Generated constants agree with the rankings they were generated from


def test_generated_registry_matches_the_rankings():
    from pyrankcore import _rankings

    assert _core.GAMES == tuple(_rankings.RANKINGS)
    for name, ranking in _rankings.RANKINGS.items():
        assert _core.CLASS_COUNTS[name] == len(ranking.classes()), name
    starts = []
    for strength in range(1, 7463):
        cat, _ = _core.class_info(strength)
        while len(starts) <= cat:
            starts.append(strength)
    assert _core.CATEGORY_STARTS == tuple(starts) + (7463,)


def test_errors_are_library_errors():
    for exc in (InvalidArgumentError, InvalidCardError, DuplicateCardError, HandSizeError):
        assert issubclass(exc, PyrankcoreError) and issubclass(exc, ValueError)


# --------------------------------------------------------------------------
# Hostile input to the private and C-level entry points (found under ASan)

# The C API of _core.pxd, called through the module's capsules: a flush of
# valid cards plus an invalid id sharing the flush suit's low two bits.
CAPI_BAD_IDS = """
import ctypes
from pyrankcore import _core
get = ctypes.pythonapi.PyCapsule_GetPointer
get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
name = ctypes.pythonapi.PyCapsule_GetName
name.restype, name.argtypes = ctypes.c_char_p, [ctypes.py_object]
def fn(key, *argtypes):
    cap = _core.__pyx_capi__[key]
    return ctypes.CFUNCTYPE(ctypes.c_uint16, *argtypes)(get(cap, name(cap)))
u8 = ctypes.c_uint8
e5, e6, e7 = (fn(f"evaluate_{n}", *[u8] * n) for n in (5, 6, 7))
ec = fn("evaluate_cards", ctypes.POINTER(u8), ctypes.c_int)
assert e7(51, 47, 43, 39, 35, 0, 1) == 7462
for bad in range(52, 256):
    for cards in ([51, 47, 43, 39, 35, bad, 0], [bad, 51, 47, 43, 39, 35, 0],
                  [51, 47, 43, 39, 31, 27, bad]):
        assert 0 <= e7(*cards) <= 7462
        assert 0 <= e6(*cards[:6]) <= 7462
        assert 0 <= ec((u8 * 7)(*cards), 7) <= 7462
    assert 0 <= e5(51, 47, 43, 39, bad) <= 7462
print("OK")
"""


def test_c_api_invalid_ids_never_read_outside_the_flush_table():
    rc, out = run_child(CAPI_BAD_IDS)
    assert rc == 0 and out.strip().endswith("OK"), out[-3000:]


def test_solver_rejects_negative_or_huge_royalties():
    # Royalties index the solver's counting sort: a negative one wrote
    # outside its counters (heap-buffer-overflow under ASan).
    code = """
    import numpy as np
    from pyrankcore import _core, ofc
    from pyrankcore.errors import InvalidArgumentError
    from pyrankcore.ofc.two_decks import royalty_arrays
    tables = royalty_arrays(ofc.Rules().royalties)
    for row in range(3):
        for value in (-1, -5, 1_000_001, 2**31 - 1):
            fr, mr, br, hi = [t.copy() for t in tables]
            (fr, mr, br)[row][:] = value
            try:
                _core.solve_fantasyland_ids(list(range(13)), fr, mr, br, hi,
                                            7463, 7463, 0.0)
            except InvalidArgumentError:
                pass
            else:
                raise SystemExit(f"row {row}, royalty {value} accepted")
    print("OK")
    """
    rc, out = run_child(code)
    assert rc == 0 and out.strip().endswith("OK"), out[-3000:]


def test_game_tables_made_from_python_are_refused():
    # GameTables() has NULL tables: the core must refuse it, or the
    # kernels read through a NULL pointer (segfault).
    code = """
    import numpy as np
    from pyrankcore import _core, batch
    from pyrankcore.errors import InvalidArgumentError
    t = _core.GameTables()
    calls = [
        lambda: _core.evaluate([], t),
        lambda: _core.evaluate_rows(np.zeros((1, 0), np.uint8),
                                    np.zeros(1, np.uint16), 0, 1, t),
        lambda: batch.evaluate_batch(np.zeros((1, 0), np.uint8), t),
        lambda: _core.enumerate_counts(0, t),
        lambda: _core.random_hands(1, 1, game=t),
    ]
    for call in calls:
        try:
            call()
        except InvalidArgumentError:
            pass
        else:
            raise SystemExit("an empty GameTables was accepted")
    print("OK")
    """
    rc, out = run_child(code)
    assert rc == 0 and out.strip().endswith("OK"), out[-3000:]


# --------------------------------------------------------------------------
# Lists are read as users mean them


@pytest.mark.parametrize("huge", [2**63, 2**64 - 1, 2**64, 2**80, -(2**63) - 5])
def test_huge_python_ints_in_lists_are_named_invalid_cards(huge):
    from pyrankcore import ofc

    with pytest.raises(InvalidCardError, match=str(huge)):
        prc.evaluate_batch([[0, 1, 2, 3, huge]])
    with pytest.raises(InvalidCardError, match=str(huge)):
        prc.evaluate([0, 1, 2, 3, huge])
    with pytest.raises(InvalidCardError, match=str(huge)):
        prc.evaluate_omaha_batch([[0, 1, 2, huge]], [[5, 6, 7]])
    with pytest.raises(InvalidCardError, match=str(huge)):
        ofc.royalties_batch([[huge] + list(range(12))])


def test_empty_lists_are_size_errors_not_dtype_errors():
    with pytest.raises(HandSizeError):
        prc.evaluate_batch([])
    with pytest.raises(HandSizeError):
        prc.evaluate_omaha_batch([[0, 1, 2, 3]], [])
    assert prc.evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


def test_float_lists_stay_type_errors():
    with pytest.raises(TypeError):
        prc.evaluate_batch([[1.0, 2, 3, 4, 5]])


def test_zero_dimensional_arrays_are_scalars():
    assert prc.to_cactus_kev(np.array(7462)) == 1
    assert prc.from_cactus_kev(np.array(1)) == 7462
    with pytest.raises(InvalidArgumentError):
        prc.to_cactus_kev(np.array(0))


# Rows that end exactly at an unreadable page: a row loop that reads one
# byte past its last row (or writes past its last output) faults (5-7
# cards, plain and wild-card rankings, Omaha, hi-lo Omaha). The vector
# loops read whole blocks with masked loads, which AddressSanitizer does not
# check, so this is their bounds test. Run in a child: a fault is an exit
# code, not a crashed test run.
GUARD_PAGE = (
    guard_page.CHILD_IMPORT
    + """
import numpy as np
import pyrankcore as prc
from pyrankcore import _core
rng = np.random.default_rng(5)
def deal(n, k, deck=52):
    return np.argsort(rng.random((n, deck)), axis=1)[:, :k].astype(np.uint8)
wild = prc.ranking("high", wild=("jokers", "2"))  # the wild-card row loops
checked = 0
for kernel in _core.row_loops():
    _core._testing.select_row_kernel(kernel)
    for n in (1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 129):
        for k in (5, 6, 7):
            cards = deal(n, k)
            rows, out = before_a_guard_page(cards), before_a_guard_page(np.zeros(n), np.uint16)
            for start in (0, 1, max(n - 16, 0)):
                assert _core.evaluate_rows(rows, out, start, n, "high") == -1
                assert _core.evaluate_rows(rows, out, start, n, "deuce_seven") == -1
            assert (out == prc.evaluate_batch(cards, "deuce_seven")).all()
            cards = deal(n, k, deck=54)
            rows = before_a_guard_page(cards)
            for start in (0, 1, max(n - 16, 0)):
                assert _core.evaluate_rows(rows, out, start, n, wild) == -1
            assert (out == prc.evaluate_batch(cards, wild)).all()
            checked += 1
        for nh in (4, 5, 6):
            for nb in (3, 4, 5):
                cards = deal(n, nh + nb)
                holes, boards = before_a_guard_page(cards[:, :nh]), before_a_guard_page(cards[:, nh:])
                out = before_a_guard_page(np.zeros(n), np.uint16)
                both = before_a_guard_page(np.zeros((n, 2)), np.uint16)
                for start in (0, 1, max(n - 16, 0)):
                    assert _core.evaluate_omaha_rows(holes, boards, out, start, n, "high") == -1
                    assert _core.evaluate_omaha_rows_hilo(
                        holes, boards, both, start, n, "high", "ace_five_8") == -1
                assert (both[:, 0] == out).all()
                assert (out == prc.evaluate_omaha_batch(cards[:, :nh], cards[:, nh:])).all()
                checked += 1
_core._testing.select_row_kernel("best")
print("OK", checked)
"""
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="mprotect through ctypes")
def test_row_loops_never_touch_memory_past_the_last_row():
    rc, out = run_child(GUARD_PAGE)
    assert rc == 0 and out.strip().startswith("OK"), out[-2000:]
