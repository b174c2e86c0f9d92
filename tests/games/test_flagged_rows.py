"""One function turns a flagged hand into its error: a bad hand gets the same
error alone and as a batch's row (which the message names), in every game
family: natural, suit tie-break, wild cards, Omaha."""

import random

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore import _core, games
from pyrankcore.errors import DuplicateCardError, InvalidCardError

GAMES = [  # natural, a stripped deck, a suit tie-break, wild jokers
    "high",
    "short_deck",
    prc.ranking("high", suit_tiebreak="highest_card"),
    prc.ranking("high", wild=("jokers",)),
]


def error_of(function, *args):
    with pytest.raises((InvalidCardError, DuplicateCardError)) as caught:
        function(*args)
    return type(caught.value), str(caught.value)


def bad_hands(rng, k, deck_size=54, n=60):
    """Hands with a repeated card or a card outside a deck, or both."""
    for _ in range(n):
        hand = rng.sample(range(deck_size), k)
        if rng.random() < 0.6:
            i, j = rng.sample(range(k), 2)
            hand[j] = hand[i]
        yield hand


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_a_bad_hand_has_one_error_alone_and_as_a_row(game):
    rng = random.Random(7)
    deck = games.ranking_tables(game).deck_mask
    for k in (5, 7):
        for hand in bad_hands(rng, k):
            if len(set(hand)) == k and all(deck >> c & 1 for c in hand):
                continue
            alone = error_of(prc.evaluate, hand, game)
            rows = np.array([[51, 47, 43, 39, 35, 31, 27][:k], hand])  # row 0 is good
            kind, message = error_of(prc.evaluate_batch, rows, game)
            assert (kind, message) == (alone[0], f"row 1: {alone[1]}")


def test_an_omaha_hand_says_where_its_repeat_is_alone_and_as_a_row():
    rng = random.Random(3)
    seen = set()
    for _ in range(300):
        cards = rng.sample(range(52), 9)
        i, j = rng.sample(range(9), 2)
        cards[j] = cards[i]
        hole, board = cards[:4], cards[4:]
        alone = error_of(prc.evaluate_omaha, hole, board)
        kind, message = error_of(prc.evaluate_omaha_batch, np.array([hole]), np.array([board]))
        assert (kind, message) == (alone[0], f"row 0: {alone[1]}")
        seen.add(message.rpartition(_core.format_card(cards[i]))[2])
    assert seen == {" in the hand", " on the board", " (in the hand and on the board)"}


def test_a_flagged_hand_with_no_bad_card_is_a_bug_not_an_error():
    with pytest.raises(AssertionError, match="row 4: a hand was flagged but looks valid"):
        _core.raise_flagged(_core.tables_of("high"), [0, 1, 2, 3, 4], row=4)
    with pytest.raises(InvalidCardError, match=r"row 2: invalid card id 60 \(not in 0..51\)"):
        _core.raise_flagged(_core.tables_of("high"), [0, 1, 2, 3, 60], row=2)
