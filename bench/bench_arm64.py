"""Instructions per hand of the arm64 row loops, counted under qemu-aarch64.

Without an arm64 machine, a timing is not to be had: qemu-user translates
each instruction into several of the host's, so its wall time says nothing
about an arm64 core. What stands in for it is the count of guest
instructions each loop executes per hand, on the same random valid hands:

    python bench/bench_arm64.py [--ompeval /path/to/OMPEval] [--hands 2000]

The row-loop driver of the qemu test (tests/native_safety/arm64/driver.c)
is cross-compiled with ``aarch64-linux-gnu-gcc -O3 -static`` (the wheels'
-O3, no -march) and run under ``qemu-aarch64 -singlestep -d exec,nochain``,
which logs one line per guest instruction executed; the count for n hands
is subtracted from the count for 2n, so set-up and table loading cancel.
With ``--ompeval``, OMPEval's ``HandEvaluator::evaluate`` over ``Hand``
objects summed from card ids (the hand size a compile-time constant, its
best case) is cross-compiled with ``aarch64-linux-gnu-g++ -O3 -static`` and
counted the same way; its code stays in a temporary directory.

Counts are not cycles: a NEON table lookup of four registers counts as one
instruction and costs more than a scalar add on most cores. Read them as the
work each loop asks of the core, for the same hands.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path

import numpy as np

import pyrankcore as prc
from pyrankcore import _core
from pyrankcore.bench import to_ompeval_ids

ROOT = Path(__file__).resolve().parents[1]
DRIVER = ROOT / "tests" / "native_safety" / "arm64" / "driver.c"
GENERATED = ROOT / "src" / "generated"
CROSS_CC, CROSS_CXX, QEMU = "aarch64-linux-gnu-gcc", "aarch64-linux-gnu-g++", "qemu-aarch64"

OMPEVAL_DRIVER = r"""
// Evaluates n rows of K OMPEval card ids (file argv[2]); K = argv[1].
#include "omp/HandEvaluator.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

template <int K>
static void run(const omp::HandEvaluator &eval, const unsigned char *p, unsigned short *out,
                size_t n) {
    for (size_t i = 0; i < n; i++, p += K) {
        omp::Hand h = omp::Hand::empty();
        for (int j = 0; j < K; j++) h += omp::Hand(p[j]);
        out[i] = eval.evaluate(h);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    int k = std::atoi(argv[1]);
    std::FILE *f = std::fopen(argv[2], "rb");
    if (!f) return 3;
    std::vector<unsigned char> cards;
    unsigned char buf[1 << 16];
    size_t got;
    while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) cards.insert(cards.end(), buf, buf + got);
    std::fclose(f);
    size_t n = cards.size() / k;
    omp::HandEvaluator eval;
    std::vector<unsigned short> out(n);
    std::memset(out.data(), 0, n * sizeof(unsigned short));
    if (k == 5) run<5>(eval, cards.data(), out.data(), n);
    else if (k == 6) run<6>(eval, cards.data(), out.data(), n);
    else run<7>(eval, cards.data(), out.data(), n);
    std::fwrite(out.data(), sizeof(unsigned short), n, stdout);
    return 0;
}
"""


def guest_instructions(command: list[str]) -> int:
    """Guest instructions one qemu run of *command* executes (one log line
    each, with every translation block one instruction long)."""
    log = subprocess.Popen(
        [QEMU, "-singlestep", "-d", "exec,nochain", "-D", "/dev/stderr", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert log.stderr is not None
    count, last = 0, b"\n"
    while chunk := log.stderr.read(1 << 20):
        # a line is counted at its start: "Trace" after a newline
        count += (last + chunk).count(b"\nTrace")
        last = chunk[-5:]  # too short to hold a whole "\nTrace"
    if log.wait():
        raise SystemExit(f"{command[0]} failed under qemu")
    return count


def per_hand(run, work: Path, rows: np.ndarray) -> float:
    """(instructions for all rows - for the first half) / half the rows."""
    half = len(rows) // 2
    counts = []
    for part in (rows[:half], rows):
        path = work / "rows"
        path.write_bytes(np.ascontiguousarray(part).tobytes())
        counts.append(guest_instructions(run(path, len(part))))
    return (counts[1] - counts[0]) / (len(rows) - half)


def build(work: Path, ompeval: str | None) -> tuple[Path, Path | None]:
    driver = work / "driver"
    subprocess.run(
        [
            CROSS_CC,
            "-O3",
            "-static",
            f"-I{ROOT / 'src'}",
            f"-I{GENERATED}",
            str(DRIVER),
            str(GENERATED / "prc_tables.c"),
            "-o",
            str(driver),
        ],
        check=True,
    )
    if ompeval is None:
        return driver, None
    source = work / "omp_driver.cpp"
    source.write_text(OMPEVAL_DRIVER)
    omp = work / "omp_driver"
    subprocess.run(
        [
            CROSS_CXX,
            "-O3",
            "-static",
            "-std=c++11",
            "-I",
            ompeval,
            str(source),
            os.path.join(ompeval, "omp", "HandEvaluator.cpp"),
            "-o",
            str(omp),
        ],
        check=True,
    )
    return driver, omp


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ompeval", help="an OMPEval checkout (has omp/), to count it too")
    parser.add_argument("--hands", type=int, default=2000, help="hands counted per size")
    args = parser.parse_args()
    tools = [CROSS_CC, QEMU] + ([CROSS_CXX] if args.ompeval else [])
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        raise SystemExit(
            f"needs {', '.join(missing)} (Debian: gcc-aarch64-linux-gnu, "
            "g++-aarch64-linux-gnu, qemu-user)"
        )
    if not (GENERATED / "prc_tables.c").exists():
        raise SystemExit("no generated tables: build pyrankcore from this checkout first")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        driver, omp = build(work, args.ompeval)
        loops = subprocess.run(
            [QEMU, str(driver), "loops"], capture_output=True, text=True, check=True
        ).stdout.split()
        header = "| cards | " + " | ".join(loops) + (" | OMPEval |" if omp else " |")
        print(header)
        print("|---:" * (header.count("|") - 1) + "|")
        for k in (5, 6, 7):
            rows = prc.random_hands(2 * args.hands, k, seed=k)
            cells = [per_hand(partial(ours, driver, k, loop), work, rows) for loop in loops]
            if omp:
                omp_rows = to_ompeval_ids(rows)
                cells.append(per_hand(partial(theirs, omp, k), work, omp_rows))
            print(f"| {k} | " + " | ".join(f"{c:.1f}" for c in cells) + " |")
            sys.stdout.flush()
        print()
        print("| Omaha: hole + board cards | " + " | ".join(loops) + " |")
        print("|---" + "|---:" * len(loops) + "|")
        games = [omaha_game(work, "high")]
        for nh, nb, hilo in OMAHA_SHAPES:
            if hilo and len(games) == 1:
                games.append(omaha_game(work, "ace_five_8"))
            rows = prc.random_hands(2 * args.hands, nh + nb, seed=nh * 10 + nb)
            game_args = games[0] + (games[1] if hilo else [])
            cells = [
                per_hand(partial(ours_omaha, driver, nh, game_args, loop), work, rows)
                for loop in loops
            ]
            name = f"{nh} + {nb}" + (", hi-lo 8" if hilo else "")
            print(f"| {name} | " + " | ".join(f"{c:.1f}" for c in cells) + " |")
            sys.stdout.flush()
        print()
        print("| wild cards (high) | cards | " + " | ".join(loops) + " |")
        print("|---|---:" + "|---:" * len(loops) + "|")
        for wild in WILD:
            ranking = prc.ranking("high", wild=wild)
            tables = wild_tables(work, ranking)
            for k in (5, 7):
                rows = prc.random_hands(2 * args.hands, k, seed=k, game=ranking)
                cells = [
                    per_hand(partial(ours_table, driver, "wild", k, tables, loop), work, rows)
                    for loop in loops
                ]
                print(f"| {wild} | {k} | " + " | ".join(f"{c:.1f}" for c in cells) + " |")
                sys.stdout.flush()
        print()
        print("| suit tie-break | cards | " + " | ".join(loops) + " |")
        print("|---|---:" + "|---:" * len(loops) + "|")
        for base, tiebreak in SUITED:
            ranking = prc.ranking(base, suit_tiebreak=tiebreak)
            tables = work / "suited_tables"
            tables.write_bytes(_core._testing.suited_driver_tables(ranking))
            for k in (5, 7):
                rows = prc.random_hands(2 * args.hands, k, seed=k)
                cells = [
                    per_hand(partial(ours_table, driver, "suited", k, tables, loop), work, rows)
                    for loop in loops
                ]
                name = f"{base} {tiebreak}"
                print(f"| {name} | {k} | " + " | ".join(f"{c:.1f}" for c in cells) + " |")
                sys.stdout.flush()


def ours(driver: Path, k: int, loop: str, rows: Path, n: int) -> list[str]:
    """The driver's command for the n rows of k cards in *rows*, one loop."""
    spans = rows.with_name("spans")
    spans.write_bytes(np.array([0, n], dtype=np.int64).tobytes())
    deck = f"{(1 << 52) - 1:x}"
    return [str(driver), "rows", str(k), "-1", deck, str(rows), str(spans), loop]


def theirs(omp: Path, k: int, rows: Path, n: int) -> list[str]:
    return [str(omp), str(k), str(rows)]


# Omaha shapes counted: hole cards, board cards, hi-lo (high and ace_five_8)
OMAHA_SHAPES = [
    (4, 5, False),
    (5, 5, False),
    (6, 5, False),
    (4, 5, True),
    (4, 4, False),
    (6, 4, False),
]


def omaha_game(work: Path, game: str) -> list[str]:
    """The driver's GAME DECK TABLES arguments for *game*: its Omaha tables
    as this machine builds them, in the driver's TABLES format."""
    path = work / f"tables_{game}"
    path.write_bytes(_core._testing.omaha_driver_tables(game))
    deck = _core.tables_of(game).deck_mask
    return [str(prc.GAMES.index(game)), f"{deck:x}", str(path)]


# Wild rankings counted (of the high ranking)
WILD = ["jokers", "2", "lowest"]


def wild_tables(work: Path, ranking: object) -> Path:
    """The ranking's wild tables in the driver's TABLES format."""
    path = work / "wild_tables"
    path.write_bytes(_core._testing.wild_driver_tables(ranking))
    return path


# Suit tie-break rankings counted: (plain ranking, tie-break)
SUITED = [("high", "highest_card"), ("deuce_seven", "main_group")]


def ours_table(
    driver: Path, command: str, k: int, tables: Path, loop: str, rows: Path, n: int
) -> list[str]:
    """The driver's wild or suited command for the n rows of k cards in
    *rows*, one loop."""
    spans = rows.with_name("spans")
    spans.write_bytes(np.array([0, n], dtype=np.int64).tobytes())
    return [str(driver), command, str(k), str(tables), str(rows), str(spans), loop]


def ours_omaha(driver: Path, nh: int, game_args: list[str], loop: str, rows: Path, n: int):
    """The driver's Omaha command for the n rows in *rows* (hole cards, then
    board cards), one loop."""
    cards = np.fromfile(rows, dtype=np.uint8).reshape(n, -1)
    holes, boards, spans = (rows.with_name(name) for name in ("holes", "boards", "spans"))
    holes.write_bytes(np.ascontiguousarray(cards[:, :nh]).tobytes())
    boards.write_bytes(np.ascontiguousarray(cards[:, nh:]).tobytes())
    spans.write_bytes(np.array([0, n], dtype=np.int64).tobytes())
    nb = str(cards.shape[1] - nh)
    files = [str(holes), str(boards)]
    return [str(driver), "omaha", str(nh), nb, *files, *game_args, str(spans), loop]


if __name__ == "__main__":
    main()
