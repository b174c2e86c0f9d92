"""The one rule for the arguments that many public functions share.

* A **whole number** is a Python ``int`` or a NumPy integer scalar. A bool
  (Python's or NumPy's), a float, a string, an array or anything else is a
  ``TypeError`` ("n must be an int, not float"); a value outside its range
  is an :class:`~pyrankcore.errors.InvalidArgumentError` that names the
  argument, the range and the value ("threads must be at least 1, got 0").
* ``threads``: ``None`` or 1 runs on the calling thread; *n* uses up to *n*
  threads, capped at the cores this process may use and at one thread per
  share of work that pays for a thread's start.
* ``seed``: ``None`` draws fresh entropy from the operating system; a whole
  number in 0..2**64-1 makes the result reproducible.
* ``progress``: a bool.

This module sits below the compiled core (it imports only the errors), so
the core and every layer above it share the same checks and messages.
"""

from __future__ import annotations

import numbers
import operator
import os
import re
from typing import Any

from pyrankcore.errors import InvalidArgumentError

MAX_SEED = 2**64 - 1


def is_whole_number(value: Any) -> bool:
    """True for a Python int or a NumPy integer scalar, never for a bool.

    NumPy registers its integer scalars as ``numbers.Integral`` and its bool
    scalar not, so NumPy need not be imported to tell them apart; a 0-d
    array is not Integral either."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _range_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"in {low}..{high}"
    if low is not None:
        return f"at least {low}"
    if high is not None:
        return f"at most {high}"
    return "a whole number"


def whole_number(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """*value* as an int, checked by the one rule above.

    Raises TypeError for anything but an int or NumPy integer scalar and
    InvalidArgumentError outside low..high (either bound may be None)."""
    if not is_whole_number(value):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    number = operator.index(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise InvalidArgumentError(f"{name} must be {_range_words(low, high)}, got {number}")
    return number


def optional_whole_number(
    value: Any, name: str, low: int | None = None, high: int | None = None
) -> int | None:
    """None, or *value* checked as :func:`whole_number`; the TypeError then
    says that None is allowed too."""
    if value is None:
        return None
    if not is_whole_number(value):
        raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
    return whole_number(value, name, low, high)


def cpu_count() -> int:
    """Cores this process may run on (its affinity where the OS says)."""
    process_cpu_count = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if process_cpu_count is not None:
        count = process_cpu_count()
    elif hasattr(os, "sched_getaffinity"):
        count = len(os.sched_getaffinity(0))
    else:
        count = os.cpu_count()
    return max(1, count or 1)


def thread_count(threads: Any, work: int = 1 << 62, min_work: int = 1) -> int:
    """Threads to use: None means 1; otherwise the request, capped at the
    cores this process may use and at one thread per *min_work* units of
    *work* (at least one). *min_work* is the work that pays for a thread's
    start: many cheap hands, few costly boards."""
    count = optional_whole_number(threads, "threads", low=1)
    if count is None:
        return 1
    return max(1, min(count, cpu_count(), work // min_work))


def seed_value(seed: Any) -> int | None:
    """None, or the seed as an int in 0..2**64-1."""
    return optional_whole_number(seed, "seed", 0, MAX_SEED)


def entropy_seed(seed: Any) -> int:
    """The seed as an int in 0..2**64-1; None draws one from the OS."""
    value = seed_value(seed)
    if value is None:
        return int.from_bytes(os.urandom(8), "little")
    return value


def flag(value: Any, name: str) -> bool:
    """A bool option such as ``progress``: Python's or NumPy's bool."""
    if isinstance(value, bool):
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"):
        return bool(value)
    raise TypeError(f"{name} must be True or False, not {type(value).__name__}")


# The argument order every public call follows (docs/conventions.md): a call
# that ranks cards takes the cards first and the ranking second; a call that
# plays a game at the table takes the variant first, then the hands.
ORDER_HINT = (
    "the cards come first and the game second, as in evaluate(cards, game); "
    "showdown(variant, hands, board) and equity(variant, hands, board) take the variant first"
)

# One card as text: a rank (10 or one of 2-9 T J Q K A) and a suit letter or
# symbol, or a joker. A name made only of these is cards in the game's place.
_CARD_TOKEN = re.compile(r"(?:10|[2-9tjqka])[cdhs\u2660\u2665\u2666\u2663]|jk|\U0001f0cf", re.I)


def looks_like_cards(value: Any) -> bool:
    """True when *value*, given where a game belongs, is card text ("As Kd",
    "AsKd7h") or a list of hands: the caller swapped the two arguments."""
    if isinstance(value, str):
        text = re.sub(r"[\s,]+", "", value)
        return bool(text) and _CARD_TOKEN.sub("", text) == ""
    return isinstance(value, (list, tuple))


def order_hint(value: Any) -> str:
    """ " (...: the argument order)" where *value* looks like cards given in
    a game's place, else ""."""
    return f" (that looks like cards: {ORDER_HINT})" if looks_like_cards(value) else ""
