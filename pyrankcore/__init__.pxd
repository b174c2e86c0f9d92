# `from pyrankcore cimport evaluate_7` and friends: see _core.pxd for the
# contracts.
from pyrankcore._core cimport (
    evaluate_5,
    evaluate_6,
    evaluate_7,
    evaluate_cards,
    evaluate_mask,
    evaluate_many,
    fold_values,
    index_hand,
    index_many,
    indexer_tables,
    showdown_values,
    terminal_work_size,
    unindex_hand,
    unindex_many,
)
