"""Where batches of games run: this process, a local process pool, or a Ray cluster.

A backend maps a top-level function over tasks and yields the results *as they finish*, in whatever order.
Callers make that harmless: every game draws from its own seed, and results are merged by adding integers
(:class:`~engine.runtime.stats.Moments`), so a run gives the same figures on any backend and any number of
workers. Tasks are submitted through a bounded window, so memory does not grow with the number of tasks.

>>> backend = make_backend("local", jobs=1)
>>> sorted(backend.map_unordered(abs, [-2, 1]))
[1, 2]

Ray (an optional dependency: ``pip install rulespec[ray]``) starts a local instance when no address is given,
or joins a running cluster (``--address auto`` or ``ray://host:10001``). Ray moves tasks and results between
its processes with its own serialiser; nothing here writes or reads a file of serialised objects.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, Protocol

#: Backend names the command line accepts.
BACKENDS = ("local", "ray")

#: Tasks in flight per worker: enough to keep every worker busy while a result is merged, few enough to keep
#: memory flat.
WINDOW_PER_WORKER = 3


class BackendError(RuntimeError):
    """A backend could not start (Ray missing, an address that does not answer)."""


class Backend(Protocol):
    """Runs a function over tasks somewhere; see the module docstring."""

    name: str

    @property
    def workers(self) -> int:
        """How many tasks run at once."""
        ...

    def map_unordered(self, fn: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
        """``fn(task)`` for every task, yielded as each finishes (any order)."""
        ...

    def close(self) -> None:
        """Release what the backend started (processes, a local Ray instance)."""
        ...


class LocalBackend:
    """This process (``jobs`` ≤ 1) or a pool of ``jobs`` worker processes on this machine."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        self.jobs = max(1, min(jobs, os.cpu_count() or jobs))
        self._pool: ProcessPoolExecutor | None = None

    @property
    def workers(self) -> int:
        return self.jobs

    def map_unordered(self, fn: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
        if self.jobs <= 1:
            for task in tasks:
                yield fn(task)
            return
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.jobs)
        pending: set[Future[Any]] = set()
        window = self.jobs * WINDOW_PER_WORKER
        for task in tasks:
            pending.add(self._pool.submit(fn, task))
            if len(pending) >= window:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


class RayBackend:
    """Tasks as Ray remote functions: a local Ray instance of ``workers`` CPUs, or the cluster at ``address``."""

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise BackendError("the ray backend needs Ray: pip install 'rulespec[ray]'") from None
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            try:
                if address:
                    ray.init(address=address, log_to_driver=False, logging_level="ERROR")
                else:
                    ray.init(
                        num_cpus=workers or os.cpu_count() or 1,
                        include_dashboard=False,
                        log_to_driver=False,
                        logging_level="ERROR",
                        # local workers import this checkout's code, whatever the current directory
                        runtime_env={"env_vars": {"PYTHONPATH": _pythonpath()}},
                    )
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise BackendError(f"cannot start or join Ray at {address or 'a local instance'}: {exc}") from None
            self._started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self._workers = max(1, min(workers, cpus) if workers else cpus)
        self._remote: dict[Callable[[Any], Any], Any] = {}

    @property
    def workers(self) -> int:
        return self._workers

    def map_unordered(self, fn: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
        ray = self._ray
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = ray.remote(num_cpus=1)(fn)
        pending: list[Any] = []
        window = self._workers * WINDOW_PER_WORKER
        for task in tasks:
            pending.append(remote.remote(task))
            if len(pending) >= window:
                done, pending = ray.wait(pending, num_returns=1)
                yield ray.get(done[0])
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False


def _pythonpath() -> str:
    """This checkout first, then the caller's PYTHONPATH: the folder that holds the ``engine`` package."""
    root = str(Path(__file__).resolve().parents[2])
    rest = os.environ.get("PYTHONPATH", "")
    return os.pathsep.join(p for p in (root, rest) if p)


def make_backend(name: str, *, jobs: int = 1, address: str | None = None) -> Backend:
    """A backend by name: ``local`` (a pool of ``jobs`` processes) or ``ray`` (``jobs`` CPUs of a local instance,
    or every CPU of the cluster at ``address``)."""
    if name == "local":
        if address:
            raise BackendError("--address is for the ray backend")
        return LocalBackend(jobs)
    if name == "ray":
        return RayBackend(address, jobs if jobs > 1 or not address else None)
    raise BackendError(f"unknown backend {name!r}; known: {', '.join(BACKENDS)}")
