"""Edward Hutchison's Omaha point counts: the author's worked examples, his
tables step by step, the rulings the module docstring names, properties and
bad input."""

import importlib
import importlib.util
import random
import re
from pathlib import Path

import pytest

import pyrankcore as prc
from pyrankcore import hutchison_points
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    UnknownGameError,
)

HI_LO = "Omaha Hi-Lo"
ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "hutchison_agreement.py"
PAGE = ROOT / "docs" / "hutchison.md"


# The worked examples on the author's page (erh.homestead.com/omaha.html,
# the same system as hutchisonpoker.com/Omaha.htm): hand, suits, pairs,
# straights, total.
@pytest.mark.parametrize(
    ("hand", "suits", "pairs", "straights", "total"),
    [
        # "would earn 54 points under this system"
        ("As Ks Ah Kh", 16, 34, 4, 54),
        # 6 for the two suits headed by nines, 10 + 8 for the pairs, 8 for 9-8
        ("9s 8s 9d 8d", 6, 18, 8, 32),
        # 14 + 10 for the pairs, 8 for Q-9 less 4 for the two-card gap
        ("Qs Qd 9h 9c", 0, 24, 4, 28),
        # 8 + 6 for the suits, 12 for A-3-4 and 4 for A-K
        ("As 3s Kd 4d", 14, 0, 16, 30),
        # The page says 23 straight points and 31 in all, leaving out the
        # Ace deduction its own step three asks for: 25 - 2 - 4 = 19.
        ("As Kd Qh Ts", 8, 0, 19, 27),
    ],
)
def test_published_omaha_examples(hand, suits, pairs, straights, total):
    count = hutchison_points(hand)
    assert (count.suits, count.pairs, count.straights, count.total) == (
        suits,
        pairs,
        straights,
        total,
    )
    assert count.win_percent == total / 2


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        # Suits: the highest card of each suit held twice.
        ("As 2s 7d 9c", 8),
        ("Ks 2s 7d 9c", 6),
        ("Qs 2s 7d 9c", 5),
        ("Js 2s 7d 9c", 4),
        ("Ts 2s 7d 9c", 3),
        ("9s 2s 7d Kc", 3),
        ("8s 2s 7d Kc", 2),
        ("7s 2s 9d Kc", 1),
        # A suit held three or four times loses 2.
        ("As Ks Qs 2d", 6),
        ("As Ks Qs Js", 6),
        ("7s 5s 3s Kd", -1),  # the deduction can outweigh a low suit
        # Double suited: both suits count.
        ("Ah 9h Ks 2s", 14),
        ("2c 3d 4h 5s", 0),
    ],
)
def test_omaha_suit_points(hand, points):
    assert hutchison_points(hand).suits == points


@pytest.mark.parametrize(
    ("rank", "points"),
    [("A", 18), ("K", 16), ("Q", 14), ("J", 13), ("T", 12), ("9", 10), ("8", 8)]
    + [(r, 7) for r in "765432"],
)
def test_omaha_pair_points(rank, points):
    other = "3" if rank in "AKQJT98" else "K"
    assert hutchison_points(f"{rank}s {rank}d {other}h {other}c").pairs == points + (
        7 if other == "3" else 16
    )


def test_three_or_four_of_a_rank_earn_no_pair_points():
    assert hutchison_points("As Ad Ah Ks").pairs == 0
    assert hutchison_points("7s 7d 7h 7c").pairs == 0


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("9s 8d 7h 6c", 25),  # four cards, no gap
        ("Kh Qd Js 8c", 21),  # four cards, two missing ranks (T, 9)
        ("Kh Qd Js 2c", 18),  # three cards; the 2 stands alone
        ("Kh Jd 9s 2c", 14),  # three cards, two gaps
        ("Kh 9d 4s 4c", 2),  # two cards with a three-card gap: 8 - 6
        ("Kh 8d 3s 3c", 0),  # a four-card gap: no group
        # No two neighbours more than three apart, but K to 2 is no group: the
        # best cut is K-T (8 - 4) and 6-2 (8 - 6).
        ("Kh Td 6s 2c", 6),
        ("Kh Qd 5s 4c", 16),  # two groups of two
        ("Ac Kd 8h 8s", 4),  # an Ace used: 8 - 4
        ("Ac Kd 9h 9s", 8),  # A-K-9: 18 - 6 - 4
        ("Ac 2d 9h 9s", 6),  # an Ace and one wheel card
        ("Ac 2d 3h 9s", 12),  # an Ace and two wheel cards
        ("Ac 2d 3h 4s", 12),  # an Ace and three wheel cards: still 12
        ("5c 4d 3h 2s", 25),  # no Ace: the wheel cards are an ordinary group
    ],
)
def test_omaha_straight_points(hand, points):
    assert hutchison_points(hand).straights == points


def test_straight_group_never_subtracts():
    # A-T alone: 8 - 6 (three gaps) - 4 (Ace) would be -2.
    count = hutchison_points("Ac Ad Td Tc")
    assert count.straights == 0
    assert count.total == count.suits + count.pairs == 16 + 30


def test_wheel_cards_count_once():
    # The 3 and 4 go with the Ace (12), not again as a 3-4 group (8).
    assert hutchison_points("As 3c Kd 4h").straights == 12 + 4
    assert hutchison_points("Qs 3c Kd 4h").straights == 8 + 8


# The hi-lo system, step by step (Canadian Poker Monthly, December 1997).
@pytest.mark.parametrize(
    ("low", "points"),
    [
        ("A2", 20),
        ("A3", 17),
        ("A4", 13),
        ("A5", 10),
        ("23", 15),
        ("24", 12),
        ("34", 11),
        ("45", 8),
        ("25", 0),
        ("35", 0),
        ("67", 0),
    ],
)
def test_hi_lo_lowest_two_cards(low, points):
    count = hutchison_points(f"{low[0]}s {low[1]}d 8h 9c", HI_LO)
    assert (count.low_cards, count.kickers) == (points, 0)


@pytest.mark.parametrize(
    ("kicker", "points"),
    [("3", 9), ("4", 6), ("5", 4), ("J", 2), ("Q", 2), ("K", 2), ("6", 1), ("T", 1)]
    + [("7", 0), ("8", 0), ("9", 0)],
)
def test_hi_lo_kickers(kicker, points):
    # A-2 are the lowest two; the 9 kicker is worth nothing.
    other = "8" if kicker == "9" else "9"
    count = hutchison_points(f"As 2d {kicker}h {other}c", HI_LO)
    assert (count.low_cards, count.kickers) == (20, points)


def test_hi_lo_kicker_rules():
    # A duplicate of a step-one card earns nothing; a paired kicker counts once.
    assert hutchison_points("As 2d 2h 8c", HI_LO).kickers == 0
    assert hutchison_points("As 2d 3h 3c", HI_LO).kickers == 9


@pytest.mark.parametrize(
    ("rank", "points"),
    [("A", 8), ("K", 6), ("Q", 5), ("J", 2), ("T", 1), ("4", 1), ("3", 1), ("2", 3)]
    + [(r, 0) for r in "98765"],
)
def test_hi_lo_pairs(rank, points):
    other = "7" if rank != "7" else "8"
    assert hutchison_points(f"{rank}s {rank}d {other}h 9c", HI_LO).pairs == points


def test_hi_lo_trips_half_quads_none():
    assert hutchison_points("Ks Kd Kh 9c", HI_LO).pairs == 3
    assert hutchison_points("Qs Qd Qh 9c", HI_LO).pairs == 2.5
    assert hutchison_points("Ks Kd Kh Kc", HI_LO).pairs == 0


@pytest.mark.parametrize(
    ("high", "points"),
    [("A", 4), ("K", 3), ("Q", 2), ("J", 2), ("T", 1), ("9", 1), ("8", 1), ("7", 0)],
)
def test_hi_lo_suits(high, points):
    low = "3" if high != "3" else "4"
    assert hutchison_points(f"{high}s {low}s 5d 6c", HI_LO).suits == points


def test_hi_lo_long_suits():
    assert hutchison_points("As 7s 5s 6c", HI_LO).suits == 2
    assert hutchison_points("Ks 7s 5s 6s", HI_LO).suits == 0
    assert hutchison_points("As 7s Kd 6d", HI_LO).suits == 4 + 3


@pytest.mark.parametrize(
    ("hand", "high_only"),
    [
        ("Kh Kd Qh Qs", True),  # two pair
        ("Ah Ad Kh Qc", True),  # a pair and two suited cards
        ("Ah Kh Qd Jd", True),  # two double suits
        ("Ah Ad Kc Qs", False),  # a pair, nothing suited
        ("Ah Kh Qd Js", False),  # one suit held twice, no pair
        ("Ah Ad As Kh", False),  # three of a rank
        ("Ah Ad Kh 9c", False),  # a card below Ten
    ],
)
def test_hi_lo_high_only(hand, high_only):
    assert hutchison_points(hand, HI_LO).high_only is high_only


def test_hi_lo_total_is_the_sum():
    count = hutchison_points("As 2s 3d Kd", HI_LO)
    assert (count.low_cards, count.kickers, count.pairs, count.suits) == (20, 11, 0, 7)
    assert count.total == 38
    assert count.win_percent is None
    assert count.straights == 0


def test_repr_names_the_parts():
    assert repr(hutchison_points("As Ks Ah Kh")) == (
        "HutchisonCount('Omaha', total=54, suits=16, pairs=34, straights=4)"
    )
    assert repr(hutchison_points("Qs Qd Qh 9c", HI_LO)) == (
        "HutchisonCount('Omaha Hi-Lo', total=2.5, low_cards=0, kickers=0, pairs=2.5,"
        " suits=0, high_only=False)"
    )


def test_game_names_and_inputs():
    ids = prc.parse_cards("As 3s Kd 4d")
    text = hutchison_points("As 3s Kd 4d")
    assert hutchison_points(ids) == text
    assert hutchison_points(tuple(ids), "plo") == text
    assert hutchison_points(["As", "3s", "Kd", "4d"], prc.variant("Omaha")) == text
    assert hutchison_points("A♠ 3♠ K♦ 4♦", "Omaha Hi-Lo 8") == hutchison_points(ids, HI_LO)


def _random_hands(n, seed):
    rng = random.Random(seed)
    return [rng.sample(range(52), 4) for _ in range(n)]


@pytest.mark.parametrize("game", ["Omaha", HI_LO])
def test_suit_permutation_and_card_order_invariance(game):
    rng = random.Random(7)
    for hand in _random_hands(400, 11):
        count = hutchison_points(hand, game)
        perm = rng.sample(range(4), 4)
        relabelled = [card - card % 4 + perm[card % 4] for card in hand]
        assert hutchison_points(relabelled, game) == count
        shuffled = hand[:]
        rng.shuffle(shuffled)
        assert hutchison_points(shuffled, game) == count
        parts = (
            count.suits + count.pairs + count.straights
            if game == "Omaha"
            else count.low_cards + count.kickers + count.pairs + count.suits
        )
        assert count.total == parts


def test_omaha_parts_within_published_bounds():
    # Each part is within what the tables allow: a 7-high suit held three
    # times (1 - 2) to two Ace-headed suits (16), two pairs (A + K: 34),
    # four connected cards (25).
    for hand in _random_hands(2000, 3):
        count = hutchison_points(hand)
        assert -1 <= count.suits <= 16
        assert 0 <= count.pairs <= 34
        assert 0 <= count.straights <= 25


@pytest.mark.parametrize(
    ("hand", "error"),
    [
        ("As Ks Ah", HandSizeError),
        ("As Ks Ah Kh 2c", HandSizeError),
        ("", InvalidCardError),
        ("As Ks Ah Jk", InvalidCardError),
        ("As As Kd Qd", DuplicateCardError),
        ("As Ks Ah Xx", InvalidCardError),
        ([0, 1, 2, 52], InvalidCardError),
        (None, TypeError),
        ([0, 1, 2, 3.0], TypeError),
    ],
)
def test_bad_hands(hand, error):
    with pytest.raises(error):
        hutchison_points(hand)


@pytest.mark.parametrize(
    ("game", "error"),
    [
        ("Hold'em", UnknownGameError),
        ("Big O", UnknownGameError),
        ("Omaha Hi", UnknownGameError),
        ("high", UnknownGameError),
        (5, TypeError),
        (None, TypeError),
    ],
)
def test_bad_games(game, error):
    with pytest.raises(error):
        hutchison_points("As Ks Ah Kh", game)
    assert issubclass(UnknownGameError, ValueError)


def test_published_measurements_are_the_bench_defaults():
    # The module notes and the docs page quote one command line; running the
    # bench with no options must be exactly that setup.
    bench = importlib.util.spec_from_file_location("hutchison_agreement", BENCH)
    module = importlib.util.module_from_spec(bench)
    bench.loader.exec_module(module)
    defaults = module.build_parser().parse_args([])
    notes = " ".join(importlib.import_module("pyrankcore.hutchison").__doc__.split())
    page = " ".join(PAGE.read_text(encoding="utf-8").split())
    for text in (notes, page):
        assert "python bench/hutchison_agreement.py" in text
        found = re.search(r"--hands (\d+) --seed (\d+) --trials (\d+) --threads (\d+)", text)
        assert found is not None
        quoted = tuple(int(n) for n in found.groups())
        assert quoted == (defaults.hands, defaults.seed, defaults.trials, defaults.threads)
        assert f"{defaults.hands} random hands" in text
        assert f"{defaults.trials:,} deals each" in text


def test_exported():
    for name in ("hutchison_points", "HutchisonCount"):
        assert name in prc.__all__
        assert getattr(prc, name) is getattr(__import__("pyrankcore.hutchison").hutchison, name)


def test_hilo_four_of_a_kind_earns_no_kicker_points():
    # "Do not award any kicker pts. for a card that duplicates a card used
    # in step one": four of a kind has one rank, whose two lowest cards are
    # step one's (a pair, 0 points); no pair points for four of a rank.
    for hand in ("3c3d3h3s", "JcJdJhJs", "5c5d5h5s"):
        count = hutchison_points(hand, "Omaha Hi-Lo")
        assert count.kickers == 0 and count.low_cards == 0 and count.pairs == 0, hand
        assert count.total == 0, hand
    # three of a rank and another: the step-one cards are the two ranks
    count = hutchison_points("3c3d3hKs", "Omaha Hi-Lo")
    assert count.kickers == 0 and count.low_cards == 0


def test_hilo_play_and_raise_lines():
    # the article: play with more than 20 points, consider raising with more
    # than 30; Omaha high has a percentage instead
    ace_deuce = hutchison_points("As2s3d4d", "Omaha Hi-Lo")  # 20 + 9 + 6 + 4
    assert ace_deuce.total == 39 and ace_deuce.playable and ace_deuce.consider_raising
    ace_five = hutchison_points("Ac5d9hKs", "Omaha Hi-Lo")  # 10 + 2
    assert ace_five.total == 12 and ace_five.playable is False
    assert ace_five.consider_raising is False
    exactly_twenty = hutchison_points("Ac2dJhTs", "Omaha Hi-Lo")  # 20 + 2 + 1, not 20
    assert exactly_twenty.total == 23 and exactly_twenty.playable
    assert not exactly_twenty.consider_raising
    high_only = hutchison_points("KsKdQhQc", "Omaha Hi-Lo")
    assert high_only.high_only and high_only.playable
    omaha = hutchison_points("AsKsAhKh")
    assert omaha.playable is None and omaha.consider_raising is None
