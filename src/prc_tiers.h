/* pyrankcore: the row-loop tiers and the one table every entry point calls
 * through.
 *
 * A tier is one header (prc_tier_<name>.h) holding the row loops of every
 * family (high and any game, Omaha, wild, suit tie-break) for one
 * instruction set, and four entry functions, prc_<name>_rows, _omaha,
 * _wild and _suited, each taking any rows and handing what its loops do not
 * take to the tier below. prc_tiers lists this build's tiers, slowest
 * first; at start-up the module calls prc_tier_select(prc_tier_best()):
 * one CPU detection (prc_cpu_features) picks the best tier the CPU and the
 * OS run, and the entry points below call its functions.
 *
 * Adding a tier: its header, its include below and its row in prc_tiers
 * (with the feature bit it needs in prc_cpu.h, if new).
 *
 * The extension compiles this header once, in prc_kernels.c; a C program
 * of one file includes it itself. */
#ifndef PRC_TIERS_H
#define PRC_TIERS_H

#ifdef PRC_KERNELS_DECLARE
#error "prc_tiers.h defines the row loops: prc_kernels.c includes it, not the module"
#endif

#include "prc_cpu.h"
#include "prc_tier_portable.h"
#include "prc_tier_popcnt.h"
#include "prc_tier_avx2.h"
#include "prc_tier_avx512.h"
#include "prc_tier_neon.h"

/* Tier ids, one each on every architecture. */
#define PRC_TIER_PORTABLE 0
#define PRC_TIER_POPCNT 1
#define PRC_TIER_AVX2 2
#define PRC_TIER_AVX512 3
#define PRC_TIER_NEON 4

typedef struct {
    const char *name; /* as pyrankcore names it */
    int id;           /* PRC_TIER_* */
    unsigned needs;   /* the PRC_CPU_* bits the CPU must have */
    long (*rows)(const prc_game_t *g, const uint8_t *cards, int k, uint16_t *out, long start,
                 long stop);
    long (*omaha)(const prc_game_t *hi, const prc_omaha_t *ohi, const prc_game_t *lo,
                  const prc_omaha_t *olo, const uint8_t *holes, int nh, const uint8_t *boards,
                  int nb, uint16_t *out, long start, long stop);
    long (*wild)(const prc_wild_t *x, const uint8_t *cards, int k, uint16_t *out, long start,
                 long stop);
    long (*suited)(const prc_suited_t *x, const uint8_t *cards, int k, uint32_t *out,
                   long start, long stop);
} prc_tier_t;

#define PRC_TIER_ROW(NAME, ID, NEEDS)                                                    \
    {#NAME, ID, NEEDS, prc_##NAME##_rows, prc_##NAME##_omaha, prc_##NAME##_wild,         \
     prc_##NAME##_suited}

/* This build's tiers, slowest first. Each needs what the tiers before it
 * need, so a CPU runs a prefix of them. */
static const prc_tier_t prc_tiers[] = {
    PRC_TIER_ROW(portable, PRC_TIER_PORTABLE, 0),
#if PRC_TIERS_X86
    PRC_TIER_ROW(popcnt, PRC_TIER_POPCNT, PRC_CPU_POPCNT),
    PRC_TIER_ROW(avx2, PRC_TIER_AVX2, PRC_CPU_POPCNT | PRC_CPU_AVX2),
#endif
#if PRC_TIERS_AVX512
    PRC_TIER_ROW(avx512, PRC_TIER_AVX512, PRC_CPU_POPCNT | PRC_CPU_AVX2 | PRC_CPU_AVX512),
#endif
#if PRC_TIERS_NEON
    PRC_TIER_ROW(neon, PRC_TIER_NEON, PRC_CPU_NEON),
#endif
};

#define PRC_N_TIERS ((int)(sizeof prc_tiers / sizeof prc_tiers[0]))

/* The tier in use: the portable one until the module selects the best at
 * import, before any thread can run a loop. */
static const prc_tier_t *prc_tier = &prc_tiers[0];

/* How many tiers this build has (indexes 0 .. count - 1, slowest first). */
PRC_ENTRY int prc_tier_count(void) { return PRC_N_TIERS; }

/* The name of tier *index*, or NULL outside the table. */
PRC_ENTRY const char *prc_tier_name(int index) {
    return index >= 0 && index < PRC_N_TIERS ? prc_tiers[index].name : NULL;
}

/* The index of the best tier this CPU and OS run (one detection). */
PRC_ENTRY int prc_tier_best(void) {
    unsigned features = prc_cpu_features();
    int best = 0;
    for (int i = 1; i < PRC_N_TIERS; i++)
        if ((prc_tiers[i].needs & features) == prc_tiers[i].needs) best = i;
    return best;
}

/* Use the best tier at or below *index* that this CPU runs (tests pass a
 * lower one to check that every tier gives the same strengths). Returns
 * the index chosen. Not while another thread runs a row loop. */
PRC_ENTRY int prc_tier_select(int index) {
    int best = prc_tier_best();
    int chosen = index < 0 ? 0 : index < best ? index : best;
    prc_tier = &prc_tiers[chosen];
    return chosen;
}

/* The index of the tier in use. */
PRC_ENTRY int prc_tier_current(void) { return (int)(prc_tier - prc_tiers); }

/* The entry points: each calls the tier in use. */
PRC_ENTRY long prc_rows(const prc_game_t *g, const uint8_t *cards, int k, uint16_t *out,
                        long start, long stop) {
    return prc_tier->rows(g, cards, k, out, start, stop);
}

PRC_ENTRY long prc_omaha_rows(const prc_game_t *g, const prc_omaha_t *o, const uint8_t *holes,
                              int nh, const uint8_t *boards, int nb, uint16_t *out, long start,
                              long stop) {
    return prc_tier->omaha(g, o, NULL, NULL, holes, nh, boards, nb, out, start, stop);
}

PRC_ENTRY long prc_omaha_rows_hilo(const prc_game_t *hi, const prc_omaha_t *ohi,
                                   const prc_game_t *lo, const prc_omaha_t *olo,
                                   const uint8_t *holes, int nh, const uint8_t *boards, int nb,
                                   uint16_t *out, long start, long stop) {
    return prc_tier->omaha(hi, ohi, lo, olo, holes, nh, boards, nb, out, start, stop);
}

PRC_ENTRY long prc_wild_rows(const prc_wild_t *x, const uint8_t *cards, int k, uint16_t *out,
                             long start, long stop) {
    return prc_tier->wild(x, cards, k, out, start, stop);
}

PRC_ENTRY long prc_suited_rows(const prc_suited_t *x, const uint8_t *cards, int k, uint32_t *out,
                               long start, long stop) {
    return prc_tier->suited(x, cards, k, out, start, stop);
}

#endif
