"""Scaling on Ray: the same heuristic-bot simulation on a local Ray instance with 1 and then 2 workers.

Run: ``python benchmarks/bench_ray.py [--game race_to_the_new_found_land] [--games 2000] [--players 4]``.
Needs Ray (``pip install 'rulespec[ray]'``). Each run starts its own local Ray instance (not timed), plays a
warm-up, then times ``--games`` games; the figures must be the same whatever the worker count, and the speed-up
of 2 workers over 1 shows how near to linear the scaling is on this machine (2 cores, shared: the load average is
printed, and the same games on the local process pool show what the cores give at that load). Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.runtime.api import GameConfig  # noqa: E402
from engine.runtime.backends import Backend, LocalBackend, RayBackend  # noqa: E402
from engine.runtime.simulate import simulate_summary  # noqa: E402


def run(workers: int, config: GameConfig, games: int, ray: bool = True) -> tuple[float, dict[str, object]]:
    backend: Backend = RayBackend(workers=workers) if ray else LocalBackend(workers)
    try:
        simulate_summary(config, workers * 8, ["heuristic"], backend=backend)  # warm-up: workers import the engine
        start = time.perf_counter()
        summary = simulate_summary(config, games, ["heuristic"], backend=backend)
        return time.perf_counter() - start, summary.to_json()
    finally:
        backend.close()


def _burn(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def ceiling(n: int = 20_000_000) -> float:
    """What a second process gives on this machine now: a plain CPU loop twice in one process, then in two."""
    from concurrent.futures import ProcessPoolExecutor

    start = time.perf_counter()
    _burn(n)
    _burn(n)
    serial = time.perf_counter() - start
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_burn, [1000, 1000]))  # start the workers first
        start = time.perf_counter()
        list(pool.map(_burn, [n, n]))
        return serial / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="race_to_the_new_found_land")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    config = GameConfig(game=args.game, players=args.players, seed=1)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    results = {}
    for workers in (1, 2):
        wall, summary = run(workers, config, args.games)
        results[workers] = (wall, summary)
        print(f"Ray, {workers} worker(s): {args.games:,} heuristic {args.players}-player games in {wall:.1f} s "
              f"({args.games / wall:.0f} games/s); load average {os.getloadavg()[0]:.2f}", flush=True)  # fmt: skip
    speedup = results[1][0] / results[2][0]
    same = results[1][1] == results[2][1]
    print(f"speed-up of 2 workers over 1: {speedup:.2f}× (linear: 2×); same results: {'yes' if same else 'NO'}")
    print(f"ceiling: a plain CPU loop in 2 processes runs {ceiling():.2f}× as fast as in 1, in the same minutes")
    # the same games on the local process pool, in the same minutes: what the machine's cores give at this load
    local = {jobs: run(jobs, config, args.games, ray=False) for jobs in (1, 2)}
    print(f"local pool in the same minutes: 1 process {local[1][0]:.1f} s, 2 processes {local[2][0]:.1f} s "
          f"({local[1][0] / local[2][0]:.2f}×); same results as Ray: {'yes' if local[2][1] == results[2][1] else 'NO'}; "
          f"load average {os.getloadavg()[0]:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
