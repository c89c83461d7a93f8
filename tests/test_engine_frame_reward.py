"""The frame_reward_optional ruling: en says a player "may" take a frame marker's reward; de, en-zman and nl
state it as part of resolving the marker. Under the optional reading the engine offers a skip next to the
rewards; declining takes nothing, but the marker stays claimed and still moves back.
"""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from cli.app import app
from engine.race_to_the_new_found_land import state as st
from engine.race_to_the_new_found_land.bots import HeuristicBot
from engine.race_to_the_new_found_land.game import RaceGame
from engine.race_to_the_new_found_land.scenario import Scenario
from engine.race_to_the_new_found_land.view import describe_action, stage_prompt
from engine.runtime.api import GameConfig, IllegalActionError
from engine.runtime.bots import make_bot
from rulespec.model import load_spec

GAME = "race_to_the_new_found_land"
RED, YELLOW, BLUE = 0, 1, 2
RULING = "frame_reward_optional"


def _reach(marker_space: int, p: int = YELLOW, **config: object) -> Scenario:
    """``p`` moves from just before ``marker_space`` onto it, and the end of the turn resolves the marker."""
    sc = Scenario(3, **config).clear()
    sc.state.score[p] = marker_space - 1
    sc.state.gain(p, 1)
    sc.run("end_turn", p)
    return sc


def _kinds(sc: Scenario) -> list[str]:
    return [a.kind for a in sc.state.legal_actions()]


def test_ruling_validates_and_reads_per_edition() -> None:
    result = CliRunner().invoke(app, ["validate", GAME])
    assert result.exit_code == 0, result.output
    spec = load_spec(GAME)
    assert spec.rule("frame_markers.choose").ruling == RULING
    assert spec.rulings[RULING].default == "compulsory" == spec.reading(RULING).id
    assert {e: spec.reading(RULING, e).params["reward_optional"] for e in ("de", "en", "en-zman", "nl")} == {
        "de": False, "en": True, "en-zman": False, "nl": False,
    }  # fmt: skip


def test_en_offers_a_skip_after_the_cards() -> None:
    sc = _reach(7, edition="en")  # the square marker on 7
    assert sc.state.stage == st.FRAME
    kinds = _kinds(sc)
    assert kinds[-1] == "skip" and kinds.count("skip") == 1
    assert set(kinds[:-1]) == {"frame"} and len(kinds) - 1 == len(sc.state.objective_stacks[0])
    # the list the flow posed is the one the state lists from scratch
    assert sc.state.legal_actions() == sc.state._list_actions()


def test_declining_takes_nothing_but_the_marker_moves_back() -> None:
    sc = _reach(7, edition="en")
    stack = list(sc.state.objective_stacks[0])
    sc.play("skip")
    assert sc.finished  # en: exactly 3 back, one target, no further decision
    assert sc.state.objectives[YELLOW] == [] and sc.state.objective_stacks[0] == stack
    assert sc.state.frame_pos[0] == 4
    assert sc.state.claimed[YELLOW] & 1  # reached: it will not trigger again for Yellow
    sc.state.gain(YELLOW, 50)  # a lap later: nothing pending for the declined marker
    assert 0 not in sc.state.pending[YELLOW]


def test_declining_the_captain_and_the_good() -> None:
    captain = _reach(15, RED, edition="en")  # the pentagon on 15
    pool = list(captain.state.captain_pool)
    assert _kinds(captain)[-1] == "skip"
    captain.play("skip")
    assert captain.state.captains[RED] == [] and captain.state.captain_pool == pool
    assert captain.state.goods[RED] == [0] * captain.state.ng
    good = _reach(25, RED, edition="en")  # the triangle on 25
    triangle = list(good.state.triangle_goods)
    good.play("skip")
    assert good.state.triangle_goods == triangle and good.state.goods[RED] == [0] * good.state.ng
    assert good.finished and good.state.frame_pos[3] == 22


def test_nothing_to_take_asks_nothing() -> None:
    """A skip alone is no decision: with the captains gone the marker just moves back."""
    sc = Scenario(3, edition="en").clear()
    sc.state.captain_pool.clear()
    sc.state.score[RED] = 14
    sc.state.gain(RED, 1)
    sc.run("end_turn", RED)
    assert sc.finished and sc.state.frame_pos[1] == 12


@pytest.mark.parametrize("edition", ["de", "en-zman", "nl"])
def test_compulsory_editions_offer_no_skip(edition: str) -> None:
    sc = _reach(7, edition=edition)
    assert sc.state.stage == st.FRAME
    assert set(_kinds(sc)) == {"frame"}
    assert sc.state._list_actions() == sc.state.legal_actions()
    with pytest.raises(IllegalActionError):
        sc.state.apply(st.SKIP)
    assert "skip" not in stage_prompt(sc.state)


def test_overriding_the_one_ruling() -> None:
    de_optional = _reach(7, edition="de", rulings={RULING: "optional"})
    assert _kinds(de_optional)[-1] == "skip"
    de_optional.play("skip")
    # the rest of de stays de: the declined marker still moves back its 3 spaces (nothing in the way)
    assert de_optional.finished and de_optional.state.frame_pos[0] == 4
    assert de_optional.state.objectives[YELLOW] == []
    en_compulsory = _reach(7, edition="en", rulings={RULING: "compulsory"})
    assert set(_kinds(en_compulsory)) == {"frame"}
    for edition, rulings, optional in (("de", {}, False), ("en", {}, True), ("de", {RULING: "optional"}, True),
                                       ("en", {RULING: "compulsory"}, False)):
        game = RaceGame(GameConfig(GAME, 3, edition=edition, rulings=rulings))
        assert game.new_initial_state().T.frame_reward_optional is optional, (edition, rulings)
    with pytest.raises(ValueError, match="no reading"):
        RaceGame(GameConfig(GAME, 3, rulings={RULING: "sometimes"}))


def test_play_view_words_the_skip() -> None:
    sc = _reach(7, edition="en")
    assert describe_action(sc.state, st.SKIP) == "Skip: take no reward (the frame marker still moves back)"
    assert stage_prompt(sc.state).endswith(", or skip it")


def test_heuristic_bot_never_declines() -> None:
    bot = HeuristicBot()
    for space, p in ((7, YELLOW), (15, RED), (25, RED)):
        sc = _reach(space, p, edition="en")
        for seed in range(20):
            assert bot.choose(sc.state, random.Random(seed)).kind == "frame", (space, seed)
    # and across whole games: every frame decision of the heuristic bots takes a reward
    for seed in range(3):
        state = RaceGame(GameConfig(GAME, 3, seed=seed, edition="en")).new_initial_state()
        bots = [make_bot("heuristic", GAME) for _ in range(3)]
        rng = random.Random(seed)
        frames = 0
        while not state.is_terminal():
            action = bots[state.current_player].choose(state, rng)
            if state.stage == st.FRAME:
                frames += 1
                assert "skip" in {a.kind for a in state.legal_actions()}
                assert action.kind == "frame"
            state.apply(action)
        assert frames > 0
