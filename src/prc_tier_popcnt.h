/* pyrankcore: the POPCNT tier (x86-64 with the POPCNT instruction, which
 * baseline x86-64 lacks): the portable loops with a cheaper validation.
 * prc_sum_cards with only the sum per card (one 16-byte add of key and
 * bits): a sum of n single bits has n bits set exactly when no two of them
 * carry, that is when none repeats, and an invalid id has no bit, so the
 * popcount of the bits' sum is n exactly when every id is valid and none
 * repeats (then the sum is the OR). The vector tiers hand these loops the
 * rows they do not take. */
#ifndef PRC_TIER_POPCNT_H
#define PRC_TIER_POPCNT_H

#include "prc_cpu.h"
#include "prc_tier_portable.h"

#if PRC_TIERS_X86
#define PRC_POPCNT_ATTR PRC_TARGET("popcnt")

PRC_POPCNT_ATTR static inline uint64_t prc_sum_cards_popcnt(const uint8_t *cards, int n,
                                                            uint64_t *key_out,
                                                            uint64_t *bits_out) {
    __m128i sum = _mm_set_epi64x(0, (long long)PRC_SUIT_START);
    for (int i = 0; i < n; i++) sum = _mm_add_epi64(sum, PRC_CARD_ENTRY(cards[i]));
    uint64_t bits = prc_high_lane(sum);
    *key_out = (uint64_t)_mm_cvtsi128_si64(sum);
    *bits_out = bits;
    return (uint64_t)((int)_mm_popcnt_u64(bits) != n);
}
PRC_DEFINE_ALL_ROWS(prc_rows_high_popcnt, prc_rows_game_popcnt, prc_sum_cards_popcnt,
                    PRC_POPCNT_ATTR)

/* The POPCNT loops of k = 5..7 cards under game (NULL: the high ranking):
 * the vector loops hand them the rows they do not take (k is a constant
 * where they inline, so the switch goes). */
PRC_POPCNT_ATTR static inline long prc_rows_popcnt_k(const prc_game_t *game,
                                                     const uint8_t *cards, int k, uint16_t *out,
                                                     long start, long stop) {
    if (game) return PRC_CALL_BY_SIZE(prc_rows_game_popcnt, k, game, cards, out, start, stop);
    return PRC_CALL_BY_SIZE(prc_rows_high_popcnt, k, cards, out, start, stop);
}
PRC_DEFINE_ALL_WILD_ROWS(prc_wild_rows_popcnt, prc_wild_sum_popcount, PRC_POPCNT_ATTR)
PRC_DEFINE_ALL_SUITED_ROWS(prc_suited_rows_popcnt, prc_sum_cards_popcnt, PRC_POPCNT_ATTR)

PRC_POPCNT_ATTR static inline long prc_suited_rows_popcnt_k(const prc_suited_t *x,
                                                            const uint8_t *cards, int k,
                                                            uint32_t *out, long start,
                                                            long stop) {
    return PRC_CALL_BY_SIZE(prc_suited_rows_popcnt, k, x, cards, out, start, stop);
}

/* The tier's entry points (its row in prc_tiers.h); the wild and suit
 * rows of other sizes go to the portable tier. */
PRC_DEFINE_SCALAR_TIER(popcnt, prc_rows_high_popcnt, prc_rows_game_popcnt, prc_wild_rows_popcnt,
                       prc_suited_rows_popcnt, prc_portable_wild(x, cards, k, out, start, stop),
                       prc_portable_suited(x, cards, k, out, start, stop))

/* The portable Omaha loops, validated by the popcount. */
PRC_DEFINE_OMAHA_SCALAR(prc_omaha_popcnt, 1, PRC_POPCNT_ATTR)

static long prc_popcnt_omaha(const prc_game_t *hi, const prc_omaha_t *ohi, const prc_game_t *lo,
                             const prc_omaha_t *olo, const uint8_t *holes, int nh,
                             const uint8_t *boards, int nb, uint16_t *out, long start,
                             long stop) {
    PRC_OMAHA_SCALAR_BY_SHAPE(prc_omaha_popcnt)
}

#endif /* PRC_TIERS_X86 */
#endif
