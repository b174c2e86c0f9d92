"""Rendering helpers for the picture tests.

matplotlib is optional: these tests skip without it. The figures are drawn
with its object-oriented API and saved through Agg, so no display is used;
MPLBACKEND=Agg only keeps a stray pyplot import from looking for one.
Each test file skips itself where matplotlib is not installed; this file
imports it only inside the helpers.
"""

import io
import os

import numpy as np
import pytest

os.environ.setdefault("MPLBACKEND", "Agg")

DPI = 40  # small and fast; sizes are checked in pixels at this resolution


def render(fig, dpi=DPI):
    """The figure as an RGBA array, through a PNG written to memory."""
    from matplotlib.image import imread

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    buffer.seek(0)
    return imread(buffer, format="png")


def check_png(fig, dpi=DPI):
    """Render *fig*; check its pixel size and that it is not blank. Returns
    the texts drawn (see texts)."""
    image = render(fig, dpi)
    width, height = fig.get_size_inches()
    assert image.shape == (round(height * dpi), round(width * dpi), 4)
    rgb = image[..., :3].reshape(-1, 3)
    assert rgb.std() > 0.05, "the picture is blank"
    assert len(np.unique(rgb, axis=0)) > 20, "the picture has almost no colours"
    return drawn_texts(fig)


def drawn_texts(fig):
    from matplotlib.text import Text

    return [t.get_text() for t in fig.findobj(Text) if t.get_visible() and t.get_text()]


def texts(fig):
    """Every piece of text drawn in the figure (titles, tick labels, legend,
    annotations), after a draw so that the tick labels exist."""
    fig.draw_without_rendering()
    return drawn_texts(fig)


@pytest.fixture(name="render")
def render_fixture():
    return render


@pytest.fixture(name="check_png")
def check_png_fixture():
    return check_png


@pytest.fixture(name="texts")
def texts_fixture():
    return texts
