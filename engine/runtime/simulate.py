"""Play many bot games and summarise them: game-agnostic, parallel, reproducible.

Game ``i`` of a run uses seed ``seed + i``; with ``rotate`` the bot list is rotated by ``i`` over the seats so
per-seat figures are not confounded with per-bot ones. Results are grouped per seat, per bot and per every
label a state reports through :meth:`State.seat_info` (e.g. the nation a seat plays).

:func:`simulate_summary` aggregates games as they finish into a :class:`Tally` of integers, on any
:mod:`backend <engine.runtime.backends>`: memory stays flat in the number of games, and the figures do not depend
on where or in which order the games ran. :func:`simulate` returns every record, for small runs and tests.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from engine.runtime.api import GameConfig
from engine.runtime.backends import Backend, LocalBackend
from engine.runtime.bots import make_bot, play_game
from engine.runtime.registry import load_game
from engine.runtime.stats import GroupStats, GroupTally, Moments


@dataclass(frozen=True)
class GameRecord:
    """The outcome of one simulated game."""

    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    labels: tuple[dict[str, str], ...]
    moves: int


def seat_bots(bots: list[str], players: int, index: int, rotate: bool) -> list[str]:
    """The bot of every seat in game ``index``: the list is cycled to ``players`` seats, rotated if asked."""
    full = [bots[s % len(bots)] for s in range(players)]
    if not rotate:
        return full
    shift = index % players
    return full[shift:] + full[:shift]


def run_game(config: GameConfig, bots: list[str]) -> GameRecord:
    """Play one game of ``config`` with the named bots (one per seat)."""
    game = load_game(config)
    state = game.new_initial_state()
    players = [make_bot(name, config.game) for name in bots]
    play_game(state, players, config.seed)
    return GameRecord(
        seed=config.seed,
        bots=tuple(bots),
        scores=tuple(state.scores()),
        winners=tuple(state.winners()),
        labels=tuple(state.seat_info(p) for p in range(config.players)),
        moves=len(state.history),
    )


#: Allocations between two young-generation collections while games are simulated (CPython's default: 700).
GC_YOUNG_THRESHOLD = 10_000


@contextmanager
def batch_gc() -> Iterator[None]:
    """Collect the young generation less often while a batch of games runs, and keep the collector off what
    existed before it; restore both after.

    A random game allocates tens of thousands of short-lived containers (action lists, contexts) that
    reference counting frees at once; with the default threshold the cyclic collector ran every 700 of
    them and, every few games, a full collection walked the engines' memo tables: about 15 % of the CPU
    time of a run. Freezing moves everything alive at the start (imports, tables, the memos so far) out of
    the collector's sight for the batch, so full collections walk only what the batch made. Games hold no
    reference cycles once finished, so memory does not grow for it.
    """
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], GC_YOUNG_THRESHOLD), *old[1:])
    freeze = gc.get_freeze_count() == 0  # a caller that froze objects itself keeps them frozen: leave it be
    if freeze:
        gc.freeze()
    try:
        yield
    finally:
        if freeze:
            gc.unfreeze()
        gc.set_threshold(*old)


def _run_chunk(args: tuple[GameConfig, list[str], int, int, bool]) -> list[GameRecord]:
    base, bots, start, stop, rotate = args
    with batch_gc():
        return [run_game(replace(base, seed=base.seed + i), seat_bots(bots, base.players, i, rotate)) for i in range(start, stop)]


def _chunks(games: int, jobs: int) -> Iterator[tuple[int, int]]:
    size = max(1, min(50, games // (jobs * 4) or 1))
    for start in range(0, games, size):
        yield start, min(games, start + size)


#: The most games one ``simulate`` run accepts: about three hours of random games on one core, and far more than
#: any interval needs (at 10⁶ games a win rate's 95 % interval is ±0.1 point).
MAX_GAMES = 10_000_000


class TooManyGamesError(ValueError):
    """A game count beyond :data:`MAX_GAMES` (or below 1)."""


def check_game_count(games: int) -> None:
    """Refuse a count no run needs, before anything starts."""
    if games < 1:
        raise TooManyGamesError("--games must be at least 1")
    if games > MAX_GAMES:
        raise TooManyGamesError(
            f"--games {games:,} is more than {MAX_GAMES:,}: that many games would take days and tell no more "
            "(at 10⁶ games a win rate is known to ±0.1 point); run fewer"
        )


def simulate(
    base: GameConfig,
    games: int,
    bots: list[str],
    *,
    jobs: int = 1,
    rotate: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games (seeds ``base.seed .. base.seed + games - 1``) on ``jobs`` processes.

    ``progress(n)`` is called with the number of games just finished. The result is ordered by seed, so
    it does not depend on ``jobs``. It holds every record: for long runs use :func:`simulate_summary`, whose
    memory does not grow with the number of games.
    """
    tasks = [(base, bots, a, b, rotate) for a, b in _chunks(games, max(1, jobs))]
    records: list[GameRecord] = []
    backend = LocalBackend(jobs)
    try:
        for done in backend.map_unordered(_run_chunk, tasks):
            records.extend(done)
            if progress:
                progress(len(done))
    finally:
        backend.close()
    records.sort(key=lambda r: r.seed)
    return records


@dataclass
class Tally:
    """Running totals of finished games: per group (seat, bot, each seat label) and key, a :class:`GroupTally`;
    and the moves per game. Integers only, so tallies merge exactly in any order (see :mod:`.stats`)."""

    games: int = 0
    groups: dict[str, dict[str, GroupTally]] = field(default_factory=dict)
    moves: Moments = field(default_factory=Moments)

    def add(self, rec: GameRecord) -> None:
        """Count one game (a shared victory counts as a win for each winner)."""
        self.games += 1
        self.moves.add(rec.moves)
        groups = self.groups
        for seat, score in enumerate(rec.scores):
            won = seat in rec.winners
            keys = [("seat", str(seat)), ("bot", rec.bots[seat]), *sorted(rec.labels[seat].items())]
            for group, key in keys:
                items = groups.setdefault(group, {})
                tally = items.get(key)
                if tally is None:
                    tally = items[key] = GroupTally()
                tally.add(won, score)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.moves.merge(other.moves)
        for group, items in other.groups.items():
            mine = self.groups.setdefault(group, {})
            for key, tally in items.items():
                mine.setdefault(key, GroupTally()).merge(tally)

    def summary(self) -> Summary:
        out = Summary(games=self.games, moves_mean=self.moves.mean())
        out.groups = {g: {k: t.stats() for k, t in items.items()} for g, items in self.groups.items()}
        return out

    def to_json(self) -> dict[str, Any]:
        """Plain data (what a worker sends back: ints and lists, no objects)."""
        return {
            "games": self.games,
            "moves": [self.moves.n, self.moves.total, self.moves.squares],
            "groups": {g: {k: t.to_json() for k, t in items.items()} for g, items in self.groups.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        tally = cls(games=int(data["games"]), moves=Moments(*(int(x) for x in data["moves"])))
        tally.groups = {g: {k: GroupTally.from_json(v) for k, v in items.items()} for g, items in data["groups"].items()}
        return tally


def _tally_chunk(args: tuple[GameConfig, list[str], int, int, bool]) -> dict[str, Any]:
    """A worker's share of :func:`simulate_summary`: play a chunk of games, send back only their tally."""
    tally = Tally()
    for record in _run_chunk(args):
        tally.add(record)
    return tally.to_json()


def simulate_summary(
    base: GameConfig,
    games: int,
    bots: list[str],
    *,
    backend: Backend | None = None,
    rotate: bool = True,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games like :func:`simulate` and summarise them as they finish.

    Memory stays flat in ``games``: each finished chunk is merged into one :class:`Tally` and dropped, and tasks
    are generated lazily. The figures are the same on every backend and worker count.
    """
    check_game_count(games)
    runner = backend or LocalBackend(1)
    tasks = ((base, bots, a, b, rotate) for a, b in _chunks(games, runner.workers))
    total = Tally()
    try:
        for part in runner.map_unordered(_tally_chunk, tasks):
            done = Tally.from_json(part)
            total.merge(done)
            if progress:
                progress(done.games)
    finally:
        if backend is None:
            runner.close()
    return total.summary()


@dataclass
class Summary:
    """Grouped statistics of a list of :class:`GameRecord`."""

    games: int
    groups: dict[str, dict[str, GroupStats]] = field(default_factory=dict)
    moves_mean: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "moves_mean": round(self.moves_mean, 2),
            "groups": {g: {k: s.to_json() for k, s in sorted(v.items())} for g, v in sorted(self.groups.items())},
        }


def summarize(records: list[GameRecord]) -> Summary:
    """Per-seat, per-bot and per-label win rates (a shared victory counts as a win) and score statistics."""
    tally = Tally()
    for rec in records:
        tally.add(rec)
    return tally.summary()


def compare(summaries: dict[str, Summary]) -> dict[str, Any]:
    """How each summary (e.g. one per edition) shifts win rates and mean scores against the first one.

    For each group key the shift is ``value - baseline`` with the baseline's and the other's 95 % intervals,
    so a reader sees whether an edition's readings move the result beyond noise.
    """
    names = list(summaries)
    if not names:
        return {}
    base_name = names[0]
    base = summaries[base_name]
    out: dict[str, Any] = {"baseline": base_name, "shifts": {}}
    for name in names[1:]:
        other = summaries[name]
        shifts: dict[str, Any] = {}
        for group, items in sorted(base.groups.items()):
            for key, b in sorted(items.items()):
                o = other.groups.get(group, {}).get(key)
                if o is None:
                    continue
                shifts[f"{group}={key}"] = {
                    "win_rate": round(o.win_rate - b.win_rate, 4),
                    "score_mean": round(o.score_mean - b.score_mean, 3),
                    "overlap": not (o.score_ci.low > b.score_ci.high or o.score_ci.high < b.score_ci.low),
                }
        out["shifts"][name] = {"moves_mean": round(other.moves_mean - base.moves_mean, 2), "groups": shifts}
    return out
