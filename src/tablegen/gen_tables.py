#!/usr/bin/env python3
"""Generate pyrankcore's lookup tables as C source.

Pure standard library and deterministic: the same input always gives
byte-identical output, so the build can regenerate it and a test can check
a checksum of every table.

Scheme (the additive-key perfect hash used by OMPEval-style evaluators,
implemented here from its description):

* Every rank r has a multiplier RANK_MULT[r]. The sum of the multipliers of a
  hand's cards is unique for every multiset of up to seven ranks with at most
  four of each rank, so it identifies the hand's rank pattern.
* Each card's 64-bit key is its rank multiplier in the low 32 bits plus
  1 << (32 + 4 * suit): four 4-bit suit counters in the high half. Counters
  start at 3, so a suit holding five or more cards sets bit 3 of its nibble.
  At most one suit can do that in seven cards.
* Non-flush hands: the 32-bit rank sum goes through a row-offset perfect
  hash, slot = sum + OFFSET[sum >> RANK_SHIFT] (one shift, one load, one
  add; uint32 arithmetic), then a uint16 table lookup.
* Flushes: a flush beats every non-flush hand that seven cards can make, so
  the 13-bit rank mask of the flush suit indexes an 8192-entry table directly.
* Every built-in game of pyrankcore/_ranking_data.py, tabulated by
  pyrankcore/_ranking_tables.py (both loaded from their files, so build and
  run time share one definition), gets its own rank table over the same
  slots and, where suits matter, its own flush table.

Usage: gen_tables.py OUTDIR   (writes prc_tables.c and prc_tables.h)
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys

# Found once by src/tablegen/search_rank_hash.c (a second): in rank order,
# each multiplier is the smallest value at or above a target (6400, 25600,
# 56000, 192000, 480000, 1200000, 2800000, 3440000, 3680000, 3720000,
# 3760000, 3800000, 3840000) that keeps every sum of <= 7 ranks (<= 4 of a
# rank) distinct. The top ranks' multipliers lie close together, so every
# row of 2^RANK_SHIFT sums holds a few sums bunched at its low end, and the
# rows pack with no hole: all 76,155 sums (0..26,810,442) fill a table of
# exactly 76,155 entries, with 13,092 row offsets (13,168 stored: see
# build_row_offsets). Uniqueness is checked on every run.
RANK_MULT = (
    6400,
    25601,
    56000,
    192000,
    480000,
    1200000,
    2800004,
    3440011,
    3680031,
    3720068,
    3760147,
    3800338,
    3852357,
)
MAX_CARDS = 7
RANK_SHIFT = 11
# Omaha boards (3 to 5 cards) get a perfect hash of their own over the same
# rank sums: 8,450 sums in 13,940 slots with 2,352 row offsets, about 36 KB
# in all, where their slots in the seven-card hash fall in 2,189 cache lines
# (137 KB) of a table of uint16 per slot. The Omaha loops look a board up
# once a hand.
BOARD_SHIFT = 13
BOARD_CARDS = (3, 5)
MASK32 = 0xFFFFFFFF
SUIT_SHIFT = 32
SUIT_START = 0x3333 << SUIT_SHIFT  # every suit counter starts at 3
INVALID_KEY = 1 << 60
N_CLASSES = 7462  # distinct five-card high hands


# The package's modules that define the tables; they import nothing from
# the package, which is not built yet when this runs. setup.py names the
# same files as inputs, so that a change to them regenerates the tables.
RANKING_MODULES = ("_ranking_data", "_ranking_tables")


def load_ranking_modules():
    """The modules of RANKING_MODULES, loaded from their files."""
    package = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "pyrankcore")
    modules = []
    for name in RANKING_MODULES:
        spec = importlib.util.spec_from_file_location(
            f"_prc{name}", os.path.join(package, f"{name}.py")
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look the module up
        spec.loader.exec_module(module)
        modules.append(module)
    return modules


def rank_multisets(max_size=MAX_CARDS):
    """Yield every count vector (13 ints, each 0..4) with sum <= max_size."""

    def rec(r, left, acc):
        if r == 13:
            yield tuple(acc)
            return
        for c in range(min(4, left) + 1):
            acc.append(c)
            yield from rec(r + 1, left - c, acc)
            acc.pop()

    yield from rec(0, max_size, [])


def rank_sum(counts):
    return sum(c * m for c, m in zip(counts, RANK_MULT))


def build_row_offsets(keys, shift=RANK_SHIFT, max_cards=MAX_CARDS):
    """Row displacement: the sums are cut into rows of 2**shift (row = sum >>
    shift); each row gets one offset, and a sum's slot is sum + offset
    (mod 2**32). Rows are placed densest first (ties: lower row first), each
    at the lowest position where all of its sums land on free slots; the
    table is as long as the highest slot + 1. Returns (the offsets, one per
    row up to that of seven top ranks, as uint32; the table size).

    Python ints serve as bitsets: shifting the free-slot set down by each
    sum's distance from its row's first sum and ANDing gives every position
    the row's first sum can take, at once.
    """
    mask = (1 << shift) - 1
    rows = {}
    for k in sorted(keys):
        rows.setdefault(k >> shift, []).append(k & mask)
    universe = len(keys) + 2 * (mask + 1)  # room enough: the rows pack tight
    free = (1 << universe) - 1
    # Rows with no sum, up to that of max_cards top ranks (repeated card ids
    # in the unchecked API), send a sum to its column: a wrong strength, but
    # no read outside the tables (which are at least a row long).
    n_rows = ((max_cards * max(RANK_MULT)) >> shift) + 1
    offsets = [(-(row << shift)) & MASK32 for row in range(n_rows)]
    size = 0
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        cols = rows[row]
        fits = free
        for c in cols[1:]:
            fits &= free >> (c - cols[0])
        if not fits:
            raise SystemExit(f"row {row} does not fit; raise the universe")
        first = (fits & -fits).bit_length() - 1  # slot of the row's first sum
        for c in cols:
            free &= ~(1 << (first + c - cols[0]))
        offsets[row] = (first - cols[0] - (row << shift)) & MASK32
        size = max(size, first + cols[-1] - cols[0] + 1)
    return offsets, max(size, mask + 1)


def hash_index(key, offsets):
    """Slot of a rank sum; mirrored exactly by prc_rank_slot in prc_eval.h."""
    return (key + offsets[key >> RANK_SHIFT]) & MASK32


def c_array(ctype, name, values, length, per_line=12):
    lines = [f"PRC_ALIGNED const {ctype} {name}[{length}] = {{"]
    for i in range(0, len(values), per_line):
        chunk = values[i : i + per_line]
        lines.append("    " + ", ".join(str(v) for v in chunk) + ",")
    lines.append("};")
    return "\n".join(lines)


def class_info(classes):
    """High classes packed for describe(): category in bits 20..23 and the
    tiebreak ranks in 4-bit fields, most significant first."""
    info = [0]
    for key in classes:
        cat, ranks = key[1], [max(r, 0) for r in key[2:7]]
        packed = cat << 20
        for i, r in enumerate(ranks):
            packed |= r << (16 - 4 * i)
        info.append(packed)
    return info


def generate():
    """(tables by C name, registry of built-in games) where a registry entry
    is (name, ranking, number of classes)."""
    data, ranking_tables = load_ranking_modules()
    registry = []
    multisets = list(rank_multisets())
    sums = {counts: rank_sum(counts) for counts in multisets}
    if len(set(sums.values())) != len(sums):
        raise SystemExit("RANK_MULT does not give unique rank sums")
    if max(sums.values()) > MASK32:
        raise SystemExit("rank sums must fit in 32 bits")
    offsets, hash_size = build_row_offsets(list(sums.values()))
    slots = {counts: hash_index(s, offsets) for counts, s in sums.items()}
    if len(set(slots.values())) != len(slots) or max(slots.values()) >= hash_size:
        raise SystemExit("the row offsets do not give every rank sum its own slot")

    def slot_of(counts):
        return slots[counts]

    board_sums = [
        s for counts, s in sums.items() if BOARD_CARDS[0] <= sum(counts) <= BOARD_CARDS[1]
    ]
    board_offsets, board_size = build_row_offsets(
        board_sums, shift=BOARD_SHIFT, max_cards=BOARD_CARDS[1]
    )
    board_slots = {(s + board_offsets[s >> BOARD_SHIFT]) & MASK32 for s in board_sums}
    if len(board_slots) != len(board_sums) or max(board_slots) >= board_size:
        raise SystemExit("the board offsets do not give every board its own slot")

    # Indexed by any byte: ids 52..255 carry the INVALID_KEY poison bit (up
    # to seven of them still fit below bit 63) and no card bit, so the batch
    # kernel validates ids with no branch per card.
    card_key = [INVALID_KEY] * 256
    card_bit = [0] * 256
    for card in range(52):
        rank, suit = divmod(card, 4)
        card_key[card] = RANK_MULT[rank] + (1 << (SUIT_SHIFT + 4 * suit))
        card_bit[card] = 1 << card
    # The batch kernels read one 16-byte entry per card: its key, then its
    # bit in a suit-major mask (bit 16 * suit + rank). Invalid ids have the
    # poison key and no bit. Suit-major bits put a flush suit's ranks one
    # shift away, and a repeated card shows as a sum of bits that differs
    # from their OR.
    card16 = []
    for card in range(256):
        rank, suit = divmod(card, 4)
        card16 += [card_key[card], (1 << (16 * suit + rank)) if card < 52 else 0]

    tables = {
        "prc_card_key": ("uint64_t", card_key),
        "prc_card_bit": ("uint64_t", card_bit),
        "prc_card16": ("uint64_t", card16),
        "prc_hash_offset": ("uint32_t", offsets),
        "prc_board_offset": ("uint32_t", board_offsets),
    }
    for name, options in data.BUILT_IN_RANKINGS.items():
        ranking = data.RankingData(name, **options)
        by_slot, flush, classes = ranking_tables.build_values(ranking, multisets, slot_of)
        values = [0] * hash_size
        for slot, v in by_slot.items():
            values[slot] = v
        tables[f"prc_rank_{name}"] = ("uint16_t", values)
        if ranking.flushes:
            tables[f"prc_flush_{name}"] = ("uint16_t", flush)
        if name == "high":
            assert len(classes) == N_CLASSES
            tables["prc_class_info"] = ("uint32_t", class_info(classes))
            tables["prc_high_category_start"] = ("uint16_t", category_starts(classes))
        registry.append((name, ranking, len(classes)))
    tables["prc_pair_column"] = ("uint8_t", pair_columns())
    return tables, registry, board_size


def category_starts(classes):
    """First strength of each category (HIGH_CARD .. STRAIGHT_FLUSH) of the
    high ranking, then one past the last: category c is the strengths
    starts[c] .. starts[c + 1] - 1."""
    starts = []
    for strength, key in enumerate(classes, start=1):
        cat = key[1]
        while len(starts) <= cat:
            starts.append(strength)
    starts.append(len(classes) + 1)
    assert len(starts) == 10
    return starts


def pair_columns():
    """Column of a hole-card pair in an Omaha pattern row, by the two card
    ids (a * 64 + b): hi * (hi + 1) / 2 + lo over their ranks, so the 91
    unordered rank pairs (pairs included) fill columns 0..90. Ids of 52 and
    up never reach it (rows are validated first) but map to column 0."""
    column = [0] * (64 * 64)
    for a in range(52):
        for b in range(52):
            lo, hi = sorted((a >> 2, b >> 2))
            column[a * 64 + b] = hi * (hi + 1) // 2 + lo
    return column


HEADER = """\
/* Generated by src/tablegen/gen_tables.py. Do not edit. */
#ifndef PRC_TABLES_H
#define PRC_TABLES_H
#include <stddef.h>
#include <stdint.h>

#define PRC_RANK_SHIFT {rank_shift}
/* Omaha boards' own perfect hash: slot = sum + prc_board_offset[sum >>
 * PRC_BOARD_SHIFT], below PRC_BOARD_SLOTS (prc_board_slot). */
#define PRC_BOARD_SHIFT {board_shift}
#define PRC_BOARD_SLOTS {board_size}
#define PRC_HASH_SIZE {hash_size}
/* Rank tables hold one spare zero entry past the last slot, so a vector
 * kernel may gather 4 bytes at any slot without reading past the table. */
#define PRC_RANK_LEN (PRC_HASH_SIZE + 1)
#define PRC_SUIT_SHIFT {suit_shift}
#define PRC_SUIT_START 0x{suit_start:X}ULL
#define PRC_FLUSH_BITS 0x{flush_bits:X}ULL
#define PRC_N_CLASSES {n_classes}
#define PRC_INVALID_SHIFT 60
#define PRC_N_PAIR_COLUMNS 91
/* Omaha pattern rows: the pair columns padded to three cache lines. */
#define PRC_PATTERN_STRIDE 96

/* Tables start on a cache line (the 16-byte card entries never straddle). */
#if defined(_MSC_VER)
#define PRC_ALIGNED __declspec(align(64))
#else
#define PRC_ALIGNED __attribute__((aligned(64)))
#endif

/* Tables stay private to the extension: nothing outside it links to them. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32)
#define PRC_HIDDEN __attribute__((visibility("hidden")))
#else
#define PRC_HIDDEN
#endif

/* The built-in rankings, in the order of pyrankcore.GAMES. */
typedef struct {{
    const char *name;
    const uint16_t *rank;   /* strength by rank slot */
    const uint16_t *flush;  /* strength by flush-suit rank mask; NULL if suits never count */
    int flush_mode;         /* PRC_FLUSH_* of prc_eval.h */
    int n_classes;          /* distinct strengths, 1..n_classes */
}} prc_builtin_t;
#define PRC_N_BUILTINS {n_builtins}
{class_defines}

{decls}
PRC_HIDDEN extern const prc_builtin_t prc_builtins[PRC_N_BUILTINS];

#endif
"""


def write(outdir):
    tables, registry, board_size = generate()
    decls = []
    body = [
        "/* Generated by src/tablegen/gen_tables.py. Do not edit. */",
        '#include "prc_tables.h"',
        "",
    ]
    for name, (ctype, values) in tables.items():
        # The spare entry is not part of the values (nor of their checksum):
        # C fills it with zero.
        length = "PRC_RANK_LEN" if name.startswith("prc_rank_") else len(values)
        decls.append(f"PRC_HIDDEN extern const {ctype} {name}[{length}];")
        body.append(c_array(ctype, name, values, length))
        body.append("")
    body.append("const prc_builtin_t prc_builtins[PRC_N_BUILTINS] = {")
    for name, ranking, n_classes in registry:
        flush = f"prc_flush_{name}" if f"prc_flush_{name}" in tables else "NULL"
        body.append(
            f'    {{"{name}", prc_rank_{name}, {flush}, {ranking.flush_mode}, {n_classes}}},'
        )
    body.append("};")
    body.append("")
    # Checksums let a test notice any change to what the generator emits.
    body.append("/* sha256 of each table's values, one per line:")
    for name, (ctype, values) in tables.items():
        digest = hashlib.sha256(",".join(map(str, values)).encode()).hexdigest()
        body.append(f"   {name} {digest}")
    body.append("*/")
    header = HEADER.format(
        rank_shift=RANK_SHIFT,
        board_shift=BOARD_SHIFT,
        board_size=board_size,
        hash_size=len(tables["prc_rank_high"][1]),
        suit_shift=SUIT_SHIFT,
        suit_start=SUIT_START,
        flush_bits=0x8888 << SUIT_SHIFT,
        n_classes=N_CLASSES,
        n_builtins=len(registry),
        class_defines="\n".join(
            f"#define PRC_N_CLASSES_{name.upper()} {n}" for name, _, n in registry
        ),
        decls="\n".join(decls),
    )
    os.makedirs(outdir, exist_ok=True)
    for fname, text in (("prc_tables.h", header), ("prc_tables.c", "\n".join(body) + "\n")):
        path = os.path.join(outdir, fname)
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old != text:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
    sizes = {n: len(v) for n, (t, v) in tables.items()}
    return sizes


if __name__ == "__main__":
    out = (
        sys.argv[1]
        if len(sys.argv) > 1
        else os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "generated")
    )
    print(write(out))
