"""The rulings of Francis Drake: two readings the rulebook leaves open, each an engine switch (#15).

Each test quotes the rulebook sentence both readings read; positions come from
:mod:`engine.francis_drake.positions`, and expected numbers from the spec-generated tables.
"""

from __future__ import annotations

import random

import pytest

from engine.francis_drake.data import load_tables
from engine.francis_drake.positions import Seat, place_missions, resolve_missions, sailing_position
from engine.francis_drake.voyage import next_start_order
from engine.runtime.api import GameConfig
from engine.runtime.bots import RandomBot
from engine.runtime.registry import load_game
from rulespec.model import load_spec

SPEC = load_spec("rulespec/francis_drake")


def test_the_spec_holds_both_rulings_with_the_sentence_they_read() -> None:
    assert set(SPEC.rulings) == {"start_order_ties", "hero_bonus_places"}
    assert SPEC.rule("reset.starting_order").ruling == "start_order_ties"
    assert SPEC.rule("sailing.heros_bonus").ruling == "hero_bonus_places"
    for ruling in SPEC.rulings.values():
        assert ruling.default in ruling.readings and ruling.reason
        for reading in ruling.readings.values():
            assert "en" in reading.citations  # the one rulebook's sentence that both readings read
    # the rules carry the default readings' params (what the engine plays without naming a reading)
    assert SPEC.param("reset.starting_order", "tie_break") == "last_start_order"
    assert SPEC.param("sailing.heros_bonus", "unqualified_keeps_place") is True


# ---- the starting order of the next voyage --------------------------------------------------------------------
# en: "The player in last place on the Score Track goes in the first Dock, 2nd last goes in the 2nd Dock, 3rd last
# goes in the 3rd Dock etc. In case of a tie, the tied players remain in the same relative order as for the last
# voyage."


def _end_of_voyage_one(rulings: dict[str, str] | None = None) -> object:
    state = load_game(GameConfig("francis_drake", 4, 3, rulings=dict(rulings or {}))).new_initial_state()
    t = state.table  # type: ignore[attr-defined]
    t.start_order = [0, 1, 2, 3]  # voyage 1 started in this order
    t.homebound = [3, 2, 1, 0]  # and the ships came home the other way round
    for seat, score in enumerate((5, 5, 5, 2)):
        t.players[seat].score = score
    return t


def test_tied_players_keep_their_order_of_the_last_voyages_start_by_default() -> None:
    t = _end_of_voyage_one()
    assert t.tables.readings == {"hero_bonus_places": "keeps_place", "start_order_ties": "last_start_order"}  # type: ignore[attr-defined]
    assert next_start_order(t) == [3, 0, 1, 2]  # type: ignore[arg-type]  # last on the track first, then 0, 1, 2 as they started


def test_by_the_homebound_reading_tied_players_keep_the_order_they_came_home() -> None:
    t = _end_of_voyage_one({"start_order_ties": "homebound_order"})
    assert next_start_order(t) == [3, 2, 1, 0]  # type: ignore[arg-type]


def test_a_played_voyage_two_starts_in_the_order_the_reading_gives() -> None:
    for reading, previous_of in (("last_start_order", "first_order"), ("homebound_order", "homebound")):
        for seed in range(4):
            state = load_game(GameConfig("francis_drake", 4, seed, rulings={"start_order_ties": reading})).new_initial_state()
            t = state.table  # type: ignore[attr-defined]
            rng = random.Random(seed)
            while t.voyage == 1:
                state.apply(RandomBot().choose(state, rng))
            previous = t.first_order if previous_of == "first_order" else t.records[0]["homebound"]
            assert t.start_order == sorted(previous, key=lambda s: (t.players[s].score, previous.index(s)))


# ---- the hero's bonus --------------------------------------------------------------------------------------
# en: "Players returning to Plymouth early (before they have used their 4th Disc) receive a "hero's bonus": The
# first player back gets 2 VP and the second player gets 1VP, so long as they successfully attacked at least 1
# Town, Fort or Galleon on their voyage."


@pytest.mark.parametrize(("reading", "paid"), [("keeps_place", 1), ("qualified_only", 0)])
def test_an_early_returner_without_an_attack_takes_a_place_by_the_default_reading(reading: str, paid: int) -> None:
    """Seat 0 comes home first without attacking, seat 1 second after a successful attack: by the default it is
    second back (1 VP); counting only those who attacked, it is first back (2 VP)."""
    tables = load_tables(3, rulings={"hero_bonus_places": reading})
    towns = tables.dests_of("town")
    state = sailing_position(3, [0, 1, 2], {s: Seat(crew=4) for s in range(3)}, tables=tables)
    place_missions(state, {1: [("1", towns[0])]})
    resolve_missions(state, {(1, "1"): "attack"}, return_after={0: 1, 1: 2})
    record = state.table.records[0]
    assert record["homebound"][:2] == [0, 1]
    assert record["hero_bonus"] == [0, tables.hero_bonus[paid], 0]


def test_an_unknown_reading_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="keeps_place, qualified_only"):
        load_game(GameConfig("francis_drake", 3, 1, rulings={"hero_bonus_places": "nobody"}))
    with pytest.raises(ValueError, match="no ruling"):
        load_game(GameConfig("francis_drake", 3, 1, rulings={"no_such": "x"}))
