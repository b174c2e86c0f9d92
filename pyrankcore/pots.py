"""Who wins the pot at showdown: shares, odd chips, declarations, the bring-in.

Split-pot conventions (from the rule texts in shared/rules/):

* Hi-lo games split the pot into a high half and a low half; if nobody
  qualifies for low, the high hand(s) win the whole pot. An odd chip left by
  halving the pot goes to the high half.
* Tied hands share their part equally. Odd chips go one at a time to the
  tied winners in seat order, seat 0 being the first seat clockwise from the
  button (the list of poker hands); in stud games (no button), to the winner holding the
  highest card by suit (spades, hearts, diamonds, clubs), in that order.
* The ranking page and the ranking guide also give the odd chip by suit ranking: with a suit
  order (``suit_order=``, a :class:`~pyrankcore.suits.SuitRule`'s order, or
  the ranking's own ``suit_order``) odd chips go by the highest card by suit
  in every game, button games included: the highest of each winner's own
  cards (hole cards; the board is everyone's), ranks first, then suits in
  that order.
* Declaration games (Mississippi Mud, Dakota, Psycho): each player declares
  high, low or (where the game allows it) both; see :func:`showdown`. A
  player who declares both must win or tie both ways; ``both_ways="outright"``
  is the strict house rule (a tie either way loses).

House rules (keyword options, off by default; see :mod:`pyrankcore.suits`):
``showdown(..., suit_rule=...)`` breaks ties between hands equal apart from
suit, ``unbeatable="italian" | "greek"`` makes the top hand beatable, and
``suit_order=`` (in ``showdown`` and ``bring_in``) replaces spades, hearts,
diamonds, clubs wherever a suit decides.

Layers: this module sits above :mod:`pyrankcore.variants` (the catalogue)
and :mod:`pyrankcore.suits` (whose suit-rule settlement of one half,
:func:`~pyrankcore.suits.seat_winners`, a showdown with house rules uses);
:func:`showdown` resolves its game once and parses its cards once
(:mod:`pyrankcore.seats`), then passes both down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from pyrankcore import _core, games
from pyrankcore._args import whole_number
from pyrankcore._catalogue import BOTH_WAYS_RULES, VariantRecord, lookup
from pyrankcore._rankings import Ranking, check_choice, show_value
from pyrankcore.errors import (
    HandSizeError,
    InvalidArgumentError,
    InvalidOptionError,
    OptionTypeError,
)
from pyrankcore.games import ResolvedGame
from pyrankcore.seats import check_ordered, check_seats, parse_seats
from pyrankcore.suits import (
    SuitRule,
    check_unbeatable,
    resolve_suit_order,
    seat_winners,
    suit_ranks,
)
from pyrankcore.variants import Variant, evaluate_seat

if TYPE_CHECKING:
    from pyrankcore._typing import CardLike, CardsLike, Game

__all__ = ["bring_in", "showdown"]


@dataclass(frozen=True)
class _HouseRules:
    """The suit and "no unbeatable hand" options of one showdown."""

    suit_rule: SuitRule | None
    unbeatable: str | None
    chip_order: str | None  # the suit order odd chips follow (None: card ids' own)
    given: bool  # any of suit_rule=, suit_order=, unbeatable= was given

    @property
    def decide_winners(self) -> bool:
        """The rules change who wins (suit_order= alone moves odd chips only)."""
        return self.suit_rule is not None or self.unbeatable is not None


class _HomeOptions(NamedTuple):
    """The home games' keywords of one showdown, as given."""

    declarations: Any
    down: Any
    up: Any
    both_ways: Any

    @property
    def given(self) -> bool:
        return any(x is not None for x in self)


def showdown(
    game: Game,
    hands: Sequence[CardsLike],
    board: CardsLike | None = (),
    pot: int = 0,
    *,
    suit_rule: SuitRule | None = None,
    suit_order: str | None = None,
    unbeatable: str | None = None,
    declarations: Sequence[str] | None = None,
    down: Sequence[CardsLike] | None = None,
    up: Sequence[CardsLike] | None = None,
    both_ways: str | None = None,
) -> list[int]:
    """Each player's share of *pot* at showdown, in seat order.

    >>> showdown("Hold'em", ["As Ad", "Kc Kd"], "2c 7d 9h Js 3s", 100)
    [100, 0]
    >>> showdown("ace_five", ["5c 4d 3h 2s Ac", "6c 4h 3d 2c Ad"], pot=11)
    [11, 0]

    Parameters
    ----------
    game
        A Variant or its name ("Omaha Hi-Lo 8"), or a ranking: a name in
        ``pyrankcore.GAMES`` ("high", "ace_five_8", ...) or a
        :class:`~pyrankcore.Ranking`. Ranking names are looked up first, so
        "short_deck" is the ranking. With a ranking, each player's hand is
        the best five of their cards plus the board (as many cards in total
        as :func:`pyrankcore.evaluate` takes for it: 5 to 7 for the
        five-card rankings), the larger strength wins, and the whole pot
        goes to the best hand(s), low rankings included.
    hands
        One entry per player still in the hand, in seat order (seat 0 = first
        clockwise from the button). Stud: all of a player's cards.
    board
        The community cards (none in stud and draw games).
    pot
        Chips in the pot (a non-negative int).
    suit_rule
        A :class:`~pyrankcore.suits.SuitRule`: hands equal apart from suit
        no longer tie (in both halves of a hi-lo pot; the higher suit wins).
        None (the default): standard poker, suits never count, unless the
        game's ranking has a suit tie-break of its own
        (``ranking("high", suit_tiebreak=...)``): then hands are ranked by
        it, and a *suit_rule* must be None or the same rule.
    suit_order
        The suit order odd chips follow (a name
        :func:`~pyrankcore.suits.resolve_suit_order` accepts): the odd chip
        goes to the tied winner holding the highest card of their own cards
        (hole cards; stud: all their cards), by rank and then by suit in this
        order, in every game, button games included (the ranking page and the ranking guide:
        suits decide the odd chip). Default: the order of *suit_rule*, else
        the ``suit_order`` of the game's ranking (``ranking("high",
        suit_order=...)``); without any, odd chips go in seat order, and in
        stud games by spades, hearts, diamonds, clubs. It may not differ
        from *suit_rule*'s or the ranking's order. The home games
        (declarations, face-down wild cards, up-cards) refuse it.
    unbeatable
        None, ``"italian"`` or ``"greek"``: the rules of the text that make
        the top hand beatable (see :func:`pyrankcore.suits.compare`); the
        high half only. The three-way cycles split the pot.
    declarations
        Declaration games (``Variant.declare``: Mississippi Mud, Dakota,
        Psycho): each seat's "high", "low" or "both", in seat order. The
        high half goes to the best high hand among those who declared high
        or both, the low half to the best low among low or both. A player
        who declares both must win or tie both ways (see *both_ways*), or
        gets nothing and drops out of both halves. If only one half has contenders left, they
        take the whole pot; if none is left (everyone declared both and
        failed), nobody wins and every share is 0: the pot stays for the
        next deal.
    down
        Each seat's face-down cards (Dakota, "Mexican Stud (down card
        wild)": the lowest one and every card of its rank are wild for that
        player's high hand).
    up
        Each seat's face-up cards that must play (Pick a Partner: the
        team's two up-cards; each hand is a partnership's cards).
    both_ways
        What "win both ways" means for a player who declares both:
        ``"win_or_tie"`` (the default, as None) -- a tie one way still
        counts, and the player shares that half; or ``"outright"`` -- a tie
        with another contender either way loses the whole pot, as a loss
        does. Only in games that allow the "both" declaration.

    Returns
    -------
    list[int]
        Chips won by each player; they sum to *pot*.

    Raises
    ------
    TypeError
        *pot* not an int, *hands* not a sequence in seat order (a str, set,
        dict or generator), or *game* of the wrong type.
    InvalidArgumentError
        A negative pot, no hands, or (with a ranking that has a qualifier,
        such as "ace_five_8") no hand qualifies: a ranking alone does not
        say who gets such a pot, so showdown raises rather than invent a
        house rule. Hi-lo variants settle that case themselves (the high
        hands take the pot). Also *both_ways* in a game without the "both"
        declaration, and home-game keywords with a ranking.
    DuplicateCardError
        A card twice: the message names the seats, or the seat and the board.
    InvalidCardError, HandSizeError, UnknownGameError
        Bad cards, card counts or game names.
    InvalidOptionError
        A bad *suit_rule*, *suit_order*, *unbeatable* or *both_ways* (named
        in the message), or *unbeatable* in a game with no high ranking.
    """
    g = _resolve_table(game)
    rules = _house_rules(g, suit_rule, suit_order, unbeatable)
    chips = whole_number(pot, "pot", low=0)
    seat_hands, board_ids = parse_seats(hands, board, caller="showdown")
    home = _HomeOptions(declarations, down, up, both_ways)
    if _is_home_showdown(g, rules, home):
        return _home_showdown(g, seat_hands, board_ids, chips, home, rules.chip_order)
    if g.variant is None:
        return _ranking_showdown(g, seat_hands, board_ids, chips, rules)
    return _variant_showdown(g, seat_hands, board_ids, chips, rules)


def _resolve_table(game: Any) -> ResolvedGame:
    """The game at the table: a ranking (a built-in name, looked up first,
    or a Ranking), else a variant, found by name as :func:`variant` does."""
    if isinstance(game, Ranking) or (isinstance(game, str) and game in _core.GAMES):
        return games.resolve(game)
    return games.resolve(lookup(game), omaha=None)


def _house_rules(g: ResolvedGame, suit_rule: Any, suit_order: Any, unbeatable: Any) -> _HouseRules:
    """The suit options checked, and the suit order odd chips follow."""
    given = suit_rule is not None or unbeatable is not None or suit_order is not None
    chip_order = None
    if given:
        check_unbeatable(unbeatable)
        chip_order = _chip_suit_order(suit_rule, suit_order)
        if unbeatable is not None and g.variant is not None and g.high is None:
            raise InvalidOptionError(
                f"invalid unbeatable={unbeatable!r} for {g.name}: it has no high hand"
            )
    return _HouseRules(suit_rule, unbeatable, _with_ranking_order(g, chip_order), given)


def _is_home_showdown(g: ResolvedGame, rules: _HouseRules, home: _HomeOptions) -> bool:
    """Whether the home games' rules settle this pot (declarations, face-down
    wild cards, up-cards); their keywords checked."""
    v = g.variant
    if v is None:
        if home.given:
            raise InvalidArgumentError(
                "declarations=, down=, up= and both_ways= need a variant that uses them "
                "(e.g. 'Dakota'), not a ranking"
            )
        return False
    if home.both_ways is not None:
        _check_both_ways(v, home.both_ways)
    if not (v.home_rules or home.given):
        return False
    if rules.given:
        raise InvalidArgumentError(
            f"{v.name}: suit_rule=, suit_order= and unbeatable= are not supported "
            "in the home games (declarations, face-down wild cards, up-cards)"
        )
    return True


def _ranking_showdown(
    g: ResolvedGame, hands: list[list[int]], board: list[int], pot: int, rules: _HouseRules
) -> list[int]:
    """A ranking at the table: the best five of each player's cards and the
    board; the whole pot to the best hand(s)."""
    tables = g.tables
    strengths = [_core.evaluate(h + board, tables) for h in hands]
    winners = _winners(strengths)
    if not winners:
        raise InvalidArgumentError(
            f"no hand qualifies under {show_value(g.name)}, so no hand wins the pot; "
            "settle it with a variant that has a high half (e.g. 'Omaha Hi-Lo 8')"
        )
    if rules.decide_winners:
        winners = seat_winners(
            tables, False, hands, board, strengths, rules.suit_rule, rules.unbeatable
        )
    return _split(pot, _odd_chip_order(False, winners, hands, rules.chip_order), len(hands))


def _variant_showdown(
    g: ResolvedGame, hands: list[list[int]], board: list[int], pot: int, rules: _HouseRules
) -> list[int]:
    """A variant whose cards speak: each half to its best hand(s), the odd
    chips as the game gives them."""
    v = g.variant
    assert v is not None
    results = [evaluate_seat(g, h, board) for h in hands]
    highs = [r[0] for r in results]
    lows = [r[1] for r in results]
    low_winners = _winners(lows) if g.low is not None else []
    high_winners = _winners(highs) if g.high is not None else []
    if rules.decide_winners:
        if g.high is not None:
            high_winners = seat_winners(
                g.high, v.omaha, hands, board, highs, rules.suit_rule, rules.unbeatable
            )
        if g.low is not None:
            low_winners = seat_winners(g.low, v.omaha, hands, board, lows, rules.suit_rule, None)
    if g.high is not None and g.low is not None and low_winners:
        high_part = pot - pot // 2  # the odd chip of the whole pot goes high
        parts = [(high_part, high_winners), (pot // 2, low_winners)]
    elif g.high is not None:
        parts = [(pot, high_winners)]
    else:
        # Low-only games (razz, 2-7): the best low wins; every hand qualifies.
        parts = [(pot, low_winners)]
    shares = [0] * len(hands)
    for chips, winners in parts:
        part = _split(chips, _odd_chip_order(v.stud, winners, hands, rules.chip_order), len(hands))
        shares = [a + b for a, b in zip(shares, part)]
    return shares


def _per_seat(value: Any, what: str, seats: int) -> list[Any]:
    """One entry per seat, or a clear error."""
    check_ordered(value, what)
    if len(value) != seats:
        raise InvalidArgumentError(
            f"{what} must have one entry per hand ({seats}), got {len(value)}"
        )
    return list(value)


def _check_both_ways(v: VariantRecord, both_ways: Any) -> None:
    check_choice("both_ways", both_ways, BOTH_WAYS_RULES)
    if "both" not in v.declare:
        raise InvalidArgumentError(
            f"{v.name} has no 'both' declaration: both_ways= is not used there"
        )


def _declarations(v: VariantRecord, declarations: Any, seats: int) -> list[str] | None:
    if not v.declare:
        if declarations is not None:
            raise InvalidArgumentError(f"{v.name} has no declarations: the cards speak")
        return None
    if declarations is None:
        raise InvalidArgumentError(
            f"{v.name} is played with declarations: pass declarations=[...], one of "
            f"{', '.join(repr(d) for d in v.declare)} per hand"
        )
    out = []
    for seat, d in enumerate(_per_seat(declarations, "declarations", seats)):
        if not isinstance(d, str):
            raise TypeError(f"seat {seat}'s declaration must be a str, not {type(d).__name__}")
        word = d.strip().lower()
        if word not in v.declare:
            raise InvalidArgumentError(
                f"seat {seat} declared {show_value(d)}; {v.name} allows "
                f"{', '.join(repr(x) for x in v.declare)}"
            )
        out.append(word)
    return out


def _home_showdown(
    g: ResolvedGame,
    hands: list[list[int]],
    board: list[int],
    pot: int,
    home: _HomeOptions,
    chip_order: str | None,
) -> list[int]:
    """showdown() for declarations, face-down wild cards and up-cards."""
    v = g.variant
    assert v is not None
    declarations, down, up, both_ways = home
    seats = len(hands)
    words = _declarations(v, declarations, seats)
    if v.down_wild and down is None:
        raise InvalidArgumentError(
            f"{v.name}: pass down=[...], each hand's face-down cards (the lowest is wild)"
        )
    downs = [None] * seats if down is None else _per_seat(down, "down", seats)
    ups = [None] * seats if up is None else _per_seat(up, "up", seats)
    results = [
        evaluate_seat(g, h, board, down=d, up=u) for h, d, u in zip(hands, downs, ups, strict=True)
    ]
    highs = [r[0] for r in results]
    lows = [r[1] for r in results]
    if words is None:  # the cards speak
        high_seats = list(range(seats)) if v.high is not None else []
        low_seats = list(range(seats)) if v.low is not None else []
    else:
        high_seats = [s for s in range(seats) if words[s] in ("high", "both")]
        low_seats = [s for s in range(seats) if words[s] in ("low", "both")]
        best_high = max((highs[s] or 0 for s in high_seats), default=0)
        best_low = max((lows[s] or 0 for s in low_seats), default=0)
        # "A player who goes 'both ways' must win both ways or gets none of
        # the pot": judged against every contender at once (those who fail
        # too), then out of both halves.
        failed = {
            s
            for s in range(seats)
            if words[s] == "both" and (highs[s] != best_high or not lows[s] or lows[s] != best_low)
        }
        if both_ways == "outright":
            failed |= {
                s
                for s in range(seats)
                if words[s] == "both"
                and (
                    any(highs[t] == highs[s] for t in high_seats if t != s)
                    or any(lows[t] == lows[s] for t in low_seats if t != s)
                )
            }
        high_seats = [s for s in high_seats if s not in failed]
        low_seats = [s for s in low_seats if s not in failed]
    high_winners = [high_seats[i] for i in _winners([highs[s] for s in high_seats])]
    low_winners = [low_seats[i] for i in _winners([lows[s] for s in low_seats])]
    if high_winners and low_winners:
        parts = [(pot - pot // 2, high_winners), (pot // 2, low_winners)]
    else:
        parts = [(pot, high_winners or low_winners)]
    shares = [0] * seats
    for chips, winners in parts:
        if winners:
            part = _split(chips, _odd_chip_order(v.stud, winners, hands, chip_order), seats)
            shares = [a + b for a, b in zip(shares, part)]
    return shares


def _split(chips: int, order: list[int], seats: int) -> list[int]:
    """*chips* shared by the seats in *order*; odd chips to the first ones."""
    shares = [0] * seats
    base, odd = divmod(chips, len(order))
    for i, seat in enumerate(order):
        shares[seat] += base + (1 if i < odd else 0)
    return shares


def _winners(strengths: Sequence[int | None]) -> list[int]:
    best = max((s for s in strengths if s), default=0)
    if best == 0:
        return []
    return [i for i, s in enumerate(strengths) if s == best]


def _odd_chip_order(
    stud: bool, winners: list[int], hands: list[list[int]], suit_order: str | None = None
) -> list[int]:
    """The winners in the order odd chips reach them: seat order, or with a
    suit order (and in stud games) by each winner's highest own card."""
    if suit_order is None and not stud:
        return sorted(winners)
    if suit_order is None:
        # Highest card by suit: rank first, then spades > hearts > diamonds > clubs
        # (card id = rank * 4 + suit already orders cards exactly this way).
        return sorted(winners, key=lambda seat: max(hands[seat]), reverse=True)
    ranks = suit_ranks(suit_order)
    return sorted(
        winners,
        key=lambda seat: max((c >> 2, ranks[c & 3]) for c in hands[seat]),
        reverse=True,
    )


def _chip_suit_order(suit_rule: Any, suit_order: str | None) -> str | None:
    """The suit order odd chips follow: *suit_order*, else *suit_rule*'s."""
    if suit_rule is not None and not isinstance(suit_rule, SuitRule):
        raise OptionTypeError(
            f"suit_rule must be None or a SuitRule, not {type(suit_rule).__name__} "
            f"({show_value(suit_rule)})"
        )
    if suit_order is None:
        return None if suit_rule is None else str(suit_rule.suit_order)
    order = resolve_suit_order(suit_order)
    if suit_rule is not None and order != suit_rule.suit_order:
        raise InvalidOptionError(
            f"invalid suit_order={show_value(suit_order)}; suit_order must be the "
            f"suit_rule's order ({suit_rule.suit_order!r}) or None"
        )
    return order


def _own_suit_order(g: ResolvedGame) -> str | None:
    """The suit order set on the ranking(s) of *g* (None where none sets
    one); a variant whose two rankings set different orders is refused."""
    orders = {t.ranking.suit_order for t in g.halves if t is not None and t.ranking.suit_order}
    if len(orders) > 1:
        raise InvalidArgumentError(
            f"{g.name}: its high and low rankings set different suit orders "
            f"({', '.join(sorted(orders))}); odd chips and the bring-in need one"
        )
    return orders.pop() if orders else None


def _with_ranking_order(g: ResolvedGame, order: str | None) -> str | None:
    """The suit order odd chips and the bring-in follow: *order* (given by
    the caller, canonical), else the ranking's; the two must agree."""
    own = _own_suit_order(g)
    if own is None:
        return order
    if order is not None and order != own:
        raise InvalidOptionError(
            f"invalid suit_order={show_value(order)}; the game's ranking sets the suit "
            f"order {own!r}: suit_order (and suit_rule's order) must be None or that order"
        )
    return own


def bring_in(
    game: str | Variant, up_cards: Sequence[CardLike], *, suit_order: str | None = None
) -> int:
    """Seat index of the player who must bring in (stud games).

    *up_cards* holds each player's face-up card, in seat order. Seven-card
    stud and stud hi-lo: the lowest card brings in (aces high; between equal
    ranks the lowest suit: clubs, diamonds, hearts, spades). Razz: the
    highest card (aces low; between equal ranks the highest suit).
    *suit_order* (a name :func:`~pyrankcore.suits.resolve_suit_order`
    accepts, e.g. "germany": clubs highest) replaces that suit order; by
    default the variant's ranking's ``suit_order`` does, where it sets one
    (``ranking("high", suit_order="germany")``), and a *suit_order* given
    here must then agree with it.

    >>> bring_in("Seven-card Stud", ["Ah", "2d", "2c", "Ks"])
    2
    >>> bring_in("Razz", ["Ah", "Kd", "Ks", "5s"])
    2

    Raises
    ------
    TypeError
        *up_cards* is not a sequence in seat order (a str, set, dict or
        generator has no seats).
    InvalidArgumentError
        A variant without a bring-in (not stud), or no up-cards.
    UnknownGameError, InvalidCardError, HandSizeError, DuplicateCardError
        An unknown variant, or bad up-cards.
    InvalidOptionError
        A *suit_order* that is not a suit order (named in the message).
    """
    g = games.resolve(lookup(game))
    v = g.variant
    assert v is not None
    order = None if suit_order is None else _chip_suit_order(None, suit_order)
    order = _with_ranking_order(g, order)  # a ranking's suit_order is the default
    # Suit ranks by card id suit (3 = highest); the default is the ids' own order.
    ranks = (0, 1, 2, 3) if order is None else suit_ranks(order)
    if not v.stud:
        raise InvalidArgumentError(f"{v.name} is not a stud game: it has no bring-in")
    check_ordered(up_cards, "up_cards")
    if len(up_cards) == 0:
        raise InvalidArgumentError("up_cards must hold one card per player, got none")
    cards = []
    for card in up_cards:
        ids = _core.parse_cards(card)
        if len(ids) != 1:
            raise HandSizeError(f"each player shows exactly one up-card, got {show_value(card)}")
        cards.append(ids[0])
    check_seats([[c] for c in cards], [])  # names both seats
    if v.high is None:  # razz: aces low, the highest card brings in

        def razz_key(c: int) -> tuple[int, int]:
            rank = -1 if c >> 2 == 12 else c >> 2
            return (rank, ranks[c & 3])

        return max(range(len(cards)), key=lambda i: razz_key(cards[i]))
    return min(range(len(cards)), key=lambda i: (cards[i] >> 2, ranks[cards[i] & 3]))
