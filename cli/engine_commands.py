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
    from cli import impact_command

    impact_command.register(app)


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

#: What a player may type at the prompt besides a move's number (shown by ``help``).
PLAY_HELP = """\
  <number>         play the move with that number
  <move text>      play a move by its raw id (e.g. done), as --raw shows it
  <words>          list only the moves whose description contains all the words
  list             list the moves again
  show             show the board and the moves again
  raw              show or hide the raw move ids
  rules <topic>    look a rule up (e.g. rules settle, rules frame marker)
  help             this help
  quit             abandon the game (the log keeps the moves so far)"""


class _Abandon(Exception):
    """The human ended the game at the prompt: ``quit``, end of input or Ctrl-C."""

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.code = code


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
    raw: Annotated[bool, typer.Option("--raw", help="Show each move's raw id (as logs store it) beside its text.")] = False,
) -> None:
    """Play in the terminal: the board, the legal moves in words, and ``rules <topic>`` for a look-up."""
    game = _game_or_default(game)
    import random

    from engine.runtime.bots import make_bot
    from engine.runtime.display import display_for
    from engine.runtime.registry import load_game
    from engine.runtime.replay import GameLog

    config = _make_config(game, players, seed, edition, ruling or [], variant or [])
    humans = set(range(players)) if hot_seat else set(seat or [0])
    if any(s < 0 or s >= players for s in humans):
        _fail(f"--seat must be between 0 and {players - 1}")
    names = _bot_list(game, bots)
    seat_bots = {s: make_bot(names[i % len(names)], game) for i, s in enumerate(x for x in range(players) if x not in humans)}
    state = load_game(config).new_initial_state()
    try:
        stream = log.open("w", encoding="utf-8") if log else None
    except OSError as exc:
        _fail(f"--log {log}: cannot write ({exc.strerror})")
        return
    session = _PlaySession(state, display_for(game), game, raw)
    logger = GameLog(stream, config) if stream else None
    rngs = {s: random.Random(seed * 7919 + s) for s in seat_bots}
    try:
        while not state.is_terminal():
            player = state.current_player
            if player in seat_bots:
                action = seat_bots[player].choose(state, rngs[player])
                session.report(player, action, seat_bots[player].name)
            else:
                action = session.ask(player)
            before = list(state.scores())
            if logger:
                logger.action(player, action)
            state.apply(action)
            session.last_mover = player
            session.score_changes(before)
        if logger:
            logger.final(state)
        session.finish()
    except _Abandon as stop:
        session.console.print(str(stop))
        if log:
            session.console.print(f"The moves so far are in {log}.")
        raise typer.Exit(stop.code) from None
    finally:
        if stream:
            stream.close()


class _PlaySession:
    """One terminal game: shows the board and the moves through the game's display hooks and reads the answers.

    The game's words come from its :class:`engine.runtime.display.Display`; this class knows no game.
    """

    def __init__(self, state: Any, display: Any, game: str, raw: bool) -> None:
        from rich.console import Console

        self.state = state
        self.display = display
        self.game = game
        self.raw = raw
        self.console = Console(highlight=False)
        #: the seat that made the last move: a player deciding again right after himself gets the short view
        self.last_mover: int | None = None

    # -- output ----------------------------------------------------------------------------------------------

    def show_board(self, viewer: int, brief: bool = False) -> None:
        """The board as ``viewer`` sees it; a broken view falls back to the observation as JSON (play goes on)."""
        try:
            view = self.display.brief if brief else self.display.render
            self.console.print(view(self.state, viewer))
        except Exception as exc:  # a view bug must not end a game in progress
            self.console.print(f"[red]The board view failed ({exc}); the raw observation follows.[/red]")
            self.console.print_json(json.dumps(self.state.observation(viewer), default=str))

    def numbered(self, actions: list[Any]) -> list[tuple[str | None, list[tuple[int, Any]]]]:
        """The moves in display order, numbered from 1, under group headings when the list is long.

        Groups keep the order of their first move, so short lists (and most long ones) keep the engine's order.
        """
        from engine.runtime.display import GROUP_THRESHOLD

        groups: dict[str, list[Any]] = {}
        for action in actions:
            groups.setdefault(self.display.group(self.state, action), []).append(action)
        if len(actions) <= GROUP_THRESHOLD or len(groups) == 1:
            return [(None, list(enumerate(actions, 1)))]
        out: list[tuple[str | None, list[tuple[int, Any]]]] = []
        number = 1
        for heading, members in groups.items():
            out.append((heading, [(number + i, a) for i, a in enumerate(members)]))
            number += len(members)
        return out

    def print_moves(self, listing: list[tuple[str | None, list[tuple[int, Any]]]], words: list[str] | None = None) -> int:
        """Print the numbered moves (only those matching every one of ``words``); the number printed."""
        from rich.table import Table
        from rich.text import Text

        shown = 0
        for heading, members in listing:
            # a grid, so a description that wraps stays indented under itself, clear of the numbers
            grid = Table.grid(padding=(0, 1))
            grid.add_column(justify="right", width=5, style="bold")
            grid.add_column()
            rows = 0
            for number, action in members:
                text = self.display.describe(self.state, action)
                if words and not all(w in f"{text} {action}".lower() for w in words):
                    continue
                if heading and text.startswith(heading) and len(text) > len(heading):
                    text = text[len(heading) :].lstrip(" ,:")  # the heading above says the rest
                cell = Text(text)
                if self.raw:
                    cell.append(f"  {action}", style="dim")
                grid.add_row(str(number), cell)
                rows += 1
            if not rows:
                continue
            if heading is not None:
                self.console.print(Text(heading, style="bold underline"))
            self.console.print(grid)
            shown += rows
        return shown

    def report(self, player: int, action: Any, bot: str) -> None:
        """One line saying what a bot did, in the same words a human's moves are listed in."""
        from rich.text import Text

        line = Text(f"{self.display.seat(self.state, player)} ({bot}): ", style="dim")
        line.append(self.display.describe(self.state, action))
        if self.raw:
            line.append(f"   {action}", style="dim")
        self.console.print(line)

    def score_changes(self, before: list[int]) -> None:
        """After a move, who gained or lost points (scoring steps run between decisions and are easy to miss)."""
        after = list(self.state.scores())
        for seat, (old, new) in enumerate(zip(before, after, strict=False)):
            if new != old:
                self.console.print(
                    f"[dim]  {self.display.seat(self.state, seat)}: {new - old:+d} points (now {new})[/dim]"
                )

    def finish(self) -> None:
        from rich.table import Table

        self.show_board(-1)
        winners = set(self.state.winners())
        table = Table(title="Final scores", title_justify="left")
        table.add_column("player")
        table.add_column("points", justify="right")
        table.add_column("")
        for seat, score in enumerate(self.state.scores()):
            table.add_row(self.display.seat(self.state, seat), str(score), "winner" if seat in winners else "")
        self.console.print(table)
        named = ", ".join(self.display.seat(self.state, s) for s in sorted(winners)) or "nobody"
        self.console.print(f"Final scores: {self.state.scores()}  winners: {named}")

    # -- input -----------------------------------------------------------------------------------------------

    def read(self, prompt: str) -> str:
        try:
            return self.console.input(prompt).strip()
        except EOFError:
            self.console.print()
            raise _Abandon("Input ended: game abandoned.") from None
        except KeyboardInterrupt:
            self.console.print()
            raise _Abandon("Interrupted: game abandoned.", code=130) from None

    def ask(self, player: int) -> Any:
        """Show the board and the numbered moves to ``player`` and read answers until one names a legal move."""
        from rich.markup import escape

        state = self.state
        actions = state.legal_actions()
        listing = self.numbered(actions)
        by_number = {number: action for _, members in listing for number, action in members}
        by_text = {str(a): a for a in actions}
        who = self.display.seat(state, player)

        def show_all(brief: bool = False) -> None:
            self.show_board(player, brief)
            if brief:
                self.console.print("[dim](your move again: the short view; 'show' prints the whole board)[/dim]")
            self.console.rule(f"[bold]{escape(who)}[/bold]", align="left")
            self.console.print(f"[bold]{escape(self.display.prompt(state))}[/bold]")
            self.print_moves(listing)

        again = self.last_mover == player
        show_all(brief=again)
        count = len(actions)
        hint = f"Type a number from 1 to {count}, or 'help' for commands."
        while True:
            answer = self.read(f"[bold]{escape(who)}[/bold] [dim](1–{count}, help)[/dim]> ")
            lowered = answer.lower()
            if lowered.isdigit():
                number = int(lowered)
                if number in by_number:
                    return by_number[number]
                self.console.print(f"[red]There is no move {number}.[/red] {hint}")
                continue
            if answer in by_text:
                return by_text[answer]
            if not lowered:
                if count == 1:
                    return actions[0]
                self.console.print(hint)
                continue
            command, _, rest = lowered.partition(" ")
            if command in ("quit", "q", "exit"):
                raise _Abandon("Game abandoned.")
            if command in ("help", "?", "h"):
                self.console.print(escape(PLAY_HELP))
            elif command in ("show", "board"):
                show_all()
            elif command in ("list", "moves", "ls"):
                self.print_moves(listing, rest.split() or None)
            elif command == "raw":
                self.raw = not self.raw
                self.console.print(f"Raw move ids {'shown' if self.raw else 'hidden'}.")
                self.print_moves(listing)
            elif command == "rules":
                topic = answer.partition(" ")[2].strip()
                self.console.print(_rules_lookup(self.game, topic, state.game.config.edition), markup=False)
            elif self.print_moves(listing, lowered.split()):
                self.console.print(f"[dim]Moves matching {answer!r} above; type one's number.[/dim]")
            else:
                self.console.print(f"[red]{escape(repr(answer))} is not a move or a command.[/red] {hint}")


def _rules_lookup(game: str, topic: str, edition: str | None = None) -> str:
    """The rules on ``topic`` through ``translations.lookup.search`` (written by another area), degrading clearly."""
    if not topic:
        return "Usage: rules <topic>, e.g. 'rules settle' or 'rules frame marker'."
    try:
        from translations.lookup import search as lookup_module
    except ImportError:
        return "Rule look-up is not available (translations.lookup.search is not installed in this checkout)."
    needed = ("load_indexes", "search", "describe", "format_text")
    if not all(hasattr(lookup_module, name) for name in needed):
        return "Rule look-up is not available (translations.lookup.search lacks load_indexes/search/describe)."
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
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (local) or CPUs of a local Ray instance.")] = 1,
    rotate: Annotated[bool, typer.Option("--rotate/--no-rotate", help="Rotate the bots over the seats game by game.")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    compare_editions: str | None = typer.Option(
        None, "--compare-editions", help="Comma-separated editions: run the same seeds under each and compare."
    ),
    backend: Annotated[str, typer.Option("--backend", help="Where games run: local (process pool) or ray.")] = "local",
    address: Annotated[
        str | None, typer.Option("--address", help="Ray cluster to join (e.g. auto, ray://host:10001); default: start one.")
    ] = None,
) -> None:
    """Play bot games and report per-seat, per-nation and per-bot win rates and scores (95 % intervals)."""
    game = _game_or_default(game)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from cli.console import make_console
    from engine.runtime.simulate import TooManyGamesError, check_game_count, compare, simulate_summary

    try:
        check_game_count(games)
    except TooManyGamesError as exc:
        _fail(str(exc))
    names = _bot_list(game, bots)
    editions = [e.strip() for e in compare_editions.split(",")] if compare_editions else [edition]
    configs = {e: _make_config(game, players, seed, e, ruling or [], variant or []) for e in editions}
    console = make_console(stderr=True)
    summaries: dict[str, Any] = {}
    runner = _open_backend(backend, jobs, address)
    try:
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=console, disable=not console.is_terminal,
        ) as progress:  # fmt: skip
            for e, config in configs.items():
                task = progress.add_task(f"edition {e or 'default'}", total=games)
                summaries[e or "default"] = simulate_summary(
                    config, games, names, backend=runner, rotate=rotate, progress=lambda k, t=task: progress.advance(t, k)
                )
    finally:
        runner.close()
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


def _open_backend(name: str, jobs: int, address: str | None) -> Any:
    """The backend ``--backend``/``--jobs``/``--address`` ask for, or a clear exit 2."""
    from engine.runtime.backends import BackendError, make_backend

    if jobs < 1:
        _fail("--jobs must be at least 1")
    try:
        return make_backend(name, jobs=jobs, address=address)
    except BackendError as exc:
        _fail(str(exc))


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
