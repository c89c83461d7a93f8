"""Rule checks of Race to the New Found Land: the four actions (load, settle, deliver, discover) and the 1x cards.

The 1x cards' "any time during your turn" is engine point 1 of issue #15 (cards are offered only in the land
phase, at delivery and in the end phase); the checks of the other decisions are strict expected failures until
the engine offers them there.
"""

from __future__ import annotations

from engine.race_to_the_new_found_land import state as st
from engine.race_to_the_new_found_land.scenario import Scenario
from rulechecks.rulebook import RNFL, rulebook

RED, YELLOW, BLUE = 0, 1, 2


def goods_of(sc: Scenario, p: int) -> dict[str, int]:
    return {g.split(".")[1]: k for g, k in zip(sc.T.goods, sc.state.goods[p], strict=True)}


# --------------------------------------------------------------------------- load


@rulebook(RNFL, "actions.load", {"en-zman": "**Your** ship has a crate value of 3. You may take an iron, a cloth, or a wood."})
def test_crate_3_takes_iron_or_a_less_valuable_good() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.spain")
    sc.assign(RED, "load", "ship.small.regular.s01")  # crate 3
    sc.run("load", RED)
    assert {a.get("good") for a in sc.state.legal_actions()} == {"good.iron", "good.cloth", "good.wood"}


@rulebook(RNFL, "actions.load.cards", {
    "en-zman": "Then draw a number of 1x cards equal to your ship's crate value. Choose **one** drawn "
               "card to add to your hand, and discard the rest.",
})
def test_draw_one_card_per_crate_and_keep_one() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.spain")
    sc.assign(RED, "load", "ship.small.regular.s01")  # crate 3
    sc.stack_cards("card.goods.g01", "card.goods.g02", "card.goods.g03")
    sc.run("load", RED)
    sc.play("load:good=good.wood")
    offered = {a.get("card") for a in sc.state.legal_actions() if a.kind == "keep"}
    assert offered == {"card.goods.g01", "card.goods.g02", "card.goods.g03"}
    sc.play("keep:card=card.goods.g02")
    assert sc.finished and sc.state.cards[RED] == [sc.T.card_index["card.goods.g02"]]
    assert {sc.T.card_index[c] for c in ("card.goods.g01", "card.goods.g03")} <= set(sc.state.st_cards)


@rulebook(RNFL, "limits.draw_stacks", {
    "en-zman": "If the 1x card deck is empty, shuffle the 1x cards on the discard sheet to create a new "
               "deck.",
})
def test_an_empty_card_deck_is_rebuilt_from_the_storage_board() -> None:
    sc = Scenario(3).clear()
    s = sc.state
    s.st_cards.extend(s.card_stack)
    s.card_stack.clear()
    sc.assign(RED, "load", "ship.small.regular.s03")  # crate 2
    sc.run("load", RED)
    sc.resolve_rest()
    assert len(s.cards[RED]) == 1


def _offers_a_card(sc: Scenario) -> bool:
    """The decision lists the entry that opens the choice of a goods or points card (one entry, not one per card)."""
    return any(a.kind == "play_card" for a in sc.state.legal_actions())


def _play_card(sc: Scenario, card: str) -> None:
    """Open the card choice and play ``card`` from it."""
    sc.play("play_card")
    sc.play(next(a for a in sc.state.legal_actions() if a.kind == "play" and a.get("card") == card))


def _deliver_with_card(card: str) -> Scenario:
    sc = Scenario(3).clear()
    sc.cards(YELLOW, card)
    sc.goods(YELLOW, wood=1)
    sc.assign(YELLOW, "deliver", "ship.small.regular.s01")
    sc.run("deliver", YELLOW)
    return sc


@rulebook(RNFL, "actions.load.card_play", {
    "de": "Waren- und Punktekarten darfst du jederzeit in deinem Zug ausspielen.",
    "en": "You may play Goods and Scoring cards at anytime during your turn.",
})
def test_a_goods_card_is_played_during_the_deliver_action() -> None:
    sc = _deliver_with_card("card.goods.g01")
    assert _offers_a_card(sc)
    before = sum(sc.state.goods[YELLOW])
    card = sc.T.cards[sc.T.card_index["card.goods.g01"]]
    _play_card(sc, "card.goods.g01")
    assert sum(sc.state.goods[YELLOW]) == before + sum(card.goods)


@rulebook(RNFL, "actions.load.card_play", {
    "de": "Dafür erhältst sofort die darauf angegeben Waren und Punkte und legst die Karte auf die "
          "Ablagetafel.",
})
def test_a_played_card_goes_to_the_storage_board() -> None:
    sc = _deliver_with_card("card.goods.g01")
    _play_card(sc, "card.goods.g01")
    idx = sc.T.card_index["card.goods.g01"]
    assert idx not in sc.state.cards[YELLOW] and idx in sc.state.st_cards


@rulebook(RNFL, "actions.load.card_play", {"de": "Waren- und Punktekarten darfst du jederzeit in deinem Zug ausspielen."})
def test_a_goods_card_may_be_played_while_settling() -> None:
    sc = Scenario(3).clear()
    sc.cards(RED, "card.goods.g01")
    sc.tile("island.newfoundland.s1", "tile.island.t01")
    sc.assign(RED, "settle", "ship.small.regular.s02")
    sc.run("settle", RED)
    assert _offers_a_card(sc)


@rulebook(RNFL, "actions.load.card_play", {"en": "You may play Goods and Scoring cards at anytime during your turn."})
def test_a_goods_card_may_be_played_while_discovering() -> None:
    sc = Scenario(3).clear()
    sc.cards(BLUE, "card.goods.g01")
    sc.assign(BLUE, "discover", "ship.small.regular.s01")
    sc.run("discover", BLUE)
    assert _offers_a_card(sc)


@rulebook(RNFL, "actions.load.card_play", {"nl": "**Goederen- en puntenkaarten** mag hij op elk moment in zijn beurt spelen."})
def test_a_goods_card_may_be_played_while_loading() -> None:
    sc = Scenario(3).clear()
    sc.cards(RED, "card.goods.g01")
    sc.assign(RED, "load", "ship.small.regular.s01")
    sc.run("load", RED)
    assert _offers_a_card(sc)


# --------------------------------------------------------------------------- settle


@rulebook(RNFL, "actions.settle.one", {
    "en-zman": "If your ship's settler value is 1, place up to **one** of your markers on an empty "
               "space of an island tile.",
})
def test_settler_1_places_one_cube_and_takes_either_bonus() -> None:
    sc = Scenario(3).clear()
    sc.tile("island.newfoundland.s1", "tile.island.t01")
    tile = sc.T.island_tiles[sc.T.island_tile_index["tile.island.t01"]]
    sc.assign(RED, "settle", "ship.small.regular.s01")  # settler 1
    assert sc.T.ships[sc.T.ship_index["ship.small.regular.s01"]].settler == 1
    sc.run("settle", RED)
    assert {a.get("bonus") for a in sc.state.legal_actions() if a.kind == "settle"} == set(range(len(tile.bonuses)))
    sc.play("settle:space=island.newfoundland.s1,spot=0,bonus=1")
    sp = sc.T.space_index["island.newfoundland.s1"]
    assert sc.state.spot_owner[sp][0] == RED and sc.state.spot_height[sp][0] == 1
    assert sc.state.score[RED] == tile.bonuses[1].points


@rulebook(RNFL, "actions.settle.two", {
    "en-zman": "If your ship's settler value is two, you can stack two of your markers on **one** empty "
               "space of an island tile. **Do not place a marker on each space.**",
})
def test_settler_2_stacks_two_cubes_on_one_space() -> None:
    sc = Scenario(3).clear()
    sc.tile("island.newfoundland.s1", "tile.island.t01")
    sc.assign(RED, "settle", "ship.large.l01")  # settler 2
    sc.run("settle", RED)
    sc.play("settle:space=island.newfoundland.s1,spot=0,bonus=0")
    sp = sc.T.space_index["island.newfoundland.s1"]
    assert sc.state.spot_height[sp] == [2, 0]


@rulebook(RNFL, "actions.settle", {
    "en-zman": "When you perform the **settle** action, the settler value of each ship individually "
               "determines how many settlers you can place. **Do not** combine the settler values of "
               "the ships you assigned to the **settle** action.",
})
def test_each_settle_ship_places_on_its_own() -> None:
    sc = Scenario(3).clear()
    sc.tile("island.newfoundland.s1", "tile.island.t01")
    sc.tile("island.newfoundland.s7", "tile.island.t02")
    sc.assign(RED, "settle", "ship.small.regular.s02", "ship.large.l01", "card.charter_ship.h1")
    sc.run("settle", RED)
    asked = 0
    while not sc.finished:
        assert sc.state.stage == st.SETTLE
        asked += 1
        sc.play(next(a for a in sc.state.legal_actions() if a.kind == "settle"))
    assert asked == 3  # one decision per ship


@rulebook(RNFL, "actions.settle.one", {"en-zman": "An island space is empty if there are no other markers on it."})
def test_an_occupied_space_cannot_be_settled() -> None:
    sc = Scenario(3).clear()
    sc.tile("island.newfoundland.s1", "tile.island.t01", [(BLUE, 1), (BLUE, 1)])
    sc.assign(RED, "settle", "ship.small.regular.s01")
    sc.run("settle", RED)
    assert [a.kind for a in sc.state.legal_actions()] == ["new_england"]


@rulebook(RNFL, "actions.settle.new_england", {
    "de": "Du verzichtest dabei darauf, einen Marker zu setzen und erhältst dafür 1 Punkt für "
          "jeden nicht gesetzten Marker.",
})
def test_new_england_scores_a_point_per_cube_not_placed() -> None:
    sc = Scenario(3, edition="de").clear()
    sc.assign(RED, "settle", "ship.large.l01")  # settler 2
    sc.run("settle", RED)
    sc.play("new_england")
    assert sc.state.score[RED] == 2 and sc.state.cubes_placed[RED] == 0


@rulebook(RNFL, "actions.settle.new_england", {
    "en-zman": "score points equal to the settler value of that ship (do not place any markers when "
               "settling New England).",
})
def test_zman_new_england_scores_the_settler_value() -> None:
    sc = Scenario(3, edition="en-zman").clear()
    sc.assign(RED, "settle", "ship.small.regular.s01")  # settler 1
    sc.run("settle", RED)
    sc.play("new_england")
    assert sc.state.score[RED] == 1


# --------------------------------------------------------------------------- deliver


def deliver(edition: str = "de", goods: dict[str, int] | None = None, ships: tuple[str, ...] = ("ship.small.regular.s01",),
            contracts: dict[int, str] | None = None) -> Scenario:
    sc = Scenario(3, edition=edition).clear().start_player(RED)
    sc.nation(YELLOW, "nation.spain")
    for slot, contract in (contracts or {3: "tile.contract.c01"}).items():
        sc.contract(slot, contract)
    sc.goods(YELLOW, **(goods or {"wood": 2}))
    sc.assign(YELLOW, "deliver", *ships)
    sc.run("deliver", YELLOW)
    return sc


@rulebook(RNFL, "actions.deliver.contracts", {
    "en-zman": "To fulfill an order, pay the commodities shown on that order tile from your storage area",
})
def test_a_contract_takes_its_goods_and_gives_its_points() -> None:
    sc = deliver()
    contract = sc.T.contracts[sc.state.contracts[3]]
    sc.play("contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]")
    assert sc.state.score[YELLOW] == contract.points and goods_of(sc, YELLOW)["wood"] == 0


@rulebook(RNFL, "actions.deliver.city_markers", {
    "en-zman": "Then place one of your markers on one of the empty spaces of the city the order was in.",
})
def test_a_contract_puts_a_cube_in_its_city() -> None:
    sc = deliver()
    city = sc.T.contract_slots[3]
    sc.play("contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]")
    assert sc.state.city_cubes[city] == [YELLOW]


@rulebook(RNFL, "actions.deliver.city_markers", {
    "en-zman": "If a city has no empty spaces left, you can still fulfill orders in that city, but you "
               "cannot place your markers there.",
})
def test_a_full_city_takes_no_cube_but_the_contract_still_counts() -> None:
    sc = Scenario(3).clear()
    city = sc.T.contract_slots[3]
    sc.city(sc.T.cities[city].id, [RED] * sc.T.cities[city].cube_spaces)
    sc.contract(3, "tile.contract.c01")
    sc.goods(YELLOW, wood=2)
    sc.assign(YELLOW, "deliver", "ship.small.regular.s01")
    sc.run("deliver", YELLOW)
    sc.play("contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]")
    assert YELLOW not in sc.state.city_cubes[city] and sc.state.score[YELLOW] > 0


@rulebook(RNFL, "actions.deliver", {
    "en-zman": "Multiple ships can work together to fulfill a single order, but each ship cannot split "
               "its crate value among multiple orders.",
})
def test_ships_combine_for_one_order_but_never_split() -> None:
    sc = deliver(goods={"wood": 3, "cloth": 1, "iron": 2},
                 ships=("ship.small.regular.s01", "ship.small.regular.s03", "ship.small.regular.s04"),
                 contracts={3: "tile.contract.c01", 0: "tile.contract.c15"})
    sc.play("contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]")
    rest = [a for a in sc.state.legal_actions() if a.kind == "contract"]
    assert rest and all("ship.small.regular.s01" not in a.get("ships") for a in rest)  # s01 is used up
    assert any(set(a.get("ships")) == {"ship.small.regular.s03", "ship.small.regular.s04"} for a in rest)


@rulebook(RNFL, "actions.deliver", {
    "en-zman": "Your first ship has a crate value of 3, so it can deliver a maximum of three "
               "commodities.",
})
def test_a_ship_delivers_no_more_goods_than_its_crates() -> None:
    sc = deliver(goods={"wood": 1, "cloth": 1, "iron": 2}, contracts={0: "tile.contract.c15"})  # 4 goods, crate 3
    assert not [a for a in sc.state.legal_actions() if a.kind == "contract" and a.get("slot") == 0]


@rulebook(RNFL, "actions.deliver.refill", {
    "de": "Danach füllst du die leeren Felder wieder mit Aufträgen auf, sodass wieder 9 offene "
          "Aufträge ausliegen.",
})
def test_the_original_refills_contracts_after_the_whole_delivery() -> None:
    sc = deliver(goods={"wood": 2, "cloth": 2}, ships=("ship.small.regular.s01", "ship.small.regular.s03"))
    sc.play("contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]")
    assert sc.state.contracts[3] == st.EMPTY
    sc.play("done")
    assert st.EMPTY not in sc.state.contracts


@rulebook(RNFL, "actions.deliver.refill", {"en": "there are always 9 Contracts available."})
def test_english_refills_each_contract_at_once() -> None:
    sc = deliver("en", goods={"wood": 2, "cloth": 2}, ships=("ship.small.regular.s01", "ship.small.regular.s03"))
    sc.play("contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]")
    assert sc.state.contracts[3] != st.EMPTY  # refilled before the next contract


@rulebook(RNFL, "actions.deliver.antwerp", {
    "de": "Jede Ware bringt dir dabei 1 Punkt ein, du benötigst aber dennoch für jede Ware die du "
          "abgibst jeweils",
})
def test_antwerp_gives_a_point_per_good_up_to_the_crates() -> None:
    sc = deliver(goods={"wood": 5}, ships=("ship.small.regular.s03",))  # crate 2
    sc.play("antwerp:ships=[ship.small.regular.s03]", "ship_good:good=good.wood", "ship_good:good=good.wood")
    assert sc.finished and sc.state.score[YELLOW] == 2 and goods_of(sc, YELLOW)["wood"] == 3


@rulebook(RNFL, "actions.deliver.antwerp", {
    "en-zman": "Instead of fulfilling an order, you can use one or more of your ships to deliver any "
               "number and combination of commodities to Antwerp.",
})
def test_zman_antwerp_takes_any_number() -> None:
    sc = deliver("en-zman", goods={"wood": 5}, ships=("ship.small.regular.s03",))
    sc.play("antwerp:ships=[ship.small.regular.s03]", *["ship_good:good=good.wood"] * 5)
    assert sc.state.score[YELLOW] == 5


@rulebook(RNFL, "land.gold_substitute", {"de": "Achtung: Das gilt auch beim Hafen ausbauen und beim Liefern."})
def test_gold_may_stand_in_when_delivering() -> None:
    sc = deliver(goods={"wood": 1, "gold": 1})
    assert any(a.kind == "contract" and "good.gold" in a.get("pay") for a in sc.state.legal_actions())


# --------------------------------------------------------------------------- discover


@rulebook(RNFL, "actions.discover", {
    "en-zman": "For each ship you have assigned to the **discover** action, draw a number of island "
               "tiles equal to that ship's spyglass value.",
})
def test_discover_draws_one_tile_per_telescope() -> None:
    sc = Scenario(3).clear()
    sc.assign(BLUE, "discover", "ship.large.l06", "ship.small.regular.s01")
    telescopes = sum(sc.T.ships[sc.T.ship_index[x]].telescope for x in ("ship.large.l06", "ship.small.regular.s01"))
    sc.run("discover", BLUE)
    assert len(sc.state.ctx["drawn"]) == telescopes == 5


@rulebook(RNFL, "actions.discover.marker", {
    "en-zman": "When you place a tile, immediately place one of your markers in one of the empty spaces "
               "on that island tile. Then take **both** bonuses shown on that tile.",
})
def test_a_discovered_tile_gets_a_cube_and_gives_both_bonuses() -> None:
    sc = Scenario(3).clear()
    sc.assign(BLUE, "discover", "ship.small.regular.s01")
    sc.stack_islands("tile.island.t01")
    sc.run("discover", BLUE)
    space = next(a.get("space") for a in sc.state.legal_actions())
    sc.play(f"place:tile=tile.island.t01,space={space}")
    tile = sc.T.island_tiles[sc.T.island_tile_index["tile.island.t01"]]
    assert sc.state.score[BLUE] == sum(b.points for b in tile.bonuses)
    assert sc.state.goods[BLUE] == [sum(b.goods[g] for b in tile.bonuses if b.goods) for g in range(4)]
    assert sc.state.spot_owner[sc.T.space_index[space]] == [BLUE, st.EMPTY]


@rulebook(RNFL, "actions.discover", {
    "en-zman": "place **one** of the drawn tiles faceup on any island so that the image on the tile "
               "lays on top of a matching image.",
})
def test_a_tile_goes_only_on_a_space_of_its_shape() -> None:
    sc = Scenario(3).clear()
    sc.assign(BLUE, "discover", "ship.small.regular.s01")
    sc.stack_islands("tile.island.t28")
    sc.run("discover", BLUE)
    shape = sc.T.island_tiles[sc.T.island_tile_index["tile.island.t28"]].shape
    spaces = {a.get("space") for a in sc.state.legal_actions()}
    assert spaces and {sc.T.island_spaces[sc.T.space_index[x]].shape for x in spaces} == {shape}


@rulebook(RNFL, "actions.discover", {
    "en-zman": "After you have placed one island tile for each of your ships, discard your remaining "
               "drawn tiles.",
})
def test_tiles_not_placed_go_to_the_storage_board() -> None:
    sc = Scenario(3).clear()
    sc.assign(BLUE, "discover", "ship.large.l06")  # one ship, telescope 4
    before = len(sc.state.st_islands)
    sc.run("discover", BLUE)
    sc.play(sc.state.legal_actions()[0])
    assert sc.finished and len(sc.state.st_islands) == before + 3
