"""A Griffe extension for the API reference (mkdocs.yml loads it).

pyrankcore's docstrings are written for ``help()`` and doctest; this renders
them as Markdown, without changing them:

- a run of doctest lines (``>>>``, ``...`` and the output after them, up to
  a blank line) becomes a fenced ``pycon`` block, so its output reads as
  code (a list in brackets would otherwise read as a Markdown link);
- Sphinx roles (``:func:`x```, ``:class:`~a.b.C```) become code spans;
- the signature that Cython puts on the first line of a compiled
  function's docstring is dropped: the page shows the signature already;
- a compiled function loses the label "method descriptor", which names how
  CPython stores it, not anything a caller sees: it is called as a function.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|class|meth|data|attr|mod|exc|obj):`(~?)([^`]+)`")


def _role_to_code(match: re.Match[str]) -> str:
    tilde, target = match.groups()
    return f"`{target.rsplit('.', 1)[-1] if tilde else target}`"


def to_markdown(text: str, name: str = "") -> str:
    lines = text.split("\n")
    if name and lines and re.fullmatch(rf"{re.escape(name)}\(.*\)( -> .+)?", lines[0]):
        lines = lines[1:]
        while lines and not lines[0].strip():
            lines = lines[1:]
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(indent + "```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(indent + lines[i][len(indent) :])
                i += 1
            out.append(indent + "```")
            continue
        out.append(ROLE.sub(_role_to_code, line))
        i += 1
    return "\n".join(out)


class DocstringsAsMarkdown(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = to_markdown(obj.docstring.value, obj.name)
        obj.labels.discard("method descriptor")
