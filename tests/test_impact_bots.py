"""The heuristic bots respond to the readings an impact sweep compares: a bot that never takes an option the
reading gives it cannot measure that reading."""

from __future__ import annotations

import random

import pytest
from impact_helpers import choice_of_distance, reading_where

from engine.race_to_the_new_found_land import state as st
from engine.race_to_the_new_found_land.bots import HeuristicBot, _antwerp_value, _place_value
from engine.race_to_the_new_found_land.scenario import Scenario
from engine.runtime.api import Action, GameConfig, State
from engine.runtime.bots import make_bot, play_game_observed
from engine.runtime.registry import load_game

GAME = "race_to_the_new_found_land"
RED, YELLOW, BLUE = 0, 1, 2
#: The reading that lets the player choose how far a resolved frame marker moves back, whatever its id.
MOVE_BACK, CHOOSE_DISTANCE = reading_where(GAME, "move_back_min", choice_of_distance)
#: Blocking: a marker stops before the first occupied space, or only the space it ends on matters.
BLOCKING, STOPS_BEFORE = reading_where(
    GAME, "may_pass_occupied", lambda p: not p["may_pass_occupied"] and p["stops"] == "before_occupied_space"
)
_, PASSES = reading_where(GAME, "may_pass_occupied", lambda p: bool(p["may_pass_occupied"]))
#: A tie for first on an island or in a city: the others score no bonus, or the next most still scores the second.
TIE, OTHERS_NOTHING = reading_where(GAME, "tie_first_others", lambda p: p["tie_first_others"] == "no_bonus")
_, NEXT_SECOND = reading_where(GAME, "tie_first_others", lambda p: p["tie_first_others"] == "next_most_second_bonus")


class CountingRandom(random.Random):
    """A generator that counts the draws taken from it."""

    draws = 0

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return super().getrandbits(k)


def _frame_back(reading: str, rivals: dict[int, int]) -> Scenario:
    """RED reaches the square marker on 15 and has taken its reward; rivals stand where ``rivals`` says; the
    player chooses how far the marker moves back."""
    sc = Scenario(3, rulings={MOVE_BACK: CHOOSE_DISTANCE, BLOCKING: reading}).clear()
    for p, points in rivals.items():
        sc.state.score[p] = points
    sc.state.score[RED] = 14
    sc.state.gain(RED, 1)
    sc.run("end_turn", RED)
    bot = HeuristicBot()
    while sc.state.stage == st.FRAME:
        sc.state.apply(bot.choose(sc.state, random.Random(1)))
    return sc


def test_frame_marker_stays_ahead_of_rivals_behind_it() -> None:
    sc = _frame_back(STOPS_BEFORE, {YELLOW: 2, BLUE: 3})
    assert sc.state.stage == st.FRAME_BACK
    targets = [int(a.get("space")) for a in sc.state.legal_actions()]
    assert len(targets) > 1  # the reading gives a choice
    rng = CountingRandom(5)
    choice = HeuristicBot().choose(sc.state, rng)
    assert int(choice.get("space")) == max(targets)  # as little back as it may: the rivals reach it later
    assert rng.draws == 0  # a clear best move draws nothing: paired games stay alike


def test_frame_marker_jumps_behind_a_rival_where_the_reading_lets_it_pass() -> None:
    sc = _frame_back(PASSES, {YELLOW: 13, BLUE: 1})
    targets = [int(a.get("space")) for a in sc.state.legal_actions()]
    assert sc.state.stage == st.FRAME_BACK and min(targets) < 13
    choice = int(HeuristicBot().choose(sc.state, random.Random(2)).get("space"))
    assert choice < 13  # behind YELLOW's figure: YELLOW cannot reach it any more


def _antwerp(edition: str, last_round: bool) -> Scenario:
    sc = Scenario(3, edition=edition).clear()
    sc.goods(YELLOW, wood=5)
    sc.assign(YELLOW, "deliver", "ship.small.regular.s03")  # crate 2
    if last_round:
        sc.state.round = sc.state.T.rounds - 1
    sc.run("deliver", YELLOW)
    return sc


def test_antwerp_is_valued_by_the_goods_the_reading_lets_a_ship_take() -> None:
    ships = ("ship.small.regular.s03",)
    limited = _antwerp_value(_antwerp("de", True).state, ships)
    unlimited = _antwerp_value(_antwerp("en-zman", True).state, ships)
    assert unlimited > limited > 0  # five goods instead of two, in the last round when goods score nothing else
    # mid-game the goods are worth more kept for contracts than a point each
    assert _antwerp_value(_antwerp("en-zman", False).state, ships) < unlimited


def test_any_number_reading_ships_every_good_in_the_last_round() -> None:
    sc = _antwerp("en-zman", True)
    bot = HeuristicBot()
    sc.state.apply(next(a for a in sc.state.legal_actions() if a.kind == "antwerp"))
    shipped = 0
    while sc.state.stage == st.ANTWERP:
        action = bot.choose(sc.state, random.Random(shipped))
        sc.state.apply(action)
        shipped += action.kind == "ship_good"
    assert shipped == 5


def _bonus_place(reading: str, markers: dict[int, int], kind: str = "island") -> float:
    """What one more marker of RED's is worth for the bonuses of an island (or city) holding ``markers``."""
    sc = Scenario(3, rulings={TIE: reading}).clear()
    if kind == "island":
        sc.fill_island("island.anticosti", markers)
        idx = [i.id for i in sc.T.islands].index("island.anticosti")
    else:
        idx = 0
        sc.city(sc.T.cities[idx].id, [owner for owner, count in markers.items() for _ in range(count)])
    sc.state.cur = RED  # the player the bot decides for
    return _place_value(sc.state, kind, idx, 1)


@pytest.mark.parametrize("kind", ["island", "city"])
def test_a_place_behind_a_tie_for_first_is_worth_what_the_reading_pays(kind: str) -> None:
    behind_a_tie = {YELLOW: 2, BLUE: 2}  # RED's one marker would be alone next most
    nothing, second = _bonus_place(OTHERS_NOTHING, behind_a_tie, kind), _bonus_place(NEXT_SECOND, behind_a_tie, kind)
    assert second > nothing  # only the reading that pays the next most makes the marker worth a bonus place
    # where the readings agree, so does the bot: leading, tying for first, alone behind one leader, nowhere
    places = ({YELLOW: 0}, {YELLOW: 1}, {YELLOW: 2}, {YELLOW: 3, BLUE: 1})
    for markers in places:
        assert _bonus_place(OTHERS_NOTHING, markers, kind) == _bonus_place(NEXT_SECOND, markers, kind), markers
    lead, tie, behind_one, crowded = (_bonus_place(OTHERS_NOTHING, markers, kind) for markers in places)
    assert lead > tie == behind_one == second > crowded == nothing


def _early_returns_without_success(reading: str, ruling: str = "hero_bonus_places") -> list[int]:
    """Francis Drake, heuristic bots: the hero's-bonus places already taken each time a bot returned early
    without a successful attack, over a fixed set of games under ``reading``."""
    game = "francis_drake"
    taken: list[int] = []

    def watch(state: State, action: Action) -> None:
        t = state.table  # type: ignore[attr-defined]
        player = t.players[t.decider] if action.kind == "return_home" else None
        if player is not None and not player.conquests:
            early = t.tables.hero_early_before_mission
            taken.append(sum(1 for q in t.homebound if t.players[q].last_mission < early))

    for players in (3, 4, 5):
        for seed in range(20):
            state = load_game(GameConfig(game, players, seed, rulings={ruling: reading})).new_initial_state()
            play_game_observed(state, [make_bot("heuristic", game) for _ in range(players)], seed, watch)
    return taken


def test_drake_bot_takes_a_hero_place_from_a_rival_only_where_the_reading_counts_it() -> None:
    ruling, keeps = reading_where("francis_drake", "unqualified_keeps_place", lambda p: bool(p["unqualified_keeps_place"]))
    _, not_counted = reading_where("francis_drake", "unqualified_keeps_place", lambda p: not p["unqualified_keeps_place"])
    blocking = _early_returns_without_success(keeps, ruling)
    assert blocking, "the bot never used the place an unsuccessful early return keeps"
    places = len(load_game(GameConfig("francis_drake", 3, 0)).tables.hero_bonus)  # type: ignore[attr-defined]
    assert all(taken < places for taken in blocking)  # only while a bonus place is open to take
    assert _early_returns_without_success(not_counted, ruling) == []  # a place that counts for nothing is not taken
