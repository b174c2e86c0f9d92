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

# The arrays the entry points take and return, by dtype.
_U8: TypeAlias = npt.NDArray[np.uint8]
_U16: TypeAlias = npt.NDArray[np.uint16]
_U32: TypeAlias = npt.NDArray[np.uint32]
_I32: TypeAlias = npt.NDArray[np.int32]
_I64: TypeAlias = npt.NDArray[np.int64]
_U64: TypeAlias = npt.NDArray[np.uint64]
_F64: TypeAlias = npt.NDArray[np.float64]

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
def enumerate_counts(k: int, game: _TablesOf = "high") -> _I64: ...
def random_hands(
    n: Integer,
    k: Integer = 7,
    *,
    seed: Integer | None = None,
    exclude: CardsLike | None = None,
    game: _Game = "high",
) -> _U8: ...
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
    stop: _I32 | None = None,
) -> _U64: ...
def equity_monte_carlo(
    spec: EquitySpec,
    ranges: list[Any],
    seed0: int,
    seed1: int,
    trials: int,
    chunk_lo: int,
    chunk_hi: int,
    stop: _I32 | None = None,
) -> _U64: ...
def equity_exact_ranges(
    spec: EquitySpec,
    ranges: list[Any],
    idx_lo: int,
    idx_hi: int,
    top_lo: int = 0,
    top_hi: int = 64,
    fast: bool = True,
    stop: _I32 | None = None,
) -> tuple[_U64, _F64 | None, float]: ...
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
    boards: _U8,
    combos: _U8,
    out: _I32,
    lo: int,
    hi: int,
    check_combos: bool = True,
) -> None: ...
def combo_subsets(combos: _U8) -> _U16: ...
def sort_strengths(strength: _I32) -> _I32: ...
def board_values_into(
    strength: _I32,
    order: _I32,
    subsets: _U16,
    reach: _F64,
    out: _F64,
    win: float,
    tie: float,
    lose: float,
    fold: bool,
) -> None: ...

@final
class TerminalBoard:
    @property
    def strength(self) -> _I32: ...
    @property
    def order(self) -> _I32: ...
    @property
    def subsets(self) -> _U16: ...
    def __new__(
        cls,
        strength: _I32,
        order: _I32,
        subsets: _U16,
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

def board_feature_sums(
    t: GameTables,
    board: _U8,
    finals: _U8,
    combos: _U8,
    mass: _F64,
    bins: int,
    potential: bool,
    river: _F64 | None = None,
    stop: _I32 | None = None,
) -> tuple[
    _F64,
    _F64,
    _F64,
    _F64,
    _F64 | None,
]: ...
def board_masses(
    strength: _I32,
    order: _I32,
    subsets: _U16,
    reach: _F64,
) -> tuple[_F64, _F64, _F64]: ...
def equity_sweep(
    t: GameTables,
    omaha: bool,
    board: _U8,
    board_final: int,
    deck: _U8,
    combos: _U8,
    counts: _F64,
    weights: _F64 | None,
    counted: int,
    b_lo: int,
    b_hi: int,
    first_lo: int = 0,
    first_hi: int = -1,
    stop: _I32 | None = None,
    low: GameTables | None = None,
) -> tuple[_U64, _F64 | None, float]: ...

SUIT_KEY_BITS: int

def evaluate_suited_rows(cards: _U8, out: _U32, start: int, stop: int, t: GameTables) -> int: ...
def evaluate_suited_omaha(hole: CardsLike, board: CardsLike, t: GameTables) -> int: ...
def evaluate_suited_omaha_rows(
    holes: _U8,
    boards: _U8,
    out: _U32,
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
    front_royalty: _I32,
    middle_royalty: _I32,
    back_royalty: _I32,
    high_to_incomplete: _I32,
    middle_stay_from: int,
    back_stay_from: int,
    stay_value: float,
    dd_plain: _U16 | None = None,
    dd_flush: _U16 | None = None,
    dd_front: _U16 | None = None,
) -> (
    tuple[
        float, tuple[int, int, int], tuple[int, int, int, int, int], tuple[int, int, int, int, int]
    ]
    | None
): ...
def solve_fantasyland_rows(
    hands: _U8,
    front_royalty: _I32,
    middle_royalty: _I32,
    back_royalty: _I32,
    high_to_incomplete: _I32,
    middle_stay_from: int,
    back_stay_from: int,
    stay_value: float,
    values: _F64,
    boards: _U8,
    start: int,
    stop: int,
    dd_plain: _U16 | None = None,
    dd_flush: _U16 | None = None,
    dd_front: _U16 | None = None,
) -> int: ...

DD_N_CLASSES: int

def parse_cards_repeated(cards: CardsLike) -> list[int]: ...
def dd_first_bad_row(cards: _U8) -> int: ...
def dd_board_rows(
    boards: _U8,
    plain: _U16,
    flush: _U16,
    front: _U16,
    front_out: _U16,
    middle_out: _U16,
    back_out: _U16,
    start: int,
    stop: int,
) -> int: ...
def first_bad_row(cards: _U8) -> int: ...
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
    def builtin_arrays(name: str) -> tuple[_U16, _U16]: ...
    @staticmethod
    def rank_slot_of_counts(counts: Any) -> int: ...
    @staticmethod
    def equity_monte_carlo_deals(
        spec: EquitySpec, ranges: list[Any], seed0: int, seed1: int, trials: int
    ) -> tuple[_U8, _U64]: ...

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
    def index_into(self, cards: _U8, out: _U64, lo: int, hi: int) -> int: ...
    def next_into(
        self,
        state: _U8,
        round: int,
        cards: _U8,
        out: _U64,
        lo: int,
        hi: int,
    ) -> int: ...
    def unindex_into(
        self,
        round: int,
        indices: _U64,
        out: _U8,
        lo: int,
        hi: int,
    ) -> int: ...
