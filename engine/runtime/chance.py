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
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()  # as in Random._randbelow_with_getrandbits: n, not n - 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


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
