"""Equity (the package behind ``pyrankcore.equity``): each player's share of the pot over every way the hand can end.

:func:`equity` deals the cards that are not known yet (the rest of the
board; stud down cards; a draw; a random hand) either every possible way
(exact enumeration, integer counts) or at random (Monte Carlo, seeded and
reproducible with any number of threads), ranks the final hands and
settles each pot as :func:`pyrankcore.showdown` does: ties split, hi-lo
pots halved when a low qualifies.

Tallies are integers in units of 1/5040 of a pot (a half pot split up to
ten ways is a whole number of units), so results of separate runs with the
same inputs add up exactly: ``a + b``. :mod:`pyrankcore.dask` splits one
run into such parts.

Ranges (``"AKs,QQ+"``) are parsed by :mod:`pyrankcore.ranges`. Combos that
collide with the board, the dead cards or another player's cards are
removed, as PokerStove and OMPEval do; combinations of combos that collide
with each other are skipped. Weights: the integer counts are unweighted
(every combination of combos counts once); ``equity``, ``win`` and ``tie``
weigh each combination by the product of its combos' weights (each range's
weights scaled by its largest: only ratios matter). Monte Carlo draws
combos in proportion to their weights, so there the counts are weighted
by construction (a weight below 2**-53 of its range's total is never
drawn: see :func:`pyrankcore.equities.cost.integer_weights`).

The parts, each by trade: :mod:`~pyrankcore.equities.types` (the results),
:mod:`~pyrankcore.equities.inputs` (the checked inputs and the kernels'
spec), :mod:`~pyrankcore.equities.cost` (the cost model),
:mod:`~pyrankcore.equities.planning` (exact or Monte Carlo, and the tasks) and
:mod:`~pyrankcore.equities.run` (the kernels' tasks and the one driver,
which :mod:`pyrankcore.dask` shares).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pyrankcore._args import flag, thread_count
from pyrankcore.equities.planning import DEFAULT_TRIALS, MAX_TRIALS, plan
from pyrankcore.equities.run import run_locally
from pyrankcore.equities.types import EquityResult, PlayerEquity, format_table

if TYPE_CHECKING:
    from pyrankcore._typing import CardsLike, VariantName
    from pyrankcore.variants import Variant

__all__ = [
    "DEFAULT_TRIALS",
    "MAX_TRIALS",
    "EquityResult",
    "PlayerEquity",
    "equity",
    "format_table",
]


def equity(
    variant: VariantName | Variant,
    hands: Sequence[CardsLike | None],
    board: CardsLike | None = (),
    *,
    dead: CardsLike | None = (),
    exact: bool | None = None,
    trials: int | None = None,
    target_se: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
) -> EquityResult:
    """Each player's equity (share of the pot) over the deals still to come.

    >>> r = equity("Hold'em", ["AhKh", "QsQd"], "Kd 7s 2c")
    >>> [round(p.equity, 4) for p in r.players]
    [0.9121, 0.0879]

    Parameters
    ----------
    variant
        A Variant or its name: "Hold'em", "Short-deck Hold'em", "Omaha",
        "Omaha Hi-Lo 8", "Big O", "Courchevel", "Six-card Omaha",
        "Seven-card Stud", "Stud Hi-Lo 8", "Razz", the draw games.
    hands
        One entry per player (2 to 10), in seat order: a hand ("AhKh"; in
        stud the known up and down cards; fewer cards than the game deals
        means the rest are dealt), "random" (or ""), or a range ("AKs,QQ+",
        with :mod:`pyrankcore.ranges`). Text with a comma is always a range
        ("AsKs,QdJd": two combos in hold'em, every hand holding As Ks or Qd
        Jd in Omaha); write a fixed hand without commas.
    board
        The community cards known so far (board games only).
    dead
        Cards out of play (folded hands, exposed stud cards, discards).
    exact
        None: enumerate every deal when that takes about a second or less,
        or less than Monte Carlo would (ranges that rarely fit make Monte
        Carlo redraw), Monte Carlo otherwise. True: enumerate; refused,
        before any work, when the estimate (the combinations of the hands'
        combos that fit, times the deals each, and the steps past those
        that do not) is above an hour per thread, or when a sample finds
        no combination that fits. False: Monte Carlo.
    trials, target_se
        Bound Monte Carlo: the number of deals (default 1,000,000), and/or
        stop once every player's standard error is at most *target_se*
        (checked after 16 chunks of 65,536 deals, then each time the deals
        double; *trials* then caps the run).
    seed
        Makes Monte Carlo reproducible, with any number of threads.
    threads
        Threads to use (the GIL is released); None means one.
    progress
        Show a progress bar on stderr counting the deals (exact) or trials
        (Monte Carlo) done: tqdm's where it is installed (the extra
        ``pyrankcore[progress]``), else one line redrawn in place.

    Returns
    -------
    EquityResult
        ``result.players[i].equity`` and friends; see :class:`PlayerEquity`.

    Raises
    ------
    InvalidCardError, DuplicateCardError, HandSizeError, UnknownGameError
        Bad cards, a card twice, card counts the game does not deal.
    InvalidArgumentError
        Fewer than 2 or more than 10 players, a range left empty, ranges
        that never fit together, bad trials/target_se/seed, an infeasible
        exact=True (the message names the estimated cost), comma text in a
        game without ranges.
    TypeError
        Arguments of the wrong type.
    KeyboardInterrupt
        Ctrl-C: long runs (and every Monte Carlo run with ranges) wait for
        their worker threads in steps of 0.05 s and stop them within
        milliseconds (no thread is left running).
    """
    n_threads = thread_count(threads)
    show = flag(progress, "progress")
    p, target = plan(variant, hands, board, dead, exact, trials, target_se, seed, n_threads)
    return run_locally(p, target, n_threads, show)
