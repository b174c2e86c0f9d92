/* pyrankcore: the interface of src/prc_kernels.c, for the Cython module.
 *
 * Including this header first switches the kernel headers to
 * PRC_KERNELS_DECLARE (see prc_eval.h): the types and the scalar inline
 * functions that the module calls per hand (prc_eval_high_checked and the
 * other _checked ones) stay inline; the entry points that take a whole
 * batch or search are the prototypes below, compiled once in prc_kernels.c.
 * A C program of one file includes the kernel headers themselves instead.
 */
#ifndef PRC_KERNELS_H
#define PRC_KERNELS_H

#ifndef PRC_KERNELS_DEFINE
#ifdef PRC_EVAL_H
#error "prc_kernels.h must come before the kernel headers"
#endif
#define PRC_KERNELS_DECLARE 1
#endif

#include "prc_eval.h"
#include "prc_omaha.h"
#include "prc_wild.h"
#include "prc_suits.h"
#include "prc_fantasyland.h"
#include "prc_board.h"
#include "prc_equity.h"
#include "prc_isomorphism.h"

/* The row-loop tiers (prc_tiers.h): this build's, slowest first, by
 * index; the entry points prc_rows, prc_omaha_rows, prc_omaha_rows_hilo,
 * prc_wild_rows and prc_suited_rows are declared by their family headers
 * and call the tier selected. */
PRC_ENTRY int prc_tier_count(void);
PRC_ENTRY const char *prc_tier_name(int index);
PRC_ENTRY int prc_tier_best(void);
PRC_ENTRY int prc_tier_select(int index);
PRC_ENTRY int prc_tier_current(void);

/* Suit tie-break rows by the subset search (prc_suits.h). */
PRC_ENTRY long prc_suited_search_rows(const prc_suited_t *x, const uint8_t *cards, int k,
                                      uint32_t *out, long start, long stop);
PRC_ENTRY long prc_suited_omaha_rows(const prc_suited_t *x, const uint8_t *holes, int nh,
                                     const uint8_t *boards, int nb, uint32_t *out, long start,
                                     long stop);

/* The Fantasyland solver (prc_fantasyland.h). */
PRC_ENTRY int prc_fl_solve(const prc_fl_rules_t *r, prc_fl_workspace_t *w, const uint8_t *cards,
                           int n, prc_fl_result_t *out);

/* Equity (prc_equity.h). */
PRC_ENTRY void prc_eq_ranks_init(void);
PRC_ENTRY int prc_eq_exact(const prc_eq_spec_t *s, const uint8_t *holes, long a_lo, long a_hi,
                           int top_lo, int top_hi, int per_assignment, int allow_fast,
                           uint64_t *stats);
PRC_ENTRY int prc_eq_exact_ranges(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,
                                  int64_t idx_lo, int64_t idx_hi, int top_lo, int top_hi,
                                  int allow_fast, uint64_t *stats, double *wstats,
                                  double *wtotal);
PRC_ENTRY int prc_eq_monte_carlo(const prc_eq_spec_t *s, const prc_eq_range_t *given,
                                 uint64_t seed0, uint64_t seed1, int64_t trials, int64_t chunk_lo,
                                 int64_t chunk_hi, uint64_t *stats);
PRC_ENTRY int prc_eq_monte_carlo_deals(const prc_eq_spec_t *s, const prc_eq_range_t *given,
                                       uint64_t seed0, uint64_t seed1, int64_t trials,
                                       uint64_t *stats, uint8_t *record);

/* Every hand on a board at once (prc_board.h). */
PRC_ENTRY int prc_bd_nsub(int k);
PRC_ENTRY void prc_bd_subsets(const uint8_t *c, int k, uint16_t *sub);
PRC_ENTRY void prc_bd_prepare(const uint8_t *combos, int k, long lo, long hi,
                              prc_bd_combo_t *out);
PRC_ENTRY void prc_bd_strengths(const prc_bd_game_t *x, const uint8_t *board, int nb,
                                const uint8_t *combos, const prc_bd_combo_t *pc, int k,
                                long lo, long hi, int32_t *out);
PRC_ENTRY int prc_bd_sort(const int32_t *strength, int n, int32_t *order, int32_t *scratch);
PRC_ENTRY void prc_bd_sweep(const prc_bd_list_t *l, const double *w, const double *hero,
                            double *sums, double *beat, double *tie, double *apart);
PRC_ENTRY void prc_bd_showdown(const prc_bd_list_t *l, const double *reach, long R, double win,
                               double tie_value, double lose, double *sums,
                               double *scratch, double *out);
PRC_ENTRY void prc_bd_fold(const prc_bd_list_t *l, const double *reach, long R, double amount,
                           double *sums, double *out);
PRC_ENTRY long prc_bd_now_places(const int32_t *now, const int32_t *order, int m,
                                 const uint16_t *sub, prc_bd_place_t *place, int32_t *cnt);
PRC_ENTRY long prc_bd_features(const prc_bd_feat_t *f, const uint8_t *finals, long R,
                               const prc_bd_feat_work_t *x, const prc_bd_feat_out_t *o);

/* Heads-up equity by the sweep (prc_equity_sweep.h). */
PRC_ENTRY int64_t prc_eq_sweep_boards(const prc_eq_sweep_t *j);
PRC_ENTRY int prc_eq_sweep(const prc_eq_sweep_t *j, int64_t b_lo, int64_t b_hi,
                           const prc_eq_sweep_work_t *x, uint64_t *stats, double *wstats,
                           double *wtotal);

/* Solver terminal values of two-card combos (prc_equity_terminal.h). */
PRC_ENTRY int prc_tv_values(const prc_bd_list_t *l, const void *reach, int f32_in, long r_lo,
                            long r_hi, double win, double tie, double lose, int fold,
                            double *work, void *out, int f32_out);

/* Hand isomorphism (prc_isomorphism.h). */
PRC_ENTRY int prc_ix_build(prc_ix_t *ix, const int *cards, int nrounds, int ranks,
                           prc_ix_config_t *config, uint32_t *hash);
PRC_ENTRY long prc_ix_index_rows(const prc_ix_t *ix, int nr, const uint8_t *cards, int k,
                                 uint64_t *out, long start, long stop);
PRC_ENTRY long prc_ix_next_rows(const prc_ix_t *ix, prc_ix_state_t *st, const uint8_t *cards,
                                int k, uint64_t *out, long start, long stop);
PRC_ENTRY long prc_ix_unindex_rows(const prc_ix_t *ix, int r, const uint64_t *idx, uint8_t *out,
                                   long start, long stop);

#endif
