"""Engine commands: ``rulespec play``, ``rulespec replay`` and ``rulespec simulate``.

Only typer and the standard library are imported here; the engines, rich and the statistics are imported
inside the commands so ``rulespec --help`` stays fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer


def register(app: typer.Typer) -> None:
    """Add ``play``, ``replay`` and ``simulate`` to ``app``."""
    app.command("play", help="Play a game in the terminal against bots (or hot-seat).")(play)
    app.command("replay", help="Re-play a JSON-lines game log and verify every move and the final scores.")(replay)
    app.command("simulate", help="Play many bot games and report win rates and scores with 95 % intervals.")(simulate)


def _fail(message: str, code: int = 2) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _parse_rulings(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            _fail(f"--ruling expects RULING_ID=READING_ID, got {item!r}")
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def _make_config(game: str, players: int, seed: int, edition: str | None, rulings: list[str], variants: list[str]) -> Any:
    from engine.runtime.api import GameConfig
    from engine.runtime.registry import UnknownGameError, load_game

    config = GameConfig(
        game=game,
        players=players,
        seed=seed,
        edition=edition,
        rulings=_parse_rulings(rulings),
        variants=tuple(variants),
    )
    try:
        load_game(config)
    except UnknownGameError as exc:
        _fail(str(exc))
    except ValueError as exc:
        _fail(str(exc))
    return config


def _bot_list(game: str, spec: str) -> list[str]:
    from engine.runtime.bots import bot_names

    names = [b.strip() for b in spec.split(",") if b.strip()]
    known = bot_names(game)
    for name in names:
        if name not in known:
            _fail(f"unknown bot {name!r} for {game}; known: {', '.join(known)}")
    if not names:
        _fail("--bots needs at least one bot name")
    return names


def _game_or_default(game: str | None) -> str:
    from rulespec.loading import UnknownGame, default_game

    if game is not None:
        return game
    try:
        return default_game()
    except UnknownGame as exc:
        _fail(str(exc))
        raise  # unreachable: _fail exits


# --------------------------------------------------------------------------- play


def play(
    game: Annotated[str | None, typer.Argument(help="Game id (a folder under rulespec/); $RULESPEC_GAME or the only "
                                               "bundled game when omitted.", show_default=False)] = None,
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 3,
    seat: Annotated[
        list[int] | None, typer.Option("--seat", help="Seat (0-based) played by a human; repeatable. Default: 0.")
    ] = None,
    bots: Annotated[str, typer.Option("--bots", help="Bots for the other seats, comma-separated, cycled.")] = "heuristic",
    hot_seat: Annotated[bool, typer.Option("--hot-seat", help="Every seat is played by a human at this terminal.")] = False,
    log: Annotated[
        Path | None, typer.Option("--log", help="Write a JSON-lines log (config, one action per line, scores).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the game's shuffles.")] = 0,
    edition: Annotated[str | None, typer.Option("--edition", help="Play by this edition's reading of every ruling.")] = None,
    ruling: Annotated[
        list[str] | None, typer.Option("--ruling", help="Override one ruling: RULING_ID=READING_ID (repeatable).")
    ] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help="Switch on an optional variant (repeatable).")] = None,
) -> None:
    """Play in the terminal: the board, numbered legal actions, and ``rules <topic>`` for a look-up."""
    game = _game_or_default(game)
    import random

    from rich.console import Console
    from rich.markup import escape

    from engine.runtime.bots import make_bot
    from engine.runtime.registry import load_game
    from engine.runtime.replay import GameLog

    config = _make_config(game, players, seed, edition, ruling or [], variant or [])
    humans = set(range(players)) if hot_seat else set(seat or [0])
    if any(s < 0 or s >= players for s in humans):
        _fail(f"--seat must be between 0 and {players - 1}")
    names = _bot_list(game, bots)
    seat_bots = {s: make_bot(names[i % len(names)], game) for i, s in enumerate(x for x in range(players) if x not in humans)}
    console = Console()
    state = load_game(config).new_initial_state()
    view = _view_module(game)
    try:
        stream = log.open("w", encoding="utf-8") if log else None
    except OSError as exc:
        _fail(f"--log {log}: cannot write ({exc.strerror})")
        return
    logger = GameLog(stream, config) if stream else None
    rngs = {s: random.Random(seed * 7919 + s) for s in seat_bots}
    try:
        while not state.is_terminal():
            player = state.current_player
            if player in seat_bots:
                action = seat_bots[player].choose(state, rngs[player])
                console.print(f"[dim]seat {player} ({seat_bots[player].name}):[/dim] {escape(str(action))}")
            else:
                action = _ask_human(console, state, player, view, game)
                if action is None:
                    console.print("Game abandoned.")
                    return
            if logger:
                logger.action(player, action)
            state.apply(action)
        if logger:
            logger.final(state)
        _show(console, state, -1, view)
        console.print(f"Final scores: {state.scores()}  winners: {state.winners()}")
    finally:
        if stream:
            stream.close()


def _view_module(game: str) -> Any:
    import importlib

    try:
        return importlib.import_module(f"engine.{game}.view")
    except ModuleNotFoundError:
        return None


def _show(console: Any, state: Any, player: int, view: Any) -> None:
    if view is not None and hasattr(view, "render"):
        console.print(view.render(state, player))
    else:
        console.print_json(json.dumps(state.observation(player)))


def _ask_human(console: Any, state: Any, player: int, view: Any, game: str) -> Any:
    from rich.markup import escape

    _show(console, state, player, view)
    actions = state.legal_actions()
    describe = getattr(view, "describe", None) if view is not None else None
    for i, action in enumerate(actions, 1):
        text = describe(state, action) if describe else str(action)
        console.print(f"  [bold]{i:>3}[/bold]  {escape(text)}")
    while True:
        try:
            answer = console.input(f"[bold]seat {player}[/bold] — number, 'rules <topic>', 'show' or 'quit': ").strip()
        except EOFError:
            return None
        if answer in ("quit", "q", "exit"):
            return None
        if answer == "show":
            _show(console, state, player, view)
            continue
        if answer.startswith("rules"):
            console.print(_rules_lookup(game, answer[len("rules") :].strip(), state.game.config.edition), markup=False)
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        matches = [a for a in actions if str(a) == answer]
        if matches:
            return matches[0]
        console.print(f"[red]Type a number from 1 to {len(actions)}.[/red]")


def _rules_lookup(game: str, topic: str, edition: str | None = None) -> str:
    """The rules on ``topic`` through ``translations.lookup`` (written by another area), degrading clearly."""
    if not topic:
        return "Usage: rules <topic>, e.g. 'rules settle' or 'rules frame marker'."
    try:
        from translations import lookup as lookup_module
    except ImportError:
        return "Rule look-up is not available (translations.lookup is not installed in this checkout)."
    needed = ("load_indexes", "search", "describe", "format_text")
    if not all(hasattr(lookup_module, name) for name in needed):
        return "Rule look-up is not available (translations.lookup lacks load_indexes/search/describe)."
    try:
        indexes = lookup_module.load_indexes(game)
        if not indexes:
            return "Rule look-up is not available: no look-up index built yet (run `rulespec generate`)."
        hits = lookup_module.search(indexes, topic, limit=4)
        if not hits:
            return f"No rule found for {topic!r}."
        return str(lookup_module.format_text(lookup_module.describe(hits[0], None, edition), hits[1:]))
    except Exception as exc:  # another area's code: report it, never end the game
        return f"Rule look-up failed: {exc}"


# --------------------------------------------------------------------------- replay


def replay(file: Annotated[Path, typer.Argument(help="A log written by `rulespec play --log`.")]) -> None:
    """Re-play a log: every action must be legal for the logged player and the final scores must match."""
    from engine.runtime.registry import UnknownGameError
    from engine.runtime.replay import LogError, LogReadError
    from engine.runtime.replay import replay as do_replay

    try:
        result = do_replay(file)
    except LogReadError as exc:
        _fail(str(exc), code=2)
        return
    except (LogError, UnknownGameError) as exc:
        _fail(str(exc), code=1)
        return
    state = result.state
    status = "final scores verified" if result.final_checked else "game not finished (no final line)"
    typer.echo(f"{file}: {result.moves} moves replayed; {status}; scores {state.scores()} winners {state.winners()}")


# --------------------------------------------------------------------------- simulate


def simulate(
    game: Annotated[str | None, typer.Argument(help="Game id; $RULESPEC_GAME or the only bundled game when omitted.",
                                               show_default=False)] = None,
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games.")] = 100,
    players: Annotated[int, typer.Option("--players", "-n", help="Players per game.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="Bots, comma-separated, one per seat (cycled).")] = "random",
    edition: Annotated[str | None, typer.Option("--edition", help="Edition whose readings the games follow.")] = None,
    ruling: Annotated[
        list[str] | None, typer.Option("--ruling", help="Override one ruling: RULING_ID=READING_ID (repeatable).")
    ] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help="Switch on an optional variant (repeatable).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game; game i uses seed + i.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.")] = 1,
    rotate: Annotated[bool, typer.Option("--rotate/--no-rotate", help="Rotate the bots over the seats game by game.")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    compare_editions: str | None = typer.Option(
        None, "--compare-editions", help="Comma-separated editions: run the same seeds under each and compare."
    ),
) -> None:
    """Play bot games and report per-seat, per-nation and per-bot win rates and scores (95 % intervals)."""
    game = _game_or_default(game)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from cli.console import make_console
    from engine.runtime.simulate import compare, summarize
    from engine.runtime.simulate import simulate as run

    if games < 1:
        _fail("--games must be at least 1")
    names = _bot_list(game, bots)
    editions = [e.strip() for e in compare_editions.split(",")] if compare_editions else [edition]
    configs = {e: _make_config(game, players, seed, e, ruling or [], variant or []) for e in editions}
    console = make_console(stderr=True)
    summaries: dict[str, Any] = {}
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, disable=not console.is_terminal,
    ) as progress:  # fmt: skip
        for e, config in configs.items():
            task = progress.add_task(f"edition {e or 'default'}", total=games)
            records = run(config, games, names, jobs=jobs, rotate=rotate, progress=lambda k, t=task: progress.advance(t, k))
            summaries[e or "default"] = summarize(records)
    result: dict[str, Any] = {
        "game": game,
        "players": players,
        "bots": names,
        "seed": seed,
        "editions": {k: s.to_json() for k, s in summaries.items()},
    }
    if len(summaries) > 1:
        result["comparison"] = compare(summaries)
        result["comparison"]["readings"] = _differing_readings(configs)
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2, sort_keys=True) + "\n")
        return
    _print_summary(result)


def _differing_readings(configs: dict[str | None, Any]) -> dict[str, dict[str, str]]:
    """Ruling → edition → reading, for the rulings whose readings differ between the compared editions."""
    from engine.runtime.registry import load_game

    per_edition = {e or "default": dict(getattr(load_game(c), "readings", {})) for e, c in configs.items()}
    rulings = sorted({r for readings in per_edition.values() for r in readings})
    out: dict[str, dict[str, str]] = {}
    for ruling in rulings:
        values = {e: readings.get(ruling, "") for e, readings in per_edition.items()}
        if len(set(values.values())) > 1:
            out[ruling] = values
    return out


def _print_summary(result: dict[str, Any]) -> None:
    from rich.table import Table

    from cli.console import make_console

    console = make_console()
    for edition, summary in result["editions"].items():
        console.print(
            f"[bold]{result['game']}[/bold] — edition {edition}: {summary['games']} games, "
            f"{result['players']} players, bots {','.join(result['bots'])}, mean {summary['moves_mean']} moves"
        )
        for group, items in summary["groups"].items():
            table = Table(title=f"by {group}")
            table.add_column(group, no_wrap=True)
            for col in ("games", "win", "win 95% CI", "score", "score 95% CI", "sd", "min", "max"):
                table.add_column(col, justify="right", no_wrap=True)
            for key, s in items.items():
                table.add_row(
                    key.removeprefix(f"{group}."), str(s["games"]), f"{s['win_rate']:.1%}",
                    f"{s['win_ci'][0]:.1%}–{s['win_ci'][1]:.1%}", f"{s['score_mean']:.1f}",
                    f"{s['score_ci'][0]:.1f}–{s['score_ci'][1]:.1f}", f"{s['score_sd']:.1f}",
                    str(s["score_min"]), str(s["score_max"]),
                )  # fmt: skip
            console.print(table)
    comparison = result.get("comparison")
    if comparison:
        readings = Table(title="Rulings read differently")
        readings.add_column("ruling", no_wrap=True)
        for edition in result["editions"]:
            readings.add_column(edition)
        for ruling, values in comparison.get("readings", {}).items():
            readings.add_row(ruling, *(values.get(e, "") for e in result["editions"]))
        console.print(readings)
        console.print(f"[bold]Shifts against {comparison['baseline']}[/bold] (score CIs overlap = within noise)")
        for name, data in comparison["shifts"].items():
            table = Table(title=f"{name} − {comparison['baseline']} (moves {data['moves_mean']:+.1f})")
            for col in ("group", "win rate", "mean score", "within noise"):
                table.add_column(col)
            for key, shift in data["groups"].items():
                table.add_row(
                    key.removeprefix(f"{group}."),
                    f"{shift['win_rate']:+.1%}",
                    f"{shift['score_mean']:+.2f}",
                    "yes" if shift["overlap"] else "NO",
                )
            console.print(table)
