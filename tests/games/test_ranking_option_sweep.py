"""Every combination of ranking options either builds and ranks hands as the
brute-force reference does, or is refused by ``ranking()`` itself with an
InvalidOptionError that names the option and says why.

The sweep is the whole product, for every base game (the built-in rankings
and a stripped deck of every size from 48 to 20 cards, whose base tables are
built at run time), of: the wild
cards (none, jokers, the deck's lowest rank, a deuce, aces, kings, the
one-eyed jacks, the lowest card, and mixes of them), the bug,
natural_beats_wild (False, True, "graded", "plain"), double_ace_flush and the
suit options: 10,176 combinations, 1,300 distinct rankings accepted (1,240
with wild cards). Each one is built and ranks a set of extreme hands (four
natural aces with wild cards, hands of five and seven wild cards, the rule
texts' double-ace flush, a royal flush with spare wild cards, suited low
cards with a fitter, eight cards) and a few random ones, checked against
tests/references/wild_reference.py.

Keeping it fast (about 20 s here): tables are built once per ranking (0.02
to 0.1 s each), the reference runs once per base game, wild cards and
double_ace_flush (the natural_beats_wild variants' keys follow from the
graded one, see :func:`_reference_keys`), and probabilities() -- 0.3 to 2 s
a call with five cards, 20 s or more with seven from 52 -- runs on a sample
that covers every base game, wild card kind and house rule.
"""

from __future__ import annotations

import itertools
import random
import re
import zlib
from dataclasses import replace
from functools import cache
from math import comb

import numpy as np
import pytest
from references import wild_reference as wr
from references.wild_reference import Spec

import pyrankcore as prc
from pyrankcore._rankings import CATEGORY_NAMES
from pyrankcore.errors import InvalidArgumentError, InvalidOptionError

BASES = {name: prc.ranking(name) for name in prc.GAMES}
# A stripped deck of every size the API accepts (52 and 36 cards are the
# built-in high and short-deck games): the shortest, of five or six ranks a
# suit, are where one suit can hold every rank of the deck.
for _lowest in "3456789T":
    BASES[f"stripped_{_lowest}"] = prc.stripped_deck(_lowest)

NATURAL_BEATS_WILD = (False, True, "graded", "plain")
SUIT_OPTIONS = (
    {},
    {"suit_tiebreak": "highest_card"},
    {"suit_tiebreak": "main_group", "suit_order": "italy"},
    {"suit_order": "germany"},
)


def wild_kinds(base) -> list:
    """The wild option's values swept for a base game: "2" is outside the
    short and stripped decks (refused there); the deck's lowest rank and
    "A"/"K" bring four wild cards of a rank, aces and kings eight."""
    low = "23456789TJQKA"[base.deck_ranks[0]]
    kinds = [None, "jokers", "2", "A", "K", "Jh Js", "lowest", ("jokers", "lowest")]
    kinds += [(low, "jokers"), ("A", "K")]
    if low != "2":
        kinds.append(low)
    return kinds


def _tokens(wild) -> list[str]:
    parts = [wild] if isinstance(wild, str) else list(wild)
    return [t for p in parts for t in p.split()]


def expected_refusals(base, wild, bug, natural, double_ace, suits) -> set[str]:
    """The options ranking() must refuse, from the documented rules: a wild
    card outside the deck; double_ace_flush without wild cards, where
    flushes do not win, or with the graded natural_beats_wild;
    natural_beats_wild without wild cards; wild cards in a game of fewer
    than five cards; the bug with other wild cards; a suit tie-break with
    wild cards."""
    has_wild = wild is not None or bug
    reasons = set()
    if wild is not None:
        for token in _tokens(wild):
            if token not in ("jokers", "lowest"):
                if "23456789TJQKA".index(token[0]) not in base.deck_ranks:
                    reasons.add("wild")
    if double_ace and (not has_wild or base.low or not base.flushes):
        reasons.add("double_ace_flush")
    if double_ace and natural in (True, "graded"):
        reasons.add("double_ace_flush")
    if natural and not has_wild:
        reasons.add("natural_beats_wild")
    if has_wild and base.min_cards < 5:
        reasons.add("wild" if wild is not None else "bug")
    if bug and wild is not None:
        reasons.add("wild")
    if suits.get("suit_tiebreak") and has_wild:
        reasons.add("suit_tiebreak")
    return reasons


def _options(wild, bug, natural, double_ace, suits) -> dict:
    return dict(
        wild=wild, bug=bug, natural_beats_wild=natural, double_ace_flush=double_ace, **suits
    )


@cache
def sweep() -> dict[str, dict]:
    """{base name: {accepted Ranking: Spec of the reference}} over the whole
    product; the refusals are checked here, as they come."""
    accepted: dict[str, dict] = {name: {} for name in BASES}
    problems = []
    for name, base in BASES.items():
        product = itertools.product(
            wild_kinds(base), (False, True), NATURAL_BEATS_WILD, (False, True), SUIT_OPTIONS
        )
        for wild, bug, natural, double_ace, suits in product:
            options = _options(wild, bug, natural, double_ace, suits)
            reasons = expected_refusals(base, wild, bug, natural, double_ace, suits)
            label = f"ranking({name}, {options})"
            try:
                r = prc.ranking(name if name in prc.GAMES else base, **options)
            except InvalidOptionError as exc:
                named = re.search(r"invalid (\w+)=", str(exc))
                if not reasons:
                    problems.append(f"{label} refused: {exc}")
                elif not named or named.group(1) not in reasons or "must be" not in str(exc):
                    problems.append(f"{label}: expected a refusal naming {reasons}, got: {exc}")
                continue
            if reasons:
                problems.append(f"{label} accepted; expected a refusal naming {reasons}")
                continue
            # equal options give equal rankings: "graded" is stored as True
            assert r.natural_beats_wild == (True if natural == "graded" else natural)
            spec = Spec(
                base=base,
                wild=tuple(_tokens(wild)) if wild is not None else (),
                bug=bug,
                double_ace_flush=double_ace,
                natural_beats_wild=r.natural_beats_wild,
            )
            accepted[name].setdefault(r, spec)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:20])
    return accepted


def test_every_combination_is_accepted_or_refused_as_documented():
    accepted = sweep()
    built = sum(len(v) for v in accepted.values())
    with_wild = sum(r.has_wild for v in accepted.values() for r in v)
    # the sweep really reaches the wild-card tables of every game but the
    # incomplete hands (refused: a wild card needs five cards)
    assert with_wild > 200 and built > with_wild
    for name, rankings in accepted.items():
        assert any(r.has_wild for r in rankings) == (name != "incomplete"), name


# Extreme hands: W is a card that is always wild in the game (a fitting
# natural card when the game has too few), L0.. the deck's lowest ranks.
TEMPLATES = (
    "Ac Ad Ah As W",  # four natural aces and a wild card: five aces
    "Ac Ad Ah As W W W",
    "W W W W W",  # every card wild
    "W W W W W W W",
    "As 9s 8s L0s W",  # the rule text's A-9-8-5-joker (double-ace flush)
    "As 9s L0s W W Kd Qc",  # a flush of three aces under double_ace_flush
    "As Ks W W W Qd Jc",
    "As Ks Qs Js Ts W W",  # a natural royal flush and spare wild cards
    "Ah Kh Qh Jh W",
    "Kc Kd W W 9h 8s 7c",
    "L0c L1d L2h L3s W",  # a fitter for the lows
    "L0c L1c L2c L3c L4c L5c W",  # six suited low cards and a wild card
    "L0d L1d L2d L3d L4d W W",  # a suit's five lowest ranks (the whole suit of A-T)
    "Ac Kc Qc Jc 9d 8d 7h",  # no wild card
    "Ac Ad Ah W W Kd Qd Jd",  # eight cards: the best seven
)


def realise(spec: Spec, template: str) -> list[int]:
    """Card ids of a template in this game's deck."""
    deck = spec.deck()
    literal = []
    for token in template.split():
        if token == "W":
            continue
        if token[0] == "L":
            rank = spec.ranking.deck_ranks[int(token[1])]
            token = "23456789TJQKA"[rank] + token[2]
        literal.append(wr.card(token))
    spare = [c for c in wr.wild_candidates(spec) if c not in literal]
    # too few wild cards: the lowest cards (wild under "lowest"), then any
    spare += [c for c in sorted(deck) if c not in literal and c not in spare]
    n_wild = template.split().count("W")
    hand = literal + spare[:n_wild]
    assert len(set(hand)) == len(hand)
    return hand


def _fits(spec: Spec, template: str) -> bool:
    """Whether the template's natural cards are distinct cards of the
    game's deck (the shortest decks have no 8 or 9, and fewer than six
    ranks; in the deck from the eight, L0s is the 8s)."""
    ranks = spec.ranking.deck_ranks
    cards = []
    for token in template.split():
        if token == "W":
            continue
        if token[0] == "L":
            if int(token[1]) >= len(ranks):
                return False
            token = "23456789TJQKA"[ranks[int(token[1])]] + token[2]
        elif "23456789TJQKA".index(token[0]) not in ranks:
            return False
        cards.append(token)
    return len(set(cards)) == len(cards)


def hands_for(spec: Spec) -> list[list[int]]:
    hands = [realise(spec, t) for t in TEMPLATES if _fits(spec, t)]
    rng = random.Random(zlib.crc32(repr(spec).encode()))
    for n_wild in (1, 2, 3, 4):
        hands.append(wr.random_hand(rng, spec, rng.choice((5, 6, 7)), n_wild))
    return [h for h in hands if len(h) <= (10 if spec.ranking.max_cards == 7 else 5)]


@cache
def _graded_keys(spec: Spec, hands: tuple) -> tuple:
    return tuple(wr.best_key(list(h), replace(spec, natural_beats_wild=True)) for h in hands)


def _reference_keys(spec: Spec, hands: list[list[int]]) -> list:
    """Reference keys under the spec's natural_beats_wild rule. The graded
    key ends with minus the fewest wild cards that make the best hand; the
    other rules follow from it (no rule: drop the field; plain: natural or
    not), so the reference runs once for the three."""
    if not spec.wild and not spec.bug:
        return [wr.best_key(h, spec) for h in hands]
    graded = _graded_keys(replace(spec, natural_beats_wild=False), tuple(map(tuple, hands)))
    rule = spec.natural_beats_wild
    out = []
    for key in graded:
        if key == wr.NO_LOW or rule is True:
            out.append(key)
        elif rule == "plain":
            out.append(key[:-1] + (-min(-key[-1], 1),))
        else:
            out.append(key[:-1])
    return out


NAMES = {int(c): c.name for c in prc.Category}


@pytest.mark.parametrize("name", list(BASES))
def test_every_accepted_combination_ranks_like_the_reference(name):
    for r, spec in sweep()[name].items():
        hands = hands_for(replace(spec, natural_beats_wild=False))
        strengths = [int(prc.evaluate(h, r)) for h in hands]
        if r.suited:  # suited strengths: the plain strength, then the suits
            plain = r.without_suits()
            assert [s >> 10 for s in strengths] == [prc.evaluate(h, plain) for h in hands]
            strengths = [s >> 10 for s in strengths]
            r = plain
        keys = _reference_keys(spec, hands)
        wr.assert_same_order(strengths, keys, hands, r.name)
        for hand, s, key in zip(hands, strengths, keys):
            if key == wr.NO_LOW:
                assert s == 0, (r.name, wr.show(hand))
                continue
            assert NAMES[int(prc.category(s, r))] == wr.CATEGORY_NAMES[wr._category(key)], (
                r.name,
                wr.show(hand),
            )
            assert prc.describe(s, r)
        # seven-card rows through the batch kernel agree with single calls
        sevens = [h for h in hands if len(h) == 7]
        if sevens:
            batch = prc.evaluate_batch(np.array(sevens, dtype=np.uint8), r)
            assert batch.tolist() == [strengths[hands.index(h)] for h in sevens]


# probabilities(r, 5) on a sample covering every base game with wild cards,
# every wild card kind and every house rule (a call takes 0.3-2 s here).
PROBABILITY_SAMPLE = [
    ("high", {"wild": "2", "double_ace_flush": True}),
    ("high", {"wild": ("2", "jokers"), "double_ace_flush": True, "natural_beats_wild": "plain"}),
    ("high", {"wild": "lowest", "natural_beats_wild": True}),
    ("high", {"bug": True, "natural_beats_wild": "plain"}),
    ("short_deck", {"wild": "A", "double_ace_flush": True}),
    ("short_deck", {"wild": ("jokers", "lowest"), "natural_beats_wild": "plain"}),
    ("stripped_7", {"wild": "K", "double_ace_flush": True, "natural_beats_wild": "plain"}),
    ("stripped_7", {"wild": ("A", "K"), "natural_beats_wild": True}),
    ("stripped_T", {"wild": "jokers", "natural_beats_wild": "plain"}),
    ("stripped_9", {"bug": True}),
    ("ace_five_8", {"wild": ("2", "jokers"), "natural_beats_wild": "plain"}),
    ("short_deck", {"wild": "Jh Js", "natural_beats_wild": True}),
    ("deuce_seven", {"wild": "jokers", "natural_beats_wild": True}),
    ("ace_six", {"bug": True}),
    ("ace_five", {"wild": "lowest"}),
]


def _all_fives(n: int) -> np.ndarray:
    """Every 5-subset of range(n), in lexicographic order."""
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for _ in range(4):
        last = rows[:, -1].astype(np.int64)
        reps = n - 1 - last
        pick = np.repeat(np.arange(len(rows)), reps)
        starts = np.cumsum(reps) - reps
        new = (last[pick] + 1 + np.arange(pick.size) - starts[pick]).astype(np.uint8)
        rows = np.column_stack([rows[pick], new])
    return rows


@pytest.mark.parametrize(("name", "options"), PROBABILITY_SAMPLE, ids=repr)
def test_probabilities_of_sampled_wild_rankings(name, options):
    r = prc.ranking(BASES[name], **options)
    table = prc.probabilities(r, 5)
    assert table.total == comb(table.deck_size, 5) == sum(table.counts.values())
    deck = [c for c in range(52) if c // 4 in r.deck_ranks] + [52, 53][: table.jokers]
    assert table.deck_size == len(deck)
    # by category (a low's "Eight-low" rows are its high-card hands)
    got: dict[str, int] = {}
    for row in table.rows:
        group = "High Card" if row.name.endswith("-low") else row.name
        got[group] = got.get(group, 0) + row.count
    if len(deck) > 40:  # 52-card decks: a house rule never changes a category
        if r.natural_beats_wild or r.double_ace_flush:  # (without one, plain would be r)
            plain = replace(
                r,
                natural_beats_wild=False,
                double_ace_flush=False,
                name=r.name.split("[")[0] + "[-]",
            )
            assert prc.probabilities(plain, 5).counts == table.counts
        return
    # short decks: every hand, through the evaluator
    strengths = prc.evaluate_batch(np.array(deck, dtype=np.uint8)[_all_fives(len(deck))], r)
    values, counts = np.unique(strengths, return_counts=True)
    exhaustive: dict[str, int] = {}
    for v, n in zip(values.tolist(), counts.tolist()):
        group = "No qualifying low" if v == 0 else CATEGORY_NAMES[int(prc.category(v, r))]
        exhaustive[group] = exhaustive.get(group, 0) + n
    assert got == exhaustive


def test_probabilities_of_seven_cards_with_double_ace_flush():
    # Seven cards of a 36-card deck with aces wild (1.5 s a call; 52 cards
    # take 20 s or more): double_ace_flush builds and, like every house
    # rule, moves no hand to another category.
    r = prc.ranking("short_deck", wild="A", double_ace_flush=True)
    table = prc.probabilities(r, 7)
    assert table.total == comb(36, 7) == sum(table.counts.values())
    assert table.counts == prc.probabilities(prc.ranking("short_deck", wild="A"), 7).counts


def test_probabilities_refuses_suit_tiebreaks_cleanly():
    for rankings in sweep().values():
        suited = next(r for r in rankings if r.suited)
        with pytest.raises(InvalidArgumentError, match="suit tie-break"):
            prc.probabilities(suited, 5)
