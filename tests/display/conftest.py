"""Shared by the display tests: an HTML reader strict enough to catch a
broken table, and pandas made unimportable."""

import sys
from html.parser import HTMLParser

import pytest

VOID = {"br", "hr", "img", "meta", "link", "input"}


class TableReader(HTMLParser):
    """Reads the tables of an HTML fragment: each a dict with its caption,
    its header cells and its body rows (each cell: tag, text, attributes).
    Raises AssertionError for an end tag that does not close the open tag,
    and for tags left open at the end."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.tables = []
        self.paragraphs = []
        self.cell = None
        self.text = None

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "table":
            self.tables.append({"attrs": dict(attrs), "caption": None, "head": [], "rows": []})
        elif tag == "tr":
            section = "head" if "thead" in self.stack else "rows"
            self.tables[-1][section].append([])
        elif tag in ("td", "th"):
            self.cell = {"tag": tag, "text": "", "attrs": dict(attrs)}
        elif tag in ("caption", "p"):
            self.text = ""
        assert tag in {"table", "caption", "thead", "tbody", "tr", "th", "td", "p"}, tag

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack}"
        self.stack.pop()
        if tag in ("td", "th"):
            table = self.tables[-1]
            rows = table["head"] if "thead" in self.stack else table["rows"]
            rows[-1].append(self.cell)
            self.cell = None
        elif tag == "caption":
            self.tables[-1]["caption"] = self.text
            self.text = None
        elif tag == "p":
            self.paragraphs.append(self.text)
            self.text = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell["text"] += data
        elif self.text is not None:
            self.text += data
        else:
            assert not data.strip(), f"text outside a cell: {data!r}"

    def close(self):
        super().close()
        assert not self.stack, f"unclosed tags: {self.stack}"


@pytest.fixture
def read_html():
    """read_html(text) -> the one table in text, and the paragraphs after it."""

    def read(text):
        reader = TableReader()
        reader.feed(text)
        reader.close()
        assert len(reader.tables) == 1
        table = reader.tables[0]
        table["paragraphs"] = reader.paragraphs
        table["texts"] = [[c["text"] for c in row] for row in table["rows"]]
        table["header"] = [c["text"] for c in table["head"][0]] if table["head"] else None
        return table

    return read


@pytest.fixture
def no_pandas(monkeypatch):
    """pandas cannot be imported (as where it is not installed)."""
    monkeypatch.setitem(sys.modules, "pandas", None)
