"""A slow reference for the suit tie-breaks of the rule text ("Ranking of
suits", tests only).

It knows nothing of the per-strength tables the compiled core reads
(src/prc_suits.h): for every five-card subset a hand can play, it takes the
plain strength (pyrankcore.evaluate under the plain ranking), reads the
five in the order pyrankcore.best_five documents, puts the rule's deciding
card first and builds the suit key digit by digit; the hand's value is the
best (strength, key) over its fives. Card ids: rank * 4 + suit, suits
c, d, h, s = 0..3.
"""

from itertools import combinations

import pyrankcore as prc

SUIT_LETTERS = "cdhs"
KEY_BITS = 10  # five suit places of 2 bits


def suit_ranks(order):
    """Rank of each card suit (c, d, h, s) under an order given as four
    letters, highest first ("shdc"): 3 for the highest."""
    return tuple(3 - order.index(s) for s in SUIT_LETTERS)


def order_letters(canonical):
    """Four letters, highest suit first, of a canonical order name
    ("spades-hearts-diamonds-clubs" -> "shdc")."""
    return "".join(word[0] for word in canonical.split("-"))


def suit_key(five, plain, tiebreak, ranks):
    """The 10-bit suit key of five (or fewer) cards of *plain* (a Ranking)
    under *tiebreak*: the deciding card's suit rank, then the others' in
    reading order, 2 bits each; trailing zeros for fewer than five."""
    order = prc.best_five(five, plain)  # significance order
    seq = []
    i = 0
    while i < len(order):  # within a rank: the highest suit of the rule first
        j = i
        while j < len(order) and order[j] >> 2 == order[i] >> 2:
            j += 1
        seq += sorted(order[i:j], key=lambda c: ranks[c & 3], reverse=True)
        i = j
    counts = [0] * 13
    for c in seq:
        counts[c >> 2] += 1

    def highest_card():
        if len(seq) == 5 and plain.straight_top({c >> 2 for c in seq}) is not None:
            return seq[0]  # "the highest card" of a straight is its top card
        return max(seq, key=lambda c: (plain.value(c >> 2), ranks[c & 3]))

    if tiebreak == "main_group":  # "the highest paired card"
        first = seq[0]
    elif tiebreak == "highest_unpaired":  # "the highest unpaired card"
        single = [c for c in seq if counts[c >> 2] == 1]
        first = single[0] if single else highest_card()
    else:  # "the highest card in the hand"
        first = highest_card()
    digits = [first] + [c for c in seq if c != first]
    key = 0
    for k in range(5):
        key = key << 2 | (ranks[digits[k] & 3] if k < len(digits) else 0)
    return key


def fives(hole, board=(), omaha=False):
    """The fives a hand may play: two hole cards and three board cards in
    Omaha, else every five of all its cards (all of them if five or fewer)."""
    if omaha:
        return [list(h) + list(b) for h in combinations(hole, 2) for b in combinations(board, 3)]
    cards = list(hole) + list(board)
    if len(cards) <= 5:
        return [cards]
    return [list(f) for f in combinations(cards, 5)]


def suited_strength(hole, plain, tiebreak, order, board=(), omaha=False):
    """strength << 10 | suit key of the hand's best five: by plain strength,
    then by suit key; 0 where no five qualifies. *order*: four letters,
    highest suit first."""
    ranks = suit_ranks(order)
    best = (0, 0)
    for five in fives(hole, board, omaha):
        s = prc.evaluate(five, plain)
        if s == 0 or s < best[0]:
            continue
        best = max(best, (s, suit_key(five, plain, tiebreak, ranks)))
    return 0 if best[0] == 0 else best[0] << KEY_BITS | best[1]
