"""Scoring: the voyage (Types of Conquests Chart, Admiral and Governor), the end of the game, the tie-break."""

from __future__ import annotations

from functools import cache

from engine.francis_drake.data import Tables
from engine.francis_drake.model import Table


def score_voyage(t: Table) -> None:
    """Step G: VP for the number of conquest types, and the Admiral's/Governor's unclaimed treasure.

    Rules: sailing.score_voyage, sailing.score_admiral_governor"""
    tables = t.tables
    for player in t.players:
        types = len(set(player.conquests))
        vp = tables.conquest_vp.get(types, 0)
        if vp:
            player.score += vp
            t.note(f"p{player.seat} scores {vp} VP for {types} conquest types")
    for counter, bonus in sorted(tables.unclaimed_bonus.items()):
        holder = t.holder(counter)
        if holder is None:
            continue
        left = sum(1 for kind in t.treasure.values() if kind == bonus["treasure"])
        vp = left * int(bonus["vp"])
        t.players[holder].score += vp
        t.note(f"{counter} p{holder} scores {vp} VP for {left} unclaimed {bonus['treasure']}")


def commodity_vp(tables: Tables, counts: dict[str, int]) -> int:
    """Best score of sets of different Commodities (each Commodity in one set).

    Rules: end.commodities"""
    return _best_sets(tuple(sorted(counts.get(c, 0) for c in tables.commodities)), _set_table(tables))


def _set_table(tables: Tables) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(tables.commodity_set_vp.items()))


@cache
def _best_sets(counts: tuple[int, ...], set_vp: tuple[tuple[int, int], ...]) -> int:
    """Exhaustive search: take a set of ``size`` different Commodities from the most plentiful kinds."""
    if not any(counts):
        return 0
    best = 0
    for size, vp in set_vp:
        kinds = [i for i, c in enumerate(counts) if c > 0]
        if size > len(kinds):
            continue
        # Taking the most plentiful kinds first is never worse for later sets.
        chosen = sorted(kinds, key=lambda i: -counts[i])[:size]
        rest = tuple(sorted(c - (1 if i in chosen else 0) for i, c in enumerate(counts)))
        best = max(best, vp + _best_sets(rest, set_vp))
    return best


def treasure_vp(tables: Tables, chest: dict[str, int]) -> int:
    """VP of the treasure in a chest.

    Rules: end.treasure"""
    return sum(tables.treasure_vp[kind] * count for kind, count in chest.items())


def score_end(t: Table) -> None:
    """End of the game: Commodity sets, then the Treasure Chests.

    Rules: end.commodities, end.treasure, game.final_scoring_overview"""
    for player in t.players:
        goods = commodity_vp(t.tables, player.commodities)
        booty = treasure_vp(t.tables, player.chest)
        player.score += goods + booty
        t.note(f"p{player.seat} scores {goods} VP for commodities and {booty} VP for treasure")


def ranking(t: Table) -> list[int]:
    """Seats best first: highest score, ties by the order of the ships in the Homebound Docks.

    Rules: end.winner, end.tie_break"""
    sign = 1 if t.tables.tie_break_lower_dock_wins else -1
    dock = {seat: sign * i for i, seat in enumerate(t.homebound)}
    return sorted(range(t.n), key=lambda s: (-t.players[s].score, dock.get(s, t.n + s)))
