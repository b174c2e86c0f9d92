"""Exhaustive checks of the 5-, 6- and 7-card high evaluator.

* ``_core.enumerate_counts(k)`` (all C(52, k) hands through the value functions)
  must equal, strength by strength, the histogram that tests/references/reference.py
  derives by counting suit colourings of every rank multiset, and the
  published per-category counts.
* every one of the 2,598,960 five-card hands goes through evaluate_batch and
  is compared with the reference strength of its rank/flush pattern.
* describe() and category() are checked for every strength 1..7462.
"""

import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest
from references import reference as ref
from references.hands import every_hand, every_hand_counts

import pyrankcore
from pyrankcore import _core

# Published counts per category, straight flush first (shared/rules/002 for
# five cards; the 6- and 7-card figures are reproduced by reference.py).
CATEGORY_COUNTS = {
    5: (40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540),
    6: (1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900),
    7: (
        41584,
        224848,
        3473184,
        4047644,
        6180020,
        6461620,
        31433400,
        58627800,
        23294460,
    ),
}
DISTINCT_STRENGTHS = {5: 7462, 6: 6075, 7: 4824}

# (first, last) strength of each category, Category value order.
BOUNDARIES = (
    (1, 1277),
    (1278, 4137),
    (4138, 4995),
    (4996, 5853),
    (5854, 5863),
    (5864, 7140),
    (7141, 7296),
    (7297, 7452),
    (7453, 7462),
)


@pytest.fixture(scope="module")
def raw_enum_counts():
    """enumerate_counts(k) exactly as returned (computed once per k and
    session: test_probabilities and test_row_kernels check the same counts)."""
    return every_hand_counts


@pytest.fixture(scope="module")
def enum_counts(raw_enum_counts):
    """The same counts as an int64 array, so value checks do not depend on the type."""
    return lambda k: np.asarray(raw_enum_counts(k), dtype=np.int64)


@pytest.fixture(scope="module")
def all_five_card_hands():
    """Every five-card hand in itertools.combinations order (read only)."""
    return every_hand(range(52), 5)


@pytest.fixture(scope="module")
def pattern_lookup():
    """Sorted (rank-multiset key * 2 + flush) keys and their reference strengths."""
    keys, strengths = [], []
    for s, value in enumerate(ref.all_values(), start=1):
        ranks, suited = ref.representative(value)
        keys.append(sum(5**r for r in ranks) * 2 + int(suited))
        strengths.append(s)
    keys = np.array(keys, dtype=np.int64)
    order = np.argsort(keys)
    assert np.unique(keys).size == 7462
    return keys[order], np.array(strengths, dtype=np.uint16)[order]


def reference_strength_5(hands, lookup):
    """Vectorised reference strength of an (N, 5) array of card ids."""
    sorted_keys, strengths = lookup
    hands = hands.astype(np.int64)
    ranks, suits = hands >> 2, hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    key = (5**ranks).sum(axis=1) * 2 + flush
    idx = np.searchsorted(sorted_keys, key)
    assert (sorted_keys[idx] == key).all()
    return strengths[idx]


def reference_strength_best(hands, lookup):
    """Vectorised reference strength of (N, k) hands: max over 5-card subsets."""
    k = hands.shape[1]
    best = np.zeros(hands.shape[0], dtype=np.uint16)
    for cols in itertools.combinations(range(k), 5):
        np.maximum(best, reference_strength_5(hands[:, list(cols)], lookup), out=best)
    return best


def random_hands(rng, n, k):
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def _describe_mismatches(hands, got, want, limit=5):
    bad = np.flatnonzero(got != want)[:limit]
    return "; ".join(
        f"{pyrankcore.format_cards(hands[i])}: got {got[i]}, reference {want[i]}" for i in bad
    )


# --------------------------------------------------------------------------
# enumerate_counts


@pytest.mark.parametrize("k", [5, 6, 7])
def test_enumerate_counts_total(enum_counts, k):
    counts = enum_counts(k)
    assert counts.shape == (7463,)
    assert counts[0] == 0
    assert int(counts.sum()) == comb(52, k)


def test_enumerate_counts_returns_int64_array(raw_enum_counts):
    counts = raw_enum_counts(5)
    assert isinstance(counts, np.ndarray), type(counts)
    assert counts.shape == (7463,)
    assert counts.dtype == np.int64


@pytest.mark.parametrize("k", [5, 6, 7])
def test_enumerate_counts_per_category(enum_counts, k):
    counts = enum_counts(k)
    per_category = [int(counts[lo : hi + 1].sum()) for lo, hi in BOUNDARIES]
    assert tuple(reversed(per_category)) == CATEGORY_COUNTS[k]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_enumerate_counts_distinct_strengths(enum_counts, k):
    assert int(np.count_nonzero(enum_counts(k))) == DISTINCT_STRENGTHS[k]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_enumerate_counts_equal_reference_histogram(enum_counts, k):
    """Every one of the 7,462 entries, against colouring counts of the reference."""
    expected = np.zeros(7463, dtype=np.int64)
    for s, n in ref.exact_histogram(k).items():
        expected[s] = n
    counts = enum_counts(k)
    bad = np.flatnonzero(counts != expected)
    assert bad.size == 0, [
        (
            int(s),
            ref.describe_value(ref.all_values()[s - 1]),
            int(counts[s]),
            int(expected[s]),
        )
        for s in bad[:10]
    ]


def test_five_card_class_sizes(enum_counts):
    counts = enum_counts(5)
    values = ref.all_values()
    expected = np.array([0] + [ref.class_hand_count(v) for v in values], dtype=np.int64)
    np.testing.assert_array_equal(counts, expected)
    # every flush class (straight flushes included) has exactly one hand per suit
    flush_classes = [s for s, v in enumerate(values, 1) if v[0] in (ref.FLUSH, ref.STRAIGHT_FLUSH)]
    assert len(flush_classes) == 1287
    assert set(counts[flush_classes].tolist()) == {4}


@pytest.mark.parametrize("k", [4, 8, 0, -1])
def test_enumerate_counts_rejects_other_sizes(k):
    with pytest.raises(ValueError):
        _core.enumerate_counts(k)


# --------------------------------------------------------------------------
# every five-card hand through the public batch API


def test_every_five_card_hand_matches_reference(all_five_card_hands, pattern_lookup):
    hands = all_five_card_hands
    got = pyrankcore.evaluate_batch(hands)
    assert got.dtype == np.uint16 and got.shape == (hands.shape[0],)
    want = reference_strength_5(hands, pattern_lookup)
    assert np.array_equal(got, want), _describe_mismatches(hands, got, want)


def test_every_five_card_hand_bincount_matches_enumerate_counts(all_five_card_hands, enum_counts):
    got = pyrankcore.evaluate_batch(all_five_card_hands)
    np.testing.assert_array_equal(np.bincount(got, minlength=7463), enum_counts(5))


def test_every_five_card_hand_threaded_and_shuffled(all_five_card_hands):
    hands = all_five_card_hands
    single = pyrankcore.evaluate_batch(hands, threads=1)
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(hands, threads=3), single)
    # card order within a row must not matter; suits relabelled c->s->h->d->c
    # must not matter either.
    rng = np.random.default_rng(5)
    perm = np.argsort(rng.random(hands.shape), axis=1)
    shuffled = np.take_along_axis(hands, perm, axis=1)
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(shuffled), single)
    relabel = np.array([3, 0, 1, 2], dtype=np.uint8)
    recoloured = (hands & 0xFC) | relabel[hands & 3]
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(recoloured), single)


def test_every_class_scalar_evaluate():
    """One hand per class through the scalar API, with varied suits."""
    for s, value in enumerate(ref.all_values(), start=1):
        ranks, suited = ref.representative(value)
        if suited:
            ids = [r * 4 + (s % 4) for r in ranks]
        else:
            # copies of a rank get distinct suits; at least two suits appear
            offset = s % 4
            nth = Counter()
            ids = []
            for r in ranks:
                ids.append(r * 4 + (nth[r] + offset) % 4)
                nth[r] += 1
            if len({c % 4 for c in ids}) == 1:
                ids[0] = ids[0] // 4 * 4 + (offset + 1) % 4
        assert len(set(ids)) == 5
        assert pyrankcore.evaluate(ids) == s, (pyrankcore.format_cards(ids), value)


# --------------------------------------------------------------------------
# sampled six and seven card hands, vectorised reference


@pytest.mark.parametrize("k,n", [(6, 200_000), (7, 200_000)])
def test_random_hands_match_reference(pattern_lookup, k, n):
    rng = np.random.default_rng(1000 + k)
    hands = random_hands(rng, n, k)
    got = pyrankcore.evaluate_batch(hands)
    want = reference_strength_best(hands, pattern_lookup)
    assert np.array_equal(got, want), _describe_mismatches(hands, got, want)


# --------------------------------------------------------------------------
# category and describe for every strength


def test_category_for_every_strength():
    values = ref.all_values()
    for s in range(1, 7463):
        cat = pyrankcore.category(s)
        assert isinstance(cat, pyrankcore.Category)
        assert cat == values[s - 1][0], s


@pytest.mark.parametrize("cat", range(9))
def test_category_boundaries(cat):
    lo, hi = BOUNDARIES[cat]
    assert pyrankcore.category(lo) == cat
    assert pyrankcore.category(hi) == cat
    if lo > 1:
        assert pyrankcore.category(lo - 1) == cat - 1
    if hi < 7462:
        assert pyrankcore.category(hi + 1) == cat + 1


def test_describe_for_every_strength():
    bad = []
    for s, value in enumerate(ref.all_values(), start=1):
        text = pyrankcore.describe(s)
        if text != ref.describe_value(value):
            bad.append((s, text, ref.describe_value(value)))
    assert not bad, bad[:10]
