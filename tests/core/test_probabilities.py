"""Exact hand probabilities (pyrankcore.probabilities).

* the published tables: 5 cards (shared/rules/002: 2,598,960 hands, 40
  straight flushes ... 1,302,540 high cards), 7 cards (133,784,560 hands,
  the figures the demo prints), one joker (53 cards, five of a kind 13 ...);
* the class counts: 7,462 five-card classes, 4,824 reachable with seven;
* strength by strength against every hand of a deck: all C(52, k) hands
  (enumerate_counts, which the library uses for one natural deck: the
  multiset walk used for wild cards and several decks is held against it
  here), every hand of the 32- and 36-card decks through
  evaluate_batch (5 and 7 cards), the 53- and 54-card joker decks, wild
  ranks, one-eyed jacks, "lowest", the bug, low games;
* two decks: closed forms for five cards, and every hand of a doubled
  small deck ranked with double-deck OFC's own tables.
"""

import functools
import itertools
import json
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from references.hands import every_hand, every_hand_counts

import pyrankcore as prc
from pyrankcore import _hand_counts as hand_counts
from pyrankcore._hand_counts import _tally, count_hands
from pyrankcore._rankings import CATEGORY_NAMES, RANKINGS
from pyrankcore.errors import InvalidArgumentError, UnknownGameError
from pyrankcore.ofc import two_decks

PUBLISHED_5 = {  # 002, "Hand categories"
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
PUBLISHED_7 = {
    "Straight Flush": 41584,
    "Four of a Kind": 224848,
    "Full House": 3473184,
    "Flush": 4047644,
    "Straight": 6180020,
    "Three of a Kind": 6461620,
    "Two Pair": 31433400,
    "Pair": 58627800,
    "High Card": 23294460,
}
PUBLISHED_JOKER_5 = {  # one joker, 53 cards
    "Five of a Kind": 13,
    "Straight Flush": 204,
    "Four of a Kind": 3120,
    "Full House": 6552,
    "Flush": 7804,
    "Straight": 20532,
    "Three of a Kind": 137280,
    "Two Pair": 123552,
    "Pair": 1268088,
    "High Card": 1302540,
}


@functools.cache
def high_tally(k):
    """count_hands of the high ranking, one deck, k cards (computed once per k)."""
    return count_hands(RANKINGS["high"], k, 1, 0)


def deck_ids(ranking, jokers=0):
    ids = [4 * r + s for r in ranking.deck_ranks for s in range(4)]
    return sorted(ids) + [52, 53][:jokers]


def by_strength(ranking, keyed):
    """{key: count} from count_hands as {strength: count} (0: no qualifying hand)."""
    strength = {key: i + 1 for i, key in enumerate(ranking.classes())}
    return {(0 if key is None else strength[key]): n for key, n in keyed.items()}


def histogram(strengths):
    counts = np.bincount(strengths)
    return {int(s): int(n) for s, n in enumerate(counts) if n}


def walked(ranking, k):
    """count_hands's other way, used for wild cards and several decks: rank
    multisets walked in Python, suits counted combinatorially, classes from
    the evaluator. (One natural deck is counted by enumerate_counts, so these
    tests hold the walk against it.)"""
    return _tally(ranking, k, 1, 0, own=False)


def enumerated(k, ranking):
    """{strength: count} over every hand of the deck (enumerate_counts, once per session)."""
    return {s: int(n) for s, n in enumerate(every_hand_counts(k, ranking)) if n}


def brute_force(ranking, k, jokers=0):
    hands = every_hand(deck_ids(ranking, jokers), k)
    return histogram(prc.evaluate_batch(hands, ranking, threads=2))


def category_counts(ranking, strengths_hist):
    out = Counter()
    for s, n in strengths_hist.items():
        out[CATEGORY_NAMES[prc.category(s, ranking)]] += n
    return dict(out)


# ------------------------------------------------------------ published


def test_published_five_card_table():
    t = prc.probabilities("high", 5)
    assert t.total == 2598960 == comb(52, 5)
    assert t.counts == PUBLISHED_5
    assert list(t.counts) == list(PUBLISHED_5)  # strongest first
    assert t["Four of a Kind"].fraction == Fraction(624, 2598960)
    assert t["Flush"].odds == "507.80 : 1"


def test_published_seven_card_table():
    t = prc.probabilities("high", 7)
    assert t.total == 133784560
    assert t.counts == PUBLISHED_7


def test_published_one_joker_table():
    t = prc.probabilities("high", 5, wild="jokers")
    assert (t.deck_size, t.jokers, t.total) == (53, 1, comb(53, 5))
    assert t.counts == PUBLISHED_JOKER_5
    # 002: five of a kind aces is "one in every 2,869,685 deals"
    assert t.total == 2869685


@pytest.mark.parametrize("k", [5, 6])  # seven: test_own_classifier_matches_...
def test_every_strength_against_all_hands(k):
    got = by_strength(RANKINGS["high"], walked(RANKINGS["high"], k))
    assert got == enumerated(k, "high")


@pytest.mark.parametrize(("k", "classes"), [(5, 7462), (6, 6075), (7, 4824)])
def test_class_counts(k, classes):
    assert len(high_tally(k)) == classes


# ------------------------------------------------ small decks, exhaustive

SMALL_DECKS = [
    ("stripped_7", lambda: prc.stripped_deck("7")),  # 32 cards, flush over full house
    ("stripped_6", lambda: prc.stripped_deck("6")),  # 36 cards
    ("short_deck", lambda: RANKINGS["short_deck"]),  # 36 cards, hold'em short deck
]


@pytest.mark.parametrize("k", [5, 7])
@pytest.mark.parametrize(("name", "make"), SMALL_DECKS)
def test_small_decks_against_evaluate_batch(name, make, k):
    ranking = make()
    want = brute_force(ranking, k)
    t = prc.probabilities(ranking, k)
    assert t.total == sum(want.values()) == comb(4 * len(ranking.deck_ranks), k)
    assert t.counts == category_counts(ranking, want)
    assert by_strength(ranking, walked(ranking, k)) == want


@pytest.mark.parametrize(("deck", "size"), [("7", 32), (32, 32), ("6", 36), (36, 36)])
def test_deck_argument_strips_the_game(deck, size):
    t = prc.probabilities("high", 7, deck=deck)
    ranking = prc.ranking("high", lowest_rank=13 - size // 4)
    assert t.deck_size == size
    # high order (full house over flush), only the deck changes
    want = enumerated(7, ranking)
    assert t.counts == category_counts(ranking, want)
    assert by_strength(ranking, walked(ranking, 7)) == want


@pytest.mark.parametrize(
    ("game", "k", "lowest"),
    [
        ("deuce_seven", 7, 4),
        ("ace_six", 7, 5),
        ("ace_five_8", 7, 3),
        ("ace_five", 6, 5),
        ("deuce_seven", 6, 0),
        ("short_deck", 6, 4),
    ],
)
def test_other_rankings_against_enumerate_counts(game, k, lowest):
    ranking = prc.ranking(game, lowest_rank=lowest) if lowest else RANKINGS[game]
    want = enumerated(k, ranking)
    assert by_strength(ranking, walked(ranking, k)) == want
    assert by_strength(ranking, count_hands(ranking, k, 1, 0)) == want


# --------------------------------------------------------------- wild cards


@pytest.mark.parametrize("jokers", [1, 2])
def test_joker_deck_against_brute_force(jokers):
    ranking = prc.ranking("high", wild="jokers")
    want = brute_force(ranking, 5, jokers)
    got = by_strength(ranking, count_hands(ranking, 5, 1, jokers))
    assert got == want
    t = prc.probabilities(ranking, 5, jokers=jokers)
    assert t.counts == category_counts(ranking, want)


WILD_GAMES = [
    ("high", 5, {"wild": "2"}, None),  # deuces wild, 52 cards
    ("high", 5, {"bug": True}, None),  # the bug
    ("high", 7, {"wild": "7", "lowest_rank": 5}, None),  # sevens wild, 32 cards
    ("high", 7, {"wild": "Jh Js", "lowest_rank": 5}, None),  # one-eyed jacks: suits differ
    ("high", 7, {"wild": "lowest", "lowest_rank": 5}, None),
    ("high", 7, {"wild": "jokers 7", "lowest_rank": 5}, 2),  # up to six wild cards
    ("deuce_seven", 7, {"wild": "jokers", "lowest_rank": 5}, 2),
    ("high", 6, {"wild": "jokers", "natural_beats_wild": True, "lowest_rank": 5}, 2),
]


@pytest.mark.parametrize(("game", "k", "options", "jokers"), WILD_GAMES)
def test_wild_games_against_brute_force(game, k, options, jokers):
    ranking = prc.ranking(game, **options)
    n_jokers = jokers if jokers is not None else (1 if ranking.jokers else 0)
    want = brute_force(ranking, k, n_jokers)
    got = by_strength(ranking, count_hands(ranking, k, 1, n_jokers))
    assert got == want


def test_wild_argument_adds_to_the_game():
    a = prc.probabilities("high", 5, wild="2")
    b = prc.probabilities(prc.ranking("high", wild="2"), 5)
    assert a.counts == b.counts
    assert a.counts["Five of a Kind"] > 0 and a.total == comb(52, 5)


# ---------------------------------------------------------------- low games


def test_eight_or_better_groups():
    t = prc.probabilities("ace_five_8", 5)
    # a qualifying low: five different ranks A..8, any suits; top card t
    # leaves C(t - 1, 4) choices below it (ace = 1)
    assert t.counts == {
        "Five-low": comb(4, 4) * 4**5,
        "Six-low": comb(5, 4) * 4**5,
        "Seven-low": comb(6, 4) * 4**5,
        "Eight-low": comb(7, 4) * 4**5,
        "No qualifying low": comb(52, 5) - comb(8, 5) * 4**5,
    }


def test_deuce_seven_groups_order():
    t = prc.probabilities("deuce_seven", 5)
    names = list(t.counts)
    assert names[:2] == ["Seven-low", "Eight-low"]
    assert names.index("Ace-low") < names.index("Pair") < names.index("Straight Flush")
    # 7-5-4-3-2 .. 7-6-5-4-2 offsuit: the sevens with five different ranks
    assert t["Seven-low"].count == (comb(5, 4) - 1) * (4**5 - 4)


# ---------------------------------------------------------- several decks


def test_own_classifier_matches_the_evaluator_with_one_deck():
    # Six cards of the whole deck (every straight, the wheel too), and seven
    # of a 36-card deck (six to ace: seven cards of one suit fit, and the
    # rank spreads of seven of 52 in a tenth of the time).
    assert _tally(RANKINGS["high"], 6, 1, 0, own=True) == high_tally(6)
    ranking = RANKINGS["short_deck"]
    assert by_strength(ranking, _tally(ranking, 6, 1, 0, own=True)) == enumerated(6, "short_deck")
    for game in ("high", "deuce_seven", "ace_six"):
        deck_36 = prc.ranking(game, lowest_rank=4)
        assert _tally(deck_36, 7, 1, 0, own=True) == count_hands(deck_36, 7, 1, 0)


def test_two_decks_five_cards_closed_forms():
    t = prc.probabilities("high", 5, decks=2)
    assert (t.deck_size, t.total) == (104, comb(104, 5))
    c = t.counts
    assert c["Five of a Kind"] == 13 * comb(8, 5)
    assert c["Straight Flush"] == 10 * 4 * 2**5
    assert c["Flush"] == 4 * comb(26, 5) - 10 * 4 * 2**5
    assert c["Straight"] == 10 * 8**5 - 10 * 4 * 2**5
    assert c["Four of a Kind"] == 13 * comb(8, 4) * 96
    assert c["Full House"] == 13 * comb(8, 3) * 12 * comb(8, 2)
    assert c["Three of a Kind"] == 13 * comb(8, 3) * comb(12, 2) * 8 * 8
    # two pair in one suit (As As Ks Ks Qs) is a flush: 4 suits, 11 kickers, 2 copies
    assert c["Two Pair"] == comb(13, 2) * comb(8, 2) ** 2 * 88 - 4 * comb(13, 2) * 11 * 2


def double_deck_brute_force(lowest, k):
    """Category counts of every k-card hand of two decks stripped below
    *lowest* (ten: the only stripped deck whose straights are those of the
    full deck, A-K-Q-J-T), ranked with double-deck OFC's tables (five cards of one suit
    are a flush with a repeated card; five of a rank are five of a kind).
    Hands are card multisets (a card at most twice), each weighted by the
    ways to take its cards from the two copies: 2 for a single card."""
    plain, flush, _, _ = two_decks.tables()
    ids = [4 * r + s for r in range(lowest, 13) for s in range(4)]
    flat = itertools.chain.from_iterable(itertools.combinations_with_replacement(ids, k))
    hands = np.fromiter(flat, dtype=np.int64).reshape(-1, k)
    copies = np.zeros((len(hands), 52), dtype=np.int8)
    np.add.at(copies, (np.arange(len(hands))[:, None], hands), 1)
    allowed = copies.max(axis=1) <= 2
    cards = hands[allowed]
    weights = 2 ** (copies[allowed] == 1).sum(axis=1)
    best = np.zeros(len(cards), dtype=np.int64)
    for cols in itertools.combinations(range(k), 5):
        five = cards[:, list(cols)]
        ranks = np.sort(five >> 2, axis=1)
        index = sum(
            np.array([comb(r + j, j + 1) for r in range(13)])[ranks[:, j]] for j in range(5)
        )
        suited = ((five & 3) == (five[:, :1] & 3)).all(axis=1)
        value = np.where(suited, flush[index], plain[index]).astype(np.int64)
        np.maximum(best, value, out=best)
    cats = np.searchsorted(np.asarray(two_decks.DD_STARTS), best, side="right") - 1
    counts = np.bincount(cats, weights=np.array(weights, dtype=np.float64))
    return {CATEGORY_NAMES[c]: int(n) for c, n in enumerate(counts) if n}


@pytest.mark.parametrize(("lowest", "k"), [("T", 5), ("T", 6), ("T", 7)])
def test_two_decks_against_every_hand(lowest, k):
    t = prc.probabilities("high", k, deck=lowest, decks=2)
    assert t.counts == double_deck_brute_force("23456789TJQKA".index(lowest), k)


def test_two_decks_full_deck_total_and_shape():
    # Five cards, the table whose counts the closed forms above check: the
    # counting is the same for any hand size (six and seven cards of two
    # decks are checked card by card on the stripped deck just above), and
    # six cards of 104 take the pure-Python tally seconds.
    t = prc.probabilities("high", 5, decks=2)
    assert t.total == comb(104, 5) == sum(t.counts.values())
    assert t.counts["Five of a Kind"] > 0
    # with two decks every pattern is likelier than with one except those
    # that need different ranks: no pair is rarer
    one = prc.probabilities("high", 5)
    assert t["High Card"].probability < one["High Card"].probability
    assert t["Four of a Kind"].probability > one["Four of a Kind"].probability


def keyed_brute_force(ranking, k, decks):
    """{key of the best five: hands} over every k-card hand of *decks*
    decks, card by card: each card multiset (a card at most *decks* times)
    weighted by the ways to take it from the copies; the best five are
    searched over positions, a five of one suit being a flush. NumPy walks
    the hands; each distinct five (rank counts and flush) gets its key from
    the ranking once."""
    ids = np.array([4 * r + s for r in ranking.deck_ranks for s in range(4)])
    flat = itertools.chain.from_iterable(
        itertools.combinations_with_replacement(range(len(ids)), k)
    )
    positions = np.fromiter(flat, dtype=np.int64).reshape(-1, k)
    copies = np.zeros((len(positions), len(ids)), dtype=np.int8)
    np.add.at(copies, (np.arange(len(positions))[:, None], positions), 1)
    allowed = copies.max(axis=1) <= decks
    ways = np.array([comb(decks, m) for m in range(k + 1)], dtype=np.int64)
    weights = ways[copies[allowed]].prod(axis=1)
    hands = ids[positions[allowed]]
    # a five as one number: its count of each rank in base 6, times 2, plus the flush
    codes = []
    for cols in itertools.combinations(range(k), 5):
        five = hands[:, list(cols)]
        flush = ((five & 3) == (five[:, :1] & 3)).all(axis=1)
        codes.append((6 ** (five >> 2)).sum(axis=1) * 2 + flush)
    distinct, which = np.unique(np.column_stack(codes), return_inverse=True)
    keys = [
        ranking.key(tuple(int(code) // 2 // 6**r % 6 for r in range(13)), bool(code % 2))
        for code in distinct
    ]
    order = sorted(set(keys))  # no qualifier here: keys are never None
    place = np.array([order.index(key) for key in keys])
    best = place[which.reshape(len(hands), -1)].max(axis=1)
    totals = np.zeros(len(order), dtype=np.int64)
    np.add.at(totals, best, weights)
    return {key: int(n) for key, n in zip(order, totals) if n}


@pytest.mark.parametrize(
    ("game", "lowest", "k", "decks"),
    [
        ("deuce_seven", 8, 6, 2),  # a low avoids a flush when it can
        ("ace_six", 8, 6, 2),
        ("high", 7, 6, 2),  # A-9-T-J-Q is a straight of this deck
        ("short_deck", 8, 6, 3),  # three decks: a suited A-A-A-K-K is a full house
    ],
)
def test_several_decks_against_every_hand(game, lowest, k, decks):
    ranking = prc.ranking(game, lowest_rank=lowest)
    want = keyed_brute_force(ranking, k, decks)
    assert _tally(ranking, k, decks, 0, own=True) == want


def test_two_decks_low_game_total():
    t = prc.probabilities("deuce_seven", 7, deck="9", decks=2)
    assert t.total == comb(48, 7) == sum(t.counts.values())
    assert t["Flush"].count > 0


# --------------------------------------------------------------- the result


def test_table_text_and_dict():
    t = prc.probabilities("high", 5)
    text = str(t)
    assert text.splitlines()[0] == "5-card hands, high, 52 cards (one deck): 2,598,960 hands"
    assert "| Four of a Kind | 624 | 0.02401% | 4,164.00 : 1 |" in text
    d = t.as_dict()
    assert json.loads(json.dumps(d)) == d
    assert [r["name"] for r in d["rows"]] == list(PUBLISHED_5)
    assert sum(r.fraction for r in t.rows) == 1
    assert t["Pair"].probability == pytest.approx(1098240 / 2598960)
    assert t["Pair"].odds_against == pytest.approx((2598960 - 1098240) / 1098240)
    with pytest.raises(KeyError):
        t["Five of a Kind"]


def test_variant_name_is_accepted():
    assert prc.probabilities("Razz", 5).counts == prc.probabilities("ace_five", 5).counts


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"cards": 4}, InvalidArgumentError),
        ({"cards": 8}, InvalidArgumentError),
        ({"cards": 5.0}, TypeError),
        ({"cards": True}, TypeError),
        ({"decks": 0}, InvalidArgumentError),
        ({"decks": 9}, InvalidArgumentError),
        ({"deck": 30}, InvalidArgumentError),
        ({"deck": "Q"}, InvalidArgumentError),
        ({"deck": 1.5}, TypeError),
        ({"wild": 2}, TypeError),
        ({"wild": "1"}, InvalidArgumentError),
        ({"wild": "jokers", "decks": 2}, InvalidArgumentError),
        ({"jokers": 1}, InvalidArgumentError),
        ({"wild": "jokers", "jokers": 3}, InvalidArgumentError),
        ({"game": "nope"}, UnknownGameError),
        ({"game": "Omaha Hi-Lo 8"}, InvalidArgumentError),
        ({"game": "incomplete", "cards": 6}, InvalidArgumentError),
    ],
)
def test_bad_arguments(kwargs, error):
    with pytest.raises(error):
        prc.probabilities(**kwargs)


def test_a_table_asked_for_again_is_read_back_not_counted_again(monkeypatch):
    first = prc.probabilities("ace_five", 6)

    def count_again(*args, **kwargs):
        raise AssertionError("counted again")

    monkeypatch.setattr(hand_counts, "_tally", count_again)
    monkeypatch.setattr(hand_counts, "_enumerated", count_again)
    again = prc.probabilities("ace_five", 6)
    assert again == first and again.total == comb(52, 6)
    with pytest.raises(AssertionError, match="counted again"):  # another table is counted
        prc.probabilities("ace_five", 6, decks=2)


def test_threads_counting_at_once_get_exact_tables_and_the_kept_ones_stay_bounded():
    asks = [
        (game, cards, deck)
        for game in ("high", "ace_five", "deuce_seven", "ace_six")
        for cards in (5, 6)
        for deck in (20, 24, 28)
    ]  # 24 tables, more than are kept: threads evict while others count
    with ThreadPoolExecutor(4) as pool:
        runs = [
            pool.submit(lambda order: [prc.probabilities(g, c, deck=d) for g, c, d in order], o)
            for o in (asks, asks[::-1], asks[1::2] + asks[::2], asks[::2] + asks[1::2])
        ]
        tables = [{(t.game, t.cards): t for t in run.result()} for run in runs]
    assert all(t == tables[0] for t in tables[1:])
    for (game, cards, deck), t in zip(asks, runs[0].result()):
        assert t.total == comb(deck, cards)
    assert len(hand_counts._counted) <= hand_counts._COUNTED_TABLES
