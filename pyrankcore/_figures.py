"""The figures of :mod:`pyrankcore.plot`: the figure class, new axes, and
the checks every picture shares.

matplotlib is optional, so nothing here imports it at import time: the
figure class is made on first use, and a missing matplotlib raises
ImportError saying what to install.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pyrankcore.errors import InvalidArgumentError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "MISSING_MATPLOTLIB",
    "cell_words",
    "check_cmap",
    "new_axes",
    "percent_axis",
    "picture_figure_class",
    "value_grid",
]

MISSING_MATPLOTLIB = (
    "pyrankcore.plot needs matplotlib: pip install matplotlib "
    '(or pip install "pyrankcore[plot]"; from a checkout, pip install ".[plot]")'
)

_PICTURE_FIGURE: Any = None  # the class, made on first use


def picture_figure_class() -> Any:
    """``pyrankcore.plot.PictureFigure``: a matplotlib Figure that a Jupyter
    notebook shows as a PNG when it is a cell's value. A Figure made without
    pyplot has no display of its own (a notebook printed "<Figure size
    640x560 with 2 Axes>" unless ``%matplotlib inline`` ran); this one
    renders itself in ``_repr_png_``, and never imports pyplot."""
    global _PICTURE_FIGURE
    if _PICTURE_FIGURE is None:
        try:
            from matplotlib.figure import Figure
        except ImportError as error:
            raise ImportError(MISSING_MATPLOTLIB) from error

        class PictureFigure(Figure):
            """A matplotlib Figure that a Jupyter notebook shows as a PNG
            when it is a cell's value (``_repr_png_``), with or without
            ``%matplotlib inline``; otherwise a plain Figure, made without
            pyplot."""

            def _repr_png_(self) -> bytes:
                buffer = io.BytesIO()
                self.savefig(buffer, format="png", bbox_inches="tight")
                return buffer.getvalue()

        # pickle finds it as pyrankcore.plot.PictureFigure (that module's
        # __getattr__), where users meet it
        PictureFigure.__module__ = "pyrankcore.plot"
        PictureFigure.__qualname__ = "PictureFigure"
        _PICTURE_FIGURE = PictureFigure
    return _PICTURE_FIGURE


def new_axes(ax: Axes | None, size: tuple[float, float], columns: int = 1) -> tuple[Figure, Axes]:
    """A new figure and its (first of *columns*) axes, or *ax* and the
    figure that holds it."""
    try:
        from matplotlib.axes import Axes
        from matplotlib.figure import Figure
    except ImportError as error:
        raise ImportError(MISSING_MATPLOTLIB) from error
    if ax is None:
        fig = picture_figure_class()(figsize=size, layout="constrained")
        return fig, fig.add_subplot(1, columns, 1)
    if not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, not {type(ax).__name__}")
    holder: Any = ax.figure
    while not isinstance(holder, Figure):  # a SubFigure: its parent figure
        holder = holder.figure
    return holder, ax


def check_cmap(cmap: Any) -> None:
    """TypeError or InvalidArgumentError for a colormap matplotlib does not
    know (its own ValueError lists a few names and points elsewhere)."""
    from matplotlib import colormaps
    from matplotlib.colors import Colormap

    if isinstance(cmap, Colormap):
        return
    if not isinstance(cmap, str):
        raise TypeError(f"cmap must be a colormap name or a Colormap, not {type(cmap).__name__}")
    if cmap not in colormaps:
        raise InvalidArgumentError(
            f"unknown colormap {cmap[:40]!r}; matplotlib.colormaps lists the names"
        )


def percent_axis(axis: Any) -> None:
    """Tick labels as percentages of 1."""
    from matplotlib.ticker import PercentFormatter

    axis.set_major_formatter(PercentFormatter(1.0))


def cell_words(m: Any, names: Sequence[str]) -> Any:
    """Axes.format_coord for a square matrix of equities in an interactive
    window: the cell under the pointer in words ("AKs against QQ: 46.2%")."""
    n = len(names)

    def where(x: float, y: float) -> str:
        row, col = round(y), round(x)
        if 0 <= row < n and 0 <= col < n:
            return f"{names[row]} against {names[col]}: {m[row, col]:.1%}"
        return ""

    return where


def value_grid(fig: Figure, values: Any, names: Sequence[str], cmap: Any, title: str) -> Axes:
    """The second axes of a figure of two columns: 169 values on the 13 x 13
    grid, each cell with its name and the value as a percentage."""
    import numpy as np

    grid = np.asarray(values, dtype=np.float64).reshape(13, 13)
    ax = fig.add_subplot(1, 2, 2)
    ax.imshow(grid, cmap=cmap, vmin=0.0, vmax=1.0, interpolation="nearest")
    for (row, col), v in np.ndenumerate(grid):
        ax.text(col, row, f"{names[13 * row + col]}\n{v:.0%}", ha="center", va="center", fontsize=7)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title)
    return ax
