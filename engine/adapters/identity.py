"""A map keyed by object identity: found by address, without hashing or comparing the key's value.

The adapters look up the codes of every legal action at every step of a game (:mod:`engine.adapters.stepper`).
A ``dict`` keyed by the action hashes it first, and an action is a tuple of tuples, whose hash Python computes
afresh each time, element by element. The engine builds most action lists once per configuration and hands
out the same :class:`~engine.runtime.api.Action` objects again and again, so most look-ups can find the very
object instead: its address picks a slot, and the slot holds that object or not.

The map keeps a reference to every key, so no key is freed while it is in the map, and no other object can
take its address: an identity match is a match. It is meant to sit beside a ``dict`` keyed by value (a hit here
saves that dict's look-up; a miss falls back to it), and is cleared with it. It may hold more objects than that
dict has keys: :class:`~engine.adapters.codes.ActionCodes` puts in each value's first object, the one the dict
keeps, and up to :data:`~engine.adapters.codes.COPIES` other objects equal to it, met later (the engine's
tables may hold several equal actions), each mapped to the same value.

Open addressing with linear probing over one list of slots, each a key and its value side by side (so a
probe reads one cache line, not one in each of two lists), at most half full (it doubles when it gets there).
Compiled with mypyc, a look-up is a few native operations on the address; interpreted, its bytecodes
cost more than a ``dict``'s hash in C, so the adapters use it only when it runs compiled
(:attr:`ActionCodes.identity_first <engine.adapters.codes.ActionCodes.identity_first>`).
"""

from __future__ import annotations

from typing import Generic, TypeVar

V = TypeVar("V")

#: Slots of a new map (a power of two; 512 KB of references, room for the actions of a few hundred games).
INITIAL_SLOTS = 1 << 15


class IdentityMap(Generic[V]):
    """``object → value`` by identity (see the module docstring)."""

    __slots__ = ("_mask", "_size", "_slots")

    def __init__(self) -> None:
        self._slots: list[object] = [None] * (2 * INITIAL_SLOTS)  # key at 2i, its value at 2i + 1
        self._mask = 2 * INITIAL_SLOTS - 1  # over positions in ``_slots``: keeps a probe on an even position
        self._size = 0

    def __len__(self) -> int:
        return self._size

    @staticmethod
    def _slot(key: object, mask: int) -> int:
        """The position of the first slot to probe: the address without its alignment bits, folded so that
        objects allocated next to each other spread over the slots, doubled (a slot is two positions)."""
        address = id(key) >> 4
        return ((address ^ (address >> 12)) << 1) & mask

    def get(self, key: object) -> V | None:
        """The value stored for this very object, or ``None``."""
        slots, mask = self._slots, self._mask
        address = id(key) >> 4  # (``_slot``, written out: this runs for every legal action of every step)
        i = ((address ^ (address >> 12)) << 1) & mask
        while True:
            found = slots[i]
            if found is key:
                return slots[i + 1]  # type: ignore[return-value]  # a stored value
            if found is None:
                return None
            i = (i + 2) & mask

    def put(self, key: object, value: V) -> None:
        """Store ``value`` for ``key`` (which the map then keeps alive)."""
        if key is None:
            raise ValueError("None marks an empty slot: it cannot be a key")
        slots, mask = self._slots, self._mask
        i = self._slot(key, mask)
        while True:
            found = slots[i]
            if found is key:
                slots[i + 1] = value
                return
            if found is None:
                break
            i = (i + 2) & mask
        slots[i] = key
        slots[i + 1] = value
        self._size += 1
        if 4 * self._size > len(slots):
            self._grow()

    def _grow(self) -> None:
        old = self._slots
        self._slots = [None] * (2 * len(old))
        self._mask = 2 * len(old) - 1
        self._size = 0
        for i in range(0, len(old), 2):
            key = old[i]
            if key is not None:
                self.put(key, old[i + 1])  # type: ignore[arg-type]  # a stored value

    def clear(self) -> None:
        """Forget every key (and release them)."""
        self._slots = [None] * (2 * INITIAL_SLOTS)
        self._mask = 2 * INITIAL_SLOTS - 1
        self._size = 0
