"""The situations in which each ruling of *Francis Drake* can change a game, counted as it is played.

``rulespec impact`` plays every game under the default reading and under another, and reports how often the
ruling's situation arose, so that a reading the bots never put to the test is reported as "not exercised" rather
than "no effect" (see :mod:`engine.runtime.situations` for the protocol). A counter sees what a bot sees: before
each move the public table (``state.table``: the voyage, the docks, each player's score, successful attacks and
last mission, the records of finished voyages) and the action about to be played, and it never changes anything.

Each situation is the moment the readings part, defined so that it can arise under either reading:

- ``start_order_ties``: players tied on score when the next voyage's starting order is set, whose order at the
  start of the last voyage differs from the order in which their ships came home;
- ``hero_bonus_places``: an early returner who attacked successfully comes home after an early returner who did
  not, while a hero's-bonus place is still open to him among the successful ones — the one case in which
  counting the unsuccessful returner's place changes a bonus.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.runtime.api import Action

#: Ruling id → the situation counted, in words (what a report prints beside the frequency).
SITUATIONS: dict[str, str] = {
    "start_order_ties": "players tied on score get a new starting order, and they came home in another order than they started",
    "hero_bonus_places": "an early returner who attacked comes home after an early returner who did not, with a bonus place open",
}


class DrakeSituations:
    """Counts the situations of the rulings asked for over one game (``observe`` before every move)."""

    def __init__(self, rulings: Iterable[str]) -> None:
        self.wanted = [r for r in rulings if r in SITUATIONS]
        self.found = dict.fromkeys(self.wanted, 0)
        self._ties = "start_order_ties" in self.found
        self._hero = "hero_bonus_places" in self.found
        # start_order_ties: the starting order of the voyage being played, and the voyages already recorded
        self._start_order: list[int] = []
        self._records = 0
        # hero_bonus_places: this voyage's returners seen so far, and what each was when he came home
        self._voyage = -1
        self._home: list[int] = []
        self._unqualified_early = 0  # early returners without a successful attack, counted so far
        self._qualified_early = 0  # early returners with one

    def observe(self, state: Any, action: Action) -> None:
        table = state.table
        if self._ties:
            self.found["start_order_ties"] += self._tied_in_another_order(table)
        if self._hero:
            self.found["hero_bonus_places"] += self._returns(table, action)

    def counts(self, state: Any) -> dict[str, int]:
        """After the last move: the last voyage sets no starting order, and its returns have been seen."""
        return dict(self.found)

    def _tied_in_another_order(self, table: Any) -> int:
        """At the first decision after a voyage was recorded: tied players whose last starting order and order of
        coming home disagree (the readings then give them different places)."""
        found = 0
        if len(table.records) > self._records and self._start_order:
            record = table.records[-1]
            scores, home = record["scores"], record["homebound"]
            started = self._start_order
            for a in range(len(scores)):
                for b in range(a + 1, len(scores)):
                    if scores[a] != scores[b] or a not in home or b not in home:
                        continue
                    if (started.index(a) < started.index(b)) != (home.index(a) < home.index(b)):
                        found = 1
        self._records = len(table.records)
        self._start_order = list(table.start_order)
        return found

    def _returns(self, table: Any, action: Action) -> int:
        """Returners since the last decision (in dock order), then the one about to return, if any: each early
        returner with a successful attack who follows one without, while a place is open among the successful."""
        if table.voyage != self._voyage:
            self._voyage, self._home = table.voyage, []
            self._unqualified_early = self._qualified_early = 0
        found = 0
        for seat in table.homebound:
            if seat not in self._home:
                found += self._comes_home(table, seat)
        if action.kind == "return_home" and table.decider not in self._home:
            found += self._comes_home(table, table.decider)
        return found

    def _comes_home(self, table: Any, seat: int) -> int:
        tables = table.tables
        self._home.append(seat)
        player = table.players[seat]
        if player.last_mission >= tables.hero_early_before_mission:
            return 0
        if player.attacks < tables.hero_min_successes:
            self._unqualified_early += 1
            return 0
        place_among_successful = self._qualified_early
        self._qualified_early += 1
        return 1 if self._unqualified_early and place_among_successful < len(tables.hero_bonus) else 0


def new_counter(rulings: Iterable[str]) -> DrakeSituations:
    """A counter for one game (see :mod:`engine.runtime.situations`)."""
    return DrakeSituations(rulings)
