"""Text and HTML tables for the REPL and notebooks.

The result objects (equity results, probability tables, OFC boards, ranges,
the preflop matrix) build their ``__repr__`` and ``_repr_html_`` from these
helpers, so every table looks alike and every piece of text in HTML is
escaped. Nothing here knows about poker; nothing here imports pandas until
a ``to_frame`` asks for it. The HTML is a plain ``<table>``: no scripts,
no style sheets, only an inline background colour where a cell shows a
weight.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from math import floor, log10
from typing import Any

__all__ = [
    "Cell",
    "html_table",
    "markdown_table",
    "number",
    "percent",
    "require_pandas",
    "short_percent",
    "text_table",
    "weight_text",
]

# The colour of a fully included cell in a range grid; lighter for less.
WEIGHT_RGB = "46, 139, 87"
MISSING_PANDAS = "{what} needs pandas, which is not installed: pip install pandas"


@dataclass(frozen=True)
class Cell:
    """One cell of an HTML table: its text, optionally a header cell (th),
    a weight in [0, 1] that shades its background, and a tooltip."""

    text: str
    header: bool = False
    weight: float | None = None
    title: str | None = None


def percent(p: float) -> str:
    """A share as a percentage with four decimals: ``0.5 -> '50.0000%'``
    (the digits the CLI's equity table prints)."""
    return f"{p:.4%}"


def short_percent(p: float) -> str:
    """A probability as a percentage with at least four significant digits
    (``0.00000154 -> '0.0001539%'``), so rare hands do not read as 0."""
    if p <= 0:
        return "0%"
    digits = max(4, 3 - floor(log10(p * 100)))
    return f"{p * 100:.{digits}f}%"


def number(x: float) -> str:
    """A number with thousands separators and at most two decimals, no
    trailing zeros: ``6961.0 -> '6,961'``, ``34.25 -> '34.25'``."""
    return f"{x:,.2f}".rstrip("0").rstrip(".")


def weight_text(weight: float) -> str:
    """A weight in a range grid: ``'1'`` (all combos), ``'.'`` (none), else
    two decimals without the leading zero (``'.50'``; ``'<.01'`` below .005)."""
    if weight >= 1.0:
        return "1"
    if weight <= 0.0:
        return "."
    text = f"{weight:.2f}"
    if text == "0.00":
        return "<.01"  # not "." or ".00": some of the class is in
    return text[1:] if text.startswith("0") else text


def text_table(header: Sequence[str], rows: Sequence[Sequence[object]], align: str) -> str:
    """Columns padded to their widest cell; *align* holds one ``<`` (left)
    or ``>`` (right) per column."""
    if len(align) != len(header):  # pragma: no cover - a programming error
        raise AssertionError("one alignment per column")
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = [
        "  ".join(f"{c:{a}{w}}" for c, a, w in zip(row, align, widths)).rstrip() for row in cells
    ]
    return "\n".join(lines)


def markdown_table(
    header: Sequence[str], rows: Sequence[Sequence[object]], align: str
) -> list[str]:
    """The lines of a Markdown table; *align* as for :func:`text_table`."""
    rule = "|".join("---" if a == "<" else "--:" for a in align)
    lines = ["| " + " | ".join(header) + " |", f"|{rule}|"]
    return lines + ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]


def _cell_html(cell: Cell | object, header: bool = False) -> str:
    if not isinstance(cell, Cell):
        cell = Cell(str(cell), header=header)
    tag = "th" if cell.header or header else "td"
    attrs = ""
    if cell.title is not None:
        attrs += f' title="{escape(cell.title)}"'
    if cell.weight is not None and cell.weight > 0:
        alpha = min(max(float(cell.weight), 0.0), 1.0)
        attrs += f' style="background-color: rgba({WEIGHT_RGB}, {alpha:.3f})"'
    return f"<{tag}{attrs}>{escape(cell.text)}</{tag}>"


def html_table(
    header: Sequence[object] | None,
    rows: Sequence[Sequence[object]],
    caption: str | None = None,
    footer: str | None = None,
) -> str:
    """A ``<table>`` with an optional caption, a header row (``th``) and
    body rows; a cell is a :class:`Cell` or anything ``str`` turns into
    text. *footer* is a line of text after the table. All text is escaped."""
    parts = ['<table class="pyrankcore">']
    if caption is not None:
        parts.append(f"<caption>{escape(caption)}</caption>")
    if header is not None:
        parts.append("<thead><tr>" + "".join(_cell_html(c, True) for c in header) + "</tr></thead>")
    parts.append("<tbody>")
    for row in rows:
        parts.append("<tr>" + "".join(_cell_html(c) for c in row) + "</tr>")
    parts.append("</tbody></table>")
    if footer is not None:
        parts.append(f"<p>{escape(footer)}</p>")
    return "\n".join(parts)


def require_pandas(what: str) -> Any:
    """The pandas module, or an ImportError that says how to install it."""
    try:
        return importlib.import_module("pandas")
    except ImportError:
        raise ImportError(MISSING_PANDAS.format(what=what), name="pandas") from None
