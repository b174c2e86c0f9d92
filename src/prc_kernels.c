/* pyrankcore: the batch and search kernels, compiled once for the extension.
 *
 * The row loops of every instruction-set tier, the Omaha, wild and suit
 * loops, equity and the Fantasyland solver and the hand indexer make about half of the
 * extension's compile time. Here they are one translation unit of their
 * own, which the build compiles beside the Cython module (setup.py); their
 * entry points have external linkage (PRC_KERNELS_DEFINE, see prc_eval.h)
 * and the module calls them through prc_kernels.h; the row loops' entry
 * points call the tier prc_tiers.h selects.
 */
#define PRC_KERNELS_DEFINE 1

#include "prc_eval.h"
#include "prc_omaha.h"
#include "prc_wild.h"
#include "prc_suits.h"
#include "prc_fantasyland.h"
#include "prc_board.h"
#include "prc_equity.h"
#include "prc_isomorphism.h"
#include "prc_tiers.h"

/* Last, so the compiler checks each prototype against its definition. */
#include "prc_kernels.h"
