"""Rules fidelity of the Race to the New Found Land engine: the points a rules review and a play-test found (#15).

Each test quotes the rulebook sentence it enforces. Positions are built with
:class:`~engine.race_to_the_new_found_land.scenario.Scenario`; every decision goes through ``legal_actions`` and
``apply`` as in play.
"""

from __future__ import annotations

import pytest

from engine.race_to_the_new_found_land import state as st
from engine.race_to_the_new_found_land.scenario import Scenario
from engine.runtime.api import Action

RED, YELLOW, BLUE = 0, 1, 2
WOOD_CARD = "card.goods.g01"  # a goods card: 1 wood (the faces are assumed; see components/faces_cards.yaml)
POINTS_CARD = "card.goods.g08"  # a points card: 3 points


def _goods(sc: Scenario, p: int, good: str) -> int:
    return sc.state.goods[p][sc.T.goods.index(f"good.{good}")]


def _legal(sc: Scenario) -> list[str]:
    return [str(a) for a in sc.state.legal_actions()]


# ---- 1. 1x cards at any time in the player's own turn ------------------------------------------------------------
# de: "Waren- und Punktekarten darfst du jederzeit in deinem Zug ausspielen."
# en: "You may play Goods and Scoring cards at anytime during your turn."
# nl: "Goederen- en puntenkaarten mag hij op elk moment in zijn beurt spelen."


def _load(sc: Scenario) -> None:
    sc.assign(RED, "load", "ship.small.regular.s01")
    sc.run("load", RED)


def _keep(sc: Scenario) -> None:
    _load(sc)
    sc.play("load:good=good.cloth")


def _settle(sc: Scenario) -> None:
    sc.tile("island.newfoundland.s1")
    sc.assign(RED, "settle", "ship.small.regular.s01")
    sc.run("settle", RED)


def _discover(sc: Scenario) -> None:
    sc.assign(RED, "discover", "ship.small.regular.s01")
    sc.stack_islands("tile.island.t01")
    sc.run("discover", RED)


def _frame(sc: Scenario) -> None:
    for p in range(3):
        sc.score(p, 0)
    sc.state.score[RED] = 5
    sc.state.gain(RED, 3)  # 5 → 8 passes the marker on 7
    sc.run("end_turn", RED)


def _land(sc: Scenario) -> None:
    sc.run("land")
    while sc.state.cur != RED:
        sc.play("done")


@pytest.mark.parametrize(
    ("setup", "stage"),
    [(_land, st.LAND), (_load, st.LOAD), (_keep, st.KEEP), (_settle, st.SETTLE), (_discover, st.DISCOVER),
     (_frame, st.FRAME)],
)  # fmt: skip
def test_a_goods_card_is_offered_in_every_decision_of_the_own_turn(setup, stage) -> None:  # type: ignore[no-untyped-def]
    """One "play a card" entry wherever the player decides in their own turn; choosing it plays the card and
    poses the same decision again."""
    sc = Scenario(3, edition="de").clear().start_player(RED)
    sc.cards(RED, WOOD_CARD, "card.goods.g03", "card.goods.g05")
    setup(sc)
    s = sc.state
    assert s.stage == stage and s.cur == RED
    before = _legal(sc)
    assert before.count("play_card") == 1 and before[-1] == "play_card"
    assert not any(a.startswith("play:") for a in before)  # one entry, not one move per card: lists stay short
    sc.play("play_card")
    assert s.stage == st.CARD and s.cur == RED
    assert _legal(sc) == ["done", f"play:card={WOOD_CARD}", "play:card=card.goods.g03", "play:card=card.goods.g05"]
    wood = _goods(sc, RED, "wood")
    sc.play(f"play:card={WOOD_CARD}")
    assert _goods(sc, RED, "wood") == wood + 1
    assert s.stage == stage and s.cur == RED
    assert sc.T.card_index[WOOD_CARD] in s.st_cards
    again = _legal(sc)
    sc.play("play_card", "done")  # opened, then played nothing: the decision comes back unchanged
    assert s.stage == stage and _legal(sc) == again


def test_play_a_card_then_the_interrupted_decision_lists_what_the_goods_now_buy() -> None:
    """In the land phase a wood card completes the cost of a small ship (1 wood, 1 cloth): build is then legal."""
    sc = Scenario(3, edition="de").clear().start_player(RED)
    sc.cards(RED, WOOD_CARD)
    _land(sc)
    sc.goods(RED, cloth=1)
    sc.state._legal = None
    assert not any(a.startswith("build") for a in _legal(sc))
    sc.play("play_card", f"play:card={WOOD_CARD}")
    assert sc.state.stage == st.LAND and any(a.startswith("build") for a in _legal(sc))


def test_no_entry_in_planning_or_for_charter_ships_only() -> None:
    """Planning is not a turn of one player (every player assigns in turn, nothing is paid); a charter ship is
    assigned in planning, never played."""
    sc = Scenario(3, edition="de").clear().start_player(RED)
    sc.cards(RED, "card.charter_ship.h1")
    _load(sc)
    assert "play_card" not in _legal(sc)
    sc = Scenario(3, edition="de").clear().start_player(RED)
    sc.cards(RED, WOOD_CARD).ships(RED, "ship.small.regular.s01")
    sc.run("planning")
    assert sc.state.stage == st.PLAN and "play_card" not in _legal(sc)


def test_a_points_card_played_while_settling_reaches_a_frame_marker_resolved_at_the_end_of_the_turn() -> None:
    """de: "Wenn du Punkte bekommst und dabei mit deiner Figur einen Rahmenmarker erreichst oder überschreitest,
    nimmst du dir am Ende deines kompletten Zuges den Kartenstapel": a points card played in the middle of the
    settle action moves the figure at once, and the marker it passes is resolved once the action is over."""
    sc = Scenario(3, edition="de").clear().start_player(RED)
    for p in range(3):
        sc.score(p, 0)
    sc.score(RED, 5)
    sc.cards(RED, POINTS_CARD)
    _settle(sc)
    sc.play("play_card", f"play:card={POINTS_CARD}")
    s = sc.state
    assert s.score[RED] == 8 and s.stage == st.SETTLE  # the marker on 7 waits for the end of the turn
    sc.play("new_england")
    assert sc.finished and s.pending[RED] == [0]  # the action is over: its turn ends (as the action phase does)
    sc.run("end_turn", RED)
    assert s.stage == st.FRAME and s.cur == RED


def test_the_zman_timing_resolves_a_marker_reached_by_a_card_at_once() -> None:
    """en-zman: "When your score marker starts on, reaches, or passes a milestone marker, resolve the effect
    associated with that marker": with that reading the marker a points card reaches is resolved in the detour,
    before the interrupted decision comes back."""
    sc = Scenario(3, rulings={"frame_marker_timing": "immediately"}).clear().start_player(RED)
    for p in range(3):
        sc.score(p, 0)
    sc.score(RED, 5)
    sc.cards(RED, POINTS_CARD)
    _settle(sc)
    sc.play("play_card", f"play:card={POINTS_CARD}")
    s = sc.state
    assert s.stage == st.FRAME and s.cur == RED
    sc.play(next(a for a in s.legal_actions() if a.kind == "frame"))
    while s.stage == st.FRAME_BACK:
        sc.play(s.legal_actions()[0])
    assert s.stage == st.SETTLE and s.cur == RED


def test_replaying_a_game_with_card_detours_gives_the_same_state() -> None:
    from engine.runtime.api import GameConfig
    from engine.runtime.bots import make_bot, play_game
    from engine.runtime.registry import load_game

    game = load_game(GameConfig(game="race_to_the_new_found_land", players=3, seed=11))
    state = play_game(game.new_initial_state(), [make_bot("random", game.config.game)] * 3, 11)
    assert any(a == Action("play_card") for a in state.history)
    again = game.state_from_json(state.to_json())
    assert again.fingerprint() == state.fingerprint()


# ---- 2. a goods card can complete a goods objective in the end phase ----------------------------------------------


def test_a_goods_card_played_in_the_objectives_step_completes_a_goods_objective() -> None:
    """en: "To resolve 1 of these Objective Cards, you must have at least the indicated number of the shown Good
    on your Player Board", and "You may play Goods and Scoring cards at anytime during your turn": with 3 wood,
    a "1 wood" card and the "4 wood" objective, the player is asked in the objectives step, plays the card and
    resolves the objective."""
    sc = Scenario(3, edition="en").clear().start_player(RED)
    sc.goods(RED, wood=3).cards(RED, WOOD_CARD).objectives(RED, "card.objective.goods_wood")
    assert sc.T.objectives[sc.T.objective_index["card.objective.goods_wood"]].tiers == ((4, 5),)
    sc.run("objectives")
    s = sc.state
    assert s.stage == st.OBJECTIVE and s.cur == RED  # asked although no condition is met yet
    assert _legal(sc) == ["done", "play_card"]
    sc.play("play_card", f"play:card={WOOD_CARD}")
    assert s.stage == st.OBJECTIVE and "objective:card=card.objective.goods_wood,pay=[]" in _legal(sc)
    sc.play("objective:card=card.objective.goods_wood,pay=[]")
    assert s.score[RED] == 5 and _goods(sc, RED, "wood") == 4  # "you do not have to give them up"


def test_no_objectives_step_without_a_met_condition_or_a_card_to_play() -> None:
    sc = Scenario(3, edition="en").clear().start_player(RED)
    sc.goods(RED, wood=3).objectives(RED, "card.objective.goods_wood")
    sc.run("objectives")
    assert sc.finished and sc.state.score[RED] == 0


# ---- 3. a further objective: the condition is checked on the goods left after its fee ---------------------------


def test_a_further_objective_is_offered_only_with_a_fee_that_leaves_its_condition_met() -> None:
    """de: "Du musst jedoch für jede weitere Zielkarte 2 beliebige Waren bezahlen", and in the example "Gelb
    möchte noch eine weitere Zielkarte einlösen. Er bezahlt also 2 Holz und deckt diese Karte auf": the fee is
    paid first, then the card is revealed and its condition checked. With 2 iron and 4 wood, a second objective
    "4 wood" paid with 2 wood would be checked on 2 wood and score nothing: only fees that leave the condition met
    are offered, and the card scores what the check found."""
    sc = Scenario(3, edition="de").clear().start_player(RED)
    sc.goods(RED, wood=4, iron=2, cloth=2)
    sc.objectives(RED, "card.objective.goods_iron", "card.objective.goods_wood")
    sc.run("objectives")
    sc.play("objective:card=card.objective.goods_iron,pay=[]")  # the first is free: 5 points
    s = sc.state
    assert s.score[RED] == 5
    wood_moves = [a for a in s.legal_actions() if a.get("card") == "card.objective.goods_wood"]
    pays = {tuple(a.get("pay")) for a in wood_moves}
    assert pays == {("good.cloth", "good.cloth"), ("good.cloth", "good.iron"), ("good.iron", "good.iron")}
    sc.play(wood_moves[0])
    assert s.score[RED] == 10 and _goods(sc, RED, "wood") == 4


def test_the_scored_points_of_a_further_objective_match_its_check() -> None:
    """The same check both ways: no move whose fee empties the condition (paid, card lost, 0 points)."""
    sc = Scenario(3, edition="de").clear().start_player(RED)
    sc.goods(RED, wood=4, iron=2)
    sc.objectives(RED, "card.objective.goods_iron", "card.objective.goods_wood")
    sc.run("objectives")
    sc.play("objective:card=card.objective.goods_iron,pay=[]")
    legal = _legal(sc)
    # every fee takes wood or iron; any wood spent breaks "4 wood"; "2 iron" leaves 4 wood: the one fee offered
    assert [a for a in legal if "goods_wood" in a] == ["objective:card=card.objective.goods_wood,pay=[good.iron;good.iron]"]


# ---- 4. after 50 the figure goes round again: ruling frame_marker_laps ----------------------------------------------


def _spain_passes_fifty(rulings: dict[str, str] | None = None) -> Scenario:
    """The play-test's position: the marker of the first objective stack stands on space 2 (moved back behind the
    figures) and has never been resolved by Red; Red goes from 46 to 53."""
    sc = Scenario(3, edition="de", rulings=rulings).clear().start_player(RED)
    for p in range(3):
        sc.score(p, 20)
    sc.state.frame_pos[0] = 2
    sc.score(RED, 46)
    sc.state.gain(RED, 7)
    return sc


def test_a_marker_not_yet_resolved_counts_again_on_the_next_lap_by_default() -> None:
    """en-zman: "continue tracking your score from the green space" and "if you encounter a milestone marker that
    you have already resolved, it has no effect": a marker not resolved yet does take effect on the new lap."""
    sc = _spain_passes_fifty()
    assert sc.state.T.readings["frame_marker_laps"] == "every_lap"
    assert 0 in sc.state.pending[RED]
    sc.run("end_turn", RED)
    assert sc.state.stage == st.FRAME and sc.state.ctx["frame"] == 0


def test_by_the_first_lap_reading_markers_behind_the_figure_no_longer_count() -> None:
    sc = _spain_passes_fifty({"frame_marker_laps": "first_lap_only"})
    assert 0 not in sc.state.pending[RED]
    # a marker still ahead on the first lap counts as ever
    sc = Scenario(3, edition="de", rulings={"frame_marker_laps": "first_lap_only"}).clear()
    for p in range(3):
        sc.score(p, 20)
    sc.state.frame_pos[0] = 48
    sc.score(RED, 46)
    sc.state.gain(RED, 7)
    assert sc.state.pending[RED] == [0]


def test_a_marker_already_resolved_never_counts_again() -> None:
    """en-zman: "if you encounter a milestone marker that you have already resolved, it has no effect"."""
    sc = _spain_passes_fifty()
    sc.state.pending[RED].clear()
    sc.state.claimed[RED] |= 1
    sc.state.score[RED] = 46
    sc.state.gain(RED, 7)
    assert sc.state.pending[RED] == []


def test_the_screen_says_why_a_marker_triggered() -> None:
    from engine.race_to_the_new_found_land.view import stage_prompt

    sc = _spain_passes_fifty()
    sc.run("end_turn", RED)
    text = stage_prompt(sc.state)
    assert "53 = 50 + 3" in text and "score space 2" in text and "frame_marker_laps" in text
    sc = Scenario(3, edition="en").clear()
    for p in range(3):
        sc.score(p, 0)
    sc.state.score[RED] = 5
    sc.state.gain(RED, 3)
    sc.run("end_turn", RED)
    assert "reached or passed score space 7" in stage_prompt(sc.state)


# ---- 9. charter ships: when they go to the storage board (ruling charter_ship_discard) -------------------------


def _settle_with_a_charter_ship(rulings: dict[str, str] | None = None) -> Scenario:
    sc = Scenario(3, edition="de", rulings=rulings).clear()
    sc.tile("island.newfoundland.s1", "tile.island.t01")
    sc.assign(RED, "settle", "ship.small.regular.s02", "card.charter_ship.h1")
    sc.run("settle", RED)
    sc.play("settle:space=island.newfoundland.s1,spot=0,bonus=0", "settle:space=island.newfoundland.s1,spot=1,bonus=0")
    assert sc.finished
    return sc


def test_a_charter_ship_goes_to_the_storage_board_right_after_its_action_by_default() -> None:
    """de: "Nachdem du eine Aktion mit einem Schiff ausgeführt hast, legst du das Schiffsplättchen wieder zurück an
    deine Werft. Charterschiffe legst du auf die Ablagetafel."; nl: "Leg charterschepen na gebruik op het
    aflegtableau." (de's own planning paragraph says "am Ende der Runde": de follows the default.)"""
    sc = _settle_with_a_charter_ship()
    assert sc.state.T.readings["charter_ship_discard"] == "after_action"
    h1 = sc.T.card_index["card.charter_ship.h1"]
    assert h1 in sc.state.st_cards and h1 not in sc.state.played_charters


def test_by_the_end_of_round_reading_a_charter_ship_waits_for_the_end_of_the_round() -> None:
    """de: "Charterschiffe legst du am Ende der Runde auf die Ablagetafel."; en: "At the end of the round, discard
    any played Charter Ships to the Storage Board." """
    sc = _settle_with_a_charter_ship({"charter_ship_discard": "end_of_round"})
    h1 = sc.T.card_index["card.charter_ship.h1"]
    assert h1 in sc.state.played_charters and h1 not in sc.state.st_cards


def test_by_the_end_of_round_reading_every_used_charter_ship_is_on_the_storage_board_when_a_round_starts() -> None:
    from engine.runtime.api import GameConfig
    from engine.runtime.bots import make_bot
    from engine.runtime.registry import load_game

    seen_waiting = False
    for seed in range(6):
        config = GameConfig(game="race_to_the_new_found_land", players=3, seed=seed,
                            rulings={"charter_ship_discard": "end_of_round"})  # fmt: skip
        state = load_game(config).new_initial_state()
        bot, rng = make_bot("random", config.game), __import__("random").Random(seed)
        while not state.is_terminal():
            seen_waiting |= bool(state.played_charters)
            if state.stage == st.LAND:
                assert state.played_charters == []
            state.apply(bot.choose(state, rng))
    assert seen_waiting


# ---- 9. a tie for first place on an island or in a city (ruling first_place_tie) -------------------------------


def test_a_tie_for_first_leaves_the_others_without_a_bonus_by_default() -> None:
    """de: "Teilen sich 2 oder mehr Spieler den 1. Platz, so bekommen diese jeweils die Punkte für den 2. Platz.
    Die übrigen Spieler bekommen keine Bonuspunkte mehr." Nova Scotia (8/4): Red 5, Yellow 5, Blue 3."""
    sc = Scenario(3, edition="de").clear().start_player(RED)
    sc.fill_island("island.nova_scotia", {RED: 5, YELLOW: 5, BLUE: 3})
    assert sc.state.area_points("island", 2) == [9, 9, 3]


def test_by_the_dutch_reading_the_next_most_still_scores_the_second_bonus() -> None:
    """nl: "De speler met de op één na meeste markeerstenen op het eiland krijgt de punten na de /. Delen 2 of meer
    spelers de eerste plaats, dan krijgen ze allen de bonuspunten voor de tweede plaats." — and never that the
    others then get none: Blue, with the next most, still takes the 4."""
    sc = Scenario(3, edition="nl").clear().start_player(RED)
    assert sc.state.T.readings["first_place_tie"] == "next_still_second"
    sc.fill_island("island.nova_scotia", {RED: 5, YELLOW: 5, BLUE: 3})
    assert sc.state.area_points("island", 2) == [9, 9, 7]
    sc.city("city.stockholm", [RED, RED, YELLOW, YELLOW, BLUE])  # Stockholm (8/4): the same in a city
    assert sc.state.area_points("city", 0) == [6, 6, 5]
    sc = Scenario(4, edition="nl").clear()  # two tied for the next most: "Delen 2 of meer spelers de tweede plaats,
    sc.fill_island("island.nova_scotia", {RED: 3, YELLOW: 3, BLUE: 2, 3: 2})  # dan krijgen ze allen geen bonuspunten"
    assert sc.state.area_points("island", 2) == [7, 7, 2, 2]
