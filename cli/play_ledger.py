"""Where every point of a ``rulespec play`` game came from: the score table itemised by source.

Each move's :class:`engine.runtime.display.MoveReport` says which seat got how many points from what ("island
scorings", "contracts", "50/100 card"). The ledger sums them per source and seat, and per period where the
game has periods worth a sub-total (a *Francis Drake* voyage). Points the view could not place are kept under
"other", so the table always adds up to the scores the engine reports:

    >>> ledger = ScoreLedger(players=2)
    >>> ledger.add(MoveReport(points=[ScoreItem(0, "contracts", 5)]), deltas=[5, 1])
    >>> ledger.totals()
    {'contracts': [5, 0], 'other': [0, 1]}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.runtime.display import MoveReport, ScoreItem

OTHER = "other"


class ScoreLedger:
    """Points by source and seat, over the game and per period."""

    def __init__(self, players: int) -> None:
        self.players = players
        #: period (None: none) → source → points per seat, in first-seen order
        self.periods: dict[str | None, dict[str, list[int]]] = {}

    def add(self, report: MoveReport, deltas: Sequence[int], period: str | None = None) -> None:
        """Record a move's items; what its score ``deltas`` leave unexplained goes to "other" (in ``period``,
        or the period of the move's own items)."""
        explained = [0] * self.players
        for item in report.points:
            self._book(item)
            if 0 <= item.seat < self.players:
                explained[item.seat] += item.points
        rest_period = next((i.period for i in report.points if i.period), period)
        for seat, delta in enumerate(deltas):
            if delta != explained[seat]:
                self._book(ScoreItem(seat, OTHER, delta - explained[seat], rest_period))

    def _book(self, item: ScoreItem) -> None:
        if not 0 <= item.seat < self.players or not item.points:
            return
        row = self.periods.setdefault(item.period, {}).setdefault(item.category, [0] * self.players)
        row[item.seat] += item.points

    def period(self, name: str | None) -> dict[str, list[int]]:
        """Source → points per seat of one period."""
        return {k: list(v) for k, v in self.periods.get(name, {}).items()}

    def totals(self) -> dict[str, list[int]]:
        """Source → points per seat over the whole game ("other" last)."""
        out: dict[str, list[int]] = {}
        for rows in self.periods.values():
            for source, points in rows.items():
                row = out.setdefault(source, [0] * self.players)
                for seat, value in enumerate(points):
                    row[seat] += value
        if OTHER in out:
            out[OTHER] = out.pop(OTHER)
        return out

    def named_periods(self) -> list[str]:
        return [p for p in self.periods if p is not None]


def ledger_table(title: str, rows: dict[str, list[int]], seat_name: Callable[[int], Any],
                 totals: Sequence[int] | None = None) -> Any:
    """A rich table: one row per source, one column per seat, and a total row (``totals``: the engine's)."""
    from rich.table import Table

    players = len(next(iter(rows.values()))) if rows else len(totals or [])
    table = Table(title=title, title_justify="left")
    table.add_column("points from")
    for seat in range(players):
        table.add_column(seat_name(seat), justify="right")
    for source, points in rows.items():
        table.add_row(source, *(f"{v:+d}" if v else "·" for v in points))
    summed = [sum(points[s] for points in rows.values()) for s in range(players)]
    shown = list(totals) if totals is not None else summed
    table.add_row("total", *(str(v) for v in shown), style="bold", end_section=True)
    return table
