"""`rulespec play` as a player uses it: moves in words, prompts that say what is decided, forgiving input.

The game is driven through the typer app with scripted stdin. Expected names are read from the engine's tables
(built from the spec), never copied from the program's output, so a renamed island or nation in the spec moves
the expectation with it.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from typer.testing import CliRunner

from cli.app import app
from engine.runtime.api import Action, GameConfig
from engine.runtime.bots import make_bot
from engine.runtime.display import Display, display_for, humanize
from engine.runtime.registry import load_game
from engine.runtime.replay import replay

RNFL = "race_to_the_new_found_land"
DRAKE = "francis_drake"
runner = CliRunner()


def play(*args: str, stdin: str, columns: int = 80) -> tuple[int, str]:
    """Run ``rulespec play`` with ``stdin`` in a terminal ``columns`` wide; (exit code, everything printed)."""
    result = runner.invoke(app, ["play", *args], input=stdin, env={"COLUMNS": str(columns)})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def first_state(game: str, players: int, seed: int) -> object:
    return load_game(GameConfig(game=game, players=players, seed=seed)).new_initial_state()


def typed_move(display: Display, state: object, action: Action) -> tuple[list[str], Action]:
    """What a player types to play ``action`` (its line's number, then the variant's when the line folds several),
    and the move those keys play: moves that read alike share one line, which plays the first of them."""
    from cli.play_moves import build_choices, numbered

    choices = build_choices(display, state, state.legal_actions())  # type: ignore[attr-defined]
    for _, members in numbered(choices):
        for number, choice in members:
            if action in choice.actions:
                if choice.needs_variant:
                    return [str(number), str(choice.actions.index(action) + 1)], action
                return [str(number)], choice.actions[0]
    raise AssertionError(f"{action} is not listed")


def keys_for(display: Display, state: object, action: Action) -> list[str]:
    """What a player types to play ``action`` (see ``typed_move``)."""
    return typed_move(display, state, action)[0]


# --------------------------------------------------------------------------- moves in words


def test_moves_are_listed_in_words_with_names_from_the_tables() -> None:
    state = first_state(RNFL, 2, 3)
    tables = state.game.tables
    actions = state.legal_actions()
    assert actions[0].kind == "chart"  # seed 3: setup asks the start player where an island tile goes
    code, out = play(RNFL, "--players", "2", "--seed", "3", stdin="quit\n")
    assert code == 0 and "Game abandoned" in out
    for number, action in enumerate(actions, 1):
        space = tables.island_spaces[tables.space_index[action.get("space")]]
        island = humanize(tables.islands[space.island].id)
        line = next(x for x in out.splitlines() if re.match(rf"\s+{number} ", x))
        assert f"on {island}" in line, line
        assert str(action) not in out  # the raw id only with --raw
    nation = humanize(state.observation(-1)["players"][0]["nation"])
    assert f"{nation} (seat 0)" in out  # a seat is called by its nation


def test_raw_flag_shows_the_raw_ids_beside_the_words() -> None:
    actions = first_state(RNFL, 2, 3).legal_actions()
    _, out = play(RNFL, "--players", "2", "--seed", "3", "--raw", stdin="quit\n", columns=200)
    assert all(str(a) in out for a in actions)
    assert "Put island tile" in out


def test_prompt_names_the_decision_and_bot_moves_are_reported_in_words() -> None:
    # seed 3: two setup charts for seat 0, then the land phase
    code, out = play(RNFL, "--players", "2", "--seed", "3", "--bots", "first", stdin="1\n1\n1\n" + "quit\n")
    assert code == 0
    assert "Cartography: choose where the island tile goes" in out
    assert "Land phase: build ships or expand your harbour, or done" in out
    state = first_state(RNFL, 2, 3)
    bot_line = re.search(r"(\w[\w ]*) \(seat 1\) \(first\): (.+)$", out, re.MULTILINE)
    assert bot_line, out[-3000:]
    assert bot_line.group(1) == humanize(state.observation(-1)["players"][1]["nation"])
    assert "=" not in bot_line.group(2)  # words, not `kind:arg=value`


def test_long_lists_are_grouped_and_still_numbered_in_order() -> None:
    """A position with many moves: headings appear, and the numbers run 1..n down the screen (one number per
    choice: ways of paying for one thing share a line)."""
    from cli.play_moves import build_choices

    state = first_state(RNFL, 2, 1)
    bot, rng, answers = make_bot("first", RNFL), random.Random(0), []
    display = display_for(RNFL)
    while len(build_choices(display, state, state.legal_actions())) <= 8 or len(
            {display.group(state, a) for a in state.legal_actions()}) < 2:
        keys, action = typed_move(display, state, bot.choose(state, rng))
        answers += keys
        state.apply(action)
        assert not state.is_terminal()
    # replay the same moves as a hot-seat game (every seat human) and look at the long list
    _, out = play(RNFL, "--players", "2", "--seed", "1", "--hot-seat", stdin="\n".join(answers) + "\nquit\n", columns=200)
    screen = out.rsplit("─" * 5, 1)[-1]  # the last decision, after its rule line
    numbers = [int(n) for n in re.findall(r"^\s+(\d+) \S", screen, re.MULTILINE)]
    assert numbers == list(range(1, len(build_choices(display, state, state.legal_actions())) + 1))
    headings = {display.group(state, a) for a in state.legal_actions()}
    assert all(h in screen for h in headings)


def test_francis_drake_moves_in_words() -> None:
    state = first_state(DRAKE, 3, 1)
    tables = state.game.tables
    _, out = play(DRAKE, "--players", "3", "--seed", "1", stdin="quit\n")
    assert "place:loc=" not in out
    for action in state.legal_actions():
        if action.kind == "place":
            assert humanize(tables.locations[action.get("loc")].id) in out
    assert "Provisioning in Plymouth: place a Player Disc" in out


# --------------------------------------------------------------------------- input handling


def test_bad_input_gets_a_clear_message_and_the_prompt_again() -> None:
    count = len(first_state(RNFL, 2, 3).legal_actions())
    code, out = play(RNFL, "--players", "2", "--seed", "3", stdin="banana\n0\n9999\n\nquit\n")
    assert code == 0
    assert out.count(f"Type a number from 1 to {count}") == 4
    assert "There is no move 0." in out and "There is no move 9999." in out
    assert "'banana' is not a move or a command" in out


def test_end_of_input_ends_the_game_cleanly() -> None:
    code, out = play(RNFL, "--players", "2", "--seed", "3", stdin="")
    assert code == 0 and "Input ended: game abandoned." in out


def test_help_list_filter_and_rules_keep_working_mid_game() -> None:
    state = first_state(RNFL, 2, 3)
    tables = state.game.tables
    first = state.legal_actions()[0]
    space = tables.island_spaces[tables.space_index[first.get("space")]]
    number_on_island = tables.islands[space.island].spaces.index(tables.space_index[first.get("space")]) + 1
    stdin = f"help\nlist\nspace {number_on_island}\nraw\nrules settle\nshow\nquit\n"
    code, out = play(RNFL, "--players", "2", "--seed", "3", stdin=stdin, columns=200)
    assert code == 0
    assert "rules <topic>" in out and "quit" in out  # help
    assert "One move matches: press Enter to play it" in out  # free words filter the list
    assert "Raw move ids shown." in out and str(first) in out
    assert "actions.settle" in out or "Rule look-up is not available" in out
    assert out.count("Cartography: choose where the island tile goes") == 2  # shown again by `show`


def test_a_whole_hot_seat_game_answering_1_logs_a_game_that_replays(tmp_path: object) -> None:
    log = tmp_path / "hot.jsonl"  # type: ignore[operator]
    code, out = play(RNFL, "--players", "2", "--seed", "5", "--hot-seat", "--log", str(log), stdin="1\n" * 3000)
    assert code == 0, out[-2000:]
    assert "Final scores" in out and "winner" in out
    assert replay(log).final_checked
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 0 and "final scores verified" in result.output
    # every move shown to the players was in words: no line lists a raw `kind:arg=value` id
    assert not re.search(r"^\s+\d+ \w+:\w+=", out, re.MULTILINE)


# --------------------------------------------------------------------------- layout


def _positions(game: str, players: int, seed: int, every: int) -> list[object]:
    """States along one random game (deep copies through the log), sampled every ``every`` moves."""
    state = first_state(game, players, seed)
    bot, rng, out, moves = make_bot("random", game), random.Random(seed), [], []
    while not state.is_terminal():
        if len(moves) % every == 0:
            copy = first_state(game, players, seed)
            for a in moves:
                copy.apply(a)
            out.append(copy)
        action = bot.choose(state, rng)
        moves.append(action)
        state.apply(action)
    out.append(state)
    return out


@pytest.mark.parametrize(("game", "players"), [(RNFL, 4), (DRAKE, 5)])
def test_board_fits_80_columns_without_truncating(game: str, players: int) -> None:
    from rich.console import Console
    from rich.text import Text

    display = display_for(game)
    for state in _positions(game, players, seed=2, every=40):
        buffer = io.StringIO()
        console = Console(file=buffer, width=80, color_system=None)
        viewer = state.current_player if state.current_player >= 0 else -1
        console.print(display.render(state, viewer))
        console.print(display.brief(state, viewer))
        text = buffer.getvalue()
        assert "…" not in text  # no cell cut short
        assert max(Text(line).cell_len for line in text.splitlines()) <= 80


def test_wide_terminal_puts_the_player_panels_side_by_side() -> None:
    from rich.console import Console

    state = first_state(RNFL, 4, 0)
    labels = [display_for(RNFL).seat(state, p) for p in range(4)]

    def rows_with_titles(width: int) -> list[str]:
        buffer = io.StringIO()
        Console(file=buffer, width=width, color_system=None).print(display_for(RNFL).render(state, 0))
        return [line for line in buffer.getvalue().splitlines() if any(f"─ {label}" in line for label in labels)]

    assert len(rows_with_titles(80)) == 2  # two panels a row
    assert len(rows_with_titles(170)) == 1  # all four in one row


# --------------------------------------------------------------------------- the hook


def test_display_hook_falls_back_to_the_raw_form_for_a_game_without_a_view() -> None:
    display = display_for("no_such_game_anywhere")
    assert display == Display()
    state = first_state(RNFL, 2, 3)
    action = state.legal_actions()[0]
    assert display.describe(state, action) == str(action)
    assert display.seat(state, 1) == "seat 1"
    broken = Display(describe_action=lambda s, a: 1 / 0)  # a view bug shows the raw id, the game goes on
    assert broken.describe(state, Action("done")) == "done"


def test_humanize_names_from_ids() -> None:
    assert humanize("island.prince_edward_island") == "Prince Edward Island"
    assert humanize("rio_de_la_hacha") == "Rio de la Hacha"
    assert humanize("ship.large.l03#2") == "L03"
