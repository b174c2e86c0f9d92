"""Equity (the module behind ``pyrankcore.equity``): each player's share of the pot over every way the hand can end.

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

Ranges (``"AKs,QQ+"``) need :mod:`pyrankcore.ranges`. Combos that collide
with the board, the dead cards or another player's cards are removed, as
PokerStove and OMPEval do; combinations of combos that collide with each
other are skipped. Weights: the integer counts are unweighted (every
combination of combos counts once); ``equity``, ``win`` and ``tie`` weigh
each combination by the product of its combos' weights (each range's
weights scaled by its largest: only ratios matter). Monte Carlo draws
combos in proportion to their weights, so there the counts are weighted
by construction (a weight below 2**-53 of its range's total is never
drawn: see integer_weights).
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pyrankcore import _core
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
)

if TYPE_CHECKING:
    from pyrankcore._typing import CardsLike
    from pyrankcore.variants import Variant

__all__ = ["EquityResult", "PlayerEquity", "equity"]

UNIT: int = _core.EQ_UNIT  # pot units: every share of a pot is a whole number
CHUNK: int = _core.EQ_CHUNK  # Monte Carlo trials per seeded chunk
# Tally columns of the kernels (src/prc_equity.h).
(
    _WINS,
    _TIES,
    _UNITS,
    _HI_UNITS,
    _LO_UNITS,
    _HI_WINS,
    _HI_TIES,
    _LO_WINS,
    _LO_TIES,
    _SQ_LO,
    _SQ_HI,
) = range(_core.EQ_NSTAT)
_NCOUNTS = _SQ_LO + 1  # the result keeps the squares as one Python int

DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 1 << 40
# exact=True refuses work estimated above this many seconds per thread.
MAX_EXACT_SECONDS = 3600.0
# exact=None enumerates when the estimate is at most this many seconds.
EXACT_SECONDS = 1.0
# Estimated nanoseconds per combination of the players' combos that the
# exact kernel steps through (made and checked for shared cards in C), and
# per combination that fits (the deal's state set up).
_NS_PER_COMBINATION = 3.0
_NS_PER_ASSIGNMENT = 25.0
# Exact hold'em from preflop keeps its assignments in one array (grouped
# by suit renaming) while combinations times players stay below this; it
# bounds that array and its temporaries to a few hundred MB.
ROW_CELLS = 1 << 22
# Fitting combinations are counted one by one up to this many, sampled
# above it (FIT_SAMPLE combinations; a count of hits below FIT_HITS_BOUND
# counts as that many, so that few or no hits err towards more work).
COUNT_COMBINATIONS = 1 << 20
FIT_SAMPLE = 1 << 16
FIT_HITS_BOUND = 3
# Monte Carlo redraws every combo when two collide: estimated nanoseconds
# per seat and draw.
_NS_PER_REDRAW = 5.0
# Weighted exact runs are split into this many tasks whatever the number
# of threads (or dask workers): the float sums then add up in the same
# order, so any number of threads gives the same last bits.
WEIGHTED_TASKS = 64
# Calls estimated longer than this run on worker threads while the calling
# thread waits for them in steps of SIGNAL_POLL_SECONDS, so that Ctrl-C
# (KeyboardInterrupt) is raised there within that step and stops the
# kernels through their stop flag.
INLINE_SECONDS = 0.02
SIGNAL_POLL_SECONDS = 0.05
# Estimated nanoseconds per player and deal (one thread, this machine class).
_NS_PER_EVAL = 6.0
_NS_PER_OMAHA_EVAL = 30.0
# A Monte Carlo deal (drawing combos and cards, then ranking) takes about
# this many times a ranking (measured: about 65 ns for hold'em heads-up).
_MONTE_CARLO_FACTOR = 5.0
# Hold'em from preflop, every hand known: the rank-board path
# (src/prc_equity.h) takes about this long per assignment and player.
_NS_PER_FAST_ASSIGNMENT = 250_000.0
# Monte Carlo draws a combo by integer weights: a range's weights are
# scaled by one power of two so that they sum to at most 2**WEIGHT_BITS,
# then rounded (64-bit draws pick among them), so each weight is exact to
# 2**-53 of the sum, a double's precision; equal weights become 1 each.
# (A sum far below 2**64 also keeps the draw's rejections rare.)
WEIGHT_BITS = 53
_RANDOM = ("", "random", "?")


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result.

    equity: share of the pots won (ties split); win: share of deals where
    the player takes the whole pot alone (hi-lo: scoops); tie: share of
    deals where the player takes part of the pot but not all of it. wins,
    ties, total: the integer counts behind win and tie (deals). std_error:
    the Monte Carlo standard error of equity (None when exact). Hi-lo
    games only (None otherwise): high and low, the shares of the pots won
    with the high and the low hand (they add up to equity); scoops (=
    wins); high_wins/high_ties and low_wins/low_ties, deals with the best
    high (qualifying low) alone or shared.
    """

    hand: str
    equity: float
    win: float
    tie: float
    wins: int
    ties: int
    total: int
    std_error: float | None
    exact: bool
    trials: int
    high: float | None = None
    low: float | None = None
    scoops: int | None = None
    high_wins: int | None = None
    high_ties: int | None = None
    low_wins: int | None = None
    low_ties: int | None = None


@dataclass(frozen=True)
class EquityResult:
    """The result of :func:`equity`: ``players`` (one :class:`PlayerEquity`
    per seat), ``exact``, ``trials`` (deals enumerated or sampled), and the
    integer tallies behind them. Results of runs with the same inputs add
    up: ``a + b`` (the counts are integers; split jobs merge exactly)."""

    variant: str
    hands: tuple[str, ...]
    board: str
    dead: str
    exact: bool
    hilo: bool
    trials: int
    counts: tuple[tuple[int, ...], ...]
    weighted: tuple[tuple[float, ...], ...] | None = None
    weight_total: float | None = None
    _players: tuple[PlayerEquity, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def players(self) -> tuple[PlayerEquity, ...]:
        if self._players is None:
            object.__setattr__(self, "_players", self._make_players())
        assert self._players is not None
        return self._players

    @property
    def equities(self) -> list[float]:
        """Each player's equity, in seat order."""
        return [p.equity for p in self.players]

    def __len__(self) -> int:
        return len(self.hands)

    def __getitem__(self, seat: int) -> PlayerEquity:
        return self.players[seat]

    def _make_players(self) -> tuple[PlayerEquity, ...]:
        out = []
        n = self.trials
        for seat, c in enumerate(self.counts):
            if self.weighted is not None and self.weight_total:
                w, total_w = self.weighted[seat], self.weight_total
                share = [x / total_w for x in w]
                eq = share[_UNITS] / UNIT
            else:
                share = [x / n if n else 0.0 for x in c]
                eq = c[_UNITS] / (UNIT * n) if n else 0.0
            se = None
            if not self.exact and n > 1:
                mean_sq = c[_SQ_LO] / (UNIT * UNIT * n)
                var = max(mean_sq - eq * eq, 0.0)
                se = math.sqrt(var / n)
            extra: dict[str, Any] = {}
            if self.hilo:
                extra = {
                    "high": share[_HI_UNITS] / UNIT,
                    "low": share[_LO_UNITS] / UNIT,
                    "scoops": c[_WINS],
                    "high_wins": c[_HI_WINS],
                    "high_ties": c[_HI_TIES],
                    "low_wins": c[_LO_WINS],
                    "low_ties": c[_LO_TIES],
                }
            out.append(
                PlayerEquity(
                    hand=self.hands[seat],
                    equity=eq,
                    win=share[_WINS],
                    tie=share[_TIES],
                    wins=c[_WINS],
                    ties=c[_TIES],
                    total=n,
                    std_error=se,
                    exact=self.exact,
                    trials=n,
                    **extra,
                )
            )
        return tuple(out)

    def __add__(self, other: object) -> EquityResult:
        if not isinstance(other, EquityResult):
            return NotImplemented
        mine = (self.variant, self.hands, self.board, self.dead, self.exact, self.hilo)
        theirs = (other.variant, other.hands, other.board, other.dead, other.exact, other.hilo)
        if mine != theirs or (self.weighted is None) != (other.weighted is None):
            raise InvalidArgumentError(
                f"only results of the same inputs add up: {mine} and {theirs}"
            )
        counts = tuple(
            tuple(a + b for a, b in zip(x, y)) for x, y in zip(self.counts, other.counts)
        )
        weighted = None
        weight_total = None
        if self.weighted is not None and other.weighted is not None:
            weighted = tuple(
                tuple(a + b for a, b in zip(x, y)) for x, y in zip(self.weighted, other.weighted)
            )
            weight_total = (self.weight_total or 0.0) + (other.weight_total or 0.0)
        return EquityResult(
            self.variant,
            self.hands,
            self.board,
            self.dead,
            self.exact,
            self.hilo,
            self.trials + other.trials,
            counts,
            weighted,
            weight_total,
        )

    def __str__(self) -> str:
        return format_table(self)


def format_table(result: EquityResult) -> str:
    """The result as a text table (the CLI prints it)."""
    how = (
        f"exact, {result.trials:,} deals"
        if result.exact
        else f"Monte Carlo, {result.trials:,} trials"
    )
    board = f", board {result.board}" if result.board else ""
    lines = [f"{result.variant}{board} ({how})"]
    width = max([4] + [len(h) for h in result.hands])
    head = f"{'hand':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}"
    if not result.exact:
        head += f"  {'std err':>8}"
    if result.hilo:
        head += f"  {'high':>8}  {'low':>8}"
    lines.append(head)
    for p in result.players:
        row = f"{p.hand:<{width}}  {p.equity:>8.4%}  {p.win:>8.4%}  {p.tie:>8.4%}"
        if not result.exact:
            row += f"  {p.std_error or 0.0:>8.4%}"
        if result.hilo:
            row += f"  {p.high or 0.0:>8.4%}  {p.low or 0.0:>8.4%}"
        lines.append(row)
    return "\n".join(lines)


# --------------------------------------------------------------------------
# inputs -> a plan


RANGE_HOLE_CARDS = (2, 4, 5, 6)  # hand sizes parse_range takes


def _player_combos(
    entry: Any, hole_cards: int, seat: int, game: str
) -> tuple[list[tuple[tuple[int, ...], float]], str]:
    """The known cards a player may hold, with weights, and the entry as
    text: one combo for a hand ("AhKh", or fewer cards than the game deals:
    the rest are dealt), one empty combo for "random" (or ""), or a range's
    combos (``pyrankcore.ranges.parse_range``). Text with a comma is always
    a range: "AsKs,QdJd" is two combos in hold'em and every hand holding
    As Ks or Qd Jd in Omaha, never the one hand As Ks Qd Jd."""
    if entry is None or (isinstance(entry, str) and entry.strip().lower() in _RANDOM):
        return [((), 1.0)], "random"
    if isinstance(entry, str) and "," in entry:
        return _range_combos(entry, hole_cards, seat, game, None)
    try:
        ids = _core.parse_cards(entry)
    except InvalidCardError as not_cards:
        if not isinstance(entry, str):
            raise
        return _range_combos(entry, hole_cards, seat, game, not_cards)
    return [(tuple(ids), 1.0)], _core.format_cards(ids)


def _range_combos(
    text: str, hole_cards: int, seat: int, game: str, not_cards: InvalidCardError | None
) -> tuple[list[tuple[tuple[int, ...], float]], str]:
    """A seat's range text as combos (see _player_combos); *not_cards*: why
    the text is not a hand, re-raised when ranges are out of reach."""
    fixed = " ".join(text.replace(",", " ").split())
    how = "a fixed hand is written without commas"
    if _is_cards(fixed):
        how += f", e.g. {fixed!r}"
    if hole_cards not in RANGE_HOLE_CARDS:
        if not_cards is not None:
            raise not_cards
        raise InvalidArgumentError(
            f"seat {seat}: {text.strip()!r} has a comma, which makes it a range, and "
            f"{game} takes no ranges: {how}"
        )
    try:
        from pyrankcore.ranges import parse_range  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        if not_cards is not None:
            raise not_cards from None
        raise
    try:
        combos = parse_range(text, hole_cards=hole_cards)
    except ValueError as exc:
        if not_cards is not None and _is_cards(text.strip()[:2]):
            # it starts as a hand: name the card that is wrong
            raise type(not_cards)(
                f"seat {seat}: {text.strip()!r} is not a hand: {not_cards}"
            ) from None
        if not_cards is not None or not _is_cards(fixed):
            raise
        raise type(exc)(f"seat {seat}: {exc} (a comma makes a range; {how})") from None
    return [(tuple(int(c) for c in cards), float(w)) for cards, w in combos], text.strip()


def _is_cards(text: str) -> bool:
    try:
        _core.parse_cards(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class _Plan:
    """Everything a worker needs to run part of an equity job (picklable)."""

    variant: str
    hilo: bool
    spec: tuple[Any, ...]
    hands: tuple[str, ...]
    board: str
    dead: str
    combos: tuple[tuple[tuple[tuple[int, ...], float], ...], ...]
    exact: bool
    deals: int  # deals per assignment of known cards
    n_live: int
    # Exact, one of two forms. Rows: every assignment of known cards in an
    # (A, players, 8) uint8 array (hold'em from preflop, grouped by suit
    # renaming), with weights ((A,) float64, or None when unweighted) and
    # mult ((A,) int64, the assignments each row stands for, or None).
    assignments: Any = None
    weights: Any = None
    mult: Any = None
    # Ranges: per player (combos (n, known) uint8, weights (n,) float64 or
    # None); the kernel makes each combination of combos itself, by index
    # 0..combinations-1 (seat 0 the most significant digit).
    ranges: Any = None
    combinations: int = 0
    trials: int = 0
    seed: tuple[int, int] = (0, 0)
    seconds: float = 0.0  # estimated work on one thread (exact: all; Monte Carlo: per deal)

    @property
    def n_players(self) -> int:
        return len(self.hands)

    @property
    def weighted(self) -> bool:
        """Whether exact tallies are also weighed (some combo weight is not 1)."""
        if self.ranges is not None:
            return any(w is not None for _, w in self.ranges)
        return self.weights is not None


def _sizes(v: Variant) -> tuple[int, int]:
    return max(v.hole_cards), max(v.board_cards)


def _prepare(
    game: Any, hands: Sequence[Any], board: Any, dead: Any
) -> tuple[Variant, dict[str, Any]]:
    from pyrankcore import variants

    if isinstance(game, str) and game in _core.GAMES:
        raise InvalidArgumentError(
            f"{game!r} is a ranking: equity takes a variant, e.g. 'Hold'em' or 'Razz'"
        )
    v = variants.variant(game)
    for half in (v.high, v.low):
        if half is not None and _core.resolve_game(half, False, False, "equity").has_wild:
            # The engine's kernels rank natural cards and deal from 52.
            raise InvalidArgumentError(
                f"equity does not cover wild-card rankings yet ({v.name}: "
                f"{_core.resolve_game(half).name}); use showdown() on each deal"
            )
    if v.declare or v.down_wild or v.must_use_up:
        # The engine ranks cards that speak; these games need declarations,
        # face-down wild cards or up-cards that must play.
        raise InvalidArgumentError(
            f"equity does not cover {v.name} (declarations, face-down wild cards or "
            "up-cards that must play); use showdown() on each deal"
        )
    variants._check_ordered(hands, "hands")
    if not 2 <= len(hands) <= _core.EQ_MAX_PLAYERS:
        raise InvalidArgumentError(f"equity takes 2 to 10 players, got {len(hands)}")
    hand_final, board_final = _sizes(v)
    board_ids = _core.parse_cards(board) if variants._has_cards(board) else []
    dead_ids = _core.parse_cards(dead) if variants._has_cards(dead) else []
    if len(board_ids) > board_final:
        where = f"at most {board_final}" if board_final else "none"
        raise HandSizeError(f"{v.name}: the board has {where} cards, got {len(board_ids)}")
    for c in board_ids:
        if c in dead_ids:
            raise DuplicateCardError(
                f"duplicate card {_core.format_card(c)} on the board and in the dead cards"
            )
    players = [_player_combos(h, hand_final, seat, v.name) for seat, h in enumerate(hands)]
    for seat, (combos, _) in enumerate(players):
        for cards, _w in combos:
            if len(cards) > hand_final:
                raise HandSizeError(
                    f"{v.name}: seat {seat} holds at most {hand_final} cards, got {len(cards)}"
                )
    fixed = [c[0][0] if len(c) == 1 else () for c, _ in players]
    variants._check_seats([list(f) for f in fixed], board_ids)
    fixed_seat = {card: s for s, f in enumerate(fixed) for card in f}
    for c in dead_ids:
        if c in fixed_seat:
            raise DuplicateCardError(
                f"duplicate card {_core.format_card(c)} in seat {fixed_seat[c]}'s hand "
                "and in the dead cards"
            )
    ranks = [g for g in (v.high, v.low) if g is not None]
    deck = (1 << 52) - 1
    for g in ranks:
        deck &= _core.resolve_game(g).deck_mask
    taken = set(board_ids) | set(dead_ids)
    for c in sorted(taken | set(fixed_seat)):
        if not deck >> c & 1:
            raise InvalidCardError(f"card {_core.format_card(c)} is not in the {v.name} deck")
    # Ranges lose the combos that collide with the board, the dead cards,
    # cards outside the deck and the fixed hands.
    blocked = taken | set(fixed_seat)
    combos_out = []
    for seat, (combos, text) in enumerate(players):
        if len(combos) > 1:
            kept = [
                (cards, w)
                for cards, w in combos
                if not blocked.intersection(cards) and all(deck >> c & 1 for c in cards)
            ]
            if not kept:
                raise InvalidArgumentError(
                    f"seat {seat}'s range {text!r} has no combo left beside the "
                    "board, the dead cards and the other hands"
                )
            combos = kept
        known = {len(cards) for cards, _ in combos}
        if len(known) != 1:
            raise HandSizeError(f"seat {seat}: every combo must have the same number of cards")
        # weights only matter as ratios: scaled by the largest, the products
        # of exact enumeration stay clear of underflow
        largest = max(w for _, w in combos)
        if largest > 0 and largest != 1.0:
            combos = [(cards, w / largest) for cards, w in combos]
        combos_out.append(tuple(combos))
    known_counts = [len(c[0][0]) for c in combos_out]
    n_live = bin(deck).count("1") - len(taken)
    need = board_final + hand_final * len(hands)
    if need > n_live:
        raise HandSizeError(
            f"{v.name}: {len(hands)} players and the board need {need} cards, "
            f"only {n_live} are live"
        )
    spec = (
        v.high,
        v.low,
        v.omaha,
        board_final,
        tuple(board_ids),
        (hand_final,) * len(hands),
        tuple(known_counts),
        tuple(sorted(dead_ids)),
    )
    # deals per assignment: the board's missing cards, then each player's
    left = n_live - sum(known_counts)
    deals = math.comb(left, board_final - len(board_ids))
    left -= board_final - len(board_ids)
    for k in known_counts:
        deals *= math.comb(left, hand_final - k)
        left -= hand_final - k
    return v, {
        "hilo": v.high is not None and v.low is not None,
        "spec": spec,
        "hands": tuple(text for _, text in players),
        "board": _core.format_cards(board_ids) if board_ids else "",
        "dead": _core.format_cards(sorted(dead_ids)) if dead_ids else "",
        "combos": tuple(combos_out),
        "deals": deals,
        "n_live": n_live,
    }


def _fitting(combos: Any, index: Any) -> Any:
    """For combination indices (int64 arrays, one per seat, or one int64
    array of mixed-radix indices, seat 0 the most significant digit): the
    digits (one array per seat) and, per prefix length k = 1..players,
    whether the first k combos hold no card twice (bool arrays)."""
    import numpy as np

    if isinstance(index, list):
        digits = index
    else:
        digits = []
        rest = index
        for seat in reversed(range(len(combos))):
            n = len(combos[seat])
            digits.append(rest % n)
            rest = rest // n
        digits.reverse()
    size = len(digits[0]) if digits else 0
    used = np.zeros(size, dtype=np.uint64)
    ok = np.ones(size, dtype=bool)
    prefixes = []
    for seat, d in enumerate(digits):
        m = _combo_masks(combos[seat])[d]
        ok = ok & ((used & m) == 0)
        used |= m
        prefixes.append(ok)
    return digits, prefixes


def _combo_masks(seat_combos: Any) -> Any:
    import numpy as np

    out = np.zeros(len(seat_combos), dtype=np.uint64)
    for i, (cards, _w) in enumerate(seat_combos):
        m = 0
        for c in cards:
            m |= 1 << c
        out[i] = m
    return out


@dataclass(frozen=True)
class _Fit:
    """How many combinations of the players' combos hold no card twice.
    prefixes[k]: of the first k seats' combos (prefixes[0] = 1, the last
    is the whole); exact when counted, else an estimate from a sample that
    errs high when it found few; seen: how many fitting combinations the
    count or the sample found."""

    prefixes: tuple[int, ...]
    seen: int

    @property
    def fitting(self) -> int:
        return self.prefixes[-1]

    def steps(self, sizes: Sequence[int]) -> int:
        """The exact kernel's odometer steps: each fitting prefix of k
        seats tries every combo of seat k."""
        return sum(f * n for f, n in zip(self.prefixes, sizes))


def count_fitting(combos: Any) -> _Fit:
    """Count the fitting combinations (in arrays of bounded size) up to
    COUNT_COMBINATIONS combinations, estimate them from a fixed sample of
    FIT_SAMPLE above (at least FIT_HITS_BOUND hits per prefix length
    counted: a bound that errs high, so that work is never underestimated
    much and a sample without hits does not claim that nothing fits)."""
    import numpy as np

    sizes = [len(c) for c in combos]
    total = math.prod(sizes)
    if total <= COUNT_COMBINATIONS:
        _, ok = _fitting(combos, np.arange(total, dtype=np.int64))
        counts = [int(o.sum()) for o in ok]
        heads = [math.prod(sizes[k + 1 :]) for k in range(len(sizes))]
        # each fitting prefix of k+1 seats starts heads[k] of the indices
        prefixes = [1] + [c // h for c, h in zip(counts, heads)]
        return _Fit(tuple(prefixes), counts[-1] if counts else 1)
    rng = np.random.default_rng(0)
    digits = [rng.integers(0, n, FIT_SAMPLE) for n in sizes]
    _, ok = _fitting(combos, digits)
    prefixes = [1]
    for k, o in enumerate(ok):
        hits = max(int(o.sum()), FIT_HITS_BOUND)
        whole = math.prod(sizes[: k + 1])
        prefixes.append(min(whole, -(-whole * hits // FIT_SAMPLE)))
    return _Fit(tuple(prefixes), int(ok[-1].sum()))


def count_combinations(combos: Any) -> int:
    """How many combinations of the players' combos hold no card twice
    (see count_fitting: exact up to COUNT_COMBINATIONS)."""
    return count_fitting(combos).fitting


def _assignment_rows(combos: Any) -> tuple[Any, Any]:
    """Every combination of the players' combos with no card twice, as
    (A, players, 8) uint8 rows, and the product of the weights of each (an
    (A,) float64 array, or None when every weight is 1). Made with arrays
    of one element per combination: the caller bounds their number."""
    import numpy as np

    total = math.prod(len(c) for c in combos)
    digits, prefixes = _fitting(combos, np.arange(total, dtype=np.int64))
    ok = prefixes[-1]
    rows = np.zeros((int(ok.sum()), len(combos), 8), dtype=np.uint8)
    weights = None
    for seat, d in enumerate(digits):
        cards = np.array([c for c, _ in combos[seat]], dtype=np.uint8).reshape(
            len(combos[seat]), -1
        )
        rows[:, seat, : cards.shape[1]] = cards[d[ok]]
        w = np.array([w for _, w in combos[seat]], dtype=np.float64)
        if bool((w != 1.0).any()):
            weights = (1.0 if weights is None else weights) * w[d[ok]]
    return rows, weights


def never_fit(why: str = "no combination") -> InvalidArgumentError:
    """The error for ranges that leave no combination of combos without a
    card twice."""
    return InvalidArgumentError(f"the players' ranges never fit together ({why})")


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def _duration(seconds: float) -> str:
    for unit, size in (("days", 86400.0), ("hours", 3600.0), ("minutes", 60.0)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.0f} {unit}"
    return f"{seconds:,.0f} seconds"


def fast_spec(spec: tuple[Any, ...]) -> bool:
    """Whether the exact kernel takes its rank-board path: hold'em from
    preflop, the standard high ranking, every player's two cards known."""
    hi, lo, omaha, board_final, board, hand_final, known, _dead = spec
    return (
        hi == "high"
        and lo is None
        and not omaha
        and board_final == 5
        and not board
        and all(h == 2 for h in hand_final)
        and all(k == 2 for k in known)
    )


def suit_classes(holes: Any, dead: Sequence[int], weights: Any) -> tuple[Any, Any, Any]:
    """Group assignments (rows of holes, two cards per player) that a
    renaming of the suits maps onto each other (and that leaves the dead
    cards where they are): the same showdowns, so one row per group is
    enumerated and counted as many times as its group is large. Returns the
    rows kept, their group sizes (int64) and their groups' summed weights
    (float64, or None when unweighted). Up to 5 players (a row's cards fit
    in 60 bits); otherwise every row is kept."""
    import itertools

    import numpy as np

    n, players = int(holes.shape[0]), int(holes.shape[1])
    if players > 5 or n < 2:
        return holes, np.ones(n, dtype=np.int64), weights
    dead_set = set(dead)
    maps = []
    for perm in itertools.permutations(range(4)):
        cmap = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)], dtype=np.int64)
        if {int(cmap[c]) for c in dead_set} == dead_set:
            maps.append(cmap)
    cards = holes[:, :, :2].astype(np.int64)
    best = None
    for cmap in maps:
        mapped = cmap[cards]  # (n, players, 2)
        code = mapped.max(axis=2) * 52 + mapped.min(axis=2)  # one hand: 12 bits
        key = np.zeros(n, dtype=np.int64)
        for seat in range(players):
            key = (key << 12) | code[:, seat]
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    _, first, inverse, counts = np.unique(
        best, return_index=True, return_inverse=True, return_counts=True
    )
    inverse = inverse.reshape(-1)
    w = None if weights is None else np.bincount(inverse, weights=weights)
    return holes[first], counts.astype(np.int64), w


def _seed_words(seed: Any) -> tuple[int, int]:
    import numpy as np

    if seed is None:
        seed = int.from_bytes(os.urandom(16), "little")
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
    seed = seed.__index__()
    if seed < 0:
        raise InvalidArgumentError(f"seed must be >= 0, got {seed}")
    words = np.random.SeedSequence(seed).generate_state(2, np.uint64)
    return int(words[0]), int(words[1])


def _count_arg(value: Any, name: str, low: int, high: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
    n = int(value.__index__())
    if not low <= n <= high:
        raise InvalidArgumentError(f"{name} must be in {low}..{high}, got {n}")
    return n


def plan(
    game: Any,
    hands: Sequence[Any],
    board: Any = (),
    *,
    dead: Any = (),
    exact: bool | None = None,
    trials: int | None = None,
    target_se: float | None = None,
    seed: int | None = None,
    threads: int = 1,
) -> tuple[_Plan, float | None]:
    """Check the inputs and decide exact or Monte Carlo (the first half of
    :func:`equity`; :mod:`pyrankcore.dask` runs the second half itself).
    Returns the plan and the target standard error (or None)."""
    import numpy as np

    if exact not in (None, True, False):
        raise TypeError(f"exact must be True, False or None, not {type(exact).__name__}")
    n_trials = _count_arg(trials, "trials", 1, MAX_TRIALS)
    target: float | None = None
    if target_se is not None:
        if isinstance(target_se, bool) or not isinstance(target_se, (int, float)):
            raise TypeError(f"target_se must be a float or None, not {type(target_se).__name__}")
        target = float(target_se)
        if not 0.0 < target < 1.0:
            raise InvalidArgumentError(f"target_se must be in (0, 1), got {target_se!r}")
    if exact is True and (n_trials is not None or target is not None):
        raise InvalidArgumentError(
            "exact=True enumerates every deal: trials and target_se bound Monte Carlo"
        )
    v, fields = _prepare(game, hands, board, dead)
    combos = fields["combos"]
    n_players = len(hands)
    combinations = math.prod(len(c) for c in combos)
    deals = fields["deals"]
    per_deal = n_players * (_NS_PER_OMAHA_EVAL if v.omaha else _NS_PER_EVAL)
    if fields["hilo"]:
        per_deal *= 2
    per_random_deal = per_deal * _MONTE_CARLO_FACTOR
    fast = fast_spec(fields["spec"])
    fit: _Fit | None = None
    if fast:  # per deal, so that deals * assignments * per_deal stays the estimate
        per_deal = n_players * _NS_PER_FAST_ASSIGNMENT / deals
    if exact is not False and n_trials is None and target is None:
        # the work of exact enumeration, counted before anything is built:
        # the odometer steps through the combinations (a clash skips every
        # combination that starts the same way), the fitting ones dealt out
        fit = count_fitting(combos)
        fitting = fit.fitting
        seconds = 1e-9 * (
            fitting * (deals * per_deal + _NS_PER_ASSIGNMENT)
            + fit.steps([len(c) for c in combos]) * _NS_PER_COMBINATION
        )
        # Monte Carlo redraws every combo until they fit
        redraws = combinations / max(fitting, 1) * n_players * _NS_PER_REDRAW
        per_random_deal += redraws
        if exact is None:
            monte_carlo = 1e-9 * per_random_deal * DEFAULT_TRIALS
            exact = seconds <= max(EXACT_SECONDS * max(threads, 1), monte_carlo)
        elif fit.seen == 0 and (
            combinations >= 1 << 62 or seconds > MAX_EXACT_SECONDS * max(threads, 1)
        ):
            raise never_fit(f"none of {FIT_SAMPLE:,} sampled combinations fits")
        elif combinations >= 1 << 62 or seconds > MAX_EXACT_SECONDS * max(threads, 1):
            raise InvalidArgumentError(
                f"exact enumeration of {deals * fitting:,} deals ({fitting:,} "
                f"{_plural(fitting, 'combination')} of the hands, {deals:,} "
                f"{_plural(deals, 'deal')} each) would take about "
                f"{_duration(seconds)} on one thread, more than the "
                f"{_duration(MAX_EXACT_SECONDS)} per thread allowed: for an estimate "
                "use Monte Carlo (exact=None, trials=N or target_se=...), or spread the "
                "enumeration over a cluster with pyrankcore.dask.equity(..., threads=T)"
            )
    if exact:
        if combinations <= COUNT_COMBINATIONS and (fit or count_fitting(combos)).fitting == 0:
            raise never_fit()
        if fast and combinations * n_players <= ROW_CELLS:
            holes, w_arr = _assignment_rows(combos)
            if len(holes) == 0:
                raise never_fit()
            mult = None
            if len(holes) > 1:
                holes, mult, w_arr = suit_classes(holes, fields["spec"][7], w_arr)
            return _Plan(
                v.name,
                exact=True,
                assignments=holes,
                weights=w_arr,
                mult=mult,
                seconds=deals * len(holes) * per_deal * 1e-9,
                **fields,
            ), None
        ranges = []
        for seat_combos in combos:
            cards = np.array([c for c, _ in seat_combos], dtype=np.uint8)
            w = np.array([w for _, w in seat_combos], dtype=np.float64)
            ranges.append(
                (cards.reshape(len(seat_combos), -1), w if bool((w != 1.0).any()) else None)
            )
        return _Plan(
            v.name,
            exact=True,
            ranges=tuple(ranges),
            combinations=combinations,
            seconds=seconds,
            **fields,
        ), None
    if n_trials is None:
        n_trials = MAX_TRIALS if target is not None else DEFAULT_TRIALS
    return _Plan(
        v.name,
        exact=False,
        trials=n_trials,
        seed=_seed_words(seed),
        seconds=per_random_deal * 1e-9,
        **fields,
    ), target


# --------------------------------------------------------------------------
# tasks


def exact_tasks(p: _Plan, n_tasks: int) -> list[tuple[int, int, int, int]]:
    """Split an exact plan into about *n_tasks* parts: ranges of
    assignments (rows, or combination indices), or (with few of them)
    ranges of the first dealt card. Their tallies add up to the whole."""
    n_assign = p.combinations if p.ranges is not None else int(p.assignments.shape[0])
    if n_tasks <= 1:
        return [(0, n_assign, 0, 64)]
    if n_assign >= n_tasks or fast_spec(p.spec):
        # (the rank-board path enumerates whole assignments only)
        n_tasks = min(n_tasks, n_assign)
        bounds = [n_assign * i // n_tasks for i in range(n_tasks + 1)]
        return [(a, b, 0, 64) for a, b in zip(bounds, bounds[1:]) if b > a]
    # one task per assignment and first card position: the early positions
    # hold most deals, so tasks are handed out first come, first served
    n_first = max(p.n_live - sum(p.spec[6]), 1)
    tasks = []
    for a in range(n_assign):
        for top in range(n_first):
            tasks.append((a, a + 1, top, top + 1))
    return tasks


def monte_carlo_chunks(
    p: _Plan, chunk_lo: int, chunk_hi: int, n_tasks: int
) -> list[tuple[int, int]]:
    """Chunks chunk_lo..chunk_hi-1 in about *n_tasks* ranges."""
    n = chunk_hi - chunk_lo
    n_tasks = max(1, min(n_tasks, n))
    bounds = [chunk_lo + n * i // n_tasks for i in range(n_tasks + 1)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def _empty_counts(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple((0,) * _NCOUNTS for _ in range(n))


def _result(
    p: _Plan, stats: Any, trials: int, weighted: Any = None, weight_total: float | None = None
) -> EquityResult:
    counts = []
    for row in stats.tolist():
        c = [int(x) for x in row[:_SQ_LO]]
        c.append(int(row[_SQ_LO]) + (int(row[_SQ_HI]) << 64))
        counts.append(tuple(c))
    w = None
    if weighted is not None:
        w = tuple(tuple(float(x) for x in row[:_NCOUNTS]) for row in weighted.tolist())
    return EquityResult(
        p.variant,
        p.hands,
        p.board,
        p.dead,
        p.exact,
        p.hilo,
        trials,
        tuple(counts),
        w,
        weight_total,
    )


def run_exact_task(p: _Plan, task: tuple[int, int, int, int], stop: Any = None) -> EquityResult:
    """Tallies of one exact task (see :func:`exact_tasks`). stop: an int32
    array of one element; setting it to 1 makes the kernel stop within
    milliseconds (KeyboardInterrupt)."""
    a_lo, a_hi, top_lo, top_hi = task
    if p.ranges is not None:
        stats, weighted, weight_total = _core.equity_exact_ranges(
            p.spec, list(p.ranges), a_lo, a_hi, top_lo, top_hi, True, stop
        )
        deals = sum(int(x) for x in stats[:, _UNITS]) // UNIT
        if weighted is None:
            return _result(p, stats, deals)
        return _result(p, stats, deals, weighted, weight_total)
    if p.weights is None and p.mult is None:
        stats = _core.equity_exact(
            p.spec, p.assignments, a_lo, a_hi, top_lo, top_hi, False, True, stop
        )
        deals = sum(int(x) for x in stats[:, _UNITS]) // UNIT
        return _result(p, stats, deals)
    one = _core.equity_exact(p.spec, p.assignments, a_lo, a_hi, top_lo, top_hi, True, True, stop)
    # each row stands for mult assignments (weights: their summed weights)
    per = one if p.mult is None else one * p.mult[a_lo:a_hi, None, None].astype("uint64")
    stats = per.sum(axis=0, dtype="uint64")
    deals = sum(int(x) for x in per[:, :, _UNITS].sum(axis=1)) // UNIT
    if p.weights is None:
        return _result(p, stats, deals)
    w = p.weights[a_lo:a_hi]
    weighted = (one.astype("float64") * w[:, None, None]).sum(axis=0)
    deals_each = one[:, :, _UNITS].sum(axis=1).astype("float64") / UNIT
    return _result(p, stats, deals, weighted, float((deals_each * w).sum()))


def integer_weights(weights: Sequence[float]) -> Any:
    """A range's weights as uint64 integers for the Monte Carlo draw: all
    scaled by one power of two so that they sum to at most 2**WEIGHT_BITS,
    then rounded (exact but for the last of a float's bits relative to the
    sum); all 1 when the weights are all equal."""
    import numpy as np

    w = np.asarray(weights, dtype=np.float64)
    if len(w) == 0 or bool((w == w[0]).all()):
        return np.ones(len(w), dtype=np.uint64)
    _, exponent = math.frexp(math.fsum(w))  # the sum is below 2**exponent
    return np.rint(np.ldexp(w, WEIGHT_BITS - exponent)).astype(np.uint64)


def _range_arrays(p: _Plan) -> list[tuple[Any, Any]]:
    import numpy as np

    out = []
    for seat, combos in enumerate(p.combos):
        k = p.spec[6][seat]
        cards = np.array([c for c, _ in combos], dtype=np.uint8).reshape(len(combos), k)
        out.append((cards, integer_weights([w for _, w in combos])))
    return out


def run_monte_carlo_task(
    p: _Plan, task: tuple[int, int], ranges: Any = None, stop: Any = None
) -> EquityResult:
    """Tallies of chunks task[0]..task[1]-1 of a Monte Carlo plan. stop: as
    :func:`run_exact_task`."""
    chunk_lo, chunk_hi = task
    if ranges is None:
        ranges = _range_arrays(p)
    stats = _core.equity_monte_carlo(
        p.spec, ranges, p.seed[0], p.seed[1], p.trials, chunk_lo, chunk_hi, stop
    )
    first = min(chunk_lo * CHUNK, p.trials)
    last = min(chunk_hi * CHUNK, p.trials)
    return _result(p, stats, max(last - first, 0))


def _run_threads(
    tasks: Sequence[Any],
    work: Callable[[Any], Any],
    n_threads: int,
    bar: Any,
    stop: Any = None,
) -> list[Any]:
    """Run every task on up to n_threads threads (first come, first served);
    the results in task order (None results left out). A worker's exception
    is re-raised here, after every thread has stopped. (Also the preflop
    matrix's task runner.)

    With *stop* (an int32 array of one element that *work* hands to the
    kernels) every task runs on a worker thread while this thread waits in
    steps of SIGNAL_POLL_SECONDS: Ctrl-C raises KeyboardInterrupt here
    within a step (signals reach only the main thread, and only between
    its own bytecodes), which sets the flag, waits for the kernels to
    return (milliseconds) and re-raises it. Without *stop* the calling
    thread takes part in the work."""
    results: list[Any] = [None] * len(tasks)
    if stop is None and (n_threads <= 1 or len(tasks) <= 1):
        for i, t in enumerate(tasks):
            results[i] = work(t)
            if bar is not None:
                bar.update(1)
        return [r for r in results if r is not None]
    lock = threading.Lock()
    next_task = [0]
    errors: list[BaseException] = []

    def loop() -> None:
        while True:
            with lock:
                i = next_task[0]
                if i >= len(tasks) or errors or (stop is not None and stop[0]):
                    return
                next_task[0] += 1
            try:
                results[i] = work(tasks[i])
            except BaseException as exc:  # re-raised in the calling thread
                with lock:
                    errors.append(exc)
                return
            if bar is not None:
                with lock:
                    bar.update(1)

    n_workers = min(n_threads, len(tasks)) if stop is not None else n_threads - 1
    workers = [threading.Thread(target=loop, daemon=True) for _ in range(n_workers)]
    try:
        for w in workers:
            w.start()
        if stop is None:
            loop()
        for w in workers:
            while w.is_alive():
                w.join(SIGNAL_POLL_SECONDS)
    except BaseException:
        if stop is not None:
            stop[0] = 1
        with lock:
            next_task[0] = len(tasks)
        for w in workers:
            if w.ident is not None:
                w.join()
        raise
    if errors:
        raise errors[0]
    return [r for r in results if r is not None]


def _total(p: _Plan, parts: Sequence[EquityResult]) -> EquityResult:
    result = EquityResult(
        p.variant,
        p.hands,
        p.board,
        p.dead,
        p.exact,
        p.hilo,
        0,
        _empty_counts(p.n_players),
        tuple((0.0,) * _NCOUNTS for _ in p.hands) if p.weighted else None,
        0.0 if p.weighted else None,
    )
    for part in parts:
        result = result + part
    return result


def finish_exact(p: _Plan, parts: Sequence[EquityResult]) -> EquityResult:
    """The total of an exact plan's tasks (in task order); an error when no
    combination of the ranges fits, or when every product of weights
    underflowed (the weights were scaled by each range's largest, so only
    weights far below 2**-1000 of a range's largest can do that)."""
    result = _total(p, parts)
    if result.trials == 0:
        raise never_fit()
    if result.weighted is not None and not result.weight_total:
        raise InvalidArgumentError(
            "every combination of combos that fits has a product of weights below "
            "the smallest float: give the combos weights closer to each other"
        )
    return result


def max_std_error(result: EquityResult) -> float:
    return max(pl.std_error or 0.0 for pl in result.players)


def round_chunks(done: int, total_chunks: int) -> int:
    """Where a target_se round that starts at chunk *done* ends: 16 chunks
    first, then the total doubles each round (the same rounds on one
    machine and on a cluster)."""
    return min(total_chunks, max(16, 2 * done))


def _progress_bar(enabled: bool, total: int, label: str) -> Any:
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise ImportError("progress=True needs tqdm: pip install 'pyrankcore[progress]'") from None
    return tqdm(total=total, desc=label, unit="task", delay=0.5, leave=False)


def equity(
    variant: str | Variant,
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
        Show a progress bar (tqdm, the extra ``pyrankcore[progress]``) on
        runs longer than half a second.

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

    >>> r = equity("Hold'em", ["AhKh", "QsQd"], "Kd 7s 2c")
    >>> [round(p.equity, 4) for p in r.players]
    [0.9121, 0.0879]
    """
    from pyrankcore.batch import check_threads

    n_threads = check_threads(threads, 1 << 30, 1)
    if not isinstance(progress, bool):
        raise TypeError(f"progress must be True or False, not {type(progress).__name__}")
    p, target = plan(
        variant,
        hands,
        board,
        dead=dead,
        exact=exact,
        trials=trials,
        target_se=target_se,
        seed=seed,
        threads=n_threads,
    )
    import numpy as np

    stop = np.zeros(1, dtype=np.int32)  # raised to stop the kernels (Ctrl-C)

    # Monte Carlo with ranges may redraw colliding combos for a long time
    # (the estimate cannot tell): it always runs on workers
    redraws = not p.exact and any(len(c) > 1 for c in p.combos)

    def flag(seconds: float) -> Any:
        # short calls run in this thread; long ones wait for workers here
        return stop if n_threads > 1 or redraws or seconds > INLINE_SECONDS else None

    if p.exact:
        n_tasks = n_threads * 8 if n_threads > 1 else (64 if progress else 1)
        tasks = exact_tasks(p, WEIGHTED_TASKS if p.weighted else n_tasks)
        bar = _progress_bar(progress, len(tasks), "equity (exact)")
        try:
            parts = _run_threads(
                tasks, lambda t: run_exact_task(p, t, stop), n_threads, bar, flag(p.seconds)
            )
        finally:
            if bar is not None:
                bar.close()
        return finish_exact(p, parts)
    ranges = _range_arrays(p)
    total_chunks = -(-p.trials // CHUNK)
    bar = _progress_bar(progress, total_chunks if target is None else 0, "equity (Monte Carlo)")
    try:
        result = _total(p, [])
        done = 0
        while done < total_chunks:
            stop_at = total_chunks if target is None else round_chunks(done, total_chunks)
            n_tasks = n_threads * 4 if n_threads > 1 else (stop_at - done if progress else 1)
            chunks = monte_carlo_chunks(p, done, stop_at, n_tasks)
            if bar is not None and target is not None:
                bar.total = stop_at
                bar.refresh()
            trials = min(stop_at * CHUNK, p.trials) - done * CHUNK
            parts = _run_threads(
                chunks,
                lambda t: run_monte_carlo_task(p, t, ranges, stop),
                n_threads,
                None,
                flag(p.seconds * trials),
            )
            for part in parts:
                result = result + part
            if bar is not None:
                bar.update(stop_at - done)
            done = stop_at
            if target is not None and max_std_error(result) <= target:
                break
    finally:
        if bar is not None:
            bar.close()
    return result
