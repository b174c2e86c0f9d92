"""Wild cards in the shortest decks (five or six ranks a suit: stripped
below the ten or the nine, or ``lowest_rank`` 7 or 8): a 6- or 7-card hand
plays its best five, so its strength is at least that of each five of its
cards. Checked on every 6- and 7-card hand of the deck (jokers included),
by brute force over the subsets, under every row loop this CPU runs, and in
probabilities(), which counts the same hands.

These decks are where a suit can hold every rank of the deck: the wild
card then has no rank left in the suit, and the flush the natural cards
already make must still count.

Not under the lowest-card rule: there a five of the hand can have another
lowest rank than the hand (so other wild cards), and the property does not
hold by the rules themselves.
"""

from itertools import combinations

import numpy as np
import pytest
from references import row_loops

import pyrankcore as prc
from pyrankcore._rankings import CATEGORY_NAMES

DECKS = {
    "stripped_T": prc.stripped_deck("T"),
    "stripped_9": prc.stripped_deck("9"),
    # the standard order of categories (no flush above the full house)
    "high_lowest_8": prc.ranking("high", lowest_rank=8),
    "high_lowest_7": prc.ranking("high", lowest_rank=7),
}
OPTIONS = {
    "jokers": {"wild": "jokers"},
    "bug": {"bug": True},
    "aces": {"wild": "A"},
    "one-eyed jacks": {"wild": "Jh Js"},
    "lowest rank and jokers": {"wild": ("T", "jokers")},
    "jokers, natural beats wild": {"wild": "jokers", "natural_beats_wild": True},
    "jokers, plain natural beats wild": {"wild": "jokers", "natural_beats_wild": "plain"},
    "aces, double-ace flush": {"wild": ("A", "jokers"), "double_ace_flush": True},
}


def deck_of(r: prc.Ranking) -> list[int]:
    natural = [4 * rank + suit for rank in r.deck_ranks for suit in range(4)]
    return natural + ([52, 53] if r.jokers else [])


def all_hands(n: int, k: int) -> np.ndarray:
    return np.array(list(combinations(range(n), k)), dtype=np.uint8)


def best_of_fives(rows: np.ndarray, r: prc.Ranking) -> np.ndarray:
    """Each row's best five, by brute force over its 5-card subsets."""
    best = np.zeros(len(rows), dtype=np.uint16)
    for five in combinations(range(rows.shape[1]), 5):
        best = np.maximum(best, prc.evaluate_batch(np.ascontiguousarray(rows[:, five]), r))
    return best


@pytest.mark.parametrize("option", list(OPTIONS))
@pytest.mark.parametrize("deck", list(DECKS))
def test_a_hand_is_at_least_its_best_five(deck, option):
    r = prc.ranking(DECKS[deck], **OPTIONS[option])
    cards = np.array(deck_of(r), dtype=np.uint8)
    for k in (6, 7):
        rows = cards[all_hands(len(cards), k)]
        best = best_of_fives(rows, r)
        got = row_loops.agree(row_loops.every_kernel(lambda rows=rows: prc.evaluate_batch(rows, r)))
        short = np.flatnonzero(got < best)
        assert short.size == 0, (
            f"{short.size} of {len(rows)} {k}-card hands rank below their best five, "
            f"e.g. {prc.format_cards(rows[short[0]])}"
        )
        assert (got == best).all()
        # the single-hand evaluator agrees on a sample
        for i in range(0, len(rows), 997):
            assert prc.evaluate(rows[i], r) == got[i]


@pytest.mark.parametrize("option", ["jokers", "bug", "jokers, natural beats wild"])
def test_probabilities_count_each_hand_by_its_best_five(option):
    r = prc.ranking(DECKS["stripped_T"], **OPTIONS[option])
    cards = np.array(deck_of(r), dtype=np.uint8)
    for k in (6, 7):
        strengths = best_of_fives(cards[all_hands(len(cards), k)], r)
        values, counts = np.unique(strengths, return_counts=True)
        expected: dict[str, int] = {}
        for v, n in zip(values.tolist(), counts.tolist()):
            name = CATEGORY_NAMES[int(prc.category(v, r))]
            expected[name] = expected.get(name, 0) + n
        assert prc.probabilities(r, k, jokers=2).counts == expected


def test_royal_flush_and_a_joker_in_the_ace_to_ten_deck():
    r = prc.ranking(prc.stripped_deck("T"), wild="jokers")
    royal = prc.evaluate("Ac Kc Qc Jc Tc", r)
    assert prc.describe(royal, r) == "Royal Flush"
    assert prc.evaluate("Ac Kc Qc Jc Tc Jk", r) == royal
    assert prc.evaluate("Ac Kc Qc Jc Tc Jk Jk", r) >= royal
    # six of a suit in the A-9 deck with a joker: the royal flush plays
    r9 = prc.ranking(prc.stripped_deck("9"), wild="jokers")
    assert prc.evaluate("Ah Kh Qh Jh Th 9h Jk", r9) == prc.evaluate("Ah Kh Qh Jh Th", r9)
