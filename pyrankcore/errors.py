"""Exceptions raised by pyrankcore.

Every error about a bad value subclasses both :class:`PyrankcoreError` and
:class:`ValueError`, so callers can catch either. A wrong *type* of argument
raises a plain :class:`TypeError`.
"""

__all__ = [
    "DuplicateCardError",
    "HandSizeError",
    "InvalidCardError",
    "PyrankcoreError",
    "UnknownGameError",
]


class PyrankcoreError(Exception):
    """Base class of every error raised by pyrankcore."""


class InvalidCardError(PyrankcoreError, ValueError):
    """A card token or id that is not one of the 52 cards."""


class DuplicateCardError(PyrankcoreError, ValueError):
    """The same card appears twice in one hand (or hand plus board)."""


class HandSizeError(PyrankcoreError, ValueError):
    """The wrong number of cards for the game, or a badly shaped array."""


class UnknownGameError(PyrankcoreError, ValueError):
    """A game name that pyrankcore does not know."""
