"""A fixed-shape observation tensor as named blocks of one flat ``float32`` vector.

Learning code wants one vector of a fixed size per observation; people reading it want names. A
:class:`TensorLayout` is the list of named blocks (``("goods", (4, 4))``: four seats by four goods) laid end to
end; :meth:`TensorLayout.views` gives numpy views of a flat vector under those names, so a game's observation
module writes ``views["goods"][seat, good] = count`` and the vector is filled. OpenSpiel's Python observers
use exactly this pair (``tensor`` and ``dict``).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

import numpy as np


class TensorLayout:
    """Named blocks, in order: ``size`` floats in all."""

    def __init__(self, blocks: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        names = [name for name, _ in blocks]
        if len(set(names)) != len(names):
            raise ValueError("a block name is used twice")
        self.blocks = tuple((name, tuple(shape)) for name, shape in blocks)
        self.size = sum(prod(shape) for _, shape in self.blocks)

    def views(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Views of ``vector`` (``size`` floats), one per block, shaped as declared."""
        out = {}
        start = 0
        for name, shape in self.blocks:
            end = start + prod(shape)
            out[name] = vector[start:end].reshape(shape)
            start = end
        return out

    def new(self) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """A zeroed vector and its views."""
        vector = np.zeros(self.size, np.float32)
        return vector, self.views(vector)

    def describe(self) -> list[str]:
        """One line per block: name, shape, first index in the flat vector."""
        lines = []
        start = 0
        for name, shape in self.blocks:
            lines.append(f"{start:6d} {name} {'x'.join(map(str, shape))}")
            start += prod(shape)
        return lines


def index_of(values: Sequence[object]) -> dict[object, int]:
    """``value → position`` of a piece list (ids of ships, cards …)."""
    return {v: i for i, v in enumerate(values)}
