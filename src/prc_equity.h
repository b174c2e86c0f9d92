/* pyrankcore: equity kernels (exact enumeration and Monte Carlo).
 *
 * Pure C over prc_eval.h and prc_omaha.h. A deal gives every player their
 * missing own cards (stud down cards, a draw, a random hand) and the board
 * its missing cards; each player's final hand is ranked under the high
 * and/or the low ranking and the pot is settled as showdown() does. The
 * tallies are integers in units of 1/PRC_EQ_UNIT of a pot, so that every
 * share of a pot (a half split up to ten ways) is a whole number of units
 * and runs can be split and merged exactly.
 *
 * The Cython layer (pyrankcore/_equity.pxi) checks every size and card
 * before calling in; the kernels check the sizes once more (a bad spec is
 * refused with PRC_EQ_BAD_SPEC, never read past a buffer).
 */
#ifndef PRC_EQUITY_H
#define PRC_EQUITY_H

/* The parts, each by trade; this header is the one the Cython layer
 * includes (it sees the spec's types; the kernels compile in
 * prc_kernels.c, their prototypes are in prc_kernels.h). */
#include "prc_equity_settle.h" /* the spec, a deal, settling the pot */
#include "prc_equity_sweep.h"  /* heads-up with known hands: the sweep */
#include "prc_equity_terminal.h" /* solver terminal values, two-card combos */
#ifndef PRC_KERNELS_DECLARE
#include "prc_equity_exact.h" /* exact enumeration, the rank-board path */
#include "prc_equity_deal.h"  /* the generator and the range sampler */
#include "prc_equity_mc.h"    /* Monte Carlo */
#endif

#endif
