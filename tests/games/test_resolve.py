"""A game is resolved once per call, at the entry point, by pyrankcore.games.resolve."""

import pathlib
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore import _catalogue, _core, games, variants
from pyrankcore.errors import InvalidArgumentError, UnknownGameError
from pyrankcore.suits import SuitRule


@pytest.fixture
def resolved(monkeypatch):
    """The games resolve() is called with, in order, while a test runs."""
    seen = []
    real = games.resolve

    def spy(game, **options):
        seen.append(game)
        return real(game, **options)

    monkeypatch.setattr(games, "resolve", spy)
    return seen


RULE = SuitRule(suit_tiebreak="highest_card")
HOLES = np.array([[48, 0, 47, 46], [51, 47, 1, 2]])
BOARD = np.array([4, 8, 12, 43, 39])
HANDS7 = np.array([[51, 47, 43, 39, 35, 0, 1], [50, 46, 42, 38, 34, 2, 3]])

CALLS = {
    "evaluate_batch": lambda: prc.evaluate_batch(HANDS7),
    "evaluate_batch razz": lambda: prc.evaluate_batch(HANDS7, "Razz"),
    "evaluate_batch 9 cards": lambda: prc.evaluate_batch(np.hstack([HANDS7, [[4, 5], [6, 7]]])),
    "evaluate_omaha_batch": lambda: prc.evaluate_omaha_batch(HOLES, BOARD),
    "evaluate_omaha_batch Omaha": lambda: prc.evaluate_omaha_batch(HOLES, BOARD, "Omaha"),
    "evaluate_omaha_batch hi-lo": lambda: prc.evaluate_omaha_batch(HOLES, BOARD, "Omaha Hi-Lo 8"),
    "category": lambda: prc.category(7462),
    "category array": lambda: prc.category(np.array([1, 7462]), "high"),
    "describe": lambda: prc.describe(56, "razz"),
    "best_five": lambda: prc.best_five("Kh Kd 9s 9c 2d 3h 4c"),
    "best_five no qualifier": lambda: prc.best_five("Kh Kd 9s 9c Qd Jh Tc", "ace_five_8"),
    "showdown ranking": lambda: prc.showdown("high", ["As Ad", "Kc Kd"], "2c 7d 9h Js 3s", 10),
    "showdown variant": lambda: prc.showdown(
        "Omaha Hi-Lo 8", ["As 2d Kh Kc", "3c 4d Qh Qs"], "5c 6d Jh Ks 8s", 11
    ),
    "showdown suit rule": lambda: prc.showdown(
        "Stud Hi-Lo 8", ["8s 8c Jd 9c 3d Ah Kd", "8h 8d Js 9h 3c Qc Td"], pot=7, suit_rule=RULE
    ),
    "showdown ranking suit rule": lambda: prc.showdown(
        "high", ["8s 8c Jd 9c 3d", "8h 8d Js 9h 3c"], pot=7, suit_rule=RULE
    ),
    "showdown home game": lambda: prc.showdown(
        "Mississippi Mud",
        ["As Ks Qs Js 9d", "5c 4d 3h 2s Ac"],
        pot=10,
        declarations=["high", "low"],
    ),
    "bring_in": lambda: prc.bring_in("Razz", ["Ah", "Kd", "Ks", "5s"]),
    "compare": lambda: prc.compare("8s 8c Jd 9c 3d", "8h 8d Js 9h 3c", suit_rule=RULE),
    "compare italian": lambda: prc.compare(
        "As 6s 7s 8s 9s", "Ah Kh Qh Jh Th", prc.stripped_deck("6"), unbeatable="italian"
    ),
    "winners greek": lambda: prc.winners(
        ["Ah Kh Qh Jh Th", "6c 6d 6h 6s 9c"], prc.stripped_deck("6"), unbeatable="greek"
    ),
    "winners variant": lambda: prc.winners(
        ["As Ks 2d 2c", "Ah Kh 3d 3c"], "Omaha", board="Qs Js Ts 3h 4h"
    ),
    "suited_strength": lambda: prc.suited_strength("Ah Kh Qh Jh Th", "high", RULE),
    "Variant.evaluate": lambda: variants.STUD_HI_LO.evaluate("As 2d 3h 4s 5c Kd Kh"),
    "Variant.evaluate home": lambda: variants.DAKOTA.evaluate("As 2d 3h 4s 5c", down="2d 3h"),
    # the core's own entry points hand a game that is not tables to the
    # resolver (names are kept once resolved: a variant object shows the call)
    "evaluate variant": lambda: prc.evaluate("7c 5d 4h 3s 2c Kd Kh", variants.RAZZ),
    "evaluate_omaha variant": lambda: prc.evaluate_omaha(
        "As Ks 2d 2c", "Qs Js Ts 3h 4h", variants.OMAHA
    ),
    "random_hands": lambda: prc.random_hands(3, 5, seed=1, game=variants.SHORT_DECK_HOLDEM),
    "equity": lambda: prc.equity("Omaha Hi-Lo 8", ["As2sQdJd", "3h4c8hKc"], "5s7dKh", trials=100),
    "equity exact": lambda: prc.equity("Hold'em", ["AhKh", "QsQd"], "Kd7s2c", exact=True),
    "probabilities": lambda: prc.probabilities("razz", 5),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_each_entry_point_resolves_its_game_once(resolved, name):
    CALLS[name]()
    assert len(resolved) == 1, resolved


def test_the_core_never_imports_the_python_layers_above_it():
    code = textwrap.dedent(
        """
        import sys
        from pyrankcore import _core
        assert _core.evaluate("7c 5d 4h 3s 2c", "Razz") > 0
        assert _core.evaluate_omaha("As Ks 2d 2c", "Qs Js Ts 3h 4h", "Omaha") == 7462
        try:
            _core.evaluate("7c 5d 4h 3s 2c", "no such game")
        except ValueError as exc:
            assert "Razz" in str(exc)
        # importing _core imports the package; its lazy layers stay unloaded
        above = sorted(m for m in sys.modules if m.startswith("pyrankcore.")
                       and m.split(".")[1] in ("variants", "pots", "suits"))
        print(above)
        """
    )
    # run beside this file, not in the checkout, whose source folder (no
    # compiled core in a non-editable install) would shadow the package
    here = pathlib.Path(__file__).resolve().parent
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=here
    )
    assert out.stdout.strip() == "[]"


def test_the_core_ranks_a_users_variant_by_its_record():
    mine = prc.Variant("My Lowball", (5,), high=None, low="deuce_seven")
    assert isinstance(mine, _catalogue.VariantRecord)
    assert _core.evaluate("7c 5d 4h 3s 2c", mine) == _core.evaluate("7c 5d 4h 3s 2c", "deuce_seven")


def test_catalogue_records_and_variants_are_the_same_data():
    assert [v.name for v in prc.VARIANTS] == [r.name for r in _catalogue.RECORDS]
    assert all(v == r and hash(v) == hash(r) for v, r in zip(prc.VARIANTS, _catalogue.RECORDS))
    assert prc.variant("o8") is variants.OMAHA_HI_LO
    assert type(prc.variant("o8")) is prc.Variant
    assert variants.as_variant(_catalogue.RAZZ) is variants.RAZZ


def test_resolved_game_holds_both_halves_and_its_variant():
    g = games.resolve("Omaha Hi-Lo 8", omaha=True)
    assert (g.name, g.high.name, g.low.name, g.is_omaha) == (
        "Omaha Hi-Lo 8",
        "high",
        "ace_five_8",
        True,
    )
    assert g.variant == variants.OMAHA_HI_LO
    with pytest.raises(AttributeError):
        g.name = "x"
    r = games.resolve("ace_five")
    assert (r.variant, r.high.name, r.low, r.tables.name) == (None, "ace_five", None, "ace_five")


def test_resolved_tables_keep_the_messages_of_evaluate():
    with pytest.raises(InvalidArgumentError, match="split-pot variant with two rankings"):
        _ = games.resolve("Omaha Hi-Lo 8").tables
    with pytest.raises(InvalidArgumentError, match="exactly two hole cards"):
        _ = games.resolve("Omaha").tables
    with pytest.raises(InvalidArgumentError, match="is not an Omaha variant"):
        _ = games.resolve("Razz", omaha=True).tables
    assert games.resolve("Omaha", omaha=None).tables.name == "high"
    suited = prc.ranking("high", suit_tiebreak="highest_card")
    g = games.resolve(suited)
    assert (g.suited, g.dtype, g.tables.suited) == (True, "uint32", True)
    with pytest.raises(InvalidArgumentError, match="my caller does not support suit tie-breaks"):
        g.plain("my caller")
    plain = games.resolve("Omaha Hi-Lo 8")
    assert (plain.suited, plain.dtype, plain.plain("my caller")) == (False, "uint16", plain)
    with pytest.raises(UnknownGameError, match="unknown ranking or variant"):
        games.resolve("no such game")
    with pytest.raises(TypeError, match="not int"):
        games.resolve(3)


def test_a_resolved_game_pickles_as_the_game_it_was_resolved_from():
    import pickle

    for game, omaha in [
        ("Omaha Hi-Lo 8", True),
        ("razz", False),
        ("deuce_seven", False),
        (prc.ranking("high", suit_tiebreak="highest_card"), False),
        (prc.Variant("My Lowball", (5,), high=None, low="deuce_seven"), None),
    ]:
        g = games.resolve(game, omaha=omaha)
        again = pickle.loads(pickle.dumps(g))
        assert again == g and again.high is g.high and again.low is g.low


def test_the_core_takes_tables_and_hands_anything_else_to_the_resolver(resolved):
    tables = _core.tables_of("ace_five")
    assert _core.tables_of(tables) is tables
    assert resolved == []
    razz = variants.RAZZ
    assert _core.evaluate("7c 5d 4h 3s 2c", tables) == _core.evaluate("7c 5d 4h 3s 2c", razz)
    assert resolved == [razz]
    with pytest.raises(UnknownGameError, match="unknown ranking 'Razz'"):
        _core.tables_of("Razz")  # the core itself knows rankings only
    # a Ranking is data the core builds tables for: no name to look up
    deuce_seven = prc.ranking("deuce_seven", max_cards=6)
    assert _core.evaluate("7c 5d 4h 3s 2c", deuce_seven) == _core.evaluate(
        "7c 5d 4h 3s 2c", _core.tables_of("deuce_seven")
    )
    assert resolved == [razz]
    # a name is resolved once, then kept: it always names the same game
    first = _core.evaluate("7c 5d 4h 3s 2c", "razz")
    resolved.clear()
    assert _core.evaluate("7c 5d 4h 3s 2c", "razz") == first
    assert resolved == []


def test_only_the_public_entry_points_take_variants(resolved):
    # the public scalar functions resolve a variant's name
    hand = ("As Ks 2d 2c", "Qs Js Ts 3h 4h")
    assert _core.evaluate_omaha(*hand, "Omaha") == _core.evaluate_omaha(*hand) == 7462
    with pytest.raises(InvalidArgumentError, match="exactly two hole cards"):
        _core.evaluate("As Ks 2d 2c Qs Js Ts", "Omaha")
    # the row kernels take tables (or a ranking) only: no resolver call
    resolved.clear()
    out = np.zeros(1, np.uint16)
    with pytest.raises(UnknownGameError, match="unknown ranking 'Razz'"):
        _core.evaluate_rows(np.zeros((1, 5), np.uint8), out, 0, 1, "Razz")
    with pytest.raises(TypeError, match="not Variant"):
        _core.enumerate_counts(5, variants.RAZZ)
    with pytest.raises(UnknownGameError, match="unknown ranking 'Omaha'"):
        _core.evaluate_omaha_rows(
            np.zeros((1, 4), np.uint8), np.zeros((1, 5), np.uint8), out, 0, 1, "Omaha"
        )
    assert resolved == []


def test_ranking_tables_pass_resolved_tables_down_without_resolving_again(resolved):
    tables = _core.tables_of("ace_five")
    assert games.ranking_tables(tables) is tables
    assert prc.category(56, tables) == prc.category(56, "razz")
    assert resolved == ["razz"]


def test_rankings_that_differ_only_in_name_share_their_tables():
    # Tables are never freed (a nogil loop may read them), so a ranking
    # renamed in a loop must not build them again each time. tracemalloc
    # sees NumPy's allocations: one build of these wild-card tables is
    # about a megabyte, a renamed ranking a few hundred bytes.
    import tracemalloc
    from dataclasses import replace

    rules = {"wild": ("jokers", "3"), "natural_beats_wild": "plain"}
    tracemalloc.start()
    try:
        first = prc.ranking("high", **rules)
        before = tracemalloc.get_traced_memory()[0]
        prc.evaluate("As Ks Qs Js Jk", first)
        one_build = tracemalloc.get_traced_memory()[0] - before
        renamed = [replace(first, name=f"renamed_{i}") for i in range(8)]
        before = tracemalloc.get_traced_memory()[0]
        for r in renamed:
            prc.evaluate("As Ks Qs Js Jk", r)
        growth = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert one_build > 200_000
    assert growth < one_build / 8, (growth, one_build)
    # the same strengths, and each ranking keeps its own name
    hands = prc.random_hands(500, 7, seed=4, game=first)
    want = prc.evaluate_batch(hands, first)
    for r in renamed[:2]:
        assert (prc.evaluate_batch(hands, r) == want).all()
        assert _core.tables_of(r).name == r.name == _core.tables_of(r).ranking.name
    # a built-in's rules under another name read the built-in's tables
    mine = prc.Ranking("my_high")
    assert prc.evaluate("As Ks Qs Js Ts", mine) == 7462
    with pytest.raises(prc.HandSizeError, match="got 2"):
        prc.evaluate("As Ks", mine)
    # Omaha tables are shared too, and rank alike
    omaha = prc.evaluate_omaha("As Ks Qd Jd", "2s 3s 4s Tc 9h", renamed[0])
    assert omaha == prc.evaluate_omaha("As Ks Qd Jd", "2s 3s 4s Tc 9h", first)
