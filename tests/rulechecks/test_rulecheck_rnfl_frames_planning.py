"""Rule checks of Race to the New Found Land: frame markers, the planning phase and the action phase's order."""

from __future__ import annotations

import pytest

from engine.race_to_the_new_found_land import state as st
from engine.race_to_the_new_found_land.scenario import Scenario
from rulechecks.rulebook import RNFL, rulebook

RED, YELLOW, BLUE = 0, 1, 2


def reach(edition: str, start: int, gain: int, players: int = 3, seat: int = YELLOW) -> Scenario:
    """``seat`` moves from ``start`` by ``gain`` points and its turn ends (frame markers resolve)."""
    sc = Scenario(players, edition=edition).clear()
    sc.state.score[seat] = start
    sc.state.gain(seat, gain)
    sc.run("end_turn", seat)
    return sc


# --------------------------------------------------------------------------- frame markers


@rulebook(RNFL, "frame_markers.choose", {
    "en-zman": "Choose one of the cards, add it to your hand (or place it next to your player sheet if "
               "it is a captain card), and return the remaining cards to the game board.",
})
def test_a_frame_marker_offers_its_stack_and_one_card_is_kept() -> None:
    sc = reach("en-zman", 5, 3)
    stack = list(sc.state.objective_stacks[0])
    offered = [sc.T.objective_index[a.get("card")] for a in sc.state.legal_actions() if a.kind == "frame"]
    assert sorted(offered) == sorted(stack) and len(stack) == 5
    sc.play(sc.state.legal_actions()[0])
    assert len(sc.state.objectives[YELLOW]) == 1 and len(sc.state.objective_stacks[0]) == 4


@rulebook(RNFL, "frame_markers.choose", {"de": "Du wählst eine Karte und nimmst diese auf die Hand."})
def test_the_reward_is_not_declined_in_the_original() -> None:
    sc = reach("de", 5, 3)
    assert all(a.kind == "frame" for a in sc.state.legal_actions())


@rulebook(RNFL, "frame_markers.choose", {"en": "you may look through the card stack associated"})
def test_english_lets_the_reward_be_declined() -> None:
    sc = reach("en", 5, 3)
    assert "skip" in {a.kind for a in sc.state.legal_actions()}
    sc.play("skip")
    assert not sc.state.objectives[YELLOW] and sc.state.frame_pos[0] == 4  # still reached: it moves back


def _deliver_past_seven(edition: str) -> Scenario:
    """Yellow at 5 fulfils a 3-point contract (passing 7), then could fulfil another."""
    sc = Scenario(3, edition=edition).clear().start_player(RED)
    sc.nation(YELLOW, "nation.spain")
    sc.state.score[YELLOW] = 5
    sc.contract(3, "tile.contract.c01")  # 2 wood → 3 points
    sc.contract(0, "tile.contract.c15")
    sc.goods(YELLOW, wood=3, cloth=1, iron=2)
    sc.assign(YELLOW, "deliver", "ship.small.regular.s01", "ship.small.regular.s03", "ship.small.regular.s04")
    sc.run("deliver", YELLOW)
    sc.play("contract:slot=3,ships=[ship.small.regular.s01],pay=[good.wood;good.wood]")
    return sc


@rulebook(RNFL, "frame_markers.timing", {"de": "nimmst du dir am Ende deines kompletten Zuges den Kartenstapel vom"})
def test_the_original_resolves_a_reached_marker_at_the_end_of_the_turn() -> None:
    sc = _deliver_past_seven("de")
    assert sc.state.score[YELLOW] == 8 and sc.state.stage == st.DELIVER  # the delivery goes on first


@rulebook(RNFL, "frame_markers.timing", {
    "en-zman": "When your score marker starts on, reaches, or passes a milestone marker, resolve the "
               "effect associated with that marker",
})
def test_zman_resolves_a_reached_marker_at_once() -> None:
    sc = _deliver_past_seven("en-zman")
    assert sc.state.stage == st.FRAME and sc.state.cur == YELLOW


@rulebook(RNFL, "frame_markers.multiple", {
    "en-zman": "If you pass multiple milestone markers at once, resolve them one at a time in order.",
})
def test_several_markers_passed_at_once_resolve_in_track_order() -> None:
    sc = reach("en-zman", 5, 12)  # past 7 and 15
    rewards = []
    while not sc.finished:
        kinds = {a.kind for a in sc.state.legal_actions()}
        if "frame" in kinds:
            first = sc.state.legal_actions()[0]
            rewards.append("captain" if first.get("captain") else "card" if first.get("card") else "good")
        sc.play(sc.state.legal_actions()[0])
    assert rewards == ["card", "captain"]


@rulebook(RNFL, "frame_markers.move_back", {
    "en-zman": "*Then you move the  marker three spaces backward. Because there are no other milestone "
               "markers or ships in any of those spaces, the  marker is moved to space 4 of the score "
               "track.*",
})
@pytest.mark.parametrize("edition", ["de", "en", "en-zman", "nl"])
def test_the_square_marker_moves_back_to_space_4(edition: str) -> None:
    sc = reach(edition, 5, 3)
    sc.play(sc.state.legal_actions()[0])
    assert sc.finished and sc.state.frame_pos[0] == 4


@rulebook(RNFL, "frame_markers.blocking", {"de": "Sollte der Rahmenmarker „anstoßen“ bleibt er auf dem Feld davor liegen."})
def test_a_ship_figure_in_the_way_stops_the_marker_in_front_of_it() -> None:
    sc = Scenario(3, edition="de").clear()
    sc.state.score[RED] = 5
    sc.state.score[YELLOW] = 6
    sc.state.gain(YELLOW, 2)
    sc.run("end_turn", YELLOW)
    sc.play(sc.state.legal_actions()[0])
    assert sc.state.frame_pos[0] == 6  # Red's figure on 5: never onto or past it


@rulebook(RNFL, "frame_markers.blocking", {
    "en-zman": "A milestone marker may never move past a space with another milestone marker or ship on "
               "it.",
})
def test_zman_marker_stops_on_the_occupied_space() -> None:
    sc = Scenario(3, edition="en-zman").clear()
    sc.state.score[RED] = 5
    sc.state.score[YELLOW] = 6
    sc.state.gain(YELLOW, 2)
    sc.run("end_turn", YELLOW)
    sc.play(sc.state.legal_actions()[0])
    assert sc.state.frame_pos[0] == 5


@rulebook(RNFL, "frame_markers.removal", {
    "de": "Haben alle Spieler einen Rahmenmarker erreicht, nimmst du den Rahmenmarker von der "
          "Zähl-leiste",
})
def test_a_marker_every_player_reached_leaves_the_track() -> None:
    sc = Scenario(2, edition="de").clear()
    for p in (0, 1):
        sc.state.gain(p, 8)
        sc.run("end_turn", p)
        sc.resolve_rest()
    assert sc.state.frame_gone[0]


@rulebook(RNFL, "frame_markers.once_per_player", {
    "en-zman": "if you encounter a milestone marker that you have already resolved, it has no effect.",
})
def test_a_resolved_marker_does_nothing_for_the_same_player_again() -> None:
    sc = reach("en-zman", 5, 3)
    sc.resolve_rest()
    assert not sc.state.frame_gone[0]  # the others have not passed it: it stays
    sc.state.gain(YELLOW, 50)  # a lap later Yellow passes it again
    assert 0 not in sc.state.pending[YELLOW]


@rulebook(RNFL, "frame_markers.captain", {"en": "When you reach the Pentagon ("})
def test_the_pentagon_offers_the_captains() -> None:
    sc = reach("de", 14, 1)
    captains = {a.get("captain") for a in sc.state.legal_actions()}
    assert captains == {c.id for c in sc.T.captains}
    sc.play("frame:captain=card.captain.drake")
    assert sc.state.captains[YELLOW] == [sc.T.captain_index["card.captain.drake"]]


@rulebook(RNFL, "frame_markers.goods", {
    "en-zman": "take one of the commodities under the symbol and add it to your storage area.",
})
def test_the_triangle_gives_one_good_of_its_space() -> None:
    sc = reach("de", 24, 1)
    assert {a.get("good") for a in sc.state.legal_actions()} == set(sc.T.goods)
    sc.play("frame:good=good.iron")
    iron = sc.T.goods.index("good.iron")
    assert sc.state.goods[YELLOW][iron] == 1 and sc.state.triangle_goods[iron] == 0


# --------------------------------------------------------------------------- planning


def planning(players: int = 3) -> Scenario:
    sc = Scenario(players).clear().start_player(RED)
    for p in range(players):
        sc.ships(p, *[f"ship.small.regular.s{p * 3 + k + 1:02d}" for k in range(3)])
        sc.nation(p, ("nation.portugal", "nation.spain", "nation.france", "nation.england")[p])
    sc.run("planning")
    return sc


@rulebook(RNFL, "planning.assign", {
    "en-zman": "assign up to one of your ships to that action by moving it from its shipyard to the "
               "space below the **load** action on your player sheet.",
})
def test_one_ship_at_most_for_load() -> None:
    sc = planning()
    assert sc.state.cur == RED and sc.state.ctx["act"] == st.A_LOAD
    sc.play(next(a for a in sc.state.legal_actions() if a.kind == "assign"))
    assert sc.state.cur == YELLOW  # Red's load is planned: the next player's turn
    assert len(sc.state.assigned[RED][st.A_LOAD]) == 1


@rulebook(RNFL, "planning.order", {
    "en-zman": "After you have finished planning the **load** action, the next player clockwise from "
               "you plans the **load** action",
})
def test_planning_goes_clockwise_action_by_action() -> None:
    sc = planning()
    seen = []
    while not sc.finished:
        seen.append((sc.T.actions[sc.state.ctx["act"]], sc.state.cur))
        sc.play("done")
    assert seen == [(a, p) for a in sc.T.actions for p in (RED, YELLOW, BLUE)]


@rulebook(RNFL, "planning.maximum", {
    "en-zman": "The number of ships you can assign to each action is shown on your player sheet under "
               "the action's name.",
})
def test_no_more_ships_than_the_board_allows() -> None:
    sc = planning()
    while sc.T.actions[sc.state.ctx["act"]] != "settle" or sc.state.cur != RED:
        sc.play("done")
    assigned = 0
    while any(a.kind == "assign" for a in sc.state.legal_actions()) and sc.state.cur == RED:
        sc.play(next(a for a in sc.state.legal_actions() if a.kind == "assign" and not a.get("captain")))
        assigned += 1
    assert assigned == sc.state.nat(RED).action_max[st.A_SETTLE] == 3


@rulebook(RNFL, "planning.charter_ships", {
    "en-zman": "Instead of assigning a ship from one of your shipyards, you may assign a charter ship "
               "from your hand.",
})
def test_a_charter_ship_card_may_be_assigned() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.cards(RED, "card.charter_ship.h1")
    sc.run("planning")
    charter = [a for a in sc.state.legal_actions() if a.kind == "assign"]
    assert [a.get("card") for a in charter] == ["card.charter_ship.h1"]
    sc.play(charter[0])
    assert sc.state.assigned[RED][st.A_LOAD] == [("card", sc.T.card_index["card.charter_ship.h1"])]


@rulebook(RNFL, "planning.charter_ships", {
    "en-zman": "but they do count toward the maximum number of ships you can assign to an action each "
               "round.",
})
def test_a_charter_ship_counts_toward_the_maximum() -> None:
    sc = Scenario(3).clear().start_player(RED)
    sc.ships(RED, "ship.small.regular.s01", "ship.small.regular.s02", "ship.small.regular.s03")
    sc.cards(RED, "card.charter_ship.h1")
    sc.run("planning")
    sc.play("done")  # no load
    while sc.state.cur != RED:
        sc.play("done")
    sc.play("assign:to=settle,card=card.charter_ship.h1")
    sc.play(next(a for a in sc.state.legal_actions() if a.kind == "assign"))
    sc.play(next(a for a in sc.state.legal_actions() if a.kind == "assign"))
    assert len(sc.state.assigned[RED][st.A_SETTLE]) == 3
    assert sc.state.ctx.get("act") != st.A_SETTLE  # full: planning moved on to the next action


# --------------------------------------------------------------------------- action phase


@rulebook(RNFL, "action_phase.order", {
    "en-zman": "The **blue** player goes first. Because **you** have the first player marker, you will "
               "go next, then the **red** player.",
})
def test_the_load_example_blue_then_you_then_red() -> None:
    sc = Scenario(3).clear().start_player(YELLOW)  # "you" hold the first player marker
    for p, nation in zip((RED, YELLOW, BLUE), ("nation.portugal", "nation.spain", "nation.france"), strict=True):
        sc.nation(p, nation)
    sc.assign(YELLOW, "load", "ship.small.regular.s04")  # speed 2
    sc.assign(RED, "load", "ship.small.regular.s07")  # speed 2
    sc.assign(BLUE, "load", "ship.large.l01")  # speed 4
    assert sc.state.action_order(st.A_LOAD) == [BLUE, YELLOW, RED]


@rulebook(RNFL, "action_phase.order", {
    "en-zman": "For each of those actions, if you have multiple assigned ships, total your ships' speed "
               "when determining the turn order for that action; the player with the highest total goes "
               "first.",
})
def test_several_ships_add_their_speed_for_the_order() -> None:
    sc = Scenario(3).clear().start_player(BLUE)
    sc.assign(RED, "settle", "ship.small.regular.s02", "ship.large.l01", "card.charter_ship.h1")
    sc.assign(BLUE, "settle", "ship.small.regular.s05")
    assert sc.state.sail_total(RED, st.A_SETTLE) == 9
    assert sc.state.action_order(st.A_SETTLE) == [RED, BLUE]  # Yellow assigned none: no settle for Yellow


@rulebook(RNFL, "action_phase.ties", {"en-zman": "Resolve ties in clockwise order starting with the first player."})
@pytest.mark.parametrize("start", [RED, YELLOW, BLUE])
def test_equal_speeds_go_clockwise_from_the_start_player(start: int) -> None:
    sc = Scenario(3).clear().start_player(start)
    for p, nation in zip((RED, YELLOW, BLUE), ("nation.portugal", "nation.spain", "nation.france"), strict=True):
        sc.nation(p, nation)
    for p, ship in zip((RED, YELLOW, BLUE), ("s04", "s07", "s10"), strict=True):
        sc.assign(p, "deliver", f"ship.small.regular.{ship}")
    speeds = {sc.state.sail_total(p, st.A_DELIVER) for p in range(3)}
    assert len(speeds) == 1, speeds  # the three small ships chosen have the same speed
    assert sc.state.action_order(st.A_DELIVER) == [(start + k) % 3 for k in range(3)]


@rulebook(RNFL, "action_phase.return_ships", {
    "en-zman": "After you have completed the **load** action, return each ship assigned to it to one of "
               "your empty shipyards. Any charter ships you assigned to it are instead discarded.",
})
def test_ships_return_after_the_action_and_charters_are_discarded() -> None:
    sc = Scenario(3).clear()
    sc.assign(RED, "load", "card.charter_ship.h2")
    sc.assign(YELLOW, "load", "ship.small.regular.s01")
    for p in (RED, YELLOW):
        sc.run("load", p)
        sc.resolve_rest()
    assert sc.T.ship_index["ship.small.regular.s01"] in sc.state.yard[YELLOW]
    charter = sc.T.card_index["card.charter_ship.h2"]
    assert charter not in sc.state.cards[RED] and charter in (sc.state.st_cards + sc.state.played_charters)
