"""The data half of the Race to the New Found Land spec checked against the rulebooks' own facts.

Counts are parsed from each edition's component list (never copied from the spec); the frame-marker spaces, the
stated victory-point symbols and the worked examples are parsed from the texts too, and the spec's face values
(most of them assumed, because the rulebooks print no tile or card faces) must reproduce every example. The
glossary is checked against the texts: each printed term, plural, variant and form must occur in its edition.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulespec.model import Record, Spec, load_spec
from translations.sources.editions import read_source

GAME = "race_to_the_new_found_land"
EDITIONS = ("en", "en-zman", "de", "nl")
SPEC_DIR = Path(__file__).resolve().parent.parent / "rulespec" / GAME


@cache
def spec() -> Spec:
    return load_spec(GAME)


@cache
def text(edition: str) -> str:
    return read_source(spec(), edition)


@cache
def flat(edition: str) -> str:
    """The edition's text as one line: hyphenated line breaks joined, whitespace runs and markdown stars collapsed."""
    joined = re.sub(r"-[ \t]*\n\s*", "", text(edition))
    return re.sub(r"\s+", " ", joined.replace("*", ""))


def stated(edition: str, pattern: str, group: int = 1) -> str:
    """The group of the first match of ``pattern`` in the flattened text of ``edition`` (the rulebook's number)."""
    match = re.search(pattern, flat(edition))
    assert match, f"{edition}: the text does not state {pattern!r}"
    return match.group(group)


def stated_int(edition: str, pattern: str) -> int:
    return int(stated(edition, pattern))


# ---- component counts, parsed from each edition's component list ------------------------------------------

#: Where each edition's component list starts and ends (markers in the flattened text).
LIST_BOUNDS = {
    "en": ("Components 1 Game Board", "13. Each player"),
    "en-zman": ("## Components", "- 13 Choose"),
    "de": ("Spielmaterial", "2. Dann zieht"),
    "nl": ("Speelmateriaal", "13. Iedere speler"),
}

#: Per edition: a pattern locating one entry of the list (group 1 = the printed number) and the component it
#: counts. Entries in parentheses (starting ships, the three kinds of "1x" cards) are patterns too.
LIST_ENTRIES: dict[str, list[tuple[str, str]]] = {
    "en": [
        (r"(\d+) Game Board", "board.game"), (r"(\d+) Player Boards/Card & Tile Storage Boards", "board.player"),
        (r"(\d+) Large Ships", "ship.large"), (r"(\d+) Small Ships", "ship.small"),
        (r"including (\d+) Starting Ships", "ship.small.starting"), (r"(\d+) Island Tiles", "tile.island"),
        (r"(\d+) Contract Tiles", "tile.contract"), (r"(\d+) Frame Markers", "tile.frame_marker"),
        (r"(\d+) Compass Tiles", "tile.compass"), (r"(\d+) Start Player Tile", "tile.start_player"),
        (r"(\d+) “1x” Cards", "card.one_x"), (r"\((\d+) Start Cards", "card.start"),
        (r"(\d+) Charter Ships", "card.charter_ship"), (r"(\d+) Goods Cards", "card.goods"),
        (r"(\d+) Objective Cards", "card.objective"), (r"(\d+) Captains", "card.captain"),
        (r"(\d+) 50/100-Point Cards", "card.fifty_hundred"), (r"(\d+) Marker Cubes", "piece.marker"),
        (r"(\d+) Ship Figures", "piece.ship_figure"), (r"(\d+) Cloth", "good.cloth"), (r"(\d+) Wood", "good.wood"),
        (r"(\d+) Iron", "good.iron"), (r"(\d+) Gold", "good.gold"),
    ],
    "en-zman": [
        (r"(\d+) Game Board", "board.game"), (r"(\d+) Player/Discard Sheets", "board.player"),
        (r"(\d+) Large Ships", "ship.large"), (r"(\d+) Small Ships", "ship.small"),
        (r"\((\d+) normal", "ship.small.regular"), (r"(\d+) starting\)", "ship.small.starting"),
        (r"(\d+) Island Tiles", "tile.island"), (r"(\d+) Order Tiles", "tile.contract"),
        (r"(\d+) Milestone Markers", "tile.frame_marker"), (r"(\d+) Compass Tiles", "tile.compass"),
        (r"(\d+) First Player Marker", "tile.start_player"), (r"(\d+) 1x Cards", "card.one_x"),
        (r"\((\d+) Starting Cards", "card.start"), (r"(\d+) Charter Ships", "card.charter_ship"),
        (r"(\d+) Commodity Cards", "card.goods"), (r"(\d+) Goal Cards", "card.objective"),
        (r"(\d+) Captain Cards", "card.captain"), (r"(\d+) 50/100 Cards", "card.fifty_hundred"),
        (r"(\d+) Markers \(", "piece.marker"), (r"(\d+) Ship Score Markers", "piece.ship_figure"),
        (r"(\d+) Cloth Pieces", "good.cloth"), (r"(\d+) Word Pieces", "good.wood"),
        (r"(\d+) Iron Pieces", "good.iron"), (r"(\d+) Gold Pieces", "good.gold"),
    ],
    "de": [
        (r"(\d+) Spielplan", "board.game"), (r"(\d+) Spielertableaus/Ablagetafeln", "board.player"),
        (r"(\d+) große Schiffe", "ship.large"), (r"(\d+) kleine Schiffe", "ship.small"),
        (r"davon (\d+) Start-Schiffe", "ship.small.starting"), (r"(\d+) Inselplättchen", "tile.island"),
        (r"(\d+) Auftragsplättchen", "tile.contract"), (r"(\d+) Rahmenmarker", "tile.frame_marker"),
        (r"(\d+) Kompassplättchen", "tile.compass"), (r"(\d+) Startspielerplättchen", "tile.start_player"),
        (r"(\d+) 1x Karten", "card.one_x"), (r"\((\d+) Start-Karten", "card.start"),
        (r"(\d+) Charterschiffe", "card.charter_ship"), (r"(\d+) Waren Karten", "card.goods"),
        (r"(\d+) Ziele", "card.objective"), (r"(\d+) Kapitäne", "card.captain"),
        (r"(\d+) 50/100er-Karten", "card.fifty_hundred"), (r"(\d+) Marker \(", "piece.marker"),
        (r"(\d+) Schiffsfiguren", "piece.ship_figure"), (r"(\d+) Tuch", "good.cloth"), (r"(\d+) Holz", "good.wood"),
        (r"(\d+) Eisen", "good.iron"), (r"(\d+) Gold", "good.gold"),
    ],
    "nl": [
        (r"(\d+) speelbord", "board.game"), (r"(\d+) spelertableaus/aflegtableaus", "board.player"),
        (r"(\d+) grote schepen", "ship.large"), (r"(\d+) kleine schepen", "ship.small"),
        (r"waarvan (\d+) startschepen", "ship.small.starting"), (r"(\d+) eilandtegels", "tile.island"),
        (r"(\d+) contracttegels", "tile.contract"), (r"(\d+) kadertegels", "tile.frame_marker"),
        (r"(\d+) kompastegels", "tile.compass"), (r"(\d+) startspelertegel", "tile.start_player"),
        (r"(\d+) 1x kaarten", "card.one_x"), (r"\((\d+) startkaarten", "card.start"),
        (r"(\d+) charterschepen", "card.charter_ship"), (r"(\d+) goederenkaarten", "card.goods"),
        (r"(\d+) doelkaarten", "card.objective"), (r"(\d+) kapiteinskaarten", "card.captain"),
        (r"(\d+) 50/100-puntenkaarten", "card.fifty_hundred"), (r"(\d+) markeerstenen", "piece.marker"),
        (r"(\d+) schepen - \(1 per", "piece.ship_figure"), (r"(\d+) doek", "good.cloth"), (r"(\d+) hout", "good.wood"),
        (r"(\d+) ijzer", "good.iron"), (r"(\d+) goud", "good.gold"),
    ],
}

#: Per-colour counts in parentheses: (pattern with groups per_colour and colours in that order, component).
PER_COLOUR: dict[str, list[tuple[str, str, tuple[int, int | None]]]] = {
    "en": [(r"\((\d+) in each of (\d+) player colors\)", "piece.marker", (1, 2)),
           (r"Ship Figures \((\d+) in each of (\d+) player colors\)", "piece.ship_figure", (1, 2))],
    "en-zman": [(r"Markers \((\d+) colors, (\d+) of each\)", "piece.marker", (2, 1)),
                (r"Ship Score Markers \((\d+) colors, (\d+) of each\)", "piece.ship_figure", (2, 1))],
    "de": [(r"Marker \(je (\d+) in (\d+) Spielerfarben\)", "piece.marker", (1, 2)),
           (r"Schiffsfiguren \(je (\d+) in (\d+) Spielerfarben\)", "piece.ship_figure", (1, 2))],
    "nl": [(r"markeerstenen \((\d+) per spelerskleur\)", "piece.marker", (1, None)),
           (r"schepen - \((\d+) per spelerskleur\)", "piece.ship_figure", (1, None))],
}


def component_list(edition: str) -> str:
    start, end = LIST_BOUNDS[edition]
    body = flat(edition)
    i = body.index(start)
    return body[i:body.index(end, i)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_component_counts_match_each_editions_list(edition: str) -> None:
    block = component_list(edition)
    consumed: list[tuple[int, int]] = []
    for pattern, component in LIST_ENTRIES[edition]:
        matches = list(re.finditer(pattern, block))
        assert len(matches) == 1, f"{edition}: {pattern!r} matches {len(matches)} times in the component list"
        assert int(matches[0].group(1)) == spec().components[component].count, (edition, component)
        consumed.append(matches[0].span(1))
    # every number printed in the list belongs to an entry the spec knows (nothing in the box is left out)
    colour_spans = [m.span() for p, _, _ in PER_COLOUR[edition] for m in re.finditer(p, block)]
    for number in re.finditer(r"(?<![\d/])\d+(?![\d/x])", block):
        inside = any(a <= number.start() < b for a, b in consumed)
        per_colour = any(a <= number.start() < b for a, b in colour_spans)
        context = block[max(0, number.start() - 20):number.end() + 20]
        assert inside or per_colour, f"{edition}: the list's number {number.group()} in {context!r} is not in the spec"


@pytest.mark.parametrize("edition", EDITIONS)
def test_marker_and_ship_figure_colours(edition: str) -> None:
    block = component_list(edition)
    for pattern, component, (per, colours) in PER_COLOUR[edition]:
        match = re.search(pattern, block)
        assert match, (edition, pattern)
        attributes = spec().components[component].attributes
        assert int(match.group(per)) == attributes["per_colour"]
        if colours is not None:
            assert int(match.group(colours)) == attributes["colours"]
        assert attributes["per_colour"] * attributes["colours"] == spec().components[component].count


def test_subsets_add_up_and_records_match_counts() -> None:
    s = spec()
    small = s.components["ship.small"]
    parts = [c for c in s.components.values() if c.part_of == small.id]
    assert sum(c.count for c in parts) == small.count
    for component in s.components.values():
        records = s.records_of(component.id)
        if records:
            assert sum(r.count for r in records) == component.count, component.id


def test_one_x_deck_parts_sum_to_the_stated_total() -> None:
    s = spec()
    deck = s.decks["deck.one_x"]
    assert deck.size == s.components["card.one_x"].count == sum(n for _, n in deck.parts)
    for component, n in deck.parts:
        assert s.components[component].count == n
        assert s.components[component].part_of == "card.one_x"
    # the draw stack is the deck without the start cards sorted out at setup
    draw = s.decks["deck.one_x_draw"]
    assert draw.size == deck.size - s.components["card.start"].count


def test_objective_stacks_hold_every_objective_card() -> None:
    step = spec().rule("setup.objectives")
    assert step.params["stacks"] * step.params["cards_per_stack"] == spec().components["card.objective"].count
    stacks = [a for a in spec().areas.values() if a.id.startswith("board.objective_space.")]
    assert len(stacks) == step.params["stacks"]


# ---- frame markers ----------------------------------------------------------------------------------------

FRAME_SPACES = {
    "en": r"on the (\d+), (\d+), (\d+), (\d+) and (\d+) spaces on the scoring track",
    "en-zman": r"on the (\d+), (\d+), (\d+), (\d+), and (\d+) spaces of the score track",
    "de": r"Felder (\d+), (\d+), (\d+), (\d+) und (\d+) der Zählleiste",
    "nl": r"velden (\d+), (\d+), (\d+), (\d+) en (\d+) van het scorespoor",
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_frame_marker_spaces(edition: str) -> None:
    match = re.search(FRAME_SPACES[edition], flat(edition))
    assert match, edition
    printed = [int(g) for g in match.groups()]
    markers = sorted(spec().records_of("tile.frame_marker"), key=lambda r: r.attributes["order"])
    assert [m.attributes["start_space"] for m in markers] == printed
    assert spec().rule("setup.frame_markers").params["spaces"] == printed
    assert spec().areas["track.score"].attributes["frame_marker_spaces"] == printed
    track_spaces = {sp.attributes.get("frame_marker"): int(sp.id.rsplit(".s", 1)[1])
                    for sp in spec().areas["track.score"].spaces if "frame_marker" in sp.attributes}
    assert {m.id: m.attributes["start_space"] for m in markers} == track_spaces


def test_frame_marker_shapes_and_example() -> None:
    by_order = {r.attributes["order"]: r.attributes for r in spec().records_of("tile.frame_marker")}
    assert "Pentagon" in stated("en", r"The (2)nd Frame Marker \(Pentagon\)", 0)
    assert by_order[2]["shape"] == "pentagon" and by_order[2]["reward"] == "captain"
    assert by_order[4]["shape"] == "triangle" and by_order[4]["reward"] == "good"
    # the example: the square marker is passed and moved back 3 spaces to space 4
    back_to = stated_int("de", r"rückt der quadratische Rahmen auf das Feld (\d+)")
    moved = stated_int("de", r"Danach rückt er den Rahmenmarker um (\d+) Felder")
    square = next(a for a in by_order.values() if a["shape"] == "square")
    assert square["start_space"] - moved == back_to
    # variant: triangle to 30, star to 40 -> the star lies beyond the triangle
    assert by_order[5]["shape"] == "star" and by_order[5]["start_space"] > by_order[4]["start_space"]


# ---- glossary ---------------------------------------------------------------------------------------------

def test_every_concept_has_a_term_in_every_edition() -> None:
    for concept in spec().concepts.values():
        assert set(EDITIONS) <= set(concept.terms), concept.id
    for component in spec().components.values():
        assert component.concept in spec().concepts, component.id


def _occurs(edition: str, term: str) -> bool:
    return re.sub(r"\s+", "", term).lower() in re.sub(r"\s+", "", flat(edition)).lower()


@pytest.mark.parametrize("edition", EDITIONS)
def test_printed_terms_occur_in_their_edition(edition: str) -> None:
    missing = []
    for concept in spec().concepts.values():
        term = concept.terms[edition]
        if term.project_translation:
            continue
        if not (_occurs(edition, term.term) or (term.plural and _occurs(edition, term.plural))):
            missing.append((concept.id, term.term))
        for word in [*([term.plural] if term.plural else []), *term.variants, *term.forms]:
            if not _occurs(edition, word):
                missing.append((concept.id, word))
    assert not missing, f"{edition}: terms not found in the text: {missing}"


def test_known_terminology_variants() -> None:
    terms = spec().concepts
    assert terms["storage_board"].terms["en"].term == "Storage Board"
    assert terms["storage_board"].terms["en-zman"].term == "discard sheet"
    assert terms["storage_board"].terms["de"].term == "Ablagetafel"
    assert terms["storage_board"].terms["nl"].term == "aflegtableau"
    assert terms["frame_marker"].terms["en-zman"].term == "milestone marker"
    assert terms["objective_card"].terms["en-zman"].term == "goal card"
    # German and Dutch nouns carry a gender unless the term is the project's own
    for concept in terms.values():
        for edition in ("de", "nl"):
            term = concept.terms[edition]
            if concept.kind in ("component", "resource") and not term.project_translation:
                assert term.gender, (concept.id, edition)


# ---- worked examples the assumed faces must satisfy -------------------------------------------------------

def ships() -> list[Record]:
    """Every ship a player can assign: ship tiles, charter ships and start cards played as charter ships."""
    s = spec()
    out = [*s.records_of("ship.large"), *s.records_of("ship.small.regular"), *s.records_of("ship.small.starting")]
    return out + [r for r in [*s.records_of("card.charter_ship"), *s.records_of("card.start")]
                  if r.attributes.get("card_type") == "charter_ship"]


def goods_of(ids: list[str]) -> Counter[str]:
    return Counter(i.removeprefix("good.") for i in ids)


def test_large_ship_cost_example() -> None:
    wood, iron = (int(g) for g in re.search(r"\((\d) Wood and (\d) Iron\)", flat("en")).groups())
    assert "(two wood and two iron)" in flat("en-zman")
    wanted = Counter({"wood": wood, "iron": iron})
    assert any(goods_of(r.attributes["cost"]) == wanted for r in spec().records_of("ship.large"))
    for r in spec().records_of("ship.large"):
        assert r.attributes["cost"], r.id


def test_small_ship_cost_is_stated() -> None:
    cost = goods_of(spec().components["ship.small"].attributes["cost"])
    assert cost == Counter({"wood": stated_int("de", r"Jedes kleine Schiff kostet (\d+) Holz"),
                            "cloth": stated_int("de", r"kostet 1 Holz und (\d+) Tuch")})


def test_load_examples() -> None:
    crate = stated_int("de", r"Die Zahl auf der Kiste \((\d)\)")
    assert any(r.attributes["crate"] == crate for r in spec().records_of("ship.small.regular"))
    sails = [stated_int("de", p) for p in (r"Blau hat bei der Aktion Beladen ein Schiff mit dem Segelwert (\d)",
                                            r"Rot hat ebenfalls eine (\d)", r"und Gelb eine (\d)")]
    values = Counter(r.attributes["sail"] for r in ships())
    assert all(values[v] >= sails.count(v) for v in sails)
    # crate 3 entitles Red to iron, and cloth is less valuable (a lower row)
    red_crate = stated_int("de", r"Rot hat ein Schiff mit dem Wert (\d) bei den Kisten")
    for nation in spec().records_of("board.player"):
        rows = spec().tables[nation.attributes["load_table"]].as_dicts()
        good = [row["good"] for row in rows if row["crate_at_least"] <= red_crate][-1]
        assert good == "good.iron"
        order = [row["good"] for row in rows]
        assert order.index("good.cloth") < order.index("good.iron")


def test_settle_example() -> None:
    total = stated_int("de", r"Rot zählt also alle Segelwerte zusammen und erreicht (\d+)")
    ships_max = stated_int("de", r"dort das Maximum von (\d) Schiffen")
    s = spec()
    combos = [(large, small, charter)
              for large in s.records_of("ship.large")
              for small in [*s.records_of("ship.small.regular"), *s.records_of("ship.small.starting")]
              for charter in s.records_of("card.charter_ship")
              if large.attributes["sail"] + small.attributes["sail"] + charter.attributes["sail"] == total
              and {large.attributes["settler"], small.attributes["settler"]} == {1, 2}
              and charter.attributes["settler"] == 1]
    assert combos, "no large + small + charter ship reproduces the Settle example"
    assert ships_max == 3
    assert any(r.attributes["sail"] == stated_int("de", r"Blau hat nur ein Schiff mit einem Segelwert von (\d)")
               for r in ships())
    # the settled tiles offer 1 wood + 1 cloth as one bonus, and 3 points as one bonus
    tiles = [r.attributes for r in s.records_of("tile.island")]
    bonuses = [(goods_of(t[f"bonus_{i}_goods"]), t[f"bonus_{i}_points"]) for t in tiles for i in (1, 2)]
    assert (Counter({"wood": 1, "cloth": 1}), 0) in bonuses
    assert (Counter(), stated_int("de", r"Er entscheidet sich für die (\d) Punkte")) in bonuses


def test_deliver_example_ships_and_contracts() -> None:
    crates = Counter(r.attributes["crate"] for r in ships())
    first = stated_int("de", r"Sein erstes Schiff zeigt eine (\d) beim Kistensymol")
    others = stated_int("de", r"Seine beiden anderen Schiffe zeigen jeweils eine (\d)")
    assert crates[first] >= 1 and crates[others] >= 2
    contracts = [(goods_of(r.attributes["goods"]), r.attributes["points"]) for r in spec().records_of("tile.contract")]
    hamburg_wood = stated_int("de", r"Gelb liefert (\d) Holz nach Hamburg")
    hamburg_points = stated_int("de", r"Dafür bekommt er (\d+) Punkte")
    assert (Counter({"wood": hamburg_wood}), hamburg_points) in contracts
    m = re.search(r"Er liefert (\d) Holz, (\d) Tuch und (\d) Eisen nach Stockholm\. Für diesen Auftrag bekommt er (\d+) Punkte",
                  flat("de"))
    assert m
    wood, cloth, iron, points = (int(g) for g in m.groups())
    assert (Counter({"wood": wood, "cloth": cloth, "iron": iron}), points) in contracts
    assert first >= hamburg_wood and 2 * others >= wood + cloth + iron


def test_discover_example() -> None:
    total = stated_int("de", r"Die Summe seiner Fernrohre ist (\d)")
    caption = stated_int("en", r"telescope value is (\d)")
    scopes = [r for r in ships()]
    assert any(a.attributes["telescope"] + b.attributes["telescope"] == total for a, b in combinations(scopes, 2))
    assert any(r.attributes["telescope"] == caption for r in scopes)
    m = re.search(r"Blau bekommt also insgesamt (\d) Holz, (\d) Tuch, (\d) Gold und (\d) Punkte", flat("de"))
    assert m
    wood, cloth, gold, points = (int(g) for g in m.groups())
    wanted = (Counter({"wood": wood, "cloth": cloth, "gold": gold}), points)

    def both(tile: Record) -> tuple[Counter[str], int]:
        a = tile.attributes
        return (goods_of(a["bonus_1_goods"]) + goods_of(a["bonus_2_goods"]), a["bonus_1_points"] + a["bonus_2_points"])

    assert any((both(x)[0] + both(y)[0], both(x)[1] + both(y)[1]) == wanted
               for x, y in combinations(spec().records_of("tile.island"), 2))


def score_majority(markers: dict[str, int], first: int, second: int) -> dict[str, int]:
    """Island/city scoring as every edition states it: 1 point per marker, bonus for most / second-most,
    a tie for first gives the tied players the second bonus and nobody the rest, a tie for second gives none."""
    points = dict(markers)
    counts = sorted(set(markers.values()), reverse=True)
    top = [p for p, n in markers.items() if n == counts[0]]
    if len(top) > 1:
        for p in top:
            points[p] += second
        return points
    points[top[0]] += first
    if len(counts) > 1:
        runners = [p for p, n in markers.items() if n == counts[1]]
        if len(runners) == 1:
            points[runners[0]] += second
    return points


def test_nova_scotia_scoring_example() -> None:
    first, second = (int(g) for g in re.search(r"Siegpunktsymbol \((\d)/(\d)\) über Nova Scotia", flat("de")).groups())
    island = spec().areas["island.nova_scotia"].attributes
    assert (island["bonus_first"], island["bonus_second"]) == (first, second)
    red_blue = stated_int("de", r"Das sind jeweils (\d) Marker für Blau und Rot")
    yellow = stated_int("de", r"Gelb hat nur (\d) Marker")
    result = score_majority({"red": red_blue, "blue": red_blue, "yellow": yellow}, first, second)
    assert result == {"red": stated_int("de", r"bekommt als erster seine (\d+) Punkte"),
                      "yellow": stated_int("de", r"danach erhält Gelb (\d+) Punkte"),
                      "blue": stated_int("de", r"zuletzt Blau (\d+) Punkte")}
    assert island["space_count"] * 2 >= 2 * red_blue + yellow  # at most a tower of 2 markers per space


def test_stockholm_scoring_example() -> None:
    city = spec().areas["city.stockholm"].attributes
    first, second = (int(g) for g in re.search(r"Stockholm gewertet wurde, legt Rot \(Startspieler\) eine Ware aus dem "
                                               r"Vorrat auf das Siegpunktsymbol \((\d)/(\d)\)", flat("de")).groups())
    assert (city["bonus_first"], city["bonus_second"]) == (first, second)
    yellow = stated_int("de", r"Gelb hat (\d) Marker, Rot und Blau")
    others = stated_int("de", r"Rot und Blau haben jeweils (\d) Marker")
    assert city["space_count"] == yellow + 2 * others == len(spec().areas["city.stockholm"].spaces)
    result = score_majority({"red": others, "yellow": yellow, "blue": others}, first, second)
    assert result["yellow"] == stated_int("de", r"danach erhält Gelb (\d+) Punkte und zuletzt Blau")
    assert result["red"] == stated_int("de", r"Rot erhält insgesamt also nur (\d) Punkt")


def test_hamburg_spaces() -> None:
    assert spec().areas["city.hamburg"].attributes["space_count"] == stated_int("de", r"weil alle (\d) Felder bereits belegt")
    contract_cities = {sp.attributes["city"] for sp in spec().areas["board.contract_spaces"].spaces}
    assert contract_cities == {a.id for a in spec().areas.values() if a.kind == "city"}
    assert len(spec().areas["board.contract_spaces"].spaces) == spec().rule("setup.contracts").params["open_contracts"]


def test_cartography_chart_example() -> None:
    chart = {row["players"]: row["island_tiles"] for row in spec().tables["cartography_chart"].as_dicts()}
    assert set(chart) == set(range(spec().players_min, spec().players_max + 1))
    assert chart[3] == stated_int("de", r"Da ihr zu dritt spielt würdest du eigentlich (\d) Inselplättchen")
    assert chart[3] == stated_int("nl", r"Omdat er 3 spelers meedoen, zou hij eigenlijk (\d) eilandtegels")


def test_fifty_hundred_cards_example() -> None:
    cards = sorted(spec().records_of("card.fifty_hundred"), key=lambda r: r.attributes["stack_position"])
    bonus = [c.attributes["bonus_50"] for c in cards]
    assert bonus == sorted(bonus, reverse=True)
    assert bonus[0] == stated_int("en-zman", r'with the "(\d)" card on the top')
    first = stated_int("de", r"erhält er durch diese Karte (\d) Bonuspunkte")
    second, third = (int(g) for g in re.search(r"Rot erhält (\d) und Gelb (\d) Punkt", flat("de")).groups())
    assert bonus[:3] == [first, second, third]


def test_objective_card_examples() -> None:
    cards = {r.id.rsplit(".", 1)[1]: r.attributes for r in spec().records_of("card.objective")}
    iron = cards["goods_iron"]
    assert iron["goals"] == 1
    assert iron["top_count"] <= stated_int("de", r"Er hat (\d) Eisen in seinem Lager")
    assert iron["top_points"] == stated_int("de", r"und bekommt sofort (\d) Punkte")
    island = cards["island_markers"]
    nine = stated_int("de", r"Gelb hat (\d) Marker auf einer Insel")
    assert (island["top_count"], island["bottom_count"]) == (6, 9) and island["bottom_count"] <= nine
    assert island["bottom_points"] == stated_int("de", r"bekommt dafür weitere (\d+) Punkte")
    scored = cards["scored_islands"]
    assert scored["bottom_count"] == 2 and scored["min_markers"] <= 6
    assert scored["bottom_points"] == stated_int("en", r"Green receives (\d+) points")
    # the supplement's types: 1 per good, 1 per ship symbol, 1 per ship size, 5 single cards
    types = Counter(a["objective_type"] for a in cards.values())
    assert types["goods"] == 4 and types["ship_symbol"] == 4 and types["ship_count"] == 2
    assert sum(types.values()) == spec().components["card.objective"].count


def test_player_boards_satisfy_the_examples() -> None:
    nl = flat("nl")
    fully, instead = (int(g) for g in re.search(r"maximaal (\d) schepen bezitten in plaats van (\d)", nl).groups())
    with_drake = stated_int("nl", r"met Francis Drake zou hij zelfs (\d) schepen")
    drake = spec().records["card.captain.drake"].attributes["extra_shipyards"]
    for board in spec().records_of("board.player"):
        a = board.attributes
        assert a["max_ships_load"] == 1
        assert a["max_ships_settle"] >= 3 and a["max_ships_deliver"] >= 3 and a["max_ships_discover"] >= 2
        assert a["starting_shipyards"] + 1 == instead  # plus the shipyard expansion
        assert goods_of(a["shipyard_expansion_cost"]) == Counter({"cloth": 1, "iron": 1})
        assert spec().records[a["starting_ship"]].attributes["nation"] == board.id
        assert spec().records[a["start_card"]].attributes["nation"] == board.id
    portugal = spec().records["nation.portugal"].attributes
    assert portugal["starting_shipyards"] + 1 + portugal["extra_shipyards"] == fully
    assert fully + drake == with_drake
    numbers = [b.attributes["start_number"] for b in spec().records_of("board.player")]
    assert len(set(numbers)) == len(numbers)


# ---- provenance and setup ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["faces_ships.yaml", "faces_tiles.yaml", "faces_cards.yaml"])
def test_face_files_are_marked_assumed(name: str) -> None:
    data: dict[str, Any] = yaml.safe_load((SPEC_DIR / "components" / name).read_text(encoding="utf-8"))
    assert data["provenance"]["kind"] == "assumed"
    assert data["records"], name


def test_setup_steps_are_numbered_and_cited_everywhere() -> None:
    steps = spec().setup
    assert [s.order for s in steps] == list(range(1, 14))
    for step in steps:
        assert step.id.startswith("setup.")
        assert set(step.citations) == set(EDITIONS), step.id
        for name in re.findall(r"\{([a-z_]+)\}", step.summary):
            assert name in step.params, (step.id, name)
        assert not re.search(r"\d", re.sub(r"\{[^}]*\}", "", step.summary)), f"{step.id}: number in summary"


def test_setup_numbers_are_the_texts_numbers() -> None:
    p = {s.id: s.params for s in spec().setup}
    assert p["setup.small_ships"]["starting_ships"] == stated_int("de", r"Sortiert zuerst aus den 17 kleinen Schiffen die (\d)")
    assert p["setup.small_ships"]["market_ships"] == stated_int("de", r"Davon deckst du (\d) kleine Schiffe auf")
    assert p["setup.large_ships"]["market_ships"] == stated_int("de", r"Danach legst du (\d) große Schiffe")
    assert p["setup.contracts"]["open_contracts"] == stated_int("de", r"(\d) Auftragsplättchen auf und legst sie offen")
    assert p["setup.players"]["markers_per_player"] == stated_int("de", r"nimmt sich die (\d+) Marker seiner Farbe")
    assert p["setup.one_x_cards"]["one_x_cards"] == spec().components["card.one_x"].count
    assert p["setup.small_ships"]["small_ships"] == stated_int("de", r"Sortiert zuerst aus den (\d+) kleinen Schiffen")
    assert p["setup.islands"]["island_tiles"] == stated_int("en", r"Shuffle the (\d+) Island Tiles")
    assert p["setup.islands"]["compass_tiles"] == stated_int("en", r"shuffle the (\d+) Compass Tiles")
    for step_id, name, component in (("setup.small_ships", "small_ships", "ship.small"),
                                     ("setup.small_ships", "starting_ships", "ship.small.starting"),
                                     ("setup.large_ships", "large_ships", "ship.large"),
                                     ("setup.contracts", "contract_tiles", "tile.contract"),
                                     ("setup.objectives", "objective_cards", "card.objective"),
                                     ("setup.captains", "captains", "card.captain"),
                                     ("setup.islands", "island_tiles", "tile.island"),
                                     ("setup.islands", "compass_tiles", "tile.compass"),
                                     ("setup.players", "markers_per_player", "piece.marker")):
        component_data = spec().components[component]
        expected = component_data.attributes.get("per_colour", component_data.count)
        assert p[step_id][name] == expected, (step_id, name)
    assert len(spec().areas["market.small_ships"].spaces) == p["setup.small_ships"]["market_ships"]
    assert len(spec().areas["market.large_ships"].spaces) == p["setup.large_ships"]["market_ships"]


def test_setup_rulings_default_to_the_original() -> None:
    for ruling_id in ("setup_unfit_island_tile", "large_ship_market_side", "setup_island_placement_freedom",
                      "island_draw_stacks", "unused_starting_ships"):
        ruling = spec().rulings[ruling_id]
        default = ruling.readings[ruling.default]
        assert "de" in default.editions or "de" in ruling.reason, ruling_id
    assert spec().reading("setup_unfit_island_tile", "en-zman").params["unfit_island_tile"] == "shuffle_back"
    assert spec().reading("setup_unfit_island_tile").params["unfit_island_tile"] == "storage_board"


# ---- references inside the data ----------------------------------------------------------------------------

ID_VALUE = re.compile(
    r"^(good|island|city|nation|card|ship|tile|board|track|market|location|player_board|load_table)\.[a-z0-9_.]+$")


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    return []


def test_id_valued_attributes_resolve() -> None:
    """Attributes that name another item (a record's nation, a cost's goods, a space's city) use existing ids,
    so the engine can follow them."""
    s = spec()
    known = {*s.components, *s.records, *s.areas, *s.tables, *s.decks}
    known |= {space.id for area in s.areas.values() for space in area.spaces}
    values: list[tuple[str, str]] = []
    for item in [*s.components.values(), *s.records.values(), *s.areas.values()]:
        values += [(item.id, v) for v in _strings(item.attributes)]
    for area in s.areas.values():
        values += [(space.id, v) for space in area.spaces for v in _strings(space.attributes)]
    for table in s.tables.values():
        values += [(table.id, v) for v in _strings(table.rows)]
    dangling = [(owner, v) for owner, v in values if ID_VALUE.match(v) and v not in known]
    assert not dangling, dangling
    assert len([v for _, v in values if ID_VALUE.match(v)]) > 100  # the check sees the references


def test_assumed_island_data_lets_every_island_fill() -> None:
    """The assumed shapes must make the game finishable: for each shape there are at least as many island tiles
    as island spaces (every island can be completed and scored), and the compass tiles name every island."""
    s = spec()
    tiles = Counter(r.attributes["shape"] for r in s.records_of("tile.island"))
    spaces = Counter(sp.attributes["shape"] for a in s.areas.values() if a.kind == "island" for sp in a.spaces)
    assert spaces and all(tiles[shape] >= n for shape, n in spaces.items()), (tiles, spaces)
    for area in (a for a in s.areas.values() if a.kind == "island"):
        assert area.attributes["space_count"] == len(area.spaces), area.id
    named = {r.attributes["island"] for r in s.records_of("tile.compass")}
    assert named == {a.id for a in s.areas.values() if a.kind == "island"}
    # at setup one compass tile per player is revealed: enough compass tiles for the largest game
    assert len(s.records_of("tile.compass")) >= s.players_max * s.rule("setup.islands").params["compass_per_player"]
