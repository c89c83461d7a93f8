"""Do two engines play the same games? A step-by-step comparison of two source trees, or compiled against plain.

Run: ``python benchmarks/compare_engines.py --a /path/to/tree-a --b /path/to/tree-b`` (each side ``TREE`` or
``TREE:pure``; ``--a . --b .:pure`` compares this tree's compiled engine with its plain sources). ``--quick``
plays a few configurations only.

Each side plays the same configurations in a process of its own (``PYTHONPATH`` set to its tree), and prints
one line per configuration: a digest of every step, then the game's end. A step's digest covers the seat to
move, the full list of legal actions in order, every seat's observation and the onlooker's, the scores and the
winners; the end covers ``to_json()``, the scores, the winners and the fingerprint. The configurations are
every edition at 2, 3 and 4 players (Francis Drake: 3, 4 and 5), then every reading of every ruling, one ruling
at a time, each with random bots and with heuristic bots mixed in, two seeds of each (Francis Drake: six). Both
sides' bots are their own, so a bot picks the same move only if it is shown the same position: any difference
in what the engines show surfaces as a mismatch at the first step where it appears.

Prints the number of configurations, steps and mismatches (and, for the first mismatches, where they start).
Exits 1 on any mismatch. Asserts nothing else.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The child: plays the configurations it is given on stdin (one JSON list) and prints a line per game.
PLAY = r"""
import hashlib, json, sys
from engine import native
from engine.runtime.api import GameConfig
from engine.runtime.bots import make_bot
from engine.runtime.registry import load_game
import random

def digest(value):
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]

print(json.dumps({"native": native.status().active}), flush=True)
for spec in json.loads(sys.stdin.read()):
    config = GameConfig(game=spec["game"], players=spec["players"], seed=spec["seed"], edition=spec["edition"],
                        rulings=spec["rulings"])
    state = load_game(config).new_initial_state()
    bots = [make_bot(name, config.game) for name in spec["bots"]]
    rngs = [random.Random(config.seed * 1_000_003 + seat * 7919 + 1) for seat in range(config.players)]
    steps = []
    while True:
        player = state.current_player
        legal = [str(a) for a in state.legal_actions()] if not state.is_terminal() else []
        views = [state.observation(p) for p in range(-1, config.players)]
        steps.append(digest([player, legal, views, state.scores(), state.winners()]))
        if state.is_terminal():
            break
        state.apply(bots[player].choose(state, rngs[player]))
    end = digest([state.to_json(), state.scores(), state.winners(), state.fingerprint()])
    print(json.dumps({"steps": steps, "end": end}), flush=True)
"""


def configurations(quick: bool = False) -> list[dict[str, object]]:
    """Every edition at every player count, then every reading of every ruling, random and heuristic bots."""
    sys.path.insert(0, str(ROOT))
    from engine.runtime.api import GameConfig
    from engine.runtime.registry import load_game

    out: list[dict[str, object]] = []
    # player counts, and games per configuration (Francis Drake has few rulings: more seeds each)
    games = {"race_to_the_new_found_land": ((2, 3, 4), 2), "francis_drake": ((3, 4, 5), 6)}
    for game, (counts, repeats) in games.items():
        probe = load_game(GameConfig(game=game, players=counts[0], seed=1))
        editions, rulings = _editions_and_rulings(game, probe)
        seed = 1
        runs: list[tuple[str | None, dict[str, str]]] = [(edition, {}) for edition in editions]
        runs += [(None, {ruling: reading}) for ruling, readings in rulings.items() for reading in readings]
        for edition, chosen in runs:
            for players in counts:
                for mix in ("random", "heuristic") * repeats:
                    bots = ["random"] * players if mix == "random" else [
                        "heuristic" if (seat + seed) % 2 else "random" for seat in range(players)
                    ]
                    out.append({"game": game, "players": players, "seed": seed, "edition": edition,
                                "rulings": chosen, "bots": bots})  # fmt: skip
                    seed += 1
    return out[::9] if quick else out


def _editions_and_rulings(game: str, probe: object) -> tuple[list[str], dict[str, list[str]]]:
    """The game's editions and each ruling's readings, from its generated modules (both trees share them)."""
    if game == "race_to_the_new_found_land":
        from engine.race_to_the_new_found_land.tables import default_generated

        gen = default_generated()
        rulings = {r: sorted(data["readings"]) for r, data in sorted(gen.rulings.RULINGS.items())}
        return list(gen.game_info.EDITIONS), rulings
    from engine.francis_drake.generated import constants

    readings = getattr(constants, "RULING_READINGS", {})
    return list(constants.EDITIONS), {r: sorted(readings.get(r, ())) for r in constants.RULINGS}


def play(side: str, specs: list[dict[str, object]]) -> Iterator[dict[str, object]]:
    """Lines of the child playing ``specs`` on ``side`` (``TREE`` or ``TREE:pure``)."""
    tree, _, mode = side.partition(":")
    root = Path(tree).resolve()
    env = {**os.environ, "PYTHONPATH": str(root), "RULESPEC_PURE_PYTHON": "1" if mode == "pure" else "",
           "PYTHONHASHSEED": "0"}  # fmt: skip
    env.pop("PYTHONWARNINGS", None)
    child = subprocess.Popen(
        [sys.executable, "-W", "ignore", "-c", PLAY], cwd=root, env=env, text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    )  # fmt: skip
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(json.dumps(specs))
    child.stdin.close()
    for line in child.stdout:
        yield json.loads(line)
    if child.wait():
        raise SystemExit(f"{side}: the child process failed (exit {child.returncode})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True, help="TREE or TREE:pure")
    parser.add_argument("--b", required=True, help="TREE or TREE:pure")
    parser.add_argument("--quick", action="store_true", help="every ninth configuration only")
    parser.add_argument("--game", help="only this game")
    args = parser.parse_args()
    specs = [s for s in configurations(args.quick) if args.game in (None, s["game"])]
    a, b = play(args.a, specs), play(args.b, specs)
    head_a, head_b = next(a), next(b)
    print(f"a: {args.a} (compiled: {head_a['native']}); b: {args.b} (compiled: {head_b['native']})")
    steps = mismatches = 0
    for spec, run_a, run_b in zip(specs, a, b, strict=True):
        steps += len(run_a["steps"])  # type: ignore[arg-type]
        if run_a == run_b:
            continue
        mismatches += 1
        first = next((i for i, (x, y) in enumerate(zip(run_a["steps"], run_b["steps"], strict=False)) if x != y),
                     min(len(run_a["steps"]), len(run_b["steps"])))  # type: ignore[arg-type]  # fmt: skip
        if mismatches <= 10:
            print(f"  mismatch from step {first}: {json.dumps(spec, sort_keys=True)}")
    per_game: dict[str, int] = {}
    for spec in specs:
        per_game[str(spec["game"])] = per_game.get(str(spec["game"]), 0) + 1
    counts = ", ".join(f"{n} {game}" for game, n in per_game.items())
    print(f"{len(specs)} configurations ({counts}), {steps} steps, {mismatches} mismatches")
    raise SystemExit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
