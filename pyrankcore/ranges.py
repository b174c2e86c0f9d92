"""Hand ranges as players write them: ``"AKs, TT+, 76s-54s, AQo+:0.5"``.

:func:`parse_range` turns range text into every (combo, weight) it means;
the equity engine consumes that list. A combo is a tuple of card ids
(``4 * rank + suit``, as everywhere in pyrankcore) sorted descending, so
each set of cards has one spelling.

Hold'em (``hole_cards=2``): PokerStove syntax
---------------------------------------------
Tokens are separated by commas (and/or spaces). Ranks are ``AKQJT98765432``,
in either case; ``10`` is a ten in one card or one rank of a class
(``10h``, ``A10s``), but a pair of tens is written ``TT`` (``1010``,
``10T`` are refused). pyrankcore's card text reads ``Jk``, in any case, as
a joker, so a hold'em range refuses ``Jk`` in any case too and king-jack is
written king first (``KJ``, ``KJs``); every other class may name its lower
rank first. (Omaha patterns take upper-case ranks only, so there ``JK`` is
a jack and a king: see below.)

* ``AKs`` suited (4 combos), ``AKo`` offsuit (12), ``AK`` both (16),
  ``QQ`` a pair (6). The higher rank may come second (``KAs`` = ``AKs``).
* ``AhKh``: one explicit combo.
* ``QQ+``: the pair and every higher pair.
* ``KTs+``: the top card stays, the kicker rises to just below it:
  KTs, KJs, KQs. So ``T9s+`` is T9s alone: ``+`` never walks connectors
  up (PokerStove, Equilab and OMPEval's ``CardRange`` all read it so).
* ``TT-77`` (or ``77-TT``): every pair between, both included.
  ``A5s-A2s``: the same top card, every kicker between. ``76s-54s``:
  the same gap, both cards stepping down together (76s, 65s, 54s;
  ``T8s-64s`` for one-gappers). Either end may come first; both ends must
  be pairs, or have the same suitedness and share the top card or the gap.
  (OMPEval reads ``TT-77`` as TT alone and drops the rest; here it is
  TT, 99, 88, 77.)
* ``random`` or ``*``: all 1,326 combos.
* ``AKs:0.5``: a weight in (0, 1] after a colon, for the whole token
  (PioSolver and TexasSolver range files use this form); 1 by default.
  ``0.5:AKs`` is not accepted: no tool documents it.

A combo named twice with the same weight is kept once (``TT+, QQ`` is
fine: ranges are sets, as in PokerStove). Named twice with different
weights (``AA, AsAh:0.5``) is an error naming both tokens, since the text
does not say which weight it means.

Omaha (``hole_cards=4, 5 or 6``): a subset of ProPokerTools generic syntax
---------------------------------------------------------------------------
A token is a pattern of up to ``hole_cards`` cards, and means every hand
that *contains* it: ``AA`` is any hand with at least two aces (as the
ProPokerTools documentation defines it), the same as ``AA**``.

* a card is a rank (``AKQJT98765432``, upper case only), ``*`` (any rank),
  or nothing, followed optionally by a suit (``s h d c``) or a suit
  variable (``w x y z``): ``As``, ``A``, ``Ax``, ``*h``, ``x``. Ranks and
  suits never share a letter's case, so ``AAJK`` is two aces, a jack and a
  king, and ``Jk`` (the joker in card text; ``k`` is no suit) is refused;
* one suit variable is one suit; different variables are different suits,
  and a variable is never a suit written out in the same token (``ssxx`` is
  two spades and two cards of one other suit). So ``AxAyxy`` is
  double-suited aces, ``AsKsQdJd`` that hand (with 4 hole cards);
* ``*`` alone, ``****`` or ``random``: every hand; ``:weight`` as above.

Note that ``AAxx`` is read the ProPokerTools way: ``x`` belongs to the
card before it, so it means two aces, one of them suited with a third card
(5,256 hands of 4 cards). For aces with any two cards write ``AA`` or
``AA**``.

Not supported (an error says so): ``+``, ``-`` and spans, rank variables
(``RROO``), ``!`` and ``:`` between patterns, ``[...]`` lists, macros
(``$ds``) and percentages.

Range text is ASCII: a character outside it (a Kelvin sign for a K, an
Arabic-Indic digit in a weight, a no-break space, a suit symbol such as
``\u2660``, which card text takes but a range does not) is refused, with
its code point in the message. Every mistake raises
:class:`~pyrankcore.errors.RangeSyntaxError` (a ValueError) naming the
token (its repr) and what is allowed; nothing is dropped.

The result is a :class:`Range`: a list of (combo, weight), so it indexes,
slices and compares as one, that also keeps its text and shows a hold'em
range as the 13 x 13 grid with the weight of each hand class (text in the
REPL, a shaded table in a notebook).

>>> from pyrankcore.ranges import parse_range, GRID_NAMES
>>> len(parse_range("AKs")), len(parse_range("KQ")), len(parse_range("22+"))
(4, 16, 78)
>>> list(parse_range("AhKh:0.5"))
[((50, 46), 0.5)]
>>> GRID_NAMES[:3], GRID_NAMES[13:15]
(('AA', 'AKs', 'AQs'), ('AKo', 'KK'))
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, TypeAlias

from pyrankcore._args import whole_number
from pyrankcore._core import format_cards, parse_cards
from pyrankcore._grid import GRID_NAMES, Combo, Range, WeightedCombo, grid_index
from pyrankcore._rankings import RANK_CHARS, SUIT_CHARS, show_value
from pyrankcore.errors import InvalidArgumentError, RangeSyntaxError

if TYPE_CHECKING:
    from pyrankcore._typing import CardsLike

__all__ = [
    "GRID_NAMES",
    "Combo",
    "Range",
    "WeightedCombo",
    "combos",
    "grid_index",
    "grid_name",
    "parse_range",
    "remove_dead",
]

SUIT_VARIABLES = "wxyz"
HOLE_CARDS = (2, 4, 5, 6)


class _BadToken(Exception):
    """Raised inside the parser with the reason; parse_range adds the token."""


# ------------------------------------------------------------- hold'em


def _class_combos(high: int, low: int, kind: str) -> list[Combo]:
    """Combos of a grid class: ranks high >= low, kind "s", "o" or ""."""
    result: list[Combo] = []
    for s1 in range(4):
        for s2 in range(4):
            if high == low:
                if s1 < s2:  # each pair of suits once
                    result.append((4 * high + s2, 4 * low + s1))
            elif (s1 == s2 and kind != "o") or (s1 != s2 and kind != "s"):
                result.append((4 * high + s1, 4 * low + s2))
    return result


_CLASS = re.compile(r"([2-9tjqka])([2-9tjqka])([so]?)")
_EXPLICIT = re.compile(r"([2-9tjqka])([cdhs])([2-9tjqka])([cdhs])")
# Digits spelled out: \d would also take other scripts' digits ("\u0660").
_WEIGHT = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
# Two tens side by side, at least one written "10": "1010", "10T", "T10".
_TENS_WITH_10 = re.compile(r"10(?:10|t)|t10", re.IGNORECASE)
# The suit symbols card text reads (black and white), with their letters.
_SUIT_SYMBOLS = {
    "\u2660": "s",
    "\u2664": "s",
    "\u2665": "h",
    "\u2661": "h",
    "\u2666": "d",
    "\u2662": "d",
    "\u2663": "c",
    "\u2667": "c",
}
# Range text is split at commas and these (ASCII) spaces only, so any other
# character stays inside a token, where the ASCII check names it.
_SPACES = re.compile(r"[ \t\r\n]+")


def _parse_class(text: str) -> tuple[int, int, str]:
    """(high rank, low rank, "s" | "o" | "") of a class like "akS" (lower case)."""
    m = _CLASS.fullmatch(text)
    if m is None:
        for c in text[:2]:
            if c.isalpha() and c.upper() not in RANK_CHARS:
                raise _BadToken(f"{c!r} is not a rank; ranks are AKQJT98765432")
        raise _BadToken(
            "expected a hand like AKs, AKo, AK, QQ, AhKh, with + or a span like "
            "TT-77 or A5s-A2s, or random"
        )
    r1, r2 = RANK_CHARS.index(m[1].upper()), RANK_CHARS.index(m[2].upper())
    kind = m[3]
    if r1 == r2 and kind:
        raise _BadToken(f"a pair is neither suited nor offsuit; write {RANK_CHARS[r1] * 2}")
    return max(r1, r2), min(r1, r2), kind


def _check_tens(body: str) -> None:
    """Refuse a pair of tens written with "10" ("1010", "10T"): 10 names
    one ten (10h, A10s), and the pair's name is TT."""
    m = _TENS_WITH_10.search(body)
    if m is not None:
        raise _BadToken(
            f"{m[0]!r} is not read as a pair of tens; write TT ('10' stands for one ten, "
            "as in A10s or 10h)"
        )


def _holdem_token(body: str) -> list[Combo]:
    _check_tens(body)
    if "jk" in body.lower():
        # pyrankcore's card text reads Jk (in any case) as a joker, so the
        # same letters are not also king-jack here.
        raise _BadToken("Jk is the joker's text; write king-jack with the king first: KJ, KJs, KJo")
    text = body.lower().replace("10", "t")
    if text in ("random", "*"):
        return list(combinations(range(51, -1, -1), 2))
    m = _EXPLICIT.fullmatch(text)
    if m is not None:
        a = 4 * RANK_CHARS.index(m[1].upper()) + SUIT_CHARS.index(m[2])
        b = 4 * RANK_CHARS.index(m[3].upper()) + SUIT_CHARS.index(m[4])
        if a == b:
            raise _BadToken(f"the card {format_cards([a])} appears twice")
        return [(max(a, b), min(a, b))]
    if text.endswith("+"):
        high, low, kind = _parse_class(text[:-1])
        if high == low:  # QQ+: this pair and every higher one
            return [c for r in range(high, 13) for c in _class_combos(r, r, "")]
        # KTs+: the kicker rises to just below the top card
        return [c for k in range(low, high) for c in _class_combos(high, k, kind)]
    if text.count("-") == 1:
        first, last = (_parse_class(part) for part in text.split("-"))
        return _span(first, last)
    high, low, kind = _parse_class(text)
    return _class_combos(high, low, kind)


def _span(first: tuple[int, int, str], last: tuple[int, int, str]) -> list[Combo]:
    """Combos of a span like TT-77, A5s-A2s or 76s-54s (either end first)."""
    (h1, l1, k1), (h2, l2, k2) = sorted((first, last))
    if (h1 == l1) != (h2 == l2):
        raise _BadToken("a span joins two pairs (TT-77) or two non-pairs (A5s-A2s)")
    if h1 == l1:
        return [c for r in range(h1, h2 + 1) for c in _class_combos(r, r, "")]
    if k1 != k2:
        raise _BadToken("both ends of a span must be suited, both offsuit, or both neither")
    if h1 == h2:  # A5s-A2s: same top card, the kicker varies
        return [c for k in range(l1, l2 + 1) for c in _class_combos(h1, k, k1)]
    if h1 - l1 == h2 - l2:  # 76s-54s: same gap, both cards step together
        gap = h1 - l1
        return [c for h in range(h1, h2 + 1) for c in _class_combos(h, h - gap, k1)]
    raise _BadToken(
        "the ends of a span must share the top card (A5s-A2s) or the gap between "
        "the ranks (76s-54s)"
    )


# ---------------------------------------------------------------- omaha

# One card of a pattern: (rank or None, suit or None, suit variable or None).
_Spec: TypeAlias = tuple[int | None, int | None, str | None]

_OMAHA_UNSUPPORTED = {
    "+": "'+'",
    "-": "spans with '-'",
    "!": "'!' (exclusion)",
    "[": "rank lists '[...]'",
    "]": "rank lists '[...]'",
    "$": "macros such as $ds",
    "%": "percentages",
    "(": "grouping",
    ")": "grouping",
}
_OMAHA_ALLOWED = (
    "a pattern of ranks AKQJT98765432 or * (any rank), each optionally followed by a "
    "suit (s h d c) or a suit variable (w x y z), e.g. AA, AxAyxy, AsKsQdJd, or random"
)


def _omaha_specs(body: str, hole_cards: int) -> list[_Spec]:
    _check_tens(body)
    text = body.replace("10", "T")
    specs: list[_Spec] = []
    i = 0
    while i < len(text):
        c = text[i]
        rank: int | None = None
        if c in RANK_CHARS or c == "*":
            rank = RANK_CHARS.index(c) if c != "*" else None
            i += 1
            c = text[i] if i < len(text) else ""
            if not c or c not in SUIT_CHARS + SUIT_VARIABLES:
                specs.append((rank, None, None))
                continue
        if c in SUIT_CHARS:
            specs.append((rank, SUIT_CHARS.index(c), None))
        elif c in SUIT_VARIABLES:
            specs.append((rank, None, c))
        elif c in _OMAHA_UNSUPPORTED:
            raise _BadToken(
                f"this syntax ({_OMAHA_UNSUPPORTED[c]}) is not supported; use {_OMAHA_ALLOWED}"
            )
        elif c.upper() in RANK_CHARS:
            joker = ""
            if c == "k" and text[i - 1 : i] == "J":
                joker = " (Jk is the joker in card text; here JK is a jack and a king)"
            raise _BadToken(f"ranks are upper case here ({c.upper()}){joker}; use {_OMAHA_ALLOWED}")
        elif c.isalpha() and c.isupper():
            raise _BadToken(
                f"{c!r} is not a rank (rank variables are not supported); use {_OMAHA_ALLOWED}"
            )
        else:
            raise _BadToken(f"unexpected {c!r}; use {_OMAHA_ALLOWED}")
        i += 1
    if len(specs) > hole_cards:
        raise _BadToken(f"it names {len(specs)} cards, more than the {hole_cards} hole cards")
    exact = [4 * r + s for r, s, _ in specs if r is not None and s is not None]
    for card in exact:
        if exact.count(card) > 1:
            raise _BadToken(f"the card {format_cards([card])} appears twice")
    return specs


def _omaha_hands(specs: list[_Spec], hole_cards: int) -> set[Combo]:
    """Every hand of hole_cards cards that contains the pattern."""
    # A bare * asks only for one more card, which any hand of hole_cards
    # cards has, so it adds no condition: AA** means the same as AA.
    specs = sorted(
        (s for s in specs if s != (None, None, None)),
        key=lambda s: (s[0] is None, s[0] or 0, s[1] is None, s[1] or 0, s[2] or ""),
    )
    written_suits = {s for _, s, _ in specs if s is not None}
    cores: set[Combo] = set()
    chosen: list[int] = []
    binding: dict[str, int] = {}

    def assign(i: int) -> None:
        if i == len(specs):
            cores.add(tuple(sorted(chosen)))
            return
        rank, suit, var = specs[i]
        # Equal specs are interchangeable: take their cards in increasing
        # order, so each set of cards is built once.
        start = chosen[-1] + 1 if i and specs[i - 1] == specs[i] else 0
        for card in range(start, 52):
            r, s = card >> 2, card & 3
            if card in chosen or (rank is not None and r != rank):
                continue
            if suit is not None and s != suit:
                continue
            new_variable = None
            if var is not None:
                if var in binding:
                    if binding[var] != s:
                        continue
                elif s in written_suits or s in binding.values():
                    continue  # a variable is a suit not written out or taken
                else:
                    binding[var] = s
                    new_variable = var
            chosen.append(card)
            assign(i + 1)
            chosen.pop()
            if new_variable is not None:
                del binding[new_variable]

    assign(0)
    hands: set[Combo] = set()
    free = hole_cards - len(specs)
    for core in cores:
        rest = [c for c in range(51, -1, -1) if c not in core]
        for extra in combinations(rest, free):
            hands.add(tuple(sorted(core + extra, reverse=True)))
    return hands


def _omaha_token(body: str, hole_cards: int) -> list[Combo]:
    if body.lower() == "random":
        return list(combinations(range(51, -1, -1), hole_cards))
    specs = _omaha_specs(body, hole_cards)
    if not specs:
        raise _BadToken(f"use {_OMAHA_ALLOWED}")
    if all(s == (None, None, None) for s in specs):  # *, ****: every hand
        return list(combinations(range(51, -1, -1), hole_cards))
    hands = _omaha_hands(specs, hole_cards)
    if not hands:
        raise _BadToken(f"no hand of {hole_cards} cards matches it")
    return list(hands)


# ----------------------------------------------------------------- API


def _check_ascii(token: str) -> None:
    """Range text is ASCII: other letters and digits that look like ranks
    or weights (the Kelvin sign, Arabic-Indic digits) are refused, not read.
    Suit symbols, which card text takes, get the letter to write instead."""
    for c in token:
        if not (c.isascii() and c.isprintable()):
            name = unicodedata.name(c, "a control character")
            suit = _SUIT_SYMBOLS.get(c)
            hint = f" (a suit symbol: write it as {suit})" if suit else ""
            raise _BadToken(
                f"{ascii(c)} ({name}) is not allowed: range text is ASCII{hint}: suits "
                "s h d c, ranks AKQJT98765432 (or 10), weights like 0.5"
            )


def _split_weight(token: str) -> tuple[str, float]:
    body, colon, weight_text = token.partition(":")
    if not colon:
        return body, 1.0
    if not _WEIGHT.fullmatch(weight_text):
        if _WEIGHT.fullmatch(body) and "." in body:  # 0.5:AKs, not 44:...
            raise _BadToken("the weight comes after the hand: AKs:0.5")
        raise _BadToken(
            "after ':' comes a weight, a number in (0, 1] such as AKs:0.5 "
            "(':' between patterns is not supported)"
        )
    weight = float(weight_text)
    if not 0.0 < weight <= 1.0:
        raise _BadToken(f"the weight {weight_text} is outside (0, 1]")
    return body, weight


def parse_range(text: str, *, hole_cards: int = 2) -> Range:
    """Every (combo, weight) that range *text* means, highest combo first,
    as a :class:`Range` (a list that also shows itself as a grid).

    Each combo is a tuple of *hole_cards* card ids sorted descending, listed
    once. See the module documentation for the syntax: PokerStove's for
    hold'em (``hole_cards=2``), a subset of ProPokerTools' for Omaha
    (``hole_cards`` 4, 5 or 6).

    >>> [(format_cards(c), w) for c, w in parse_range("TT-99:0.5")][:2]
    [('Ts Th', 0.5), ('Ts Td', 0.5)]
    >>> len(parse_range("AA**", hole_cards=4))   # at least two aces
    6961

    Parameters
    ----------
    text : str
        Tokens separated by commas or spaces, e.g. ``"AKs, TT+, 76s-54s:0.5"``.
    hole_cards : int
        2 (hold'em), 4, 5 or 6 (Omaha). Omaha ranges can be large: ``random``
        is 270,725 hands with 4 hole cards and 20,358,520 with 6, and a
        pattern that matches millions of 6-card hands (``xxyy``: 16 million)
        takes minutes to list in pure Python.

    Raises
    ------
    TypeError
        *text* is not a str, or *hole_cards* not an int (a NumPy integer
        is one; a bool or float is not).
    RangeSyntaxError
        A bad token (named in the message, with what is allowed), an empty
        range, a weight outside (0, 1], or one combo given two weights.
    InvalidArgumentError
        *hole_cards* is not 2, 4, 5 or 6.
    """
    if not isinstance(text, str):
        raise TypeError(f"a range is a str, not {type(text).__name__}")
    hole_cards = whole_number(hole_cards, "hole_cards")
    if hole_cards not in HOLE_CARDS:
        raise InvalidArgumentError(
            f"invalid hole_cards={show_value(hole_cards)}; hole_cards must be 2, 4, 5 or 6"
        )
    pieces = text.split(",")
    if not _SPACES.sub("", text):
        raise RangeSyntaxError(f"empty range {show_value(text)}: name at least one hand")
    chosen: dict[Combo, tuple[float, str]] = {}
    for piece in pieces:
        tokens = [t for t in _SPACES.split(piece) if t]
        if not tokens:
            raise RangeSyntaxError(
                f"empty entry in range {show_value(text)}: a comma with no hand before or after it"
            )
        for token in tokens:
            try:
                _check_ascii(token)
                body, weight = _split_weight(token)
                if hole_cards == 2:
                    found = _holdem_token(body)
                else:
                    found = _omaha_token(body, hole_cards)
            except _BadToken as reason:
                raise RangeSyntaxError(
                    f"bad range token {show_value(token)} in {show_value(text, 80)}: {reason}"
                ) from None
            for combo in found:
                earlier = chosen.setdefault(combo, (weight, token))
                if earlier[0] != weight:
                    raise RangeSyntaxError(
                        f"bad range token {show_value(token)} in {show_value(text, 80)}: "
                        f"{format_cards(combo)} has weight {weight!r} here but "
                        f"{earlier[0]!r} in {show_value(earlier[1])}; name each combo "
                        "with one weight"
                    )
    entries = sorted(((combo, w) for combo, (w, _) in chosen.items()), reverse=True)
    return Range(entries, text=text, hole_cards=hole_cards)


def combos(name: str) -> list[Combo]:
    """The combos of one of the 169 grid names (:data:`GRID_NAMES`),
    highest first: 6 for a pair, 4 suited, 12 offsuit.

    >>> [format_cards(c) for c in combos("AKs")]
    ['As Ks', 'Ah Kh', 'Ad Kd', 'Ac Kc']
    """
    grid_index(name)  # checks the name
    high, low = RANK_CHARS.index(name[0]), RANK_CHARS.index(name[1])
    return sorted(_class_combos(high, low, name[2:]), reverse=True)


def grid_name(cards: CardsLike) -> str:
    """The grid name of two hole cards: ``grid_name("Kh Ah") == "AKs"``.

    >>> grid_name("Kh Ah"), grid_name([51, 50]), grid_name("7c 2d")
    ('AKs', 'AA', '72o')
    """
    ids = parse_cards(cards)
    if len(ids) != 2:
        raise InvalidArgumentError(
            f"a grid name is for two hole cards, not {len(ids)} ({show_value(cards)})"
        )
    high, low = max(ids), min(ids)
    if high >> 2 == low >> 2:
        return RANK_CHARS[high >> 2] * 2
    return RANK_CHARS[high >> 2] + RANK_CHARS[low >> 2] + ("s" if high & 3 == low & 3 else "o")


def remove_dead(weighted_combos: Iterable[WeightedCombo], dead: CardsLike) -> list[WeightedCombo]:
    """The entries of a parsed range that share no card with *dead* (the
    board, another player's known cards), in the same order.

    >>> r = parse_range("AA")
    >>> len(remove_dead(r, "As")), len(remove_dead(r, "Kd Qd")), len(remove_dead(r, []))
    (3, 6, 6)
    """
    dead_mask = 0
    for card in parse_cards(dead):
        dead_mask |= 1 << card
    kept = []
    for combo, weight in weighted_combos:
        if not any(dead_mask >> card & 1 for card in combo):
            kept.append((combo, weight))
    return kept
