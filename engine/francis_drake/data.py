"""Typed view of the generated constants of *Francis Drake*.

``generated/constants.py`` is rendered from the spec (``rulespec/francis_drake``) by
``templates/constants.py.j2``; it holds every number of the rules as plain literals. This module turns those
literals into small frozen dataclasses the mechanics read, so the mechanics never repeat a number of the rules
and a changed spec (rendered into another folder, see :func:`load_tables`) changes play.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from functools import cache
from typing import Any

#: An item grant: item key (``crew``, ``guns``, ``galleon``, ``admiral`` …) → amount.
Grant = dict[str, int]

#: Item keys that are counters or pieces a player holds for one voyage rather than cubes/barrels.
COUNTER_ITEMS = ("admiral", "governor", "informer", "golden_hind", "galleon", "pinnace")


@dataclass(frozen=True)
class LocationDef:
    """One Location of Plymouth Street for the chosen player count.

    ``circles`` are the circles' grants in street order (``circles[k]`` goes to the ``k+1``-th placement of a
    multi-turn Location such as Drake, else to whoever takes circle ``k+1``). ``options`` is a choice of one
    extra grant taken with the last placement. ``shared``: every player may stop (once each); ``first_come``:
    circles are taken in order (the 1st visitor gets the first circle); ``turns``: consecutive placements one
    player needs (Drake); ``cost_vp``: VP paid to stop; ``once_per_game``: needs the player's Investor Tile.
    A circle grant holding ``tavern_roll_modifier`` makes the Location a die roll on the Tavern chart.
    """

    id: str
    circles: tuple[Grant, ...]
    options: tuple[Grant, ...]
    max_players: int
    shared: bool
    first_come: bool
    turns: int
    cost_vp: int
    once_per_game: bool

    @property
    def rolls(self) -> bool:
        """A Tavern: the circle's grant modifies a die roll instead of giving items."""
        return any("tavern_roll_modifier" in grant for grant in self.circles)


@dataclass(frozen=True)
class DestinationDef:
    """A Destination on the Caribbean map."""

    id: str
    kind: str  # town | fort | galleon | trade_port
    zone: int
    circles: int
    troops: int
    guns: int
    vp: int
    treasure: str | None
    commodities: tuple[str, ...]
    requires_galleon: bool


@dataclass(frozen=True)
class Tables:
    """Everything the mechanics need from the spec, for one player count."""

    game_id: str
    players_min: int
    players_max: int
    voyages: int
    start_score: int
    player_discs: int
    mission_numbers: tuple[int, ...]
    last_player_grant: Grant
    last_player_grant_voyages: tuple[int, ...]
    stock: dict[str, int]
    commodities: tuple[str, ...]
    treasures: tuple[str, ...]
    troop_counters: tuple[int, ...]
    frigate_counters: tuple[int, ...]
    galleon_counters: dict[str, dict[str, int]]
    street: tuple[str, ...]
    tile_count: int
    better_first_pairs: tuple[tuple[str, str], ...]
    locations: dict[str, LocationDef]
    tavern_die_sides: int
    tavern_crew: dict[int, int]
    tavern_ghost_rolls: tuple[int, ...]
    destinations: dict[str, DestinationDef]
    max_successful_attacks: int
    navigation_max: int
    supplies_per_zone: int
    governor_swap_places: int
    conquest_types: tuple[str, ...]
    conquest_vp: dict[int, int]
    hero_bonus: tuple[int, ...]
    hero_min_successes: int
    hero_early_before_mission: int
    hero_ranked_among: str
    hero_unqualified_keeps_place: bool
    tie_break_lower_dock_wins: bool
    start_order_tie_break: str  # players tied on score for the next voyage: last_start_order | homebound_order
    editions: tuple[str, ...]
    rulings: tuple[str, ...]
    readings: dict[str, str]  # ruling → the reading this configuration plays by
    start_voyage: int
    discs_per_placement: int
    commodities_per_icon: int
    informer_swap_discs: int
    crew_per_troop: int
    guns_per_gun: int
    trade_goods_per_trade: int
    commodities_per_trade: int
    galleon_attack_crew: int
    pinnace_ignores_fort_guns: bool
    unclaimed_bonus: dict[str, dict[str, Any]]
    commodity_set_vp: dict[int, int]
    treasure_vp: dict[str, int]

    def dests_of(self, kind: str) -> list[str]:
        """Destination ids of one kind, sorted."""
        return sorted(d.id for d in self.destinations.values() if d.kind == kind)


def _grant(value: Any) -> Grant:
    return {str(k): int(v) for k, v in dict(value).items()}


def chosen_readings(module: types.ModuleType, edition: str | None, rulings: dict[str, str]) -> dict[str, str]:
    """Ruling → reading: the one ``rulings`` names, else the one the edition states, else the ruling's default."""
    m = module
    readings = getattr(m, "RULING_READINGS", {})
    if edition is not None and edition not in m.EDITIONS:
        raise ValueError(f"{m.GAME_ID} has no edition {edition!r}; known: {', '.join(m.EDITIONS)}")
    chosen = {r: str(m.RULING_DEFAULTS[r]) for r in readings}
    chosen.update(getattr(m, "EDITION_READINGS", {}).get(edition or m.EDITIONS[0], {}))
    for ruling, reading in rulings.items():
        if ruling not in readings:
            raise ValueError(f"{m.GAME_ID} has no ruling {ruling!r}; known: {', '.join(sorted(readings)) or 'none'}")
        if reading not in readings[ruling]:
            known = ", ".join(sorted(readings[ruling]))
            raise ValueError(f"{m.GAME_ID}: ruling {ruling!r} has no reading {reading!r}; known: {known}")
        chosen[ruling] = reading
    return chosen


def tables_from_module(module: types.ModuleType, players: int, readings: dict[str, str] | None = None) -> Tables:
    """Build :class:`Tables` for ``players`` from a generated constants module, with the rulings' ``readings``
    (ruling → reading; default: :func:`chosen_readings` of the default edition) applied."""
    m = module
    if not int(m.PLAYERS_MIN) <= players <= int(m.PLAYERS_MAX):
        raise ValueError(f"{m.GAME_ID}: {players} players; the game takes {m.PLAYERS_MIN}-{m.PLAYERS_MAX}")
    chosen = readings if readings is not None else chosen_readings(m, None, {})

    def ruled(rule_id: str, name: str, value: Any) -> Any:
        """A rule's param as the chosen reading of a ruling touching that rule sets it (else ``value``)."""
        for ruling, rules in getattr(m, "RULING_RULES", {}).items():
            params = m.RULING_READINGS[ruling][chosen[ruling]]
            if rule_id in rules and name in params:
                return params[name]
        return value
    locations: dict[str, LocationDef] = {}
    for loc_id, raw in m.LOCATIONS.items():
        per_count = raw["circles"].get(players)
        if per_count is None:
            raise ValueError(f"location {loc_id!r} has no circles for {players} players")
        locations[loc_id] = LocationDef(
            id=loc_id,
            circles=tuple(_grant(c) for c in per_count),
            options=tuple(_grant(o) for o in raw.get("options", ())),
            max_players=int(raw["max_players"].get(players, len(per_count))),
            shared=bool(raw.get("shared", False)),
            first_come=bool(raw.get("first_come", False)),
            turns=int(raw.get("turns", 1)),
            cost_vp=int(raw.get("cost_vp", 0)),
            once_per_game=bool(raw.get("once_per_game", False)),
        )
    destinations = {
        dest_id: DestinationDef(
            id=dest_id,
            kind=str(raw["kind"]),
            zone=int(raw["zone"]),
            circles=int(raw["circles"]),
            troops=int(raw.get("troops", 0)),
            guns=int(raw.get("guns", 0)),
            vp=int(raw.get("vp", 0)),
            treasure=raw.get("treasure"),
            commodities=tuple(raw.get("commodities", ())),
            requires_galleon=bool(raw.get("requires_galleon", False)),
        )
        for dest_id, raw in m.DESTINATIONS.items()
    }
    return Tables(
        game_id=m.GAME_ID,
        players_min=int(m.PLAYERS_MIN),
        players_max=int(m.PLAYERS_MAX),
        voyages=int(m.VOYAGES),
        start_score=int(m.START_SCORE),
        player_discs=int(m.PLAYER_DISCS),
        mission_numbers=tuple(int(n) for n in m.MISSION_NUMBERS),
        last_player_grant=_grant(m.LAST_PLAYER_GRANT),
        last_player_grant_voyages=tuple(int(v) for v in m.LAST_PLAYER_GRANT_VOYAGES),
        stock={str(k): int(v) for k, v in m.STOCK.items()},
        commodities=tuple(m.COMMODITIES),
        treasures=tuple(m.TREASURES),
        troop_counters=tuple(int(v) for v in m.TROOP_COUNTERS),
        frigate_counters=tuple(int(v) for v in m.FRIGATE_COUNTERS),
        galleon_counters={str(k): _grant(v) for k, v in m.GALLEON_COUNTERS.items()},
        street=tuple(m.STREET),
        tile_count=int(m.TILE_COUNT),
        better_first_pairs=tuple((str(a), str(b)) for a, b in m.BETTER_FIRST_PAIRS),
        locations=locations,
        tavern_die_sides=int(m.TAVERN_DIE_SIDES),
        tavern_crew={int(k): int(v) for k, v in m.TAVERN_CREW.items()},
        tavern_ghost_rolls=tuple(int(v) for v in m.TAVERN_GHOST_ROLLS),
        destinations=destinations,
        max_successful_attacks=int(m.MAX_SUCCESSFUL_ATTACKS),
        navigation_max=int(m.NAVIGATION_MAX),
        supplies_per_zone=int(m.SUPPLIES_PER_ZONE),
        governor_swap_places=int(m.GOVERNOR_SWAP_PLACES),
        conquest_types=tuple(m.CONQUEST_TYPES),
        conquest_vp={int(k): int(v) for k, v in m.CONQUEST_VP.items()},
        hero_bonus=tuple(int(v) for v in m.HERO_BONUS),
        hero_min_successes=int(m.HERO_MIN_SUCCESSES),
        hero_early_before_mission=int(m.HERO_EARLY_BEFORE_MISSION),
        hero_ranked_among=str(m.HERO_RANKED_AMONG),
        hero_unqualified_keeps_place=bool(
            ruled("sailing.heros_bonus", "unqualified_keeps_place", m.HERO_UNQUALIFIED_KEEPS_PLACE)
        ),
        tie_break_lower_dock_wins=bool(m.TIE_BREAK_LOWER_DOCK_WINS),
        start_order_tie_break=str(ruled("reset.starting_order", "tie_break", m.START_ORDER_TIE_BREAK)),
        editions=tuple(m.EDITIONS),
        rulings=tuple(m.RULINGS),
        readings=dict(chosen),
        start_voyage=int(m.START_VOYAGE),
        discs_per_placement=int(m.DISCS_PER_PLACEMENT),
        commodities_per_icon=int(m.COMMODITIES_PER_ICON),
        informer_swap_discs=int(m.INFORMER_SWAP_DISCS),
        crew_per_troop=int(m.CREW_PER_TROOP),
        guns_per_gun=int(m.GUNS_PER_GUN),
        trade_goods_per_trade=int(m.TRADE_GOODS_PER_TRADE),
        commodities_per_trade=int(m.COMMODITIES_PER_TRADE),
        galleon_attack_crew=int(m.GALLEON_ATTACK_CREW),
        pinnace_ignores_fort_guns=bool(m.PINNACE_IGNORES_FORT_GUNS),
        unclaimed_bonus={str(k): dict(v) for k, v in m.UNCLAIMED_BONUS.items()},
        commodity_set_vp={int(k): int(v) for k, v in m.COMMODITY_SET_VP.items()},
        treasure_vp={str(k): int(v) for k, v in m.TREASURE_VP.items()},
    )


def load_tables(players: int, edition: str | None = None, rulings: dict[str, str] | None = None) -> Tables:
    """The tables of the committed generated constants, for ``players`` and the rulings' readings of ``edition``
    (the default edition's when None) with ``rulings`` (ruling → reading) overriding them."""
    from engine.francis_drake.generated import constants

    chosen = chosen_readings(constants, edition, dict(rulings or {}))
    return _tables(players, tuple(sorted(chosen.items())))


@cache
def _tables(players: int, readings: tuple[tuple[str, str], ...]) -> Tables:
    from engine.francis_drake.generated import constants

    return tables_from_module(constants, players, dict(readings))
