"""The adapters' cost and an OpenSpiel agent: random games/s through each API, and MCTS against random bots.

Run: ``python benchmarks/bench_adapters.py [--game race_to_the_new_found_land] [--players 4] [--games 200]
[--repeat 5] [--apis native,stepper,…] [--mcts-games 50] [--simulations 50] [--rollouts 1] [--skip-speed]
[--skip-mcts] [--instructions]``. Prints figures; asserts nothing. ``--apis`` measures only the APIs named (the
first is the one the others are compared with; callgrind takes minutes per API).

**Speed.** Random 4-player games on one core, CPU time, best of ``--repeat`` runs of the same games (the
closest to what the code itself costs on a shared machine; the median says how typical it is):

- *native*: the engine's own API with its random bot (``engine.runtime.simulate``), as ``bench_engine.py``;
- *loop*: the engine's own API (legal actions, a random one, apply) in the Python loop the stepper runs in: what
  the loop costs without codes;
- *stepper*: the adapters' core (:mod:`engine.adapters.stepper`): legal codes, a random one, apply;
- *OpenSpiel*: ``state.legal_actions()`` and ``state.apply_action()`` on the registered pyspiel game;
- *PettingZoo*: ``last(observe=False)``, the legal codes, ``step()`` on the AEC environment.

``simulate`` runs its games under :func:`engine.runtime.simulate.batch_gc` (the cyclic collector's young
threshold raised and what existed before frozen), so by default (``--gc same``) every other API is timed under
the same policy: the figures then compare what each API's code costs, not two collector settings. A training
loop gets the same by wrapping its games in ``batch_gc()``; ``--gc default`` times the adapters as they run
without it.

A random agent over codes picks among the first steps of the actions, so its games are not the native random
bot's games; both are "random play", of about as many engine actions (each line says how many, and how many
steps the codes took), so every figure is also given per engine action. ``--instructions`` also counts CPU
instructions per game and per action with callgrind (every API), figures the machine's load
cannot move.

**MCTS.** OpenSpiel's ``MCTSBot`` (UCT, ``RandomRolloutEvaluator``) in one seat against random bots in the
others, the seat rotating from game to game; the win rate counts a game won when the bot is among the winners,
with a Wilson 95 % interval. The bot searches the true state (OpenSpiel's MCTS is a perfect-information
search), so it sees the order of hidden stacks and the others' cards: a measure of the adapter with a standard
algorithm, not of a fair imperfect-information agent.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import native  # noqa: E402
from engine.adapters.stepper import Stepper  # noqa: E402
from engine.runtime.api import GameConfig  # noqa: E402
from engine.runtime.chance import randbelow  # noqa: E402
from engine.runtime.registry import load_game  # noqa: E402
from engine.runtime.simulate import batch_gc, simulate  # noqa: E402

#: What a run of games played: engine actions and steps (codes given; the engine's own API gives one per action).
Played = tuple[int, int]


def play_native(game: str, players: int, seeds: range) -> Played:
    records = simulate(GameConfig(game=game, players=players, seed=seeds.start), len(seeds), ["random"])
    actions = sum(record.moves for record in records)
    return actions, actions


def play_loop(game: str, players: int, seeds: range) -> Played:
    """The engine's own API in the same Python loop as :func:`play_stepper`, without codes: what the loop costs."""
    rng = random.Random(seeds.start)
    actions = 0
    for seed in seeds:
        state = load_game(GameConfig(game=game, players=players, seed=seed)).new_initial_state()
        legal = state.legal_actions()
        while legal:  # no legal action: the game is over
            state.apply(legal[randbelow(rng, len(legal))])
            legal = state.legal_actions()
        actions += len(state.history)
    return actions, actions


def play_stepper(game: str, players: int, seeds: range) -> Played:
    rng = random.Random(seeds.start)
    actions = steps = 0
    for seed in seeds:
        stepper = Stepper(load_game(GameConfig(game=game, players=players, seed=seed)).new_initial_state())
        codes = stepper.legal_codes()
        while codes:  # no legal code: the game is over
            stepper.apply(codes[randbelow(rng, len(codes))])
            codes = stepper.legal_codes()
            steps += 1
        actions += len(stepper.state.history)
    return actions, steps


def play_openspiel(game: str, players: int, seeds: range) -> Played:
    import pyspiel

    from engine.adapters.openspiel import SEED_NODES  # (importing it registers the games)

    spiel_game = pyspiel.load_game(f"python_{game}", {"players": players})
    rng = random.Random(seeds.start)
    actions = steps = 0
    for seed in seeds:
        state = spiel_game.new_initial_state_for_seed(seed)
        while not state.is_terminal():
            codes = state.legal_actions()
            state.apply_action(codes[randbelow(rng, len(codes))])
        actions += len(state.engine_state().history)
        steps += len(state.history()) - SEED_NODES
    return actions, steps


def play_pettingzoo(game: str, players: int, seeds: range) -> Played:
    from engine.adapters.pettingzoo import env

    e = env(game=game, players=players)
    raw = e.unwrapped
    rng = random.Random(seeds.start)
    actions = steps = 0
    for seed in seeds:
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            _, _, termination, truncation, _ = e.last(observe=False)
            if termination or truncation:
                e.step(None)
                continue
            codes = raw.legal_actions()
            e.step(codes[randbelow(rng, len(codes))])
            steps += 1
        actions += len(raw.stepper.state.history)
    return actions, steps


PLAYERS: dict[str, Callable[[str, int, range], Played]] = {
    "native": play_native,
    "loop": play_loop,
    "stepper": play_stepper,
    "OpenSpiel": play_openspiel,
    "PettingZoo": play_pettingzoo,
}


def under_batch_gc(play: Callable[[str, int, range], Played]) -> Callable[[str, int, range], Played]:
    """``play`` run under the collector policy ``simulate`` gives the native engine (:func:`batch_gc`)."""

    def played(game: str, players: int, seeds: range) -> Played:
        with batch_gc():
            return play(game, players, seeds)

    return played


def cpu_runs(
    play: Callable[[str, int, range], Played], game: str, players: int, games: int, repeat: int
) -> tuple[list[float], Played]:
    """CPU seconds of ``repeat`` runs of the same games, fastest first (after a warm-up of the memo tables), and
    what one run played."""
    play(game, players, range(10_000, 10_000 + games))
    runs = []
    played = (0, 0)
    for _ in range(repeat):
        start = time.process_time()
        played = play(game, players, range(1, 1 + games))
        runs.append(time.process_time() - start)
    return sorted(runs), played


INSTRUCTIONS = """
import sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {bench!r})
import bench_adapters as b
b.PLAYERS[{api!r}]({game!r}, {players}, range(10_000, 10_000 + {warm}))
if {games}:
    b.PLAYERS[{api!r}]({game!r}, {players}, range(1, 1 + {games}))
"""


#: The environment of a counted process: a fixed hash seed, and one OpenBLAS thread. Callgrind counts every
#: thread, and the worker threads NumPy's OpenBLAS starts (OpenSpiel and PettingZoo import NumPy) spin while
#: idle, adding millions of instructions at random: about ±0.25 M a game over 25 games.
QUIET_ENV = {"PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}


def instructions_per_game(api: str, game: str, players: int, games: int, warm: int = 50) -> float:
    """Instructions per warm game, counted by callgrind (the process with the games minus one without)."""

    def count(n: int) -> int:
        script = INSTRUCTIONS.format(root=str(ROOT), bench=str(Path(__file__).parent), api=api, game=game,
                                     players=players, warm=warm, games=n)  # fmt: skip
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", script],
            capture_output=True, text=True, check=True, env={**os.environ, **QUIET_ENV},
        )  # fmt: skip
        line = next(x for x in done.stderr.splitlines() if "Collected" in x)
        return int(line.rsplit(":", 1)[1].strip().replace(",", ""))

    return (count(games) - count(0)) / games


def speed(args: argparse.Namespace) -> None:
    print(f"engine: {native.status().reason}")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (CPU time is less sensitive to it than wall time)")
    print(f"{args.game}: {args.players}-player random games, one core, CPU time, "
          f"best (median) of {args.repeat} runs of {args.games} games")  # fmt: skip
    print("  (per action: CPU µs per engine action played, against the native engine's; "
          "the random agents over codes and over actions play different games, of about as many actions)")  # fmt: skip
    base = base_action = 0.0
    if args.gc == "same":
        print("  (every API under the collector policy simulate() gives the native engine: batch_gc(); "
              "--gc default leaves the others at CPython's defaults)")  # fmt: skip
    for name in args.apis:
        play = PLAYERS[name]
        if args.gc == "same" and name != "native":  # simulate() applies batch_gc() itself
            play = under_batch_gc(play)
        runs, (actions, steps) = cpu_runs(play, args.game, args.players, args.games, args.repeat)
        best, median = args.games / runs[0], args.games / runs[len(runs) // 2]
        per_action = runs[0] / actions * 1e6
        base, base_action = base or best, base_action or per_action
        print(f"  {name:<11} {best:8.0f} games/s ({median:.0f})   native / this: {base / best:.2f}x   "
              f"{actions / args.games:.1f} actions, {steps / args.games:.1f} steps a game; "
              f"{per_action:.1f} µs an action ({per_action / base_action:.2f}x)")  # fmt: skip
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("  (valgrind not found: no instruction counts)")
            return
        games = max(10, args.games // 4)
        print(f"  instructions (callgrind, {games} warm games):")
        first = first_action = 0.0
        for api in args.apis:
            per_game = instructions_per_game(api, args.game, args.players, games)
            actions, _ = PLAYERS[api](args.game, args.players, range(1, 1 + games))  # the games counted, replayed
            per_action = per_game * games / actions
            first, first_action = first or per_game, first_action or per_action
            print(f"    {api:<9} {per_game / 1e6:.2f} M a game ({per_game / first:.2f}x), "
                  f"{per_action / 1e3:.1f} k an action ({per_action / first_action:.2f}x)")  # fmt: skip


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def mcts_match(args: argparse.Namespace) -> None:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import engine.adapters.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(f"python_{args.game}", {"players": args.players})
    print(f"MCTS against random bots: {args.game}, {args.players} players, {args.mcts_games} games; "
          f"MCTSBot(uct_c={args.uct_c}, max_simulations={args.simulations}, "
          f"RandomRolloutEvaluator(n_rollouts={args.rollouts})), seat rotating, seeds 1…")  # fmt: skip
    rng = np.random.RandomState(args.seed)
    bot = mcts.MCTSBot(game, uct_c=args.uct_c, max_simulations=args.simulations,
                       evaluator=mcts.RandomRolloutEvaluator(args.rollouts, rng), random_state=rng)  # fmt: skip
    wins = shared = 0
    start, cpu = time.perf_counter(), time.process_time()
    for number in range(args.mcts_games):
        seat = number % args.players
        state = game.new_initial_state_for_seed(1 + number)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(bot.step(state) if state.current_player() == seat else actions[rng.randint(len(actions))])
        returns = state.returns()
        if returns[seat] > 0:
            wins += 1
            shared += returns[seat] < 1
        if (number + 1) % 10 == 0:
            print(f"    after {number + 1} games: {wins} won", flush=True)
    low, high = wilson(wins, args.mcts_games)
    print(f"  MCTS won {wins} of {args.mcts_games} ({wins / args.mcts_games:.0%}; 95 % interval {low:.0%}–{high:.0%}); "
          f"{shared} of the wins shared in a tie; {time.perf_counter() - start:.0f} s wall, "
          f"{time.process_time() - cpu:.0f} s CPU, load average {os.getloadavg()[0]:.2f}")  # fmt: skip


def _apis(text: str) -> list[str]:
    """The ``--apis`` option: known API names, comma-separated, at least one."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in PLAYERS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown API(s) {', '.join(unknown) or '(none given)'}; known: {', '.join(PLAYERS)}")
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="race_to_the_new_found_land")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200, help="games per timed run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per API; best and median shown")
    parser.add_argument("--instructions", action="store_true", help="also count instructions per game (valgrind)")
    parser.add_argument(
        "--apis",
        type=_apis,
        default=list(PLAYERS),
        help=f"the APIs measured, comma-separated, the first the reference (default: {','.join(PLAYERS)})",
    )
    parser.add_argument("--mcts-games", type=int, default=50)
    parser.add_argument("--simulations", type=int, default=50, help="MCTS simulations per move (20 won 88 %% of 50 games)")
    parser.add_argument("--rollouts", type=int, default=1, help="random rollouts per MCTS leaf")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=0, help="seed of the bots' own generator")
    parser.add_argument(
        "--gc", choices=("same", "default"), default="same",
        help="same: time every API under the collector policy simulate() gives the native engine (batch_gc); "
        "default: the adapters under CPython's defaults",
    )  # fmt: skip
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-mcts", action="store_true")
    args = parser.parse_args()
    if not args.skip_speed:
        speed(args)
    if not args.skip_mcts:
        mcts_match(args)


if __name__ == "__main__":
    main()
