"""Royalties and scores of many OFC deals at once, from (N, players, 13)
card arrays, through the same checks as every batch of the library
(:mod:`pyrankcore.batch`) and the row kernels without the GIL."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyrankcore import _args, _core
from pyrankcore._work import split_rows
from pyrankcore.batch import MIN_ROWS_PER_THREAD, as_array, as_uint8, card_matrix, evaluate_batch
from pyrankcore.errors import HandSizeError
from pyrankcore.ofc.board import sweep
from pyrankcore.ofc.rules import Rules, as_rules, check_players
from pyrankcore.ofc.two_decks import check_card_rows, royalty_arrays, tables

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pyrankcore._typing import OfcBoardArray


def _batch_boards(boards: Any, decks: int = 1) -> Any:
    """Validate an (N, players, 13) or (N, 13) card array; returns it as
    uint8 of shape (N, players, 13). With two decks a card may appear twice
    in a deal (a row of the flat array)."""
    import numpy as np

    arr = as_array(boards, "boards") if boards is not None else None
    from_list = not isinstance(boards, np.ndarray)
    if arr is not None and arr.ndim == 3:
        n, players, k = arr.shape
        if k != 13:
            raise _shape_error(arr.shape)
        flat = card_matrix(arr.reshape(n, players * 13), "boards", from_list)
    else:
        flat = card_matrix(arr, "boards", from_list)
        if flat.shape[1] != 13:
            raise _shape_error(flat.shape)
        arr = flat[:, None, :]
    flat8 = as_uint8(flat)
    check_card_rows(flat8, flat, decks)
    return flat8.reshape(arr.shape)


def _shape_error(shape: tuple[int, ...]) -> HandSizeError:
    return HandSizeError(f"boards must have shape (N, players, 13) or (N, 13), got {shape}")


def _dd_rows(flat: Any, threads: int | None) -> tuple[Any, Any, Any]:
    """Double-deck strengths (front, middle, back) of an (M, 13) uint8 array
    of boards, in C without the GIL."""
    import numpy as np

    plain, flush, front_t, _ = tables()
    m = flat.shape[0]
    out = np.empty((3, m), dtype=np.uint16)

    def rows(a: int, b: int) -> int:
        return _core.dd_board_rows(flat, plain, flush, front_t, out[0], out[1], out[2], a, b)

    split_rows(rows, m, _args.thread_count(threads, m, MIN_ROWS_PER_THREAD))
    return out[0], out[1], out[2]


def _batch_rows(arr: Any, rules: Rules, threads: int | None) -> dict[str, npt.NDArray[Any]]:
    """Strengths, fouls and royalties of every board in an (N, P, 13) array."""
    import numpy as np

    n, players, _ = arr.shape
    flat = arr.reshape(n * players, 13)
    if rules.decks == 2:
        front, middle, back = _dd_rows(np.ascontiguousarray(flat), threads)
    else:
        front = evaluate_batch(np.ascontiguousarray(flat[:, :3]), "incomplete", threads=threads)
        middle = evaluate_batch(np.ascontiguousarray(flat[:, 3:8]), threads=threads)
        back = evaluate_batch(np.ascontiguousarray(flat[:, 8:]), threads=threads)
    front_r, middle_r, back_r, to_incomplete = royalty_arrays(rules.royalties, rules.decks)
    fouled = (back < middle) | (to_incomplete[middle] < front)
    royalties = np.where(fouled, 0, front_r[front] + middle_r[middle] + back_r[back])
    shape = (n, players)
    return {
        "front": front.reshape(shape),
        "middle": middle.reshape(shape),
        "back": back.reshape(shape),
        "fouled": fouled.reshape(shape),
        "royalties": royalties.reshape(shape).astype(np.int32),
    }


def royalties_batch(
    boards: OfcBoardArray, rules: Rules | None = None, *, threads: int | None = None
) -> npt.NDArray[np.int32]:
    """Royalties of N boards: (N, players, 13) or (N, 13) card ids in row
    order (front 3, middle 5, back 5). Returns int32 of shape (N, players)
    or (N,); fouled boards get 0. Errors name the first bad row."""
    import numpy as np

    rules = as_rules(rules)
    arr = _batch_boards(boards, rules.decks)
    result = _batch_rows(arr, rules, threads)["royalties"]
    return result[:, 0] if np.asarray(boards).ndim == 2 else result


def score_batch(
    boards: OfcBoardArray, rules: Rules | None = None, *, threads: int | None = None
) -> npt.NDArray[np.int32]:
    """Scores of N deals at once: an (N, players, 13) array of card ids, 2 to
    4 players (2 to 8 under ``Rules(decks=2)``), each board in row order. Returns int32 (N, players) net
    points, each row summing to zero, equal to :func:`score` row by row.
    Under ``Rules(decks=2)`` a card id may appear twice in a deal (a third
    copy is a DuplicateCardError naming the row and the card).

    >>> import numpy as np
    >>> from pyrankcore import parse_cards
    >>> deal = parse_cards("6s 6c 4h Td Ts 9c Qs 8c 3h 3d 3s 2h 2d "
    ...                    "Ah Kd Qd 9h 9d 5h 5d 4c Ks Js 9s 8s 7s")
    >>> score_batch(np.array(deal).reshape(1, 2, 13))
    array([[ 4, -4]], dtype=int32)
    """
    import numpy as np

    rules = as_rules(rules)
    shape = getattr(boards, "shape", None)
    if isinstance(shape, tuple) and len(shape) == 3:
        check_players(shape[1], rules.decks)
    arr = _batch_boards(boards, rules.decks)
    check_players(arr.shape[1], rules.decks)
    rows = _batch_rows(arr, rules, threads)
    fouled, royalties = rows["fouled"], rows["royalties"]
    moon = np.zeros(fouled.shape, dtype=np.int32)
    if rules.shoot_the_moon:
        # a legal board whose back is jack-high or weaker (no pair)
        jack_high = rows["back"] <= _core.evaluate("Jc Td 9h 8s 6c")  # best jack high
        moon = np.where(~fouled & jack_high, rules.moon_bonus, 0).astype(np.int32)
    n, players = fouled.shape
    totals = np.zeros((n, players), dtype=np.int32)
    swept = sweep(rules)
    for i in range(players):
        for j in range(i + 1, players):
            signs = [
                np.sign(rows[r][:, i].astype(np.int32) - rows[r][:, j].astype(np.int32))
                for r in ("front", "middle", "back")
            ]
            won = sum((s > 0).astype(np.int32) for s in signs)
            lost = sum((s < 0).astype(np.int32) for s in signs)
            points = (won - lost) * rules.row_points
            points += np.where(won == 3, rules.scoop_bonus, 0)
            points -= np.where(lost == 3, rules.scoop_bonus, 0)
            points += np.where(won >= 2, rules.majority_bonus, 0)
            points -= np.where(lost >= 2, rules.majority_bonus, 0)
            points += royalties[:, i] - royalties[:, j] + moon[:, i] - moon[:, j]
            fi, fj = fouled[:, i], fouled[:, j]
            points = np.where(fi & fj, 0, points)
            points = np.where(fi & ~fj, -(swept + royalties[:, j] + moon[:, j]), points)
            points = np.where(~fi & fj, swept + royalties[:, i] + moon[:, i], points)
            totals[:, i] += points
            totals[:, j] -= points
    return totals
