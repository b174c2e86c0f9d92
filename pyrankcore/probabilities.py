"""Exact hand probabilities: how many k-card hands fall in each category.

Nothing is sampled and no big deck is dealt hand by hand. The counter walks
the rank multisets of the k cards (at most ``4 * decks`` of a rank) and, for
each, counts the suit assignments combinatorially: a flush needs five cards
of one suit (fewer with wild cards), and with seven cards at most one suit
can get there, so it is enough to enumerate what that one suit holds of each
rank (the other suits are counted with binomial coefficients, never listed).
Where several suits could make a flush (three or more wild cards among
seven), the few natural cards left are spread over the suits one assignment
at a time. Each class of hands (rank multiset, wild cards, the flush suit's
ranks) is ranked once: with one deck by evaluating a representative hand
with the game's own tables, with several decks by the ranking's keys over
the best five cards (see :func:`probabilities` for the rulings).

>>> t = probabilities("high", 5)
>>> t.total, t["Four of a Kind"].count, t["Four of a Kind"].odds
(2598960, 624, '4,164.00 : 1')
>>> t["Four of a Kind"]
ProbabilityRow('Four of a Kind', count=624, probability=0.02401%, odds='4,164.00 : 1')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from itertools import product
from math import comb
from typing import TYPE_CHECKING, Any

from pyrankcore import _core, _display
from pyrankcore._args import flag, is_whole_number, optional_whole_number, whole_number
from pyrankcore._rankings import (
    ACE,
    CATEGORY_NAMES,
    HIGH_CARD,
    JOKERS,
    Ranking,
    as_rank,
    show_value,
)
from pyrankcore._work import ProgressBar, progress_bar
from pyrankcore.errors import InvalidArgumentError
from pyrankcore.hands import RANK_NAMES

if TYPE_CHECKING:
    from fractions import Fraction

    from pyrankcore._typing import Game

__all__ = ["HandProbabilities", "ProbabilityRow", "probabilities"]

NO_LOW = "No qualifying low"
MAX_DECKS = 8
_HEADER = ("hand", "count", "probability", "odds against")  # the tables people read
_COLUMNS = ["name", "count", "probability", "odds_against"]  # as_dict, to_frame
_SUITS = range(4)
# A comparable key of a hand (larger is better), or None: no qualifying hand.
Key = tuple[int, ...] | None


@dataclass(frozen=True)
class ProbabilityRow:
    """One line of a probability table.

    name: the category ("Full House") or, in a low game, the class group
        ("Eight-low", "Pair", "No qualifying low").
    count: the number of hands (exact).
    fraction: count / total as an exact Fraction; probability: as a float.
    odds_against: (total - count) / count, as in "649,739 : 1"; ``odds`` is
        that text.
    """

    name: str
    count: int
    fraction: Fraction
    probability: float
    odds_against: float

    @property
    def odds(self) -> str:
        """The odds against, as text: ``"4,164.00 : 1"``."""
        return f"{self.odds_against:,.2f} : 1"

    def as_dict(self) -> dict[str, Any]:
        """name, count, probability and odds_against as plain JSON types."""
        return {k: getattr(self, k) for k in _COLUMNS}

    def _cells(self) -> list[str]:
        return [self.name, f"{self.count:,}", _display.short_percent(self.probability), self.odds]

    def __repr__(self) -> str:
        shares = f"count={self.count}, probability={_display.short_percent(self.probability)}"
        return f"ProbabilityRow({self.name!r}, {shares}, odds={self.odds!r})"


@dataclass(frozen=True)
class HandProbabilities:
    """The exact table :func:`probabilities` returns.

    game: the ranking's name; cards: cards per hand; decks: decks shuffled
    together; deck_size: cards in play (jokers included); jokers: how many
    of them are jokers; total: all hands, C(deck_size, cards); rows: one
    :class:`ProbabilityRow` per category (or class group) that occurs,
    strongest first. ``table["Flush"]`` finds a row by name. ``str()``
    is a Markdown table, the repr an aligned one, ``_repr_html_`` an HTML
    one; ``as_dict()`` and ``to_frame()`` (pandas) hold the same rows.
    """

    game: str
    cards: int
    decks: int
    deck_size: int
    jokers: int
    total: int
    rows: tuple[ProbabilityRow, ...]

    def __getitem__(self, name: str) -> ProbabilityRow:
        for row in self.rows:
            if row.name == name:
                return row
        raise KeyError(name)

    @property
    def counts(self) -> dict[str, int]:
        """{name: count}, strongest first."""
        return {row.name: row.count for row in self.rows}

    def as_dict(self) -> dict[str, Any]:
        """The table as plain JSON types (the CLI's ``--json`` object)."""
        return {
            "game": self.game,
            "cards": self.cards,
            "decks": self.decks,
            "deck_size": self.deck_size,
            "jokers": self.jokers,
            "total": self.total,
            "rows": [r.as_dict() for r in self.rows],
        }

    def to_frame(self) -> Any:
        """A pandas DataFrame of :attr:`rows` (index ``name``; columns count,
        probability, odds_against). Needs pandas (``pip install pandas``)."""
        pd = _display.require_pandas("HandProbabilities.to_frame()")
        records = [r.as_dict() for r in self.rows]
        return pd.DataFrame.from_records(records, columns=_COLUMNS).set_index("name")

    def _title(self) -> str:
        decks = "one deck" if self.decks == 1 else f"{self.decks} decks"
        jokers = f", {self.jokers} joker{'s' if self.jokers != 1 else ''}" if self.jokers else ""
        deck = f"{self.deck_size} cards ({decks}{jokers})"
        return f"{self.cards}-card hands, {self.game}, {deck}: {self.total:,} hands"

    def __str__(self) -> str:
        table = _display.markdown_table(_HEADER, [r._cells() for r in self.rows], "<>>>")
        return "\n".join([self._title(), "", *table])

    def __repr__(self) -> str:
        table = _display.text_table(_HEADER, [r._cells() for r in self.rows], "<>>>")
        return f"HandProbabilities: {self._title()}\n{table}"

    def _repr_html_(self) -> str:
        rows = [[_display.Cell(r.name, header=True), *r._cells()[1:]] for r in self.rows]
        return _display.html_table(_HEADER, rows, caption=self._title())


def probabilities(
    game: Game = "high",
    cards: int = 5,
    *,
    deck: str | int | None = None,
    decks: int = 1,
    wild: str | tuple[str, ...] | None = None,
    jokers: int | None = None,
    progress: bool = False,
) -> HandProbabilities:
    """Exact number of *cards*-card hands in each category, with the
    probability and the odds against.

    >>> t = probabilities("high", 7)
    >>> t["Straight Flush"].count, t["High Card"].count, t.total
    (41584, 23294460, 133784560)
    >>> probabilities("high", 5, wild="jokers")["Five of a Kind"].count
    13
    >>> probabilities("ace_five_8", 5).counts["Eight-low"]
    35840

    Parameters
    ----------
    game
        A ranking name, a :class:`~pyrankcore.Ranking` (stripped decks, wild
        cards, house rules) or a variant with one ranking.
    cards
        Cards per hand, 5 to 7 (the best five count).
    deck
        Strip the deck: its lowest rank as text (``"7"``: 32 cards) or its
        size (32, 36, ..., 52). The ranking keeps its rules, and the ace also
        completes the straight below the lowest rank (A-7-8-9-T), as in every
        stripped deck. None: the game's own deck.
    decks
        Decks shuffled together (1 to 8): a card can then repeat.
    wild
        Wild cards, as :func:`~pyrankcore.ranking` takes them (``"jokers"``,
        ``"2"``, ``"Jh Js"``, ``"lowest"``), added to the game's.
    jokers
        Jokers in the deck when the game has them: 1 to 2 per deck; default
        one per deck (the 53-card deck of the published joker table).
    progress
        Show a progress bar on stderr counting the hands classified (seven
        cards from several decks take seconds).

    Notes
    -----
    Rows are the categories that occur, strongest first. Low games are
    grouped for lows: a no-pair low by its top card ("Seven-low",
    "Eight-low", ...), any other hand by its category ("Pair", and
    "Straight" or "Flush" where those count against a low), and "No
    qualifying low" where the game has a qualifier.

    Rulings: with several decks a card may repeat, so five (or more) of a
    rank is five of a kind, above the straight flush; five cards of one suit
    are a flush even with a repeated card (A-A-K-Q-J of spades), as in
    double-deck OFC, and a hand that is both a flush and something better
    (three decks: A-A-A-K-K of one suit) counts as the better. In a low game
    five cards of one suit are a flush whatever their ranks. Wild cards need
    one deck (the evaluator ranks them; with repeated cards it cannot).

    Raises
    ------
    TypeError
        An argument of the wrong type.
    UnknownGameError
        An unknown game.
    InvalidArgumentError
        A value outside its range (``cards=8``, ``decks=0``, ``deck=30``),
        a wild card outside the deck, wild cards with several decks.
    """
    from fractions import Fraction  # on first use: keeps `import pyrankcore` quick

    tables = _core.resolve_game(game, purpose="probabilities")
    ranking: Ranking = tables.ranking
    k = whole_number(cards, "cards", 5, ranking.max_cards)
    n_decks = whole_number(decks, "decks", 1, MAX_DECKS)
    show = flag(progress, "progress")
    jokers = optional_whole_number(jokers, "jokers")
    label = []
    if deck is not None:
        lowest = _deck_lowest(deck)
        if lowest != ranking.lowest_rank:
            ranking = replace(ranking, lowest_rank=lowest)
            label.append(f"deck={4 * len(ranking.deck_ranks)}")
    if wild is not None:
        if isinstance(wild, str):
            extra = [wild]
        elif isinstance(wild, tuple) and all(isinstance(w, str) for w in wild):
            extra = list(wild)
        else:
            raise TypeError(f"wild must be a str or a tuple of str, not {type(wild).__name__}")
        ranking = replace(ranking, wild=" ".join(extra + ([ranking.wild] if ranking.wild else [])))
        label.append(f"wild={ranking.wild}")
    if label:
        ranking = replace(ranking, name=f"{ranking.name}[{','.join(label)}]")
    n_jokers = 0
    if ranking.jokers:
        n_jokers = n_decks if jokers is None else whole_number(jokers, "jokers", 1, 2 * n_decks)
    elif jokers is not None:
        raise InvalidArgumentError(
            f"jokers={show_value(jokers)} is for a game with jokers (wild='jokers' or bug=True)"
        )
    if n_decks > 1 and ranking.has_wild:
        raise InvalidArgumentError(
            f"decks={n_decks} with wild cards: wild cards are counted with one deck only"
        )
    deck_size = 4 * n_decks * len(ranking.deck_ranks) + n_jokers
    total = comb(deck_size, k)
    bar = progress_bar(show, total, "hand", "counting hands")
    try:
        counts = _tally(ranking, k, n_decks, n_jokers, own=n_decks > 1, bar=bar)
    finally:
        if bar is not None:
            bar.close()
    if sum(counts.values()) != total:  # pragma: no cover - a counting check
        raise AssertionError(f"counted {sum(counts.values())} hands, expected {total}")
    groups: dict[str, list[Any]] = {}
    for key, n in counts.items():
        name = _group(ranking, key)
        entry = groups.setdefault(name, [key, 0])
        if _better(key, entry[0]):
            entry[0] = key
        entry[1] += n
    order = sorted(groups.items(), key=lambda item: _sort_key(item[1][0]), reverse=True)
    rows = tuple(
        ProbabilityRow(
            name=name,
            count=n,
            fraction=Fraction(n, total),
            probability=n / total,
            odds_against=(total - n) / n,
        )
        for name, (_, n) in order
        if n
    )
    return HandProbabilities(ranking.name, k, n_decks, deck_size, n_jokers, total, rows)


def _deck_lowest(deck: Any) -> int:
    """The lowest rank of a stripped deck given as a rank or a card count."""
    if is_whole_number(deck) and deck > 12:
        size = int(deck)
        if size % 4 or not 20 <= size <= 52:
            raise InvalidArgumentError(
                f"invalid deck={size}; a deck size is a multiple of 4 from 20 to 52"
            )
        return 13 - size // 4
    if isinstance(deck, str) or is_whole_number(deck):
        return as_rank("deck", deck, 0, 8, "probabilities")
    raise TypeError(f"deck must be a rank (str) or a deck size (int), not {type(deck).__name__}")


def _sort_key(key: Key) -> tuple[int, tuple[int, ...]]:
    return (0, ()) if key is None else (1, key)


def _better(a: Key, b: Key) -> bool:
    return _sort_key(a) > _sort_key(b)


def _group(ranking: Ranking, key: Key) -> str:
    """The row a hand's key falls in: its category, or for a no-pair low
    its top card."""
    if key is None:
        return NO_LOW
    plain = tuple(-x for x in key) if ranking.low else key
    cat = plain[1]
    if ranking.low and cat == HIGH_CARD:
        top = plain[2]
        return f"{RANK_NAMES[ACE if top < 0 else top]}-low"
    return CATEGORY_NAMES[cat]


# ------------------------------------------------------------------ counting


def _multisets(caps: list[tuple[int, int]], size: int) -> Iterator[tuple[list[int], int]]:
    """(counts over the 13 ranks, ways) for every multiset of *size* cards:
    caps holds (rank, copies of the rank in the deck); ways is the product
    of C(copies, count) (the physical cards that realise the multiset)."""
    counts = [0] * 13

    def walk(i: int, left: int, ways: int) -> Iterator[tuple[list[int], int]]:
        if left == 0:
            yield counts, ways
            return
        if i == len(caps):
            return
        rank, cap = caps[i]
        for c in range(min(cap, left), -1, -1):
            counts[rank] = c
            yield from walk(i + 1, left - c, ways * comb(cap, c))
        counts[rank] = 0

    yield from walk(0, size, 1)


def _tally(
    ranking: Ranking, k: int, decks: int, n_jokers: int, own: bool, bar: ProgressBar | None = None
) -> dict[Key, int]:
    """{key of the best five: number of hands} over every k-card hand
    (counted on *bar* as they are classified).

    *own*: rank classes with the ranking's keys (any number of decks,
    natural games) instead of the evaluator (one deck, any game)."""
    ranks = ranking.deck_ranks
    wild_ids = ranking.wild_ids
    # Copies of each natural card; cards that are always wild form a pool
    # (all wild cards are alike to the evaluator: only their number counts).
    avail = [[0] * 4 for _ in range(13)]
    pool: list[int] = list(JOKERS[:n_jokers]) if ranking.jokers else []
    for r in ranks:
        for s in _SUITS:
            card = 4 * r + s
            if card in wild_ids:
                pool.append(card)
            else:
                avail[r][s] = decks
    if ranking.jokers and n_jokers > 2:  # pragma: no cover - wild cards need one deck
        raise AssertionError("more than two jokers")
    symmetric = all(len(set(avail[r])) == 1 for r in ranks)
    totals = [sum(avail[r]) for r in range(13)]
    caps = [(r, totals[r]) for r in ranks if totals[r]]
    classify = _own_classifier(ranking) if own else _evaluator_classifier(ranking, pool, avail)
    out: dict[Key, int] = {}
    lowest_wild = ranking.wild_lowest
    flushes = ranking.flushes
    for w_pool in range(min(len(pool), k) + 1):
        pool_ways = comb(len(pool), w_pool)
        for counts_list, ways in _multisets(caps, k - w_pool):
            c = tuple(counts_list)
            relevant = [r for r in ranks if c[r]]
            w = w_pool
            if lowest_wild and relevant and min(relevant) != ACE:
                # The evaluator's rule: the lowest natural rank by index
                # (deuce first) is wild, unless all natural cards are aces.
                low = min(relevant)
                w += c[low]
                relevant = [r for r in relevant if r != low]
            need = 5 - w  # natural cards of one suit that make a flush
            n_rel = sum(c[r] for r in relevant)
            base = ways * pool_ways
            if bar is not None:
                bar.update(base)
            if not flushes or need <= 0 or n_rel < need:
                _add(out, classify(c, w_pool, None), base)
            elif n_rel < 2 * need:  # at most one suit can hold a flush
                _count_one_suit(
                    out, classify, c, w_pool, relevant, need, avail, totals, base, symmetric
                )
            else:
                _count_spread(out, classify, c, w_pool, relevant, avail, totals, base)
    return out


def _add(out: dict[Key, int], key: Key, n: int) -> None:
    if n:
        out[key] = out.get(key, 0) + n


def _count_one_suit(
    out: dict[Key, int],
    classify: Callable[..., Key],
    c: tuple[int, ...],
    w_pool: int,
    relevant: list[int],
    need: int,
    avail: list[list[int]],
    totals: list[int],
    base: int,
    symmetric: bool,
) -> None:
    """Hands of one rank multiset, split by what the flush suit holds."""
    rel_ways = 1
    for r in relevant:
        rel_ways *= comb(totals[r], c[r])
    rest = base // rel_ways  # the pool's and the wild lowest rank's share
    flush_ways = 0
    for s in (0,) if symmetric else _SUITS:
        options = []
        for r in relevant:
            a = avail[r][s]
            opts = [
                (j, comb(a, j) * comb(totals[r] - a, c[r] - j)) for j in range(min(a, c[r]) + 1)
            ]
            options.append([o for o in opts if o[1]])
        if sum(max(j for j, _ in o) for o in options) < need:
            continue
        mult = 4 if symmetric else 1
        for combo in product(*options):
            held = sum(j for j, _ in combo)
            if held < need:
                continue
            ways = mult
            in_suit = [0] * 13
            for r, (j, n) in zip(relevant, combo):
                ways *= n
                in_suit[r] = j
            flush_ways += ways
            if ways:
                _add(out, classify(c, w_pool, (s, tuple(in_suit))), ways * rest)
    if rel_ways > flush_ways:
        _add(out, classify(c, w_pool, None), (rel_ways - flush_ways) * rest)


def _count_spread(
    out: dict[Key, int],
    classify: Callable[..., Key],
    c: tuple[int, ...],
    w_pool: int,
    relevant: list[int],
    avail: list[list[int]],
    totals: list[int],
    base: int,
) -> None:
    """Hands of one rank multiset with few natural cards and several wild
    ones: every spread of the natural cards over the suits."""
    rel_ways = 1
    for r in relevant:
        rel_ways *= comb(totals[r], c[r])
    rest = base // rel_ways
    options = []
    for r in relevant:
        opts = []
        for spread in product(*(range(min(avail[r][s], c[r]) + 1) for s in _SUITS)):
            if sum(spread) == c[r]:
                n = 1
                for s in _SUITS:
                    n *= comb(avail[r][s], spread[s])
                opts.append((spread, n))
        options.append(opts)
    for combo in product(*options):
        ways = rest
        suits = []
        for _, n in combo:
            ways *= n
        for r, (spread, _) in zip(relevant, combo):
            suits.append((r, spread))
        _add(out, classify(c, w_pool, ("spread", tuple(suits))), ways)


# -------------------------------------------------------------- classifiers


def _evaluator_classifier(
    ranking: Ranking, pool: list[int], avail: list[list[int]]
) -> Callable[..., Key]:
    """Key of a class from the evaluator, on one representative hand (one
    deck: every card at most once)."""
    tables = _core.resolve_game(ranking, purpose="probabilities")
    classes = ranking.classes()
    cache: dict[Any, Key] = {}

    def classify(c: tuple[int, ...], w_pool: int, flush: Any) -> Key:
        if flush is None:
            cache_key: Any = (c, w_pool)
        elif flush[0] == "spread":
            # Suits are interchangeable to the evaluator: one evaluation per
            # spread up to a relabelling of the suits.
            by_suit = sorted(
                tuple(r for r, spread in flush[1] for _ in range(spread[s])) for s in _SUITS
            )
            cache_key = (c, w_pool, tuple(by_suit))
        else:
            cache_key = (c, w_pool, flush[1])
        key = cache.get(cache_key, ())
        if key != ():
            return key
        hand = _representative(c, w_pool, flush, pool, avail)
        strength = _core.evaluate(hand, tables)
        key = classes[strength - 1] if strength else None
        cache[cache_key] = key
        return key

    return classify


def _representative(
    c: tuple[int, ...], w_pool: int, flush: Any, pool: list[int], avail: list[list[int]]
) -> list[int]:
    """Card ids of one hand of a class (one deck: each card once). The flush
    suit holds exactly what the class says; every other card goes to the
    least loaded suit it can, so no other suit gets a flush. Cards of a wild
    lowest rank, whose suits do not matter, may take any suit."""
    hand = list(pool[:w_pool])
    load = [0] * 4
    suits: dict[int, list[int]] = {r: [] for r in range(13) if c[r]}
    flush_suit = None
    if flush is not None and flush[0] == "spread":
        for r, spread in flush[1]:
            suits[r] = [s for s in _SUITS for _ in range(spread[s])]
    elif flush is not None:
        flush_suit, in_suit = flush
        for r in suits:
            suits[r] = [flush_suit] * in_suit[r]
    for r in suits:
        for s in suits[r]:
            load[s] += 1
    fixed = {r for r in suits if suits[r]} if flush is not None else set()
    for r in sorted(suits, key=lambda r: -c[r]):
        if flush is not None and flush[0] == "spread" and r in fixed:
            continue
        free = [s for s in _SUITS if avail[r][s] and s not in suits[r]]
        free.sort(key=lambda s: (s == flush_suit, load[s]))
        for s in free[: c[r] - len(suits[r])]:
            suits[r].append(s)
            load[s] += 1
    for r, held in suits.items():
        hand += [4 * r + s for s in held]
    return hand


def _own_classifier(ranking: Ranking) -> Callable[..., Key]:
    """Key of a class from the ranking's keys over the best five cards
    (repeated cards allowed): for any number of decks, natural games."""
    keys: dict[tuple[tuple[int, ...], bool], Key] = {}
    rank_best: dict[tuple[int, ...], list[tuple[Key, tuple[int, ...]]]] = {}
    flush_best: dict[tuple[int, ...], Key] = {}

    def key5(x: tuple[int, ...], flush: bool) -> Key:
        k = (x, flush)
        if k not in keys:
            keys[k] = ranking.key(x, flush)
        return keys[k]

    def by_strength(c: tuple[int, ...]) -> list[tuple[Key, tuple[int, ...]]]:
        found = rank_best.get(c)
        if found is None:
            subs = [(key5(x, False), x) for x in _five_subsets(c)]
            found = sorted(subs, key=lambda item: _sort_key(item[0]), reverse=True)
            rank_best[c] = found
        return found

    def best_flush(held: tuple[int, ...]) -> Key:
        if held not in flush_best:
            best: Key = None
            for x in _five_subsets(held):
                key = key5(x, True)
                if ranking.low is False and _better(key5(x, False), key):
                    key = key5(x, False)  # both a flush and better (3+ decks)
                if _better(key, best):
                    best = key
            flush_best[held] = best
        return flush_best[held]

    def classify(c: tuple[int, ...], w_pool: int, flush: Any) -> Key:
        ordered = by_strength(c)
        if flush is None:
            return ordered[0][0]
        _, held = flush
        mono = best_flush(held)
        if not ranking.low:
            return mono if _better(mono, ordered[0][0]) else ordered[0][0]
        # A low avoids the flush if it can: the best five that hold a card
        # outside the flush suit, or the flush if nothing else is left.
        for key, x in ordered:
            if any(x[r] and c[r] > held[r] for r in range(13)):
                return mono if _better(mono, key) else key
        return mono

    return classify


def _five_subsets(c: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct five-card sub-multisets of a rank multiset."""
    present = [r for r in range(13) if c[r]]
    out = []
    x = [0] * 13

    def walk(i: int, left: int) -> None:
        if left == 0:
            out.append(tuple(x))
            return
        if i == len(present):
            return
        r = present[i]
        for n in range(min(c[r], left), -1, -1):
            x[r] = n
            walk(i + 1, left - n)
        x[r] = 0

    walk(0, 5)
    return out
