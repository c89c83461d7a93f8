"""The rules half of the Race to the New Found Land spec, checked against the rulebooks' own facts.

Numbers are parsed from each edition's text (income, costs, move-back, rounds, points, thresholds) and compared
with the rule params the engine reads, so a param that drifts from the rulebook fails here. The worked examples
(Nova Scotia and Stockholm scorings, the final-scoring totals 76/82/85, the frame-marker move to space 4, the
load and discover draws) are recomputed from the params. Structural checks: every rule cites every edition,
every quote is found once, every ruling's readings set the same params as the rules they govern, summaries put
numbers only through params, and every sentence of the rules part of each edition is covered by trace.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

from rulespec.model import Spec, load_spec
from translations.sources.citations import find_all, quote_span, quotes_of
from translations.sources.editions import read_source
from translations.sources.trace import coverage

GAME = "race_to_the_new_found_land"
EDITIONS = ("en", "en-zman", "de", "nl")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "nine": 9}
#: Rule files owned by the rules half (the setup/components/glossary files are checked elsewhere).
RULE_FILES = re.compile(r"rules/\d\d_[a-z_]+\.yaml$|rulings/play\.yaml$|not_rules/rules\.yaml$")


@cache
def spec() -> Spec:
    return load_spec(GAME)


@cache
def raw(edition: str) -> str:
    return read_source(spec(), edition)


@cache
def flat(edition: str) -> str:
    """The edition's text with whitespace runs collapsed and PDF hyphenation (``-\\n`` + lower case) joined."""
    text = re.sub(r"-[ \t]*\n\s*(?=[a-zäöüß])", "", raw(edition))
    return re.sub(r"\s+", " ", text)


def stated(edition: str, pattern: str, group: int = 1) -> int:
    """The number the edition states in ``pattern`` (digits or an English number word)."""
    match = re.search(pattern, flat(edition))
    assert match, f"{edition} does not state {pattern!r}"
    word = match.group(group)
    return int(word) if word.isdigit() else WORDS[word.lower()]


def own_rules() -> list[Any]:
    return [r for r in spec().rules.values() if RULE_FILES.search(r.origin.file.replace("\\", "/"))]


# ---- numbers stated by the rulebooks --------------------------------------------------------------------

FACTS: list[tuple[str, str, str, str, int]] = [
    # (rule, param, edition, pattern, group)
    ("land.income", "cloth", "de", r"Du nimmst (\d+) Tuch und \d+ Holz", 1),
    ("land.income", "wood", "de", r"Du nimmst \d+ Tuch und (\d+) Holz", 1),
    ("land.income", "cloth", "en", r"Take (\d+) piece of Cloth", 1),
    ("land.income", "wood", "en", r"and (\d+) piece of Wood from the", 1),
    ("land.income", "cloth", "en-zman", r"Take (\w+) cloth and \w+ wood from the supply", 1),
    ("land.income", "wood", "en-zman", r"Take \w+ cloth and (\w+) wood from the supply", 1),
    ("land.income", "wood", "nl", r"dat uit (\d+) hout en \d+ doek bestaat", 1),
    ("land.income", "cloth", "nl", r"dat uit \d+ hout en (\d+) doek bestaat", 1),
    ("land.harbour_expansion.shipyard", "cost_cloth", "de", r"Dieser Ausbau kostet immer (\d+) Tuch und (\d+) Eisen", 1),
    ("land.harbour_expansion.shipyard", "cost_iron", "de", r"Dieser Ausbau kostet immer (\d+) Tuch und (\d+) Eisen", 2),
    ("land.harbour_expansion.shipyard", "cost_cloth", "en", r"always costs (\d+) Cloth and (\d+) Iron", 1),
    ("land.harbour_expansion.shipyard", "cost_iron", "en", r"always costs (\d+) Cloth and (\d+) Iron", 2),
    ("land.harbour_expansion.shipyard", "cost_cloth", "en-zman", r"spend (\w+) cloth and (\w+) iron", 1),
    ("land.harbour_expansion.shipyard", "cost_iron", "en-zman", r"spend (\w+) cloth and (\w+) iron", 2),
    ("land.harbour_expansion.shipyard", "cost_cloth", "nl", r"nieuwe werf, die (\d+) doek en (\d+) ijzer kost", 1),
    ("land.harbour_expansion.shipyard", "cost_iron", "nl", r"nieuwe werf, die (\d+) doek en (\d+) ijzer kost", 2),
    ("land.harbour_expansion.shipyard", "starting_shipyards", "en-zman", r"exactly like the (\w+) starting shipyards", 1),
    ("land.harbour_expansion", "options", "de", r"Jedes Spielertableau zeigt (\d+) Ausbaumöglichkeiten", 1),
    ("land.harbour_expansion", "options", "en-zman", r"Each player sheet has (\w+) upgrade options", 1),
    ("land.build_ships", "small_cost_wood", "de", r"Jedes kleine Schiff kostet (\d+) Holz und (\d+) Tuch", 1),
    ("land.build_ships", "small_cost_cloth", "de", r"Jedes kleine Schiff kostet (\d+) Holz und (\d+) Tuch", 2),
    ("land.build_ships", "small_cost_wood", "en", r"Each Small Ship costs (\d+) Wood and (\d+) Cloth", 1),
    ("land.build_ships", "small_cost_cloth", "en", r"Each Small Ship costs (\d+) Wood and (\d+) Cloth", 2),
    ("land.build_ships", "small_cost_wood", "nl", r"Een klein schip kost altijd (\d+) hout en (\d+) doek", 1),
    ("land.build_ships", "small_cost_cloth", "nl", r"Een klein schip kost altijd (\d+) hout en (\d+) doek", 2),
    ("land.build_ships.large_points", "points", "de", r"so bekommst du zusätzlich sofort (\d+) Punkte", 1),
    ("land.build_ships.large_points", "points", "en", r"you immediately earn (\d+) points", 1),
    ("land.build_ships.large_points", "points", "en-zman", r"you immediately score (\w+) points", 1),
    ("land.build_ships.large_points", "points", "nl", r"krijgt hij ook (\d+) punten", 1),
    ("land.build_ships.shipyard_limit", "ships_per_shipyard", "de", r"In jeder Werft darf nur (\d+) Schiff liegen", 1),
    ("land.market_refill", "small_market_spaces", "de", r"Davon deckst du (\d+) kleine Schiffe auf", 1),
    ("land.market_refill", "large_market_spaces", "de", r"Danach legst du (\d+) große Schiffe", 1),
    ("frame_markers.move_back", "move_back_max", "de", r"um bis zu (\d+) Felder weit nach hinten", 1),
    ("frame_markers.choose", "cards_kept", "nl", r"kiest er (\d+), die hij in zijn hand neemt", 1),
    ("planning.assign", "load_max_ships", "de", r"musst du (\d+) Schiffsplättchen von einer deiner Werften", 1),
    ("planning.assign", "load_max_ships", "en-zman", r"assign up to (\w+) of your ships to that action", 1),
    ("actions.load.cards", "cards_kept", "en", r"You may keep (\d+) of the drawn cards", 1),
    ("actions.load.cards", "cards_kept", "en-zman", r"Choose \*\*(\w+)\*\* drawn card", 1),
    ("actions.settle.one", "markers", "de", r"darfst du (\d+) deiner Marker auf eines der beiden Felder", 1),
    ("actions.settle.one", "spaces_per_tile", "en", r"Each Island Tile contains (\d+) spaces", 1),
    ("actions.settle.two", "markers", "de", r"„Turm“ aus (\d+) Markern auf ein freies Feld", 1),
    ("actions.settle.two", "markers", "en", r"place a stack of (\d+) Marker Cubes on the same", 1),
    ("actions.settle.two", "markers", "en-zman", r"you can stack (\w+) of your markers", 1),
    ("actions.settle.two", "markers", "nl", r"(\d+) van zijn markeerstenen als \"toren\"", 1),
    ("actions.settle.new_england", "points_per_unit", "de", r"erhältst dafür (\d+) Punkt für jeden nicht gesetzten Marker", 1),
    ("actions.settle.new_england", "points_per_unit", "en", r"receive (\d+) point for each Marker Cube not placed", 1),
    ("actions.settle.new_england", "points_per_unit", "nl", r"krijgt direct (\d+) punt voor elke niet gezette", 1),
    ("actions.deliver.city_markers", "markers_per_contract", "en", r"place (\d+) of your Marker Cubes on an empty space", 1),
    ("actions.deliver.refill", "contracts_displayed", "de", r"sodass wieder (\d+) offene Aufträge", 1),
    ("actions.deliver.refill", "contracts_displayed", "en", r"there are always (\d+) Contracts available", 1),
    ("actions.deliver.refill", "contracts_displayed", "nl", r"zodat er weer (\d+) voor de volgende speler liggen", 1),
    ("actions.deliver.antwerp", "points_per_good", "de", r"Jede Ware bringt dir dabei (\d+) Punkt", 1),
    ("actions.deliver.antwerp", "points_per_good", "en", r"delivered earns (\d+) point", 1),
    ("actions.deliver.antwerp", "points_per_good", "en-zman", r"Score (\w+) point for each commodity you deliver to Antwerp", 1),
    ("actions.deliver.antwerp", "points_per_good", "nl", r"Elk geleverd product levert hem (\d+) punt", 1),
    ("actions.discover.marker", "markers", "de", r"stellst du sofort (\d+) deiner Marker", 1),
    ("end_phase.cartography", "compass_tiles", "de", r"deckst du als Startspieler (\d+) Kompassplättchen auf", 1),
    ("end_phase.island_scoring", "points_per_marker", "de", r"Für jeden Marker bekommst du (\d+) Punkt", 1),
    ("end_phase.island_scoring", "points_per_marker", "en", r"receives (\d+) point for each cube", 1),
    ("end_phase.island_scoring", "points_per_marker", "en-zman", r"on that island, score (\w+) point", 1),
    ("end_phase.island_scoring", "points_per_marker", "nl", r"krijgt voor elk ervan (\d+) punt", 1),
    ("end_phase.city_scoring", "points_per_marker", "de", r"für jeden seiner Marker in der Stadt (\d+) Punkt", 1),
    ("end_phase.city_scoring", "points_per_marker", "en", r"receives (\d+) point for each Marker Cube he has in that city", 1),
    ("end_phase.city_scoring", "points_per_marker", "en-zman", r"on that city, score (\w+) point", 1),
    ("end_phase.city_scoring", "points_per_marker", "nl", r"markeerstenen in de stad (\d+) punt", 1),
    ("end_phase.fifty_hundred", "first_threshold", "de", r"über die (\d+) Punkte hinauskommst", 1),
    ("end_phase.fifty_hundred", "first_threshold", "en", r"reach or pass the (\d+)-point space", 1),
    ("end_phase.fifty_hundred", "first_threshold", "en-zman", r"When you pass the \"(\d+)\" space", 1),
    ("end_phase.fifty_hundred", "first_threshold", "nl", r"de (\d+)-puntengrens bereikt", 1),
    ("end_phase.fifty_hundred", "second_threshold", "de", r"drehst du deine Karte um, so dass sie die (\d+) zeigt", 1),
    ("end_phase.objective_cost", "extra_cost_goods", "de", r"für jede weitere Zielkarte (\d+) beliebige Waren", 1),
    ("end_phase.objective_cost", "extra_cost_goods", "en", r"you must pay any (\d+) Goods", 1),
    ("end_phase.objective_cost", "extra_cost_goods", "en-zman", r"Each additional goal this round costs (\w+) commodities", 1),
    ("end_phase.objective_cost", "extra_cost_goods", "nl", r"in een ronde speelt (\d+) goederen naar keuze", 1),
    ("end_phase.objective_cost", "free_per_round", "en-zman", r"can complete (\w+) goal card each round at no cost", 1),
    ("end_of_game.rounds", "rounds", "de", r"verläuft über (\d+) Runden", 1),
    ("end_of_game.rounds", "rounds", "de", r"Nach (\d+) Runden endet das Spiel", 1),
    ("end_of_game.rounds", "rounds", "en", r"takes place over (\d+) game rounds", 1),
    ("end_of_game.rounds", "rounds", "en-zman", r"takes place over (\w+) rounds", 1),
    ("end_of_game.rounds", "rounds", "nl", r"duurt (\d+) ronden", 1),
    ("end_of_game.final_scoring", "points_per_unscored_marker", "de", r"gewerteten Inseln bekommt ihr (\d+) Punkt", 1),
    ("end_of_game.final_scoring", "points_per_unscored_marker", "en", r"he receives (\d+) point\. No bonus", 1),
    ("end_of_game.final_scoring", "points_per_unscored_marker", "en-zman", r"Score (\w+) point for each marker you have", 1),
    ("end_of_game.final_scoring", "points_per_unscored_marker", "nl", r"krijgt nog (\d+) punt voor elk van zijn", 1),
    ("end_of_game.final_scoring.cards", "points_per_one_x_card", "de", r"Zielkarte noch jeweils (\d+) Punkte", 1),
    ("end_of_game.final_scoring.cards", "points_per_objective_card", "de", r"Zielkarte noch jeweils (\d+) Punkte", 1),
    ("end_of_game.final_scoring.cards", "points_per_one_x_card", "en", r"receive (\d+) points for each remaining", 1),
    ("end_of_game.final_scoring.cards", "points_per_one_x_card", "en-zman", r"Score (\d+) points for each 1x card", 1),
    ("end_of_game.final_scoring.cards", "points_per_objective_card", "nl", r"1x- en doelkaarten (\d+) punten", 1),
    ("two_players.neutral_markers", "markers_per_tile", "de", r"Inselplättchen (\d+) Marker einer dritten Spielerfarbe", 1),
    ("two_players.neutral_markers", "markers_per_tile", "en", r"place (\d+) Marker Cube of an unused color", 1),
    ("two_players.neutral_markers", "markers_per_tile", "en-zman", r"place (\w+) marker of an unused player color", 1),
    ("two_players.neutral_markers", "markers_per_tile", "nl", r"eilandtegels (\d+) markeersteen van een derde", 1),
    ("two_players.neutral_markers", "players", "de", r"Änderung für (\d+) Spieler", 1),
    ("variants.higher_frame_markers", "triangle_space", "de", r"Dreieck auf die (\d+), den Stern auf die (\d+)", 1),
    ("variants.higher_frame_markers", "star_space", "de", r"Dreieck auf die (\d+), den Stern auf die (\d+)", 2),
    ("variants.higher_frame_markers", "triangle_space", "en", r"on the (\d+), and the star on the (\d+)", 1),
    ("variants.higher_frame_markers", "star_space", "en", r"on the (\d+), and the star on the (\d+)", 2),
    ("variants.higher_frame_markers", "triangle_space", "nl", r"driehoek \\triangle op (\d+) en de ster \\star op (\d+)", 1),
    ("variants.higher_frame_markers", "star_space", "nl", r"driehoek \\triangle op (\d+) en de ster \\star op (\d+)", 2),
    ("objectives.city_markers", "thresholds", "en", r"at least (\d+) or (\d+) Marker Cubes in 1 or more cities", 0),
    ("objectives.city_markers", "thresholds", "nl", r"totaal \*\*ten minste\*\* (\d+) of (\d+) \*\*markeerstenen", 0),
    ("objectives.island_markers", "thresholds", "en", r"at least (\d+) or (\d+) Marker Cubes on any 1 island", 0),
    ("objectives.islands_total", "thresholds", "en", r"at least (\d+) or (\d+) Marker Cubes on 1 or more islands", 0),
    ("objectives.scored_islands", "min_markers", "en", r"at least (\d+) Marker Cubes on each of 1 or 2 scored islands", 1),
    ("objectives.scored_cities", "thresholds", "en", r"at least 1 Marker Cube in (\d+) or (\d+) scored cities", 0),
    ("objectives.scored_islands", "thresholds", "en", r"on each of (\d+) or (\d+) scored islands", 0),
    ("captains.magellan", "sail_bonus", "en", r"increases the sail value of 1 Ship by (\d+)", 1),
    ("captains.magellan", "sail_bonus", "nl", r"wordt dan met (\d+) verhoogd", 1),
    ("captains.da_gama", "crate_bonus", "en", r"increases the crate value of 1 Ship by (\d+)", 1),
    ("captains.da_gama", "crate_bonus", "nl", r"\*\*\+(\d+) kistsymbolen", 1),
    ("captains.cortes", "gold_now", "en", r"you immediately receive (\d+) Gold", 1),
    ("captains.cortes", "gold_per_land_phase", "nl", r"\*\*Landfase \+(\d+) goud", 1),
    ("captains.columbus", "extra_tiles", "en", r"you may place (\d+) additional Island Tile", 1),
    ("captains.drake", "extra_shipyards", "en", r"you have (\d+) additional Shipyard in which", 1),
    ("expansions.france", "points_per_contract", "en", r"receive an additional (\d+) points for each Contract", 1),
    ("expansions.france", "points_per_contract", "nl", r"krijgt hij (\d+) punten extra voor elk contract", 1),
    ("expansions.netherlands", "sail_bonus", "en", r"your sail value is increased by (\d+)", 1),
    ("expansions.netherlands", "sail_bonus", "nl", r"\*\*zeilwaarde\*\* met (\d+)", 1),
    ("expansions.england", "min_cards_drawn", "en", r"if you draw at least (\d+) cards", 1),
    ("expansions.england", "min_cards_drawn", "nl", r"\*\*ten minste (\d+) kaarten\*\*", 1),
    ("expansions.portugal", "max_ships_full_harbour", "nl", r"maximaal (\d+) schepen bezitten in plaats van (\d+)", 1),
    ("expansions.portugal", "max_ships_other_nations", "nl", r"maximaal (\d+) schepen bezitten in plaats van (\d+)", 2),
    ("expansions.portugal", "max_ships_with_drake", "nl", r"zou hij zelfs (\d+) schepen", 1),
]


@pytest.mark.parametrize(("rule", "param", "edition", "pattern", "group"), FACTS,
                         ids=[f"{f[0]}:{f[1]}:{f[2]}" for f in FACTS])
def test_param_is_the_number_the_rulebook_states(rule: str, param: str, edition: str, pattern: str,
                                                 group: int) -> None:
    value = spec().param(rule, param)
    if group == 0:  # a pair of thresholds ("3 or 4")
        match = re.search(pattern, flat(edition))
        assert match, f"{edition} does not state {pattern!r}"
        assert value == [int(g) for g in match.groups()]
    else:
        assert value == stated(edition, pattern, group)


def test_frame_marker_move_back_readings() -> None:
    """Every edition moves the marker 3 spaces. de: "Danach musst du den Rahmenmarker um bis zu 3 Felder weit nach
    hinten … rücken" is compulsory, its "bis zu" is explained by the blocking clause ("Sollte der Rahmenmarker
    „anstoßen“ bleibt er auf dem Feld davor liegen"), and its example moves the full 3 "Da kein anderer
    Rahmenmarker und keine Schiffsfigur … „im Weg steht“"."""
    assert re.search(r"Danach musst du den Rahmenmarker um bis zu 3 Felder", flat("de"))
    assert re.search(r"Danach rückt er den Rahmenmarker um (\d+) Felder zurück\. Da kein anderer Rahmenmarker", flat("de"))
    de = spec().reading("frame_marker_move_back", "de").params
    assert de["move_back_min"] == de["move_back_max"] == stated("de", r"um bis zu (\d+) Felder")
    assert de["move_back_max"] == stated("de", r"Danach rückt er den Rahmenmarker um (\d+) Felder zurück")
    for edition, pattern in [("en", r"move the Frame Marker (\d+) spaces"),
                             ("en-zman", r"you just resolved (\w+) spaces backward"),
                             ("nl", r"kadertegel (\d+) velden achteruit zetten")]:
        params = spec().reading("frame_marker_move_back", edition).params
        assert params["move_back_min"] == params["move_back_max"] == stated(edition, pattern)
    ruling = spec().rulings["frame_marker_move_back"]
    assert ruling.default == "exactly_three"
    assert all(not r.editions for r in ruling.readings.values() if r.id != ruling.default)  # no edition lets the player choose


def test_frame_reward_readings() -> None:
    """Only en says the player 'may' take a frame marker's reward; de, en-zman and nl state it as done."""
    for edition, pattern, optional in [("en", r"you\s+may\s+look\s+through\s+the\s+card\s+stack", True),
                                       ("de", r"Du\s+wählst\s+eine\s+Karte\s+und\s+nimmst\s+diese", False),
                                       ("en-zman", r"Choose\s+one\s+of\s+the\s+cards,\s+add\s+it", False),
                                       ("nl", r"kiest\s+er\s+1,\s+die\s+hij\s+in\s+zijn\s+hand\s+neemt", False)]:
        assert re.search(pattern, raw(edition)), edition
        assert spec().reading("frame_reward_optional", edition).params == {"reward_optional": optional}
    assert spec().rule("frame_markers.choose").params["reward_optional"] is False  # the original's reading


def test_rules_follow_the_default_reading() -> None:
    """The rule params the engine reads without an edition are the default (de) reading's."""
    assert spec().reading("frame_marker_move_back").id == spec().reading("frame_marker_move_back", "de").id
    own = {r.id for r in own_rules()}
    for ruling in spec().rulings.values():
        default = ruling.readings[ruling.default].params
        mine = set(ruling.rules) <= own  # a play ruling: its rules carry every param of its readings
        for rule_id in set(ruling.rules) & own:
            rule = spec().rule(rule_id)
            if mine:
                assert rule.ruling == ruling.id, f"{rule_id} does not name its ruling {ruling.id}"
            for name, value in default.items():
                if mine or name in rule.params:
                    assert rule.params.get(name) == value, f"{rule_id}.{name} differs from {ruling.id}'s default"


# ---- worked examples ------------------------------------------------------------------------------------


def area_scores(markers: Mapping[str, int], bonus: tuple[int, int], base_rule: str) -> dict[str, int]:
    """Points of one island/city scoring computed from the spec's params (per marker, majority, ties)."""
    per_marker = spec().param(base_rule, "points_per_marker")
    majority, ties = spec().rule(base_rule + ".majority").params, spec().rule(base_rule + ".ties").params
    assert (majority["first_place_bonus"], majority["second_place_bonus"]) == ("first_value", "second_value")
    assert (ties["tie_first"], ties["tie_first_others"], ties["tie_second"]) == (
        "tied_get_second_bonus", "no_bonus", "no_bonus")
    points = {p: per_marker * n for p, n in markers.items()}
    ranked = sorted({n for n in markers.values() if n > 0}, reverse=True)
    first = [p for p, n in markers.items() if ranked and n == ranked[0]]
    if len(first) > 1:
        for p in first:
            points[p] += bonus[1]
        return points
    if first:
        points[first[0]] += bonus[0]
    second = [p for p, n in markers.items() if len(ranked) > 1 and n == ranked[1]]
    if len(second) == 1:
        points[second[0]] += bonus[1]
    return points


def test_nova_scotia_island_scoring_example() -> None:
    for edition, counts, results in [
        ("de", r"Das sind jeweils (\d+) Marker für Blau und Rot, Gelb hat nur (\d+) Marker",
         r"bekommt als erster seine (\d+) Punkte .* danach erhält Gelb (\d+) Punkte .* zuletzt Blau (\d+) Punkte"),
        ("en", r"Red and Blue have (\d+) cubes each, and Yellow has only (\d+)",
         r"receives (\d+) points \(5 \+ 4\) first, .* Yellow receives (\d+) points .* Blue receives (\d+) points"),
    ]:
        both, yellow = stated(edition, counts, 1), stated(edition, counts, 2)
        bonus = tuple(int(x) for x in re.search(r"Nova Scotia.*?\((\d+)/(\d+)\)", flat(edition)).groups())
        got = area_scores({"red": both, "yellow": yellow, "blue": both}, bonus, "end_phase.island_scoring")
        want = {p: stated(edition, results, i) for i, p in enumerate(["red", "yellow", "blue"], 1)}
        assert got == want == {"red": 9, "yellow": 3, "blue": 9}


def test_stockholm_city_scoring_example() -> None:
    yellow = stated("de", r"Gelb hat (\d+) Marker, Rot und Blau haben jeweils (\d+) Marker", 1)
    other = stated("de", r"Gelb hat (\d+) Marker, Rot und Blau haben jeweils (\d+) Marker", 2)
    bonus = tuple(int(x) for x in re.search(r"Stockholm wurde also.*?\((\d+)/(\d+)\)", flat("de")).groups())
    got = area_scores({"red": other, "yellow": yellow, "blue": other}, bonus, "end_phase.city_scoring")
    pattern = r"Rot erhält insgesamt also nur (\d+) Punkt, danach erhält Gelb (\d+) Punkte und zuletzt Blau (\d+)"
    assert got == {p: stated("de", pattern, i) for i, p in enumerate(["red", "yellow", "blue"], 1)}
    assert bonus[0] == stated("de", r"Mehrheit in der Stadt und bekommt (\d+) Bonuspunkte")


def test_final_scoring_example_totals() -> None:
    """Yellow 69 -> 76, Red 73 -> 82, Blue 80 -> 85: points before + markers + 50/100 card + cards left."""
    per_marker = spec().param("end_of_game.final_scoring", "points_per_unscored_marker")
    per_card = spec().param("end_of_game.final_scoring.cards", "points_per_one_x_card")
    per_objective = spec().param("end_of_game.final_scoring.cards", "points_per_objective_card")
    markers = {"yellow": stated("de", r"Gelb erhält noch (\d+) Punkte, Rot noch (\d+)", 1),
               "red": stated("de", r"Gelb erhält noch (\d+) Punkte, Rot noch (\d+)", 2), "blue": 0}
    fifty = {"blue": stated("de", r"erhält er durch diese Karte (\d+) Bonuspunkte"),
             "red": stated("de", r"Rot erhält (\d+) und Gelb (\d+) Punkt", 1),
             "yellow": stated("de", r"Rot erhält (\d+) und Gelb (\d+) Punkt", 2)}
    red_cards = stated("de", r"Rot hat noch (\d+) übrige 1x Karten und erhält dafür (\d+) Punkte", 1)
    assert per_card * red_cards == stated("de", r"Rot hat noch (\d+) übrige 1x Karten und erhält dafür (\d+) Punkte", 2)
    assert per_objective * 1 == stated("de", r"Gelb konnte ein Ziel nicht einlösen und erhält dafür (\d+) Punkte")
    cards = {"yellow": per_objective * 1, "red": per_card * red_cards, "blue": 0}
    before_after = {
        "yellow": r"Gelb hatte zuvor schon (\d+) Punkte gesammelt und erreicht insgesamt (\d+) Punkte",
        "red": r"Rot hat im Spielverlauf (\d+) Punkte gesammelt und endet bei (\d+) Punkten",
        "blue": r"Blau hatte zuvor (\d+) Punkte, er erreicht insgesamt (\d+) Punkte",
    }
    totals = {}
    for player, pattern in before_after.items():
        totals[player] = stated("de", pattern, 1) + per_marker * markers[player] + fifty[player] + cards[player]
        assert totals[player] == stated("de", pattern, 2)
    assert totals == {"yellow": 76, "red": 82, "blue": 85}
    assert spec().param("end_of_game.winner", "winner") == "most_points"
    assert max(totals, key=totals.__getitem__) == "blue" and "Blau gewinnt das Spiel" in flat("de")


def test_frame_marker_example_moves_the_square_marker_to_space_4() -> None:
    start = spec().records["tile.frame_marker.m1"].attributes["start_space"]
    moved = start - spec().param("frame_markers.move_back", "move_back_max")
    for edition, pattern in [("de", r"rückt der quadratische Rahmen auf das Feld (\d+)"),
                             ("en", r"currently occupies the (\d+) space"),
                             ("en-zman", r"moved to space (\d+) of the score track"),
                             ("nl", r"gaat de kadertegel naar veld (\d+) van het scorespoor")]:
        assert moved == stated(edition, pattern)


def test_load_and_discover_examples() -> None:
    crate = stated("de", r"Rot hat ein Schiff mit dem Wert (\d+) bei den Kisten")
    drawn = crate * spec().param("actions.load.cards", "cards_per_crate")
    assert drawn == stated("de", r"Dann zieht er (\d+) Karten vom 1x Stapel")
    assert drawn - spec().param("actions.load.cards", "cards_kept") == stated("en", r"places the other (\d+) drawn cards")
    ships = stated("de", r"Blau hat (\d+) Schiffe beim Entdecken")
    telescopes = stated("de", r"Die Summe seiner Fernrohre ist (\d+)")
    tiles = telescopes * spec().param("actions.discover", "tiles_per_telescope")
    placed = ships * spec().param("actions.discover", "tiles_per_ship")
    assert tiles == stated("de", r"Blau zieht also (\d+) Inselplättchen")
    assert placed == stated("de", r"Davon wählt er (\d+) \(1 für jedes Schiff\)")
    assert tiles - placed == stated("de", r"Die übrigen (\d+) Inselplättchen legt er")


def test_new_england_readings_agree_for_one_ship() -> None:
    """Markers not placed (de) and settler value (en-zman) give the same points for settler values 1 and 2."""
    per_marker = spec().reading("new_england_points", "de").params
    per_settler = spec().reading("new_england_points", "en-zman").params
    assert (per_marker["points_basis"], per_settler["points_basis"]) == ("markers_not_placed", "settler_value")
    for rule_id in ("actions.settle.one", "actions.settle.two"):
        rule = spec().rule(rule_id)
        assert (per_marker["points_per_unit"] * rule.params["markers"]
                == per_settler["points_per_unit"] * rule.params["settler_value"])


def test_objective_examples_meet_their_cards() -> None:
    scored = [int(n) for n in re.search(r"Green has placed (\d+) Marker Cubes on Newfoundland and (\d+) on",
                                        flat("en")).groups()]
    rule = spec().rule("objectives.scored_islands").params
    assert all(n >= rule["min_markers"] for n in scored) and len(scored) == max(rule["thresholds"])
    on_one_island = stated("de", r"Gelb hat (\d+) Marker auf einer Insel")
    assert on_one_island == max(spec().param("objectives.island_markers", "thresholds"))


def test_objective_types_add_up_to_the_box() -> None:
    cards = sum(r.params["cards"] for r in own_rules() if r.id.startswith("objectives.") and "cards" in r.params)
    assert cards == stated("en", r"(\d+) Objective Cards") == stated("de", r"(\d+) Ziele")


def test_every_captain_and_nation_has_its_rule() -> None:
    captains = {r.id for r in spec().records_of("card.captain")}
    nations = {r.id for r in spec().records_of("board.player")}
    refs = {ref for r in own_rules() for ref in r.refs}
    assert captains and captains <= refs
    assert nations and nations <= refs
    assert len([r for r in own_rules() if r.id.startswith("captains.")]) == len(captains)
    assert len([r for r in own_rules() if r.id.startswith("expansions.")]) == len(nations)


# ---- structure ------------------------------------------------------------------------------------------

#: Rule ids the engine and the other engineers rely on: they must never disappear or be renamed.
_STABLE_IDS_TEXT = """
land.income land.harbour_expansion land.harbour_expansion.shipyard land.build_ships land.build_ships.large_points
land.gold_substitute land.market_refill frame_markers.choose frame_markers.timing frame_markers.move_back
frame_markers.blocking frame_markers.removal frame_markers.captain frame_markers.goods planning.assign
planning.charter_ships planning.maximum action_phase.order action_phase.ties action_phase.return_ships actions.load
actions.load.cards actions.settle actions.settle.one actions.settle.two actions.settle.new_england actions.deliver
actions.deliver.contracts actions.deliver.city_markers actions.deliver.refill actions.deliver.antwerp
actions.discover actions.discover.marker end_phase.cartography end_phase.island_scoring end_phase.city_scoring
end_phase.fifty_hundred end_phase.objectives end_phase.objective_cost end_phase.start_player end_of_game.rounds
end_of_game.final_scoring end_of_game.final_scoring.cards end_of_game.tie_break variants.higher_frame_markers
two_players.neutral_markers two_players.neutral_majority limits.unlimited captains.columbus captains.magellan
captains.cortes captains.da_gama captains.drake expansions.portugal expansions.spain expansions.france
expansions.netherlands expansions.england
"""
STABLE_IDS = tuple(_STABLE_IDS_TEXT.split())


def test_stable_rule_ids_exist() -> None:
    assert not [rule_id for rule_id in STABLE_IDS if rule_id not in spec().rules]


def test_every_rule_cites_every_edition() -> None:
    rules = own_rules()
    assert len(rules) > 60
    for rule in rules:
        assert set(rule.citations) == set(EDITIONS), rule.id
        for edition, citation in rule.citations.items():
            assert isinstance(citation, (str, list)) or "quote" in citation or citation.get("silent"), \
                (rule.id, edition)
    for variant in spec().variants.values():
        assert set(variant.citations) == set(EDITIONS), variant.id


def test_every_quote_locates_one_passage() -> None:
    own = {r.id for r in own_rules()}
    cited = [(rule.id, rule.citations) for rule in own_rules()]
    cited += [(f"{g.id}/{r.id}", r.citations) for g in spec().rulings.values() if set(g.rules) <= own
              for r in g.readings.values()]
    for item, citations in cited:
        for edition, citation in citations.items():
            for quote, until in quotes_of(citation):
                assert quote_span(raw(edition), quote, until), (item, edition, quote)
                assert len(find_all(raw(edition), quote)) == 1, (item, edition, quote)


def test_supplement_rules_are_silent_only_where_the_supplement_is_missing() -> None:
    for rule in own_rules():
        if rule.section not in {"objectives", "captains", "expansions"}:
            continue
        for edition in ("en", "nl"):  # the editions with the supplement state every card type
            assert "silent" not in rule.citations[edition], (rule.id, edition)


def test_rulings_readings_set_the_same_params() -> None:
    own = {r.id for r in own_rules()}
    rulings = [ruling for ruling in spec().rulings.values() if set(ruling.rules) <= own]
    assert len(rulings) >= 10
    for ruling in rulings:
        names = {frozenset(reading.params) for reading in ruling.readings.values()}
        assert len(names) == 1, f"{ruling.id}: readings set different params"
        assert ruling.default in ruling.readings
        seen: set[str] = set()
        for reading in ruling.readings.values():
            assert not seen & set(reading.editions), f"{ruling.id}: an edition in two readings"
            seen |= set(reading.editions)
            for edition in reading.editions:
                assert edition in reading.citations, (ruling.id, reading.id, edition)
        values = {tuple(sorted((k, repr(v)) for k, v in r.params.items())) for r in ruling.readings.values()}
        assert len(values) == len(ruling.readings), f"{ruling.id}: two readings imply the same params"


def test_summaries_put_numbers_only_through_params() -> None:
    items = [(r.id, r.summary, r.params) for r in own_rules()]
    items += [(f"{g.id}/{r.id}", r.summary, r.params) for g in spec().rulings.values() for r in g.readings.values()
              if set(g.rules) <= {x.id for x in own_rules()}]
    for item, summary, params in items:
        fields = re.findall(r"\{([^{}]*)\}", summary)
        for name in fields:
            if ":" in name:
                kind, concept = name.split(":", 1)
                assert kind in {"term", "terms"} and concept in spec().concepts, (item, name)
            else:
                assert name in params, (item, name)
        assert not re.search(r"\d", re.sub(r"\{[^}]*\}", "", summary)), (item, summary)


def test_variant_rules_belong_to_a_declared_variant() -> None:
    variant_rules = [r for r in own_rules() if r.variant]
    assert [r.id for r in variant_rules] == ["variants.higher_frame_markers"]
    assert all(r.variant in spec().variants for r in variant_rules)


RULES_PART = {  # (from, to) quotes bounding the rules part of each edition; the rest is setup and components
    "en": [("Introduction", None)],
    "en-zman": [("# Introduction", None)],
    "de": [("Einführung", None)],
    "nl": [("De doelkaarten", "Vorbereiding"), ("Kort speloverzicht", None)],
}


def test_rules_part_of_every_edition_is_fully_traced() -> None:
    texts = {e: raw(e) for e in EDITIONS}
    report = {c.edition: c for c in coverage(spec(), texts)}
    for edition, ranges in RULES_PART.items():
        text = texts[edition]
        bounds = []
        for start_quote, end_quote in ranges:
            start = find_all(text, start_quote)[0][0]
            end = find_all(text, end_quote)[0][0] if end_quote else len(text)
            bounds.append((start, end))
        missing = [s for _, off, s in report[edition].uncovered if any(a <= off < b for a, b in bounds)]
        assert not missing, f"{edition}: uncovered sentences in the rules part: {missing}"
        assert report[edition].ratio >= 0.95, f"{edition}: {report[edition].ratio:.1%}"
