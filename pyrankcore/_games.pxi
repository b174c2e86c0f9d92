# Rankings -> kernel tables. Built-in rankings point at the generated static
# tables (their registry, prc_builtins, is generated with them); custom
# rankings and the Omaha pattern tables are built at run time, once, under a
# lock, and published only when complete: a nogil loop in another thread may
# be reading any published table, so none is ever replaced or freed.

import threading

from pyrankcore import _rankings
from pyrankcore._args import order_hint

N_CLASSES = PRC_N_CLASSES
RANK_CHARS = _rankings.RANK_CHARS
SUIT_CHARS = _rankings.SUIT_CHARS
GAMES = tuple(prc_builtins[i].name.decode("ascii") for i in range(PRC_N_BUILTINS))
# Distinct strengths of each built-in ranking (strengths are 1..count).
CLASS_COUNTS = {prc_builtins[i].name.decode("ascii"): prc_builtins[i].n_classes
                for i in range(PRC_N_BUILTINS)}
# First high strength of each category (HIGH_CARD .. STRAIGHT_FLUSH), then
# one past the last: category c is CATEGORY_STARTS[c] .. CATEGORY_STARTS[c+1]-1.
CATEGORY_STARTS = tuple(prc_high_category_start[i] for i in range(10))

# Held while a lazily built table is made and published (never while a
# kernel runs). Re-entrant, so a builder may resolve other games.
cdef object _build_lock = threading.RLock()


cdef class GameTables:
    """The kernel-side view of one ranking: its tables and hand sizes.

    Built-in games point at the generated static tables; custom rankings
    (stripped decks, house-rule options) own NumPy arrays built at run time
    by the same code (pyrankcore/_ranking_tables.py) that generated the
    built-ins.
    Immutable once published, except for the Omaha tables, which are added
    once under the build lock.
    """
    cdef prc_game_t game
    cdef object _arrays
    cdef prc_omaha_t omaha
    cdef object _omaha_arrays
    cdef prc_wild_t wild            # wild-card games only (has_wild)
    cdef prc_suited_t suit          # suit tie-break rankings only (suited)
    cdef object _suit_arrays
    cdef readonly bint has_wild
    # suited: the ranking has a suit tie-break, so its strengths are suited
    # strengths (uint32, see _suits.pxi); base: for a ranking with suit
    # options, the tables of the same ranking without them (else None).
    cdef readonly bint suited
    cdef readonly object base
    # The tables of a ranking with the same rules under another name, whose
    # kernel tables (and Omaha tables, on first use) this one reads; or None.
    cdef object _shared
    cdef readonly object ranking
    cdef readonly str name
    cdef readonly int min_cards, max_cards, n_classes
    cdef readonly uint64_t deck_mask

    def __repr__(self):
        return f"<GameTables {self.name}>"

    def __reduce__(self):
        # built again from the ranking where unpickled (a Dask worker)
        return tables_of, (self.ranking,)


cdef uint64_t _deck_mask(object ranking):
    """Card ids of the game's deck, the jokers (52, 53) included where the
    game has them."""
    cdef uint64_t mask = 0
    for r in ranking.deck_ranks:
        for suit in range(4):
            mask |= (<uint64_t>1) << (r * 4 + suit)
    if ranking.jokers:
        mask |= (<uint64_t>3) << 52
    return mask


cdef _check_kernel_sizes(object ranking):
    # The kernels index fixed-size buffers by hand size: the Ranking checked
    # its options on construction, this guards the C side once more.
    sizes = (ranking.min_cards, ranking.max_cards)
    if not all(type(x) is int for x in sizes) or not (
            1 <= ranking.min_cards <= 5 <= ranking.max_cards <= 7):
        raise InvalidArgumentError(
            f"ranking {_short(ranking.name)}: hand sizes must satisfy "
            f"1 <= min_cards <= 5 <= max_cards <= 7, got {_short(sizes)}")


cdef uint64_t _suit_major(uint64_t id_mask):
    """A card-id mask (bit = id) as a suit-major mask, the kernels' layout
    (each card's suit-major bit is read from the generated card entries)."""
    cdef uint64_t out = 0
    cdef int card
    for card in range(52):
        if (id_mask >> card) & 1:
            out |= prc_card16[2 * card + 1]
    return out


cdef GameTables _new_tables(object ranking, int n_classes):
    _check_kernel_sizes(ranking)
    cdef GameTables t = GameTables.__new__(GameTables)
    t.ranking = ranking
    t.name = ranking.name
    t.min_cards = ranking.min_cards
    t.max_cards = ranking.max_cards
    t.n_classes = n_classes
    t.deck_mask = _deck_mask(ranking)
    t.game.invalid = _suit_major(~t.deck_mask)
    t.game.invalid_ids = ~t.deck_mask
    t.game.flush_mode = ranking.flush_mode
    t.has_wild = ranking.has_wild
    return t


cdef dict _BUILTIN = {}
cdef dict _CUSTOM = {}
# Rankings by their rules (every field but the name) -> the GameTables that
# own the tables for those rules: rankings that differ only in their name
# (a user's label, a name given to each of many rankings made in a loop)
# read one set of tables, which are never freed, instead of one each.
cdef dict _BY_RULES = {}


cdef tuple _rules_of(object ranking):
    return tuple(getattr(ranking, f) for f in _RULE_FIELDS)


cdef tuple _rule_field_names():
    # a cdef function: no new name in the module's namespace (stubtest)
    from dataclasses import fields
    return tuple(f.name for f in fields(_rankings.Ranking) if f.name != "name")


cdef tuple _RULE_FIELDS = _rule_field_names()


cdef GameTables _renamed(GameTables shared, object ranking):
    """Tables for *ranking* that read *shared*'s kernel tables (the same
    rules under another name): only the name and the Ranking differ."""
    cdef GameTables t = _new_tables(ranking, shared.n_classes)
    t.game = shared.game
    t.wild = shared.wild
    t._arrays = shared   # keeps the shared tables alive
    t._shared = shared
    return t


def _register_builtins():
    cdef int i
    cdef GameTables t
    for i in range(PRC_N_BUILTINS):
        name = prc_builtins[i].name.decode("ascii")
        t = _new_tables(_rankings.RANKINGS[name], prc_builtins[i].n_classes)
        if t.game.flush_mode != prc_builtins[i].flush_mode:
            raise AssertionError(f"{name}: tables were generated for another ranking")
        t.game.rank = prc_builtins[i].rank
        t.game.flush = prc_builtins[i].flush
        _BUILTIN[name] = t
        _BY_RULES[_rules_of(t.ranking)] = t


_register_builtins()
cdef GameTables _HIGH = _BUILTIN["high"]


cdef object _builtin_arrays(str name):
    """Copies of a built-in game's generated rank and flush tables (all
    zeros where the game has none), for tests of _custom_arrays."""
    import numpy as np
    cdef GameTables t = _BUILTIN[name]
    cdef Py_ssize_t i
    rank_arr = np.empty(PRC_RANK_LEN, dtype=np.uint16)
    flush_arr = np.zeros(8192, dtype=np.uint16)
    cdef uint16_t[::1] rank = rank_arr
    cdef uint16_t[::1] flush = flush_arr
    for i in range(PRC_RANK_LEN):
        rank[i] = t.game.rank[i]
    if t.game.flush != NULL:
        for i in range(8192):
            flush[i] = t.game.flush[i]
    return rank_arr, flush_arr


cdef object rank_slot_of_counts(counts):
    """Perfect-hash slot of a rank pattern (13 counts, at most 7 cards)."""
    cdef uint32_t total = 0
    for r, c in enumerate(counts):
        total += <uint32_t>c * <uint32_t>(prc_card_key[r * 4] & 0xFFFFFFFF)
    return prc_rank_slot(total)


cdef GameTables _build_custom(object ranking):
    """Tables for a ranking that is not built in (a fraction of a second)."""
    rank_arr, flush_arr, n_classes = _custom_arrays(ranking)
    rank_arr.flags.writeable = False
    flush_arr.flags.writeable = False
    cdef GameTables t = _new_tables(ranking, n_classes)
    cdef const uint16_t[::1] rv = rank_arr
    cdef const uint16_t[::1] fv = flush_arr
    t._arrays = (rank_arr, flush_arr)
    t.game.rank = &rv[0]
    t.game.flush = &fv[0]
    return t


def _custom_arrays(ranking):
    """(rank table, flush table, number of classes) of a natural ranking,
    by the rule of _rankings.build_values (which generates the built-in
    tables): a pattern of up to five cards takes its class from the
    ranking's key, a larger one the best of its patterns with one card
    fewer. Only the keys are Python calls (a few thousand); the larger
    patterns and flushes are filled in C. Tests hold this against the
    generated tables of every built-in game."""
    import numpy as np
    classes = ranking.classes()
    strength = {key: i + 1 for i, key in enumerate(classes)}
    counts, sums = _multiset_arrays()
    sizes = counts.sum(axis=1)
    outside = [r for r in range(13) if r not in ranking.deck_ranks]
    in_deck = ~counts[:, outside].any(axis=1)
    rank_arr = np.zeros(PRC_RANK_LEN, dtype=np.uint16)   # spare entry: see PRC_RANK_LEN
    cdef uint16_t[::1] table = rank_arr
    direct = max(ranking.min_cards, 1)
    for j in np.flatnonzero(in_deck & (sizes >= direct) & (sizes <= 5)).tolist():
        key = ranking.key(tuple(counts[j].tolist()))
        if key is not None:
            table[prc_rank_slot(sums[j])] = strength.get(key, 0)
    cdef uint32_t mult[13]
    cdef int r
    for r in range(13):
        mult[r] = <uint32_t>(prc_card_key[4 * r] & 0xFFFFFFFF)
    for size in (6, 7):  # six-card patterns are final before seven look them up
        _best_of_removals(counts, sums, np.flatnonzero(in_deck & (sizes == size)),
                          table, mult)

    flush_arr = np.zeros(8192, dtype=np.uint16)
    cdef uint16_t[::1] flush = flush_arr
    cdef int mask, bit, bits
    cdef int outside_mask = sum(1 << r for r in outside)
    cdef uint16_t best
    if ranking.flushes:
        for mask in range(8192):
            if prc_popcount64(mask) == 5 and not mask & outside_mask:
                key = ranking.key(tuple(mask >> r & 1 for r in range(13)), True)
                if key is not None:
                    flush[mask] = strength.get(key, 0)
        for bits in (6, 7):  # the best flush among the suit's five-card subsets
            for mask in range(8192):
                if prc_popcount64(mask) == bits and not mask & outside_mask:
                    best = 0
                    for bit in range(13):
                        if mask >> bit & 1 and flush[mask & ~(1 << bit)] > best:
                            best = flush[mask & ~(1 << bit)]
                    flush[mask] = best
    return rank_arr, flush_arr, len(classes)


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _best_of_removals(const uint8_t[:, ::1] counts, const uint32_t[::1] sums,
                            const Py_ssize_t[::1] rows, uint16_t[::1] table,
                            const uint32_t *mult) noexcept nogil:
    """table[slot of M] = the best of table[slot of M less one card], for
    the patterns M of *rows* (all of one size; the smaller ones are final)."""
    cdef Py_ssize_t i, j
    cdef int r
    cdef uint16_t best, v
    for i in range(rows.shape[0]):
        j = rows[i]
        best = 0
        for r in range(13):
            if counts[j, r]:
                v = table[prc_rank_slot(sums[j] - mult[r])]
                if v > best:
                    best = v
        table[prc_rank_slot(sums[j])] = best


cdef GameTables _custom_tables(object ranking):
    """Tables of a custom ranking: built once (under the lock, so two
    threads never build or publish twice) and kept for the process."""
    t = _CUSTOM.get(ranking)
    if t is None:
        _check_kernel_sizes(ranking)
        with _build_lock:
            t = _CUSTOM.get(ranking)
            if t is None:
                rules = _rules_of(ranking)
                shared = _BY_RULES.get(rules)
                if shared is not None:
                    t = _renamed(shared, ranking)
                else:
                    t = _build_wild(ranking) if ranking.has_wild else _build_custom(ranking)
                    _BY_RULES[rules] = t
                _CUSTOM[ranking] = t   # published complete
    return t


def _rank_multisets():
    """Every rank pattern of 0..7 cards (at most 4 of a rank)."""
    def rec(r, left, acc):
        if r == 13:
            yield tuple(acc)
            return
        for c in range(min(4, left) + 1):
            acc.append(c)
            yield from rec(r + 1, left - c, acc)
            acc.pop()
    yield from rec(0, 7, [])


cdef str _short(object value, int limit=40):
    """repr of user input, cut to a readable length for messages."""
    return _rankings.show_value(value, limit)


# The package's resolver (pyrankcore.games), installed when it is imported:
# the core never looks up a variant or its name itself. Only the public
# scalar entry points (evaluate, evaluate_omaha, random_hands) take names
# and variants, through public_tables; every other function here takes
# tables (tables_of: GameTables, a Ranking or a built-in ranking's name).
cdef object _resolver = None


def install_resolver(resolver):
    """Install pyrankcore.games' resolver: ``resolver(game, omaha)`` -> a
    resolved game (its ``tables``, ``variant``, ``check_sizes``). Called
    once, by pyrankcore.games."""
    global _resolver
    _resolver = resolver


cdef GameTables public_tables(object game, object hole=None, object board=None):
    """The tables a public scalar entry point runs on: GameTables as they
    are, a Ranking's tables, anything else (a variant, or a name) through
    the package's resolver (pyrankcore.games), which the core never imports.

    *hole* and *board*: an Omaha caller's hand, so that an Omaha variant is
    accepted there (and refused elsewhere) and the hand is held to the
    variant's own card counts. Whether the tables are suited is
    theirs to say (GameTables.suited): the caller reads it.
    """
    if game is "high":
        return _HIGH
    if type(game) is GameTables:
        return _checked_tables(game)
    if isinstance(game, _rankings.Ranking):
        return _resolve_any(game)   # a ranking: its tables, no name to look up
    if _resolver is None:
        raise ImportError("pyrankcore.games is not imported: import pyrankcore")
    resolved = _resolver(game, hole is not None)
    t = resolved.tables
    if hole is not None and resolved.variant is not None:
        _check_omaha_variant(resolved, hole, board)
    return t


cdef GameTables _plain_tables_of(object game, str purpose):
    """The tables of *game* (see tables_of) for a function that reads plain
    (uint16) strengths: a ranking with a suit tie-break is refused, naming
    *purpose*, so that no function reads a suited strength as a plain one."""
    cdef GameTables t = _resolve_any(game)
    if t.suited:
        raise InvalidArgumentError(_suited_refusal(t, purpose))
    return t


def plain_tables(GameTables t not None, object purpose):
    """*t*, for a caller that reads plain (uint16) strengths: a ranking with
    a suit tie-break is refused, naming *purpose*."""
    return _plain_tables_of(t, str(purpose))


cdef GameTables _checked_tables(GameTables t):
    # GameTables() made from Python has no tables: the kernels would read
    # through NULL.
    if t.game.rank == NULL:
        raise InvalidArgumentError(
            "GameTables come from tables_of(), not from GameTables()")
    return t


cdef str _suited_refusal(GameTables t, str purpose):
    return (
        f"{purpose} does not support suit tie-breaks: {t.name} has "
        f"suit_tiebreak={t.ranking.suit_tiebreak!r}, whose strengths are suited "
        f"strengths (strength << 10 | suit key, uint32); use the ranking without "
        f"it (Ranking.without_suits()) here; evaluate, evaluate_batch, "
        f"evaluate_omaha(_batch), category, describe, best_five, showdown, compare "
        f"and winners take suit tie-breaks")


cpdef GameTables tables_of(object ranking):
    """The tables of a ranking: a built-in ranking's name, a Ranking, or
    GameTables (as they are). Built on first use for a custom ranking."""
    return _resolve_any(ranking)


cdef GameTables _resolve_any(object game):
    """The tables of a ranking (name or Ranking) or of GameTables."""
    if game is "high":
        return _HIGH
    if isinstance(game, str):
        t = _BUILTIN.get(game)
        if t is not None:
            return t
        raise UnknownGameError(
            f"unknown ranking {_short(game)}; rankings: {', '.join(GAMES)}")
    if isinstance(game, GameTables):
        return _checked_tables(game)
    if isinstance(game, _rankings.Ranking):
        if game.suit_tiebreak is not None or game.suit_order is not None:
            return _suit_tables(game)
        t = _BUILTIN.get(game.name)
        if t is not None and (<GameTables>t).ranking == game:
            return t
        return _custom_tables(game)
    raise TypeError(
        f"game must be a ranking name, a Ranking or a variant, not {type(game).__name__}"
        f"{order_hint(game)}")
