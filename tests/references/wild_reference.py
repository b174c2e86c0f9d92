"""A slow, independent reference for wild cards and the bug (tests only).

Written from the rule texts in shared/rules/ (000 "Poker Hand Ranking with Wild
Cards", "Five of a Kind", "The Bug", "Wild Cards in Low Poker", "Lowest Card
Wild", "Double Ace Flush", "Natural versus Wild"; 001 "Hand Rankings with Wild
Cards" to "Natural Hand v. Wild Hand"; 002 "Decks using a wild card or bug"),
never from pyrankcore's wild-card code.  The only pyrankcore code used is the
pre-existing, wild-free ranking of five cards: :meth:`Ranking.key` of the base
game (pyrankcore/_rankings.py), and, for the exhaustive 53-card counts, the
base game's ``evaluate_batch`` kernel.

The rules, as this reference applies them
-----------------------------------------
* A wild card stands for any card of the game's deck that is not already in
  the hand (the hand's natural cards; two wild cards never stand for the same
  card) -- "to represent any card not already present in the hand" -- or
  makes five of a kind: a rank's natural cards plus enough wild cards to make
  five.  Five of a kind beats a straight flush; higher ranks beat lower.
* ``double_ace_flush``: a wild card may stand for any card at all, duplicates
  included, so a flush may hold two or more aces (000: "a flush containing two
  or more aces"; every wild card may duplicate).  Flushes compare card by
  card, highest first, so A-A-9-8-5 beats A-K-Q-J-9.  Five cards of one rank
  are five of a kind, never a flush.
* The bug (jokers with ``bug=True``): in high games a bug is an ace, or any
  card that completes a straight or a flush (so a five-card hand in which a
  bug stands for anything but an ace must be a straight, flush or straight
  flush).  Five of a kind is then only possible in aces.  In low games the bug
  is a full fitter by default ("the best card for that low"; text 002's
  "the lowest card not already in the hand" is the option
  bug="lowest_card", whose reference is in tests/wild/test_lowball_bug.py).
* Low games: a wild card is a fitter -- the substitution that makes the best
  low, the eight-or-better qualifier counting the wild card as the rank it
  stands for.  Five of a kind never helps a low hand.
* ``lowest``: every card of the lowest rank among the hand's real cards is
  wild, aces counting high, so aces are never wild this way.
* ``natural_beats_wild``: between otherwise equal hands, the one using fewer
  wild cards among the five that play wins (000's first sentence and 001; a
  player with six or seven cards picks the five that rank best this way):
  True or "graded".  "plain" (000's first sentence alone): a hand without
  wild cards beats the same hand made with them; hands made with one or more
  wild cards tie.  "more_wild" (000's second sentence, read as written: "a
  hand with more wild cards beats an otherwise equal hand with fewer wild
  cards"): between otherwise equal hands, more wild cards among the five
  that play win, a natural hand last.  A wild card then stands for any card
  not among the five that play (the reading the Omaha ruling uses), so a
  player with six or seven cards may let a wild card replace a natural card
  that stays out of the five.
* Six or seven cards: the best five, as without wild cards.

Method
------
For every five-card subset of the hand, the k wild cards in it are given every
multiset of k ranks; a rank multiset is kept when the game's remaining cards
can supply it (at most as many substitutes of a rank as there are cards of that
rank not already in the hand), and it is valued both as an unsuited hand (when
the substitutes can be chosen so the five cards are not all one suit) and as a
flush (when every substitute can be the naturals' suit).  The value is the base
game's key.  :func:`best_key_literal` instead substitutes every legal card
literally (slow; used to check the fast method on hands with few wild cards).

Keys are tuples, larger = better; a hand that does not qualify (eight or
better) gets :data:`NO_LOW`, below every key.

Card ids: id = 4 * rank + suit, rank 0 = deuce .. 12 = ace, suits c d h s;
jokers are 52 and 53.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, permutations, product
from operator import add as add_counts

from pyrankcore._rankings import RANKINGS, Ranking

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
ACE = 12
JOKERS = (52, 53)

# Category numbers: the standard nine (pyrankcore.Category values) and five of a kind.
(
    HIGH_CARD,
    PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
    FIVE_OF_A_KIND,
) = range(10)
CATEGORY_NAMES = (
    "HIGH_CARD",
    "PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
    "FIVE_OF_A_KIND",
)
BUG_CATEGORIES = (STRAIGHT, FLUSH, STRAIGHT_FLUSH)
NO_LOW = (-1000,)  # below every key: no qualifying low
LOW_GAMES = ("ace_five", "ace_five_8", "deuce_seven", "ace_six")


# --------------------------------------------------------------------------
# card text


def card(token: str) -> int:
    """One card id from text: "As", "Td", "10d", or "Jk" for a joker (52)."""
    if token.lower() == "jk":
        return JOKERS[0]
    rank_text, suit_text = token[:-1], token[-1].lower()
    if rank_text == "10":
        rank_text = "T"
    return RANK_CHARS.index(rank_text.upper()) * 4 + SUIT_CHARS.index(suit_text)


def cards(text: str) -> list[int]:
    """Card ids from space-separated text; the first "Jk" is 52, the second 53."""
    ids = []
    jokers = iter(JOKERS)
    for token in text.split():
        ids.append(next(jokers) if token.lower() == "jk" else card(token))
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate card in {text!r}")
    return ids


def card_text(c: int) -> str:
    return "Jk" if c in JOKERS else RANK_CHARS[c // 4] + SUIT_CHARS[c % 4]


def show(hand) -> str:
    return " ".join(card_text(int(c)) for c in hand)


def assert_same_order(strengths, keys, hands, label, limit=8):
    """The implementation's strengths order the hands exactly as the
    reference keys do (ties included)."""
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    problems = []
    for a, b in zip(order, order[1:]):
        sa, sb = int(strengths[a]), int(strengths[b])
        if keys[a] == keys[b] and sa != sb:
            problems.append(f"should tie: {show(hands[a])} ({sa}) and {show(hands[b])} ({sb})")
        elif keys[a] < keys[b] and not sa < sb:
            problems.append(
                f"{show(hands[b])} should beat {show(hands[a])}, got strengths {sb} vs {sa} "
                f"(reference keys {keys[b]} > {keys[a]})"
            )
        if len(problems) >= limit:
            break
    assert not problems, f"{label}: order disagrees with the reference:\n" + "\n".join(problems)


# --------------------------------------------------------------------------
# the game


@dataclass(frozen=True)
class Spec:
    """A base game and its wild-card options, in the words of the API.

    ``base`` is a built-in ranking's name or a wild-free Ranking (a stripped
    deck, house-rule options).  ``wild`` holds the option's parts: "jokers",
    a rank character ("2"), card text ("Jh Js") or "lowest"; one part is
    passed as a str, several as a tuple.  ``natural_beats_wild`` is False,
    True (or "graded") or "plain".
    """

    base: str | Ranking = "high"
    wild: tuple = ()
    bug: bool = False
    double_ace_flush: bool = False
    natural_beats_wild: bool | str = False
    # derived
    wild_ranks: frozenset = field(init=False, compare=False, repr=False)
    wild_ids: frozenset = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        ranks, ids = set(), set()
        for part in self.wild:
            if part in ("jokers", "lowest"):
                continue
            if len(part) == 1:
                ranks.add(RANK_CHARS.index(part.upper()))
            else:
                ids.update(card(t) for t in part.split())
        object.__setattr__(self, "wild_ranks", frozenset(ranks))
        object.__setattr__(self, "wild_ids", frozenset(ids))

    @property
    def ranking(self) -> Ranking:
        return RANKINGS[self.base] if isinstance(self.base, str) else self.base

    @property
    def jokers_wild(self) -> bool:
        return "jokers" in self.wild

    @property
    def lowest(self) -> bool:
        return "lowest" in self.wild

    @property
    def has_jokers(self) -> bool:
        return self.jokers_wild or self.bug

    def options(self) -> dict:
        """Keyword options for ``pyrankcore.ranking(base, **options)``."""
        opts: dict = {}
        if self.wild:
            opts["wild"] = self.wild[0] if len(self.wild) == 1 else tuple(self.wild)
        for name in ("bug", "double_ace_flush", "natural_beats_wild"):
            if getattr(self, name):
                opts[name] = getattr(self, name)
        return opts

    def deck(self) -> list[int]:
        """The game's real cards (no jokers)."""
        return [r * 4 + s for r in self.ranking.deck_ranks for s in range(4)]

    # ------------------------------------------------------------ the hand
    def split(self, hand) -> tuple[list[int], list[int], list[int]]:
        """(natural cards, fully wild cards, bugs) of a hand."""
        hand = [int(c) for c in hand]
        if len(set(hand)) != len(hand):
            raise ValueError(f"repeated card in {hand}")
        if any(c in JOKERS for c in hand) and not self.has_jokers:
            raise ValueError("a joker in a game without jokers")
        lowest_rank = None
        if self.lowest:
            ranks = [c // 4 for c in hand if c not in JOKERS and c // 4 != ACE]
            lowest_rank = min(ranks, default=None)
        naturals, wild, bugs = [], [], []
        for c in hand:
            if c in JOKERS:
                (bugs if self.bug and not self.jokers_wild else wild).append(c)
            elif c in self.wild_ids or c // 4 in self.wild_ranks or c // 4 == lowest_rank:
                wild.append(c)
            else:
                naturals.append(c)
        if bugs and self.ranking.low:
            wild, bugs = wild + bugs, []  # in lowball the bug is a full fitter
        return naturals, wild, bugs


# --------------------------------------------------------------------------
# five-card values


@cache
def _keys_of(ranking: Ranking) -> dict:
    return {}


def _base_key(ranking: Ranking, counts: tuple, flush: bool):
    return _key_function(ranking)(counts, flush)


def _key_function(ranking: Ranking):
    """The base game's key of a pattern (NO_LOW for no qualifying low),
    remembered per ranking; hashing the Ranking once per hand, not once per
    pattern, keeps the many-wild-card hands quick."""
    known = _keys_of(ranking)

    def base_key(counts: tuple, flush: bool):
        found = known.get((counts, flush))
        if found is None:
            key = ranking.key(counts, flush)
            found = known[(counts, flush)] = NO_LOW if key is None else key
        return found

    return base_key


def _category(key) -> int | None:
    if key == NO_LOW:
        return None
    return abs(key[1])


def _five_of_a_kind_key(rank: int):
    # above every standard key: index 9 of the category order, then the rank
    return (9, FIVE_OF_A_KIND, rank, -99, -99, -99, -99)


def _multi_ace_flush_key(ranking: Ranking, ranks):
    """A flush whose ranks repeat (double_ace_flush): card by card, highest first."""
    order = ranking.category_order().index(FLUSH)
    return (order, FLUSH) + tuple(sorted((ranking.value(r) for r in ranks), reverse=True))


def _extend(key, spec: Spec, wilds_used: int):
    """The key with natural_beats_wild's last field: minus the wild cards
    used ("graded"), or minus one for any ("plain")."""
    rule = spec.natural_beats_wild
    if not rule:
        return key
    if rule == "more_wild":
        return key + (wilds_used,)
    return key + (-(min(wilds_used, 1) if rule == "plain" else wilds_used),)


def _five_of_a_kind(spec: Spec, naturals, wild, bugs):
    """The best five of a kind of the whole hand, as an (extended) key, or None."""
    if spec.ranking.low:
        return None
    counts = Counter(c // 4 for c in naturals)
    best = None
    for rank in spec.ranking.deck_ranks:
        helpers = len(wild) + (len(bugs) if rank == ACE else 0)
        have = min(counts[rank], 4)
        if have + helpers >= 5:
            used = min(helpers, 5) if spec.natural_beats_wild == "more_wild" else 5 - have
            key = _extend(_five_of_a_kind_key(rank), spec, used)
            best = key if best is None else max(best, key)
    return best


def best_key(hand, spec: Spec):
    """Key of the best five-card hand among 5 to 7 cards (larger is better)."""
    naturals, wild, bugs = spec.split(hand)
    best = _five_of_a_kind(spec, naturals, wild, bugs)
    if best is not None:
        # Five of a kind is the top category and the best one of the whole
        # hand (with the fewest wild cards) is already chosen; the five-card
        # subsets below never make one.
        return best
    # the cards a wild card may stand for: any not among the hand's naturals
    taken = frozenset(() if spec.double_ace_flush else naturals)
    is_wild = set(wild)
    is_bug = set(bugs)
    for five in combinations([int(c) for c in hand], 5):
        nat = tuple(sorted(c for c in five if c not in is_wild and c not in is_bug))
        n_bug = sum(c in is_bug for c in five)
        k = 5 - len(nat)
        # wild cards (and bugs) are interchangeable: only their number counts
        if spec.natural_beats_wild == "more_wild":
            taken = frozenset(nat)  # any card not among the five that play
        key = _best_of_five(spec.ranking, spec.double_ace_flush, taken, nat, k, n_bug)
        if key is not None:
            key = _extend(key, spec, k)
            if best is None or key > best:
                best = key
    return NO_LOW if best is None else best


@lru_cache(maxsize=200_000)
def _best_of_five(ranking, double_ace_flush, taken, nat, k, n_bug):
    """The best key (without natural_beats_wild's field) of five cards: the
    natural cards *nat* and k wild cards, n_bug of them bugs, that may stand
    for any card of the deck outside *taken*; None if no hand qualifies."""
    pool = [r * 4 + s for r in ranking.deck_ranks for s in range(4) if r * 4 + s not in taken]
    avail = Counter(c // 4 for c in pool)
    suits_of = {r: frozenset(c % 4 for c in pool if c // 4 == r) for r in ranking.deck_ranks}
    base_key = _key_function(ranking)
    nat_counts = [0] * 13
    for c in nat:
        nat_counts[c // 4] += 1
    nat_suits = {c % 4 for c in nat}
    nat_ranks = {c // 4 for c in nat}
    # all five in one suit: a flush where flushes count, else just five cards
    may_flush = len(nat_suits) <= 1
    best = None
    for need, add in _rank_multisets(ranking.deck_ranks, k):
        if not double_ace_flush and any(n > avail[r] for r, n in need):
            continue
        counts = tuple(map(add_counts, nat_counts, add))
        if max(counts) >= 5:
            continue  # five of a kind: valued from the whole hand
        candidates = []
        # unsuited: possible unless every choice puts all five in one suit
        unsuited = double_ace_flush or not _forced_one_suit(need, nat_suits, suits_of)
        if unsuited:
            candidates.append(base_key(counts, False))
        # a flush never helps a low hand, and where flushes do not count it
        # is the same hand: then only a forced flush is looked at
        if may_flush and not (unsuited and (ranking.low or not ranking.flushes)):
            flush = _flush_key(
                ranking, double_ace_flush, base_key, counts, need, nat_suits, nat_ranks, suits_of
            )
            if flush is not None:
                candidates.append(flush)
        for key in candidates:
            if key == NO_LOW:
                continue
            if n_bug and _category(key) not in BUG_CATEGORIES:
                # a bug that is not in a straight or flush must be an ace
                if add[ACE] < n_bug:
                    continue
            if best is None or key > best:
                best = key
    return best


@cache
def _rank_multisets(deck_ranks, k):
    """Every multiset of k ranks as (((rank, copies), ...), 13 rank counts)."""
    found = []
    for ranks in combinations_with_replacement(deck_ranks, k):
        add = [0] * 13
        for r in ranks:
            add[r] += 1
        need = tuple((r, n) for r, n in enumerate(add) if n)
        found.append((need, tuple(add)))
    return tuple(found)


def _flush_key(ranking, double_ace_flush, base_key, counts, need, nat_suits, nat_ranks, suits_of):
    """Key of the five cards as a flush, or None when no legal choice of the
    substitutes puts all five in one suit."""
    for s in nat_suits or range(4):
        if not double_ace_flush and not (
            all(n == 1 and r not in nat_ranks and s in suits_of[r] for r, n in need)
        ):
            continue
        ranks = [r for r in range(13) for _ in range(counts[r])]
        if len(set(ranks)) == 5 or not ranking.flushes:
            return base_key(counts, True)  # Ranking.key ignores suits if it must
        return _multi_ace_flush_key(ranking, ranks)
    return None


def _forced_one_suit(need, nat_suits, suits_of) -> bool:
    """Whether every legal choice of substitutes leaves all five cards in one suit."""
    if len(nat_suits) > 1:
        return False
    if any(n > 1 for _, n in need):
        return False  # two cards of one rank differ in suit
    options = [suits_of[r] for r, _ in need]
    if any(len(o) != 1 for o in options):
        return False
    suits = set(nat_suits).union(*options)
    return len(suits) == 1


def best_key_literal(hand, spec: Spec):
    """:func:`best_key` by literal substitution of every legal card (slow:
    for checking the fast method on hands with at most two wild cards)."""
    ranking = spec.ranking
    naturals, wild, bugs = spec.split(hand)
    taken = set(naturals)
    deck = spec.deck()
    pool = deck if spec.double_ace_flush else [c for c in deck if c not in taken]
    jokers = wild + bugs
    if spec.double_ace_flush:
        choices = product(pool, repeat=len(jokers))
    else:
        choices = permutations(pool, len(jokers))
    best = _five_of_a_kind(spec, naturals, wild, bugs)
    for choice in choices:
        stands = dict(zip(jokers, choice))
        for five in combinations(hand, 5):
            real = [stands.get(c, c) for c in five]
            counts = [0] * 13
            for c in real:
                counts[c // 4] += 1
            if max(counts) >= 5:
                continue
            suited = len({c % 4 for c in real}) == 1
            if suited and len({c // 4 for c in real}) < 5:
                key = max(
                    _base_key(ranking, tuple(counts), False),
                    _multi_ace_flush_key(ranking, [c // 4 for c in real]),
                )
            else:
                key = _base_key(ranking, tuple(counts), suited)
            bug_cards = [stands[c] for c in five if c in bugs]
            if any(b // 4 != ACE for b in bug_cards) and _category(key) not in BUG_CATEGORIES:
                continue
            used = sum(c in stands for c in five)
            key = _extend(key, spec, used) if key != NO_LOW else key
            if best is None or key > best:
                best = key
    return NO_LOW if best is None else best


def category(hand, spec: Spec) -> str | None:
    """Category name (pyrankcore.Category member name) of the best hand, or
    None for no qualifying low."""
    cat = _category(best_key(hand, spec))
    return None if cat is None else CATEGORY_NAMES[cat]


def best_omaha_key(hole, board, spec: Spec):
    """Exactly two hole cards and three board cards; a wild card counts in
    whichever part holds it.

    The hand that is ranked is those five cards, so a wild card may stand for
    any card not among them, an unused hole card included: with 8-8 in the
    hole, 8-8-wild-J on the board and the last eight unused in the hole, the
    hand is four eights.  (Barring the cards the player does not play would
    make that hand eights full while allowing five of a kind; with five to
    seven cards, where any card may play, the two readings always agree.)
    """
    best = None
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            key = best_key(list(two) + list(three), spec)
            if best is None or key > best:
                best = key
    return best


# --------------------------------------------------------------------------
# every five-card hand of the 53-card deck, through the base kernel


def one_joker_deck_values(mode: str):
    """(hands, values) for every five-card hand of 52 cards + one joker (52).

    ``mode`` is "wild" (a fully wild joker) or "bug".  ``values`` is an int
    array ordered like the hands: the base high strength 1..7462 of the best
    hand, or 7463 + rank for five of a kind.  The joker hands are valued by
    evaluating all 48 substitutes with the base "high" kernel (pre-existing,
    wild-free) and keeping the best the rules allow.
    """
    import numpy as np

    import pyrankcore
    from references import reference

    if mode not in ("wild", "bug"):
        raise ValueError(mode)
    base_cat = np.zeros(7463, dtype=np.int64)
    for s in range(1, 7463):
        base_cat[s] = reference.category_of_strength(s)

    plain = _all_combinations(52, 5)
    plain_values = pyrankcore.evaluate_batch(plain, "high").astype(np.int64)

    fours = _all_combinations(52, 4)
    n = len(fours)
    # the 48 cards not in each four-card hand, in id order
    present = np.zeros((n, 52), dtype=bool)
    present[np.arange(n)[:, None], fours] = True
    missing = np.nonzero(~present)[1].reshape(n, 48).astype(np.uint8)
    subs = np.empty((n, 48, 5), dtype=np.uint8)
    subs[:, :, :4] = fours[:, None, :]
    subs[:, :, 4] = missing
    values = pyrankcore.evaluate_batch(subs.reshape(-1, 5), "high").astype(np.int64)
    values = values.reshape(n, 48)
    if mode == "bug":
        is_ace = missing // 4 == ACE
        allowed = is_ace | np.isin(base_cat[values], BUG_CATEGORIES)
        values = np.where(allowed, values, 0)
    best = values.max(axis=1)
    ranks = fours // 4
    quads = (ranks == ranks[:, :1]).all(axis=1)
    if mode == "bug":
        quads &= ranks[:, 0] == ACE
    best = np.where(quads, 7463 + ranks[:, 0].astype(np.int64), best)

    hands = np.concatenate([plain, np.concatenate([fours, np.full((n, 1), 52, np.uint8)], 1)])
    return hands, np.concatenate([plain_values, best]), base_cat


def _all_combinations(n: int, k: int):
    """Every k-subset of range(n), in itertools order (a shared, read-only array)."""
    from references.hands import every_hand

    return every_hand(range(n), k)


def value_category(value: int, base_cat) -> int:
    """Category of a value from :func:`one_joker_deck_values`."""
    return FIVE_OF_A_KIND if value > 7462 else int(base_cat[value])


# --------------------------------------------------------------------------
# random hands with a chosen number of wild cards


def wild_candidates(spec: Spec) -> list[int]:
    """Cards that are wild (or bugs) in every hand that holds them."""
    found = [c for c in spec.deck() if c in spec.wild_ids or c // 4 in spec.wild_ranks]
    return found + (list(JOKERS) if spec.has_jokers else [])


def random_hand(rng, spec: Spec, size: int, n_wild: int) -> list[int]:
    """``size`` cards of which ``n_wild`` are always-wild cards (or bugs); the
    rest are drawn from the other cards of the deck.  With "lowest" the
    lowest rank adds its own wild cards."""
    wilds = wild_candidates(spec)
    n_wild = min(n_wild, len(wilds), size)
    chosen = rng.sample(wilds, n_wild)
    others = [c for c in spec.deck() if c not in wilds]
    return rng.sample(chosen + rng.sample(others, size - n_wild), size)
