"""HandIndexer against independent references: the class counts published
with Waugh's algorithm, a brute-force canonical form (the smallest image of
a hand under the 24 suit permutations, each round sorted), exhaustive round
trips where they are cheap and large random samples where they are not."""

import itertools
import math
import pickle

import numpy as np
import pytest

from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
)
from pyrankcore.indexer import HandIndexer

PERMS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)  # (24, 4)


def canonical_keys(cards, rounds):
    """A key per row that two rows share exactly when a suit permutation
    maps one onto the other round by round (brute force over the 24)."""
    cards = np.asarray(cards, dtype=np.int64)
    bounds = np.cumsum([0] + list(rounds))
    best = None
    for perm in PERMS:
        mapped = (cards >> 2) * 4 + perm[cards & 3]
        parts = [np.sort(mapped[:, a:b], axis=1) for a, b in zip(bounds[:-1], bounds[1:])]
        m = np.concatenate(parts, axis=1)
        key = (
            np.zeros(len(m), dtype=object) if m.shape[1] > 10 else np.zeros(len(m), dtype=np.int64)
        )
        for j in range(m.shape[1]):
            key = key * 52 + m[:, j]
        best = key if best is None else np.minimum(best, key)
    return best


def random_deals(n, k, seed, deck_ids=range(52)):
    rng = np.random.default_rng(seed)
    ids = np.array(list(deck_ids), dtype=np.uint8)
    return ids[np.argsort(rng.random((n, len(ids))), axis=1)[:, :k]]


@pytest.fixture(scope="module")
def holdem():
    return HandIndexer([2, 3, 1, 1])


@pytest.mark.parametrize(
    "rounds, sizes",
    [
        ([2, 3, 1, 1], [169, 1_286_792, 55_190_538, 2_428_287_420]),
        ([2, 4], [169, 13_960_050]),
        ([2, 5], [169, 123_156_254]),
        ([4], [16_432]),
    ],
)
def test_sizes(rounds, sizes):
    ix = HandIndexer(rounds)
    assert [ix.size(r) for r in range(len(rounds))] == sizes
    assert ix.rounds == rounds


def test_preflop_exhaustive(holdem):
    hands = np.array(list(itertools.combinations(range(52), 2)), dtype=np.uint8)
    idx = holdem.index(hands)[:, 0]
    ref = canonical_keys(hands, [2])
    # same index exactly when the same class, and every index used
    pairs = set(zip(idx.tolist(), ref.tolist()))
    assert len(pairs) == len(set(idx.tolist())) == len(set(ref.tolist())) == 169
    assert sorted(set(idx.tolist())) == list(range(169))
    back = holdem.unindex(0, np.arange(169))
    assert (holdem.index(back)[:, 0] == np.arange(169)).all()
    assert (canonical_keys(back, [2])[idx] == ref).all()


def test_flop_round_trip_every_class():
    ix = HandIndexer([2, 3])
    n = ix.size(1)
    hands = ix.unindex(1, np.arange(n, dtype=np.uint64))
    assert hands.shape == (n, 5)
    srt = np.sort(hands, axis=1)
    assert (np.diff(srt.astype(int), axis=1) > 0).all()  # five distinct cards
    got = ix.index(hands)
    assert (got[:, 1] == np.arange(n)).all()
    # the preflop index of a canonical flop hand is its hole cards' class
    assert (got[:, 0] == ix.index(hands[:, :2])[:, 0]).all()


def test_flop_every_deal_distinct_count():
    """Every one of the 52C2 * 50C3 deals indexed: exactly 1,286,792
    distinct indices, all in range."""
    ix = HandIndexer([2, 3])
    seen = np.zeros(ix.size(1), dtype=bool)
    holes = list(itertools.combinations(range(52), 2))
    flops = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    fmask = (np.uint64(1) << flops.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    total = 0
    for start in range(0, len(holes), 64):
        chunk = []
        for a, b in holes[start : start + 64]:
            keep = flops[(fmask & np.uint64((1 << a) | (1 << b))) == 0]
            hole = np.broadcast_to(np.array([a, b], dtype=np.uint8), (len(keep), 2))
            chunk.append(np.concatenate([hole, keep], axis=1))
        deals = np.concatenate(chunk)
        total += len(deals)
        seen[ix.index(deals, threads=2)[:, 1]] = True
    assert total == math.comb(52, 2) * math.comb(50, 3)
    assert int(seen.sum()) == ix.size(1)


@pytest.mark.parametrize("rounds", [[2, 3, 1, 1], [2, 4], [2, 5], [4, 3, 1, 1]])
def test_round_trip_random_classes(rounds):
    ix = HandIndexer(rounds)
    rng = np.random.default_rng(7)
    for r in range(len(rounds)):
        n = 100_000 if r >= 2 or rounds != [2, 3, 1, 1] else 20_000
        idx = rng.integers(0, ix.size(r), size=n, dtype=np.uint64)
        hands = ix.unindex(r, idx)
        assert (ix.index(hands)[:, r] == idx).all()


def test_random_hands_round_trip_through_canonical(holdem):
    hands = random_deals(100_000, 7, seed=3)
    idx = holdem.index(hands)
    for r, k in enumerate([2, 5, 6, 7]):
        back = holdem.unindex(r, idx[:, r])
        assert (holdem.index(back)[:, r] == idx[:, r]).all()
        # the canonical hand is isomorphic to the hand it came from
        rounds = [2, 3, 1, 1][: r + 1]
        assert (canonical_keys(back, rounds) == canonical_keys(hands[:, :k], rounds)).all()


def test_every_suit_permutation_shares_the_index(holdem):
    hands = random_deals(2_000, 7, seed=11).astype(np.int64)
    want = holdem.index(hands)
    for perm in PERMS:
        mapped = (hands >> 2) * 4 + perm[hands & 3]
        assert (holdem.index(mapped) == want).all()


def test_different_classes_never_share_an_index():
    """Over a sample of turn hands, the index and the brute-force
    canonical form partition the hands the same way."""
    ix = HandIndexer([2, 4])
    hands = random_deals(200_000, 6, seed=5)
    # many collisions on purpose: hands drawn from a 20-card deck
    small = random_deals(200_000, 6, seed=6, deck_ids=range(32, 52))
    for h in (hands, small):
        idx = ix.index(h)[:, 1]
        ref = canonical_keys(h, [2, 4])
        pairs = set(zip(idx.tolist(), ref.tolist()))
        assert len(pairs) == len(set(idx.tolist())) == len(set(ref.tolist()))
    assert len(set(ix.index(small)[:, 1].tolist())) < len(small) // 2


@pytest.mark.parametrize(
    "rounds, deck",
    [
        ([2, 1], "short"),
        ([1, 2], "short"),
        ([3], "short"),
        ([1, 1, 1], "short"),
        ([3], "standard"),
        ([2, 1], "standard"),
    ],
)
def test_sizes_and_classes_by_brute_force(rounds, deck):
    ids = list(range(52)) if deck == "standard" else list(range(16, 52))
    k = sum(rounds)
    deals = []
    for perm in itertools.permutations(ids, k):
        bounds = np.cumsum([0] + rounds)
        if all(list(perm[a:b]) == sorted(perm[a:b]) for a, b in zip(bounds[:-1], bounds[1:])):
            deals.append(perm)
    deals = np.array(deals, dtype=np.uint8)
    ref = canonical_keys(deals, rounds)
    ix = HandIndexer(rounds, deck=deck)
    assert ix.size(len(rounds) - 1) == len(set(ref.tolist()))
    idx = ix.index(deals)[:, -1]
    assert len(set(zip(idx.tolist(), ref.tolist()))) == len(set(ref.tolist()))
    assert sorted(set(idx.tolist())) == list(range(ix.size(len(rounds) - 1)))
    back = ix.unindex(len(rounds) - 1, np.arange(ix.size(len(rounds) - 1)))
    assert np.isin(back, ids).all()


def test_short_deck_round_trip():
    ix = HandIndexer([2, 3, 1, 1], deck="short")
    hands = random_deals(50_000, 7, seed=9, deck_ids=range(16, 52))
    idx = ix.index(hands)
    for r in range(4):
        assert (idx[:, r] < ix.size(r)).all()
        back = ix.unindex(r, idx[:, r])
        assert back.min() >= 16
        assert (ix.index(back)[:, r] == idx[:, r]).all()


def test_first_rounds_only(holdem):
    hands = random_deals(1000, 7, seed=1)
    full = holdem.index(hands)
    assert (holdem.index(hands[:, :5]) == full[:, :2]).all()
    assert (holdem.index(hands[0, :2].tolist()) == full[:1, :1]).all()


def test_index_next_round_matches_index():
    ix = HandIndexer([4, 3, 1, 1])
    hands = random_deals(20_000, 9, seed=2)
    full = ix.index(hands, threads=2)
    state = ix.start(len(hands))
    for r, (a, b) in enumerate([(0, 4), (4, 7), (7, 8), (8, 9)]):
        assert (ix.index_next_round(state, hands[:, a:b], threads=2) == full[:, r]).all()
    with pytest.raises(InvalidArgumentError, match="all 4 rounds"):
        ix.index_next_round(state, hands[:, 8:9])


@pytest.mark.parametrize("rounds", [[4, 4], [3, 3, 3, 3], [2, 2, 2, 2, 2, 2]])
def test_suits_sharing_counts_and_rounds_of_many_configurations(rounds):
    """Groups of suits dealt the same counts whose index counts are too
    large for the tables of multiset terms (two suits of 2 + 2 cards:
    4,290 indices each), and rounds of thousands of configurations: the
    classes are the brute-force ones, every class goes back to itself, and
    round by round gives the same indices."""
    ix = HandIndexer(rounds)
    k = sum(rounds)
    bounds = np.cumsum([0, *rounds])
    # two suits only: their counts often match round by round
    two_suits = [c for c in range(52) if c % 4 >= 2]
    for hands in (random_deals(20_000, k, seed=13), random_deals(20_000, k, 14, two_suits)):
        idx = ix.index(hands)
        for r in range(len(rounds)):
            part = hands[:, : bounds[r + 1]]
            ref = canonical_keys(part, rounds[: r + 1])
            pairs = set(zip(idx[:, r].tolist(), ref.tolist()))
            assert len(pairs) == len(set(idx[:, r].tolist())) == len(set(ref.tolist()))
            back = ix.unindex(r, idx[:, r])
            assert (ix.index(back)[:, r] == idx[:, r]).all()
            assert (canonical_keys(back, rounds[: r + 1]) == ref).all()
        state = ix.start(len(hands))
        for r in range(len(rounds)):
            step = ix.index_next_round(state, hands[:, bounds[r] : bounds[r + 1]])
            assert (step == idx[:, r]).all()


def test_index_next_round_refuses_a_card_dealt_before():
    ix = HandIndexer([2, 3])
    hands = random_deals(10, 5, seed=4)
    state = ix.start(10)
    ix.index_next_round(state, hands[:, :2])
    flops = hands[:, 2:].copy()
    flops[6, 1] = hands[6, 0]
    saved = state._state.copy()
    with pytest.raises(DuplicateCardError, match="row 6"):
        ix.index_next_round(state, flops)
    assert state.round == 1 and (state._state == saved).all()
    assert (ix.index_next_round(state, hands[:, 2:]) == ix.index(hands)[:, 1]).all()


def test_threads_give_the_same_answer(holdem):
    hands = random_deals(200_000, 7, seed=8)
    one = holdem.index(hands)
    assert (holdem.index(hands, threads=2) == one).all()
    assert (holdem.unindex(3, one[:, 3], threads=2) == holdem.unindex(3, one[:, 3])).all()


def test_pickle(holdem):
    back = pickle.loads(pickle.dumps(holdem))
    assert back.rounds == holdem.rounds and back.size(3) == holdem.size(3)
    short = pickle.loads(pickle.dumps(HandIndexer([2, 3], deck="short")))
    assert short.deck == "short" and short.size(1) == HandIndexer([2, 3], deck="short").size(1)


def test_bad_inputs(holdem):
    with pytest.raises(DuplicateCardError, match="cards row 1"):
        holdem.index([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 5]])
    with pytest.raises(InvalidCardError, match="cards row 0.*52"):
        holdem.index([[0, 1, 2, 3, 4, 5, 52]])
    with pytest.raises(InvalidCardError, match="cards"):
        holdem.index([[0, 1, 2, 3, 4, 5, -1]])
    with pytest.raises(InvalidCardError, match="short deck"):
        HandIndexer([2], deck="short").index([[0, 51]])
    with pytest.raises(HandSizeError, match="cards: rows of 4 cards"):
        holdem.index(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(InvalidArgumentError, match="rounds.*53 cards"):
        HandIndexer([20, 20, 13])
    with pytest.raises(InvalidArgumentError, match="rounds.*37 cards"):
        HandIndexer([30, 7], deck="short")
    with pytest.raises(InvalidArgumentError, match="rounds: 1 to 8 rounds"):
        HandIndexer([1] * 9)
    with pytest.raises(InvalidArgumentError, match="rounds: 1 to 8 rounds"):
        HandIndexer([])
    with pytest.raises(InvalidArgumentError, match="round 1 deals 0"):
        HandIndexer([2, 0])
    with pytest.raises(TypeError, match="rounds"):
        HandIndexer("2311")
    with pytest.raises(InvalidArgumentError, match="deck"):
        HandIndexer([2], deck="long")
    with pytest.raises(InvalidArgumentError, match="2\\*\\*58"):
        HandIndexer([20, 20])
    with pytest.raises(InvalidArgumentError, match="too many ways"):
        HandIndexer([2] * 7)
    with pytest.raises(InvalidArgumentError, match="indices: 169 at row 1 is out of range"):
        holdem.unindex(0, [3, 169])
    with pytest.raises(InvalidArgumentError, match="negative"):
        holdem.unindex(0, [-1])
    with pytest.raises(InvalidArgumentError, match="round must be 0 to 3"):
        holdem.unindex(4, [0])
    with pytest.raises(InvalidArgumentError, match="round must be 0 to 3"):
        holdem.size(-1)
