"""A heads-up river game solved by CFR+ in NumPy on pyrankcore.solver.

    python docs/river_cfr.py [--iterations N] [--plot FILE]

The game: a pot of 1 on a fixed river board; the out-of-position player
(OOP) checks or bets the pot; facing a bet a player calls or folds; after a
check the in-position player (IP) checks behind or bets the pot. Each
player holds one of the combos of their range (card removal applies: no
card twice). Payoffs count from the start of the river, each player having
put half of the pot in: at a showdown of total pot T the winner gets +T/2,
the loser -T/2 (a tie 0); the player who folds loses the 1/2 already in.

Every terminal node is one call of pyrankcore.solver's sweep for all of a
player's hands at once (SortedBoard.showdown_values and fold_values);
CFR+ (regret matching with regrets floored at zero, alternating updates,
the average strategy weighted by iteration) runs on whole vectors of hands.
The script checks the sweep against the naive double loop over pairs of
hands once, prints the exploitability (the mean of the two best responses'
gains, in percent of the pot) as it falls, and with --plot draws it.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np

from pyrankcore.boards import SortedBoard

BOARD = "Qs Jh 7d 4c 2s"
OOP_RANGE = "22+,A2s+,K9s+,QTs+,JTs,T9s,98s,ATo+,KTo+,QTo+,JTo"
IP_RANGE = "random"
BET = 1.0  # the pot-sized bet, with a pot of 1

# The tree: node -> (player to act, actions, children). Children name a
# decision node or a terminal: ("showdown", pot) or ("fold", folder).
Node = str | tuple[str, float]
TREE: dict[str, tuple[int, tuple[str, str], tuple[Node, Node]]] = {
    "root": (0, ("check", "bet"), ("check", "bet")),
    "check": (1, ("check", "bet"), (("showdown", 1.0), "check-bet")),
    "check-bet": (0, ("fold", "call"), (("fold", 0), ("showdown", 1.0 + 2 * BET))),
    "bet": (1, ("fold", "call"), (("fold", 1), ("showdown", 1.0 + 2 * BET))),
}


def range_reach(sb: SortedBoard, text: str) -> np.ndarray:
    """1.0 for each combo of the board's list in the range (0 where it
    meets the board)."""
    import pyrankcore as prc

    reach = np.zeros(len(sb))
    combos = prc.parse_range(text)
    for cards, weight in combos:
        i = sb.index(list(cards))
        reach[i] = weight
    reach[sb.strengths < 0] = 0.0
    return reach


class RiverGame:
    """CFR+ over the tree above for one board and two ranges."""

    def __init__(self, board: str, ranges: tuple[str, str]) -> None:
        self.sb = SortedBoard(board)
        self.reach = [range_reach(self.sb, r) for r in ranges]
        n = len(self.sb)
        self.regret = {node: np.zeros((n, 2)) for node in TREE}
        self.average = {node: np.zeros((n, 2)) for node in TREE}
        # the mass of deals: every pair of hands that fits, by its weights
        self.deals = float(self.reach[0] @ self.sb.fold_values(self.reach[1]))

    @staticmethod
    def strategy(regret: np.ndarray) -> np.ndarray:
        positive = np.maximum(regret, 0.0)
        total = positive.sum(axis=1, keepdims=True)
        uniform = np.full_like(regret, 1.0 / regret.shape[1])
        sigma: np.ndarray = np.where(total > 0, positive / np.where(total > 0, total, 1.0), uniform)
        return sigma

    def terminal(self, child: tuple[str, float], player: int, opp_reach: np.ndarray) -> np.ndarray:
        kind, arg = child
        if kind == "showdown":
            half = arg / 2
            values: np.ndarray = self.sb.showdown_values(opp_reach, win=half, tie=0.0, lose=-half)
            return values
        sign = -1.0 if arg == player else 1.0  # arg: the player who folds
        folded: np.ndarray = self.sb.fold_values(opp_reach, amount=sign * 0.5)
        return folded

    def cfr(
        self, node: Node, player: int, own: np.ndarray, opp: np.ndarray, weight: float
    ) -> np.ndarray:
        """Counterfactual values of *player*'s hands at *node* (one CFR+
        update of that player's regrets and average strategy)."""
        if isinstance(node, tuple):
            return self.terminal(node, player, opp)
        actor, _actions, children = TREE[node]
        sigma = self.strategy(self.regret[node])
        if actor == player:
            values = np.stack(
                [
                    self.cfr(c, player, own * sigma[:, a], opp, weight)
                    for a, c in enumerate(children)
                ],
                axis=1,
            )
            value: np.ndarray = (sigma * values).sum(axis=1)
            self.regret[node] = np.maximum(self.regret[node] + values - value[:, None], 0.0)
            self.average[node] += weight * own[:, None] * sigma
            return value
        total = np.zeros(len(self.sb))
        for a, c in enumerate(children):
            total += self.cfr(c, player, own, opp * sigma[:, a], weight)
        return total

    def best_response(self, node: Node, player: int, opp: np.ndarray) -> np.ndarray:
        """Values of *player*'s best response to the other's average strategy."""
        if isinstance(node, tuple):
            return self.terminal(node, player, opp)
        actor, _actions, children = TREE[node]
        if actor == player:
            best: np.ndarray = np.max(
                np.stack([self.best_response(c, player, opp) for c in children], axis=1), axis=1
            )
            return best
        sigma = self.strategy(self.average[node])  # the normalised average
        total = np.zeros(len(self.sb))
        for a, c in enumerate(children):
            total += self.best_response(c, player, opp * sigma[:, a])
        return total

    def exploitability(self) -> float:
        """The mean gain of the two best responses, in percent of the pot."""
        gains = [
            float(self.reach[p] @ self.best_response("root", p, self.reach[1 - p])) / self.deals
            for p in (0, 1)
        ]
        return 100.0 * (gains[0] + gains[1]) / 2

    def solve(self, iterations: int, every: int = 10) -> list[tuple[int, float]]:
        """Run CFR+; the exploitability every *every* iterations."""
        history = []
        for t in range(1, iterations + 1):
            for player in (0, 1):
                self.cfr("root", player, self.reach[player], self.reach[1 - player], float(t))
            if t % every == 0 or t == iterations:
                history.append((t, self.exploitability()))
        return history


def naive_showdown(sb: SortedBoard, reach: np.ndarray, half: float) -> np.ndarray:
    """The showdown values by the double loop over every pair of hands."""
    s = sb.strengths
    cards = [set(c) for c in sb.combos.tolist()]
    out = np.zeros(len(sb))
    for i in range(len(sb)):
        if s[i] < 0:
            continue
        for j in range(len(sb)):
            if s[j] < 0 or reach[j] == 0.0 or cards[i] & cards[j]:
                continue
            out[i] += reach[j] * (half if s[i] > s[j] else -half if s[i] < s[j] else 0.0)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=500)
    ap.add_argument("--plot", help="draw the exploitability into this PNG file (matplotlib)")
    args = ap.parse_args(argv)

    game = RiverGame(BOARD, (OOP_RANGE, IP_RANGE))
    fast = game.sb.showdown_values(game.reach[1], win=0.5, tie=0.0, lose=-0.5)
    t0 = time.perf_counter()
    slow = naive_showdown(game.sb, game.reach[1], 0.5)
    naive_seconds = time.perf_counter() - t0
    assert np.allclose(fast, slow, rtol=0, atol=1e-9), "the sweep and the double loop disagree"
    print(f"board {BOARD}: OOP {OOP_RANGE!r}, IP {IP_RANGE!r}")
    print(f"showdown values: the sweep agrees with the double loop ({naive_seconds:.2f} s)")

    t0 = time.perf_counter()
    history = game.solve(args.iterations)
    seconds = time.perf_counter() - t0
    for t, e in history:
        if t in (10, 50, 100, 200) or t == history[-1][0]:
            print(f"iteration {t:5d}: exploitability {e:.3f}% of the pot")
    print(f"{args.iterations} iterations of CFR+ in {seconds:.1f} s")
    bet = game.strategy(game.average["root"])[:, 1]
    held = game.reach[0] > 0
    print(
        f"OOP bets {100 * (bet * game.reach[0])[held].sum() / game.reach[0].sum():.1f}% of its range"
    )
    if args.plot:
        convergence_figure(history).savefig(args.plot, dpi=100)
        print(f"wrote {args.plot}")
    return 0


def convergence_figure(history: list[tuple[int, float]]) -> Any:
    """The exploitability against the iterations, log-log (a matplotlib
    Figure, made without pyplot)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6, 3.6))
    ax = fig.subplots()
    ax.loglog([t for t, _ in history], [e for _, e in history], marker=".")
    ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
    ax.text(
        history[-1][0], 0.5, "0.5% of the pot ", color="grey", fontsize=8, ha="right", va="bottom"
    )
    ax.set_xlabel("CFR+ iterations")
    ax.set_ylabel("exploitability (% of the pot)")
    ax.set_title(f"River {BOARD}: check, bet the pot, call or fold", fontsize=10)
    fig.tight_layout()
    return fig


if __name__ == "__main__":
    sys.exit(main())
