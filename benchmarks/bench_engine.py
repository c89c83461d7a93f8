"""Engine speed: complete random games per second on one core, the speed-up with 2 jobs, and memory.

Run: ``python benchmarks/bench_engine.py [--game race_to_the_new_found_land] [--games 300] [--players 4]
[--memory-games 100000 --memory-steps 10]``.
Prints figures; it asserts nothing (speed is measured here, never in tests). It says which engine ran: the
compiled one (mypyc, see ``engine/native.py``) where it is built and up to date, else the plain-Python sources;
and it times the plain-Python engine too, in a child process with ``RULESPEC_PURE_PYTHON=1``, so the two
figures come from the same minutes of a shared machine. The memory run plays its games in
``--memory-steps`` slices and prints the resident set after each, so a leak (or an unbounded memo) shows as a
rising column rather than a single peak.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import native
from engine.runtime.api import GameConfig
from engine.runtime.simulate import simulate


def rss_mb() -> float:
    """Peak resident set size of this process in MB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def current_rss_mb() -> float:
    """Resident set size now in MB (``/proc/self/statm``; the peak where there is no ``/proc``)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return rss_mb()
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def timed(config: GameConfig, games: int, jobs: int) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds of this process (excludes other load on a shared machine), moves played."""
    start, cpu = time.perf_counter(), time.process_time()
    records = simulate(config, games, ["random"], jobs=jobs)
    return time.perf_counter() - start, time.process_time() - cpu, sum(r.moves for r in records)


def timed_runs(config: GameConfig, games: int, repeat: int) -> list[tuple[float, float, int]]:
    """``repeat`` one-core runs of the same games, fastest CPU time first.

    On a shared machine one run can be a third slower than the next: as with timeit, the best run is the
    closest to what the code itself costs, and the median says how typical it is."""
    return sorted((timed(config, games, 1) for _ in range(max(1, repeat))), key=lambda run: run[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="race_to_the_new_found_land")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--memory-games", type=int, default=2000)
    parser.add_argument("--memory-steps", type=int, default=10, help="slices of the memory run, RSS printed after each")
    parser.add_argument("--repeat", type=int, default=9, help="timed runs of the same games; best and median shown")
    parser.add_argument("--speed-only", action="store_true", help="print only the one-core games/s (for the pure run)")
    args = parser.parse_args()
    config = GameConfig(game=args.game, players=args.players, seed=1)
    timed(config, 5, 1)  # warm-up: imports, table build
    if args.speed_only:
        runs = timed_runs(config, args.games, args.repeat)
        print(f"{args.games / runs[0][1]:.1f} {args.games / runs[len(runs) // 2][1]:.1f}")
        return
    print(f"engine: {native.status().reason}")
    print(f"machine load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (wall figures suffer from it)")
    before = rss_mb()
    runs = timed_runs(config, args.games, args.repeat)
    t1, cpu1, moves = runs[0]
    median_cpu = runs[len(runs) // 2][1]
    print(f"{args.game}: {args.players}-player random games, one core, best of {len(runs)} runs")
    print(f"  {args.games} games in {t1:.2f} s wall = {args.games / t1:.1f} games/s "
          f"({args.games / cpu1:.1f} games/s of CPU time; median run {args.games / median_cpu:.1f}), "
          f"{moves / cpu1:,.0f} moves/s, {moves / args.games:.0f} moves/game")  # fmt: skip
    if native.status().active:
        pure = subprocess.run(
            [sys.executable, __file__, "--game", args.game, "--games", str(args.games), "--players", str(args.players),
             "--repeat", str(args.repeat), "--speed-only"],
            env={**os.environ, native.PURE_ENV: "1"}, capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        best_pure, median_pure = float(pure[0]), float(pure[1])
        print(f"  plain-Python engine ({native.PURE_ENV}=1), same games: {best_pure:.1f} games/s of CPU time "
              f"(median run {median_pure:.1f}); compiled speed-up {args.games / cpu1 / best_pure:.2f}x")  # fmt: skip
    t2, _, _ = timed(config, args.games, 2)
    typical = runs[len(runs) // 2][0]  # a single 2-job run is compared with a typical 1-job run, not the best
    print(f"  2 jobs: {args.games / t2:.1f} games/s wall, speed-up {typical / t2:.2f}x over the median 1-job run (wall)")
    mid = rss_mb()
    print(f"  memory over {args.memory_games:,} more games (seeds continue; records dropped after each slice):")
    steps = max(1, min(args.memory_steps, args.memory_games))
    played, first = 0, None
    for step in range(steps):
        size = args.memory_games * (step + 1) // steps - played
        config = replace(config, seed=1 + args.games + played)
        timed(config, size, 1)
        played += size
        now = current_rss_mb()
        first = now if first is None else first
        print(f"    after {played:>9,} games: RSS {now:6.1f} MB (change since the first slice {now - first:+.1f} MB)")
    after = rss_mb()
    print(f"  peak RSS: {before:.1f} MB after warm-up, {mid:.1f} MB after the timed runs, "
          f"{after:.1f} MB after {args.memory_games:,} more games (growth {after - mid:+.1f} MB)")  # fmt: skip

if __name__ == "__main__":
    main()
