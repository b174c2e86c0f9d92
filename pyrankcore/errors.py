"""Exceptions raised by pyrankcore.

The contract, for every public entry point:

* every error about a bad *value* is a :class:`PyrankcoreError` and a
  :class:`ValueError`, so callers can catch either;
* a wrong *type* of argument is a :class:`TypeError` (with the type's name in
  the message);
* an option of a ranking or of the OFC rules that is wrong in either way is an
  :class:`InvalidOptionError`, which names the option and the values it
  allows (a wrong type is then also a ``TypeError``).

Nothing else escapes on purpose: no ``KeyError``, ``IndexError``,
``OverflowError`` or ``AttributeError`` for bad input.
"""

__all__ = [
    "DuplicateCardError",
    "HandSizeError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidOptionError",
    "OptionTypeError",
    "PyrankcoreError",
    "RangeSyntaxError",
    "UnknownGameError",
]


class PyrankcoreError(Exception):
    """Base class of every error raised by pyrankcore."""


class InvalidArgumentError(PyrankcoreError, ValueError):
    """An argument outside its allowed values (``threads=0``, ``pot=-1``, a
    strength the game does not have, a bad ``out`` array, ...)."""


class InvalidCardError(PyrankcoreError, ValueError):
    """A card token or id that is not one of the 52 cards (or not in the
    game's deck)."""


class DuplicateCardError(PyrankcoreError, ValueError):
    """The same card appears twice (in one hand, hand plus board, or two
    players' hands)."""


class HandSizeError(PyrankcoreError, ValueError):
    """The wrong number of cards for the game, or a badly shaped array."""


class UnknownGameError(PyrankcoreError, ValueError):
    """A ranking or variant name that pyrankcore does not know."""


class InvalidOptionError(InvalidArgumentError):
    """A ranking option or OFC rule outside its allowed values; the message
    names the option and what it allows."""


class OptionTypeError(InvalidOptionError, TypeError):
    """An option of the wrong type (``low="yes"``): an InvalidOptionError
    that is also a TypeError."""


class RangeSyntaxError(InvalidArgumentError):
    """Range text that does not parse (``parse_range``): the message names
    the bad token and says what is allowed."""
