"""Hand isomorphism: one index per class of suit-isomorphic hands.

Two hands are isomorphic when renaming the suits turns one into the other,
round by round: A♠K♠ and A♥K♥ preflop, or the same hole cards on flops
that differ only in suit names. Solvers and bots store one entry per class
instead of one per hand. :class:`HandIndexer` numbers the classes of each
round of a deal densely, from 0 to ``size(round) - 1``, and turns an index
back into a canonical hand (after Waugh, 2013, "A Fast and Optimal Hand
Isomorphism Algorithm").

A round structure lists the cards dealt in each round: hold'em is
``[2, 3, 1, 1]`` (hole cards, flop, turn, river) or, with the board as one
set per street, ``[2, 4]`` for the turn and ``[2, 5]`` for the river;
Omaha is ``[4, 3, 1, 1]``. Cards are ids (rank * 4 + suit), given round by
round in each row.

>>> from pyrankcore.indexer import HandIndexer
>>> holdem = HandIndexer([2, 3, 1, 1])
>>> [holdem.size(r) for r in range(4)]
[169, 1286792, 55190538, 2428287420]
>>> import pyrankcore as prc
>>> a = holdem.index([prc.parse_cards("As Ks Qs Jh 2d")])
>>> b = holdem.index([prc.parse_cards("Ah Kh Qh Jd 2c")])
>>> bool((a == b).all())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pyrankcore import _core
from pyrankcore._args import thread_count
from pyrankcore._work import run_tasks
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
)

__all__ = ["HandIndexer", "IndexerState"]

# Rows per task, spread over threads: a few milliseconds of work, so that
# a signal is seen soon and a task's call costs nothing next to it.
ROWS_PER_TASK = 1 << 15

# Deck names -> the ranks they keep (the top ones): the short deck is
# six to ace.
DECKS = {"standard": 13, "short": 9}


def _rounds_arg(rounds: Any) -> tuple[int, ...]:
    if isinstance(rounds, (str, bytes)) or not isinstance(rounds, Sequence):
        raise TypeError(f"rounds must be a sequence of card counts, not {type(rounds).__name__}")
    out = []
    for i, n in enumerate(rounds):
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
            raise TypeError(f"rounds: round {i} must be a whole number of cards, not {n!r}")
        if n < 1:
            raise InvalidArgumentError(
                f"rounds: round {i} deals {n} cards; each round deals at least 1"
            )
        out.append(int(n))
    if not 1 <= len(out) <= _core.INDEXER_MAX_ROUNDS:
        raise InvalidArgumentError(
            f"rounds: 1 to {_core.INDEXER_MAX_ROUNDS} rounds, got {len(out)}"
        )
    return tuple(out)


def _card_rows(cards: Any, what: str) -> np.ndarray:
    """cards as a C-contiguous (N, k) uint8 array of ids; a single hand (a
    flat sequence of ids) is one row."""
    a = np.asarray(cards)
    if a.ndim == 1:
        a = a.reshape(1, -1)
    if a.ndim != 2:
        raise InvalidArgumentError(
            f"{what} must be an (N, k) array of card ids, got {a.ndim} dimensions"
        )
    if a.size == 0:
        return np.zeros(a.shape, dtype=np.uint8)
    if a.dtype.kind not in "iu":
        raise TypeError(f"{what} must be an integer array of card ids, not {a.dtype}")
    if a.min() < 0 or a.max() > 255:
        bad = int(np.argmax(((a < 0) | (a > 255)).any(axis=1)))
        raise InvalidCardError(f"{what} row {bad}: card ids must be 0..51")
    return np.ascontiguousarray(a, dtype=np.uint8)


class IndexerState:
    """The rounds indexed so far of N hands, for
    :meth:`HandIndexer.index_next_round`: each call adds one round."""

    def __init__(self, indexer: HandIndexer, n: int) -> None:
        self.indexer = indexer
        self.round = 0
        self._state = np.zeros((n, _core.INDEXER_STATE_BYTES), dtype=np.uint8)

    def __len__(self) -> int:
        return len(self._state)


class HandIndexer:
    """Indices of suit-isomorphic hands for a round structure of 1 to 8
    rounds over the standard deck or the short deck (``deck="short"``: six
    to ace, 36 cards).

    >>> HandIndexer([4]).size(0)  # Omaha's 270,725 starting hands
    16432
    """

    def __init__(self, rounds: Sequence[int], *, deck: str = "standard") -> None:
        if deck not in DECKS:
            raise InvalidArgumentError(f"deck must be one of {sorted(DECKS)}, not {deck!r}")
        self._rounds = _rounds_arg(rounds)
        self._deck = deck
        self._tables = _core.IndexerTables(self._rounds, DECKS[deck])
        self._sizes = self._tables.sizes
        self._totals = list(np.cumsum(self._rounds))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (list(self._rounds), self._deck))

    def __repr__(self) -> str:
        return f"HandIndexer({list(self._rounds)}, deck={self._deck!r})"

    @property
    def rounds(self) -> list[int]:
        """Cards dealt in each round."""
        return list(self._rounds)

    @property
    def deck(self) -> str:
        """``"standard"`` or ``"short"``."""
        return self._deck

    def size(self, round: int) -> int:
        """The number of classes of *round* (0 = the first round)."""
        return self._sizes[self._round_arg(round)]

    def _round_arg(self, round: Any) -> int:
        if isinstance(round, bool) or not isinstance(round, (int, np.integer)):
            raise TypeError(f"round must be a whole number, not {round!r}")
        if not 0 <= round < len(self._rounds):
            raise InvalidArgumentError(f"round must be 0 to {len(self._rounds) - 1}, got {round}")
        return int(round)

    def _raise_bad_row(self, what: str, row: np.ndarray, i: int, before: int = 0) -> None:
        """The error for a row a kernel refused."""
        deck = self._tables.deck_mask
        seen = before
        for c in row.tolist():
            if c > 51 or not deck >> c & 1:
                raise InvalidCardError(
                    f"{what} row {i}: card id {c} is not in the {self._deck} deck"
                )
            if seen >> c & 1:
                raise DuplicateCardError(f"{what} row {i}: card {_core.format_cards([c])} twice")
            seen |= 1 << c
        raise InvalidArgumentError(f"{what} row {i} refused")  # pragma: no cover

    def _split(self, n: int, threads: Any, work: Any) -> int:
        """Run work(lo, hi) (the first bad row of lo..hi-1, or -1) over
        [0, n) on threads; return the first bad row of all, or -1."""
        n_threads = thread_count(threads, n, ROWS_PER_TASK)
        # chunks on one thread too: Ctrl-C is seen between them
        chunks = [(lo, min(n, lo + ROWS_PER_TASK)) for lo in range(0, n, ROWS_PER_TASK)]
        bad = [b for b in run_tasks(chunks, lambda c: int(work(*c)), n_threads) if b >= 0]
        return min(bad) if bad else -1

    def index(self, cards: Any, *, threads: int | None = None) -> np.ndarray:
        """The index of each row of *cards* on every round it covers.

        *cards* is an (N, k) integer array of card ids (or one hand as a
        flat sequence), the rounds' cards in order: k is the total of all
        rounds, or of the first r rounds to index only those. Returns an
        (N, r) uint64 array: column j is the index on round j. Releases
        the GIL; *threads* spreads the rows over threads."""
        rows = _card_rows(cards, "cards")
        k = rows.shape[1]
        if k not in self._totals:
            raise HandSizeError(
                f"cards: rows of {k} cards; rounds {list(self._rounds)} take "
                f"{', '.join(map(str, self._totals))} cards (the first rounds' totals)"
            )
        nr = self._totals.index(k) + 1
        out = np.empty((len(rows), nr), dtype=np.uint64)
        bad = self._split(
            len(rows), threads, lambda lo, hi: self._tables.index_into(rows, out, lo, hi)
        )
        if bad >= 0:
            self._raise_bad_row("cards", rows[bad], bad)
        return out

    def start(self, n: int = 1) -> IndexerState:
        """A fresh state for *n* hands, to index round by round with
        :meth:`index_next_round`."""
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
            raise InvalidArgumentError(f"n must be a whole number of hands >= 0, got {n!r}")
        return IndexerState(self, int(n))

    def index_next_round(
        self, state: IndexerState, cards: Any, *, threads: int | None = None
    ) -> np.ndarray:
        """Add the next round's *cards* ((N, cards of that round) ids) to
        *state* and return each hand's index on that round ((N,) uint64):
        the same as :meth:`index`'s column for the round, without indexing
        the earlier rounds again. A bad row (a card outside the deck,
        repeated, or dealt in an earlier round) raises and leaves the whole
        state as it was."""
        if not isinstance(state, IndexerState) or state.indexer is not self:
            raise InvalidArgumentError("state must come from this indexer's start()")
        if state.round >= len(self._rounds):
            raise InvalidArgumentError(f"state: all {len(self._rounds)} rounds are indexed already")
        rows = _card_rows(cards, "cards")
        want = self._rounds[state.round]
        if rows.shape != (len(state), want):
            raise HandSizeError(
                f"cards: round {state.round} takes {len(state)} rows of {want} cards, got shape {rows.shape}"
            )
        saved = state._state.copy()
        out = np.empty(len(rows), dtype=np.uint64)
        r = state.round
        bad = self._split(
            len(rows),
            threads,
            lambda lo, hi: self._tables.next_into(state._state, r, rows, out, lo, hi),
        )
        if bad >= 0:
            state._state[...] = saved
            # the cards dealt before: prc_ix_state_t's mask after its four indices
            before = int(np.frombuffer(saved[bad, 32:40].tobytes(), dtype=np.uint64)[0])
            self._raise_bad_row("cards", rows[bad], bad, before)
        state.round += 1
        return out

    def unindex(self, round: int, indices: Any, *, threads: int | None = None) -> np.ndarray:
        """The canonical hand of each class in *indices* on *round*: an
        (N, cards through that round) uint8 array of card ids, round by
        round, ascending within a round. :meth:`index` of it gives the
        index back."""
        r = self._round_arg(round)
        a = np.asarray(indices)
        if a.ndim == 0:
            a = a.reshape(1)
        if a.ndim != 1:
            raise InvalidArgumentError("indices must be a one-dimensional array of class indices")
        if a.size and a.dtype.kind not in "iu":
            raise TypeError(f"indices must be integers, not {a.dtype}")
        if a.size and a.dtype.kind == "i" and a.min() < 0:
            raise InvalidArgumentError(f"indices: {int(a.min())} is negative")
        idx = np.ascontiguousarray(a, dtype=np.uint64)
        out = np.empty((len(idx), self._totals[r]), dtype=np.uint8)
        bad = self._split(
            len(idx), threads, lambda lo, hi: self._tables.unindex_into(r, idx, out, lo, hi)
        )
        if bad >= 0:
            raise InvalidArgumentError(
                f"indices: {int(idx[bad])} at row {bad} is out of range; round {r} has {self._sizes[r]:,} classes"
            )
        return out


def _rebuild(rounds: list[int], deck: str) -> HandIndexer:
    return HandIndexer(rounds, deck=deck)
