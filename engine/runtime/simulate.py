"""Play many bot games and summarise them: game-agnostic, parallel, reproducible.

Game ``i`` of a run uses seed ``seed + i``; with ``rotate`` the bot list is rotated by ``i`` over the seats so
per-seat figures are not confounded with per-bot ones. Results are grouped per seat, per bot and per every
label a state reports through :meth:`State.seat_info` (e.g. the nation a seat plays).
"""

from __future__ import annotations

import gc
import os
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from engine.runtime.api import GameConfig
from engine.runtime.bots import make_bot, play_game
from engine.runtime.registry import load_game
from engine.runtime.stats import GroupStats, group_stats, mean_ci


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
def _batch_gc() -> Iterator[None]:
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
    with _batch_gc():
        return [run_game(replace(base, seed=base.seed + i), seat_bots(bots, base.players, i, rotate)) for i in range(start, stop)]


def _chunks(games: int, jobs: int) -> Iterator[tuple[int, int]]:
    size = max(1, min(50, games // (jobs * 4) or 1))
    for start in range(0, games, size):
        yield start, min(games, start + size)


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
    it does not depend on ``jobs``.
    """
    tasks = [(base, bots, a, b, rotate) for a, b in _chunks(games, max(1, jobs))]
    records: list[GameRecord] = []
    if jobs <= 1:
        for task in tasks:
            done = _run_chunk(task)
            records.extend(done)
            if progress:
                progress(len(done))
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, os.cpu_count() or jobs)) as pool:
            for done in pool.map(_run_chunk, tasks):
                records.extend(done)
                if progress:
                    progress(len(done))
    records.sort(key=lambda r: r.seed)
    return records


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
    buckets: dict[str, dict[str, tuple[list[float], list[int]]]] = defaultdict(lambda: defaultdict(lambda: ([], [])))
    for rec in records:
        for seat, score in enumerate(rec.scores):
            won = 1.0 if seat in rec.winners else 0.0
            keys = [("seat", str(seat)), ("bot", rec.bots[seat])]
            keys += sorted(rec.labels[seat].items())
            for group, key in keys:
                wins, scores = buckets[group][key]
                wins.append(won)
                scores.append(score)
    summary = Summary(games=len(records))
    for group, items in buckets.items():
        summary.groups[group] = {key: group_stats(w, s) for key, (w, s) in items.items()}
    summary.moves_mean = mean_ci([float(r.moves) for r in records])[0]
    return summary


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
