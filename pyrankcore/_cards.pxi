# Card text and ids: strict parsing with errors that name the bad token.

cdef inline int _rank_of(Py_UCS4 ch) noexcept:
    if c'2' <= ch <= c'9':
        return <int>ch - 50  # ord('2')
    if ch == c'T' or ch == c't':
        return 8
    if ch == c'J' or ch == c'j':
        return 9
    if ch == c'Q' or ch == c'q':
        return 10
    if ch == c'K' or ch == c'k':
        return 11
    if ch == c'A' or ch == c'a':
        return 12
    return -1


cdef inline int _suit_of(Py_UCS4 ch) noexcept:
    if ch == c'c' or ch == c'C' or ch == 0x2663 or ch == 0x2667:
        return 0
    if ch == c'd' or ch == c'D' or ch == 0x2666 or ch == 0x2662:
        return 1
    if ch == c'h' or ch == c'H' or ch == 0x2665 or ch == 0x2661:
        return 2
    if ch == c's' or ch == c'S' or ch == 0x2660 or ch == 0x2664:
        return 3
    return -1


cdef inline bint _is_sep(Py_UCS4 ch) noexcept:
    return ch == c' ' or ch == c','


cdef inline int _joker_width(str text, Py_ssize_t pos, Py_ssize_t n):
    """Characters of a joker at *pos* ("Jk" in any case, or the playing-card
    joker U+1F0CF), or 0."""
    if text[pos] == 0x1F0CF:
        return 1
    if (pos + 1 < n and (text[pos] == c'J' or text[pos] == c'j')
            and (text[pos + 1] == c'k' or text[pos + 1] == c'K')):
        return 2
    return 0


cdef list _parse_text(str text):
    """Card ids in *text*: cards back to back or split by spaces/commas.
    Jokers ("Jk", U+1F0CF) are 52 for the first and 53 for the second."""
    cdef Py_ssize_t n = len(text), pos = 0, start, end
    cdef int rank, suit, width, jokers = 0
    cdef list ids = []
    if n == 0:
        raise InvalidCardError("invalid card '': empty text")
    while True:
        start = pos
        width = _joker_width(text, pos, n) if pos < n else 0
        if width:
            if jokers == 2:
                raise InvalidCardError(
                    f"invalid card {_short(text[pos:pos + width])} in {_short(text, 60)}: "
                    f"a hand holds at most two jokers")
            ids.append(52 + jokers)
            jokers += 1
            pos += width
        else:
            rank = -1
            width = 1
            if pos + 1 < n and text[pos] == c'1' and text[pos + 1] == c'0':
                rank = 8
                width = 2
            elif pos < n:
                rank = _rank_of(text[pos])
            suit = _suit_of(text[pos + width]) if pos + width < n else -1
            if rank < 0 or suit < 0:
                end = pos
                while end < n and not _is_sep(text[end]):
                    end += 1
                token = text[start:end] if end > start else text[start:start + 1]
                raise InvalidCardError(
                    f"invalid card {_short(token)} in {_short(text, 60)}" if token != text
                    else f"invalid card {_short(token)}")
            ids.append(rank * 4 + suit)
            pos += width + 1
        if pos == n:
            return ids
        # Between cards: nothing, one space, one comma, or a comma and a space.
        if text[pos] == c',':
            pos += 1
            if pos < n and text[pos] == c' ':
                pos += 1
        elif text[pos] == c' ':
            pos += 1
        if pos == n or _is_sep(text[pos]):
            raise InvalidCardError(
                f"invalid card text {_short(text, 60)}: stray separator at {pos}")


cdef int _card_from_int(object item) except -1:
    cdef long v
    try:
        v = item
    except OverflowError:
        raise InvalidCardError(f"invalid card id {_short(item)}: {_ID_RANGE}") from None
    if v < 0 or v > 53:
        raise InvalidCardError(f"invalid card id {_short(item)}: {_ID_RANGE}")
    return <int>v


# Card ids: 0..51 the standard deck, 52 and 53 the jokers (legal only in a
# game that has them: the deck check says so, naming the card).
_ID_RANGE = "not in 0..53 (0..51 the deck, 52 and 53 the jokers)"


cdef str _card_text(int c):
    return "Jk" if c >= 52 else RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3]


cdef bint _is_card_object(object item):
    """A card object of another library: eval7.Card (int rank 0..12 from
    deuce, int suit 0..3 = c, d, h, s: the same numbering as ours) or a
    pokerkit Card (rank and suit are str enums: 'A', 's'). Duck-typed, so
    neither package is imported."""
    return hasattr(item, "rank") and hasattr(item, "suit")


cdef int _card_from_object(object item) except -1:
    rank, suit = item.rank, item.suit
    if isinstance(rank, str) and isinstance(suit, str):
        # str enums: their value is the text ('A', 's'); str() may not be
        rank, suit = getattr(rank, "value", rank), getattr(suit, "value", suit)
        ids = _parse_text(rank + suit) if isinstance(rank, str) and isinstance(
            suit, str) and rank and suit else None
        if ids is None or len(ids) != 1:
            raise InvalidCardError(
                f"invalid card {_short(item)}: rank {_short(rank)}, suit {_short(suit)}")
        return ids[0]
    if (_is_integer(rank) and _is_integer(suit) and not isinstance(rank, bool)
            and not isinstance(suit, bool)):
        if not (0 <= rank <= 12 and 0 <= suit <= 3):
            raise InvalidCardError(
                f"invalid card {_short(item)}: rank {rank} or suit {suit} out of range")
        return <int>rank * 4 + <int>suit
    raise TypeError(
        f"a card object needs str or int rank and suit, not "
        f"{type(rank).__name__} and {type(suit).__name__}")


cdef int _card_from_item(object item) except -1:
    """One card from a sequence element: a str holding one card, an int, or
    another library's card object."""
    cdef list ids
    if isinstance(item, str):
        ids = _parse_text(<str>item)
        if len(ids) != 1:
            raise InvalidCardError(
                f"invalid card {_short(item)}: a sequence element must be one card")
        return ids[0]
    if isinstance(item, bool) or item is None:
        raise TypeError(f"a card must be a str or an int, not {type(item).__name__}")
    if _is_integer(item):
        return _card_from_int(item)
    if _is_card_object(item):
        return _card_from_object(item)
    raise TypeError(f"a card must be a str or an int, not {type(item).__name__}")


cdef bint _is_integer(object x):
    if isinstance(x, int):
        return True
    # NumPy integer scalars and other objects that are exact integers
    return hasattr(x, "__index__") and not isinstance(x, float) and (
        type(x).__module__ == "numpy")


cdef list _check_duplicates(list ids):
    cdef uint64_t seen = 0, bit
    for card in ids:
        bit = (<uint64_t>1) << <int>card
        if seen & bit:
            raise DuplicateCardError(
                f"duplicate card {format_card(card)}")
        seen |= bit
    return ids


cdef list _ids_of(object cards):
    """Card ids of anything parse_cards accepts, in order, repeats kept:
    invalid tokens and ids raise here, repeats are the caller's to check
    (after the checks that come first in every entry point)."""
    if isinstance(cards, str):
        return _parse_text(<str>cards)
    if isinstance(cards, (list, tuple)):
        return [_card_from_item(x) for x in cards]
    if isinstance(cards, bool) or cards is None:
        raise TypeError(f"cards must be text, an int or a sequence of cards, "
                        f"not {type(cards).__name__}")
    if isinstance(cards, int):
        return [_card_from_int(cards)]
    if type(cards).__module__ == "numpy":
        import numpy as np
        arr = np.asarray(cards)
        if arr.dtype.kind not in "iu":
            raise TypeError(f"card arrays must hold integers, not {arr.dtype}")
        if arr.ndim > 1:
            raise HandSizeError(
                f"expected a 1-d array of cards, got shape {arr.shape}")
        return [_card_from_int(int(x)) for x in arr.reshape(-1)]
    if _is_card_object(cards):
        return [_card_from_object(cards)]
    if hasattr(cards, "__iter__") and not isinstance(
            cards, (set, frozenset, dict, bytes, bytearray, memoryview)):
        # other ordered sequences (deques, generators of cards)
        return [_card_from_item(x) for x in cards]
    raise TypeError(f"cards must be text, an int or a sequence of cards, "
                    f"not {type(cards).__name__}")


def parse_cards(cards):
    """Parse cards into a list of card ids (rank * 4 + suit).

    Accepts text ("As Kd 7h", "AsKd7h", "10d", "ah", "A♠", jokers "Jk" or
    "🃏": the first joker of the text is 52, the second 53), a single card id,
    a sequence whose elements are each one card (text, id, or a card object
    of eval7 or pokerkit), or a NumPy integer array. Card ids: rank 0 =
    deuce .. 12 = ace; suit c, d, h, s = 0..3; 52 and 53 are the jokers,
    legal only in a game with jokers (``ranking("high", wild="jokers")``).

    >>> parse_cards("As Kd")
    [51, 45]

    Raises
    ------
    InvalidCardError
        A token or id that is not a card; the message names it.
    DuplicateCardError
        A card given twice; the message names it.
    TypeError
        Anything that is not text, an int or a sequence of them (sets are
        refused: their order is arbitrary).
    """
    return _check_duplicates(_ids_of(cards))


def format_card(card):
    """Text of one card id, e.g. 51 -> 'As' (a joker, 52 or 53: 'Jk')."""
    return _card_text(_card_from_item(card))


def format_cards(cards):
    """Text of cards, e.g. [51, 45] -> 'As Kd'. Accepts ids or card text."""
    if cards is None or isinstance(cards, (bool, float)):
        raise TypeError(f"cards must be card ids, not {type(cards).__name__}")
    if isinstance(cards, int):
        return format_card(cards)
    if type(cards).__module__ == "numpy" and hasattr(cards, "reshape"):
        ids = [_card_from_item(x) for x in cards.reshape(-1).tolist()]
    else:
        ids = _ids_of(cards)
    return " ".join([_card_text(c) for c in ids])
