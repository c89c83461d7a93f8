"""Where a random game's time goes: per kind of move, and the cost of the game API's play loop by itself.

Run: ``python benchmarks/bench_engine_breakdown.py [--game race_to_the_new_found_land] [--games 300]``.

Each move is timed from asking for the legal actions to the state standing at the next decision, so a move's
figure includes the automatic steps it triggers and the listing of the next player's options. Moves are grouped by
their action's kind (``done`` gathers every stage's "done"). The last line
plays the same number of moves per game through the same bots and ``play_game`` loop on a state with no rules
at all (a generator that offers four fixed actions): the part of a game's time no engine change can remove.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.runtime.api import Action, Game, GameConfig, State
from engine.runtime.bots import make_bot, play_game
from engine.runtime.registry import load_game


class _NoRulesState(State):
    """``moves`` decisions of four fixed actions, seats in turn: the play loop's own cost, with no rules."""

    _ACTIONS: ClassVar[list[Action]] = [Action("move", (("n", i),)) for i in range(4)]

    def __init__(self, game: Game, moves: int, players: int) -> None:
        self.game = game
        self._history: list[Action] = []
        self._legal: list[Action] = []
        self.cur = 0
        self._players = players
        self._flow = self._run(moves)
        next(self._flow)

    def _run(self, moves: int) -> Any:
        for i in range(moves):
            self.cur = i % self._players
            self._legal = self._ACTIONS
            yield
        self.cur = -1

    @property
    def current_player(self) -> int:
        return self.cur

    @property
    def history(self) -> list[Action]:
        return self._history

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def apply(self, action: Action) -> None:
        if action not in self._legal:
            raise ValueError(action)
        self._history.append(action)
        next(self._flow, None)

    def is_terminal(self) -> bool:
        return self.cur == -1

    def scores(self) -> list[int]:
        return [0] * self._players

    def winners(self) -> list[int]:
        return []

    def observation(self, player: int) -> dict[str, Any]:
        return {}


def breakdown(config: GameConfig, games: int) -> tuple[Counter[str], Counter[str], float, int]:
    """Moves and CPU seconds per move kind over ``games`` random games, the seconds to set games up, and moves."""
    count: Counter[str] = Counter()
    seconds: Counter[str] = Counter()
    setup = 0.0
    clock = time.process_time
    bot = make_bot("random", config.game)
    moves = 0
    for i in range(games):
        start = clock()
        state = load_game(GameConfig(config.game, config.players, seed=config.seed + i)).new_initial_state()
        setup += clock() - start
        rngs = [random.Random(config.seed * 7919 + i * 31 + seat) for seat in range(config.players)]
        while not state.is_terminal():
            start = clock()
            action = bot.choose(state, rngs[state.current_player])
            state.apply(action)
            seconds[action.kind] += clock() - start
            count[action.kind] += 1
            moves += 1
    return count, seconds, setup, moves


def loop_floor(config: GameConfig, games: int, moves_per_game: int) -> float:
    """CPU seconds per game of ``play_game`` with random bots on :class:`_NoRulesState`."""
    game = load_game(config)
    bots = [make_bot("random", config.game) for _ in range(config.players)]
    start = time.process_time()
    for i in range(games):
        play_game(_NoRulesState(game, moves_per_game, config.players), bots, config.seed + i)
    return (time.process_time() - start) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="race_to_the_new_found_land")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    config = GameConfig(game=args.game, players=args.players, seed=1)
    breakdown(config, 5)  # warm-up: imports, tables, memos
    count, seconds, setup, moves = breakdown(config, args.games)
    total = sum(seconds.values()) + setup
    per_game = moves / args.games
    print(f"{args.game}: {args.players}-player random games, {args.games} games, {per_game:.0f} moves/game, "
          f"{1e6 * total / args.games:,.0f} us of CPU per game (timing each move adds its own overhead)")  # fmt: skip
    print(f"  {'move kind':<14}{'per game':>9}{'us/move':>9}{'us/game':>9}{'share':>7}")
    print(f"  {'(setup)':<14}{1:>9.1f}{1e6 * setup / args.games:>9.1f}{1e6 * setup / args.games:>9.0f}"
          f"{100 * setup / total:>6.1f}%")  # fmt: skip
    for kind, secs in seconds.most_common():
        n = count[kind]
        print(f"  {kind:<14}{n / args.games:>9.1f}{1e6 * secs / n:>9.1f}{1e6 * secs / args.games:>9.0f}"
              f"{100 * secs / total:>6.1f}%")  # fmt: skip
    floor = loop_floor(config, args.games, round(per_game))
    print(f"  play loop alone (bots, legal_actions, apply, a generator; no rules): {1e6 * floor:,.0f} us/game "
          f"= {1 / floor:,.0f} games/s at most for {per_game:.0f} moves/game")  # fmt: skip


if __name__ == "__main__":
    main()
