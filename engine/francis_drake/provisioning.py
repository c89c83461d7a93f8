"""Provisioning Phase: placing Player Discs along the one-way Plymouth Street and taking what Locations grant.

Action forms (the current player is ``Table.start_order[Table.turn]``):

* ``place:loc=<location>,circle=<k>`` — on the empty circle ``k`` (1-based) of a Location. Where the circles
  go first-come (``first_come``: "the 1st player … the 2nd player") only the lowest empty circle is offered;
  elsewhere every empty circle with a different grant (the lowest of identical ones).
* ``place:loc=<location>`` — a placement on a multi-turn Location (Drake) that is not its last;
  the last one is ``place:loc=<location>,take=<option>`` when the Location offers a choice (Drake's extra
  Crew or Gun). A player who started such a Location must continue it on his next turn.
* ``place:loc=<location>,take=<option>`` — a shared Location (Investor, Dockside): everybody may stop once.
* ``sail`` — move the ship to the first free Outbound Dock. Legal at any turn; the only move when no Player
  Disc is left or no Location is left ahead (after Dockside, the street's end).

Option labels come from the grant: ``crew1_guns2``, ``galleon1``, ``supplies1``.
"""

from __future__ import annotations

from engine.francis_drake.data import Grant, LocationDef
from engine.francis_drake.model import GOLDEN_HIND, Table
from engine.runtime.api import Action

SAIL = Action.make("sail")
#: Grant keys that are markers of a Location rather than items to take (the Spanish counters travel with the
#: Admiral/Governor counter; the roll modifier is read by the Tavern).
NOT_TAKEN = ("spanish_frigate_counters", "spanish_troop_counters", "tavern_roll_modifier")


def label(grant: Grant) -> str:
    """Stable text label of a grant (``crew1_guns2``)."""
    return "_".join(f"{item}{amount}" for item, amount in sorted(grant.items())) or "nothing"


def current_seat(t: Table) -> int:
    return t.start_order[t.turn]


def legal(t: Table) -> list[Action]:
    """Legal moves of the provisioning player.

    Rules: provisioning.street, provisioning.one_way, provisioning.one_disc_per_location"""
    seat = current_seat(t)
    player = t.players[seat]
    if player.pending:
        return _continue(t, t.tables.locations[player.pending], seat)
    if player.discs < t.tables.discs_per_placement:
        return [SAIL]
    actions: list[Action] = []
    for index in range(player.street_pos + 1, len(t.street)):
        actions.extend(_placements(t, seat, t.tables.locations[t.street[index]]))
    actions.append(SAIL)
    return actions


#: Per Location definition (by ``id``, with the definition kept to check it): its plain ``place`` action, one per
#: option and one per circle. Built once: a provisioning turn lists every Location further down the street.
_PLACE_ACTIONS: dict[int, tuple[LocationDef, Action, tuple[Action, ...], dict[int, Action]]] = {}


def _place_actions(loc: LocationDef) -> tuple[LocationDef, Action, tuple[Action, ...], dict[int, Action]]:
    found = _PLACE_ACTIONS.get(id(loc))
    if found is None or found[0] is not loc:
        found = _PLACE_ACTIONS[id(loc)] = (
            loc,
            Action.make("place", loc=loc.id),
            tuple(Action.make("place", loc=loc.id, take=label(o)) for o in loc.options),
            {k: Action.make("place", loc=loc.id, circle=k) for k in range(1, len(loc.circles) + 1)},
        )
    return found


def _continue(t: Table, loc: LocationDef, seat: int) -> list[Action]:
    """The next placement on a multi-turn Location; the last one carries the choice of option.

    Rules: provisioning.location.drake"""
    done = sum(1 for s, _ in t.occupancy.get(loc.id, []) if s == seat)
    _, plain, options, _ = _place_actions(loc)
    if done + 1 < loc.turns or not loc.options:
        return [plain]
    return list(options)


def _placements(t: Table, seat: int, loc: LocationDef) -> list[Action]:
    """``seat``'s placements at one Location: its empty circles (the lowest first where visitors come in order,
    one per different grant), the shared Locations once each, a multi-turn Location only when free.

    Rules: provisioning.placement, provisioning.locations, provisioning.location.shipyard,
    provisioning.location.queen, provisioning.location.drake, provisioning.location.investor,
    provisioning.location.dockside"""
    player = t.players[seat]
    occupants = t.occupancy.get(loc.id, [])
    _, plain, options, by_circle = _place_actions(loc)
    if loc.shared:
        if loc.once_per_game and not player.investor:
            return []
        if not loc.options:
            return [plain]
        return list(options)
    if loc.turns > 1:
        # Intersecting circles: one player only, and he needs a Player Disc for each of his turns there.
        if occupants or player.discs < loc.turns * t.tables.discs_per_placement:
            return []
        return [plain]
    if len(occupants) >= loc.max_players:
        return []
    taken = {circle for _, circle in occupants}
    free = [k for k in range(1, len(loc.circles) + 1) if k not in taken]
    if loc.first_come:
        free = free[:1]
    seen: list[Grant] = []
    actions = []
    for k in free:
        grant = loc.circles[k - 1]
        if grant in seen:
            continue
        seen.append(grant)
        actions.append(by_circle[k])
    return actions


def apply(t: Table, action: Action) -> None:
    """Play a legal provisioning move (legality is checked by the caller).

    Rules: provisioning.set_sail"""
    seat = current_seat(t)
    player = t.players[seat]
    if action.kind == "sail":
        player.outbound = True
        t.outbound.append(seat)
        t.note(f"p{seat} sails out to dock {len(t.outbound)}")
    else:
        _place(t, seat, t.tables.locations[action.get("loc")], action)
    _next_turn(t)


def _place(t: Table, seat: int, loc: LocationDef, action: Action) -> None:
    """Put a Player Disc on ``loc`` and take what the circle (or the chosen option) grants; the Investor costs VP.

    Rules: provisioning.placement, provisioning.take_items, provisioning.location.drake,
    provisioning.location.investor, provisioning.location.dockside"""
    player = t.players[seat]
    player.discs -= t.tables.discs_per_placement
    player.street_pos = t.street.index(loc.id)
    occupants = t.occupancy.setdefault(loc.id, [])
    if loc.shared:
        occupants.append((seat, 0))
        if loc.once_per_game:
            player.investor = False  # the Investor Tile goes back to the box
        player.score -= loc.cost_vp
        option = _option(loc, action.get("take"))
        t.note(f"p{seat} places on {loc.id}, takes {label(option)}" + (f" for {loc.cost_vp} VP" if loc.cost_vp else ""))
        grant(t, seat, option)
        return
    if loc.turns > 1:
        done = sum(1 for s, _ in occupants if s == seat)
        occupants.append((seat, done + 1))
        player.pending = loc.id if done + 1 < loc.turns else ""
        option = _option(loc, action.get("take"))
        t.note(f"p{seat} places on {loc.id} ({done + 1}/{loc.turns})" + (f", takes {label(option)}" if option else ""))
        grant(t, seat, loc.circles[done])
        grant(t, seat, option)
        return
    circle = int(action.get("circle"))
    occupants.append((seat, circle))
    circle_grant = loc.circles[circle - 1]
    if loc.rolls:
        _tavern(t, seat, circle_grant)
        return
    t.note(f"p{seat} places on {loc.id} circle {circle}")
    grant(t, seat, circle_grant)


def _option(loc: LocationDef, take: str | None) -> Grant:
    if take is None:
        return {}
    for option in loc.options:
        if label(option) == take:
            return option
    raise KeyError(f"{loc.id}: no option {take!r}")


def _tavern(t: Table, seat: int, circle_grant: Grant) -> None:
    """Roll the die (the circle may add to it); a low roll gives the Ghost Ship instead of Crew.

    Rules: provisioning.location.tavern"""
    tables = t.tables
    raw = t.rng.randint(1, tables.tavern_die_sides)
    roll = min(raw + circle_grant.get("tavern_roll_modifier", 0), max(tables.tavern_crew))
    if roll in tables.tavern_ghost_rolls:
        t.players[seat].ghost = True
        t.note(f"p{seat} tavern rolls {raw} -> {roll}: ghost ship")
        return
    got = t.take(seat, "crew", tables.tavern_crew[roll])
    t.note(f"p{seat} tavern rolls {raw} -> {roll}: {got} crew")


def grant(t: Table, seat: int, items: Grant) -> None:
    """Give ``seat`` what a Location grants: cubes and barrels from the supply, counters and ship upgrades.

    Rules: provisioning.take_items, provisioning.location.crew, provisioning.location.guns,
    provisioning.location.supplies, provisioning.location.trade_goods, provisioning.location.shipyard,
    provisioning.location.pinnace, provisioning.location.queen, provisioning.location.admiral,
    provisioning.location.governor, provisioning.location.informer, provisioning.location.golden_hind"""
    player = t.players[seat]
    for item, amount in sorted(items.items()):
        if item in player.stock or item == "pinnace":
            t.take(seat, item, amount)
        elif item == "galleon":
            player.galleon = True
        elif item == GOLDEN_HIND:
            player.golden_hind = True
        elif item in ("admiral", "governor", "informer"):
            if t.holder(item) is None:
                player.counters.append(item)
        elif item not in NOT_TAKEN:
            raise KeyError(f"unknown item {item!r} in a grant")


def _next_turn(t: Table) -> None:
    """Pass the turn to the next player in starting order whose ship is still in the Homebound Docks.

    Rules: provisioning.end"""
    if all(p.outbound for p in t.players):
        t.turn = -1
        return
    for step in range(1, t.n + 1):
        index = (t.turn + step) % t.n
        if not t.players[t.start_order[index]].outbound:
            t.turn = index
            return
