"""Fantasyland: who enters it (:func:`fantasyland`), who stays
(:func:`stays_in_fantasyland`), and the exact solver that sets a
Fantasyland hand of 13 to 17 cards (:func:`solve_fantasyland`, and
:func:`solve_fantasyland_batch` for many hands without the GIL).

(The module is not called ``fantasyland``: that is the public function.)

Private to the package, for its other modules: :class:`SolverArgs` and
:func:`solver_args`.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from pyrankcore import _args, _core
from pyrankcore._rankings import show_value
from pyrankcore._work import ProgressBar, progress_bar, split_rows
from pyrankcore.batch import as_uint8, card_matrix
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
)
from pyrankcore.hands import Category, category
from pyrankcore.ofc.board import Board, as_board
from pyrankcore.ofc.rules import ACE, KING, MAX_POINTS, QUEEN, Rules, as_rules
from pyrankcore.ofc.two_decks import (
    card_parser,
    check_card_rows,
    check_repeats,
    five_starts,
    royalty_arrays,
    tables,
)

if TYPE_CHECKING:
    from pyrankcore._typing import BoardLike, CardArray, CardsLike

_MIN_RANK = {"QQ": QUEEN, "KK": KING, "AA": ACE}  # Rules.fantasyland_min


def _front_strength_of_pair(rank: int) -> int:
    """Weakest front strength holding a pair of *rank* (for QQ+ checks)."""
    return _core.evaluate([rank * 4, rank * 4 + 1, 0 if rank else 4], "incomplete")


def fantasyland(board: BoardLike, rules: Rules | None = None) -> int:
    """Cards dealt next hand in Fantasyland for this board, 0 for none.

    Entry: ``rules.fantasyland_min`` (QQ, or KK or AA) or better on top
    and no foul. Fixed rules deal ``rules.fixed_cards``; progressive rules
    deal QQ 14, KK 15, AA 16, trips 17.
    """
    rules = as_rules(rules)
    b = as_board(board, rules.decks)
    if not rules.fantasyland or b.fouled:
        return 0
    front_s = b.strengths[0]
    if front_s < _front_strength_of_pair(_MIN_RANK[rules.fantasyland_min]):
        return 0
    if rules.fantasyland_cards == "fixed":
        return rules.fixed_cards
    if category(front_s, "incomplete") == Category.THREE_OF_A_KIND:
        return 17
    if front_s >= _front_strength_of_pair(ACE):
        return 16
    if front_s >= _front_strength_of_pair(KING):
        return 15
    return 14


def stays_in_fantasyland(board: BoardLike, rules: Rules | None = None) -> bool:
    """Whether a board played in Fantasyland earns another Fantasyland hand."""
    rules = as_rules(rules)
    b = as_board(board, rules.decks)
    if not rules.fantasyland or b.fouled:
        return False
    front_s, middle_s, back_s = b.strengths
    starts = five_starts(b.decks)
    if category(front_s, "incomplete") == Category.THREE_OF_A_KIND:
        return True
    if back_s >= starts[Category.FOUR_OF_A_KIND]:
        return True
    return rules.stay == "classic" and middle_s >= starts[Category.FULL_HOUSE]


# ------------------------------------------------------------------ solver


class SolverArgs(NamedTuple):
    """What the native solver takes besides the hands, named as in
    ``_core.pyi``: the first seven fields follow the cards in its order (so
    ``*args[:7]``); the double-deck tables (empty for one deck) go last."""

    front_royalty: Any
    middle_royalty: Any
    back_royalty: Any
    high_to_incomplete: Any
    middle_stay_from: int
    back_stay_from: int
    stay_value: float
    two_deck_tables: tuple[Any, ...]


def solver_args(rules: Rules, stay_value: Any) -> SolverArgs:
    """The solver's tables and thresholds for *rules*, after checking
    *stay_value*."""
    if isinstance(stay_value, bool) or not isinstance(stay_value, numbers.Real):
        raise TypeError(f"stay_value must be a number, not {type(stay_value).__name__}")
    value = float(stay_value)
    if not 0 <= value <= MAX_POINTS:  # also rejects NaN
        raise InvalidArgumentError(
            f"stay_value must be a number in 0..{MAX_POINTS:,}, got {show_value(stay_value)}"
        )
    front_r, middle_r, back_r, to_incomplete = royalty_arrays(rules.royalties, rules.decks)
    starts = five_starts(rules.decks)
    no_row = len(middle_r)
    middle_from = starts[Category.FULL_HOUSE] if rules.stay == "classic" else no_row
    back_from = starts[Category.FOUR_OF_A_KIND]
    if not rules.fantasyland:
        value = 0.0
    dd = tables()[:3] if rules.decks == 2 else ()
    return SolverArgs(front_r, middle_r, back_r, to_incomplete, middle_from, back_from, value, dd)


def solve_fantasyland(
    cards: CardsLike, rules: Rules | None = None, stay_value: float = 0.0
) -> tuple[Board, float]:
    """The legal board with the highest value from 13 to 17 cards.

    Value = the board's royalties under ``rules`` plus ``stay_value`` if the
    board stays in Fantasyland (so a solver can price another Fantasyland
    hand). Extra cards beyond 13 are discarded. Exact: the result equals an
    exhaustive search over every arrangement (branch and bound prunes only
    boards that cannot beat the best found). Under ``Rules(decks=2)`` a card
    may appear twice in the hand (a third copy is a DuplicateCardError).

    >>> board, value = solve_fantasyland("As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h")
    >>> board, value
    (Board('As Ad Ah', 'Kc Kd 7s 7d 7c', '2h 3h 4h 5h 6h'), 49.0)
    """
    rules = as_rules(rules)
    ids = card_parser(rules.decks)(cards)
    if rules.decks == 2:  # one deck's parser refuses a repeat itself
        check_repeats(ids, "the hand", rules.decks)
    if not 13 <= len(ids) <= 17:
        raise HandSizeError(f"Fantasyland hands have 13 to 17 cards, got {len(ids)}")
    args = solver_args(rules, stay_value)
    found = _core.solve_fantasyland_ids(ids, *args[:7], *args.two_deck_tables)
    if found is None:  # pragma: no cover - 13 cards always fit legally
        raise ValueError("no legal board can be made from these cards")
    value, front, middle, back = found
    return Board(front, middle, back, decks=rules.decks), value


# Hands solved between progress updates (a few hundred milliseconds of work).
_SOLVER_CHUNK = 512
# A solve takes a fraction of a millisecond: a thread per 8 hands pays.
_HANDS_PER_THREAD = 8


def solve_fantasyland_batch(
    hands: CardArray | Sequence[CardsLike],
    rules: Rules | None = None,
    *,
    stay_value: float = 0.0,
    threads: int | None = None,
    progress: bool = False,
) -> list[tuple[Board, float]]:
    """:func:`solve_fantasyland` for many hands, without the GIL.

    >>> hands = ["As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h",
    ...          "Qs Qd 2c 3d 4h 5s 7c 8d 9h Js Kc Kd Ac 6d"]
    >>> [value for board, value in solve_fantasyland_batch(hands)]
    [49.0, 9.0]

    Raises InvalidCardError / DuplicateCardError naming the first bad hand,
    HandSizeError for hands of fewer than 13 or more than 17 cards,
    TypeError for ``threads`` other than None or a whole number or
    ``progress`` other than a bool.

    Parameters
    ----------
    hands
        An (N, k) integer array of card ids (k = 13..17), or a sequence of
        hands in any form :func:`pyrankcore.parse_cards` accepts (their
        sizes may differ).
    rules, stay_value
        As for :func:`solve_fantasyland`.
    threads
        Split the hands across up to this many threads (capped at the
        machine's cores).
    progress
        Show a progress bar on stderr (tqdm when installed, else one line).

    Returns
    -------
    list of (Board, float)
        One (board, value) per hand, in order; equal to calling
        :func:`solve_fantasyland` on each.
    """
    import numpy as np

    rules = as_rules(rules)
    args = solver_args(rules, stay_value)
    _args.thread_count(threads)  # checked here, used per chunk
    show = _args.flag(progress, "progress")
    if isinstance(hands, np.ndarray) and hands.dtype.kind in "iu" and hands.ndim == 2:
        groups = {hands.shape[1]: (np.arange(hands.shape[0]), hands)}
    else:
        if isinstance(hands, (str, set, frozenset, dict)) or not hasattr(hands, "__len__"):
            raise TypeError(
                f"hands must be an (N, k) integer array or a sequence of hands, "
                f"not {type(hands).__name__}"
            )
        parsed = _parse_hands(hands, card_parser(rules.decks))
        by_size: dict[int, list[int]] = {}
        for i, ids in enumerate(parsed):
            by_size.setdefault(len(ids), []).append(i)
        groups = {
            k: (np.array(rows), np.array([parsed[i] for i in rows], dtype=np.int64))
            for k, rows in by_size.items()
        }
    results: list[tuple[Board, float] | None] = [None] * sum(len(r) for r, _ in groups.values())
    bar = progress_bar(show, len(results), "hand", "Fantasyland")
    try:
        for k, (rows, arr) in sorted(groups.items()):
            _solve_group(card_matrix(arr, "hands"), rows, k, rules, args, threads, results, bar)
    finally:
        if bar is not None:
            bar.close()
    return results  # type: ignore[return-value]


def _parse_hands(hands: Any, parse: Any) -> list[list[int]]:
    """Each hand's card ids; a bad or repeated card raises the parser's
    error named by the hand's index ("hand 3: duplicate card 5h"), as the
    array path names its row: in a list of thousands the card alone does
    not say which hand to fix."""
    parsed = []
    for i, hand in enumerate(hands):
        try:
            parsed.append(parse(hand))
        except (InvalidCardError, DuplicateCardError) as exc:
            raise type(exc)(f"hand {i}: {exc}") from None
    return parsed


def _solve_group(
    arr: Any,
    rows: Any,
    k: int,
    rules: Rules,
    args: SolverArgs,
    threads: int | None,
    results: list[tuple[Board, float] | None],
    bar: ProgressBar | None,
) -> None:
    """Solve the hands of *k* cards, the rows *rows* of the caller's input,
    into *results*."""
    import numpy as np

    if not 13 <= k <= 17:
        first = int(rows[0]) if len(rows) else 0
        raise HandSizeError(f"hand {first}: Fantasyland hands have 13 to 17 cards, got {k}")
    ids = as_uint8(arr)
    check_card_rows(ids, arr, rules.decks, rows)
    n = ids.shape[0]
    values = np.zeros(n, dtype=np.float64)
    boards = np.zeros((n, 13), dtype=np.uint8)
    for start in range(0, n, _SOLVER_CHUNK):
        stop = min(n, start + _SOLVER_CHUNK)
        n_threads = _args.thread_count(threads, stop - start, _HANDS_PER_THREAD)

        def solve(a: int, b: int, start: int = start) -> int:
            return _core.solve_fantasyland_rows(
                ids, *args[:7], values, boards, start + a, start + b, *args.two_deck_tables
            )

        if split_rows(solve, stop - start, n_threads) >= 0:  # pragma: no cover
            raise AssertionError("a valid Fantasyland hand had no legal board")
        if bar is not None:
            bar.update(stop - start)
    for i in range(n):
        b = boards[i].tolist()
        results[int(rows[i])] = (Board(b[:3], b[3:8], b[8:], decks=rules.decks), float(values[i]))
