"""The Omaha row loops: the scalar loop and the AVX2 and AVX-512 loops (where
this CPU runs them) give the same strengths as an independent brute force over every
two hole cards and three board cards, flag the same first bad row, and fill
the same rows, for every shape and for hi-lo in one pass."""

import itertools

import numpy as np
import pytest
from row_loops import KERNELS, agree, every_kernel

import pyrankcore as prc
from pyrankcore import _core

# Games on the fast Omaha path: flushes dominant (high, short deck, a stripped
# deck, deuce-to-seven) or ignored (ace-to-five eight-or-better).
GAMES = ["high", "short_deck", "deuce_seven", "ace_five_8", prc.stripped_deck("6")]
SHAPES = [(nh, nb) for nh in (4, 5, 6) for nb in (3, 4, 5)]


def game_id(game):
    return game if isinstance(game, str) else game.name


def deck_of(game):
    mask = _core.tables_of(game).deck_mask
    return np.array([c for c in range(52) if mask >> c & 1], dtype=np.uint8)


def deal(game, n, nh, nb, seed):
    deck = deck_of(game)
    rng = np.random.default_rng(seed)
    cards = deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, : nh + nb]]
    return np.ascontiguousarray(cards[:, :nh]), np.ascontiguousarray(cards[:, nh:])


def brute_force(hole, board, game):
    """Best of every two hole cards with every three board cards, each five
    ranked by the plain 5-card evaluator."""
    return max(
        prc.evaluate(list(h) + list(b), game)
        for h in itertools.combinations(hole, 2)
        for b in itertools.combinations(board, 3)
    )


def flush_deals(n, nh, nb, seed):
    """Deals where the board holds three or more of one suit and the hand
    two to nh of them: every flush case of the kernels (one suited pair, or
    several, from three to five board cards of the suit)."""
    rng = np.random.default_rng(seed)
    holes = np.empty((n, nh), dtype=np.uint8)
    boards = np.empty((n, nb), dtype=np.uint8)
    for i in range(n):
        suit = int(rng.integers(4))
        suited = [4 * r + suit for r in rng.permutation(13)]
        on_board = int(rng.integers(3, nb + 1))
        in_hand = int(rng.integers(2, min(nh, 13 - on_board) + 1))
        others = [c for c in rng.permutation(52) if c % 4 != suit]
        board = suited[:on_board] + others[: nb - on_board]
        hole = suited[on_board : on_board + in_hand] + others[nb - on_board :][: nh - in_hand]
        boards[i] = rng.permutation(board)
        holes[i] = rng.permutation(hole)
    return holes, boards


@pytest.mark.parametrize("game", GAMES, ids=game_id)
@pytest.mark.parametrize(("nh", "nb"), SHAPES)
def test_random_deals_every_kernel_against_brute_force(game, nh, nb):
    holes, boards = deal(game, 20_011, nh, nb, seed=nh * 10 + nb)
    fast = agree(every_kernel(lambda: prc.evaluate_omaha_batch(holes, boards, game)))
    for i in range(0, len(holes), 97):
        assert fast[i] == brute_force(holes[i].tolist(), boards[i].tolist(), game), i


@pytest.mark.parametrize("game", ["high", "deuce_seven"])
@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (5, 5), (6, 5), (4, 3), (6, 4)])
def test_flush_deals_every_kernel_against_brute_force(game, nh, nb):
    holes, boards = flush_deals(3_001, nh, nb, seed=nh + nb)
    fast = agree(every_kernel(lambda: prc.evaluate_omaha_batch(holes, boards, game)))
    expected = [brute_force(h, b, game) for h, b in zip(holes.tolist(), boards.tolist())]
    assert fast.tolist() == expected


def best_of_fives(holes, boards, game):
    """The best strength over every two hole and three board cards of each
    row, each five ranked by the 5-card batch."""
    nh, nb = holes.shape[1], boards.shape[1]
    best = np.zeros(len(holes), dtype=np.uint16)
    for p in itertools.combinations(range(nh), 2):
        for t in itertools.combinations(range(nb), 3):
            five = np.ascontiguousarray(np.hstack([holes[:, list(p)], boards[:, list(t)]]))
            best = np.maximum(best, prc.evaluate_batch(five, game))
    return best


@pytest.mark.parametrize("nh", [4, 5, 6])
def test_each_loop_on_every_row_against_all_two_and_three_choices(nh):
    """Each row loop on its own (not only agreeing with the others), high
    and the hi-lo pass, on every row of random deals with a 5-card board,
    against the best of the hand's 60 to 150 fives."""
    holes, boards = deal("high", 4_099, nh, 5, seed=40 + nh)
    high = best_of_fives(holes, boards, "high")
    low = best_of_fives(holes, boards, "ace_five_8")
    game = {4: "Omaha Hi-Lo 8", 5: "Big O", 6: "Six-card Omaha Hi-Lo 8"}[nh]
    results = every_kernel(
        lambda: (
            prc.evaluate_omaha_batch(holes, boards, "high"),
            prc.evaluate_omaha_batch(holes, boards, game),
        )
    )
    assert len(results) == len(KERNELS)
    for name, (alone, both) in results.items():
        assert np.array_equal(alone, high), name
        assert np.array_equal(both[:, 0], high), name
        assert np.array_equal(both[:, 1], low), name
    assert 0 < np.count_nonzero(low) < len(low)  # lows and no lows both occur


@pytest.mark.parametrize(("nh", "nb"), SHAPES)
def test_hi_lo_one_pass_every_kernel(nh, nb):
    holes, boards = deal("high", 10_007, nh, nb, seed=nh + 7 * nb)
    game = {4: "Omaha Hi-Lo 8", 5: "Big O", 6: "Six-card Omaha Hi-Lo 8"}[nh]
    both = agree(every_kernel(lambda: prc.evaluate_omaha_batch(holes, boards, game)))
    assert np.array_equal(both[:, 0], prc.evaluate_omaha_batch(holes, boards, "high"))
    assert np.array_equal(both[:, 1], prc.evaluate_omaha_batch(holes, boards, "ace_five_8"))


def every_board_rank_pattern(nb):
    """One board for each multiset of nb ranks (at most four of a rank),
    the suits dealt in turn (a rank's cards in distinct suits)."""
    boards = []
    for ranks in itertools.combinations_with_replacement(range(13), nb):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        board = []
        for r in sorted(set(ranks)):
            start = len(board)
            board += [4 * r + (start + j) % 4 for j in range(ranks.count(r))]
        boards.append(board)
    return np.array(boards, dtype=np.uint8)


@pytest.mark.parametrize("nb", [3, 4, 5])
def test_every_board_rank_pattern_finds_its_pattern_row(nb):
    """Boards have a perfect hash of their own (by rank pattern, 3 to 5
    cards): every pattern, each with four hole cards from the rest of the
    deck, against the best of the 5-card batch over its two-and-three
    choices."""
    boards = every_board_rank_pattern(nb)
    assert len(boards) == {3: 455, 4: 1820, 5: 6175}[nb]
    rng = np.random.default_rng(nb)
    holes = np.array(
        [rng.choice(np.setdiff1d(np.arange(52), b), 4, replace=False) for b in boards],
        dtype=np.uint8,
    )
    fast = agree(every_kernel(lambda: prc.evaluate_omaha_batch(holes, boards, "high")))
    pairs = list(itertools.combinations(range(4), 2))
    triples = list(itertools.combinations(range(nb), 3))
    fives = np.concatenate(
        [
            np.concatenate([holes[:, list(p)], boards[:, list(t)]], axis=1)
            for p in pairs
            for t in triples
        ]
    )
    best = prc.evaluate_batch(fives).reshape(len(pairs) * len(triples), -1).max(axis=0)
    assert fast.tolist() == best.tolist()


def low_card_deals(n, nh, nb, seed):
    """Deals from the 24 cards ace to six: most boards hold three or more
    distinct low ranks and most hands two, so the eight-or-better low takes
    every form (none, one hole rank shared with the board, both, ...)."""
    deck = np.array([c for c in range(52) if c // 4 in (12, 0, 1, 2, 3, 4)], dtype=np.uint8)
    rng = np.random.default_rng(seed)
    cards = deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, : nh + nb]]
    return np.ascontiguousarray(cards[:, :nh]), np.ascontiguousarray(cards[:, nh:])


@pytest.mark.parametrize(("nh", "nb"), SHAPES)
def test_hi_lo_low_from_rank_sets_against_brute_force(nh, nb):
    """The eight-or-better low of the hi-lo pass is read from the board's
    and the hand's sets of low ranks (one lookup a hand, not one per hole
    pair): against the best of every two hole and three board cards."""
    holes, boards = low_card_deals(3_001, nh, nb, seed=nh * 3 + nb)
    both = agree(every_kernel(lambda: _hilo_first_bad_of(holes, boards, "high", "ace_five_8")[1]))
    lows = [brute_force(h, b, "ace_five_8") for h, b in zip(holes.tolist(), boards.tolist())]
    assert both[:, 1].tolist() == lows
    assert 0 < lows.count(0) < len(lows)  # lows and no lows both occur
    assert np.array_equal(both[:, 0], prc.evaluate_omaha_batch(holes, boards, "high"))


@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (5, 4), (6, 5), (6, 3)])
def test_hi_lo_with_a_low_read_from_pattern_rows(nh, nb):
    """A low that ranks pairs (ace-to-five with no qualifier) has no rank
    sets: the hi-lo pass reads its pattern rows (with six hole cards, as two
    passes over spans) and gives each half of two separate calls."""
    holes, boards = low_card_deals(2_003, nh, nb, seed=nh + nb)
    both = agree(every_kernel(lambda: _hilo_first_bad_of(holes, boards, "high", "ace_five")[1]))
    assert np.array_equal(both[:, 0], prc.evaluate_omaha_batch(holes, boards, "high"))
    assert np.array_equal(both[:, 1], prc.evaluate_omaha_batch(holes, boards, "ace_five"))
    for i in range(0, len(holes), 101):
        assert both[i, 1] == brute_force(holes[i].tolist(), boards[i].tolist(), "ace_five"), i


def _first_bad(holes, boards, game, start=0, stop=None):
    stop = len(holes) if stop is None else stop
    out = np.zeros(len(holes), dtype=np.uint16)
    bad = _core.evaluate_omaha_rows(holes, boards, out, start, stop, game)
    return bad, out


def _hilo_first_bad(holes, boards, start=0, stop=None):
    stop = len(holes) if stop is None else stop
    out = np.zeros((len(holes), 2), dtype=np.uint16)
    bad = _core.evaluate_omaha_rows_hilo(holes, boards, out, start, stop, "high", "ace_five_8")
    return bad, out


def _spoil(holes, boards, row, how, game):
    """Make one row invalid in one of the ways a kernel must catch."""
    holes, boards = holes.copy(), boards.copy()
    if how == "id 52":
        holes[row, 1] = 52
    elif how == "id 255":
        boards[row, -1] = 255
    elif how == "id 64":
        holes[row, 0] = 64
    elif how == "repeat in hole":
        holes[row, -1] = holes[row, 0]
    elif how == "repeat in board":
        boards[row, 0] = boards[row, -1]
    elif how == "repeat across":
        boards[row, 1] = holes[row, -1]
    elif how == "not in the deck":
        holes[row, 2] = 0  # the deuce of clubs: short deck and 36-card decks lack it
    return holes, boards


BAD = ["id 52", "id 255", "id 64", "repeat in hole", "repeat in board", "repeat across"]


@pytest.mark.parametrize("how", BAD + ["not in the deck"])
@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (6, 5), (5, 3)])
def test_a_bad_row_at_every_position_of_two_chunks(how, nh, nb):
    game = "short_deck" if how == "not in the deck" else "high"
    holes, boards = deal(game, 150, nh, nb, seed=3)
    good = prc.evaluate_omaha_batch(holes, boards, game)
    for row in range(0, 150, 1 if nh == 4 else 7):
        h, b = _spoil(holes, boards, row, how, game)
        results = every_kernel(lambda h=h, b=b: _first_bad(h, b, game))
        for name, (bad, out) in results.items():
            assert bad == row, (name, row)
            # every row before the bad one is written, and right
            assert np.array_equal(out[:row], good[:row]), (name, row)


@pytest.mark.parametrize("how", BAD)
def test_hi_lo_flags_the_first_bad_row(how):
    holes, boards = deal("high", 150, 4, 5, seed=5)
    good = prc.evaluate_omaha_batch(holes, boards, "Omaha Hi-Lo 8")
    for row in (0, 15, 16, 63, 64, 100, 149):
        h, b = _spoil(holes, boards, row, how, "high")
        for name, (bad, out) in every_kernel(lambda h=h, b=b: _hilo_first_bad(h, b)).items():
            assert bad == row, (name, row)
            assert np.array_equal(out[:row], good[:row]), (name, row)


def _hilo_first_bad_of(holes, boards, high, low):
    out = np.zeros((len(holes), 2), dtype=np.uint16)
    return _core.evaluate_omaha_rows_hilo(holes, boards, out, 0, len(holes), high, low), out


@pytest.mark.parametrize("low", ["ace_five", "ace_five_8"])
@pytest.mark.parametrize(
    ("how", "high"), [("repeat across", "high"), ("not in the deck", "short_deck")]
)
def test_hi_lo_six_hole_cards_flags_the_first_bad_row_across_spans(how, high, low):
    """Six hole cards: with a low read from pattern rows (ace_five) the AVX2
    loop runs hi-lo as two passes over spans of 512 rows, with an
    eight-or-better low as one pass; a bad row at either edge of a span, or
    one only the high game's deck lacks, stops both halves at the same row."""
    holes, boards = deal("short_deck", 1100, 6, 5, seed=9)
    good = _hilo_first_bad_of(holes, boards, high, low)[1]
    for row in (0, 7, 8, 510, 511, 512, 513, 1023, 1024, 1099):
        h, b = _spoil(holes, boards, row, how, high)
        for name, (bad, out) in every_kernel(
            lambda h=h, b=b: _hilo_first_bad_of(h, b, high, low)
        ).items():
            assert bad == row, (name, row)
            assert np.array_equal(out[:row], good[:row]), (name, row)
            assert not out[row:].any(), (name, row)  # nothing from the bad row on


@pytest.mark.parametrize(
    ("start", "stop"), [(0, 1), (0, 15), (1, 17), (0, 64), (3, 67), (63, 129), (17, 200), (5, 5)]
)
def test_row_spans_that_cross_chunks(start, stop):
    holes, boards = deal("high", 200, 4, 5, seed=11)
    full = prc.evaluate_omaha_batch(holes, boards, "high")
    for name, (bad, out) in every_kernel(
        lambda: _first_bad(holes, boards, "high", start, stop)
    ).items():
        assert bad == -1, name
        assert np.array_equal(out[start:stop], full[start:stop]), name
        assert not out[:start].any() and not out[stop:].any(), name  # nothing else written
    for name, (bad, out) in every_kernel(
        lambda: _hilo_first_bad(holes, boards, start, stop)
    ).items():
        assert bad == -1, name
        assert not out[:start].any() and not out[stop:].any(), name


def test_threads_give_the_same_strengths():
    holes, boards = deal("high", 100_003, 4, 5, seed=13)
    one = prc.evaluate_omaha_batch(holes, boards, "high")
    assert np.array_equal(prc.evaluate_omaha_batch(holes, boards, "high", threads=2), one)
    both = prc.evaluate_omaha_batch(holes, boards, "Omaha Hi-Lo 8", threads=2)
    assert np.array_equal(both[:, 0], one)
