"""The argument order: a call that ranks cards takes the cards first and the
game second; a call that plays a game at the table takes the variant first.
Arguments given the other way round get an error that says the order."""

import random

import pytest

import pyrankcore as prc
from pyrankcore import _args

HAND = "As Ks Qs Js Ts"
OTHER = "2c 3c 4c 5c 7d"


@pytest.mark.parametrize(
    "call",
    [
        lambda: prc.evaluate("high", HAND),
        lambda: prc.evaluate("Razz", HAND),
        lambda: prc.best_five("high", HAND + " 2d 3d"),
        lambda: prc.compare("Razz", HAND, OTHER),
        lambda: prc.winners("Razz", [HAND, OTHER]),
        lambda: prc.equity(["AhKh", "QsQd"], "Hold'em"),
        lambda: prc.showdown(["AhKh", "QsQd"], "Hold'em", "2c 3d 4h 5s 9c"),
        lambda: prc.bring_in(["Ah", "Kd"], "Seven-card Stud"),
        lambda: prc.hutchison_points("Omaha", "As Ad Kc Kd"),
        lambda: prc.evaluate_batch(prc.random_hands(3, 7, seed=1), [[0, 1, 2, 3, 4]]),
    ],
)
def test_swapped_arguments_get_the_order_in_the_error(call):
    with pytest.raises((TypeError, ValueError)) as info:
        call()
    message = str(info.value)
    assert "that looks like cards" in message, message
    assert "evaluate(cards, game)" in message and "equity(variant, hands, board)" in message


def test_an_unknown_name_that_is_not_cards_gets_no_order_hint():
    with pytest.raises(prc.UnknownGameError) as info:
        prc.evaluate(HAND, "higgh")
    assert "looks like cards" not in str(info.value)
    with pytest.raises(prc.UnknownGameError) as info:
        prc.showdown("Holdem Texas", [HAND, OTHER])
    assert "looks like cards" not in str(info.value)


def test_no_game_name_looks_like_cards():
    names = list(prc.GAMES)
    for v in prc.VARIANTS:
        names += [v.name, *v.aliases]
    assert len(names) > 40
    for name in names:
        assert not _args.looks_like_cards(name), name
        assert not _args.looks_like_cards(name.lower()), name


def test_card_text_in_every_spelling_looks_like_cards():
    rng = random.Random(5)
    for _ in range(200):
        ids = rng.sample(range(52), rng.randint(1, 7))
        text = prc.format_cards(ids)
        for spelled in (text, text.replace(" ", ""), text.replace(" ", ", "), text.lower()):
            assert _args.looks_like_cards(spelled), spelled
    for text in ("10h 10d", "A\u2660 K\u2665", "Jk As"):
        assert _args.looks_like_cards(text), text
    for text in ("", "   ", "As Kx", "hold em", "AK"):
        assert not _args.looks_like_cards(text), text
