"""The Francis Drake spec checked against the rulebook's own facts.

Counts are parsed from the rulebook's component list rather than copied from the spec; the scoring charts, the
treasure values and the worked examples (Veracruz, the Galleon of Example 10) are checked by computing what the
spec's data gives for them. Structural checks tie the parts of the spec together: each set of Location Tiles
covers the street's tiled Locations once, the rules' stated amounts match the tile records, the stock of
treasure and commodities matches what the board hands out over the voyages.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from itertools import product
from typing import Any

import pytest

from rulespec.model import Spec, load_spec
from translations.sources.citations import find_all
from translations.sources.editions import read_source
from translations.sources.trace import coverage

GAME = "francis_drake"


@cache
def spec() -> Spec:
    return load_spec(GAME)


@cache
def source() -> str:
    return read_source(spec(), "en")


def stated_count(pattern: str) -> int:
    """The number the rulebook's text gives in front of ``pattern`` (first match, whitespace-tolerant)."""
    match = re.search(r"(\d+)\s+" + pattern, source())
    assert match, f"rulebook does not state a count for {pattern!r}"
    return int(match.group(1))


# ---- components -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("component", "pattern"),
    [
        ("board", r"Game Board"),
        ("voyage_marker", r"Voyage Marker"),
        ("frigates", r"Frigates and"),
        ("galleons", r"Galleons\n"),
        ("ship_logs", r"Ship Logs"),
        ("treasure_chests", r"Treasure Chests"),
        ("mission_discs", r"Mission Discs:"),
        ("player_discs", r"Player Discs:"),
        ("player_cubes", r"Player Cubes:"),
        ("scoring_markers", r"Player Scoring Markers"),
        ("investor_tiles", r"Investor Tiles"),
        ("plymouth_harbor_chart", r"Plymouth Harbor Chart"),
        ("spanish_troop_counters", r"Spanish Troop Counters"),
        ("spanish_frigate_counters", r"Spanish Frigate Counters"),
        ("spanish_galleon_counters", r"Spanish Galleon Counters"),
        ("governor_counter", r"Governor Counter"),
        ("admiral_counter", r"Admiral Counter"),
        ("informer_counter", r"Informer Counter"),
        ("pinnace_counters", r"Pinnace Counters"),
        ("commodities.indigo", r"Indigo"),
        ("commodities.sugar", r"Sugar"),
        ("commodities.coffee", r"Coffee"),
        ("commodities.tobacco", r"Tobacco"),
        ("crew", r"Crew \(grey\)"),
        ("guns", r"Guns \(black\)"),
        ("trade_goods", r"Trade Goods \(purple\)"),
        ("supplies", r"Supplies \(barrels\)"),
        ("treasure.gold", r"Gold"),
        ("treasure.silver", r"Silver"),
        ("treasure.jewels", r"Jewels"),
        ("die", r"Die"),
    ],
)
def test_component_counts_match_the_component_list(component: str, pattern: str) -> None:
    assert spec().components[component].count == stated_count(pattern)


def test_location_tiles_are_three_sets_of_sixteen() -> None:
    match = re.search(r"(\d+) Sets of (\d+) Location Tiles: (\d+), (\d+) and (\d+) Player sets", source())
    assert match
    sets, per_set = int(match.group(1)), int(match.group(2))
    players = sorted(int(match.group(i)) for i in (3, 4, 5))
    s = spec()
    assert s.components["location_tiles"].count == sets * per_set
    parts = [c for c in s.components.values() if c.part_of == "location_tiles"]
    assert sorted(c.attributes["players"] for c in parts) == players
    for part in parts:
        records = s.records_of(part.id)
        assert sum(r.count for r in records) == per_set == part.count
    assert (s.players_min, s.players_max) == (players[0], players[-1])


def test_parts_add_up_to_their_whole() -> None:
    s = spec()
    for whole in ("commodities", "treasure"):
        parts = [c.count for c in s.components.values() if c.part_of == whole]
        assert sum(parts) == s.components[whole].count


def test_per_player_pieces_fit_the_most_players() -> None:
    """Each piece a player takes at setup exists once per color for the largest game."""
    s = spec()
    setup = s.rule("setup.player_pieces").params
    for param, component in [
        ("frigates", "frigates"),
        ("galleons", "galleons"),
        ("mission_discs", "mission_discs"),
        ("player_discs", "player_discs"),
        ("player_cubes", "player_cubes"),
        ("scoring_markers", "scoring_markers"),
        ("ship_logs", "ship_logs"),
        ("treasure_chests", "treasure_chests"),
        ("investor_tiles", "investor_tiles"),
    ]:
        assert setup[param] * s.players_max == s.components[component].count, param


def test_mission_discs_per_color_are_four_numbered_plus_golden_hind_and_ghost_ship() -> None:
    s = spec()
    records = s.records_of("mission_discs")
    colors = s.players_max
    assert all(r.count == colors for r in records)
    numbered = sorted(r.attributes["number"] for r in records if "special" not in r.attributes)
    assert numbered == list(range(1, s.param("sailing.sail.mission_discs", "numbered_discs") + 1))
    assert {r.attributes.get("special") for r in records} >= {"golden_hind", "ghost_ship"}
    assert len(records) == s.components["mission_discs"].attributes["per_color"]


def test_spanish_counter_values_are_the_stated_ones() -> None:
    s = spec()
    troops = re.search(r"on the Counter \(either ([\d, or]+)\)", source())
    frigates = re.search(r"on the Frigate \(either ([\d, or]+)\)", source())
    assert troops and frigates

    def values(text: str) -> list[int]:
        return sorted(int(v) for v in re.findall(r"\d", text))

    troop_faces = sorted(r.attributes["extra_troops"] for r in s.records_of("spanish_troop_counters") for _ in range(r.count))
    frigate_faces = sorted(r.attributes["extra_guns"] for r in s.records_of("spanish_frigate_counters") for _ in range(r.count))
    assert troop_faces == values(troops.group(1))
    assert frigate_faces == values(frigates.group(1))
    assert s.param("provisioning.location.governor", "troop_counter_values") == troop_faces
    assert s.param("provisioning.location.admiral", "frigate_counter_values") == frigate_faces


# ---- scoring ----------------------------------------------------------------------------------------------


def test_voyage_scoring_is_1_4_10() -> None:
    s = spec()
    table = {row["types_attacked"]: row["vp"] for row in s.tables["table.voyage_scoring"].as_dicts()}
    assert table == {1: 1, 2: 4, 3: 10}
    rule = s.rule("sailing.score_voyage").params
    assert [rule["one_type_vp"], rule["two_types_vp"], rule["three_types_vp"]] == [table[1], table[2], table[3]]
    assert rule["vp_by_types"][1:] == [table[1], table[2], table[3]]
    assert len(s.areas["chart.types_of_conquests"].attributes["sections"]) == max(table)


def test_commodity_sets_are_26_16_8_2() -> None:
    s = spec()
    table = {row["different_commodities"]: row["vp"] for row in s.tables["table.commodity_sets"].as_dicts()}
    assert table == {4: 26, 3: 16, 2: 8, 1: 2}
    assert s.param("end.commodities", "vp_by_set_size")[1:] == [table[1], table[2], table[3], table[4]]
    assert max(table) == len(s.components["commodities"].attributes["types"])


def test_treasure_values_silver_3_gold_4_jewels_5() -> None:
    s = spec()
    table = {row["treasure"]: row["vp"] for row in s.tables["table.treasure_values"].as_dicts()}
    assert table == {"silver": 3, "gold": 4, "jewels": 5}
    rule = s.rule("end.treasure").params
    assert (rule["silver_vp"], rule["gold_vp"], rule["jewels_vp"]) == (table["silver"], table["gold"], table["jewels"])


def test_heros_bonus_and_start_score() -> None:
    s = spec()
    assert (s.param("sailing.heros_bonus", "first_vp"), s.param("sailing.heros_bonus", "second_vp")) == (2, 1)
    assert s.param("setup.scoring_markers", "start_vp") == 4 == s.areas["score_track"].attributes["start_vp"]
    assert s.param("provisioning.location.investor", "vp_cost") == 4 == s.areas["location.investor"].attributes["vp_cost"]


# ---- the worked examples ----------------------------------------------------------------------------------


def fort_costs(destination: str, pinnace: bool) -> set[tuple[int, int]]:
    """Every (crew, guns) a Fort can cost, one per face of the Spanish Troop Counters."""
    s = spec()
    fort = s.areas[destination].attributes
    faces = {r.attributes["extra_troops"] for r in s.records_of("spanish_troop_counters")}
    ignore = pinnace and s.param("sailing.attack.fort", "pinnace_ignores_guns")
    return {(fort["troops"] + extra, 0 if ignore else fort["guns"]) for extra in faces}


def test_example_9_veracruz_needs_4_crew_and_1_gun_or_4_crew_with_a_pinnace() -> None:
    assert (4, 1) in fort_costs("destination.veracruz", pinnace=False)
    assert (4, 0) in fort_costs("destination.veracruz", pinnace=True)
    veracruz = spec().areas["destination.veracruz"].attributes
    assert (veracruz["vp"], veracruz["treasure"], veracruz["type"]) == (5, "gold", "fort")


def test_example_10_a_galleon_can_need_4_guns_for_8_vp() -> None:
    s = spec()
    galleons = [r.attributes for r in s.records_of("spanish_galleon_counters")]
    frigates = {r.attributes["extra_guns"] for r in s.records_of("spanish_frigate_counters")}
    outcomes = {(g["guns"] + extra, g["vp"]) for g, extra in product(galleons, frigates)}
    assert (4, 8) in outcomes


def test_town_costs_one_crew() -> None:
    s = spec()
    towns = [a for a in s.areas.values() if a.attributes.get("type") == "town"]
    assert towns
    for town in towns:
        assert town.attributes["troops"] * s.param("sailing.resolve.cost", "crew_per_troop") == s.param(
            "sailing.attack.town", "crew"
        )


def test_example_3_governor_swap_gives_green_red_yellow_blue() -> None:
    """Example 3: before the swap Yellow is behind Blue; the Governor moves up by the stated number of places."""
    order = ["Green", "Red", "Blue", "Yellow"]
    places = spec().param("sailing.prepare.governor_swap", "places")
    i = order.index("Yellow")
    j = max(i - places, 0)
    order[i], order[j] = order[j], order[i]
    assert order == ["Green", "Red", "Yellow", "Blue"]


def test_attack_limit_is_two() -> None:
    s = spec()
    assert (
        s.param("sailing.attack_limit", "max_successful_attacks")
        == 2
        == s.param("sailing.resolve.success", "max_successful_attacks")
    )


# ---- the board ---------------------------------------------------------------------------------------------


def test_plymouth_street_has_18_locations_from_crew_to_dockside() -> None:
    s = spec()
    street = s.areas["plymouth_street"]
    spaces = sorted(street.spaces, key=lambda sp: sp.attributes["position"])
    assert [sp.attributes["position"] for sp in spaces] == list(range(1, s.param("provisioning.street", "locations") + 1))
    printed = [sp.attributes["printed_location"] for sp in spaces]
    locations = {a.id for a in s.areas.values() if a.kind == "location"}
    assert sorted(printed) == sorted(locations)
    assert s.areas[printed[0]].concept == "crew_location"
    assert printed[-1] == "location.dockside"
    tiled = [sp for sp in spaces if sp.attributes["tile_slot"]]
    assert len(tiled) == street.attributes["tile_locations"] == s.param("reset.location_tiles", "tile_locations")
    assert {sp.attributes["printed_location"] for sp in spaces if not sp.attributes["tile_slot"]} == set(
        street.attributes["board_only_locations"]
    )


def test_each_tile_set_covers_the_tiled_locations_once() -> None:
    s = spec()
    tiled = {a.id for a in s.areas.values() if a.kind == "location" and a.attributes["on_tile"]}
    for part in ("location_tiles.p3", "location_tiles.p4", "location_tiles.p5"):
        locations = Counter(r.attributes["location"] for r in s.records_of(part))
        assert set(locations) == tiled and set(locations.values()) == {1}, part


def test_tiles_agree_with_their_location() -> None:
    s = spec()
    for record in s.records.values():
        if "location" not in record.attributes:
            continue
        area = s.areas[record.attributes["location"]].attributes
        assert record.attributes["circles"] == area["circles"] == len(record.attributes["circle_gives"]), record.id
        assert record.attributes["max_players"] == area["max_players"], record.id


def total_items(gives: list[dict[str, int]]) -> int:
    return sum(sum(bundle.values()) for bundle in gives)


def test_better_tile_of_each_pair_gives_more_and_comes_first() -> None:
    s = spec()
    positions = {sp.attributes["printed_location"]: sp.attributes["position"] for sp in s.areas["plymouth_street"].spaces}
    for item in s.param("setup.location_pairs", "paired_items"):
        better, lesser = f"location.{item}_1", f"location.{item}_2"
        assert s.areas[better].attributes["pair_rank"] < s.areas[lesser].attributes["pair_rank"]
        assert positions[better] < positions[lesser]
        for players in (3, 4, 5):
            tiles = {
                r.attributes["location"]: r
                for r in s.records.values()
                if r.attributes.get("players") == players and "location" in r.attributes
            }
            assert total_items(tiles[better].attributes["circle_gives"]) > total_items(tiles[lesser].attributes["circle_gives"])


def test_location_rules_match_the_tiles() -> None:
    """What the Locations section states (rule params) is what the tiles hand out."""
    s = spec()
    for players in (3, 4, 5):
        tiles = {
            r.attributes["location"].split(".", 1)[1]: r.attributes
            for r in s.records.values()
            if r.attributes.get("players") == players and "location" in r.attributes
        }
        shipyard = s.rule("provisioning.location.shipyard").params
        assert tiles["shipyard"]["circle_gives"] == [{"galleon": 1, "guns": shipyard["first_player_guns"]}, {"galleon": 1}]
        pinnace = s.rule("provisioning.location.pinnace").params
        assert tiles["pinnace"]["circle_gives"][0] == {
            "pinnace": pinnace["first_player_pinnaces"],
            "crew": pinnace["first_player_crew"],
        }
        drake = s.rule("provisioning.location.drake").params
        assert tiles["drake"]["discs_required"] == drake["discs_required"]
        assert tiles["drake"]["circle_gives"][-1] == {"crew": drake["crew"], "guns": drake["guns"]}
        assert tiles["drake"]["choice_of"] == [{item: drake["extra"]} for item in drake["extra_choice"]]
        queen = s.rule("provisioning.location.queen").params
        assert tiles["queen"]["circle_gives"] == [{"galleon": 1, "guns": queen["guns"], "trade_goods": queen["trade_goods"]}]
        tavern = s.rule("provisioning.location.tavern").params
        assert [c["tavern_roll_modifier"] for c in tiles["tavern"]["circle_gives"]] == [
            tavern["first_player_modifier"],
            tavern["second_player_modifier"],
        ]
        for loc in ("crew", "guns", "supplies"):
            assert tiles[f"{loc}_1"]["max_players"] == s.param(f"provisioning.location.{loc}", "max_players")
        assert tiles["admiral"]["circle_gives"][0]["spanish_frigate_counters"] == s.components["spanish_frigate_counters"].count
        assert tiles["governor"]["circle_gives"][0]["spanish_troop_counters"] == s.components["spanish_troop_counters"].count


def test_tavern_chart_gives_the_ghost_ship_on_1_or_2() -> None:
    s = spec()
    rows = s.tables["table.tavern"].as_dicts()
    ghost = sorted(row["roll"] for row in rows if row["ghost_ship"])
    assert ghost == s.param("provisioning.location.tavern", "ghost_ship_rolls") == [1, 2]
    assert all(row["crew"] == 0 for row in rows if row["ghost_ship"])
    highest = s.components["die"].attributes["sides"] + s.param("provisioning.location.tavern", "first_player_modifier")
    assert sorted(row["roll"] for row in rows) == list(range(1, highest + 1))


def destinations(kind: str) -> list[dict[str, Any]]:
    return [a.attributes for a in spec().areas.values() if a.attributes.get("type") == kind]


def test_map_holds_the_stated_destinations() -> None:
    s = spec()
    caribbean = s.areas["caribbean"].attributes
    for kind, key in (("town", "towns"), ("fort", "forts"), ("galleon", "galleons"), ("trade_port", "trade_ports")):
        assert len(destinations(kind)) == caribbean[key], kind
    assert (
        len(destinations("fort")) == s.param("sailing.prepare.governor", "forts") == s.components["spanish_troop_counters"].count
    )
    assert (
        len(destinations("galleon"))
        == s.components["spanish_galleon_counters"].count
        == s.components["spanish_frigate_counters"].count
    )
    zones = {a["zone"] for kind in ("town", "fort", "galleon", "trade_port") for a in destinations(kind)}
    assert zones == set(range(1, caribbean["zones"] + 1))
    assert s.param("sailing.prepare.navigation", "max_marker") == caribbean["zones"]
    for kind in ("town", "fort", "galleon", "trade_port"):
        assert all(a["circles"] in (2, 3) for a in destinations(kind))


def test_treasure_stock_lasts_exactly_three_voyages() -> None:
    s = spec()
    voyages = s.param("game.voyages", "voyages")
    prepare = s.rule("sailing.prepare.treasure").params
    for treasure, placed in (("gold", prepare["gold"]), ("silver", prepare["silver"]), ("jewels", prepare["jewels"])):
        carriers = [a for kind in ("town", "fort", "galleon") for a in destinations(kind) if a.get("treasure") == treasure]
        assert len(carriers) == placed, treasure
        assert placed * voyages == s.components[f"treasure.{treasure}"].count, treasure
    for metal in ("gold", "silver"):
        assert len([a for a in destinations("town") if a["treasure"] == metal]) == prepare[f"{metal}_towns"]
        assert len([a for a in destinations("fort") if a["treasure"] == metal]) == prepare[f"{metal}_forts"]


def test_commodity_stock_lasts_exactly_three_voyages() -> None:
    s = spec()
    voyages = s.param("game.voyages", "voyages")
    per_icon = s.param("setup.trade_ports", "per_icon")
    shown = Counter(c for port in destinations("trade_port") for c in port["commodities"])
    for commodity in s.components["commodities"].attributes["types"]:
        assert shown[commodity] * per_icon * voyages == s.components[f"commodities.{commodity}"].count, commodity
    for port in destinations("trade_port"):
        assert len(port["commodities"]) <= port["circles"]


# ---- glossary, summaries, citations -------------------------------------------------------------------------


def test_glossary_has_en_de_nl_for_every_concept() -> None:
    s = spec()
    for concept in s.concepts.values():
        assert set(concept.terms) >= {"en", "de", "nl"}, concept.id
        assert not concept.terms["en"].project_translation, concept.id
        assert concept.terms["de"].project_translation and concept.terms["nl"].project_translation, concept.id
        assert concept.terms["de"].gender in {"m", "f", "n"} and concept.terms["nl"].gender in {"c", "n"}, concept.id


def test_english_terms_occur_in_the_rulebook() -> None:
    text = source()
    missing = [
        c.id
        for c in spec().concepts.values()
        if not any(find_all(text, t) for t in [c.terms["en"].term, *c.terms["en"].variants])
    ]
    assert missing == []


SLOT = re.compile(r"\{(terms?):([a-z_]+)\}|\{([a-z_][a-z0-9_]*)\}")


def test_summaries_use_only_known_params_and_terms_and_no_numbers() -> None:
    s = spec()
    for rule in [*s.rules.values(), *s.setup]:
        for match in SLOT.finditer(rule.summary):
            if match.group(2):
                assert match.group(2) in s.concepts, (rule.id, match.group(0))
            else:
                assert match.group(3) in rule.params, (rule.id, match.group(0))
        assert not re.search(r"\d", SLOT.sub("", rule.summary)), rule.id


def test_every_citation_is_unique_in_the_source() -> None:
    """A quote that occurs twice could point at the wrong passage (citations resolve to the first one)."""
    text = source()
    quotes: list[str] = []

    def collect(citation: Any) -> None:
        if isinstance(citation, str):
            quotes.append(citation)
        elif isinstance(citation, list):
            for c in citation:
                collect(c)
        elif isinstance(citation, dict) and "quote" in citation:
            quotes.append(citation["quote"])

    s = spec()
    items: list[Any] = [
        *s.components.values(),
        *s.records.values(),
        *s.areas.values(),
        *s.tables.values(),
        *s.rules.values(),
        *s.setup,
    ]
    for item in items:
        for citation in item.citations.values():
            collect(citation)
    assert quotes
    ambiguous = [q for q in quotes if len(find_all(text, q)) != 1]
    assert ambiguous == []


def test_trace_covers_at_least_95_percent() -> None:
    (result,) = coverage(spec(), {"en": source()})
    assert result.ratio >= 0.95, [u[2] for u in result.uncovered]


# ---- more worked examples, computed from the spec's params ---------------------------------------------------


def test_example_4_navigation_marker_is_the_supplies_count_capped() -> None:
    s = spec()
    cap = s.param("sailing.prepare.navigation", "max_marker")
    per_zone = s.param("provisioning.location.supplies", "supplies_per_zone")
    assert min(3 // per_zone, cap) == 3 and min(2 // per_zone, cap) == 2  # Green 3 Supplies, Yellow 2
    assert min(6 // per_zone, cap) == cap == 4


def test_example_6a_and_8_arrival_order_at_cartagena() -> None:
    """Discs sort by number, ties by the Sailing Order of Example 3; Yellow's 2 would come third, his 1 second."""
    s = spec()
    assert s.param("sailing.mission_order", "tie_break") == "sailing_order"
    sailing = ["Green", "Red", "Yellow", "Blue"]

    def arrival(discs: list[tuple[str, int]]) -> list[tuple[str, int]]:
        return sorted(discs, key=lambda d: (d[1], sailing.index(d[0])))

    before = arrival([("Red", 1), ("Blue", 1), ("Yellow", 2)])
    assert before.index(("Yellow", 2)) == 2
    after = arrival([("Red", 1), ("Blue", 1), ("Yellow", 1)])
    limit = s.param("sailing.attack_limit", "max_successful_attacks")
    assert after[:limit] == [("Red", 1), ("Yellow", 1)] and after[limit:] == [("Blue", 1)]


def test_example_12_heros_bonus_goes_to_green_then_blue() -> None:
    s = spec()
    rule = s.rule("sailing.heros_bonus").params
    assert rule["ranked_among"] == "early_returners"
    bonus = [rule["first_vp"], rule["second_vp"]]
    # (player, last mission done, successful attacks) in the order they reach the Homebound Docks
    returns = [("Green", 3, 1), ("Blue", 3, 1), ("Red", 4, 1), ("Yellow", 4, 1)]
    early = [(p, hits) for p, last, hits in returns if last < rule["early_before_mission"]]
    paid = {p: bonus[i] for i, (p, hits) in enumerate(early[: len(bonus)]) if hits >= rule["min_successful_attacks"]}
    assert paid == {"Green": 2, "Blue": 1}
