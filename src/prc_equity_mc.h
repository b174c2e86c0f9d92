/* pyrankcore: equity kernels, Monte Carlo (see prc_equity.h).
 *
 * Seeded chunks of random deals (prc_equity_deal.h): a hold'em path that
 * shuffles the board in from the live deck, and the general path for every
 * other variant. Included by prc_equity.h only.
 */
#ifndef PRC_EQUITY_MC_H
#define PRC_EQUITY_MC_H

#include "prc_equity_deal.h"
#include "prc_equity_settle.h"

/* Outcome counts of a run of trials: hist[m] is the number of trials won
 * by exactly the players in bit mask m (a win shared by the players of m).
 * One increment per trial; the tallies follow from the counts (each of
 * m's players takes PRC_EQ_UNIT / popcount(m) units), so they are the
 * same integers a per-trial tally gives. */
#define PRC_EQ_OUTCOMES (1 << PRC_EQ_MAX_PLAYERS)

/* stats += the tallies of the outcome counts hist[1 .. 2**P). */
static void prc_eq_add_outcomes(uint64_t *stats, const uint64_t *hist, int P) {
    for (unsigned m = 1; m < (1u << P); m++) {
        uint64_t c = hist[m];
        if (!c) continue;
        unsigned nbest = (unsigned)prc_popcount64(m);
        uint64_t share = PRC_EQ_UNIT / nbest, sq_hi;
        uint64_t sq_lo = prc_eq_mul64(c, share * share, &sq_hi);
        for (int p = 0; p < P; p++) {
            if (!((m >> p) & 1)) continue;
            uint64_t *row = stats + p * PRC_EQ_NSTAT;
            row[nbest == 1 ? PRC_EQ_WINS : PRC_EQ_TIES] += c;
            row[PRC_EQ_UNITS] += c * share;
            uint64_t before = row[PRC_EQ_SQ_LO];
            row[PRC_EQ_SQ_LO] += sq_lo;
            row[PRC_EQ_SQ_HI] += sq_hi + (row[PRC_EQ_SQ_LO] < before);
        }
    }
}

/* Hold'em (standard high, every player's two cards from a range or a
 * hand) Monte Carlo. A trial's numbers come from one draw taken apart
 * (prc_eq_digits_t): the combos of the sampler's players a and b where
 * their bounds fit beside the board's, then the board's missing cards by
 * a partial Fisher-Yates shuffle of the deck (the live cards less the
 * fixed players'; it stays shuffled between the trials of a chunk, which
 * keeps each draw uniform): card j is swapped in from a position in
 * j..ndeck-1. A card that a drawn combo took this trial is picked again
 * from a draw of its own. Each hand is the sum of its hole cards' key and
 * the board's (the board summed once for every player); a trial adds one
 * to the count of its outcome. fixed (every hand a single combo) and P
 * are constants where the caller inlines this, so that the common cases
 * lose their loops and checks. record (or NULL): each trial's hole cards
 * and board, for the tests of the sampler. */
static PRC_EQ_INLINE int prc_eq_mc_holdem_body(const prc_eq_spec_t *s,
                                               const prc_eq_range_t *ranges,
                                               const prc_eq_seats_t *q, uint64_t seed0,
                                               uint64_t seed1, int64_t trials,
                                               int64_t chunk_lo, int64_t chunk_hi,
                                               uint64_t *stats, uint8_t *record,
                                               const int fixed, const int P,
                                               const int missing) {
    uint64_t bkey0 = PRC_SUIT_START, bbits0 = 0;
    for (int i = 0; i < s->board_known; i++) {
        bkey0 += PRC_CARD_KEY16(s->board[i]);
        bbits0 |= PRC_CARD_BITS16(s->board[i]);
    }
    uint64_t hkey[PRC_EQ_MAX_PLAYERS], hbits[PRC_EQ_MAX_PLAYERS];
    int combo[PRC_EQ_MAX_PLAYERS];
    for (int p = 0; p < P; p++) {
        hkey[p] = ranges[p].key[0];
        hbits[p] = ranges[p].bits[0];
        combo[p] = 0;
    }
    /* the deck: live cards, less the fixed players' */
    uint8_t deck[52], deck0[52];
    int ndeck = 0;
    for (int c = 0; c < 52; c++)
        if (!((q->taken >> c) & 1)) deck0[ndeck++] = (uint8_t)c;
    if (missing > ndeck) return PRC_EQ_BAD_SPEC;
    /* a trial's bounds: the board's cards, and the sampler's where they fit */
    uint64_t deal_bound = 1, high;
    for (int j = 0; j < missing; j++) deal_bound *= (uint64_t)(ndeck - j);
    int seats_in_draw = 0;
    if (!fixed && q->mode == PRC_EQ_SEATS_TWO) {
        uint64_t b = prc_eq_mul64(deal_bound, q->total_a, &high);
        if (!high && q->b >= 0) b = prc_eq_mul64(b, q->total_b, &high);
        if (!high) {
            seats_in_draw = 1;
            deal_bound = b;
        }
    }
    const prc_eq_digits_t dg = prc_eq_digits(deal_bound);
    const uint64_t ndeck64 = (unsigned)ndeck;
    uint16_t v[PRC_EQ_MAX_PLAYERS];
    /* outcome counts in a local block (the stores to the deck, bytes,
     * could alias the caller's array and force reloads), added to stats
     * at the end */
    uint64_t hist[PRC_EQ_OUTCOMES];
    memset(hist, 0, sizeof(uint64_t) << P);
    for (int64_t chunk = chunk_lo; chunk < chunk_hi; chunk++) {
        int64_t n = prc_eq_chunk_trials(trials, chunk);
        if (n == 0) break;
        uint64_t state = prc_eq_chunk_state(seed0, seed1, chunk);
        uint64_t x = 0; /* the draw being taken apart, */
        int left = 0;   /* for this many more deals */
        /* each chunk starts from the same deck order: its deals do not
         * depend on which chunks ran before it (threads, tasks) */
        memcpy(deck, deck0, sizeof deck);
        for (int64_t t0 = 0; t0 < n; t0 += PRC_EQ_STOP_EVERY) {
            if (prc_eq_stopped(s)) return PRC_EQ_STOPPED;
            int64_t t1 = n - t0 < PRC_EQ_STOP_EVERY ? n : t0 + PRC_EQ_STOP_EVERY;
            for (int64_t t = t0; t < t1; t++) {
                if (left == 0) {
                    x = prc_eq_digits_draw(&state, dg.bound, dg.threshold);
                    left = dg.per;
                }
                left--;
                uint64_t used = 0; /* fixed hands are out of the deck */
                if (!fixed) {
                    int rc;
                    if (seats_in_draw) {
                        uint64_t x_a = prc_eq_digit(&x, q->total_a);
                        uint64_t x_b = q->b >= 0 ? prc_eq_digit(&x, q->total_b) : 0;
                        rc = prc_eq_seats_two(q, s, ranges, &state, x_a, x_b, combo, &used);
                    } else {
                        rc = prc_eq_draw_seats(q, s, ranges, &state, combo, &used, P);
                    }
                    if (rc) {
                        if (rc == PRC_EQ_NO_DEAL) prc_eq_add_outcomes(stats, hist, P);
                        return rc;
                    }
                    /* (their suit bits only on a flush, below) */
                    for (int p = 0; p < P; p++) hkey[p] = ranges[p].key[combo[p]];
                }
                uint64_t bkey = bkey0;
                /* unrolled where the count is the constant 5 (preflop) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 5
#endif
                for (int j = 0; j < missing; j++) {
                    int pos = j + (int)prc_eq_digit(&x, ndeck64 - (uint64_t)j);
                    uint8_t c = deck[pos];
                    if (!fixed) {
                        /* a drawn combo's card: picked again */
                        while ((used >> c) & 1) {
                            pos = j + (int)prc_eq_below(&state, (uint32_t)(ndeck - j));
                            c = deck[pos];
                        }
                    }
                    deck[pos] = deck[j];
                    deck[j] = c;
                    bkey += PRC_CARD_KEY16(c);
                }
                if (record != NULL) {
                    for (int p = 0; p < P; p++) {
                        record[2 * p] = ranges[p].cards[2 * combo[p]];
                        record[2 * p + 1] = ranges[p].cards[2 * combo[p] + 1];
                    }
                    for (int j = 0; j < missing; j++) record[2 * P + j] = deck[j];
                    record += 2 * P + missing;
                }
                /* the board's suit-major bits only where a hand holds a
                 * flush (a few trials in a hundred): its dealt cards are
                 * deck[0..missing) */
                uint64_t bbits = 0;
                int have_bits = 0;
                for (int p = 0; p < P; p++) {
                    uint64_t key = hkey[p] + bkey, f = key & PRC_FLUSH_BITS;
                    if (f) {
                        if (!have_bits) {
                            bbits = bbits0;
                            for (int j = 0; j < missing; j++) bbits |= PRC_CARD_BITS16(deck[j]);
                            have_bits = 1;
                        }
                        uint64_t hand = fixed ? hbits[p] : ranges[p].bits[combo[p]];
                        v[p] = prc_flush_high[prc_flush_ranks(f, hand | bbits)];
                    } else {
                        v[p] = prc_rank_lookup((uint32_t)key);
                    }
                }
                unsigned won;
                if (P == 2) {
                    won = (unsigned)(v[0] >= v[1]) | (unsigned)(v[1] >= v[0]) << 1;
                } else {
                    uint16_t best = 0;
                    for (int p = 0; p < P; p++) best = v[p] > best ? v[p] : best;
                    won = 0;
                    for (int p = 0; p < P; p++) won |= (unsigned)(v[p] == best) << p;
                }
                hist[won]++;
            }
        }
    }
    prc_eq_add_outcomes(stats, hist, P);
    return 0;
}

/* The loop's instances, each a function of its own (inlined into one
 * caller they share its registers, and the heads-up loop spills). */
#if defined(__GNUC__) || defined(__clang__)
#define PRC_EQ_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define PRC_EQ_NOINLINE __declspec(noinline)
#else
#define PRC_EQ_NOINLINE
#endif
#define PRC_EQ_MC_HOLDEM_INSTANCE(NAME, FIXED, P, MISSING)                                 \
    static PRC_EQ_NOINLINE int NAME(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,   \
                                    const prc_eq_seats_t *q, uint64_t seed0, uint64_t seed1, \
                                    int64_t trials, int64_t chunk_lo, int64_t chunk_hi,      \
                                    uint64_t *stats) {                                       \
        return prc_eq_mc_holdem_body(s, ranges, q, seed0, seed1, trials, chunk_lo, chunk_hi, \
                                     stats, NULL, FIXED, P, MISSING);                        \
    }
PRC_EQ_MC_HOLDEM_INSTANCE(prc_eq_mc_holdem_hands2, 1, 2, 5)
PRC_EQ_MC_HOLDEM_INSTANCE(prc_eq_mc_holdem_ranges2, 0, 2, 5)
PRC_EQ_MC_HOLDEM_INSTANCE(prc_eq_mc_holdem_hands, 1, s->n_players, s->board_final - s->board_known)
PRC_EQ_MC_HOLDEM_INSTANCE(prc_eq_mc_holdem_ranges, 0, s->n_players,
                          s->board_final - s->board_known)
#undef PRC_EQ_MC_HOLDEM_INSTANCE

static int prc_eq_mc_holdem(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,
                            const prc_eq_seats_t *q, uint64_t seed0, uint64_t seed1,
                            int64_t trials, int64_t chunk_lo, int64_t chunk_hi,
                            uint64_t *stats, uint8_t *record) {
    const int fixed = q->mode == PRC_EQ_SEATS_FIXED;
    const int missing = s->board_final - s->board_known;
    if (record != NULL)
        return prc_eq_mc_holdem_body(s, ranges, q, seed0, seed1, trials, chunk_lo, chunk_hi,
                                     stats, record, fixed, s->n_players, missing);
    if (s->n_players == 2 && missing == 5)
        return (fixed ? prc_eq_mc_holdem_hands2 : prc_eq_mc_holdem_ranges2)(
            s, ranges, q, seed0, seed1, trials, chunk_lo, chunk_hi, stats);
    return (fixed ? prc_eq_mc_holdem_hands : prc_eq_mc_holdem_ranges)(
        s, ranges, q, seed0, seed1, trials, chunk_lo, chunk_hi, stats);
}

/* The checks and the sampler of a Monte Carlo run: ranges (given, with
 * unit set) and q. Returns 0, PRC_EQ_BAD_SPEC or PRC_EQ_NO_DEAL. */
static int prc_eq_mc_start(const prc_eq_spec_t *s, const prc_eq_range_t *given,
                           int64_t trials, int64_t chunk_lo, prc_eq_range_t *ranges,
                           prc_eq_seats_t *q) {
    if (!prc_eq_spec_ok(s) || trials < 0 || chunk_lo < 0) return PRC_EQ_BAD_SPEC;
    const int P = s->n_players;
    for (int p = 0; p < P; p++) {
        const prc_eq_range_t *r = &given[p];
        if (r->n < 1 || r->cum[r->n - 1] == 0 || r->cum[r->n - 1] >> 63) return PRC_EQ_BAD_SPEC;
        for (size_t i = 0; i < (size_t)r->n * (size_t)s->known[p]; i++)
            if (r->cards[i] >= 52) return PRC_EQ_BAD_SPEC;
        ranges[p] = *r;
        ranges[p].unit = prc_eq_unit_weights(r->cum, r->n);
    }
    int need = s->board_final - s->board_known, live = prc_popcount64(s->live);
    for (int p = 0; p < P; p++) need += s->hand_final[p];
    if (need > live) return PRC_EQ_BAD_SPEC; /* the draws below always end */
    return prc_eq_seats_init(q, s, ranges);
}

/* Trials chunk_lo..chunk_hi-1 of a run of `trials` deals (chunks of
 * PRC_EQ_CHUNK, the last one shorter). ranges: one per player. Returns
 * 0, PRC_EQ_BAD_SPEC, or PRC_EQ_NO_DEAL when no combos fit or the ranges
 * collided on PRC_EQ_MAX_TRIES draws in a row. */
PRC_ENTRY int prc_eq_monte_carlo(const prc_eq_spec_t *s, const prc_eq_range_t *given,
                                 uint64_t seed0, uint64_t seed1, int64_t trials,
                                 int64_t chunk_lo, int64_t chunk_hi, uint64_t *stats) {
    prc_eq_range_t ranges[PRC_EQ_MAX_PLAYERS]; /* given, with unit set */
    prc_eq_seats_t q;
    int rc = prc_eq_mc_start(s, given, trials, chunk_lo, ranges, &q);
    if (rc) return rc;
    const int P = s->n_players;
    if (prc_eq_holdem_known(s))
        return prc_eq_mc_holdem(s, ranges, &q, seed0, seed1, trials, chunk_lo, chunk_hi, stats,
                                NULL);
    uint8_t deck[52];
    int ndeck = 0;
    for (int c = 0; c < 52; c++)
        if ((s->live >> c) & 1) deck[ndeck++] = (uint8_t)c;
    prc_eq_state_t st;
    memset(&st, 0, sizeof st);
    st.s = s;
    st.stats = stats;
    st.squares = 1;
    int combo[PRC_EQ_MAX_PLAYERS];
    for (int64_t chunk = chunk_lo; chunk < chunk_hi; chunk++) {
        int64_t n = prc_eq_chunk_trials(trials, chunk);
        if (n == 0) break;
        uint64_t state = prc_eq_chunk_state(seed0, seed1, chunk);
        for (int64_t t = 0; t < n; t++) {
            if (t % PRC_EQ_STOP_EVERY == 0 && prc_eq_stopped(s)) return PRC_EQ_STOPPED;
            uint64_t used;
            rc = prc_eq_draw_seats(&q, s, ranges, &state, combo, &used, P);
            if (rc) return rc;
            prc_eq_reset(&st);
            for (int p = 0; p < P; p++) {
                const prc_eq_range_t *r = &ranges[p];
                int k = s->known[p], i = combo[p];
                st.key[p] = r->key[i];
                st.bits[p] = r->bits[i];
                st.n[p] = k;
                for (int j = 0; j < k; j++) st.cards[p][j] = r->cards[(size_t)i * k + j];
            }
            /* the missing cards, drawn from the live deck */
            for (int o = 0; o <= P; o++) {
                int h = o == P ? PRC_EQ_BOARD : o;
                int missing = o == P ? s->board_final - s->board_known
                                     : s->hand_final[o] - s->known[o];
                for (int j = 0; j < missing; j++) {
                    uint8_t c;
                    do {
                        c = deck[prc_eq_below(&state, (uint32_t)ndeck)];
                    } while ((used >> c) & 1);
                    used |= 1ULL << c;
                    prc_eq_push(&st, h, c);
                }
            }
            prc_eq_settle(&st);
        }
    }
    return 0;
}

/* The hold'em loop's deals of chunks 0.. of a run of `trials` trials, for
 * the tests of the sampler: record gets, per trial, each player's two hole
 * cards and the board's missing cards; stats the tallies. Returns as
 * prc_eq_monte_carlo, and PRC_EQ_BAD_SPEC where the spec does not take
 * the hold'em loop. */
PRC_ENTRY int prc_eq_monte_carlo_deals(const prc_eq_spec_t *s, const prc_eq_range_t *given,
                                       uint64_t seed0, uint64_t seed1, int64_t trials,
                                       uint64_t *stats, uint8_t *record) {
    prc_eq_range_t ranges[PRC_EQ_MAX_PLAYERS];
    prc_eq_seats_t q;
    int rc = prc_eq_mc_start(s, given, trials, 0, ranges, &q);
    if (rc) return rc;
    if (!prc_eq_holdem_known(s)) return PRC_EQ_BAD_SPEC;
    int64_t chunks = (trials + PRC_EQ_CHUNK - 1) / PRC_EQ_CHUNK;
    return prc_eq_mc_holdem(s, ranges, &q, seed0, seed1, trials, 0, chunks, stats, record);
}

#endif
