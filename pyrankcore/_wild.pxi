# Wild-card games: the tables of src/prc_wild.h, built once per ranking
# (under the build lock, like every lazily built table) from the tables of
# the same ranking without wild cards.
#
# rank[w][slot of natural pattern M] = the best strength of M plus w wild
# cards, flushes aside. With one wild card more, the best hand is the best
# over every rank the wild card can take:
#     rank[w][M] = max over ranks r of rank[w - 1][M + r]
# where M + r keeps at most four of a rank, so it stays in the perfect
# hash's domain. A fifth card of a rank only makes five of a kind, the top
# category, which is taken directly when M holds four (or fewer, with more
# wild cards) of a rank. In low games five of a kind is never best (a wild
# card can always take a rank the hand lacks), so it is never considered.
#
# flush[w][S] (S: the 13-bit ranks of one suit's natural cards) = the best
# flush or straight flush of S plus w wild cards of that suit:
#     flush[w][S] = max over ranks r not in S of flush[w - 1][S | r]
# (a wild card never duplicates a card already held; the double_ace_flush
# house rule adds the flushes that repeat a rank, see _double_ace_flushes).
#
# The bug (bug=True, high games) is an ace, or any card that completes a
# straight or a flush: rank[w][M] = max(M with w more aces (five aces if
# that makes five), the best straight M completes with w cards); the flush
# side is as above. In low games the bug is a full fitter, or, with
# bug="lowest_card", the lowest rank its five lacks (_lowest_card_levels).
#
# natural_beats_wild splits each strength into tiers by the fewest wild
# cards that reach it (_tier_rank, _tier_flush), or under "more_wild" the
# most (_most_wild_rank, _most_wild_flush).

from itertools import combinations

cdef object _MULTISETS = None   # (counts uint8 (N, 13), rank sums uint32 (N,))


cdef object _multiset_arrays():
    """Every rank pattern of 0..7 cards as arrays, built once."""
    global _MULTISETS
    if _MULTISETS is None:
        import numpy as np
        counts = np.array(list(_rank_multisets()), dtype=np.uint8)
        mult = np.array([prc_card_key[4 * r] & 0xFFFFFFFF for r in range(13)],
                        dtype=np.uint64)
        sums = (counts.astype(np.uint64) @ mult).astype(np.uint32)
        counts.flags.writeable = False
        sums.flags.writeable = False
        _MULTISETS = (counts, sums)
    return _MULTISETS


cdef object _table_copy(const uint16_t *table, Py_ssize_t n):
    import numpy as np
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] o = out
    cdef Py_ssize_t i
    for i in range(n):
        o[i] = table[i]
    return out


cdef int _max_wild(object ranking):
    """The most wild cards one hand of at most seven cards can hold."""
    n = len(ranking.wild_ids) + (4 if ranking.wild_lowest else 0)
    return min(PRC_MAX_WILD, n)


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _rank_level(const uint8_t[:, ::1] counts, const uint32_t[::1] sums,
                      const uint16_t[::1] prev, uint16_t[::1] cur, int w,
                      const uint32_t *mult, const int *ranks, int n_ranks,
                      const uint16_t *five) noexcept nogil:
    """rank[w] from rank[w - 1] (see the top of this file). *ranks* are the
    deck's ranks, best first for five of a kind; five[r] = 0 where five of
    a kind of rank r does not count."""
    cdef Py_ssize_t j, n = counts.shape[0]
    cdef int i, r, size
    cdef uint16_t v, x
    for j in range(n):
        size = 0
        for r in range(13):
            size += counts[j, r]
        if size + w > 7:
            continue
        v = 0
        for i in range(n_ranks):
            r = ranks[i]
            if five[r] and counts[j, r] + w >= 5:
                v = five[r]
                break
        if v == 0:
            for i in range(n_ranks):
                r = ranks[i]
                if counts[j, r] <= 3:
                    x = prev[prc_rank_slot(sums[j] + mult[r])]
                    if x > v:
                        v = x
        cur[prc_rank_slot(sums[j])] = v


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _bug_level(const uint8_t[:, ::1] counts, const uint32_t[::1] sums,
                     const uint16_t[::1] natural, uint16_t[::1] cur, int w,
                     const uint32_t *mult, const uint16_t *five,
                     const uint32_t *straights, const uint16_t *straight_value,
                     int n_straights) noexcept nogil:
    """rank[w] for w bugs in a high game: aces, or a completed straight."""
    cdef Py_ssize_t j, n = counts.shape[0]
    cdef int r, s, size, missing
    cdef uint32_t present
    cdef uint16_t v
    for j in range(n):
        size = 0
        present = 0
        for r in range(13):
            size += counts[j, r]
            if counts[j, r]:
                present |= 1u << r
        if size + w > 7:
            continue
        if counts[j, 12] + w >= 5:
            v = five[12]
        else:
            v = natural[prc_rank_slot(sums[j] + <uint32_t>w * mult[12])]
        for s in range(n_straights):
            missing = prc_popcount64(straights[s] & ~present)
            if missing <= w and straight_value[s] > v:
                v = straight_value[s]
        cur[prc_rank_slot(sums[j])] = v


@cython.boundscheck(False)
@cython.wraparound(False)
cdef object _lowest_card_levels(const uint8_t[:, ::1] counts, const uint32_t[::1] sums,
                              const int64_t[::1] by_size, const uint16_t[::1] natural,
                              list out, int max_wild, const uint32_t *mult,
                              const int *low_first, int n_ranks):
    """rank[1..max_wild] for bugs under the lowest-card rule of low games.
    In a five that plays, its bugs take the lowest ranks its natural cards
    lack (low_first: the deck's ranks, lowest first); the hand is its best
    five. E[j][M], the best five of M's naturals with j bugs, is that value
    for |M| = 5 - j and the best over M less one card above (by_size: the
    patterns smallest first); rank[w][M] is the best of E[j][M], j <= w.
    The bug's suit is free, so a five with a bug is never a flush; a five
    of natural cards in one suit is matched by a five where a bug stands for
    its lowest card (or beaten by one where a bug replaces its top card), so
    suits need no table of their own."""
    cdef Py_ssize_t i, j, n = by_size.shape[0]
    cdef int r, k, b, size, w, need, top = max_wild if max_wild < 5 else 5
    cdef uint32_t key
    cdef uint16_t v, x
    cdef uint16_t *best[6]
    cdef uint16_t *dest[8]
    cdef uint16_t[::1] view
    import numpy as np
    levels = [np.zeros(PRC_RANK_LEN, dtype=np.uint16) for _ in range(top + 1)]
    for k in range(top + 1):
        view = levels[k]
        best[k] = &view[0]
    for w in range(1, max_wild + 1):
        view = out[w - 1]
        dest[w] = &view[0]
    with nogil:
        for i in range(n):
            j = by_size[i]
            size = 0
            for r in range(13):
                size += counts[j, r]
            for k in range(top + 1):
                need = 5 - k
                if size < need:
                    continue
                v = 0
                if size == need:
                    key = sums[j]
                    b = 0
                    for r in range(n_ranks):
                        if b == k:
                            break
                        if counts[j, low_first[r]] == 0:
                            key += mult[low_first[r]]
                            b += 1
                    v = natural[prc_rank_slot(key)]
                else:
                    for r in range(13):
                        if counts[j, r]:
                            x = best[k][prc_rank_slot(sums[j] - mult[r])]
                            if x > v:
                                v = x
                best[k][prc_rank_slot(sums[j])] = v
            for w in range(1, max_wild + 1):
                if size + w > 7:
                    break
                v = 0
                for k in range(top + 1):
                    if k <= w and size >= 5 - k and best[k][prc_rank_slot(sums[j])] > v:
                        v = best[k][prc_rank_slot(sums[j])]
                dest[w][prc_rank_slot(sums[j])] = v


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _flush_level(const uint16_t[::1] prev, uint16_t[::1] cur, int w,
                       uint32_t deck_ranks) noexcept nogil:
    """flush[w] from flush[w - 1]: the wild card takes a rank not held, or
    stays out of the five that play. The second matters where the suit
    already holds every rank of the deck (a stripped deck of five or six
    ranks): no rank is left for the wild card, and the flush the natural
    cards make with the other wild cards still stands."""
    cdef int mask, r, bits
    cdef uint16_t v, x
    for mask in range(8192):
        if mask & ~deck_ranks:
            continue
        bits = prc_popcount64(mask)
        if bits + w < 5 or bits + w > 7:
            continue
        # the five that play may leave this wild card out (six or seven cards)
        v = prev[mask] if bits + w > 5 else 0
        for r in range(13):
            if (deck_ranks >> r) & 1 and not (mask >> r) & 1:
                x = prev[mask | (1 << r)]
                if x > v:
                    v = x
        cur[mask] = v


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _tier_rank(const uint8_t[:, ::1] counts, const uint32_t[::1] sums, list levels,
                     list out, int max_wild, int tiers):
    """natural_beats_wild, rank tables: each entry's strength becomes its tier
    strength, (v - 1) * tiers + tiers - min(used, tiers - 1), where used is
    the fewest wild cards that reach v: the least u with levels[u] equal at
    that pattern (levels[u] is the best with at most u wild cards, and a
    five of fewer than five - u naturals cannot use fewer than 5 - |M| wild
    cards). tiers is GRADED_TIERS (one tier per count) or PLAIN_TIERS
    (natural, or not)."""
    cdef Py_ssize_t j, n = counts.shape[0]
    cdef int w, u, r, size, lo
    cdef uint32_t slot
    cdef uint16_t v
    cdef const uint16_t *level[8]
    cdef uint16_t *dest[8]
    cdef uint16_t[::1] view
    cdef const uint16_t[::1] cview
    for w in range(max_wild + 1):
        cview = levels[w]
        level[w] = &cview[0]
        view = out[w]
        dest[w] = &view[0]
    with nogil:
        for j in range(n):
            size = 0
            for r in range(13):
                size += counts[j, r]
            slot = prc_rank_slot(sums[j])
            for w in range(max_wild + 1):
                if size + w > 7:
                    break
                v = level[w][slot]
                if v == 0:
                    dest[w][slot] = 0
                    continue
                lo = 5 - size if size < 5 else 0
                u = lo if lo < w else w
                while u < w and level[u][slot] != v:
                    u += 1
                if u > tiers - 1:
                    u = tiers - 1
                dest[w][slot] = <uint16_t>((v - 1) * tiers + tiers - u)


@cython.boundscheck(False)
@cython.wraparound(False)
cdef list _hand_rank_tables(const uint8_t[:, ::1] counts, const uint32_t[::1] sums,
                            list levels, int max_wild):
    """prc_wild_t.hand_rank: for hands of k = 5, 6, 7 cards, by the slot of
    a natural pattern M, levels[k - |M|] there (0 where no hand of k cards
    has M: more wild cards than the ranking has, or |M| > k)."""
    import numpy as np
    cdef Py_ssize_t j, n = counts.shape[0]
    cdef int k, r, size
    cdef uint32_t slot
    cdef const uint16_t *level[8]
    cdef const uint16_t[::1] cview
    cdef uint16_t[::1] dest
    for k in range(max_wild + 1):
        cview = levels[k]
        level[k] = &cview[0]
    out = []
    for k in range(5, 8):
        table = np.zeros(PRC_RANK_LEN, dtype=np.uint16)
        dest = table
        with nogil:
            for j in range(n):
                size = 0
                for r in range(13):
                    size += counts[j, r]
                if size <= k and k - size <= max_wild:
                    slot = prc_rank_slot(sums[j])
                    dest[slot] = level[k - size][slot]
        table.flags.writeable = False
        out.append(table)
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
cdef object _most_wild_rank(const uint8_t[:, ::1] counts, const uint32_t[::1] sums,
                            const int64_t[::1] by_size, list levels, list out,
                            int max_wild, int tiers):
    """natural_beats_wild="more_wild", rank tables: each entry's strength
    becomes (v - 1) * tiers + 1 + used, where used is the most wild cards a
    five of strength v can hold. E[u][M], the best five of u wild cards and
    5 - u of M's natural cards, is levels[u] at that five for |M| = 5 - u and
    the best over M less one card above (by_size: the patterns smallest
    first); used is the largest u <= w with E[u][M] = v. A wild card takes
    any suit, so a five with one never needs the natural cards' suits."""
    cdef Py_ssize_t i, j, n = by_size.shape[0]
    cdef int r, u, w, size, top = max_wild if max_wild < 5 else 5, used
    cdef uint32_t slot
    cdef uint16_t v, x
    cdef const uint16_t *level[8]
    cdef uint16_t *best[6]
    cdef uint16_t *dest[8]
    cdef const uint16_t[::1] cview
    cdef uint16_t[::1] view
    cdef uint32_t mult[13]
    for r in range(13):
        mult[r] = prc_card_key[4 * r] & 0xFFFFFFFF
    import numpy as np
    fives = [np.zeros(PRC_RANK_LEN, dtype=np.uint16) for _ in range(top + 1)]
    for u in range(top + 1):
        view = fives[u]
        best[u] = &view[0]
    for w in range(max_wild + 1):
        cview = levels[w]
        level[w] = &cview[0]
        view = out[w]
        dest[w] = &view[0]
    with nogil:
        for i in range(n):
            j = by_size[i]
            size = 0
            for r in range(13):
                size += counts[j, r]
            slot = prc_rank_slot(sums[j])
            for u in range(top + 1):
                if size < 5 - u:
                    continue
                if size == 5 - u:
                    v = level[u][slot]
                else:
                    v = 0
                    for r in range(13):
                        if counts[j, r]:
                            x = best[u][prc_rank_slot(sums[j] - mult[r])]
                            if x > v:
                                v = x
                best[u][slot] = v
            for w in range(max_wild + 1):
                if size + w > 7:
                    break
                v = level[w][slot]
                if v == 0:
                    dest[w][slot] = 0
                    continue
                used = -1
                for u in range(top + 1):
                    if u <= w and size >= 5 - u and best[u][slot] == v:
                        used = u
                if used < 0:   # not reached by one five: count every wild card
                    used = w if w < 5 else 5
                if used > tiers - 1:
                    used = tiers - 1
                dest[w][slot] = <uint16_t>((v - 1) * tiers + 1 + used)


cdef list _most_wild_flush(list levels, int max_wild, int tiers):
    """natural_beats_wild="more_wild", flush tables: as _most_wild_rank, by
    suit rank mask (a five is five of the mask's ranks and wild cards)."""
    import numpy as np
    bits = np.array([bin(m).count("1") for m in range(8192)])
    masks = np.arange(8192)
    top = min(max_wild, 5)
    fives = []
    for u in range(top + 1):
        e = np.where(bits == 5 - u, levels[u].astype(np.int64), 0)
        for size in range(6 - u, 8):
            at = masks[bits == size]
            for r in range(13):
                has = at[(at >> r) & 1 == 1]
                e[has] = np.maximum(e[has], e[has ^ (1 << r)])
        fives.append(e)
    out = []
    for w in range(max_wild + 1):
        v = levels[w].astype(np.int64)
        used = np.full(8192, -1)
        for u in range(min(w, top) + 1):
            used = np.where((fives[u] == v) & (bits + u >= 5), u, used)
        used = np.where(used < 0, min(w, 5), used)
        used = np.minimum(used, tiers - 1)
        out.append(np.where(v > 0, (v - 1) * tiers + 1 + used, 0).astype(np.uint16))
    return out


cdef object _by_size(object counts):
    """The rank patterns' rows, smallest pattern first."""
    import numpy as np
    return np.argsort(counts.sum(axis=1), kind="stable").astype(np.int64)


cdef list _tier_flush(list levels, int max_wild, int tiers):
    """natural_beats_wild, flush tables: as _tier_rank, by suit rank mask."""
    import numpy as np
    bits = np.array([bin(m).count("1") for m in range(8192)])
    out = []
    for w in range(max_wild + 1):
        v = levels[w].astype(np.int64)
        used = np.full(8192, w)
        for u in range(w - 1, -1, -1):   # the least u wins: go down
            ok = (levels[u] == levels[w]) & (bits + u >= 5)
            used = np.where(ok, u, used)
        used = np.minimum(used, tiers - 1)
        out.append(np.where(v > 0, (v - 1) * tiers + tiers - used, 0).astype(np.uint16))
    return out


cdef _double_ace_flushes(object ranking, dict strength, object table, int w):
    """double_ace_flush (see Ranking.double_ace_flush): each wild card may
    duplicate a card held, so the best flush of a suit's ranks S plus w wild
    cards that repeats a rank makes every wild card the top rank (an ace)
    and keeps S's highest ranks: flushes compare card by card. Kept where it
    beats the flush without repeats. Five aces are five of a kind, never a
    flush, and the rank table already gives them: with four wild cards they
    need the suit's own ace, which the hand then holds; five wild cards make
    them in any hand. So from w = 4 on only suits without their ace are
    left, and from w = 5 on none."""
    if w >= 5:
        return
    top_first = sorted(ranking.deck_ranks, key=ranking.value, reverse=True)
    wild_cards = (top_first[0],) * w
    value_of = {}   # by the five cards that play
    for n in range(5 - w, 8 - w):
        for held in combinations(top_first, n):   # best first, as top_first
            five = (wild_cards + held)[:5]
            value = value_of.get(five)
            if value is None:
                repeats = 5 - len(set(five))
                value = 0   # no repeat (the table has it), or five aces
                if 0 < repeats < 4:
                    counts = [0] * 13
                    for r in five:
                        counts[r] += 1
                    value = strength[ranking.key(tuple(counts), True)]
                value_of[five] = value
            mask = 0
            for r in held:
                mask |= 1 << r
            if value > table[mask]:
                table[mask] = value


cdef GameTables _build_wild(object ranking):
    """Tables of a wild-card ranking (well under a second)."""
    import numpy as np
    from dataclasses import replace
    plain = replace(ranking, wild=None, bug=False, natural_beats_wild=False,
                    double_ace_flush=False, name=ranking.name.split("[")[0])
    builtin = _rankings.RANKINGS.get(plain.name)
    base_ranking = builtin if builtin == plain else plain
    cdef GameTables base = _resolve_any(base_ranking)
    # The tables are first built in the numbering without tiers.
    classes = replace(ranking, natural_beats_wild=False).classes()
    strength = {k: i + 1 for i, k in enumerate(classes)}
    cdef int tiers = ranking.wild_tiers
    # The same hands in this ranking's numbering (five of a kind added).
    renumber = np.array([0] + [strength[k] for k in base_ranking.classes()], dtype=np.uint16)
    natural_rank = renumber[_table_copy(base.game.rank, PRC_RANK_LEN)]
    natural_flush = None
    if base.game.flush != NULL:
        natural_flush = renumber[_table_copy(base.game.flush, 8192)]

    counts, sums = _multiset_arrays()
    cdef uint32_t mult[13]
    cdef int ranks[13]
    cdef uint16_t five[13]
    cdef uint32_t straights[16]
    cdef uint16_t straight_value[16]
    cdef int n_ranks = 0, n_straights = 0, r, w
    cdef uint32_t deck_bits = 0
    for r in range(13):
        mult[r] = prc_card_key[4 * r] & 0xFFFFFFFF
        five[r] = 0
    for r in sorted(ranking.deck_ranks, key=ranking.value, reverse=not ranking.low):
        ranks[n_ranks] = r
        n_ranks += 1
        deck_bits |= 1u << r
    if not ranking.low:
        for r in ((12,) if ranking.bug else ranking.deck_ranks):
            five[r] = strength[ranking.key(tuple(5 if i == r else 0 for i in range(13)))]
    bug = ranking.bug and not ranking.low
    if bug:
        for combo in combinations(sorted(ranking.deck_ranks), 5):
            pattern = tuple(1 if i in combo else 0 for i in range(13))
            if ranking.straight_top(set(combo)) is not None:
                straights[n_straights] = sum(1 << i for i in combo)
                straight_value[n_straights] = strength[ranking.key(pattern)]
                n_straights += 1

    cdef int max_wild = _max_wild(ranking)
    rank_tables = [natural_rank]
    flush_tables = [natural_flush]
    dominant = ranking.flush_mode == _rankings.FLUSH_DOMINANT
    lowest_card = None
    if ranking.low and ranking.bug == _rankings.BUG_LOWEST_CARD:
        lowest_card = [np.zeros(PRC_RANK_LEN, dtype=np.uint16) for _ in range(max_wild)]
        _lowest_card_levels(counts, sums, _by_size(counts), natural_rank, lowest_card,
                            max_wild, mult, ranks, n_ranks)
    for w in range(1, max_wild + 1):
        cur = np.zeros(PRC_RANK_LEN, dtype=np.uint16)
        if lowest_card is not None:
            cur = lowest_card[w - 1]
        elif bug:
            _bug_level(counts, sums, natural_rank, cur, w, mult, five, straights,
                       straight_value, n_straights)
        else:
            _rank_level(counts, sums, rank_tables[w - 1], cur, w, mult, ranks, n_ranks,
                        five)
        rank_tables.append(cur)
        if dominant:
            fcur = np.zeros(8192, dtype=np.uint16)
            _flush_level(flush_tables[w - 1], fcur, w, deck_bits)
            if ranking.double_ace_flush:
                _double_ace_flushes(ranking, strength, fcur, w)
            flush_tables.append(fcur)
        else:
            flush_tables.append(None)

    more_wild = ranking.natural_beats_wild == _rankings.MORE_WILD
    if tiers > 1:
        tiered = [np.zeros(PRC_RANK_LEN, dtype=np.uint16) for _ in rank_tables]
        if more_wild:
            _most_wild_rank(counts, sums, _by_size(counts), rank_tables, tiered, max_wild,
                            tiers)
        else:
            _tier_rank(counts, sums, rank_tables, tiered, max_wild, tiers)
        rank_tables = tiered
        natural_rank = tiered[0]
        if natural_flush is not None:
            flush_levels = flush_tables if dominant else [natural_flush] * (max_wild + 1)
            if more_wild and dominant:
                tiered_flush = _most_wild_flush(flush_levels, max_wild, tiers)
            elif more_wild:   # natural flushes only (w = 0): no wild card used
                tiered_flush = _most_wild_flush(flush_levels[:1], 0, tiers)
            else:
                tiered_flush = _tier_flush(flush_levels, max_wild, tiers)
            natural_flush = tiered_flush[0]
            flush_tables = tiered_flush if dominant else [natural_flush] + [None] * max_wild
        classes = ranking.classes()
    cdef GameTables t = _new_tables(ranking, len(classes))
    for arr in rank_tables + flush_tables:
        if arr is not None:
            arr.flags.writeable = False
    cdef const uint16_t[::1] view
    view = natural_rank
    t.game.rank = &view[0]
    t.game.flush = NULL
    if natural_flush is not None:
        view = natural_flush
        t.game.flush = &view[0]
    t.wild.natural = t.game
    for w in range(PRC_MAX_WILD + 1):
        level = min(max(w, 1), max_wild) if max_wild else 0
        view = rank_tables[level]
        t.wild.rank[w] = &view[0]
        t.wild.flush[w] = NULL
        if w >= 1 and flush_tables[level] is not None:
            view = flush_tables[level]
            t.wild.flush[w] = &view[0]
    # Card entries (see prc_wild_t): naturals as in prc_card16, wild cards
    # counted, ids outside the deck poisoned.
    wild_ids = ranking.wild_ids
    card16 = np.zeros(512, dtype=np.uint64)
    cdef uint64_t natural_bits = 0
    for c in range(256):
        if c < 54 and (t.deck_mask >> c) & 1:
            if c >= 52:
                card16[2 * c + 1] = (<uint64_t>1) << (13 + 16 * (c - 52))
            else:
                card16[2 * c + 1] = prc_card16[2 * c + 1]
            if c in wild_ids:
                card16[2 * c] = (<uint64_t>1) << PRC_WILD_SHIFT
            else:
                card16[2 * c] = prc_card16[2 * c]
                natural_bits |= prc_card16[2 * c + 1]
        else:
            card16[2 * c] = prc_card16[2 * 255]   # the poison key
    card16.flags.writeable = False
    hand_rank = _hand_rank_tables(counts, sums, rank_tables, max_wild)
    for k in range(3):
        view = hand_rank[k]
        t.wild.hand_rank[k] = &view[0]
    t._arrays = (rank_tables, flush_tables, card16, hand_rank)
    cdef const uint64_t[::1] entries = card16
    t.wild.card16 = &entries[0]
    t.wild.natural_bits = natural_bits
    t.wild.lowest = 1 if ranking.wild_lowest else 0
    # natural_beats_wild where a flush hurts a low: see prc_wild_value
    # (under "more_wild" a wild card always reaches the best low, in a suit
    # of its own: a natural flush never decides the tier)
    low_flush = tiers > 1 and ranking.flush_mode == _rankings.FLUSH_LOW and not more_wild
    t.wild.low_flush_tiers = tiers if low_flush else 0
    return t


cdef object wild_driver_tables(game):
    """A wild-card ranking's tables (prc_wild_t) in the TABLES format of the
    arm64 driver (tests/native_safety/arm64/driver.c, see _driver_tables):
    the natural rank and flush tables, rank[0..7], flush[0..7] and
    hand_rank[0..2] (a count of 0 for a table the ranking lacks), card16,
    and the scalars as uint64: the natural flush mode, lowest,
    low_flush_tiers, natural_bits, and the natural game's invalid and
    invalid_ids. For the C row loops built for another architecture."""
    import numpy as np
    cdef GameTables t = _plain_tables_of(game, "wild_driver_tables")
    if not t.has_wild:
        raise InvalidArgumentError(f"{t.name} has no wild cards")
    cdef const prc_wild_t *x = &t.wild
    cdef int w
    arrays = [_u16_copy(x.natural.rank, PRC_RANK_LEN), _u16_copy(x.natural.flush, 8192)]
    arrays += [_u16_copy(x.rank[w], PRC_RANK_LEN) for w in range(PRC_MAX_WILD + 1)]
    arrays += [_u16_copy(x.flush[w], 8192) for w in range(PRC_MAX_WILD + 1)]
    arrays += [_u16_copy(x.hand_rank[w], PRC_RANK_LEN) for w in range(3)]
    arrays.append(np.array(<const uint64_t[:512]>x.card16, dtype=np.uint64))
    arrays.append(np.array([x.natural.flush_mode, x.lowest, x.low_flush_tiers, x.natural_bits,
                            x.natural.invalid, x.natural.invalid_ids], dtype=np.uint64))
    return _driver_tables(arrays)
