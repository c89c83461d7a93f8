"""`rulespec play` explains itself (issue #15): the edition and readings in force and why, itemised scores, attack
results, forgiving filters, folded lists, Francis Drake's colours, objectives in the player's storage.

Expected values are read from the spec and the engine (readings, area points, final points, the Spanish
counters), never copied from the program's output.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from test_play_cli import DRAKE, RNFL, first_state, play, typed_move

from cli.play_ledger import ScoreLedger
from cli.play_moves import build_choices
from engine.francis_drake.generated import constants as drake_constants
from engine.race_to_the_new_found_land.scenario import Scenario
from engine.runtime.api import Action
from engine.runtime.bots import make_bot
from engine.runtime.display import MoveReport, ScoreItem, display_for, humanize
from engine.runtime.replay import replay
from rulespec.model import load_spec

RED, YELLOW, BLUE = 0, 1, 2


# --------------------------------------------------------------------------- the edition and its readings


def test_the_edition_and_every_reading_in_force_are_shown_at_the_start_and_in_show() -> None:
    spec = load_spec(RNFL)
    _, out = play(RNFL, "--players", "2", "--seed", "3", "--edition", "en-zman", stdin="show\nquit\n", columns=200)
    flat = " ".join(out.split())
    assert f"Edition: {spec.editions['en-zman'].name} (en-zman)" in flat
    assert flat.count("Where the editions disagree, this game follows:") == 2  # at the start and in `show`
    start = out.split("Where the editions disagree", 2)[1]
    assert start.count("• ") == len(spec.rulings)  # one line per ruling
    # en-zman says nothing on gold: the default applies, and the screen says so and why
    assert "Gold may replace 1 wood, cloth or iron when building ships" in flat
    assert "[en-zman is silent: the default]" in flat
    assert "why this is the default: en-zman is silent: it never mentions gold" in flat
    # a reading en-zman states is shown as stated
    assert "Ships delivering to Antwerp may deliver any number and combination of commodities. [en-zman states it]" in flat


def test_readings_command_gives_every_default_its_reason_and_overrides_are_named() -> None:
    spec = load_spec(RNFL)
    _, out = play(RNFL, "--players", "2", "--seed", "3", "--ruling", "frame_marker_move_back=player_chooses",
                  stdin="readings\nquit\n", columns=250)
    flat = " ".join(out.split())
    assert "The player moves the Frame Marker back between 1 and 3 spaces. [chosen with --ruling]" in flat
    reason = " ".join(spec.rulings["frame_marker_move_back"].reason.split())
    assert reason in flat  # `readings` prints the whole reason
    assert "(the default edition; another with --edition)" in flat


def test_a_single_edition_game_says_so() -> None:
    _, out = play(DRAKE, "--players", "3", "--seed", "1", stdin="quit\n")
    assert "Edition: " in out and "another with --edition" not in out


# --------------------------------------------------------------------------- itemised scores


def test_island_scoring_points_are_itemised_from_the_engine() -> None:
    """Nova Scotia (8/4) with Red 5, Yellow 3, Blue 5 ("Teilen sich 2 oder mehr Spieler den 1. Platz, so bekommen
    diese jeweils die Punkte für den 2. Platz"): the report names the scoring and books the engine's points."""
    sc = Scenario(3, edition="en").clear().start_player(RED)
    sc.fill_island("island.nova_scotia", {RED: 5, YELLOW: 3, BLUE: 5})
    explain = display_for(RNFL).explain(sc.state, Action("done"))  # the scoring runs between decisions
    sc.run("score_islands")
    sc.resolve_rest()
    report = explain(sc.state)
    assert "Island scoring, Nova Scotia:" in " ".join(report.lines)
    booked = {i.seat: i.points for i in report.points if i.category == "island scorings"}
    assert booked == {RED: 9, YELLOW: 3, BLUE: 9} == dict(enumerate(sc.state.area_points("island", 2)))


def test_final_scoring_items_come_from_final_points() -> None:
    sc = Scenario(3).clear()
    sc.state.gain(BLUE, 51)
    sc.tile("island.newfoundland.s1", None, [(YELLOW, 2), (RED, 2)])
    sc.objectives(YELLOW, "card.objective.goods_wood")
    sc.cards(RED, "card.goods.g01", "card.goods.g02")
    explain = display_for(RNFL).explain(sc.state, Action("done"))
    sc.run("final_scoring")
    report = explain(sc.state)
    booked = {(i.seat, i.category): i.points for i in report.points}
    names = {"unscored_cubes": "unscored markers (final)", "fifty_card": "50/100 card", "cards": "1x cards in hand",
             "objectives": "objective cards in hand"}
    expected = {(seat, names[k]): v for seat, items in enumerate(sc.state.final_points()) for k, v in items if v}
    assert booked == expected and expected


def test_a_whole_game_itemises_every_point() -> None:
    """The table of where the points came from adds up, per seat, to the final scores the engine reports."""
    code, out = play(RNFL, "--players", "2", "--seed", "5", "--hot-seat", stdin="1\n" * 3000, columns=200)
    assert code == 0
    table = out[out.index("Where the points came from"):out.index("Final scores")]
    rows = [[c.strip() for c in line.split("│")[1:-1]] for line in table.splitlines() if line.startswith("│")]
    body = [r for r in rows if r[0] != "total"]
    total = next(r for r in rows if r[0] == "total")
    assert {r[0] for r in body} >= {"1x cards in hand"}
    for seat in (1, 2):
        summed = sum(int(r[seat]) for r in body if r[seat] not in ("·", ""))
        assert summed == int(total[seat])
    finals = re.search(r"Final scores: \[(\d+), (\d+)\]", out)
    assert finals and [int(finals.group(1)), int(finals.group(2))] == [int(total[1]), int(total[2])]


def test_ledger_keeps_what_no_item_explains_under_other() -> None:
    ledger = ScoreLedger(2)
    ledger.add(MoveReport(points=[ScoreItem(0, "contracts", 5, "Round 1")]), [5, 2])
    assert ledger.totals() == {"contracts": [5, 0], "other": [0, 2]}
    assert ledger.period("Round 1") == {"contracts": [5, 0], "other": [0, 2]}


def _drake_game(players: int, seed: int) -> list[tuple[dict[str, Any], Action, MoveReport, list[int]]]:
    """A heuristic Francis Drake game: (what stood before, action, report, scores after) for every move."""
    state = first_state(DRAKE, players, seed)
    display, bot, rng = display_for(DRAKE), make_bot("heuristic", DRAKE), random.Random(seed)
    out = []
    while not state.is_terminal():  # type: ignore[attr-defined]
        action = bot.choose(state, rng)
        t = state.table  # type: ignore[attr-defined]
        before = {"scores": list(state.scores()), "counters": {**t.troops, **t.frigates}}  # type: ignore[attr-defined]
        explain = display.explain(state, action)
        state.apply(action)  # type: ignore[attr-defined]
        out.append((before, action, explain(state), list(state.scores())))  # type: ignore[attr-defined]
    return out


def test_francis_drake_attack_results_say_the_counter_the_cost_and_the_treasure() -> None:
    seen_reveal = seen_success = False
    for before, action, report, _ in _drake_game(4, 3):
        if action.kind != "attack":
            continue
        text = " ".join(report.lines)
        reveal = re.search(r"The Spanish counter at (.+?) is turned over: \+(\d+)", text)
        if reveal:
            seen_reveal = True
            dest = next(d for d in before["counters"] if humanize(d) == reveal.group(1))
            assert int(reveal.group(2)) == before["counters"][dest]
        success = re.search(r"attack on .+? succeeds: spends (.+?), scores (\d+) VP", text)
        if success:
            seen_success = True
            attackers = [i for i in report.points if i.category == "attacks"]
            assert attackers and attackers[0].points == int(success.group(2))
        else:
            assert "fails: it needs" in text and "nothing is spent" in text
    assert seen_reveal and seen_success


def test_each_francis_drake_voyage_is_itemised_without_a_point_left_over() -> None:
    ledger = ScoreLedger(4)
    closed = []
    for before, _, report, after in _drake_game(4, 3):
        ledger.add(report, [a - b for a, b in zip(after, before["scores"], strict=True)])
        if report.closed_period:
            closed.append(report.closed_period)
    assert closed == ["Voyage 1", "Voyage 2", "Voyage 3"]
    for period in closed:
        assert {"attacks", "conquest types"} <= set(ledger.period(period))
    assert "other" not in ledger.totals()  # every VP has its source
    assert {"treasure"} <= set(ledger.period("End of the game"))


def test_the_play_screen_shows_each_voyage_split() -> None:
    code, out = play(DRAKE, "--players", "4", "--seed", "3", stdin="1\n" * 2000, columns=200)
    assert code == 0
    for voyage in (1, 2, 3):
        assert f"Voyage {voyage} is over." in out
        assert f"Voyage {voyage}: where the points came from" in out
    assert "Where the points came from" in out


# --------------------------------------------------------------------------- filters


def test_a_filter_matching_one_move_plays_it_on_enter() -> None:
    state = first_state(RNFL, 2, 3)
    first = state.legal_actions()[0]
    word = display_for(RNFL).describe(state, first).rsplit(" ", 2)[-2:]  # "space 2"
    _, out = play(RNFL, "--players", "2", "--seed", "3", stdin=f"{' '.join(word)}\n\nquit\n", columns=200)
    assert "One move matches: press Enter to play it" in out
    # Enter played it: the next decision is asked (the setup's second chart, or the land phase)
    after = out.split("One move matches", 1)[1]
    assert "Cartography: choose where the island tile goes" in after or "Land phase" in after


def test_a_filter_matching_nothing_says_what_exists_and_why_not() -> None:
    _, out = play(RNFL, "--players", "2", "--seed", "3", stdin="deliver\nsettle:space=x\nquit\n", columns=200)
    flat = " ".join(out.split())
    assert "'deliver' is not a move or a command." in flat
    assert "Delivering is done in Deliver or Deliver to Antwerp; this decision is Cartography." in flat
    assert "Moves now: Chart (" in flat
    assert "'settle:space=x' is not a legal move now." in flat
    assert "Settling is done in Settle; this decision is Cartography." in flat


def test_francis_drake_why_not() -> None:
    _, out = play(DRAKE, "--players", "3", "--seed", "1", stdin="attack\nquit\n", columns=200)
    assert "Attacking belongs to Resolving missions; now: Provisioning in Plymouth." in " ".join(out.split())


# --------------------------------------------------------------------------- folded lists


def _gold_position() -> tuple[object, object]:
    sc = Scenario(2, edition="de").clear().start_player(RED)
    sc.goods(RED, wood=1, cloth=1, gold=2, iron=0)
    sc.run("land")
    return sc, sc.state


def test_ways_of_paying_are_one_line_and_a_second_list() -> None:
    """With gold standing in for wood or cloth ("Anstatt 1 Holz, 1 Tuch oder 1 Eisen abzugeben, darfst du
    stattdessen 1 Gold abgeben"), one ship can be paid several ways: one line, the payments chosen next."""
    _, state = _gold_position()
    display = display_for(RNFL)
    actions = state.legal_actions()  # type: ignore[attr-defined]
    choices = build_choices(display, state, actions)
    builds = [c for c in choices if c.kind == "build" and c.needs_variant]
    assert builds and len(choices) < len(actions)
    for choice in builds:
        assert "— " in choice.line() and "ways of paying" in choice.line()
        assert all(v.startswith("paying ") for v in choice.variants)
        assert len(set(choice.variants)) == len(choice.actions)
    assert sum(len(c.actions) for c in choices) == len(actions)  # nothing lost


def test_identical_marker_spots_are_listed_once() -> None:
    sc = Scenario(3).clear()
    sc.tile("island.newfoundland.s1", "tile.island.t01")  # two empty spots
    sc.assign(RED, "settle", "ship.small.regular.s02")
    sc.run("settle", RED)
    actions = sc.state.legal_actions()
    choices = build_choices(display_for(RNFL), sc.state, actions)
    settles = [a for a in actions if a.kind == "settle"]
    assert {a.get("spot") for a in settles} == {0, 1}
    lines = [c for c in choices if c.kind == "settle"]
    assert len(lines) == len(settles) // 2  # spot 1 and spot 2 read (and count) the same


def test_choosing_a_folded_line_then_a_variant_plays_that_variant(tmp_path: Path) -> None:
    """A hot-seat game follows the heuristic bot until a decision folds ways of paying; the typed keys pick the
    line, then the variant, and the log records exactly that move."""
    state = first_state(RNFL, 2, 1)
    display, bot, rng = display_for(RNFL), make_bot("heuristic", RNFL), random.Random(0)
    keys: list[str] = []
    while True:
        step, action = typed_move(display, state, bot.choose(state, rng))
        keys += step
        state.apply(action)
        if len(step) == 2:  # a line and then its variant
            break
    log = tmp_path / "game.jsonl"
    play(RNFL, "--players", "2", "--seed", "1", "--hot-seat", "--log", str(log), stdin="\n".join(keys) + "\nquit\n")
    assert replay(log).state.history == state.history  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- names and words


def test_francis_drake_seats_have_the_colours_of_the_spec() -> None:
    spec = load_spec(DRAKE)
    colours = list(spec.param("setup.player_pieces", "colours"))
    assert list(drake_constants.PLAYER_COLOURS) == colours
    state = first_state(DRAKE, 5, 1)
    display = display_for(DRAKE)
    for seat, colour in enumerate(colours):
        assert display.seat(state, seat) == f"{colour.capitalize()} (seat {seat})"
        assert display.colour(state, seat) == colour
    assert display.seat(state, 4).endswith("colour assumed)")  # no example names the fifth colour
    _, out = play(DRAKE, "--players", "3", "--seed", "1", stdin="quit\n")
    assert f"{colours[0].capitalize()} (seat 0)" in out


def test_hidden_moves_of_other_players_are_reported_without_their_secrets() -> None:
    """Mission Discs and Spanish counters are placed face-down: a bot's move is reported without them."""
    display = display_for(DRAKE)
    state = first_state(DRAKE, 3, 2)
    bot, rng, seen = make_bot("heuristic", DRAKE), random.Random(2), set()
    while "mission" not in seen:
        action = bot.choose(state, rng)
        if action.kind in ("mission", "frigates", "troops"):
            seen.add(action.kind)
            public = display.public(state, action)
            assert "face-down" in public and "+" not in public
            if action.kind == "mission":
                assert f"disc {action.get('disc')}" not in public.lower()
                assert f"disc {action.get('disc')}" in display.describe(state, action).lower()
        state.apply(action)  # type: ignore[attr-defined]
    assert seen >= {"mission", "frigates", "troops"}


def test_goods_objectives_count_the_goods_in_storage_not_in_hand() -> None:
    from engine.race_to_the_new_found_land.view import objective_text

    state = first_state(RNFL, 2, 3)
    goods = [o for o in state.game.tables.objectives if o.kind == "goods"]
    assert goods
    for objective in goods:
        text = objective_text(objective)
        assert "in your storage" in text and "in hand" not in text
