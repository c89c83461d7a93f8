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

from engine.francis_drake.model import GOLDEN_HIND
from engine.runtime.api import Action

#: Ruling id → the situation counted, in words (what a report prints beside the frequency).
SITUATIONS: dict[str, str] = {
    "start_order_ties": "players tied on score get a new starting order, and they came home in another order than they started",
    "hero_bonus_places": "an early returner who attacked comes home after an early returner who did not, with a bonus place open",
}


#: What :meth:`DrakeSituations.counts` shows the detectors after the last move (no move is about to be played).
_AFTER_THE_LAST_MOVE = Action("game_over", ())


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
        self._at_sea: dict[int, int] = {}  # ships at sea at the last decision → the mission they would end with

    def observe(self, state: Any, action: Action) -> None:
        table = state.table
        if self._ties:
            self.found["start_order_ties"] += self._tied_in_another_order(table)
        if self._hero:
            self.found["hero_bonus_places"] += self._returns(table, action)

    def counts(self, state: Any) -> dict[str, int]:
        """After the last move: the last voyage sets no starting order; the ships that came home after the last
        decision are counted now (the table keeps the last voyage's returners: no reset follows it)."""
        if self._hero:
            self.found["hero_bonus_places"] += self._returns(state.table, _AFTER_THE_LAST_MOVE)
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
        found = 0
        if table.voyage != self._voyage:
            if self._voyage >= 0 and table.records:
                found += self._came_home_unseen(table.tables, table.records[-1])
            self._voyage, self._home = table.voyage, []
            self._unqualified_early = self._qualified_early = 0
        for seat in table.homebound:
            if seat not in self._home and seat not in table.idle:
                player = table.players[seat]
                found += self._comes_home(table.tables, seat, player.last_mission, player.attacks)
        if action.kind == "return_home" and table.decider not in self._home:
            player = table.players[table.decider]
            found += self._comes_home(table.tables, table.decider, player.last_mission, player.attacks)
        # where each ship at sea would come home if no one decided anything more: after its last disc
        self._at_sea = {
            player.seat: max((_mission_number(d) for d in player.unresolved), default=player.last_mission)
            for player in table.players
            if player.at_sea
        }
        return found

    def _came_home_unseen(self, tables: Any, record: dict[str, Any]) -> int:
        """The ships of a finished voyage that came home after its last decision, read from the voyage's record
        (the reset cleared what they did): with no decision left, each resolved its remaining discs without an
        attack and came home after the last of them."""
        found = 0
        for seat in record["homebound"]:
            if seat in self._home or seat not in self._at_sea:
                continue
            attacks = sum(seats.count(seat) for seats in record["successes"].values())
            found += self._comes_home(tables, seat, self._at_sea[seat], attacks)
        return found

    def _comes_home(self, tables: Any, seat: int, last_mission: int, attacks: int) -> int:
        self._home.append(seat)
        if last_mission >= tables.hero_early_before_mission:
            return 0
        if attacks < tables.hero_min_successes:
            self._unqualified_early += 1
            return 0
        place_among_successful = self._qualified_early
        self._qualified_early += 1
        return 1 if self._unqualified_early and place_among_successful < len(tables.hero_bonus) else 0


def _mission_number(disc: str) -> int:
    """A Mission Disc's number, the Golden Hind's counting 0 (as a ship's last mission does)."""
    return 0 if disc == GOLDEN_HIND else int(disc)


def new_counter(rulings: Iterable[str]) -> DrakeSituations:
    """A counter for one game (see :mod:`engine.runtime.situations`)."""
    return DrakeSituations(rulings)
