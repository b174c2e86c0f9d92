"""docs/make_pictures.py draws the documentation's pictures: each a small PNG
that is not blank, and the pages show exactly the pictures the script makes
and the repository holds."""

import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("matplotlib", reason="the pictures need matplotlib (the plot extra)")

from matplotlib.image import imread  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "make_pictures.py"
IMAGES = ROOT / "docs" / "images"
MAX_BYTES = 100_000

pytestmark = pytest.mark.skipif(
    not SCRIPT.is_file(), reason="docs/ is not part of this copy (an sdist)"
)


def load_script():
    spec = importlib.util.spec_from_file_location("make_pictures", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_writes_every_picture(tmp_path, preflop_cache_dir, monkeypatch):
    monkeypatch.setenv("PYRANKCORE_CACHE_DIR", str(preflop_cache_dir))
    script = load_script()
    written = script.main([str(tmp_path / "images")])
    names = sorted(p.name for p in written)
    assert names == sorted(script.PICTURES)
    assert names == sorted(p.name for p in (tmp_path / "images").iterdir())
    for path in written:
        data = path.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n"), path.name
        assert len(data) < MAX_BYTES, f"{path.name}: {len(data):,} bytes"
        image = imread(path)
        height, width = image.shape[:2]
        assert 300 <= width <= 1000 and 150 <= height <= 1000, (path.name, image.shape)
        rgb = image[..., :3].reshape(-1, 3)
        assert rgb.std() > 0.05 and len(np.unique(rgb, axis=0)) > 20, f"{path.name} is blank"


def test_the_docs_show_the_committed_pictures():
    pages = (ROOT / "docs").glob("*.md")
    shown = {
        name
        for page in pages
        for name in re.findall(r"!\[[^\]]+\]\(images/([\w.-]+\.png)\)", page.read_text("utf-8"))
    }
    committed = sorted(p.name for p in IMAGES.glob("*.png"))
    assert sorted(shown) == committed == sorted(load_script().PICTURES)
    for name in committed:
        assert (IMAGES / name).stat().st_size < MAX_BYTES, name


def test_the_pictures_page_code_draws_the_board_of_its_picture():
    # docs/pictures.md shows code and, below it, the picture the script
    # drew: the page's board and call must be the script's.
    import pyrankcore
    from pyrankcore import plot

    page = (ROOT / "docs" / "pictures.md").read_text(encoding="utf-8")
    board_line = re.search(r"^>>> (board = prc\.ofc\.Board\(.*\))$", page, re.M)
    call_line = re.search(r"^>>> (fig = plot\.ofc_board\(.*?\))", page, re.M)
    assert board_line and call_line, "the page draws an OFC board"
    namespace = {"prc": pyrankcore, "plot": plot}
    exec(board_line.group(1), namespace)
    exec(call_line.group(1), namespace)
    script = load_script()
    assert namespace["board"] == pyrankcore.ofc.Board(*script.OFC_ROWS)

    def texts(fig):
        from matplotlib.text import Text

        return sorted(t.get_text() for t in fig.findobj(Text) if t.get_text())

    assert texts(namespace["fig"]) == texts(script.ofc_picture())
