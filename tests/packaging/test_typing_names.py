"""The type stubs' Literal names of the built-in rankings, variants and suit
tie-breaks are the catalogue's names, so that they cannot drift apart.

The names in pyrankcore/_typing.py are generated here, from the rankings and
the variant catalogue: after changing either, reinstall (or use an editable
install) and run

    python tests/packaging/test_typing_names.py --write

which rewrites the checkout's pyrankcore/_typing.py; commit the result.
"""

import re
import sys
import typing
from pathlib import Path

from pyrankcore import _catalogue, _ranking_data, _rankings, _typing

# The installed module, which the tests read, and the checkout's, which
# --write rewrites (the same file in an editable install).
TYPING_MODULE = Path(_typing.__file__)
CHECKOUT_MODULE = Path(__file__).resolve().parents[2] / "pyrankcore" / "_typing.py"
BEGIN = "# BEGIN GENERATED NAMES\n"
END = "# END GENERATED NAMES\n"


def ranking_names():
    return tuple(_rankings.RANKINGS)


def variant_names():
    """Each variant's name, then its aliases, in catalogue order."""
    return tuple(name for r in _catalogue.RECORDS for name in (r.name, *r.aliases))


def suit_tiebreak_names():
    return tuple(_ranking_data.SUIT_TIEBREAKS)


def _literal(alias, names):
    # Double quotes, as ruff format writes them (no name holds one).
    assert not [n for n in names if '"' in n or "\\" in n], names
    lines = [f"{alias}: TypeAlias = Literal["]
    lines += [f'    "{name}",' for name in names]
    lines.append("]")
    return "\n".join(lines) + "\n"


def generated_block():
    return (
        BEGIN
        + _literal("RankingName", ranking_names())
        + "# Names and aliases as the catalogue spells them; variant() also takes\n"
        + "# them in any case, with underscores or extra spaces.\n"
        + _literal("VariantName", variant_names())
        + _literal("SuitTiebreakName", suit_tiebreak_names())
        + END
    )


def _current_block(text):
    match = re.search(re.escape(BEGIN) + r".*?" + re.escape(END), text, flags=re.DOTALL)
    assert match, f"{TYPING_MODULE} has no generated block"
    return match


def test_literal_names_are_the_catalogues():
    assert typing.get_args(_typing.RankingName) == ranking_names()
    assert typing.get_args(_typing.VariantName) == variant_names()
    assert typing.get_args(_typing.SuitTiebreakName) == suit_tiebreak_names()


def test_generated_block_is_up_to_date():
    text = TYPING_MODULE.read_text(encoding="utf-8")
    assert _current_block(text).group(0) == generated_block(), (
        "run: python tests/packaging/test_typing_names.py --write"
    )


def test_the_literal_names_are_all_accepted():
    import pyrankcore

    for name in ranking_names():
        assert pyrankcore.ranking(name).name == name
    for name in variant_names():
        assert pyrankcore.variant(name) in pyrankcore.VARIANTS
    for name in suit_tiebreak_names():
        assert pyrankcore.ranking("high", suit_tiebreak=name).suit_tiebreak == name


def _write():
    text = CHECKOUT_MODULE.read_text(encoding="utf-8")
    match = _current_block(text)
    CHECKOUT_MODULE.write_text(
        text[: match.start()] + generated_block() + text[match.end() :], encoding="utf-8"
    )


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(f"usage: python {sys.argv[0]} --write")
    _write()
