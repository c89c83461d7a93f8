"""Sailing Phase steps A–D: prepare, sail (place Mission Discs), the Informer, turning the discs over.

Action forms:

* ``frigates:values=[a;b;c]`` — the Admiral's Spanish Frigate Counters, one per galleon destination (sorted
  ids); ``troops:values=[…]`` — the Governor's Spanish Troop Counters, one per fort (sorted ids).
* ``mission:disc=<d>,dest=<destination>`` — place Mission Disc ``d`` (``1``…, ``golden_hind``, ``ghost``)
  face-down at a destination in a zone the player's Navigation Marker allows, one disc per destination.
* ``informer:look=<dest>`` then ``informer_swap:a=<disc>,b=<disc>`` or ``informer_keep``;
  ``informer:inspect=<dest>`` then ``informer_move:to=<dest>`` or ``informer_keep``; or ``informer:choice=pass``.
"""

from __future__ import annotations

from itertools import combinations, permutations

from engine.francis_drake.model import (
    ADMIRAL,
    GHOST,
    GOLDEN_HIND,
    GOVERNOR,
    INFORMER,
    INFORMER_MOVE,
    INFORMER_SWAP,
    MISSIONS,
    Table,
)
from engine.francis_drake.resolution import start_resolution
from engine.runtime.api import Action

#: Which personality places which counters on which kind of destination.
COUNTER_PLACERS = {ADMIRAL: ("frigates", "galleon"), GOVERNOR: ("troops", "fort")}


def prepare(t: Table) -> None:
    """Step A up to the first decision: treasures and commodities on the map, then the Admiral's counters.

    Rules: sailing.prepare.treasure, reset.treasures, game.destination_values"""
    tables = t.tables
    for dest in sorted(tables.destinations.values(), key=lambda d: d.id):
        if dest.treasure and dest.id not in t.treasure and t.supply.get(dest.treasure, 0) > 0:
            t.supply[dest.treasure] -= 1
            t.treasure[dest.id] = dest.treasure
        if dest.kind == "trade_port":
            goods = t.port_goods.setdefault(dest.id, [])
            for good in dest.commodities:
                # Top up to the displayed number (what the supply still holds).
                missing = min(tables.commodities_per_icon - goods.count(good), t.supply.get(good, 0))
                if missing > 0:
                    t.supply[good] -= missing
                    goods.extend([good] * missing)
    t.note("treasure and commodities placed")
    start_counters(t, ADMIRAL)


def start_counters(t: Table, personality: str) -> None:
    """The holder of the Admiral (Governor) places his counters; nobody holds him: random placement.

    Rules: sailing.prepare.admiral, sailing.prepare.governor"""
    holder = t.holder(personality)
    if holder is not None:
        t.phase = personality
        t.decider = holder
        return
    values = list(_counter_values(t, personality))
    t.rng.shuffle(values)
    _place_counters(t, personality, tuple(values))
    after_counters(t, personality)


def _counter_values(t: Table, personality: str) -> tuple[int, ...]:
    return t.tables.frigate_counters if personality == ADMIRAL else t.tables.troop_counters


def counter_actions(t: Table, personality: str) -> list[Action]:
    """Every distinct way to lay the counters face-down (identical counters give one action).

    Rules: sailing.prepare.admiral, sailing.prepare.governor"""
    kind, dest_kind = COUNTER_PLACERS[personality]
    sites = len(t.tables.dests_of(dest_kind))
    orders = sorted(set(permutations(_counter_values(t, personality), sites)))
    return [Action.make(kind, values=order) for order in orders]


def apply_counters(t: Table, personality: str, action: Action) -> None:
    _place_counters(t, personality, tuple(action.get("values")))
    after_counters(t, personality)


def _place_counters(t: Table, personality: str, values: tuple[int, ...]) -> None:
    kind, dest_kind = COUNTER_PLACERS[personality]
    target = t.frigates if personality == ADMIRAL else t.troops
    for dest, value in zip(t.tables.dests_of(dest_kind), values, strict=False):
        target[dest] = int(value)
    t.note(f"{kind} counters placed face-down")


def after_counters(t: Table, personality: str) -> None:
    """After the Admiral comes the Governor; after the Governor his swap, navigation and sailing.

    Rules: sailing.prepare.governor_swap, sailing.prepare.navigation"""
    if personality == ADMIRAL:
        start_counters(t, GOVERNOR)
        return
    governor = t.holder(GOVERNOR)
    if governor is not None:
        dock = t.outbound.index(governor)
        target = max(0, dock - t.tables.governor_swap_places)
        if target != dock:
            t.outbound.remove(governor)
            t.outbound.insert(target, governor)
            t.note(f"governor p{governor} moves up to dock {target + 1}")
    for player in t.players:
        player.navigation = min(player.stock["supplies"] // t.tables.supplies_per_zone, t.tables.navigation_max)
    start_missions(t)


def start_missions(t: Table) -> None:
    """Step B: hand out the Mission Discs; players who cannot reach zone 1 place none.

    Rules: sailing.sail.mission_discs, sailing.ghost_ship"""
    for player in t.players:
        if player.navigation <= 0:
            player.hand = []
            continue
        hand = [str(n) for n in t.tables.mission_numbers]
        if player.golden_hind:
            hand.append(GOLDEN_HIND)
        if player.ghost:
            hand.append(GHOST)
        player.hand = hand
    t.phase = MISSIONS
    t.mission_turn = -1
    next_mission_turn(t)


def reachable(t: Table, seat: int) -> list[str]:
    """Destinations ``seat`` may sail to this voyage and holds no Mission Disc at yet.

    Rules: sailing.sail.zones, sailing.sail.one_per_destination, game.destinations"""
    player = t.players[seat]
    present = set(t.disc_at(seat).values())
    return [
        d.id
        for d in sorted(t.tables.destinations.values(), key=lambda d: d.id)
        if d.zone <= player.navigation and d.id not in present
    ]


def mission_actions(t: Table) -> list[Action]:
    seat = t.outbound[t.mission_turn]
    dests = reachable(t, seat)
    return [Action.make("mission", disc=disc, dest=dest) for disc in t.players[seat].hand for dest in dests]


def apply_mission(t: Table, action: Action) -> None:
    seat = t.outbound[t.mission_turn]
    disc, dest = str(action.get("disc")), str(action.get("dest"))
    t.players[seat].hand.remove(disc)
    t.missions.setdefault(dest, []).append((seat, disc))
    t.note(f"p{seat} places a mission disc at {dest}")
    next_mission_turn(t)


def next_mission_turn(t: Table) -> None:
    """Next player in Sailing Order with a disc to place; a player with no destination left keeps his discs.

    Rules: sailing.sail.place_all"""
    for step in range(1, t.n + 1):
        index = (t.mission_turn + step) % t.n
        seat = t.outbound[index]
        player = t.players[seat]
        if player.hand and not reachable(t, seat):
            player.hand = []
        if player.hand:
            t.mission_turn = index
            return
    start_informer(t)


def start_informer(t: Table) -> None:
    """Step C: the Informer's holder may use him if he has a disc on the map.

    Rules: sailing.informer"""
    holder = t.holder("informer")
    if holder is not None and t.disc_at(holder):
        t.phase = INFORMER
        t.decider = holder
        return
    turn_over(t)


def informer_actions(t: Table) -> list[Action]:
    """The Informer's moves: look at a stack of his own destinations (then swap two of his discs or keep them),
    inspect a Spanish counter there (then move a disc or keep it), or pass.

    Rules: sailing.informer"""
    seat = t.decider
    if t.phase == INFORMER:
        mine = sorted(set(t.disc_at(seat).values()))
        actions = [Action.make("informer", look=dest) for dest in mine]
        counters = {**t.troops, **t.frigates}
        actions += [Action.make("informer", inspect=dest) for dest in mine if dest in counters]
        return [*actions, Action.make("informer", choice="pass")]
    keep = Action.make("informer_keep")
    if t.phase == INFORMER_SWAP:
        discs = sorted(t.disc_at(seat))
        pairs = combinations(discs, t.tables.informer_swap_discs)
        return [*[Action.make("informer_swap", a=a, b=b) for a, b in pairs], keep]
    return [*[Action.make("informer_move", to=dest) for dest in reachable(t, seat)], keep]


def apply_informer(t: Table, action: Action) -> None:
    seat = t.decider
    seen = t.knowledge.setdefault(seat, {"discs": {}, "counters": {}})
    if action.kind == "informer":
        if action.get("look"):
            dest = action.get("look")
            seen["discs"][dest] = [[s, d] for s, d in t.missions[dest]]
            t.informer_target = dest
            t.phase = INFORMER_SWAP
            t.note(f"informer p{seat} looks at the discs at {dest}")
            return
        if action.get("inspect"):
            dest = action.get("inspect")
            seen["counters"][dest] = {**t.troops, **t.frigates}[dest]
            t.informer_target = dest
            t.phase = INFORMER_MOVE
            t.note(f"informer p{seat} inspects the defence of {dest}")
            return
        t.note(f"informer p{seat} passes")
    elif action.kind == "informer_swap":
        _swap_discs(t, seat, str(action.get("a")), str(action.get("b")))
        t.note(f"informer p{seat} swaps two of his discs")
    elif action.kind == "informer_move":
        dest = str(action.get("to"))
        source = t.informer_target or ""
        disc = next(d for s, d in t.missions[source] if s == seat)
        t.missions[source].remove((seat, disc))
        t.missions.setdefault(dest, []).append((seat, disc))
        t.note(f"informer p{seat} moves his disc from {t.informer_target} to {dest}")
    t.informer_target = None
    turn_over(t)


def _swap_discs(t: Table, seat: int, a: str, b: str) -> None:
    """Exchange the positions of two of ``seat``'s Mission Discs."""
    at = t.disc_at(seat)
    swap = {a: b, b: a}
    for dest in (at[a], at[b]):
        t.missions[dest] = [(s, swap[d] if s == seat and d in swap else d) for s, d in t.missions[dest]]


def arrival_key(t: Table, seat: int, disc: str) -> tuple[int, int]:
    """Arrival order: the Golden Hind first, then by number, ties by Sailing Order.

    Rules: sailing.mission_order, sailing.turn_discs"""
    rank = -1 if disc == GOLDEN_HIND else int(disc)
    return rank, t.outbound.index(seat)


def turn_over(t: Table) -> None:
    """Step D: all discs face-up; Ghost Ships vanish; stacks sort into arrival order; build the resolution queue.

    Rules: sailing.turn_discs, sailing.ghost_ship, sailing.mission_order"""
    t.turned = True
    for dest in list(t.missions):
        stack = [(s, d) for s, d in t.missions[dest] if d != GHOST]
        stack.sort(key=lambda entry: arrival_key(t, *entry))
        if stack:
            t.missions[dest] = stack
        else:
            del t.missions[dest]
    for player in t.players:
        player.ghost = False
        player.unresolved = sorted(t.disc_at(player.seat), key=lambda d: arrival_key(t, player.seat, d))
    entries = [(s, d) for stack in t.missions.values() for s, d in stack]
    t.queue = sorted(entries, key=lambda entry: arrival_key(t, *entry))
    t.qi = 0
    t.note("mission discs turned over")
    start_resolution(t)
