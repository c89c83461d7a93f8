"""Paired games: the same seed played under the default readings and under one other reading, tallied exactly.

A pair shares everything but one ruling's reading: the setup shuffles, every bot's random draws (see
:func:`engine.runtime.bots.seat_rngs`). Until the reading first matters the two games are move for move the
same, so the difference of their outcomes is the reading's effect plus far less noise than two independent
games would carry — the paired-difference design of A/B tests and of Monte Carlo variance reduction by common
random numbers.

A worker plays one :class:`PairTask` (a range of seeds, one player count, one bot, every reading to compare) and
sends back a :class:`PairTally`: integer sums only, keyed by text, which merge by addition in any order. The
default game of each seed is played once and paired with every reading.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.runtime.api import Action, GameConfig
from engine.runtime.bots import make_bot, play_game_observed
from engine.runtime.registry import load_game
from engine.runtime.simulate import batch_gc
from engine.runtime.situations import new_counter

#: The arm of the default readings in a tally's keys.
DEFAULT_ARM = "default"


@dataclass(frozen=True)
class PairTask:
    """Seeds ``seed + start .. seed + stop - 1`` of one player count and bot, each played under the defaults and
    under every arm ``(ruling, reading)``; ``defaults`` names every ruling's default reading."""

    game: str
    players: int
    bot: str
    seed: int
    start: int
    stop: int
    defaults: tuple[tuple[str, str], ...]
    arms: tuple[tuple[str, str], ...]
    variants: tuple[str, ...] = ()

    @property
    def games(self) -> int:
        """Games this task plays."""
        return (self.stop - self.start) * (1 + len(self.arms))


@dataclass
class Outcome:
    """What a tally needs of one finished game."""

    scores: list[int]
    winners: set[int]
    labels: list[dict[str, str]]
    moves: int
    history: list[Action]
    situations: dict[str, int]


def arm_key(ruling: str, reading: str) -> str:
    """The name of an arm in a tally: ``ruling=reading``."""
    return f"{ruling}={reading}"


@dataclass
class PairTally:
    """Sums of paired differences, keyed ``players|bot|arm|metric`` → ``[n, sum, sum of squares]``.

    Integers only: a mean and its interval come out of the three numbers exactly however the pairs were split
    and merged. The default arm holds the baseline itself (not a difference).
    """

    sums: dict[str, list[int]] = field(default_factory=dict)

    def add(self, key: str, value: int) -> None:
        cell = self.sums.get(key)
        if cell is None:
            self.sums[key] = [1, value, value * value]
        else:
            cell[0] += 1
            cell[1] += value
            cell[2] += value * value

    def merge(self, other: dict[str, list[int]]) -> None:
        for key, (n, total, squares) in other.items():
            cell = self.sums.get(key)
            if cell is None:
                self.sums[key] = [n, total, squares]
            else:
                cell[0] += n
                cell[1] += total
                cell[2] += squares

    def add_baseline(self, prefix: str, game: Outcome) -> None:
        """The default game of a seed: scores, spread, length and win rates, for scale and context."""
        add = self.add
        add(prefix + "score", sum(game.scores))
        for score in game.scores:
            add(prefix + "seat_score", score)
        add(prefix + "spread", max(game.scores) - min(game.scores))
        add(prefix + "length", game.moves)
        for key, won in _wins(game).items():
            add(prefix + "win:" + key, won)

    def add_pair(self, prefix: str, ruling: str, base: Outcome, arm: Outcome) -> None:
        """One pair: the differences arm − default, whether the game changed, and whether the situation arose."""
        add = self.add
        add(prefix + "score", sum(arm.scores) - sum(base.scores))
        add(prefix + "spread", (max(arm.scores) - min(arm.scores)) - (max(base.scores) - min(base.scores)))
        add(prefix + "length", arm.moves - base.moves)
        base_wins, arm_wins = _wins(base), _wins(arm)
        for key in sorted(base_wins.keys() | arm_wins.keys()):
            add(prefix + "win:" + key, arm_wins.get(key, 0) - base_wins.get(key, 0))
        add(prefix + "changed", 0 if arm.history == base.history and arm.scores == base.scores else 1)
        if ruling in base.situations:
            seen_default = base.situations[ruling] > 0
            seen_reading = arm.situations.get(ruling, 0) > 0
            add(prefix + "sit:default", int(seen_default))
            add(prefix + "sit:reading", int(seen_reading))
            add(prefix + "sit:either", int(seen_default or seen_reading))
            add(prefix + "sit:count", base.situations[ruling])


def _wins(game: Outcome) -> dict[str, int]:
    """``seat:S`` and ``<label>:<value>`` → 1 if that seat (or the seat holding that label) won, else 0."""
    out = {f"seat:{seat}": int(seat in game.winners) for seat in range(len(game.scores))}
    for seat, labels in enumerate(game.labels):
        for group, value in labels.items():
            key = f"{group}:{value}"
            out[key] = max(out.get(key, 0), int(seat in game.winners))
    return out


def play_one(task: PairTask, rulings: dict[str, str], seed: int, watched: list[str]) -> Outcome:
    """One game of ``task``'s configuration with ``rulings``, counting the situations of ``watched`` rulings."""
    config = GameConfig(game=task.game, players=task.players, seed=seed, rulings=rulings, variants=task.variants)
    state = load_game(config).new_initial_state()
    counter = new_counter(task.game, watched)
    bots = [make_bot(task.bot, task.game) for _ in range(task.players)]
    play_game_observed(state, bots, seed, counter.observe)
    return Outcome(
        scores=list(state.scores()),
        winners=set(state.winners()),
        labels=[state.seat_info(p) for p in range(task.players)],
        moves=len(state.history),
        history=state.history,
        situations=counter.counts(state),
    )


def play_pairs(task: PairTask) -> dict[str, Any]:
    """A worker's job: play ``task`` and return its tally as plain data (``{"games": n, "sums": {...}}``)."""
    tally = PairTally()
    defaults = dict(task.defaults)
    watched = sorted({ruling for ruling, _ in task.arms})
    scope = f"{task.players}|{task.bot}|"
    with batch_gc():
        for i in range(task.start, task.stop):
            seed = task.seed + i
            base = play_one(task, defaults, seed, watched)
            tally.add_baseline(scope + DEFAULT_ARM + "|", base)
            for ruling, reading in task.arms:
                arm = play_one(task, {**defaults, ruling: reading}, seed, [ruling])
                tally.add_pair(scope + arm_key(ruling, reading) + "|", ruling, base, arm)
    return {"games": task.games, "sums": tally.sums}
