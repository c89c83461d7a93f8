"""Engine cost in CPU instructions per random game, compiled and plain Python: a figure the machine's load cannot move.

Run: ``python benchmarks/bench_engine_instructions.py [--game race_to_the_new_found_land] [--players 4]
[--games 100] [--warm-up 20]``. Needs valgrind (``callgrind`` counts the instructions a process executes).

Seconds on a shared machine swing by a third from one run to the next; instruction counts repeat to within a
fraction of a percent. Each engine plays ``--warm-up`` games and then ``--games`` more in one process; a second
process plays only the warm-up; the difference divided by ``--games`` is the cost of a warm game (imports,
table building and the first fills of the memo tables cancel out). The plain-Python engine runs with
``RULESPEC_PURE_PYTHON=1``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PLAY = """
import sys
sys.path.insert(0, {root!r})
from engine.runtime.api import GameConfig
from engine.runtime.simulate import simulate
simulate(GameConfig(game={game!r}, players={players}, seed=1), {warm}, ["random"])
if {games}:
    simulate(GameConfig(game={game!r}, players={players}, seed=1000), {games}, ["random"])
"""


def instructions(script: str, pure: bool) -> int:
    """Instructions the process running ``script`` executes, counted by callgrind."""
    env = {**os.environ, "RULESPEC_PURE_PYTHON": "1" if pure else "", "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", script],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_game(game: str, players: int, games: int, warm: int, pure: bool) -> float:
    def script(n: int) -> str:
        return PLAY.format(root=str(ROOT), game=game, players=players, warm=warm, games=n)

    return (instructions(script(games), pure) - instructions(script(0), pure)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="race_to_the_new_found_land")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--warm-up", type=int, default=20)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    sys.path.insert(0, str(ROOT))
    from engine import native

    print(f"{args.game}: {args.players}-player random games, instructions per game "
          f"({args.games} games after {args.warm_up} warm-up games, callgrind)")  # fmt: skip
    pure = per_game(args.game, args.players, args.games, args.warm_up, pure=True)
    print(f"  plain-Python engine: {pure / 1e6:.2f} M")
    if native.status().active:
        compiled = per_game(args.game, args.players, args.games, args.warm_up, pure=False)
        print(f"  compiled engine:     {compiled / 1e6:.2f} M ({pure / compiled:.2f}x fewer)")
    else:
        print(f"  compiled engine: not measured ({native.status().reason})")


if __name__ == "__main__":
    main()
