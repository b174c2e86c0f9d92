"""pyrankcore: fast poker hand evaluation for Python.

>>> import pyrankcore as prc
>>> prc.evaluate("As Ks Qs Js Ts")
7462
>>> prc.describe(prc.evaluate("Kh Kd 9s 9c 2d 3h 4c"))
'Two Pair, Kings and Nines'
"""

__version__ = "0.1.0"

from typing import TYPE_CHECKING

try:
    from pyrankcore._core import (
        GAMES,
        evaluate,
        evaluate_omaha,
        format_cards,
        parse_cards,
        random_hands,
    )
except ModuleNotFoundError as missing:
    if missing.name != "pyrankcore._core":
        raise
    # Python started inside a checkout finds the source folder before the
    # installed package, and the source folder holds no compiled module.
    import importlib.metadata

    installed: str | None
    try:
        installed = importlib.metadata.version("pyrankcore")
    except importlib.metadata.PackageNotFoundError:
        installed = None
    what_to_do = (
        f"pyrankcore {installed} is installed: run the tests with `pytest` (which keeps "
        "the checkout off the import path; `python -m pytest` puts it first), or start "
        "Python outside the checkout."
        if installed is not None
        else "Run `pip install .` there and start Python outside the checkout (or build "
        "in place: `pip install -e .`)."
    )
    raise ImportError(
        f"pyrankcore's compiled core (pyrankcore._core) is not in {__path__[0]}: "
        "that is the source folder of a checkout, which shadows the installed package "
        f"when Python starts inside the checkout. {what_to_do}"
    ) from None
from pyrankcore._rankings import Ranking, ranking, stripped_deck
from pyrankcore.batch import evaluate_batch, evaluate_omaha_batch
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    PyrankcoreError,
    RangeSyntaxError,
    UnknownGameError,
)
from pyrankcore.hands import (
    Category,
    best_five,
    category,
    describe,
    from_cactus_kev,
    to_cactus_kev,
)
from pyrankcore.hutchison import HutchisonCount, hutchison_points

# probabilities is imported at once (it is light): the function has its
# module's name, so a lazy attribute would lose to the submodule as soon as
# anything imported pyrankcore.probabilities.
from pyrankcore.probabilities import HandProbabilities, ProbabilityRow, probabilities
from pyrankcore.ranges import GRID_NAMES, Range, combos, grid_name, parse_range, remove_dead

if TYPE_CHECKING:  # imported on first use at run time: see __getattr__
    from pyrankcore import ofc
    from pyrankcore.equities import EquityResult, PlayerEquity, equity
    from pyrankcore.pots import bring_in, showdown
    from pyrankcore.preflop import PreflopMatrix, preflop_matrix
    from pyrankcore.suits import SUIT_ORDERS, SuitRule, compare, suited_strength, winners
    from pyrankcore.variants import VARIANTS, Variant, variant

# The public names, by topic, in the order the tutorials teach them.
__all__ = [
    "__version__",
    # Cards and one hand at a time
    "parse_cards",
    "format_cards",
    "evaluate",
    "describe",
    "category",
    "Category",
    "best_five",
    "to_cactus_kev",
    "from_cactus_kev",
    # Batches of hands
    "random_hands",
    "evaluate_batch",
    # Rankings: low games, incomplete hands, stripped decks, wild cards
    "GAMES",
    "Ranking",
    "ranking",
    "stripped_deck",
    # Omaha, games as players name them, the pot at showdown
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "VARIANTS",
    "Variant",
    "variant",
    "showdown",
    "bring_in",
    # Open-Face Chinese poker
    "ofc",
    # Hand ranges
    "GRID_NAMES",
    "parse_range",
    "Range",
    "combos",
    "grid_name",
    "remove_dead",
    # Equity
    "equity",
    "EquityResult",
    "PlayerEquity",
    "preflop_matrix",
    "PreflopMatrix",
    # Hutchison point counts
    "hutchison_points",
    "HutchisonCount",
    # Hand probabilities
    "probabilities",
    "HandProbabilities",
    "ProbabilityRow",
    # Pictures (matplotlib, from the plot extra, is needed only when one is drawn)
    "plot",
    # Comparing hands under house rules: suit tie-breaks and unbeatable hands
    "SUIT_ORDERS",
    "SuitRule",
    "suited_strength",
    "compare",
    "winners",
    # Errors (each a ValueError; a wrong type is a TypeError)
    "PyrankcoreError",
    "InvalidArgumentError",
    "InvalidCardError",
    "DuplicateCardError",
    "HandSizeError",
    "UnknownGameError",
    "RangeSyntaxError",
]

# Loaded on first use, to keep `import pyrankcore` quick (see bench/).
_LAZY = {
    "ofc": ("pyrankcore.ofc", None),
    "plot": ("pyrankcore.plot", None),
    "VARIANTS": ("pyrankcore.variants", "VARIANTS"),
    "Variant": ("pyrankcore.variants", "Variant"),
    "variant": ("pyrankcore.variants", "variant"),
    "showdown": ("pyrankcore.pots", "showdown"),
    "bring_in": ("pyrankcore.pots", "bring_in"),
    "equity": ("pyrankcore.equities", "equity"),
    "EquityResult": ("pyrankcore.equities", "EquityResult"),
    "PlayerEquity": ("pyrankcore.equities", "PlayerEquity"),
    "preflop_matrix": ("pyrankcore.preflop", "preflop_matrix"),
    "PreflopMatrix": ("pyrankcore.preflop", "PreflopMatrix"),
    "SUIT_ORDERS": ("pyrankcore.suits", "SUIT_ORDERS"),
    "SuitRule": ("pyrankcore.suits", "SuitRule"),
    "compare": ("pyrankcore.suits", "compare"),
    "suited_strength": ("pyrankcore.suits", "suited_strength"),
    "winners": ("pyrankcore.suits", "winners"),
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        module_name, attr = _LAZY[name]
        module = importlib.import_module(module_name)
        value = module if attr is None else getattr(module, attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pyrankcore' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
