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
"""

import os
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


def pytest_report_header(config):
    try:
        import pyrankcore
    except ImportError as exc:  # the tests will fail loudly on their own
        return f"pyrankcore: not importable ({exc})"
    return f"pyrankcore {pyrankcore.__version__} from {os.path.dirname(pyrankcore.__file__)}"


@pytest.fixture(scope="session")
def preflop_cache_dir(tmp_path_factory):
    """A cache folder holding the preflop matrix, computed once per test run
    (tens of seconds) and shared by the preflop tests and the README example,
    which then reads the file as a user's second call would."""
    from pyrankcore import preflop

    folder = tmp_path_factory.mktemp("preflop-cache")
    preflop.preflop_matrix(cache_dir=folder, threads=min(2, os.cpu_count() or 1))
    return folder
