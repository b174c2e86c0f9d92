# One hand at a time. The checks run in one order everywhere (here, in the
# batch error path and in Omaha), so the same bad hand gets the same error:
# hand size, then card ids, then the game's deck, then repeats.

def evaluate(cards, game="high"):
    """Strength of the best five-card hand in *cards* under *game*.

    Larger beats smaller, equal ties, 0 = no qualifying hand (an
    eight-or-better low that fails). For "high": 1 is 7-5-4-3-2 offsuit,
    7462 a royal flush. *cards* is anything :func:`parse_cards` accepts:
    5 to 10 cards (1 to 5 for "incomplete"). *game* is a ranking name
    (``pyrankcore.GAMES``), a :class:`Ranking`, or a variant with one
    ranking ("Razz", "2-7 Triple Draw"). A ranking with a suit tie-break
    (``ranking("high", suit_tiebreak=...)``) gives its suited strength,
    ``strength << 10 | suit key``, as pyrankcore.suits.suited_strength.

    Raises InvalidCardError (also for a card the game's deck lacks),
    DuplicateCardError, HandSizeError, UnknownGameError, TypeError, and
    InvalidArgumentError for a split-pot or Omaha variant.

    >>> evaluate("As Ks Qs Js Ts")
    7462
    >>> evaluate("7c 5d 4h 3s 2c", "razz") > evaluate("8c 5d 4h 3s 2c", "razz")
    True
    """
    cdef uint8_t ids[7]
    cdef Py_ssize_t n, i
    cdef long v
    cdef uint64_t seen = 0, bit
    cdef object item
    cdef GameTables t = _HIGH
    cdef int bad = 0
    if not (game is "high" or (isinstance(game, str) and game == "high")):
        t = public_tables(game)
    # Fast path: a tuple or list of plain ints, all valid and distinct.
    if (type(cards) is tuple or type(cards) is list) and not (t.has_wild or t.suited):
        n = len(cards)
        if t.min_cards <= n <= t.max_cards:
            for i in range(n):
                item = cards[i]
                if type(item) is not int:
                    break
                try:
                    v = item
                except OverflowError:
                    break
                if v < 0 or v > 51:
                    break
                bit = (<uint64_t>1) << v
                if seen & bit:
                    break
                seen |= bit
                ids[i] = <uint8_t>v
            else:
                if t is _HIGH:
                    return prc_eval_high(ids, <int>n)
                if not (seen & ~t.deck_mask):
                    return prc_eval_game_checked(&t.game, ids, <int>n, &bad)
    # General path: text, arrays, and every error with its precise message.
    return _evaluate_game(cards, t)


cdef object _evaluate_game(object cards, GameTables t):
    """General path: full parsing and validation with precise errors."""
    if t.suited:
        return _evaluate_suited(cards, t)
    cdef uint8_t ids[7]
    cdef int bad = 0
    cdef Py_ssize_t i, n
    if isinstance(cards, (list, tuple)) or type(cards).__module__ == "numpy":
        # the count is known before parsing: check it first, as a batch does
        if getattr(cards, "ndim", 1) == 1:
            check_hand_count(t, len(cards))
    cdef list parsed = _ids_of(cards)
    n = len(parsed)
    check_hand_count(t, n)
    if n > 7:
        return _evaluate_many(parsed, t)
    for i in range(n):
        ids[i] = <uint8_t><int>parsed[i]
    # The kernel flags a card outside the deck or a repeat; only then are
    # the precise checks run, for the message.
    cdef uint16_t strength
    if t.has_wild:
        strength = prc_wild_eval(&t.wild, ids, <int>n, &bad)
    else:
        strength = prc_eval_game_checked(&t.game, ids, <int>n, &bad)
    if bad:
        raise_flagged(t, parsed)
    return strength


def raise_flagged(GameTables t, list ids, Py_ssize_t split=-1, object row=None):
    """Raise the error of a hand that a kernel flagged: the one function that
    turns a flagged hand (one hand, or a batch's row, named by *row*) into
    its error, so that the same bad hand gets the same error everywhere.
    *split*: the first *split* ids are Omaha hole cards, the rest the board,
    and a repeat says where it is. AssertionError if no card is bad."""
    check_cards(t, ids, split, row)
    prefix = "" if row is None else f"row {row}: "
    raise AssertionError(f"{prefix}a hand was flagged but looks valid: {ids}")


cdef check_cards(GameTables t, list ids, Py_ssize_t split=-1, object row=None):
    """The checks of raise_flagged, in their one order: an id that is no
    card, a card outside the game's deck, then the first repeated card by
    position. Returns if every card is good."""
    prefix = "" if row is None else f"row {row}: "
    cdef uint64_t deck = t.deck_mask, seen = 0, bit
    cdef Py_ssize_t i
    for v in ids:
        if not 0 <= v <= 53:
            allowed = ("0..53: 0..51 the deck, 52 and 53 the jokers"
                       if deck >> 52 & 3 == 3 else "0..51")
            raise InvalidCardError(f"{prefix}invalid card id {v} (not in {allowed})")
    for v in ids:
        if not (deck >> <int>v) & 1:
            raise InvalidCardError(
                f"{prefix}card {format_card(v)} is not in the {t.name} deck")
    for i in range(len(ids)):
        bit = (<uint64_t>1) << <int>ids[i]
        if seen & bit:
            raise DuplicateCardError(
                f"{prefix}duplicate card {format_card(ids[i])}{_where(ids, i, split)}")
        seen |= bit


cdef str _where(list ids, Py_ssize_t i, Py_ssize_t split):
    """Where the repeat at *i* is, for an Omaha hand (hole cards first)."""
    if split < 0:
        return ""
    if i < split:
        return " in the hand"
    if ids.index(ids[i]) >= split:
        return " on the board"
    return " (in the hand and on the board)"


# Hands of 8 to 10 cards, in the games that take 5 to 7 (home games deal
# more): the best five lie in some 7-card subset, so the 7-card kernels rank
# every subset (at most C(10, 7) = 120) and the best one wins. The kernels
# never see more than 7 cards.
MAX_HAND_CARDS = 10


def max_hand_cards(GameTables t):
    """The most cards evaluate() takes under *t*: 10 where the kernels take
    up to 7 (the best five of any subset), else the kernels' own limit."""
    return MAX_HAND_CARDS if t.max_cards == 7 else t.max_cards


def check_hand_count(GameTables t, Py_ssize_t n):
    """The hand size a user may pass (up to max_hand_cards); HandSizeError
    naming the count otherwise."""
    cdef int top = max_hand_cards(t)
    if n < t.min_cards or n > top:
        raise HandSizeError(
            f"{t.name} hands have {t.min_cards} to {top} cards, got {n}"
            if t.min_cards < 5 or t.max_cards != 7 else
            f"expected 5 to {top} cards, got {n}")


def lowest_wild_ranking(object ranking, object rank):
    """The wild="lowest" *ranking* with *rank* (a hand's lowest natural rank,
    0 = deuce; None or 12 = no such card: aces are never wild) as a fixed
    wild rank: the same cards are wild, on the same strength scale.

    The rule depends on the whole hand, so hands of more than 7 cards (whose
    7-card subsets have lowest cards of their own) are ranked with this
    ranking instead. With no lowest card the wild cards are the ranking's
    others; if it has none, a rank the hand lacks (the hand's natural cards
    are then all aces) keeps the wild strength scale with no wild card.
    """
    import dataclasses
    words = [w for w in ranking.wild.split() if w != "lowest"]
    if rank is not None and rank != 12:
        words.append(RANK_CHARS[rank])
    elif not words:
        words.append(RANK_CHARS[ranking.deck_ranks[0]])
    return dataclasses.replace(ranking, wild=" ".join(words))


def lowest_natural_rank(object ranking, list ids):
    """The lowest rank among a hand's natural cards (not wild by joker, rank
    or card), None if it holds none or only aces; as the kernels rule it."""
    wild = ranking.wild_ids
    ranks = [c >> 2 for c in ids if c < 52 and c not in wild and c >> 2 != 12]
    return min(ranks) if ranks else None


cdef object _evaluate_many(list parsed, GameTables t):
    """8 to 10 valid-looking ids (sizes checked): the best 7-card subset."""
    from itertools import combinations
    check_cards(t, parsed)  # the deck, then repeats: before any subset
    if t.has_wild and t.ranking.wild_lowest:
        t = _resolve_any(lowest_wild_ranking(
            t.ranking, lowest_natural_rank(t.ranking, parsed)))
    cdef uint8_t ids[7]
    cdef int bad = 0, j
    cdef uint16_t v, best = 0
    for subset in combinations(parsed, 7):
        for j in range(7):
            ids[j] = <uint8_t><int>subset[j]
        if t.has_wild:
            v = prc_wild_eval(&t.wild, ids, 7, &bad)
        else:
            v = prc_eval_game_checked(&t.game, ids, 7, &bad)
        if bad:
            raise AssertionError(f"a checked hand was flagged: {parsed}")
        if v > best:
            best = v
    return best


def check_hand_size(GameTables t, Py_ssize_t n):
    """The kernels' own limit (at most max_cards, 7): the guard before any
    row reaches their fixed buffers."""
    if n < t.min_cards or n > t.max_cards:
        raise HandSizeError(
            f"{t.name} hands have {t.min_cards} to {t.max_cards} cards, got {n}"
            if t.min_cards < 5 or t.max_cards != 7 else
            f"expected 5, 6 or 7 cards, got {n}")


def class_info(strength):
    """(category number, group ranks) of a 5-card high class 1..7462."""
    if isinstance(strength, bool) or not hasattr(strength, "__index__"):
        raise TypeError(f"strength must be an int, not {type(strength).__name__}")
    value = strength.__index__()
    if value < 1 or value > PRC_N_CLASSES:
        raise InvalidArgumentError(
            f"strength {_short(value)} is not a high hand strength (1..7462)")
    cdef uint32_t packed = prc_class_info[<int>value]
    ranks = tuple((packed >> (16 - 4 * i)) & 15 for i in range(5))
    return packed >> 20, ranks
