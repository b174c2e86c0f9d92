"""pyrankcore: fast poker hand evaluation for Python.

>>> import pyrankcore as prc
>>> prc.evaluate("As Ks Qs Js Ts")
7462
>>> prc.describe(prc.evaluate("Kh Kd 9s 9c 2d 3h 4c"))
'Two Pair, Kings and Nines'
"""

__version__ = "0.1.0"

from typing import TYPE_CHECKING

from pyrankcore._core import (
    GAMES,
    evaluate,
    evaluate_omaha,
    format_cards,
    parse_cards,
    random_hands,
)
from pyrankcore._rankings import Ranking, ranking, stripped_deck
from pyrankcore.batch import evaluate_batch, evaluate_omaha_batch
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PyrankcoreError,
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

# isort: split
# Hand ranges (issue 10): a block of their own, so branches that add names
# above do not collide with it.
from pyrankcore.errors import RangeSyntaxError
from pyrankcore.ranges import GRID_NAMES, combos, grid_name, parse_range, remove_dead

if TYPE_CHECKING:  # imported on first use at run time: see __getattr__
    from pyrankcore import ofc
    from pyrankcore.variants import VARIANTS, Variant, bring_in, showdown, variant

__all__ = [
    "GAMES",
    "VARIANTS",
    "Category",
    "DuplicateCardError",
    "HandSizeError",
    "InvalidCardError",
    "PyrankcoreError",
    "Ranking",
    "UnknownGameError",
    "Variant",
    "__version__",
    "best_five",
    "bring_in",
    "category",
    "describe",
    "evaluate",
    "evaluate_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "format_cards",
    "from_cactus_kev",
    "ofc",
    "parse_cards",
    "random_hands",
    "ranking",
    "showdown",
    "stripped_deck",
    "to_cactus_kev",
    "variant",
    # Hand ranges (issue 10).
    "GRID_NAMES",
    "RangeSyntaxError",
    "combos",
    "grid_name",
    "parse_range",
    "remove_dead",
]

# Loaded on first use, to keep `import pyrankcore` quick (see bench/).
_LAZY = {
    "ofc": ("pyrankcore.ofc", None),
    "VARIANTS": ("pyrankcore.variants", "VARIANTS"),
    "Variant": ("pyrankcore.variants", "Variant"),
    "bring_in": ("pyrankcore.variants", "bring_in"),
    "showdown": ("pyrankcore.variants", "showdown"),
    "variant": ("pyrankcore.variants", "variant"),
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


# ---------------------------------------------------------------------------
# Equity (issue 10): loaded on first use, like the variants above.
if TYPE_CHECKING:
    from pyrankcore.equities import EquityResult, PlayerEquity, equity

__all__ += ["EquityResult", "PlayerEquity", "equity"]
_LAZY.update(
    {
        "equity": ("pyrankcore.equities", "equity"),
        "EquityResult": ("pyrankcore.equities", "EquityResult"),
        "PlayerEquity": ("pyrankcore.equities", "PlayerEquity"),
    }
)

# The preflop equity matrix (issue 10): computed once, cached on disk.
if TYPE_CHECKING:
    from pyrankcore.preflop import preflop_matrix

__all__ += ["preflop_matrix"]
_LAZY["preflop_matrix"] = ("pyrankcore.preflop", "preflop_matrix")

# ---------------------------------------------------------------------------
# Hand probabilities (issue 11). Imported at once (it is light): the function
# has its module's name, so a lazy attribute would lose to the submodule as
# soon as anything imported pyrankcore.probabilities.
from pyrankcore.probabilities import (  # noqa: E402
    HandProbabilities,
    ProbabilityRow,
    probabilities,
)

__all__ += ["HandProbabilities", "ProbabilityRow", "probabilities"]


# ---------------------------------------------------------------------------
# Suit orders, suit tie-breaks and the "no unbeatable hand" rules (issue 11):
# loaded on first use, like the variants above.
if TYPE_CHECKING:
    from pyrankcore.suits import SUIT_ORDERS, SuitRule, compare, suited_strength, winners

__all__ += ["SUIT_ORDERS", "SuitRule", "compare", "suited_strength", "winners"]
_LAZY.update(
    {
        "SUIT_ORDERS": ("pyrankcore.suits", "SUIT_ORDERS"),
        "SuitRule": ("pyrankcore.suits", "SuitRule"),
        "compare": ("pyrankcore.suits", "compare"),
        "suited_strength": ("pyrankcore.suits", "suited_strength"),
        "winners": ("pyrankcore.suits", "winners"),
    }
)

# Edward Hutchison's point counts for Omaha starting hands (light: imported at once).
from pyrankcore.hutchison import HutchisonCount, hutchison_points  # noqa: E402

__all__ += ["HutchisonCount", "hutchison_points"]
