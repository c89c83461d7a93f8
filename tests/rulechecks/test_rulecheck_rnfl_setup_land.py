"""Rule checks of Race to the New Found Land: setup, the overview of a round, the land phase."""

from __future__ import annotations

import random

import pytest

from engine.race_to_the_new_found_land import state as st
from engine.race_to_the_new_found_land.scenario import Scenario
from engine.runtime.api import GameConfig, IllegalActionError
from engine.runtime.bots import make_bot
from engine.runtime.registry import load_game
from rulechecks.rulebook import RNFL, rulebook

RED, YELLOW, BLUE = 0, 1, 2


def dealt(players: int = 3, seed: int = 4, edition: str | None = None) -> Scenario:
    """A game after setup (the setup's island tiles placed), before anyone has moved."""
    return Scenario(players, edition=edition, seed=seed)


def good(sc: Scenario, name: str) -> int:
    return sc.T.goods.index(f"good.{name}")


# --------------------------------------------------------------------------- setup


@rulebook(RNFL, "setup.goods", {"en-zman": "Each player takes one Iron  from the supply."})
def test_every_player_starts_with_one_iron() -> None:
    sc = dealt()
    for p in range(3):
        income = sc.T.income if p == sc.state.start_player else (0,) * len(sc.T.goods)  # the start player's land turn began
        assert [g - i for g, i in zip(sc.state.goods[p], income, strict=True)] == [0, 0, 1, 0]


@rulebook(RNFL, "setup.goods", {"en-zman": "Then place one of each commodity (Wood , Cloth , Iron , and Gold ) on the"})
def test_the_goods_space_holds_one_of_each_good() -> None:
    assert dealt().state.triangle_goods == [1, 1, 1, 1]


@rulebook(RNFL, "setup.contracts", {
    "en-zman": "Draw nine tiles from this stack and place one faceup on each of the order spaces.",
})
def test_nine_contracts_lie_open() -> None:
    contracts = dealt().state.contracts
    assert len(contracts) == 9 and st.EMPTY not in contracts


@rulebook(RNFL, "setup.small_ships", {
    "en-zman": "Then draw four ships from this stack and place one faceup on each of the sale spaces "
               "next to the stack.",
})
def test_four_small_and_four_large_ships_in_the_market() -> None:
    s = dealt().state
    assert len(s.small_market) == len(s.large_market) == 4
    assert st.EMPTY not in s.small_market and st.EMPTY not in s.large_market


@rulebook(RNFL, "setup.small_ships", {
    "en-zman": "Take the starting **small ship** (indicated by an \"S\" on the back) that matches the "
               "flag on your player sheet.",
})
def test_each_player_has_his_nations_starting_ship() -> None:
    sc = dealt(4)
    for p in range(4):
        assert sc.state.yard[p] == [sc.state.nat(p).start_ship]


@rulebook(RNFL, "setup.small_ships", {
    "en-zman": "Shuffle all the remaining small ships",
    "nl": "(inclusief de niet gebruikte met een \"S\" gemarkeerde schepen)",
})
def test_unused_starting_ships_join_the_small_ship_stack() -> None:
    sc = dealt(3)
    used = {sc.state.nat(p).start_ship for p in range(3)}
    unused = {n.start_ship for n in sc.T.nations} - used
    in_play = set(sc.state.small_stack) | set(sc.state.small_market)
    assert len(unused) == 2 and unused <= in_play


@rulebook(RNFL, "setup.one_x_cards", {
    "en-zman": "Take the starting **1x card** (indicated by an \"S\" on the back) that matches the flag "
               "on your player sheet.",
})
def test_each_player_holds_his_nations_start_card() -> None:
    sc = dealt(4)
    for p in range(4):
        assert sc.state.cards[p] == [sc.state.nat(p).start_card]


@rulebook(RNFL, "setup.frame_markers", {
    "en-zman": "Place the **milestone markers** on the 7, 15, 20, 25, and 35 spaces of the score track",
})
def test_frame_markers_start_on_7_15_20_25_35() -> None:
    assert dealt().state.frame_pos == [7, 15, 20, 25, 35]


@rulebook(RNFL, "setup.objectives", {"en-zman": "Shuffle the goal cards into three facedown piles of five cards each."})
def test_three_objective_stacks_of_five() -> None:
    stacks = dealt().state.objective_stacks
    assert [len(x) for x in stacks] == [5, 5, 5]


@rulebook(RNFL, "setup.captains", {"en-zman": "Place the captain cards faceup on the"})
def test_all_five_captains_wait_on_their_space() -> None:
    assert len(dealt().state.captain_pool) == 5


@rulebook(RNFL, "setup.fifty_hundred_cards", {
    "en-zman": "Sort the **50/100 cards** so that they are in descending order (with the \"5\" card on "
               "the top)",
})
def test_fifty_hundred_cards_lie_in_descending_order() -> None:
    sc = dealt()
    values = [sc.T.fifty_cards[c][0] for c in sc.state.fifty_stack]
    assert values[0] == 5 and values == sorted(values, reverse=True)


@rulebook(RNFL, "setup.players", {"en-zman": "The player with the lowest number on his or her player sheet is the first player"})
@pytest.mark.parametrize("seed", range(4))
def test_the_lowest_player_board_number_starts(seed: int) -> None:
    sc = dealt(3, seed=seed)
    numbers = [sc.state.nat(p).number for p in range(3)]
    assert sc.state.start_player == numbers.index(min(numbers))


@rulebook(RNFL, "setup.islands", {
    "en-zman": "Shuffle the compass tiles and reveal one for each player. For each revealed compass "
               "tile, draw one island tile",
})
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_places_one_island_tile_per_player(players: int) -> None:
    sc = dealt(players)
    assert sum(1 for t in sc.state.space_tile if t != st.EMPTY) == players
    assert not sc.state.compass_revealed  # "Then shuffle the compass tiles and place them facedown as a stack"


@rulebook(RNFL, "setup.large_ships", {"de": "Danach legst du 4 große Schiffe mit der Rückseite nach oben"})
def test_large_ships_in_the_market_show_only_their_cost() -> None:
    obs = dealt(edition="de").state.observation(0)
    assert all(set(x) == {"cost"} for x in obs["large_market"])


# --------------------------------------------------------------------------- the round


@rulebook(RNFL, "end_of_game.rounds", {"en-zman": "The *Race to the New Found Land* takes place over four rounds."})
def test_a_game_lasts_four_rounds() -> None:
    state = load_game(GameConfig(RNFL, 3, 2)).new_initial_state()
    bot, rng, rounds = make_bot("random", RNFL), random.Random(2), set()
    while not state.is_terminal():
        rounds.add(state.observation(-1)["round"])
        state.apply(bot.choose(state, rng))
    assert rounds == {0, 1, 2, 3}


@rulebook(RNFL, "overview.actions", {
    "en-zman": "The four possible actions are **1. Load** (page 7), **2. Settle** (page 8), **3. "
               "Deliver** (page 8), and **4. Discover** (page 9).",
})
def test_the_four_actions_are_planned_in_their_order() -> None:
    sc = dealt(2)
    sc.run("planning")
    planned = []
    while not sc.finished:
        planned.append(sc.T.actions[sc.state.ctx["act"]])
        sc.play("done")
    assert list(dict.fromkeys(planned)) == ["load", "settle", "deliver", "discover"]


@rulebook(RNFL, "overview.phases", {
    "en-zman": "Each round begins with the **land phase** (page 4), during which you **receive income**",
})
def test_a_round_begins_with_the_land_phase() -> None:
    state = load_game(GameConfig(RNFL, 2, 7)).new_initial_state()
    bot, rng = make_bot("random", RNFL), random.Random(7)
    last_round = 0
    while not state.is_terminal():
        obs = state.observation(-1)
        if obs["round"] != last_round:
            assert obs["stage"] == "land"  # the first decision of a new round
            last_round = obs["round"]
        state.apply(bot.choose(state, rng))
    assert last_round == 3


# --------------------------------------------------------------------------- land phase


@rulebook(RNFL, "land.income", {
    "en-zman": "Take one cloth and one wood from the supply and place them on the storage area of your "
               "player sheet.",
})
def test_income_is_one_cloth_and_one_wood() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.run("land")
    assert sc.state.goods[RED] == [1, 1, 0, 0] and sc.state.goods[YELLOW] == [0, 0, 0, 0]


@rulebook(RNFL, "land.order", {
    "en-zman": "After you have completed these three steps, the next player clockwise from you performs "
               "all three steps in the same order.",
})
def test_the_land_phase_goes_clockwise_each_taking_income_in_turn() -> None:
    sc = Scenario(3).clear().start_player(YELLOW)
    sc.run("land")
    assert sc.state.cur == YELLOW
    sc.play("done")
    assert sc.state.cur == BLUE and sc.state.goods[BLUE] == [1, 1, 0, 0]
    sc.play("done")
    assert sc.state.cur == RED and sc.state.goods[RED] == [1, 1, 0, 0]


@rulebook(RNFL, "land.harbour_expansion.shipyard", {
    "en-zman": "To purchase the fourth shipyard, spend one cloth and one iron from your storage area, "
               "returning them to the supply.",
})
def test_the_fourth_shipyard_costs_one_cloth_and_one_iron() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.goods(RED, iron=1)
    sc.run("land")
    before = sc.state.capacity(RED)
    sc.play("expand:what=shipyard,pay=[good.cloth;good.iron]")
    assert sc.state.capacity(RED) == before + 1 == 4
    assert sc.state.goods[RED] == [0, 1, 0, 0]


@rulebook(RNFL, "land.harbour_expansion", {"en-zman": "you do not need to pay an upgrade's purchase cost again on later turns"})
def test_an_expansion_is_bought_once() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.goods(RED, cloth=3, iron=3)
    sc.run("land")
    sc.play("expand:what=shipyard,pay=[good.cloth;good.iron]")
    assert not [a for a in sc.state.legal_actions() if a.kind == "expand" and a.get("what") == "shipyard"]


@rulebook(RNFL, "land.build_ships", {"en-zman": "Each small ship costs **1 wood and 1 cloth** to build"})
def test_a_small_ship_costs_one_wood_and_one_cloth() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.run("land")
    ship = sc.T.ships[sc.state.small_market[0]].id
    sc.play(f"build:ship={ship},pay=[good.cloth;good.wood]")
    assert sc.state.goods[RED] == [0, 0, 0, 0] and sc.T.ship_index[ship] in sc.state.yard[RED]


@rulebook(RNFL, "land.build_ships", {"en-zman": "To build a ship, pay its cost using commodities from your storage area"})
def test_no_ship_without_its_cost() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.run("land")  # income only: 1 cloth, 1 wood
    sc.play(next(a for a in sc.state.legal_actions() if a.kind == "build" and a.get("ship")))
    assert not [a for a in sc.state.legal_actions() if a.kind == "build"]  # nothing left to pay with


@rulebook(RNFL, "land.build_ships", {
    "en-zman": "You can build multiple ships during each land phase, but you must pay for each of them "
               "separately.",
})
def test_several_ships_in_one_land_phase() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.goods(RED, cloth=1, wood=1)
    sc.run("land")
    for _ in range(2):
        ship = next(a for a in sc.state.legal_actions() if a.kind == "build" and a.get("ship"))
        sc.play(ship)
    assert len(sc.state.yard[RED]) == 2 and sc.state.goods[RED] == [0, 0, 0, 0]


@rulebook(RNFL, "land.build_ships.shipyard_limit", {
    "en-zman": "If you build a ship and do not have any empty shipyards, you can discard one of your "
               "ships by moving it to the discard sheet, replacing it with the newly built ship.",
})
def test_a_full_harbour_gives_up_a_ship_to_the_storage_board() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.ships(RED, "ship.small.regular.s01", "ship.small.regular.s02", "ship.small.regular.s03")
    sc.run("land")
    builds = [a for a in sc.state.legal_actions() if a.kind == "build"]
    assert builds and all(a.get("discard") is not None for a in builds)
    action = next(a for a in builds if a.get("discard") == "ship.small.regular.s02")
    sc.play(action)
    assert len(sc.state.yard[RED]) == 3 and sc.T.ship_index["ship.small.regular.s02"] in sc.state.st_small


@rulebook(RNFL, "land.build_ships.large_points", {"en-zman": "When you build a large ship, you immediately score three points."})
def test_a_large_ship_scores_three_points() -> None:
    sc = Scenario(3, edition="en-zman").clear().start_player(RED)
    sc.goods(RED, cloth=5, wood=5, iron=5)
    sc.run("land")
    build = next(a for a in sc.state.legal_actions() if a.kind == "build" and a.get("ship", "").startswith("ship.large"))
    sc.play(build)
    assert sc.state.score[RED] == 3


@rulebook(RNFL, "land.gold_substitute", {
    "de": "Anstatt 1 Holz, 1 Tuch oder 1 Eisen abzugeben, darfst du stattdessen 1 Gold abgeben.",
})
@pytest.mark.parametrize("edition", ["de", "en", "nl", "en-zman"])
def test_gold_may_stand_in_for_wood(edition: str) -> None:
    sc = Scenario(3, edition=edition).clear().start_player(RED)
    sc.goods(RED, gold=1)  # with the income: 1 cloth, 1 wood, 1 gold
    sc.run("land")
    assert any(a.kind == "build" and a.get("pay") == ("good.cloth", "good.gold") for a in sc.state.legal_actions())


@rulebook(RNFL, "land.gold_substitute", {"de": "Achtung: Das gilt auch beim Hafen ausbauen und beim Liefern."})
def test_gold_may_stand_in_when_expanding_the_harbour() -> None:
    sc = Scenario(3, edition="de").clear().start_player(RED)
    sc.goods(RED, gold=1)  # cloth from the income, gold for the iron
    sc.run("land")
    sc.play("expand:what=shipyard,pay=[good.cloth;good.gold]")
    assert sc.state.exp_yard[RED]


@rulebook(RNFL, "land.market_refill", {
    "en-zman": "After you have completed building ships, refill the small and large ship sale spaces "
               "with tiles from their corresponding stacks.",
})
def test_the_market_is_refilled_after_the_players_land_turn() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.run("land")
    bought = sc.state.small_market[1]
    sc.play(f"build:ship={sc.T.ships[bought].id},pay=[good.cloth;good.wood]")
    assert sc.state.small_market[1] == st.EMPTY
    sc.play("done")
    assert sc.state.small_market[1] not in (st.EMPTY, bought)


@rulebook(RNFL, "land.build_ships", {"en-zman": "place it in one of your empty shipyards"})
def test_an_illegal_build_is_refused_and_changes_nothing() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.run("land")
    before = list(sc.state.goods[RED])
    large = next(s for s in sc.state.large_market if s != st.EMPTY)
    with pytest.raises(IllegalActionError):
        sc.state.apply(st.Action("build", (("space", sc.T.large_market_spaces[0]), ("pay", ("good.cloth", "good.wood")))))
    assert sc.state.goods[RED] == before and large in sc.state.large_market
