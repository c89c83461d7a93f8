"""An audit takes each edition's embeddings when a pair first needs them, and stops the encoder after the last.

:meth:`translations.audit.prepare.Preparation.wait_for` lets the audit align its first pairs while the encoder
still works on the last editions; these tests pin down what it promises with stand-ins for the encoder.
"""

from __future__ import annotations

from concurrent.futures import Future
from types import SimpleNamespace

import numpy as np

from translations.audit.prepare import Preparation, _Segmented


class _Worker:
    def __init__(self) -> None:
        self.closed = 0

    def close(self) -> int:
        self.closed += 1
        return 4096


def _future(rows: int) -> Future[np.ndarray]:
    done: Future[np.ndarray] = Future()
    done.set_result(np.full((rows, 512), rows, dtype=np.float32))
    return done


def test_embeddings_arrive_per_edition_and_the_worker_stops_after_the_last() -> None:
    worker = _Worker()
    prepared = {e: SimpleNamespace(embeddings=np.zeros((0, 0), dtype=np.float32)) for e in ("cached", "a", "b")}
    prepared["cached"].embeddings = np.ones((2, 512), dtype=np.float32)
    work = Preparation(prepared, {"a": _Segmented([], _future(3)), "b": _Segmented([], _future(5))}, worker)  # type: ignore[arg-type]
    assert work.wait_for("cached").embeddings.shape == (2, 512)  # from the cache: nothing to wait for
    assert work.wait_for("a").embeddings.shape == (3, 512)
    assert worker.closed == 0, "the encoder still has an edition to deliver"
    assert work.wait_for("b").embeddings[0, 0] == 5
    assert worker.closed == 1 and work.worker is None and work.peak_worker_kb == 4096
    work.wait_for("a")
    work.close()
    assert worker.closed == 1, "asked again or closed again: the worker is stopped once"
