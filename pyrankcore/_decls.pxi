# The C side of _core: generated tables (src/generated/prc_tables.h) and the
# kernels of src/ (prc_eval.h, prc_omaha.h, prc_fantasyland.h).

# First of the C headers: the scalar kernels stay inline here, the batch and
# search entry points are prototypes of src/prc_kernels.c (its own
# translation unit, compiled beside this module).
cdef extern from "prc_kernels.h":
    pass

cdef extern from "prc_eval.h" nogil:
    const uint64_t PRC_SUIT_START
    const int PRC_N_CLASSES
    const int PRC_HASH_SIZE
    const int PRC_BOARD_SLOTS
    const int PRC_RANK_LEN
    const int PRC_N_PAIR_COLUMNS
    const int PRC_PATTERN_STRIDE
    const int PRC_N_BUILTINS
    const int PRC_N_CLASSES_INCOMPLETE
    const int PRC_FLUSH_IGNORED
    const int PRC_FLUSH_DOMINANT
    const int PRC_FLUSH_LOW

    const uint64_t prc_card_key[256]
    const uint64_t prc_card_bit[256]
    const uint64_t prc_card16[512]
    const uint32_t prc_class_info[7463]
    const uint16_t prc_high_category_start[10]

    ctypedef struct prc_builtin_t:
        const char *name
        const uint16_t *rank
        const uint16_t *flush
        int flush_mode
        int n_classes
    const prc_builtin_t prc_builtins[]

    ctypedef struct prc_game_t:
        const uint16_t *rank
        const uint16_t *flush
        uint64_t invalid
        uint64_t invalid_ids
        int flush_mode

    uint32_t prc_rank_slot(uint32_t rank_sum)
    uint32_t prc_board_slot(uint32_t rank_sum)
    int prc_popcount64(uint64_t x)
    uint16_t prc_eval_high(const uint8_t *cards, int n)
    uint16_t prc_eval_high_mask(uint64_t id_mask)
    uint16_t prc_eval_high_checked(const uint8_t *cards, int n, int *bad)
    uint16_t prc_eval_game_checked(const prc_game_t *g, const uint8_t *cards,
                                   int n, int *bad)
    long prc_rows(const prc_game_t *g, const uint8_t *cards, int k,
                  uint16_t *out, long start, long stop)
    int prc_tier_count()
    const char *prc_tier_name(int index)
    int prc_tier_best()
    int prc_tier_select(int index)
    int prc_tier_current()
    const char *PRC_BUILD_COMPILER

cdef extern from "prc_build.h":
    const char *PRC_BUILD_FLAGS

cdef extern from "prc_omaha.h" nogil:
    ctypedef struct prc_omaha_t:
        const uint16_t *pattern_of_slot
        const uint16_t *best
        const uint16_t *flush_row
        const uint16_t *flush_best
        const uint16_t *low_best
        uint8_t low_bit[16]
        int prefetch_rows
    enum: PRC_OMAHA_PREFETCH_BYTES
    uint16_t prc_omaha_checked(const prc_game_t *g, const uint8_t *hole, int nh,
                               const uint8_t *board, int nb, int *bad)
    long prc_omaha_rows(const prc_game_t *g, const prc_omaha_t *o,
                        const uint8_t *holes, int nh, const uint8_t *boards,
                        int nb, uint16_t *out, long start, long stop)
    long prc_omaha_rows_hilo(const prc_game_t *hi, const prc_omaha_t *ohi,
                             const prc_game_t *lo, const prc_omaha_t *olo,
                             const uint8_t *holes, int nh, const uint8_t *boards,
                             int nb, uint16_t *out, long start, long stop)

cdef extern from "prc_fantasyland.h" nogil:
    const int PRC_FL_N_FRONT
    const int PRC_FL_N_HIGH
    ctypedef struct prc_fl_rules_t:
        const int32_t *front_royalty
        const int32_t *middle_royalty
        const int32_t *back_royalty
        const int32_t *high_to_incomplete
        const prc_game_t *incomplete
        int middle_stay_from
        int back_stay_from
        int trips_from
        double stay_value
    ctypedef struct prc_fl_result_t:
        double value
        uint8_t front[3]
        uint8_t middle[5]
        uint8_t back[5]
    ctypedef struct prc_fl_workspace_t:
        pass
    size_t prc_fl_workspace_size()
    int prc_fl_solve(const prc_fl_rules_t *r, prc_fl_workspace_t *w,
                     const uint8_t *cards, int n, prc_fl_result_t *out)

cdef extern from "prc_wild.h" nogil:
    const int PRC_MAX_WILD
    const int PRC_WILD_SHIFT
    ctypedef struct prc_wild_t:
        prc_game_t natural
        const uint16_t *rank[8]
        const uint16_t *flush[8]
        const uint64_t *card16
        uint64_t natural_bits
        int lowest
        int low_flush_tiers
        const uint16_t *hand_rank[3]
    uint16_t prc_wild_eval(const prc_wild_t *x, const uint8_t *cards, int n, int *bad)
    long prc_wild_rows(const prc_wild_t *x, const uint8_t *cards, int k,
                       uint16_t *out, long start, long stop)
    int prc_wild_omaha_valid(const prc_wild_t *x, const uint8_t *hole, int nh,
                             const uint8_t *board, int nb)
    uint16_t prc_wild_omaha(const prc_wild_t *x, const uint8_t *hole, int nh,
                            const uint8_t *board, int nb)

cdef extern from "prc_suits.h" nogil:
    const int PRC_SUIT_KEY_BITS
    const int PRC_SUIT_INFO_SHIFT
    ctypedef struct prc_play_t:
        uint16_t base[5]
        uint8_t shift[5]
        uint8_t flags
    ctypedef struct prc_suited_t:
        prc_game_t game
        const uint64_t *info
        int n_classes
        int tiebreak
        uint8_t low_suit[4]
        const prc_play_t *plan
        uint16_t group_keys[2048]
    int PRC_PLAY_CODE(int plays, int decides, int after)
    const int PRC_PLAY_FLUSH_OK
    const int PRC_PLAY_MIXED_OK
    const int PRC_PLAY_SEARCH
    void prc_suited_init(prc_suited_t *x)
    long prc_suited_search_rows(const prc_suited_t *x, const uint8_t *cards, int k,
                                uint32_t *out, long start, long stop)
    uint32_t prc_suited_checked(const prc_suited_t *x, const uint8_t *cards, int n,
                                int *bad)
    long prc_suited_rows(const prc_suited_t *x, const uint8_t *cards, int k,
                         uint32_t *out, long start, long stop)
    uint32_t prc_suited_omaha_checked(const prc_suited_t *x, const uint8_t *hole, int nh,
                                      const uint8_t *board, int nb, int *bad)
    long prc_suited_omaha_rows(const prc_suited_t *x, const uint8_t *holes, int nh,
                               const uint8_t *boards, int nb, uint32_t *out,
                               long start, long stop)
