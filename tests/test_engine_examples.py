"""Every worked example of the Race to the New Found Land rulebooks, reproduced through the engine.

Positions are built with :class:`engine.race_to_the_new_found_land.scenario.Scenario`; decisions go through
``legal_actions``/``apply`` exactly as in play. Expected figures are the rulebooks' own numbers.
"""

from __future__ import annotations

import pytest

from engine.race_to_the_new_found_land import state as st
from engine.race_to_the_new_found_land.scenario import Scenario
from engine.runtime.api import IllegalActionError

RED, YELLOW, BLUE = 0, 1, 2


def test_nova_scotia_island_scoring_9_3_9() -> None:
    """Red and Blue 5 cubes, Yellow 3 on Nova Scotia (8/4): the tie for first gives both the 4; Yellow none."""
    sc = Scenario(3, edition="en").clear().start_player(RED)
    sc.fill_island("island.nova_scotia", {RED: 5, YELLOW: 3, BLUE: 5})
    assert sc.T.islands[2].id == "island.nova_scotia" and (sc.T.islands[2].first, sc.T.islands[2].second) == (8, 4)
    sc.run("score_islands")
    # counted on the track in turn order from the start player: Red first, who passes the frame marker on 7 and
    # so chooses before Yellow and Blue have moved (the state is read, not patched: the compiled engine's
    # methods cannot be replaced on an instance)
    assert sc.state.stage == st.FRAME and sc.state.cur == RED
    assert sc.state.score == [9, 0, 0]
    deciders = sc.resolve_rest()
    assert sc.state.score == [9, 3, 9]
    assert deciders[0] == RED and BLUE in deciders
    assert sc.state.island_scored[2]


def test_stockholm_city_scoring_1_11_1() -> None:
    """Yellow 3 cubes, Red and Blue 1 each in Stockholm (8/4): tie for second → no second bonus."""
    sc = Scenario(3, edition="de").clear().start_player(RED)
    sc.city("city.stockholm", [YELLOW, YELLOW, YELLOW, RED, BLUE])
    sc.run("score_cities")
    sc.resolve_rest()
    assert sc.state.score == [1, 11, 1]
    assert sc.state.city_scored[0]


def test_unscored_island_is_not_scored_and_scored_one_is_not_scored_again() -> None:
    sc = Scenario(3).clear()
    sc.fill_island("island.nova_scotia", {RED: 4})
    sp = sc.T.islands[2].spaces[0]
    sc.state.space_tile[sp] = st.EMPTY  # one space open: no scoring
    sc.run("score_islands")
    assert sc.state.score == [0, 0, 0]
    sc = Scenario(3).clear()
    sc.fill_island("island.nova_scotia", {RED: 4})
    sc.state.island_scored[2] = True
    sc.run("score_islands")
    assert sc.state.score == [0, 0, 0]


def test_several_islands_score_highest_bonus_first() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.fill_island("island.anticosti", {RED: 2})  # 6/3
    sc.fill_island("island.newfoundland", {BLUE: 2})  # 10/5
    assert sc.state.scorable("island") == [0, 1]  # newfoundland (10) before anticosti (6)


def test_deliver_example_3_plus_11_points() -> None:
    """Yellow: crate 3 ship delivers 2 wood to full Hamburg (3 pts, no cube); two crate-2 ships combine for the
    Stockholm contract of 1 wood, 1 cloth, 2 iron (11 pts) and put a cube on Stockholm's last space."""
    sc = Scenario(3, edition="de").clear().start_player(RED)
    sc.nation(YELLOW, "nation.spain")  # no contract bonus (France's customs is not built anyway)
    sc.contract(3, "tile.contract.c01")  # a Hamburg space
    sc.contract(0, "tile.contract.c15")  # a Stockholm space
    sc.city("city.hamburg", [RED, BLUE, RED])
    sc.city("city.stockholm", [RED, BLUE, RED, BLUE])
    sc.goods(YELLOW, wood=3, cloth=1, iron=2)
    sc.assign(YELLOW, "deliver", "ship.small.regular.s01", "ship.small.regular.s03", "ship.small.regular.s04")
    sc.run("deliver", YELLOW)
    sc.play(
        "contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]",
        "contract:slot=0,ships=[ship.small.regular.s03;ship.small.regular.s04],pay=[good.cloth;good.wood;good.iron;good.iron]",
    )
    assert sc.finished
    assert sc.state.score[YELLOW] == 14
    assert sc.state.goods[YELLOW] == [0, 0, 0, 0]
    assert sc.state.city_cubes[0] == [RED, BLUE, RED, BLUE, YELLOW]  # Stockholm's last space
    assert sc.state.city_cubes[1] == [RED, BLUE, RED]  # Hamburg was full
    fulfilled = {sc.T.contracts[c].id for c in sc.state.st_contracts}
    assert {"tile.contract.c01", "tile.contract.c15"} <= fulfilled
    assert all(c != st.EMPTY for c in sc.state.contracts)  # refilled to the spec's number of open contracts
    assert sorted(sc.state.yard[YELLOW]) == sorted(
        sc.T.ship_index[i] for i in ("ship.small.regular.s01", "ship.small.regular.s03", "ship.small.regular.s04")
    )


def test_deliver_one_ship_per_contract_and_crate_limit() -> None:
    sc = Scenario(3).clear()
    sc.contract(0, "tile.contract.c15")  # 4 goods
    sc.goods(YELLOW, wood=1, cloth=1, iron=2)
    sc.assign(YELLOW, "deliver", "ship.small.regular.s01")  # crate 3 < 4 goods
    sc.run("deliver", YELLOW)
    assert not [a for a in sc.state.legal_actions() if a.kind == "contract" and a.get("slot") == 0]


def test_antwerp_one_point_per_good_limited_by_crate() -> None:
    sc = Scenario(3, edition="de").clear()
    sc.goods(YELLOW, wood=5)
    sc.assign(YELLOW, "deliver", "ship.small.regular.s03")  # crate 2
    sc.run("deliver", YELLOW)
    sc.play("antwerp:ships=[ship.small.regular.s03]", "ship_good:good=good.wood", "ship_good:good=good.wood")
    assert sc.finished and sc.state.score[YELLOW] == 2 and sc.state.goods[YELLOW][1] == 3


def test_antwerp_any_number_by_zman_reading() -> None:
    sc = Scenario(3, edition="en-zman").clear()
    sc.goods(YELLOW, wood=5)
    sc.assign(YELLOW, "deliver", "ship.small.regular.s03")  # crate 2, not a limit in this reading
    sc.run("deliver", YELLOW)
    sc.play("antwerp:ships=[ship.small.regular.s03]", *["ship_good:good=good.wood"] * 5)
    assert sc.state.score[YELLOW] == 5


def test_settle_example() -> None:
    """Red's three settle ships: settler 1 (1 wood + 1 cloth), settler 2 (a stack of 2, 3 points), a charter ship
    with settler 1 on the second space of the same tile (3 points again)."""
    sc = Scenario(3).clear()
    sc.tile("island.newfoundland.s1", "tile.island.t01")  # bonus 1: wood + cloth, bonus 2: 3 points
    sc.tile("island.newfoundland.s7", "tile.island.t02")
    sc.assign(RED, "settle", "ship.small.regular.s02", "ship.large.l01", "card.charter_ship.h1")
    assert sc.state.sail_total(RED, st.A_SETTLE) == 9  # the action-phase example's total sail value
    sc.run("settle", RED)
    sc.play(
        "settle:space=island.newfoundland.s7,spot=0,bonus=0",
        "settle:space=island.newfoundland.s1,spot=0,bonus=1",
        "settle:space=island.newfoundland.s1,spot=1,bonus=1",
    )
    s = sc.state
    wood, cloth = s.T.goods.index("good.wood"), s.T.goods.index("good.cloth")
    assert s.goods[RED][wood] == 1 and s.goods[RED][cloth] == 1
    assert s.score[RED] == 6
    sp = s.T.space_index["island.newfoundland.s1"]
    assert (s.spot_owner[sp], s.spot_height[sp]) == ([RED, RED], [2, 1])
    assert s.T.card_index["card.charter_ship.h1"] in s.st_cards  # the charter ship goes to the storage board
    assert len(s.yard[RED]) == 2


def test_settle_only_on_empty_spaces_or_new_england() -> None:
    sc = Scenario(3).clear()
    sc.tile("island.newfoundland.s1", "tile.island.t01", [(BLUE, 1), (BLUE, 1)])
    sc.assign(RED, "settle", "ship.large.l01")  # settler 2
    sc.run("settle", RED)
    assert [str(a) for a in sc.state.legal_actions()] == ["new_england"]
    sc.play("new_england")
    assert sc.state.score[RED] == 2  # one point per cube not placed


def test_action_order_by_sail_value_ties_clockwise_from_start_player() -> None:
    """Load example: Blue sail 2, Red sail 2 (start player), Yellow sail 4 → Yellow, Red, Blue."""
    sc = Scenario(3).clear().start_player(RED)
    for p in range(3):
        sc.nation(p, ("nation.portugal", "nation.spain", "nation.france")[p])  # no Naval Office bonus
    sc.assign(BLUE, "load", "ship.small.regular.s04")  # sail 2
    sc.assign(RED, "load", "ship.small.regular.s07")  # sail 2
    sc.assign(YELLOW, "load", "ship.large.l01")  # sail 4
    assert sc.state.action_order(st.A_LOAD) == [YELLOW, RED, BLUE]


def test_settle_order_example_red_first_blue_second_yellow_not() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.assign(RED, "settle", "ship.small.regular.s02", "ship.large.l01", "card.charter_ship.h1")
    sc.assign(BLUE, "settle", "ship.small.regular.s05")  # sail 3
    assert sc.state.action_order(st.A_SETTLE) == [RED, BLUE]


def test_load_example_crate_3_iron_or_less_valuable_then_3_cards_keep_1() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.spain")
    sc.assign(RED, "load", "ship.small.regular.s01")  # crate 3
    sc.stack_cards("card.goods.g01", "card.goods.g08", "card.charter_ship.h2")
    sc.run("load", RED)
    goods = {a.get("good") for a in sc.state.legal_actions()}
    assert goods == {"good.wood", "good.cloth", "good.iron"}  # not gold: crate 3 earns iron
    sc.play("load:good=good.cloth")
    kept = {a.get("card") for a in sc.state.legal_actions()}
    assert kept == {"card.goods.g01", "card.goods.g08", "card.charter_ship.h2"}
    sc.play("keep:card=card.goods.g08")
    s = sc.state
    assert s.goods[RED][s.T.goods.index("good.cloth")] == 1
    assert [s.T.cards[c].id for c in s.cards[RED]] == ["card.goods.g08"]
    assert {s.T.cards[c].id for c in s.st_cards} >= {"card.goods.g01", "card.charter_ship.h2"}


def test_england_keeps_a_second_card_when_drawing_at_least_two() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.england").expand(RED, nation=True)
    sc.assign(RED, "load", "ship.small.regular.s03")  # crate 2
    sc.stack_cards("card.goods.g01", "card.goods.g08")
    sc.run("load", RED)
    sc.play("load:good=good.cloth", "keep:card=card.goods.g01", "keep:card=card.goods.g08")
    assert len(sc.state.cards[RED]) == 2


def test_discover_example() -> None:
    """Blue: two ships with telescope 4 + 1 = 5 draw 5 tiles, place 2 with a cube each, take all bonuses (1 wood,
    2 cloth, 1 gold, 2 points) and put the other 3 on the storage board."""
    sc = Scenario(3).clear()
    sc.assign(BLUE, "discover", "ship.large.l06", "ship.small.regular.s01")
    sc.stack_islands("tile.island.t19", "tile.island.t03", "tile.island.t04", "tile.island.t05", "tile.island.t06")
    storage_before = len(sc.state.st_islands)
    sc.run("discover", BLUE)
    sc.play("place:tile=tile.island.t19,space=island.newfoundland.s2", "place:tile=tile.island.t03,space=island.newfoundland.s1")
    s = sc.state
    assert sc.finished
    assert dict(zip(s.T.goods, s.goods[BLUE], strict=True)) == {"good.cloth": 2, "good.wood": 1, "good.iron": 0, "good.gold": 1}
    assert s.score[BLUE] == 2
    assert len(s.st_islands) == storage_before + 3
    for sid in ("island.newfoundland.s2", "island.newfoundland.s1"):
        sp = s.T.space_index[sid]
        assert s.spot_owner[sp] == [BLUE, st.EMPTY]


def test_discover_shape_must_match() -> None:
    sc = Scenario(3).clear()
    sc.assign(BLUE, "discover", "ship.small.regular.s01")  # telescope 1
    sc.stack_islands("tile.island.t28")  # shape_d
    sc.run("discover", BLUE)
    spaces = {a.get("space") for a in sc.state.legal_actions()}
    shapes = {sc.T.island_spaces[sc.T.space_index[x]].shape for x in spaces}
    assert shapes == {"shape_d"}


def test_columbus_places_one_more_tile() -> None:
    sc = Scenario(3).clear().captain(BLUE, "card.captain.columbus")
    sc.assign(BLUE, "discover", "ship.large.l06")  # telescope 4, one ship
    sc.stack_islands("tile.island.t01", "tile.island.t02", "tile.island.t11", "tile.island.t12")
    sc.run("discover", BLUE)
    sc.play("place:tile=tile.island.t01,space=island.newfoundland.s1")
    assert "done" in {str(a) for a in sc.state.legal_actions()}  # the extra tile is optional
    sc.play("place:tile=tile.island.t11,space=island.newfoundland.s2")
    assert sc.finished and sc.state.cubes_placed[BLUE] == 2


def test_frame_marker_moved_back_to_space_4() -> None:
    """Yellow passes the square marker on 7; it moves back 3 spaces to 4 (nothing in the way)."""
    sc = Scenario(3, edition="en").clear()
    for p in range(3):
        sc.score(p, 0)
    sc.state.score[YELLOW] = 5
    sc.state.gain(YELLOW, 3)  # 5 → 8 passes 7
    sc.run("end_turn", YELLOW)
    card = sc.state.legal_actions()[0]
    assert card.kind == "frame" and card.get("card") is not None
    sc.play(card)
    assert sc.finished
    assert sc.state.frame_pos[0] == 4
    assert sc.state.T.objective_index[card.get("card")] in sc.state.objectives[YELLOW]
    assert len(sc.state.objective_stacks[0]) == sc.T.objective_stack_size - 1


def test_frame_marker_moves_the_full_three_in_every_edition() -> None:
    """de: "Danach musst du den Rahmenmarker um bis zu 3 Felder weit nach hinten … rücken": with nothing in the way
    the move is the full 3 spaces ("Danach rückt er den Rahmenmarker um 3 Felder zurück"), no choice is asked."""
    for edition in ("de", "en", "en-zman", "nl"):
        sc = Scenario(3, edition=edition).clear()
        sc.state.score[YELLOW] = 5
        sc.state.gain(YELLOW, 3)
        sc.run("end_turn", YELLOW)
        sc.play(sc.state.legal_actions()[0])
        assert sc.finished and sc.state.frame_pos[0] == 4, edition


def test_frame_marker_distance_is_a_choice_only_under_the_literal_reading() -> None:
    sc = Scenario(3, rulings={"frame_marker_move_back": "player_chooses"}).clear()
    sc.state.score[YELLOW] = 5
    sc.state.gain(YELLOW, 3)
    sc.run("end_turn", YELLOW)
    sc.play(sc.state.legal_actions()[0])
    assert {a.get("space") for a in sc.state.legal_actions()} == {6, 5, 4}
    sc.play("frame_back:space=6")
    assert sc.state.frame_pos[0] == 6


def _pass_square_marker(edition: str, red_at: int) -> Scenario:
    """Yellow moves 6 → 8 past the square marker on 7 while Red's figure stands on ``red_at``."""
    sc = Scenario(3, edition=edition).clear()
    sc.state.score[RED] = red_at
    sc.state.score[YELLOW] = 6
    sc.state.gain(YELLOW, 2)
    sc.run("end_turn", YELLOW)
    sc.play(sc.state.legal_actions()[0])  # take an objective card
    return sc


def test_frame_marker_blocked_by_a_ship_figure_by_reading() -> None:
    de = _pass_square_marker("de", 5)  # never onto or past a figure: stops in front of it, no choice left
    assert de.finished and de.state.frame_pos[0] == 6
    zman = _pass_square_marker("en-zman", 5)  # Z-Man: it stops on the occupied space
    assert zman.state.frame_pos[0] == 5
    en = _pass_square_marker("en", 5)  # en: only the target matters, figures on the way are passed
    assert en.state.frame_pos[0] == 4
    en_target = _pass_square_marker("en", 4)  # en: target occupied → the space in front of it
    assert en_target.state.frame_pos[0] == 5


def test_frame_marker_removed_when_all_reached_and_once_per_player() -> None:
    sc = Scenario(2, edition="en").clear()
    sc.state.gain(0, 8)
    sc.run("end_turn", 0)
    sc.play(sc.state.legal_actions()[0])
    assert not sc.state.frame_gone[0]
    sc.state.gain(1, 8)
    sc.run("end_turn", 1)
    sc.play(sc.state.legal_actions()[0])
    assert sc.state.frame_gone[0]
    sc.state.gain(0, 50)  # a lap later the marker is gone: nothing to resolve for it
    assert 0 not in sc.state.pending[0]


def test_pentagon_gives_a_captain_and_cortes_gold() -> None:
    sc = Scenario(3, edition="en").clear()
    sc.state.score[RED] = 14
    sc.state.gain(RED, 1)  # reaches 15
    sc.run("end_turn", RED)
    captains = {a.get("captain") for a in sc.state.legal_actions() if a.kind == "frame"}  # en may also skip
    assert len(captains) == 5
    sc.play("frame:captain=card.captain.cortes")
    gold = sc.T.gold
    assert sc.state.goods[RED][gold] == 1


def test_triangle_gives_one_of_the_goods_on_its_space() -> None:
    sc = Scenario(3, edition="en").clear()
    sc.state.score[RED] = 24
    sc.state.gain(RED, 1)
    sc.run("end_turn", RED)
    goods = {a.get("good") for a in sc.state.legal_actions() if a.kind == "frame"}  # en may also skip
    assert goods == {"good.wood", "good.cloth", "good.iron", "good.gold"}
    sc.play("frame:good=good.gold")
    assert sc.state.triangle_goods[sc.T.gold] == 0


def test_final_scoring_76_82_85() -> None:
    """Yellow 69 + 4 cubes + 1 (third past 50) + 2 (an objective) = 76; Red 73 + 2 + 3 + 4 (two 1x cards) = 82;
    Blue 80 + 5 = 85 and wins."""
    sc = Scenario(3).clear()
    s = sc.state
    s.gain(BLUE, 51)  # first past 50: the top card (5)
    s.gain(RED, 51)
    s.gain(YELLOW, 51)
    s.score[YELLOW], s.score[RED], s.score[BLUE] = 69, 73, 80
    sc.tile("island.newfoundland.s1", None, [(YELLOW, 2), (RED, 2)])
    sc.tile("island.newfoundland.s2", None, [(YELLOW, 2)])
    sc.objectives(YELLOW, "card.objective.goods_wood")
    sc.cards(RED, "card.goods.g01", "card.goods.g02")
    sc.run("final_scoring")
    assert s.scores() == [82, 76, 85]
    assert s.winners() == [BLUE]
    items = {k: v for k, v in s.final_points()[YELLOW]}
    assert items == {"unscored_cubes": 4, "fifty_card": 1, "cards": 0, "objectives": 2}


def test_tie_broken_by_goods_then_shared() -> None:
    sc = Scenario(3).clear()
    s = sc.state
    s.score[:] = [40, 40, 30]
    sc.goods(RED, wood=2)
    sc.goods(YELLOW, wood=1)
    sc.run("final_scoring")
    assert s.winners() == [RED]
    sc = Scenario(3).clear()
    sc.state.score[:] = [40, 40, 30]
    sc.run("final_scoring")
    assert sc.state.winners() == [RED, YELLOW]


def test_objective_examples_5_then_10_for_two_wood() -> None:
    """Yellow resolves the iron card (2 iron → 5 points, iron kept), then pays 2 wood for a second card: 9 cubes
    on one island → 10 points."""
    sc = Scenario(3).clear()
    sc.goods(YELLOW, iron=2, wood=2)
    sc.objectives(YELLOW, "card.objective.goods_iron", "card.objective.island_markers")
    sc.fill_island("island.newfoundland", {YELLOW: 9})
    sc.run("objectives")
    assert sc.state.cur == YELLOW
    sc.play("objective:card=card.objective.goods_iron,pay=[]")
    assert sc.state.score[YELLOW] == 5
    assert sc.state.goods[YELLOW][sc.T.goods.index("good.iron")] == 2  # not given up
    sc.play("objective:card=card.objective.island_markers,pay=[good.wood;good.wood]")
    assert sc.state.score[YELLOW] == 15
    assert sum(sc.state.goods[YELLOW]) == 2


def test_scored_islands_objective_13_points() -> None:
    """Green: 8 cubes on Newfoundland, 6 on Prince Edward Island, both scored → 13 points."""
    sc = Scenario(3).clear()
    sc.fill_island("island.newfoundland", {RED: 8})
    sc.fill_island("island.prince_edward_island", {RED: 6})
    sc.state.island_scored[0] = sc.state.island_scored[3] = True
    card = sc.T.objective_index["card.objective.scored_islands"]
    assert sc.state.objective_points(RED, card) == 13


def test_goods_objective_gold_is_not_a_substitute() -> None:
    sc = Scenario(3).clear()
    sc.goods(RED, iron=1, gold=3)
    card = sc.T.objective_index["card.objective.goods_iron"]
    assert sc.state.objective_points(RED, card) == 0


def test_build_example_shipyard_then_large_ship_3_points() -> None:
    """Yellow expands the shipyard (1 cloth, 1 iron), builds a large ship costing 2 wood and 2 iron on it: +3."""
    sc = Scenario(3, edition="en").clear().start_player(YELLOW)
    sc.ships(YELLOW, "ship.small.regular.s01", "ship.small.regular.s02", "ship.small.regular.s03")
    s = sc.state
    s.large_market[0] = sc.T.ship_index["ship.large.l01"]
    sc._take_ship(sc.T.ship_index["ship.large.l01"])
    s.large_market[0] = sc.T.ship_index["ship.large.l01"]
    income = sc.T.income
    sc.goods(YELLOW, cloth=1 - income[0], iron=3, wood=2 - income[1])
    sc.run("land")
    build = "build:space=market.large_ships.p1,pay=[good.wood;good.wood;good.iron;good.iron]"  # lies back side up
    with pytest.raises(IllegalActionError):  # no free shipyard and no discard named
        s.apply(
            st.Action(
                "build", (("space", "market.large_ships.p1"), ("pay", ("good.wood", "good.wood", "good.iron", "good.iron")))
            )
        )
    sc.play("expand:what=shipyard,pay=[good.cloth;good.iron]")
    sc.play(build)
    assert s.score[YELLOW] == 3 and len(s.yard[YELLOW]) == 4 and s.exp_yard[YELLOW]


def test_large_ships_in_the_market_lie_face_down_except_in_zman() -> None:
    de = Scenario(3, edition="de")
    obs = de.state.observation(0)
    assert all(set(x) == {"cost"} for x in obs["large_market"])  # only the cost on the back is visible
    builds = [a for a in de.state.legal_actions() if a.kind == "build" and a.get("space")]
    assert all(a.get("ship") is None for a in builds)
    zman = Scenario(3, edition="en-zman")
    assert all(isinstance(x, str) for x in zman.state.observation(0)["large_market"])


def test_gold_replaces_a_good_in_every_edition_zman_silent() -> None:
    """de: "Anstatt 1 Holz, 1 Tuch oder 1 Eisen abzugeben, darfst du stattdessen 1 Gold abgeben." en-zman says
    nothing about gold: silence is not a prohibition, so it plays by the default reading."""
    for edition in ("de", "en-zman"):
        sc = Scenario(3, edition=edition).clear()
        sc.goods(RED, wood=1, gold=1)
        payments = sc.state.payments(RED, sc.T.small_ship_cost, "build_ships")
        assert len(payments) == 1 and payments[0][sc.T.gold] == 1, edition


def test_cartography_example_one_space_left_draws_one_tile() -> None:
    """Nova Scotia compass with 3 players: the chart says 2 tiles, but only 1 space is empty → 1 tile."""
    sc = Scenario(3).clear()
    sc.fill_island("island.nova_scotia", {})
    last = sc.T.islands[2].spaces[-1]
    sc.state.st_islands.append(sc.state.space_tile[last])
    sc.state.space_tile[last] = st.EMPTY
    sc.stack_compass("tile.compass.k5")
    assert sc.T.cartography[3] == 2
    sc.run("cartography")
    assert sc.finished and sc.state.empty_spaces(2) == 0


def test_two_player_neutral_cubes_on_charted_tiles_count_for_majority() -> None:
    sc = Scenario(2).clear()
    sc.stack_compass("tile.compass.k3")  # Anticosti: 4 spaces, 3 tiles charted with 2 players
    sc.run("cartography")
    while not sc.finished:
        sc.play(sc.state.legal_actions()[0])
    anticosti = sc.T.islands[1]
    neutral = sum(sc.state.spot_height[sp][0] for sp in anticosti.spaces if sc.state.spot_owner[sp][0] == st.NEUTRAL)
    assert neutral == sc.T.cartography[2]
    counts = sc.state.area_counts("island", 1)
    assert counts[st.NEUTRAL] == neutral
    sc.state.spot_owner[anticosti.spaces[0]][1] = RED
    sc.state.spot_height[anticosti.spaces[0]][1] = 1
    points = sc.state.area_points("island", 1)
    assert points[RED] == 1 + anticosti.second  # the neutral power has the most: Red is second


def test_portugal_and_drake_shipyards() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.portugal").expand(RED, shipyard=True, nation=True).captain(RED, "card.captain.drake")
    assert sc.state.capacity(RED) == 6  # the supplement: with Drake even 6 ships


def test_netherlands_and_magellan_raise_sail_values() -> None:
    sc = Scenario(3).clear().captain(RED, "card.captain.magellan")
    sc.nation(RED, "nation.netherlands").expand(RED, nation=True)
    sc.assign(RED, "load", "ship.small.regular.s04", captain="card.captain.magellan")  # sail 2
    assert sc.state.sail_total(RED, st.A_LOAD) == 2 + 2 + 7


def test_da_gama_adds_three_crates_to_one_ship() -> None:
    sc = Scenario(3).clear().captain(RED, "card.captain.da_gama")
    sc.assign(RED, "load", "ship.small.regular.s04", captain="card.captain.da_gama")  # crate 2 → 5
    sc.run("load", RED)
    assert "load:good=good.gold" in {str(a) for a in sc.state.legal_actions()}


def test_france_customs_adds_three_points_per_contract() -> None:
    sc = Scenario(3).clear()
    sc.nation(YELLOW, "nation.france").expand(YELLOW, nation=True)
    sc.contract(3, "tile.contract.c01")
    sc.goods(YELLOW, wood=2)
    sc.assign(YELLOW, "deliver", "ship.small.regular.s01")
    sc.run("deliver", YELLOW)
    sc.play("contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]")
    assert sc.state.score[YELLOW] == 3 + 3


def test_spain_extra_cube_may_join_an_occupied_space() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.spain").expand(RED, nation=True)
    sc.tile("island.newfoundland.s1", "tile.island.t01", [(BLUE, 1), (BLUE, 1)])
    sc.tile("island.newfoundland.s2", "tile.island.t11")
    sc.assign(RED, "settle", "ship.small.regular.s02")
    sc.run("settle", RED)
    sc.play("settle:space=island.newfoundland.s2,spot=0,bonus=1")
    sc.play("settle:space=island.newfoundland.s1,spot=0,bonus=1")
    assert sc.state.area_counts("island", 0) == {BLUE: 2, RED: 2}


def test_spain_settles_one_extra_cube() -> None:
    sc = Scenario(3).clear()
    sc.nation(RED, "nation.spain").expand(RED, nation=True)
    sc.tile("island.newfoundland.s1", "tile.island.t01")
    sc.assign(RED, "settle", "ship.small.regular.s02")
    sc.run("settle", RED)
    sc.play("settle:space=island.newfoundland.s1,spot=0,bonus=1")
    assert sc.state.stage == st.SPAIN
    sc.play("settle:space=island.newfoundland.s1,spot=1,bonus=1")
    assert sc.state.score[RED] == 6 and sc.state.cubes_placed[RED] == 2


def test_fifty_card_by_reading_reach_or_pass() -> None:
    sc = Scenario(3, edition="en").clear()
    sc.state.gain(RED, 50)
    assert sc.state.fifty[RED] >= 0  # en: reaching 50 is enough
    sc = Scenario(3, edition="de").clear()
    sc.state.gain(RED, 50)
    assert sc.state.fifty[RED] == -1  # de: only beyond 50
    sc.state.gain(RED, 1)
    assert sc.state.fifty[RED] >= 0


def test_empty_one_x_stack_is_rebuilt_from_the_storage_board() -> None:
    sc = Scenario(3).clear()
    s = sc.state
    s.st_cards.extend(s.card_stack)
    s.card_stack.clear()
    sc.assign(RED, "load", "ship.small.regular.s01")  # crate 3: draws 3
    before = len(s.st_cards)
    sc.run("load", RED)
    sc.resolve_rest()
    assert len(s.cards[RED]) == 1
    assert len(s.card_stack) + len(s.st_cards) == before - 1


def test_contract_refill_timing_by_reading() -> None:
    """de: the empty contract spaces are refilled after the player's whole deliver action; en: after each one."""
    for edition, refilled_between in (("de", False), ("en", True)):
        sc = Scenario(3, edition=edition).clear()
        sc.contract(3, "tile.contract.c01")
        sc.goods(YELLOW, wood=2, cloth=2)
        sc.assign(YELLOW, "deliver", "ship.small.regular.s01", "ship.small.regular.s03")
        sc.run("deliver", YELLOW)
        sc.play("contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]")
        assert (sc.state.contracts[3] != st.EMPTY) is refilled_between
        sc.play("done")
        assert sc.state.contracts[3] != st.EMPTY


def test_market_refilled_after_the_land_turn_from_storage_when_empty() -> None:
    sc = Scenario(3).clear().start_player(RED)
    s = sc.state
    s.st_small.extend(s.small_stack)
    s.small_stack.clear()
    target = s.small_market[0]
    income = sc.T.income
    sc.goods(RED, cloth=1 - income[0], wood=1 - income[1])
    sc.run("land")
    sc.play(next(str(a) for a in s.legal_actions() if a.get("ship") == sc.T.ships[target].id))
    assert s.small_market[0] == st.EMPTY  # not refilled during the turn
    sc.play("done")
    assert s.small_market[0] != st.EMPTY  # refilled at its end, the stack rebuilt from the storage board


def test_zman_marker_on_a_figure_triggers_when_that_figure_starts_moving() -> None:
    """Z-Man: the marker stops on Red's space; "when your score marker starts on ... a milestone marker" Red
    resolves it on its next move."""
    sc = _pass_square_marker("en-zman", 5)
    assert sc.state.frame_pos[0] == 5
    sc.state.gain(RED, 1)
    assert 0 in sc.state.pending[RED]
    de = _pass_square_marker("de", 5)
    de.state.gain(RED, 1)  # Red (on 5) moves to 6 while the marker stays on 6 in front of it: reached
    assert 0 in de.state.pending[RED]
