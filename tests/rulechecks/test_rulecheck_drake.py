"""Rule checks of Francis Drake: setup, the game's structure, provisioning in Plymouth, sailing, the reset between
voyages and the end of the game."""

from __future__ import annotations

import random

import pytest

from engine.francis_drake import provisioning
from engine.francis_drake.data import load_tables
from engine.francis_drake.model import PROVISION, STOCK_ITEMS
from engine.francis_drake.positions import Seat, place_missions, resolve_missions, sailing_position
from engine.francis_drake.scoring import commodity_vp, treasure_vp
from engine.francis_drake.state import FrancisDrakeState
from engine.runtime.api import Action, GameConfig
from engine.runtime.bots import RandomBot, make_bot
from engine.runtime.registry import load_game
from rulechecks.rulebook import DRAKE, rulebook

T4 = load_tables(4)
ATTACK, PASS = Action.make("attack"), Action.make("pass")


def new_state(players: int = 4, seed: int = 0) -> FrancisDrakeState:
    state = load_game(GameConfig(DRAKE, players, seed)).new_initial_state()
    assert isinstance(state, FrancisDrakeState)
    return state


def play_until(state: FrancisDrakeState, done: object, seed: int = 0) -> None:
    """Heuristic and random moves until ``done(state)`` holds (or the game ends)."""
    rng, bots = random.Random(seed), [RandomBot(), make_bot("heuristic", DRAKE)]
    while not state.is_terminal() and not done(state):  # type: ignore[operator]
        state.apply(bots[rng.random() < 0.5].choose(state, rng))


def place_at(state: FrancisDrakeState, loc: str) -> None:
    state.apply(next(a for a in state.legal_actions() if a.get("loc") == loc))


def sail_others(state: FrancisDrakeState, seat: int) -> None:
    while state.current_player != seat and state.table.phase == PROVISION:
        state.apply(provisioning.SAIL)


# --------------------------------------------------------------------------- setup and structure


@rulebook(DRAKE, "setup.scoring_markers", {"en": "Place the Players' Scoring Markers on 4, on the Score Track."})
def test_every_captain_starts_on_4_vp() -> None:
    assert new_state(5).scores() == [4] * 5


@rulebook(DRAKE, "setup.trade_ports", {
    "en": "Place 1 of each available Commodity on its corresponding icon on the map at the Trade "
          "Ports",
})
def test_each_trade_port_holds_one_of_each_of_its_commodities() -> None:
    state = new_state()
    play_until(state, lambda s: s.table.phase != PROVISION)
    for port in T4.dests_of("trade_port"):
        assert sorted(state.table.port_goods[port]) == sorted(T4.destinations[port].commodities)


@rulebook(DRAKE, "setup.galleons", {
    "en": "Shuffle the 3 Spanish Galleon Counters and place 1 face-up, on each of the 3 galleon "
          "icons on the board.",
})
def test_each_galleon_gets_one_galleon_counter_face_up() -> None:
    state = new_state()
    galleons = state.observation(0)["galleons"]
    assert sorted(galleons) == T4.dests_of("galleon") and sorted(galleons.values()) == sorted(T4.galleon_counters)


@rulebook(DRAKE, "setup.player_pieces", {
    "en": "Each player takes in his color: 1 Frigate, 1 Galleon, 6 Mission Discs, 10 Player Discs",
})
def test_every_captain_has_ten_player_discs_and_sails_a_frigate() -> None:
    state = new_state(3)
    for player in state.observation(-1)["players"]:
        assert player["discs"] == 10 and player["ship"] == "frigate"


@rulebook(DRAKE, "game.voyages", {"en": "The game consists of 3 voyages to the Spanish Main. Each voyage has 2 phases."})
def test_the_game_is_three_voyages() -> None:
    state = new_state(3, 4)
    voyages = set()
    play_until(state, lambda s: voyages.add(s.table.voyage) and False, seed=4)
    assert voyages == {1, 2, 3} and len(state.table.records) == 3


@rulebook(DRAKE, "game.final_scoring_overview", {
    "en": "After the 3rd voyage, VP for Commodities and hid- den booty from the Treasure Chests "
          "are added to each player's score.",
})
def test_commodities_and_treasure_are_added_only_at_the_end() -> None:
    state = new_state(3, 6)
    play_until(state, lambda s: s.is_terminal(), seed=6)
    t = state.table
    last_voyage = t.records[-1]["scores"]
    for player in t.players:
        assert player.score == last_voyage[player.seat] + commodity_vp(T4, player.commodities) + treasure_vp(T4, player.chest)


# --------------------------------------------------------------------------- provisioning


@rulebook(DRAKE, "provisioning.starting_order", {
    "en": "Place the players' Frigates in a cup and randomly draw out one at a time.",
})
def test_the_first_starting_order_is_drawn_at_random() -> None:
    orders = {tuple(new_state(4, seed).table.start_order) for seed in range(10)}
    assert len(orders) > 1 and all(sorted(o) == [0, 1, 2, 3] for o in orders)


@rulebook(DRAKE, "provisioning.last_player_gun", {
    "en": "The last player is given 1 Gun (black cube). This compensation only occurs on voyage 1 "
          "and not on voyages 2 and 3.",
})
def test_only_the_last_player_gets_a_gun_and_only_on_voyage_1() -> None:
    state = new_state(4, 2)
    t = state.table
    assert [p.stock["guns"] for p in t.players] == [1 if p.seat == t.start_order[-1] else 0 for p in t.players]
    play_until(state, lambda s: s.table.voyage == 2, seed=2)
    assert all(p.stock["guns"] == 0 for p in t.players)


@rulebook(DRAKE, "provisioning.placement", {
    "en": "For each player, placement may start on the Crew Location or on any subsequent Location "
          "further along Plymouth Street (he may jump ahead).",
})
def test_the_first_placement_may_be_anywhere_on_the_street() -> None:
    state = new_state()
    locations = {a.get("loc") for a in state.legal_actions() if a.kind == "place"}
    assert locations == set(state.table.street)


@rulebook(DRAKE, "provisioning.one_way", {
    "en": "He may not go back to a Location he has already passed over. It is a one-way street.",
})
def test_the_street_runs_one_way() -> None:
    state = new_state()
    seat = state.current_player
    place_at(state, state.table.street[6])
    sail_others(state, seat)
    assert all(state.table.street.index(a.get("loc")) > 6 for a in state.legal_actions() if a.kind == "place")


@rulebook(DRAKE, "provisioning.one_disc_per_location", {
    "en": "Each player may only place 1 Disc on each Location (except for Drake - see below).",
})
def test_one_disc_per_location() -> None:
    state = new_state()
    seat = state.current_player
    place_at(state, "crew_1")
    sail_others(state, seat)
    assert "crew_1" not in {a.get("loc") for a in state.legal_actions()}


@rulebook(DRAKE, "provisioning.take_items", {
    "en": "After placing a Disc, the player takes the items granted at that Location from the "
          "Plymouth Harbor Chart",
})
def test_a_placement_takes_the_circles_items() -> None:
    state = new_state()
    seat = state.current_player
    before = state.table.players[seat].stock["crew"]
    state.apply(Action.make("place", loc="crew_1", circle=1))
    assert state.table.players[seat].stock["crew"] == before + T4.locations["crew_1"].circles[0]["crew"]


@rulebook(DRAKE, "provisioning.set_sail", {
    "en": "If a player places a Disc at Dockside his next move must be to move his ship into the "
          "Outbound Harbor.",
})
def test_after_dockside_the_ship_must_sail() -> None:
    state = new_state(3)
    seat = state.current_player
    state.apply(Action.make("place", loc="dockside", take="supplies1"))
    sail_others(state, seat)
    assert state.legal_actions() == [provisioning.SAIL]


@rulebook(DRAKE, "provisioning.end", {
    "en": "The order of the ships in the Outbound Docks be- comes the order in which the ships "
          "sail in the Sailing Phase and is termed the Sailing Order.",
})
def test_the_outbound_docks_are_the_sailing_order() -> None:
    state = new_state(3, 1)
    sailed = []
    while len(sailed) < 3:
        sailed.append(state.current_player)
        state.apply(provisioning.SAIL)
    # nobody took a barrel, so nobody can sail out: the voyage ends at once and its record keeps the order
    assert state.table.records[0]["sailing_order"] == sailed


@rulebook(DRAKE, "provisioning.location.shipyard", {
    "en": "The 1st player takes a Galleon and 1 Gun (black cube) and the 2nd player takes a Galleon.",
})
def test_the_shipyard_gives_galleons_the_first_with_a_gun() -> None:
    state = new_state()
    t = state.table
    first = state.current_player
    guns_before = {p.seat: p.stock["guns"] for p in t.players}
    place_at(state, "shipyard")
    second = state.current_player
    place_at(state, "shipyard")
    assert t.players[first].galleon and t.players[second].galleon
    assert t.players[first].stock["guns"] == guns_before[first] + 1
    assert t.players[second].stock["guns"] == guns_before[second]


@rulebook(DRAKE, "provisioning.location.queen", {
    "en": "He upgrades his Frigate to a Galleon with 1 Gun and takes 1 Trade Goods (purple cube).",
})
def test_the_queen_gives_a_galleon_a_gun_and_trade_goods() -> None:
    state = new_state()
    seat = state.current_player
    before = dict(state.table.players[seat].stock)
    place_at(state, "queen")
    player = state.table.players[seat]
    assert player.galleon and player.stock["guns"] == before["guns"] + 1
    assert player.stock["trade_goods"] == before["trade_goods"] + 1
    assert "queen" not in {a.get("loc") for a in state.legal_actions()}  # only 1 player may stop here


@rulebook(DRAKE, "provisioning.location.drake", {"en": "he must spend 2 consecutive turns placing Discs on the Drake Location."})
def test_drake_holds_the_player_for_two_turns() -> None:
    state = new_state(3)
    seat = state.current_player
    state.apply(Action.make("place", loc="drake"))
    sail_others(state, seat)
    assert {a.get("loc") for a in state.legal_actions()} == {"drake"}


@rulebook(DRAKE, "provisioning.location.investor", {
    "en": "Investors want a return on their investment, so it costs a player 4 VP to stop here.",
})
def test_the_investor_costs_4_vp() -> None:
    state = new_state()
    seat = state.current_player
    state.apply(Action.make("place", loc="investor", take="galleon1"))
    assert state.table.players[seat].score == 4 - 4 and state.table.players[seat].galleon


@rulebook(DRAKE, "provisioning.location.dockside", {"en": "All players may stop here and take 1 Crew, OR 1 Gun, OR 1 Supplies."})
def test_dockside_gives_one_of_three() -> None:
    takes = {a.get("take") for a in new_state().legal_actions() if a.get("loc") == "dockside"}
    assert takes == {"crew1", "guns1", "supplies1"}


# --------------------------------------------------------------------------- sailing


@rulebook(DRAKE, "sailing.prepare.governor_swap", {
    "en": "Yellow has chosen the Governor, so he moves up into the 3rd Dock and pushes the Blue "
          "player back into Dock number 4.",
})
def test_the_governor_moves_up_one_dock() -> None:
    state = sailing_position(4, [0, 1, 3, 2], {2: Seat(counters=("governor",))})
    assert state.table.outbound == [0, 1, 2, 3]


@rulebook(DRAKE, "sailing.prepare.navigation", {"en": "No player may sail past his cube into the next higher numbered zone."})
def test_supplies_limit_the_zones() -> None:
    state = sailing_position(3, [0, 1, 2], {0: Seat(supplies=2)})
    zones = {T4.destinations[a.get("dest")].zone for a in state.legal_actions()}
    assert state.current_player == 0 and zones == {1, 2}


@rulebook(DRAKE, "provisioning.location.supplies", {"en": "Without at least 1 barrel to reach Zone 1, a player can't sail!"})
def test_no_barrel_no_voyage() -> None:
    state = sailing_position(3, [0, 1, 2], {0: Seat(supplies=0)})
    assert state.table.players[0].hand == [] and state.current_player != 0


@rulebook(DRAKE, "sailing.sail.one_per_destination", {"en": "Each player may only place one Mission Disc at each Destination"})
def test_one_mission_disc_per_destination() -> None:
    state = sailing_position(3, [0, 1, 2])
    state.apply(Action.make("mission", disc="1", dest="cartagena"))
    while state.current_player != 0:
        state.apply(state.legal_actions()[0])
    assert "cartagena" not in {a.get("dest") for a in state.legal_actions()}


@rulebook(DRAKE, "sailing.attack.town", {
    "en": "To attack a Town the player must spend 1 Crew (grey cube) to neutralize this Troop.",
})
def test_a_town_costs_one_crew_and_scores_its_vp() -> None:
    town = "santa_marta"
    state = sailing_position(3, [0, 1, 2], {0: Seat(crew=2)})
    place_missions(state, {0: [("1", town)]})
    resolve_missions(state, {(0, "1"): "attack"})
    record = state.table.records[-1]
    assert record["successes"][town] == [0]
    assert state.table.players[0].chest[T4.destinations[town].treasure] == 1  # the first attacker's silver


@rulebook(DRAKE, "sailing.attack.fort", {
    "en": "The first player to attack a Fort turns over the defending Troop Counter and adds the "
          "number printed beneath it.",
})
def test_a_fort_needs_its_troops_plus_the_counter() -> None:
    fort = "cartagena"
    troops = T4.destinations[fort].troops
    state = sailing_position(3, [0, 1, 2], {0: Seat(crew=troops + 1, guns=5)}, troops={fort: 2})
    place_missions(state, {0: [("1", fort)]})
    assert state.legal_actions() == [ATTACK, PASS]  # the counter is face-down: what is known can be paid
    crew = state.table.players[0].stock["crew"]
    state.apply(ATTACK)
    assert fort in state.table.revealed and state.table.players[0].stock["crew"] == crew  # short by one: failed


@rulebook(DRAKE, "sailing.attack.fort", {
    "en": "Players who have a Pinnace may ignore the guns when attacking any Forts on this voyage.",
})
def test_a_pinnace_ignores_a_forts_guns() -> None:
    fort = "veracruz"
    state = sailing_position(3, [0, 1, 2], {0: Seat(crew=6, guns=0, pinnace=1)}, troops={fort: 1})
    place_missions(state, {0: [("1", fort)]})
    state.apply(ATTACK)
    assert state.table.successes[fort] == [0] and state.table.players[0].stock["crew"] == 6 - 4


@rulebook(DRAKE, "sailing.attack.galleon", {"en": "Without a Galleon a player is unable to attack a Spanish Galleon."})
@pytest.mark.parametrize(("galleon", "may_attack"), [(False, False), (True, True)])
def test_only_a_galleon_attacks_a_spanish_galleon(galleon: bool, may_attack: bool) -> None:
    target = "galleon_1"
    state = sailing_position(3, [0, 1, 2], {0: Seat(guns=9, galleon=galleon)})
    place_missions(state, {0: [("1", target)]})
    if may_attack:
        assert state.current_player == 0 and ATTACK in state.legal_actions()
    else:  # passing was the only move: played at once, the disc taken back
        assert "1" not in state.table.players[0].unresolved and target not in state.table.successes


@rulebook(DRAKE, "sailing.attack.galleon", {
    "en": "To attack a Galleon, the player must spend this number of Guns (black cubes).",
})
def test_a_galleon_costs_its_guns_plus_the_frigate_counter() -> None:
    target = "galleon_1"
    state = sailing_position(3, [0, 1, 2], {0: Seat(guns=9, galleon=True)}, frigates={target: 1},
                             galleons={target: "guns_3"})
    place_missions(state, {0: [("1", target)]})
    state.apply(ATTACK)
    assert state.table.players[0].stock["guns"] == 9 - (3 + 1)
    assert state.table.players[0].score == 4 + T4.galleon_counters["guns_3"]["vp"]


@rulebook(DRAKE, "sailing.sail.place_all", {
    "en": "Play continues in sailing order until each player has placed all his Discs (even if he has no intention of "
          "using them all).",
})
def test_every_mission_disc_is_placed() -> None:
    state = sailing_position(3, [0, 1, 2])
    place_missions(state, {})
    assert all(not p.hand for p in state.table.players)
    queued = [seat for seat, _ in state.table.queue]
    assert all(queued.count(p.seat) == len(T4.mission_numbers) for p in state.table.players)


@rulebook(DRAKE, "sailing.resolve.failed", {
    "en": "Similarly, at the Trade Ports if a player can't trade he takes his Mission Disc back.",
})
def test_no_trade_goods_no_trade() -> None:
    state = sailing_position(3, [0, 1, 2], {0: Seat(trade_goods=0)})
    place_missions(state, {0: [("1", "san_juan"), ("2", "santa_marta")]})
    t = state.table
    assert "san_juan" not in t.disc_at(0).values()  # it could only pass: taken back at once


@rulebook(DRAKE, "sailing.return", {"en": "A player must do this after his 4th Mission."})
def test_the_last_mission_sends_the_ship_home() -> None:
    state = sailing_position(3, [0, 1, 2])
    place_missions(state, {})
    resolve_missions(state)  # nobody returns early: everybody sails all four missions
    assert sorted(state.table.records[-1]["homebound"]) == [0, 1, 2]


@rulebook(DRAKE, "sailing.attack_limit", {"en": "Only 2 successful attacks are allowed at each Destination"})
def test_only_two_successful_attacks_per_destination() -> None:
    town = "puerto_cabello"
    state = sailing_position(4, [0, 1, 2, 3], {s: Seat(crew=3) for s in range(4)})
    place_missions(state, {s: [("1", town)] for s in range(4)})
    resolve_missions(state, {(s, "1"): "attack" for s in range(2)})
    assert state.table.records[-1]["successes"][town] == [0, 1]


@rulebook(DRAKE, "sailing.mission_order", {
    "en": "The Golden Hind Disc is resolved first, then Mission 1 Discs, then Mission 2 Discs, "
          "then Mission 3 Discs etc.",
})
def test_golden_hind_first_then_by_number_in_sailing_order() -> None:
    seats = {0: Seat(), 1: Seat(), 2: Seat(golden_hind=True)}
    state = sailing_position(3, [0, 1, 2], seats)
    place_missions(state, {})
    queue = state.table.queue
    assert queue[0] == (2, "golden_hind")
    assert queue[1:4] == [(0, "1"), (1, "1"), (2, "1")]


@rulebook(DRAKE, "sailing.trade", {
    "en": "Players return one Trade Goods (purple cube) to the Plymouth Harbor Chart and take the "
          "Commodity",
})
def test_a_trade_swaps_one_trade_goods_for_one_commodity() -> None:
    port = "san_juan"
    state = sailing_position(3, [0, 1, 2], {0: Seat(trade_goods=2)})
    place_missions(state, {0: [("1", port)]})
    good = next(a for a in state.legal_actions() if a.kind == "trade")
    state.apply(good)
    player = state.table.players[0]
    assert player.stock["trade_goods"] == 1 and player.commodities[good.get("good")] == 1


@rulebook(DRAKE, "sailing.resolve.pass", {"en": "A player may choose to not take an action with a particular Mission Disc"})
def test_a_disc_may_pass_and_nothing_is_spent() -> None:
    town = "santa_marta"
    state = sailing_position(3, [0, 1, 2], {0: Seat(crew=2)})
    place_missions(state, {0: [("1", town)]})
    state.apply(PASS)
    assert state.table.players[0].stock["crew"] == 2 and town not in state.table.successes


@rulebook(DRAKE, "sailing.heros_bonus", {
    "en": "The first player back gets 2 VP and the second player gets 1VP, so long as they "
          "successfully attacked at least 1 Town, Fort or Galleon on their voyage.",
})
def test_the_heros_bonus_goes_to_early_successful_returners() -> None:
    towns = ["puerto_cabello", "santa_marta"]
    state = sailing_position(3, [0, 1, 2], {0: Seat(crew=2), 1: Seat(crew=2)})
    place_missions(state, {0: [("1", towns[0])], 1: [("1", towns[1])]})
    resolve_missions(state, {(0, "1"): "attack", (1, "1"): "attack"}, return_after={0: 1, 1: 1})
    record = state.table.records[-1]
    assert record["hero_bonus"][:2] == list(T4.hero_bonus)


@rulebook(DRAKE, "sailing.score_voyage", {
    "en": "One type attacked gives 1 VP, two types gives 4 VP and if all three types were attacked "
          "the player earns 10 VP.",
})
def test_conquest_types_score_1_4_10() -> None:
    assert [T4.conquest_vp[k] for k in (1, 2, 3)] == [1, 4, 10]
    state = sailing_position(3, [0, 1, 2], {0: Seat(crew=9, guns=9)}, troops={"cartagena": 0})
    place_missions(state, {0: [("1", "santa_marta"), ("2", "cartagena")]})
    before = state.table.players[0].score
    resolve_missions(state, {(0, "1"): "attack", (0, "2"): "attack"}, return_after={0: 2})
    gained = state.table.records[-1]["scores"][0] - before
    vp = T4.destinations["santa_marta"].vp + T4.destinations["cartagena"].vp
    assert gained - vp - state.table.records[-1]["hero_bonus"][0] == T4.conquest_vp[2]


@rulebook(DRAKE, "sailing.score_admiral_governor", {
    "en": "The holder of the Admiral gets 1 VP for each unclaimed Gold and the holder of the "
          "Governor gets 1 VP for each unclaimed Silver.",
})
def test_the_admiral_scores_unclaimed_gold() -> None:
    state = sailing_position(3, [0, 1, 2], {1: Seat(counters=("admiral",))})
    place_missions(state, {})
    before = state.table.players[1].score
    resolve_missions(state)
    gold = sum(1 for d in T4.destinations.values() if d.treasure == "gold")
    assert state.table.records[-1]["scores"][1] - before == gold


# --------------------------------------------------------------------------- reset and later voyages


@rulebook(DRAKE, "reset.retained", {"en": "Commodities are the only items retained by players."})
def test_only_commodities_survive_the_reset() -> None:
    state = new_state(3, 5)
    play_until(state, lambda s: s.table.voyage == 2, seed=5)
    assert all(p.stock == dict.fromkeys(STOCK_ITEMS, 0) and not p.counters for p in state.table.players)


@rulebook(DRAKE, "reset.starting_order", {"en": "The player in last place on the Score Track goes in the first Dock"})
def test_the_last_on_the_score_track_starts_the_next_voyage() -> None:
    state = new_state(4, 3)
    play_until(state, lambda s: s.table.voyage == 2, seed=3)
    t = state.table
    scores = [p.score for p in t.players]
    assert scores[t.start_order[0]] == min(scores)
    assert [scores[s] for s in t.start_order] == sorted(scores)


@rulebook(DRAKE, "reset.starting_order", {"en": "The players' ships in the Homebound Docks are all reduced to Frigates again"})
def test_ships_are_frigates_again_after_the_reset() -> None:
    state = new_state(3, 8)
    play_until(state, lambda s: s.table.voyage == 2, seed=8)
    assert not any(p.galleon for p in state.table.players)


@rulebook(DRAKE, "reset.location_tiles", {
    "en": "The Location Tiles are shuffled and laid out random- ly over the first 16 Locations on "
          "Plymouth Street.",
})
def test_the_street_is_reshuffled_for_voyage_2_but_dockside_stays_last() -> None:
    state = new_state(4, 1)
    first = list(state.table.street)
    play_until(state, lambda s: s.table.voyage == 2, seed=1)
    street = state.table.street
    assert sorted(street) == sorted(first) and street[-2:] == first[-2:]


# --------------------------------------------------------------------------- end of the game


@rulebook(DRAKE, "end.commodities", {"en": "Each set of 4 different Commodities scores 26 VP"})
@pytest.mark.parametrize(("held", "vp"), [({"sugar": 1, "coffee": 1, "tobacco": 1, "indigo": 1}, 26),
                                          ({"sugar": 1, "coffee": 1, "tobacco": 1}, 16), ({"sugar": 2}, 4),
                                          ({"sugar": 1, "coffee": 1}, 8)])
def test_commodity_sets(held: dict[str, int], vp: int) -> None:
    assert commodity_vp(T4, held) == vp


@rulebook(DRAKE, "end.treasure", {"en": "Silver = 3 VP, Gold = 4 VP, Jewels = 5 VP."})
def test_treasure_values() -> None:
    assert treasure_vp(T4, {"silver": 1, "gold": 1, "jewels": 1}) == 12


@rulebook(DRAKE, "end.tie_break", {
    "en": "Ties are broken by the order of the ships in the Homebound Dock at the end of voyage 3.",
})
def test_a_tie_goes_to_the_lower_homebound_dock() -> None:
    state = new_state(3, 9)
    play_until(state, lambda s: s.is_terminal(), seed=9)
    t = state.table
    for player in t.players:
        player.score = 20
    assert state.winners() == [t.homebound[0]]
