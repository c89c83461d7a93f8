"""Build the engine's :class:`~engine.race_to_the_new_found_land.defs.Tables` from the generated spec values.

This is the one place that knows where in the spec each number lives (rule id and param name, component and
attribute, area and table id). Rulings are applied here: a rule that names a ruling gets the params of the
reading the configuration selects — ``config.rulings[ruling]`` if given, else the edition's reading
(``EDITION_READINGS``), else the ruling's default.
"""

from __future__ import annotations

import functools
import types
from typing import Any

from engine.race_to_the_new_found_land.defs import (
    Bonus,
    CaptainDef,
    CardDef,
    CityDef,
    ContractDef,
    FrameDef,
    IslandDef,
    IslandSpaceDef,
    IslandTileDef,
    NationDef,
    ObjectiveDef,
    ShipDef,
    Tables,
)
from engine.runtime.api import GameConfig

#: The sequence this engine's flow implements; the spec's enums must list the same names in the same order.
ACTIONS = ("load", "settle", "deliver", "discover")
PHASES = ("land", "planning", "action", "end")
END_STEPS = ("cartography", "island_scoring", "city_scoring", "objectives", "start_player")


class SpecValueError(ValueError):
    """A value the engine needs is missing from (or malformed in) the spec."""


@functools.cache
def default_generated() -> types.ModuleType:
    """The committed generated package (imported lazily: tools that only list games never load it; looked up once:
    a simulation asks for it with every game)."""
    import importlib

    package = importlib.import_module("engine.race_to_the_new_found_land.generated")
    for name in ("components", "board", "rules", "rulings", "game_info", "enums"):
        if not hasattr(package, name):
            setattr(package, name, importlib.import_module(f"{package.__name__}.{name}"))
    return package


class _Spec:
    """Read access to the generated modules with the configuration's rulings applied."""

    def __init__(self, gen: types.ModuleType, config: GameConfig) -> None:
        self.gen = gen
        self.config = config
        rulings = gen.rulings.RULINGS
        edition = config.edition or gen.game_info.DEFAULT_EDITION
        if edition not in gen.rulings.EDITION_READINGS:
            raise ValueError(f"unknown edition {edition!r}; known: {', '.join(gen.game_info.EDITIONS)}")
        chosen = dict(gen.rulings.EDITION_READINGS[edition])
        for ruling, reading in config.rulings.items():
            if ruling not in rulings:
                raise ValueError(f"unknown ruling {ruling!r}; known: {', '.join(sorted(rulings))}")
            if reading not in rulings[ruling]["readings"]:
                known = ", ".join(sorted(rulings[ruling]["readings"]))
                raise ValueError(f"ruling {ruling!r} has no reading {reading!r}; known: {known}")
            chosen[ruling] = reading
        self.readings = chosen
        for variant in config.variants:
            if variant not in gen.rules.VARIANTS:
                raise ValueError(f"unknown variant {variant!r}; known: {', '.join(sorted(gen.rules.VARIANTS))}")

    def params(self, rule_id: str) -> dict[str, Any]:
        """A rule's (or setup step's) params, overlaid with the chosen reading's params if a ruling touches it."""
        setup = dict(self.gen.rules.SETUP)
        if rule_id in self.gen.rules.PARAMS:
            params = dict(self.gen.rules.PARAMS[rule_id])
        elif rule_id in setup:
            params = dict(setup[rule_id])
        else:
            raise SpecValueError(f"rule {rule_id!r} has no params in the spec")
        # every ruling that names this rule (a rule may be touched by several) overlays its chosen reading
        rulings = self.gen.rulings.RULINGS
        touching = {r for r, data in rulings.items() if rule_id in data["rules"]}
        own = self.gen.rules.RULE_RULINGS.get(rule_id)
        if own is not None:
            touching.add(own)
        for ruling in sorted(touching):
            params.update(rulings[ruling]["readings"][self.readings[ruling]])
        return params

    def param(self, rule_id: str, name: str) -> Any:
        params = self.params(rule_id)
        if name not in params:
            raise SpecValueError(f"rule {rule_id!r} has no param {name!r}")
        return params[name]

    def records(self, component: str) -> tuple[tuple[str, int, dict[str, Any]], ...]:
        return self.gen.components.RECORDS.get(component, ())

    def area(self, area_id: str) -> dict[str, Any]:
        try:
            return self.gen.board.AREAS[area_id]
        except KeyError:
            raise SpecValueError(f"no board area {area_id!r} in the spec") from None

    def areas_of(self, kind: str) -> list[tuple[str, dict[str, Any]]]:
        return [(a, self.gen.board.AREAS[a]) for a in self.gen.board.AREA_ORDER if self.gen.board.AREAS[a]["kind"] == kind]

    def table(self, table_id: str) -> list[dict[str, Any]]:
        try:
            t = self.gen.board.TABLES[table_id]
        except KeyError:
            raise SpecValueError(f"no table {table_id!r} in the spec") from None
        return [dict(zip(t["columns"], row, strict=False)) for row in t["rows"]]


def _expand(records: tuple[tuple[str, int, dict[str, Any]], ...]) -> list[tuple[str, dict[str, Any]]]:
    """One entry per physical copy; copies get ``#2``, ``#3`` … so every piece has its own id."""
    out = []
    for rid, count, attrs in records:
        for k in range(count):
            out.append((rid if k == 0 else f"{rid}#{k + 1}", attrs))
    return out


def build_tables(gen: types.ModuleType, config: GameConfig) -> Tables:
    """The engine tables for ``config`` read from the generated modules ``gen``.

    Rules: variants.higher_frame_markers"""
    S = _Spec(gen, config)
    info = gen.game_info
    if not info.PLAYERS_MIN <= config.players <= info.PLAYERS_MAX:
        raise ValueError(f"{info.TITLE} is for {info.PLAYERS_MIN}–{info.PLAYERS_MAX} players, not {config.players}")
    goods = tuple(gen.components.GOODS)
    short = tuple(g.split(".", 1)[1] for g in goods)  # rules name goods without the "good." prefix
    gold = next(i for i, g in enumerate(goods) if gen.components.COMPONENTS[g]["attributes"].get("substitutes_for"))

    def vec(items: Any) -> tuple[int, ...]:
        """Goods counts from a list of good ids (``[good.wood, good.wood]``) or short names."""
        out = [0] * len(goods)
        for item in items or ():
            name = item if item in goods else f"good.{item}"
            out[goods.index(name)] += 1
        return tuple(out)

    def vec_params(params: dict[str, Any], prefix: str) -> tuple[int, ...]:
        """Goods counts from params named ``<prefix><good>`` (``cost_cloth: 1``)."""
        out = [0] * len(goods)
        for i, name in enumerate(short):
            out[i] = int(params.get(prefix + name, 0))
        return tuple(out)

    actions = tuple(a.value for a in gen.enums.ActionKind)
    for enum, implemented in ((gen.enums.ActionKind, ACTIONS), (gen.enums.Phase, PHASES), (gen.enums.EndPhaseStep, END_STEPS)):
        listed = tuple(x.value for x in enum)
        if listed != implemented:
            raise SpecValueError(f"the spec's {enum.__name__} is {listed}; this engine's flow implements {implemented}")

    # ships -----------------------------------------------------------------
    ships: list[ShipDef] = []
    small_cost = vec_params(S.params("land.build_ships"), "small_cost_")
    for component, large in (("ship.large", True), ("ship.small.regular", False), ("ship.small.starting", False)):
        for rid, a in _expand(S.records(component)):
            nation = a.get("nation")
            ships.append(
                ShipDef(
                    id=rid, large=large, sail=int(a["sail"]), crate=int(a["crate"]), settler=int(a["settler"]),
                    telescope=int(a["telescope"]), cost=vec(a["cost"]) if large else small_cost,
                    nation=nation,
                )
            )  # fmt: skip
    ship_index = {s.id: i for i, s in enumerate(ships)}

    # "1x" cards --------------------------------------------------------------
    cards: list[CardDef] = []
    for component in ("card.start", "card.charter_ship", "card.goods"):
        for rid, a in _expand(S.records(component)):
            ship = None
            if a.get("card_type") == "charter_ship":
                ship = ShipDef(rid, False, int(a["sail"]), int(a["crate"]), int(a["settler"]), int(a["telescope"]), ())
            cards.append(
                CardDef(
                    id=rid, kind=a.get("card_type", ""), goods=vec(a.get("goods")), points=int(a.get("points", 0)),
                    ship=ship, nation=a.get("nation"),
                )
            )  # fmt: skip
    card_index = {c.id: i for i, c in enumerate(cards)}

    # islands, tiles, cities, contracts ---------------------------------------------
    islands: list[IslandDef] = []
    spaces: list[IslandSpaceDef] = []
    for aid, area in S.areas_of("island"):
        at = area["attributes"]
        first = len(spaces)
        for sid, sat in area["spaces"]:
            spaces.append(IslandSpaceDef(sid, len(islands), sat["shape"]))
        islands.append(IslandDef(aid, tuple(range(first, len(spaces))), int(at["bonus_first"]), int(at["bonus_second"])))
    island_index = {isl.id: i for i, isl in enumerate(islands)}
    tiles: list[IslandTileDef] = []
    for rid, a in _expand(S.records("tile.island")):
        bonuses = []
        k = 1
        while f"bonus_{k}_goods" in a or f"bonus_{k}_points" in a:
            bonuses.append(Bonus(vec(a.get(f"bonus_{k}_goods")), int(a.get(f"bonus_{k}_points", 0))))
            k += 1
        tiles.append(IslandTileDef(rid, a["shape"], tuple(bonuses)))
    cities: list[CityDef] = []
    for aid, area in S.areas_of("city"):
        at = area["attributes"]
        cities.append(CityDef(aid, len(area["spaces"]), int(at["bonus_first"]), int(at["bonus_second"])))
    city_index = {c.id: i for i, c in enumerate(cities)}
    slots = tuple(city_index[sat["city"]] for _, sat in S.area("board.contract_spaces")["spaces"])
    contracts = [ContractDef(rid, vec(a["goods"]), int(a["points"])) for rid, a in _expand(S.records("tile.contract"))]
    compass_tiles = _expand(S.records("tile.compass"))
    compass = tuple(island_index[a["island"]] for _, a in compass_tiles)

    # frame markers, objectives, captains ---------------------------------------------
    variant_spaces = None
    for variant in config.variants:
        for rule_id, v in gen.rules.RULE_VARIANTS.items():
            if v == variant and "marker_spaces" in S.params(rule_id):
                variant_spaces = list(S.param(rule_id, "marker_spaces"))
    stacks: list[str] = []
    frames: list[FrameDef] = []
    frame_records = sorted(_expand(S.records("tile.frame_marker")), key=lambda r: int(r[1]["order"]))
    for k, (rid, a) in enumerate(frame_records):
        reward = {"objective_stack": "objectives", "captain": "captains", "good": "goods"}[a["reward"]]
        stack = -1
        if reward == "objectives":
            stack = len(stacks)
            stacks.append(a["reward_space"])
        position = int(variant_spaces[k]) if variant_spaces else int(a["start_space"])
        frames.append(FrameDef(rid, position, reward, stack))
    objectives = []
    for rid, a in _expand(S.records("card.objective")):
        tiers = [(int(a["top_count"]), int(a["top_points"]))]
        if "bottom_count" in a:
            tiers.append((int(a["bottom_count"]), int(a["bottom_points"])))
        subject = a.get("good") or a.get("symbol") or a.get("ship_size")
        if subject == "settlers":
            subject = "settler"
        objectives.append(ObjectiveDef(rid, a["objective_type"], subject, tuple(tiers), int(a.get("min_markers", 0))))
    captains = []
    effect_names = {
        "extra_discover_tile": ("extra_island", "extra_tiles_placed"),
        "sail_bonus": ("sail_bonus", "sail_bonus"),
        "gold_income": ("land_gold", "gold_per_land_phase"),
        "crate_bonus": ("crate_bonus", "crate_bonus"),
        "extra_shipyard": ("extra_shipyard", "extra_shipyards"),
    }
    land_gold: tuple[int, ...] = ()
    for rid, a in _expand(S.records("card.captain")):
        ability, amount_key = effect_names[a["effect"]]
        now = tuple(int(a["gold_on_take"]) if g == gold else 0 for g in range(len(goods))) if "gold_on_take" in a else ()
        captains.append(CaptainDef(rid, ability, int(a[amount_key]), now))
        if ability == "land_gold":
            land_gold = tuple(int(a["gold_per_land_phase"]) if g == gold else 0 for g in range(len(goods)))

    # nations -----------------------------------------------------------------
    expansion_effects = {
        "shipyard_2": ("extra_shipyard", "extra_shipyards"),
        "colonial_administration": ("settle_extra_cube", "extra_settle_markers"),
        "customs": ("contract_points", "contract_bonus_points"),
        "naval_office": ("sail_bonus", "sail_bonus"),
        "colonial_harbor": ("keep_extra_card", "extra_cards_kept"),
    }
    nations = []
    england_min_draw = 0
    for rid, a in _expand(S.records("board.player")):
        table = S.table(a["load_table"])
        top = max(int(r["crate_at_least"]) for r in table)
        load_table = [-1] * (top + 1)
        for crate in range(top + 1):
            fits = [r for r in table if int(r["crate_at_least"]) <= crate]
            if fits:
                best = max(fits, key=lambda r: int(r["crate_at_least"]))
                load_table[crate] = goods.index(best["good"])
        ability, amount_key = expansion_effects[a["unique_expansion"]]
        if "min_cards_drawn" in a:
            england_min_draw = int(a["min_cards_drawn"])
        nations.append(
            NationDef(
                id=rid, number=int(a["start_number"]), start_ship=ship_index[a["starting_ship"]],
                start_card=card_index[a["start_card"]], load_table=tuple(load_table),
                action_max=tuple(int(a[f"max_ships_{name}"]) for name in ACTIONS),
                expansion=ability, expansion_cost=vec(a["unique_expansion_cost"]), expansion_amount=int(a[amount_key]),
            )
        )  # fmt: skip
    # what a crate value lets a player load: the table's good or any less valuable one
    load_choices = {}
    for nat in nations:
        for top in nat.load_table:
            if top >= 0:
                order = [
                    goods.index(r["good"])
                    for r in sorted(S.table(f"load_table.{nat.id.split('.', 1)[1]}"), key=lambda r: int(r["crate_at_least"]))
                ]
                load_choices[top] = tuple(order[: order.index(top) + 1])
    fifty = sorted(_expand(S.records("card.fifty_hundred")), key=lambda r: int(r[1]["stack_position"]))

    # rules' numbers ------------------------------------------------------------
    gold_rule = S.params("land.gold_substitute")
    gold_in = frozenset(gold_rule["gold_substitute_in"] if gold_rule["gold_substitute_allowed"] else ())
    move_back = S.params("frame_markers.move_back")
    timing = S.params("frame_markers.timing")
    fifty_rule = S.params("end_phase.fifty_hundred")
    refill = S.params("actions.deliver.refill")
    antwerp = S.params("actions.deliver.antwerp")
    advance = S.params("end_phase.island_scoring.sequence")
    city_advance = S.params("end_phase.city_scoring.sequence")
    neutral = S.params("two_players.neutral_markers")
    neutral_majority = S.params("two_players.neutral_majority")
    new_england = S.params("actions.settle.new_england")
    track = S.area("track.score")["attributes"]
    cartography = {int(r["players"]): int(r["island_tiles"]) for r in S.table("cartography_chart")}
    ship_limits = tuple(
        tuple(sum(sh.cost) if g == gold and "build_ships" in gold_in else k for g, k in enumerate(sh.cost)) for sh in ships
    )
    p: dict[str, Any] = {
        "rounds": int(S.param("end_of_game.rounds", "rounds")),
        "income": vec_params(S.params("land.income"), ""),
        "shipyards": int(S.param("land.harbour_expansion.shipyard", "starting_shipyards")),
        "shipyard_expansion_yards": int(S.param("land.harbour_expansion.shipyard", "extra_shipyards")),
        "shipyard_expansion_cost": vec_params(S.params("land.harbour_expansion.shipyard"), "cost_"),
        "small_ship_cost": small_cost,
        "large_ship_points": int(S.param("land.build_ships.large_points", "points")),
        "market_small": int(S.param("land.market_refill", "small_market_spaces")),
        "market_large": int(S.param("land.market_refill", "large_market_spaces")),
        "gold_substitute_in": gold_in,
        "frame_back": int(move_back["move_back_max"]),
        "frame_back_min": int(move_back["move_back_min"]),
        "frame_blocking_on": S.param("frame_markers.blocking", "stops") == "on_occupied_space",
        # what of each good a ship's cost could use (gold: all of it, where gold may replace goods when building)
        "ship_limits": ship_limits,
        # the ``discard`` argument of a build action, per ship (a full harbour names the ship it gives up)
        "discard_args": tuple((("discard", sh.id),) for sh in ships),
        "card_is_charter": tuple(c.ship is not None for c in cards),
        # goods a ship's cost spends in all (every payment spends exactly that many): a quick affordability test
        "ship_totals": tuple(sum(sh.cost) for sh in ships),
        # goods a contract asks for in all (every payment spends exactly that many)
        "contract_totals": tuple(sum(c.goods) for c in contracts),
        "large_market_hidden": S.param("setup.large_ships", "large_ship_market_face") == "back",
        "large_market_spaces": tuple(sid for sid, _ in S.area("market.large_ships")["spaces"]),
        "tile_spots": int(gen.components.COMPONENTS["tile.island"]["attributes"]["marker_spaces"]),
        "frame_goods_taken": int(S.param("frame_markers.goods", "goods_taken")),
        "expansion_markers": int(S.param("land.harbour_expansion.shipyard", "markers")),
        "load_goods": int(S.param("actions.load", "goods_taken")),
        "cards_kept": int(S.param("actions.load.cards", "cards_kept")),
        "city_markers_per_contract": int(S.param("actions.deliver.city_markers", "markers_per_contract")),
        "discover_markers": int(S.param("actions.discover.marker", "markers")),
        "cartography_compass": int(S.param("end_phase.cartography", "compass_tiles")),
        "frame_pass_occupied": bool(S.param("frame_markers.blocking", "may_pass_occupied")),
        "charter_discard_after_action": bool(S.param("planning.charter_ships", "discarded_after_action")),
        "objective_only_if_met": bool(S.param("end_phase.objectives", "only_if_condition_met")),
        "frame_immediate": timing["resolve_timing"] == "immediately",
        "frame_trigger_on_start": bool(timing["triggers_when_starting_on"]),
        "frame_every_lap": bool(S.param("frame_markers.once_per_player", "counts_on_later_laps")),
        # en: a player "may" take the reward of a frame marker reached, so declining (skip) is a legal move
        "frame_reward_optional": bool(S.param("frame_markers.choose", "reward_optional")),
        "frame_removal_passed": S.param("frame_markers.removal", "removal_condition") == "all_players_passed",
        "frame_min_space": int(track["start_space"]) + 1,
        "frame_goods": vec(S.area("board.goods_space")["attributes"]["goods_at_setup"]),
        "track_length": int(track["lap_length"]),
        "fifty_at": int(fifty_rule["first_threshold"]),
        "hundred_at": int(fifty_rule["second_threshold"]),
        "fifty_on_reaching": bool(fifty_rule["trigger_on_reaching"]),
        "new_england_points": int(new_england["points_per_unit"]),
        "contract_refill_immediate": refill["refill_timing"] == "after_each_contract",
        "antwerp_points": int(antwerp["points_per_good"]),
        "antwerp_crate_limited": bool(antwerp["limited_by_crate_value"]),
        "island_cube_points": int(S.param("end_phase.island_scoring", "points_per_marker")),
        "city_cube_points": int(S.param("end_phase.city_scoring", "points_per_marker")),
        "island_scoring_totalled": advance["advance_per"] == "whole_step",
        "city_scoring_totalled": city_advance["advance_per"] == "whole_step",
        "cartography": cartography,
        "neutral_players": int(neutral["players"]),
        "neutral_cubes": int(neutral["markers_per_tile"]),
        "neutral_second_place": bool(neutral_majority["counts_for_second_place"]),
        "island_tie_next_second": S.param("end_phase.island_scoring.ties", "tie_first_others") == "next_most_second_bonus",
        "city_tie_next_second": S.param("end_phase.city_scoring.ties", "tie_first_others") == "next_most_second_bonus",
        "objective_free": int(S.param("end_phase.objective_cost", "free_per_round")),
        "objective_cost": int(S.param("end_phase.objective_cost", "extra_cost_goods")),
        "final_cube_points": int(S.param("end_of_game.final_scoring", "points_per_unscored_marker")),
        "final_card_points": int(S.param("end_of_game.final_scoring.cards", "points_per_one_x_card")),
        "final_objective_points": int(S.param("end_of_game.final_scoring.cards", "points_per_objective_card")),
        "tiebreak_goods": S.param("end_of_game.tie_break", "tie_break") == "most_goods",
        "goods_cards_playable": bool(S.param("actions.load.card_play", "goods_cards_playable")),
        "england_min_draw": england_min_draw,
        "captain_land_goods": land_gold,
        "load_choices": load_choices,
        "start_goods": tuple(int(S.param("setup.goods", "starting_iron")) if g == "iron" else 0 for g in short),
        "setup_compass_per_player": int(S.param("setup.islands", "compass_per_player")),
        "setup_space_choice": S.param("setup.islands", "setup_island_space_choice") == "placer",
        "setup_misfit_to_storage": S.param("setup.islands", "unfit_island_tile") == "storage_board",
        "unused_start_ships_in_stack": S.param("setup.small_ships", "unused_starting_ships") == "draw_stack",
        "open_contracts": int(S.param("setup.contracts", "open_contracts")),
        "objective_stack_size": int(S.param("setup.objectives", "cards_per_stack")),
    }
    objective_stacks = len(stacks)
    return Tables(
        players=config.players,
        goods=goods,
        gold=gold,
        actions=actions,
        ships=tuple(ships),
        cards=tuple(cards),
        islands=tuple(islands),
        island_spaces=tuple(spaces),
        island_tiles=tuple(tiles),
        cities=tuple(cities),
        contract_slots=slots,
        contracts=tuple(contracts),
        compass=compass,
        frames=tuple(frames),
        objectives=tuple(objectives),
        objective_stacks=objective_stacks,
        captains=tuple(captains),
        nations=tuple(nations),
        fifty_cards=tuple((int(a["bonus_50"]), int(a["bonus_100"])) for _, a in fifty),
        ship_index=ship_index,
        card_index=card_index,
        space_index={s.id: i for i, s in enumerate(spaces)},
        island_tile_index={t.id: i for i, t in enumerate(tiles)},
        objective_index={o.id: i for i, o in enumerate(objectives)},
        captain_index={c.id: i for i, c in enumerate(captains)},
        compass_tiles=tuple(_Named(rid) for rid, _ in compass_tiles),
        readings=S.readings,
        **p,
    )


class _Named:
    """A bare id holder (compass tiles have no other engine-relevant data)."""

    __slots__ = ("id",)

    def __init__(self, ident: str) -> None:
        self.id = ident

    def __repr__(self) -> str:
        return f"_Named({self.id!r})"
