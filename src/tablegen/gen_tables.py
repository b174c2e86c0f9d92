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
* Non-flush hands: the 32-bit rank sum goes through a hash-and-displace
  perfect hash (one multiply gives a bucket and a home slot; the bucket's
  displacement moves the slot), then a uint16 table lookup.
* Flushes: a flush beats every non-flush hand that seven cards can make, so
  the 13-bit rank mask of the flush suit indexes an 8192-entry table directly.
* Every game in pyrankcore/_rankings.py (loaded from that file, so build and
  run time share one definition) gets its own rank table over the same
  slots and, where suits matter, its own flush table.

Usage: gen_tables.py OUTDIR   (writes prc_tables.c and prc_tables.h)
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys

# Found once by a greedy search (src/tablegen/find_rank_mult.c, minutes): each
# multiplier is the smallest value larger than the previous one that keeps
# every sum of <= 7 ranks (<= 4 of a rank) distinct. Checked on every run.
RANK_MULT = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)
MAX_CARDS = 7
# Perfect hash parameters: 76,155 rank sums, home slots 0..76,999; the
# displaced slots fill a table of about 78,200 (97% full).
HASH_MULT = 0x9E3779B97F4A7C15
BUCKET_BITS = 14
HASH_HOME = 77000
MASK64 = (1 << 64) - 1
SUIT_SHIFT = 32
SUIT_START = 0x3333 << SUIT_SHIFT  # every suit counter starts at 3
INVALID_KEY = 1 << 60
N_CLASSES = 7462  # distinct five-card high hands


def load_rankings():
    """Load pyrankcore/_rankings.py by path (the package itself is not built
    yet when this runs)."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "pyrankcore", "_rankings.py")
    spec = importlib.util.spec_from_file_location("_prc_rankings", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up
    spec.loader.exec_module(module)
    return module


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


def hash_parts(key, mult=None):
    """(bucket, home slot) of a rank sum; mirrored exactly by the C kernel."""
    h = (key * (HASH_MULT if mult is None else mult)) & MASK64
    return h >> (64 - BUCKET_BITS), ((h & 0xFFFFFFFF) * HASH_HOME) >> 32


def build_perfect_hash(keys):
    """Hash and displace: one displacement per bucket. Returns (the
    displacements, the table size).

    A key's slot is home + DISPLACE[bucket], with no wrap-around (the kernel
    saves a compare): the table is as long as the highest slot used. Buckets
    are placed largest first, each at the smallest displacement that lands
    all of its keys on free slots. Python ints serve as bitsets: shifting the
    free-slot set down by each key's home slot and ANDing gives every
    workable displacement at once.
    """
    buckets = {}
    for k in keys:
        b, home = hash_parts(k)
        buckets.setdefault(b, []).append(home)
    universe = 2 * HASH_HOME  # room enough: no bucket needs more
    free = (1 << universe) - 1
    displace = [0] * (1 << BUCKET_BITS)
    size = 0
    for b in sorted(buckets, key=lambda b: (-len(buckets[b]), b)):
        homes = buckets[b]
        if len(set(homes)) != len(homes):
            raise SystemExit(f"bucket {b}: two keys share a home slot")
        fits = (1 << universe) - 1  # any displacement, until a home rules it out
        for p in homes:
            fits &= free >> p
        if not fits:
            raise SystemExit(f"bucket {b} does not fit; raise the universe")
        d = (fits & -fits).bit_length() - 1
        for p in homes:
            free &= ~(1 << (p + d))
        displace[b] = d
        size = max(size, max(homes) + d + 1)
    return displace, size


def hash_index(key, displace):
    b, home = hash_parts(key)
    return home + displace[b]


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
    rankings = load_rankings()
    registry = []
    multisets = list(rank_multisets())
    sums = {counts: rank_sum(counts) for counts in multisets}
    if len(set(sums.values())) != len(sums):
        raise SystemExit("RANK_MULT does not give unique rank sums")
    displace, hash_size = build_perfect_hash(list(sums.values()))

    def slot_of(counts):
        return hash_index(sums[counts], displace)

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
        "prc_hash_displace": ("uint32_t", displace),
    }
    for name, ranking in rankings.RANKINGS.items():
        by_slot, flush, classes = rankings.build_values(ranking, multisets, slot_of)
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
    return tables, registry


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

#define PRC_HASH_MULT 0x{hash_mult:X}ULL
#define PRC_BUCKET_SHIFT {bucket_shift}
#define PRC_HASH_HOME {hash_home}
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
    tables, registry = generate()
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
        hash_mult=HASH_MULT,
        bucket_shift=64 - BUCKET_BITS,
        hash_home=HASH_HOME,
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
