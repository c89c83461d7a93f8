"""The observation tensor of Race to the New Found Land: what one seat sees, as a fixed-shape vector.

It is written from :meth:`RaceState.observation(player) <engine.race_to_the_new_found_land.state.RaceState.observation>`,
the engine's own view of what a seat may see, so it holds nothing that view hides: other players' "1x" and
objective cards are counts, stack orders are sizes, large ships lying back side up are their costs, and cards
or tiles another player has drawn are counts. Every block's size is a count from the spec
(``generated/observation_space.py``): the shape is the same for every player count and configuration.

Seats are relative: row 0 of every per-seat block is the observer, row 1 the next seat clockwise, and so on;
rows beyond the player count stay zero (``seat_present`` says which rows are used). Counts are written as they
are (goods, points, cubes), identities as one-hot or many-hot rows over the spec's pieces. ``python -c "from
engine.race_to_the_new_found_land.observation import LAYOUT; print(*LAYOUT.describe(), sep=chr(10))"`` lists the
blocks.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.adapters.tensor import TensorLayout, index_of
from engine.race_to_the_new_found_land.generated.observation_space import PIECES, PLAYERS_MAX
from engine.race_to_the_new_found_land.state import STAGE_NAMES

P = PLAYERS_MAX
_N = {kind: len(values) for kind, values in PIECES.items()}
_INDEX = {kind: index_of(values) for kind, values in PIECES.items()}
#: What can be assigned to an action: ship tiles, then cards (charter ships).
_ENTRY = index_of((*PIECES["ship"], *PIECES["card"]))
#: The stacks the observation counts (``stacks``), in this order.
STACKS = ("small", "large", "cards", "islands", "contracts", "compass")
#: Context numbers of a decision the tensor carries (the rest is in the legal actions).
CONTEXT = ("settlers", "left", "resolved", "optional")

LAYOUT = TensorLayout([
    # seats, relative to the observer
    ("seat_present", (P,)),
    ("current_player", (P,)),
    ("start_player", (P,)),
    ("nation", (P, _N["nation"])),
    ("score", (P,)),
    ("goods", (P, _N["good"])),
    ("shipyard", (P, _N["ship"])),
    ("capacity", (P,)),
    ("cards", (P, _N["card"])),  # the observer's own row only
    ("card_count", (P,)),
    ("objectives", (P, _N["objective"])),  # the observer's own row only
    ("objective_count", (P,)),
    ("captains", (P, _N["captain"])),
    ("expansions", (P, 2)),
    ("fifty_card", (P, _N["fifty_card"])),
    ("laps", (P,)),
    ("frames_claimed", (P, _N["frame_marker"])),
    ("frames_pending", (P, _N["frame_marker"])),
    ("assigned", (P, _N["action"], len(_ENTRY))),
    ("boosted", (P, 2)),
    ("cubes_placed", (P,)),
    ("final_score", (P,)),
    # the decision posed now
    ("round", (1,)),
    ("stage", (len(STAGE_NAMES),)),
    # while a 1x card is chosen (the "card" stage): the decision that choice interrupted, posed again after it
    ("paused_stage", (len(STAGE_NAMES),)),
    ("context_action", (_N["action"],)),
    ("context_good", (_N["good"],)),
    ("context_frame", (_N["frame_marker"],)),
    ("context", (len(CONTEXT),)),
    ("drawn_cards", (_N["card"],)),
    ("drawn_card_count", (1,)),
    ("drawn_tiles", (_N["island_tile"],)),
    ("drawn_tile_count", (1,)),
    # the board
    ("small_market", (_N["small_market_space"], _N["ship"])),
    ("large_market", (_N["large_market_space"], _N["ship"])),
    ("large_market_cost", (_N["large_market_space"], _N["good"])),  # ships lying back side up: their cost
    ("contracts", (_N["contract_slot"], _N["contract"])),
    ("island_tiles", (_N["island_space"], _N["island_tile"])),
    ("spot_owner", (_N["island_space"], _N["spot"], P + 1)),  # the last column: the neutral cubes
    ("spot_height", (_N["island_space"], _N["spot"])),
    ("extra_cubes", (_N["island_space"], P)),
    ("city_cubes", (_N["city"], P + 1)),
    ("island_scored", (_N["island"],)),
    ("city_scored", (_N["city"],)),
    ("frame_position", (_N["frame_marker"],)),
    ("frame_gone", (_N["frame_marker"],)),
    ("objective_stack_size", (_N["objective_stack"],)),
    ("captain_pool", (_N["captain"],)),
    ("frame_goods", (_N["good"],)),
    ("fifty_stack", (_N["fifty_card"],)),
    ("compass_revealed", (_N["compass_tile"],)),
    ("stack_size", (len(STACKS),)),
    ("storage_ships", (_N["ship"],)),
    ("storage_cards", (_N["card"],)),  # start cards (face up); the rest is a count
    ("storage_card_count", (1,)),
    ("storage_island_count", (1,)),
    ("storage_contracts", (_N["contract"],)),
    ("storage_objectives", (_N["objective"],)),
])


def write(views: dict[str, np.ndarray], obs: dict[str, Any], player: int, players: int) -> None:
    """Fill zeroed ``views`` of :data:`LAYOUT` from ``obs``, the engine's observation for seat ``player``."""
    rel = {(player + k) % players: k for k in range(players)}
    ship, card, goods = _INDEX["ship"], _INDEX["card"], _INDEX["good"]
    views["seat_present"][:players] = 1
    if obs["current_player"] in rel:
        views["current_player"][rel[obs["current_player"]]] = 1
    views["start_player"][rel[obs["start_player"]]] = 1
    for p, data in enumerate(obs["players"]):
        k = rel[p]
        views["nation"][k, _INDEX["nation"][data["nation"]]] = 1
        views["score"][k] = data["score"]
        for good, count in data["goods"].items():
            views["goods"][k, goods[good]] = count
        _many(views["shipyard"][k], ship, data["shipyard"])
        views["capacity"][k] = data["capacity"]
        _hand(views["cards"][k], views["card_count"], k, card, data["cards"])
        _hand(views["objectives"][k], views["objective_count"], k, _INDEX["objective"], data["objectives"])
        _many(views["captains"][k], _INDEX["captain"], data["captains"])
        views["expansions"][k] = (data["expansions"]["shipyard"], data["expansions"]["nation"])
        if data["fifty"] >= 0:
            views["fifty_card"][k, data["fifty"]] = 1
        views["laps"][k] = data["laps"]
        views["frames_claimed"][k] = [data["claimed"] >> m & 1 for m in range(_N["frame_marker"])]
        for m in data["pending"]:
            views["frames_pending"][k, m] = 1
        for a, entries in enumerate(data["assigned"]):
            _many(views["assigned"][k, a], _ENTRY, entries)
        views["boosted"][k] = (data["boost_sail"] is not None, data["boost_crate"] is not None)
        views["cubes_placed"][k] = data["cubes_placed"]
    if obs["final"] is not None:
        for p, points in enumerate(obs["final"]):
            views["final_score"][rel[p]] = points
    _decision(views, obs)
    _board(views, obs, rel)


def _decision(views: dict[str, np.ndarray], obs: dict[str, Any]) -> None:
    views["round"][0] = obs["round"]
    views["stage"][STAGE_NAMES.index(obs["stage"])] = 1
    ctx = obs["context"]
    if "paused" in ctx:
        views["paused_stage"][STAGE_NAMES.index(ctx["paused"])] = 1
    if "act" in ctx:
        views["context_action"][ctx["act"]] = 1
    if "best" in ctx:
        views["context_good"][ctx["best"]] = 1
    if "frame" in ctx:
        views["context_frame"][ctx["frame"]] = 1
    views["context"][:] = [float(ctx.get(name) or 0) for name in CONTEXT]
    _hand(views["drawn_cards"], views["drawn_card_count"], 0, _INDEX["card"], obs["drawn_cards"])
    _hand(views["drawn_tiles"], views["drawn_tile_count"], 0, _INDEX["island_tile"], obs["drawn_tiles"])


def _board(views: dict[str, np.ndarray], obs: dict[str, Any], rel: dict[int, int]) -> None:
    ship, goods = _INDEX["ship"], _INDEX["good"]
    for i, ident in enumerate(obs["small_market"]):
        if ident:
            views["small_market"][i, ship[ident]] = 1
    for i, item in enumerate(obs["large_market"]):
        if isinstance(item, dict):  # back side up: only the cost shows
            for good in item["cost"]:
                views["large_market_cost"][i, goods[good]] += 1
        elif item:
            views["large_market"][i, ship[item]] = 1
    for slot, ident in enumerate(obs["contracts"]):
        if ident:
            views["contracts"][slot, _INDEX["contract"][ident]] = 1
    owners = len(rel)
    for s, ident in enumerate(PIECES["island_space"]):
        space = obs["islands"][ident]
        if space["tile"]:
            views["island_tiles"][s, _INDEX["island_tile"][space["tile"]]] = 1
        for k, (owner, height) in enumerate(space["spots"]):
            if owner >= 0:
                views["spot_owner"][s, k, rel[owner]] = 1
            elif owner != -1:  # the neutral power of the 2-player game
                views["spot_owner"][s, k, P] = 1
            views["spot_height"][s, k] = height
        for owner in space["extra"]:
            views["extra_cubes"][s, rel[owner]] += 1
    for c, cubes in enumerate(obs["city_cubes"]):
        for owner in cubes:
            views["city_cubes"][c, rel[owner] if 0 <= owner < owners else P] += 1
    views["island_scored"][:] = obs["island_scored"]
    views["city_scored"][:] = obs["city_scored"]
    for m, (position, gone) in enumerate(obs["frames"]):
        views["frame_position"][m] = position
        views["frame_gone"][m] = gone
    for i, size in enumerate(obs["objective_stacks"]):
        views["objective_stack_size"][i] = size if isinstance(size, int) else len(size)
    _many(views["captain_pool"], _INDEX["captain"], obs["captain_pool"])
    views["frame_goods"][:] = obs["frame_goods"]
    for i in obs["fifty_stack"]:
        views["fifty_stack"][i] = 1
    _many(views["compass_revealed"], _INDEX["compass_tile"], obs["compass_revealed"])
    for i, name in enumerate(STACKS):
        size = obs["stacks"][name]
        views["stack_size"][i] = size if isinstance(size, int) else len(size)
    storage = obs["storage"]
    _many(views["storage_ships"], ship, [*storage["small"], *storage["large"]])
    _many(views["storage_cards"], _INDEX["card"], storage["start_cards"])
    views["storage_card_count"][0] = storage["cards"] if isinstance(storage["cards"], int) else len(storage["cards"])
    views["storage_island_count"][0] = storage["islands"] if isinstance(storage["islands"], int) else len(storage["islands"])
    _many(views["storage_contracts"], _INDEX["contract"], storage["contracts"])
    _many(views["storage_objectives"], _INDEX["objective"], storage["objectives"])


def _many(row: np.ndarray, index: dict[object, int], ids: list[str]) -> None:
    """Count each id of ``ids`` in ``row`` (an empty id, an empty space, is skipped)."""
    for ident in ids:
        if ident:
            row[index[ident]] += 1


def _hand(row: np.ndarray, counts: np.ndarray, k: int, index: dict[object, int], hand: list[str] | int) -> None:
    """A hand the observer sees (a list of ids: counted per id and in all) or only counts (an int)."""
    if isinstance(hand, int):
        counts[k] = hand
        return
    _many(row, index, hand)
    counts[k] = len(hand)
