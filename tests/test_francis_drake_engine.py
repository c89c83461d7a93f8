"""Engine tests of *Francis Drake*: the rulebook's worked examples, the Locations, scoring, and properties of
random legal play (conservation, determinism, JSON round trips, illegal moves).

Positions for the examples are built with :mod:`engine.francis_drake.positions` (see its docstring): the
Sailing Phase of voyage 1 with the ships in given Outbound Docks and given holdings. Expected numbers are
read from the spec-generated tables (``TABLES``), never copied from the engine's output: where the rulebook
gives a total (Example 9: 4 Crew and 1 Gun for Veracruz; Example 10: 4 Guns for a Galleon) the test picks
the counter that makes that total from the spec's counters.
"""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.francis_drake import provisioning
from engine.francis_drake.data import load_tables, tables_from_module
from engine.francis_drake.model import INFORMER, MISSIONS, PROVISION, RESOLVE, STOCK_ITEMS, Table
from engine.francis_drake.positions import Seat, place_missions, resolve_missions, sailing_position
from engine.francis_drake.resolution import requirement
from engine.francis_drake.scoring import commodity_vp, ranking, treasure_vp
from engine.francis_drake.state import FrancisDrakeGame, FrancisDrakeState
from engine.runtime.api import Action, GameConfig, IllegalActionError, State
from engine.runtime.bots import RandomBot, make_bot
from engine.runtime.registry import load_game

TABLES = load_tables(4)
# The rulebook's colours, as seats.
GREEN, RED, YELLOW, BLUE = 0, 1, 2, 3


def new_state(players: int = 4, seed: int = 0) -> FrancisDrakeState:
    state = load_game(GameConfig("francis_drake", players, seed)).new_initial_state()
    assert isinstance(state, FrancisDrakeState)
    return state


def dest_of(kind: str, index: int = 0) -> str:
    return TABLES.dests_of(kind)[index]


def play_random(state: State, seed: int, steps: int | None = None) -> None:
    """Play ``steps`` moves (or to the end): a mix of uniformly random and heuristic moves, so that random
    play also reaches attacks, trades and the Informer rather than sailing out empty-handed."""
    rng = random.Random(seed)
    bots = [RandomBot(), make_bot("heuristic", "francis_drake")]
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        state.apply(bots[rng.random() < 0.5].choose(state, rng))
        done += 1


# --------------------------------------------------------------------------- provisioning


def test_starting_order_is_drawn_and_only_the_last_player_gets_a_gun() -> None:
    """Example 1: the Frigates drawn from the cup give the starting order; the last player gets 1 Gun."""
    orders = set()
    for seed in range(12):
        state = new_state(4, seed)
        t = state.table
        assert sorted(t.start_order) == [0, 1, 2, 3]
        orders.add(tuple(t.start_order))
        last = t.start_order[-1]
        for player in t.players:
            expected = TABLES.last_player_grant["guns"] if player.seat == last else 0
            assert player.stock["guns"] == expected
        # Players place in that order: the first drawn moves first, then the second.
        assert state.current_player == t.start_order[0]
        state.apply(provisioning.SAIL)
        assert state.current_player == t.start_order[1]
    assert len(orders) > 1  # the draw depends on the seed


def test_the_gun_compensation_is_not_repeated_on_voyage_2() -> None:
    state = new_state(3, 5)
    rng = random.Random(1)
    while state.table.voyage == 1:
        state.apply(RandomBot().choose(state, rng))
    t = state.table
    assert t.phase == PROVISION and t.voyage == 2
    assert all(p.stock == dict.fromkeys(STOCK_ITEMS, 0) for p in t.players)
    # The starting order of voyage 2: last place on the score track first, ties in the order of voyage 1's start
    # (ruling start_order_ties, default reading).
    previous = t.first_order
    expected = sorted(previous, key=lambda s: (t.players[s].score, previous.index(s)))
    assert t.start_order == expected


def test_one_way_street_and_one_disc_per_location() -> None:
    state = new_state(4, 3)
    t = state.table
    seat = state.current_player
    target = t.street[5]
    circle = next(a for a in state.legal_actions() if a.get("loc") == target)
    state.apply(circle)
    # Everyone else sails; the player's next placement must lie further along the street.
    while state.current_player != seat:
        state.apply(provisioning.SAIL)
    ahead = {a.get("loc") for a in state.legal_actions() if a.kind == "place"}
    assert ahead and all(t.street.index(loc) > 5 for loc in ahead)
    assert state.table.players[seat].discs == TABLES.player_discs - 1


def test_drake_takes_two_consecutive_turns_then_gives_crew_guns_and_a_choice() -> None:
    state = new_state(3, 0)
    t = state.table
    drake = next(loc for loc in TABLES.locations.values() if loc.turns > 1)
    seat = state.current_player
    before = dict(t.players[seat].stock)
    state.apply(Action.make("place", loc=drake.id))
    assert t.players[seat].stock == before  # nothing after the first placement
    while state.current_player != seat:
        others = state.legal_actions()
        assert all(a.get("loc") != drake.id for a in others)  # only one player may stop at Drake
        state.apply(provisioning.SAIL)
    legal = state.legal_actions()
    assert {a.get("loc") for a in legal} == {drake.id}  # he must continue at Drake
    option = drake.options[1]
    state.apply(Action.make("place", loc=drake.id, take=provisioning.label(option)))
    gained = Counter(t.players[seat].stock) - Counter(before)
    total = Counter(drake.circles[-1]) + Counter(option)
    assert gained == total
    assert t.players[seat].discs == TABLES.player_discs - drake.turns


def test_investor_costs_vp_and_is_used_once_per_game() -> None:
    state = new_state(3, 0)
    t = state.table
    investor = next(loc for loc in TABLES.locations.values() if loc.once_per_game)
    seat = state.current_player
    score = t.players[seat].score
    galleon_option = next(o for o in investor.options if "galleon" in o)
    state.apply(Action.make("place", loc=investor.id, take=provisioning.label(galleon_option)))
    assert t.players[seat].score == score - investor.cost_vp
    assert t.players[seat].galleon and not t.players[seat].investor
    # Another player may stop there on the same turn.
    assert any(a.get("loc") == investor.id for a in state.legal_actions())
    # On later voyages the Investor is gone for him.
    rng = random.Random(0)
    while t.voyage == 1:
        if state.current_player == seat and t.phase == PROVISION:
            assert all(a.get("loc") != investor.id for a in state.legal_actions())
        state.apply(RandomBot().choose(state, rng))
    while t.phase == PROVISION:
        if state.current_player == seat:
            assert all(a.get("loc") != investor.id for a in state.legal_actions())
        state.apply(RandomBot().choose(state, rng))


class FixedDie(random.Random):
    """An RNG whose die always shows ``face`` (shuffles stay seeded)."""

    def __init__(self, face: int) -> None:
        super().__init__(0)
        self.face = face

    def randint(self, a: int, b: int) -> int:
        return self.face


@pytest.mark.parametrize("face", range(1, 7))
def test_tavern_first_visitor_adds_one_and_low_rolls_give_the_ghost_ship(face: int) -> None:
    state = new_state(3, 0)
    t = state.table
    tavern = next(loc for loc in TABLES.locations.values() if loc.rolls)
    t.rng = FixedDie(face)
    first = state.current_player
    state.apply(next(a for a in state.legal_actions() if a.get("loc") == tavern.id))
    second = state.current_player
    state.apply(next(a for a in state.legal_actions() if a.get("loc") == tavern.id))
    for seat, modifier in ((first, 1), (second, 0)):
        roll = min(face + modifier, max(TABLES.tavern_crew))
        player = t.players[seat]
        ghost = roll in TABLES.tavern_ghost_rolls
        assert player.ghost == ghost
        assert player.stock["crew"] == (0 if ghost else TABLES.tavern_crew[roll])


def test_dockside_is_the_last_chance_then_the_ship_sails() -> None:
    state = new_state(3, 0)
    t = state.table
    seat = state.current_player
    state.apply(Action.make("place", loc=t.street[-1], take="supplies1"))
    while state.current_player != seat:
        state.apply(provisioning.SAIL)
    assert state.legal_actions() == [provisioning.SAIL]


# --------------------------------------------------------------------------- sailing phase examples


def test_example3_governor_moves_up_one_dock() -> None:
    state = sailing_position(4, [GREEN, RED, BLUE, YELLOW], {YELLOW: Seat(counters=("governor",))})
    assert state.table.outbound == [GREEN, RED, YELLOW, BLUE]
    # Already in Dock 1: no swap.
    state = sailing_position(4, [YELLOW, GREEN, RED, BLUE], {YELLOW: Seat(counters=("governor",))})
    assert state.table.outbound == [YELLOW, GREEN, RED, BLUE]


def test_example4_navigation_markers_limit_the_zones() -> None:
    seats = {GREEN: Seat(supplies=3), YELLOW: Seat(supplies=2), RED: Seat(supplies=0), BLUE: Seat(supplies=6)}
    state = sailing_position(4, [GREEN, RED, YELLOW, BLUE], seats)
    t = state.table
    assert t.players[GREEN].navigation == 3
    assert t.players[YELLOW].navigation == 2
    assert t.players[BLUE].navigation == TABLES.navigation_max
    assert t.players[RED].navigation == 0 and t.players[RED].hand == []  # cannot sail without a barrel
    for seat in (GREEN, YELLOW, BLUE):
        while state.current_player != seat:
            state.apply(state.legal_actions()[0])
        dests = {a.get("dest") for a in state.legal_actions()}
        reach = t.players[seat].navigation
        assert dests == {d.id for d in TABLES.destinations.values() if d.zone <= reach} - set(t.disc_at(seat).values())


def example6_state() -> FrancisDrakeState:
    """Example 6A's Cartagena: a red 1, a blue 1 and Yellow's 2; Yellow holds the Informer (and the Governor,
    which gives Example 3's Sailing Order Green, Red, Yellow, Blue)."""
    cartagena = "cartagena"
    other = next(d for d in TABLES.dests_of("town"))
    fighters = Seat(crew=6, guns=4)
    seats = {
        GREEN: fighters,
        RED: fighters,
        BLUE: fighters,
        YELLOW: Seat(crew=6, guns=4, counters=("governor", "informer")),
    }
    state = sailing_position(4, [GREEN, RED, BLUE, YELLOW], seats, troops={cartagena: 0})
    plan = {
        RED: [("1", cartagena)],
        BLUE: [("1", cartagena)],
        YELLOW: [("2", cartagena), ("1", other)],
    }
    place_missions(state, plan)
    return state


def test_example6a_the_informer_looks_and_swaps() -> None:
    state = example6_state()
    t = state.table
    assert t.phase == INFORMER and state.current_player == YELLOW
    seen = {s: d for s, d in state.observation(YELLOW)["missions"]["cartagena"]}
    assert seen == {RED: None, BLUE: None, YELLOW: "2"}  # face-down discs of others are hidden
    state.apply(Action.make("informer", look="cartagena"))
    seen = {s: d for s, d in state.observation(YELLOW)["missions"]["cartagena"]}
    assert seen == {RED: "1", BLUE: "1", YELLOW: "2"}
    assert {s: d for s, d in state.observation(GREEN)["missions"]["cartagena"]}[RED] is None
    state.apply(Action.make("informer_swap", a="1", b="2"))
    # Turned over: Red's 1, then Yellow's 1 (Yellow sails before Blue), Blue's 1 waits in the stack.
    assert t.missions["cartagena"] == [(RED, "1"), (YELLOW, "1"), (BLUE, "1")]


def test_informer_inspects_a_fort_and_moves_his_disc() -> None:
    fort = dest_of("fort", 0)
    seats = {GREEN: Seat(crew=6, guns=4, counters=("informer",))}
    state = sailing_position(3, [GREEN, RED, YELLOW], seats, troops={fort: 2})
    place_missions(state, {GREEN: [("1", fort)]})
    assert state.observation(GREEN)["counters"][fort] is None
    state.apply(Action.make("informer", inspect=fort))
    assert state.observation(GREEN)["counters"][fort] == 2
    assert state.observation(RED)["counters"][fort] is None
    towns = set(TABLES.dests_of("town"))
    target = next(a.get("to") for a in state.legal_actions() if a.kind == "informer_move" and a.get("to") in towns)
    state.apply(Action.make("informer_move", to=target))
    assert state.table.disc_at(GREEN)["1"] == target
    assert state.current_player == GREEN and state.legal_actions()[0] == Action.make("attack")


def test_example8_resolution_order_golden_hind_first_then_numbers_in_sailing_order() -> None:
    seats = {s: Seat(crew=6, guns=4) for s in (GREEN, RED, YELLOW, BLUE)}
    seats[YELLOW] = Seat(crew=6, guns=4, counters=("governor",))
    seats[BLUE] = Seat(crew=6, guns=4, golden_hind=True)
    state = sailing_position(4, [GREEN, RED, BLUE, YELLOW], seats, troops={"cartagena": 0})
    place_missions(state, {RED: [("1", "cartagena")], YELLOW: [("1", "cartagena")], BLUE: [("1", "cartagena")]})
    t = state.table
    order = [GREEN, RED, YELLOW, BLUE]
    expected = [(BLUE, "golden_hind")] + [(s, str(n)) for n in TABLES.mission_numbers for s in order]
    assert t.queue == expected
    assert t.missions["cartagena"] == [(RED, "1"), (YELLOW, "1"), (BLUE, "1")]


def test_example8_a_waiting_disc_attacks_when_an_earlier_one_does_not() -> None:
    seats = {s: Seat(crew=6, guns=4) for s in (GREEN, RED, YELLOW, BLUE)}
    seats[YELLOW] = Seat(crew=6, guns=4, counters=("governor",))
    fort = "cartagena"
    state = sailing_position(4, [GREEN, RED, BLUE, YELLOW], seats, troops={fort: 0})
    place_missions(state, {RED: [("1", fort)], YELLOW: [("1", fort)], BLUE: [("1", fort)]})
    t = state.table

    def step(seat: int, move: str) -> None:
        while t.queue[t.qi][0] != seat or t.phase != RESOLVE:
            state.apply(Action.make("sail_on") if t.phase != RESOLVE else Action.make("pass"))
        state.apply(Action.make(move))

    step(RED, "pass")  # Red's 1 does not attack: the next to arrive gets the chance
    step(YELLOW, "attack")
    step(BLUE, "attack")
    assert t.successes[fort] == [YELLOW, BLUE]


def test_only_two_successful_attacks_per_destination() -> None:
    seats = {s: Seat(crew=6, guns=4) for s in range(4)}
    town = dest_of("town")
    state = sailing_position(4, [0, 1, 2, 3], seats)
    place_missions(state, {s: [("1", town)] for s in range(4)})
    t = state.table
    for seat in (0, 1):
        assert state.current_player == seat and Action.make("attack") in state.legal_actions()
        state.apply(Action.make("attack"))
        state.apply(Action.make("sail_on"))
    # Seat 2's disc 1 cannot attack: it passed automatically; its next decision is about returning.
    assert t.successes[town] == [0, 1]
    assert t.players[2].stock["crew"] == 6 and "1" not in t.players[2].unresolved
    assert t.players[0].chest[TABLES.destinations[town].treasure] == 1  # the first attacker's bonus
    assert sum(t.players[1].chest.values()) == 0


def test_example9_veracruz_needs_4_crew_and_1_gun_or_4_crew_with_a_pinnace() -> None:
    veracruz = TABLES.destinations["veracruz"]
    counter = 4 - veracruz.troops
    assert counter in TABLES.troop_counters and veracruz.guns == 1  # Example 9's totals
    seats = {
        0: Seat(crew=3, guns=1),  # one Crew short: the attack fails when the counter turns over
        1: Seat(crew=4, guns=1),
        2: Seat(crew=4, guns=0, pinnace=1),
        3: Seat(crew=4, guns=1),
    }
    state = sailing_position(4, [0, 1, 2, 3], seats, troops={"veracruz": counter})
    place_missions(state, {s: [("1", "veracruz")] for s in range(4)})
    t = state.table
    assert requirement(t, 1, "veracruz", known_only=False) == (4, 1)
    assert requirement(t, 2, "veracruz", known_only=False) == (4, 0)
    assert state.observation(0)["counters"]["veracruz"] is None
    state.apply(Action.make("attack"))  # seat 0 tries with what is known (printed troops only) and fails
    assert "veracruz" in t.revealed and state.observation(3)["counters"]["veracruz"] == counter
    assert t.players[0].stock == {**t.players[0].stock, "crew": 3, "guns": 1}
    assert t.players[0].score == TABLES.start_score
    state.apply(Action.make("sail_on"))
    state.apply(Action.make("attack"))  # seat 1: 4 crew and 1 gun
    assert t.players[1].stock["crew"] == 0 and t.players[1].stock["guns"] == 0
    assert t.players[1].score == TABLES.start_score + veracruz.vp
    assert t.players[1].chest[veracruz.treasure] == 1  # the first attacker gets the Gold
    state.apply(Action.make("sail_on"))
    state.apply(Action.make("attack"))  # seat 2: the Pinnace ignores the gun
    assert t.players[2].stock["crew"] == 0 and t.players[2].score == TABLES.start_score + veracruz.vp
    assert sum(t.players[2].chest.values()) == 0
    assert t.successes["veracruz"] == [1, 2]  # seat 3 is the third: no attack left


def test_example10_galleon_needs_4_guns_and_a_galleon() -> None:
    site = dest_of("galleon")
    pairs = [(c, f) for c, face in TABLES.galleon_counters.items() for f in TABLES.frigate_counters if face["guns"] + f == 4]
    assert pairs, "the spec's counters allow Example 10's 4-gun Galleon"
    counter, frigate = pairs[0]
    seats = {0: Seat(guns=4), 1: Seat(guns=3, galleon=True), 2: Seat(guns=4, galleon=True)}
    state = sailing_position(3, [0, 1, 2], seats, galleons={site: counter}, frigates={site: frigate})
    place_missions(state, {s: [("1", site)] for s in range(3)})
    t = state.table
    # Seat 0 sails a Frigate: no attack offered, his disc went back; seat 1 tries with 3 guns and fails.
    assert state.current_player == 0 and "1" not in t.players[0].unresolved
    state.apply(Action.make("sail_on"))
    assert state.current_player == 1
    state.apply(Action.make("attack"))
    assert not t.successes.get(site)
    state.apply(Action.make("sail_on"))
    state.apply(Action.make("attack"))
    assert t.successes[site] == [2] and t.players[2].stock["guns"] == 0
    assert t.players[2].score == TABLES.start_score + TABLES.galleon_counters[counter]["vp"]
    assert t.players[2].chest["jewels"] == 1
    assert "galleon" in t.players[2].conquests


def test_trading_one_trade_goods_for_a_commodity() -> None:
    port = dest_of("trade_port")
    goods = TABLES.destinations[port].commodities
    seats = {0: Seat(trade_goods=1), 1: Seat(trade_goods=1)}
    state = sailing_position(3, [0, 1, 2], seats)
    place_missions(state, {0: [("1", port)], 1: [("1", port)]})
    t = state.table
    first = sorted(goods)[0]
    state.apply(Action.make("trade", good=first))
    assert t.players[0].commodities[first] == 1 and t.players[0].stock["trade_goods"] == 0
    state.apply(Action.make("sail_on"))
    offered = {a.get("good") for a in state.legal_actions() if a.kind == "trade"}
    assert offered == set(goods) - {first}  # later traders choose from what remains


def test_example12_heros_bonus_for_the_first_two_back_early() -> None:
    """Green goes home after Mission 3, Blue after his 3rd; Red and Yellow do their 4th: Green 2 VP, Blue 1 VP."""
    towns = TABLES.dests_of("town")
    seats = {s: Seat(crew=4) for s in (GREEN, RED, YELLOW, BLUE)}
    state = sailing_position(4, [GREEN, RED, YELLOW, BLUE], seats)
    place_missions(state, {s: [("1", towns[s % len(towns)])] for s in (GREEN, RED, YELLOW, BLUE)})
    moves = {(s, "1"): "attack" for s in (GREEN, RED, YELLOW, BLUE)}
    resolve_missions(state, moves, return_after={GREEN: 3, BLUE: 3})
    record = state.table.records[0]
    assert record["homebound"] == [GREEN, BLUE, RED, YELLOW]
    first, second = TABLES.hero_bonus[0], TABLES.hero_bonus[1]
    assert record["hero_bonus"] == [first, 0, 0, second]


def test_an_early_return_without_a_successful_attack_earns_no_bonus() -> None:
    towns = TABLES.dests_of("town")
    seats = {s: Seat(crew=4) for s in range(3)}
    state = sailing_position(3, [0, 1, 2], seats)
    place_missions(state, {1: [("1", towns[0])]})
    resolve_missions(state, {(1, "1"): "attack"}, return_after={0: 1, 1: 2})
    record = state.table.records[0]
    assert record["homebound"][:2] == [0, 1]
    assert record["hero_bonus"] == [0, TABLES.hero_bonus[1], 0]


def test_voyage_scoring_by_types_and_unclaimed_treasure() -> None:
    town, fort = dest_of("town"), dest_of("fort")
    seats = {0: Seat(crew=6, guns=4, pinnace=1), 1: Seat(counters=("admiral",)), 2: Seat(counters=("governor",))}
    state = sailing_position(3, [0, 1, 2], seats, troops={fort: 0})
    place_missions(state, {0: [("1", town), ("2", fort)]})
    t = state.table
    gold_on_map = sum(1 for kind in t.treasure.values() if kind == "gold")
    silver_on_map = sum(1 for kind in t.treasure.values() if kind == "silver")
    resolve_missions(state, {(0, "1"): "attack", (0, "2"): "attack"})
    taken = {TABLES.destinations[town].treasure, TABLES.destinations[fort].treasure}
    record = t.records[0]
    attack_vp = TABLES.destinations[town].vp + TABLES.destinations[fort].vp
    assert record["scores"][0] == TABLES.start_score + attack_vp + TABLES.conquest_vp[2]
    gold_left = gold_on_map - sum(1 for k in taken if k == "gold")
    silver_left = silver_on_map - sum(1 for k in taken if k == "silver")
    assert record["scores"][1] == TABLES.start_score + gold_left * TABLES.unclaimed_bonus["admiral"]["vp"]
    assert record["scores"][2] == TABLES.start_score + silver_left * TABLES.unclaimed_bonus["governor"]["vp"]


# --------------------------------------------------------------------------- end of the game


def test_commodity_sets_score_per_chart() -> None:
    vp = TABLES.commodity_set_vp
    indigo, sugar, coffee, tobacco = TABLES.commodities
    assert commodity_vp(TABLES, {}) == 0
    assert commodity_vp(TABLES, {sugar: 1}) == vp[1]
    assert commodity_vp(TABLES, {sugar: 3}) == 3 * vp[1]
    assert commodity_vp(TABLES, {sugar: 1, coffee: 1, tobacco: 1}) == vp[3]
    # One set of 4 different and a set of 2 left over.
    assert commodity_vp(TABLES, {indigo: 1, sugar: 2, coffee: 2, tobacco: 1}) == vp[4] + vp[2]
    assert commodity_vp(TABLES, {indigo: 2, sugar: 2, coffee: 2, tobacco: 2}) == 2 * vp[4]
    assert treasure_vp(TABLES, {"silver": 1, "gold": 2, "jewels": 1}) == (
        TABLES.treasure_vp["silver"] + 2 * TABLES.treasure_vp["gold"] + TABLES.treasure_vp["jewels"]
    )


@pytest.mark.parametrize("players", [3, 4, 5])
def test_final_scores_add_commodities_and_treasure(players: int) -> None:
    state = new_state(players, 11)
    bots = [make_bot("heuristic", "francis_drake") for _ in range(players)]
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state, rng))
    t = state.table
    after_voyages = t.records[-1]["scores"]
    for p in t.players:
        assert p.score == after_voyages[p.seat] + commodity_vp(TABLES, p.commodities) + treasure_vp(TABLES, p.chest)
    assert len(t.records) == TABLES.voyages


def test_ties_are_broken_by_the_homebound_docks() -> None:
    state = new_state(3, 2)
    play_random(state, 2)
    t = state.table
    for p in t.players:
        p.score = 20
    t.homebound = [2, 0, 1]
    assert ranking(t) == [2, 0, 1]
    assert state.winners() == [2]


# --------------------------------------------------------------------------- the spec drives play


def test_a_changed_spec_changes_play(tmp_path: Path) -> None:
    """Render the templates from a copy of the spec allowing 1 successful attack: the second attack goes."""
    from engine.generate import load_generated, render
    from rulespec.model import load_spec

    source = Path(__file__).resolve().parents[1] / "rulespec" / "francis_drake"
    folder = tmp_path / "francis_drake"
    shutil.copytree(source, folder)
    sailing_file = folder / "rules" / "03_sailing.yaml"
    text = sailing_file.read_text(encoding="utf-8")
    assert "max_successful_attacks: 2" in text
    sailing_file.write_text(text.replace("max_successful_attacks: 2", "max_successful_attacks: 1"), encoding="utf-8")
    out = tmp_path / "generated"
    files = render(load_spec(folder), out_dir=out)
    for path, content in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    module = load_generated(out, "fd_changed").constants
    tables = tables_from_module(module, 3)
    assert tables.max_successful_attacks == 1
    town = tables.dests_of("town")[0]
    seats = {s: Seat(crew=4) for s in range(3)}
    state = sailing_position(3, [0, 1, 2], seats, tables=tables)
    place_missions(state, {0: [("1", town)], 1: [("1", town)]})
    state.apply(Action.make("attack"))
    state.apply(Action.make("sail_on"))
    assert state.table.successes[town] == [0]
    assert state.current_player != 1 or Action.make("attack") not in state.legal_actions()


def test_committed_constants_match_the_spec() -> None:
    from engine.generate import render
    from rulespec.model import load_spec

    for path, content in render(load_spec("francis_drake")).items():
        assert path.read_text(encoding="utf-8") == content, f"{path} is stale: run rulespec generate engine"


# --------------------------------------------------------------------------- properties of random play


def holdings(t: Table) -> Counter[str]:
    """Every countable item wherever it is: supply, players, map."""
    count: Counter[str] = Counter()
    count.update(t.supply)
    for p in t.players:
        count.update(p.stock)
        count.update(p.commodities)
        count.update(p.chest)
        count["pinnace"] += p.pinnace
    count.update(t.treasure.values())
    for goods in t.port_goods.values():
        count.update(goods)
    return count


def check_invariants(t: Table) -> None:
    assert +holdings(t) == +Counter(TABLES.stock)
    assert all(v >= 0 for v in t.supply.values())
    for p in t.players:
        assert all(v >= 0 for v in (*p.stock.values(), *p.commodities.values(), *p.chest.values(), p.pinnace))
        on_street = sum(1 for occ in t.occupancy.values() for s, _ in occ if s == p.seat)
        assert p.discs + on_street == TABLES.player_discs
    for counter in ("admiral", "governor", "informer"):
        assert sum(counter in p.counters for p in t.players) <= 1
    for seats in t.successes.values():
        assert len(seats) <= TABLES.max_successful_attacks
        assert len(set(seats)) == len(seats)


players_st = st.sampled_from([3, 4, 5])
seed_st = st.integers(min_value=0, max_value=10_000)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(players=players_st, seed=seed_st, bot_seed=seed_st)
def test_random_play_conserves_components_and_ends_after_the_voyages(players: int, seed: int, bot_seed: int) -> None:
    state = new_state(players, seed)
    rng = random.Random(bot_seed)
    heuristic = make_bot("heuristic", "francis_drake")
    voyages_seen = {state.table.voyage}
    check_invariants(state.table)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions and len(set(actions)) == len(actions)
        assert all(isinstance(json.dumps(a.to_json()), str) and Action.from_json(a.to_json()) == a for a in actions)
        move = heuristic.choose(state, rng) if rng.random() < 0.5 else actions[rng.randrange(len(actions))]
        state.apply(move)
        viewer = rng.randrange(players)
        obs = json.loads(json.dumps(state.observation(viewer)))
        if not obs["turned"]:  # other captains' face-down Mission Discs stay hidden
            known = state.table.knowledge.get(viewer, {}).get("discs", {})
            for dest, stack in obs["missions"].items():
                assert all(d is None for s, d in stack if s != viewer) or dest in known
        check_invariants(state.table)
        voyages_seen.add(state.table.voyage)
    assert voyages_seen == set(range(1, TABLES.voyages + 1))
    assert state.legal_actions() == [] and state.current_player == -1
    assert len(state.winners()) == 1
    assert state.winners()[0] == max(range(players), key=lambda s: (state.scores()[s], -state.table.homebound.index(s)))


@SETTINGS
@given(players=players_st, seed=seed_st, bot_seed=seed_st)
def test_same_seed_same_game(players: int, seed: int, bot_seed: int) -> None:
    a, b = new_state(players, seed), new_state(players, seed)
    play_random(a, bot_seed)
    play_random(b, bot_seed)
    assert a.log == b.log and a.history == b.history and a.scores() == b.scores()


@SETTINGS
@given(players=players_st, seed=seed_st, bot_seed=seed_st, steps=st.integers(min_value=0, max_value=400))
def test_json_round_trip_at_any_point(players: int, seed: int, bot_seed: int, steps: int) -> None:
    state = new_state(players, seed)
    play_random(state, bot_seed, steps)
    data = json.loads(json.dumps(state.to_json()))
    copy = State.from_json(data)
    assert copy == state
    assert copy.legal_actions() == state.legal_actions()
    # Both continue identically (the RNG state was rebuilt too).
    play_random(state, bot_seed + 1, 40)
    play_random(copy, bot_seed + 1, 40)
    assert copy == state


@SETTINGS
@given(players=players_st, seed=seed_st, bot_seed=seed_st, steps=st.integers(min_value=0, max_value=300))
def test_an_illegal_action_leaves_the_state_unchanged(players: int, seed: int, bot_seed: int, steps: int) -> None:
    state = new_state(players, seed)
    play_random(state, bot_seed, steps)
    before = state.fingerprint()
    history = len(state.history)
    legal = set(state.legal_actions())
    candidates = [
        Action.make("attack"),
        Action.make("sail"),
        Action.make("place", loc=state.table.street[0], circle=99),
        Action.make("mission", disc="9", dest="nowhere"),
        Action.make("return_home"),
        Action.make("frigates", values=(9, 9, 9)),
    ]
    illegal = [a for a in candidates if a not in legal]
    assert illegal
    for action in illegal:
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert state.fingerprint() == before and len(state.history) == history


def test_observation_hides_chests_and_face_down_discs() -> None:
    state = example6_state()
    obs = state.observation(GREEN)
    assert obs["players"][RED]["chest"] is None and obs["players"][GREEN]["chest"] is not None
    assert isinstance(obs["players"][RED]["hand"], int)
    assert all(d is None for s, d in obs["missions"]["cartagena"] if s != GREEN)
    assert "queue" not in obs and "knowledge" not in obs
    json.dumps(obs)  # JSON-able


def test_the_game_rejects_player_counts_outside_the_spec() -> None:
    for players in (TABLES.players_min - 1, TABLES.players_max + 1):
        with pytest.raises(ValueError):
            FrancisDrakeGame(GameConfig("francis_drake", players))


def test_heuristic_bot_beats_random_bots() -> None:
    wins = 0
    for seed in range(12):
        state = new_state(4, seed)
        bots = [make_bot("heuristic", "francis_drake"), *(make_bot("random", "francis_drake") for _ in range(3))]
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state, rng))
        wins += state.winners() == [0]
    assert wins >= 8


def test_missions_phase_places_every_disc_in_sailing_order() -> None:
    state = sailing_position(3, [2, 0, 1], {0: Seat(ghost=True)})
    t = state.table
    assert t.phase == MISSIONS
    seen = []
    while t.phase == MISSIONS:
        seen.append(state.current_player)
        state.apply(state.legal_actions()[0])
    hand = len(TABLES.mission_numbers)
    assert seen[:3] == [2, 0, 1]
    assert seen.count(0) == hand + 1 and seen.count(1) == hand and seen.count(2) == hand
    assert seen[-1] == 0  # the Ghost Ship lets him place last
    assert all(d != "ghost" for stack in t.missions.values() for _, d in stack)  # it vanished


def test_admiral_and_governor_lay_their_counters_secretly() -> None:
    from itertools import permutations

    seats = {0: Seat(counters=("admiral",)), 1: Seat(counters=("governor",))}
    game = FrancisDrakeGame(GameConfig("francis_drake", 3, 0))
    state = game.new_initial_state()
    t = state.table
    # Build the Admiral's decision by playing Plymouth: seat-by-seat sail out, after the counters were handed.
    for seat, spec in seats.items():
        t.players[seat].counters = list(spec.counters)
    for seat in range(3):
        t.take(seat, "supplies", 1)  # everyone sails, so the voyage does not end before we look
    while t.phase == PROVISION:
        state.apply(provisioning.SAIL)
    assert t.phase == "admiral" and state.current_player == 0
    galleon_sites = TABLES.dests_of("galleon")
    options = state.legal_actions()
    assert len(options) == len(set(permutations(TABLES.frigate_counters, len(galleon_sites))))
    state.apply(options[-1])
    assert t.phase == "governor" and state.current_player == 1
    assert len(state.legal_actions()) == len(set(permutations(TABLES.troop_counters, len(TABLES.dests_of("fort")))))
    state.apply(state.legal_actions()[0])
    assert [t.frigates[s] for s in galleon_sites] == list(options[-1].get("values"))
    admiral_view, other_view = state.observation(0)["counters"], state.observation(2)["counters"]
    assert all(admiral_view[s] == t.frigates[s] for s in galleon_sites)
    assert all(other_view[s] is None for s in (*galleon_sites, *TABLES.dests_of("fort")))
    assert all(state.observation(1)["counters"][f] == t.troops[f] for f in TABLES.dests_of("fort"))


def test_golden_hind_location_gives_the_extra_disc_resolved_first() -> None:
    state = new_state(3, 4)
    t = state.table
    hind = next(loc.id for loc in TABLES.locations.values() if any("golden_hind" in c for c in loc.circles))
    seat = state.current_player
    state.apply(Action.make("place", loc=hind, circle=1))
    assert t.players[seat].golden_hind
    t.take(seat, "supplies", TABLES.navigation_max)  # barrels to reach every zone (from the supply)
    while t.phase == PROVISION:
        state.apply(provisioning.SAIL)
    while t.phase in ("admiral", "governor"):
        state.apply(state.legal_actions()[0])
    assert "golden_hind" in t.players[seat].hand
    while t.phase == MISSIONS:
        state.apply(state.legal_actions()[0])
    assert t.queue[0] == (seat, "golden_hind")


def test_a_logged_game_replays_through_the_shared_cli(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cli.app import app
    from engine.runtime.replay import write_log

    state = new_state(4, 21)
    play_random(state, 21)
    path = tmp_path / "game.jsonl"
    write_log(path, state)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "final scores verified" in result.output
    # A tampered move is caught.
    lines = path.read_text(encoding="utf-8").splitlines()
    move = json.loads(lines[1])
    move["action"] = {"kind": "attack", "args": {}}
    lines[1] = json.dumps(move)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert CliRunner().invoke(app, ["replay", str(path)]).exit_code != 0


def test_simulate_runs_through_the_shared_cli() -> None:
    from typer.testing import CliRunner

    from cli.app import app

    result = CliRunner().invoke(
        app, ["simulate", "francis_drake", "--games", "6", "--players", "5", "--bots", "heuristic,random", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    summary = data["editions"]["default"]
    assert summary["games"] == 6
    assert set(summary["groups"]["bot"]) == {"heuristic", "random"}


def test_supply_counts_are_the_spec_component_counts() -> None:
    from rulespec.model import load_spec

    spec = load_spec("francis_drake")
    expected = {key: spec.components[key].count for key in ("crew", "guns", "trade_goods", "supplies")}
    expected["pinnace"] = spec.components["pinnace_counters"].count
    for component in spec.components.values():
        if component.part_of in ("commodities", "treasure"):
            expected[component.id.split(".", 1)[1]] = component.count
    assert TABLES.stock == expected
    state = new_state(5, 0)
    assert +holdings(state.table) == +Counter(expected)
    assert len(TABLES.street) == spec.param("provisioning.street", "locations")


@pytest.mark.parametrize("seed", range(6))
def test_reset_keeps_only_commodities_and_reshuffles_the_street(seed: int) -> None:
    state = new_state(4, seed)
    rng = random.Random(seed)
    bots = [RandomBot(), make_bot("heuristic", "francis_drake")]
    while state.table.voyage == 1:
        state.apply(bots[rng.random() < 0.5].choose(state, rng))
    t = state.table
    assert t.phase == PROVISION and not t.occupancy and not t.missions and not t.treasure
    for p in t.players:
        assert p.stock == dict.fromkeys(STOCK_ITEMS, 0) and p.pinnace == 0 and not p.counters
        assert not p.galleon and not p.golden_hind and not p.ghost and p.discs == TABLES.player_discs
    assert t.supply["pinnace"] == TABLES.stock["pinnace"]
    # The Location Tiles are shuffled over the first tile slots only; of each pair the better comes first.
    tiles, fixed = TABLES.street[: TABLES.tile_count], TABLES.street[TABLES.tile_count :]
    assert sorted(t.street[: TABLES.tile_count]) == sorted(tiles)
    assert tuple(t.street[TABLES.tile_count :]) == fixed
    for better, worse in TABLES.better_first_pairs:
        assert t.street.index(better) < t.street.index(worse)
    # Kept across voyages: commodities and treasure chests (they are checked by conservation elsewhere).
    assert sum(sum(p.commodities.values()) for p in t.players) == sum(len(seats) for seats in t.records[0]["trades"].values())
