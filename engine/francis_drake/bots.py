"""Bots for *Francis Drake*: the runtime's random bot plus a simple heuristic captain.

The heuristic bot follows the runtime's ``Bot`` protocol (``name``, ``choose(state, rng)``) and only reads
what its seat can see (``state.observation(seat)``) plus the public legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.runtime.api import Action, State
from engine.runtime.bots import Bot, RandomBot

#: What an attack the captain cannot afford is worth to him (a mission that wins nothing, but not a decoy's place).
UNAFFORDABLE = 0.5


class HeuristicBot:
    """A plain captain: stocks up on crew, guns and supplies, attacks whenever he can, trades, sails home last.

    * Plymouth: prefers Locations whose grant has the most items (counters and ship upgrades count as two),
      and sails out once it holds enough supplies and fighting stock, or cannot place any more.
    * Sailing: puts its low-numbered Mission Discs on the richest destinations it can afford on public
      information (and its Ghost Ship where nothing is lost), attacks when offered, trades for the Commodity it
      has fewest of, returns early after a successful attack.
    * Without a successful attack it returns early only to take a hero's-bonus place from a rival, where the
      reading of ``hero_bonus_places`` lets an unsuccessful returner keep his place (see :meth:`_blocking_return`).
    """

    name = "heuristic"

    def __init__(self) -> None:
        #: what each placement grants, by action (a bot plays one game: the tables do not change under it)
        self._placements: dict[Action, tuple[str, float | None, bool]] = {}

    def choose(self, state: State, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        obs = state.observation(seat)
        me = obs["players"][seat]
        scored = [(self._value(action, obs, me, state), rng.random(), action) for action in actions]
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    def _value(self, action: Action, obs: dict[str, Any], me: dict[str, Any], state: State) -> float:
        kind = action.kind
        stock = me["stock"]
        if kind == "sail":
            ready = stock["supplies"] >= 3 and stock["crew"] + stock["guns"] >= 8
            return 5.0 if ready else -1.0
        if kind == "place":
            return self._place_value(action, state, me, obs)
        if kind == "mission":
            dest = state.game.tables.destinations[action.get("dest")]  # type: ignore[attr-defined]
            disc = action.get("disc")
            worth = self._worth(dest, obs, me)
            if disc == "ghost":
                return -worth  # the decoy goes where nothing is lost
            rank = 0 if disc == "golden_hind" else int(disc)
            return worth / max(rank, 1)
        if kind == "attack":
            return 10.0
        if kind == "trade":
            return 8.0 - me["commodities"].get(action.get("good"), 0)
        if kind == "return_home":
            return 3.0 if me["conquests"] else self._blocking_return(state, obs, me)
        if kind == "informer":
            return 1.0 if action.get("choice") != "pass" else 0.0
        return 0.0

    def _blocking_return(self, state: State, obs: dict[str, Any], me: dict[str, Any]) -> float:
        """Returning early without a successful attack: worth nothing to this captain's score, but where the reading
        counts such a returner among the first and second back, his place pushes a rival who still attacks and
        then returns early down to the next bonus (or out of it). Taken when a place is open, a rival at sea still
        has an attack to make, and none of his own remaining missions can win anything (worth no more than an
        attack he cannot afford).

        Rules: sailing.heros_bonus"""
        tables = state.game.tables  # type: ignore[attr-defined]
        early = tables.hero_early_before_mission
        if not tables.hero_unqualified_keeps_place or me["last_mission"] >= early:
            return -1.0
        players = obs["players"]
        counted = tables.hero_ranked_among != "early_returners"
        taken = sum(1 for q in obs["homebound"] if counted or players[q]["last_mission"] < early)
        if taken >= len(tables.hero_bonus):
            return -1.0
        seat = me["seat"]
        destinations = tables.destinations
        remaining = [(dest, s) for dest, stack in obs["missions"].items() for s, disc in stack
                     if disc is not None and disc in players[s]["unresolved"]]  # fmt: skip
        if any(s == seat and self._worth(destinations[dest], obs, me) > UNAFFORDABLE for dest, s in remaining):
            return -1.0
        rival_attacks = any(
            s != seat and players[s]["at_sea"] and not players[s]["conquests"] and destinations[dest].kind != "trade_port"
            for dest, s in remaining
        )
        return 1.0 if rival_attacks else -1.0

    @staticmethod
    def _worth(dest: Any, obs: dict[str, Any], me: dict[str, Any]) -> float:
        """What a destination is worth to this captain, judged on public information and his own stock."""
        stock = me["stock"]
        if dest.kind == "trade_port":
            goods = obs["port_goods"].get(dest.id, [])
            return 6.0 if stock["trade_goods"] and goods else 0.0
        if dest.kind == "galleon":
            if me["ship"] != "galleon" or dest.id not in obs["galleons"]:
                return 0.0
            return 8.0 if stock["guns"] >= 3 else 1.0
        guns = 0 if me["pinnace"] and dest.kind == "fort" else dest.guns
        affordable = stock["crew"] >= dest.troops + (1 if dest.kind == "fort" else 0) and stock["guns"] >= guns
        bonus = 3.0 if dest.id in obs["treasure"] else 0.0
        return (dest.vp + bonus) if affordable else UNAFFORDABLE

    def _place_value(self, action: Action, state: State, me: dict[str, Any], obs: dict[str, Any]) -> float:
        fixed = self._placements.get(action)
        if fixed is None:
            fixed = self._placements[action] = self._placement(action, state)
        loc_id, items, supplies = fixed
        if items is None:  # a Location that costs victory points
            return -2.0
        distance = obs["street"].index(loc_id) - me["street_pos"]
        need = 1.5 if supplies and me["stock"]["supplies"] < 3 else 1.0
        return items * need - 0.4 * (distance - 1)

    @staticmethod
    def _placement(action: Action, state: State) -> tuple[str, float | None, bool]:
        """What a placement grants, worked out once per game: ``(location, items or None, grants supplies)``."""
        tables = state.game.tables  # type: ignore[attr-defined]
        loc = tables.locations[action.get("loc")]
        if loc.cost_vp:
            return loc.id, None, False
        if action.get("circle") is not None:
            grant = dict(loc.circles[int(action.get("circle")) - 1])
        elif loc.turns > 1:
            grant = {"crew": 2, "guns": 2}  # Drake's reward overall (the first placement gives nothing yet)
        else:
            grant = next((dict(o) for o in loc.options if _label(o) == action.get("take")), {})
        cubes = ("crew", "guns", "supplies", "trade_goods")
        items = float(sum(amount if key in cubes else 2 for key, amount in grant.items()))
        if loc.rolls:
            items = 2.0
        return loc.id, items, "supplies" in grant


def _label(grant: dict[str, int]) -> str:
    return "_".join(f"{item}{amount}" for item, amount in sorted(grant.items())) or "nothing"


#: This game's bots (the runtime adds its generic ones).
BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
