"""Shared pytest configuration: the layout of tests/, the path to the slow
references, and hypothesis profiles.

Layout: one folder per concern (core, games, wild, suits, omaha, ofc, equity,
ranges, cli, packaging, native_safety); the independent slow references
(reference.py, low_reference.py, wild_reference.py, ofc_reference.py,
ofc2_reference.py) and row_loops.py live in the package tests/references/ and
are imported the same way from every folder:
``from references import reference as ref``.

No test folder has an __init__.py, on purpose: pytest's default
("prepend") import mode then puts only the test file's own folder on
sys.path, never the repository root, so the source pyrankcore/ (which has no
compiled core in a non-editable install) cannot shadow the installed package.
The price is that every test file needs a basename unique across all folders;
pytest stops with "import file mismatch" when two clash.

Choose a hypothesis profile with the HYPOTHESIS_PROFILE environment variable:
``ci`` (default: no deadline, moderate example counts), ``dev`` (quick) or
``thorough`` (many examples, for occasional local runs).

``pytest -m smoke`` runs the smoke subset (SMOKE below): a few tests of every
concern, under two minutes on two cores, which the wheel jobs run on every
wheel they build (the whole suite runs once per platform). The list lives
here, not in markers in the files, so the subset reads as one table;
tests/packaging/test_smoke_subset.py checks that every name in it is a test.
"""

import os
import shutil
import sys

import pytest

# Make ``from references import ...`` work from every folder under every
# pytest import mode (prepend, append or importlib).  Only tests/ goes on
# sys.path, never the repository root.
_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
# The test files that import a reference by its bare name
# (core/test_row_kernels.py, omaha/test_omaha_kernels.py,
# equity/test_equity_exact.py) need the folder itself on the path too.
_REFERENCES = os.path.join(_HERE, "references")
if _REFERENCES not in sys.path:
    sys.path.append(_REFERENCES)


def _reuse_freed_memory():
    """Keep this process's freed memory for its next arrays (glibc only).

    The exhaustive tests make arrays of tens to hundreds of MB, over and
    over. glibc maps each block that large afresh and unmaps it when freed,
    so every array pays a page fault per page: seconds a test on virtual
    machines where faults are slow (measured here: 68 s against 51 s for
    tests/core's three largest files). From the heap instead, freed pages
    are used again. Only this process changes; nothing is computed
    differently."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):  # not glibc (musl has no mallopt)
        return
    m_trim_threshold, m_mmap_max = -1, -4  # glibc's <malloc.h>
    mallopt(m_mmap_max, 0)  # no block of its own for a large allocation
    mallopt(m_trim_threshold, 1 << 30)  # keep up to 1 GiB freed at the heap's top


_reuse_freed_memory()


try:
    from hypothesis import HealthCheck, settings
except ImportError:  # property tests skip themselves without hypothesis
    pass
else:
    settings.register_profile(
        "ci",
        deadline=None,
        max_examples=150,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )
    settings.register_profile("dev", deadline=None, max_examples=25)
    settings.register_profile(
        "thorough",
        deadline=None,
        max_examples=3000,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# The smoke subset: {file under tests/: the test functions (every parameter
# set of each) that run under ``-m smoke``}. Chosen to touch each concern at
# its published facts and at its packaging (the row loop this CPU gets, the
# C API from cimport), in seconds.
SMOKE = {
    "core/test_cards.py": ["test_every_card_parses_and_formats", "test_parse_multi_card_strings"],
    "core/test_batch.py": ["test_known_rows", "test_batch_equals_scalar", "test_read_only_input"],
    "core/test_errors.py": [
        "test_invalid_card_text_names_the_token",
        "test_out_of_range_ids_in_arrays",
    ],
    "core/test_exhaustive.py": [
        "test_every_five_card_hand_matches_reference",
        "test_enumerate_counts_per_category",
    ],
    "core/test_probabilities.py": ["test_published_five_card_table", "test_table_text_and_dict"],
    "core/test_row_kernels.py": [
        "test_the_loop_in_use_is_the_best_this_cpu_runs",
        "test_a_bad_last_row_is_found_at_every_length",
    ],
    "games/test_rankings.py": [
        "test_ace_five_has_6175_five_card_strengths",
        "test_deuce_seven_has_7462_classes",
        "test_short_deck_five_card_hands_per_category",
        "test_eight_or_better_five_cards_57344_qualify_in_56_classes",
    ],
    "games/test_home_games.py": [
        "test_ten_cards_find_what_seven_cannot_hold",
        "test_mississippi_mud_splits_between_the_high_and_the_low_declarers",
    ],
    "games/test_pots.py": ["test_showdown_and_bring_in_live_in_pots"],
    "games/test_game_errors.py": ["test_unknown_game_name_everywhere"],
    "omaha/test_omaha.py": [
        "test_omaha_equals_best_of_two_plus_three",
        "test_hi_lo_example_flush_for_high_not_a_full_house",
    ],
    "omaha/test_omaha_hilo.py": ["test_one_pass_equals_each_half"],
    "omaha/test_hutchison.py": ["test_published_omaha_examples"],
    "wild/test_wild.py": [
        "test_joker_is_a_king_not_a_second_ace_in_a_flush",
        "test_double_ace_flush_house_rule",
        "test_five_of_a_kind_over_all_five_card_hands",
    ],
    "wild/test_wild_row_loops.py": ["test_row_loops_equal_the_scalar_kernel"],
    "suits/test_suits.py": [
        "test_every_order_of_the_text_is_selectable_by_name",
        "test_eight_eight_jack_nine_three",
    ],
    "suits/test_suit_rankings.py": ["test_rule_text_examples"],
    "ranges/test_ranges.py": ["test_counts_of_the_usual_tokens", "test_weights_per_grid_name"],
    "ofc/test_ofc_scoring.py": ["test_ivey_hellmuth_example", "test_shooting_the_moon"],
    "ofc/test_ofc_rules.py": ["test_royalty_table_default_matches_rule_text", "test_fouls"],
    "ofc/test_ofc_fantasyland.py": ["test_fantasyland_entry", "test_docstring_example"],
    "ofc/test_ofc_two_decks.py": ["test_example_deal"],
    "ofc/test_ofc_batch.py": ["test_score_batch_equals_scalar_score"],
    "equity/test_equity_exact.py": [
        "test_published_ahkh_v_qsqd_preflop",
        "test_omaha_flop_matches_reference",
    ],
    "equity/test_equity_golden.py": ["test_pinned_results"],
    "equity/test_equity_errors.py": ["test_bad_input_raises"],
    "equity/test_preflop.py": ["test_published_aces_v_kings"],
    "cli/test_cli.py": ["test_version", "test_eval_prints_the_readme_line"],
    "packaging/test_cimport.py": None,  # None: the whole file
    "packaging/test_metadata.py": None,
}


# What a test that switches the row-loop tier names: the switch itself, the
# helper that runs a call under every tier, the fixture that runs the test
# under each.
_TIER_SWITCHES = {"select_row_kernel", "every_kernel"}


def _names_a_switch(code, module, seen):
    """Whether *code*, its nested functions (lambdas) or a function of
    *module* that it calls name a tier switch."""
    if code in seen:
        return False
    seen.add(code)
    if not _TIER_SWITCHES.isdisjoint(code.co_names):
        return True
    nested = [c for c in code.co_consts if hasattr(c, "co_names")]
    called = [getattr(module, name, None) for name in code.co_names]
    called = [
        f.__code__
        for f in called
        if getattr(f, "__module__", None) == module.__name__ and hasattr(f, "__code__")
    ]
    return any(_names_a_switch(c, module, seen) for c in nested + called)


def _switches_tiers(item):
    """Whether a test switches the row-loop tier: the tier is one per
    process, so pytest-run-parallel's other threads would run under the
    tier this test chose, and the test itself perhaps under theirs."""
    if "kernel" in getattr(item, "fixturenames", ()):
        return True
    function, module = getattr(item, "function", None), getattr(item, "module", None)
    if function is None or module is None:
        return False
    return _names_a_switch(function.__code__, module, set())


@pytest.hookimpl(tryfirst=True)  # before -m reads the marks
def pytest_collection_modifyitems(config, items):
    smoke = pytest.mark.smoke
    for item in items:
        if _switches_tiers(item):
            item.add_marker(pytest.mark.thread_unsafe)
        try:
            where = item.path.relative_to(_HERE).as_posix()
        except ValueError:  # a test outside tests/
            continue
        names = SMOKE.get(where, ())
        if names is None or getattr(item, "originalname", item.name) in names:
            item.add_marker(smoke)


def pytest_report_header(config):
    try:
        import pyrankcore
    except ImportError as exc:  # the tests will fail loudly on their own
        return f"pyrankcore: not importable ({exc})"
    return f"pyrankcore {pyrankcore.__version__} from {os.path.dirname(pyrankcore.__file__)}"


# The preflop matrix as the library saves it, prepared so that the suite
# reads it instead of computing it (ten seconds or more). The library takes
# the file only if it verifies: this version, these tables, the checksum
# and the cells it recomputes with the equity engine; tests/equity/
# test_preflop.py holds more cells of it against the engine, and says how
# to prepare it again when a version or a table change outdates it.
PREPARED_PREFLOP = os.path.join(_HERE, "data", "preflop_matrix.bin")


@pytest.fixture(scope="session")
def preflop_cache_dir(tmp_path_factory):
    """A cache folder holding the preflop matrix, shared by the preflop tests
    and the examples of the README and the docs pages, which read it as a
    user's second call would: the prepared file (above), or the matrix
    computed once for the run where that file is missing or outdated."""
    from pyrankcore import preflop

    folder = tmp_path_factory.mktemp("preflop-cache")
    if os.path.isfile(PREPARED_PREFLOP):
        shutil.copyfile(PREPARED_PREFLOP, preflop.cache_path(folder))
    preflop.preflop_matrix(cache_dir=folder, threads=min(2, os.cpu_count() or 1))
    return folder
