from typing import Any, NoReturn, TypeAlias, final

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from pyrankcore._catalogue import VariantRecord
from pyrankcore._rankings import Ranking
from pyrankcore._typing import AnyGame, CardLike, CardsLike, Game, Integer
from pyrankcore.equities.inputs import EquitySpec

# What the public functions take, and what the package's own layers pass
# (a name from a command line or another layer, checked on resolution).
_Game: TypeAlias = Game | VariantRecord | GameTables
_AnyGame: TypeAlias = AnyGame | VariantRecord | GameTables
# what the core's internal entry points take (tables_of): no variants
_TablesOf: TypeAlias = Ranking | str | GameTables

N_CLASSES: int
RANK_CHARS: str
SUIT_CHARS: str
GAMES: tuple[str, ...]
CLASS_COUNTS: dict[str, int]
CATEGORY_STARTS: tuple[int, ...]
MAX_DEAL_ROWS: int
EQ_UNIT: int
EQ_NSTAT: int
EQ_CHUNK: int
EQ_MAX_PLAYERS: int

def parse_cards(cards: CardsLike) -> list[int]: ...
def format_card(card: CardLike) -> str: ...
def format_cards(cards: CardsLike) -> str: ...
def evaluate(cards: CardsLike, game: _Game = "high") -> int: ...
def class_info(strength: int) -> tuple[int, tuple[int, int, int, int, int]]: ...
def evaluate_rows(cards: Any, out: Any, start: int, stop: int, game: _TablesOf = "high") -> int: ...
def enumerate_counts(k: int, game: _TablesOf = "high") -> npt.NDArray[np.int64]: ...
def random_hands(
    n: Integer,
    k: Integer = 7,
    *,
    seed: Integer | None = None,
    exclude: CardsLike | None = None,
    game: _Game = "high",
) -> npt.NDArray[np.uint8]: ...
def evaluate_omaha(hole: CardsLike, board: CardsLike, game: _Game = "high") -> int: ...
def check_omaha_sizes(nh: int, nb: int) -> None: ...
def evaluate_omaha_rows(
    holes: Any, boards: Any, out: Any, start: int, stop: int, game: _TablesOf = "high"
) -> int: ...
def evaluate_omaha_rows_hilo(
    holes: Any, boards: Any, out: Any, start: int, stop: int, high: _TablesOf, low: _TablesOf
) -> int: ...
def equity_exact(
    spec: EquitySpec,
    holes: Any,
    a_lo: int,
    a_hi: int,
    top_lo: int,
    top_hi: int,
    per_assignment: bool = False,
    fast: bool = True,
    stop: npt.NDArray[np.int32] | None = None,
) -> npt.NDArray[np.uint64]: ...
def equity_monte_carlo(
    spec: EquitySpec,
    ranges: list[Any],
    seed0: int,
    seed1: int,
    trials: int,
    chunk_lo: int,
    chunk_hi: int,
    stop: npt.NDArray[np.int32] | None = None,
) -> npt.NDArray[np.uint64]: ...
def equity_exact_ranges(
    spec: EquitySpec,
    ranges: list[Any],
    idx_lo: int,
    idx_hi: int,
    top_lo: int = 0,
    top_hi: int = 64,
    fast: bool = True,
    stop: npt.NDArray[np.int32] | None = None,
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.float64] | None, float]: ...
def install_resolver(resolver: Any) -> None: ...
def plain_tables(t: GameTables, purpose: object) -> GameTables: ...
def tables_of(ranking: Ranking | str | GameTables) -> GameTables: ...
def raise_flagged(
    t: GameTables, ids: list[int], split: int = -1, row: int | None = None
) -> NoReturn: ...

BOARD_MAX_COMBOS: int
SWEEP_HOLE_CARDS: tuple[int, ...]

def board_strengths_into(
    t: GameTables,
    omaha: bool,
    boards: npt.NDArray[np.uint8],
    combos: npt.NDArray[np.uint8],
    out: npt.NDArray[np.int32],
    lo: int,
    hi: int,
    check_combos: bool = True,
) -> None: ...
def combo_subsets(combos: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]: ...
def sort_strengths(strength: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]: ...
def board_values_into(
    strength: npt.NDArray[np.int32],
    order: npt.NDArray[np.int32],
    subsets: npt.NDArray[np.uint16],
    reach: npt.NDArray[np.float64],
    out: npt.NDArray[np.float64],
    win: float,
    tie: float,
    lose: float,
    fold: bool,
) -> None: ...

@final
class TerminalBoard:
    @property
    def strength(self) -> npt.NDArray[np.int32]: ...
    @property
    def order(self) -> npt.NDArray[np.int32]: ...
    @property
    def subsets(self) -> npt.NDArray[np.uint16]: ...
    def __new__(
        cls,
        strength: npt.NDArray[np.int32],
        order: npt.NDArray[np.int32],
        subsets: npt.NDArray[np.uint16],
    ) -> TerminalBoard: ...
    def __len__(self) -> int: ...
    def values_into(
        self,
        reach: npt.NDArray[np.floating[Any]],
        out: npt.NDArray[np.floating[Any]],
        win: float,
        tie: float,
        lose: float,
        fold: bool,
    ) -> None: ...

def board_hand_strengths(
    t: GameTables,
    boards: npt.NDArray[np.uint8],
    combos: npt.NDArray[np.uint8],
    mass: npt.NDArray[np.float64],
    out: npt.NDArray[np.float64] | None,
    bins: int = 0,
) -> tuple[
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
]: ...
def board_potential_counts(
    t: GameTables,
    board: npt.NDArray[np.uint8],
    finals: npt.NDArray[np.uint8],
    combos: npt.NDArray[np.uint8],
    mass: npt.NDArray[np.float64],
    stop: npt.NDArray[np.int32] | None = None,
) -> npt.NDArray[np.float64]: ...
def board_masses(
    strength: npt.NDArray[np.int32],
    order: npt.NDArray[np.int32],
    subsets: npt.NDArray[np.uint16],
    reach: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...
def equity_sweep(
    t: GameTables,
    omaha: bool,
    board: npt.NDArray[np.uint8],
    board_final: int,
    deck: npt.NDArray[np.uint8],
    combos: npt.NDArray[np.uint8],
    counts: npt.NDArray[np.float64],
    weights: npt.NDArray[np.float64] | None,
    counted: int,
    b_lo: int,
    b_hi: int,
    first_lo: int = 0,
    first_hi: int = -1,
    stop: npt.NDArray[np.int32] | None = None,
    low: GameTables | None = None,
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.float64] | None, float]: ...

SUIT_KEY_BITS: int

def evaluate_suited_rows(
    cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint32], start: int, stop: int, t: GameTables
) -> int: ...
def evaluate_suited_omaha(hole: CardsLike, board: CardsLike, t: GameTables) -> int: ...
def evaluate_suited_omaha_rows(
    holes: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    out: npt.NDArray[np.uint32],
    start: int,
    stop: int,
    t: GameTables,
) -> int: ...
def check_hand_size(t: GameTables, n: int) -> None: ...
def check_hand_count(t: GameTables, n: int) -> None: ...
def max_hand_cards(t: GameTables) -> int: ...
def lowest_wild_ranking(ranking: Ranking, rank: int | None) -> Ranking: ...
def lowest_natural_rank(ranking: Ranking, ids: list[int]) -> int | None: ...

MAX_HAND_CARDS: int

@disjoint_base
class GameTables:
    ranking: Ranking
    name: str
    min_cards: int
    max_cards: int
    n_classes: int
    deck_mask: int
    has_wild: bool
    suited: bool
    base: GameTables | None

def solve_fantasyland_ids(
    cards: CardsLike,
    front_royalty: npt.NDArray[np.int32],
    middle_royalty: npt.NDArray[np.int32],
    back_royalty: npt.NDArray[np.int32],
    high_to_incomplete: npt.NDArray[np.int32],
    middle_stay_from: int,
    back_stay_from: int,
    stay_value: float,
    dd_plain: npt.NDArray[np.uint16] | None = None,
    dd_flush: npt.NDArray[np.uint16] | None = None,
    dd_front: npt.NDArray[np.uint16] | None = None,
) -> (
    tuple[
        float, tuple[int, int, int], tuple[int, int, int, int, int], tuple[int, int, int, int, int]
    ]
    | None
): ...
def solve_fantasyland_rows(
    hands: npt.NDArray[np.uint8],
    front_royalty: npt.NDArray[np.int32],
    middle_royalty: npt.NDArray[np.int32],
    back_royalty: npt.NDArray[np.int32],
    high_to_incomplete: npt.NDArray[np.int32],
    middle_stay_from: int,
    back_stay_from: int,
    stay_value: float,
    values: npt.NDArray[np.float64],
    boards: npt.NDArray[np.uint8],
    start: int,
    stop: int,
    dd_plain: npt.NDArray[np.uint16] | None = None,
    dd_flush: npt.NDArray[np.uint16] | None = None,
    dd_front: npt.NDArray[np.uint16] | None = None,
) -> int: ...

DD_N_CLASSES: int

def parse_cards_repeated(cards: CardsLike) -> list[int]: ...
def dd_first_bad_row(cards: npt.NDArray[np.uint8]) -> int: ...
def dd_board_rows(
    boards: npt.NDArray[np.uint8],
    plain: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    front: npt.NDArray[np.uint16],
    front_out: npt.NDArray[np.uint16],
    middle_out: npt.NDArray[np.uint16],
    back_out: npt.NDArray[np.uint16],
    start: int,
    stop: int,
) -> int: ...
def first_bad_row(cards: npt.NDArray[np.uint8]) -> int: ...
def row_loop() -> str: ...
def row_loops() -> tuple[str, ...]: ...

class _testing:
    """Private test hooks (pyrankcore/_testing.pxi): not part of the API."""

    @staticmethod
    def select_row_kernel(kind: str = "best") -> str: ...
    @staticmethod
    def omaha_driver_tables(game: _TablesOf) -> bytes: ...
    @staticmethod
    def wild_driver_tables(game: _TablesOf) -> bytes: ...
    @staticmethod
    def suited_driver_tables(ranking: _TablesOf) -> bytes: ...
    @staticmethod
    def builtin_arrays(name: str) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]: ...
    @staticmethod
    def rank_slot_of_counts(counts: Any) -> int: ...
    @staticmethod
    def equity_monte_carlo_deals(
        spec: EquitySpec, ranges: list[Any], seed0: int, seed1: int, trials: int
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint64]]: ...

BUILD_COMPILER: str
BUILD_FLAGS: str

# Hand isomorphism (_indexer.pxi).
INDEXER_MAX_ROUNDS: int
INDEXER_STATE_BYTES: int

@disjoint_base
class IndexerTables:
    rounds: tuple[int, ...]
    ranks: int
    def __new__(cls, rounds: tuple[int, ...], ranks: int) -> IndexerTables: ...
    @property
    def sizes(self) -> list[int]: ...
    @property
    def deck_mask(self) -> int: ...
    def index_into(
        self, cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint64], lo: int, hi: int
    ) -> int: ...
    def next_into(
        self,
        state: npt.NDArray[np.uint8],
        round: int,
        cards: npt.NDArray[np.uint8],
        out: npt.NDArray[np.uint64],
        lo: int,
        hi: int,
    ) -> int: ...
    def unindex_into(
        self,
        round: int,
        indices: npt.NDArray[np.uint64],
        out: npt.NDArray[np.uint8],
        lo: int,
        hi: int,
    ) -> int: ...
