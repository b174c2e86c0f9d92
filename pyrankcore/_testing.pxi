# Hooks for pyrankcore's own tests and benchmarks, in one namespace,
# _core._testing: they are not part of the API and may change or go in any
# release. Each reaches what Python cannot reach otherwise (a C call, a
# cdef function of the module), and nothing in the package depends on them.


class _testing:
    """Private test hooks of the compiled core (not part of pyrankcore's
    API): switching the row-loop tier, the tables the arm64 driver loads,
    the generated tables and hashes, and the deals a Monte Carlo run
    draws."""

    @staticmethod
    def select_row_kernel(str kind="best"):
        """Use the row loops *kind* (one of row_loops()) or the
        best this CPU runs ("best"); a kind the CPU lacks falls back to the
        best below it. Returns the kind chosen. Switches every thread: not
        while another thread evaluates a batch (tests/conftest.py marks the
        tests that call it thread_unsafe)."""
        if kind == "best":
            index = prc_tier_best()
        elif kind in _ROW_KERNELS:
            index = _ROW_KERNELS.index(kind)
        else:
            raise ValueError(f"kind must be 'best' or one of {_ROW_KERNELS}, not {kind!r}")
        return _ROW_KERNELS[prc_tier_select(index)]

    @staticmethod
    def omaha_driver_tables(game):
        """A game's fast-Omaha tables for the arm64 driver (tests/native_safety/arm64/driver.c)."""
        return omaha_driver_tables(game)

    @staticmethod
    def wild_driver_tables(game):
        """A wild-card ranking's tables for the arm64 driver."""
        return wild_driver_tables(game)

    @staticmethod
    def suited_driver_tables(ranking):
        """A suit tie-break ranking's tables for the arm64 driver."""
        return suited_driver_tables(ranking)

    @staticmethod
    def builtin_arrays(str name):
        """Copies of a built-in game's generated rank and flush tables."""
        return _builtin_arrays(name)

    @staticmethod
    def rank_slot_of_counts(counts):
        """Perfect-hash slot of a rank pattern (13 counts, at most 7 cards)."""
        return rank_slot_of_counts(counts)

    @staticmethod
    def equity_monte_carlo_deals(spec, list ranges, seed0, seed1, trials):
        """The deals and tallies of a hold'em Monte Carlo run (see
        equity_monte_carlo_deals in _equity.pxi)."""
        return equity_monte_carlo_deals(spec, ranges, seed0, seed1, trials)
