"""The C-level API: ``from pyrankcore cimport ...`` compiles and agrees with Python.

Builds tests/packaging/cython/cimport_smoke.pyx, and the README's ```cython example
verbatim, in one temporary directory with Cython and setuptools (one
subprocess, ``build_ext --inplace``, unoptimised), against the .pxd files of the
*installed* pyrankcore package, then imports them and compares every C entry
point with pyrankcore.evaluate / evaluate_batch.
"""

import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import numpy as np
import pytest

import pyrankcore

HERE = Path(__file__).resolve().parent
SMOKE_PYX = HERE / "cython" / "cimport_smoke.pyx"
README = HERE.parents[1] / "README.md"
SOLVER_PAGE = HERE.parents[1] / "docs" / "solver.md"
PACKAGE_DIR = Path(pyrankcore.__file__).resolve().parent

BUILD_SCRIPT = textwrap.dedent(
    """
    import sys
    from setuptools import Extension, setup
    from setuptools.command.build_ext import build_ext
    from Cython.Build import cythonize


    class UnoptimisedBuild(build_ext):
        # The modules are checked for what they return, not for speed: C
        # compiled without optimisation or debug information builds in about
        # a third of the time.
        def build_extensions(self):
            msvc = self.compiler.compiler_type == "msvc"
            for ext in self.extensions:
                ext.extra_compile_args = ["/Od"] if msvc else ["-O0", "-g0"]
            super().build_extensions()


    include_dir, names = sys.argv[1], sys.argv[2:]
    setup(
        name="cimport_tests",
        ext_modules=cythonize(
            [Extension(name, [name + ".pyx"]) for name in names],
            include_path=[include_dir],
            compiler_directives={"language_level": 3},
            nthreads=len(names),  # translate the modules side by side
        ),
        cmdclass={"build_ext": UnoptimisedBuild},
        script_args=["build_ext", "--inplace", "--parallel", str(len(names))],
    )
    """
)


def _have_c_compiler():
    if sys.platform == "win32":
        return True  # MSVC is located by setuptools itself; let the build decide
    candidates = []
    if os.environ.get("CC"):
        candidates.append(shlex.split(os.environ["CC"])[0])
    cc = sysconfig.get_config_var("CC")
    if cc:
        candidates.append(shlex.split(cc)[0])
    candidates += ["cc", "gcc", "clang"]
    return any(shutil.which(c) for c in candidates)


def test_pxd_files_ship_with_the_package():
    for name in ("__init__.pxd", "_core.pxd"):
        assert (PACKAGE_DIR / name).is_file(), f"{name} missing from {PACKAGE_DIR}"
    text = (PACKAGE_DIR / "__init__.pxd").read_text(encoding="utf-8")
    for fn in (
        "evaluate_5",
        "evaluate_6",
        "evaluate_7",
        "evaluate_cards",
        "evaluate_mask",
        "evaluate_many",
        "showdown_values",
        "fold_values",
        "terminal_work_size",
        "indexer_tables",
        "index_hand",
        "index_many",
        "unindex_hand",
        "unindex_many",
    ):
        assert fn in text, fn


def build_modules(workdir, sources):
    """Compile each ``{name: source}`` as an extension module in ``workdir``
    against the installed pyrankcore, in one build, and import them:
    ``{name: module}``."""
    if importlib.util.find_spec("Cython") is None:
        pytest.skip("Cython is not installed: cannot build a cimport test module")
    if importlib.util.find_spec("setuptools") is None:
        pytest.skip("setuptools is not installed: cannot build a cimport test module")
    if not _have_c_compiler():
        pytest.skip("no C compiler found (CC, cc, gcc, clang): cannot build a cimport test module")
    for name, source in sources.items():
        (workdir / f"{name}.pyx").write_text(source, encoding="utf-8")
    (workdir / "build_modules.py").write_text(BUILD_SCRIPT, encoding="utf-8")
    # The include path for ``cimport pyrankcore`` is the directory that holds
    # the installed package.
    include_dir = str(PACKAGE_DIR.parent)
    proc = subprocess.run(
        [sys.executable, "build_modules.py", include_dir, *sources],
        check=False,
        cwd=workdir,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, f"build failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    modules = {}
    for name in sources:
        built = list(workdir.glob(name + "*" + (suffix or ".so")))
        if not built:
            built = [p for p in workdir.glob(name + "*") if p.suffix in (".so", ".pyd")]
        assert built, f"no {name} module in {sorted(p.name for p in workdir.iterdir())}"
        spec = importlib.util.spec_from_file_location(name, built[0])
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        modules[name] = module
    return modules


def readme_cython_blocks(page=README):
    text = page.read_text(encoding="utf-8")
    return re.findall(r"```cython\n(.*?)```", text, flags=re.DOTALL)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The smoke module and the README's ```cython example (verbatim: what a
    reader pastes into a .pyx file must compile as it is), compiled once for
    every test here."""
    blocks = readme_cython_blocks()
    assert len(blocks) == 1, "the README should have exactly one ```cython example"
    workdir = tmp_path_factory.mktemp("cimport")
    sources = {
        "cimport_smoke": SMOKE_PYX.read_text(encoding="utf-8"),
        "readme_cimport": blocks[0],
    }
    if SOLVER_PAGE.is_file():  # docs/ is not part of an sdist
        (solver_block,) = readme_cython_blocks(SOLVER_PAGE)
        sources["solver_cimport"] = solver_block
    return build_modules(workdir, sources)


@pytest.fixture(scope="module")
def smoke(built):
    return built["cimport_smoke"]


@pytest.fixture(scope="module")
def readme_module(built):
    return built["readme_cimport"]


def test_solver_page_cython_example_equals_sorted_board(built):
    if "solver_cimport" not in built:
        pytest.skip("docs/ is not part of this copy")
    from pyrankcore.boards import SortedBoard

    for board, game in (("Qs Jh 7d 4c 2s", "Hold'em"), ("Qs Jh 7d 4c 2s", "Omaha")):
        combos = None if game == "Hold'em" else "AA**,KQJT"
        sb = SortedBoard(board, game, combos=combos)
        reach = np.random.default_rng(1).random((3, len(sb)))
        got = built["solver_cimport"].river_values(sb, reach, 2.0)
        np.testing.assert_allclose(
            got, sb.showdown_values(reach, win=1.0, tie=0.0, lose=-1.0), rtol=1e-12, atol=1e-12
        )


@pytest.mark.parametrize(
    "text",
    [
        "As Ks Qs Js Ts 2c 2d",
        "Kh Kd 9s 9c 2d 3h 4c",
        "7c 5d 4h 3s 2c 9h Jd",
        "5d 4d 3d 2d Ad 9c 9h",
    ],
)
def test_readme_cython_example_compiles_and_agrees(readme_module, text):
    ids = pyrankcore.parse_cards(text)
    want = pyrankcore.evaluate(text)
    assert readme_module.seven_card_strength(bytes(ids)) == want
    assert readme_module.mask_strength(sum(1 << c for c in ids)) == want
    assert readme_module.mask_strength(sum(1 << c for c in ids[:5])) == pyrankcore.evaluate(ids[:5])


def test_readme_cython_example_value_in_its_docstring(readme_module):
    # the docstring promises 7462 for the royal flush plus two deuces
    assert readme_module.seven_card_strength(bytes([51, 47, 43, 39, 35, 0, 1])) == 7462


def random_hands(n, k, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_cimported_functions_agree_with_python(smoke, k):
    hands = random_hands(20_000, k, seed=k)
    out = np.zeros((hands.shape[0], 3), dtype=np.uint16)
    smoke.eval_rows(hands, out)
    expected = pyrankcore.evaluate_batch(hands)
    np.testing.assert_array_equal(out[:, 0], expected)  # evaluate_5/6/7
    np.testing.assert_array_equal(out[:, 1], expected)  # evaluate_cards
    np.testing.assert_array_equal(out[:, 2], expected)  # evaluate_mask


def test_cimported_known_hands(smoke):
    cases = {
        "As Ks Qs Js Ts": 7462,
        "7c 5d 4h 3s 2c": 1,
        "5d 4d 3d 2d Ad 9c 9h": 7453,
        "Jc Jd Jh Js 9c Ad 2h": pyrankcore.evaluate("Jc Jd Jh Js Ad"),
        "2d 2s 3d 3c 4s 5h": pyrankcore.evaluate("2d 2s 3d 3c 4s 5h"),
    }
    for text, want in cases.items():
        ids = pyrankcore.parse_cards(text)
        assert smoke.eval_fixed(np.array(ids, dtype=np.uint8)) == want, text
        mask = sum(1 << c for c in ids)
        assert smoke.eval_mask(mask) == want, text
        assert pyrankcore.evaluate(ids) == want


def test_evaluate_mask_ignores_bits_above_51(smoke):
    # documented in _core.pxd: "higher bits are ignored"
    ids = pyrankcore.parse_cards("As Kd Qh Jc 9s 8d 2c")
    mask = sum(1 << c for c in ids)
    want = pyrankcore.evaluate(ids)
    assert smoke.eval_mask(mask | (1 << 52) | (1 << 63)) == want


def test_evaluate_mask_category_extremes(smoke):
    # 5-card masks of the lowest and highest hands of every category
    for text in [
        "7c 5d 4h 3s 2c",
        "Ac Kd Qh Js 9c",
        "2c 2d 5h 4s 3c",
        "Ac Ad Kh Qs Jc",
        "2c 2d 3h 3s 4c",
        "Ac Ad Kh Ks Qc",
        "2c 2d 2h 4s 3c",
        "Ac Ad Ah Ks Qc",
        "Ac 2d 3h 4s 5c",
        "Ac Kd Qh Js Tc",
        "7h 5h 4h 3h 2h",
        "Ah Kh Qh Jh 9h",
        "2c 2d 2h 3s 3c",
        "Ac Ad Ah Ks Kc",
        "2c 2d 2h 2s 3c",
        "Ac Ad Ah As Kc",
        "Ah 2h 3h 4h 5h",
        "As Ks Qs Js Ts",
    ]:
        ids = pyrankcore.parse_cards(text)
        assert smoke.eval_mask(sum(1 << c for c in ids)) == pyrankcore.evaluate(ids), text


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_many_is_the_validated_batch(smoke, k):
    """One cimport call for a whole array: the strengths evaluate_batch
    gives, the first bad row reported (rows before it written)."""
    hands = random_hands(20_003, k, seed=10 + k)
    out = np.zeros(len(hands), dtype=np.uint16)
    assert smoke.eval_many(hands, out) == -1
    np.testing.assert_array_equal(out, pyrankcore.evaluate_batch(hands))
    for pos, bad in ((0, 52), (17, 255), (20_002, None)):
        broken = hands.copy()
        broken[pos, k - 1] = broken[pos, 0] if bad is None else bad  # a repeat, or an id
        out = np.zeros(len(hands), dtype=np.uint16)
        assert smoke.eval_many(broken, out) == pos
        np.testing.assert_array_equal(out[:pos], pyrankcore.evaluate_batch(hands[:pos]))


def test_evaluate_many_refuses_bad_sizes(smoke):
    hands = random_hands(10, 4, seed=3)
    out = np.zeros(10, dtype=np.uint16)
    assert smoke.eval_many(hands, out) == -2  # k = 4
    seven = random_hands(10, 7, seed=3)
    assert smoke.eval_many(seven, out, n=0) == -1
    assert not out.any()


@pytest.mark.parametrize(("rounds", "deck"), [([2, 3, 1, 1], "standard"), ([2, 4], "short")])
def test_cimported_indexer_agrees_with_hand_indexer(smoke, rounds, deck):
    from pyrankcore.indexer import HandIndexer

    ix = HandIndexer(rounds, deck=deck)
    ids = np.arange(52) if deck == "standard" else np.arange(16, 52)
    rng = np.random.default_rng(7)
    cards = ids[np.argsort(rng.random((500, len(ids))), axis=1)[:, : sum(rounds)]].astype(np.uint8)
    for nr in range(1, len(rounds) + 1):
        part = np.ascontiguousarray(cards[:, : sum(rounds[:nr])])
        each = np.zeros((len(part), nr), np.uint64)
        batch = np.zeros((len(part), nr), np.uint64)
        assert smoke.index_rows(ix, part, nr, each, batch) == ([0] * len(part), -1)
        want = ix.index(part)
        np.testing.assert_array_equal(each, want)
        np.testing.assert_array_equal(batch, want)
        r = nr - 1
        back_each = np.zeros((len(part), part.shape[1]), np.uint8)
        back_batch = np.zeros_like(back_each)
        indices = np.ascontiguousarray(want[:, r])
        assert smoke.unindex_rows(ix, r, indices, back_each, back_batch) == ([0] * len(part), -1)
        np.testing.assert_array_equal(back_each, ix.unindex(r, indices))
        np.testing.assert_array_equal(back_batch, back_each)


def test_cimported_indexer_refuses_bad_input(smoke):
    from pyrankcore.indexer import HandIndexer

    ix = HandIndexer([2, 3])
    cards = np.array([[0, 4, 8, 12, 16], [0, 4, 8, 12, 12], [0, 4, 8, 12, 60]], np.uint8)
    out = np.zeros((3, 2), np.uint64)
    # a repeated card, a card outside the deck: -1, and index_many's first bad row
    assert smoke.index_rows(ix, cards, 2, out, out.copy()) == ([0, -1, -1], 1)
    # rounds outside 1..2: -2, nothing written
    assert smoke.index_rows(ix, cards, 3, out, out.copy()) == ([-2, -2, -2], -2)
    big = np.array([ix.size(1) - 1, ix.size(1), 2**63], np.uint64)
    back = np.zeros((3, 5), np.uint8)
    assert smoke.unindex_rows(ix, 1, big, back, back.copy()) == ([0, -1, -1], 1)
    assert smoke.unindex_rows(ix, 2, big, back, back.copy()) == ([-2, -2, -2], -2)
    with pytest.raises(TypeError, match="HandIndexer"):
        smoke.tables_of("not an indexer")
