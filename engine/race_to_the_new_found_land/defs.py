"""The engine's typed view of the spec: plain, fast, immutable definitions.

:mod:`engine.race_to_the_new_found_land.tables` builds one :class:`Tables` from the generated modules (which are
rendered from the spec) plus a game configuration (edition, ruling overrides, variants, player count). The
mechanics in :mod:`engine.race_to_the_new_found_land.state` only read these objects: every number of the rules
arrives here from the spec. Goods are ``tuple[int, ...]`` counts indexed like :attr:`Tables.goods`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Goods = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Bonus:
    """One bonus printed on an island tile: goods and/or points."""

    goods: Goods
    points: int


@dataclass(frozen=True, slots=True)
class ShipDef:
    """A ship tile (small or large, starting ships included) or a charter-ship card's ship values."""

    id: str
    large: bool
    sail: int
    crate: int
    settler: int
    telescope: int
    cost: Goods
    nation: str | None = None


@dataclass(frozen=True, slots=True)
class CardDef:
    """A "1x" card: a charter ship (``ship`` set), a goods card, or a points card."""

    id: str
    kind: str
    goods: Goods
    points: int
    ship: ShipDef | None = None
    nation: str | None = None


@dataclass(frozen=True, slots=True)
class IslandDef:
    id: str
    spaces: tuple[int, ...]
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class IslandSpaceDef:
    id: str
    island: int
    shape: str


@dataclass(frozen=True, slots=True)
class IslandTileDef:
    id: str
    shape: str
    bonuses: tuple[Bonus, ...]


@dataclass(frozen=True, slots=True)
class CityDef:
    id: str
    cube_spaces: int
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class ContractDef:
    id: str
    goods: Goods
    points: int
    city: int | None = None


@dataclass(frozen=True, slots=True)
class FrameDef:
    """A frame marker: where it starts, and what reaching it gives (``objectives`` stack n, ``captains``, ``goods``)."""

    id: str
    position: int
    reward: str
    stack: int = -1


@dataclass(frozen=True, slots=True)
class ObjectiveDef:
    """An objective card: a condition ``kind`` with its ``subject`` and tiers ``(threshold, points)``."""

    id: str
    kind: str
    subject: str | None
    tiers: tuple[tuple[int, int], ...]
    min_markers: int = 0


@dataclass(frozen=True, slots=True)
class CaptainDef:
    id: str
    ability: str
    amount: int
    immediate_goods: Goods = ()


@dataclass(frozen=True, slots=True)
class NationDef:
    """A player board: its nation, start-player number, load table, action limits and expansions."""

    id: str
    number: int
    start_ship: int
    start_card: int
    load_table: tuple[int, ...]
    action_max: tuple[int, ...]
    expansion: str
    expansion_cost: Goods
    expansion_amount: int


@dataclass(frozen=True, kw_only=True)
class Tables:
    """Everything the mechanics need, resolved for one configuration.

    Every value is a declared, typed field (built by :func:`~engine.race_to_the_new_found_land.tables.build_tables`
    from the spec): the mechanics read them on every move, and declared fields are what lets the compiled engine
    (:mod:`engine.native`) read them at a fixed offset. A value the builder forgets, or one it adds without a
    field here, fails when the tables are built, naming it.
    """

    players: int
    goods: tuple[str, ...]
    gold: int
    actions: tuple[str, ...]
    ships: tuple[ShipDef, ...]
    cards: tuple[CardDef, ...]
    islands: tuple[IslandDef, ...]
    island_spaces: tuple[IslandSpaceDef, ...]
    island_tiles: tuple[IslandTileDef, ...]
    cities: tuple[CityDef, ...]
    contract_slots: tuple[int, ...]
    contracts: tuple[ContractDef, ...]
    compass: tuple[int, ...]
    frames: tuple[FrameDef, ...]
    objectives: tuple[ObjectiveDef, ...]
    objective_stacks: int
    captains: tuple[CaptainDef, ...]
    nations: tuple[NationDef, ...]
    fifty_cards: tuple[tuple[int, int], ...]
    # the rules' numbers and switches (see build_tables for where each comes from in the spec)
    rounds: int
    income: tuple[int, ...]
    shipyards: int
    shipyard_expansion_yards: int
    shipyard_expansion_cost: tuple[int, ...]
    small_ship_cost: tuple[int, ...]
    large_ship_points: int
    market_small: int
    market_large: int
    gold_substitute_in: frozenset[str]
    frame_back: int
    frame_back_min: int
    frame_blocking_on: bool
    ship_limits: tuple[tuple[int, ...], ...]
    discard_args: tuple[tuple[tuple[str, str]], ...]
    card_is_charter: tuple[bool, ...]
    ship_totals: tuple[int, ...]
    contract_totals: tuple[int, ...]
    large_market_hidden: bool
    large_market_spaces: tuple[str, ...]
    tile_spots: int
    frame_goods_taken: int
    expansion_markers: int
    load_goods: int
    cards_kept: int
    city_markers_per_contract: int
    discover_markers: int
    cartography_compass: int
    frame_pass_occupied: bool
    charter_discard_after_action: bool
    objective_only_if_met: bool
    frame_immediate: bool
    frame_trigger_on_start: bool
    frame_every_lap: bool  # a marker not yet resolved counts on the figure's later laps round the track
    frame_reward_optional: bool
    frame_removal_passed: bool
    frame_min_space: int
    frame_goods: tuple[int, ...]
    track_length: int
    fifty_at: int
    hundred_at: int
    fifty_on_reaching: bool
    new_england_points: int
    contract_refill_immediate: bool
    antwerp_points: int
    antwerp_crate_limited: bool
    island_cube_points: int
    city_cube_points: int
    island_scoring_totalled: bool
    city_scoring_totalled: bool
    cartography: dict[int, int]
    neutral_players: int
    neutral_cubes: int
    neutral_second_place: bool
    # a tie for the most markers on an island (a city): the player with the next most still scores the second bonus
    island_tie_next_second: bool
    city_tie_next_second: bool
    objective_free: int
    objective_cost: int
    final_cube_points: int
    final_card_points: int
    final_objective_points: int
    tiebreak_goods: bool
    goods_cards_playable: bool
    england_min_draw: int
    captain_land_goods: tuple[int, ...]
    load_choices: dict[int, tuple[int, ...]]
    start_goods: tuple[int, ...]
    setup_compass_per_player: int
    setup_space_choice: bool
    setup_misfit_to_storage: bool
    unused_start_ships_in_stack: bool
    open_contracts: int
    objective_stack_size: int
    ship_index: dict[str, int]
    card_index: dict[str, int]
    space_index: dict[str, int]
    island_tile_index: dict[str, int]
    objective_index: dict[str, int]
    captain_index: dict[str, int]
    compass_tiles: tuple[Any, ...]
    readings: dict[str, str] = field(default_factory=dict)
    #: memo of derived values shared by every state of this configuration (payment options, actions)
    cache: dict[Any, Any] = field(default_factory=dict, compare=False)
