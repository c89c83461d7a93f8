"""Peak memory of ``rulespec simulate`` at 10⁴ and 10⁵ games: flat, because games are tallied as they finish.

Run: ``python benchmarks/bench_simulate_memory.py [--game race_to_the_new_found_land] [--players 4]
[--counts 10000,100000] [--jobs 1]``. Each count runs the command in a fresh process with random bots; the peak
resident set size of that process (and, with ``--jobs`` > 1, of its largest worker) comes from ``wait4``.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def peak_mb(command: list[str]) -> tuple[float, float]:
    """Peak RSS in MB of the process running ``command`` (and of its children), and its wall seconds."""
    start = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{' '.join(command)} failed: {process.stderr.read().decode() if process.stderr else ''}")
    return usage.ru_maxrss / 1024, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="race_to_the_new_found_land")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--counts", default="10000,100000")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for games in (int(c) for c in args.counts.split(",")):
        command = [sys.executable, "-m", "cli.app", "simulate", args.game, "--games", str(games), "--players",
                   str(args.players), "--bots", "random", "--jobs", str(args.jobs), "--json"]  # fmt: skip
        peak, wall = peak_mb(command)
        print(f"rulespec simulate {args.game} --games {games:,} --players {args.players} --jobs {args.jobs}: "
              f"peak RSS {peak:.0f} MB ({wall:.0f} s)", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
