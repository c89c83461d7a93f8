"""Speed of the impact sweep: heuristic-bot games per second on one core, and a full sweep of every ruling.

Run: ``python benchmarks/bench_impact.py [--game race_to_the_new_found_land] [--games 300] [--repeat 5]
[--instructions] [--sweep] [--sweep-games 3334] [--jobs 2]``.

- One core: ``--games`` heuristic games per player count, ``--repeat`` times; the best and the median CPU time
  (CPU time leaves out the other load of a shared machine; the load average is printed beside it).
- ``--instructions``: instructions per heuristic game counted by callgrind (what the load cannot move): a process
  playing warm-up games plus ``--games`` more, less one playing the warm-up only.
- ``--sweep``: ``rulespec impact`` of every ruling with the heuristic bots at ``--sweep-games`` paired games per
  reading and player count (3,334 × 3 counts ≈ 10,000 paired games per reading) on ``--jobs`` processes: wall
  time, with the load average before and after. The report goes to a temporary file.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import native  # noqa: E402
from engine.runtime.api import GameConfig  # noqa: E402
from engine.runtime.simulate import simulate  # noqa: E402
from rulespec.model import load_spec  # noqa: E402


def one_core(game: str, players: int, games: int, repeat: int) -> tuple[float, float]:
    """Best and median heuristic games per CPU second over ``repeat`` runs of the same games."""
    config = GameConfig(game=game, players=players, seed=1)
    simulate(config, 5, ["heuristic"])  # warm-up: imports, tables, memos
    rates = []
    for _ in range(max(1, repeat)):
        start = time.process_time()
        simulate(config, games, ["heuristic"])
        rates.append(games / (time.process_time() - start))
    return max(rates), statistics.median(rates)


PLAY = """
import sys
sys.path.insert(0, {root!r})
from engine.runtime.api import GameConfig
from engine.runtime.simulate import simulate
simulate(GameConfig(game={game!r}, players={players}, seed=1), {warm}, ["heuristic"])
if {games}:
    simulate(GameConfig(game={game!r}, players={players}, seed=1000), {games}, ["heuristic"])
"""


def instructions(game: str, players: int, games: int, warm: int = 10) -> float:
    """Instructions per warm heuristic game, by callgrind."""

    def count(n: int) -> int:
        script = PLAY.format(root=str(ROOT), game=game, players=players, warm=warm, games=n)
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", script],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=True,
        )  # fmt: skip
        found = re.search(r"Collected : (\d+)", done.stderr)
        if not found:
            raise RuntimeError(done.stderr[-2000:])
        return int(found.group(1))

    return (count(games) - count(0)) / games


def sweep(game: str, games: int, jobs: int) -> None:
    """Time a full sweep through the command line, as a user runs it."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "impact.json"
        command = [sys.executable, "-m", "cli.app", "impact", game, "--games", str(games), "--bots", "heuristic",
                   "--jobs", str(jobs), "--json", "--output", str(out)]  # fmt: skip
        before = os.getloadavg()
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        wall = time.perf_counter() - start
        after = os.getloadavg()
    spec = load_spec(game)
    readings = sum(len(r.readings) - 1 for r in spec.rulings.values())
    counts = spec.players_max - spec.players_min + 1
    total = games * counts * (1 + readings)
    print(f"full sweep of {game}: {len(spec.rulings)} rulings, {readings} readings, {games:,} paired games per reading "
          f"and player count ({games * counts:,} per reading), heuristic bots, {total:,} games on {jobs} processes: "
          f"{wall:.0f} s wall ({wall / 60:.1f} min, {total / wall:.0f} games/s); "
          f"load average {before[0]:.2f} before, {after[0]:.2f} after")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="race_to_the_new_found_land")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--sweep", action="store_true")
    parser.add_argument("--sweep-games", type=int, default=3334)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    spec = load_spec(args.game)
    print(f"engine: {native.status().reason}")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for players in range(spec.players_min, spec.players_max + 1):
        best, median = one_core(args.game, players, args.games, args.repeat)
        line = (f"{args.game}, {players} players, heuristic bots, one core: {best:.0f} games/s best, "
                f"{median:.0f} median (CPU time)")  # fmt: skip
        if args.instructions:
            line += f"; {instructions(args.game, players, min(args.games, 50)) / 1e6:.2f} M instructions/game"
        print(line, flush=True)
    if args.sweep:
        sweep(args.game, args.sweep_games, args.jobs)


if __name__ == "__main__":
    main()
