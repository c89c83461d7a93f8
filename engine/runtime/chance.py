"""Chance helpers that draw exactly what :mod:`random` draws, with less interpreter overhead.

``random.Random.shuffle`` calls the Python method ``_randbelow`` once per element; setting up a game shuffles
a few hundred items, a noticeable share of a whole random game. :func:`shuffle` runs the same Fisher–Yates
loop with the rejection sampling of ``Random._randbelow_with_getrandbits`` inlined, so the same seed gives
the same order (and leaves the generator in the same state) as ``rng.shuffle(items)`` on CPython 3.11+.
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does."""
    if type(rng) is not random.Random:  # a subclass may draw differently: let it
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, n, k in _steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


#: Fisher–Yates steps per list length (a game shuffles lists of a few lengths, over and over)
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
_STEPS_LIMIT = 1_000  # lengths remembered before the table is dropped


def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """``(i, n, k)`` for each swap of a list of ``length`` items: the position from the top, the range drawn
    from (``n = i + 1``) and its bit length (as in ``Random._randbelow_with_getrandbits``: of n, not n - 1)."""
    steps = _STEPS.get(length)
    if steps is None:
        if len(_STEPS) >= _STEPS_LIMIT:
            _STEPS.clear()
        steps = _STEPS[length] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
    return steps


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``: the same draws, without ``randrange``'s argument handling."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r
