"""The heuristic bots respond to the readings an impact sweep compares: a bot that never takes an option the
reading gives it cannot measure that reading."""

from __future__ import annotations

import random

from engine.race_to_the_new_found_land import state as st
from engine.race_to_the_new_found_land.bots import HeuristicBot, _antwerp_value
from engine.race_to_the_new_found_land.scenario import Scenario

RED, YELLOW, BLUE = 0, 1, 2


class CountingRandom(random.Random):
    """A generator that counts the draws taken from it."""

    draws = 0

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return super().getrandbits(k)


def _frame_back(reading: str, rivals: dict[int, int]) -> Scenario:
    """RED reaches the square marker on 15 and has taken its reward; rivals stand where ``rivals`` says."""
    sc = Scenario(3, rulings={"frame_marker_move_back": "up_to_three", "frame_marker_blocking": reading}).clear()
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
    sc = _frame_back("before_occupied", {YELLOW: 2, BLUE: 3})
    assert sc.state.stage == st.FRAME_BACK
    targets = [int(a.get("space")) for a in sc.state.legal_actions()]
    assert len(targets) > 1  # the up-to reading gives a choice
    rng = CountingRandom(5)
    choice = HeuristicBot().choose(sc.state, rng)
    assert int(choice.get("space")) == max(targets)  # as little back as it may: the rivals reach it later
    assert rng.draws == 0  # a clear best move draws nothing: paired games stay alike


def test_frame_marker_jumps_behind_a_rival_where_the_reading_lets_it_pass() -> None:
    sc = _frame_back("target_only", {YELLOW: 13, BLUE: 1})
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
