/* pyrankcore: Omaha kernels (exactly two hole cards and three board cards).
 *
 * Pure C over the generated tables and the game struct of prc_eval.h. The
 * fast path reads per-game pattern tables that the extension builds once,
 * under a lock, before any nogil loop can see them; the column of a hole
 * pair (prc_pair_column) is generated constant data.
 */
#ifndef PRC_OMAHA_H
#define PRC_OMAHA_H

#include "prc_eval.h"
#if !defined(__GNUC__) && !defined(__clang__) && defined(_MSC_VER) &&                    \
    (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h> /* _mm_prefetch */
#endif

/* Omaha: the best hand using exactly two of the nh hole cards (4..6) and
 * exactly three of the nb board cards (3..5), for any game. Partial keys of
 * every board triple and hole pair are summed once; each of the (up to
 * 150) combinations then costs one add and one lookup. Valid input only. */
static inline uint16_t prc_omaha(const prc_game_t *g, const uint8_t *hole,
                                 int nh, const uint8_t *board, int nb) {
    uint64_t tri_key[10], tri_mask[10], pair_key[15], pair_mask[15];
    int nt = 0, np = 0;
    for (int a = 0; a < nb; a++)
        for (int b = a + 1; b < nb; b++)
            for (int c = b + 1; c < nb; c++) {
                tri_key[nt] = PRC_SUIT_START + prc_card_key[board[a]]
                    + prc_card_key[board[b]] + prc_card_key[board[c]];
                tri_mask[nt++] = PRC_CARD_BITS16(board[a]) | PRC_CARD_BITS16(board[b])
                    | PRC_CARD_BITS16(board[c]);
            }
    for (int a = 0; a < nh; a++)
        for (int b = a + 1; b < nh; b++) {
            pair_key[np] = prc_card_key[hole[a]] + prc_card_key[hole[b]];
            pair_mask[np++] = PRC_CARD_BITS16(hole[a]) | PRC_CARD_BITS16(hole[b]);
        }
    uint16_t best = 0;
    for (int t = 0; t < nt; t++)
        for (int p = 0; p < np; p++) {
            uint16_t v = prc_game_value(g, tri_key[t] + pair_key[p],
                                        tri_mask[t] | pair_mask[p], 5);
            if (v > best) best = v;
        }
    return best;
}

/* Omaha with validation: ids, repeats across hole and board, and the deck. */
static inline uint16_t prc_omaha_checked(const prc_game_t *g,
                                         const uint8_t *hole, int nh,
                                         const uint8_t *board, int nb,
                                         int *bad) {
    uint64_t key = 0, seen = 0, total = 0;
    for (int i = 0; i < nh + nb; i++) {
        uint8_t c = i < nh ? hole[i] : board[i - nh];
        uint64_t bit = prc_card_bit[c];
        key += prc_card_key[c];
        seen |= bit;
        total += bit;
    }
    if ((key >> PRC_INVALID_SHIFT) | (seen ^ total) | (seen & g->invalid_ids)) {
        *bad = 1;
        return 0;
    }
    return prc_omaha(g, hole, nh, board, nb);
}

/* Fast Omaha for rankings whose flushes are ignored or dominant. For every
 * board rank pattern (3-5 cards) a table gives the best non-flush strength
 * for each pair of hole ranks (91 pairs), built once per game at run time;
 * a hand then costs one hash of the board plus one lookup per hole pair.
 * Flushes take a separate path, needed only when the board holds three or
 * more cards of a suit and the hand two or more: the suit counters tell
 * (adding 5 or 6 to a 4-bit counter sets its top bit exactly then). */
typedef struct {
    const uint16_t *pattern_of_slot; /* board slot (prc_board_slot) -> pattern row */
    /* pattern row * PRC_PATTERN_STRIDE + pair index: rows padded to 96
     * entries (three cache lines; the table starts on a line) */
    const uint16_t *best;
    /* Flush-dominant games: the board's ranks of the flush suit (a 13-bit
     * mask of 3-5 ranks) -> flush row; flush row * PRC_N_PAIR_COLUMNS +
     * pair index -> the best flush of that suited hole pair with three of
     * those board cards. */
    const uint16_t *flush_row;
    const uint16_t *flush_best;
    /* Low games whose only hands are five distinct ranks, all from a set
     * of at most eight (eight-or-better), else NULL: such a low depends only
     * on which of those ranks the board holds and which the hole cards do.
     * low_bit[rank] is the rank's bit in such a set (0 for other ranks);
     * low_best[board set << 8 | hole set] the best low of the two sets.
     * One lookup a hand instead of one per hole pair. */
    const uint16_t *low_best;
    uint8_t low_bit[16];
    /* Nonzero where the pattern rows take more than PRC_OMAHA_PREFETCH_BYTES
     * (a high game's): too many to stay in L2, so the scalar, AVX2 and NEON
     * row loops prefetch a hand's row before they read it. A low game's
     * rows are shared (a few hundred distinct) and stay in L2, where
     * prefetches only add work. */
    int prefetch_rows;
} prc_omaha_t;

#define PRC_OMAHA_PREFETCH_BYTES (256 * 1024)

/* Column of a pair of hole ranks (the order of prc_pair_column). */
static inline int prc_pair_index(int r1, int r2) {
    int hi = r1 > r2 ? r1 : r2, lo = r1 > r2 ? r2 : r1;
    return hi * (hi + 1) / 2 + lo;
}

/* The best flush of a hand from the ranks the board (3 to 5) and the hole
 * cards hold in the suit: one lookup per pair of those hole ranks. */
static inline uint16_t prc_omaha_flush_of_ranks(const prc_omaha_t *o, unsigned board_ranks,
                                                unsigned hole_ranks) {
    const uint16_t *row = o->flush_best + (size_t)o->flush_row[board_ranks] * PRC_N_PAIR_COLUMNS;
    uint16_t best = 0;
    for (unsigned x = hole_ranks; x; x &= x - 1) {
        int low = prc_ctz64(x);
        for (unsigned y = x & (x - 1); y; y &= y - 1) {
            int high = prc_ctz64(y);
            uint16_t v = row[high * (high + 1) / 2 + low];
            best = v > best ? v : best;
        }
    }
    return best;
}

/* The ranks of the cards of suit *suit* among n cards, as a 13-bit mask,
 * without a branch per card (a hand's suits are random, so such branches
 * mispredict). */
static inline unsigned prc_omaha_suit_ranks(const uint8_t *cards, int n, int suit) {
    unsigned ranks = 0;
    for (int i = 0; i < n; i++) ranks |= (unsigned)((cards[i] & 3) == suit) << (cards[i] >> 2);
    return ranks;
}

/* What prc_omaha_flush_of_ranks reads for a valid hand: the board's ranks
 * in the suit it holds three or more of, and from bit 16 the hole cards'
 * ranks in it (at most one suit can, with at most five board cards); 0
 * when the board holds no such suit. */
static inline uint32_t prc_omaha_flush_ranks(const uint8_t *hole, int nh, const uint8_t *board,
                                             int nb) {
    int count[4] = {0, 0, 0, 0};
    for (int i = 0; i < nb; i++) count[board[i] & 3]++;
    for (int suit = 0; suit < 4; suit++)
        if (count[suit] >= 3)
            return prc_omaha_suit_ranks(board, nb, suit) |
                   (uint32_t)prc_omaha_suit_ranks(hole, nh, suit) << 16;
    return 0;
}

/* The best flush of suit *suit* from card-id masks (bit = id) of the board
 * and of the hole cards. */
static inline uint16_t prc_omaha_flush_of_masks(const prc_omaha_t *o, uint64_t board_ids,
                                                uint64_t hole_ids, int suit) {
    return prc_omaha_flush_of_ranks(o, prc_id_suit_ranks(board_ids, suit),
                                    prc_id_suit_ranks(hole_ids, suit));
}

/* The best flush of a valid hand (0 when none can flush). */
static inline uint16_t prc_omaha_flush_any(const prc_omaha_t *o, const uint8_t *hole, int nh,
                                           const uint8_t *board, int nb) {
    uint32_t ranks = prc_omaha_flush_ranks(hole, nh, board, nb);
    return ranks ? prc_omaha_flush_of_ranks(o, ranks & 0x1FFF, ranks >> 16) : 0;
}

/* Software prefetch: a hint only, so a no-op where unsupported. */
#if defined(__GNUC__) || defined(__clang__)
#define PRC_PREFETCH(p) __builtin_prefetch((const void *)(p))
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#define PRC_PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#else
#define PRC_PREFETCH(p) ((void)0)
#endif

#define PRC_OMAHA_CHUNK 32

/* The pattern row of a board (its slot, prc_board_slot), prefetched for a
 * pass that reads it later. Its 91 entries are padded to 96 (192 bytes)
 * and the table starts on a cache line, so a row is exactly three lines;
 * unpadded rows (182 bytes at any offset) spanned four lines at most
 * offsets: a fourth prefetch and a fourth line from L3 a hand. */
static PRC_ALWAYS_INLINE const uint16_t *prc_omaha_fetch_row(const prc_omaha_t *o,
                                                             uint32_t slot) {
    const uint16_t *row = o->best + (size_t)o->pattern_of_slot[slot] * PRC_PATTERN_STRIDE;
    if (o->prefetch_rows) {
        PRC_PREFETCH(row);
        PRC_PREFETCH(row + 32);
        PRC_PREFETCH(row + 64);
    }
    return row;
}

/* What a vector tier's first pass keeps of a block of up to 16 hands for
 * the second, by hand t: its pattern row (hi-lo: the low game's row, or
 * the entry of the low game's rank sets' table), and the column of each
 * hole pair p in it. */
typedef struct {
    const uint16_t *row[16], *lo_row[16];
    uint32_t low_index[16];
    union { /* the tier's choice: a vector of 32-bit lanes or of bytes a pair */
        uint32_t column[15][16];
        uint8_t column8[15][16];
    };
    unsigned flush_lanes; /* hands with two or more hole cards of a suit the board has 3+ of */
    /* Only where flush_lanes is not 0: the board's ranks in that suit,
     * and from bit 16 the hole cards' ranks in it. */
    uint32_t flush_ranks[16];
} prc_omaha_block_t;

/* The best flush of each flush lane (a bit a hand) into out (hi-lo: every
 * other entry), where it beats the strength there; ranks as
 * prc_omaha_block_t's flush_ranks. */
static PRC_ALWAYS_INLINE void prc_omaha_block_flushes(const prc_omaha_t *o, unsigned lanes,
                                                      const uint32_t *ranks, int stride,
                                                      uint16_t *out) {
    for (unsigned m = lanes; m; m &= m - 1) {
        int t = prc_ctz64(m);
        uint16_t v = prc_omaha_flush_of_ranks(o, ranks[t] & 0x1FFF, ranks[t] >> 16);
        out[stride * t] = v > out[stride * t] ? v : out[stride * t];
    }
}

/* The strengths of the first LANES hands of a block (hi-lo, olo not NULL:
 * two a hand, high and low) into out: the best of one lookup per hole pair
 * in its row (scalar loads), the best flush of a flush lane, and the low. */
static PRC_ALWAYS_INLINE void prc_omaha_block_out_of(const prc_omaha_t *o, const prc_omaha_t *olo,
                                                     const prc_omaha_block_t *blk, const int LANES,
                                                     const int NH, const int BYTE_COLUMNS,
                                                     uint16_t *out) {
    const int pairs = NH * (NH - 1) / 2, stride = olo ? 2 : 1;
    /* a local: extensions build with -fno-strict-aliasing, so each store
     * to out[] would otherwise load it again */
    const uint16_t *const low_best = olo ? olo->low_best : NULL;
    /* two loops, so that neither asks which rows it reads a pair at a time */
    if (!olo || low_best) {
        for (int t = 0; t < LANES; t++) {
            const uint16_t *row = blk->row[t];
            uint16_t best = 0;
            for (int p = 0; p < pairs; p++) {
                uint16_t v = row[BYTE_COLUMNS ? blk->column8[p][t] : blk->column[p][t]];
                best = v > best ? v : best;
            }
            out[stride * t] = best;
            if (olo) out[2 * t + 1] = low_best[blk->low_index[t]];
        }
    } else { /* both rows at each column */
        for (int t = 0; t < LANES; t++) {
            const uint16_t *row = blk->row[t], *lo_row = blk->lo_row[t];
            uint16_t best = 0, low = 0;
            for (int p = 0; p < pairs; p++) {
                uint32_t col = BYTE_COLUMNS ? blk->column8[p][t] : blk->column[p][t];
                best = row[col] > best ? row[col] : best;
                low = lo_row[col] > low ? lo_row[col] : low;
            }
            out[2 * t] = best;
            out[2 * t + 1] = low;
        }
    }
    prc_omaha_block_flushes(o, blk->flush_lanes, blk->flush_ranks, stride, out);
}

/* The same for a block whose columns are 32-bit (column) or bytes (column8). */
static PRC_ALWAYS_INLINE void prc_omaha_block_out(const prc_omaha_t *o, const prc_omaha_t *olo,
                                                  const prc_omaha_block_t *blk, const int LANES,
                                                  const int NH, uint16_t *out) {
    prc_omaha_block_out_of(o, olo, blk, LANES, NH, 0, out);
}

static PRC_ALWAYS_INLINE void prc_omaha_block_out8(const prc_omaha_t *o, const prc_omaha_t *olo,
                                                   const prc_omaha_block_t *blk, const int LANES,
                                                   const int NH, uint16_t *out) {
    prc_omaha_block_out_of(o, olo, blk, LANES, NH, 1, out);
}

/* Omaha rows: hole rows of nh ids and board rows of nb ids (C order),
 * out[start..stop) filled, the first invalid row returned (or -1); the
 * hi-lo one pass fills two strengths a row (high, low). Defined in
 * prc_tiers.h: the Omaha loops of the tier chosen at start-up. */
PRC_ENTRY long prc_omaha_rows(const prc_game_t *g, const prc_omaha_t *o, const uint8_t *holes,
                              int nh, const uint8_t *boards, int nb, uint16_t *out, long start,
                              long stop);
PRC_ENTRY long prc_omaha_rows_hilo(const prc_game_t *hi, const prc_omaha_t *ohi,
                                   const prc_game_t *lo, const prc_omaha_t *olo,
                                   const uint8_t *holes, int nh, const uint8_t *boards, int nb,
                                   uint16_t *out, long start, long stop);

#endif