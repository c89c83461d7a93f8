"""The observation tensor of *Francis Drake*: what one seat sees, as a fixed-shape vector.

It is written from :meth:`FrancisDrakeState.observation(player) <engine.francis_drake.state.FrancisDrakeState.observation>`,
the engine's own view of what a seat may see, so it holds nothing that view hides: the numbers of face-down
Mission Discs (a disc is then counted as "face-down" at its destination), another captain's discs in hand
and Treasure Chest, and the Spanish counters he has not placed, inspected or seen turned. Every block's size
is a count from the spec (``generated/observation_space.py``): the shape is the same for 3, 4 or 5 players.

Seats are relative: row 0 of every per-seat block is the observer, row 1 the next seat, and so on; rows
beyond the player count stay zero (``seat_present``). Counts are written as they are; identities one-hot.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.adapters.tensor import TensorLayout, index_of
from engine.francis_drake.generated.observation_space import CIRCLES, PIECES, PLAYERS_MAX
from engine.francis_drake.model import (
    ADMIRAL,
    GOVERNOR,
    INFORMER,
    INFORMER_MOVE,
    INFORMER_SWAP,
    MISSIONS,
    OVER,
    PROVISION,
    RESOLVE,
    RETURN,
)

P = PLAYERS_MAX
PHASES = (PROVISION, ADMIRAL, GOVERNOR, MISSIONS, INFORMER, INFORMER_SWAP, INFORMER_MOVE, RESOLVE, RETURN, OVER)
_N = {kind: len(values) for kind, values in PIECES.items()}
_INDEX = {kind: index_of(values) for kind, values in PIECES.items()}
#: A disc at a destination whose number the observer may not see.
FACE_DOWN = _N["disc"]
#: Per-player numbers, in this order.
NUMBERS = ("score", "discs", "investor", "galleon", "pinnace", "golden_hind", "ghost", "street_pos", "outbound",
           "navigation", "at_sea", "hero_bonus", "attacks", "last_mission")  # fmt: skip

LAYOUT = TensorLayout([
    ("seat_present", (P,)),
    ("current_player", (P,)),
    ("voyage", (1,)),
    ("phase", (len(PHASES),)),
    ("turned", (1,)),
    # seats, relative to the observer
    ("numbers", (P, len(NUMBERS))),
    ("stock", (P, _N["stock_item"])),
    ("commodities", (P, _N["commodity"])),
    ("chest", (P, _N["treasure"])),  # the observer's own row only
    ("personalities", (P, _N["personality"])),
    ("pending", (P, _N["location"])),
    ("hand", (P, _N["disc"])),  # the observer's own row, and every row once the discs are turned
    ("hand_count", (P,)),
    ("unresolved", (P, _N["disc"])),
    ("conquests", (P, _N["conquest_type"])),
    ("start_order", (P, P)),  # seat × place in the starting order
    ("outbound_dock", (P, P)),
    ("homebound_dock", (P, P)),
    # Plymouth Street
    ("street", (_N["location"], _N["location"])),  # place on the street × Location
    ("occupancy", (_N["location"], CIRCLES + 1, P)),  # Location × circle (0: shared) × seat
    ("supply", (_N["supply_item"],)),
    # the map
    ("galleons", (_N["destination"], _N["galleon_counter"])),
    ("counter_value", (_N["destination"],)),
    ("counter_known", (_N["destination"],)),
    ("revealed", (_N["destination"],)),
    ("treasure", (_N["destination"], _N["treasure"])),
    ("port_goods", (_N["destination"], _N["commodity"])),
    ("missions", (_N["destination"], P, _N["disc"] + 1)),  # destination × seat × disc (last: face-down)
    ("successes", (_N["destination"], P)),
    ("trades", (_N["destination"], P)),
])


def write(views: dict[str, np.ndarray], obs: dict[str, Any], player: int, players: int) -> None:
    """Fill zeroed ``views`` of :data:`LAYOUT` from ``obs``, the engine's observation for seat ``player``."""
    rel = {(player + k) % players: k for k in range(players)}
    views["seat_present"][:players] = 1
    if obs["current_player"] in rel:
        views["current_player"][rel[obs["current_player"]]] = 1
    views["voyage"][0] = obs["voyage"]
    views["phase"][PHASES.index(obs["phase"])] = 1
    views["turned"][0] = obs["turned"]
    disc = _INDEX["disc"]
    for data in obs["players"]:
        k = rel[data["seat"]]
        numbers = {**data, "galleon": data["ship"] == "galleon"}
        views["numbers"][k] = [float(numbers[name]) for name in NUMBERS]
        _counts(views["stock"][k], _INDEX["stock_item"], data["stock"])
        _counts(views["commodities"][k], _INDEX["commodity"], data["commodities"])
        if data["chest"] is not None:
            _counts(views["chest"][k], _INDEX["treasure"], data["chest"])
        for name in data["counters"]:
            views["personalities"][k, _INDEX["personality"][name]] = 1
        if data["pending"]:
            views["pending"][k, _INDEX["location"][data["pending"]]] = 1
        if isinstance(data["hand"], int):
            views["hand_count"][k] = data["hand"]
        else:
            views["hand_count"][k] = len(data["hand"])
            for d in data["hand"]:
                views["hand"][k, disc[d]] = 1
        for d in data["unresolved"]:
            views["unresolved"][k, disc[d]] = 1
        for kind in data["conquests"]:
            views["conquests"][k, _INDEX["conquest_type"][kind]] = 1
    for key, block in (("start_order", "start_order"), ("outbound", "outbound_dock"), ("homebound", "homebound_dock")):
        for place, seat in enumerate(obs[key]):
            views[block][rel[seat], place] = 1
    location = _INDEX["location"]
    for place, loc in enumerate(obs["street"]):
        views["street"][place, location[loc]] = 1
    for loc, entries in obs["occupancy"].items():
        for seat, circle in entries:
            views["occupancy"][location[loc], circle, rel[seat]] += 1
    _counts(views["supply"], _INDEX["supply_item"], obs["supply"])
    _map(views, obs, rel)


def _map(views: dict[str, np.ndarray], obs: dict[str, Any], rel: dict[int, int]) -> None:
    dest = _INDEX["destination"]
    for d, counter in obs["galleons"].items():
        views["galleons"][dest[d], _INDEX["galleon_counter"][counter]] = 1
    for d, value in obs["counters"].items():
        if value is not None:
            views["counter_value"][dest[d]] = value
            views["counter_known"][dest[d]] = 1
    for d in obs["revealed"]:
        views["revealed"][dest[d]] = 1
    for d, kind in obs["treasure"].items():
        views["treasure"][dest[d], _INDEX["treasure"][kind]] = 1
    for d, goods in obs["port_goods"].items():
        for good in goods:
            views["port_goods"][dest[d], _INDEX["commodity"][good]] += 1
    for d, stack in obs["missions"].items():
        for seat, disc in stack:
            views["missions"][dest[d], rel[seat], FACE_DOWN if disc is None else _INDEX["disc"][disc]] += 1
    for block in ("successes", "trades"):
        for d, seats in obs[block].items():
            for seat in seats:
                views[block][dest[d], rel[seat]] += 1


def _counts(row: np.ndarray, index: dict[object, int], counts: dict[str, int]) -> None:
    for name, count in counts.items():
        row[index[name]] = count
