"""Rule checks of Race to the New Found Land: objective cards, captains and the nations' unique expansions (the
supplement of en and nl)."""

from __future__ import annotations

from engine.race_to_the_new_found_land import state as st
from engine.race_to_the_new_found_land.scenario import Scenario
from rulechecks.rulebook import RNFL, rulebook

RED, YELLOW, BLUE = 0, 1, 2


def points(sc: Scenario, p: int, card: str) -> int:
    return sc.state.objective_points(p, sc.T.objective_index[f"card.objective.{card}"])


def tiers(sc: Scenario, card: str) -> tuple[tuple[int, int], ...]:
    return sc.T.objectives[sc.T.objective_index[f"card.objective.{card}"]].tiers


# --------------------------------------------------------------------------- objective cards


@rulebook(RNFL, "objectives.general", {
    "en": "All Objective Cards have the same basic structure, and can only be resolved during the "
          "Final Phase of",
})
def test_objectives_are_not_resolved_outside_the_end_phase() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.goods(RED, iron=2)
    sc.objectives(RED, "card.objective.goods_iron")
    sc.run("land")
    assert points(sc, RED, "goods_iron") > 0
    assert not [a for a in sc.state.legal_actions() if a.kind == "objective"]


@rulebook(RNFL, "objectives.general", {
    "en": "To resolve an Objective Card, you must meet (or exceed) either the top or bottom "
          "condition",
})
def test_the_better_condition_met_gives_its_points() -> None:
    sc = Scenario(3).clear()
    (low, low_points), (high, high_points) = tiers(sc, "island_markers")
    sc.fill_island("island.newfoundland", {RED: low})
    assert points(sc, RED, "island_markers") == low_points
    sc.fill_island("island.newfoundland", {RED: high})
    assert points(sc, RED, "island_markers") == high_points
    sc.fill_island("island.newfoundland", {RED: low - 1})
    assert points(sc, RED, "island_markers") == 0


@rulebook(RNFL, "objectives.goods", {
    "en": "You only have to have the indicated Goods, you do not have to give them up. Gold cannot "
          "be used as other Goods.",
})
def test_gold_does_not_count_for_a_goods_objective() -> None:
    sc = Scenario(3).clear()
    (count, _), = tiers(sc, "goods_iron")
    sc.goods(RED, iron=count - 1, gold=5)
    assert points(sc, RED, "goods_iron") == 0
    sc.goods(RED, iron=count)
    assert points(sc, RED, "goods_iron") > 0


@rulebook(RNFL, "objectives.ship_symbols", {
    "en": "Note: Symbols on Charter Ships, Captains and Expansions do not count toward resolving "
          "this Objective Card.",
})
def test_charter_ships_and_captains_add_no_symbols() -> None:
    sc = Scenario(3).clear()
    sc.ships(RED, "ship.large.l01", "ship.large.l02", "ship.small.regular.s02")
    sails = sum(sc.T.ships[sc.T.ship_index[s]].sail for s in ("ship.large.l01", "ship.large.l02", "ship.small.regular.s02"))
    card = sc.T.objective_index["card.objective.ship_symbol_sail"]
    assert sc.state.objective_value(RED, card) == sails
    sc.cards(RED, "card.charter_ship.h1", "card.charter_ship.h2")
    sc.captain(RED, "card.captain.magellan")
    sc.nation(RED, "nation.netherlands").expand(RED, nation=True)
    assert sc.state.objective_value(RED, card) == sails


@rulebook(RNFL, "objectives.ships", {
    "en": "To resolve 1 of these Objective Cards, you must have at least the indicated number of "
          "Small or Large Ships (depending on the card) on your Player Board.",
})
def test_ship_count_objectives_count_small_and_large_apart() -> None:
    sc = Scenario(3).clear()
    sc.ships(RED, "ship.small.regular.s01", "ship.small.regular.s02", "ship.small.regular.s03", "ship.large.l01")
    small = sc.T.objective_index["card.objective.ship_count_small"]
    large = sc.T.objective_index["card.objective.ship_count_large"]
    assert sc.state.objective_value(RED, small) == 3 and sc.state.objective_value(RED, large) == 1


@rulebook(RNFL, "objectives.city_markers", {
    "en": "To resolve this Objective Card, you must have placed at least 3 or 4 Marker Cubes in 1 "
          "or more cities.",
})
def test_markers_in_cities_count_over_all_cities() -> None:
    sc = Scenario(3).clear()
    sc.city("city.stockholm", [RED, RED, BLUE])
    sc.city("city.venice", [RED])
    assert tiers(sc, "city_markers")[0][0] == 3
    assert points(sc, RED, "city_markers") == tiers(sc, "city_markers")[0][1]


@rulebook(RNFL, "objectives.scored_cities", {
    "en": "To resolve this Objective Card, you must have placed at least 1 Marker Cube in 1 or 2 "
          "scored cities.",
})
def test_only_scored_cities_count() -> None:
    sc = Scenario(3).clear()
    sc.city("city.stockholm", [RED, BLUE, BLUE, BLUE, BLUE])
    sc.city("city.hamburg", [RED])
    assert points(sc, RED, "scored_cities") == 0
    sc.state.city_scored[0] = True
    assert points(sc, RED, "scored_cities") == tiers(sc, "scored_cities")[0][1]


@rulebook(RNFL, "objectives.island_markers", {
    "en": "To resolve this Objective Card, you must have placed at least 6 or 9 Marker Cubes on "
          "any 1 island.",
})
def test_island_markers_count_on_one_island_only() -> None:
    sc = Scenario(3).clear()
    sc.fill_island("island.newfoundland", {RED: 5})
    sc.fill_island("island.nova_scotia", {RED: 5})
    assert points(sc, RED, "island_markers") == 0  # 10 in all, but 5 on each


@rulebook(RNFL, "objectives.scored_islands", {"en": "Green receives 13 points when resolving this Objective Card."})
def test_the_scored_islands_example_13_points() -> None:
    sc = Scenario(3).clear()
    sc.fill_island("island.newfoundland", {RED: 8})
    sc.fill_island("island.prince_edward_island", {RED: 6})
    sc.state.island_scored[0] = sc.state.island_scored[3] = True
    assert points(sc, RED, "scored_islands") == 13


@rulebook(RNFL, "objectives.islands_total", {
    "en": "To resolve this Objective Card, you must have placed at least 10 or 15 Marker Cubes on "
          "1 or more islands.",
})
def test_islands_total_adds_up_every_island() -> None:
    sc = Scenario(3).clear()
    sc.fill_island("island.newfoundland", {RED: 5})
    sc.fill_island("island.nova_scotia", {RED: 5})
    assert points(sc, RED, "islands_total") == tiers(sc, "islands_total")[0][1]


# --------------------------------------------------------------------------- captains


@rulebook(RNFL, "captains.columbus", {
    "en": "With Christopher Columbus, you may place 1 additional Island Tile from those you have "
          "drawn during the Discover action.",
})
def test_columbus_places_one_more_tile() -> None:
    sc = Scenario(3).clear().captain(BLUE, "card.captain.columbus")
    sc.assign(BLUE, "discover", "ship.large.l06")  # one ship
    sc.run("discover", BLUE)
    sc.play(sc.state.legal_actions()[0])
    assert not sc.finished and "done" in {a.kind for a in sc.state.legal_actions()}  # the extra one is optional
    sc.play(next(a for a in sc.state.legal_actions() if a.kind == "place"))
    assert sc.state.cubes_placed[BLUE] == 2


@rulebook(RNFL, "captains.magellan", {"en": "When assigning Ships, Magellan increases the sail value of 1 Ship by 7."})
def test_magellan_adds_seven_sail_to_one_ship() -> None:
    sc = Scenario(3).clear().captain(RED, "card.captain.magellan")
    sc.nation(RED, "nation.portugal")
    sc.assign(RED, "load", "ship.small.regular.s04", captain="card.captain.magellan")  # sail 2
    assert sc.state.sail_total(RED, st.A_LOAD) == 2 + 7


@rulebook(RNFL, "captains.cortes", {"en": "When you take Hernán Cortés, you"})
def test_cortes_gives_gold_at_once_and_every_land_phase() -> None:
    sc = Scenario(3).clear()
    sc.state.score[RED] = 14
    sc.state.gain(RED, 1)
    sc.run("end_turn", RED)
    sc.play("frame:captain=card.captain.cortes")
    gold = sc.T.gold
    assert sc.state.goods[RED][gold] == 1
    sc.start_player(RED)
    sc.run("land")
    assert sc.state.goods[RED][gold] == 2


@rulebook(RNFL, "captains.da_gama", {
    "en": "When assigning Ships, da Gama increases the crate value of 1 Ship by 3 (for either the "
          "Load or Deliver action).",
})
def test_da_gama_adds_three_crates() -> None:
    sc = Scenario(3).clear().captain(RED, "card.captain.da_gama")
    sc.assign(RED, "load", "ship.small.regular.s04", captain="card.captain.da_gama")  # crate 2 → 5
    entry = sc.state.assigned[RED][st.A_LOAD][0]
    assert sc.state.crate_of(RED, st.A_LOAD, entry) == sc.T.ships[sc.T.ship_index["ship.small.regular.s04"]].crate + 3


@rulebook(RNFL, "captains.drake", {
    "en": "With Sir Francis Drake, you have 1 additional Shipyard in which you may place a Ship "
          "Tile when building Ships.",
})
def test_drake_gives_one_more_shipyard() -> None:
    sc = Scenario(3).clear()
    base = sc.state.capacity(RED)
    sc.captain(RED, "card.captain.drake")
    assert sc.state.capacity(RED) == base + 1


# --------------------------------------------------------------------------- nation expansions


@rulebook(RNFL, "land.harbour_expansion.nation", {
    "en-zman": "The purchase cost of this upgrade is shown on the player sheet next to the upgrade.",
})
def test_the_nations_expansion_costs_its_printed_goods() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.nation(RED, "nation.france")
    cost = sc.state.nat(RED).expansion_cost
    sc.goods(RED, **{g.split(".")[1]: k for g, k in zip(sc.T.goods, cost, strict=True)})
    sc.run("land")
    own = [a for a in sc.state.legal_actions() if a.kind == "expand" and a.get("what") != "shipyard"]
    assert own
    before = list(sc.state.goods[RED])
    sc.play(own[0])
    assert sc.state.exp_nation[RED] and sum(before) - sum(sc.state.goods[RED]) == sum(cost)


@rulebook(RNFL, "expansions.portugal", {"nl": "maximaal 5 schepen bezitten in plaats van 4"})
def test_portugal_fully_expanded_holds_five_ships() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.portugal").expand(RED, shipyard=True, nation=True)
    assert sc.state.capacity(RED) == 5


@rulebook(RNFL, "expansions.spain", {
    "en": "you may place an additional Marker Cube on 1 of the 2 cube spaces on an already-placed "
          "Island Tile",
})
def test_spain_settles_an_extra_cube() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.spain").expand(RED, nation=True)
    sc.tile("island.newfoundland.s1", "tile.island.t01")
    sc.assign(RED, "settle", "ship.small.regular.s02")
    sc.run("settle", RED)
    sc.play("settle:space=island.newfoundland.s1,spot=0,bonus=1")
    assert sc.state.stage == st.SPAIN
    sc.play(next(a for a in sc.state.legal_actions() if a.kind == "settle"))
    assert sc.state.cubes_placed[RED] == 2


@rulebook(RNFL, "expansions.france", {
    "en": "you receive an additional 3 points for each Contract you fulfill when performing the "
          "Deliver action.",
})
def test_france_scores_three_more_per_contract() -> None:
    sc = Scenario(3).clear()
    sc.nation(YELLOW, "nation.france").expand(YELLOW, nation=True)
    sc.contract(3, "tile.contract.c01")
    sc.goods(YELLOW, wood=2)
    sc.assign(YELLOW, "deliver", "ship.small.regular.s01")
    sc.run("deliver", YELLOW)
    contract = sc.T.contracts[sc.state.contracts[3]]
    sc.play("contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]")
    assert sc.state.score[YELLOW] == contract.points + 3


@rulebook(RNFL, "expansions.netherlands", {
    "en": "your sail value is increased by 2 when determining turn order for any action (Load, "
          "Settle, Deliver or Discover).",
})
def test_the_netherlands_sail_two_faster() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.netherlands").expand(RED, nation=True)
    sc.assign(RED, "discover", "ship.small.regular.s04")  # sail 2
    assert sc.state.sail_total(RED, st.A_DISCOVER) == 2 + 2


@rulebook(RNFL, "expansions.england", {
    "en": "you may keep 1 additional “1x” Card when performing the Load action (if you draw at "
          "least 2 cards).",
})
def test_england_keeps_a_second_card_only_from_two_drawn() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.england").expand(RED, nation=True)
    sc.assign(RED, "load", "ship.small.regular.s03")  # crate 2
    sc.stack_cards("card.goods.g01", "card.goods.g08")
    sc.run("load", RED)
    sc.play("load:good=good.cloth", "keep:card=card.goods.g01", "keep:card=card.goods.g08")
    assert len(sc.state.cards[RED]) == 2
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.england").expand(RED, nation=True)
    one_crate = next(s.id for s in sc.T.ships if s.crate == 1 and not s.nation)
    sc.assign(RED, "load", one_crate)
    sc.run("load", RED)
    sc.resolve_rest()
    assert len(sc.state.cards[RED]) == 1
